"""Fonts from the shipped DejaVu TTFs (assets/fonts), cached per size: never create fonts per frame."""

from __future__ import annotations

from importlib.resources import as_file, files

import pygame

#: The shipped fonts, inside the installed package (``tafel.assets``), wheel or editable.
FONT_DIR = files("tafel.assets") / "fonts"


class Fonts:
    """``fonts.get(24)`` or ``fonts.get(24, bold=True)``; sizes in pixels, scaled by ``scale``."""

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = scale
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        px = max(6, int(round(size * self.scale)))
        key = (px, bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            resource = FONT_DIR / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
            # as_file gives a real path even from a zipped install; the font is read at once.
            with as_file(resource) as path:
                font = pygame.font.Font(path, px)
            self._cache[key] = font
        return font

    def render(self, text: str, size: int, color: tuple[int, int, int], bold: bool = False) -> pygame.Surface:
        return self.get(size, bold).render(text, True, color)

    def fit(
        self, text: str, max_width: int, size: int, bold: bool = False, min_size: int = 8
    ) -> pygame.font.Font:
        """The largest font not above ``size`` in which ``text`` fits ``max_width`` pixels."""
        measured = self.get(size, bold).size(text)[0]
        if size > min_size and measured > max_width:
            # Near the fit at once (fewer fonts opened), then the largest that fits.
            top, size = size, max(min_size, int(size * max_width / measured))
            while size + 1 < top and self.get(size + 1, bold).size(text)[0] <= max_width:
                size += 1
        while size > min_size and self.get(size, bold).size(text)[0] > max_width:
            size -= 1
        return self.get(size, bold)
