"""The piece editor: the piece being made with its direction chips, the palette of arrow states,
the circle, the value and the verdict, presets, Create, Clear and Close; all kit tiles in a kit
form (Tab, the gamepad's right stick, moves a focus over them, Enter or A presses it)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

import pygame

from tafel import Move
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.pieces import DIGIT_TOKENS, digits, from_digits
from tafel.games.amakta.rules.state import SEAT_NAMES, AmaktaState
from tafel.games.amakta.view import DIR_ANGLES
from tafel.kit import Form, KeptArea, Skin, Tile, Tooltip, choices, grid, is_activate, pixels, split
from tafel.view import ViewContext

from ..state import CLOSE, CREATION, InfinitState
from ..texts import DIRECTIONS, _, describe_piece
from ..values import CREATE, PRESETS, counts, normal, value_of
from .parts import CIRCLE_LABELS, DIGIT_KEYS


def _digit(n: int) -> str:
    """An arrow state's name on a chip or in the palette."""
    return DIGIT_TOKENS[n] if n else _("none")


class Editor:
    """The piece editor, a part of :class:`InfinitView`."""

    # What the view (InfinitView, AmaktaView) gives this part, for the type checker.
    board_area: pygame.Rect
    mouse: tuple[int, int]
    widgets: list
    state: AmaktaState | None
    message: str
    hover_slot: tuple[int, int] | None
    edit: list[int]
    edit_circle: int
    edit_dir: int
    close_armed: float
    _editor_layer: KeptArea
    _editor_made: tuple[tuple, list] | None

    if TYPE_CHECKING:

        def blit_piece(
            self, surface, center, layout, colour, circle, expro_owner, radius, alpha=255
        ) -> None: ...
        def draw_slot_tooltip(self, surface, ctx, state: AmaktaState, colour: int, idx: int) -> None: ...
        def draw_text(
            self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None
        ): ...
        def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None: ...

    @property
    def _edit_form(self) -> Form:
        if "_edit_form_" not in self.__dict__:  # Tab (the right stick) moves its focus
            tip = Tooltip(max_width=900)  # room for six arrows
            self.__dict__["_edit_form_"] = Form(
                default="create", keys=(pygame.K_TAB, pygame.K_TAB), tooltip=tip
            )
        return self.__dict__["_edit_form_"]

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

    @staticmethod
    def _unit(right: pygame.Rect) -> float:
        """The editor's unit of length, from the size of its right side."""
        return max(16, min(right.height / 11.5, right.width / 9))

    def _editor_widgets(self, state: InfinitState, ctx: ViewContext, live: bool) -> list[Tile]:
        """The editor's chips, palette, circles, buttons and presets (made again only when the piece,
        the state or the layout changed)."""
        if not live:
            return []
        armed = self.close_armed > 0
        key = (tuple(self.board_area), state, tuple(self.edit), self.edit_circle, self.edit_dir, armed)
        if self._editor_made is None or self._editor_made[0] != key:
            self._editor_made = (key, self._make_editor_widgets(state, Skin.of(ctx)))
            self._edit_form.set_items(self._editor_made[1])
        self._edit_form.point(self.mouse)
        return self._editor_made[1]

    def _make_editor_widgets(self, state: InfinitState, ui: Skin) -> list[Tile]:
        boxes, colour, edit, at = self._editor_boxes(), state.pos.turn, self.edit, self.edit_dir
        (cx, cy), radius = self._preview_geometry(boxes["left"])
        right, unit = boxes["right"], self._unit(boxes["right"])
        gap, size = max(3, int(unit * 0.15)), pixels(ui, unit * 0.5)
        chip, reach = (
            pygame.Rect(0, 0, max(30, int(radius * 0.62)), max(20, int(radius * 0.4))),
            radius * 1.62,
        )
        around = [
            chip.move_to(center=(cx + reach * math.cos(a), cy + reach * math.sin(a))) for a in DIR_ANGLES
        ]
        chips = choices([_digit(n) for n in edit], around, self._chip, at, key="chip", kind="chip", size=size)
        for tile in chips:  # the right button cycles backwards
            tile.alt_action = lambda d=tile.data: self._chip(d, -1)
        y = right.y + unit * 0.9
        icons = [self._icon(n * 10 ** (5 - at), colour) for n in range(10)]
        cells = grid(pygame.Rect(right.x, y, right.width, 0), 10, 5, gap, unit * 1.7)
        palette = choices([*map(_digit, range(10))], cells, self._set, edit[at], key="digit", pictures=icons)
        self._circle_title_y = y = y + unit * 3.85 + gap
        row = split(pygame.Rect(right.x, int(y + unit * 0.75), right.width, int(unit * 1.1)), 3, gap)
        circles = choices(
            [*map(_, CIRCLE_LABELS)], row, self._set_circle, self.edit_circle, key="circle", size=size
        )
        self._value_y = y + unit * 2.2
        y, h = int(min(y + unit * 4.9, right.bottom - unit * 1.3)), int(unit * 1.3)
        armed, fits, some = self.close_armed > 0, not self._verdict(state, self._edit_move()), any(edit)
        closing = _("Really close? (X)") if armed else _("Close set (X)")
        buttons = [
            Tile(_("Create (Enter)"), self._create, key="create", enabled=fits, primary=fits, size=size),
            Tile(_("Clear (Del)"), self._load, key="clear", enabled=some or self.edit_circle > 0, size=size),
            Tile(closing, self._close, key="close", primary=armed, size=size),
        ]
        for tile, rect in zip(buttons, split(pygame.Rect(right.x, y, right.width, h), 3, gap), strict=True):
            tile.rect = rect
        return [*chips, *palette, *circles, *buttons, *self._preset_tiles(state, boxes["presets"])]

    def _preset_tiles(self, state: InfinitState, box: pygame.Rect) -> list[Tile]:
        """The presets, dimmed where they do not fit (worth too much, or in the set already)."""
        title_h = max(14, int(box.height * 0.14))
        area = pygame.Rect(box.x, box.y + title_h, box.width, box.height - title_h)
        n, colour = len(PRESETS), state.pos.turn
        cols = max(1, min(n, int(area.width // max(120, area.height * 0.9))))
        cols = max(cols, math.ceil(n / max(1, int(area.height // 34))))
        taken, left = state.taken(colour), state.remaining(colour)
        ok = [normal(lay) not in taken and value_of(lay) <= left for _n, lay in PRESETS]
        icons = [
            self._icon(lay, colour, 255 if fit else 120) for (_n, lay), fit in zip(PRESETS, ok, strict=True)
        ]
        cells, load = grid(area.inflate(-4, -4), n, cols, 4), lambda i: self._load(PRESETS[i][1])
        tiles = choices(
            [_(name) for name, _l in PRESETS], cells, load, key="preset", kind="preset", pictures=icons
        )
        for tile, (_n, lay), fit in zip(tiles, PRESETS, ok, strict=True):
            tile.note, tile.dim, tile.data = _("value {n}").format(n=value_of(lay)), not fit, (lay, fit)
            tile.layout, tile.tooltip = "beside", f"{tile.label} · {tile.note}\n{describe_piece(lay)}"
        return tiles

    def _icon(self, layout: int, colour: int, alpha: int = 255):
        """A tile's picture: the piece ``layout`` filling the square it is given."""
        blit = self.blit_piece
        return lambda surface, r: blit(surface, r.center, layout, colour, 0, None, r.width / 2, alpha)

    def _chip(self, d: int, step: int = 1) -> None:
        """A direction's chip selects it, or cycles it when selected (backwards: ``step`` -1)."""
        if step < 0 or self.edit_dir == d:
            self.edit[d] = (self.edit[d] + step) % 10
        self.edit_dir = d

    def _set(self, digit: int) -> None:
        self.edit[self.edit_dir] = digit

    def _set_circle(self, circle: int) -> None:
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
                same = _("{colour}'s piece {n} is the same piece (up to rotation, mirroring and circles)")
                return same.format(colour=who, n=index + 1)
            # A creation move names its piece and circle.
            value, left = value_of(cast(int, move.piece), cast(int, move.orient)), state.remaining(colour)
            if value > left:
                worth = _("the piece is worth {value}, {colour} has {left} points left")
                return worth.format(value=value, colour=who, left=left)
        return _("no piece can be created now")

    def _close(self) -> Move | None:
        armed, self.close_armed = self.close_armed > 0, 0.0 if self.close_armed > 0 else 3.0
        return CLOSE if armed else None

    def _draw_editor(
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ) -> None:
        """The editor, kept as drawn while neither the piece, the state nor the controls' looks change
        (in a roomy area only: in a cramped one the controls spill out of it). A watched editor is a
        panel and two lines: drawing them costs less than keeping them."""
        boxes = self._editor_boxes()
        left, right, presets = boxes["left"], boxes["right"], boxes["presets"]
        roomy = min(right.height / 11.5, right.width / 9) >= 16 and min(left.size) * 0.24 >= 60
        keep = live and roomy and presets.height >= 120
        sizes = (tuple(self.board_area), ctx.theme, ctx.fonts.scale, surface.get_size())
        made = cast("tuple[tuple, list]", self._editor_made)  # made with the widgets
        key = (sizes, state, self.message, self.widgets and made[0], self._edit_form.state())
        if not keep or not self._editor_layer.show(surface, key):
            self._paint_editor(surface, state, ctx, live, boxes)
            if keep:
                self._editor_layer.keep(surface, self.board_area, key)
        if live:  # over the kept picture: a preset's full name, arrows and value; a set's piece
            cast(Tooltip, self._edit_form.tooltip).draw(
                surface, Skin.of(ctx), self.board_area
            )  # the form's own
            if self.hover_slot is not None:
                self.draw_slot_tooltip(surface, ctx, state, *self.hover_slot)

    def update(self, dt: float) -> None:
        super().update(dt)  # type: ignore[misc]  # the view's (BoardView.update)
        self._edit_form.update(dt)

    def _paint_editor(self, surface, state: InfinitState, ctx: ViewContext, live: bool, boxes: dict) -> None:
        theme, area, head, right = ctx.theme, self.board_area, boxes["head"], boxes["right"]

        def text(words: str, px: float, tone, pos, anchor: str = "topleft", bold: bool = False, width=None):
            self.draw_text(surface, ctx, words, px, tone, pos, anchor, bold, width)

        pygame.draw.rect(surface, theme.panel, area, border_radius=10)
        pygame.draw.rect(surface, theme.panel_edge, area, 2, border_radius=10)
        colour = state.pos.turn
        seat, left, colour_name = state.seat_of(colour), state.remaining(colour), _(COLOUR_NAMES[colour])
        title = _("{colour} ({seat}) creates a piece · {left} of {points} points left").format(
            colour=colour_name, seat=_(SEAT_NAMES[seat]), left=left, points=state.points[colour]
        )
        h = head.height
        text(title, h * 0.55, theme.text, (head.x + 6, head.centery), "midleft", True, head.width - 12)
        if not live:
            creating = _("{seat} is creating…") if seat in ctx.human_seats else _("{seat} (AI) is creating…")
            words = creating.format(seat=_(SEAT_NAMES[seat])) if state.offer is None else state.describe()
            text(words, h * 0.6, theme.text_dim, area.center, "center")
            return
        (cx, cy), radius = self._preview_geometry(boxes["left"])
        layout, unit, x = self.edit_layout(), self._unit(right), right.x
        for tile in self.widgets[:6]:  # the chips, tied to the piece
            pygame.draw.line(surface, theme.panel_edge, (cx, cy), tile.rect.center, 2)
        self.blit_piece(surface, (cx, cy), layout, colour, self.edit_circle, None, radius)
        pointing = _("Arrows pointing {direction} (direction {n} of 6)")
        pointing = pointing.format(direction=_(DIRECTIONS[self.edit_dir]), n=self.edit_dir + 1)
        text(pointing, unit * 0.55, theme.text, (x, right.y + unit * 0.2), width=right.width)
        text(_("Circle"), unit * 0.55, theme.text, (x, self._circle_title_y), width=right.width)
        self._edit_form.draw(surface, Skin.of(ctx), tooltip=False)
        (a, b), value, y = counts(layout), value_of(layout, self.edit_circle), self._value_y
        text(_("Value {n}").format(n=value), unit, theme.accent, (x, y), bold=True)
        formula = _("a = {a} single, b = {b} double, s = {s}   ({arrows})").format(
            a=a, b=b, s=("1", "2", "1/2")[self.edit_circle], arrows=describe_piece(layout)
        )
        text(formula, unit * 0.42, theme.text_dim, (x, y + unit * 1.15), width=right.width)
        reason = self.message or self._verdict(state, self._edit_move())
        fits = _("Fits: {left} -> {after} points left; not yet in your set")
        verdict, tone = (
            reason or fits.format(left=left, after=left - value),
            theme.danger if reason else theme.ok,
        )
        text(verdict, unit * 0.46, tone, (x, y + unit * 1.8), width=right.width)
        presets = boxes["presets"]
        text(
            _("Presets (click to edit)"),
            max(11, presets.height * 0.1),
            theme.text_dim,
            (presets.x + 4, presets.y),
        )

    def _editor_event(self, event: pygame.event.Event, state: InfinitState) -> Move | None:
        """The editor's keys (see the package), the wheel over a chip, and its form's clicks and focus."""
        if event.type == pygame.MOUSEMOTION:
            self.hover_slot = self.slot_at(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            for tile in self.widgets[:6]:
                if tile.rect.collidepoint(self.mouse):
                    self.edit_dir = tile.data
                    self._chip(tile.data, 1 if event.y > 0 else -1)
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
