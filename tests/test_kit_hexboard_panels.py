"""The kit's hex boards in doubled coordinates, its panels (texts, slots, layout, toolbar, tips),
its mended pictures and its camera drags."""

from __future__ import annotations

import math
import random

import pygame
import pytest

from tafel.camera import Camera
from tafel.kit.hexboard import SQRT3, DoubledHexGrid, dashed, hex_points, x_mark
from tafel.kit.layers import KeptPanel, MendedBoard
from tafel.kit.panels import Texts, board_layout, button_row, slot_grid, tip
from tafel.kit.panning import CameraDrag
from tafel.kit.widgets import Button
from tafel.testing import view_context


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    yield pygame.display.set_mode((640, 480))


def rows(parity: int) -> dict:
    """A small hexagon of fields in doubled coordinates, named by letters (x + y of ``parity``)."""
    cells = [(x + parity, y) for y in range(-2, 3) for x in range(-4 + abs(y), 5 - abs(y), 2)]
    return {chr(ord("a") + i): xy for i, xy in enumerate(cells)}


@pytest.mark.parametrize("parity", [0, 1])
def test_doubled_grid_maps_pixels_to_fields_and_back(parity):
    cells = rows(parity)
    grid = DoubledHexGrid(cells)
    grid.fit_xy(pygame.Rect(0, 0, 500, 400), cells.values(), (SQRT3, 2.0))
    for cell, (x, y) in cells.items():
        px, py = grid.point(cell)
        assert (px, py) == grid.spot((x, y))
        # The centre and every point well inside the hexagon find the field.
        for dx, dy in [(0, 0)] + [(0.8 * cx * grid.size, 0.8 * cy * grid.size) for cx, cy in grid.corners()]:
            assert grid.cell_at((px + dx, py + dy)) == cell
    # Neighbours along a row are sqrt(3) radii apart, rows 1.5 radii.
    a, b = grid.point(grid.cell_of(grid.to_axial(cells["a"]))), grid.spot((cells["a"][0] + 2, cells["a"][1]))
    assert b[0] - a[0] == pytest.approx(SQRT3 * grid.size) and b[1] == a[1]
    assert grid.cell_at((-50, -50)) is None


def test_doubled_grid_fits_and_steps_like_the_row_board():
    cells = rows(0)
    grid = DoubledHexGrid(cells)
    grid.fit_xy(pygame.Rect(10, 20, 400, 300), cells.values(), (SQRT3 + 0.6, 2.4))
    spots = [grid.point(c) for c in cells]
    # Centred in the rectangle, at the largest size the padding allows.
    assert (min(x for x, _ in spots) + max(x for x, _ in spots)) / 2 == pytest.approx(210)
    assert (min(y for _, y in spots) + max(y for _, y in spots)) / 2 == pytest.approx(170)
    assert grid.size == pytest.approx(min(400 / (8 * SQRT3 / 2 + SQRT3 + 0.6), 300 / (4 * 1.5 + 2.4)))
    by_xy = {xy: c for c, xy in cells.items()}
    # Left and right along the row; up and down zig-zag round the column and keep it.
    cell, keep = by_xy[(0, 0)], None
    cell, keep = grid.step(cell, 1, 0, keep)
    assert cells[cell] == (2, 0)
    cell, keep = by_xy[(0, 0)], None
    seen = []
    for _ in range(2):
        cell, keep = grid.step(cell, 0, 1, keep)
        seen.append(cells[cell])
    assert seen == [(-1, -1), (0, -2)]
    assert grid.step(by_xy[(-2, -2)], 0, 1, None)[0] == by_xy[(-2, -2)]  # the edge: stays


def test_unbounded_doubled_grid_under_a_camera():
    cam = Camera(zoom=20.0)
    cam.set_viewport(pygame.Rect(0, 0, 400, 300))
    grid = DoubledHexGrid(None, cam)
    rng = random.Random(3)
    for _ in range(50):
        y = rng.randint(-9, 9)
        cell = (2 * rng.randint(-9, 9) + (y % 2), y)
        assert cell in grid and grid.cell_at(grid.point(cell)) == cell
    assert (1, 0) not in grid
    assert grid.point((4, 2)) == cam.world_to_screen((4 * SQRT3 / 2, 3.0))
    assert sorted(grid.neighbours((0, 0))) == [(-2, 0), (-1, -1), (-1, 1), (1, -1), (1, 1), (2, 0)]


