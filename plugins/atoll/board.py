"""Atoll board geometry: cells as bit indices, bitboards as Python ints.

Cells are given in the readings' (column ``c``, half-row ``r``) coordinates: a cell exists
only where ``c`` and ``r`` have the same parity, and the neighbours of ``(c, r)`` are
``(c, r +- 2)`` and ``(c +- 1, r +- 1)``. Hexes are flat-topped, so a column is a straight
vertical line and ``r`` grows downwards.

For bit-parallel neighbour steps each cell gets the bit of its axial coordinates
``q = c``, ``s = (r - c) / 2``: bit ``q * stride + slot(s)``. In axial coordinates the six
neighbours are the steps ``s +- 1`` (bit +-1), ``q +- 1`` (bit +-stride) and ``(q + 1, s - 1)``,
``(q - 1, s + 1)`` (bit +-(stride - 1)), so "every neighbour of a set" is six shifts. One
unused slot at each end of a column keeps shifts from wrapping into the next column.

>>> b = Board.get(11)
>>> len(b.playable), sum(len(i.cells) for i in b.islands)
(104, 36)
>>> b.name(b.parse_cell("f7"))
'f7'
>>> sorted(b.name(n) for n in b.neighbours[b.parse_cell("f7")])
['e6', 'e7', 'f6', 'f8', 'g6', 'g7']
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel import square_name

Bitboard = int
Cell = int

#: Colours: Black places first. A colour is not a seat (the pie rule can swap them).
BLACK = 0
WHITE = 1
COLOR_NAMES = ("Black", "White")

#: Playable column counts offered: the standard board and the two larger ones.
SIZES = (11, 15, 19)
SIZES_TEXT = "11, 15 or 19"
STANDARD = 11

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Island:
    """One island: a group of permanent stones of its owner's colour on the rim."""

    key: str
    name: str
    owner: int
    #: (c, r) of its stones.
    cells: tuple[tuple[int, int], ...]
    mask: Bitboard


