"""The panels round the board: each side's inventory (kept as drawn, mended slot by slot), the
bar of buttons with the prompt, and the tooltips."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tafel.kit import Button
from tafel.kit.hexboard import hex_points, x_mark
from tafel.view import ViewContext, mix

from ..rules.engine import COLOUR_NAMES, Move
from ..rules.pieces import describe
from ..rules.state import PLAY, AmaktaState
from ..texts import _
from .legal import Legal
from .pieces import BODY


def bar_button(
    label: str, action: Callable[[], Move | None], hotkey: int | None = None, primary: bool = False
) -> Button:
    """A kit button for the bar below the board, with the key that presses it (``hotkey``); drawn in
    the bar's own compact style by :meth:`Panels.draw_bar`."""
    button = Button(label, action, kind="primary" if primary else "normal")
    button.hotkey = hotkey
    return button


class Panels:
    """The inventories, the bar and the tooltips, a part of :class:`AmaktaView`."""

    def draw_inventory(
        self, surface, ctx, state: AmaktaState, legal: Legal | None, colour: int, live: bool
    ) -> None:
        """A colour's pieces in their slots, kept as drawn (see ``_draw_kept_panel``)."""
        rect = self.inv_rects[colour]
        theme = ctx.theme
        pos = state.pos
        me = pos.turn if state.phase == PLAY else None
        frame = theme.highlight if (live and legal.play and colour == me) else theme.panel_edge
        seat = state.seat_of(colour) if state.white_seat is not None else None
        who = _(COLOUR_NAMES[colour]) + (
            f" · {state.seat_label(seat).split('(')[-1].rstrip(')')}" if seat is not None else ""
        )
        slots = self.slots[colour]
        title_h = slots[0].y - rect.y if slots else 20
        hand = set(pos.inv[colour])
        on_board = {p[1] for p in pos.cells.values() if p[0] == colour}
        next_circle = None
        if state.phase in ("circles-same", "circles-each"):
            next_circle = state.next_circle()
        parts: dict[Any, tuple] = {
            "title": (
                (rect.x, rect.y, rect.width, title_h),
                _("{who} · {n} in hand").format(who=who, n=len(hand)),
                title_h,
            )
        }
        for i, slot in enumerate(slots):
            selected = live and self.sel_piece == i and colour == me and self.mode in ("hand", "orient")
            pickable = live and colour == me and self._slot_pickable(legal, i)
            accent = next_circle == (colour, i) or (
                state.phase == "circles-same" and next_circle and next_circle[1] == i
            )
            where = "hand" if i in hand else ("board" if i in on_board else "out")
            parts[i] = (
                tuple(slot),
                pos.eq.sets[colour][i],
                state.circles[colour][i] or 0,
                where,
                bool(selected or (self.hover_slot == (colour, i) and pickable)),
                bool(accent),
                bool(pickable),
                bool(selected),
            )

        def paint_bg(target: pygame.Surface) -> None:
            pygame.draw.rect(target, theme.panel, rect, border_radius=8)
            pygame.draw.rect(target, frame, rect, 2, border_radius=8)

        def paint_part(target: pygame.Surface, name: Any, part: tuple) -> None:
            if name == "title":
                _r, text, h = part
                self.draw_text(
                    target,
                    ctx,
                    text,
                    max(10, h * 0.55),
                    theme.text,
                    (rect.x + 8, rect.y + h * 0.2),
                    max_w=rect.width - 12,
                )
            else:
                self._paint_slot(target, ctx, colour, name, *part)

        # Where each part draws. A part is painted again alone only while everything of it stays
        # inside its rectangle (a picture cut by the clip would blend its edge differently), and
        # the kept picture takes in whatever reaches out of the panel.
        r = self.slot_radius
        title = self.render_text(
            ctx, parts["title"][1], max(10, title_h * 0.55), theme.text, max_w=rect.width - 12
        )
        reach = {"title": title.get_rect(topleft=(rect.x + 8, int(rect.y + title_h * 0.2)))}
        half = max(int(r) + 4, int(r * 1.05) + max(2, int(r * 0.12)) + 2)
        for i, slot in enumerate(slots):
            number = self.render_text(ctx, str(i + 1), max(9, r * 0.5), theme.text_dim)
            cx, cy = slot.centerx, int(slot.centery - r * 0.08)
            reach[i] = pygame.Rect(cx - half, cy - half, 2 * half, 2 * half).union(
                number.get_rect(topleft=(slot.x + 3, slot.y + 1))
            )
        mendable = all(pygame.Rect(parts[name][0]).contains(area) for name, area in reach.items())
        base = (self.panel_key(surface, ctx, colour), frame)
        layer = self.inv_layers[colour]
        if layer.draw(
            surface, base, parts, paint_bg, paint_part, rect.unionall(list(reach.values())), mendable
        ):
            self.busy = True

    def panel_key(self, surface: pygame.Surface, ctx: ViewContext, colour: int) -> tuple:
        """Where a colour's panel and its slots are and what they are drawn with."""
        return (
            tuple(self.inv_rects[colour]),
            tuple(map(tuple, self.slots[colour])),
            self.slot_radius,
            ctx.theme,
            ctx.fonts.scale,
            surface.get_size(),
        )

    def _paint_slot(
        self, surface, ctx, colour, i, slot, layout, circle, where, lit, accent, pickable, selected
    ) -> None:
        theme = ctx.theme
        slot = pygame.Rect(slot)
        r = self.slot_radius
        center = (slot.centerx, slot.centery - r * 0.08)
        if lit:
            pygame.draw.rect(surface, theme.button_hover, slot.inflate(-2, -2), border_radius=6)
        if accent:
            pygame.draw.rect(surface, theme.accent, slot.inflate(-2, -2), 3, border_radius=6)
        if where == "hand":
            self.blit_piece(surface, center, layout, colour, circle, None, r)
            if pickable:
                pygame.draw.polygon(
                    surface, theme.target_near, hex_points(*center, r * 1.0), max(2, int(r * 0.08))
                )
            if selected:
                pygame.draw.polygon(
                    surface, theme.highlight, hex_points(*center, r * 1.05), max(2, int(r * 0.12))
                )
        elif where == "board":
            pygame.draw.polygon(
                surface, mix(theme.panel, BODY[colour], 0.25), hex_points(*center, r * 0.9), 2
            )
        else:
            pygame.draw.polygon(
                surface, mix(theme.panel, BODY[colour], 0.15), hex_points(*center, r * 0.9), 1
            )
            x_mark(surface, theme.danger, center, r * 0.45, 2)
        self.draw_text(surface, ctx, str(i + 1), max(9, r * 0.5), theme.text_dim, (slot.x + 3, slot.y + 1))

    def _slot_pickable(self, legal: Legal, idx: int) -> bool:
        if self.mode == "pick":
            return any(
                m.kind == self.kind and m.cell == self.sel_cell and m.piece == idx
                for m in legal.by_cell.get(self.sel_cell, ())
            )
        return idx in legal.hand_targets

    def draw_bar(self, surface, ctx, state: AmaktaState, legal: Legal, live: bool) -> None:
        theme = ctx.theme
        bar = self.bar_rect
        self.buttons = self._make_buttons(state, legal) if live else []
        h = bar.height - 6
        font_px = max(10, h * 0.45)
        x = bar.x
        for i, b in enumerate(self.buttons):
            w = int(self.font(ctx, font_px).size(b.label)[0] + h * 0.8)
            b.rect = pygame.Rect(x, bar.y + 3, w, h)
            x += w + 6
            hovered = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            focus = self.button_focus == i
            fill = (
                theme.button_primary
                if b.kind == "primary"
                else (theme.button_hover if hovered or focus else theme.button)
            )
            pygame.draw.rect(surface, fill, b.rect, border_radius=6)
            if focus:
                pygame.draw.rect(surface, theme.focus, b.rect, 2, border_radius=6)
            colour = theme.button_primary_text if b.kind == "primary" else theme.text
            self.draw_text(surface, ctx, b.label, font_px, colour, b.rect.center, "center")
        prompt = self.message or self.prompt(state, legal, live)
        if not prompt:
            return
        px = max(11, h * 0.4)
        colour = theme.accent if self.message else theme.text_dim
        if self.prompt_rect.height:
            line = self.prompt_rect
            self.draw_text(
                surface,
                ctx,
                prompt,
                max(11, line.height * 0.75),
                colour,
                (line.x + 4, line.centery),
                "midleft",
                max_w=line.width - 8,
            )
        else:
            self.draw_text(
                surface, ctx, prompt, px, colour, (x + 8, bar.centery), "midleft", max_w=bar.right - x - 12
            )

    def prompt(self, state: AmaktaState, legal: Legal, live: bool) -> str:
        if state.outcome is not None:
            return state.outcome.reason
        if not live:
            return state.describe()
        if state.offer is not None:
            return _("{seat} offers a draw").format(seat=state.seat_label(state.offer))
        if state.phase != PLAY:
            return state.describe()
        if self.mode == "hand":
            return _("Piece {n}: click a lit field · R / wheel turn · M mirror · Backspace cancels").format(
                n=self.sel_piece + 1
            )
        if self.mode == "relocate":
            return _("Relocate: click a lit field · R / wheel turn · M mirror · Backspace cancels")
        if self.mode == "orient":
            return _("Turn with R / wheel, mirror with M, confirm with Enter or a click · Backspace cancels")
        if self.mode == "pick":
            return _("Choose the piece from your hand (lit)")
        return _("{status}: pick a piece in hand or on the board · C control").format(status=state.describe())

    def _make_buttons(self, state: AmaktaState, legal: Legal) -> list[Button]:
        out: list[Button] = []

        def move_button(label, move, key=None, primary=False):
            out.append(bar_button(label, lambda m=move: m, key, primary))

        kinds = legal.kinds
        if state.offer is not None:
            move_button(_("Accept draw"), kinds["accept-draw"], pygame.K_a, True)
            move_button(_("Decline draw"), kinds["decline-draw"], pygame.K_d)
        elif state.phase == "circles":
            move_button(_("No circles"), kinds["circles-none"], pygame.K_1, True)
            move_button(_("Same for both…"), kinds["circles-same"], pygame.K_2)
            move_button(_("Piece by piece…"), kinds["circles-each"], pygame.K_3)
        elif state.phase in ("circles-same", "circles-each"):
            for m in legal.moves:
                if m.kind == "circle":
                    label = (_("None"), _("Reinforcement"), _("Damage"))[m.orient]
                    move_button(label, m, (pygame.K_1, pygame.K_2, pygame.K_3)[m.orient], m.orient == 0)
            move_button(_("Rest: none"), kinds["circles-done"], pygame.K_4)
        elif state.phase == "colour":
            for m in legal.moves:
                if m.kind == "colour":
                    move_button(
                        _("Play {colour}").format(colour=_(COLOUR_NAMES[m.colour])),
                        m,
                        (pygame.K_w, pygame.K_b)[m.colour],
                        m.colour == 0,
                    )
        elif "pass" in kinds:
            move_button(_("Pass"), kinds["pass"], pygame.K_p)
        if "offer-draw" in kinds:
            move_button(_("Offer draw"), kinds["offer-draw"], pygame.K_o)
        if "resign" in kinds:
            armed = self.resign_armed > 0
            out.append(
                bar_button(
                    _("Really resign?") if armed else _("Resign"),
                    self._resign(kinds["resign"]),
                    pygame.K_q,
                    armed,
                )
            )
        if state.phase == PLAY:
            out.append(
                bar_button(
                    _("Control: on") if self.show_control else _("Control"), self._toggle_control, pygame.K_c
                )
            )
        return out

    def _resign(self, move: Move) -> Callable[[], Move | None]:
        def act() -> Move | None:
            if self.resign_armed > 0:
                return move
            self.resign_armed = 3.0
            return None

        return act

    def _toggle_control(self) -> None:
        self.show_control = not self.show_control
        return None

    def draw_slot_tooltip(self, surface, ctx, state: AmaktaState, colour: int, idx: int) -> None:
        pos = state.pos
        if idx >= len(pos.eq.sets[colour]):
            return
        circle = ("", " · " + _("reinforcement"), " · " + _("damage"))[state.circles[colour][idx] or 0]
        where = (
            _("in hand")
            if idx in pos.inv[colour]
            else (
                _("on the board")
                if any(p[:2] == (colour, idx) for p in pos.cells.values())
                else _("out of the game")
            )
        )
        text = f"{_(COLOUR_NAMES[colour])} {idx + 1}: {describe(pos.eq.sets[colour][idx])}{circle} · {where}"
        slot = self.slots[colour][idx]
        self.draw_tooltip(surface, ctx, text, (slot.centerx, slot.y))

    def draw_tooltip(self, surface, ctx, text: str, anchor: tuple[int, int]) -> None:
        font_px = max(11, min(22, self.size * 0.45))
        font = self.font(ctx, font_px)
        tw, th = font.size(text)
        r = pygame.Rect(0, 0, tw + 12, th + 6)
        r.midbottom = (int(anchor[0]), int(anchor[1]))
        r.clamp_ip(self.rect)
        pygame.draw.rect(surface, ctx.theme.card, r, border_radius=5)
        pygame.draw.rect(surface, ctx.theme.panel_edge, r, 1, border_radius=5)
        surface.blit(self.render_text(ctx, text, font_px, ctx.theme.text), (r.x + 6, r.y + 3))

    def draw_piece_tooltip(self, surface, ctx, state: AmaktaState, cell) -> None:
        pos = state.pos
        col, idx, _ori, ex = pos.cells[cell]
        owner = col ^ ex
        circle = ("", " · " + _("reinforcement"), " · " + _("damage"))[pos.circle((col, idx, 0, ex))]
        free = _("free") if pos.is_free(cell) else _("bound")
        mark = " · " + _("expropriated by {colour}").format(colour=_(COLOUR_NAMES[owner])) if ex else ""
        text = f"{self.board.name(cell)}: {_(COLOUR_NAMES[col])} {idx + 1} · {free}{circle}{mark}"
        cx, cy = self.cell_center(cell)
        self.draw_tooltip(surface, ctx, text, (cx, cy - self.size * 1.05))
