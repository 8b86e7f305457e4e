"""Each side's set while pieces are created: its pieces with their values and the points left."""

from __future__ import annotations

import pygame

from tafel.games.amakta.rules.board import BLACK, WHITE
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.state import PLAY, SEAT_NAMES
from tafel.view import ViewContext

from ..state import InfinitState
from ..texts import _, describe_piece
from ..values import value_of


class Sets:
    """The sets beside the editor, a part of :class:`InfinitView`."""

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
            n = len(state.pieces[colour])
            status = _.ngettext("set closed · {n} piece", "set closed · {n} pieces", n).format(n=n)
        else:
            status = _("{left} of {points} points left").format(
                left=state.remaining(colour), points=state.points[colour]
            )
        line = self._set_line(rect)
        for i, (text, tone) in enumerate(
            (
                (f"{_(COLOUR_NAMES[colour])} · {_(SEAT_NAMES[seat])}", theme.text),
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
        circ = ("", " · " + _("reinforcement"), " · " + _("damage"))[circle]
        text = _("{colour} {n}: {arrows}{circle} · value {value}").format(
            colour=_(COLOUR_NAMES[colour]),
            n=idx + 1,
            arrows=describe_piece(layout),
            circle=circ,
            value=value_of(layout, circle),
        )
        slot = self.slots[colour][idx]
        self.draw_tooltip(surface, ctx, text, (slot.centerx, slot.y))
