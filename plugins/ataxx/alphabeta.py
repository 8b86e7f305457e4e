"""One iteration of the Ataxx search: alpha-beta (PVS) at the root and at every node below.

:class:`AlphaBeta` is the part of :class:`tafel.games.ataxx.search.Engine` that searches a
position to a given depth: a principal variation search with the transposition table, the
killers and history of :mod:`tafel.games.ataxx.ordering`, reverse futility pruning near the
leaves, null move and late move reductions, and a last ply that evaluates its children in
place (with futility pruning off the principal variation). The engine around it adds the
settings, the limits (its ``_check`` raises when they run out) and iterative deepening.

Scores are centi-stones from the side to move's view; a won game is ``WIN`` minus the plies
to reach it. The node is one long function on purpose: a pure-Python search spends its time
in calls and attribute look-ups, so the hot paths are inlined and bound to locals.

>>> WIN - MAX_PLY > 100 * 49  # no evaluation reaches a won score
True
"""

from __future__ import annotations

import abc
from collections.abc import Callable

from .board import DOUBLES, SINGLES
from .evaluation import EDGE, STONE, has_move, max_in, neighbour_count
from .moves import CLONE, make_move
from .ordering import tried_first
from .transposition import EXACT, LOWER, UPPER, Table

#: Score of a won game (minus the plies to reach it); everything above WIN - MAX_PLY is a win.
WIN = 1_000_000
MAX_PLY = 256
INF = 10 * WIN
#: Null-move depth reduction.
NULL_R = 2


class AlphaBeta(abc.ABC):
    """The search of one iteration (:meth:`_root`) and of each node (:meth:`_negamax`).

    The attributes are set by :class:`tafel.games.ataxx.search.Engine`, which says what each is.
    """

    # The position and the count.
    board: int
    nodes: int
    _next_check: int
    _path: set[tuple[int, int]]
    # The evaluation and the bounds it allows on the last ply.
    evaluate: Callable[[int, int, int], int]
    margin: int
    safe_w: int
    edge_w: int
    # Pruning and ordering.
    lmr: bool
    lmr_index: int
    lmr_flips: int
    lmr_deep: int
    null_move: bool
    rfp_depth: int
    rfp_margin: int
    futility: int
    history: bool
    hist: list[int]
    hist_codes: set[int]
    killers: list[list[int]]
    tt: Table
    # The best root move an unfinished iteration proved so far.
    _partial_best: int | None
    _partial_score: int
    _partial_depth: int

    @abc.abstractmethod
    def _check(self) -> None:
        """Look at the limits (every so many nodes); raises when they have run out."""

    def _root(
        self,
        own: int,
        opp: int,
        order: list[int],
        depth: int,
        all_scores: bool,
        previous: bool,
        alpha: int = -INF,
        beta: int = INF,
    ) -> tuple[int, int, dict[int, int]]:
        """Search the root moves in ``order`` to ``depth``; a score outside ``(alpha, beta)``
        is only a bound, and the caller searches again with the full window. ``previous``:
        ``order[0]`` is the previous iteration's best move."""
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
                    if (i > 0 or not previous) and score > low:
                        self._partial_best = code
                        self._partial_score = score
                    if score >= beta:
                        break  # above the window: the caller searches again
        finally:
            self._path.discard(key)
        if low < best < beta:
            self.tt[key] = (depth, best, EXACT, best_move)
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
                if e_flag == EXACT:
                    return e_score
                if e_flag == LOWER:
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
        if depth <= self.rfp_depth and beta - alpha == 1 and abs(beta) < WIN // 2:
            # Reverse futility: so far above beta this close to the leaves that no reply of
            # the opponent's within the depth left is likely to bring the score down to it.
            margin = self.rfp_margin * depth
            static = self.evaluate(own, opp, empty)
            if static - margin >= beta:
                return static - margin
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
        # How many opposing stones stand round every square, bit-sliced: how many a move there flips.
        b0, b1, b2, b3 = neighbour_count(opp)
        top = max_in(jumps, b0, b1, b2, b3)  # the most flips any destination offers
        # The squares where a move flips f stones are picked out inline in both loops below
        # (a helper call per gain level cost some 4% of the node rate).
        nb0 = ~b0
        nb1 = ~b1
        nb2 = ~b2

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
            # Futility: that bound is loose by 5 to 13 stones (it counts neither the
            # opponent's threat nor how few stones a move makes safe), so off the principal
            # variation a move is skipped already when it lies less than ``futility`` above
            # alpha. The score returned is then at most alpha: the node failed low. Not
            # where a child may end the game (one empty square left, or few enough opposing
            # stones to take them all) or alpha is a result: a skipped move could be a win.
            opp_count = opp.bit_count()
            futility = 0
            if (
                self.futility
                and beta - alpha == 1
                and abs(alpha) < WIN // 2
                and empty & (empty - 1)
                and opp_count > 8
            ):
                futility = self.futility
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
            # The bounds hold for evaluated children only: a child that ends the game scores a
            # result, above any bound. Such children all lie in the top gain level: a move
            # that takes every opposing stone flips the most any move can, and with one empty
            # square left there is only one destination. That level is never cut.
            ends = top if top == opp_count or not empty & (empty - 1) else -1
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
                if bound - futility <= alpha and f != ends:
                    if bound > best:
                        best = bound if bound <= alpha else alpha
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
                if bound - futility <= alpha and f != ends:
                    if bound > best:
                        best = bound if bound <= alpha else alpha
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
            k0 = killers[0]
            lmr = depth >= 3 and self.lmr
            lmr_index, lmr_flips, lmr_deep = self.lmr_index, self.lmr_flips, self.lmr_deep
            use_hist = self.history
            hist = self.hist
            # The table's move and the killers first (when legal here), then by gain.
            first = tried_first(tt_move, killers, own, empty)
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
            flag = LOWER
        elif best > orig_alpha:
            flag = EXACT
        else:
            flag = UPPER
        stored = best
        if stored > WIN - MAX_PLY:
            stored += ply
        elif stored < -WIN + MAX_PLY:
            stored -= ply
        tt[key] = (depth, stored, flag, best_move)
        return best
