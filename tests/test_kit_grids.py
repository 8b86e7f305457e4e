"""tafel.kit grids: square and hex geometry, pixel to cell, cursor steps, rim labels, the camera."""

from __future__ import annotations

import math

import pygame
import pytest

from tafel.kit import Cursor, HexGrid, SquareGrid, hexagon, rectangle
from tafel.view import Camera

RECTS = [pygame.Rect(0, 0, 800, 600), pygame.Rect(13, 7, 300, 900), pygame.Rect(5, 5, 1920, 1080)]


@pytest.mark.parametrize("rect", RECTS)
@pytest.mark.parametrize(
    "grid",
    [
        SquareGrid(rectangle(7, 7)),
        SquareGrid([c for c in rectangle(8, 8) if c not in {(3, 3), (4, 4), (0, 7)}]),  # holes
        HexGrid(hexagon(4)),
        HexGrid(hexagon(3), pointy=True),
        HexGrid([c for c in hexagon(5) if c != (0, 0)]),
    ],
    ids=["square", "holes", "flat", "pointy", "hex-holes"],
)
def test_every_cell_is_hit_at_its_centre_and_fits(grid, rect):
    covered = grid.fit(rect)
    assert rect.contains(covered.inflate(-2, -2))
    for cell in grid.cells:
        assert grid.cell_at(grid.center(cell)) == cell
        assert grid.rect(cell).collidepoint(grid.center(cell))
        for x, y in grid.polygon(cell, 0.8):  # well inside its outline: still the same cell
            assert grid.cell_at((x, y)) == cell
    assert grid.cell_at((rect.left - 50, rect.top - 50)) is None


def test_holes_are_not_cells_and_the_cursor_steps_over_them():
    grid = SquareGrid([c for c in rectangle(5, 1) if c != (2, 0)])
    grid.fit(pygame.Rect(0, 0, 500, 100))
    assert grid.cell_at(grid.to_screen(grid.world((2, 0)))) is None
    assert grid.step((1, 0), 1, 0) == ((3, 0), None)
    assert grid.step((4, 0), 1, 0)[0] == (4, 0)  # stays at the edge


def test_square_rows_up_and_down():
    up, down = SquareGrid(rectangle(3, 3)), SquareGrid(rectangle(3, 3), rows_up=False)
    for grid in (up, down):
        grid.fit(pygame.Rect(0, 0, 300, 300))
    assert up.center((0, 0)) == (50, 250) and down.center((0, 0)) == (50, 50)
    assert up.step((1, 1), 0, 1)[0] == (1, 2) and down.step((1, 1), 0, 1)[0] == (1, 0)


def test_flat_hex_neighbours_are_one_width_apart_and_files_are_columns():
    grid = HexGrid(hexagon(3))
    grid.fit(pygame.Rect(0, 0, 700, 700))
    c = grid.center((0, 0))
    for n in grid.neighbours((0, 0)):
        assert abs(math.dist(grid.center(n), c) - math.sqrt(3) * grid.size) < 1.5
    assert grid.center((0, -1))[0] == c[0] and grid.center((0, -1))[1] < c[1]


@pytest.mark.parametrize("pointy", [False, True])
def test_cursor_keeps_to_its_line_across_the_board(pointy):
    grid = HexGrid(hexagon(4), pointy=pointy)
    cursor = Cursor(grid)
    start = (-4, 2) if not pointy else (0, -4)
    cursor.show(start)
    axis = 1 if not pointy else 0
    dx, dy = (1, 0) if not pointy else (0, -1)
    line = [grid.world(grid.coords_of(start))[axis]]
    for _ in range(8):
        cursor.move(dx, dy)
        line.append(grid.world(grid.coords_of(cursor.cell))[axis])
    assert max(line) - min(line) <= grid.world((0, 1))[axis] - grid.world((0, 0))[axis] + 1e-9
    assert len(set(line)) == 2  # a zig-zag along one line of the screen


def test_straight_steps_on_hexes():
    flat, pointy = HexGrid(hexagon(2)), HexGrid(hexagon(2), pointy=True)
    assert flat.step((0, 0), 0, 1)[0] == (0, -1)  # up the column
    assert flat.step((0, -2), 0, 1)[0] == (0, -2)  # the edge
    assert pointy.step((0, 0), 1, 0)[0] == (1, 0)  # along the row


def test_rim_labels_sit_outside_the_cells():
    grid = HexGrid(hexagon(4))
    grid.fit(pygame.Rect(0, 0, 800, 800))
    labels = grid.rim_labels(0, str, "last") + grid.rim_labels(1, str, "first")
    assert len(labels) == 18
    for _, point in labels:
        assert grid.cell_at(grid.to_screen(point)) is None


def test_unbounded_grid_through_a_camera():
    camera = Camera(pygame.Rect(0, 0, 800, 600), center=(0, 0), zoom=20)
    grid = HexGrid(None, camera=camera)
    assert grid.unbounded and grid.size == 20
    far = (1000, -37)
    assert grid.cell_at(grid.center(far)) == far
    camera.zoom_at(2, (400, 300), animate=False)
    assert grid.size == 40 and grid.cell_at(grid.center(far)) == far


def test_place_puts_the_cells_where_a_view_lays_them_out():
    grid = SquareGrid({n: (n % 7, n // 7) for n in range(49) if n not in (0, 48)})
    grid.place((30, 20), 50)
    assert grid.rect(1) == pygame.Rect(80, 320, 50, 50)  # (1, 0): bottom row, rows up
    assert grid.rect(47) == pygame.Rect(280, 20, 50, 50)
    assert grid.cell_at((80, 369)) == 1 and grid.cell_at((79, 369)) is None  # 0 is a hole
    assert grid.cell_at((30 + 350, 20)) is None  # beyond the right edge


def test_sidestep_slips_round_holes_at_the_edge():
    # A plus: the 3x3 middle of a 5x5 frame, with a cell outside the middle of each side.
    cells = [(x, y) for x in range(1, 4) for y in range(1, 4)] + [(2, 0), (0, 2), (4, 2), (2, 4)]
    plus, plain = SquareGrid(cells, sidestep=2), SquareGrid(cells)
    assert plus.step((1, 1), 0, -1)[0] == (2, 0)  # down from a corner of the middle: slips to the side
    assert plain.step((1, 1), 0, -1)[0] == (1, 1)  # without: stays
    assert plus.step((2, 0), 1, 0)[0] == (3, 1)  # right from the bottom cell: up a row, nearer first
    assert plus.step((1, 2), -1, 0)[0] == (0, 2)  # straight on where there is a cell
    assert plus.step((0, 2), -1, 0)[0] == (0, 2)  # the edge: stays
    for cell in cells:  # every step lands on a cell
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            assert plus.step(cell, *d)[0] in plus


def test_a_kind_of_grid_missing_a_hook_is_refused_when_made():
    """A plugin's own grid must give the geometry hooks: leaving one out fails at once, by name,
    not at the first frame that needs it."""
    from tafel.kit.grids import Grid

    class Triangles(Grid):
        def world(self, coord):
            return (float(coord[0]), float(coord[1]))

    with pytest.raises(TypeError, match="coord_at.*corners.*step"):
        Triangles(rectangle(2, 2))
