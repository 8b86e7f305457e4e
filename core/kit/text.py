"""Text on a board at pixel sizes: a board's labels scale with its cells, not with the UI's font
sizes, so these take the height in pixels (``px``) and turn it into the fonts' units.

>>> import pygame
>>> from tafel.testing import view_context
>>> ctx = view_context()
>>> units(ctx, 24.0) == round(24.0 / ctx.fonts.scale)
True
>>> surface = pygame.Surface((200, 100))
>>> label(surface, ctx, "3!", 20, (255, 255, 255), center=(100, 50)).collidepoint(100, 50)
True
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tafel.kit.widgets import Skin
from tafel.view import Color, ViewContext

__all__ = ["card", "font", "label", "units"]


def units(ctx: ViewContext, px: float) -> int:
    """The font size (in the fonts' unscaled units) whose letters are about ``px`` pixels.

    >>> from tafel.testing import view_context
    >>> ctx = view_context()
    >>> units(ctx, 24.0) == round(24.0 / ctx.fonts.scale)
    True
    """
    return max(1, round(px / ctx.fonts.scale))


def font(ctx: ViewContext, px: float, bold: bool = False) -> pygame.font.Font:
    """The font whose letters are about ``px`` pixels.

    >>> from tafel.testing import view_context
    >>> font(view_context(), 20).get_height() >= 20
    True
    """
    return ctx.fonts.get(units(ctx, px), bold)


def label(
    surface: pygame.Surface,
    ctx: ViewContext,
    line: str,
    px: float,
    color: Color,
    bold: bool = True,
    **at: tuple[int, int],
) -> pygame.Rect:
    """``line`` at about ``px`` pixels, placed by one anchor: ``label(..., center=(x, y))``;
    returns where it was drawn.

    >>> import pygame
    >>> from tafel.testing import view_context
    >>> surface = pygame.Surface((200, 100))
    >>> where = label(surface, view_context(), "e4", 20, (255, 255, 255), center=(100, 50))
    >>> where.center, where.height >= 20
    ((100, 50), True)
    """
    ((anchor, pos),) = at.items()
    return Skin.of(ctx).draw_text(surface, line, pos, units(ctx, px), color, bold=bold, anchor=anchor)


def card(
    surface: pygame.Surface,
    ctx: ViewContext,
    center: Sequence[int],
    width: int,
    title: str,
    body: str,
    color: Color,
    unit: float,
) -> pygame.Rect:
    """A card over the board (the game's end, say): ``title`` in ``color`` over ``body`` wrapped to
    ``width``, on the panel colour nearly opaque, framed in ``color``. ``unit`` (a cell's size)
    scales it: the title is 0.55 of it, the body 0.28. Returns the card's rectangle.

    >>> import pygame
    >>> from tafel.testing import view_context
    >>> surface = pygame.Surface((300, 200))
    >>> box = card(surface, view_context(), (150, 100), 240, "Red wins", "four in a row", (220, 40, 40), 60)
    >>> box.width, box.center
    (240, (150, 100))
    """
    c, theme = int(unit), ctx.theme
    small, big = font(ctx, unit * 0.28), font(ctx, unit * 0.55, bold=True)
    lines = ctx.fonts.wrap(body, units(ctx, unit * 0.28), width - c // 2)
    box = pygame.Rect(0, 0, width, big.get_linesize() + len(lines) * small.get_linesize() + c // 2)
    box.center = center
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    veil.fill((*theme.panel, 238))
    surface.blit(veil, box)
    pygame.draw.rect(surface, color, box, max(2, c // 20), border_radius=c // 6)
    y = box.y + c // 6
    label(surface, ctx, title, unit * 0.55, color, midtop=(box.centerx, y))
    y += big.get_linesize()
    for line in lines:
        label(surface, ctx, line, unit * 0.28, theme.text, bold=False, midtop=(box.centerx, y))
        y += small.get_linesize()
    return box