def test_hexagon_dashes_and_crosses_draw():
    pts = hex_points(50, 50, 20)
    assert len(pts) == 6 and all(math.dist(p, (50, 50)) == pytest.approx(20) for p in pts)
    assert min(y for _, y in pts) == pytest.approx(30)  # pointy: a corner up
    assert min(y for _, y in hex_points(50, 50, 20, pointy=False)) > 31
    surface = pygame.Surface((100, 100))
    dashed(surface, (255, 0, 0), (10, 10), (90, 10), 2, 10)
    reds = [x for x in range(100) if surface.get_at((x, 10))[0] == 255]
    assert reds and len(reds) < 70  # dashes, not a line
    x_mark(surface, (0, 255, 0), (50, 60), 10, 2)
    assert surface.get_at((50, 60))[1] == 255 and surface.get_at((41, 51))[1] == 255


# --- panels --------------------------------------------------------------------------------------


def test_slot_grid_picks_the_columns_that_give_the_largest_pieces():
    unit, slots = slot_grid(pygame.Rect(0, 0, 300, 100), 6, (2.0, 2.0))
    assert len(slots) == 6 and unit == 25.0
    assert [s.y for s in slots] == [0, 0, 0, 50, 50, 50]
    unit, slots = slot_grid(pygame.Rect(0, 0, 100, 600), 6, (2.0, 2.0))
    assert {s.x for s in slots} == {0} and unit == 50.0
    assert slot_grid(pygame.Rect(0, 0, 10, 10), 0) == (0.0, [])


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600), (640, 1000)])
def test_board_layout_keeps_everything_inside_and_apart(size):
    rect = pygame.Rect(0, 0, *size)
    lay = board_layout(rect)
    parts = [lay.bar, lay.board, *lay.panels] + ([lay.prompt] if lay.prompt.height else [])
    assert all(rect.contains(p) for p in parts)
    assert all(not a.colliderect(b) for i, a in enumerate(parts) for b in parts[i + 1 :])
    if lay.wide:
        assert lay.panels[0].right < lay.board.x < lay.board.right < lay.panels[1].x
    else:
        assert lay.panels[1].bottom < lay.board.y < lay.board.bottom < lay.panels[0].y
    bare = board_layout(rect, panels=False)
    assert bare.board.contains(lay.board) and bare.panels[0].width == 0


