"""Pieces drawn once, smoothly, and kept: stones, gems, tiles, crosses, rings and your own sprites.

Shapes are painted :data:`SUPERSAMPLE` times larger and smooth-scaled down, so their edges are
soft at any size; a :class:`Sprites` cache keeps each piece per size (and its scaled frames for
animations), so a frame only blits.

>>> import pygame
>>> stone((200, 40, 40), 40).get_size(), gem((40, 90, 220), 40, sides=8).get_size()
((40, 40), (40, 40))
>>> sprites = Sprites()
>>> a = sprites.get(("stone", 0), 32, lambda size: stone((0, 0, 0), size))
>>> a is sprites.get(("stone", 0), 32, lambda size: stone((0, 0, 0), size))
True
>>> sprites.scaled(("stone", 0), 32, 0.5, 1.0).get_size()
(16, 32)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import pygame

from tafel.view import darken, lighten, mix

Color = Sequence[int]
Point = tuple[float, float]

#: Painted this many times larger, then smooth-scaled down.
SUPERSAMPLE = 4
#: Animation scales are rounded to this many steps, so scaled frames can be kept.
SCALE_STEPS = 32

__all__ = [
    "SCALE_STEPS",
    "SUPERSAMPLE",
    "Sprites",
    "blur",
    "cross",
    "fast",
    "gem",
    "polygon",
    "ring",
    "rounded",
    "stone",
    "stroke",
    "supersampled",
    "tile",
]


def fast(surface: pygame.Surface) -> pygame.Surface:
    """``surface`` in the display's pixel format, which blits fastest (as is without a display).

    >>> fast(pygame.Surface((8, 8))).get_size()
    (8, 8)
    """
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def supersampled(
    size: tuple[int, int], paint: Callable[[pygame.Surface, int], object], ss: int = SUPERSAMPLE
) -> pygame.Surface:
    """A transparent surface of ``size`` whose picture ``paint(big, ss)`` drew ``ss`` times larger.

    >>> def paint(big, ss):
    ...     pygame.draw.circle(big, (255, 255, 255), (10 * ss, 10 * ss), 8 * ss)
    ...
    >>> disc = supersampled((20, 20), paint)
    >>> disc.get_size(), disc.get_at((10, 10)).a, disc.get_at((0, 0)).a
    ((20, 20), 255, 0)
    """
    w, h = max(1, size[0]), max(1, size[1])
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    paint(big, ss)
    return pygame.transform.smoothscale(big, (w, h)) if ss > 1 else big


def blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft copy of ``surface``; wide blurs run on a shrunken copy (a shadow has no detail to lose).

    >>> sharp = pygame.Surface((20, 20), pygame.SRCALPHA)
    >>> _ = pygame.draw.rect(sharp, (0, 0, 0, 255), (5, 5, 10, 10))
    >>> soft = blur(sharp, 3)
    >>> soft.get_size(), 0 < soft.get_at((5, 10)).a < 255
    ((20, 20), True)
    """
    if radius < 1:
        return surface
    w, h = surface.get_size()
    k = max(1, radius // 3)
    small = pygame.transform.smoothscale(surface, (max(1, w // k), max(1, h // k))) if k > 1 else surface
    try:
        small = pygame.transform.gaussian_blur(small, max(1, radius // k))
    except (AttributeError, ValueError, pygame.error):  # older pygame-ce: the scaling alone softens
        pass
    return pygame.transform.smoothscale(small, (w, h)) if k > 1 else small


def polygon(cx: float, cy: float, radius: float, sides: int, turn: float = 0.0) -> list[Point]:
    """Corners of a regular polygon; ``turn`` in degrees (0: a corner points right).

    >>> [(round(x), round(y)) for x, y in polygon(0, 0, 10, 4)]
    [(10, 0), (0, 10), (-10, 0), (0, -10)]
    """
    return [
        (
            cx + radius * math.cos(math.radians(turn + 360.0 * k / sides)),
            cy + radius * math.sin(math.radians(turn + 360.0 * k / sides)),
        )
        for k in range(sides)
    ]


def rounded(points: Sequence[Point], corner: float, steps: int = 6) -> list[Point]:
    """``points`` (a convex polygon) with each corner cut into a curve about ``corner`` long.

    >>> corners = rounded([(0, 0), (10, 0), (10, 10), (0, 10)], corner=2, steps=2)
    >>> len(corners)
    12
    """
    out = []
    n = len(points)
    for i in range(n):
        (px, py), (cx, cy), (nx, ny) = points[i - 1], points[i], points[(i + 1) % n]
        la, lb = math.hypot(px - cx, py - cy) or 1.0, math.hypot(nx - cx, ny - cy) or 1.0
        start = (cx + (px - cx) / la * corner, cy + (py - cy) / la * corner)
        end = (cx + (nx - cx) / lb * corner, cy + (ny - cy) / lb * corner)
        for k in range(steps + 1):
            t = k / steps  # a quadratic Bezier through the corner
            out.append(
                (
                    (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * cx + t * t * end[0],
                    (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * cy + t * t * end[1],
                )
            )
    return out


def stroke(surface: pygame.Surface, color: Color, a: Point, b: Point, width: float) -> None:
    """A thick line with round ends (pygame's thick lines have ragged square ends).

    >>> surface = pygame.Surface((40, 40))
    >>> stroke(surface, (255, 255, 255), (5, 20), (35, 20), 6)
    >>> surface.get_at((20, 20))[:3], surface.get_at((20, 5))[:3]
    ((255, 255, 255), (0, 0, 0))
    """
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    pts = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.circle(surface, color, a, width / 2)
    pygame.draw.circle(surface, color, b, width / 2)


def _shadow(
    size: int, shape: Callable[[pygame.Surface, float, float], object], alpha: int = 120
) -> pygame.Surface:
    """A soft shadow of ``shape(surface, dx, dy)`` drawn a little down and right."""
    shadow = supersampled((size, size), lambda big, ss: shape(big, size * ss * 0.035, size * ss * 0.06), 2)
    shadow.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    shadow.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return blur(shadow, max(1, size // 22))


def stone(color: Color, size: int, radius: float = 0.39, shadow: bool = True) -> pygame.Surface:
    """A shaded round stone with a gloss and a soft shadow, ``size`` pixels square (its radius a
    share of the size).

    >>> piece = stone((214, 48, 49), 48)  # a red stone for a 48-pixel cell
    >>> piece.get_size(), piece.get_at((24, 24)).a, piece.get_at((0, 0)).a
    ((48, 48), 255, 0)
    """
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    if shadow:
        out.blit(
            _shadow(
                size,
                lambda big, dx, dy: pygame.draw.circle(
                    big,
                    (0, 0, 0),
                    (big.get_width() / 2 + dx, big.get_height() / 2 + dy),
                    radius * big.get_width(),
                ),
            ),
            (0, 0),
        )

    def paint(big: pygame.Surface, ss: int) -> None:
        r = radius * size * ss
        cx = cy = size * ss / 2
        pygame.draw.circle(big, darken(color, 0.5), (cx, cy), r)
        pygame.draw.circle(big, darken(color, 0.28), (cx, cy + r * 0.02), r * 0.965)
        steps = max(12, int(r / 3))
        lx, ly = cx - r * 0.28, cy - r * 0.32
        for i in range(steps):  # a body whose gradient centre drifts towards the light
            t = i / (steps - 1)
            col = (
                mix(darken(color, 0.2), color, t / 0.35)
                if t < 0.35
                else mix(color, lighten(color, 0.32), (t - 0.35) / 0.65)
            )
            pygame.draw.circle(
                big, col, (cx + (lx - cx) * t * 0.9, cy + (ly - cy) * t * 0.9), r * 0.94 * (1.0 - 0.78 * t)
            )
        gloss = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(gloss, (255, 255, 255, 70), (cx - r * 0.62, cy - r * 0.78, r * 0.9, r * 0.55))
        big.blit(blur(gloss, max(1, int(r * 0.08))), (0, 0))

    out.blit(supersampled((size, size), paint), (0, 0))
    return out


def gem(color: Color, size: int, sides: int = 6, turn: float = 0.0, radius: float = 0.37) -> pygame.Surface:
    """A cut gem seen from above: a table, facets lit from the top left, a glint and a shadow.
    Different ``sides`` tell the seats apart by shape as well as colour.

    >>> piece = gem((40, 110, 220), 48, sides=5)  # a five-sided blue gem
    >>> piece.get_size(), piece.get_at((24, 24)).a > 0
    ((48, 48), True)
    """
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    rr = radius * (1.0 if sides <= 6 else 1.04)  # many sides look smaller
    out.blit(
        _shadow(
            size,
            lambda big, dx, dy: pygame.draw.polygon(
                big,
                (0, 0, 0),
                polygon(
                    big.get_width() / 2 + dx, big.get_height() / 2 + dy, rr * big.get_width(), sides, turn
                ),
            ),
            150,
        ),
        (0, 0),
    )

    def paint(big: pygame.Surface, ss: int) -> None:
        r, cx = rr * size * ss, size * ss / 2
        cy = cx
        table = polygon(cx - r * 0.04, cy - r * 0.05, r * 0.52, sides, turn)
        pygame.draw.polygon(big, darken(color, 0.55), polygon(cx, cy, r, sides, turn))
        inner = polygon(cx, cy, r * 0.93, sides, turn)
        light = math.radians(-135.0)
        for k in range(sides):
            facing = math.cos(math.radians(turn + 360.0 * (k + 0.5) / sides) - light)
            shade = lighten(color, 0.45 * facing) if facing > 0 else darken(color, -0.42 * facing)
            pygame.draw.polygon(
                big, shade, [inner[k], inner[(k + 1) % sides], table[(k + 1) % sides], table[k]]
            )
            pygame.draw.line(big, lighten(color, 0.5), inner[k], table[k], max(1, ss))
        pygame.draw.polygon(big, lighten(color, 0.18), table)
        pygame.draw.polygon(big, lighten(color, 0.55), table, max(1, ss))
        gx, gy, arm, waist = cx - r * 0.22, cy - r * 0.26, r * 0.2, r * 0.045
        star = [(gx, gy - arm), (gx + waist, gy - waist), (gx + arm, gy), (gx + waist, gy + waist)]
        star += [(gx, gy + arm), (gx - waist, gy + waist), (gx - arm, gy), (gx - waist, gy - waist)]
        pygame.draw.polygon(big, (255, 255, 255, 230), star)

    out.blit(supersampled((size, size), paint, 3), (0, 0))
    return out


def tile(color: Color, size: int, corner: float = 0.15, inset: float = 0.06) -> pygame.Surface:
    """A square tile with rounded corners, a light top edge and a darker rim.

    >>> piece = tile((235, 190, 40), 40)
    >>> piece.get_size(), piece.get_at((20, 20)).a
    ((40, 40), 255)
    """

    def paint(big: pygame.Surface, ss: int) -> None:
        s = size * ss
        r = pygame.Rect(0, 0, s, s).inflate(-2 * round(s * inset), -2 * round(s * inset))
        pygame.draw.rect(
            big, (0, 0, 0, 90), r.move(round(s * 0.02), round(s * 0.04)), border_radius=round(s * corner)
        )
        pygame.draw.rect(big, darken(color, 0.3), r, border_radius=round(s * corner))
        top = r.inflate(-round(s * 0.06), -round(s * 0.06)).move(0, -round(s * 0.015))
        pygame.draw.rect(big, color, top, border_radius=round(s * corner * 0.8))
        pygame.draw.rect(big, lighten(color, 0.25), top, max(1, ss), border_radius=round(s * corner * 0.8))

    return supersampled((size, size), paint)


def cross(color: Color, size: int, width: float = 0.12) -> pygame.Surface:
    """A cross (x) with a soft drop, ``size`` pixels square.

    >>> mark = cross((214, 48, 49), 60)
    >>> mark.get_size(), mark.get_at((30, 30)).a > 0, mark.get_at((30, 5)).a
    ((60, 60), True, 0)
    """

    def paint(big: pygame.Surface, ss: int) -> None:
        s = size * ss
        lo, hi, drop = s * 0.25, s * 0.75, s * 0.025
        for paint_color, off in (((0, 0, 0, 70), drop), (darken(color, 0.3), 0.0), (color, -drop / 3)):
            stroke(big, paint_color, (lo + off, lo + off), (hi + off, hi + off), s * width)
            stroke(big, paint_color, (hi + off, lo + off), (lo + off, hi + off), s * width)

    return supersampled((size, size), paint)


def ring(color: Color, size: int, width: float = 0.12, radius: float = 0.27) -> pygame.Surface:
    """A ring (o) with a soft drop, ``size`` pixels square.

    >>> mark = ring((40, 110, 220), 60)
    >>> mark.get_size(), mark.get_at((30, 30)).a, mark.get_at((30, 14)).a > 0
    ((60, 60), 0, True)
    """

    def paint(big: pygame.Surface, ss: int) -> None:
        s = size * ss
        drop = s * 0.025
        for paint_color, off in (((0, 0, 0, 70), drop), (darken(color, 0.3), 0.0), (color, -drop / 3)):
            pygame.draw.circle(
                big, paint_color, (s / 2 + off, s / 2 + off), s * (radius + width / 2), round(s * width)
            )

    return supersampled((size, size), paint)


class Sprites:
    """Pieces painted once per key and size (forget them with :meth:`clear` when the theme
    changes), and their scaled frames for animations."""

    def __init__(self) -> None:
        self._sprites: dict[tuple[Hashable, ...], pygame.Surface] = {}
        self._frames: dict[tuple[Hashable, ...], pygame.Surface] = {}

    def clear(self) -> None:
        self._sprites.clear()
        self._frames.clear()

    def get(self, key: Hashable, size: int, paint: Callable[[int], pygame.Surface]) -> pygame.Surface:
        """The sprite ``paint(size)`` made the first time ``key`` was asked for at ``size``."""
        sprite = self._sprites.get((key, size))
        if sprite is None:
            sprite = self._sprites[(key, size)] = fast(paint(size))
        return sprite

    def scaled(self, key: Hashable, size: int, sx: float, sy: float) -> pygame.Surface | None:
        """A kept sprite scaled by (sx, sy), in steps of 1/:data:`SCALE_STEPS`; None when too small."""
        kx, ky = round(sx * SCALE_STEPS), round(sy * SCALE_STEPS)
        if kx <= 0 or ky <= 0:
            return None
        base = self._sprites[(key, size)]
        if kx == ky == SCALE_STEPS:
            return base
        frame = self._frames.get((key, size, kx, ky))
        if frame is None:
            w, h = base.get_size()
            dims = (max(1, round(w * kx / SCALE_STEPS)), max(1, round(h * ky / SCALE_STEPS)))
            frame = self._frames[(key, size, kx, ky)] = pygame.transform.smoothscale(base, dims)
        return frame
