"""Game setup: the game's options, the seed of a random setup, and who plays each seat.

Rows are chosen with up/down; left/right change a value (Enter too, cycling forward); text
and seed values are typed after Enter. Start builds the :class:`tafel.match.Match` and shows it.
"""

from __future__ import annotations

import random
from functools import partial
from typing import cast

import pygame

from tafel.ai.base import LEVELS
from tafel.daily import daily_date, daily_seed
from tafel.engines import engine_players
from tafel.game import GameDef, GameError, Option, OptionValue
from tafel.i18n import N_, _
from tafel.match import HUMAN, Match, player_label
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.difficulty import RATINGS, difficulty_text
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.theme import Color
from tafel.ui.widgets import BODY, H1, H3, SMALL, Button, ChoiceRow, FocusList, TextRow


def _new_seed() -> int:
    return random.randrange(1, 1_000_000)


class SetupScene(RowsScreen[ChoiceRow], Scene):
    """Options, seed and seats of one game; Start / Rules / Back."""

    row_inset = 0
    scrollbar_shift = 24
    value_width = 420
    view_click_used = False

    def __init__(self, app: Host, game: GameDef) -> None:
        super().__init__(app)
        self.game = game
        memory = app.setup_memory.get(game.id, {})
        try:
            self.values = game.resolve_options(memory.get("options"))
        except GameError:
            self.values = game.resolve_options()
        self.seed = _new_seed() if game.random_setup else None
        if self.seed is not None and memory.get("daily"):
            self.seed = daily_seed()  # the daily deal again, today's
        self.players: list[str] = list(memory.get("players", []))
        self.error = ""
        self.editing: TextRow | None = None
        self.edit_text = ""
        self.start_button = Button(N_("Start"), self.start, kind="primary", key="start")
        self.rules_button = Button(
            N_("Rules"), self.show_rules, key="rules", enabled=bool(game.rules.strip())
        )
        self.back_button = Button(N_("Back"), self.back, key="back")
        self.buttons = [self.start_button, self.rules_button, self.back_button]
        if game.tutorial is not None:
            self.guided_button = Button(
                N_("Guided game"),
                self.start_guided,
                key="guided",
                tooltip=N_("A guided first game: a few steps that show the rules, then a normal game"),
            )
            self.buttons.insert(1, self.guided_button)
        if game.records is not None:
            self.records_button = Button(N_("Records"), self.show_records, key="records")
            self.buttons.insert(2, self.records_button)
        if game.puzzles is not None:
            self.puzzles_button = Button(N_("Puzzles"), self.show_puzzles, key="puzzles")
            self.buttons.insert(len(self.buttons) - 1, self.puzzles_button)
        self.rows: list[ChoiceRow] = []
        self.focus = FocusList([], wrap=True)
        self.rebuild()
        self.focus.focus("start")

    # --- model ------------------------------------------------------------------------------

    def agent_choices(self) -> list[str]:
        names = [HUMAN, *LEVELS]
        try:
            agents = self.app.registry.agents_for(self.game.id)
        except Exception:
            agents = []
        names += [a.name for a in agents if a.name not in names]
        return names + engine_players(self.game)  # "Engine: NAME" for the engines it speaks to

    def seat_count(self) -> int:
        try:
            return max(1, int(self.game.seats(self.values)))
        except Exception:
            return max(1, self.game.min_players)

    def seat_names(self, n: int) -> list[str]:
        try:
            names = list(self.game.shown_names(self.values))
        except Exception:
            names = []
        return names + [_("Player {n}").format(n=i + 1) for i in range(len(names), n)]

    def seat_swatches(self, n: int) -> list[tuple[int, int, int]]:
        """Each seat's colour as the game shows it at its start (``GameState.seat_color``: black
        and white stones, a neutral one where the colours are chosen in the game), else the
        theme's seat colours."""
        theme = self.ui.theme
        try:
            state = self.game.new_state(self.values, 1)
            colours = [state.seat_color(seat, theme) for seat in range(n)]
        except Exception:  # a plugin's bug or an option the rules refuse: the theme's colours
            colours = [None] * n
        # tuple(): a plugin may give a list; its three channels are the game's word.
        return [
            cast(Color, tuple(c)) if c is not None else theme.seat(seat) for seat, c in enumerate(colours)
        ]

    def rebuild(self) -> None:
        """Rows from the current values (the number of seats may depend on an option)."""
        rows: list[ChoiceRow] = []
        own = self.seed_option()
        for opt in self.game.options:
            # Options that only matter for other values of another option stay out of sight.
            if opt is not own and opt.applies(self.values):
                rows.append(self._option_row(opt))
        if self.game.random_setup:
            rows.append(
                TextRow(
                    "seed",
                    own.label if own is not None else N_("Random setup (seed)"),
                    lambda: str(self.seed),
                    lambda d: self._set_seed(_new_seed()),
                    editable=lambda: str(self.seed),
                    commit=lambda text: self._set_seed(int(text)) if text.strip() else None,
                    accept=str.isdigit,
                )
            )
            rows.append(
                ChoiceRow("daily", N_("Daily deal"), self._daily_text, lambda d: self._toggle_daily())
            )
        n = self.seat_count()
        choices = self.agent_choices()
        default_ai = getattr(getattr(self.app, "settings", None), "ai_level", "medium")
        while len(self.players) < n:
            self.players.append(HUMAN if not self.players else default_ai)
        del self.players[n:]
        names = self.seat_names(n)
        swatches = self.seat_swatches(n)
        self.first_seat_row = len(rows)
        for seat in range(n):
            rows.append(
                ChoiceRow(
                    f"seat:{seat}",
                    names[seat],
                    partial(self._seat_label, seat),
                    partial(self._cycle_player, seat, choices=choices),
                    swatch=swatches[seat],
                )
            )
            rows[-1].values = lambda: [player_label(name) for name in choices]
        for row in rows:
            row.translate = self.game.translate  # the game's own words, in its catalog
            if isinstance(row, TextRow):
                row.on_activate = lambda r=row: self.begin_edit(r)
        self.rows = rows
        self.focus.set_items([*rows, *self.buttons])
        if self.size != (1, 1):
            self.layout(self.size)

    def _option_row(self, opt: Option) -> ChoiceRow:
        def get() -> str:
            # "on" / "off" are the core's words; a game's own labels pass through unchanged.
            return _(self.game.translate(opt.label_of(self.values[opt.key])))

        def change(delta: int) -> None:
            value = self.values[opt.key]
            if opt.kind == "bool":
                value = not value
            elif opt.kind == "choice" and opt.choices:
                keys = [v for v, _ in opt.choices]
                i = keys.index(value) if value in keys else 0
                value = keys[(i + delta) % len(keys)]
            elif opt.kind == "int":
                value = int(value) + delta
                if opt.minimum is not None and opt.maximum is not None:
                    # Wrap around at the ends so one direction reaches every value.
                    if value > opt.maximum:
                        value = opt.minimum
                    elif value < opt.minimum:
                        value = opt.maximum
                value = max(opt.minimum, value) if opt.minimum is not None else value
                value = min(opt.maximum, value) if opt.maximum is not None else value
            else:
                return
            self._set_option(opt, value)

        if opt.kind == "text":
            return TextRow(
                f"opt:{opt.key}",
                opt.label,
                get,
                change,
                editable=lambda: str(self.values[opt.key]),
                commit=lambda text: self._set_option(opt, text),
                arrows=False,
            )
        row = ChoiceRow(f"opt:{opt.key}", opt.label, get, change)
        if opt.kind in ("choice", "bool"):  # the arrows stay put whichever value is shown
            row.values = lambda: [_(self.game.translate(opt.label_of(v))) for v in _option_values(opt)]
        return row

    def _set_option(self, opt: Option, value: object) -> None:
        try:
            self.values[opt.key] = opt.validate(value)
            self.error = ""
        except GameError as exc:
            self.error = str(exc)
            return
        before = len(self.players)
        self.rebuild()
        if len(self.players) != before:
            self.focus.focus(f"opt:{opt.key}")

    def seed_option(self) -> Option | None:
        """A random-setup game's own int option ``seed`` (a deal number, say): the setup shows it
        as the seed row, and the seed chosen there is also that option's value."""
        if not self.game.random_setup:
            return None
        for opt in self.game.options:
            if opt.key == "seed" and opt.kind == "int":
                return opt
        return None

    def _set_seed(self, seed: int) -> None:
        self.seed = seed

    def is_daily(self) -> bool:
        """The seed is today's daily deal (:mod:`tafel.daily`: the same for everyone)."""
        return daily_date(self.seed) is not None and self.seed == daily_seed()

    def _daily_text(self) -> str:
        return _("today's deal") if self.is_daily() else _("off")

    def _toggle_daily(self) -> None:
        self.seed = _new_seed() if self.is_daily() else daily_seed()

    def difficulty(self) -> str:
        """The deal's difficulty line (``GameDef.difficulty``, worked out in the background)."""
        if self.game.difficulty is None or self.seed is None:
            return ""
        values = dict(self.values)
        if self.seed_option() is not None:
            values["seed"] = self.seed
        try:
            options = self.game.resolve_options(values)
        except GameError:
            return ""
        return difficulty_text(RATINGS.get(self.game, options, self.seed))

    def _seat_label(self, seat: int) -> str:
        return player_label(self.players[seat])

    def _cycle_player(self, seat: int, delta: int, choices: list[str]) -> None:
        current = self.players[seat]
        i = choices.index(current) if current in choices else 0
        self.players[seat] = choices[(i + delta) % len(choices)]

    # --- actions ---------------------------------------------------------------------------------

    def start(self) -> None:
        if self.editing is not None:
            self.end_edit(True)
        values = dict(self.values)
        if self.seed_option() is not None:
            values["seed"] = self.seed
        try:
            match = Match(self.game, values, seed=self.seed, players=self.players)
        except GameError as exc:
            self.error = str(exc)
            return
        except Exception as exc:  # a plugin bug must not close the arcade
            self.error = _("{game} failed to start: {error}").format(
                game=self.game.title, error=f"{type(exc).__name__}: {exc}"
            )
            return
        self.app.setup_memory[self.game.id] = {
            "options": dict(self.values),
            "players": list(self.players),
            "daily": self.is_daily(),
        }
        self.app.start_match(match)

    def start_guided(self) -> None:
        """The game's tutorial (:mod:`tafel.ui.scenes.play.guide`), the AI chosen here playing the
        other seats in the game that follows."""
        from tafel.ui.scenes.play import start_guided

        try:
            start_guided(self.app, self.game, self.players)
        except Exception as exc:  # a plugin's tutorial that does not play out
            self.error = _("The guided game failed to start: {error}").format(error=exc)

    def show_puzzles(self) -> None:
        from tafel.ui.scenes.puzzle import open_puzzles

        open_puzzles(self.app, self.game)

    def show_records(self) -> None:
        from tafel.ui.scenes.records import open_records

        open_records(self.app, self.game)

    def show_rules(self) -> None:
        from tafel.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.game))

    def begin_edit(self, row: TextRow) -> None:
        self.editing = row
        self.edit_text = row.editable()
        pygame.key.start_text_input()

    def end_edit(self, keep: bool) -> None:
        row, self.editing = self.editing, None
        pygame.key.stop_text_input()
        if row is None or not keep or row.commit is None:
            return
        try:
            row.commit(self.edit_text)
            self.error = ""
        except GameError as exc:
            self.error = str(exc)
        except ValueError:
            self.error = _("{label}: {text!r} is not a number").format(label=row.label, text=self.edit_text)

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size)
        self.desc_lines = ui.wrap(self.game.translate(self.game.description), SMALL, inner)[:2]
        y = (
            self.card.y
            + self.pad
            + ui.line_height(H1, True)
            + len(self.desc_lines) * ui.line_height(SMALL)
            + ui.px(20)
        )
        bh = ui.px(68)
        self.buttons_y = self.card.bottom - self.pad - bh
        self.error_y = self.buttons_y - ui.px(12)
        self.rows_rect = pygame.Rect(
            self.card.x + self.pad, y, inner, self.error_y - ui.line_height(SMALL) - y
        )
        self.heading_h = ui.line_height(H3, True) + ui.px(10)
        headings = {0, self.first_seat_row} if self.game.options else {self.first_seat_row}
        self.content_h = self._stack(len(self.rows), ui.px(62), ui.px(8), headings)
        self._place_buttons(self.buttons, self.buttons_y, bh, inner)
        for b in self.buttons:
            if b.key == "guided":  # a smaller label where five buttons share the row
                b.size = BODY if ui.text_width(b.label, BODY, True) <= b.rect.width - ui.px(24) else SMALL
        self._clamp()
        self._place()

    def heading(self, i: int) -> str:
        return _("Players") if i == self.first_seat_row else _("Options")

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            return self._edit_event(event)
        return super().handle_event(event)

    def _sideways(self, focused: object, step: int) -> bool:
        return focused in self.buttons and super()._sideways(focused, step)

    def _edit_event(self, event: pygame.event.Event) -> bool:
        row = self.editing
        assert row is not None
        if event.type == pygame.TEXTINPUT:
            self.edit_text += "".join(ch for ch in event.text if row.accept(ch))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.end_edit(True)
            elif event.key == pygame.K_ESCAPE:
                self.end_edit(False)
            elif event.key == pygame.K_BACKSPACE:
                self.edit_text = self.edit_text[:-1]
            elif event.key in (pygame.K_UP, pygame.K_DOWN):
                self.end_edit(True)
                self.focus.move(-1 if event.key == pygame.K_UP else 1)
                self._ensure_visible()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.end_edit(True)
            return self.handle_event(event)
        return False

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        x, y = self.card.x + self.pad, self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        title = self.game.translate(self.game.title)
        r = ui.draw_text(surface, title, (x, y), H1, t.text, bold=True, max_width=inner)
        y = r.bottom
        for line in self.desc_lines:
            r = ui.draw_text(surface, line, (x, y), SMALL, t.text_dim, max_width=inner)
            y = r.bottom
        self.draw_rows(surface)
        line = self.error or self.difficulty()
        if line:
            ui.draw_text(
                surface,
                line,
                (self.card.centerx, self.error_y),
                SMALL,
                t.danger if self.error else t.text_dim,
                anchor="midbottom",
                max_width=inner,
            )
        for b in self.buttons:
            b.draw(surface, ui)
        if self.editing is not None:
            hints = _("Type the value · Enter confirm · Esc cancel")
        else:
            hints = _("↑↓ choose · ←→ change · Enter select · Esc back")
        draw_hints(surface, ui, hints)

    def _draw_item(self, surface: pygame.Surface, row: ChoiceRow) -> None:
        if isinstance(row, TextRow):
            row.edit_text = self.edit_text if self.editing is row else None
            row.time = self.app.time
        row.draw(surface, self.ui)


def _option_values(opt: Option) -> list[OptionValue]:
    """Every value a choice or on/off option can show."""
    return [True, False] if opt.kind == "bool" else [v for v, _label in opt.choices]
