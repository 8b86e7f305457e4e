"""Drawing the board: fields, holes, bases, the last move, targets, pieces, the arrows of the
piece under the pointer and the control overlay, kept as drawn and mended field by field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tafel.kit import SQRT3, DoubledHexGrid, Layer, MendedBoard, Texts, dashed, hex_points, x_mark
from tafel.view import ViewContext, mix

from ..rules.board import BLACK, DIRECTIONS, WHITE, Board
from ..rules.pieces import orient
from .pieces import ARROW_COLOURS, FIELD, FIELD_EDGE, HOLE, OWNER_LINE, render_piece

#: The control overlay: tints on empty fields, edges round them and round occupied ones (-1: a stalemate).
CONTROL_TINT = {WHITE: (255, 255, 248, 150), BLACK: (16, 16, 24, 150), -1: (168, 80, 210, 120)}
CONTROL_EDGE = {WHITE: (255, 255, 250, 255), BLACK: (10, 10, 14, 255), -1: (150, 60, 200, 255)}


class BoardPainter:
    """The board's drawing, a part of :class:`AmaktaView`."""

    # What the view (AmaktaView) gives this part, for the type checker.
    board: Board
    board_layer: MendedBoard
    control_layer: Layer
    #: What the fields' arrangement was made for (None: make it again).
    geo_key: tuple | None
    grid: DoubledHexGrid
    show_control: bool
    size: float
    sprites: dict[tuple, pygame.Surface]
    texts: Texts

    if TYPE_CHECKING:

        def cell_center(self, cell: Any) -> tuple[float, float]: ...

    def sprite(self, layout: int, colour: int, circle: int, expro_owner: int | None, radius, alpha=255):
        """A piece's picture, kept (up to 600) by what it shows and its exact radius: a board piece
        and an inventory piece a hair smaller must not share a picture."""
        key = (layout, colour, circle, expro_owner, radius, alpha)
        if key not in self.sprites:
            if len(self.sprites) > 600:
                self.sprites.clear()
            self.sprites[key] = render_piece(*key)
        return self.sprites[key]

    def blit_piece(self, surface, center, layout, colour, circle, expro_owner, radius, alpha=255) -> None:
        sprite = self.sprite(layout, colour, circle, expro_owner, radius, alpha)
        surface.blit(sprite, sprite.get_rect(center=(int(center[0]), int(center[1]))))

    def font(self, ctx: ViewContext, pixels: float, bold: bool = False) -> pygame.font.Font:
        return self.texts.font(ctx, pixels, bold)

    def render_text(self, ctx, text: str, pixels: float, colour, bold=False, max_w=None) -> pygame.Surface:
        """``text`` rendered (shrunk until it fits ``max_w``), kept: see :class:`tafel.kit.panels.Texts`."""
        return self.texts.render(ctx, text, pixels, colour, bold, max_w)

    def draw_text(self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None):
        return self.texts.draw(surface, ctx, text, pixels, colour, pos, anchor, bold, max_w)

    def _draw_arrows(self, surface, ctx, pos, cell, piece) -> None:
        s = self.size
        start = self.cell_center(cell)
        for av in pos.arrow_views(cell, piece):
            colour = ARROW_COLOURS[av.reach]
            dim = mix(colour, (90, 90, 90), 0.65)
            if av.target is None:
                # Pointing at a hole or off the board: a dim dashed stub ending in a cross.
                dx, dy = DIRECTIONS[av.direction]
                end = (start[0] + dx * SQRT3 / 2 * s * av.reach, start[1] + dy * 1.5 * s * av.reach)
                dashed(surface, dim, start, end, max(2, int(s * 0.07)), s * 0.25)
                x_mark(surface, dim, end, s * 0.18, max(2, int(s * 0.07)))
                continue
            end = self.cell_center(av.target)
            if not av.blocked:
                pygame.draw.line(surface, colour, start, end, max(2, int(s * 0.09)))
                at = (int(end[0]), int(end[1]))
                pygame.draw.circle(surface, colour, at, int(s * 0.55), max(2, int(s * 0.1)))
                continue
            dashed(surface, dim, start, end, max(2, int(s * 0.07)), s * 0.25)
            ray = pos.eq.board.rays[cell][av.direction][: av.reach - 1]
            blocker = next((c for c in ray if c in pos.cells and c != cell), None)
            if blocker is not None:
                x_mark(surface, (200, 40, 40), self.cell_center(blocker), s * 0.25, max(2, int(s * 0.09)))

    def _draw_control(self, surface, ctx, ctrl, counts, occupied) -> None:
        """Tints on empty fields (drawn under the pieces), rings round occupied ones and the counts
        (drawn over them). The translucent layer (a kit Layer) is made once per position and view,
        over the board only (not the whole window)."""
        s = self.size
        area = self.overlay_rect().clip(surface.get_rect())

        def paint(layer: pygame.Surface) -> None:
            for cell, who in ctrl.items():
                if not self.board.is_field(cell):
                    continue
                cx, cy = self.cell_center(cell)
                cx, cy = cx - area.x, cy - area.y
                if cell in occupied:
                    pygame.draw.polygon(
                        layer, CONTROL_EDGE[who], hex_points(cx, cy, s * 0.99), max(3, int(s * 0.13))
                    )
                    continue
                pygame.draw.polygon(layer, CONTROL_TINT[who], hex_points(cx, cy, s * 0.92))
                pygame.draw.polygon(
                    layer, CONTROL_EDGE[who], hex_points(cx, cy, s * 0.8), max(2, int(s * 0.08))
                )
                for k in (-0.4, 0.0, 0.4) if who == -1 else ():  # a stalemate: hatched
                    a, b = (cx - s * 0.5, cy + s * (k + 0.25)), (cx + s * 0.5, cy + s * (k - 0.25))
                    pygame.draw.line(layer, (120, 40, 160, 200), a, b, max(1, int(s * 0.06)))

        key = (self.view_key(), tuple(area), ctrl, frozenset(occupied))
        surface.blit(self.control_layer.get(key, area.size, paint), area)
        for cell, (w, b) in counts.items() if s >= 14 else ():
            if self.board.is_field(cell):
                cx, cy = self.cell_center(cell)
                img = self.render_text(ctx, f"{w}:{b}", s * 0.38, (255, 226, 110), True)
                r = img.get_rect(center=(int(cx), int(cy + s * 0.6)))
                pygame.draw.rect(surface, (20, 20, 24), r.inflate(6, 2), border_radius=4)
                surface.blit(img, r)

    def view_key(self) -> tuple:
        """What places the fields on the screen (layouts and, in a subclass, a camera)."""
        return (self.geo_key, self.size, self.grid.origin)

    def overlay_rect(self) -> pygame.Rect:
        """The part of the screen overlays over the fields may cover."""
        return self._board_bounds()

    def draw_board(self, surface, ctx, pos, last: set, targets: frozenset, faded: frozenset) -> None:
        """Fields, holes and bases, the last move's fields tinted, the names of the empty fields,
        the move targets and the pieces (``faded`` ones see-through), kept as drawn: the bare board
        until the layout changes, the whole mended field by field (see :class:`tafel.kit.MendedBoard`)."""
        base_key = (self.view_key(), ctx.theme, surface.get_size())
        labels = self.size >= 15 and not self.show_control
        key = (base_key, pos, frozenset(last), labels, targets, faded, ctx.fonts.scale)

        # How each field looks: what stands on it, its circle, tint, target ring, fading.
        def looks() -> dict:
            return {
                cell: (pos.cells.get(cell), pos.circle(pos.cells[cell]) if cell in pos.cells else None)
                + (cell in last, cell in targets, cell in faded)
                for cell in self.board.fields
            }

        def paint_cells(surface, near) -> None:
            shown = self.board.fields if near is None else near
            self._draw_field_marks(
                surface, ctx, pos, [c for c in last if near is None or c in near], labels, shown
            )
            self.draw_targets_and_pieces(
                surface, ctx, pos, targets if near is None else targets & near, faded, near
            )

        bare = (base_key, labels, ctx.fonts.scale)
        paint_bare, bounds = (lambda surface: self._paint_bare(surface, ctx)), self._board_bounds
        centres = lambda: {cell: self.cell_center(cell) for cell in self.board.fields}  # noqa: E731
        # A piece's picture is 2 * size + 3 pixels wide: mend a square of 2 * (size + 4) round a field.
        if self.board_layer.draw(
            surface, key, bare, looks, bounds, paint_bare, paint_cells, centres, int(self.size) + 4
        ):
            self.busy = True

    def _paint_bare(self, surface, ctx) -> None:
        s = self.size
        for cell in self.board.fields:
            pts = hex_points(*self.cell_center(cell), s * 0.97)
            pygame.draw.polygon(surface, FIELD, pts)
            pygame.draw.polygon(surface, FIELD_EDGE, pts, max(1, int(s * 0.05)))
        for hole in self.board.holes:
            pts = hex_points(*self.grid.spot(hole), s * 0.9)
            pygame.draw.polygon(surface, HOLE, pts)
            pygame.draw.polygon(surface, (70, 60, 50), pts, max(1, int(s * 0.06)))
        self.draw_bases(surface, ctx)

    def _draw_field_marks(self, surface, ctx, pos, last, labels: bool, cells) -> None:
        """The last move's tint and the names of the empty fields, on ``cells``."""
        s = self.size
        # The tint lies inside the field's edge and clear of its neighbours; only a base's ring
        # reaches into it, and was drawn over it.
        tint = mix(FIELD, ctx.theme.last_move, 0.45)
        for cell in last:
            pygame.draw.polygon(surface, tint, hex_points(*self.cell_center(cell), s * 0.9))
            if cell in self.board.bases:
                self._draw_base_ring(surface, self.board.bases.index(cell))
        for cell in [c for c in cells if c not in pos.cells] if labels else ():
            colour = mix(FIELD, (60, 40, 20), 0.55)
            self.draw_text(
                surface, ctx, self.board.name(cell), s * 0.36, colour, self.cell_center(cell), "center"
            )

    def draw_targets_and_pieces(self, surface, ctx, pos, targets: frozenset, faded: frozenset, only=None):
        """Rings on the fields a selection can go to, then the pieces (``faded`` ones see-through),
        on every field or ``only`` on some."""
        for cell in targets:
            self._ring(surface, cell, ctx.theme.target_near, 0.86, 0.1)
        for cell, (col, idx, ori, ex) in pos.cells.items():
            if (only is None or cell in only) and self.in_view(cell):
                looks = (orient(pos.eq.sets[col][idx], ori), col, pos.circle((col, idx, ori, ex)))
                alpha = 110 if cell in faded else 255
                self.blit_piece(
                    surface, self.cell_center(cell), *looks, (col ^ ex) if ex else None, self.size, alpha
                )

    def _ring(self, surface, cell, colour, scale: float, width: float) -> None:
        """A hexagonal ring round ``cell`` (``scale`` and ``width`` in field sizes)."""
        s = self.size
        pygame.draw.polygon(
            surface, colour, hex_points(*self.cell_center(cell), s * scale), max(2, int(s * width))
        )

    def in_view(self, cell: Any) -> bool:
        """Whether a piece on ``cell`` can be seen (on a finite board, always)."""
        return True

    def _board_bounds(self) -> pygame.Rect:
        """Every pixel the board layer draws: fields, holes, and the base arrows outside the board."""
        s = self.size
        spots = [
            self.grid.spot(xy)
            for xy in [self.board.xy(c) for c in self.board.fields] + list(self.board.holes)
        ]
        x0, x1 = int(min(x for x, _ in spots) - 1.5 * s) - 3, int(max(x for x, _ in spots) + 1.5 * s) + 3
        y0, y1 = int(min(y for _, y in spots) - 1.05 * s) - 3, int(max(y for _, y in spots) + 1.05 * s) + 3
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def _draw_base_ring(self, surface, colour: int) -> None:
        self._ring(surface, self.board.bases[colour], OWNER_LINE[colour], 0.97, 0.12)

    def draw_bases(self, surface, ctx) -> None:
        """Each base ringed in its owner's colour, with the permanent base arrow pointing in from
        outside the board."""
        s = self.size
        for colour, base in enumerate(self.board.bases):
            (cx, cy), ring, ux = self.cell_center(base), OWNER_LINE[colour], -1.0 if colour == WHITE else 1.0
            self._draw_base_ring(surface, colour)
            tip = (cx + ux * s * 0.93, cy)
            pygame.draw.line(surface, ring, (cx + ux * s * 1.45, cy), tip, max(2, int(s * 0.12)))
            head = [(tip[0] - ux * s * 0.02, tip[1]), (tip[0] + ux * s * 0.25, cy - s * 0.2)]
            pygame.draw.polygon(surface, ring, [*head, (tip[0] + ux * s * 0.25, cy + s * 0.2)])
