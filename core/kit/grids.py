"""Grid geometry for board views: square and hex cells, fitted into a rectangle or seen through a camera.

A grid places *cells* (any hashable keys a game likes: ints of a bitboard, names, tuples) at
integer coordinates. :class:`SquareGrid` takes ``(column, row)`` with row 0 at the bottom (the
chess way; ``rows_up=False`` puts it at the top). :class:`HexGrid` takes axial ``(q, r)``: the
six neighbours differ by (+-1, 0), (0, +-1), (+1, -1) and (-1, +1); flat-topped cells stand in
columns of equal ``q`` (``r`` grows down the column), pointy-topped ones in rows of equal ``r``.

Geometry is computed in *world units* (a square's side, a hex's circumradius; y grows down the
screen) and turned into pixels by :meth:`Grid.fit` (a bounded board fitted into a rectangle)
or by a :class:`tafel.camera.Camera` (pan and zoom, unbounded boards: ``cells=None`` makes
every coordinate a cell).

>>> import pygame
>>> grid = SquareGrid({n: (n % 3, n // 3) for n in range(9)})  # tic-tac-toe, cell 0 = a1
>>> grid.fit(pygame.Rect(0, 0, 300, 300))
Rect(0, 0, 300, 300)
>>> grid.center(0), grid.cell_at((250, 40)), grid.rect(4)
((50, 250), 8, Rect(100, 100, 100, 100))
>>> hexes = HexGrid(hexagon(2))  # 19 flat-topped cells round (0, 0)
>>> _ = hexes.fit(pygame.Rect(0, 0, 400, 400))
>>> hexes.cell_at(hexes.center((1, -1))), hexes.cell_at((0, 0))
((1, -1), None)
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

import pygame

from tafel.camera import Camera

Cell = Hashable
#: A game's own kind of cell, as a board's cells are given (a ``dict[int, Coord]``, say): a
#: Mapping is invariant in its key, so a plain ``Mapping[Cell, Coord]`` would refuse one.
GivenCell = TypeVar("GivenCell", bound=Hashable)
Coord = tuple[int, int]
Point = tuple[float, float]
#: The square root of 3: a hexagon's width over its side, in every hex layout.
SQRT3 = math.sqrt(3.0)

__all__ = ["Cursor", "Grid", "HexGrid", "SquareGrid", "hexagon", "rectangle"]


def rectangle(columns: int, rows: int) -> list[Coord]:
    """Every ``(column, row)`` of a ``columns`` x ``rows`` board.

    >>> rectangle(2, 2)
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    return [(c, r) for r in range(rows) for c in range(columns)]


def hexagon(radius: int, center: Coord = (0, 0)) -> list[Coord]:
    """The axial coordinates of a hexagonal board: every cell at most ``radius`` steps from ``center``.

    >>> len(hexagon(4)), hexagon(1)[:3]
    (61, [(-1, 0), (-1, 1), (0, -1)])
    """
    q0, r0 = center
    return [
        (q0 + q, r0 + r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1)
    ]


