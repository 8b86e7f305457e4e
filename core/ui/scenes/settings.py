"""The settings screen: each row changes with left/right (or Enter, or a click on its arrows) and
takes effect at once; leaving the screen saves them (kept between runs). The broker Play online
uses is typed (Enter, then the URL): a URL that is not ``mqtt://HOST:PORT`` or ``mqtts://...`` is
refused with a line in red, and the setting keeps its value."""

from __future__ import annotations

from functools import partial

import pygame

from tafel import settings as settings_mod
from tafel.engines import load_engines
from tafel.i18n import N_, _
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.engine_rows import Typing, typed_row
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.widgets import H1, H3, SMALL, Button, ChoiceRow, FocusList

#: (setting, label) in screen order, with section headings (labels translated when drawn).
LAYOUT: tuple[tuple[str, str], ...] = (
    ("#", N_("Display")),
    ("language", N_("Language")),
    ("fullscreen", N_("Full screen")),
    ("ui_scale", N_("Interface size")),
    ("colorblind", N_("Colour-blind-safe colours")),
    ("anim_speed", N_("Animations")),
    ("#", N_("Sound")),
    ("effects_volume", N_("Effects volume")),
    ("music_volume", N_("Music volume")),
    ("mute", N_("Mute everything")),
    ("#", N_("Games")),
    ("ai_level", N_("Default AI level")),
    ("think_factor", N_("AI think time")),
    ("show_legal", N_("Show legal moves")),
    ("show_last", N_("Show the last move")),
    ("confirm_leave", N_("Confirm before leaving a game")),
)


class SettingsScene(Typing, RowsScreen[ChoiceRow], Scene):
    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.rows: list[ChoiceRow] = []
        self.headings: dict[int, str] = {}
        for name, label in LAYOUT:
            if name == "#":
                self.headings[len(self.rows)] = label
                continue
            self.rows.append(
                ChoiceRow(
                    name,
                    label,
                    partial(self._label_of, name),
                    partial(self.change, name),
                )
            )
        # The external engines (Settings, Engines): a row under Games that opens their screen.
        self.engine_count = len(load_engines())
        self.rows.append(
            ChoiceRow(
                "engines",
                N_("External engines"),
                lambda: _("{n} configured").format(n=self.engine_count),
                lambda d: None,
                arrows=False,
                on_activate=self.open_engines,
            )
        )
        # Online: the broker Host and Join use (typed; empty: the broker inside Tafel, on the LAN).
        self.headings[len(self.rows)] = N_("Online")
        broker = typed_row(
            "broker",
            N_("Broker"),
            lambda: self.app.settings.broker or _("this computer, on the LAN"),
            lambda d: None,
            self.set_broker,
            editable=lambda: self.app.settings.broker,
            arrows=False,
        )
        broker.on_activate = lambda: self.begin_edit(broker)
        self.rows.append(broker)
        self.back_button = Button(N_("Back"), self.back, key="back", kind="primary")
        self.defaults_button = Button(N_("Defaults"), self.defaults, key="defaults")
        self.buttons = [self.back_button, self.defaults_button]
        self.focus = FocusList([*self.rows, *self.buttons])
        self._saved = self.app.settings.to_dict()

    def exit(self) -> None:
        if self.app.settings.to_dict() != self._saved:
            self.app.settings.save()

    # --- model ------------------------------------------------------------------------------

    def _label_of(self, name: str) -> str:
        return settings_mod.label_of(name, getattr(self.app.settings, name))

    def change(self, name: str, delta: int) -> None:
        s = self.app.settings
        setattr(s, name, settings_mod.step(name, getattr(s, name), delta))
        self.app.apply_settings(save=False)
        self.app.sound.play("select")

    def set_broker(self, text: str) -> None:
        """The typed broker URL, checked (raises ValueError with the line shown in red)."""
        self.app.settings.broker = settings_mod.broker_url(text)

    def defaults(self) -> None:
        fresh = settings_mod.Settings()
        for name, _label in LAYOUT:
            if name != "#":
                setattr(self.app.settings, name, getattr(fresh, name))
        self.app.settings.broker = fresh.broker
        self.app.apply_settings(save=False)

    def open_engines(self) -> None:
        from tafel.ui.scenes.engines import EnginesScene

        self.app.push(EnginesScene(self.app))

    def resume(self) -> None:
        self.engine_count = len(load_engines())

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size)
        top = self.card.y + self.pad + ui.line_height(H1, True) + ui.px(16)
        bh = ui.px(64)
        by = self.card.bottom - self.pad - bh
        self._place_buttons(self.buttons, by, bh, inner)
        # A line under the rows for what a typed value got wrong (the broker's URL).
        bottom = by - ui.px(14) - ui.line_height(SMALL) - ui.px(6)
        self.rows_rect = pygame.Rect(self.card.x + self.pad, top, inner, bottom - top)
        self.heading_h = ui.line_height(H3, True) + ui.px(6)
        self.content_h = self._stack(len(self.rows), ui.px(58), ui.px(8), self.headings)
        self._clamp()
        self._place()

    def heading(self, i: int) -> str:
        return _(self.headings[i])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            used = self.edit_event(event)
            self._ensure_visible()
            return used
        return super().handle_event(event)

    def _draw_item(self, surface: pygame.Surface, item: object) -> None:
        self.draw_row(surface, item, self.app.time)  # type: ignore[arg-type]

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        ui.draw_text(
            surface, _("Settings"), (self.card.x + self.pad, self.card.y + self.pad), H1, t.text, bold=True
        )
        self.draw_rows(surface)
        if self.error:
            x, y = self.card.x + self.pad, self.rows_rect.bottom + ui.px(4)
            ui.draw_text(surface, self.error, (x, y), SMALL, t.danger, max_width=self.rows_rect.width)
        for b in self.buttons:
            b.draw(surface, ui)
        if self.editing is not None:
            hints = _("Type the value · Enter confirm · Esc cancel")
        else:
            hints = _("↑↓ choose · ←→ change · Esc back · F11 full screen · F12 screenshot")
        draw_hints(surface, ui, hints)
