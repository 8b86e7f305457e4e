"""The Amakta AI: a pruned alpha-beta over play positions, with the start phase and draw offers.

Amakta positions have hundreds of moves (every piece in hand, in every orientation, on every
controlled field), so a full-width search reaches depth 1 or 2 at best. This search is
selective instead: every node looks at all its moves one ply deep (the static
:func:`~plugins.amakta.evaluate.score` after the move, and whether the opponent could then
occupy our base at once), and only the best ``beam`` of them are searched deeper. Leaves
where the side to move can occupy the opponent's base score as wins.

Levels: ``easy`` looks one ply ahead with a lot of noise (it often misses the best move);
``medium`` looks one ply ahead (every move, and whether the opponent could then win at once);
``hard`` searches two plies (its best 8, 16, then 32 moves against every reply) and three
when time remains. Each answers within its think time: the search polls the clock and returns
the best move of the last finished plan.

Outside play: as the circle assigner the AI plays without circles (the beginners' default),
as the colour chooser it takes White (the first move), and it accepts a draw offer when it
judges its own position clearly worse.

>>> import random
>>> from core import Limit
>>> from plugins.amakta.rules.state import AmaktaState
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
>>> move = AmaktaAgent("easy").choose(s, Limit(time=1.0), random.Random(1))  # d6 doubles on d7
>>> print(s.play(move).outcome.reason)
White occupies Black's base
"""

from __future__ import annotations

import random
import time

from core import Agent, Limit

from .evaluate import can_win_now, evaluate, score
from .rules.engine import Move, Position
from .rules.state import ACCEPT_DRAW, CIRCLES_NONE, DECLINE_DRAW, PLAY, AmaktaState

WIN = 100_000.0
#: Search plans per level: (depth, beams), tried in order while time remains. ``beams[i]`` is
#: how many moves are searched deeper at ply ``i``; the last ply looks at every move (with
#: alpha-beta cut-offs and killer moves first).
LEVELS = {
    "easy": {"time": 0.05, "plans": [(1, ())], "noise": 5.0},
    "medium": {"time": 0.3, "plans": [(1, ())], "noise": 0.3},
    "hard": {"time": 1.0, "plans": [(1, ()), (2, (8,)), (2, (16,)), (2, (32,)), (3, (8, 4))], "noise": 0.05},
}
#: Accept a draw offer when our evaluation (in [-1, 1]) is below this.
ACCEPT_BELOW = -0.25


class _Timeout(Exception):
    pass


