"""Ataxx evaluation on raw bitboards, from the side to move's view, in centi-stones.

The search (:mod:`tafel.games.ataxx.alphabeta`) calls it at every leaf, so the common case
(material, the side to move's best immediate gain, and optionally safe and edge stones) is
one inlined function; :class:`Weights` says which terms count and how much.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import SQUARES, STRIDE

#: One stone, in the centi-stone units scores use (UAI's ``score cp``).
STONE = 100
#: The squares on the board's edge.
EDGE = sum(1 << s for s in SQUARES if s % STRIDE in (0, 6) or s // STRIDE in (0, 6))


def dilate(bb: int) -> int:
    return bb << 1 | bb >> 1 | bb << 8 | bb >> 8 | bb << 9 | bb >> 9 | bb << 10 | bb >> 10


def has_move(own: int, empty: int) -> bool:
    """True when ``own`` can clone or jump into ``empty`` (king distance <= 2)."""
    d = own << 1 | own >> 1 | own << 8 | own >> 8 | own << 9 | own >> 9 | own << 10 | own >> 10
    return bool((d << 1 | d >> 1 | d << 8 | d >> 8 | d << 9 | d >> 9 | d << 10 | d >> 10) & empty)


# --- evaluation --------------------------------------------------------------------------------


def neighbour_count(x: int) -> tuple[int, int, int, int]:
    """Bit-sliced count of ``x`` stones around every square: (ones, twos, fours, eights).

    Row sums of three (two bits) first, then the sum of three rows; the square itself is
    counted too, so only squares outside ``x`` (empty ones) get true neighbour counts.
    Padding bits are junk and are masked away by the caller.
    """
    a = x << 1
    b = x >> 1
    t = a ^ b
    s = t ^ x  # row sum, ones
    c = (a & b) | (t & x)  # row sum, twos
    su = s << 9
    sd = s >> 9
    t = su ^ sd
    b0 = t ^ s
    k0 = (su & sd) | (t & s)  # carry into the twos
    cu = c << 9
    cd = c >> 9
    t = cu ^ cd
    u = t ^ c
    k1 = (cu & cd) | (t & c)  # fours from the rows' twos
    b1 = u ^ k0
    k2 = u & k0  # fours from the carry
    return b0, b1, k1 ^ k2, k1 & k2


def max_in(cands: int, b0: int, b1: int, b2: int, b3: int) -> int:
    """The largest bit-sliced count among the squares of ``cands`` (0 when it is empty)."""
    if cands & b3:
        return 8
    best = 0
    if cands & b2:
        cands &= b2
        best = 4
    if cands & b1:
        cands &= b1
        best += 2
    if cands & b0:
        best += 1
    return best


def best_gain(own: int, opp: int, empty: int) -> int:
    """The most stones ``own`` can gain in one move: 2 per flip, 1 more for a clone.

    >>> from tafel.games.ataxx.rules import AtaxxState
    >>> s = AtaxxState.from_fen("7/7/7/7/7/1oo4/x6 x 0 1")
    >>> best_gain(s.red, s.blue, s.empty)  # b1 or a2 clones and flips both
    5
    """
    h1 = own | own << 1 | own >> 1
    clone = (h1 | h1 << 9 | h1 >> 9) & empty
    h2 = h1 | h1 << 1 | h1 >> 1
    v = h2 | h2 << 9 | h2 >> 9
    reach = (v | v << 9 | v >> 9) & empty
    b0, b1, b2, b3 = neighbour_count(opp)
    n_jump = max_in(reach, b0, b1, b2, b3)
    if clone:
        n_clone = max_in(clone, b0, b1, b2, b3)
        return 2 * n_clone + 1 if n_clone == n_jump else 2 * n_jump
    return 2 * n_jump


@dataclass(frozen=True)
class Weights:
    """Evaluation weights in centi-stones (a stone is 100).

    - ``threat``: per stone of the side to move's best immediate gain (it moves next: a tempo
      term, roughly the value of one more ply);
    - ``counter``: per stone of the other side's best gain were it to move now;
    - ``exposed``: stones next to an empty square the opponent reaches (they can be flipped);
    - ``safe``: stones with no empty neighbour (nothing can flip them for now);
    - ``edge``: stones on the board's edge (fewer neighbours to be flipped from).

    Only ``threat`` keeps the evaluation below the material after a move, which lets the
    last ply skip moves that cannot reach alpha; the other terms cost that pruning.
    """

    threat: int = 50
    counter: int = 0
    exposed: int = 0
    safe: int = 0
    edge: int = 0

    @property
    def fast(self) -> bool:
        """Only ``threat`` and a non-negative ``safe``: the inlined evaluation, and a bound per
        move for the last ply (:meth:`tafel.games.ataxx.alphabeta.AlphaBeta._negamax`)."""
        return not (self.counter or self.exposed) and self.safe >= 0 and self.edge >= 0

    @property
    def margin(self) -> int:
        """How far the non-material terms can lift a score above material (see above); the
        fast evaluation's ``safe`` term is bounded per move instead."""
        safe = 0 if self.fast else abs(self.safe) + 2 * abs(self.edge)
        return 17 * max(0, self.counter) + 49 * (abs(self.exposed) + safe)


