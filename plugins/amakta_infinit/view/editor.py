"""The piece editor: the piece being made with its direction chips, the palette of arrow states,
the circle, the value and the verdict, presets, Create, Clear and Close; all kit tiles in a kit
form (Tab, the gamepad's right stick, moves a focus over them, Enter or A presses it)."""

from __future__ import annotations

import math

import pygame

from tafel import Move
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.pieces import DIGIT_TOKENS, digits, from_digits
from tafel.games.amakta.rules.state import SEAT_NAMES
from tafel.games.amakta.view import DIR_ANGLES
from tafel.kit import Skin
from tafel.kit.forms import Form, Tile, grid, pixels, split
from tafel.kit.widgets import is_activate
from tafel.view import ViewContext

from ..state import CLOSE, CREATION, InfinitState
from ..texts import DIRECTIONS, _, describe_piece
from ..values import CREATE, PRESETS, counts, normal, value_of
from .parts import CIRCLE_LABELS, DIGIT_KEYS


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
        wide = main.width >= main.height * 1.1
        left, right = split(main, (0.46, 0.54) if wide else 2, 8 if wide else 4, vertical=not wide)
        return {"head": head, "left": left, "right": right, "presets": presets}

    def _preview_geometry(self, left: pygame.Rect) -> tuple[tuple[float, float], float]:
        return (left.centerx, left.centery), max(8.0, min(left.width, left.height) * 0.24)

    def _editor_widgets(self, state: InfinitState, ctx: ViewContext, live: bool) -> list[Tile]:
        """The editor's chips, palette, circles, buttons and presets (made again only when the piece,
        the state or the layout changed)."""
        if not live:
            return []
        armed = self.close_armed > 0
        key = (tuple(self.board_area), state, tuple(self.edit), self.edit_circle, self.edit_dir, armed)
        form = self.__dict__.setdefault("_edit_form", Form(default="create", keys=(pygame.K_TAB,) * 2))
        if self._editor_made is None or self._editor_made[0] != key:
            self._editor_made = (key, self._make_editor_widgets(state, Skin.of(ctx)))
            form.set_items(self._editor_made[1])
        form.point(self.mouse)
        return self._editor_made[1]

    def _make_editor_widgets(self, state: InfinitState, ui: Skin) -> list[Tile]:
        boxes, colour, edit = self._editor_boxes(), state.pos.turn, self.edit
        out: list[Tile] = []
        (cx, cy), radius = self._preview_geometry(boxes["left"])
        right = boxes["right"]
        unit = max(16, min(right.height / 11.5, right.width / 9))
        gap, size = max(3, int(unit * 0.15)), pixels(ui, unit * 0.5)
        chip = pygame.Rect(0, 0, max(30, int(radius * 0.62)), max(20, int(radius * 0.4)))
        for d in range(6):
            ang, label = DIR_ANGLES[d], DIGIT_TOKENS[edit[d]] if edit[d] else _("none")
            chip.center = (int(cx + math.cos(ang) * radius * 1.62), int(cy + math.sin(ang) * radius * 1.62))
            kw = dict(key=f"chip{d}", selected=d == self.edit_dir, kind="chip", data=d, size=size)
            out.append(
                Tile(label, lambda d=d: self._chip(d, 1), alt_action=lambda d=d: self._chip(d, 3), **kw)
            )
            out[-1].rect = chip.copy()
        y = right.y + unit * 0.9
        row_h = unit * 1.7
        for digit, rect in enumerate(grid(pygame.Rect(right.x, y, right.width, 0), 10, 5, gap, row_h)):
            icon, label = digit * 10 ** (5 - self.edit_dir), DIGIT_TOKENS[digit] if digit else _("none")
            kw = dict(key=f"digit{digit}", selected=edit[self.edit_dir] == digit, kind="palette", data=digit)
            out.append(
                Tile(label, lambda digit=digit: self._set(digit), picture=self._icon(icon, colour), **kw)
            )
            out[-1].rect = rect
        y += 2 * row_h + gap + unit * 0.45
        self._circle_title_y = y
        y += unit * 0.75
        for circle, rect in enumerate(
            split(pygame.Rect(right.x, int(y), right.width, int(unit * 1.1)), 3, gap)
        ):
            kw = dict(key=f"circle{circle}", selected=self.edit_circle == circle, kind="circle", size=size)
            out.append(Tile(_(CIRCLE_LABELS[circle]), lambda c=circle: self._set(circle=c), **kw))
            out[-1].rect = rect
        self._value_y = y + unit * 1.45
        row = pygame.Rect(
            right.x, int(min(y + unit * 4.15, right.bottom - unit * 1.3)), right.width, int(unit * 1.3)
        )
        armed, reason = self.close_armed > 0, self._verdict(state, self._edit_move())
        buttons = (
            ("create", _("Create (Enter)"), self._create, not reason, True),
            ("clear", _("Clear (Del)"), self._load, any(edit) or self.edit_circle, False),
            ("close", _("Really close? (X)") if armed else _("Close set (X)"), self._close, True, armed),
        )
        for (key, label, action, enabled, primary), rect in zip(buttons, split(row, 3, gap), strict=True):
            out.append(
                Tile(
                    label,
                    action,
                    key=key,
                    enabled=bool(enabled),
                    primary=bool(primary and enabled),
                    size=size,
                )
            )
            out[-1].rect = rect
        presets = boxes["presets"]
        title_h = max(14, int(presets.height * 0.14))
        area = pygame.Rect(presets.x, presets.y + title_h, presets.width, presets.height - title_h)
        n = len(PRESETS)
        cols = max(1, min(n, int(area.width // max(120, area.height * 0.9))))
        cols = max(cols, math.ceil(n / max(1, int(area.height // 34))))
        for i, ((name, layout), rect) in enumerate(
            zip(PRESETS, grid(area.inflate(-4, -4), n, cols, 4), strict=True)
        ):
            fits = normal(layout) not in state.taken(colour) and value_of(layout) <= state.remaining(colour)
            picture, note = (
                self._icon(layout, colour, 255 if fits else 120),
                _("value {n}").format(n=value_of(layout)),
            )
            kw = dict(key=f"preset{i}", kind="preset", data=(layout, fits), dim=not fits, layout="beside")
            out.append(Tile(_(name), lambda lay=layout: self._load(lay), picture=picture, note=note, **kw))
            out[-1].rect = rect
        return out

    def _icon(self, layout: int, colour: int, alpha: int = 255):
        """A tile's picture: the piece ``layout`` filling the square it is given."""
        return lambda surface, r: self.blit_piece(
            surface, r.center, layout, colour, 0, None, r.width / 2, alpha
        )

    def _chip(self, d: int, button: int) -> None:
        """A click on a direction's chip selects it, or cycles it when selected (backwards: right click)."""
        if button == 3 or self.edit_dir == d:
            self.edit[d] = (self.edit[d] + (-1 if button == 3 else 1)) % 10
        self.edit_dir = d

    def _set(self, digit: int | None = None, circle: int | None = None) -> None:
        if digit is not None:
            self.edit[self.edit_dir] = digit
        if circle is not None:
            self.edit_circle = circle

    def _load(self, layout: int = 0) -> None:
        """Start from ``layout`` (a preset; nothing clears), without a circle."""
        self.edit, self.edit_circle = list(digits(layout)), 0

    def _create(self) -> Move | None:
        state = self.state
        if not isinstance(state, InfinitState):
            return None
        move = self._edit_move()
        self.message = self._verdict(state, move)
        return None if self.message else move

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
        armed, self.close_armed = self.close_armed > 0, 0.0 if self.close_armed > 0 else 3.0
        return CLOSE if armed else None

    def _draw_editor(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        """The editor, kept as drawn while neither the piece, the state nor the pointer's widget change
        (in a roomy area only: in a cramped one the controls spill out of it). A watched editor is a
        panel and two lines: drawing them costs less than keeping them."""
        if not live or not self._editor_roomy():
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
            self._edit_form.state(),
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
        theme, boxes, area = ctx.theme, self._editor_boxes(), self.board_area
        pygame.draw.rect(surface, theme.panel, area, border_radius=10)
        pygame.draw.rect(surface, theme.panel_edge, area, 2, border_radius=10)
        colour, head = state.pos.turn, boxes["head"]
        seat, left_pts = state.seat_of(colour), state.remaining(colour)
        title = _("{colour} ({seat}) creates a piece · {left} of {points} points left")
        title = title.format(
            colour=_(COLOUR_NAMES[colour]),
            seat=_(SEAT_NAMES[seat]),
            left=left_pts,
            points=state.points[colour],
        )
        self.draw_text(
            surface,
            ctx,
            title,
            head.height * 0.55,
            theme.text,
            (head.x + 6, head.centery),
            "midleft",
            True,
            head.width - 12,
        )
        if not live:
            creating = _("{seat} is creating…") if seat in ctx.human_seats else _("{seat} (AI) is creating…")
            words = creating.format(seat=_(SEAT_NAMES[seat])) if state.offer is None else state.describe()
            self.draw_text(surface, ctx, words, head.height * 0.6, theme.text_dim, area.center, "center")
            return
        (cx, cy), radius = self._preview_geometry(boxes["left"])
        layout, right = self.edit_layout(), boxes["right"]
        for tile in self.widgets[:6]:  # the chips, tied to the piece
            pygame.draw.line(surface, theme.panel_edge, (cx, cy), tile.rect.center, 2)
        self.blit_piece(surface, (cx, cy), layout, colour, self.edit_circle, None, radius)
        unit = max(16, min(right.height / 11.5, right.width / 9))

        def text(words: str, size: float, tone, y: float, bold: bool = False) -> None:
            self.draw_text(surface, ctx, words, unit * size, tone, (right.x, y), "topleft", bold, right.width)

        direction = _("Arrows pointing {direction} (direction {n} of 6)")
        text(
            direction.format(direction=_(DIRECTIONS[self.edit_dir]), n=self.edit_dir + 1),
            0.55,
            theme.text,
            right.y + unit * 0.2,
        )
        text(_("Circle"), 0.55, theme.text, self._circle_title_y)
        self._edit_form.draw(surface, Skin.of(ctx))
        a, b = counts(layout)
        value, y = value_of(layout, self.edit_circle), self._value_y
        text(_("Value {n}").format(n=value), 1.0, theme.accent, y, True)
        formula = _("a = {a} single, b = {b} double, s = {s}   ({arrows})")
        s = ("1", "2", "1/2")[self.edit_circle]
        text(
            formula.format(a=a, b=b, s=s, arrows=describe_piece(layout)),
            0.42,
            theme.text_dim,
            y + unit * 1.15,
        )
        reason = self.message or self._verdict(state, self._edit_move())
        fits = _("Fits: {left} -> {after} points left; not yet in your set").format(
            left=left_pts, after=left_pts - value
        )
        text(reason or fits, 0.46, theme.danger if reason else theme.ok, y + unit * 1.8)
        presets = boxes["presets"]
        title = _("Presets (click to edit)")
        self.draw_text(
            surface, ctx, title, max(11, presets.height * 0.1), theme.text_dim, (presets.x + 4, presets.y)
        )

    def _editor_event(self, event: pygame.event.Event, state: InfinitState) -> Move | None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_slot = self.slot_at(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            for tile in self.widgets[:6]:
                if tile.rect.collidepoint(self.mouse):
                    self.edit_dir = tile.data
                    self.edit[tile.data] = (self.edit[tile.data] + (1 if event.y > 0 else -1)) % 10
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.message = ""
        form = self._edit_form
        if is_activate(event) and not form.show_focus:
            return self._create()  # also when it cannot be: then the verdict says why
        if form.handle_event(event):
            return form.result
        if event.type != pygame.KEYDOWN:
            return None
        key, d = event.key, self.edit_dir
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.edit_dir = (d + (-1 if key == pygame.K_LEFT else 1)) % 6
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.edit[d] = (self.edit[d] + (1 if key == pygame.K_UP else -1)) % 10
        elif key in DIGIT_KEYS:
            self.edit[d], self.edit_dir = DIGIT_KEYS[key], (d + 1) % 6
        elif key == pygame.K_c:
            self.edit_circle = (self.edit_circle + 1) % 3
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self._load()
        elif key == pygame.K_x:
            return self._close()
        return None
