"""Atoll on screen, headless: whole games played through the view with synthetic mouse and keys."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from tafel.games.atoll import GAME
from tafel.games.atoll.board import BLACK
from tafel.games.atoll.rules import SWAP, AtollState, move_for
from tafel.games.atoll.view import CHAIN_TIME, AtollView, winning_chain
from tafel.ui.fonts import Fonts
from tafel.ui.theme import DEFAULT
from tafel.view import ViewContext
from tests import kit
from tests.kit import motion

RECT = pygame.Rect(10, 10, 700, 740)


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    return pygame.display.set_mode((1024, 768))


def make(size: int = 11, rect: pygame.Rect = RECT) -> AtollView:
    cls = GAME.view_class()
    view = cls(GAME, GAME.resolve_options({"size": size}))
    assert isinstance(view, AtollView)
    view.layout(rect)
    return view


def context(**kw) -> ViewContext:
    return ViewContext(theme=DEFAULT, fonts=Fonts(0.7), interactive=True, **kw)


def click(view: AtollView, state: AtollState, ctx: ViewContext, pos):
    view.handle_event(motion(pos), state, ctx)
    return view.handle_event(kit.mouse(pos)[1], state, ctx)


def key(view: AtollView, state: AtollState, ctx: ViewContext, k: int):
    return view.handle_event(kit.key(k), state, ctx)


def settle(view: AtollView, limit: float = 5.0) -> float:
    """Run the view's animations to the end; the time they took."""
    t = 0.0
    while view.animating and t < limit:
        view.update(0.02)
        t += 0.02
    return t


def cursor(view: AtollView):
    """The keyboard cursor's cell while it is shown, else None."""
    return view.cursor.cell if view.cursor.shown else None


def steer(view: AtollView, state: AtollState, ctx: ViewContext, target: int):
    """Move the keyboard cursor onto ``target`` with arrow keys, then press Enter."""
    board = view.board
    if cursor(view) is None:
        assert key(view, state, ctx, pygame.K_UP) is None  # the first key only shows the cursor
    for _ in range(80):
        (c, r), (tc, tr) = board.coords[cursor(view)], board.coords[target]
        if (c, r) == (tc, tr):
            break
        k = (
            pygame.K_RIGHT
            if c < tc
            else pygame.K_LEFT
            if c > tc
            else pygame.K_UP
            if r > tr
            else pygame.K_DOWN
        )
        assert key(view, state, ctx, k) is None
    assert cursor(view) == target
    return key(view, state, ctx, pygame.K_RETURN)


def play(view, state, move, ctx, screen):
    """``move`` played and drawn; the state after it and the context that marks it (a
    frozen snapshot, as the play screen makes one per frame)."""
    after = state.play(move)
    view.on_move(state, move, after)
    ctx = replace(ctx, last_move=move)
    view.draw(screen, after, ctx)
    return after, ctx


