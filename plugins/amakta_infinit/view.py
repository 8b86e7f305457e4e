"""The Amakta Infinit screen: the auction, the piece editor, and play under a camera.

It extends the Amakta view (:class:`tafel.games.amakta.view.AmaktaView`): pieces, arrows, the
control overlay, inventories, the action menus and the move input are the same; what differs
is where fields are and what comes before play.

- **Camera.** The board has no edge, so a :class:`tafel.camera.Camera` maps it to the
  screen: drag with the mouse (left on the board, or the right or middle button anywhere on
  it) or use the arrow keys to pan, the wheel or ``+`` / ``-`` to zoom about the pointer,
  ``F`` (or ``Home``) to frame both bases and every piece; moves are smooth at any zoom.
  Fields are drawn from the visible part only and cached while the camera rests; coordinates
  (``column,row``) show when zoomed in, and a marker at the edge points at a base off screen.
  While the AI moves (the core then sends no events) held arrow and +/- keys still pan and
  zoom. ``Enter`` (the gamepad's A) with nothing to confirm, or ``Shift`` + arrows, bring out a
  keyboard cursor: the arrows then move it (the camera follows), ``Enter`` acts on its field and
  ``Backspace`` (B) puts it away.
- **Auction.** A card shows White's points, the current bid and who made it, the bids so
  far and whose turn it is, with a bid to raise to (``Up`` / ``Down`` +-1, ``PgUp`` /
  ``PgDn`` +-10, or type digits) and what raising or accepting would mean.
- **Piece editor.** The piece being created in the middle with a chip per direction (click
  to select, click again or the wheel to cycle, right click backwards), a palette of the ten
  arrow states for the selected direction, the circle, the live value with the formula's
  ``a``, ``b`` and ``s``, whether it fits the points left and the set, presets, Create
  (``Enter``), Clear (``Delete``) and Close the set (``X`` twice: it is final). Keys: ``Left``
  / ``Right`` choose the direction, ``Up`` / ``Down`` cycle it, digits 0-9 set it (0 none,
  1 b, 2 g, 3 r, 4 bb, 5 gg, 6 rr, 7 bg, 8 br, 9 gr), ``C`` cycles the circle.

>>> import pygame
>>> from tafel.games.amakta_infinit import GAME
>>> view = InfinitView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1200, 800))
>>> view.cell_at(view.cell_center((4, 2))), view.cell_at(view.cell_center((-7, -3)))
((4, 2), (-7, -3))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.games.amakta.rules.board import BLACK, WHITE
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.pieces import (
    DIGIT_TOKENS,
    DIRECTION_NAMES,
    describe,
    digits,
    from_digits,
)
from tafel.games.amakta.rules.state import PLAY, SEAT_NAMES
from tafel.games.amakta.view import BODY, DIR_ANGLES, FIELD, FIELD_EDGE, SQRT3, AmaktaView, hex_points
from tafel.kit import Button, HexGrid, KeptArea, unaligned_surface
from tafel.view import ACTIVATE_KEYS as ACTIVATE
from tafel.view import CLEAR_KEYS as CANCEL
from tafel.view import Camera, ViewContext, mix

from .state import ACCEPT, BID, CLOSE, CREATION, DRAW_MOVES, InfinitState, bid_cap, board
from .values import CREATE, PRESETS, counts, normal, value_of, warm_up

#: World units (hex circumradius 1) of one doubled-x step and of one row.
WORLD_X = SQRT3 / 2
WORLD_Y = 1.5
#: Pixels a press must travel before it drags the board instead of clicking.
DRAG_THRESHOLD = 6
#: Fields smaller than this (circumradius in pixels) are drawn as a plain surface.
MIN_OUTLINE = 5.0
#: Field names are written from this size on.
LABEL_SIZE = 30.0
#: Panning speed (share of the view a second) and zoom speed (factor a second) for held keys.
HOLD_PAN = 0.9
HOLD_ZOOM = 2.5
ROW_TINT = mix(FIELD, (120, 90, 50), 0.12)
CIRCLE_LABELS = ("No circle", "Reinforcement", "Damage")
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in range(10)})


#: The kit's pointy-topped hex grid, unbounded: axial ``(q, r)`` is the field ``(2q + r, r)``.
GRID = HexGrid(None, pointy=True)


def world(cell: tuple[int, int]) -> tuple[float, float]:
    """World coordinates of a field's centre (hex circumradius 1, y down)."""
    return (cell[0] * WORLD_X, cell[1] * WORLD_Y)


def with_digit(layout: int, direction: int, digit: int) -> int:
    """``layout`` with ``direction``'s digit replaced.

    >>> with_digit(100000, 3, 4)
    100400
    """
    ds = list(digits(layout))
    ds[direction] = digit
    return from_digits(ds)


