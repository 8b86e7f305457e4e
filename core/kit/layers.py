"""Kept pictures: what does not change between frames is painted once and copied every frame.

Three kinds: a :class:`Layer` is painted into a transparent picture of its own; a
:class:`ScreenLayer` is painted in screen coordinates into an opaque copy of the screen; a
:class:`KeptArea` keeps what was drawn on the screen itself (and can be mended part by part).

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
from typing import Any

import pygame

from tafel.kit.pieces import fast

__all__ = ["KeptArea", "Layer", "ScreenLayer", "unaligned_surface"]


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
        if self.surface is None or self.key is None or self.key[2] != screen.get_size():
            # Rows not 16-byte aligned: SDL then copies them twice as fast (see unaligned_surface).
            self.surface = unaligned_surface(screen.get_size(), screen)
            self.key = None
        if full_key != self.key:
            self.key = full_key
            clip = self.surface.get_clip()
            self.surface.set_clip(area)
            paint(self.surface)
            self.surface.set_clip(clip)
        screen.blit(self.surface, area, area)


def unaligned_surface(size: tuple[int, int], like: pygame.Surface | None = None) -> pygame.Surface:
    """A surface (in ``like``'s pixel format, if given) at least ``size`` large, whose rows are not a
    multiple of 16 bytes long; blit it with an area of ``size``.

    SDL copies rows that are 16-byte aligned on both sides with streaming stores, which bypass the
    cache: a 216x980 panel then may take 0.31 ms to blit instead of 0.07 ms. One spare column
    makes the rows unaligned and the copy an ordinary one.

    >>> unaligned_surface((216, 980), pygame.Surface((8, 8))).get_size()
    (217, 980)
    """
    w, h = size
    padded = (w + 1 if w % 4 == 0 else w, max(1, h))
    return pygame.Surface(padded) if like is None else pygame.Surface(padded, 0, like)


class KeptArea:
    """A part of the screen kept as drawn, blitted back while its key stays the same.

    ``show`` blits the kept pixels when ``key`` matches; otherwise the caller draws the part as
    usual and calls ``keep``, which copies the drawn rectangle once the same key has been drawn
    twice in a row: the frame that brings a change (a move, a click) is the busiest, so it only
    draws, and the copy waits for the next one. Copying what was drawn (rather than drawing into
    a picture of its own) keeps every pixel identical, antialiased text included; it assumes what
    lies under the rectangle is the same each frame (the core fills the background before the
    view draws), so keys carry the theme. A change to a small part can instead be drawn over the
    shown picture and copied back with ``update``, then declared with ``mark``; ``parts`` holds
    the caller's notes on what the picture shows (forgotten by ``keep``).

    >>> surface = pygame.Surface((20, 20))
    >>> area = KeptArea()
    >>> for frame in range(3):
    ...     if not area.show(surface, "red"):
    ...         _ = surface.fill((200, 0, 0), (0, 0, 10, 10))
    ...         area.keep(surface, pygame.Rect(0, 0, 10, 10), "red")
    ...     _ = surface.fill((0, 0, 0))
    >>> area.show(surface, "red"), tuple(surface.get_at((5, 5))), area.show(surface, "blue")
    (True, (200, 0, 0, 255), False)
    """

    __slots__ = ("key", "image", "rect", "parts", "_drawn")

    def __init__(self) -> None:
        self.key: Hashable = None
        self.image: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.parts: Any = None
        self._drawn: Hashable = None

    def show(self, surface: pygame.Surface, key: Hashable) -> bool:
        if self.image is None or key != self.key:
            return False
        surface.blit(self.image, self.rect, ((0, 0), self.rect.size))
        return True

    def keep(self, surface: pygame.Surface, rect: pygame.Rect, key: Hashable) -> None:
        if key != self._drawn:
            self._drawn = key
            return
        rect = pygame.Rect(rect).clip(surface.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            self.image = None
            return
        image = self.image
        if image is None or image.get_height() != rect.height or self.rect.width != rect.width:
            # A new surface only for a new size: fresh memory costs more than the copy itself.
            image = self.image = unaligned_surface(rect.size, surface)
        self.rect = rect
        image.blit(surface, (0, 0), rect)
        self.key = key
        self.parts = None  # a new picture: the caller's notes are for the old one

    def update(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Copy ``rect`` of ``surface`` (drawn again over the kept picture) into the kept picture."""
        rect = pygame.Rect(rect).clip(self.rect)
        self.image.blit(surface, rect.move(-self.rect.x, -self.rect.y), rect)

    def mark(self, key: Hashable) -> None:
        """The kept picture now shows ``key`` (it was mended with ``update``)."""
        self.key = self._drawn = key
