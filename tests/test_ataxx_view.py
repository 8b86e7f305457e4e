"""The Ataxx renderer/controller: geometry, drawing, mouse and keyboard input, animations."""

from __future__ import annotations

import pygame
import pytest

from tafel.games.ataxx import GAME
from tafel.games.ataxx.board import SQUARES, square_of
from tafel.games.ataxx.layouts import LAYOUTS, layout_fen
from tafel.games.ataxx.rules import AtaxxMove, AtaxxState
from tafel.games.ataxx.view import AtaxxView
from tafel.kit import Flip
from tafel.ui.theme import COLORBLIND, DEFAULT
from tests.kit import view_context as make_ctx

SIZES = [(1920, 1080), (1024, 768), (2560, 1080), (300, 300), (640, 1000)]
MID = "x1o3o/1xxo3/2x1o2/3xo2/1oo4/7/o5x x 4 9"
FINISHED = "xxxxooo/xxxxooo/xxxxooo/xxxx-oo/xxxxooo/xxxxooo/xxxxooo o 0 30"


@pytest.fixture(scope="module")
def screen():
    pygame.init()
    surface = pygame.display.set_mode((800, 600))
    yield surface
    pygame.quit()


@pytest.fixture
def view(screen):
    v = AtaxxView(GAME, GAME.resolve_options({}))
    v.layout(pygame.Rect(0, 0, 800, 600))
    return v


def sq(name: str) -> int:
    return square_of(name)


def click(view, state, name, ctx=None, button=1):
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.square_center(sq(name)), button=button)
    return view.handle_event(event, state, ctx or make_ctx())


def key(view, state, k, ctx=None):
    return view.handle_event(
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""), state, ctx or make_ctx()
    )


def close(c1, c2, tol=24) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1[:3], c2[:3], strict=True))


# --- geometry -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_layout_is_square_centred_and_inside(screen, size):
    view = AtaxxView(GAME, GAME.resolve_options({}))
    rect = pygame.Rect(10, 20, *size)
    view.layout(rect)
    assert view.field.width == view.field.height == 7 * view.cell
    assert rect.contains(view.outer)
    assert view.outer.contains(view.field)
    # Centred (to a pixel) and with room for the coordinates on the rim.
    assert abs(view.outer.centerx - rect.centerx) <= 1 and abs(view.outer.centery - rect.centery) <= 1
    assert view.field.x - view.outer.x >= view.cell // 3
    # The board uses most of the short side.
    assert view.outer.width >= 0.9 * min(size)
    for s in SQUARES:
        assert view.square_at(view.square_center(s)) == s
        assert view.field.contains(view.square_rect(s))
    assert view.square_at(view.outer.topleft) is None
    assert view.square_at((view.field.right, view.field.centery)) is None
    assert view.square_at((view.field.centerx, view.field.bottom)) is None


def test_orientation_rank_seven_on_top(view):
    assert view.square_center(sq("a7"))[1] < view.square_center(sq("a1"))[1]
    assert view.square_center(sq("a1"))[0] < view.square_center(sq("g1"))[0]


# --- drawing ------------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_draw_positions_at_all_sizes(screen, size):
    surface = pygame.Surface(size)
    view = AtaxxView(GAME, GAME.resolve_options({}))
    view.layout(surface.get_rect())
    states = [AtaxxState.start(), AtaxxState.from_fen(MID), AtaxxState.from_fen(FINISHED)]
    states += [AtaxxState.from_fen(layout_fen(k)) for k, _, _ in LAYOUTS]
    last = AtaxxMove(sq("e3"), sq("e5"))
    for state in states:
        for ctx in (
            make_ctx(),
            make_ctx(last_move=last, hint=AtaxxMove(None, sq("d4")), time=1.3, interactive=False),
            make_ctx(theme=COLORBLIND, show_last=False, show_legal=False),
        ):
            view.draw(surface, state, ctx)
    # A Red stone sits on a7 of the start position, a Blue one on g7.
    view.draw(surface, AtaxxState.start(), make_ctx())
    assert close(surface.get_at(view.square_center(sq("a7"))), DEFAULT.seat(0), 70)
    assert close(surface.get_at(view.square_center(sq("g7"))), DEFAULT.seat(1), 70)
    assert close(surface.get_at(view.square_center(sq("d4"))), DEFAULT.board)


