"""tafel.kit CellControls: the pointer, clicks, the keyboard cursor and clearing, over a grid."""

from __future__ import annotations

import pygame

from tafel.kit import CellControls, Cursor, SquareGrid, rectangle
from tafel.testing import click, key, motion, mouse


class Toy(CellControls):
    def __init__(self) -> None:
        self.grid = SquareGrid(rectangle(3, 3))
        self.grid.fit(pygame.Rect(0, 0, 300, 300))
        self.cursor = Cursor(self.grid)
        self.played: list = []

    def activate(self, cell, state):
        if cell is not None and self.selected is None:
            self.selected = cell
            return None
        self.played.append((self.selected, cell))
        self.selected = None
        return "move"

    def default_cursor(self, state):
        return (1, 1)


def send(toy: Toy, events) -> list:
    return [toy.cell_event(e, None) for e in events]


def test_pointer_clicks_and_right_click():
    toy = Toy()
    send(toy, [motion(toy.grid.center((0, 0)))])
    assert toy.hover == (0, 0)
    send(toy, click(toy.grid.center((0, 0))))
    assert toy.selected == (0, 0)
    send(toy, mouse(toy.grid.center((2, 2)), button=3))
    assert toy.selected is None and toy.hover == (2, 2)  # a right click clears
    send(toy, click(toy.grid.center((0, 0))))
    assert "move" in send(toy, click(toy.grid.center((2, 0)))) and toy.played == [((0, 0), (2, 0))]


def test_keys_show_the_cursor_where_the_player_looked_and_move_it():
    toy = Toy()
    assert send(toy, [key(pygame.K_UP)]) == [None] and toy.cursor.cell == (1, 1)  # the default
    send(toy, [key(pygame.K_UP), key(pygame.K_RIGHT)])
    assert toy.cursor.cell == (2, 2)
    send(toy, [motion(toy.grid.center((0, 0)))])  # the pointer hides the cursor...
    assert not toy.cursor.shown
    send(toy, [key(pygame.K_DOWN)])  # ... and the next key shows it where the pointer is
    assert toy.cursor.shown and toy.cursor.cell == (0, 0)
    send(toy, [motion((-50, -50)), key(pygame.K_LEFT)])  # off the board: where the cursor was
    assert toy.cursor.cell == (0, 0)
    send(toy, [key(pygame.K_RETURN)])
    assert toy.selected == (0, 0)
    send(toy, [key(pygame.K_ESCAPE)])
    assert toy.selected is None
