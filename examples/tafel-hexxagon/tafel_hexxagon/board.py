"""The Hexxagon board: a hexagon of side 5 (61 cells) on int bitboards.

Cells have axial coordinates ``(q, r)``: ``q`` is the file (a..i, the columns on screen), ``r``
the rank (1..9); a cell exists where ``|q - r| <= 4``. Neighbours differ by (+-1, 0), (0, +-1),
(+1, +1) and (-1, -1). A cell's bit is ``r * STRIDE + q``: two padding files per rank let whole
bitboards shift without wrap masks.

>>> len(CELLS), cell_name(cell_of("e5")), NEAR[cell_of("e5")].bit_count(), FAR[cell_of("a1")].bit_count()
(61, 'e5', 6, 5)
"""

from __future__ import annotations

Cell = int
Bitboard = int
SIDE, SPAN, STRIDE, FILES = 5, 9, 11, "abcdefghi"
NEAR_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
#: The twelve steps of a jump (distance exactly two).
FAR_STEPS = tuple((q, r) for r in range(-2, 3) for q in range(-2, 3) if max(abs(q), abs(r), abs(q - r)) == 2)
NEAR_OFFSETS = tuple(dq + dr * STRIDE for dq, dr in NEAR_STEPS)
FAR_OFFSETS = tuple(dq + dr * STRIDE for dq, dr in FAR_STEPS)


def on_board(q: int, r: int) -> bool:
    return 0 <= q < SPAN and 0 <= r < SPAN and abs(q - r) < SIDE


def cell_at(q: int, r: int) -> Cell:
    return r * STRIDE + q


def coords(cell: Cell) -> tuple[int, int]:
    return cell % STRIDE, cell // STRIDE


CELLS = tuple(cell_at(q, r) for r in range(SPAN) for q in range(SPAN) if on_board(q, r))
BOARD = sum(1 << c for c in CELLS)


def cell_name(cell: Cell) -> str:
    return FILES[cell % STRIDE] + str(cell // STRIDE + 1)


def cell_of(name: str) -> Cell:
    """The cell named like ``"e5"``; ValueError for anything else (a9 is off the board)."""
    t = name.strip().lower()
    if (
        len(t) != 2
        or t[0] not in FILES
        or t[1] not in "123456789"
        or not on_board(FILES.index(t[0]), int(t[1]) - 1)
    ):
        raise ValueError(f"{name!r} is not a cell")
    return cell_at(FILES.index(t[0]), int(t[1]) - 1)


def rank_cells(r: int) -> list[Cell]:
    """The cells of rank ``r`` (0-based), by file."""
    return [cell_at(q, r) for q in range(SPAN) if on_board(q, r)]


def _ring(cell: Cell, steps) -> Bitboard:
    q, r = coords(cell)
    return sum(1 << cell_at(q + dq, r + dr) for dq, dr in steps if on_board(q + dq, r + dr))


#: Per cell (indexed by bit, padding entries 0): its neighbours and its jump targets.
NEAR = [_ring(c, NEAR_STEPS) if c in CELLS else 0 for c in range(SPAN * STRIDE)]
FAR = [_ring(c, FAR_STEPS) if c in CELLS else 0 for c in range(SPAN * STRIDE)]


def shift(bb: Bitboard, offset: int) -> Bitboard:
    return bb << offset if offset > 0 else bb >> -offset


def dilate(bb: Bitboard) -> Bitboard:
    """Every cell next to a cell of ``bb`` (padding may be set: AND it with real cells)."""
    out = 0
    for off in NEAR_OFFSETS:
        out |= shift(bb, off)
    return out


def cells(bb: Bitboard) -> list[Cell]:
    """The cells of ``bb``, lowest bit first."""
    out = []
    while bb:
        out.append((bb & -bb).bit_length() - 1)
        bb &= bb - 1
    return out
