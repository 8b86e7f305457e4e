"""The settings screen: each row changes with left/right (or Enter, or a click on its arrows) and
takes effect at once; leaving the screen saves them (kept between runs)."""

from __future__ import annotations

from typing import Any

import pygame

from tafel import settings as settings_mod
from tafel.engines import load_engines
from tafel.i18n import N_, _
from tafel.ui.scene import Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.widgets import H1, H3, TINY, Button, ChoiceRow, FocusList, is_back

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


class SettingsScene(Scene):
    def __init__(self, app: Any) -> None:
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
                    lambda n=name: settings_mod.label_of(n, getattr(self.app.settings, n)),
                    lambda d, n=name: self.change(n, d),
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
        self.back_button = Button(N_("Back"), self.back, key="back", kind="primary")
        self.defaults_button = Button(N_("Defaults"), self.defaults, key="defaults")
        self.buttons = [self.back_button, self.defaults_button]
        self.focus = FocusList([*self.rows, *self.buttons])
        self.scroll = 0
        self.size = (1, 1)
        self._saved = self.app.settings.to_dict()

    def exit(self) -> None:
        if self.app.settings.to_dict() != self._saved:
            self.app.settings.save()

    # --- model ------------------------------------------------------------------------------

    def change(self, name: str, delta: int) -> None:
        s = self.app.settings
        setattr(s, name, settings_mod.step(name, getattr(s, name), delta))
        self.app.apply_settings(save=False)
        self.app.sound.play("select")

    def defaults(self) -> None:
        fresh = settings_mod.Settings()
        for name, _label in LAYOUT:
            if name != "#":
                setattr(self.app.settings, name, getattr(fresh, name))
        self.app.apply_settings(save=False)

    def open_engines(self) -> None:
        from tafel.ui.scenes.engines import EnginesScene

        self.app.push(EnginesScene(self.app))

    def resume(self) -> None:
        self.engine_count = len(load_engines())

    def back(self) -> None:
        if self.manager is not None:
            self.manager.remove(self)

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        ui = self.ui
        w, h = size
        margin = ui.px(40)
        width = min(w - 2 * margin, ui.px(1240))
        self.card = pygame.Rect((w - width) // 2, margin, width, h - 2 * margin - ui.px(30))
        self.pad = pad = ui.px(40)
        inner = width - 2 * pad
        top = self.card.y + pad + ui.line_height(H1, True) + ui.px(16)
        bh = ui.px(64)
        by = self.card.bottom - pad - bh
        bw = min(ui.px(300), (inner - ui.px(20)) // 2)
        x = self.card.centerx - (2 * bw + ui.px(20)) // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, by, bw, bh)
            x += bw + ui.px(20)
        self.rows_rect = pygame.Rect(self.card.x + pad, top, inner, by - ui.px(20) - top)
        self.row_h, gap = ui.px(58), ui.px(8)
        self.heading_h = ui.line_height(H3, True) + ui.px(6)
        self._base = []
        y = 0
        for i in range(len(self.rows)):
            if i in self.headings:
                y += self.heading_h
            self._base.append(y)
            y += self.row_h + gap
        self.content_h = y
        self._clamp()
        self._place()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.rows_rect.height))

    def _place(self) -> None:
        x, y, w = self.rows_rect.x, self.rows_rect.y - self.scroll, self.rows_rect.width - self.ui.px(16)
        for row, base in zip(self.rows, self._base, strict=True):
            row.place(pygame.Rect(x, y + base, w, self.row_h), self.ui, value_width=380)

    def _ensure_visible(self) -> None:
        item = self.focus.focused
        if item not in self.rows:
            return
        i = self.rows.index(item)
        top = self._base[i] - (self.heading_h if i in self.headings else 0)
        bottom = self._base[i] + self.row_h
        if top < self.scroll:
            self.scroll = top
        elif bottom > self.scroll + self.rows_rect.height:
            self.scroll = bottom - self.rows_rect.height
        self._clamp()
        self._place()

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_back(event):
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * self.ui.px(60)
            self._clamp()
            self._place()
            return True
        focused = self.focus.focused
        if event.type == pygame.KEYDOWN and isinstance(focused, ChoiceRow) and focused.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            if focused in self.buttons:
                self.focus.focus(self.buttons[1 - self.buttons.index(focused)])
            return True
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.rows_rect.collidepoint(event.pos)
        ):
            for row in self.rows:
                if row.rect.collidepoint(event.pos):
                    self.focus.focus(row)
                    row.handle_event(event)
                    return True
            return True
        item = self.focus.handle_event(event)
        if event.type == pygame.KEYDOWN:
            self._ensure_visible()
        if item is not None:
            item.activate()
            return True
        return event.type == pygame.KEYDOWN

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        ui.draw_text(
            surface, _("Settings"), (self.card.x + self.pad, self.card.y + self.pad), H1, t.text, bold=True
        )
        clip = surface.get_clip()
        surface.set_clip(self.rows_rect.inflate(ui.px(16), ui.px(8)))
        for i, row in enumerate(self.rows):
            if i in self.headings:
                ui.draw_text(
                    surface,
                    _(self.headings[i]).upper(),
                    (self.rows_rect.x, row.rect.y - self.heading_h + ui.px(4)),
                    TINY + 1,
                    t.accent,
                    bold=True,
                )
            if row.rect.bottom >= self.rows_rect.top and row.rect.top <= self.rows_rect.bottom:
                row.draw(surface, ui)
        surface.set_clip(clip)
        ui.scrollbar(surface, self.rows_rect, self.scroll, self.content_h)
        for b in self.buttons:
            b.draw(surface, ui)
        draw_hints(surface, ui, _("↑↓ choose · ←→ change · Esc back · F11 full screen · F12 screenshot"))