def test_blocked_squares_look_different(screen, view):
    state = AtaxxState.from_fen(layout_fen("pillars"))
    view.draw(screen, state, make_ctx())
    blocked = screen.get_at(view.square_center(sq("c5")))
    empty = screen.get_at(view.square_center(sq("d5")))
    assert sum(blocked[:3]) < sum(empty[:3]) - 200
    assert close(blocked, DEFAULT.blocked, 30)


def test_selection_shows_clone_dots_and_jump_rings(screen, view):
    state = AtaxxState.start()
    assert click(view, state, "a7") is None
    assert view.has_selection and view.selected == sq("a7")
    view.draw(screen, state, make_ctx())
    # Clone target: a filled dot in target_near at the centre.
    assert close(screen.get_at(view.square_center(sq("b6"))), DEFAULT.target_near)
    # Jump target: a ring in target_far, hollow in the middle.
    cx, cy = view.square_center(sq("c5"))
    assert close(screen.get_at((cx, cy)), DEFAULT.board)
    assert close(screen.get_at((cx + round(view.cell * 0.17), cy)), DEFAULT.target_far, 40)
    # Not a target: plain board.
    assert close(screen.get_at(view.square_center(sq("d4"))), DEFAULT.board)


def test_show_legal_off_hides_targets(screen, view):
    state = AtaxxState.start()
    click(view, state, "a7")
    view.draw(screen, state, make_ctx(show_legal=False))
    assert close(screen.get_at(view.square_center(sq("b6"))), DEFAULT.board)
    # ...but the targets can still be clicked.
    assert click(view, state, "b6") == AtaxxMove(None, sq("b6"))


def test_last_move_outline_and_hint(screen, view):
    before = AtaxxState.start()
    move = AtaxxMove(sq("a7"), sq("c5"))
    after = before.play(move)
    edge = view.square_rect(sq("c5"))
    probe = (edge.centerx, edge.top + max(2, view.cell // 20))
    view.draw(screen, after, make_ctx(last_move=move, previous=before))
    assert close(screen.get_at(probe), DEFAULT.last_move, 40)
    view.draw(screen, after, make_ctx(last_move=move, previous=before, show_last=False))
    assert not close(screen.get_at(probe), DEFAULT.last_move, 40)
    hint = AtaxxMove(None, sq("f2"))
    view.draw(screen, after, make_ctx(hint=hint, interactive=False))
    assert close(screen.get_at(view.square_center(sq("f2"))), DEFAULT.hint, 90)


def test_draw_does_not_build_surfaces_every_frame(screen, view):
    state = AtaxxState.from_fen(MID)
    view.draw(screen, state, make_ctx())
    board = view._board.surface
    view.draw(screen, state, make_ctx(time=2.0))
    assert view._board.surface is board
    view.layout(pygame.Rect(0, 0, 640, 480))
    view.draw(screen, state, make_ctx())
    assert view._board.surface is not board


# --- mouse --------------------------------------------------------------------------------------


def test_click_stone_then_clone_target(view):
    state = AtaxxState.start()
    assert click(view, state, "a7") is None
    move = click(view, state, "b7")
    assert move == AtaxxMove(None, sq("b7"))
    assert not view.has_selection
    assert state.play(move).count(0) == 3


def test_a_click_on_the_hinted_empty_square_plays_the_hint(view):
    """Issue 38: the hint marks an empty square; a click there (no stone picked) plays the hint,
    a jump as well as a clone; another empty square still does nothing."""
    from dataclasses import replace

    state = AtaxxState.start()
    for hint in (AtaxxMove(None, sq("b7")), AtaxxMove(sq("a7"), sq("c7"))):
        ctx = replace(make_ctx(), hint=hint)
        assert click(view, state, "d4", ctx) is None
        assert click(view, state, square_name(hint.to), ctx) == hint
        assert not view.has_selection


def square_name(square: int) -> str:
    return next(name for name in (f + str(r) for f in "abcdefg" for r in range(1, 8)) if sq(name) == square)


def test_click_stone_then_jump_target(view):
    state = AtaxxState.from_fen(MID)
    assert click(view, state, "c5") is None
    move = click(view, state, "e6")
    assert move == AtaxxMove(sq("c5"), sq("e6"))
    after = state.play(move)
    # The jumping stone moves and flips the two Blue stones next to e6 (d6, e5).
    assert after.count(0) == state.count(0) + 2


def test_clicks_without_selection_do_nothing(view):
    state = AtaxxState.start()
    assert click(view, state, "g7") is None  # opponent stone
    assert not view.has_selection
    assert click(view, state, "d4") is None  # empty square
    assert not view.has_selection


def test_reselect_and_deselect(view):
    state = AtaxxState.start()
    click(view, state, "a7")
    assert click(view, state, "g1") is None
    assert view.selected == sq("g1")
    assert click(view, state, "a1") is None  # an opponent stone deselects
    assert not view.has_selection
    click(view, state, "a7")
    assert click(view, state, "d4") is None  # an empty square out of reach deselects
    assert not view.has_selection
    click(view, state, "a7")
    off_board = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.outer.topleft, button=1)
    assert view.handle_event(off_board, state, make_ctx()) is None
    assert not view.has_selection
    click(view, state, "a7")
    assert click(view, state, "d4", button=3) is None
    assert not view.has_selection


def test_drag_from_stone_to_target(view):
    state = AtaxxState.start()
    assert click(view, state, "g1") is None
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=view.square_center(sq("e3")), button=1)
    assert view.handle_event(up, state, make_ctx()) == AtaxxMove(sq("g1"), sq("e3"))


