"""The Hexxagon board: 61 cells on int bitboards. Cell ``(q, r)`` (file a..i, rank 1..9, on the
board where ``|q - r| <= 4``; neighbours differ by (+-1, 0), (0, +-1), (+1, +1), (-1, -1)) is bit
``r * STRIDE + q``: two padding files per rank let whole bitboards shift without wrap masks.

>>> len(CELLS), cell_name(cell_of("e5")), NEAR[cell_of("e5")].bit_count(), FAR[cell_of("a1")].bit_count()
(61, 'e5', 6, 5)
"""

from __future__ import annotations

from functools import reduce
from operator import or_

from tafel import hex_name, parse_hex

Cell = Bitboard = int
SIDE, SPAN, STRIDE, FILES = 5, 9, 11, "abcdefghi"
NEAR_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
#: The twelve steps of a jump (distance exactly two).
FAR_STEPS = tuple((q, r) for r in range(-2, 3) for q in range(-2, 3) if max(abs(q), abs(r), abs(q - r)) == 2)
NEAR_OFFSETS = tuple(dq + dr * STRIDE for dq, dr in NEAR_STEPS)
FAR_OFFSETS = tuple(dq + dr * STRIDE for dq, dr in FAR_STEPS)


def on_board(q: int, r: int) -> bool:
    return 0 <= q < SPAN and 0 <= r < SPAN and abs(q - r) < SIDE


def coords(cell: Cell) -> tuple[int, int]:
    return cell % STRIDE, cell // STRIDE


CELLS = tuple(r * STRIDE + q for r in range(SPAN) for q in range(SPAN) if on_board(q, r))
BOARD = sum(1 << c for c in CELLS)


def cell_name(cell: Cell) -> str:
    return hex_name(*coords(cell))


def cell_of(name: str) -> Cell:
    """The cell named like ``"e5"``; NotationError for anything else (a9 is off the board)."""
    q, r = parse_hex(name, on_board)
    return r * STRIDE + q


def rank_cells(r: int) -> list[Cell]:
    """The cells of rank ``r`` (0-based), by file."""
    return [r * STRIDE + q for q in range(SPAN) if on_board(q, r)]


#: Per cell (indexed by bit, padding entries 0): its neighbours and its jump targets.
NEAR, FAR = (
    [
        sum(1 << c + dq + dr * STRIDE for dq, dr in steps if on_board(c % STRIDE + dq, c // STRIDE + dr))
        * (c in CELLS)
        for c in range(SPAN * STRIDE)
    ]
    for steps in (NEAR_STEPS, FAR_STEPS)
)


def shift(bb: Bitboard, offset: int) -> Bitboard:
    return bb << offset if offset > 0 else bb >> -offset


def dilate(bb: Bitboard) -> Bitboard:
    """Every cell next to a cell of ``bb`` (padding may be set: AND it with real cells)."""
    return reduce(or_, (shift(bb, off) for off in NEAR_OFFSETS))


def cells(bb: Bitboard) -> list[Cell]:
    """The cells of ``bb``, lowest bit first."""
    out = []
    while bb:
        out.append((bb & -bb).bit_length() - 1)
        bb &= bb - 1
    return out
