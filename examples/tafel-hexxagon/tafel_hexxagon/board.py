"""The Hexxagon board: a hexagon of side 5 (61 cells) on int bitboards.

Cells use axial coordinates ``(q, r)``: ``q`` is the file (a..i, the columns on screen),
``r`` the rank (1..9). A cell exists where ``|q - r| <= 4``, so file a holds a1..a5, file e
holds e1..e9 and file i holds i5..i9. The six neighbours of a cell differ by (+-1, 0),
(0, +-1) and (+1, +1) / (-1, -1); the twelve cells at distance two are the jump targets.

A cell's bit is ``r * STRIDE + q``. With two padding files per rank, a step of one or two
files off the board lands on padding, so whole bitboards shift without wrap masks (the same
trick as Ataxx in Tafel's core plugins).

>>> len(CELLS), cell_name(cell_of("e5"))
(61, 'e5')
>>> bin(NEAR[cell_of("e5")]).count("1"), bin(FAR[cell_of("e5")]).count("1")
(6, 12)
>>> bin(NEAR[cell_of("a1")]).count("1"), bin(FAR[cell_of("a1")]).count("1")
(3, 5)
"""

from __future__ import annotations

Cell = int
Bitboard = int

SIDE = 5
SPAN = 2 * SIDE - 1  # 9 files and 9 ranks
STRIDE = SPAN + 2
FILES = "abcdefghi"

#: The six neighbour steps, in order round the hexagon (anticlockwise on screen from "down right").
NEAR_STEPS: tuple[tuple[int, int], ...] = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))


def hex_distance(dq: int, dr: int) -> int:
    """Steps between two cells ``(dq, dr)`` apart.

    >>> hex_distance(1, 1), hex_distance(1, -1), hex_distance(2, 1)
    (1, 2, 2)
    """
    if dq * dr >= 0:
        return max(abs(dq), abs(dr))
    return abs(dq) + abs(dr)


#: The twelve steps of a jump (distance exactly two).
FAR_STEPS: tuple[tuple[int, int], ...] = tuple(
    (dq, dr) for dr in range(-2, 3) for dq in range(-2, 3) if hex_distance(dq, dr) == 2
)
NEAR_OFFSETS: tuple[int, ...] = tuple(dq + dr * STRIDE for dq, dr in NEAR_STEPS)
FAR_OFFSETS: tuple[int, ...] = tuple(dq + dr * STRIDE for dq, dr in FAR_STEPS)


def on_board(q: int, r: int) -> bool:
    return 0 <= q < SPAN and 0 <= r < SPAN and abs(q - r) < SIDE


def cell_at(q: int, r: int) -> Cell:
    return r * STRIDE + q


def coords(cell: Cell) -> tuple[int, int]:
    """``(q, r)`` of a cell."""
    return cell % STRIDE, cell // STRIDE


CELLS: tuple[Cell, ...] = tuple(cell_at(q, r) for r in range(SPAN) for q in range(SPAN) if on_board(q, r))
BOARD: Bitboard = sum(1 << c for c in CELLS)
CENTRE: Cell = cell_at(SIDE - 1, SIDE - 1)


def cell_name(cell: Cell) -> str:
    q, r = coords(cell)
    return FILES[q] + str(r + 1)


def cell_of(name: str) -> Cell:
    """The cell named like ``"e5"``; ValueError for anything else (a9 is off the board)."""
    t = name.strip().lower()
    if len(t) != 2 or t[0] not in FILES or not t[1].isdigit() or t[1] == "0":
        raise ValueError(f"{name!r} is not a cell")
    q, r = FILES.index(t[0]), int(t[1]) - 1
    if not on_board(q, r):
        raise ValueError(f"{name!r} is off the board")
    return cell_at(q, r)


def rank_cells(r: int) -> list[Cell]:
    """The cells of rank ``r`` (0-based), by file."""
    return [cell_at(q, r) for q in range(SPAN) if on_board(q, r)]


def _ring(cell: Cell, steps: tuple[tuple[int, int], ...]) -> Bitboard:
    q, r = coords(cell)
    return sum(1 << cell_at(q + dq, r + dr) for dq, dr in steps if on_board(q + dq, r + dr))


#: Per cell (indexed by bit, padding entries 0): its neighbours and its jump targets.
NEAR: list[Bitboard] = [0] * (SPAN * STRIDE)
FAR: list[Bitboard] = [0] * (SPAN * STRIDE)
for _c in CELLS:
    NEAR[_c] = _ring(_c, NEAR_STEPS)
    FAR[_c] = _ring(_c, FAR_STEPS)


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
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out
