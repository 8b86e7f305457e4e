"""Amakta's pieces on screen: colours, orientation steps and the piece picture (arrows with reach
bars, circles, the expropriation disc); the hexagon is the kit's (:mod:`tafel.kit.hexboard`)."""

from __future__ import annotations

import math

import pygame

from tafel.kit.hexboard import SQRT3, hex_points
from tafel.view import ACTIVATE_KEYS, CLEAR_KEYS

from ..rules.board import BLACK, DIRECTIONS, WHITE
from ..rules.pieces import DIGIT_ARROWS, digits

Color = tuple[int, int, int]

#: Screen angle (radians, y down) of each direction E, NE, NW, W, SW, SE.
DIR_ANGLES = tuple(math.atan2(dy * 1.5, dx * SQRT3 / 2) for dx, dy in DIRECTIONS)
ARROW_COLOURS: dict[int, Color] = {1: (52, 118, 235), 2: (40, 168, 76), 3: (225, 58, 48)}
BODY = {WHITE: (236, 230, 212), BLACK: (46, 46, 54)}
EDGE = {WHITE: (150, 140, 118), BLACK: (120, 122, 136)}
OWNER_LINE = {WHITE: (250, 248, 240), BLACK: (12, 12, 16)}
REINFORCE_RING = (160, 84, 214)
DAMAGE_RING = (44, 176, 84)
EXPRO_DISC = (214, 192, 150)
FIELD = (196, 168, 120)
FIELD_EDGE = (120, 94, 60)
HOLE = (36, 30, 26)
CONTROL_TINT = {WHITE: (255, 255, 248, 150), BLACK: (16, 16, 24, 150), -1: (168, 80, 210, 120)}
CONTROL_EDGE = {WHITE: (255, 255, 250, 255), BLACK: (10, 10, 14, 255), -1: (150, 60, 200, 255)}
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


def render_piece(
    layout: int, colour: int, circle: int, expro_owner: int | None, radius: float, alpha: int = 255
) -> pygame.Surface:
    """A piece sprite of circumradius ``radius`` (supersampled, then scaled down smoothly)."""
    r = max(4.0, radius) * SUPERSAMPLE
    size = int(2 * r + 6)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    body = BODY[colour]
    pygame.draw.polygon(surf, body, hex_points(cx, cy, r * 0.93))
    edge = EDGE[colour] if expro_owner is None else OWNER_LINE[expro_owner]
    edge_w = max(2, int(r * (0.07 if expro_owner is None else 0.13)))
    pygame.draw.polygon(surf, edge, hex_points(cx, cy, r * 0.93 - edge_w / 2), edge_w)
    outline = (20, 20, 24) if colour == WHITE else (230, 230, 235)
    for d, digit in enumerate(digits(layout)):
        reaches = DIGIT_ARROWS[digit]
        if not reaches:
            continue
        offsets = (0.0,) if len(reaches) == 1 else (-0.17 * r, 0.17 * r)
        for off, reach in zip(offsets, reaches, strict=True):
            piece_arrow(
                surf, cx, cy, DIR_ANGLES[d], off, r, ARROW_COLOURS[reach], reach, outline, len(reaches) == 2
            )
    if circle:
        ring = REINFORCE_RING if circle == 1 else DAMAGE_RING
        pygame.draw.circle(surf, (15, 15, 20), (cx, cy), r * 0.3 + 2, max(2, int(r * 0.12)) + 4)
        pygame.draw.circle(surf, ring, (cx, cy), r * 0.3, max(2, int(r * 0.12)))
    if expro_owner is not None:
        pygame.draw.circle(surf, (60, 50, 40), (cx, cy), r * 0.2 + 2)
        pygame.draw.circle(surf, EXPRO_DISC, (cx, cy), r * 0.2)
        pygame.draw.circle(surf, OWNER_LINE[expro_owner], (cx, cy), r * 0.08)
    out_size = max(2, int(size / SUPERSAMPLE))
    small = pygame.transform.smoothscale(surf, (out_size, out_size))
    if alpha < 255:
        small.set_alpha(alpha)
    return small


def piece_arrow(
    surf: pygame.Surface,
    cx: float,
    cy: float,
    angle: float,
    offset: float,
    r: float,
    colour: Color,
    reach: int,
    outline: Color,
    double: bool,
) -> None:
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    ox, oy = cx + px * offset, cy + py * offset
    start = 0.16 * r
    tip = 0.8 * r
    head = 0.3 * r
    half = (0.075 if double else 0.1) * r
    head_half = (0.16 if double else 0.24) * r
    base = tip - head

    def pt(along: float, side: float) -> tuple[float, float]:
        return (ox + ux * along + px * side, oy + uy * along + py * side)

    shape = [
        pt(start, -half),
        pt(base, -half),
        pt(base, -head_half),
        pt(tip, 0),
        pt(base, head_half),
        pt(base, half),
        pt(start, half),
    ]
    pygame.draw.polygon(surf, outline, shape, max(2, int(r * 0.05)))
    pygame.draw.polygon(surf, colour, shape)
    if r < 14 * SUPERSAMPLE:
        return  # too small for the reach bars: the colour says it
    # Bars across the shaft tell the reach without relying on colour: 1, 2 or 3.
    for k in range(reach):
        along = base - (0.07 + 0.09 * k) * r
        a, b = pt(along, -half), pt(along, half)
        pygame.draw.line(surf, outline, a, b, max(1, int(r * 0.03)))
