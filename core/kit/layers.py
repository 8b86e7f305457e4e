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

from collections.abc import Callable, Hashable, Mapping
from typing import Any

import pygame

from tafel.kit.pieces import fast

__all__ = ["KeptArea", "KeptPanel", "Layer", "MendedBoard", "ScreenLayer", "unaligned_surface"]


class Layer:
    """A transparent picture of a given size, painted again only when its key changes."""

    def __init__(self) -> None:
        self.key: tuple[Hashable, tuple[int, ...]] | None = None
        self.surface: pygame.Surface | None = None

    def forget(self) -> None:
        self.key, self.surface = None, None

    def get(
        self, key: Hashable, size: tuple[int, int], paint: Callable[[pygame.Surface], object]
    ) -> pygame.Surface:
        """The picture ``paint(surface)`` made for ``key`` (a fresh transparent surface of ``size``)."""
        full_key = (key, tuple(size))
        if self.surface is None or full_key != self.key:
            surface = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
            paint(surface)
            self.surface, self.key = fast(surface), full_key
        return self.surface


# Any: a panel's part is a tuple whose first item is its area (a rect); the rest is what its
# painter needs, the panel only compares it.
Part = tuple[Any, ...]


class ScreenLayer:
    """An opaque, screen-sized kept picture of one area (the board and its resting pieces, say):
    copied into the screen with one fast blit. Paint in screen coordinates; only ``area`` counts,
    and the painter must cover all of it (fill the background first)."""

    def __init__(self) -> None:
        self.key: tuple[Hashable, tuple[int, ...], tuple[int, int]] | None = None
        self.surface: pygame.Surface | None = None

    def forget(self) -> None:
        self.key, self.surface = None, None

    def blit(
        self,
        screen: pygame.Surface,
        key: Hashable,
        area: pygame.Rect,
        paint: Callable[[pygame.Surface], object],
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
        self.parts: tuple[Hashable, Mapping[Hashable, Part]] | None = None
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
        if self.image is None:  # nothing kept to mend
            return
        self.image.blit(surface, rect.move(-self.rect.x, -self.rect.y), rect)

    def mark(self, key: Hashable) -> None:
        """The kept picture now shows ``key`` (it was mended with ``update``)."""
        self.key = self._drawn = key


class KeptPanel(KeptArea):
    """A panel made of named *parts* (each ``name: (rectangle, what it shows...)``), kept as drawn;
    when only some parts change, the kept picture is shown and just those parts painted again.

    Each changed part's rectangle is put back from a copy of the empty panel, the part painted
    over it and copied back into the kept picture. ``mendable`` says every part stays inside its
    rectangle (else the whole panel is painted); ``base`` is what the whole panel depends on
    (where it is, its frame, the theme). Used as a plain :class:`KeptArea` too.

    >>> surface, panel = pygame.Surface((40, 20)), KeptPanel()
    >>> painted = []
    >>> def paint(target, name, part):
    ...     painted.append(name)
    ...     _ = target.fill(part[1], part[0])
    >>> parts = {"a": ((0, 0, 20, 20), (255, 0, 0)), "b": ((20, 0, 20, 20), (0, 0, 255))}
    >>> for frame in range(3):
    ...     _ = panel.draw(surface, "base", parts, lambda s: s.fill((9, 9, 9)), paint, surface.get_rect())
    >>> parts = {**parts, "b": ((20, 0, 20, 20), (0, 255, 0))}
    >>> panel.draw(surface, "base", parts, lambda s: s.fill((9, 9, 9)), paint, surface.get_rect())
    True
    >>> painted, tuple(surface.get_at((30, 5)))
    (['a', 'b', 'a', 'b', 'b'], (0, 255, 0, 255))
    """

    __slots__ = ("empty",)

    def __init__(self) -> None:
        super().__init__()
        self.empty: tuple[Hashable, pygame.Surface, pygame.Rect] | None = None

    def draw(
        self,
        surface: pygame.Surface,
        base: Hashable,
        parts: Mapping[Hashable, Part],
        paint_bg: Callable[[pygame.Surface], object],
        paint_part: Callable[[pygame.Surface, Hashable, Part], object],
        rect: pygame.Rect,
        mendable: bool = True,
    ) -> bool:
        """Show or draw the panel over ``rect``; True when anything was painted."""
        key = (base, tuple(parts.items()))
        if self.show(surface, key):
            return False
        kept, empty = self.parts, self.empty
        if (
            mendable
            and self.image is not None
            and kept is not None
            and kept[0] == base
            and kept[1].keys() == parts.keys()
            and empty is not None
            and empty[0] == base
        ):
            self.show(surface, self.key)
            _base, image, at = empty
            for name, part in parts.items():
                if kept[1][name] != part:
                    area = pygame.Rect(part[0])
                    surface.blit(image, area, area.move(-at.x, -at.y))
                    paint_part(surface, name, part)
                    self.update(surface, area)
            self.mark(key)
            self.parts = (base, parts)
            return True
        paint_bg(surface)
        if mendable and (empty is None or empty[0] != base):
            at = pygame.Rect(rect).clip(surface.get_rect())
            image = unaligned_surface(at.size, surface)
            image.blit(surface, (0, 0), at)
            self.empty = (base, image, at)
        for name, part in parts.items():
            paint_part(surface, name, part)
        self.keep(surface, rect, key)
        if self.key is key:
            self.parts = (base, parts)
        return True


class MendedBoard:
    """A board picture kept as drawn and mended cell by cell: two kept pictures, the bare board
    (until ``bare_key`` changes) and the whole with its marks and pieces (until ``key`` does).

    When only some cells look different (``looks``: cell -> anything that says how it looks),
    the whole is shown and each changed cell mended: a square of ``2 * half`` pixels round it is
    put back from the bare board and everything that reaches into it painted again, clipped to
    it, in the order of a full painting (``paint_cells(surface, cells)``, where None means every
    cell); the square then holds what a full painting would, soft edges included.
    """

    def __init__(self) -> None:
        self.bare = KeptArea()
        self.whole = KeptArea()
        self.looks: tuple[tuple[Hashable, ...], Mapping[Hashable, Hashable]] | None = None

    def draw(
        self,
        surface: pygame.Surface,
        key: Hashable,
        base: tuple[Hashable, ...],
        looks: Mapping[Hashable, Hashable] | Callable[[], Mapping[Hashable, Hashable]],
        bounds: pygame.Rect | Callable[[], pygame.Rect],
        paint_bare: Callable[[pygame.Surface], object],
        paint_cells: Callable[[pygame.Surface, set[Hashable] | None], object],
        centres: Callable[[], Mapping[Hashable, tuple[float, float]]],
        half: int,
    ) -> bool:
        """Show or draw the board; True when anything was painted. ``base`` is ``(bare_key, ...)``:
        what the whole depends on besides the looks of its cells. ``looks`` and ``bounds`` may be
        given as functions: they are then asked only when the kept whole is not shown as it is
        (working them out for every cell of a large board costs more than showing it)."""
        whole, bare = self.whole, self.bare
        if whole.show(surface, key):
            return False
        looks = looks() if callable(looks) else looks
        bounds = bounds() if callable(bounds) else bounds
        kept = self.looks
        if whole.image is not None and kept is not None and kept[0] == base and bare.image is not None:
            if bare.key == base[0]:
                whole.show(surface, whole.key)
                at = centres()
                clip = surface.get_clip()
                for cell in [c for c, look in looks.items() if kept[1][c] != look]:
                    cx, cy = at[cell]
                    square = pygame.Rect(int(cx) - half, int(cy) - half, 2 * half, 2 * half).clip(bare.rect)
                    near = {
                        c for c, (x, y) in at.items() if abs(x - cx) < 2 * half and abs(y - cy) < 2 * half
                    }
                    surface.set_clip(square.clip(clip))
                    surface.blit(bare.image, square, square.move(-bare.rect.x, -bare.rect.y))
                    paint_cells(surface, near)
                    whole.update(surface, square)
                surface.set_clip(clip)
                whole.mark(key)
                self.looks = (base, looks)
                return True
        if not bare.show(surface, base[0]):
            paint_bare(surface)
            bare.keep(surface, bounds, base[0])
        paint_cells(surface, None)
        whole.keep(surface, bounds, key)
        if whole.key is key:
            self.looks = (base, looks)
        return True
