"""Mouse, keys and gamepad over a grid's cells: the controller part of a board view.

A view mixes in :class:`CellControls`, has a ``grid`` and a ``cursor`` (a :class:`Cursor` on it)
and says what a click on a cell does (:meth:`CellControls.activate`); :meth:`CellControls.cell_event`
then turns pygame's events into calls of it (the core maps a gamepad to the same keys).

>>> import pygame
>>> from tafel.kit.grids import Cursor, SquareGrid, rectangle
>>> from tafel.testing import key
>>> class Toy(CellControls):
...     def __init__(self):
...         self.grid = SquareGrid(rectangle(3, 3)); self.grid.fit(pygame.Rect(0, 0, 300, 300))
...         self.cursor = Cursor(self.grid)
...     def activate(self, cell, state):
...         return f"play {cell}"
...     def default_cursor(self, state):
...         return (1, 1)
>>> toy = Toy()
>>> toy.cell_event(key(pygame.K_LEFT), None), toy.cursor.cell  # the first key shows the cursor
(None, (1, 1))
>>> toy.cell_event(key(pygame.K_LEFT), None), toy.cell_event(key(pygame.K_RETURN), None)
(None, 'play (0, 1)')
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from tafel.view import ACTIVATE_KEYS, ARROW_KEYS, CLEAR_KEYS

if TYPE_CHECKING:
    from tafel.game import GameState, Move
    from tafel.kit.grids import Cursor, Grid

__all__ = ["CellControls"]


class CellControls(ABC):
    """The pointer's cell is ``hover``; a left click on a cell, or Enter on the cursor's, calls
    :meth:`activate`; a right click or Escape :meth:`clear`. The first arrow (or Enter) only shows
    the cursor where the player was looking: the selection, the pointer's cell, where the cursor
    was, else :meth:`default_cursor`; the next arrows move it. The pointer hides the cursor."""

    grid: Grid
    cursor: Cursor
    hover: Hashable | None = None
    selected: Hashable | None = None

    @abstractmethod
    def activate(self, cell: Hashable | None, state: GameState) -> Move | None:
        """A click (or Enter) on ``cell`` (None: off the board): the move it makes, or None."""

    @abstractmethod
    def default_cursor(self, state: GameState) -> Hashable:
        """Where the cursor first shows when the player looked nowhere yet."""

    def cell_at(self, pos: tuple[int, int]) -> Hashable | None:
        """The cell under the pixel ``pos`` (default: the grid's), or None."""
        return self.grid.cell_at(pos)

    def clear(self) -> None:
        """Forget the selection (right click, Escape)."""
        self.selected = None

    def cell_event(self, event: pygame.event.Event, state: GameState) -> Move | None:
        """Handle one event over the cells; returns the move it makes, or None."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.cell_at(event.pos)
            self.cursor.hide()
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.cursor.hide()
            self.hover = self.cell_at(event.pos)
            if event.button == 1:
                return self.activate(self.hover, state)
            if event.button == 3:
                self.clear()
        elif event.type == pygame.KEYDOWN and event.key in CLEAR_KEYS:
            self.clear()
        elif event.type == pygame.KEYDOWN and (event.key in ARROW_KEYS or event.key in ACTIVATE_KEYS):
            if not self.cursor.shown or self.cursor.cell is None:
                start = self.selected if self.selected is not None else self.hover
                if start is None:
                    start = self.cursor.cell if self.cursor.cell is not None else self.default_cursor(state)
                self.cursor.show(start)
            elif event.key in ARROW_KEYS:
                self.cursor.move(*ARROW_KEYS[event.key])
            else:
                return self.activate(self.cursor.cell, state)
        return None
