"""The Hexxagon board view: geometry, drawing, mouse and keyboard input, animation, sound."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tafel-hexxagon"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

from tafel_hexxagon import GAME  # noqa: E402
from tafel_hexxagon.board import CELLS, cell_of, coords  # noqa: E402
from tafel_hexxagon.rules import HexMove, HexxagonState  # noqa: E402
from tafel_hexxagon.view import HexxagonView  # noqa: E402

from tafel.ui.theme import COLORBLIND, DEFAULT  # noqa: E402
from tests.kit import view_context as ctx  # noqa: E402

SIZES = [(1600, 900), (1024, 768), (480, 800), (300, 300), (2560, 1080)]
OPTIONS = GAME.resolve_options({})


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((64, 64))
    yield surface
    pygame.quit()


@pytest.fixture
def view(screen):
    v = HexxagonView(GAME, OPTIONS)
    v.layout(pygame.Rect(0, 0, 1000, 800))
    return v


def start() -> HexxagonState:
    return GAME.new_state(OPTIONS, None)


def click(view, state, name, button=1, kind=pygame.MOUSEBUTTONDOWN):
    event = pygame.event.Event(kind, pos=view.cell_center(cell_of(name)), button=button)
    return view.handle_event(event, state, ctx())


def key(view, state, k):
    return view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""), state, ctx())


# --- geometry ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_every_cell_is_hit_at_its_centre_and_the_board_fits(screen, size):
    view = HexxagonView(GAME, OPTIONS)
    rect = pygame.Rect(7, 11, *size)
    view.layout(rect)
    centres = [view.cell_center(c) for c in CELLS]
    assert all(view.cell_at_pixel(p) == c for p, c in zip(centres, CELLS, strict=True))
    xs, ys = [p[0] for p in centres], [p[1] for p in centres]
    r = view.radius
    assert rect.left <= min(xs) - r and max(xs) + r <= rect.right
    assert rect.top <= min(ys) - r and max(ys) + r <= rect.bottom
    # Centred, and the board uses most of the short side.
    assert abs((min(xs) + max(xs)) / 2 - rect.centerx) <= 1
    assert max(ys) - min(ys) + 2 * r >= 0.75 * min(size[1], size[0] * 18 / 15.6)
    assert view.cell_at_pixel((rect.left + 1, rect.top + 1)) is None


def test_neighbouring_centres_are_one_cell_apart(view):
    e5 = view.cell_center(cell_of("e5"))
    for name in ("d4", "e4", "f5", "f6", "e6", "d5"):
        x, y = view.cell_center(cell_of(name))
        assert abs(((x - e5[0]) ** 2 + (y - e5[1]) ** 2) ** 0.5 - 3**0.5 * view.radius) < 1.5
    # Files are columns: e6 straight above e5, e4 straight below.
    assert view.cell_center(cell_of("e6"))[0] == e5[0] < view.cell_center(cell_of("f5"))[0]
    assert view.cell_center(cell_of("e6"))[1] < e5[1] < view.cell_center(cell_of("e4"))[1]


# --- drawing ----------------------------------------------------------------------------------


def _patch(surface, point, half=3):
    rect = pygame.Rect(point[0] - half, point[1] - half + 4, 2 * half, 2 * half)
    return pygame.transform.average_color(surface, rect)[:3]


@pytest.mark.parametrize("theme", [DEFAULT, COLORBLIND])
def test_gems_show_their_colours_and_blocked_cells_are_dark(view, theme):
    surface = pygame.Surface((1000, 800))
    state = start()
    view.draw(surface, state, ctx(theme=theme, interactive=False))
    ruby = _patch(surface, view.cell_center(cell_of("a1")))
    sapphire = _patch(surface, view.cell_center(cell_of("e1")))
    empty = _patch(surface, view.cell_center(cell_of("c3")))
    blocked = _patch(surface, view.cell_center(cell_of("e6")))
    r0, _, b0 = theme.seat(0)
    assert (ruby[0] - ruby[2]) * (r0 - b0) > 0 and (sapphire[2] - sapphire[0]) > 0
    assert sum(blocked) < sum(empty) - 120
    assert state.to_text() == start().to_text()


def test_selection_marks_targets(view):
    surface = pygame.Surface((1000, 800))
    state = start()
    assert click(view, state, "a1") is None and view.has_selection
    view.draw(surface, state, ctx())
    before = _patch(surface, view.cell_center(cell_of("b1")), 2)
    view.reset(state)
    assert not view.has_selection
    view.draw(surface, state, ctx())
    assert _patch(surface, view.cell_center(cell_of("b1")), 2) != before  # the clone dot is gone


def test_draws_a_whole_game_at_several_sizes(screen):
    from tafel.cli.conformance import check_game

    sizes = [(1024, 768), (480, 800), (300, 300)]
    report = check_game(GAME, games=1, max_plies=40, deep_every=10, view=True, sizes=sizes)
    assert report.ok, "\n".join(report.lines())
    assert report.frames > 3 * 40 and report.notes == []


# --- mouse ------------------------------------------------------------------------------------


def test_click_select_then_clone_and_jump(view):
    state = start()
    assert click(view, state, "a1") is None
    assert click(view, state, "b2") == HexMove(None, cell_of("b2"))
    assert not view.has_selection
    assert click(view, state, "i5") is None
    assert click(view, state, "g4") == HexMove(cell_of("i5"), cell_of("g4"))


def test_clicks_that_do_not_move(view):
    state = start()
    assert click(view, state, "e1") is None and not view.has_selection  # Sapphire's gem
    click(view, state, "a1")
    assert click(view, state, "e5") is None  # too far: deselects
    assert not view.has_selection
    click(view, state, "a1")
    click(view, state, "a1", button=3)
    assert not view.has_selection
    click(view, state, "a1")
    assert click(view, state, "e9") is None and view.has_selection  # another own gem re-selects
    assert view.selected == cell_of("e9")
    assert (
        view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1), state, ctx())
        is None
        and not view.has_selection
    )


def test_drag_plays_the_move(view):
    state = start()
    click(view, state, "e9")
    assert click(view, state, "e7", kind=pygame.MOUSEBUTTONUP) == HexMove(cell_of("e9"), cell_of("e7"))


def test_no_input_when_not_interactive_or_over(view):
    state = start()
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.cell_center(cell_of("a1")), button=1)
    assert view.handle_event(event, state, ctx(interactive=False)) is None and not view.has_selection
    over = HexxagonState(1 << cell_of("a1"), 0)
    assert over.outcome is not None
    assert view.handle_event(event, over, ctx()) is None and not view.has_selection


# --- keyboard ---------------------------------------------------------------------------------


def test_keyboard_selects_and_plays(view):
    state = start()
    assert key(view, state, pygame.K_RIGHT) is None  # the first key shows the cursor only
    assert view.cursor.cell == cell_of("e9")  # the top gem of the side to move
    assert key(view, state, pygame.K_RETURN) is None and view.selected == cell_of("e9")
    key(view, state, pygame.K_DOWN)
    assert key(view, state, pygame.K_RETURN) == HexMove(None, cell_of("e8"))
    key(view, state, pygame.K_UP)
    key(view, state, pygame.K_RETURN)
    assert view.selected == cell_of("e9")
    key(view, state, pygame.K_BACKSPACE)
    assert not view.has_selection


def test_left_and_right_keep_to_the_row(view):
    state = start()
    view.handle_event(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=view.cell_center(cell_of("a3")), rel=(0, 0), buttons=(0, 0, 0)
        ),
        state,
        ctx(),
    )
    key(view, state, pygame.K_RIGHT)  # shows the cursor at the pointer
    assert view.cursor.cell == cell_of("a3")
    rows = []
    for _ in range(8):
        key(view, state, pygame.K_RIGHT)
        q, r = coords(view.cursor.cell)
        rows.append(r - q / 2)
    assert coords(view.cursor.cell)[0] == 8  # reached file i
    assert max(rows) - min(rows) <= 0.5  # zigzags along one row of the screen
    for _ in range(12):
        key(view, state, pygame.K_UP)
    assert view.cursor.cell == cell_of("i9")  # stops at the edge


# --- animation and sound ----------------------------------------------------------------------


def test_animations_run_and_end(view):
    surface = pygame.Surface((1000, 800))
    state = HexxagonState(1 << cell_of("d4"), 1 << cell_of("e5") | 1 << cell_of("i9"))
    for text in ("d5", "d4f5"):
        move = state.parse_move(text)
        after = state.play(move)
        view.on_move(state, move, after)
        assert view.animating
        steps = 0
        while view.animating:
            view.update(1 / 60)
            view.draw(surface, after, ctx(last_move=move, previous=state))
            steps += 1
        assert 5 < steps < 60
    view.draw(surface, state, ctx(anim_speed=0))
    view.on_move(state, state.parse_move("d5"), state.play(state.parse_move("d5")))
    assert not view.animating  # animations off


def test_sound_for_flips_and_plain_moves(view):
    state = HexxagonState(1 << cell_of("d4"), 1 << cell_of("e5") | 1 << cell_of("i9"))
    flip, plain = state.parse_move("d5"), state.parse_move("c3")
    assert view.sound_for(state, flip, state.play(flip)) == "capture"
    assert view.sound_for(state, plain, state.play(plain)) == "move"


def test_status_lines(view):
    state = start()
    assert view.status(state, ctx()) == ["Ruby 3 gems", "Sapphire 3 gems"]
    s = HexxagonState(1 << cell_of("a1"), 1 << cell_of("i9"))
    for text in ["a1c2", "i9g8", "c2a1", "g8i9"]:
        s = s.play(s.parse_move(text))
    assert view.status(s, ctx())[-1] == "Position seen 2 times (3 ends the game)"
