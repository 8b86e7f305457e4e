"""The Amakta AI as it was before its levels moved onto the core's alpha-beta, kept for the
benches: ``amakta_strength.py`` plays the former levels (``old-easy`` ...) against the current
ones, and ``amakta_movegen.py`` times the one-ply expansion (:meth:`AmaktaSearch.children`).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel import Limit  # noqa: E402
from tafel.games.amakta.evaluate import can_win_now, score  # noqa: E402
from tafel.games.amakta.rules.engine import Move, Position  # noqa: E402

#: Values of the former search (:class:`AmaktaSearch`): a win.
WIN = 100_000.0


class _Timeout(Exception):
    pass


class AmaktaSearch:
    """The former search: selective alpha-beta on bare :class:`Position` values (for the benches).

    Every node scores all its moves one ply deep (:func:`score` after the move, and whether the
    opponent could then occupy our base at once: :func:`can_win_now`), and only the best
    ``beams[i]`` are searched deeper at ply ``i``; the last ply looks at every move (with
    cut-offs, killer moves first). Leaves where the side to move can occupy the opponent's base
    score as wins. :meth:`children` is the one-ply expansion ``bench/amakta_movegen.py`` times.
    """

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


FORMER_LEVELS = {
    "easy": {"time": 0.05, "plans": [(1, ())], "noise": 5.0},
    "medium": {"time": 0.3, "plans": [(1, ())], "noise": 0.3},
    "hard": {"time": 1.0, "plans": [(1, ()), (2, (8,)), (2, (16,)), (2, (32,)), (3, (8, 4))], "noise": 0.05},
}


class FormerAgent:
    """An Amakta level as it was before the core's alpha-beta: the plugin's selective search over
    bare positions (:class:`AmaktaSearch`), for play phases; the rest (start
    phase, draw offers) as :class:`tafel.games.amakta.ai.AmaktaAgent`."""

    def __init__(self, level: str) -> None:
        from tafel.games.amakta.ai import AmaktaAgent

        self.config = FORMER_LEVELS[level]
        self.current = AmaktaAgent(level)
        self.info: dict = {}

    def choose(self, state, limit: Limit, rng: random.Random, stop=None):
        from tafel.games.amakta.rules.state import PLAY

        if state.offer is not None or state.phase != PLAY:
            return self.current.choose(state, limit, rng, stop)
        return self._search(state, limit, rng, stop)

    def _search(self, state, limit: Limit, rng: random.Random, stop):
        start = time.perf_counter()
        budget = limit.time if limit.time is not None else self.config["time"]
        plans = list(self.config["plans"])
        if limit.depth is not None:
            plans = [p for p in plans if p[0] <= limit.depth] or plans[:1]
        deadline = start + 0.88 * budget if limit.depth is None else None
        search = AmaktaSearch(None, stop)  # the first depth always finishes
        noise = self.config["noise"]
        root = search.children(state.pos, 0)
        jitter = {m: rng.uniform(0, noise) for _v, m, _c in root}
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
                break
        if best_value > 0:
            after = state.play_unchecked(best_move)
            if after.outcome is not None and after.outcome.is_draw:
                for entry in order:
                    nxt = state.play_unchecked(entry[2])
                    if nxt.outcome is None or not nxt.outcome.is_draw:
                        best_move = entry[2]
                        break
        self.info = {"depth": done, "nodes": search.nodes, "time": round(time.perf_counter() - start, 3)}
        return best_move
