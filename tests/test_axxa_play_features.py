"""AxxA's helpers for the solo player, through the real play scene: a hint from the solver,
watching the solver play a whole deal, the celebration of an outstanding move, and the marks on
the spaces a selected stack can reach."""

from __future__ import annotations

import pygame
import pytest

from tafel.games.axxa import GAME
from tafel.games.axxa.board import cell_of
from tafel.games.axxa.view import AxxaView
from tafel.match import StartRequest
from tafel.ui.app import App
from tafel.ui.fonts import Fonts
from tafel.ui.scenes.gameover import GameOverScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.theme import DEFAULT
from tafel.view import ViewContext
from tests.test_axxa_rules import play, position
from tests.ui_toygame import click, key, run_until


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


def test_hint_from_the_solver_is_shown_and_counted(registry):
    request = StartRequest(game_id="axxa", options={"seed": 12}, players=["human"])
    app = App(registry, windowed=True, size=(1280, 800), start=request, strict=True)
    try:
        app.step()
        scene = app.scenes.top
        assert isinstance(scene, PlayScene)
        assert run_until(app, lambda: scene.interactive, frames=100, dt=0.1)
        app.step(events=[key(pygame.K_h)])
        assert scene.turns.hint_pending is not None
        assert run_until(app, lambda: scene.turns.hint is not None, frames=100, dt=0.05, wait=60), (
            "no hint arrived"
        )
        hint = scene.turns.hint
        state = scene.match.state
        assert hint in state.legal_moves()
        assert scene.match.hints == 1 and scene.ctx.hint == hint
        # The hinted move is one click away: its stack, then its space.
        for events in [click(scene.view.cell_center(c)) for c in hint.cells]:
            app.step(events=events)
        assert scene.match.move_texts()[-1] == state.move_to_text(hint)
        assert scene.turns.hint is None
        assert not app.errors
    finally:
        app.close()


def test_watching_the_solver_play_a_whole_deal(registry):
    """A solo seat played by the solver: the game runs to its end by itself, and the game-over
    card says how it ended; the records keep only games people played."""
    from tafel.games.axxa.records import RecordSheet

    request = StartRequest(game_id="axxa", options={"seed": 3}, players=["easy"])
    app = App(registry, windowed=True, size=(1280, 800), start=request, strict=True)
    try:
        app.step()
        scene = app.scenes.top
        assert run_until(app, lambda: scene.match.state.outcome is not None, frames=100, dt=0.25, wait=120)
        assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene), frames=200, dt=0.1)
        outcome = scene.match.state.outcome
        assert app.scenes.top.lines[0].lower().startswith(outcome.reason[:10].lower())
        assert len(scene.match.move_texts()) > 10
        assert RecordSheet.load().overall().played == 0
        assert not app.errors
    finally:
        app.close()


@pytest.fixture(scope="module")
def surface():
    pygame.init()
    return pygame.Surface((1280, 800))


def context(t: float = 0.0, interactive: bool = True) -> ViewContext:
    return ViewContext(theme=DEFAULT, fonts=Fonts(), time=t, interactive=interactive)


def test_outstanding_move_removes_three_triplets_and_is_celebrated(surface):
    # e3 moves three spaces to b3; its top 3 goes under, so b3 shows 1, then 2, then 3, like b2
    # and c2: the 1s, the 2s and the 3s go in one move.
    start = position({"b2": "321", "c2": "321", "e3": "[2]13", "g4": "6", "e7": "[44]4"})
    move = start.parse_move("e3-b3")
    after = start.play(move)
    assert after.chain == 3 and after.triplets == 3 and after.due == 4
    view = AxxaView(GAME, GAME.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 1280, 800))
    view.on_move(start, move, after)
    assert view.animating and any(getattr(a, "title", "") == "Outstanding!" for a in view.motion.running)
    for frame in range(120):
        view.draw(surface, after.view_for(0), context(frame / 10, False))
        if not view.animating:
            break
        view.update(0.1)
    assert not view.animating


def test_selected_stack_marks_its_spaces_and_the_triplet_moves(surface):
    """Selecting a stack marks every space it can reach; a space where it would complete a
    triplet of the number due is marked as such (certain when its next top is known)."""
    from tafel.games.axxa.rules import AxxaMove

    s = position({"b2": "1", "c2": "1", "c4": "[2]12", "g4": "6", "e7": "[33]3"})
    view = AxxaView(GAME, GAME.resolve_options({}))
    view.layout(pygame.Rect(0, 0, 1280, 800))
    ctx = context()
    c4 = cell_of("c4")
    for e in click(view.cell_center(c4)):
        view.handle_event(e, s, ctx)
    assert view.selected == c4
    view.draw(surface, s, ctx)
    reachable = set(s.destinations(c4))
    assert reachable == {m.cells[1] for m in s.legal_moves() if m.cells[0] == c4}
    chance = {cell: s.triplet_chance(AxxaMove.shift(c4, cell)) for cell in reachable}
    # On b3 the next top, a known 1, joins the 1s on b2 and c2.
    assert chance[cell_of("b3")] == 1.0 and min(chance.values()) == 0.0
    assert play(s, "c4-b3").triplets == 1
    # Face-down next tops give a chance between: one unknown piece under a 2 on top.
    hidden = position({"b2": "1", "c2": "1", "c4": "[1]2", "g4": "6", "e7": "[33]3"})
    p = hidden.view_for(0).triplet_chance(AxxaMove.shift(c4, cell_of("b3")))
    assert 0.0 < p < 1.0
