"""The panels round the board: each side's inventory (kept as drawn, mended slot by slot), the
bar of buttons with the prompt, and the tooltips."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import pygame

from tafel.kit import Button, KeptPanel, Texts, button_row, hex_points, tip, x_mark
from tafel.view import ViewContext, mix

from ..rules.board import Board
from ..rules.engine import COLOUR_NAMES, Move
from ..rules.state import PLAY, AmaktaState
from ..texts import N_, _, describe_piece
from .menu import Legal
from .pieces import BODY

#: What a circle adds to a tooltip (translated where drawn).
CIRCLE_NOTES = ("", N_("reinforcement"), N_("damage"))


def bar_button(label: str, action: Callable[[], Move | None], hotkey=None, primary=False) -> Button:
    """A kit button for the bar below the board, with the key that presses it (``hotkey``), drawn
    by :func:`tafel.kit.panels.button_row`."""
    button = Button(label, action, kind="primary" if primary else "normal")
    button.hotkey = hotkey  # type: ignore[attr-defined]  # read back by the view's keys
    return button


class Panels:
    """The inventories, the bar and the tooltips, a part of :class:`AmaktaView`."""

    # What the view (AmaktaView) gives this part, for the type checker (see MoveInput too).
    board: Board
    size: float
    rect: pygame.Rect
    bar_rect: pygame.Rect
    prompt_rect: pygame.Rect
    board_area: pygame.Rect
    tip_rect: pygame.Rect | None
    inv_rects: dict[int, pygame.Rect]
    inv_layers: dict[int, KeptPanel]
    slots: dict[int, list[pygame.Rect]]
    slot_radius: float
    texts: Texts
    mode: str | None
    kind: str | None
    sel_cell: Any
    sel_piece: int | None
    message: str
    hover_slot: tuple[int, int] | None
    buttons: list[Button]
    button_focus: int | None
    resign_armed: float
    show_control: bool

    if TYPE_CHECKING:

        def cell_center(self, cell: Any) -> tuple[float, float]: ...
        def draw_text(
            self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None
        ): ...
        def render_text(
            self, ctx, text: str, pixels: float, colour, bold=False, max_w=None
        ) -> pygame.Surface: ...

    def draw_inventory(self, surface, ctx, state: AmaktaState, legal: Legal | None, colour: int, live: bool):
        """A colour's pieces in their slots, kept as drawn and mended slot by slot (a kit KeptPanel)."""
        rect, theme, pos, slots, r = (
            self.inv_rects[colour],
            ctx.theme,
            state.pos,
            self.slots[colour],
            self.slot_radius,
        )
        me = pos.turn if state.phase == PLAY else None
        frame = theme.highlight if (live and cast(Legal, legal).play and colour == me) else theme.panel_edge
        title_h = slots[0].y - rect.y if slots else 20
        hand = set(pos.inv[colour])
        on_board = {p[1] for p in pos.cells.values() if p[0] == colour}
        next_circle = state.next_circle() if state.phase in ("circles-same", "circles-each") else None
        title = self.inventory_title(ctx, state, colour, rect.width - 12)
        parts: dict[Any, tuple] = {"title": ((rect.x, rect.y, rect.width, title_h), title, title_h)}
        for i, slot in enumerate(slots):
            selected = live and self.sel_piece == i and colour == me and self.mode in ("hand", "orient")
            pickable = live and colour == me and self._slot_pickable(cast(Legal, legal), i)  # live: a Legal
            accent = next_circle == (colour, i) or (
                state.phase == "circles-same" and next_circle and next_circle[1] == i
            )
            where = "hand" if i in hand else ("board" if i in on_board else "out")
            lit = selected or (self.hover_slot == (colour, i) and pickable)
            looks = (pos.eq.sets[colour][i], state.circles[colour][i] or 0, where, bool(lit), bool(accent))
            parts[i] = (tuple(slot), *looks, bool(pickable), bool(selected))

        def paint_bg(target: pygame.Surface) -> None:
            pygame.draw.rect(target, theme.panel, rect, border_radius=8)
            pygame.draw.rect(target, frame, rect, 2, border_radius=8)

        def paint_part(target: pygame.Surface, name: Any, part: tuple) -> None:
            if name != "title":
                self._paint_slot(target, ctx, colour, name, *part)
                return
            at = (rect.x + 8, rect.y + part[2] * 0.2)
            self.draw_text(
                target, ctx, part[1], max(10, part[2] * 0.55), theme.text, at, max_w=rect.width - 12
            )

        # Where each part draws. A part is painted again alone only while everything of it stays
        # inside its rectangle (a picture cut by the clip would blend its edge differently), and
        # the kept picture takes in whatever reaches out of the panel.
        title_picture = self.render_text(
            ctx, title, max(10, title_h * 0.55), theme.text, max_w=rect.width - 12
        )
        reach: dict[Any, pygame.Rect] = {
            "title": title_picture.get_rect(topleft=(rect.x + 8, int(rect.y + title_h * 0.2)))
        }
        half = max(int(r) + 4, int(r * 1.05) + max(2, int(r * 0.12)) + 2)
        for i, slot in enumerate(slots):
            number = self.render_text(ctx, str(i + 1), max(9, r * 0.5), theme.text_dim)
            cx, cy = slot.centerx, int(slot.centery - r * 0.08)
            piece = pygame.Rect(cx - half, cy - half, 2 * half, 2 * half)
            reach[i] = piece.union(number.get_rect(topleft=(slot.x + 3, slot.y + 1)))
        mendable = all(pygame.Rect(parts[name][0]).contains(area) for name, area in reach.items())
        base = (self.panel_key(surface, ctx, colour), frame)
        area = rect.unionall(list(reach.values()))
        if self.inv_layers[colour].draw(surface, base, parts, paint_bg, paint_part, area, mendable):
            self.busy = True

    def inventory_title(self, ctx, state: AmaktaState, colour: int, width: int) -> str:
        """A hand's title line: ``White · Player 2 · 12 in hand``, shorter where that does not fit
        ``width`` (a review's small board): without the seat, then the colour alone. Both hands
        say the same much, so they read alike."""
        pos = state.pos

        def titles(colour: int) -> list[str]:
            who = _(COLOUR_NAMES[colour])
            n = len(pos.inv[colour])
            seat = state.seat_of(colour) if state.white_seat is not None else None
            out = [_("{who} · {n} in hand").format(who=who, n=n)]
            if seat is not None:
                player = state.seat_label(seat).split("(")[-1].rstrip(")")
                out.insert(0, _("{who} · {n} in hand").format(who=f"{who} · {player}", n=n))
            return [*out, who]

        font = self.texts.font(ctx, 8)  # a line is shrunk to fit, down to 8 pixels (Texts), then cut
        mine, theirs = titles(colour), titles(colour ^ 1)
        for text, other in zip(mine[:-1], theirs, strict=False):  # as long: a seat is both or none
            if font.size(text)[0] <= width and font.size(other)[0] <= width:
                return text
        return mine[-1]

    def panel_key(self, surface: pygame.Surface, ctx: ViewContext, colour: int) -> tuple:
        """Where a colour's panel and its slots are and what they are drawn with."""
        slots = tuple(map(tuple, self.slots[colour]))
        return (
            tuple(self.inv_rects[colour]),
            slots,
            self.slot_radius,
            ctx.theme,
            ctx.fonts.scale,
            surface.get_size(),
        )

    def _paint_slot(
        self, surface, ctx, colour, i, slot, layout, circle, where, lit, accent, pickable, selected
    ):
        theme, slot, r = ctx.theme, pygame.Rect(slot), self.slot_radius
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
        else:  # on the board: a faint outline; out of the game: fainter, crossed
            on_board = where == "board"
            edge = mix(theme.panel, BODY[colour], 0.25 if on_board else 0.15)
            pygame.draw.polygon(surface, edge, hex_points(*center, r * 0.9), 2 if on_board else 1)
            if not on_board:
                x_mark(surface, theme.danger, center, r * 0.45, 2)
        self.draw_text(surface, ctx, str(i + 1), max(9, r * 0.5), theme.text_dim, (slot.x + 3, slot.y + 1))

    def _slot_pickable(self, legal: Legal, idx: int) -> bool:
        if self.mode == "pick":
            moves = legal.by_cell.get(self.sel_cell, ())
            return any(m.kind == self.kind and m.cell == self.sel_cell and m.piece == idx for m in moves)
        return idx in legal.hand_targets

    def draw_bar(self, surface, ctx, state: AmaktaState, legal: Legal, live: bool) -> None:
        """The buttons (see ``_make_buttons``) and the prompt beside them or on a line of its own."""
        bar = self.bar_rect
        self.buttons = self._make_buttons(state, legal) if live else []
        x = button_row(surface, self.texts, ctx, self.buttons, self.fitted_bar(ctx, bar), self.button_focus)
        prompt = self.message or self.prompt(state, legal, live)
        if ctx.still and state.outcome is not None:
            prompt = ""  # a still picture writes the outcome in its strip under the board
        colour = ctx.theme.accent if self.message else ctx.theme.text_dim
        line = self.prompt_rect
        if prompt and line.height:
            at = (line.x + 4, line.centery)
            self.draw_text(
                surface, ctx, prompt, max(11, line.height * 0.75), colour, at, "midleft", max_w=line.width - 8
            )
        elif prompt:
            at, px = (x + 8, bar.centery), max(11, (bar.height - 6) * 0.4)
            self.draw_text(surface, ctx, prompt, px, colour, at, "midleft", max_w=bar.right - x - 12)

    def fitted_bar(self, ctx, bar: pygame.Rect) -> pygame.Rect:
        """The bar, or a lower one (smaller labels) when the buttons would run past its end (five
        German buttons in a small window): they never run under the side panel."""
        h = bar.height - 6
        if not self.buttons or h <= 0:
            return bar
        font = self.texts.font(ctx, max(10, h * 0.45))
        wide = sum(font.size(b.label)[0] + h * 0.8 + 6 for b in self.buttons)
        if wide <= bar.width:
            return bar
        low = pygame.Rect(bar.x, 0, bar.width, max(14, int(bar.height * bar.width / wide * 0.95)))
        low.centery = bar.centery
        return low

    def prompt(self, state: AmaktaState, legal: Legal, live: bool) -> str:
        """The line beside the bar's buttons: what the game or the selection asks for."""
        if state.outcome is not None:
            return state.outcome.reason
        if state.offer is not None and live:
            return _("{seat} offers a draw").format(seat=state.seat_label(state.offer))
        if not live or state.phase != PLAY:
            return state.describe()
        if self.mode == "hand":
            text = _("Piece {n}: click a lit field · R / wheel turn · M mirror · Backspace cancels")
            return text.format(n=cast(int, self.sel_piece) + 1)  # a hand piece is chosen
        if self.mode == "relocate":
            return _("Relocate: click a lit field · R / wheel turn · M mirror · Backspace cancels")
        if self.mode == "orient":
            return _("Turn with R / wheel, mirror with M, confirm with Enter or a click · Backspace cancels")
        if self.mode == "pick":
            return _("Choose the piece from your hand (lit)")
        return _("{status}: pick a piece in hand or on the board · C control").format(status=state.describe())

    def _make_buttons(self, state: AmaktaState, legal: Legal) -> list[Button]:
        kinds, out = legal.kinds, []

        def add(label, move, key=None, primary=False):
            out.append(bar_button(label, lambda m=move: m, key, primary))

        if state.offer is not None:
            add(_("Accept draw"), kinds["accept-draw"], pygame.K_a, True)
            add(_("Decline draw"), kinds["decline-draw"], pygame.K_d)
        elif state.phase == "circles":
            add(_("No circles"), kinds["circles-none"], pygame.K_1, True)
            add(_("Same for both…"), kinds["circles-same"], pygame.K_2)
            add(_("Piece by piece…"), kinds["circles-each"], pygame.K_3)
        elif state.phase in ("circles-same", "circles-each"):
            for m in legal.moves:
                if m.kind == "circle":
                    orient = cast(int, m.orient)  # a circle move names its circle
                    label = (_("None"), _("Reinforcement"), _("Damage"))[orient]
                    add(label, m, (pygame.K_1, pygame.K_2, pygame.K_3)[orient], orient == 0)
            add(_("Rest: none"), kinds["circles-done"], pygame.K_4)
        elif state.phase == "colour":
            for m in legal.moves:
                if m.kind == "colour":
                    chosen = cast(int, m.colour)  # a colour move names its colour
                    label = _("Play {colour}").format(colour=_(COLOUR_NAMES[chosen]))
                    add(label, m, (pygame.K_w, pygame.K_b)[chosen], chosen == 0)
        elif "pass" in kinds:
            add(_("Pass"), kinds["pass"], pygame.K_p)
        if "offer-draw" in kinds:
            add(_("Offer draw"), kinds["offer-draw"], pygame.K_o)
        if "resign" in kinds:
            armed = self.resign_armed > 0
            label = _("Really resign?") if armed else _("Resign")
            out.append(bar_button(label, self._resign(kinds["resign"]), pygame.K_q, armed))
        if state.phase == PLAY:
            label = _("Control: on") if self.show_control else _("Control")
            out.append(bar_button(label, self._toggle_control, pygame.K_c))
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

    def draw_slot_tooltip(self, surface, ctx, state: AmaktaState, colour: int, idx: int) -> None:
        pos = state.pos
        if idx >= len(pos.eq.sets[colour]):
            return
        ring = state.circles[colour][idx]
        circle = " · " + _(CIRCLE_NOTES[ring]) if ring else ""
        if idx in pos.inv[colour]:
            where = _("in hand")
        elif any(p[:2] == (colour, idx) for p in pos.cells.values()):
            where = _("on the board")
        else:
            where = _("out of the game")
        text = f"{_(COLOUR_NAMES[colour])} {idx + 1}: {describe_piece(pos.eq.sets[colour][idx])}{circle} · {where}"
        slot = self.slots[colour][idx]
        self.draw_tooltip(surface, ctx, text, (slot.centerx, slot.y))

    def draw_tooltip(self, surface, ctx, text: str, anchor: tuple[float, float]) -> None:
        """A tooltip whose bottom centre is ``anchor``, or, where that would cover the board, the
        nearest place beside it (see :func:`tafel.kit.panels.tip`): its rect is ``tip_rect``."""
        size = max(11, min(22, self.size * 0.45))
        self.tip_rect = tip(surface, self.texts, ctx, text, anchor, size, self.rect, self.board_area)

    def draw_piece_tooltip(self, surface, ctx, state: AmaktaState, cell) -> None:
        pos = state.pos
        col, idx, _ori, ex = pos.cells[cell]
        ring = pos.circle((col, idx, 0, ex))
        circle = " · " + _(CIRCLE_NOTES[ring]) if ring else ""
        free = _("free") if pos.is_free(cell) else _("bound")
        mark = " · " + _("expropriated by {colour}").format(colour=_(COLOUR_NAMES[col ^ ex])) if ex else ""
        text = f"{self.board.name(cell)}: {_(COLOUR_NAMES[col])} {idx + 1} · {free}{circle}{mark}"
        cx, cy = self.cell_center(cell)
        self.draw_tooltip(surface, ctx, text, (cx, cy - self.size * 1.05))