DEFAULT_WEIGHTS = Weights()


def make_evaluator(w: Weights | None) -> Callable[[int, int, int], int]:
    """An evaluation ``f(own, opp, empty)`` from the side to move's view; None: material only.

    >>> from tafel.games.ataxx.rules import AtaxxState
    >>> s = AtaxxState.start()
    >>> material = make_evaluator(None)
    >>> material(s.red, s.blue, s.empty)
    0
    >>> make_evaluator(Weights(threat=50))(s.red, s.blue, s.empty)  # Red can clone: +1 stone
    50
    """
    if w is None:

        def material(own: int, opp: int, empty: int) -> int:
            return (own.bit_count() - opp.bit_count()) * STONE

        return material

    threat_w, counter_w, exposed_w, safe_w, edge_w = w.threat, w.counter, w.exposed, w.safe, w.edge
    if w.fast:

        def threat_only(own: int, opp: int, empty: int) -> int:
            # best_gain inlined (this runs at every leaf): reach, neighbour count, maximum.
            # (Calling neighbour_count here cost 3-5% of the search's node rate.)
            h = own | own << 1 | own >> 1
            clone = (h | h << 9 | h >> 9) & empty
            h |= own << 2 | own >> 2
            h |= h << 9 | h >> 9
            cands = (h | h << 9 | h >> 9) & empty
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
            b3 = k1 & k2
            if cands & b3:
                n = 8
                cands &= b3
            else:
                n = 0
                b2 = k1 ^ k2
                if cands & b2:
                    cands &= b2
                    n = 4
                if cands & b1:
                    cands &= b1
                    n += 2
                if cands & b0:
                    cands &= b0
                    n += 1
                else:
                    cands &= ~b0
            # ``cands``: the reachable squares with the most neighbours; a clone there gains one more.
            gain = 2 * n + 1 if cands & clone else 2 * n
            score = (own.bit_count() - opp.bit_count()) * STONE + threat_w * gain
            if safe_w:
                # Stones with no empty neighbour: nothing flips them for now.
                de = empty | empty << 1 | empty >> 1
                de |= de << 9 | de >> 9
                score += safe_w * ((own & ~de).bit_count() - (opp & ~de).bit_count())
            if edge_w:
                score += edge_w * ((own & EDGE).bit_count() - (opp & EDGE).bit_count())
            return score

        return threat_only

    def evaluate(own: int, opp: int, empty: int) -> int:
        score = (own.bit_count() - opp.bit_count()) * STONE
        if threat_w:
            score += threat_w * best_gain(own, opp, empty)
        if counter_w:
            score -= counter_w * best_gain(opp, own, empty)
        if exposed_w:
            h = opp | opp << 1 | opp >> 1 | opp << 2 | opp >> 2
            opp_reach = (h | h << 9 | h >> 9 | h << 18 | h >> 18) & empty
            h = own | own << 1 | own >> 1 | own << 2 | own >> 2
            own_reach = (h | h << 9 | h >> 9 | h << 18 | h >> 18) & empty
            e_own = own & dilate(opp_reach)
            e_opp = opp & dilate(own_reach)
            score += exposed_w * (e_opp.bit_count() - e_own.bit_count())
        if safe_w:
            de = dilate(empty)
            score += safe_w * ((own & ~de).bit_count() - (opp & ~de).bit_count())
        if edge_w:
            score += edge_w * ((own & EDGE).bit_count() - (opp & EDGE).bit_count())
        return score

    return evaluate
