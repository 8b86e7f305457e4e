"""Fonts from the shipped DejaVu TTFs (assets/fonts), cached per size: never create fonts per frame.

Text that fits is measured here too: the largest size at which a line fits a width, the line cut
with an ellipsis, and rendered lines kept between frames.

>>> fonts = Fonts()
>>> fonts.fitted("a long line of text that will not fit", 18, 120)[1].endswith("…")
True
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from importlib.resources import as_file, files

import pygame

#: The shipped fonts, inside the installed package (``tafel.assets``), wheel or editable.
FONT_DIR = files("tafel.assets") / "fonts"
_OPENING = threading.Lock()
ELLIPSIS = "…"


class Fonts:
    """``fonts.get(24)`` or ``fonts.get(24, bold=True)``; sizes in pixels, scaled by ``scale``."""

    #: Rendered lines and fitted sizes kept (the least recently used dropped past this many).
    TEXT_CACHE = 768

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._fits: dict[tuple, tuple[int, str]] = {}
        self._wraps: dict[tuple, list[str]] = {}
        #: What is made once for these fonts (the kit's Skin), living as long as they do. Kept
        #: here, not in a table keyed by the fonts: an entry that holds its key keeps it alive, and
        #: each Fonts keeps its font files open.
        self.made_for: dict[str, object] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        px = max(6, int(round(size * self.scale)))
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            resource = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
            # as_file gives a real path even from a zipped install; the font is read at once.
            # One opening at a time: pygame lets the GIL go while FreeType opens a font, and
            # FreeType's library may not open two at once (the menu's previews are drawn in a
            # thread of their own while the screens open theirs).
            with _OPENING, as_file(resource) as path:
                font = pygame.font.Font(path, px)
            self._cache[key] = font
        return font

    def render(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        return self.get(size, bold).render(text, True, color)

    def text(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        """``render``, kept: the same lines come back every frame (keyed by the scale too)."""
        key = (text, size, bold, tuple(color), self.scale)
        surf = self._texts.get(key)
        if surf is None:
            surf = self._texts[key] = self.render(text, size, color, bold)
            if len(self._texts) > self.TEXT_CACHE:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surf

    def fitted(
        self, text: str, size: int, width: int, bold: bool = False, min_size: int | None = None
    ) -> tuple[int, str]:
        """The size ``fit_size`` finds for ``text`` and the text ``ellipsize`` cuts at that size;
        kept, as measuring word by word every frame would cost."""
        key = (text, size, width, bold, min_size, self.scale)
        fitted = self._fits.get(key)
        if fitted is None:
            fitted_size = self.fit_size(text, size, width, bold, min_size)
            fitted = (fitted_size, self.ellipsize(text, fitted_size, width, bold))
            if len(self._fits) >= self.TEXT_CACHE:
                self._fits.clear()
            self._fits[key] = fitted
        return fitted

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int,
        color: tuple[int, int, int],
        *,
        bold: bool = False,
        anchor: str = "topleft",
        max_width: int | None = None,
        min_size: int | None = None,
    ) -> pygame.Rect:
        """Draw one line anchored at ``pos`` (any pygame.Rect anchor name); returns its rect. With
        ``max_width`` the line always fits: a smaller size (down to ``min_size``), then an ellipsis."""
        if max_width is not None and max_width > 0:
            size, text = self.fitted(text, size, max_width, bold, min_size)
        surf = self.text(text, size, color, bold)
        rect = surf.get_rect(**{anchor: pos})
        surface.blit(surf, rect)
        return rect

    def forget_text(self) -> None:
        """Drop the kept lines (after a change of scale, say)."""
        self._texts.clear()
        self._fits.clear()
        self._wraps.clear()

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Lines of ``text`` broken at spaces to fit ``width``; paragraphs (newlines) kept, blank
        lines too; words longer than a line broken between characters. Kept, as measuring word
        by word every frame would cost.

        >>> Fonts().wrap("one two three", 20, 90)
        ['one two', 'three']
        """
        key = (text, size, width, bold, self.scale)
        lines = self._wraps.get(key)
        if lines is None:
            lines = self._wrap(text, size, width, bold)
            if len(self._wraps) >= self.TEXT_CACHE:
                self._wraps.clear()
            self._wraps[key] = lines
        return list(lines)

    def _wrap(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        font = self.get(size, bold)
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

    def fit(
        self, text: str, max_width: int, size: int, bold: bool = False, min_size: int = 8
    ) -> pygame.font.Font:
        """The largest font not above ``size`` in which ``text`` fits ``max_width`` pixels."""
        return self.get(self.fit_size(text, size, max_width, bold, min_size), bold)

    def fit_size(
        self, text: str, size: int, width: int, bold: bool = False, min_size: int | None = None
    ) -> int:
        """The largest size not above ``size`` (nor below ``min_size``, by default 85% of it) at
        which ``text`` fits ``width`` pixels."""
        floor = min_size if min_size is not None else max(8, int(size * 0.85))
        measured = self.get(size, bold).size(text)[0]
        if size > floor and measured > width:
            # Width grows with the size: jump near the fitting size, then step (each size tried
            # may be a font to open).
            top, size = size, max(floor, int(size * width / measured))
            while size + 1 < top and self.get(size + 1, bold).size(text)[0] <= width:
                size += 1
        while size > floor and self.get(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def ellipsize(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` cut with an ellipsis so it fits ``width`` pixels."""
        font = self.get(size, bold)
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