def test_texts_keep_renderings_and_fit_the_width(screen):
    texts, ctx = Texts(limit=2), view_context()
    a = texts.render(ctx, "Player 1", 20, (255, 255, 255))
    assert texts.render(ctx, "Player 1", 20, (255, 255, 255)) is a
    wide = texts.render(ctx, "a line that must be shrunk", 40, (255, 255, 255))
    narrow = texts.render(ctx, "a line that must be shrunk", 40, (255, 255, 255), max_w=wide.get_width() // 2)
    assert narrow.get_width() <= wide.get_width() // 2
    for n in range(5):  # the limit: the kept renderings are forgotten, not grown without end
        texts.render(ctx, str(n), 20, (255, 255, 255))
    assert len(texts._kept) <= 3
    r = texts.draw(screen, ctx, "centred", 20, (255, 255, 255), (100, 100), "center")
    assert r.center in ((100, 100), (100, 99), (99, 100), (99, 99))


def test_button_row_and_tip_draw_inside_their_bounds(screen):
    ctx, texts = view_context(), Texts()
    bar = pygame.Rect(0, 440, 640, 40)
    row = [Button("Pass"), Button("Offer draw"), Button("Resign", kind="primary")]
    end = button_row(screen, texts, ctx, row, bar, focus=1)
    assert [b.rect.y for b in row] == [443] * 3 and end == row[-1].rect.right + 6
    assert all(bar.contains(b.rect) for b in row)
    assert tuple(screen.get_at(row[2].rect.center))[:3] != tuple(ctx.theme.background)
    screen.fill((0, 0, 0))
    tip(screen, texts, ctx, "a1: White 3 · free", (630, 5), 16, pygame.Rect(0, 0, 640, 480))
    lit = [
        (x, y) for x in range(0, 640, 4) for y in range(0, 60, 2) if screen.get_at((x, y))[:3] != (0, 0, 0)
    ]
    assert lit and max(x for x, _ in lit) < 640 and min(y for _, y in lit) >= 0


# --- kept pictures mended part by part -------------------------------------------------------------


def test_a_mended_panel_shows_what_a_fresh_one_paints():
    rng = random.Random(5)
    kept, surface = KeptPanel(), pygame.Surface((120, 40))
    colours = [(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(6)]

    def paint_bg(target):
        target.fill((9, 9, 9))

    def paint_part(target, name, part):
        target.fill(part[1], pygame.Rect(part[0]).inflate(-4, -4))

    for _frame in range(40):
        parts = {i: ((i * 20, 0, 20, 40), rng.choice(colours)) for i in range(6)}
        surface.fill((0, 0, 0))
        kept.draw(surface, "base", parts, paint_bg, paint_part, surface.get_rect())
        fresh = pygame.Surface((120, 40))
        KeptPanel().draw(fresh, "base", parts, paint_bg, paint_part, fresh.get_rect())
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_a_mended_board_shows_what_a_fresh_one_paints():
    centres = {n: (20 + 25 * (n % 6), 20 + 25 * (n // 6)) for n in range(24)}
    rng = random.Random(7)
    kept, screen_ = MendedBoard(), pygame.Surface((180, 130))
    painted = []

    def draw(board, surface, looks):
        def paint_bare(target):
            target.fill((30, 30, 30), (0, 0, 180, 130))

        def paint_cells(target, near):
            painted.append(near is None)
            for n in sorted(centres if near is None else near):
                if looks[n]:  # a disc wider than its cell: reaches into the neighbours' squares
                    pygame.draw.circle(target, looks[n], centres[n], 14)

        key = ("board", tuple(looks.values()))
        bounds = pygame.Rect(0, 0, 180, 130)
        board.draw(surface, key, ("bare",), looks, bounds, paint_bare, paint_cells, lambda: centres, 16)

    looks = dict.fromkeys(centres)
    for _move in range(30):
        looks = dict(looks)
        for n in rng.sample(sorted(centres), 2):
            looks[n] = rng.choice([None, (200, 40, 40), (40, 200, 40)])
        for _frame in range(2):
            screen_.fill((0, 0, 0))
            draw(kept, screen_, looks)
        fresh = pygame.Surface((180, 130))
        draw(MendedBoard(), fresh, looks)
        assert pygame.image.tobytes(screen_, "RGB") == pygame.image.tobytes(fresh, "RGB")
    assert painted.count(False) > 20  # most moves were mended, not painted whole


# --- camera drags ------------------------------------------------------------------------------------


def test_camera_drag_tells_clicks_from_drags():
    cam = Camera(zoom=10.0, pan_buttons=(2, 3))
    area = pygame.Rect(0, 0, 300, 300)
    cam.set_viewport(area)
    drag = CameraDrag(cam, threshold=6)

    def ev(kind, pos, button=1, rel=(0, 0)):
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=pos, rel=rel, buttons=(1, 0, 0))
        return pygame.event.Event(kind, pos=pos, button=button)

    # A press that stays is handed back as a click at the press.
    assert drag.handle(ev(pygame.MOUSEBUTTONDOWN, (100, 100)), area) is True
    assert drag.handle(ev(pygame.MOUSEMOTION, (103, 100), rel=(3, 0)), area) is None and not drag.dragged
    click = drag.handle(ev(pygame.MOUSEBUTTONUP, (103, 100)), area)
    assert click.type == pygame.MOUSEBUTTONDOWN and click.pos == (100, 100)
    # One that travels pans the camera by as much and is no click.
    before = cam.center
    drag.handle(ev(pygame.MOUSEBUTTONDOWN, (100, 100)), area)
    drag.handle(ev(pygame.MOUSEMOTION, (130, 100), rel=(30, 0)), area)
    drag.handle(ev(pygame.MOUSEMOTION, (150, 110), rel=(20, 10)), area)
    assert drag.handle(ev(pygame.MOUSEBUTTONUP, (150, 110)), area) is True
    assert ((before[0] - cam.center[0]) * cam.zoom, (before[1] - cam.center[1]) * cam.zoom) == pytest.approx(
        (50, 10)
    )
    # Off the board, or over a menu (free=False), the press is the view's.
    assert drag.handle(ev(pygame.MOUSEBUTTONDOWN, (400, 100)), area) is None
    assert drag.handle(ev(pygame.MOUSEBUTTONDOWN, (100, 100)), area, free=False) is None
    # A right click that does not drag comes back as a right click (cancel).
    assert drag.handle(ev(pygame.MOUSEBUTTONDOWN, (50, 50), 3), area) is True
    back = drag.handle(ev(pygame.MOUSEBUTTONUP, (50, 50), 3), area)
    assert back.button == 3
    # The wheel zooms about the pointer, unless the view keeps it.
    zoom = cam.zoom
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)
    assert drag.handle(wheel, area, wheel=False) is None and cam.zoom == zoom
    assert drag.handle(wheel, area, pointer=(150, 150)) is True
    cam.update(5.0)
    assert cam.zoom > zoom