class Control(Button):
    """A kit button of the auction card or the editor. ``kind`` says which: "button", "value" (the
    bid field), "chip" (a direction of the piece), "palette" (an arrow state), "circle" or
    "preset"; ``primary`` and ``selected`` how it is lit, ``data`` what it stands for. Its action
    gets the mouse button that pressed it (a chip cycles backwards on the right button)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[int], Move | None] | None = None,
        *,
        enabled: bool = True,
        primary: bool = False,
        selected: bool = False,
        kind: str = "button",
        data: Any = None,
    ) -> None:
        super().__init__(label, action, enabled=enabled)
        self.rect, self.kind, self.primary, self.selected, self.data = rect, kind, primary, selected, data

    def activate(self, button: int = 1) -> Move | None:
        return self.action(button) if self.enabled and self.action is not None else None


class InfinitView(AmaktaView):
    """Renderer and controller for Amakta Infinit; see the module docstring."""

    warm_pieces = False

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.board = board(int(options.get("distance", 6)))
        self.camera = Camera(zoom=20.0, min_zoom=1.5, max_zoom=140.0, pan_buttons=(2, 3), keys=True)
        self._framed = False
        self._clip: pygame.Rect | None = None
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple | None = None
        self._labels: dict[tuple[str, int], pygame.Surface] = {}
        self._backdrop = KeptArea()
        self._auction_layer = KeptArea()
        self._editor_layer = KeptArea()
        self._editor_made: tuple[tuple, list[Control]] | None = None
        self._wrapped: dict[tuple, list[str]] = {}
        self._press_pos: tuple[int, int] | None = None
        self._dragged = False
        self._rpress: tuple[int, int] | None = None
        self._passive: tuple[int, int] | None = None
        self._interactive = False
        self.widgets: list[Control] = []
        self.mouse = (-1, -1)
        # piece editor
        self.edit = [0] * 6
        self.edit_circle = 0
        self.edit_dir = 0
        self.close_armed = 0.0
        self._value_y = 0.0
        self._circle_title_y = 0.0
        # auction
        self.bid_value = 0
        self.typed = ""
        self._bid_state: InfinitState | None = None
        self._hinted: Any = None
        self.hint_text = ""
        # The creation moves take a second or two to list the first time: do it while the
        # auction runs, for as many points as Black can get.
        warm_up(bid_cap(int(options.get("points", 60))))

    # --- board and state ------------------------------------------------------------------------

    def piece_counts(self) -> tuple[int, int]:
        state = self.state
        if state is None:
            return (0, 0)
        return (len(state.eq.sets[0]), len(state.eq.sets[1]))

    def _phase(self) -> str:
        return self.state.phase if isinstance(self.state, InfinitState) else BID

    def sync(self, state: InfinitState, ctx: ViewContext) -> None:
        """The hook before each draw and event: the board, the layout, the camera's home."""
        self.state = state
        if state.eq.board is not self.board:
            self.board = state.eq.board
            self._framed = False
            self.geo_key = None
        self.arrange()
        self.camera.home = self._home(state)
        if not self._framed:
            self._frame(animate=False)
        self.size = self.camera.zoom

    def _home(self, state: InfinitState | None = None) -> tuple[float, float, float, float]:
        """The world rectangle round both bases and every piece."""
        points = [world(b) for b in self.board.bases]
        if state is not None:
            points += [world(c) for c in state.pos.cells]
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return (min(xs) - 2.0, min(ys) - 2.2, max(xs) - min(xs) + 4.0, max(ys) - min(ys) + 4.4)

    def _frame(self, animate: bool = True) -> None:
        state = self.state if isinstance(self.state, InfinitState) else None
        self.camera.frame(self._home(state), margin=0.04, animate=animate, max_zoom=60.0)
        self._framed = True

    # --- geometry ---------------------------------------------------------------------------------

    def arrange(self) -> None:
        key = (tuple(self.rect), self.piece_counts(), self._phase())
        if key == self.geo_key:
            return
        self.geo_key = key
        # Nothing in hand during the auction: the auction card gets the whole area.
        self.layout_areas(inventories=self._phase() != BID)
        self.board_area.width = max(1, self.board_area.width)
        self.board_area.height = max(1, self.board_area.height)
        self.camera.set_viewport(self.board_area)
        for colour in (WHITE, BLACK):
            n = self.piece_count(colour)
            self.slots[colour] = self.slot_grid(self._slots_rect(colour), n) if n else []
        self._bg_key = None

    def _slots_rect(self, colour: int) -> pygame.Rect:
        rect = self.inv_rects[colour]
        if self._phase() == CREATION:
            # Room for a second title line (the points left).
            extra = self._set_line(rect)
            rect = pygame.Rect(rect.x, rect.y + extra, rect.width, rect.height - extra)
        return rect

    def _prewarm_sets(self, state: InfinitState) -> None:
        """While the other side creates and nothing changes on screen, make one picture of a piece
        of the sets at the size the next piece will bring (the pieces share the radius of
        Black's grid, or White's while Black has none)."""
        colour = state.pos.turn
        counts = [len(state.pieces[0]), len(state.pieces[1])]
        counts[colour] += 1
        grid = BLACK if counts[BLACK] else WHITE
        radius = self.grid_fit(self._slots_rect(grid), counts[grid])[0]
        for c in (WHITE, BLACK):
            for layout, circle in state.pieces[c]:
                key = (layout, c, circle, None, radius, 255)
                if key not in self.sprites:
                    self.sprite(*key)
                    return

    def cell_center(self, cell: Any) -> tuple[float, float]:
        return self.camera.world_to_screen(world(cell))

    def cell_at(self, pos: tuple[int, int]) -> Any:
        """The field under the pixel ``pos`` (every point of the board area is in one), or None."""
        if not self.board_area.collidepoint(pos):
            return None
        q, r = GRID.coord_at(self.camera.screen_to_world(pos))
        return (2 * q + r, r)

    def _visible(self, cell: Any, margin: float = 1.0) -> bool:
        x, y = self.cell_center(cell)
        m = self.size * margin
        a = self.board_area
        return a.x - m <= x <= a.right + m and a.y - m <= y <= a.bottom + m

    # --- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.close_armed > 0:
            self.close_armed = max(0.0, self.close_armed - dt)
        if not self._interactive:
            self._hold_navigation(dt)
        self.camera.update(dt)

    def _hold_navigation(self, dt: float) -> None:
        """Pan and zoom with held keys and a dragging mouse while the core sends no events (AI turns)."""
        if not pygame.display.get_init() or pygame.display.get_surface() is None or self._phase() != PLAY:
            return
        keys = pygame.key.get_pressed()
        cam = self.camera
        vw, vh = cam.viewport.width / cam.zoom, cam.viewport.height / cam.zoom
        dx = (keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * vw * HOLD_PAN * dt
        dy = (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * vh * HOLD_PAN * dt
        if dx or dy:
            cam.pan_world(dx, dy, animate=False)
        zoom = (keys[pygame.K_EQUALS] or keys[pygame.K_PLUS] or keys[pygame.K_KP_PLUS]) - (
            keys[pygame.K_MINUS] or keys[pygame.K_KP_MINUS]
        )
        if zoom:
            cam.zoom_at(HOLD_ZOOM ** (zoom * dt), animate=False)
        pressed = any(pygame.mouse.get_pressed()[:3])
        pos = pygame.mouse.get_pos()
        if pressed and self._passive is not None:
            cam.pan_pixels(pos[0] - self._passive[0], pos[1] - self._passive[1])
            self._passive = pos
        else:
            self._passive = pos if pressed and self.board_area.collidepoint(pos) else None

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        super().on_move(before, move, after)
        self.typed = ""
        self.close_armed = 0.0
        if not isinstance(after, InfinitState) or not isinstance(move, AMove):
            return
        if move.kind == CREATE and move.piece == normal(from_digits(self.edit)):
            self.edit = [0] * 6
            self.edit_circle = 0
        self.state = after
        if isinstance(before, InfinitState) and before.phase != PLAY and after.phase == PLAY:
            self.geo_key = None
            self.arrange()
            self._frame()
        elif after.phase == PLAY:
            cells = [c for c in (move.cell, move.to) if isinstance(c, tuple)]
            if any(not self._visible(c, -0.5) for c in cells):
                self._frame()  # the move happened off screen: show it

    # --- drawing ----------------------------------------------------------------------------------

    def draw_start_phase(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> bool:
        """The hook for the phases before play: the auction card, then the piece editor."""
        self._interactive = ctx.interactive
        if state.phase == PLAY:
            return False
        if state.phase == BID:
            self._sync_bid(state)
            self._take_hint(ctx)
            self.widgets = self._auction_widgets(state, ctx, live and state.offer is None)
            self._draw_auction(surface, state, ctx, live)
        else:
            self.busy = False
            for colour in (WHITE, BLACK):
                self._draw_set(surface, ctx, state, colour)
            if not live and not self.busy and state.offer is None:
                self._prewarm_sets(state)
            self._take_hint(ctx)
            self.widgets = self._editor_widgets(state, ctx, live and state.offer is None)
            self._draw_editor(surface, state, ctx, live)
        if state.offer is not None or state.outcome is not None:
            self.draw_bar(surface, ctx, state, self.legal_for(state) if live else None, live)
        else:
            self.draw_text(
                surface,
                ctx,
                self._start_prompt(state, ctx),
                max(11, self.bar_rect.height * 0.4),
                ctx.theme.text_dim,
                (self.bar_rect.x + 6, self.bar_rect.centery),
                "midleft",
                max_w=self.bar_rect.width - 12,
            )
        return True

    def _take_hint(self, ctx: ViewContext) -> None:
        """A hinted bid or piece goes into the auction card or the editor (once per hint)."""
        hint = ctx.hint
        if not isinstance(hint, AMove) or hint is self._hinted:
            return
        self._hinted = hint
        if hint.kind == BID:
            self.bid_value = hint.piece
            self.typed = ""
        elif hint.kind == CREATE:
            self.edit = list(digits(hint.piece))
            self.edit_circle = hint.orient
        elif hint.kind in ("accept", "close"):
            self.hint_text = "Hint: " + ("accept the bid" if hint.kind == "accept" else "close your set")

    def _start_prompt(self, state: InfinitState, ctx: ViewContext) -> str:
        if self.hint_text and ctx.hint is not None:
            return self.hint_text
        if state.phase == BID:
            return "Up/Down +-1 · PgUp/PgDn +-10 · digits type a bid · Enter raises · A accepts"
        return (
            "Left/Right direction · Up/Down or 0-9 its arrows · C circle · Enter create · X X close the set"
        )

    def _fields_key(self) -> tuple:
        """What the field picture shows: the camera, and whether the names are written."""
        area = self.board_area
        cam = self.camera
        s = cam.zoom
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
        card = self._auction_card()
        pygame.draw.rect(surface, theme.shadow, card.move(4, 6), border_radius=14)
        pygame.draw.rect(surface, theme.card, card, border_radius=14)
        pygame.draw.rect(surface, theme.panel_edge, card, 2, border_radius=14)
        self._backdrop.keep(surface, self._backdrop_rect(), key)

    def view_key(self) -> tuple:
        cam = self.camera
        return (self.geo_key, tuple(self.board_area), cam.x, cam.y, cam.zoom)

    def overlay_rect(self) -> pygame.Rect:
        return pygame.Rect(self.board_area)

    def _render_fields(self, ctx: ViewContext, labels: bool) -> pygame.Surface:
        area = self.board_area
        cam = self.camera
        s = cam.zoom
        bg = self._bg
        if bg is None or bg.get_height() != area.height or bg.get_width() not in (area.width, area.width + 1):
            bg = unaligned_surface(area.size)  # new memory only for a new size: it costs more than drawing
        bg.fill(FIELD)
        ox, oy = area.topleft
        wx0, wy0, ww, wh = cam.visible_world()
        y0, y1 = math.floor(wy0 / WORLD_Y) - 1, math.ceil((wy0 + wh) / WORLD_Y) + 1
        x0, x1 = math.floor(wx0 / WORLD_X) - 2, math.ceil((wx0 + ww) / WORLD_X) + 2
        # The bases' row between the bases, lightly tinted: the row the rules put them on.
        bx0, bx1 = self.board.bases[0][0], self.board.bases[1][0]
        if y0 <= 0 <= y1 and s >= 3:
            for x in range(max(bx0, x0 - (x0 % 2)), min(bx1, x1) + 1, 2):
                cx, cy = cam.world_to_screen(world((x, 0)))
                pygame.draw.polygon(bg, ROW_TINT, hex_points(cx - ox, cy - oy, s * 0.98))
        if s < MIN_OUTLINE:
            return bg
        # One polyline a row: each field's left, upper-left and upper-right edges, then down its
        # right edge (the next field's left edge, drawn back up): the rows below close the rest.
        corners = [
            (s * math.cos(math.radians(a)), s * math.sin(math.radians(a))) for a in (150, 210, 270, 330)
        ]
        width = max(1, int(s * 0.05))
        font = self.font(ctx, s * 0.34) if labels else None
        label_colour = mix(FIELD, (60, 40, 20), 0.55)
        step = 2 * WORLD_X * s
        for y in range(y0, y1 + 1):
            start = x0 if (x0 + y) % 2 == 0 else x0 + 1
            cx0, cy = cam.world_to_screen((start * WORLD_X, y * WORLD_Y))
            cx0 -= ox
            cy -= oy
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

    def draw_board(self, surface, ctx, pos, last: set, targets: frozenset, faded: frozenset) -> None:
        """The visible fields (kept as drawn while the camera rests), the last move, the bases, the
        targets and the pieces in view, clipped to the board area until ``finish_board``."""
        s = self.size
        theme = ctx.theme
        self._clip = surface.get_clip()
        surface.set_clip(self.board_area)
        self._draw_fields(surface, ctx)
        for cell in last:
            cx, cy = self.cell_center(cell)
            pygame.draw.polygon(surface, mix(FIELD, theme.last_move, 0.45), hex_points(cx, cy, s * 0.9))
        self.draw_bases(surface, ctx)
        self.draw_targets_and_pieces(surface, ctx, pos, targets, faded)

    def in_view(self, cell: Any) -> bool:
        return self._visible(cell)

    def finish_board(self, surface: pygame.Surface, ctx: ViewContext, state) -> None:
        self._draw_edge_markers(surface, ctx, state)
        surface.set_clip(self._clip)
        pygame.draw.rect(surface, ctx.theme.panel_edge, self.board_area, 1)

    def draw_focus_tooltip(self, surface: pygame.Surface, ctx: ViewContext, state, focus) -> bool:
        """A piece's tooltip, or an empty field's name when the names are too small to be written."""
        if focus in state.pos.cells:
            self.draw_piece_tooltip(surface, ctx, state, focus)
        elif self.size < LABEL_SIZE and self.board_area.collidepoint(self.mouse) and not self._dragged:
            cx, cy = self.cell_center(focus)
            self.draw_tooltip(surface, ctx, f"field {self.board.name(focus)}", (cx, cy - self.size * 1.05))
        return True

    def _draw_edge_markers(self, surface: pygame.Surface, ctx: ViewContext, state: InfinitState) -> None:
        """A small arrow at the edge of the board area towards each base that is off screen."""
        area = self.board_area.inflate(-24, -24)
        if area.width < 40 or area.height < 40:
            return
        cx, cy = area.center
        for colour, base in enumerate(self.board.bases):
            if self._visible(base, -0.5):
                continue
            bx, by = self.cell_center(base)
            dx, dy = bx - cx, by - cy
            k = min(
                (area.width / 2) / abs(dx) if dx else math.inf,
                (area.height / 2) / abs(dy) if dy else math.inf,
            )
            px, py = cx + dx * k, cy + dy * k
            ang = math.atan2(dy, dx)
            tip = (px + math.cos(ang) * 10, py + math.sin(ang) * 10)
            left = (px + math.cos(ang + 2.5) * 12, py + math.sin(ang + 2.5) * 12)
            right = (px + math.cos(ang - 2.5) * 12, py + math.sin(ang - 2.5) * 12)
            fill = BODY[colour]
            pygame.draw.polygon(surface, fill, [tip, left, right])
            pygame.draw.polygon(surface, ctx.theme.accent, [tip, left, right], 2)
            ux, uy = math.cos(ang), math.sin(ang)
            # The label sits on the inner side of the marker, never past the edge.
            if abs(ux) >= abs(uy):
                anchor = "midright" if ux > 0 else "midleft"
            else:
                anchor = "midbottom" if uy > 0 else "midtop"
            self.draw_text(
                surface,
                ctx,
                f"{COLOUR_NAMES[colour]} base",
                13,
                ctx.theme.text,
                (px - ux * 16, py - uy * 16),
                anchor,
            )

    # --- the auction ------------------------------------------------------------------------------

    def _auction_card(self) -> pygame.Rect:
        area = self.board_area
        w = int(min(area.width * 0.92, max(420, area.height * 1.1)))
        h = int(min(area.height * 0.94, w * 0.9))
        card = pygame.Rect(0, 0, max(1, w), max(1, h))
        card.center = area.center
        return card

    def _sync_bid(self, state: InfinitState) -> None:
        if self._bid_state is state:
            return
        self._bid_state = state
        self.typed = ""
        r = state.bid_range()
        if not state.bids:
            self.bid_value = min(state.points[0], r.stop - 1)
        else:
            self.bid_value = r.start if r else state.bids[-1]

    def _auction_widgets(self, state: InfinitState, ctx: ViewContext, live: bool) -> list[Control]:
        self._sync_bid(state)
        if not live:
            return []
        card = self._auction_card()
        line = card.height / 15
        r = state.bid_range()
        row_y = int(card.y + line * 9.0)
        h = int(line * 1.25)
        gap = max(4, int(line * 0.25))
        out: list[Control] = []
        steps = [("-10", -10), ("-1", -1), None, ("+1", 1), ("+10", 10)]
        small_w = line * 1.9
        value_w = line * 2.8
        raise_w = card.width * 0.36
        # Shrink the row to the card when it is narrow.
        k = min(1.0, (card.width - line - 5 * gap) / (4 * small_w + value_w + raise_w))
        small_w, value_w, raise_w = int(small_w * k), int(value_w * k), int(raise_w * k)
        total = 4 * small_w + value_w + raise_w + 5 * gap
        x = card.centerx - total // 2
        for step in steps:
            if step is None:
                out.append(
                    Control(pygame.Rect(x, row_y, value_w, h), str(self.bid_value), None, kind="value")
                )
                x += value_w + gap
                continue
            label, delta = step
            out.append(
                Control(
                    pygame.Rect(x, row_y, small_w, h),
                    label,
                    lambda _b, d=delta: self._step_bid(d),
                    enabled=bool(r),
                )
            )
            x += small_w + gap
        ok = self.bid_value in r
        out.append(
            Control(
                pygame.Rect(x, row_y, raise_w, h),
                f"Raise to {self.bid_value}" if ok else "No higher bid",
                lambda _b: self._raise(),
                enabled=ok,
                primary=ok,
            )
        )
        accept_w = int(card.width * 0.62)
        accept = pygame.Rect(card.centerx - accept_w // 2, int(row_y + h + line * 0.5), accept_w, h)
        label = f"Accept {state.bids[-1]}: play Black" if state.bids else "Accept (no bid yet)"
        out.append(
            Control(
                accept,
                label,
                lambda _b: ACCEPT,
                enabled=bool(state.bids),
                primary=bool(state.bids) and not ok,
            )
        )
        return out

    def _step_bid(self, delta: int) -> None:
        state = self._bid_state
        self.typed = ""
        if state is None:
            return None
        r = state.bid_range()
        if r:
            self.bid_value = min(max(self.bid_value + delta, r.start), r.stop - 1)
        return None

    def _raise(self) -> Move | None:
        state = self._bid_state
        if state is None or self.bid_value not in state.bid_range():
            return None
        return AMove(BID, piece=self.bid_value)

    def _draw_auction(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        """The board behind a veil and the auction card, kept as drawn while nothing on it changes."""
        key = (
            self._backdrop_key(ctx, surface),
            state,
            live,
            state.to_move in ctx.human_seats,
            self.bid_value,
            self.typed,
            tuple((w.label, w.enabled, w.primary, w.rect.collidepoint(self.mouse)) for w in self.widgets),
        )
        if self._auction_layer.show(surface, key):
            return
        self._draw_backdrop(surface, ctx)
        self._draw_card(surface, state, ctx, live)
        self._auction_layer.keep(surface, self._backdrop_rect(), key)

    def _draw_card(self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool) -> None:
        theme = ctx.theme
        card = self._auction_card()
        line = card.height / 15
        w = card.width - 2 * line
        white_points = state.points[0]
        y = card.y + line * 0.6
        self.draw_text(
            surface,
            ctx,
            "Auction for Black's points",
            line * 0.9,
            theme.text,
            (card.centerx, y),
            "midtop",
            True,
            w,
        )
        y += line * 1.3
        for text in self._wrap(
            ctx,
            f"White plays with {white_points} points. A bid offers Black that many points: the next player "
            "accepts it and plays Black, or bids higher. The last bidder plays White.",
            line * 0.48,
            w,
        )[:3]:
            self.draw_text(
                surface, ctx, text, line * 0.48, theme.text_dim, (card.centerx, y), "midtop", max_w=w
            )
            y += line * 0.62
        y = card.y + line * 4.1
        if state.bids:
            bidder = SEAT_NAMES[state.last_bidder()]
            self.draw_text(
                surface, ctx, str(state.bids[-1]), line * 2.0, theme.accent, (card.centerx, y), "midtop", True
            )
            self.draw_text(
                surface,
                ctx,
                f"points for Black, bid by {bidder}",
                line * 0.5,
                theme.text,
                (card.centerx, y + line * 2.1),
                "midtop",
            )
        else:
            self.draw_text(
                surface,
                ctx,
                "No bid yet",
                line * 1.2,
                theme.text,
                (card.centerx, y + line * 0.4),
                "midtop",
                True,
            )
        y = card.y + line * 7.0
        history = ", ".join(f"{b} ({SEAT_NAMES[i % 2][-1]})" for i, b in enumerate(state.bids)) or "-"
        self.draw_text(
            surface,
            ctx,
            f"Bids (by player): {history}",
            line * 0.45,
            theme.text_dim,
            (card.centerx, y),
            "midtop",
            max_w=w,
        )
        seat = state.to_move
        human = seat in ctx.human_seats
        turn = f"{SEAT_NAMES[seat]} to decide" + ("" if human or live else " (AI)")
        self.draw_text(
            surface, ctx, turn, line * 0.62, theme.accent, (card.centerx, y + line * 0.75), "midtop", True
        )
        for wdg in self.widgets:
            self._draw_widget(surface, ctx, wdg, line * 0.55)
        if live and state.offer is None:
            other = SEAT_NAMES[1 - seat]
            y = card.y + line * 12.2
            tips = []
            if self.bid_value in state.bid_range():
                tips.append(
                    f"Raise: if {other} accepts, you play White ({white_points} points) "
                    f"against a Black with {self.bid_value}."
                )
            if state.bids:
                tips.append(
                    f"Accept: you play Black with {state.bids[-1]} points against White's {white_points}."
                )
            tips.append(f"Bids go up to {bid_cap(white_points)}.")
            for tip in tips:
                for text in self._wrap(ctx, tip, line * 0.44, w)[:2]:
                    self.draw_text(
                        surface, ctx, text, line * 0.44, theme.text_dim, (card.centerx, y), "midtop", max_w=w
                    )
                    y += line * 0.56

    # --- the piece editor -------------------------------------------------------------------------

    def edit_layout(self) -> int:
        return from_digits(self.edit)

    def _edit_move(self) -> AMove:
        return AMove(CREATE, piece=normal(self.edit_layout()), orient=self.edit_circle)

    def _editor_boxes(self) -> dict[str, pygame.Rect]:
        area = self.board_area.inflate(-12, -8)
        head = pygame.Rect(area.x, area.y, area.width, int(max(22, area.height * 0.075)))
        presets_h = int(area.height * 0.27)
        presets = pygame.Rect(area.x, area.bottom - presets_h, area.width, presets_h)
        main = pygame.Rect(area.x, head.bottom + 4, area.width, presets.y - head.bottom - 8)
        if main.width >= main.height * 1.1:
            left = pygame.Rect(main.x, main.y, int(main.width * 0.46), main.height)
            right = pygame.Rect(left.right + 8, main.y, main.right - left.right - 8, main.height)
        else:
            left = pygame.Rect(main.x, main.y, main.width, int(main.height * 0.5))
            right = pygame.Rect(main.x, left.bottom + 4, main.width, main.bottom - left.bottom - 4)
        return {"head": head, "left": left, "right": right, "presets": presets}

    def _preview_geometry(self, left: pygame.Rect) -> tuple[tuple[float, float], float]:
        radius = max(8.0, min(left.width, left.height) * 0.24)
        return (left.centerx, left.centery), radius

    def _editor_widgets(self, state: InfinitState, ctx: ViewContext, live: bool) -> list[Control]:
        """The editor's chips, palette, circles, buttons and presets (made again only when the piece,
        the state or the layout changed)."""
        if not live:
            return []
        key = (
            tuple(self.board_area),
            state,
            tuple(self.edit),
            self.edit_circle,
            self.edit_dir,
            self.close_armed > 0,
        )
        if self._editor_made is None or self._editor_made[0] != key:
            self._editor_made = (key, self._make_editor_widgets(state))
        return self._editor_made[1]

    def _make_editor_widgets(self, state: InfinitState) -> list[Control]:
        boxes = self._editor_boxes()
        out: list[Control] = []
        (cx, cy), radius = self._preview_geometry(boxes["left"])
        chip_w, chip_h = max(30, int(radius * 0.62)), max(20, int(radius * 0.4))
        for d in range(6):
            ang = DIR_ANGLES[d]
            px, py = cx + math.cos(ang) * radius * 1.62, cy + math.sin(ang) * radius * 1.62
            rect = pygame.Rect(0, 0, chip_w, chip_h)
            rect.center = (int(px), int(py))
            out.append(
                Control(
                    rect,
                    DIGIT_TOKENS[self.edit[d]] if self.edit[d] else "none",
                    lambda b, d=d: self._chip(d, b),
                    selected=d == self.edit_dir,
                    kind="chip",
                    data=d,
                )
            )
        right = boxes["right"]
        unit = max(16, min(right.height / 11.5, right.width / 9))
        gap = max(3, int(unit * 0.15))
        y = right.y + unit * 0.9
        cell_w = (right.width - 4 * gap) / 5
        for digit in range(10):
            r, c = divmod(digit, 5)
            rect = pygame.Rect(
                int(right.x + c * (cell_w + gap)),
                int(y + r * (unit * 1.7 + gap)),
                int(cell_w),
                int(unit * 1.7),
            )
            out.append(
                Control(
                    rect,
                    DIGIT_TOKENS[digit] if digit else "none",
                    lambda _b, digit=digit: self._set_digit(digit),
                    selected=self.edit[self.edit_dir] == digit,
                    kind="palette",
                    data=digit,
                )
            )
        y += 2 * unit * 1.7 + gap + unit * 0.45
        self._circle_title_y = y
        y += unit * 0.75
        circ_w = (right.width - 2 * gap) / 3
        for circle in range(3):
            rect = pygame.Rect(int(right.x + circle * (circ_w + gap)), int(y), int(circ_w), int(unit * 1.1))
            out.append(
                Control(
                    rect,
                    CIRCLE_LABELS[circle],
                    lambda _b, c=circle: self._set_circle(c),
                    selected=self.edit_circle == circle,
                    kind="circle",
                )
            )
        y += unit * 1.1 + unit * 0.35
        self._value_y = y
        y += unit * 2.7
        reason = state.why_not_create(self._edit_move())
        bw = (right.width - 2 * gap) / 3
        buttons = (
            ("Create (Enter)", lambda _b: self._create(), not reason, True),
            ("Clear (Del)", lambda _b: self._clear_edit(), any(self.edit) or self.edit_circle, False),
            (
                "Really close? (X)" if self.close_armed > 0 else "Close set (X)",
                lambda _b: self._close(),
                True,
                self.close_armed > 0,
            ),
        )
        for i, (label, action, enabled, primary) in enumerate(buttons):
            rect = pygame.Rect(
                int(right.x + i * (bw + gap)),
                int(min(y, right.bottom - unit * 1.3)),
                int(bw),
                int(unit * 1.3),
            )
            out.append(Control(rect, label, action, enabled=bool(enabled), primary=bool(primary and enabled)))
        presets = boxes["presets"]
        title_h = max(14, int(presets.height * 0.14))
        grid = pygame.Rect(presets.x, presets.y + title_h, presets.width, presets.height - title_h)
        n = len(PRESETS)
        cols = max(1, min(n, int(grid.width // max(120, grid.height * 0.9))))
        cols = max(cols, math.ceil(n / max(1, int(grid.height // 34))))
        rows = math.ceil(n / cols)
        pw, ph = grid.width / cols, grid.height / rows
        colour = state.pos.turn
        for i, (name, layout) in enumerate(PRESETS):
            r, c = divmod(i, cols)
            rect = pygame.Rect(int(grid.x + c * pw + 2), int(grid.y + r * ph + 2), int(pw - 4), int(ph - 4))
            fits = normal(layout) not in state.taken(colour) and value_of(layout) <= state.remaining(colour)
            out.append(
                Control(
                    rect, name, lambda _b, lay=layout: self._load(lay), kind="preset", data=(layout, fits)
                )
            )
        return out

    def _chip(self, d: int, button: int) -> None:
        if button == 3:
            self.edit[d] = (self.edit[d] - 1) % 10
        elif self.edit_dir == d:
            self.edit[d] = (self.edit[d] + 1) % 10
        self.edit_dir = d
        return None

    def _set_digit(self, digit: int) -> None:
        self.edit[self.edit_dir] = digit
        return None

    def _set_circle(self, circle: int) -> None:
        self.edit_circle = circle
        return None

    def _clear_edit(self) -> None:
        self.edit = [0] * 6
        self.edit_circle = 0
        return None

    def _load(self, layout: int) -> None:
        self.edit = list(digits(layout))
        self.edit_circle = 0
        return None

    def _create(self) -> Move | None:
        state = self.state
        if not isinstance(state, InfinitState):
            return None
        move = self._edit_move()
        reason = state.why_not_create(move)
        if reason:
            self.message = reason
            return None
        return move

    def _close(self) -> Move | None:
        if self.close_armed > 0:
            self.close_armed = 0.0
            return CLOSE
        self.close_armed = 3.0
        return None

    def _draw_editor(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        """The editor, kept as drawn while neither the piece, the state nor the pointer's widget change
        (in a roomy area only: in a cramped one the controls spill out of it)."""
        if not live:
            # A panel and two lines: drawing them costs less than keeping them (a copy as large
            # as the panel).
            self._paint_editor(surface, state, ctx, live)
            return
        if not self._editor_roomy():
            self._paint_editor(surface, state, ctx, live)
            return
        key = (
            tuple(self.board_area),
            ctx.theme,
            ctx.fonts.scale,
            surface.get_size(),
            state,
            self.message,
            self.widgets and self._editor_made[0],
            next((i for i, w in enumerate(self.widgets) if w.rect.collidepoint(self.mouse)), None),
        )
        if self._editor_layer.show(surface, key):
            return
        self._paint_editor(surface, state, ctx, live)
        self._editor_layer.keep(surface, self.board_area, key)

    def _editor_roomy(self) -> bool:
        """Whether everything the editor draws stays inside the board area (its sizes are not held
        at their minimums)."""
        boxes = self._editor_boxes()
        right, left, presets = boxes["right"], boxes["left"], boxes["presets"]
        return (
            min(right.height / 11.5, right.width / 9) >= 16
            and min(left.width, left.height) * 0.24 >= 60
            and presets.height >= 120
        )

    def _paint_editor(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        theme = ctx.theme
        boxes = self._editor_boxes()
        area = self.board_area
        pygame.draw.rect(surface, theme.panel, area, border_radius=10)
        pygame.draw.rect(surface, theme.panel_edge, area, 2, border_radius=10)
        colour = state.pos.turn
        seat = state.seat_of(colour)
        head = boxes["head"]
        left_pts = state.remaining(colour)
        self.draw_text(
            surface,
            ctx,
            f"{COLOUR_NAMES[colour]} ({SEAT_NAMES[seat]}) creates a piece · {left_pts} of "
            f"{state.points[colour]} points left",
            head.height * 0.55,
            theme.text,
            (head.x + 6, head.centery),
            "midleft",
            True,
            head.width - 12,
        )
        if not live:
            other = "" if seat in ctx.human_seats else " (AI)"
            self.draw_text(
                surface,
                ctx,
                f"{SEAT_NAMES[seat]}{other} is creating…" if state.offer is None else state.describe(),
                head.height * 0.6,
                theme.text_dim,
                area.center,
                "center",
            )
            return
        # the piece being made, with its direction chips
        (cx, cy), radius = self._preview_geometry(boxes["left"])
        layout = self.edit_layout()
        for wdg in self.widgets:
            if wdg.kind == "chip":
                pygame.draw.line(surface, theme.panel_edge, (cx, cy), wdg.rect.center, 2)
        self.blit_piece(surface, (cx, cy), layout, colour, self.edit_circle, None, radius)
        right = boxes["right"]
        unit = max(16, min(right.height / 11.5, right.width / 9))
        d = self.edit_dir
        self.draw_text(
            surface,
            ctx,
            f"Arrows pointing {DIRECTION_NAMES[d]} (direction {d + 1} of 6)",
            unit * 0.55,
            theme.text,
            (right.x, right.y + unit * 0.2),
            max_w=right.width,
        )
        self.draw_text(
            surface,
            ctx,
            "Circle",
            unit * 0.55,
            theme.text,
            (right.x, self._circle_title_y),
            max_w=right.width,
        )
        for wdg in self.widgets:
            if wdg.kind == "palette":
                self._draw_palette(surface, ctx, wdg, colour, d)
            elif wdg.kind == "preset":
                self._draw_preset(surface, ctx, wdg, colour)
            else:
                self._draw_widget(surface, ctx, wdg, unit * 0.5)
        # value and verdict
        a, b = counts(layout)
        s_text = ("1", "2", "1/2")[self.edit_circle]
        value = value_of(layout, self.edit_circle)
        y = getattr(self, "_value_y", right.y + unit * 6)
        self.draw_text(surface, ctx, f"Value {value}", unit * 1.0, theme.accent, (right.x, y), bold=True)
        self.draw_text(
            surface,
            ctx,
            f"a = {a} single, b = {b} double, s = {s_text}   ({describe(layout)})",
            unit * 0.42,
            theme.text_dim,
            (right.x, y + unit * 1.15),
            max_w=right.width,
        )
        reason = self.message or state.why_not_create(self._edit_move())
        if reason:
            verdict = reason.split(": ", 1)[-1]
            verdict_colour = theme.danger
        else:
            verdict = f"Fits: {left_pts} -> {left_pts - value} points left; not yet in your set"
            verdict_colour = theme.ok
        self.draw_text(
            surface, ctx, verdict, unit * 0.46, verdict_colour, (right.x, y + unit * 1.8), max_w=right.width
        )
        presets = boxes["presets"]
        self.draw_text(
            surface,
            ctx,
            "Presets (click to edit)",
            max(11, presets.height * 0.1),
            theme.text_dim,
            (presets.x + 4, presets.y),
        )

    def _draw_widget(self, surface: pygame.Surface, ctx: ViewContext, w: Control, px: float) -> None:
        theme = ctx.theme
        hovered = w.rect.collidepoint(self.mouse) and w.enabled and w.action is not None
        if w.kind == "value":
            pygame.draw.rect(surface, theme.background, w.rect, border_radius=6)
            pygame.draw.rect(surface, theme.focus, w.rect, 2, border_radius=6)
            text = self.typed or w.label
            self.draw_text(surface, ctx, text, px * 1.2, theme.text, w.rect.center, "center", True)
            return
        if w.primary:
            fill = theme.button_primary
        elif w.selected:
            fill = mix(theme.button_hover, theme.accent, 0.25)
        else:
            fill = theme.button_hover if hovered else theme.button
        if not w.enabled:
            fill = mix(theme.button, theme.background, 0.5)
        pygame.draw.rect(surface, fill, w.rect, border_radius=6)
        if w.selected or hovered:
            pygame.draw.rect(surface, theme.focus, w.rect, 2, border_radius=6)
        colour = theme.button_primary_text if w.primary else (theme.text if w.enabled else theme.disabled)
        self.draw_text(surface, ctx, w.label, px, colour, w.rect.center, "center", max_w=w.rect.width - 6)

    def _draw_palette(
        self, surface: pygame.Surface, ctx: ViewContext, w: Control, colour: int, d: int
    ) -> None:
        theme = ctx.theme
        hovered = w.rect.collidepoint(self.mouse)
        fill = (
            mix(theme.button_hover, theme.accent, 0.25)
            if w.selected
            else (theme.button_hover if hovered else theme.button)
        )
        pygame.draw.rect(surface, fill, w.rect, border_radius=6)
        if w.selected or hovered:
            pygame.draw.rect(surface, theme.focus, w.rect, 2, border_radius=6)
        r = min(w.rect.width, w.rect.height) * 0.36
        icon = w.data * 10 ** (5 - d)
        self.blit_piece(surface, (w.rect.centerx, w.rect.y + r + 2), icon, colour, 0, None, r)
        self.draw_text(
            surface,
            ctx,
            w.label,
            max(9, w.rect.height * 0.2),
            theme.text,
            (w.rect.centerx, w.rect.bottom - 2),
            "midbottom",
        )

    def _draw_preset(self, surface: pygame.Surface, ctx: ViewContext, w: Control, colour: int) -> None:
        theme = ctx.theme
        layout, fits = w.data
        hovered = w.rect.collidepoint(self.mouse)
        fill = theme.button_hover if hovered else theme.button
        pygame.draw.rect(
            surface, fill if fits else mix(theme.button, theme.background, 0.5), w.rect, border_radius=6
        )
        if hovered:
            pygame.draw.rect(surface, theme.focus, w.rect, 2, border_radius=6)
        r = min(w.rect.height * 0.42, w.rect.width * 0.2)
        self.blit_piece(
            surface, (w.rect.x + r + 4, w.rect.centery), layout, colour, 0, None, r, 255 if fits else 120
        )
        tx = int(w.rect.x + 2 * r + 8)
        tw = w.rect.right - tx - 4
        px = max(9, min(w.rect.height * 0.3, 18))
        self.draw_text(
            surface,
            ctx,
            w.label,
            px,
            theme.text if fits else theme.disabled,
            (tx, w.rect.centery - px * 0.1),
            "bottomleft",
            max_w=tw,
        )
        self.draw_text(
            surface,
            ctx,
            f"value {value_of(layout)}",
            px * 0.85,
            theme.text_dim,
            (tx, w.rect.centery + px * 0.1),
            "topleft",
            max_w=tw,
        )

    def _draw_set(self, surface: pygame.Surface, ctx: ViewContext, state: InfinitState, colour: int) -> None:
        """A colour's set while pieces are created: the pieces with their values, points left (kept
        as drawn while they stay the same)."""
        key = (
            self.panel_key(surface, ctx, colour),
            state.pos.turn == colour and state.offer is None,
            state.seat_of(colour),
            state.closed[colour],
            state.pieces[colour],
            state.points[colour],
            self.hover_slot if self.hover_slot and self.hover_slot[0] == colour else None,
        )
        if self.inv_layers[colour].show(surface, key):
            return
        self.busy = True
        self._paint_set(surface, ctx, state, colour)
        # The slots share one radius (the last grid's): a piece may reach past a smaller set's panel.
        r = self.slot_radius
        half = int(r) + 4
        reach = [
            pygame.Rect(slot.centerx - half, int(slot.centery - r * 0.08) - half, 2 * half, 2 * half)
            for slot in self.slots[colour]
        ]
        self.inv_layers[colour].keep(surface, self.inv_rects[colour].unionall(reach), key)

    def _paint_set(self, surface: pygame.Surface, ctx: ViewContext, state: InfinitState, colour: int) -> None:
        rect = self.inv_rects[colour]
        theme = ctx.theme
        active = state.pos.turn == colour and state.offer is None
        pygame.draw.rect(surface, theme.panel, rect, border_radius=8)
        pygame.draw.rect(surface, theme.highlight if active else theme.panel_edge, rect, 2, border_radius=8)
        seat = state.seat_of(colour)
        if state.closed[colour]:
            status = f"set closed · {len(state.pieces[colour])} pieces"
        else:
            status = f"{state.remaining(colour)} of {state.points[colour]} points left"
        line = self._set_line(rect)
        for i, (text, tone) in enumerate(
            (
                (f"{COLOUR_NAMES[colour]} · {SEAT_NAMES[seat]}", theme.text),
                (status, theme.accent if active else theme.text_dim),
            )
        ):
            self.draw_text(
                surface,
                ctx,
                text,
                line * 0.72,
                tone,
                (rect.x + 8, rect.y + 4 + i * line),
                bold=i == 0,
                max_w=rect.width - 12,
            )
        r = self.slot_radius
        for i, slot in enumerate(self.slots[colour]):
            layout, circle = state.pieces[colour][i]
            if self.hover_slot == (colour, i):
                pygame.draw.rect(surface, theme.button_hover, slot.inflate(-2, -2), border_radius=6)
            self.blit_piece(surface, (slot.centerx, slot.centery - r * 0.08), layout, colour, circle, None, r)
            self.draw_text(
                surface,
                ctx,
                str(value_of(layout, circle)),
                max(9, r * 0.5),
                theme.text_dim,
                (slot.x + 3, slot.y + 1),
            )

    @staticmethod
    def _set_line(rect: pygame.Rect) -> int:
        """Height of a title line over a set while pieces are created."""
        return int(max(14, min(24, rect.height * 0.3, rect.width * 0.11)))

    def draw_slot_tooltip(self, surface, ctx, state, colour: int, idx: int) -> None:
        if not isinstance(state, InfinitState) or idx >= len(state.pieces[colour]):
            return
        if state.phase == PLAY:
            super().draw_slot_tooltip(surface, ctx, state, colour, idx)
            return
        layout, circle = state.pieces[colour][idx]
        circ = ("", " · reinforcement", " · damage")[circle]
        text = (
            f"{COLOUR_NAMES[colour]} {idx + 1}: {describe(layout)}{circ} · value {value_of(layout, circle)}"
        )
        slot = self.slots[colour][idx]
        self.draw_tooltip(surface, ctx, text, (slot.centerx, slot.y))

    def _wrap(self, ctx: ViewContext, text: str, px: float, width: float) -> list[str]:
        key = (text, px, width, ctx.fonts.scale)
        lines = self._wrapped.get(key)
        if lines is None:
            if len(self._wrapped) > 200:
                self._wrapped.clear()
            lines = self._wrapped[key] = self._wrap_words(ctx, text, px, width)
        return lines

    def _wrap_words(self, ctx: ViewContext, text: str, px: float, width: float) -> list[str]:
        font = self.font(ctx, px)
        lines: list[str] = []
        current = ""
        for word in text.split():
            trial = f"{current} {word}".strip()
            if font.size(trial)[0] <= width or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        if current:
            lines.append(current)
        return lines

    def prompt(self, state, legal, live: bool) -> str:
        text = super().prompt(state, legal, live)
        if (
            live
            and state.phase == PLAY
            and self.mode is None
            and state.offer is None
            and state.outcome is None
        ):
            return f"{state.describe()}: pick a piece in hand or on the board · drag to pan · F frame · C control"
        return text

    # --- input ------------------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> bool:
        """While the AI moves or after the game, the wheel still zooms (held keys and drags are
        polled in ``update``)."""
        if not isinstance(state, InfinitState) or state.phase != PLAY or event.type != pygame.MOUSEWHEEL:
            return False
        return bool(self.camera.handle_event(event))

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        """Play under the camera (drags, the wheel, keys that pan); the phases before play come
        through the ``start_phase_event`` hook."""
        if not isinstance(state, InfinitState) or not ctx.interactive or state.outcome is not None:
            return None
        self._interactive = True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if state.phase != PLAY:
            return super().handle_event(event, state, ctx)
        self.sync(state, ctx)
        return self._play_event(event, state, ctx)

    def start_phase_event(
        self, event: pygame.event.Event, state: InfinitState, ctx: ViewContext
    ) -> tuple[bool, Move | None]:
        """The hook for events before play: the auction card's and the editor's (unless a draw
        offer waits: then the bar's buttons answer it)."""
        if state.offer is None and state.phase == BID:
            self.widgets = self._auction_widgets(state, ctx, True)
            return True, self._auction_event(event, state)
        if state.offer is None and state.phase == CREATION:
            self.widgets = self._editor_widgets(state, ctx, True)
            return True, self._editor_event(event, state)
        return False, None

    def _click_widgets(self, pos: tuple[int, int], button: int) -> tuple[bool, Move | None]:
        for w in self.widgets:
            if w.rect.collidepoint(pos) and w.enabled and w.action is not None:
                self.message = ""
                return True, w.activate(button)
        return False, None

    def _auction_event(self, event: pygame.event.Event, state: InfinitState) -> Move | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._click_widgets(event.pos, event.button)[1]
        if event.type == pygame.MOUSEWHEEL:
            self._step_bid(1 if event.y > 0 else -1)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        key = event.key
        steps = {
            pygame.K_UP: 1,
            pygame.K_RIGHT: 1,
            pygame.K_PLUS: 1,
            pygame.K_EQUALS: 1,
            pygame.K_KP_PLUS: 1,
            pygame.K_DOWN: -1,
            pygame.K_LEFT: -1,
            pygame.K_MINUS: -1,
            pygame.K_KP_MINUS: -1,
            pygame.K_PAGEUP: 10,
            pygame.K_PAGEDOWN: -10,
        }
        if key in steps:
            return self._step_bid(steps[key])
        if key in DIGIT_KEYS:
            self.typed = (self.typed + str(DIGIT_KEYS[key]))[-4:]
            self.bid_value = int(self.typed)
            return None
        if key == pygame.K_BACKSPACE:
            self.typed = self.typed[:-1]
            if self.typed:
                self.bid_value = int(self.typed)
            else:
                self._bid_state = None
                self._sync_bid(state)
            return None
        if key in ACTIVATE:
            return self._raise()
        if key == pygame.K_a and state.bids:
            return ACCEPT
        return None

    def _editor_event(self, event: pygame.event.Event, state: InfinitState) -> Move | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_slot = self.slot_at(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            return self._click_widgets(event.pos, event.button)[1]
        if event.type == pygame.MOUSEWHEEL:
            for w in self.widgets:
                if w.kind == "chip" and w.rect.collidepoint(self.mouse):
                    self.edit_dir = w.data
                    self.edit[w.data] = (self.edit[w.data] + (1 if event.y > 0 else -1)) % 10
            return None
        if event.type != pygame.KEYDOWN:
            return None
        key = event.key
        self.message = ""
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            step = -1 if key == pygame.K_LEFT or event.mod & pygame.KMOD_SHIFT else 1
            self.edit_dir = (self.edit_dir + step) % 6
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.edit[self.edit_dir] = (self.edit[self.edit_dir] + (1 if key == pygame.K_UP else -1)) % 10
        elif key in DIGIT_KEYS:
            self.edit[self.edit_dir] = DIGIT_KEYS[key]
            self.edit_dir = (self.edit_dir + 1) % 6
        elif key == pygame.K_c:
            self.edit_circle = (self.edit_circle + 1) % 3
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self._clear_edit()
        elif key in ACTIVATE:
            return self._create()
        elif key == pygame.K_x:
            return self._close()
        return None

    def _play_event(self, event: pygame.event.Event, state: InfinitState, ctx: ViewContext) -> Move | None:
        t = event.type
        cam = self.camera
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            on_board = self.board_area.collidepoint(event.pos) and not (
                self.mode == "menu" and self.menu_rect.collidepoint(event.pos)
            )
            if on_board:
                # Decide on release: a press that moves drags the board, one that stays clicks.
                self._press_pos = event.pos
                self._dragged = False
                return None
            return super().handle_event(event, state, ctx)
        if t == pygame.MOUSEMOTION:
            if self._press_pos is not None:
                if not self._dragged and math.dist(event.pos, self._press_pos) > DRAG_THRESHOLD:
                    self._dragged = True
                    cam.pan_pixels(event.pos[0] - self._press_pos[0], event.pos[1] - self._press_pos[1])
                elif self._dragged:
                    cam.pan_pixels(*event.rel)
            elif cam.dragging:
                cam.handle_event(event)
                if self._rpress is not None and math.dist(event.pos, self._rpress) > DRAG_THRESHOLD:
                    self._rpress = None
            self.size = cam.zoom
            return super().handle_event(event, state, ctx)
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            press, dragged = self._press_pos, self._dragged
            self._press_pos, self._dragged = None, False
            if press is None or dragged:
                return None
            click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1)
            return super().handle_event(click, state, ctx)
        if t == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            cam.handle_event(event)
            self._rpress = event.pos if event.button == 3 else None
            return None
        if t == pygame.MOUSEBUTTONUP and event.button in (2, 3):
            cam.handle_event(event)
            if event.button == 3 and self._rpress is not None:
                self.clear_selection()  # a right click without a drag cancels, as in Amakta
            self._rpress = None
            return None
        if t == pygame.MOUSEWHEEL:
            if self.mode in ("hand", "relocate", "orient"):
                return super().handle_event(event, state, ctx)  # the wheel turns the piece
            if not hasattr(event, "pos"):
                event = pygame.event.Event(pygame.MOUSEWHEEL, x=event.x, y=event.y, pos=self.mouse)
            cam.handle_event(event)
            return None
        if t == pygame.KEYDOWN and self.mode != "menu":
            key = event.key
            if key in (pygame.K_f, pygame.K_HOME):
                self._frame()
                return None
            arrows = {
                pygame.K_LEFT: (-2, 0),
                pygame.K_RIGHT: (2, 0),
                pygame.K_UP: (0, -1),
                pygame.K_DOWN: (0, 1),
            }
            # The arrows pan, unless the keyboard cursor is out (Shift + arrows, or Enter / the
            # gamepad's A with nothing to confirm): then they move it. Backspace puts it away.
            if key in arrows and (event.mod & pygame.KMOD_SHIFT or self.cursor_visible):
                self._cursor_step(state, arrows[key])
                return None
            if key in CANCEL and self.cursor_visible and self.mode is None:
                self.cursor_visible = False
                return None
            if (
                key in ACTIVATE
                and not self.cursor_visible
                and self.button_focus is None
                and (self.mode is None or self.hover_cell is None)
                and self.legal_for(state).play
            ):
                self._cursor_step(state, (0, 0))
                return None
            if cam.handle_event(event):
                return None
        return super().handle_event(event, state, ctx)

    @property
    def has_selection(self) -> bool:
        """A half-made move or the keyboard cursor: Escape (gamepad B) clears it before pausing."""
        return self.mode is not None or self.cursor_visible

    def _cursor_step(self, state: InfinitState, delta: tuple[int, int]) -> None:
        """Show the cursor (on the mover's base if it is in view, else mid-screen) or move it one
        field; up and down zigzag so that the cursor keeps its column."""
        if self.cursor is None or not self.cursor_visible:
            self.cursor_visible = True
            base = self.board.bases[state.pos.turn]
            if self.cursor is None or not self._visible(self.cursor, -1.0):
                self.cursor = base if self._visible(base, -1.0) else self.cell_at(self.board_area.center)
        else:
            x, y = self.cursor
            dx, dy = delta
            if dy:
                dx = -1 if (y % 2 == 0) == (dy < 0) else 1
            self.cursor = (x + dx, y + dy)
        if not self._visible(self.cursor, -1.0):
            self.camera.move_to(world(self.cursor))

    # --- side panel ---------------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """The phase's figures and, in play, the 86185-move draw counter.

        >>> from tafel.games.amakta_infinit import GAME
        >>> view = InfinitView(GAME, GAME.resolve_options({}))
        >>> s = InfinitState.from_text("distance=3 points=20/20 sets=100000/100000 cells=w1r0@0,0 quiet=12")
        >>> view.status(s, None)
        ['White = Player 1: 0 in hand, 0 out', 'Black = Player 2: 1 in hand, 0 out', 'Quiet moves: 12 of 86185']
        """
        if not isinstance(state, InfinitState):
            return []
        lines = []
        if state.phase == BID:
            bids = ", ".join(str(b) for b in state.bids[-6:]) or "none yet"
            lines.append(f"White's points: {state.points[0]} · bases {state.distance} apart")
            lines.append(f"Bids for Black: {bids} (cap {bid_cap(state.points[0])})")
        elif state.phase == CREATION:
            for colour in (WHITE, BLACK):
                status = "closed" if state.closed[colour] else f"{state.remaining(colour)} points left"
                lines.append(
                    f"{COLOUR_NAMES[colour]} = {SEAT_NAMES[state.seat_of(colour)]}: "
                    f"{len(state.pieces[colour])} pieces, {status}"
                )
        else:
            pos = state.pos
            for colour in (WHITE, BLACK):
                lines.append(
                    f"{COLOUR_NAMES[colour]} = {SEAT_NAMES[state.seat_of(colour)]}: "
                    f"{len(pos.inv[colour])} in hand, {len(pos.removed(colour))} out"
                )
            # The draw counter: moves in a row without an expropriation or release.
            lines.append(f"Quiet moves: {state.quiet} of {DRAW_MOVES}")
            reps = state.repetitions()
            if reps > 1 and state.outcome is None:
                lines.append(f"Situation seen {reps} times (3 draws)")
        if state.offer is not None:
            lines.append(f"Draw offered by {SEAT_NAMES[state.offer]}")
        return lines


__all__ = ["InfinitView"]
