"""Rows of choices as the setup and settings screens show them: a label (with a seat's colour),
and a value changed with ‹ › (left/right) or typed after Enter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tafel.ui.widgets import BODY


class Row:
    """A setup line: a label and a value changed with left/right or typed (``editable``)."""

    def __init__(
        self,
        key: str,
        label: str,
        get: Callable[[], str],
        change: Callable[[int], None],
        *,
        editable: Callable[[], str] | None = None,
        commit: Callable[[str], None] | None = None,
        swatch: tuple[int, int, int] | None = None,
        accept: Callable[[str], bool] | None = None,
    ) -> None:
        self.key = key
        self.label = label
        self.get = get
        self.change = change
        self.editable = editable
        self.commit = commit
        self.accept = accept or (lambda ch: ch.isprintable())
        self.swatch = swatch
        #: Show the ‹ › buttons (not for typed text).
        self.arrows = True
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.value = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False

    def activate(self) -> None:
        self.change(1)


def draw_row(
    ui: Any, surface: pygame.Surface, row: Row, *, edit_text: str | None = None, time: float = 0.0
) -> None:
    """A setup-style row: label (with a seat swatch), value between ‹ › arrows, or a text field
    being typed into when ``edit_text`` is given."""
    t = ui.theme
    fill = t.button_hover if row.hovered or row.focused else t.card
    pygame.draw.rect(surface, fill, row.rect, border_radius=ui.px(12))
    if row.focused:
        ui.focus_ring(surface, row.rect, 12)
    x = row.rect.x + ui.px(22)
    if row.swatch is not None:
        rad = ui.px(13)
        pygame.draw.circle(surface, row.swatch, (x + rad, row.rect.centery), rad)
        x += 2 * rad + ui.px(16)
    ui.draw_text(
        surface,
        row.label,
        (x, row.rect.centery),
        BODY,
        t.text,
        anchor="midleft",
        max_width=row.left.x - x - ui.px(16),
    )
    editing = edit_text is not None
    if editing:
        box = row.left.union(row.right)
        pygame.draw.rect(surface, t.background, box, border_radius=ui.px(10))
        pygame.draw.rect(surface, t.focus, box, ui.px(2), border_radius=ui.px(10))
        caret = "|" if int(time * 2) % 2 == 0 else " "
        ui.draw_text(
            surface,
            edit_text + caret,
            (box.centerx, box.centery),
            BODY,
            t.text,
            anchor="center",
            max_width=box.width - ui.px(20),
        )
        return
    color = t.accent if row.focused else t.text
    if row.arrows:
        for rect, direction in ((row.left, -1), (row.right, 1)):
            pygame.draw.rect(surface, t.button, rect, border_radius=ui.px(10))
            # A small triangle pointing left or right.
            cx, cy, r = rect.centerx, rect.centery, ui.px(8)
            points = [
                (cx + direction * r, cy),
                (cx - direction * r // 2, cy - r),
                (cx - direction * r // 2, cy + r),
            ]
            pygame.draw.polygon(surface, t.accent if row.focused else t.text_dim, points)
        value_rect = row.value
    else:
        value_rect = row.left.union(row.right)
        pygame.draw.rect(surface, t.background, value_rect, border_radius=ui.px(10))
    text = row.get()
    if not text and row.editable is not None:
        text, color = "(press Enter to type)", t.text_dim
    ui.draw_text(
        surface,
        text,
        value_rect.center,
        BODY,
        color,
        bold=bool(row.get()),
        anchor="center",
        max_width=value_rect.width - ui.px(12),
    )
