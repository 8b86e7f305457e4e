"""Each side's set while pieces are created: its pieces with their values and the points left."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from tafel.games.amakta.rules.board import BLACK, WHITE
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.state import PLAY, SEAT_NAMES
from tafel.kit import KeptPanel
from tafel.view import ViewContext

from ..state import InfinitState
from ..texts import _, describe_piece
from ..values import value_of


class Sets:
    """The sets beside the editor, a part of :class:`InfinitView`."""

    # What the view (InfinitView, AmaktaView) gives this part, for the type checker.
    hover_slot: tuple[int, int] | None
    inv_layers: dict[int, KeptPanel]
    inv_rects: dict[int, pygame.Rect]
    slot_radius: float
    slots: dict[int, list[pygame.Rect]]
    sprites: dict[tuple, pygame.Surface]

    if TYPE_CHECKING:

        def _slots_rect(self, colour: int) -> pygame.Rect: ...
        def blit_piece(
            self, surface, center, layout, colour, circle, expro_owner, radius, alpha=255
        ) -> None: ...
        def draw_text(
            self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None
        ): ...
        def draw_tooltip(self, surface, ctx, text: str, anchor: tuple[float, float]) -> None: ...
        def grid_fit(self, rect: pygame.Rect, n: int) -> tuple[float, list[pygame.Rect]]: ...
        def panel_key(self, surface: pygame.Surface, ctx: ViewContext, colour: int) -> tuple: ...
        def sprite(
            self, layout: int, colour: int, circle: int, expro_owner: int | None, radius, alpha=255
        ) -> Any: ...

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

    def _draw_set(self, surface: pygame.Surface, ctx: ViewContext, state: InfinitState, colour: int) -> None:
        """A colour's set while pieces are created: the pieces with their values, points left (kept
        as drawn while they stay the same)."""
        hover = self.hover_slot if self.hover_slot and self.hover_slot[0] == colour else None
        shown = (state.seat_of(colour), state.closed[colour], state.pieces[colour], state.points[colour])
        active = state.pos.turn == colour and state.offer is None
        key = (self.panel_key(surface, ctx, colour), active, shown, hover)
        if self.inv_layers[colour].show(surface, key):
            return
        self.busy = True
        self._paint_set(surface, ctx, state, colour)
        # The slots share one radius (the last grid's): a piece may reach past a smaller set's panel.
        r, half = self.slot_radius, int(self.slot_radius) + 4
        box = pygame.Rect(0, 0, 2 * half, 2 * half)
        reach = [box.move_to(center=(s.centerx, int(s.centery - r * 0.08))) for s in self.slots[colour]]
        self.inv_layers[colour].keep(surface, self.inv_rects[colour].unionall(reach), key)

    def _paint_set(self, surface: pygame.Surface, ctx: ViewContext, state: InfinitState, colour: int) -> None:
        rect, theme = self.inv_rects[colour], ctx.theme
        active = state.pos.turn == colour and state.offer is None
        pygame.draw.rect(surface, theme.panel, rect, border_radius=8)
        pygame.draw.rect(surface, theme.highlight if active else theme.panel_edge, rect, 2, border_radius=8)
        seat = state.seat_of(colour)
        if state.closed[colour]:
            n = len(state.pieces[colour])
            status = _.ngettext("set closed · {n} piece", "set closed · {n} pieces", n).format(n=n)
        else:
            left, points = state.remaining(colour), state.points[colour]
            status = _("{left} of {points} points left").format(left=left, points=points)
        line, x, w = self._set_line(rect), rect.x + 8, rect.width - 12
        who = f"{_(COLOUR_NAMES[colour])} · {_(SEAT_NAMES[seat])}"
        self.draw_text(surface, ctx, who, line * 0.72, theme.text, (x, rect.y + 4), bold=True, max_w=w)
        tone = theme.accent if active else theme.text_dim
        self.draw_text(surface, ctx, status, line * 0.72, tone, (x, rect.y + 4 + line), max_w=w)
        r, pieces = self.slot_radius, state.pieces[colour]
        for i, (slot, (layout, circle)) in enumerate(zip(self.slots[colour], pieces, strict=False)):
            if self.hover_slot == (colour, i):
                pygame.draw.rect(surface, theme.button_hover, slot.inflate(-2, -2), border_radius=6)
            self.blit_piece(surface, (slot.centerx, slot.centery - r * 0.08), layout, colour, circle, None, r)
            value = str(value_of(layout, circle))
            self.draw_text(surface, ctx, value, max(9, r * 0.5), theme.text_dim, (slot.x + 3, slot.y + 1))

    @staticmethod
    def _set_line(rect: pygame.Rect) -> int:
        """Height of a title line over a set while pieces are created."""
        return int(max(14, min(24, rect.height * 0.3, rect.width * 0.11)))

    def draw_slot_tooltip(self, surface, ctx, state, colour: int, idx: int) -> None:
        if not isinstance(state, InfinitState) or idx >= len(state.pieces[colour]):
            return None
        if state.phase == PLAY:
            return super().draw_slot_tooltip(surface, ctx, state, colour, idx)  # type: ignore[misc]  # Panels's
        layout, circle = state.pieces[colour][idx]
        circ = ("", " · " + _("reinforcement"), " · " + _("damage"))[circle]
        name, value = _(COLOUR_NAMES[colour]), value_of(layout, circle)
        text = _("{colour} {n}: {arrows}{circle} · value {value}")
        text = text.format(colour=name, n=idx + 1, arrows=describe_piece(layout), circle=circ, value=value)
        slot = self.slots[colour][idx]
        self.draw_tooltip(surface, ctx, text, (slot.centerx, slot.y))