class Grid(ABC):
    """Cells at coordinates, their shapes in world units, and the pixels they land on."""

    #: Screen directions of the arrow keys' coordinate steps; set by the subclasses.
    def __init__(
        self, cells: Mapping[GivenCell, Coord] | Iterable[Coord] | None, camera: Camera | None = None
    ):
        if cells is None:
            self.coords: dict[Cell, Coord] = {}
        elif isinstance(cells, Mapping):
            self.coords = {cell: (int(c[0]), int(c[1])) for cell, c in cells.items()}
        else:
            self.coords = {(int(c[0]), int(c[1])): (int(c[0]), int(c[1])) for c in cells}
        #: True when every coordinate is a cell (an unbounded board; cells are their coordinates).
        self.unbounded = cells is None
        self.cells: tuple[Cell, ...] = tuple(self.coords)
        self.index: dict[Coord, Cell] = {c: cell for cell, c in self.coords.items()}
        self.camera = camera
        self.scale = 1.0  # pixels per world unit when fitted
        self.origin = (0.0, 0.0)  # the pixel of world (0, 0)

    # --- to be given by each kind of grid --------------------------------------------------

    @abstractmethod
    def world(self, coord: Sequence[float]) -> Point:
        """The world point at the centre of coordinate ``coord`` (fractions allowed)."""

    @abstractmethod
    def coord_at(self, point: Point) -> Coord:
        """The coordinate whose cell holds the world ``point``."""

    @abstractmethod
    def corners(self) -> list[Point]:
        """A cell's outline round its centre, in world units."""

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells next to ``cell`` (sharing an edge)."""
        c = self.coords_of(cell)
        out = [self.cell_of((c[0] + dq, c[1] + dr)) for dq, dr in self.STEPS]  # type: ignore[attr-defined]
        return [n for n in out if n is not None]

    # --- cells and coordinates -------------------------------------------------------------

    def coords_of(self, cell: Cell) -> Coord:
        return cell if self.unbounded else self.coords[cell]  # type: ignore[return-value]

    def cell_of(self, coord: Coord) -> Cell | None:
        """The cell at ``coord``, or None off the board."""
        return coord if self.unbounded else self.index.get(coord)

    def __contains__(self, cell: object) -> bool:
        return cell in self.coords if not self.unbounded else isinstance(cell, tuple)

    def __len__(self) -> int:
        return len(self.cells)

    # --- world and screen --------------------------------------------------------------------

    def bounds(self, margin: float = 0.0) -> tuple[float, float, float, float]:
        """The world rectangle (x, y, width, height) round every cell, ``margin`` wider each side."""
        pts = [
            (x + dx, y + dy)
            for cell in self.cells
            for x, y in [self.world(self.coords[cell])]
            for dx, dy in self.corners()
        ]
        x0, y0 = min(p[0] for p in pts) - margin, min(p[1] for p in pts) - margin
        return (x0, y0, max(p[0] for p in pts) + margin - x0, max(p[1] for p in pts) + margin - y0)

    def fit(
        self, rect: pygame.Rect, area: tuple[float, float, float, float] | None = None, whole: bool = False
    ) -> pygame.Rect:
        """Scale and centre the world rectangle ``area`` (default: the cells' bounds) into ``rect``;
        ``whole`` keeps pixels per unit an integer (crisp square grids). Returns the pixels it covers."""
        x, y, w, h = area if area is not None else self.bounds()
        scale = max(1e-6, min(rect.width / w, rect.height / h))
        self.scale = float(max(1, int(scale))) if whole else scale
        pw, ph = w * self.scale, h * self.scale
        left, top = rect.centerx - pw / 2, rect.centery - ph / 2
        if whole:  # and cells' edges on whole pixels
            left, top = (
                round(left - x * self.scale) + x * self.scale,
                round(top - y * self.scale) + y * self.scale,
            )
        self.origin = (left - x * self.scale, top - y * self.scale)
        return pygame.Rect(round(left), round(top), round(pw), round(ph))

    @property
    def size(self) -> float:
        """Pixels per world unit (a square's side, a hex's circumradius) as drawn now."""
        return self.camera.zoom if self.camera is not None else self.scale

    def to_screen(self, point: Point) -> Point:
        if self.camera is not None:
            return self.camera.world_to_screen(point)
        return (self.origin[0] + point[0] * self.scale, self.origin[1] + point[1] * self.scale)

    def to_world(self, pos: Sequence[float]) -> Point:
        if self.camera is not None:
            return self.camera.screen_to_world((pos[0], pos[1]))
        return ((pos[0] - self.origin[0]) / self.scale, (pos[1] - self.origin[1]) / self.scale)

    def center(self, cell: Cell) -> tuple[int, int]:
        """The pixel at the centre of ``cell``."""
        x, y = self.to_screen(self.world(self.coords_of(cell)))
        return round(x), round(y)

    def polygon(self, cell: Cell, scale: float = 1.0) -> list[Point]:
        """The outline of ``cell`` in pixels (``scale`` shrinks it round its centre)."""
        cx, cy = self.world(self.coords_of(cell))
        return [self.to_screen((cx + dx * scale, cy + dy * scale)) for dx, dy in self.corners()]

    def rect(self, cell: Cell) -> pygame.Rect:
        """The pixel rectangle round ``cell``."""
        pts = self.polygon(cell)
        x0, y0 = round(min(p[0] for p in pts)), round(min(p[1] for p in pts))
        return pygame.Rect(x0, y0, round(max(p[0] for p in pts)) - x0, round(max(p[1] for p in pts)) - y0)

    def cell_at(self, pos: Sequence[float]) -> Cell | None:
        """The cell under the pixel ``pos``, or None off the board."""
        return self.cell_of(self.coord_at(self.to_world(pos)))

    def place(self, topleft: Sequence[float], scale: float) -> None:
        """Put the cells' bounds' top-left corner at the pixel ``topleft``, ``scale`` pixels per
        world unit: for a view that lays out its board itself instead of :meth:`fit`.

        >>> g = SquareGrid(rectangle(2, 2)); g.place((10, 20), 30); g.rect((0, 0))
        Rect(10, 50, 30, 30)
        """
        x, y, _, _ = self.bounds()
        self.scale, self.origin = float(scale), (topleft[0] - x * scale, topleft[1] - y * scale)

    # --- the rim -----------------------------------------------------------------------------

    def lines(self, axis: int) -> dict[int, list[Cell]]:
        """Cells grouped by coordinate ``axis`` (0: files / columns, 1: ranks / rows), each group in
        screen order (top to bottom, then left to right)."""
        groups: dict[int, list[Cell]] = {}
        for cell in self.cells:
            groups.setdefault(self.coords[cell][axis], []).append(cell)
        for cells in groups.values():
            cells.sort(key=lambda c: (round(self.world(self.coords[c])[1], 6), self.world(self.coords[c])[0]))
        return dict(sorted(groups.items()))

    def rim_labels(
        self, axis: int, name: Callable[[int], str], end: str = "first", distance: float = 0.66
    ) -> list[tuple[str, Point]]:
        """Coordinate labels: one per line of :meth:`lines`, in world units, just beyond the line's
        ``end`` ("first": top or left, "last": bottom or right), ``distance`` steps out along it.

        >>> g = SquareGrid(rectangle(3, 3))
        >>> g.rim_labels(0, "abc".__getitem__, "last")[0]
        ('a', (0.5, 1.16...))
        """
        out = []
        for value, cells in self.lines(axis).items():
            a = self.world(self.coords[cells[0 if end == "first" else -1]])
            if len(cells) > 1:
                b = self.world(self.coords[cells[1 if end == "first" else -2]])
            else:
                b = (
                    a[0] + (1.0 if axis else 0.0),
                    a[1] + (0.0 if axis else 1.0) * (1 if end == "first" else -1),
                )
            out.append((name(value), (a[0] + (a[0] - b[0]) * distance, a[1] + (a[1] - b[1]) * distance)))
        return out

    # --- the keyboard cursor -----------------------------------------------------------------

    @abstractmethod
    def step(self, cell: Cell, dx: int, dy: int, keep: float | None = None) -> tuple[Cell, float | None]:
        """The cursor's next cell for an arrow ``(dx, dy)`` (y up, as :data:`tafel.view.ARROW_KEYS`),
        and the screen line it keeps to (pass it back next time). It stays at the edge."""

    def _walk(self, coord: Coord, dq: int, dr: int, sidestep: int = 0) -> Cell | None:
        """The first cell from ``coord`` in steps of (dq, dr), over holes; with ``sidestep``, a
        hole straight on may lead to the nearest cell up to that many cells to either side."""
        limit = 64 if self.unbounded else 2 + max(abs(a) + abs(b) for a, b in self.coords.values())
        sides = [0] + [s for k in range(1, sidestep + 1) for s in (k, -k)]
        q, r = coord
        for _ in range(limit):
            q, r = q + dq, r + dr
            for side in sides:  # across the step: (|dr|, |dq|)
                cell = self.cell_of((q + side * abs(dr), r + side * abs(dq)))
                if cell is not None:
                    return cell
        return None


class SquareGrid(Grid):
    """Square cells of side 1 at ``(column, row)``; row 0 at the bottom unless ``rows_up`` is False.

    The cursor goes straight on over holes; with ``sidestep`` (on a board with holes at its
    edges, say a cross), a hole straight on leads to the nearest cell up to that many cells to
    either side (the nearer first, then the higher coordinate):

    >>> cross = SquareGrid([c for c in rectangle(3, 3) if c not in {(0, 0), (2, 0)}], sidestep=1)
    >>> cross.step((0, 1), 0, -1)[0], SquareGrid(cross.cells).step((0, 1), 0, -1)[0]
    ((1, 0), (0, 1))
    """

    STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))

    def __init__(
        self,
        cells: Mapping[GivenCell, Coord] | Iterable[Coord] | None,
        camera: Camera | None = None,
        rows_up: bool = True,
        sidestep: int = 0,
    ):
        self.rows_up, self.sidestep = rows_up, sidestep
        super().__init__(cells, camera)

    def world(self, coord: Sequence[float]) -> Point:
        return (coord[0] + 0.5, (-coord[1] if self.rows_up else coord[1]) + 0.5)

    def coord_at(self, point: Point) -> Coord:
        c, r = math.floor(point[0]), math.floor(point[1])
        return (c, -r if self.rows_up else r)

    def corners(self) -> list[Point]:
        return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]

    def step(self, cell: Cell, dx: int, dy: int, keep: float | None = None) -> tuple[Cell, float | None]:
        """>>> g = SquareGrid(rectangle(3, 3)); g.step((1, 1), 0, 1)
        ((1, 2), None)
        """
        nxt = self._walk(self.coords_of(cell), dx, dy if self.rows_up else -dy, self.sidestep)
        return (cell if nxt is None else nxt), None


class HexGrid(Grid):
    """Hexagons of circumradius 1 at axial ``(q, r)``, flat-topped (columns) or ``pointy`` (rows)."""

    STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

    def __init__(
        self,
        cells: Mapping[GivenCell, Coord] | Iterable[Coord] | None,
        camera: Camera | None = None,
        pointy: bool = False,
    ):
        self.pointy = pointy
        super().__init__(cells, camera)

    def world(self, coord: Sequence[float]) -> Point:
        q, r = coord
        if self.pointy:
            return (SQRT3 * (q + r / 2), 1.5 * r)
        return (1.5 * q, SQRT3 * (r + q / 2))

    def coord_at(self, point: Point) -> Coord:
        x, y = point
        if self.pointy:
            q, r = (SQRT3 / 3 * x - y / 3), 2 / 3 * y
        else:
            q, r = 2 / 3 * x, (-x / 3 + SQRT3 / 3 * y)
        # Round in cube coordinates: the nearest cell centre.
        s = -q - r
        rq, rr, rs = round(q), round(r), round(s)
        dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
        if dq > dr and dq > ds:
            rq = -rr - rs
        elif dr > ds:
            rr = -rq - rs
        return (int(rq), int(rr))

    def corners(self) -> list[Point]:
        turn = 30.0 if self.pointy else 0.0
        return [
            (math.cos(math.radians(turn + 60 * k)), math.sin(math.radians(turn + 60 * k))) for k in range(6)
        ]

    def step(self, cell: Cell, dx: int, dy: int, keep: float | None = None) -> tuple[Cell, float | None]:
        """Flat-topped: up and down along the column; left and right to the next column, zig-zagging
        to keep the screen row (``keep``). Pointy-topped: left and right along the row; up and down
        zig-zag round the column.

        >>> g = HexGrid(hexagon(2))
        >>> cell, keep = (-2, 1), None
        >>> for _ in range(4):
        ...     cell, keep = g.step(cell, 1, 0, keep)
        ...     print(cell, end=" ")
        (-1, 1) (0, 0) (1, 0) (2, -1)
        """
        q, r = self.coords_of(cell)
        along = (dx, 0) if self.pointy else (0, -dy)  # the straight direction
        if (self.pointy and dy == 0) or (not self.pointy and dx == 0):
            nxt = self._walk((q, r), *along)
            return (cell if nxt is None else nxt), None
        axis = 0 if self.pointy else 1  # the screen axis to keep: x for pointy, y for flat
        here = self.world((q, r))[axis]
        keep = here if keep is None else keep
        if self.pointy:
            options = [(q, r - 1), (q + 1, r - 1)] if dy > 0 else [(q - 1, r + 1), (q, r + 1)]
        else:
            options = [(q + dx, r), (q + dx, r - dx)]
        found = [(self.world(o)[axis], o) for o in options if self.cell_of(o) is not None]
        if not found:
            return cell, keep
        # The nearer the kept line; on a tie, down (flat) or left (pointy).
        _, best = min(found, key=lambda f: (round(abs(f[0] - keep), 6), -f[0] if not self.pointy else f[0]))
        return self.cell_of(best), keep


class Cursor:
    """A keyboard cursor on a grid: hidden until the first key, then moved by arrow keys.

    >>> c = Cursor(SquareGrid(rectangle(3, 3)))
    >>> c.show((1, 1)), c.move(-1, 0), c.cell
    (None, (0, 1), (0, 1))
    """

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.cell: Cell | None = None
        self.shown = False
        self._keep: float | None = None

    def show(self, cell: Cell) -> None:
        self.cell, self.shown, self._keep = cell, True, None

    def hide(self) -> None:
        self.shown = False

    def move(self, dx: int, dy: int) -> Cell | None:
        if self.cell is not None:
            self.cell, self._keep = self.grid.step(self.cell, dx, dy, self._keep)
        return self.cell
