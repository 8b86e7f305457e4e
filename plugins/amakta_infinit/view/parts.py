"""What the Infinit screens share: sizes, keys and the world mapping (the fields' geometry is the
view's kit grid, ``InfinitView.grid``)."""

from __future__ import annotations

import pygame

from tafel.games.amakta.view import FIELD
from tafel.kit import SQRT3
from tafel.view import mix

from ..texts import N_

#: World units (hex circumradius 1) of one doubled-x step and of one row.
WORLD_X = SQRT3 / 2
WORLD_Y = 1.5
#: Pixels a press must travel before it drags the board instead of clicking.
DRAG_THRESHOLD = 6
#: Fields smaller than this (circumradius in pixels) are drawn as a plain surface.
MIN_OUTLINE = 5.0
#: Field names are written from this size on.
LABEL_SIZE = 30.0
#: Panning speed (share of the view a second) and zoom speed (factor a second) for held keys.
HOLD_PAN = 0.9
HOLD_ZOOM = 2.5
ROW_TINT = mix(FIELD, (120, 90, 50), 0.12)
#: The editor's circle buttons (translated where drawn).
CIRCLE_LABELS = (N_("No circle"), N_("Reinforcement"), N_("Damage"))
DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(10)}
DIGIT_KEYS.update({getattr(pygame, f"K_KP{d}"): d for d in range(10)})


def world(cell: tuple[int, int]) -> tuple[float, float]:
    """World coordinates of a field's centre (hex circumradius 1, y down)."""
    return (cell[0] * WORLD_X, cell[1] * WORLD_Y)
