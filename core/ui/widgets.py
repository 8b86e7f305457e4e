"""Drawing helpers of the core's screens on top of the board kit's widgets: the window's
:class:`UI` (a :class:`tafel.kit.widgets.Skin` that also wraps text and draws panels, veils and
scroll bars), typed choice rows, and layout helpers. Buttons, focus lists, choice rows and
fitted text are the kit's (re-exported here), so screens and board views share them.

Sizes are given for a window 1080 pixels high and scaled by :class:`UI` to the live window,
so a screen looks the same at any resolution and aspect ratio. Text surfaces are cached, so
screens may draw their labels every frame.

>>> import pygame; pygame.font.init()
>>> ui = UI()
>>> ui.set_size((960, 540)); ui.scale
0.5
>>> ui.ellipsize("a long line of text that will not fit", 18, 120).endswith("…")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

import pygame

from tafel.i18n import _
from tafel.kit import widgets as kit
from tafel.kit.widgets import (
    BODY,
    H1,
    H2,
    H3,
    SMALL,
    TINY,
    TITLE,
    FocusList,
    Skin,
    is_activate,
    is_back,
)
from tafel.ui.fonts import ELLIPSIS, Fonts
from tafel.ui.theme import DEFAULT, Color, Theme

__all__ = [
    "BODY", "ELLIPSIS", "H1", "H2", "H3", "SMALL", "TINY", "TITLE", "UI", "Button", "ChoiceRow",
    "FocusList", "TextRow", "is_activate", "is_back", "layout_column", "layout_row", "outside",
]  # fmt: skip


class Button(kit.Button):
    """The kit's button for the core's screens: its label is a core text (marked with ``N_``),
    translated when it is drawn, so a change of language shows at once. Its key stays English."""

    @property
    def label(self) -> str:
        return "" if self._hidden else _(self._label)

    @label.setter
    def label(self, value: str) -> None:
        self._label = value

    @property
    def tooltip(self) -> str:
        return _(self._tooltip)

    @tooltip.setter
    def tooltip(self, value: str) -> None:
        self._tooltip = value

    #: True while the kit draws the button without its label (the label is drawn on two lines).
    _hidden = False

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        """The kit's button; a label too long for one line, even a little smaller, goes on two
        lines (a narrow window's German "Zug zurücknehmen") instead of being cut."""
        label, width = self.label, self.rect.width - ui.px(20)
        if not isinstance(ui, UI) or ui.fits(label, self.size, width, True):
            return super().draw(surface, ui)
        self._hidden = True
        try:
            super().draw(surface, ui)
        finally:
            self._hidden = False
        t = ui.theme
        if not self.enabled:
            color = t.disabled
        elif self.kind == "primary":
            color = t.button_primary_text
        else:
            color = t.danger if self.kind == "danger" else t.text
        box = self.rect.inflate(-ui.px(20), -ui.px(6))
        ui.draw_wrapped(surface, label, box, self.size, color, bold=True, align="center")


class ChoiceRow(kit.ChoiceRow):
    """The kit's choice row with its label translated when drawn (see :class:`Button`); a game's
    own label gets the game's translation as ``translate`` (``GameDef.translate``)."""

    translate: Callable[[str], str] | None = None
    #: Optional: every value the row can show, so its value box is as wide as the widest and the
    #: arrows stay put as the value changes (None: as wide as the value shown needs).
    values: Callable[[], list[str]] | None = None

    @property
    def label(self) -> str:
        return _(self.translate(self._label) if self.translate is not None else self._label)

    @label.setter
    def label(self, value: str) -> None:
        self._label = value

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        """The kit's row, its value box widened into the room the label leaves when the value
        needs it (a German "Standardsatz (14 Steine)" in a narrow window)."""
        value = self.get()
        shown = [value]
        if self.values is not None:
            try:
                shown += list(self.values())
            except Exception:  # a plugin's label that fails: the value shown still counts
                pass
        need = max((ui.text_width(v, self.size, True) for v in shown if v), default=-ui.px(24)) + ui.px(24)
        if need > self.value.width:
            label_end = self.rect.x + ui.px(22) + ui.text_width(self.label, self.size) + ui.px(24)
            if self.swatch is not None:
                label_end += ui.px(42)
            arrow_w = self.left.width if self.arrows else 0
            room = self.right.x - arrow_w - label_end
            width = max(self.value.width, min(need, room))
            self.value = pygame.Rect(self.right.x - width, self.value.y, width, self.value.height)
            self.left = pygame.Rect(
                self.value.x - self.left.width, self.left.y, self.left.width, self.left.height
            )
        super().draw(surface, ui)


class UI(Skin):
    """Theme, fonts and scale of one window: the kit's :class:`Skin` (``px``, ``draw_text`` that
    always fits) following the window's size and the player's UI scale, plus wrapped text,
    panels, veils and scroll bars."""

    TEXT_CACHE = 768

    def __init__(self, theme: Theme = DEFAULT, fonts: Fonts | None = None, scale: float = 1.0) -> None:
        super().__init__(theme, fonts if fonts is not None else Fonts(scale), scale)
        #: The player's "UI scale" setting, applied on top of the size-derived scale.
        self.user_scale = 1.0
        self.fonts.scale = scale
        self.size = (int(1920 * scale), int(1080 * scale))
        self.set_size(self.size)
        self._veils: dict[tuple[int, ...], pygame.Surface] = {}
        self._wrapped: dict[tuple, tuple[int, list[str]]] = {}

    def set_size(self, size: tuple[int, int]) -> None:
        """Scale from the window height, narrowed for portrait windows so text still fits across."""
        w, h = size
        self.size = (w, h)
        self.scale = max(0.3, min(h / 1080, w / 1280)) * self.user_scale
        # Text shrinks a little slower than the layout below full HD, so small windows stay readable.
        self.fonts.scale = self.scale if self.scale >= 1 else self.scale**0.8

    # --- text ---------------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.fonts.get(size, bold)

    def ellipsize(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut with an ellipsis so it fits ``width`` pixels."""
        return self.fonts.ellipsize(text, size, width, bold)

    def fit_size(
        self, text: str, size: int, width: int, bold: bool = False, min_size: int | None = None
    ) -> int:
        """The largest size not above ``size`` (and not below ``min_size``) at which ``text`` fits."""
        return self.fonts.fit_size(text, size, width, bold, min_size)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines of ``text`` that fit ``width`` (see :meth:`tafel.ui.fonts.Fonts.wrap`)."""
        return self.fonts.wrap(text, size, width, bold)

    def fits(self, text: str, size: int, width: int, bold: bool = False) -> bool:
        """Whether ``text`` fits ``width`` on one line at ``size`` or a little smaller (as
        ``draw_text`` would shrink it), with no ellipsis."""
        fitted = self.fonts.fit_size(text, size, width, bold)
        return self.fonts.get(fitted, bold).size(text)[0] <= width

    def wrapped(
        self,
        text: str,
        size: int,
        box: tuple[int, int],
        bold: bool = False,
        max_lines: int = 2,
        shrink: bool = True,
    ) -> tuple[int, list[str]]:
        """The size and lines that show ``text`` in a ``box`` (width, height): one line at ``size``
        or a little smaller if it fits (``shrink``; without it, two lines at ``size`` come first),
        else up to ``max_lines`` lines at the largest size down to 70% of ``size`` whose lines fit
        the box, words whole (a newline always breaks). When nothing fits, the smallest size and
        its first lines (the last then drawn cut). Kept, as it is asked every frame.

        >>> import pygame; pygame.font.init()
        >>> ui, text = UI(), "a board game arcade"
        >>> ui.wrapped(text, 30, (ui.text_width(text, 30), 100))
        (30, ['a board game arcade'])
        >>> ui.wrapped(text, 30, (ui.text_width("a board game", 30), 100))
        (30, ['a board game', 'arcade'])
        >>> ui.wrapped(text, 30, (ui.text_width("a board game", 30), 40))  # two lines, smaller
        (21, ['a board game', 'arcade'])
        """
        width, height = box
        key = (text, size, width, height, bold, max_lines, shrink, self.fonts.scale)
        kept = self._wrapped.get(key)
        if kept is not None:
            return kept
        fonts = self.fonts
        one = fonts.fit_size(text, size, width, bold) if shrink else size
        floor = max(6, int(size * 0.7))
        kept = (one, [text])
        if "\n" in text or fonts.get(one, bold).size(text)[0] > width:
            words = text.split()
            for s in range(size, floor - 1, -1):
                font = fonts.get(s, bold)
                lines = fonts.wrap(text, s, width, bold)
                whole = all(font.size(w)[0] <= width for w in words)
                if whole and len(lines) <= max_lines and len(lines) * font.get_linesize() <= height:
                    kept = (s, lines)
                    break
            else:
                lines = fonts.wrap(text, floor, width, bold)
                rest = " ".join(lines[max_lines - 1 :]) if len(lines) > max_lines else None
                kept = (floor, [*lines[: max_lines - 1], rest] if rest else lines[:max_lines])
        if len(self._wrapped) >= self.TEXT_CACHE:
            self._wrapped.clear()
        self._wrapped[key] = kept
        return kept

    def draw_wrapped(
        self,
        surface: pygame.Surface,
        text: str,
        rect: pygame.Rect,
        size: int,
        color: Color,
        *,
        bold: bool = False,
        max_lines: int = 2,
        align: str = "left",
        valign: str = "center",
        shrink: bool = True,
    ) -> pygame.Rect:
        """``text`` in ``rect`` as :meth:`wrapped` lays it out (``shrink`` as there), lines
        ``align``-ed ("left", "center") and the block ``valign``-ed ("top", "center", "bottom");
        a line that still does not fit is cut with an ellipsis. Returns the rect of the lines
        drawn."""
        fitted, lines = self.wrapped(text, size, rect.size, bold, max_lines, shrink)
        step = self.fonts.get(fitted, bold).get_linesize()
        block = step * len(lines)
        y = {"top": rect.y, "bottom": rect.bottom - block}.get(valign, rect.centery - block // 2)
        drawn = pygame.Rect(rect.x, y, 0, 0)
        for line in lines:
            x, anchor = (rect.centerx, "midtop") if align == "center" else (rect.x, "topleft")
            r = self.draw_text(
                surface, line, (x, y), fitted, color, bold=bold, anchor=anchor, max_width=rect.width,
                min_size=fitted,
            )  # fmt: skip
            drawn = drawn.union(r) if drawn.size != (0, 0) else r
            y += step
        return drawn

    # --- shapes ---------------------------------------------------------------------------------

    def panel(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        color: Color | None = None,
        *,
        radius: int = 18,
        border: Color | None = None,
        shadow: bool = True,
        width: int = 2,
    ) -> None:
        """A rounded panel with a soft drop shadow and an optional edge."""
        r = self.px(radius)
        if shadow:
            off = self.px(6)
            shade = self._veil((rect.width, rect.height), 90, self.theme.shadow, r)
            drop = shade.get_rect(topleft=(rect.x + off // 2, rect.y + off))
            # The panel covers all of its rect but the rounded corners, so only the shadow's
            # edges can show: blending those alone spares a full-panel alpha blit every frame.
            covered = (rect.inflate(0, -2 * r), rect.inflate(-2 * r, 0))
            for part in outside(drop, covered):
                surface.blit(shade, part, part.move(-drop.x, -drop.y))
        pygame.draw.rect(surface, color if color is not None else self.theme.panel, rect, border_radius=r)
        if border is not None:
            pygame.draw.rect(surface, border, rect, max(1, self.px(width)), border_radius=r)

    def _veil(self, size: tuple[int, int], alpha: int, color: Color, radius: int = 0) -> pygame.Surface:
        key = (size[0], size[1], alpha * 1000 + radius, *color)
        surf = self._veils.get(key)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            if radius:
                pygame.draw.rect(surf, (*color, alpha), surf.get_rect(), border_radius=radius)
            else:
                surf.fill((*color, alpha))
            if len(self._veils) > 32:
                self._veils.clear()
            self._veils[key] = surf
        return surf

    def veil(self, surface: pygame.Surface, alpha: int | None = None) -> None:
        """Dim everything drawn so far (under an overlay)."""
        a = self.theme.veil_alpha if alpha is None else alpha
        surface.blit(self._veil(surface.get_size(), a, self.theme.shadow), (0, 0))

    def focus_ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 14) -> None:
        pygame.draw.rect(
            surface,
            self.theme.focus,
            rect.inflate(self.px(8), self.px(8)),
            self.px(3),
            border_radius=self.px(radius + 4),
        )

    def scrollbar(self, surface: pygame.Surface, rect: pygame.Rect, offset: float, content: float) -> None:
        """A thin bar at the right edge of ``rect`` when ``content`` is taller than the rect."""
        view = rect.height
        if content <= view or view <= 0:
            return
        w = self.px(6)
        track = pygame.Rect(rect.right - w, rect.y, w, view)
        pygame.draw.rect(surface, self.theme.panel_edge, track, border_radius=w // 2)
        h = max(self.px(30), int(view * view / content))
        y = rect.y + int((view - h) * (offset / max(1.0, content - view)))
        pygame.draw.rect(surface, self.theme.text_dim, (track.x, y, w, h), border_radius=w // 2)


class TextRow(ChoiceRow):
    """A choice row whose value may also be typed (the setup's text options and seed). The screen
    keeps what is typed: while typing it sets ``edit_text`` (and ``time``, for the blinking
    caret) before drawing, and ``commit`` takes the text."""

    @property
    def placeholder(self) -> str:  # type: ignore[override]
        return _("(press Enter to type)")

    def __init__(
        self,
        key: str,
        label: str,
        get: Callable[[], str],
        change: Callable[[int], object],
        *,
        editable: Callable[[], str],
        commit: Callable[[str], object],
        accept: Callable[[str], bool] | None = None,
        arrows: bool = True,
    ) -> None:
        super().__init__(key, label, get, change, arrows=arrows)
        self.editable, self.commit = editable, commit
        self.accept = accept or (lambda ch: ch.isprintable())
        self.edit_text: str | None = None
        self.time = 0.0

    def draw_value(self, surface: pygame.Surface, ui: Skin) -> None:
        if self.edit_text is None:
            return super().draw_value(surface, ui)
        t = ui.theme
        box = self.left.union(self.right)
        pygame.draw.rect(surface, t.background, box, border_radius=ui.px(10))
        pygame.draw.rect(surface, t.focus, box, ui.px(2), border_radius=ui.px(10))
        caret = "|" if int(self.time * 2) % 2 == 0 else " "
        width = box.width - ui.px(20)
        ui.draw_text(
            surface, self.edit_text + caret, box.center, self.size, t.text, anchor="center", max_width=width
        )


def outside(rect: pygame.Rect, holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``rect`` outside every one of ``holes``, as disjoint rects.

    >>> outside(pygame.Rect(0, 0, 10, 10), [pygame.Rect(2, 2, 6, 6)])
    [Rect(0, 0, 10, 2), Rect(0, 8, 10, 2), Rect(0, 2, 2, 6), Rect(8, 2, 2, 6)]
    >>> outside(pygame.Rect(0, 0, 4, 4), [pygame.Rect(-1, -1, 9, 9)])
    []
    """
    parts = [pygame.Rect(rect)]
    for hole in holes:
        kept: list[pygame.Rect] = []
        for part in parts:
            cut = part.clip(hole)
            if not cut.width or not cut.height:
                kept.append(part)
                continue
            pieces = (
                pygame.Rect(part.x, part.y, part.width, cut.top - part.top),
                pygame.Rect(part.x, cut.bottom, part.width, part.bottom - cut.bottom),
                pygame.Rect(part.x, cut.y, cut.left - part.left, cut.height),
                pygame.Rect(cut.right, cut.y, part.right - cut.right, cut.height),
            )
            kept.extend(piece for piece in pieces if piece.width > 0 and piece.height > 0)
        parts = kept
    return parts


class Placed(Protocol):
    """An item a layout places: it has a ``rect``."""

    rect: pygame.Rect


def layout_column(rects_for: Sequence[Placed], x: int, y: int, width: int, height: int, gap: int) -> int:
    """Stack items top to bottom from (x, y); returns the y below the last one."""
    for item in rects_for:
        item.rect = pygame.Rect(x, y, width, height)
        y += height + gap
    return y


def layout_row(items: Sequence[Placed], center_x: int, y: int, width: int, height: int, gap: int) -> None:
    """Place items side by side, centred on ``center_x``."""
    total = len(items) * width + max(0, len(items) - 1) * gap
    x = center_x - total // 2
    for item in items:
        item.rect = pygame.Rect(x, y, width, height)
        x += width + gap
