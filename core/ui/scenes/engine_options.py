"""One external engine (Settings, Engines): its time control and its options as the engine
announced them (spin, combo, check, string), changed with the rows' arrows or typed after Enter,
and Remove (after a confirmation). Every change is written to ``engines.json`` at once
(:func:`tafel.engines.save_engines`, an atomic write).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from tafel.engine_protocol import EngineOption
from tafel.engines import EngineConfig, save_engines
from tafel.i18n import N_, _, format_number
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import ConfirmScene, draw_hints
from tafel.ui.scenes.engine_rows import (
    CLOCK_STEPS,
    INCREMENT_STEPS,
    MOVETIME_STEPS,
    EngineRow,
    Typing,
    choice_row,
    number,
    step_value,
    time_control_text,
    typed_row,
)
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.widgets import H1, H3, SMALL, Button, ChoiceRow, FocusList


class EngineScene(Typing, RowsScreen[ChoiceRow], Scene):
    """One engine of the list ``engines``: time control, options, Remove."""

    def __init__(
        self, app: Host, engines: list[EngineConfig], config: EngineConfig, on_remove: Callable[[], object]
    ) -> None:
        super().__init__(app)
        self.engines, self.config, self.on_remove = engines, config, on_remove
        self.error = ""
        self.rows: list[EngineRow] = []
        self.remove_button = Button(N_("Remove"), self.ask_remove, key="remove", kind="danger")
        self.defaults_button = Button(N_("Default options"), self.default_options, key="defaults")
        self.back_button = Button(N_("Back"), self.back, key="back", kind="primary")
        self.buttons = [self.back_button, self.defaults_button, self.remove_button]
        self.focus = FocusList([])
        self.rebuild()
        self.focus.focus("back")

    # --- model ------------------------------------------------------------------------------

    def save(self) -> None:
        if not save_engines(self.engines):
            self.error = _("Could not save the engines (see the messages on the terminal)")

    def rebuild(self) -> None:
        c = self.config
        rows = [
            choice_row(
                "time",
                N_("Kind"),
                lambda: _("Clock and increment") if c.clock_ms > 0 else _("Fixed time a move"),
                lambda d: self.set_clock(0 if c.clock_ms > 0 else 60000, c.increment_ms or 1000),
            )
        ]
        if c.clock_ms > 0:
            rows.append(
                typed_row(
                    "clock",
                    N_("Clock (seconds)"),
                    lambda: format_number(c.clock_ms / 1000),
                    lambda d: self.set_clock(
                        step_value(CLOCK_STEPS, c.clock_ms / 1000, d) * 1000, c.increment_ms
                    ),
                    lambda text: self.set_clock(number(text) * 1000, c.increment_ms),
                    editable=lambda: f"{c.clock_ms / 1000:g}",
                    accept=lambda ch: ch.isdigit() or ch in ".,",
                )
            )
            rows.append(
                typed_row(
                    "increment",
                    N_("Increment (seconds)"),
                    lambda: format_number(c.increment_ms / 1000),
                    lambda d: self.set_clock(
                        c.clock_ms, step_value(INCREMENT_STEPS, c.increment_ms / 1000, d) * 1000
                    ),
                    lambda text: self.set_clock(c.clock_ms, number(text) * 1000),
                    editable=lambda: f"{c.increment_ms / 1000:g}",
                    accept=lambda ch: ch.isdigit() or ch in ".,",
                )
            )
        else:
            rows.append(
                typed_row(
                    "movetime",
                    N_("Time a move (ms)"),
                    lambda: format_number(c.movetime_ms),
                    lambda d: self.set_movetime(step_value(MOVETIME_STEPS, c.movetime_ms, d)),
                    lambda text: self.set_movetime(number(text)),
                    editable=lambda: str(c.movetime_ms),
                    accept=str.isdigit,
                )
            )
        self.first_option = len(rows)
        rows += [row for row in (self.option_row(o) for o in c.announced()) if row is not None]
        for row in rows:
            if row.typed:
                row.on_activate = lambda r=row: self.begin_edit(r)
        self.rows = rows
        self.focus.set_items([*rows, *self.buttons])
        self.defaults_button.enabled = bool(c.values)
        if self.size != (1, 1):
            self.layout(self.size)

    def set_movetime(self, ms: float) -> None:
        if ms < 1:
            raise ValueError(_("The time a move must be at least 1 ms"))
        self.config.movetime_ms = min(int(ms), 3_600_000)
        self.save()

    def set_clock(self, clock_ms: float, increment_ms: float) -> None:
        if clock_ms < 0 or (self.config.clock_ms > 0 and clock_ms < 1000):
            raise ValueError(_("The clock must be at least 1 second"))
        self.config.clock_ms, self.config.increment_ms = int(clock_ms), max(0, int(increment_ms))
        self.save()
        self.rebuild()

    def value_of(self, option: EngineOption) -> str:
        for name, value in self.config.values.items():
            if name.lower() == option.name.lower():
                return value
        return option.default or ""

    def set_value(self, option: EngineOption, value: str) -> None:
        values = {k: v for k, v in self.config.values.items() if k.lower() != option.name.lower()}
        if value != (option.default or ""):
            values[option.name] = value
        self.config.values = values
        self.defaults_button.enabled = bool(values)
        self.save()

    def option_row(self, o: EngineOption) -> EngineRow | None:
        key, kind = f"option:{o.name}", o.type.lower()
        if kind == "spin":
            low = o.min if o.min is not None else -(10**9)
            high = o.max if o.max is not None else 10**9
            span = high - low
            step = 1 if span <= 200 else 10 ** (len(str(span)) - 3)

            def current() -> int:
                try:
                    return int(self.value_of(o))
                except ValueError:
                    return low if o.min is not None else 0

            def commit(text: str) -> None:
                try:
                    number = int(text.strip())
                except ValueError:
                    raise ValueError(_("{text!r} is not a number").format(text=text)) from None
                if not low <= number <= high:
                    raise ValueError(
                        _("{name}: {value} is not within {low} to {high}").format(
                            name=o.name, value=number, low=low, high=high
                        )
                    )
                self.set_value(o, str(number))

            return typed_row(
                key,
                o.name,
                lambda: self.value_of(o),
                lambda d: self.set_value(o, str(max(low, min(high, current() + d * step)))),
                commit,
                accept=lambda ch: ch.isdigit() or ch == "-",
            )
        if kind == "combo" and o.vars:

            def cycle(d: int) -> None:
                value = self.value_of(o)
                i = o.vars.index(value) if value in o.vars else -1
                self.set_value(o, o.vars[(i + d) % len(o.vars)])

            return choice_row(key, o.name, lambda: self.value_of(o), cycle)
        if kind == "check":

            def on() -> bool:
                return self.value_of(o).lower() == "true"

            return choice_row(
                key,
                o.name,
                lambda: _("on") if on() else _("off"),
                lambda d: self.set_value(o, "false" if on() else "true"),
            )
        if kind == "string":
            return typed_row(
                key,
                o.name,
                lambda: self.value_of(o),
                lambda d: None,
                lambda text: self.set_value(o, text),
                arrows=False,
            )
        return None  # a button has no value to keep

    def default_options(self) -> None:
        self.config.values = {}
        self.save()
        self.rebuild()

    def ask_remove(self) -> None:
        self.app.push(
            ConfirmScene(
                self.app,
                N_("Remove the engine?"),
                _("{name} leaves the list; setup no longer offers it.").format(name=self.config.name),
                self.remove,
                yes=N_("Remove"),
                no=N_("Keep"),
            )
        )

    def remove(self) -> None:
        if self.config in self.engines:
            self.engines.remove(self.config)
        self.save()
        self.on_remove()
        self.back()

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size)
        top = self.card.y + self.pad + ui.line_height(H1, True) + 2 * ui.line_height(SMALL) + ui.px(16)
        bh = ui.px(64)
        by = self.card.bottom - self.pad - bh
        self._place_buttons(self.buttons, by, bh, inner, max_width=320)
        self.error_y = by - ui.px(10)
        bottom = self.error_y - ui.line_height(SMALL) - ui.px(6)
        self.rows_rect = pygame.Rect(self.card.x + self.pad, top, inner, bottom - top)
        self.heading_h = ui.line_height(H3, True) + ui.px(6)
        y = self._stack(len(self.rows), ui.px(58), ui.px(8), (0, self.first_option))
        if len(self.rows) == self.first_option:
            y += ui.line_height(SMALL)
        self.content_h = y
        self._clamp()
        self._place()

    def heading(self, i: int) -> str:
        return _("Time control") if i == 0 else _("Options, as the engine announced them")

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            used = self.edit_event(event)
            self._ensure_visible()
            return used
        return super().handle_event(event)

    def _key_on(self, focused: object, event: pygame.event.Event) -> bool:
        try:
            if super()._key_on(focused, event):
                self.error = ""
                return True
        except ValueError as exc:
            self.error = str(exc)
            return True
        return False

    def _sideways(self, focused: object, step: int) -> bool:
        if focused in self.buttons:
            self.focus.move(step)
        return True

    # --- drawing ----------------------------------------------------------------------------

    def _draw_view(self, surface: pygame.Surface) -> None:
        if self.first_option == len(self.rows):
            y = self.rows_rect.y - self.scroll + self._heading_y[self.first_option]
            text = _("The engine announced no options.")
            self.ui.draw_text(surface, text, (self.rows_rect.x, y), SMALL, self.ui.theme.text_dim)

    def _draw_item(self, surface: pygame.Surface, item: ChoiceRow) -> None:
        self.draw_row(surface, item, self.app.time)

    def draw(self, surface: pygame.Surface) -> None:
        ui, t, c = self.ui, self.ui.theme, self.config
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        x, y = self.card.x + self.pad, self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        y = ui.draw_text(surface, c.name, (x, y), H1, t.text, bold=True, max_width=inner).bottom
        y = ui.draw_text(surface, c.path, (x, y), SMALL, t.text_dim, max_width=inner).bottom
        about = _("Protocol {protocol}").format(protocol=c.protocol.upper())
        if c.id_name and c.id_name != c.name:
            about += " · " + _("calls itself {name}").format(name=c.id_name)
        ui.draw_text(
            surface, about + " · " + time_control_text(c), (x, y), SMALL, t.text_dim, max_width=inner
        )
        self.draw_rows(surface)
        if self.error:
            ui.draw_text(
                surface,
                self.error,
                (self.card.centerx, self.error_y),
                SMALL,
                t.danger,
                anchor="midbottom",
                max_width=inner,
            )
        for b in self.buttons:
            b.draw(surface, ui)
        if self.editing is not None:
            hints = _("Type the value · Enter confirm · Esc cancel")
        else:
            hints = _("↑↓ choose · ←→ change · Enter type a value · Esc back")
        if self.is_top:  # a dialog above shows its own
            draw_hints(surface, ui, hints)
