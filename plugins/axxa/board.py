"""AxxA board geometry on plain ints: the 37 spaces, stack paths and triplet shapes.

The board lives in a 7x7 frame, ``cell = y * SIZE + x`` with x (files a..g) and y (ranks 1..7)
in 0..6. The playing square is x, y in 1..5; three start spaces sit centred outside each edge.
Sets of cells are bitmasks (bit ``cell``), like python-chess bitboards.

>>> len(CELLS), len(START_CELLS)
(37, 12)
>>> " ".join(cell_name(c) for c in START_CELLS)
'c1 d1 e1 a3 g3 a4 g4 a5 g5 c7 d7 e7'
>>> cell_name(CENTRE), is_cell(cell_of("a1"))
('d4', False)
>>> sorted(cell_name(c) for c in reach(cell_of("d4"), 4, 0))[:3]
['a3', 'a5', 'b2']
>>> reach(cell_of("d4"), 5, 0), reach(cell_of("d4"), 6, 0)
([], [])
"""

from __future__ import annotations

from itertools import combinations

from tafel import parse_square, square_name

SIZE = 7

Cell = int
Mask = int


def _exists(x: int, y: int) -> bool:
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        return False
    if 1 <= x <= 5 and 1 <= y <= 5:
        return True
    return (2 <= x <= 4 and y in (0, 6)) or (2 <= y <= 4 and x in (0, 6))


