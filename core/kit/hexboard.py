"""Hex boards in rows: pointy-topped hexagons named by *doubled* coordinates, fitted or under a camera.

Many hex games number their fields in rows, each row shifted half a field against the next.
*Doubled* coordinates ``(x, y)`` name them with whole numbers: ``y`` is the row (down the
screen), ``x`` grows by 2 from a field to its right neighbour, so the six neighbours differ by
(+-2, 0) and (+-1, +-1) and ``x + y`` has the same parity on every field.
:class:`DoubledHexGrid` is the kit's pointy :class:`~tafel.kit.grids.HexGrid` with such names:
pixel to cell, cell outlines and keyboard steps come from the kit; cells may be any keys with a
doubled coordinate each, or, on an unbounded board (``cells=None``, seen through a camera), the
coordinates themselves.

>>> import pygame
>>> grid = DoubledHexGrid({"a": (1, 0), "b": (3, 0), "c": (2, 1)})
>>> grid.fit_xy(pygame.Rect(0, 0, 400, 300), [(1, 0), (3, 0), (2, 1)], pad=(2.0, 2.0))
>>> grid.cell_at(grid.point("c")), grid.step("a", 0, -1)[0], round(grid.size, 1)
('c', 'c', 85.7)
>>> free = DoubledHexGrid(None)
>>> free.to_axial((5, 1)), free.cell_of((2, 1)), free.neighbours((0, 0))[:2]
((2, 1), (5, 1), [(2, 0), (1, -1)])
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

import pygame

from tafel.camera import Camera
from tafel.kit.grids import HexGrid
from tafel.kit.pieces import polygon

Cell = Hashable
#: A game's own kind of cell, as its board's cells are given (see tafel.kit.grids.GivenCell).
GivenCell = TypeVar("GivenCell", bound=Hashable)
XY = tuple[int, int]
Point = tuple[float, float]
SQRT3 = math.sqrt(3.0)

__all__ = ["SQRT3", "DoubledHexGrid", "dashed", "hex_points", "x_mark"]


def hex_points(cx: float, cy: float, r: float, pointy: bool = True) -> list[Point]:
    """Corners of a hexagon of circumradius ``r`` round ``(cx, cy)``: pointy-topped (a corner
    up) or flat-topped.

    >>> [(round(x), round(y)) for x, y in hex_points(0, 0, 10)][:2]
    [(9, -5), (9, 5)]
    """
    return polygon(cx, cy, r, 6, -30.0 if pointy else 0.0)


def dashed(
    surface: pygame.Surface, colour: Sequence[int], start: Point, end: Point, width: int, dash: float
) -> None:
    """A dashed line from ``start`` to ``end``, dashes and gaps about ``dash`` pixels long.

    >>> surface = pygame.Surface((50, 10))
    >>> dashed(surface, (255, 255, 255), (0, 5), (50, 5), 2, dash=5)
    >>> [surface.get_at((x, 5))[0] for x in (2, 7, 12)]
    [255, 0, 255]
    """
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    n = max(1, int(length / dash))
    for k in range(0, n, 2):
        a, b = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(
            surface,
            colour,
            (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
            (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
            width,
        )


def x_mark(surface: pygame.Surface, colour: Sequence[int], center: Point, half: float, width: int) -> None:
    """An upright cross (x) of two lines ``2 * half`` pixels wide: "blocked", "gone".

    >>> surface = pygame.Surface((20, 20))
    >>> x_mark(surface, (232, 80, 80), (10, 10), 6, 2)
    >>> surface.get_at((10, 10))[:3], surface.get_at((10, 3))[:3]
    ((232, 80, 80), (0, 0, 0))
    """
    x, y = center
    pygame.draw.line(surface, colour, (x - half, y - half), (x + half, y + half), width)
    pygame.draw.line(surface, colour, (x - half, y + half), (x + half, y - half), width)


class DoubledHexGrid(HexGrid):
    """Pointy-topped hexes (circumradius 1) whose cells sit at doubled coordinates ``(x, y)``.

    ``cells`` maps each cell to its doubled coordinate (holes are simply not cells), or is None
    for an unbounded board whose cells are the doubled coordinates with even ``x + y``.
    """

    def __init__(self, cells: Mapping[GivenCell, XY] | None, camera: Camera | None = None) -> None:
        #: 0 when ``x + y`` is even on the cells, 1 when odd (a board may number either way).
        self.parity = 0 if not cells else sum(next(iter(cells.values()))) % 2
        axial = None if cells is None else {cell: self.to_axial(xy) for cell, xy in cells.items()}
        super().__init__(axial, camera, pointy=True)

    def to_axial(self, xy: Sequence[int]) -> XY:
        """The kit's axial ``(q, r)`` of a doubled coordinate."""
        return ((xy[0] - xy[1] - self.parity) // 2, xy[1])

    def to_doubled(self, qr: Sequence[int]) -> XY:
        return (2 * qr[0] + qr[1] + self.parity, qr[1])

    def coords_of(self, cell: Cell) -> XY:
        return self.to_axial(cell) if self.unbounded else self.coords[cell]  # type: ignore[arg-type]

    def cell_of(self, coord: XY) -> Cell | None:
        return self.to_doubled(coord) if self.unbounded else self.index.get(coord)

    def __contains__(self, cell: object) -> bool:
        if self.unbounded:
            return isinstance(cell, tuple) and len(cell) == 2 and (cell[0] + cell[1]) % 2 == 0
        return cell in self.coords

    def spot(self, xy: Sequence[int]) -> Point:
        """The pixel (not rounded) at the centre of the doubled coordinate ``xy``, a cell or not."""
        return self.to_screen(self.world(self.to_axial(xy)))

    def point(self, cell: Cell) -> Point:
        """The pixel (not rounded) at the centre of ``cell``: smooth under a moving camera."""
        return self.to_screen(self.world(self.coords_of(cell)))

    def fit_xy(
        self, rect: pygame.Rect, xys: Iterable[Sequence[int]], pad: tuple[float, float], least: float = 4.0
    ) -> None:
        """Fit the centres ``xys`` (cells, holes: every doubled coordinate drawn) into ``rect``, with
        ``pad`` world units (width, height) round the centres for the cells' halves and labels, at
        ``least`` pixels per unit; centred."""
        pts = list(xys)
        xmin, xmax = min(p[0] for p in pts), max(p[0] for p in pts)
        ymin, ymax = min(p[1] for p in pts), max(p[1] for p in pts)
        span_w = (xmax - xmin) * SQRT3 / 2 + pad[0]
        span_h = (ymax - ymin) * 1.5 + pad[1]
        s = self.scale = max(least, min(rect.width / span_w, rect.height / span_h))
        width, height = (xmax - xmin) * SQRT3 / 2 * s, (ymax - ymin) * 1.5 * s
        self.origin = (
            rect.centerx - width / 2 - xmin * SQRT3 / 2 * s,
            rect.centery - height / 2 - ymin * 1.5 * s,
        )

    def world(self, coord: Sequence[float]) -> Point:
        # The doubled x straight from the axial q: x * sqrt(3) / 2 without a second rounding.
        q, r = coord
        return ((2 * q + r + self.parity) * SQRT3 / 2, r * 1.5)

    def coord_at(self, point: Point) -> XY:
        return super().coord_at((point[0] - self.parity * SQRT3 / 2, point[1]))
