"""AxxA's pieces: numbered tiles (or the patterned back of an unknown one), stacks of layered
tiles with height pips, the known pieces buried under a top and the glow of the number due;
sprites kept per size with the kit's :class:`tafel.kit.Sprites`.

>>> import pygame
>>> from tafel.testing import view_context
>>> tile(3, 40, view_context()).get_size()
(40, 44)
"""

from __future__ import annotations

import pygame

from tafel.kit import Sprites, font, label
from tafel.view import Color, ViewContext, darken, lighten, mix

from ..rules import KNOWN, VALUE

Point = tuple[float, float]
Stack = tuple[int, ...]

#: One colour per number; the numerals are always drawn too, so colour is never the only cue.
NUMBER_COLORS: dict[int, Color] = dict(
    enumerate(
        [(226, 80, 70), (240, 150, 45), (226, 196, 40), (80, 174, 96), (66, 136, 226), (156, 96, 206)], 1
    )
)
BACK: Color = (92, 70, 52)
FACE: Color = (246, 240, 226)
#: Tile side and layer offset as fractions of a cell.
TILE = 0.74
LAYER = 0.085


def tile(value: int, size: int, ctx: ViewContext, known: bool = True) -> pygame.Surface:
    """A piece seen from above, ``size`` square plus its side: a numbered face, or the plain back
    of an unknown piece (``value`` 0 or not ``known``)."""
    depth = max(2, size // 10)
    s = pygame.Surface((size, size + depth), pygame.SRCALPHA)
    radius = max(3, size // 6)
    face_up = bool(value and known)
    if face_up:
        color = NUMBER_COLORS[value]
        side, face, rim = darken(color, 0.45), mix(FACE, color, 0.22), darken(color, 0.15)
    else:
        side, face, rim = darken(BACK, 0.45), BACK, lighten(BACK, 0.15)
    pygame.draw.rect(s, side, (0, depth, size, size), border_radius=radius)
    pygame.draw.rect(s, face, (0, 0, size, size), border_radius=radius)
    pygame.draw.rect(s, rim, (0, 0, size, size), max(1, size // 18), border_radius=radius)
    if face_up:
        numeral = font(ctx, size * 0.62, bold=True).render(str(value), True, darken(color, 0.45))
        s.blit(numeral, numeral.get_rect(center=(size // 2, int(size * 0.42))))
    else:
        # A faint pattern on the back, so a hidden piece never looks like an empty face.
        step = max(4, size // 5)
        pat = lighten(BACK, 0.08)
        for k in range(step, 2 * size, step):
            pygame.draw.line(
                s, pat, (max(0, k - size), min(size - 1, k)), (min(size - 1, k), max(0, k - size))
            )
        pygame.draw.rect(s, rim, (0, 0, size, size), max(1, size // 18), border_radius=radius)
    return s


def shadow(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(s, (0, 0, 0, 70), s.get_rect())
    return s


class Stacks:
    """Draws tiles and stacks for a board whose cells are ``cell`` pixels wide (set by the view's
    layout); its sprites are forgotten with :meth:`forget` when the theme or the fonts change."""

    def __init__(self) -> None:
        self.cell = 10
        self.sprites = Sprites()

    def forget(self) -> None:
        self.sprites.clear()

    def tile(self, value: int, size: int, ctx: ViewContext, known: bool = True) -> pygame.Surface:
        key = value if known else 0
        return self.sprites.get(key, size, lambda px: tile(key, px, ctx))

    def _sizes(self, height: int, cy: float) -> tuple[int, int, float]:
        """A tile's side, the layers' offset and the top tile's centre height for a stack at ``cy``."""
        off = max(2, int(self.cell * LAYER))
        return int(self.cell * TILE), off, cy + ((height - 1) / 2 - (height - 1)) * off

    def glow(
        self, surface: pygame.Surface, height: int, center: Point, pulse: float, ctx: ViewContext
    ) -> None:
        """The pulsing ring round a stack's top piece when it shows the number due."""
        size, _, y = self._sizes(height, center[1])
        rect = pygame.Rect(int(center[0] - size / 2) - 2, int(y - size / 2) - 2, size + 4, size + 4)
        glow = mix(ctx.theme.accent, (255, 255, 255), 0.4 * pulse)
        pygame.draw.rect(surface, glow, rect, max(2, self.cell // 22), border_radius=max(3, size // 6) + 2)

    def stack(
        self, surface: pygame.Surface, stack: Stack, center: Point, ctx: ViewContext, buried: bool = True
    ) -> None:
        """A stack's shadow, tiles and height pips; with ``buried``, the known pieces under its top."""
        h, (cx, cy) = len(stack), center
        size, off, top = self._sizes(h, cy)
        # Shadow under the stack, wider for taller stacks.
        rect = pygame.Rect(0, 0, size + 4, size // 3)
        rect.center = (int(cx + 2), int(cy + size // 2 + off * (h - 1) / 2 + size // 10))
        surface.blit(
            self.sprites.get(("shadow", rect.height), rect.width, lambda w: shadow((w, rect.height))), rect
        )
        for i, piece in enumerate(stack):
            y = cy + ((h - 1) / 2 - i) * off
            known = bool(piece & KNOWN) if i == h - 1 else False
            surface.blit(self.tile(piece & VALUE, size, ctx, known), (int(cx - size / 2), int(y - size / 2)))
        # Height pips on the top tile: one dot per piece in the stack.
        if h and stack[-1] & KNOWN:
            color, pr = darken(NUMBER_COLORS[stack[-1] & VALUE], 0.2), max(2, size // 16)
            py, px0 = int(top + size * 0.36), int(cx - (h - 1) * pr * 3 / 2)
            for k in range(h):
                pygame.draw.circle(surface, color, (px0 + k * pr * 3, py), pr)
        if buried:
            self.buried(surface, stack, center, ctx)

    def buried(self, surface: pygame.Surface, stack: Stack, center: Point, ctx: ViewContext) -> None:
        """The pieces below the top once one of them is known: small discs inside the top tile's
        right edge, top-most first, a known piece with its number, an unknown one with "?" (so
        a disc is never unexplained, nor drawn outside its tile)."""
        below = stack[-2::-1]
        if not any(p & KNOWN for p in below):
            return
        size, _, top = self._sizes(len(stack), center[1])
        rad = max(4, int(self.cell * 0.11))
        x = int(center[0] + size / 2 - rad - max(2, size // 16))
        y = int(top - size / 2 + rad + max(2, size // 16))
        for p in below:
            if y + rad + 1 > top + size / 2:  # a tall stack: as many as the tile holds
                break
            color = NUMBER_COLORS[p & VALUE] if p & KNOWN else BACK
            pygame.draw.circle(surface, darken(color, 0.5 if p & KNOWN else 0.4), (x, y), rad + 1)
            pygame.draw.circle(surface, mix(FACE, color, 0.3) if p & KNOWN else BACK, (x, y), rad)
            text, ink = (str(p & VALUE), darken(color, 0.5)) if p & KNOWN else ("?", mix(BACK, FACE, 0.7))
            label(surface, ctx, text, rad * 1.45, ink, center=(x, y + 1))
            y += int(rad * 2.3)
