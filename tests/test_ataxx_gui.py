"""A whole Ataxx game through the real scenes, driven by synthetic keyboard and mouse events."""

import pygame
import pytest

from tafel.games.ataxx.rules import AtaxxState
from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.gameover import GameOverScene
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.pause import PauseScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.setup import SetupScene
from tests.ui_toygame import FakeWorker, click, key, run_until


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1600, 900), worker=FakeWorker(registry))
    app.step()
    yield app
    app.close()


def greedy_move(state: AtaxxState):
    """The move that leaves the mover the most stones: ends random-ish games quickly."""
    seat = state.to_move

    def score(move):
        after = state.play(move)
        return after.count(seat) - after.count(1 - seat), move.text()

    return max(state.legal_moves(), key=score)


def open_ataxx_by_keyboard(app) -> SetupScene:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    for _ in range(len(menu.cards) + 2):
        focused = menu.focus.focused
        if getattr(getattr(focused, "game", None), "id", None) == "ataxx":
            break
        app.step(events=[key(pygame.K_DOWN)])
    assert menu.focus.focused.game.id == "ataxx"
    app.step(events=[key(pygame.K_RETURN)])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.game.id == "ataxx"
    return setup


def test_whole_game_by_mouse_through_the_scenes(app):
    setup = open_ataxx_by_keyboard(app)
    # Both seats human: move to the second seat and cycle it back to "human".
    setup.focus.focus("seat:1")
    choices = setup.agent_choices()
    for _ in range(len(choices)):
        if setup.players[1] == "human":
            break
        app.step(events=[key(pygame.K_RIGHT)])
    assert setup.players == ["human", "human"]
    setup.focus.focus("start")
    app.step(events=[key(pygame.K_RETURN)])
    play = app.scenes.top
    assert isinstance(play, PlayScene) and play.match.game.id == "ataxx"

    view = play.view
    moves = 0
    while play.match.state.outcome is None and moves < 200:
        state = play.match.state
        assert run_until(app, lambda: play.interactive or play.match.state.outcome is not None, frames=400)
        if play.match.state is not state:
            continue  # a forced pass was played for us
        move = greedy_move(state)
        before = len(play.match.move_texts())
        if move.is_jump:
            app.step(events=click(view.square_center(move.frm)))
        else:
            # A clone: click any own stone next to the target, then the target.
            own = state.stones(state.to_move)
            from tafel.games.ataxx.board import SINGLES, squares

            app.step(events=click(view.square_center(squares(SINGLES[move.to] & own)[0])))
        app.step(events=click(view.square_center(move.to)))
        assert len(play.match.move_texts()) == before + 1, f"{move.text()} was not played"
        moves += 1
    outcome = play.match.state.outcome
    assert outcome is not None
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene), frames=600)
    over = app.scenes.top
    assert outcome.reason.lower() in " ".join(over.lines).lower()
    # "Play again" starts a fresh game in the same play scene.
    app.step(events=click(over.buttons[0].rect.center))
    assert app.scenes.top is play and play.match.ply == 0


def test_keyboard_move_pause_and_back_to_menu(app, registry):
    game = registry.game("ataxx")
    play = app.start_match(Match(game, {}, players=["human", "human"], seed=None))
    app.step()
    assert run_until(app, lambda: play.interactive)
    # The first arrow shows the cursor; the cursor starts somewhere on the board, so walk it to a7.
    app.step(events=[key(pygame.K_LEFT)])
    for _ in range(7):
        app.step(events=[key(pygame.K_LEFT), key(pygame.K_UP)])
    app.step(events=[key(pygame.K_RETURN)])  # select a7
    assert play.view.has_selection
    # Escape first clears the selection, then pauses.
    app.step(events=[key(pygame.K_ESCAPE)])
    assert not play.view.has_selection and app.scenes.top is play
    app.step(events=[key(pygame.K_RETURN)])  # select a7 again
    app.step(events=[key(pygame.K_RIGHT), key(pygame.K_RETURN)])  # clone to b7
    assert play.match.move_texts() == ["b7"]
    app.step(events=[key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    labels = [b.label for b in pause.buttons]
    for wanted in ("Resume", "Restart", "Rules", "Quit"):
        assert any(wanted in label for label in labels), labels
    menu_button = next(b for b in pause.buttons if "menu" in b.label.lower())
    app.step(events=click(menu_button.rect.center))
    leave = next(b for b in app.scenes.top.buttons if b.key == "yes")  # a game under way: it asks
    app.step(events=click(leave.rect.center))
    assert isinstance(app.scenes.top, MenuScene)


def test_ai_seat_moves_through_a_real_worker(registry):
    from tafel.ai.worker import AIWorker

    worker = AIWorker(registry.spec)
    app = App(registry, windowed=True, size=(1280, 720), worker=worker)
    try:
        game = registry.game("ataxx")
        play = app.start_match(Match(game, {}, players=["easy", "human"], seed=None))
        assert run_until(app, lambda: play.match.ply >= 1, frames=200, dt=1 / 60, wait=60)
        assert play.match.state.to_move == 1
        assert run_until(app, lambda: play.interactive, frames=300)
    finally:
        app.close()
