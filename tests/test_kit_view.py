"""tafel.kit GridBoardView: a whole view from a few hooks; kept pictures never go stale."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pygame
import pytest

from tafel.cli.conformance import check_game
from tafel.kit import GridBoardView, Layer, SquareGrid, cross, ring
from tafel.ui.theme import COLORBLIND, DEFAULT
from tests.kit import view_context
from tests.toygames import Cell, TicTacToeState, tictactoe_def

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tafel-hexxagon"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

from tafel_hexxagon import GAME as HEXXAGON  # noqa: E402
from tafel_hexxagon.view import HexxagonView  # noqa: E402


class ToyView(GridBoardView):
    def make_grid(self, options):
        return SquareGrid({n: (n % 3, n // 3) for n in range(9)})

    def piece_at(self, state, cell):
        return 0 if state.x >> cell & 1 else 1 if state.o >> cell & 1 else None

    def paint_piece(self, piece, size, theme):
        return (cross if piece == 0 else ring)(theme.seat(piece), size)

    def move_cells(self, move):
        return None, move.index

    def winning_cells(self, state):
        from tests.toygames import TTT_LINES

        for line in TTT_LINES:
            if state.x & line == line or state.o & line == line:
                return [c for c in range(9) if line >> c & 1]
        return []


TOY = dataclasses.replace(tictactoe_def(), view=ToyView)


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 800))


def fresh(cls, game):
    view = cls(game, game.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 900, 800))
    return view


def picture(view, screen, state, ctx) -> bytes:
    screen.fill(ctx.theme.background)
    view.draw(screen, state, ctx)
    return pygame.image.tobytes(screen, "RGB")


@pytest.mark.parametrize("cls, game", [(ToyView, TOY), (HexxagonView, HEXXAGON)], ids=["square", "hex"])
def test_a_long_lived_view_draws_what_a_fresh_one_draws(screen, cls, game):
    state = game.new_state(game.resolve_options({}), None)
    kept, rng, last = fresh(cls, game), random.Random(3), None
    for ply in range(40):
        if state.outcome is not None:
            break
        theme = COLORBLIND if ply % 13 == 12 else DEFAULT
        marked = ply % 3 == 0
        hover = rng.choice([None, *kept.grid.cells]) if marked else None
        ctx = view_context(theme=theme, time=0.0, last_move=last, show_last=marked)
        other = fresh(cls, game)
        kept.hover = other.hover = hover
        assert picture(kept, screen, state, ctx) == picture(other, screen, state, ctx), f"ply {ply}"
        last = rng.choice(state.legal_moves())
        state = state.play(last)


def test_click_and_keys_play_and_the_move_animates(screen):
    view = fresh(ToyView, TOY)
    state = TicTacToeState()
    ctx = view_context()
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=view.cell_center(4), button=1)
    assert view.handle_event(down, state, ctx) == Cell(4)
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_UP):
        assert view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k), state, ctx) is None
    move = view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN), state, ctx)
    assert move == Cell(8)  # the cursor showed at b2, then c2, c3
    after = state.play(move)
    view.on_move(state, move, after)
    assert view.animating and view.sound_for(state, move, after) == "move"
    frames = 0
    while view.animating:
        view.update(1 / 60)
        view.draw(screen, after, view_context(last_move=move))
        frames += 1
    assert 5 < frames < 40


def test_the_toy_view_passes_the_renderer_check(screen):
    report = check_game(TOY, games=2, view=True, sizes=[(1024, 768), (300, 300)])
    assert report.ok, "\n".join(report.lines())


def test_a_won_game_draws_its_chain(screen):
    view = fresh(ToyView, TOY)
    state = TicTacToeState()
    for i in (0, 3, 1, 4):
        state = state.play(Cell(i))
    won = state.play(Cell(2))
    view.on_move(state, Cell(2), won)
    while view.animating:
        view.update(1 / 30)
    plain = picture(fresh(ToyView, TOY), screen, won, view_context(interactive=False, time=0.0))
    plain_row = pygame.image.tobytes(screen, "RGB")
    assert plain == plain_row
    mid = view.cell_center(1)
    assert screen.get_at(mid)[:3] == DEFAULT.highlight  # the chain runs through b1


def test_layer_repaints_only_for_a_new_key():
    layer, calls = Layer(), []
    for key in (1, 1, 2, 2, 1):
        layer.get(key, (3, 3), lambda s, key=key: calls.append(key))
    assert calls == [1, 2, 1]


def test_a_view_missing_a_hook_fails_the_check_by_name(screen):
    """A grid view must say what stands on a cell: without ``piece_at`` it cannot be made, and
    the conformance check says which hook is missing."""

    class Blank(GridBoardView):
        def make_grid(self, options):
            return SquareGrid({n: (n % 3, n // 3) for n in range(9)})

    with pytest.raises(TypeError, match="piece_at"):
        Blank(TOY, TOY.resolve_options({}))
    report = check_game(dataclasses.replace(TOY, view=Blank), games=1, view=True, sizes=[(640, 480)])
    assert not report.ok and "piece_at" in "\n".join(report.lines())
