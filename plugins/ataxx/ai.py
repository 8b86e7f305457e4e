"""Ataxx AI players: alpha-beta at three levels plus a material-only yardstick.

The search itself lives in :mod:`tafel.games.ataxx.search` and works on raw bitboards; this
module adapts it to the core's :class:`tafel.Agent` contract (a state in, a legal move out).

>>> import random
>>> from tafel import Limit
>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.start()
>>> ai = AtaxxSearch("hard")
>>> move = ai.choose(s, Limit(depth=2), random.Random(0))
>>> move in s.legal_moves(), ai.info["depth"]
(True, 2)
"""

from __future__ import annotations

import gc
import math
import random
from dataclasses import dataclass

from tafel import Agent, IllegalMoveError, Limit

from .compiled import make_engine
from .rules import PASS, RED, AtaxxMove, AtaxxState
from .search import PASS_CODE, WIN, Engine, Result, Weights, move_text
from .teach import explain


@dataclass(frozen=True)
class Level:
    """How a level searches: its evaluation, depth cap and default budget, and its mistakes.

    ``margin`` > 0 makes the level pick at random among root moves scoring within that many
    centi-stones of the best (the easy level's deliberate imprecision). ``lmr_flips``: late
    moves flipping fewer stones than this are searched a ply shallower first, and two plies
    from the ``lmr_deep``-th move on at depth 5 and more. ``rfp_depth``: nodes this near the
    leaves whose evaluation beats beta by ``rfp_margin`` a ply left return at once (reverse
    futility pruning; 0: off). ``futility``: off the principal variation, the last ply skips a
    move whose bound is less than this many centi-stones above alpha (0: only the moves that
    cannot reach it). All are the engine's settings of those names.
    """

    weights: Weights | None
    max_depth: int | None
    default_time: float | None
    default_depth: int | None
    margin: int = 0
    lmr_flips: int = 2
    lmr_deep: int = 1000
    rfp_depth: int = 0
    rfp_margin: int = 200
    futility: int = 0

    def engine(self, compiled: bool = True) -> Engine:
        """A new engine searching as this level does (its weights, reductions and pruning):
        the compiled one where the C extension is built (and ``compiled``), else the
        pure-Python one."""
        engine = make_engine(self.weights) if compiled else Engine(self.weights)
        engine.lmr_flips = self.lmr_flips
        engine.lmr_deep = self.lmr_deep
        engine.rfp_depth = self.rfp_depth
        engine.rfp_margin = self.rfp_margin
        engine.futility = self.futility
        return engine


LEVELS: dict[str, Level] = {
    "easy": Level(Weights(), max_depth=1, default_time=0.05, default_depth=None, margin=60),
    "medium": Level(Weights(), max_depth=None, default_time=0.3, default_depth=None),
    # Edge and safe stones count 0.4 more, the threat 0.65 a stone (fitted to self-play games),
    # late moves flipping up to two stones are reduced, by two plies from the tenth move on,
    # nodes one or two plies from the leaves 3 stones a ply above beta are cut, and last-ply
    # moves 5 stones short of alpha are skipped off the principal variation: each measured by
    # a match against the level before it (bench/RESULTS.md, "Ataxx hard level").
    "hard": Level(
        Weights(threat=65, safe=40, edge=40),
        max_depth=None,
        default_time=1.0,
        default_depth=None,
        lmr_flips=3,
        lmr_deep=10,
        rfp_depth=2,
        rfp_margin=300,
        futility=500,
    ),
    "material3": Level(None, max_depth=3, default_time=None, default_depth=3),
}


def position_keys(state: AtaxxState) -> list[tuple[int, int]]:
    """Earlier positions of the game that the current one could repeat, as search keys.

    Only positions since the last clone can recur (a clone adds a stone for good), and the
    halfmove clock counts exactly those plies.
    """
    keys = []
    node = state.parent
    steps = state.halfmove
    while node is not None and steps > 0:
        if node.to_move == RED:
            keys.append((node.red, node.blue))
        else:
            keys.append((node.blue, node.red))
        node = node.parent
        steps -= 1
    return keys


def to_move_obj(code: int) -> AtaxxMove:
    if code == PASS_CODE:
        return PASS
    to = code & 63
    frm = code >> 6
    return AtaxxMove(None if frm == 63 else frm, to)


def to_code(move: AtaxxMove) -> int:
    if move.is_pass:
        return PASS_CODE
    return (63 if move.frm is None else move.frm) << 6 | move.to  # type: ignore[operator]