class AmaktaSearch:
    """Selective alpha-beta on :class:`Position` values; see the module docstring."""

    def __init__(self, deadline: float | None, stop=None) -> None:
        self.deadline = deadline
        self.stop = stop
        self.nodes = 0
        self.killers: dict[int, list[Move]] = {}
        self._kids: dict[int, tuple[Position, list]] = {}

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 31 == 0:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _Timeout
            if self.stop is not None and self.stop():
                raise _Timeout

    def value_after(self, pos: Position, move: Move, ply: int) -> tuple[float, Position]:
        """One-ply value of ``move`` for the side to move in ``pos``, and the position after it."""
        self._tick()
        child = pos.apply(move)
        won = child.winner()
        if won is not None:
            return (WIN - ply - 1 if won == pos.turn else -WIN + ply + 1), child
        if can_win_now(child):
            return -WIN + ply + 2, child
        return score(child, pos.turn), child

    def children(self, pos: Position, ply: int) -> list[tuple[float, Move, Position]]:
        """Every move with its one-ply value for the side to move, best first (cached per search)."""
        cached = self._kids.get(id(pos))
        if cached is not None and cached[0] is pos:
            return cached[1]
        out = []
        for move in pos.moves():
            value, child = self.value_after(pos, move, ply)
            out.append((value, move, child))
        out.sort(key=lambda t: -t[0])
        self._kids[id(pos)] = (pos, out)
        return out

    def best_reply(self, pos: Position, alpha: float, beta: float, ply: int) -> float:
        """The best one-ply value for the side to move, stopping at the first reaching ``beta``."""
        killers = self.killers.setdefault(ply, [])
        moves = pos.moves()
        tried = set()
        best = -WIN * 2
        order = [k for k in killers if k in set(moves)] if killers else []
        for move in order + moves:
            if move in tried:
                continue
            tried.add(move)
            value, _child = self.value_after(pos, move, ply)
            if value > best:
                best = value
                if value >= beta:
                    if move in killers:
                        killers.remove(move)
                    killers.insert(0, move)
                    del killers[3:]
                    break
        return best

    def negamax(self, pos: Position, beams: tuple[int, ...], alpha: float, beta: float, ply: int) -> float:
        """Value for the side to move, searching ``len(beams) + 1`` plies."""
        if can_win_now(pos):
            return WIN - ply - 1
        if not beams:
            return self.best_reply(pos, alpha, beta, ply)
        kids = self.children(pos, ply)
        best = -WIN * 2
        for value, _move, child in kids[: beams[0]]:
            if abs(value) < WIN / 2:
                value = -self.negamax(child, beams[1:], -beta, -alpha, ply + 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


class AmaktaAgent(Agent):
    """The easy / medium / hard Amakta player."""

    def __init__(self, level: str = "medium") -> None:
        super().__init__()
        if level not in LEVELS:
            raise ValueError(f"unknown Amakta level {level!r}")
        self.level = level
        self.config = LEVELS[level]

    def choose(self, state: AmaktaState, limit: Limit, rng: random.Random, stop=None) -> Move:  # type: ignore[override]
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        if state.offer is not None:
            base = state._replace(offer=None)
            value = evaluate(base, state.to_move)
            self.info = {"draw-offer": round(value, 3)}
            return ACCEPT_DRAW if value < ACCEPT_BELOW else DECLINE_DRAW
        if state.phase != PLAY:
            return self._start_move(state, moves)
        return self._search(state, limit, rng, stop)

    @staticmethod
    def _start_move(state: AmaktaState, moves: list[Move]) -> Move:
        if CIRCLES_NONE in moves:
            return CIRCLES_NONE
        for m in moves:
            if m.kind == "colour" and m.colour == 0:
                return m
        for m in moves:
            if m.kind == "circles-done":
                return m
        return moves[0]

    def _search(self, state: AmaktaState, limit: Limit, rng: random.Random, stop) -> Move:
        start = time.perf_counter()
        budget = limit.time if limit.time is not None else self.config["time"]
        plans = list(self.config["plans"])
        if limit.depth is not None:
            plans = [p for p in plans if p[0] <= limit.depth] or plans[:1]
        # A margin for the last node, the repetition check and the trip back to the caller.
        deadline = start + 0.88 * budget if limit.depth is None else None
        search = AmaktaSearch(None, stop)  # the first depth always finishes
        pos = state.pos
        noise = self.config["noise"]
        root = search.children(pos, 0)
        jitter = {m: rng.uniform(0, noise) for _v, m, _c in root}
        # (value for ordering, exact value, move, child)
        order = sorted(((v + jitter[m], v, m, c) for v, m, c in root), key=lambda t: -t[0])
        best_move, best_value = order[0][2], order[0][1]
        done = 1
        search.deadline = deadline
        for depth, beams in plans[1:]:
            if abs(best_value) >= WIN / 2:
                break
            try:
                alpha = -WIN * 2
                scored = []
                for _key, value, move, child in order[: beams[0]]:
                    if abs(value) < WIN / 2:
                        value = -search.negamax(child, beams[1:], -WIN * 2, -alpha + jitter[move], 1)
                    scored.append((value + jitter[move], value, move, child))
                    if value + jitter[move] > alpha:
                        alpha = value + jitter[move]
            except _Timeout:
                break
            scored.sort(key=lambda t: -t[0])
            order = scored + order[beams[0] :]
            best_move, best_value = scored[0][2], scored[0][1]
            done = depth
            if deadline is not None and time.perf_counter() - start > 0.5 * budget:
                break  # the next plan would not finish in time
        best_move = self._avoid_repetition(state, best_move, best_value, order)
        self.info = {
            "depth": done,
            "nodes": search.nodes,
            "score": round(best_value, 2),
            "moves": len(root),
            "time": round(time.perf_counter() - start, 3),
        }
        return best_move

    @staticmethod
    def _avoid_repetition(state: AmaktaState, move: Move, value: float, ranked) -> Move:
        """Do not walk into a repetition draw while ahead (the search does not see the history)."""
        if value <= 0:
            return move
        after = state.play_unchecked(move)
        if after.outcome is None or not after.outcome.is_draw:
            return move
        for entry in ranked:
            m = entry[2]
            nxt = state.play_unchecked(m)
            if nxt.outcome is None or not nxt.outcome.is_draw:
                return m
        return move
