"""Hex boards for Amakta: finite boards with holes (from data files); the family's other boards
(Amakta Infinit's unbounded one) offer the same three things.

Coordinates are **doubled** hex coordinates ``(x, y)``: ``y`` is the row (down is +1), ``x``
steps by 2 along a row and by 1 between rows, so ``x + y`` has one parity on a board. Rows
are horizontal, which is what the rules call the horizontals. Directions in piece order:

>>> DIRECTIONS[0], DIRECTIONS[1], DIRECTIONS[3]
((2, 0), (1, -1), (-2, 0))

Coordinates may be negative. The rules engine never looks at coordinates: it sees *cells*
(any hashable key) through three things a board offers:

- ``rays[cell]``: for each of the six directions, the cells 1, 2, 3 steps away, cut at the
  first position that is not a field (a hole or off the board), so an arrow reaching past
  it points nowhere and the cells it lists are exactly those an arrow can hit or cross;
- ``bases``: White's base (the west end of the middle row) and Black's (the east end);
- ``name(cell)`` / ``parse_field(text)`` for notation.

A :class:`HexBoard` numbers its fields 0..n-1 (row by row from the top) and precomputes its
rays (Amakta Infinit's ``InfiniteBoard``, in that plugin, uses ``(x, y)`` tuples as cells, has no
holes and computes rays on demand). Field names on a finite board are the row letter (``a`` at the top) and the
position in the row counted from its left end, holes included:

>>> b = HexBoard.from_rows("tiny", "Tiny", [" . . ", ". # .", " . . "])
>>> [b.name(c) for c in b.bases], len(b.fields), b.holes
(['b1', 'b3'], 6, ((2, 1),))
>>> b.parse_field("B3") == b.bases[1]
True
>>> [b.name(c) for c in b.rays[b.bases[0]][0]]
[]
>>> [b.name(c) for c in b.rays[b.parse_field("a1")][0]]
['a2']
"""

from __future__ import annotations

import abc
import json
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

from tafel import GameError, NotationError

Cell = Hashable
#: Doubled-coordinate steps of the six directions: E, NE, NW, W, SW, SE.
DIRECTIONS: tuple[tuple[int, int], ...] = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
#: An arrow reaches at most this far (red).
MAX_REACH = 3
ROW_LETTERS = "abcdefghijklmnopqrstuvwxyz"
FIELD_CHAR = "."
HOLE_CHAR = "#"
WHITE, BLACK = 0, 1


class DataError(GameError):
    """A board or set file that breaks the format; the message names the file."""