#: Every space of the board, in frame order (rank 1 first).
CELLS: tuple[Cell, ...] = tuple(y * SIZE + x for y in range(SIZE) for x in range(SIZE) if _exists(x, y))
BOARD: Mask = sum(1 << c for c in CELLS)
#: The 12 spaces outside the square where the stacks start, in frame order.
START_CELLS: tuple[Cell, ...] = tuple(c for c in CELLS if not (1 <= c % SIZE <= 5 and 1 <= c // SIZE <= 5))
CENTRE: Cell = 3 * SIZE + 3

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def is_cell(cell: int) -> bool:
    return 0 <= cell < SIZE * SIZE and bool((BOARD >> cell) & 1)


def cell_of(name: str) -> Cell:
    """The frame index of a cell name like ``"c1"`` (Tafel's square names); a NotationError,
    which is a ValueError, for a name outside the 7x7 frame."""
    x, y = parse_square(name, SIZE, SIZE)
    return y * SIZE + x


def space_of(name: str) -> Cell:
    """The space named ``name``: :func:`cell_of`, with a ValueError also for a name in the 7x7
    frame that is not one of the 37 spaces (such as ``a1``, outside the start spaces)."""
    cell = cell_of(name)
    if not is_cell(cell):
        raise ValueError(f"{name} is not a space of the board")
    return cell


def cell_name(cell: Cell) -> str:
    """The name of a cell of the frame: ``c1``."""
    return square_name(cell % SIZE, cell // SIZE)


def xy(cell: Cell) -> tuple[int, int]:
    return cell % SIZE, cell // SIZE


def cells_of(mask: Mask) -> list[Cell]:
    """The cells of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _paths(cell: Cell, n: int) -> dict[Cell, tuple[Mask, ...]]:
    """Destinations at exactly ``n`` orthogonal steps with at most one 90-degree turn.

    Each destination maps to the masks of its possible paths (spaces entered, destination
    included, start excluded); the move is open when one of them is free.
    """
    x0, y0 = xy(cell)
    found: dict[Cell, set[Mask]] = {}
    for dx, dy in _STEPS:
        for k in range(1, n + 1):
            seconds = [(0, 0)] if k == n else [(dy, dx), (-dy, -dx)]
            for ex, ey in seconds:
                x, y, mask, ok = x0, y0, 0, True
                for i in range(n):
                    if i < k:
                        x, y = x + dx, y + dy
                    else:
                        x, y = x + ex, y + ey
                    if not _exists(x, y):
                        ok = False
                        break
                    mask |= 1 << (y * SIZE + x)
                if ok:
                    found.setdefault(y * SIZE + x, set()).add(mask)
    return {dest: tuple(sorted(masks)) for dest, masks in sorted(found.items())}


#: REACH[cell][n]: destination -> path masks, for a top number n in 1..6 (index 0 unused).
REACH: list[list[dict[Cell, tuple[Mask, ...]]]] = [
    [{}] + [_paths(c, n) if is_cell(c) else {} for n in range(1, 7)] for c in range(SIZE * SIZE)
]


def reach(cell: Cell, n: int, occupied: Mask) -> list[Cell]:
    """Where a stack with ``n`` on top can go from ``cell`` when ``occupied`` holds the stacks.

    >>> [cell_name(c) for c in reach(cell_of("c1"), 1, 0)]
    ['d1', 'c2']
    """
    return [dest for dest, masks in REACH[cell][n].items() if any(not m & occupied for m in masks)]


def path_cells(frm: Cell, to: Cell, n: int, occupied: Mask) -> list[Cell]:
    """The spaces a stack passes on a free way from ``frm`` to ``to`` (``to`` last), straight
    ways first; [] when there is none.

    >>> [cell_name(c) for c in path_cells(cell_of("c1"), cell_of("d3"), 3, 0)]
    ['d1', 'd2', 'd3']
    """
    x0, y0 = xy(frm)
    ways = []
    for dx, dy in _STEPS:
        for k in range(n, 0, -1):
            for ex, ey in [(0, 0)] if k == n else [(dy, dx), (-dy, -dx)]:
                x, y, cells = x0, y0, []
                for i in range(n):
                    x, y = (x + dx, y + dy) if i < k else (x + ex, y + ey)
                    if not _exists(x, y) or (occupied >> (y * SIZE + x)) & 1:
                        break
                    cells.append(y * SIZE + x)
                else:
                    if cells[-1] == to:
                        ways.append((k != n, cells))
    ways.sort(key=lambda w: w[0])
    return ways[0][1] if ways else []


def _king_neighbours(cell: Cell) -> Mask:
    x, y = xy(cell)
    mask = 0
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx or dy) and _exists(x + dx, y + dy):
                mask |= 1 << ((y + dy) * SIZE + x + dx)
    return mask


#: KING[cell]: the spaces touching ``cell`` orthogonally or diagonally.
KING: list[Mask] = [_king_neighbours(c) if is_cell(c) else 0 for c in range(SIZE * SIZE)]


def _connected(cells: tuple[Cell, ...]) -> bool:
    a, b, c = cells
    links = [(KING[p] >> q) & 1 for p, q in ((a, b), (a, c), (b, c))]
    return sum(links) >= 2


#: Triplet shapes as masks: three spaces touching in a chain (straight, diagonal or bent).
CHAIN_TRIPLES: tuple[Mask, ...] = tuple(
    (1 << a) | (1 << b) | (1 << c) for a, b, c in combinations(CELLS, 3) if _connected((a, b, c))
)


def _lines() -> tuple[Mask, ...]:
    out = []
    for c in CELLS:
        x, y = xy(c)
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if _exists(x + dx, y + dy) and _exists(x + 2 * dx, y + 2 * dy):
                out.append((1 << c) | (1 << (c + dy * SIZE + dx)) | (1 << (c + 2 * dy * SIZE + 2 * dx)))
    return tuple(sorted(out))


#: Triplet shapes of the straight-lines option: three in a row, column or diagonal.
LINE_TRIPLES: tuple[Mask, ...] = _lines()


def _by_lowest(triples: tuple[Mask, ...]) -> list[tuple[Mask, ...]]:
    table: list[list[Mask]] = [[] for _ in range(SIZE * SIZE)]
    for t in triples:
        table[(t & -t).bit_length() - 1].append(t)
    return [tuple(sorted(lst)) for lst in table]


#: Shapes indexed by their lowest cell, so each is looked at once when scanning a set of cells.
CHAIN_BY_LOW = _by_lowest(CHAIN_TRIPLES)
LINE_BY_LOW = _by_lowest(LINE_TRIPLES)


def _pair_zones(triples: tuple[Mask, ...]) -> list[Mask]:
    zones = [0] * (SIZE * SIZE * SIZE * SIZE)
    for t in triples:
        a, b, c = cells_of(t)
        for p, q, r in ((a, b, c), (a, c, b), (b, c, a)):
            zones[p * SIZE * SIZE + q] |= 1 << r
            zones[q * SIZE * SIZE + p] |= 1 << r
    return zones


#: PAIR_ZONE[a * 49 + b]: the spaces that complete a triplet shape with the spaces a and b.
CHAIN_PAIR_ZONE = _pair_zones(CHAIN_TRIPLES)
LINE_PAIR_ZONE = _pair_zones(LINE_TRIPLES)


def completing(mask: Mask, straight: bool = False) -> Mask:
    """Spaces outside ``mask`` where one more piece makes a triplet shape with two in ``mask``.

    >>> sorted(cell_name(c) for c in cells_of(completing((1 << cell_of("b2")) | (1 << cell_of("d2")), True)))
    ['c2']
    """
    table = LINE_PAIR_ZONE if straight else CHAIN_PAIR_ZONE
    cells = cells_of(mask)
    zone = 0
    n = SIZE * SIZE
    for i, a in enumerate(cells):
        row = a * n
        for b in cells[i + 1 :]:
            zone |= table[row + b]
    return zone & ~mask


def triples_in(mask: Mask, straight: bool = False) -> list[Mask]:
    """Every triplet shape lying wholly in ``mask``, in a stable order.

    >>> m = (1 << cell_of("b2")) | (1 << cell_of("c2")) | (1 << cell_of("c3"))
    >>> len(triples_in(m)), len(triples_in(m, straight=True))
    (1, 0)
    """
    table = LINE_BY_LOW if straight else CHAIN_BY_LOW
    out = []
    m = mask
    while m:
        low = m & -m
        for t in table[low.bit_length() - 1]:
            if t & mask == t:
                out.append(t)
        m ^= low
    return out


def has_triple(mask: Mask, straight: bool = False) -> bool:
    if mask.bit_count() < 3:
        return False
    table = LINE_BY_LOW if straight else CHAIN_BY_LOW
    m = mask
    while m:
        low = m & -m
        for t in table[low.bit_length() - 1]:
            if t & mask == t:
                return True
        m ^= low
    return False
