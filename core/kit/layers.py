"""Kept pictures: what does not change between frames is painted once and copied every frame.

A :class:`Layer` is a picture kept with the *key* it was painted for; asking again with the
same key gives the same picture, a new key paints it anew. The guarantee the views rely on (and
``tests/test_view_kept_pictures.py`` checks): **everything the painter reads is in the key**,
so a long-lived view draws exactly what a fresh one draws. Put in the key the layout, the
theme, the fonts, the pieces shown and every mark painted into the layer; draw what moves or
breathes over it, every frame.

>>> import pygame
>>> painted = []
>>> layer = Layer()
>>> def paint(surface):
...     painted.append(1)
...     surface.fill((1, 2, 3))
>>> a = layer.get(("board", 1), (4, 4), paint)
>>> b = layer.get(("board", 1), (4, 4), paint)
>>> a is b, len(painted), a.get_at((0, 0))[:3]
(True, 1, (1, 2, 3))
>>> _ = layer.get(("board", 2), (4, 4), paint); len(painted)
2
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from tafel.kit.pieces import fast

__all__ = ["Layer", "ScreenLayer"]


class Layer:
    """A transparent picture of a given size, painted again only when its key changes."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.surface: pygame.Surface | None = None

    def forget(self) -> None:
        self.key, self.surface = None, None

    def get(
        self, key: Hashable, size: tuple[int, int], paint: Callable[[pygame.Surface], None]
    ) -> pygame.Surface:
        """The picture ``paint(surface)`` made for ``key`` (a fresh transparent surface of ``size``)."""
        full_key = (key, tuple(size))
        if self.surface is None or full_key != self.key:
            surface = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
            paint(surface)
            self.surface, self.key = fast(surface), full_key
        return self.surface


class ScreenLayer:
    """An opaque, screen-sized kept picture of one area (the board and its resting pieces, say):
    copied into the screen with one fast blit. Paint in screen coordinates; only ``area`` counts,
    and the painter must cover all of it (fill the background first)."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.surface: pygame.Surface | None = None

    def forget(self) -> None:
        self.key, self.surface = None, None

    def blit(
        self,
        screen: pygame.Surface,
        key: Hashable,
        area: pygame.Rect,
        paint: Callable[[pygame.Surface], None],
    ) -> None:
        """Copy the picture of ``area`` painted for ``key`` into ``screen`` (painting it first when
        the key, the area or the screen's size changed)."""
        area = pygame.Rect(area).clip(screen.get_rect())
        full_key = (key, tuple(area), screen.get_size())
        if self.surface is None or self.surface.get_size() != screen.get_size():
            self.surface = pygame.Surface(screen.get_size(), 0, screen)
            self.key = None
        if full_key != self.key:
            self.key = full_key
            clip = self.surface.get_clip()
            self.surface.set_clip(area)
            paint(self.surface)
            self.surface.set_clip(clip)
        screen.blit(self.surface, area, area)