class Board(abc.ABC):
    """What the rules need from a board; see the module docstring."""

    id: str = ""
    title: str = ""
    description: str = ""
    #: True for boards with a finite list of fields (``fields``, ``holes`` are meaningful).
    finite: bool = True
    #: A finite board's fields (its cells) and holes (a hole's doubled coordinates).
    fields: tuple[Cell, ...]
    holes: tuple[tuple[int, int], ...]
    bases: tuple[Cell, Cell]
    rays: Any

    @abc.abstractmethod
    def xy(self, cell: Cell) -> tuple[int, int]:
        """Doubled hex coordinates of ``cell`` (for drawing)."""
        ...

    @abc.abstractmethod
    def cell_at(self, xy: tuple[int, int]) -> Cell | None:
        """The field at doubled coordinates ``xy``, or None for a hole or off the board."""
        ...

    @abc.abstractmethod
    def is_field(self, cell: Cell) -> bool: ...

    @abc.abstractmethod
    def name(self, cell: Cell) -> str: ...

    @abc.abstractmethod
    def parse_field(self, text: str) -> Cell: ...

    def distance(self, a: Cell, b: Cell) -> int:
        """Hex distance between two cells (steps, ignoring holes)."""
        (ax, ay), (bx, by) = self.xy(a), self.xy(b)
        dy = abs(ay - by)
        return dy + max(0, (abs(ax - bx) - dy) // 2)


class HexBoard(Board):
    """A finite board from rows of text: ``.`` a field, ``#`` a hole, space nothing."""

    def __init__(
        self,
        board_id: str,
        title: str,
        fields: Sequence[tuple[int, int]],
        holes: Sequence[tuple[int, int]] = (),
        description: str = "",
    ) -> None:
        self.id = board_id
        self.title = title
        self.description = description
        self.finite = True
        order = sorted(set(fields), key=lambda p: (p[1], p[0]))
        #: Doubled coordinates of each field, by field index.
        self.coords: tuple[tuple[int, int], ...] = tuple(order)
        self.fields: tuple[int, ...] = tuple(range(len(order)))
        self.holes: tuple[tuple[int, int], ...] = tuple(sorted(set(holes), key=lambda p: (p[1], p[0])))
        self._index = {p: i for i, p in enumerate(order)}
        rows = sorted({y for _, y in order} | {y for _, y in self.holes})
        self.rows = rows
        self._row_start: dict[int, int] = {}
        for y in rows:
            xs = [x for x, yy in order if yy == y] + [x for x, yy in self.holes if yy == y]
            self._row_start[y] = min(xs)
        mid = (rows[0] + rows[-1]) // 2
        mid_fields = [p for p in order if p[1] == mid]
        self.bases = (self._index[mid_fields[0]], self._index[mid_fields[-1]])
        self.rays: list[tuple[tuple[int, ...], ...]] = []
        for x, y in order:
            per_dir = []
            for dx, dy in DIRECTIONS:
                ray = []
                for k in range(1, MAX_REACH + 1):
                    idx = self._index.get((x + k * dx, y + k * dy))
                    if idx is None:
                        break
                    ray.append(idx)
                per_dir.append(tuple(ray))
            self.rays.append(tuple(per_dir))
        self._names = [self._name(i) for i in self.fields]
        self._by_name = {n: i for i, n in enumerate(self._names)}

    @classmethod
    def from_rows(cls, board_id: str, title: str, rows: Sequence[str], description: str = "") -> HexBoard:
        """A board from text rows, validated (raises :class:`DataError` naming the problem)."""
        where = f"board {board_id}"
        if not rows:
            raise DataError(f"{where}: 'rows' is empty")
        if len(rows) > len(ROW_LETTERS):
            raise DataError(f"{where}: {len(rows)} rows, at most {len(ROW_LETTERS)}")
        if len(rows) % 2 == 0:
            raise DataError(f"{where}: needs an odd number of rows (the middle row holds the bases)")
        fields: list[tuple[int, int]] = []
        holes: list[tuple[int, int]] = []
        parity = None
        for y, row in enumerate(rows):
            if not isinstance(row, str):
                raise DataError(f"{where}: row {y + 1} is not a string")
            for x, ch in enumerate(row):
                if ch == " ":
                    continue
                if ch != FIELD_CHAR and ch != HOLE_CHAR:
                    raise DataError(
                        f"{where}: row {y + 1} column {x + 1} has {ch!r}; use '.' for a field, "
                        "'#' for a hole, space for nothing"
                    )
                p = (x + y) % 2
                if parity is None:
                    parity = p
                elif p != parity:
                    raise DataError(
                        f"{where}: row {y + 1} column {x + 1} is off the hex grid "
                        "(neighbouring rows are shifted by one column, fields two columns apart)"
                    )
                (fields if ch == FIELD_CHAR else holes).append((x, y))
        if not fields:
            raise DataError(f"{where}: has no fields")
        everything = set(fields) | set(holes)
        xmin = min(x for x, _ in everything)
        xmax = max(x for x, _ in everything)
        ymax = len(rows) - 1
        fset, hset = set(fields), set(holes)
        for name, flip in (
            ("top to bottom", lambda p: (p[0], ymax - p[1])),
            ("left to right", lambda p: (xmin + xmax - p[0], p[1])),
        ):
            for group in (fset, hset):
                for point in group:
                    if flip(point) not in group:
                        raise DataError(
                            f"{where}: not symmetric {name} (row {point[1] + 1} column {point[0] + 1} has no"
                            " mirror image)"
                        )
        mid = ymax // 2
        mid_all = sorted(x for x, y in everything if y == mid)
        mid_fields = sorted(x for x, y in fset if y == mid)
        if len(mid_fields) < 2 or mid_all[0] != mid_fields[0]:
            raise DataError(f"{where}: the middle row must start and end with a field (the two bases)")
        return cls(board_id, title, fields, holes, description)

    # --- geometry -----------------------------------------------------------------------------

    def xy(self, cell: Cell) -> tuple[int, int]:
        return self.coords[cell]  # type: ignore[index, call-overload]

    def cell_at(self, xy: tuple[int, int]) -> int | None:
        return self._index.get(tuple(xy))  # type: ignore[arg-type]

    def is_field(self, cell: Cell) -> bool:
        return isinstance(cell, int) and 0 <= cell < len(self.coords)

    # --- names --------------------------------------------------------------------------------

    def _name(self, cell: int) -> str:
        x, y = self.coords[cell]
        return f"{ROW_LETTERS[y - self.rows[0]]}{(x - self._row_start[y]) // 2 + 1}"

    def name(self, cell: Cell) -> str:
        return self._names[cell]  # type: ignore[index, call-overload]

    def parse_field(self, text: str) -> int:
        cell = self._by_name.get(text.strip().lower())
        if cell is None:
            raise NotationError(f"{text!r} is not a field of the board {self.title}")
        return cell

    def __repr__(self) -> str:
        return f"HexBoard({self.id!r}, {len(self.fields)} fields, {len(self.holes)} holes)"


# --- data files ----------------------------------------------------------------------------------

BOARD_KEYS = {"name", "description", "order", "rows"}


def read_json(path: Path, what: str) -> dict[str, Any]:
    """A JSON object from ``path``; :class:`DataError` with the file and the line otherwise."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise DataError(f"{what} {path.name}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except OSError as exc:
        raise DataError(f"{what} {path.name}: cannot be read ({exc.strerror})") from None
    if not isinstance(data, dict):
        raise DataError(f"{what} {path.name}: must hold a JSON object")
    return data


def check_keys(data: dict[str, Any], allowed: set[str], required: Sequence[str], where: str) -> None:
    for key in data:
        if key not in allowed:
            raise DataError(f"{where}: unknown key {key!r} (keys: {', '.join(sorted(allowed))})")
    for key in required:
        if key not in data:
            raise DataError(f"{where}: missing key {key!r}")
    for key in ("name", "description"):
        if key in data and not isinstance(data[key], str):
            raise DataError(f"{where}: {key!r} must be a string")
    if "order" in data and (not isinstance(data["order"], int) or isinstance(data["order"], bool)):
        raise DataError(f"{where}: 'order' must be a whole number")


def board_from_data(board_id: str, data: dict[str, Any]) -> HexBoard:
    """A board from a parsed board file; see ``data/README.md`` for the format."""
    where = f"board {board_id}"
    check_keys(data, BOARD_KEYS, ("name", "rows"), where)
    rows = data["rows"]
    if not isinstance(rows, list):
        raise DataError(f"{where}: 'rows' must be a list of strings")
    board = HexBoard.from_rows(board_id, data["name"], rows, data.get("description", ""))
    board.order = data.get("order", 100)  # type: ignore[attr-defined]
    return board


def load_board(path: Path) -> HexBoard:
    """A board file (``<id>.json``), validated."""
    data = read_json(path, "board")
    try:
        return board_from_data(path.stem, data)
    except DataError as exc:
        raise DataError(str(exc).replace(f"board {path.stem}:", f"board {path.name}:", 1)) from None
