"""Markers for views under a camera: what is off screen, shown at the edge of the view.

A board with no edge (or one zoomed in) loses sight of what matters; an arrow on the view's edge
pointing at it, with a name, says where it went::

    for name, point in places:
        edge_marker(surface, skin, view_rect.inflate(-24, -24), point, colour, name)

>>> import pygame; from tafel.testing import view_context
>>> from tafel.kit.widgets import Skin
>>> surface = pygame.Surface((200, 100))
>>> edge_marker(surface, Skin.of(view_context()), pygame.Rect(0, 0, 200, 100), (500, 50), (200, 0, 0), "far")
(200, 50)
>>> edge_marker(surface, Skin.of(view_context()), pygame.Rect(0, 0, 200, 100), (20, 50), (200, 0, 0))
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from tafel.kit.widgets import Skin
from tafel.view import Color

__all__ = ["edge_marker"]


def edge_marker(
    surface: pygame.Surface,
    ui: Skin,
    area: pygame.Rect,
    target: Sequence[float],
    fill: Color,
    label: str = "",
    *,
    edge: Color | None = None,
    size: int = 0,
    length: float = 12,
) -> tuple[int, int] | None:
    """An arrow ``length`` pixels long in ``fill`` (edged in ``edge``, the theme's accent by default)
    where the line from the centre of ``area`` to ``target`` leaves it, pointing on, and ``label``
    (``size``, or 13 pixels) on its inner side. Returns where it stands; None, and nothing drawn,
    when ``target`` lies inside ``area``.

    >>> import pygame
    >>> from tafel.kit import Skin
    >>> from tafel.testing import view_context
    >>> surface, area, skin = pygame.Surface((200, 100)), pygame.Rect(0, 0, 200, 100), Skin.of(view_context())
    >>> edge_marker(surface, skin, area, (500, 50), (200, 0, 0), "far")  # off to the right
    (200, 50)
    >>> edge_marker(surface, skin, area, (20, 50), (200, 0, 0)) is None  # in sight: no arrow
    True
    """
    if area.collidepoint(target) or area.width < 2 or area.height < 2:
        return None
    (cx, cy), dx, dy = area.center, target[0] - area.centerx, target[1] - area.centery
    k = min((area.width / 2) / abs(dx) if dx else math.inf, (area.height / 2) / abs(dy) if dy else math.inf)
    px, py, ang = cx + dx * k, cy + dy * k, math.atan2(dy, dx)
    tip = (px + math.cos(ang) * length * 5 / 6, py + math.sin(ang) * length * 5 / 6)
    left = (px + math.cos(ang + 2.5) * length, py + math.sin(ang + 2.5) * length)
    right = (px + math.cos(ang - 2.5) * length, py + math.sin(ang - 2.5) * length)
    pygame.draw.polygon(surface, fill, [tip, left, right])
    pygame.draw.polygon(surface, ui.theme.accent if edge is None else edge, [tip, left, right], 2)
    if label:
        ux, uy = math.cos(ang), math.sin(ang)
        # On the inner side of the arrow, so the words never leave the area.
        if abs(ux) >= abs(uy):
            anchor = "midright" if ux > 0 else "midleft"
        else:
            anchor = "midbottom" if uy > 0 else "midtop"
        at = (int(px - ux * length * 4 / 3), int(py - uy * length * 4 / 3))
        ui.draw_text(surface, label, at, size or max(6, int(13 / (ui.fonts.scale or 1))), anchor=anchor)
    return int(px), int(py)