def test_no_input_when_not_interactive(view):
    state = AtaxxState.start()
    ctx = make_ctx(interactive=False)
    assert click(view, state, "a7", ctx) is None
    assert not view.has_selection
    assert key(view, state, pygame.K_RETURN, ctx) is None
    assert not view.cursor.shown


def test_no_input_when_game_over(view):
    state = AtaxxState.from_fen(FINISHED)
    assert click(view, state, "a7") is None
    assert not view.has_selection


def test_blocked_square_is_not_a_target(view):
    state = AtaxxState.from_fen("x5o/1-5/7/7/7/7/o5x x 0 1")
    click(view, state, "a7")
    assert click(view, state, "b6") is None
    assert not view.has_selection


# --- keyboard -----------------------------------------------------------------------------------


def test_keyboard_cursor_plays_a_jump(view):
    state = AtaxxState.start()
    assert key(view, state, pygame.K_DOWN) is None  # first key only shows the cursor
    assert view.cursor.shown and view.cursor.cell == sq("a7")
    assert key(view, state, pygame.K_SPACE) is None
    assert view.selected == sq("a7")
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_DOWN):
        assert key(view, state, k) is None
    assert view.cursor.cell == sq("c5")
    assert key(view, state, pygame.K_RETURN) == AtaxxMove(sq("a7"), sq("c5"))


def test_keyboard_cursor_clamps_at_the_edge(view):
    state = AtaxxState.start()
    key(view, state, pygame.K_UP)
    for _ in range(3):
        key(view, state, pygame.K_UP)
        key(view, state, pygame.K_LEFT)
    assert view.cursor.cell == sq("a7")


def test_keyboard_clone(view):
    state = AtaxxState.start()
    key(view, state, pygame.K_RETURN)
    key(view, state, pygame.K_RETURN)
    key(view, state, pygame.K_RIGHT)
    assert key(view, state, pygame.K_KP_ENTER) == AtaxxMove(None, sq("b7"))


def test_backspace_and_escape_clear_selection(view):
    state = AtaxxState.start()
    for k in (pygame.K_BACKSPACE, pygame.K_ESCAPE):
        click(view, state, "a7")
        assert view.has_selection
        assert key(view, state, k) is None
        assert not view.has_selection


