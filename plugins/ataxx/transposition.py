"""The search's transposition table: entries, trimming between moves, the principal variation.

The table is a plain dict (the search probes it inline at every node), keyed on ``(own, opp)``
from the side to move's view, holding ``(depth, score, flag, best move code)``. ``flag`` says
what the score is: ``EXACT``, a ``LOWER`` bound (the node failed high) or an ``UPPER`` bound.
Won and lost scores are stored relative to the node, not the root (the search adds and takes
off the ply).

>>> tt = {(1, 2): (4, 30, EXACT, 0), (3, 4): (1, -10, UPPER, 0)}
>>> trimmed(tt, size=4, keep_depth=3)
{(1, 2): (4, 30, 0, 0)}
>>> trimmed(tt, size=1, keep_depth=3)  # even the deep entries fill more than half of it
{}
"""

from __future__ import annotations

from .moves import gen_moves, make_move

EXACT, LOWER, UPPER = 0, 1, 2
#: Entries at least this deep survive when a full table is trimmed between moves.
KEEP_DEPTH = 3

Entry = tuple[int, int, int, int]
Table = dict[tuple[int, int], Entry]


def trimmed(tt: Table, size: int, keep_depth: int) -> Table:
    """Room in a full table: keep the entries searched ``keep_depth`` deep (the costly ones,
    which the next moves' searches meet again a ply or two further down) and drop the rest;
    empty when even those fill half of ``size`` (or ``keep_depth`` is 0)."""
    if keep_depth:
        kept = {k: v for k, v in tt.items() if v[0] >= keep_depth}
        if len(kept) <= size // 2:
            return kept
    return {}


def principal_variation(tt: Table, board: int, own: int, opp: int, first: int, depth: int) -> list[int]:
    """The principal variation: ``first`` then best moves from the table while legal.

    ``board`` is the playable squares (the board without its blockers).
    """
    pv = [first]
    own, opp = make_move(own, opp, first)
    own, opp = opp, own
    seen = set()
    for _ in range(depth - 1):
        key = (own, opp)
        entry = tt.get(key)
        if entry is None or key in seen:
            break
        seen.add(key)
        code = entry[3]
        empty = board & ~(own | opp)
        if code not in gen_moves(own, opp, empty):
            break
        pv.append(code)
        own, opp = make_move(own, opp, code)
        own, opp = opp, own
    return pv
