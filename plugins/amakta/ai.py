"""The Amakta AI: a pruned alpha-beta over play positions, with the start phase and draw offers.

Amakta positions have hundreds of moves (every piece in hand, in every orientation, on every
controlled field), so a full-width search reaches depth 1 or 2 at best. This search is
selective instead: every node looks at all its moves one ply deep (the static
:func:`~plugins.amakta.evaluate.score` after the move, and whether the opponent could then
occupy our base at once), and only the best ``beam`` of them are searched deeper. Leaves
where the side to move can occupy the opponent's base score as wins.

Levels: ``easy`` looks one ply ahead with a little noise; ``medium`` searches depth 2 with a
narrow beam; ``hard`` depth 2 with a wide beam, then depth 3 while time remains. Each answers
within its think time: the search polls the clock and returns the best move of the last
finished depth.

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
#: A position the side to move wins at once is worth this much (minus the plies to it).
LEVELS = {
    # depth schedule: (depth, beam per ply from the root)
    "easy": {"time": 0.05, "plans": [(1, ())], "noise": 6.0},
    "medium": {"time": 0.3, "plans": [(1, ()), (2, (5,))], "noise": 0.5},
    "hard": {"time": 1.0, "plans": [(1, ()), (2, (10,)), (3, (6, 3))], "noise": 0.1},
}
#: Accept a draw offer when our evaluation (in [-1, 1]) is below this.
ACCEPT_BELOW = -0.25


class _Timeout(Exception):
    pass


class AmaktaSearch:
    """Selective negamax on :class:`Position` values; see the module docstring."""

    def __init__(self, deadline: float | None, stop=None) -> None:
        self.deadline = deadline
        self.stop = stop
        self.nodes = 0

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 31 == 0:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _Timeout
            if self.stop is not None and self.stop():
                raise _Timeout

    def children(self, pos: Position, ply: int) -> list[tuple[float, Move, Position]]:
        """Every move with its one-ply value for the side to move, best first."""
        me = pos.turn
        out = []
        for move in pos.moves():
            self._tick()
            child = pos.apply(move)
            won = child.winner()
            if won is not None:
                value = WIN - ply - 1 if won == me else -WIN + ply + 1
            elif can_win_now(child):
                value = -WIN + ply + 2
            else:
                value = score(child, me)
            out.append((value, move, child))
        out.sort(key=lambda t: -t[0])
        return out

    def negamax(self, pos: Position, beams: tuple[int, ...], alpha: float, beta: float, ply: int) -> float:
        """Value for the side to move, searching ``len(beams) + 1`` plies."""
        if can_win_now(pos):
            return WIN - ply - 1
        kids = self.children(pos, ply)
        if not beams:
            return kids[0][0]
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
        deadline = start + budget if limit.depth is None else None
        search = AmaktaSearch(None, stop)  # the first depth always finishes
        pos = state.pos
        me = pos.turn
        noise = self.config["noise"]
        root = search.children(pos, 0)
        jitter = {m: rng.uniform(0, noise) for _v, m, _c in root}
        ranked = sorted(root, key=lambda t: -(t[0] + jitter[t[1]]))
        best_move = ranked[0][1]
        best_value = ranked[0][0]
        done_depth = 1
        search.deadline = deadline
        for depth, beams in plans[1:]:
            if best_value >= WIN / 2:
                break
            try:
                alpha = -WIN * 2
                values = []
                for value, move, child in ranked[: beams[0]]:
                    if abs(value) < WIN / 2:
                        value = -search.negamax(child, beams[1:], -WIN * 2, -alpha, 1)
                    values.append((value + jitter[move], value, move))
                    if value > alpha:
                        alpha = value
            except _Timeout:
                break
            values.sort(key=lambda t: -t[0])
            best_move, best_value = values[0][2], values[0][1]
            done_depth = depth
            if deadline is not None and time.perf_counter() - start > 0.45 * budget:
                break
        best_move = self._avoid_repetition(state, best_move, best_value, ranked)
        self.info = {
            "depth": done_depth,
            "nodes": search.nodes,
            "score": round(best_value, 2),
            "moves": len(root),
            "time": round(time.perf_counter() - start, 3),
            "colour": me,
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
        for _v, m, _c in ranked:
            nxt = state.play_unchecked(m)
            if nxt.outcome is None or not nxt.outcome.is_draw:
                return m
        return move