class Board:
    """The board of ``size`` playable columns (11, 15 or 19). Shared and immutable: use ``Board.get``.

    Attributes (all read-only):

    - ``playable``: list of the playable cells (bit indices), left to right, top to bottom;
    - ``playable_mask``, ``all_mask``: bitboards of playable cells and of every cell;
    - ``islands``: the eight :class:`Island`, clockwise from north-west;
    - ``island_mask[colour]``: every island stone of that colour;
    - ``pairs[colour]``: that colour's two pairs of opposite islands, as (mask, mask, label);
    - ``neighbours[cell]``: neighbouring cells (islands included);
    - ``coords[cell]``: (c, r) of a cell.
    """

    _cache: dict[int, Board] = {}

    @classmethod
    def get(cls, size: int) -> Board:
        board = cls._cache.get(size)
        if board is None:
            if size not in SIZES:
                raise ValueError(f"Atoll boards have {SIZES_TEXT} playable columns, not {size}")
            board = cls._cache[size] = cls(size)
        return board

    def __reduce__(self):
        # States are pickled for the AI worker; the geometry is rebuilt (cached) from the size.
        return (Board.get, (self.size,))

    def __init__(self, size: int) -> None:
        n = size
        self.size = n
        #: Half-row of the bottom edge; the board's centre is (c, r) = ((n + 1) / 2, n).
        self.max_r = 2 * n
        self.columns = n + 2
        playable_cr: list[tuple[int, int]] = []
        for c in range(1, n + 1):
            rows = range(3, 2 * n - 2, 2) if c % 2 else range(2, 2 * n - 1, 2)
            playable_cr.extend((c, r) for r in rows)

        gap = (n + 1) // 2  # the column between the two northern (and southern) islands

        def top(cs):
            return tuple((c, 1 if c % 2 else 0) for c in cs)

        def bottom(cs):
            return tuple((c, 2 * n - 1 if c % 2 else 2 * n) for c in cs)

        west, east = range(1, gap), range(gap + 1, n + 1)
        upper, lower = range(4, n, 2), range(n + 1, 2 * n - 3, 2)
        island_specs = [
            ("nw", "north-west", WHITE, top(west)),
            ("ne", "north-east", BLACK, top(east)),
            ("eu", "upper east", WHITE, tuple((n + 1, r) for r in upper)),
            ("el", "lower east", BLACK, tuple((n + 1, r) for r in lower)),
            ("se", "south-east", WHITE, bottom(east)),
            ("sw", "south-west", BLACK, bottom(west)),
            ("wl", "lower west", WHITE, tuple((0, r) for r in lower)),
            ("wu", "upper west", BLACK, tuple((0, r) for r in upper)),
        ]
        every = playable_cr + [cr for spec in island_specs for cr in spec[3]]
        s_values = [(r - c) // 2 for c, r in every]
        s_min = min(s_values)
        self.stride = max(s_values) - s_min + 3
        self._s_min = s_min

        def bit_of(c: int, r: int) -> int:
            return c * self.stride + (r - c) // 2 - s_min + 1

        self.bit_of_cr = bit_of
        self.index: dict[tuple[int, int], Cell] = {cr: bit_of(*cr) for cr in every}
        self.coords: dict[Cell, tuple[int, int]] = {i: cr for cr, i in self.index.items()}
        self.playable: list[Cell] = [bit_of(c, r) for c, r in sorted(playable_cr)]
        self.playable_set = frozenset(self.playable)
        self.playable_mask: Bitboard = sum(1 << i for i in self.playable)
        self.all_mask: Bitboard = sum(1 << i for i in self.index.values())
        self.bits = max(self.index.values()) + 1

        self.islands: list[Island] = []
        for key, name, owner, cells in island_specs:
            mask = sum(1 << bit_of(c, r) for c, r in cells)
            self.islands.append(Island(key, name, owner, cells, mask))
        self.island_of: dict[Cell, Island] = {bit_of(c, r): isl for isl in self.islands for c, r in isl.cells}
        by_key = {isl.key: isl for isl in self.islands}
        self.island_mask = [
            sum(isl.mask for isl in self.islands if isl.owner == colour) for colour in (BLACK, WHITE)
        ]
        #: Opposite islands (a half turn apart) per colour.
        pair_keys = {BLACK: (("ne", "sw"), ("wu", "el")), WHITE: (("nw", "se"), ("eu", "wl"))}
        self.pairs: list[list[tuple[Bitboard, Bitboard, str]]] = [
            [
                (by_key[a].mask, by_key[b].mask, f"{by_key[a].name} to {by_key[b].name}")
                for a, b in pair_keys[col]
            ]
            for col in (BLACK, WHITE)
        ]

        self.neighbours: dict[Cell, tuple[Cell, ...]] = {}
        for (c, r), i in self.index.items():
            around = [(c, r - 2), (c + 1, r - 1), (c + 1, r + 1), (c, r + 2), (c - 1, r + 1), (c - 1, r - 1)]
            self.neighbours[i] = tuple(self.index[cr] for cr in around if cr in self.index)

        # Cell names (Tafel's square names): a column letter and a number counted from the
        # bottom of that column.
        self.column_rows = {c: (n - 2 if c % 2 else n - 1) for c in range(1, n + 1)}
        self.names: dict[Cell, str] = {}
        self.by_name: dict[str, Cell] = {}
        for c, r in playable_cr:
            number = (2 * n - 2 - r) // 2 + 1
            name = square_name(c - 1, number - 1)
            self.names[bit_of(c, r)] = name
            self.by_name[name] = bit_of(c, r)

        stride = self.stride
        self._shifts = (1, stride, stride - 1)

    # --- bitboard helpers ------------------------------------------------------------------

    def spread(self, x: Bitboard) -> Bitboard:
        """``x`` and every cell next to it (only existing cells).

        >>> b = Board.get(11)
        >>> f7 = b.parse_cell("f7")
        >>> (b.spread(1 << f7) ^ (1 << f7)).bit_count()
        6
        """
        w = self.stride
        return (x | x << 1 | x >> 1 | x << w | x >> w | x << (w - 1) | x >> (w - 1)) & self.all_mask

    def flood(self, seed: Bitboard, mask: Bitboard) -> Bitboard:
        """The cells of ``mask`` connected to ``seed & mask`` through ``mask``."""
        w = self.stride
        v = w - 1
        x = seed & mask
        while True:
            y = (x | x << 1 | x >> 1 | x << w | x >> w | x << v | x >> v) & mask
            if y == x:
                return x
            x = y

    def connected(self, stones: Bitboard, colour: int) -> str | None:
        """The pair label that ``stones`` (placed stones of ``colour``) join, or None.

        >>> b = Board.get(11)
        >>> b.connected(0, BLACK) is None
        True
        """
        mask = stones | self.island_mask[colour]
        w = self.stride
        v = w - 1
        for a, target, label in self.pairs[colour]:
            x = a
            while True:
                if x & target:
                    return label
                y = (x | x << 1 | x >> 1 | x << w | x >> w | x << v | x >> v) & mask
                if y == x:
                    break
                x = y
        return None

    def joins(self, stones: Bitboard, colour: int) -> bool:
        """True when ``stones`` (placed stones of ``colour``) join a pair of its opposite islands.

        The same answer as ``connected(...) is not None``, tuned for the AI's playouts, which ask
        it once per random game. A flood step needs three shifts, not six: with
        ``up = x | x << 1``, the six neighbours are ``x >> 1``, ``up`` and ``up`` shifted by
        ``stride - 1`` either way (``up >> stride`` holds ``x >> (stride - 1)``). Two steps are taken
        between the tests (a flood only grows, so a touch or a standstill is still seen).

        >>> b = Board.get(11)
        >>> column_f = sum(1 << b.parse_cell(f"f{n}") for n in range(1, 11))
        >>> b.joins(column_f, BLACK), b.joins(column_f & ~(1 << b.parse_cell("f5")), BLACK)
        (True, False)
        """
        mask = stones | self.island_mask[colour]
        w = self.stride
        v = w - 1
        for x, target, _ in self.pairs[colour]:
            while True:
                up = x | x << 1
                x = (up | x >> 1 | up << v | up >> w) & mask
                up = x | x << 1
                y = (up | x >> 1 | up << v | up >> w) & mask
                if y & target:
                    return True
                if y == x:
                    break
                x = y
        return False

    def winning_cells(self, stones: Bitboard, colour: int, empty: Bitboard) -> Bitboard:
        """Empty cells where one more stone of ``colour`` joins a pair of its opposite islands."""
        mask = stones | self.island_mask[colour]
        found = 0
        for a, b, _ in self.pairs[colour]:
            fa = self.flood(a, mask)
            if fa & b:
                return 0  # already joined: the game is over, there is nothing to win
            fb = self.flood(b, mask)
            found |= self.spread(fa) & self.spread(fb)
        return found & empty

    def cells_of(self, bb: Bitboard) -> list[Cell]:
        """The cells of a bitboard, lowest bit first."""
        out = []
        while bb:
            low = bb & -bb
            out.append(low.bit_length() - 1)
            bb ^= low
        return out

    # --- names -------------------------------------------------------------------------------

    def name(self, cell: Cell) -> str:
        return self.names[cell]

    def parse_cell(self, text: str) -> Cell:
        """The playable cell named ``text`` (``f7``). Raises ValueError with a one-line reason."""
        t = text.strip().lower()
        cell = self.by_name.get(t)
        if cell is not None:
            return cell
        last = COLUMN_LETTERS[self.size - 1]
        if len(t) < 2 or t[0] not in COLUMN_LETTERS or not t[1:].isdigit():
            raise ValueError(
                f"{text.strip()!r} is not a cell name (a column a-{last} and a row number, like f7)"
            )
        col = COLUMN_LETTERS.index(t[0]) + 1
        if col > self.size:
            raise ValueError(f"{t} is off the board: columns run a-{last}")
        raise ValueError(f"{t} is off the board: column {t[0]} has rows 1-{self.column_rows[col]}")

    def distance(self, own: Bitboard, blocked: Bitboard, colour: int) -> int:
        """Fewest more stones ``colour`` needs to join one of its pairs (a 0-1 breadth-first search
        on bitboards: own stones cost nothing, empty cells one, ``blocked`` cells are walls).

        >>> b = Board.get(11)
        >>> b.distance(0, 0, BLACK)
        10
        """
        own |= self.island_mask[colour]
        free = self.playable_mask & ~(own | blocked)
        best = 1 << 30
        for a, target, _ in self.pairs[colour]:
            reach = self.flood(a, own)
            steps = 0
            while not reach & target:
                grown = self.spread(reach) & free
                if not grown & ~reach:
                    steps = 1 << 30
                    break
                reach = self.flood(reach | grown, own | grown | reach)
                steps += 1
                if steps >= best:
                    break
            best = min(best, steps)
        return best
