"""Ataxx alpha-beta on raw bitboards: the engine behind :class:`tafel.games.ataxx.ai.AtaxxSearch`.

Positions inside the search are just ``(own, opp)``: the stones of the side to move and of
the other side, on the padded board of :mod:`tafel.games.ataxx.board`; the empty squares follow
from them and the fixed blockers. Nothing is allocated per node but small ints, tuples and
the move list, which keeps a pure-Python search at tens of thousands of nodes per second.

The engine is in parts, a module each:

- :mod:`~tafel.games.ataxx.moves`: move codes (a clone is ``to | CLONE``, a jump ``frm << 6 |
  to``, a pass ``PASS_CODE``), generating and making them, their text;
- :mod:`~tafel.games.ataxx.evaluation`: the score of a position;
- :mod:`~tafel.games.ataxx.transposition`: the table kept between moves, its trimming, the PV;
- :mod:`~tafel.games.ataxx.ordering`: which moves come first (table move, killers, gain, history);
- :mod:`~tafel.games.ataxx.alphabeta`: one iteration: the root and every node below;
- this module: :class:`Engine`, its settings and limits and iterative deepening, and
  :class:`Result`. The names of the parts that callers use are importable from here too.

>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.start()
>>> eng = Engine()
>>> result = eng.search(s.red, s.blue, s.gaps, max_depth=3)
>>> result.depth, move_text(result.move) in {m.text() for m in s.legal_moves()}
(3, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from .alphabeta import INF, MAX_PLY, NULL_R, WIN, AlphaBeta
from .board import BOARD
from .evaluation import (  # re-exported: the evaluation was part of this module
    DEFAULT_WEIGHTS,
    EDGE,
    STONE,
    Weights,
    best_gain,
    dilate,
    has_move,
    make_evaluator,
)
from .moves import CLONE, PASS_CODE, gen_moves, make_move, move_text
from .ordering import age_history, by_gain, new_history, new_killers
from .transposition import KEEP_DEPTH, Table, principal_variation, trimmed

__all__ = [
    "CLONE",
    "DEFAULT_WEIGHTS",
    "EDGE",
    "INF",
    "MAX_PLY",
    "NULL_R",
    "PASS_CODE",
    "STONE",
    "WIN",
    "Aborted",
    "Engine",
    "Result",
    "Weights",
    "best_gain",
    "dilate",
    "gen_moves",
    "has_move",
    "make_evaluator",
    "make_move",
    "move_text",
]

#: Nodes between looks at the clock, the node budget and the stop callback: well under a
#: millisecond at this engine's node rates (20,000 to 300,000 a second), so that even a slow,
#: busy machine notices a deadline or a ``stop`` within a millisecond or two. A look costs
#: about 0.3 us, under 0.5% of the node rate (bench/RESULTS.md, issue 43).
CHECK_EVERY = 32
#: Entries of a retired table handled per look (see :meth:`Engine.retire`): about 20 us.
DRAIN_STEP = 64
#: Half-width of the root's aspiration window, in centi-stones. Scores swing from one depth to
#: the next (the side to move's threat): at 60 the window failed often enough that the same
#: moves took 6-8% more nodes to depths 6 and 7 than at 150 (bench/RESULTS.md).
ASPIRATION = 150


class Aborted(Exception):
    """The clock, the node budget or the stop callback ended the search."""


@dataclass
class Result:
    """What a search found: best move code, its score (side to move's view), the line."""

    move: int
    score: int
    depth: int
    nodes: int
    seconds: float
    pv: list[int] = field(default_factory=list)
    #: (move code, score) of every root move at the last completed depth, when asked for.
    root_scores: list[tuple[int, int]] = field(default_factory=list)


class Engine(AlphaBeta):
    """Iterative-deepening PVS: transposition table, killers, reverse futility pruning, null
    move, late move reductions.

    One engine serves one game at a time: its table survives between moves (positions recur
    a few plies later) and is cleared by :meth:`clear`. The table is keyed on ``(own, opp)``:
    that is ``(red, blue, to_move)`` folded into one pair; a position and its colour-swapped
    twin share an entry, which is right because the rules are the same for both sides.
    """

    #: Nodes between two looks at the limits.
    check_every = CHECK_EVERY
    #: Memory per entry of ``tt_size`` (bytes): a dict entry's ~320, and the table may reach
    #: twice its size before it is retired (the UAI engine's Hash option sizes it with this).
    entry_bytes = 640

    def __init__(self, weights: Weights | None = DEFAULT_WEIGHTS, tt_size: int = 1 << 17) -> None:
        self.evaluate = make_evaluator(weights)
        #: How far the evaluation can rise above material (0 for material and threat only).
        self.margin = 0 if weights is None else weights.margin
        #: The fast evaluation's weight of safe stones (bounded per move on the last ply).
        self.safe_w = weights.safe if weights is not None and weights.fast else 0
        #: The same for edge stones.
        self.edge_w = weights.edge if weights is not None and weights.fast else 0
        #: Late move reductions and null-move pruning (off for the material yardstick, a plain
        #: alpha-beta).
        self.lmr = weights is not None
        #: Reduce from the lmr_index-th move on, moves flipping fewer than lmr_flips stones,
        #: by two plies from the lmr_deep-th move on.
        self.lmr_index, self.lmr_flips, self.lmr_deep = 4, 2, 1000
        self.null_move = weights is not None
        #: Reverse futility pruning: off the principal variation, a node ``rfp_depth`` plies
        #: from the leaves or closer whose evaluation beats beta by ``rfp_margin`` a ply left
        #: returns at once (0: off; a level sets it).
        self.rfp_depth, self.rfp_margin = 0, 200
        #: Futility pruning on the last ply: off the principal variation, a move is not
        #: evaluated when its bound (material, gain and the terms' largest rise) is less than
        #: this many centi-stones above alpha (0: only moves that cannot reach alpha are skipped).
        self.futility = 0
        #: History heuristic: moves that caused cut-offs before are tried first among moves
        #: of equal gain (indexed by move code; halved at the start of each search). Off: an
        #: SPRT found no gain (-3 +/- 37 Elo over 300 games, bench/RESULTS.md) for its cost.
        self.history = False
        self.hist = new_history()
        #: The moves with a history (aged at the start of each search).
        self.hist_codes: set[int] = set()
        #: Aspiration windows: from depth 4 on, the root searches a window of this many
        #: centi-stones round the previous iteration's score first (0: off).
        self.aspiration = ASPIRATION if weights is not None else 0
        self.tt: dict[tuple[int, int], tuple[int, int, int, int]] = {}
        self.tt_size = tt_size
        #: Search on to the deadline, into an iteration that may not finish (its root moves
        #: proved better than the last best count: see :meth:`search`); off: stop when the
        #: next iteration looks too long to finish.
        self.full_time = weights is not None
        #: A full table keeps its entries searched this deep (see :meth:`trim`); 0 clears it.
        self.keep_depth = KEEP_DEPTH if weights is not None else 0
        self.killers = new_killers(MAX_PLY + 2)
        self.nodes = 0
        self._next_check = CHECK_EVERY
        self.gaps = -1
        self.board = BOARD
        self._deadline: float | None = None
        self._stop: Callable[[], bool] | None = None
        self._node_limit: int | None = None
        self._path: set[tuple[int, int]] = set()
        self._partial_best: int | None = None
        self._partial_score = -INF
        self._partial_depth = 0
        #: Full tables taken out of use, emptied a few entries at a time (see :meth:`retire`).
        self._retired: list[Table] = []
        #: The longest wall-clock gap between two looks at the limits in the last search (s):
        #: the thread was not running (a busy machine) or one step took long (a table grown).
        #: A stall that long could fall just before the deadline; the UAI engine keeps it back.
        self.stall = 0.0
        self._last_look = 0.0

    def disable(self, feature: str) -> None:
        """Switch one search feature off (the benches measure each by an SPRT without it)."""
        if feature in ("lmr", "null_move", "history"):
            setattr(self, feature, False)
        elif feature == "rfp":
            self.rfp_depth = 0
        elif feature == "futility":
            self.futility = 0
        elif feature == "aspiration":
            self.aspiration = 0
        elif feature == "keep":
            self.keep_depth = 0
        elif feature == "full_time":
            self.full_time = False
        else:
            raise ValueError(f"unknown search feature {feature!r}")

    def trim(self) -> None:
        """Make room in a full table at once (see :func:`tafel.games.ataxx.transposition.trimmed`);
        a search uses :meth:`retire` instead, which takes no time on the clock."""
        self.tt = trimmed(self.tt, self.tt_size, self.keep_depth)

    def retire(self) -> None:
        """Make room in a full table without a pause: a new, empty table takes its place, and
        the old one is emptied a few entries at a time at the search's looks at its limits,
        its deep entries (as :meth:`trim` keeps them) moved into the new table.

        Trimming or clearing a table of 400,000 entries at once takes 70-250 ms on a busy
        machine (building the kept dict, freeing the rest), long enough to miss a 200 ms move.
        A table can be retired again before the last one is empty only if it grew by twice its
        size in fewer looks than that (it cannot: a look comes every CHECK_EVERY nodes, and
        empties DRAIN_STEP entries); if it does, the older one is dropped at once.
        """
        if len(self._retired) > 1:
            del self._retired[0]
        self._retired.append(self.tt)
        self.tt = {}

    @property
    def draining(self) -> bool:
        """Whether a retired table still holds entries (see :meth:`retire`)."""
        return bool(self._retired)

    def drain(self, count: int = DRAIN_STEP) -> None:
        """Empty up to ``count`` entries of the oldest retired table (newest first), keeping the
        deep ones while the live table is under half its size."""
        old = self._retired[0]
        tt = self.tt
        keep = self.keep_depth
        room = self.tt_size // 2 - len(tt) if keep else 0
        for _ in range(min(count, len(old))):
            key, entry = old.popitem()
            if room > 0 and entry[0] >= keep and key not in tt:
                tt[key] = entry
                room -= 1
        if not old:
            del self._retired[0]

    def clear(self) -> None:
        self.tt.clear()
        self._retired.clear()
        self.killers = new_killers(MAX_PLY + 2)
        self.hist = new_history()
        self.hist_codes.clear()

    def _new_path(self, seen: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
        """The positions on the way at the start of a search: the game's earlier ones."""
        return set(seen)

    # --- limits ------------------------------------------------------------------------------

    def _check(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        now = self._look(time.perf_counter())
        if self._retired:
            self.drain()
        elif len(self.tt) > 2 * self.tt_size:
            self.retire()  # a long search: keep memory bounded (an entry is ~250 bytes)
        self._abort_past_limits(now)

    def _look(self, now: float) -> float:
        """Note a look at the clock at ``now`` (the longest gap between two is the stall)."""
        if now - self._last_look > self.stall:
            self.stall = now - self._last_look
        self._last_look = now
        return now

    def _abort_past_limits(self, now: float) -> None:
        """Aborted once the deadline, the node limit or the stop request is reached."""
        if self._deadline is not None and now >= self._deadline:
            raise Aborted
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise Aborted
        if self._stop is not None and self._stop():
            raise Aborted

    # --- entry point --------------------------------------------------------------------------

    def search(
        self,
        own: int,
        opp: int,
        gaps: int,
        max_depth: int | None = None,
        seconds: float | None = None,
        nodes: int | None = None,
        stop: Callable[[], bool] | None = None,
        seen: Iterable[tuple[int, int]] = (),
        on_iteration: Callable[[Result], None] | None = None,
        root_scores: bool = False,
    ) -> Result:
        """Search the position ``own`` (side to move) / ``opp`` with blockers ``gaps``.

        Stops after ``max_depth`` plies, at ``seconds`` (checked every ``CHECK_EVERY`` nodes and between iterations), after
        ``nodes`` or when ``stop()`` says so, and returns the best move of the deepest
        completed iteration (or a better root move the unfinished one already proved).
        ``seen`` holds earlier positions of the game as ``(own, opp)`` keys from the same
        side's view; reaching one again scores it statically (no win is ever claimed from a
        repetition). ``root_scores`` asks for an exact score of every root move (slower; the
        easy level picks among near-best moves with it).
        """
        start = time.perf_counter()
        if gaps != self.gaps:
            self.clear()
            self.gaps = gaps
            self.board = BOARD & ~gaps
        self.nodes = 0
        self._next_check = CHECK_EVERY
        self._deadline = start + seconds if seconds is not None else None
        self._node_limit = nodes
        self._stop = stop
        self._path = self._new_path(seen)
        self.stall = 0.0
        self._last_look = start
        if len(self.tt) > self.tt_size:
            self.retire()
        self._partial_best = None
        self._partial_score = -INF
        self._partial_depth = 0
        empty = self.board & ~(own | opp)
        moves = gen_moves(own, opp, empty)
        if not moves:
            return Result(PASS_CODE, self.evaluate(own, opp, empty), 0, 0, 0.0, [PASS_CODE])
        limit = max_depth if max_depth is not None else MAX_PLY - 8
        # Start ordering: by immediate gain, so an aborted first iteration still plays well.
        order = by_gain(moves, opp)
        best: Result | None = None
        scores: dict[int, int] = {}
        depth = 0
        age_history(self.hist, self.hist_codes)
        try:
            for depth in range(1, limit + 1):
                if depth > 1:
                    self._check()  # the clock and stop between iterations too
                window = self.aspiration
                if (
                    window
                    and not root_scores
                    and depth >= 4
                    and best is not None
                    and abs(best.score) < WIN // 2
                ):
                    # A narrow window round the last score first; outside it, the full one.
                    lo, hi = best.score - window, best.score + window
                    move, score, scores = self._root(own, opp, order, depth, False, True, lo, hi)
                    if not lo < score < hi:
                        move, score, scores = self._root(own, opp, order, depth, False, True)
                else:
                    move, score, scores = self._root(own, opp, order, depth, root_scores, best is not None)
                elapsed = time.perf_counter() - start
                best = Result(move, score, depth, self.nodes, elapsed, self._pv(own, opp, move, depth))
                if root_scores:
                    best.root_scores = sorted(scores.items(), key=lambda kv: -kv[1])
                if on_iteration is not None:
                    on_iteration(best)
                order = [move] + [m for m in order if m != move]
                if abs(score) >= WIN - MAX_PLY and depth >= WIN - abs(score):
                    break  # the game's end is within the horizon: deeper is no wiser
                if self._deadline is not None and depth >= 2 and not self.full_time:
                    # Another iteration costs several times this one: skip it when it cannot finish.
                    if elapsed * 2.5 > self._deadline - start:
                        break
        except Aborted:
            pass
        elapsed = time.perf_counter() - start
        if best is None:
            # Not even depth 1 finished: the greedy choice, which is a legal move.
            if self._partial_best is not None:
                move, score = self._partial_best, self._partial_score
            else:
                move, score = order[0], self.evaluate(own, opp, empty)
            return Result(move, score, 0, self.nodes, elapsed, [move])
        if (
            self._partial_best is not None
            and self._partial_best != best.move
            and self._partial_depth > best.depth
        ):
            # The unfinished iteration proved a move better than the old best: take it.
            best = Result(
                self._partial_best,
                self._partial_score,
                best.depth,
                self.nodes,
                elapsed,
                [self._partial_best],
            )
        best.nodes = self.nodes
        best.seconds = elapsed
        return best

    def _pv(self, own: int, opp: int, first: int, depth: int) -> list[int]:
        """The principal variation: ``first`` then best moves from the table while legal."""
        return principal_variation(self.tt, self.board, own, opp, first, depth)
