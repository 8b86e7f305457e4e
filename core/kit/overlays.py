"""Marks over a board: cell highlights (hover, selection, last move), legal targets, the keyboard
cursor, hint arrows and a winning chain. Cell-shaped marks follow the grid (squares or hexes).

>>> import pygame
>>> from tafel.kit.grids import HexGrid, hexagon
>>> grid = HexGrid(hexagon(2)); _ = grid.fit(pygame.Rect(0, 0, 200, 200))
>>> mark = cell_mark(grid, fill=(255, 255, 255, 40))
>>> mark.get_size() == (math.ceil(2 * grid.size) + 2,) * 2
True
>>> target(20, (120, 230, 140), ring=True).get_size()
(20, 20)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence

import pygame

from tafel.kit.grids import Grid, SquareGrid
from tafel.kit.pieces import rounded, supersampled
from tafel.view import darken, mix

Color = Sequence[int]
Point = tuple[float, float]

__all__ = ["arrow", "blit_centered", "cell_mark", "draw_chain", "draw_cursor", "draw_hint", "pulse", "target"]


def pulse(time: float, speed: float = 5.0) -> float:
    """0..1 and back, for marks that breathe.

    >>> import math
    >>> pulse(0.0), round(pulse(math.pi / 10), 3)
    (0.5, 1.0)
    """
    return 0.5 + 0.5 * math.sin(time * speed)


def blit_centered(surface: pygame.Surface, image: pygame.Surface, at: Sequence[float]) -> None:
    """Draw ``image`` on ``surface`` with its centre at ``at`` (rounded to whole pixels).

    >>> board, piece = pygame.Surface((100, 100)), pygame.Surface((10, 10))
    >>> _ = piece.fill((255, 0, 0))
    >>> blit_centered(board, piece, (50.4, 20))
    >>> board.get_at((50, 20))[:3], board.get_at((40, 20))[:3]
    ((255, 0, 0), (0, 0, 0))
    """
    surface.blit(image, image.get_rect(center=(round(at[0]), round(at[1]))))


def cell_mark(
    grid: Grid,
    fill: Color | None = None,
    edge: Color | None = None,
    width: float = 0.1,
    scale: float = 0.92,
    corner: float = 0.14,
) -> pygame.Surface:
    """A cell-shaped mark (filled and/or outlined, ``width`` in cell units) the size of one cell,
    to be blitted centred on a cell with :func:`blit_centered`.

    >>> grid = SquareGrid({(c, r): (c, r) for c in range(3) for r in range(3)})
    >>> _ = grid.fit(pygame.Rect(0, 0, 90, 90))
    >>> mark = cell_mark(grid, fill=(255, 235, 120))  # one cell's highlight
    >>> mark.get_size()
    (62, 62)
    """
    unit = grid.size
    side = math.ceil(2 * unit) + 2

    def paint(big: pygame.Surface, ss: int) -> None:
        c = side * ss / 2
        pts = [(c + x * unit * ss * scale, c + y * unit * ss * scale) for x, y in grid.corners()]
        pts = rounded(pts, unit * ss * corner)
        if fill is not None:
            pygame.draw.polygon(big, fill, pts)
        if edge is not None:
            pygame.draw.polygon(big, edge, pts, max(1, round(width * unit * ss)))

    return supersampled((side, side), paint, 3)


def target(size: int, color: Color, ring: bool) -> pygame.Surface:
    """A legal-target marker: a filled dot (near) or a ring (far): shapes, not only colours.

    >>> from tafel.kit import ring
    >>> dot, circle = target(30, (120, 230, 140), ring=False), target(30, (110, 170, 255), ring=True)
    >>> dot.get_at((15, 15)).a > 0, circle.get_at((15, 15)).a
    (True, 0)
    """

    def paint(big: pygame.Surface, ss: int) -> None:
        s = size * ss
        c = (s / 2, s / 2)
        outline = (*darken(color, 0.55), 210)
        if ring:
            r, w = s * 0.2, s * 0.06
            pygame.draw.circle(big, outline, c, r + w * 0.35, round(w * 1.7))
            pygame.draw.circle(big, (*color[:3], 240), c, r, round(w))
        else:
            pygame.draw.circle(big, outline, c, s * 0.16)
            pygame.draw.circle(big, (*color[:3], 240), c, s * 0.14)

    return supersampled((size, size), paint)


def arrow(surface: pygame.Surface, color: Color, a: Point, b: Point, width: float) -> None:
    """An arrow from ``a`` to ``b`` with a triangular head.

    >>> surface = pygame.Surface((60, 20))
    >>> arrow(surface, (255, 140, 60), (5, 10), (55, 10), 4)
    >>> surface.get_at((30, 10))[:3]
    (255, 140, 60)
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = min(length * 0.5, width * 3.2)
    neck = (b[0] - ux * head, b[1] - uy * head)
    pygame.draw.line(surface, color, a, neck, max(1, round(width)))
    side = (-uy * head * 0.6, ux * head * 0.6)
    pygame.draw.polygon(
        surface, color, [b, (neck[0] + side[0], neck[1] + side[1]), (neck[0] - side[0], neck[1] - side[1])]
    )


