"""Effects over a board: a celebration for a great move or a win (a burst of sparks and a title
that pops up and fades), played by a :class:`tafel.kit.Motion` with the move's other animations.

>>> from tafel.kit.motion import Motion
>>> cheer = Celebration((400, 300), "Good move!", "two in a turn", [(255, 0, 0)], 80, seed=1)
>>> motion = Motion(speed=0.25)
>>> motion.start([cheer])
>>> round(cheer.duration, 2), motion.hidden  # never faster than half speed; hides no piece
(0.8, frozenset())
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence

import pygame

from tafel.kit.motion import PieceAnimation, Point, Pose
from tafel.kit.text import font
from tafel.view import ViewContext

Color = Sequence[int]

__all__ = ["Celebration"]


class Celebration(PieceAnimation):
    """``sparks`` sparks of ``colors`` (picked at random, from ``seed``) burst from ``at`` and fall;
    ``title`` (in the accent colour, on a shadow) pops up there, ``subtitle`` under it, and both
    fade in the last quarter. ``size`` (a cell's size) scales it all; the title shrinks to fit
    ``width`` when given. Draw it with :meth:`draw` every frame while it runs."""

    LENGTH = 1.6
    min_speed = 0.5

    def __init__(
        self,
        at: tuple[float, float],
        title: str,
        subtitle: str,
        colors: Sequence[Color],
        size: float,
        seed: int = 0,
        sparks: int = 40,
        width: float | None = None,
        delay: float = 0.0,
    ) -> None:
        super().__init__(None, None, delay)
        self.at, self.title, self.subtitle, self.size, self.width = at, title, subtitle, size, width
        rng = random.Random(seed)
        self.sparks = []
        for _ in range(sparks):
            ang = rng.random() * math.tau
            spd = (0.6 + rng.random()) * size * 3.2
            color = rng.choice(colors)
            self.sparks.append((math.cos(ang) * spd, math.sin(ang) * spd - size, color))

    @property
    def cells(self) -> tuple[Hashable, ...]:
        return ()

    def pose(self, center: Callable[[Hashable], Point], size: float) -> Pose | None:
        return None

    def draw(self, surface: pygame.Surface, ctx: ViewContext) -> None:
        if self.t < self.delay:
            return
        local, p, c = self.t - self.delay, self.progress, self.size
        (cx, cy), g = self.at, c * 2.2
        for vx, vy, color in self.sparks:
            x, y = cx + vx * local, cy + vy * local + g * local * local
            pygame.draw.circle(surface, color, (int(x), int(y)), max(1, int(c * 0.09 * (1.0 - p))))
        scale = 0.6 + 0.4 * min(1.0, local / 0.25) + 0.06 * math.sin(local * 9)
        fit = 1.0
        if self.width is not None:
            fit = min(1.0, self.width / max(1, font(ctx, c * 0.75, True).size(self.title)[0]))
        alpha = int(255 * (1.0 if p < 0.75 else (1.0 - p) / 0.25))
        big = font(ctx, c * 0.75 * scale * fit, bold=True)
        # The lines fade: rendered each frame (set_alpha changes a surface), never kept.
        text, shadow = (
            big.render(self.title, True, ctx.theme.accent),
            big.render(self.title, True, ctx.theme.shadow),
        )
        text.set_alpha(alpha)
        shadow.set_alpha(alpha)
        rect = text.get_rect(center=self.at)
        surface.blit(shadow, rect.move(3, 4))
        surface.blit(text, rect)
        sub = font(ctx, c * 0.3, bold=True).render(self.subtitle, True, ctx.theme.text)
        sub.set_alpha(alpha)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
