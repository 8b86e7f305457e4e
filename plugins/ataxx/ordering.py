"""Move ordering: which moves the search tries first.

Alpha-beta cuts off sooner the sooner it meets the best move. The search tries, in turn: the
move the transposition table remembers, the killers (quiet moves that cut off at the same ply
elsewhere in the tree), then the rest by immediate gain, most stones first (optionally, among
moves of equal gain, those with the most history: cut-offs they caused before). The gain
levels themselves are made inside the search's node (:meth:`AlphaBeta._negamax
<tafel.games.ataxx.alphabeta.AlphaBeta._negamax>`), from a bit-sliced count of the opposing
stones round every square (:func:`tafel.games.ataxx.evaluation.neighbour_count`), without
listing and sorting the moves.

>>> from tafel.games.ataxx.moves import CLONE, gen_moves, move_text
>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.from_fen("7/7/7/7/7/1oo4/x6 x 0 1")
>>> [move_text(m) for m in by_gain(gen_moves(s.red, s.blue, s.empty), s.blue)[:2]]
['b1', 'a1c1']
>>> killers = [CLONE | 9, 0]  # a2, and no second killer
>>> [move_text(m) for m in tried_first(CLONE | 1, killers, s.red, s.empty)]
['b1', 'a2']
"""

from __future__ import annotations

from .board import DOUBLES, SINGLES
from .moves import PASS_CODE, gain

__all__ = ["age_history", "by_gain", "new_history", "new_killers", "tried_first"]


def by_gain(moves: list[int], opp: int) -> list[int]:
    """``moves`` by immediate gain, most first (the root's order before its first iteration:
    an aborted first iteration still plays well)."""
    return sorted(moves, key=lambda m: -gain(m, opp))


def tried_first(tt_move: int, killers: list[int], own: int, empty: int) -> list[int]:
    """The table's move (0: none) and the killers that are legal here and differ from it."""
    first: list[int] = []
    if tt_move:
        first.append(tt_move)
    for k in killers:
        if k and k != tt_move and empty >> (k & 63) & 1:
            frm = k >> 6
            if (SINGLES[k & 63] & own) if frm == 63 else (own >> frm & 1 and DOUBLES[k & 63] >> frm & 1):
                first.append(k)
    return first


def new_killers(plies: int) -> list[list[int]]:
    """Two killer slots per ply (0: empty), the newer first."""
    return [[0, 0] for _ in range(plies)]


def new_history() -> list[int]:
    """The history of every move code: 0."""
    return [0] * (PASS_CODE + 1)


def age_history(hist: list[int], codes: set[int]) -> None:
    """Halve the history of ``codes`` (the moves that have one): older cut-offs count less."""
    for code in codes:
        hist[code] >>= 1
