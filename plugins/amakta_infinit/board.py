"""The unbounded board of Amakta Infinit, a board of the Amakta rules library
(:mod:`tafel.games.amakta.rules.board`: the engine sees ``rays``, ``bases``, ``name`` and
``parse_field``)."""

from __future__ import annotations

from typing import cast

from tafel import NotationError
from tafel.games.amakta.rules.board import DIRECTIONS, MAX_REACH, Board, Cell, DataError


class _LazyRays(dict):
    """Rays of the unbounded board, computed when first asked for."""

    def __missing__(self, cell: tuple[int, int]) -> tuple[tuple[tuple[int, int], ...], ...]:
        x, y = cell
        value = tuple(
            tuple((x + k * dx, y + k * dy) for k in range(1, MAX_REACH + 1)) for dx, dy in DIRECTIONS
        )
        if len(self) > 200_000:  # long searches far apart: keep memory bounded
            self.clear()
        self[cell] = value
        return value


class InfiniteBoard(Board):
    """The unbounded board of Amakta Infinit: every ``(x, y)`` with even ``x + y`` is a field.

    The bases lie on row 0, White's at ``(0, 0)`` and Black's ``distance`` steps east. Field
    names are column and row in offset form, ``c,r``: the fields of a row have consecutive
    columns, and odd rows are shifted half a field to the right.

    >>> b = InfiniteBoard(3)
    >>> b.bases, b.name((6, 0)), b.parse_field("-2,-1"), b.name((-3, -1))
    (((0, 0), (6, 0)), '3,0', (-3, -1), '-2,-1')
    >>> b.rays[(0, 0)][3]
    ((-2, 0), (-4, 0), (-6, 0))
    """

    bases: tuple[tuple[int, int], tuple[int, int]]

    def __init__(self, distance: int, board_id: str = "infinite", title: str = "Unbounded board") -> None:
        if distance < 1:
            raise DataError(f"the bases must be at least 1 field apart, not {distance}")
        self.id = board_id
        self.title = title
        self.description = "Every field exists; no holes."
        self.finite = False
        self.distance_between_bases = distance
        self.bases = ((0, 0), (2 * distance, 0))
        self.rays = _LazyRays()
        self.fields = ()
        self.holes = ()

    def xy(self, cell: Cell) -> tuple[int, int]:
        return cell  # type: ignore[return-value]

    def cell_at(self, xy: tuple[int, int]) -> tuple[int, int] | None:
        x, y = xy
        return (x, y) if (x + y) % 2 == 0 else None

    def is_field(self, cell: Cell) -> bool:
        return (
            isinstance(cell, tuple)
            and len(cell) == 2
            and all(isinstance(v, int) for v in cell)
            and (cell[0] + cell[1]) % 2 == 0
        )

    def name(self, cell: Cell) -> str:
        x, y = cast("tuple[int, int]", cell)  # a field of this board: (x, y)
        return f"{(x - (y % 2)) // 2},{y}"

    def parse_field(self, text: str) -> tuple[int, int]:
        try:
            c_text, r_text = text.strip().split(",")
            c, r = int(c_text), int(r_text)
        except ValueError:
            raise NotationError(f"{text!r} is not a field (write column,row like 3,-2)") from None
        return (2 * c + (r % 2), r)
