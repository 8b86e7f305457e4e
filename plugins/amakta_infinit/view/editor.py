"""The piece editor: the piece being made with its direction chips, the palette of arrow states,
the circle, the value and the verdict, presets, Create, Clear and Close."""

from __future__ import annotations

import math

import pygame

from tafel import Move
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.pieces import (
    DIGIT_TOKENS,
    digits,
    from_digits,
)
from tafel.games.amakta.rules.state import SEAT_NAMES
from tafel.games.amakta.view import DIR_ANGLES
from tafel.view import ACTIVATE_KEYS as ACTIVATE
from tafel.view import ViewContext, mix

from ..state import CLOSE, CREATION, InfinitState
from ..texts import DIRECTIONS, _, describe_piece
from ..values import CREATE, PRESETS, counts, normal, value_of
from .parts import CIRCLE_LABELS, DIGIT_KEYS, Control


class Editor:
    """The piece editor, a part of :class:`InfinitView`."""

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
                    DIGIT_TOKENS[self.edit[d]] if self.edit[d] else _("none"),
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
                    DIGIT_TOKENS[digit] if digit else _("none"),
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
                    _(CIRCLE_LABELS[circle]),
                    lambda _b, c=circle: self._set_circle(c),
                    selected=self.edit_circle == circle,
                    kind="circle",
                )
            )
        y += unit * 1.1 + unit * 0.35
        self._value_y = y
        y += unit * 2.7
        reason = self._verdict(state, self._edit_move())
        bw = (right.width - 2 * gap) / 3
        buttons = (
            (_("Create (Enter)"), lambda _b: self._create(), not reason, True),
            (_("Clear (Del)"), lambda _b: self._clear_edit(), any(self.edit) or self.edit_circle, False),
            (
                _("Really close? (X)") if self.close_armed > 0 else _("Close set (X)"),
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
                    rect, _(name), lambda _b, lay=layout: self._load(lay), kind="preset", data=(layout, fits)
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
        reason = self._verdict(state, move)
        if reason:
            self.message = reason
            return None
        return move

    def _verdict(self, state: InfinitState, move: AMove) -> str:
        """Why the piece cannot be created, in the player's language ('' when it can): the reason
        of :meth:`InfinitState.why_not_create` (which stays English, as move errors do)."""
        if not state.why_not_create(move):
            return ""
        colour = state.pos.turn
        who = _(COLOUR_NAMES[colour])
        if state.phase == CREATION and state.offer is None and state.outcome is None:
            if move.piece in state.taken(colour):
                index = next(i for i, p in enumerate(state.pieces[colour]) if normal(p[0]) == move.piece)
                return _(
                    "{colour}'s piece {n} is the same piece (up to rotation, mirroring and circles)"
                ).format(colour=who, n=index + 1)
            value, left = value_of(move.piece, move.orient), state.remaining(colour)
            if value > left:
                return _("the piece is worth {value}, {colour} has {left} points left").format(
                    value=value, colour=who, left=left
                )
        return _("no piece can be created now")

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
            _("{colour} ({seat}) creates a piece · {left} of {points} points left").format(
                colour=_(COLOUR_NAMES[colour]),
                seat=_(SEAT_NAMES[seat]),
                left=left_pts,
                points=state.points[colour],
            ),
            head.height * 0.55,
            theme.text,
            (head.x + 6, head.centery),
            "midleft",
            True,
            head.width - 12,
        )
        if not live:
            creating = _("{seat} is creating…") if seat in ctx.human_seats else _("{seat} (AI) is creating…")
            self.draw_text(
                surface,
                ctx,
                creating.format(seat=_(SEAT_NAMES[seat])) if state.offer is None else state.describe(),
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
            _("Arrows pointing {direction} (direction {n} of 6)").format(direction=_(DIRECTIONS[d]), n=d + 1),
            unit * 0.55,
            theme.text,
            (right.x, right.y + unit * 0.2),
            max_w=right.width,
        )
        self.draw_text(
            surface,
            ctx,
            _("Circle"),
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
        self.draw_text(
            surface, ctx, _("Value {n}").format(n=value), unit * 1.0, theme.accent, (right.x, y), bold=True
        )
        self.draw_text(
            surface,
            ctx,
            _("a = {a} single, b = {b} double, s = {s}   ({arrows})").format(
                a=a, b=b, s=s_text, arrows=describe_piece(layout)
            ),
            unit * 0.42,
            theme.text_dim,
            (right.x, y + unit * 1.15),
            max_w=right.width,
        )
        reason = self.message or self._verdict(state, self._edit_move())
        if reason:
            verdict = reason
            verdict_colour = theme.danger
        else:
            verdict = _("Fits: {left} -> {after} points left; not yet in your set").format(
                left=left_pts, after=left_pts - value
            )
            verdict_colour = theme.ok
        self.draw_text(
            surface, ctx, verdict, unit * 0.46, verdict_colour, (right.x, y + unit * 1.8), max_w=right.width
        )
        presets = boxes["presets"]
        self.draw_text(
            surface,
            ctx,
            _("Presets (click to edit)"),
            max(11, presets.height * 0.1),
            theme.text_dim,
            (presets.x + 4, presets.y),
        )

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
            _("value {n}").format(n=value_of(layout)),
            px * 0.85,
            theme.text_dim,
            (tx, w.rect.centery + px * 0.1),
            "topleft",
            max_w=tw,
        )

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