def draw_hint(
    surface: pygame.Surface, grid: Grid, frm: Hashable | None, to: Hashable | None, color: Color, time: float
) -> None:
    """A suggested move: a breathing outline on its target (a dot too when it has no source), an
    outline on its source and an arrow between.

    >>> grid = SquareGrid({(c, r): (c, r) for c in range(3) for r in range(3)})
    >>> _ = grid.fit(pygame.Rect(0, 0, 90, 90))
    >>> surface = pygame.Surface((90, 90))
    >>> draw_hint(surface, grid, (0, 0), (2, 2), (240, 90, 240), time=0.0)
    >>> surface.get_bounding_rect().width > 0
    True
    """
    p = pulse(time)
    col = mix(color, (255, 255, 255), 0.35 * p)
    width = max(2, round(grid.size / 9))
    if frm is not None:
        pygame.draw.polygon(surface, col, grid.polygon(frm, 0.95), width)
    if to is not None:
        pygame.draw.polygon(surface, col, grid.polygon(to, 0.72 + 0.08 * p), width)
        if frm is None:  # nothing moves there: a dot says "play here"
            pygame.draw.circle(surface, col, grid.center(to), max(3, round(grid.size / 12)))
    if frm is not None and to is not None:
        (ax, ay), (bx, by) = grid.center(frm), grid.center(to)
        d = math.hypot(bx - ax, by - ay) or 1.0
        inset = grid.size * 0.45
        a = (ax + (bx - ax) * inset / d, ay + (by - ay) * inset / d)
        b = (bx - (bx - ax) * inset / d, by - (by - ay) * inset / d)
        arrow(surface, col, a, b, max(2, grid.size / 8))


def draw_cursor(surface: pygame.Surface, grid: Grid, cell: Hashable, color: Color, shadow: Color) -> None:
    """The keyboard cursor: corner brackets on a square, an outline on other cells.

    >>> grid = SquareGrid({(c, r): (c, r) for c in range(3) for r in range(3)})
    >>> _ = grid.fit(pygame.Rect(0, 0, 90, 90))
    >>> surface = pygame.Surface((90, 90))
    >>> draw_cursor(surface, grid, (1, 1), (255, 208, 96), (10, 12, 16))
    >>> surface.get_bounding_rect().colliderect(grid.rect((1, 1)))
    True
    """
    width = max(2, round(grid.size / 8))
    if not isinstance(grid, SquareGrid):
        pygame.draw.polygon(surface, shadow, [(x + 1, y + 1) for x, y in grid.polygon(cell, 0.9)], width)
        pygame.draw.polygon(surface, color, grid.polygon(cell, 0.9), width)
        return
    r = grid.rect(cell).inflate(-max(2, round(grid.size / 16)), -max(2, round(grid.size / 16)))
    width, arm = max(2, round(grid.size / 16)), max(4, round(grid.size / 4))
    for col, off in ((shadow, max(1, width // 2)), (color, 0)):
        rr = r.move(off, off)
        for cx, cy, sx, sy in (
            (rr.left, rr.top, 1, 1),
            (rr.right - 1, rr.top, -1, 1),
            (rr.left, rr.bottom - 1, 1, -1),
            (rr.right - 1, rr.bottom - 1, -1, -1),
        ):
            pygame.draw.line(surface, col, (cx, cy), (cx + sx * arm, cy), width)
            pygame.draw.line(surface, col, (cx, cy), (cx, cy + sy * arm), width)


def draw_chain(
    surface: pygame.Surface,
    points: Sequence[Point],
    color: Color,
    size: float,
    progress: float = 1.0,
    time: float = 0.0,
) -> None:
    """A winning chain through ``points`` (cell centres), drawn up to ``progress`` (0..1) of its
    length: a glowing line, breathing rings on its cells and dots at its ends.

    >>> surface = pygame.Surface((100, 40))
    >>> draw_chain(surface, [(10, 20), (50, 20), (90, 20)], (255, 235, 120), 20)
    >>> surface.get_at((50, 20))[:3] != (0, 0, 0)
    True
    """
    if not points:
        return
    shown = points[: max(1, math.ceil(progress * len(points)))]
    width = max(3, round(size * 0.22))
    if len(shown) > 1:
        pygame.draw.lines(surface, mix(color, (0, 0, 0), 0.45), False, shown, width + 4)
        pygame.draw.lines(surface, color, False, shown, width)
    ring = max(2, round(size / 8))
    for at in shown:
        pygame.draw.circle(surface, color, at, round(size * (0.78 + 0.06 * pulse(time, 4.0))), ring)
    for at in (shown[0], shown[-1]) if progress >= 1.0 else (shown[0],):
        pygame.draw.circle(surface, color, at, round(size * 0.3))
