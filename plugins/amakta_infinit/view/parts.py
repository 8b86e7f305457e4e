"""What the Infinit screens share: sizes, keys, the world mapping and the kit buttons of the
auction card and the editor (the fields' geometry is the view's kit grid, ``InfinitView.grid``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tafel import Move
from tafel.games.amakta.view import FIELD
from tafel.kit import Button
from tafel.kit.hexboard import SQRT3
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


class Control(Button):
    """A kit button of the auction card or the editor. ``kind`` says which: "button", "value" (the
    bid field), "chip" (a direction of the piece), "palette" (an arrow state), "circle" or
    "preset"; ``primary`` and ``selected`` how it is lit, ``data`` what it stands for. Its action
    gets the mouse button that pressed it (a chip cycles backwards on the right button)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        action: Callable[[int], Move | None] | None = None,
        *,
        enabled: bool = True,
        primary: bool = False,
        selected: bool = False,
        kind: str = "button",
        data: Any = None,
    ) -> None:
        super().__init__(label, action, enabled=enabled)
        self.rect, self.kind, self.primary, self.selected, self.data = rect, kind, primary, selected, data

    def activate(self, button: int = 1) -> Move | None:
        return self.action(button) if self.enabled and self.action is not None else None
