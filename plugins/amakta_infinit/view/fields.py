"""The unbounded board under the camera: the visible fields (kept while the camera rests), the
backdrop of the auction and the markers towards bases off screen."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, cast

import pygame

from tafel.games.amakta.rules.board import Board
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.view import BODY, FIELD, FIELD_EDGE, hex_points
from tafel.kit import KeptArea, Skin, edge_marker, unaligned_surface
from tafel.view import Camera, ViewContext, mix

from ..board import InfiniteBoard
from ..state import InfinitState
from ..texts import _
from .parts import LABEL_SIZE, MIN_OUTLINE, ROW_TINT, WORLD_X, WORLD_Y, world


class Fields:
    """The board's fields under the camera, a part of :class:`InfinitView`."""

    # What the view (InfinitView, AmaktaView) gives this part, for the type checker.
    board: Board
    board_area: pygame.Rect
    camera: Camera
    _backdrop: KeptArea
    _bg: pygame.Surface | None
    _bg_key: tuple | None
    _labels: dict[tuple[str, int], pygame.Surface]

    if TYPE_CHECKING:

        @property
        def _dragged(self) -> bool: ...
        def _auction_card(self) -> pygame.Rect: ...
        def _visible(self, cell: Any, margin: float = 1.0) -> bool: ...
        def cell_center(self, cell: Any) -> tuple[float, float]: ...
        def draw_bases(self, surface, ctx) -> None: ...
        def font(self, ctx: ViewContext, pixels: float, bold: bool = False) -> pygame.font.Font: ...
        def view_key(self) -> tuple: ...

    def _fields_key(self) -> tuple:
        """What the field picture shows: the camera, and whether the names are written."""
        area, cam, s = self.board_area, self.camera, self.camera.zoom
        labels = s >= LABEL_SIZE and not cam.animating and not cam.dragging and not self._dragged
        return (tuple(area), round(cam.x, 4), round(cam.y, 4), round(s, 4), labels, self.board.bases)

    def _draw_fields(self, surface: pygame.Surface, ctx: ViewContext) -> None:
        """The visible fields (cached while the camera rests)."""
        key = self._fields_key()
        if key != self._bg_key or self._bg is None:
            self._bg_key = key
            self._bg = self._render_fields(ctx, key[4])
        surface.blit(self._bg, self.board_area.topleft, ((0, 0), self.board_area.size))

    def _backdrop_key(self, ctx: ViewContext, surface: pygame.Surface) -> tuple:
        return (self._fields_key(), self.view_key(), ctx.theme, ctx.fonts.scale, surface.get_size())

    def _backdrop_rect(self) -> pygame.Rect:
        """The board area and the card's shadow (which may reach past it on a tiny screen)."""
        return self.board_area.union(self._auction_card().move(4, 6))

    def _draw_backdrop(self, surface: pygame.Surface, ctx: ViewContext) -> None:
        """The board under the auction card, behind a veil, and the empty card: kept as drawn while
        the camera rests."""
        key = self._backdrop_key(ctx, surface)
        if self._bg_key is not None and self._backdrop.show(surface, key):
            return
        theme = ctx.theme
        clip = surface.get_clip()
        surface.set_clip(self.board_area)
        self._draw_fields(surface, ctx)
        self.draw_bases(surface, ctx)
        surface.set_clip(clip)
        veil = pygame.Surface(self.board_area.size, pygame.SRCALPHA)
        veil.fill((*theme.background, 120))
        surface.blit(veil, self.board_area.topleft)
        Skin.of(ctx).box(surface, self._auction_card(), 14)  # the card: the kit's pop-up box
        self._backdrop.keep(surface, self._backdrop_rect(), key)

    def _render_fields(self, ctx: ViewContext, labels: bool) -> pygame.Surface:
        area, cam, s, bg = self.board_area, self.camera, self.camera.zoom, self._bg
        if bg is None or bg.get_height() != area.height or bg.get_width() not in (area.width, area.width + 1):
            bg = unaligned_surface(area.size)  # new memory only for a new size: it costs more than drawing
        bg.fill(FIELD)
        ox, oy = area.topleft
        wx0, wy0, ww, wh = cam.visible_world()
        y0, y1 = math.floor(wy0 / WORLD_Y) - 1, math.ceil((wy0 + wh) / WORLD_Y) + 1
        x0, x1 = math.floor(wx0 / WORLD_X) - 2, math.ceil((wx0 + ww) / WORLD_X) + 2
        # The bases' row between the bases, lightly tinted: the row the rules put them on.
        bases = cast(InfiniteBoard, self.board).bases  # this view's board
        bx0, bx1 = bases[0][0], bases[1][0]
        if y0 <= 0 <= y1 and s >= 3:
            for x in range(max(bx0, x0 - (x0 % 2)), min(bx1, x1) + 1, 2):
                cx, cy = cam.world_to_screen(world((x, 0)))
                pygame.draw.polygon(bg, ROW_TINT, hex_points(cx - ox, cy - oy, s * 0.98))
        if s < MIN_OUTLINE:
            return bg
        # One polyline a row: each field's left, upper-left and upper-right edges, then down its
        # right edge (the next field's left edge, drawn back up): the rows below close the rest.
        corners = [(s * math.cos(a), s * math.sin(a)) for a in map(math.radians, (150, 210, 270, 330))]
        width = max(1, int(s * 0.05))
        font = self.font(ctx, s * 0.34) if labels else None
        label_colour = mix(FIELD, (60, 40, 20), 0.55)
        step = 2 * WORLD_X * s
        for y in range(y0, y1 + 1):
            start = x0 if (x0 + y) % 2 == 0 else x0 + 1
            cx0, cy = cam.world_to_screen((start * WORLD_X, y * WORLD_Y))
            cx0, cy = cx0 - ox, cy - oy
            count = (x1 - start) // 2 + 1
            points = [(cx0 + i * step + dx, cy + dy) for i in range(count) for dx, dy in corners]
            if len(points) >= 2:
                pygame.draw.lines(bg, FIELD_EDGE, False, points, width)
            if font is not None:
                for i in range(count):
                    img = self._label(font, self.board.name((start + 2 * i, y)), label_colour, int(s))
                    bg.blit(img, img.get_rect(center=(int(cx0 + i * step), int(cy))))
        return bg

    def _label(self, font: pygame.font.Font, text: str, colour, size: int) -> pygame.Surface:
        key = (text, size)
        img = self._labels.get(key)
        if img is None:
            if len(self._labels) > 4000:
                self._labels.clear()
            img = font.render(text, True, colour)
            self._labels[key] = img
        return img

    def _draw_edge_markers(self, surface: pygame.Surface, ctx: ViewContext, state: InfinitState) -> None:
        """A small arrow at the edge of the board area towards each base that is off screen."""
        area, ui = self.board_area.inflate(-24, -24), Skin.of(ctx)
        for colour, base in enumerate(self.board.bases):
            if area.width >= 40 and area.height >= 40 and not self._visible(base, -0.5):
                name = _("{colour} base").format(colour=_(COLOUR_NAMES[colour]))
                edge_marker(surface, ui, area, self.cell_center(base), BODY[colour], name)