def test_full_game_by_mouse_with_swap_and_winning_chain(screen):
    view = make()
    ctx = context()
    rng = random.Random(1)
    state = GAME.new_state(GAME.resolve_options({}), None)
    view.reset(state)
    view.draw(screen, state, ctx)
    # Clicks off the cells or on an island do nothing.
    assert click(view, state, ctx, (RECT.x + 2, RECT.y + 2)) is None
    island = view.board.cells_of(view.board.islands[0].mask)[0]
    assert click(view, state, ctx, view.centre[island]) is None
    ply = 0
    while state.outcome is None:
        if ply == 1:
            assert any("Swap available" in line for line in view.status(state, ctx))
            # Clicking Black's only stone is the swap.
            black_stone = view.board.cells_of(state.stones[BLACK])[0]
            move = click(view, state, ctx, view.centre[black_stone])
            assert move == SWAP
        else:
            target = rng.choice([m for m in state.legal_moves() if m != SWAP])
            move = click(view, state, ctx, view.centre[target.cell])
            assert move == target
            # An occupied cell is not a move.
            if state.placed:
                taken = view.board.cells_of(state.stones[0] | state.stones[1])[0]
                if not (state.swap_available and state.stones[BLACK] >> taken & 1):
                    assert click(view, state, ctx, view.centre[taken]) is None
        state, ctx = play(view, state, move, ctx, screen)
        ply += 1
        if state.outcome is None:
            if move != SWAP:
                assert view.animating
            settle(view)
    assert state.swapped and state.outcome is not None
    # The winning chain animates from island to island before the game-over screen.
    assert view.animating
    took = settle(view)
    assert CHAIN_TIME - 0.1 <= took <= CHAIN_TIME + 0.3
    chain = winning_chain(state)
    board = state.board
    assert chain[0] in board.island_of and chain[-1] in board.island_of
    assert board.island_of[chain[0]].owner == board.island_of[chain[-1]].owner == state.winner
    for a, b in zip(chain, chain[1:], strict=False):
        assert b in board.neighbours[a]
    own = state.stones[state.winner] | board.island_mask[state.winner]
    assert all(own >> c & 1 for c in chain)
    view.draw(screen, state, ctx)
    middle = chain[len(chain) // 2]
    assert tuple(screen.get_at(view.centre[middle]))[:3] == DEFAULT.highlight
    # A finished game takes no more input.
    empty = board.cells_of(state.empty)
    if empty:
        assert click(view, state, ctx, view.centre[empty[0]]) is None
    assert any("joined" in line for line in view.status(state, ctx))


def test_full_game_by_keyboard(screen):
    view = make(rect=pygame.Rect(0, 0, 1024, 768))
    ctx = context()
    rng = random.Random(2)
    state = GAME.new_state(GAME.resolve_options({"pie": False}), None)
    view.reset(state)
    # The first key shows the cursor without moving it; Enter then places there.
    assert cursor(view) is None
    while state.outcome is None:
        target = rng.choice(state.legal_moves()).cell
        move = steer(view, state, ctx, target)
        assert move == move_for(target)
        state, ctx = play(view, state, move, ctx, screen)
        settle(view)
    assert not view.animating
    assert state.winner is not None


def test_key_s_swaps_only_when_allowed(screen):
    view = make()
    ctx = context()
    state = GAME.new_state(GAME.resolve_options({}), None)
    assert key(view, state, ctx, pygame.K_s) is None
    state = state.play(state.parse_move("f7"))
    assert key(view, state, ctx, pygame.K_s) == SWAP
    # Enter with the cursor on Black's stone swaps too.
    view2 = make()
    cursor_start = view2.board.parse_cell("f7")
    view2.handle_event(motion(view2.centre[cursor_start]), state, ctx)
    assert key(view2, state, ctx, pygame.K_RETURN) is None  # shows the cursor on the hovered stone
    assert cursor(view2) == cursor_start
    assert key(view2, state, ctx, pygame.K_RETURN) == SWAP
    later = state.play(state.parse_move("e5"))
    assert key(view, later, ctx, pygame.K_s) is None


def test_cursor_moves_naturally(screen):
    view = make()
    ctx = context()
    state = GAME.new_state(GAME.resolve_options({}), None)
    board = view.board
    key(view, state, ctx, pygame.K_RIGHT)
    start = cursor(view)
    assert start in board.playable_set
    seen = [board.name(start)]
    for _ in range(12):
        key(view, state, ctx, pygame.K_RIGHT)
        seen.append(board.name(cursor(view)))
    # Right-arrow walks the row it started on to the last column and stops there.
    assert seen[-1].startswith("k") and seen[-1] == seen[-2]
    assert len({int(name[1:]) for name in seen}) == 1
    for _ in range(12):
        key(view, state, ctx, pygame.K_UP)
    assert board.coords[cursor(view)][1] == 3  # the top cell of column k
    for _ in range(15):
        key(view, state, ctx, pygame.K_LEFT)
    assert board.name(cursor(view)).startswith("a")


def test_hover_highlight_and_last_move_are_drawn(screen):
    view = make()
    ctx = context(show_last=True)
    state = GAME.new_state(GAME.resolve_options({}), None)
    f7 = view.board.parse_cell("f7")
    centre = view.centre[f7]
    view.draw(screen, state, ctx)
    plain = tuple(screen.get_at(centre))
    view.handle_event(motion(centre), state, ctx)
    assert view.hover == f7
    view.draw(screen, state, ctx)
    assert tuple(screen.get_at(centre)) != plain
    after = state.play(move_for(f7))
    view.on_move(state, move_for(f7), after)
    settle(view)
    ctx = replace(ctx, last_move=move_for(f7))
    view.draw(screen, after, ctx)
    assert tuple(screen.get_at(centre))[:3] == DEFAULT.last_move


@pytest.mark.parametrize("size", [(1920, 1080), (1024, 768), (640, 480)])
@pytest.mark.parametrize("board", [11, 15, 19])
def test_board_fits_any_window(screen, size, board):
    rect = pygame.Rect(0, 0, size[0] * 2 // 3, size[1])
    view = make(board, rect)
    assert rect.contains(view.outer)
    # The board fills the play area in its limiting direction.
    assert view.outer.width >= rect.width - 12 or view.outer.height >= rect.height - 12
    for cell, centre in view.centre.items():
        assert view.cell_at(centre) == cell
    surface = pygame.Surface(rect.size)
    state = GAME.new_state(GAME.resolve_options({"size": board}), None)
    view.draw(surface, state, context())


def test_no_animation_when_speed_is_zero(screen):
    view = make()
    ctx = context(anim_speed=0.0)
    state = GAME.new_state(GAME.resolve_options({}), None)
    move = state.legal_moves()[0]
    view.handle_event(motion((0, 0)), state, ctx)  # tells the view the speed
    view.on_move(state, move, state.play(move))
    assert not view.animating


def test_play_scene_human_against_ai(registry):
    """The core's play screen with this view: the human (Black) clicks, the AI seat answers through
    a fake worker (it plays the first legal move), the winning chain animates, then game over."""
    from tafel.match import Match
    from tafel.ui.app import App
    from tafel.ui.scenes.gameover import GameOverScene
    from tests.ui_toygame import FakeWorker, run_until
    from tests.ui_toygame import click as click_events

    # Black needs f5 and f4 to join north-east and south-west.
    start = AtollState.from_cells(
        ["f10", "f9", "f8", "f7", "f6", "f3", "f2", "f1"], [f"k{n}" for n in range(1, 9)]
    )
    worker = FakeWorker(registry)
    app = App(registry, windowed=True, size=(800, 600), worker=worker)
    try:
        match = Match(registry.game("atoll"), {}, players=["human", "easy"], seed=1, position=start.to_text())
        play = app.start_match(match)
        app.step()
        assert isinstance(play.view, AtollView)
        for name in ("f5", "f4"):
            assert run_until(app, lambda: play.interactive)
            cell = start.board.parse_cell(name)
            app.step(events=click_events(play.view.centre[cell]))
        texts = play.match.move_texts()
        assert texts[0] == "f5" and texts[-1] == "f4" and len(texts) == 3 and worker.requests
        assert play.match.state.outcome.winners == (0,)
        # The winning chain is being drawn; the game-over screen waits for it.
        assert play.view.animating and not isinstance(app.scenes.top, GameOverScene)
        assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
        assert "joined north-east to south-west" in " ".join(app.scenes.top.lines)
    finally:
        app.close()
