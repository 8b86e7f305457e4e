"""Game actions from the pause menu (GameState.meta_moves): Amakta's resign and draw offers."""

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.dialog import ConfirmScene
from tafel.ui.scenes.pause import PauseScene
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
    # It asks first, the focus on "Keep playing".
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene) and confirm.focus.focused.key == "no"
    assert play.match.state.outcome is None
    app.step(events=click(next(b for b in confirm.buttons if b.key == "yes").rect.center))
    outcome = play.match.state.outcome
    assert outcome is not None and outcome.winners == (1 - mover,)


def _pause(app, play) -> PauseScene:
    """Open the pause menu once the seat to move may act (two humans: always after a move)."""
    assert run_until(app, lambda: play.interactive and app.scenes.top is play, frames=300)
    app.step(events=[key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    return pause


def _meta_labels(pause: PauseScene) -> list[str]:
    return [b.label for b in pause.buttons if b.key and str(b.key).startswith("meta:")]


def _press(app, pause: PauseScene, label: str) -> None:
    button = next(b for b in pause.buttons if b.label == label)
    app.step(events=click(button.rect.center))


def _amakta_in_play(app, registry):
    game = registry.game("amakta")
    match = Match(game, {"board": "small", "set": "beginner"}, players=["human", "human"], seed=None)
    for text in ("circles:none", "colour:black", "place:1:d1:r0"):
        match.play(match.state.parse_move(text))
    return match, app.start_match(match)


@pytest.mark.parametrize("answer", ["Accept the draw", "Decline the draw"])
def test_draw_offered_and_answered_from_the_pause_menu(app, registry, answer):
    match, play = _amakta_in_play(app, registry)
    mover = play.match.state.to_move
    pause = _pause(app, play)
    assert _meta_labels(pause) == ["Offer a draw", "Resign"]
    _press(app, pause, "Offer a draw")
    state = play.match.state
    assert state.offer == mover and state.to_move == 1 - mover and state.outcome is None
    assert play.match.texts[-1] == "offer-draw"  # recorded like any move (saves and replays)
    pause = _pause(app, play)
    assert _meta_labels(pause) == ["Accept the draw", "Decline the draw", "Resign"]
    _press(app, pause, answer)
    if answer == "Accept the draw":  # it ends the game: asked first
        confirm = app.scenes.top
        assert isinstance(confirm, ConfirmScene) and play.match.state.outcome is None
        app.step(events=click(next(b for b in confirm.buttons if b.key == "yes").rect.center))
    state = play.match.state
    if answer == "Accept the draw":
        assert state.outcome is not None and state.outcome.is_draw
        assert state.outcome.reason == "draw agreed"
        return
    assert state.outcome is None and state.offer is None and state.to_move == mover
    assert play.match.texts[-2:] == ["offer-draw", "decline-draw"]
    pause = _pause(app, play)
    assert _meta_labels(pause) == ["Resign"]  # one offer a turn


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
    pygame.mouse.set_pos(play.board_rect.center)  # a wheel over the move list scrolls the list
    app.step(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert pygame.MOUSEWHEEL in seen