def win_chance(score: int) -> float:
    """A score (centi-stones for the side to move) as the expected result in [0, 1] that the
    core's game review plots: proven results 1 and 0, else a logistic curve (a lead of four
    stones is about 0.83).

    >>> win_chance(0), win_chance(400), win_chance(-WIN + 3)
    (0.5, 0.832, 0.0)
    """
    if abs(score) >= WIN // 2:
        return 1.0 if score > 0 else 0.0
    return round(1.0 / (1.0 + math.exp(-score / 250.0)), 3)


class AtaxxSearch(Agent):
    """Iterative-deepening alpha-beta for Ataxx at a named level (easy, medium, hard, material3).

    ``info`` after :meth:`choose`: depth, nodes, nps, score (centi-stones, side to move's view),
    time and the principal variation as text.
    """

    def __init__(self, level: str = "hard") -> None:
        super().__init__()
        if level not in LEVELS:
            raise ValueError(f"unknown Ataxx level {level!r} (levels: {', '.join(LEVELS)})")
        self.level_name = level
        self.level = LEVELS[level]
        self.engine = self.level.engine()

    def reset(self) -> None:
        self.engine.clear()

    def budget(self, limit: Limit) -> tuple[int | None, float | None, int | None]:
        """(depth, seconds, nodes) for ``limit``, the level's defaults filling an empty one."""
        depth, seconds, nodes = limit.depth, limit.time, limit.nodes
        if depth is None and seconds is None and nodes is None:
            depth, seconds = self.level.default_depth, self.level.default_time
        cap = self.level.max_depth
        if cap is not None:
            depth = cap if depth is None else min(depth, cap)
        return depth, seconds, nodes

    def choose(self, state, limit: Limit, rng: random.Random, stop=None) -> AtaxxMove:
        if not isinstance(state, AtaxxState):
            raise TypeError(f"AtaxxSearch plays Ataxx states, not {type(state).__name__}")
        if state.outcome is not None:
            raise IllegalMoveError(f"the game is over ({state.outcome.reason}): there is no move to choose")
        result = self.search(state, limit, stop=stop, root_scores=self.level.margin > 0)
        code = result.move
        if self.level.margin > 0 and result.root_scores:
            best = result.root_scores[0][1]
            near = [m for m, s in result.root_scores if s >= best - self.level.margin]
            # Never throw away a won game or walk into a lost one on purpose.
            if abs(best) < WIN // 2:
                scores = dict(result.root_scores)
                near = [m for m in near if abs(scores[m]) < WIN // 2] or near
                code = rng.choice(near)
                if code != result.move:
                    self.info["score"] = scores[code]
                    self.info["value"] = win_chance(scores[code])
                    self.info["pv"] = move_text(code)
        move = to_move_obj(code)
        if not state.is_legal(move):  # cannot happen; never hand the core an illegal move
            move = state.legal_moves()[0]
        self.info["reason"] = explain(state, move)  # what a hint says the move does
        return move

    def search(
        self,
        state: AtaxxState,
        limit: Limit,
        stop=None,
        on_iteration=None,
        root_scores: bool = False,
    ) -> Result:
        """Run the engine on ``state`` within ``limit``; fills :attr:`info` and returns the result."""
        depth, seconds, nodes = self.budget(limit)
        own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
        if state.is_forced_pass():
            result = Result(PASS_CODE, 0, 0, 0, 0.0, [PASS_CODE])
        else:
            # No garbage collection during the search: it makes no reference cycles, and the
            # collector's passes over the table's young tuples cost 3-6% of the node rate (the
            # same nodes to the same depth, bench/RESULTS.md, issue 43) and pauses of up to
            # 20 ms on a busy machine, on the clock. They run after the move instead.
            collecting = gc.isenabled()
            gc.disable()
            try:
                result = self.engine.search(
                    own,
                    opp,
                    state.gaps,
                    max_depth=depth,
                    seconds=seconds,
                    nodes=nodes,
                    stop=stop,
                    seen=position_keys(state),
                    on_iteration=on_iteration,
                    root_scores=root_scores,
                )
            finally:
                if collecting:
                    gc.enable()
        self.info = {
            "depth": result.depth,
            "nodes": result.nodes,
            "nps": int(result.nodes / result.seconds) if result.seconds > 0 else 0,
            "score": result.score,
            "value": win_chance(result.score),
            "time": round(result.seconds, 3),
            "pv": " ".join(move_text(m) for m in result.pv),
        }
        return result
