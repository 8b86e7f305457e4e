"""Game actions from the pause menu (GameState.meta_moves): Amakta's resign and draw offer."""

import pygame
import pytest

from core.match import Match
from core.ui.app import App
from core.ui.scenes.pause import PauseScene
from tests.ui_toygame import FakeWorker, click, key, run_until


@pytest.fixture
def app(registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    app.step()
    yield app
    app.close()


def test_resign_from_the_pause_menu(app, registry):
    game = registry.game("amakta")
    match = Match(game, {}, players=["human", "human"], seed=None)
    # Play through the start phase until the game offers its menu actions.
    for _ in range(60):
        if match.state.meta_moves():
            break
        match.play(match.state.legal_moves()[0])
    labels = [label for label, _ in match.state.meta_moves()]
    assert "Resign" in labels
    play = app.start_match(match)
    assert run_until(app, lambda: play.interactive, frames=300)
    app.step(events=[key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    resign = next(b for b in pause.buttons if b.label == "Resign")
    mover = match.state.to_move
    app.step(events=click(resign.rect.center))
    outcome = play.match.state.outcome
    assert outcome is not None and outcome.winners == (1 - mover,)


def test_no_meta_buttons_for_games_without_them(app, registry):
    play = app.start_match(Match(registry.game("ataxx"), {}, players=["human", "human"], seed=None))
    assert run_until(app, lambda: play.interactive, frames=300)
    app.step(events=[key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert not [b for b in pause.buttons if b.key and str(b.key).startswith("meta:")]


def test_view_events_reach_the_view_while_the_ai_moves(app, registry):
    """Looking around (pan, zoom) works on AI turns through BoardView.handle_view_event."""
    game = registry.game("ataxx")
    play = app.start_match(Match(game, {}, players=["easy", "easy"], seed=None))
    app.step()
    seen = []
    play.view.handle_view_event = lambda event, state, ctx: seen.append(event.type) or True
    assert not play.interactive
    app.step(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert pygame.MOUSEWHEEL in seen
