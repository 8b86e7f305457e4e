"""Drawing helpers and widgets shared by every screen: text that fits, panels, buttons, focus lists.

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

from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tafel.ui.fonts import Fonts
from tafel.ui.theme import DEFAULT, Color, Theme

# Text sizes (pixels at 1080p).
TITLE = 132
H1 = 60
H2 = 42
H3 = 34
BODY = 30
SMALL = 25
TINY = 21

ELLIPSIS = "…"


def _is_activate_key(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class UI:
    """Theme, fonts and scale of one window.

    ``px(v)`` turns a 1080p length into pixels; ``text`` renders (cached) and ``draw_text``
    draws a label that always fits the width it is given (smaller font, then an ellipsis).
    """

    TEXT_CACHE = 768

    def __init__(self, theme: Theme = DEFAULT, fonts: Fonts | None = None, scale: float = 1.0) -> None:
        self.theme = theme
        #: The player's "UI scale" setting, applied on top of the size-derived scale.
        self.user_scale = 1.0
        self.fonts = fonts if fonts is not None else Fonts(scale)
        self.scale = scale
        self.fonts.scale = scale
        self.size = (int(1920 * scale), int(1080 * scale))
        self.set_size(self.size)
        self._text_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        # Fitting and wrapping measure text (font.size) word by word: the same lines come back
        # every frame, so their results are kept (cleared when full; keyed by the font scale).
        self._fit_cache: dict[tuple, tuple[int, str]] = {}
        self._wrap_cache: dict[tuple, list[str]] = {}
        self._veils: dict[tuple[int, int, int], pygame.Surface] = {}

    def set_size(self, size: tuple[int, int]) -> None:
        """Scale from the window height, narrowed for portrait windows so text still fits across."""
        w, h = size
        self.size = (w, h)
        self.scale = max(0.3, min(h / 1080, w / 1280)) * self.user_scale
        # Text shrinks a little slower than the layout below full HD, so small windows stay readable.
        self.fonts.scale = self.scale if self.scale >= 1 else self.scale**0.8

    def px(self, value: float) -> int:
        return max(1, int(round(value * self.scale)))

    # --- text ---------------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.fonts.get(size, bold)

    def text(self, text: str, size: int, color: Color | None = None, bold: bool = False) -> pygame.Surface:
        color = self.theme.text if color is None else color
        key = (text, size, bold, tuple(color), self.fonts.scale)
        surf = self._text_cache.get(key)
        if surf is None:
            surf = self.fonts.get(size, bold).render(text, True, color)
            self._text_cache[key] = surf
            if len(self._text_cache) > self.TEXT_CACHE:
                self._text_cache.popitem(last=False)
        else:
            self._text_cache.move_to_end(key)
        return surf

    def text_width(self, text: str, size: int, bold: bool = False) -> int:
        return self.fonts.get(size, bold).size(text)[0]

    def line_height(self, size: int, bold: bool = False) -> int:
        return self.fonts.get(size, bold).get_linesize()

    def ellipsize(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut with an ellipsis so it fits ``width`` pixels."""
        font = self.fonts.get(size, bold)
        if font.size(text)[0] <= width:
            return text
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if font.size(text[:mid].rstrip() + ELLIPSIS)[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return text[:lo].rstrip() + ELLIPSIS

    def fit_size(
        self, text: str, size: int, width: int, bold: bool = False, min_size: int | None = None
    ) -> int:
        """The largest size not above ``size`` (and not below ``min_size``) at which ``text`` fits."""
        floor = min_size if min_size is not None else max(8, int(size * 0.85))
        measured = self.text_width(text, size, bold)
        if size > floor and measured > width:
            # Width grows with the size: jump near the fitting size, then step (each size tried
            # may be a font to open).
            top, size = size, max(floor, int(size * width / measured))
            while size + 1 < top and self.text_width(text, size + 1, bold) <= width:
                size += 1
        while size > floor and self.text_width(text, size, bold) > width:
            size -= 1
        return size

    def draw_text(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int = BODY,
        color: Color | None = None,
        *,
        bold: bool = False,
        anchor: str = "topleft",
        max_width: int | None = None,
        min_size: int | None = None,
    ) -> pygame.Rect:
        """Draw one line anchored at ``pos`` (any pygame.Rect anchor name); returns its rect."""
        if max_width is not None and max_width > 0:
            key = (text, size, max_width, bold, min_size, self.fonts.scale)
            fitted = self._fit_cache.get(key)
            if fitted is None:
                fitted_size = self.fit_size(text, size, max_width, bold, min_size)
                fitted = (fitted_size, self.ellipsize(text, fitted_size, max_width, bold))
                if len(self._fit_cache) >= self.TEXT_CACHE:
                    self._fit_cache.clear()
                self._fit_cache[key] = fitted
            size, text = fitted
        surf = self.text(text, size, color, bold)
        rect = surf.get_rect(**{anchor: pos})
        surface.blit(surf, rect)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines of ``text`` broken at spaces to fit ``width``; paragraphs (newlines) kept, blank lines too.

        Words longer than a line are broken between characters.
        """
        key = (text, size, width, bold, self.fonts.scale)
        cached = self._wrap_cache.get(key)
        if cached is None:
            cached = self._wrap(text, size, width, bold)
            if len(self._wrap_cache) >= self.TEXT_CACHE:
                self._wrap_cache.clear()
            self._wrap_cache[key] = cached
        return list(cached)

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        font = self.fonts.get(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            stripped = para.lstrip(" ")
            if not stripped.strip():
                lines.append("")
                continue
            prefix = para[: len(para) - len(stripped)]
            # Bullets get a hanging indent so wrapped lines line up with the text.
            cont = prefix + ("   " if stripped.startswith(("- ", "* ", "\u2022 ")) else "")
            line = ""
            for word in stripped.split():
                trial = f"{line} {word}" if line else word
                if font.size(prefix + trial)[0] <= width:
                    line = trial
                    continue
                if line:
                    lines.append(prefix + line)
                    prefix, line = cont, ""
                while font.size(prefix + word)[0] > width and len(word) > 1:
                    cut = len(word) - 1
                    while cut > 1 and font.size(prefix + word[:cut])[0] > width:
                        cut -= 1
                    lines.append(prefix + word[:cut])
                    prefix, word = cont, word[cut:]
                line = word
            lines.append(prefix + line)
        return lines

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
            shadow = shade.get_rect(topleft=(rect.x + off // 2, rect.y + off))
            # The panel covers all of its rect but the rounded corners, so only the shadow's
            # edges can show: blending those alone spares a full-panel alpha blit every frame.
            covered = (rect.inflate(0, -2 * r), rect.inflate(-2 * r, 0))
            for part in outside(shadow, covered):
                surface.blit(shade, part, part.move(-shadow.x, -shadow.y))
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


class Button:
    """A rounded button. ``kind`` is "normal", "primary" (the main action) or "danger"."""

    def __init__(
        self,
        label: str,
        action: Callable[[], Any] | None = None,
        *,
        kind: str = "normal",
        enabled: bool = True,
        key: str | None = None,
        size: int = BODY,
    ) -> None:
        self.label = label
        self.action = action
        self.kind = kind
        self.enabled = enabled
        self.key = key or label
        self.size = size
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False

    def activate(self) -> Any:
        if self.enabled and self.action is not None:
            return self.action()
        return None

    def draw(self, surface: pygame.Surface, ui: UI) -> None:
        t = ui.theme
        if not self.enabled:
            fill, color = t.panel, t.disabled
        elif self.kind == "primary":
            fill, color = t.button_primary, t.button_primary_text
            if self.hovered:
                fill = tuple(min(255, c + 24) for c in fill)
        else:
            fill = t.button_hover if self.hovered or self.focused else t.button
            color = t.danger if self.kind == "danger" else t.text
        radius = ui.px(12)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        if self.focused and self.enabled:
            ui.focus_ring(surface, self.rect, 12)
        ui.draw_text(
            surface,
            self.label,
            self.rect.center,
            self.size,
            color,
            bold=True,
            anchor="center",
            max_width=self.rect.width - ui.px(20),
        )


class FocusList:
    """Keyboard focus and mouse hover over a row or column of items (buttons, cards).

    Items need ``rect``, ``enabled``, ``hovered`` and ``focused`` attributes. ``handle_event``
    returns the item activated by Enter/Space or a click, else None; disabled items are skipped
    by the arrow keys and ignore clicks.
    """

    def __init__(self, items: Sequence[Any] = (), *, horizontal: bool = False, wrap: bool = True) -> None:
        self.items: list[Any] = list(items)
        self.horizontal = horizontal
        self.wrap = wrap
        self.index = 0
        self.set_items(self.items)

    def set_items(self, items: Sequence[Any], keep: bool = True) -> None:
        key = self.focused.key if keep and self.focused is not None and hasattr(self.focused, "key") else None
        self.items = list(items)
        self.index = 0
        if key is not None:
            for i, item in enumerate(self.items):
                if getattr(item, "key", None) == key and item.enabled:
                    self.index = i
                    break
        if self.items and not self.items[self.index].enabled:
            self.move(1)
        self._sync()

    @property
    def focused(self) -> Any | None:
        if 0 <= self.index < len(self.items):
            return self.items[self.index]
        return None

    def focus(self, item_or_key: Any) -> None:
        for i, item in enumerate(self.items):
            if item is item_or_key or getattr(item, "key", None) == item_or_key:
                self.index = i
        self._sync()

    def _sync(self) -> None:
        for i, item in enumerate(self.items):
            item.focused = i == self.index

    def move(self, delta: int) -> None:
        n = len(self.items)
        if not n or not any(item.enabled for item in self.items):
            return
        i = self.index
        for _ in range(n):
            j = i + delta
            if self.wrap:
                j %= n
            elif not 0 <= j < n:
                break
            i = j
            if self.items[i].enabled:
                self.index = i
                break
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> Any | None:
        if event.type == pygame.MOUSEMOTION:
            for item in self.items:
                item.hovered = item.enabled and item.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, item in enumerate(self.items):
                if item.enabled and item.rect.collidepoint(event.pos):
                    self.index = i
                    self._sync()
                    return item
        elif event.type == pygame.KEYDOWN:
            back, fwd = (pygame.K_LEFT, pygame.K_RIGHT) if self.horizontal else (pygame.K_UP, pygame.K_DOWN)
            if event.key == back:
                self.move(-1)
            elif event.key == fwd:
                self.move(1)
            elif _is_activate_key(event):
                item = self.focused
                if item is not None and item.enabled:
                    return item
        return None


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


def layout_column(rects_for: Sequence[Any], x: int, y: int, width: int, height: int, gap: int) -> int:
    """Stack items top to bottom from (x, y); returns the y below the last one."""
    for item in rects_for:
        item.rect = pygame.Rect(x, y, width, height)
        y += height + gap
    return y


def layout_row(items: Sequence[Any], center_x: int, y: int, width: int, height: int, gap: int) -> None:
    """Place items side by side, centred on ``center_x``."""
    total = len(items) * width + max(0, len(items) - 1) * gap
    x = center_x - total // 2
    for item in items:
        item.rect = pygame.Rect(x, y, width, height)
        x += width + gap


def is_activate(event: pygame.event.Event) -> bool:
    """Enter, keypad Enter or Space (a controller's A button arrives as Enter)."""
    return _is_activate_key(event)


def is_back(event: pygame.event.Event) -> bool:
    return event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_AC_BACK)
