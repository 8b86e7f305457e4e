"""Board pictures: a wooden frame round square cells, a hexagonal plate round hex cells.

Painted once per layout and theme into a :class:`tafel.kit.layers.Layer` by
:class:`tafel.kit.grid_view.GridBoardView` (or by any view). ``plate`` gives the outline in
world units; ``paint_board`` paints it, the cells (in alternating tints), the blocked cells and
the rim's labels into a surface whose top-left pixel is ``offset`` on the screen.

>>> import pygame
>>> from tafel.kit.grids import HexGrid, hexagon
>>> grid = HexGrid(hexagon(4))
>>> round(max(x for x, _ in plate(grid, 0.8)), 2)  # a hexagon round the cells
7.8
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence

import pygame

from tafel.kit.grids import Grid, HexGrid
from tafel.kit.layers import Layer, ScreenLayer
from tafel.kit.pieces import blur, polygon, rounded
from tafel.ui.theme import Theme
from tafel.view import Color, darken, lighten

Point = tuple[float, float]

__all__ = ["KeptBoard", "paint_board", "plate"]


def plate(grid: Grid, margin: float) -> list[Point]:
    """The board's outline in world units: a rectangle ``margin`` round square cells; for hexes
    the hexagon (turned against the cells) that holds every cell with ``margin`` to spare.

    >>> from tafel.kit import SquareGrid, rectangle
    >>> len(plate(SquareGrid(rectangle(3, 3)), 0.2))
    4
    """
    if not isinstance(grid, HexGrid):
        x, y, w, h = grid.bounds(margin)
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    pts = [
        (x + dx, y + dy)
        for c in grid.cells
        for x, y in [grid.world(grid.coords[c])]
        for dx, dy in grid.corners()
    ]
    cx = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2
    cy = (min(p[1] for p in pts) + max(p[1] for p in pts)) / 2
    turn = 0.0 if grid.pointy else 30.0  # the plate's corners point between the cells' corners
    normals = [math.radians(turn + 30 + 60 * k) for k in range(6)]
    apothem = max((x - cx) * math.cos(a) + (y - cy) * math.sin(a) for x, y in pts for a in normals) + margin
    return polygon(cx, cy, apothem / math.cos(math.radians(30)), 6, turn)


def paint_board(
    surface: pygame.Surface,
    grid: Grid,
    outline: Sequence[Point],
    offset: tuple[int, int],
    theme: Theme,
    blocked: Iterable[Hashable] = (),
    labels: Iterable[tuple[str, Point]] = (),
    font: pygame.font.Font | None = None,
    tint: Callable[[Hashable], int] | None = None,
) -> None:
    """Paint the board: shadow, plate (``outline``), cells, ``blocked`` cells and ``labels``.

    ``surface`` is the picture of the board's part of the screen whose top-left pixel is ``offset``
    (a view paints it once per layout and theme, and copies it every frame).

    >>> import pygame
    >>> from tafel.kit import SquareGrid, rectangle
    >>> from tafel.testing import view_context
    >>> grid, theme = SquareGrid(rectangle(3, 3)), view_context().theme
    >>> outline = plate(grid, 0.5)  # a frame half a cell wide round the cells
    >>> xs, ys = [x for x, _ in outline], [y for _, y in outline]
    >>> area = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))  # the world units to show
    >>> outer = grid.fit(pygame.Rect(0, 0, 240, 240), area)
    >>> picture = pygame.Surface(outer.size)
    >>> paint_board(picture, grid, outline, outer.topleft, theme, blocked=[(1, 1)])
    >>> x, y = grid.center((1, 1))
    >>> picture.get_at((int(x) - outer.x, int(y) - outer.y))[:3] == theme.blocked  # the middle is blocked
    True
    """
    size = grid.size
    ox, oy = offset

    def at(p: Point, s: float = 1.0) -> Point:
        x, y = grid.to_screen(p)
        return ((x - ox) * s, (y - oy) * s)

    w, h = surface.get_size()
    shadow = max(2, round(size * (0.35 if isinstance(grid, HexGrid) else 0.17)))
    corner = size * (0.9 if isinstance(grid, HexGrid) else 0.28)
    drop = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(
        drop,
        (0, 0, 0, 145),
        rounded([(x + shadow * 0.3, y + shadow * 0.6) for x, y in map(at, outline)], corner),
    )
    surface.blit(blur(drop, max(1, shadow // 2)), (0, 0))
    s = 2 if w * h < 1_500_000 else 1  # painted twice as large and scaled down: smooth edges
    big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)
    blocked = set(blocked)
    if isinstance(grid, HexGrid):
        rim = darken(theme.board_dark, 0.42)
        _hex_board(big, grid, [at(p, s) for p in outline], at, s, rim, theme, blocked, tint)
        ink = lighten(rim, 0.55)
    else:
        _square_board(big, grid, [at(p, s) for p in outline], at, s, theme, blocked, tint)
        ink = darken(theme.board_dark, 0.55)
    surface.blit(pygame.transform.smoothscale(big, (w, h)) if s > 1 else big, (0, 0))
    if font is None:
        return
    for text, p in labels:
        img = font.render(text, True, ink)
        surface.blit(img, img.get_rect(center=tuple(round(v) for v in at(p))))


class KeptBoard:
    """A view's still picture: the board on the background with the marks and pieces at rest over
    it, kept (a :class:`ScreenLayer`) and painted again only for a new key; the board's own picture
    (a :class:`Layer`) is painted once per board key. With ``base``, the board on its background is
    kept too (one more screen-sized picture), so a new position repaints only what rests on it.

    >>> import pygame
    >>> kept, screen, painted = KeptBoard(), pygame.Surface((60, 40)), []
    >>> board = lambda picture: painted.append("board") or picture.fill((200, 150, 90))
    >>> over = lambda still: painted.append("pieces")
    >>> for key in ("a", "a", "b"):
    ...     kept.blit(screen, pygame.Rect(10, 5, 40, 30), "board", board, (0, 0, 0), key, over)
    >>> painted, tuple(screen.get_at((20, 20)))[:3]
    (['board', 'pieces', 'pieces'], (200, 150, 90))
    """

    def __init__(self, base: bool = False) -> None:
        self.board, self.still = Layer(), ScreenLayer()
        self.base = ScreenLayer() if base else None

    def blit(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        board_key: Hashable,
        paint_board: Callable[[pygame.Surface], None],
        background: Sequence[int],
        key: Hashable,
        paint: Callable[[pygame.Surface], None],
    ) -> None:
        """Copy into ``surface`` the picture of ``rect``: ``paint_board`` (into a transparent
        picture of ``rect``'s size, for ``board_key``) on ``background``, then ``paint`` (in screen
        coordinates, for ``key``) over it."""

        def under(still: pygame.Surface) -> None:
            still.fill(background, rect)
            still.blit(self.board.get(board_key, rect.size, paint_board), rect)

        def paint_still(still: pygame.Surface) -> None:
            if self.base is not None:
                self.base.blit(still, (board_key, tuple(background)), rect, under)
            else:
                under(still)
            paint(still)

        self.still.blit(surface, (board_key, tuple(background), key), rect, paint_still)


def _hex_board(
    big: pygame.Surface,
    grid: HexGrid,
    outline: list[Point],
    at: Callable[[Point, float], Point],
    s: int,
    rim: Color,
    theme: Theme,
    blocked: set[Hashable],
    tint: Callable[[Hashable], int] | None,
) -> None:
    r = grid.size * s
    cx = sum(p[0] for p in outline) / 6
    cy = sum(p[1] for p in outline) / 6
    R = math.hypot(outline[0][0] - cx, outline[0][1] - cy)

    def shrunk(by: float, corner: float) -> list[Point]:
        k = (R - by) / R
        return rounded([(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in outline], corner)

    pygame.draw.polygon(big, darken(rim, 0.35), rounded(outline, r * 0.9))
    inner = shrunk(r * 0.12, r * 0.8)
    pygame.draw.polygon(big, rim, inner)
    pygame.draw.polygon(big, lighten(rim, 0.16), inner, max(1, round(r / 14)))
    pygame.draw.polygon(big, darken(rim, 0.25), shrunk(r * 0.95, r * 0.6))
    tints = (lighten(theme.board, 0.1), theme.board, darken(theme.board, 0.08))
    turn = 30.0 if grid.pointy else 0.0
    steps = 6  # points per rounded corner: the upper-left edge is corners 3 to 5 (flat-topped)
    for cell in grid.cells:
        x, y = at(grid.world(grid.coords[cell]), s)
        if cell in blocked:
            base = theme.blocked
            pygame.draw.polygon(big, darken(base, 0.5), rounded(polygon(x, y, r * 0.94, 6, turn), r * 0.12))
            pygame.draw.polygon(
                big, base, rounded(polygon(x + r * 0.03, y + r * 0.05, r * 0.8, 6, turn), r * 0.1)
            )
            for k in (-1, 0, 1):  # three grooves, like a grate
                a, b = (
                    (x - r * 0.42 + k * r * 0.1, y + k * r * 0.3 + r * 0.05),
                    (x + r * 0.42 + k * r * 0.1, y + k * r * 0.3 + r * 0.05),
                )
                pygame.draw.line(big, darken(base, 0.3), a, b, max(1, round(r / 10)))
            continue
        q, rr = grid.coords[cell]
        base = tints[(tint(cell) if tint else q - rr) % 3]
        pygame.draw.polygon(big, darken(base, 0.35), rounded(polygon(x, y, r * 0.94, 6, turn), r * 0.12))
        top = rounded(polygon(x, y - r * 0.025, r * 0.88, 6, turn), r * 0.1, steps)
        pygame.draw.polygon(big, base, top)
        edge = top[(steps + 1) * 3 + steps // 2 : (steps + 1) * 5 + steps // 2 + 1]
        pygame.draw.lines(big, lighten(base, 0.22), False, edge, max(1, round(r / 20)))


def _square_board(
    big: pygame.Surface,
    grid: Grid,
    outline: list[Point],
    at: Callable[[Point, float], Point],
    s: int,
    theme: Theme,
    blocked: set[Hashable],
    tint: Callable[[Hashable], int] | None,
) -> None:
    c = grid.size * s
    frame = pygame.Rect(
        round(outline[0][0]),
        round(outline[0][1]),
        round(outline[2][0] - outline[0][0]),
        round(outline[2][1] - outline[0][1]),
    )
    radius = max(3, round(c * 0.28))
    pygame.draw.rect(big, darken(theme.board_dark, 0.35), frame, border_radius=radius)
    pygame.draw.rect(big, theme.board_dark, frame.inflate(-2 * s, -2 * s), border_radius=radius)
    pygame.draw.rect(
        big,
        lighten(theme.board_dark, 0.18),
        frame.inflate(-2 * s, -2 * s),
        max(1, round(c / 40)),
        border_radius=radius,
    )
    light = lighten(theme.board, 0.07)
    rects = {}
    for cell in grid.cells:
        x0, y0 = at(grid.world(grid.coords[cell]), s)
        rect = rects[cell] = pygame.Rect(round(x0 - c / 2), round(y0 - c / 2), round(c), round(c))
        col, row = grid.coords[cell]
        big.fill(light if (tint(cell) if tint else col + row) % 2 == 0 else theme.board, rect)
    for cell in blocked:
        _blocked_tile(big, rects[cell], theme)
    line = s * max(1, int(grid.size) // 48)  # crisp: whole pixels once scaled down
    for rect in rects.values():
        pygame.draw.rect(big, theme.grid, rect.inflate(line, line), line)
    x0, y0, w, h = grid.bounds()
    (ax, ay), (bx, by) = at((x0, y0), s), at((x0 + w, y0 + h), s)
    edge = max(2, round(c / 24))
    pygame.draw.rect(
        big,
        darken(theme.grid, 0.2),
        (round(ax) - edge, round(ay) - edge, round(bx - ax) + 2 * edge, round(by - ay) + 2 * edge),
        edge,
    )


def _blocked_tile(board: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """A dark recessed tile: nothing can stand here (jumps may pass over it)."""
    base, radius, lip = theme.blocked, max(2, rect.width // 10), max(1, rect.width // 22)
    tile = rect.inflate(-2 * max(1, rect.width // 12), -2 * max(1, rect.width // 12))
    pygame.draw.rect(board, darken(base, 0.45), tile, border_radius=radius)
    inner = pygame.Rect(tile.x + lip, tile.y + lip, tile.width - lip, tile.height - lip)
    pygame.draw.rect(board, base, inner, border_radius=radius)
    pygame.draw.rect(board, lighten(base, 0.12), tile, max(1, lip // 2), border_radius=radius)
    clip = board.get_clip()
    board.set_clip(inner.inflate(-lip, -lip))
    for k in range(-inner.height, inner.width, max(4, rect.width // 6)):
        pygame.draw.line(
            board,
            lighten(base, 0.07),
            (inner.x + k, inner.bottom),
            (inner.x + k + inner.height, inner.y),
            max(1, rect.width // 40),
        )
    board.set_clip(clip)
