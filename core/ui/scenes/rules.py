"""A game's rules, word-wrapped and scrollable (wheel, arrows, PgUp/PgDn, Home/End); Esc goes back.

The text is plain paragraphs; lines starting with ``#`` are headings, ``- `` starts a bullet,
and Markdown ``**bold**`` markers are dropped.
"""

from __future__ import annotations

from typing import Any

import pygame

from tafel.ui.scene import Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.widgets import BODY, H1, H3, Button, is_activate, is_back

TEXT = BODY - 2


class RulesScene(Scene):
    overlay = True

    def __init__(self, app: Any, game: Any) -> None:
        super().__init__(app)
        self.game = game
        self.scroll = 0
        self.content_h = 0
        self.lines: list[tuple[str, int, bool, int]] = []
        self.back_button = Button("Back", self.close, key="back")
        self.back_button.focused = True
        self.card = pygame.Rect(0, 0, 1, 1)
        self.text_rect = pygame.Rect(0, 0, 1, 1)

    def close(self) -> None:
        if self.manager is not None:
            self.manager.remove(self)

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        w, h = size
        m = ui.px(40)
        width = min(w - 2 * m, ui.px(1300))
        self.card = pygame.Rect((w - width) // 2, m, width, h - 2 * m - ui.px(24))
        pad = ui.px(44)
        top = self.card.y + pad + ui.line_height(H1, True) + ui.px(16)
        bh = ui.px(62)
        self.back_button.rect = pygame.Rect(0, 0, min(ui.px(300), width - 2 * pad), bh)
        self.back_button.rect.midbottom = (self.card.centerx, self.card.bottom - pad)
        self.text_rect = pygame.Rect(
            self.card.x + pad, top, width - 2 * pad - ui.px(16), self.back_button.rect.y - ui.px(20) - top
        )
        self._wrap()

    def _wrap(self) -> None:
        ui = self.ui
        width = self.text_rect.width
        lines: list[tuple[str, int, bool, int]] = []
        text = (self.game.rules or "This game has no rules text.").replace("**", "").replace("\r", "")
        for raw in text.strip().split("\n"):
            stripped = raw.strip()
            if stripped.startswith("#"):
                heading = stripped.lstrip("#").strip()
                lines.append(("", TEXT, False, ui.px(6)))
                for part in ui.wrap(heading, H3, width, bold=True):
                    lines.append((part, H3, True, ui.px(4)))
            elif not stripped:
                lines.append(("", TEXT, False, 0))
            else:
                if stripped.startswith(("- ", "* ")):
                    raw = "\u2022 " + stripped[2:]
                for part in ui.wrap(raw.rstrip(), TEXT, width):
                    lines.append((part, TEXT, False, 0))
        self.lines = lines
        self.content_h = sum(
            ui.line_height(size, bold) // (2 if not t else 1) + extra for t, size, bold, extra in lines
        )
        self._clamp()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.text_rect.height))

    def scroll_by(self, pixels: int) -> None:
        self.scroll += pixels
        self._clamp()

    def handle_event(self, event: pygame.event.Event) -> bool:
        ui = self.ui
        line = ui.line_height(TEXT)
        page = max(line, self.text_rect.height - line)
        if is_back(event) or is_activate(event):
            self.close()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * 3 * line)
        elif event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_UP: -line,
                pygame.K_DOWN: line,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -self.content_h,
                pygame.K_END: self.content_h,
            }
            if event.key in steps:
                self.scroll_by(steps[event.key])
        elif event.type == pygame.MOUSEMOTION:
            self.back_button.hovered = self.back_button.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back_button.rect.collidepoint(event.pos):
                self.close()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.veil(surface)
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        pad = ui.px(44)
        ui.draw_text(
            surface,
            f"Rules — {self.game.title}",
            (self.card.x + pad, self.card.y + pad),
            H1,
            t.text,
            bold=True,
            max_width=self.card.width - 2 * pad,
        )
        clip = surface.get_clip()
        surface.set_clip(self.text_rect.inflate(0, ui.px(4)))
        y = self.text_rect.y - self.scroll
        for text, size, bold, extra in self.lines:
            lh = ui.line_height(size, bold) // (2 if not text else 1)
            y += extra
            if text and y + lh >= self.text_rect.y and y <= self.text_rect.bottom:
                ui.draw_text(
                    surface, text, (self.text_rect.x, y), size, t.accent if bold else t.text, bold=bold
                )
            y += lh
        surface.set_clip(clip)
        ui.scrollbar(surface, self.text_rect.move(ui.px(16), 0), self.scroll, self.content_h)
        self.back_button.draw(surface, ui)
        draw_hints(surface, ui, "↑↓ PgUp PgDn scroll · Esc back")