def test_mouse_motion_hides_cursor(screen, view):
    state = AtaxxState.start()
    key(view, state, pygame.K_LEFT)
    assert view.cursor.shown
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=view.square_center(sq("d4")), rel=(3, 0), buttons=(0, 0, 0)
    )
    view.handle_event(motion, state, make_ctx())
    assert not view.cursor.shown
    view.draw(screen, state, make_ctx())


def test_hover_preview_on_target(screen, view):
    state = AtaxxState.from_fen(MID)
    click(view, state, "c5")
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=view.square_center(sq("d5")), rel=(1, 0), buttons=(0, 0, 0)
    )
    view.handle_event(motion, state, make_ctx())
    view.draw(screen, state, make_ctx())
    # A translucent Red ghost replaces the green dot on the hovered clone target.
    ghost = screen.get_at(view.square_center(sq("d5")))
    assert ghost[0] > ghost[1] + 40


# --- animation ----------------------------------------------------------------------------------


def test_clone_animation_runs_and_ends(screen, view):
    before = AtaxxState.from_fen(MID)
    move = AtaxxMove(None, sq("d5"))
    after = before.play(move)
    view.draw(screen, before, make_ctx())
    view.on_move(before, move, after)
    assert view.animating
    view.update(0.05)
    view.draw(screen, after, make_ctx(interactive=False, last_move=move))
    assert view.animating
    assert click(view, after, "d4") is None  # no input while animating
    for _ in range(40):
        view.update(1 / 60)
        view.draw(screen, after, make_ctx(interactive=False, last_move=move))
    assert not view.animating


def test_jump_animation_slides_and_flips(screen, view):
    before = AtaxxState.from_fen(MID)
    move = AtaxxMove(sq("c5"), sq("e6"))
    after = before.play(move)
    view.on_move(before, move, after)
    flips = [a.cell for a in view.motion.running if isinstance(a, Flip)]
    assert view.animating and sorted(flips) == sorted([sq("d6"), sq("e5")])
    steps = 0
    while view.animating:
        view.update(1 / 30)
        view.draw(screen, after, make_ctx(interactive=False))
        steps += 1
        assert steps < 100
    assert steps > 5
    # Once finished the flipped stone is shown in Red.
    view.draw(screen, after, make_ctx(interactive=False))
    assert close(screen.get_at(view.square_center(sq("d6"))), DEFAULT.seat(0), 70)


def test_animation_speed_zero_skips_animation(screen, view):
    before = AtaxxState.start()
    move = AtaxxMove(None, sq("b7"))
    view.draw(screen, before, make_ctx(anim_speed=0.0))
    view.on_move(before, move, before.play(move))
    assert not view.animating


def test_pass_does_not_animate(view):
    # Blue (g1) is walled in by blockers and must pass.
    state = AtaxxState.from_fen("x6/7/7/7/4---/4---/4--o o 0 1")
    assert state.legal_moves() == [AtaxxMove(None, None)]
    view.on_move(state, AtaxxMove(None, None), state.play(AtaxxMove(None, None)))
    assert not view.animating


def test_reset_cancels_animation_and_selection(view):
    before = AtaxxState.start()
    click(view, before, "a7")
    move = AtaxxMove(None, sq("b7"))
    after = before.play(move)
    view.on_move(before, move, after)
    assert view.animating and not view.has_selection
    click(view, after, "a7")
    view.reset(after)
    assert not view.animating
    view.on_move(before, move, after)
    view.motion.update(0.01)
    view.selected = sq("g7")
    view.reset(after)
    assert not view.animating and not view.has_selection


# --- side panel ---------------------------------------------------------------------------------


def test_status_lines(view):
    state = AtaxxState.from_fen(MID)
    assert view.status(state, make_ctx()) == ["Red 6 stones", "Blue 8 stones"]
    engine = AtaxxState.from_fen("x5o/7/7/7/7/7/6x x 3 5", engine_rules=True)
    assert view.status(engine, make_ctx()) == ["Red 2 stones", "Blue 1 stone", "Halfmove clock 3"]
