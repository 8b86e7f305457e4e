"""Ataxx alpha-beta on raw bitboards: the engine behind :class:`tafel.games.ataxx.ai.AtaxxSearch`.

Positions inside the search are just ``(own, opp)``: the stones of the side to move and of
the other side, on the padded board of :mod:`tafel.games.ataxx.board`; the empty squares follow
from them and the fixed blockers. Nothing is allocated per node but small ints, tuples and
the move list, which keeps a pure-Python search at tens of thousands of nodes per second.

Moves are ints: a clone is its destination square plus ``CLONE`` (``to | 63 << 6``), a jump
is ``frm << 6 | to``, a pass is ``PASS_CODE``.

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

from .board import BOARD, DOUBLE_OFFSETS, DOUBLES, SINGLES, square_name
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

__all__ = [
    "DEFAULT_WEIGHTS",
    "EDGE",
    "STONE",
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

#: Score of a won game (minus the plies to reach it); everything above WIN - MAX_PLY is a win.
WIN = 1_000_000
MAX_PLY = 256
INF = 10 * WIN

CLONE = 63 << 6
PASS_CODE = 0xFFF

_EXACT, _LOWER, _UPPER = 0, 1, 2
#: Nodes between looks at the clock, the node budget and the stop callback (a few ms).
CHECK_EVERY = 128
#: Null-move depth reduction.
NULL_R = 2
#: Half-width of the root's aspiration window, in centi-stones.
ASPIRATION = 60
#: Entries at least this deep survive when a full table is trimmed between moves.
KEEP_DEPTH = 3

POS_JUMPS = tuple(off for off in DOUBLE_OFFSETS if off > 0)
NEG_JUMPS = tuple(-off for off in DOUBLE_OFFSETS if off < 0)
#: Move codes indexed by the bit length of a bitboard whose highest square is the destination
#: (gen_moves walks targets from the top: fewer steps than isolating the lowest bit): the
#: clone to each square, and per jump offset the jump landing there. Entries on padding, or
#: whose origin is off the board, are never looked up: no stone stands there.
_BIT_BELOW = [0] + [1 << s for s in range(64)]
_CLONE_CODES_BY_LENGTH = [0] + [CLONE | to for to in range(64)]
#: (Offsets in reverse order: gen_moves builds its list backwards.)
_JUMP_CODES_UP = tuple(
    (off, [0] + [((to - off) & 63) << 6 | to for to in range(64)]) for off in reversed(POS_JUMPS)
)
_JUMP_CODES_DOWN = tuple(
    (off, [0] + [((to + off) & 63) << 6 | to for to in range(64)]) for off in reversed(NEG_JUMPS)
)


class Aborted(Exception):
    """The clock, the node budget or the stop callback ended the search."""


def move_text(code: int) -> str:
    """The UAI text of a move code.

    >>> move_text(3 | CLONE), move_text(0 << 6 | 20), move_text(PASS_CODE)
    ('d1', 'a1c3', '0000')
    """
    if code == PASS_CODE:
        return "0000"
    to = code & 63
    frm = code >> 6
    if frm == 63:
        return square_name(to)
    return square_name(frm) + square_name(to)


# --- the search -------------------------------------------------------------------------------


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


def gen_moves(own: int, opp: int, empty: int) -> list[int]:
    """Every clone and jump (no pass) as move codes, in a fixed order (clones, then jumps).

    >>> from tafel.games.ataxx.rules import AtaxxState
    >>> s = AtaxxState.start()
    >>> len(gen_moves(s.red, s.blue, s.empty))
    16
    """
    # Built backwards and reversed once, as AtaxxState.generate does.
    moves = []
    append = moves.append
    bits = _BIT_BELOW
    for off, table in _JUMP_CODES_DOWN:
        targets = own >> off & empty
        while targets:
            n = targets.bit_length()
            targets ^= bits[n]
            append(table[n])
    for off, table in _JUMP_CODES_UP:
        targets = own << off & empty
        while targets:
            n = targets.bit_length()
            targets ^= bits[n]
            append(table[n])
    h = own | own << 1 | own >> 1
    targets = (h | h << 9 | h >> 9) & empty
    table = _CLONE_CODES_BY_LENGTH
    while targets:
        n = targets.bit_length()
        targets ^= bits[n]
        append(table[n])
    moves.reverse()
    return moves


def make_move(own: int, opp: int, code: int) -> tuple[int, int]:
    """``(own, opp)`` after the mover plays ``code`` (still from the mover's view)."""
    if code == PASS_CODE:
        return own, opp
    to = code & 63
    low = 1 << to
    flips = SINGLES[to] & opp
    frm = code >> 6
    if frm == 63:
        return own | low | flips, opp ^ flips
    return (own ^ (1 << frm)) | low | flips, opp ^ flips


class Engine:
    """Iterative-deepening PVS: transposition table, killers, null move, late move reductions.

    One engine serves one game at a time: its table survives between moves (positions recur
    a few plies later) and is cleared by :meth:`clear`. The table is keyed on ``(own, opp)``:
    that is ``(red, blue, to_move)`` folded into one pair; a position and its colour-swapped
    twin share an entry, which is right because the rules are the same for both sides.
    """

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
        #: History heuristic: moves that caused cut-offs before are tried first among moves
        #: of equal gain (indexed by move code; halved at the start of each search). Off: an
        #: SPRT found no gain (-3 +/- 37 Elo over 300 games, bench/RESULTS.md) for its cost.
        self.history = False
        self.hist = [0] * (PASS_CODE + 1)
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
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
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

    def disable(self, feature: str) -> None:
        """Switch one search feature off (the benches measure each by an SPRT without it)."""
        if feature in ("lmr", "null_move", "history"):
            setattr(self, feature, False)
        elif feature == "aspiration":
            self.aspiration = 0
        elif feature == "keep":
            self.keep_depth = 0
        elif feature == "full_time":
            self.full_time = False
        else:
            raise ValueError(f"unknown search feature {feature!r}")

    def trim(self) -> None:
        """Make room in a full table: keep the deep entries (the costly ones, which the next
        moves' searches meet again a ply or two further down) and drop the rest; clear it
        when even those fill half of it."""
        if self.keep_depth:
            keep = self.keep_depth
            self.tt = {k: v for k, v in self.tt.items() if v[0] >= keep}
            if len(self.tt) <= self.tt_size // 2:
                return
        self.tt.clear()

    def clear(self) -> None:
        self.tt.clear()
        self.killers = [[0, 0] for _ in range(MAX_PLY + 2)]
        self.hist = [0] * (PASS_CODE + 1)
        self.hist_codes.clear()

    # --- limits ------------------------------------------------------------------------------

    def _check(self) -> None:
        self._next_check = self.nodes + CHECK_EVERY
        if len(self.tt) > 2 * self.tt_size:
            self.tt.clear()  # a long search: keep memory bounded (an entry is ~250 bytes)
        if self._deadline is not None and time.perf_counter() >= self._deadline:
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
        self._path = set(seen)
        if len(self.tt) > self.tt_size:
            self.trim()
        self._partial_best = None
        self._partial_score = -INF
        self._partial_depth = 0
        empty = self.board & ~(own | opp)
        moves = gen_moves(own, opp, empty)
        if not moves:
            return Result(PASS_CODE, self.evaluate(own, opp, empty), 0, 0, 0.0, [PASS_CODE])
        limit = max_depth if max_depth is not None else MAX_PLY - 8
        # Start ordering: by immediate gain, so an aborted first iteration still plays well.
        order = sorted(moves, key=lambda m: -self._gain(m, opp))
        best: Result | None = None
        scores: dict[int, int] = {}
        depth = 0
        hist = self.hist
        for code in self.hist_codes:
            hist[code] >>= 1  # older cut-offs count less
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
                    move, score, scores = self._root(own, opp, order, depth, False, best, lo, hi)
                    if not lo < score < hi:
                        move, score, scores = self._root(own, opp, order, depth, False, best)
                else:
                    move, score, scores = self._root(own, opp, order, depth, root_scores, best)
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

    def _gain(self, code: int, opp: int) -> int:
        to = code & 63
        flips = (SINGLES[to] & opp).bit_count()
        return 2 * flips + (1 if code >> 6 == 63 else 0)

    def _root(
        self,
        own: int,
        opp: int,
        order: list[int],
        depth: int,
        all_scores: bool,
        previous: Result | None,
        alpha: int = -INF,
        beta: int = INF,
    ) -> tuple[int, int, dict[int, int]]:
        """Search the root moves in ``order`` to ``depth``; a score outside ``(alpha, beta)``
        is only a bound, and the caller searches again with the full window."""
        self._partial_best = None
        self._partial_score = -INF
        self._partial_depth = depth
        low = alpha
        best_move = order[0]
        best = -INF
        scores: dict[int, int] = {}
        key = (own, opp)
        self._path.add(key)
        try:
            for i, code in enumerate(order):
                o, p = make_move(own, opp, code)
                if all_scores:
                    score = -self._negamax(p, o, depth - 1, -INF, INF, 1)
                elif i == 0:
                    score = -self._negamax(p, o, depth - 1, -beta, -alpha, 1)
                else:
                    score = -self._negamax(p, o, depth - 1, -alpha - 1, -alpha, 1)
                    if alpha < score < beta:
                        score = -self._negamax(p, o, depth - 1, -beta, -alpha, 1)
                scores[code] = score
                if score > best:
                    best = score
                    best_move = code
                    if score > alpha:
                        alpha = score
                    # The first move is the previous iteration's best; anything proved
                    # better than it at this depth is a safe choice if time runs out.
                    if (i > 0 or previous is None) and score > low:
                        self._partial_best = code
                        self._partial_score = score
                    if score >= beta:
                        break  # above the window: the caller searches again
        finally:
            self._path.discard(key)
        if low < best < beta:
            self.tt[key] = (depth, best, _EXACT, best_move)
        return best_move, best, scores

    def _negamax(
        self, own: int, opp: int, depth: int, alpha: int, beta: int, ply: int, null: bool = True
    ) -> int:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._check()
        if not own:
            return -WIN + ply
        empty = self.board & ~(own | opp)
        if not empty:
            diff = own.bit_count() - opp.bit_count()
            return WIN - ply if diff > 0 else -WIN + ply if diff < 0 else 0
        if depth <= 0:
            return self.evaluate(own, opp, empty)
        key = (own, opp)
        path = self._path
        if key in path:
            # A repetition on the way is scored statically, never as a decided game.
            return self.evaluate(own, opp, empty)

        tt = self.tt
        entry = tt.get(key)
        tt_move = 0
        if entry is not None:
            e_depth, e_score, e_flag, tt_move = entry
            if e_depth >= depth:
                if e_score > WIN - MAX_PLY:
                    e_score -= ply
                elif e_score < -WIN + MAX_PLY:
                    e_score += ply
                if e_flag == _EXACT:
                    return e_score
                if e_flag == _LOWER:
                    if e_score >= beta:
                        return e_score
                elif e_score <= alpha:
                    return e_score

        # Destinations: clones (king distance 1) and jumps (within distance 2; a jump needs a
        # stone at distance exactly 2, checked per square), grouped below by how many stones
        # they flip, so moves come out best gain first without listing and sorting them all.
        h = own | own << 1 | own >> 1
        clones = (h | h << 9 | h >> 9) & empty
        h |= own << 2 | own >> 2
        h |= h << 9 | h >> 9
        jumps = (h | h << 9 | h >> 9) & empty
        if not jumps:
            if not has_move(opp, empty):
                diff = own.bit_count() - opp.bit_count()
                return WIN - ply if diff > 0 else -WIN + ply if diff < 0 else 0
            path.add(key)
            try:
                return -self._negamax(opp, own, depth - 1, -beta, -alpha, ply + 1)
            finally:
                path.discard(key)
        if (
            null
            and depth >= 3
            and self.null_move
            and beta - alpha == 1
            and clones
            and abs(beta) < WIN // 2
            and self.evaluate(own, opp, empty) >= beta
        ):
            # Null move: even handing the opponent a free move (a clone always gains, so
            # passing is never better) keeps us above beta, so a real move will too.
            score = -self._negamax(opp, own, depth - 1 - NULL_R, -beta, -beta + 1, ply + 1, False)
            if score >= beta:
                return score if score < WIN // 2 else beta
        # Bit-sliced count of opposing stones around every square (see _neighbour_count).
        a = opp << 1
        b = opp >> 1
        t = a ^ b
        s = t ^ opp
        c = (a & b) | (t & opp)
        su = s << 9
        sd = s >> 9
        t = su ^ sd
        b0 = t ^ s
        k0 = (su & sd) | (t & s)
        cu = c << 9
        cd = c >> 9
        t = cu ^ cd
        u = t ^ c
        k1 = (cu & cd) | (t & c)
        b1 = u ^ k0
        k2 = u & k0
        b2 = k1 ^ k2
        b3 = k1 & k2
        nb0 = ~b0
        nb1 = ~b1
        nb2 = ~b2
        # The most flips any destination offers (_max_in, inlined).
        if jumps & b3:
            top = 8
        else:
            cands = jumps
            top = 0
            if cands & b2:
                cands &= b2
                top = 4
            if cands & b1:
                cands &= b1
                top += 2
            if cands & b0:
                top += 1

        orig_alpha = alpha
        best = -INF
        best_move = 0
        doubles = DOUBLES

        if depth == 1:
            # The last ply: evaluate children in place, best immediate gain first. The
            # evaluation of a child never exceeds its material plus ``margin``, so once a
            # move's gain cannot lift the score above alpha, neither can any later one.
            evaluate = self.evaluate
            singles = SINGLES
            base = (own.bit_count() - opp.bit_count()) * STONE + self.margin
            safe_w = self.safe_w
            edge_w = self.edge_w
            jump_extra = 0
            flip_extra = 2 * edge_w  # a flipped stone on the edge changes sides
            if edge_w:
                # Our edge stones minus theirs rise by at most the stone placed and the flips.
                base += edge_w * ((own & EDGE).bit_count() - (opp & EDGE).bit_count() + 1)
            if safe_w:
                # After a move our safe stones minus theirs rise by at most 9 (the square
                # filled and its neighbours), a jump's by 8 more (their stones round the
                # square it left lose their safety).
                de = empty | empty << 1 | empty >> 1
                de |= de << 9 | de >> 9
                base += safe_w * ((own & ~de).bit_count() - (opp & ~de).bit_count() + 9)
                jump_extra = 8 * safe_w
            won = WIN - ply - 1
            n = 0
            cut = False
            for f in range(top, -1, -1):
                if f == 8:
                    level = b3
                else:
                    level = (b2 if f & 4 else nb2) & (b1 if f & 2 else nb1) & (b0 if f & 1 else nb0)
                    if not f:
                        level &= ~b3
                # Clones flipping f stones gain 2f + 1 ...
                bound = base + (2 * f + 1) * STONE + f * flip_extra
                if bound <= alpha:
                    if bound > best:
                        best = bound
                    break
                dest = clones & level
                while dest:
                    low = dest & -dest
                    dest ^= low
                    to = low.bit_length() - 1
                    flips = singles[to] & opp
                    p = opp ^ flips
                    o = own | low | flips
                    e = empty ^ low
                    n += 1
                    if not p:
                        score = won
                    elif not e:
                        diff = o.bit_count() - p.bit_count()
                        score = won if diff > 0 else -won if diff < 0 else 0
                    else:
                        score = -evaluate(p, o, e)
                    if score > best:
                        best = score
                        best_move = CLONE | to
                        if score > alpha:
                            alpha = score
                            if alpha >= beta:
                                cut = True
                                break
                if cut:
                    break
                # ... and jumps flipping f stones gain 2f.
                bound += jump_extra - STONE
                if bound <= alpha:
                    if bound > best:
                        best = bound
                    break
                dest = jumps & level
                while dest:
                    low = dest & -dest
                    dest ^= low
                    to = low.bit_length() - 1
                    flips = singles[to] & opp
                    p = opp ^ flips
                    landed = own | low | flips  # the origin stone is still to be taken off
                    e0 = empty ^ low
                    srcs = doubles[to] & own
                    while srcs:
                        fb = srcs & -srcs
                        srcs ^= fb
                        o = landed ^ fb
                        e = e0 | fb
                        n += 1
                        if not p:
                            score = won
                        else:
                            score = -evaluate(p, o, e)  # (a jump leaves its origin empty)
                        if score > best:
                            best = score
                            best_move = (fb.bit_length() - 1) << 6 | to
                            if score > alpha:
                                alpha = score
                                if alpha >= beta:
                                    cut = True
                                    break
                    if cut:
                        break
                if cut:
                    break
            self.nodes += n
        else:
            killers = self.killers[ply]
            k0, k1 = killers
            lmr = depth >= 3 and self.lmr
            lmr_index, lmr_flips, lmr_deep = self.lmr_index, self.lmr_flips, self.lmr_deep
            use_hist = self.history
            hist = self.hist
            # The table's move and the killers first (when legal here), then by gain.
            first: list[int] = []
            if tt_move:
                first.append(tt_move)
            for k in (k0, k1):
                if k and k != tt_move and empty >> (k & 63) & 1:
                    frm = k >> 6
                    if (
                        (SINGLES[k & 63] & own)
                        if frm == 63
                        else (own >> frm & 1 and doubles[k & 63] >> frm & 1)
                    ):
                        first.append(k)
            path.add(key)
            try:
                i = 0
                done = False
                for f in range(top + 1, -1, -1):
                    if f > top:
                        codes = first  # the stage before the gain levels
                    else:
                        if f == 8:
                            level = b3
                        else:
                            level = (b2 if f & 4 else nb2) & (b1 if f & 2 else nb1) & (b0 if f & 1 else nb0)
                            if not f:
                                level &= ~b3
                        codes = []
                        dest = clones & level
                        while dest:
                            low = dest & -dest
                            dest ^= low
                            codes.append(CLONE | (low.bit_length() - 1))
                        dest = jumps & level
                        while dest:
                            low = dest & -dest
                            dest ^= low
                            to = low.bit_length() - 1
                            srcs = doubles[to] & own
                            while srcs:
                                fb = srcs & -srcs
                                srcs ^= fb
                                codes.append((fb.bit_length() - 1) << 6 | to)
                        if first:
                            codes = [m for m in codes if m not in first]
                        if use_hist and len(codes) > 1:
                            codes.sort(key=hist.__getitem__, reverse=True)
                    for code in codes:
                        to = code & 63
                        flips = SINGLES[to] & opp
                        frm = code >> 6
                        if frm == 63:
                            o = own | (1 << to) | flips
                        else:
                            o = (own ^ (1 << frm)) | (1 << to) | flips
                        p = opp ^ flips
                        if i == 0:
                            score = -self._negamax(p, o, depth - 1, -beta, -alpha, ply + 1)
                        else:
                            # Late moves that flip little are searched a ply shallower first.
                            if lmr and i >= lmr_index and f < lmr_flips:
                                r = 2 if i >= lmr_deep and depth >= 5 else 1
                                score = -self._negamax(p, o, depth - 1 - r, -alpha - 1, -alpha, ply + 1)
                            else:
                                score = alpha + 1
                            if score > alpha:
                                score = -self._negamax(p, o, depth - 1, -alpha - 1, -alpha, ply + 1)
                                if alpha < score < beta:
                                    score = -self._negamax(p, o, depth - 1, -beta, -alpha, ply + 1)
                        i += 1
                        if score > best:
                            best = score
                            best_move = code
                            if score > alpha:
                                alpha = score
                                if alpha >= beta:
                                    if not flips and code != k0:
                                        killers[1] = k0
                                        killers[0] = code
                                    if use_hist:
                                        if not hist[code]:
                                            self.hist_codes.add(code)
                                        hist[code] += depth * depth
                                    done = True
                                    break
                    if done:
                        break
            finally:
                path.discard(key)

        if best >= beta:
            flag = _LOWER
        elif best > orig_alpha:
            flag = _EXACT
        else:
            flag = _UPPER
        stored = best
        if stored > WIN - MAX_PLY:
            stored += ply
        elif stored < -WIN + MAX_PLY:
            stored -= ply
        tt[key] = (depth, stored, flag, best_move)
        return best

    def _pv(self, own: int, opp: int, first: int, depth: int) -> list[int]:
        """The principal variation: ``first`` then best moves from the table while legal."""
        pv = [first]
        own, opp = make_move(own, opp, first)
        own, opp = opp, own
        seen = set()
        for _ in range(depth - 1):
            key = (own, opp)
            entry = self.tt.get(key)
            if entry is None or key in seen:
                break
            seen.add(key)
            code = entry[3]
            empty = self.board & ~(own | opp)
            if code not in gen_moves(own, opp, empty):
                break
            pv.append(code)
            own, opp = make_move(own, opp, code)
            own, opp = opp, own
        return pv
