"""Amakta's pieces on screen: colours, orientation steps and the piece picture (arrows with reach
bars, circles, the expropriation disc); the hexagon is the kit's (:mod:`tafel.kit.hexboard`)."""

from __future__ import annotations

import math

import pygame

from tafel.kit import SQRT3, hex_points
from tafel.view import ACTIVATE_KEYS, CLEAR_KEYS

from ..rules.board import BLACK, DIRECTIONS, WHITE
from ..rules.pieces import DIGIT_ARROWS, digits

#: Screen angle (radians, y down) of each direction E, NE, NW, W, SW, SE.
DIR_ANGLES = tuple(math.atan2(dy * 1.5, dx * SQRT3 / 2) for dx, dy in DIRECTIONS)
ARROW_COLOURS: dict[int, tuple[int, int, int]] = {1: (52, 118, 235), 2: (40, 168, 76), 3: (225, 58, 48)}
BODY = {WHITE: (236, 230, 212), BLACK: (46, 46, 54)}
EDGE = {WHITE: (150, 140, 118), BLACK: (120, 122, 136)}
OWNER_LINE = {WHITE: (250, 248, 240), BLACK: (12, 12, 16)}
REINFORCE_RING = (160, 84, 214)
DAMAGE_RING = (44, 176, 84)
EXPRO_DISC = (214, 192, 150)
FIELD = (196, 168, 120)
FIELD_EDGE = (120, 94, 60)
HOLE = (36, 30, 26)
SUPERSAMPLE = 2

#: The arrow keys as the kit grid's cursor steps (y up).
KEY_DIRS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
ACTIVATE, CANCEL = ACTIVATE_KEYS, CLEAR_KEYS  # Enter/Space; Backspace/Escape


def rotate_step(o: int, step: int) -> int:
    """The orientation turned one direction further (``step`` +1 counter-clockwise, -1 back).

    >>> rotate_step(0, 1), rotate_step(5, 1), rotate_step(6, -1)
    (1, 0, 11)
    """
    return (o % 6 + step) % 6 + (6 if o >= 6 else 0)


def mirror_step(o: int) -> int:
    """The orientation whose layout is the mirror image (in the horizontal axis) of ``o``'s.

    >>> from tafel.games.amakta.rules.pieces import mirror, orient
    >>> all(orient(120034, mirror_step(o)) == mirror(orient(120034, o)) for o in range(12))
    True
    """
    k = o % 6
    return (-k) % 6 if o >= 6 else 6 + (-k) % 6


def render_piece(layout: int, colour: int, circle: int, expro_owner: int | None, radius: float, alpha=255):
    """A piece sprite of circumradius ``radius`` (supersampled, then scaled down smoothly)."""
    r = max(4.0, radius) * SUPERSAMPLE
    size = int(2 * r + 6)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    pygame.draw.polygon(surf, BODY[colour], hex_points(*c, r * 0.93))
    edge = EDGE[colour] if expro_owner is None else OWNER_LINE[expro_owner]
    edge_w = max(2, int(r * (0.07 if expro_owner is None else 0.13)))
    pygame.draw.polygon(surf, edge, hex_points(*c, r * 0.93 - edge_w / 2), edge_w)
    outline = (20, 20, 24) if colour == WHITE else (230, 230, 235)
    for d, digit in enumerate(digits(layout)):
        reaches = DIGIT_ARROWS[digit]
        offsets = (0.0,) if len(reaches) == 1 else (-0.17 * r, 0.17 * r)
        for off, reach in zip(offsets, reaches, strict=False):
            piece_arrow(
                surf, c, DIR_ANGLES[d], off, r, ARROW_COLOURS[reach], reach, outline, len(reaches) == 2
            )
    if circle:
        width = max(2, int(r * 0.12))
        pygame.draw.circle(surf, (15, 15, 20), c, r * 0.3 + 2, width + 4)
        pygame.draw.circle(surf, REINFORCE_RING if circle == 1 else DAMAGE_RING, c, r * 0.3, width)
    if expro_owner is not None:
        pygame.draw.circle(surf, (60, 50, 40), c, r * 0.2 + 2)
        pygame.draw.circle(surf, EXPRO_DISC, c, r * 0.2)
        pygame.draw.circle(surf, OWNER_LINE[expro_owner], c, r * 0.08)
    out_size = max(2, int(size / SUPERSAMPLE))
    small = pygame.transform.smoothscale(surf, (out_size, out_size))
    if alpha < 255:
        small.set_alpha(alpha)
    return small


def piece_arrow(surf, c, angle: float, offset: float, r: float, colour, reach: int, outline, double: bool):
    """One arrow from near the centre ``c`` towards ``angle``, shifted ``offset`` sideways (a
    double arrow's two halves), with ``reach`` bars across its shaft when there is room."""
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    ox, oy = c[0] + px * offset, c[1] + py * offset
    start, tip, head = 0.16 * r, 0.8 * r, 0.3 * r
    half, head_half = (0.075 if double else 0.1) * r, (0.16 if double else 0.24) * r
    base = tip - head

    def pt(along: float, side: float) -> tuple[float, float]:
        return (ox + ux * along + px * side, oy + uy * along + py * side)

    shape = [pt(start, -half), pt(base, -half), pt(base, -head_half), pt(tip, 0)]
    shape += [pt(base, head_half), pt(base, half), pt(start, half)]
    pygame.draw.polygon(surf, outline, shape, max(2, int(r * 0.05)))
    pygame.draw.polygon(surf, colour, shape)
    if r < 14 * SUPERSAMPLE:
        return  # too small for the reach bars: the colour says it
    # Bars across the shaft tell the reach without relying on colour: 1, 2 or 3.
    for k in range(reach):
        along = base - (0.07 + 0.09 * k) * r
        pygame.draw.line(surf, outline, pt(along, -half), pt(along, half), max(1, int(r * 0.03)))
