"""Play screen: whole games by mouse and keyboard, AI seats through a fake worker, stale results,
forced passes, undo, view errors."""

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.gameover import GameOverScene
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.pause import PauseScene
from tafel.ui.scenes.play import FallbackView, PlayScene
from tests.ui_toygame import GAME_ID, FakeWorker, click, key, make_registry, run_until


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("play_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Saves, settings and statistics of each test in its own folder (no Continue from other tests)."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def worker(registry):
    return FakeWorker(registry)


@pytest.fixture
def app(registry, worker):
    app = App(registry, windowed=True, size=(1280, 720), worker=worker)
    yield app
    app.close()


def start(app, players, options=None, **kw) -> PlayScene:
    game = app.registry.game(GAME_ID)
    scene = app.start_match(Match(game, options or {}, players=players, seed=1, **kw))
    app.step()
    return scene


def click_cell(app, play, cell):
    assert run_until(app, lambda: play.interactive), "the board never became interactive"
    app.step(events=click(play.view.cell_center(cell)))


def test_whole_game_by_mouse_then_play_again(app):
    play = start(app, ["human", "human"])
    for cell in (0, 1, 3, 4, 6):  # X takes the a column
        click_cell(app, play, cell)
    assert play.match.move_texts() == ["a1", "b1", "a2", "b2", "a3"]
    assert play.match.state.outcome.winners == (0,)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    over = app.scenes.top
    assert over.title == "X wins!" and "Three in a row" in over.lines[0]
    # The toy game has a random setup (its "Random" first player), so the same setup can be retried.
    assert [b.label for b in over.buttons] == [
        "Play again",
        "Same setup again",
        "Undo last move",
        "Review",
        "Menu",
    ]
    app.step(events=click(over.buttons[0].rect.center))
    assert app.scenes.top is play and play.match.ply == 0 and not play.turns.over_shown
    click_cell(app, play, 4)
    assert play.match.move_texts() == ["b2"]


def test_game_over_menu_and_draw(app):
    play = start(app, ["human", "human"], position="xox/xoo/ox. x")
    click_cell(app, play, 8)
    assert play.match.state.outcome.is_draw
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    assert app.scenes.top.title == "Draw"
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, MenuScene)


def test_game_over_waits_for_animation(app):
    play = start(app, ["human", "human"], position="xx./oo./... x")
    click_cell(app, play, 2)
    assert play.match.state.is_over and play.view.animating
    app.step(0.01)
    assert not isinstance(app.scenes.top, GameOverScene)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))


def test_keyboard_play(app):
    play = start(app, ["human", "human"])
    assert run_until(app, lambda: play.interactive)
    app.step(events=[key(pygame.K_UP), key(pygame.K_LEFT), key(pygame.K_RETURN)])
    assert play.match.move_texts() == ["a1"]


def test_human_against_fake_ai(app, worker):
    play = start(app, ["human", "first"])
    click_cell(app, play, 4)
    assert run_until(app, lambda: play.match.ply == 2)
    assert play.match.move_texts() == ["b2", "a1"]  # the fake plays the first legal move
    req = worker.requests[-1]
    assert (req.agent, req.seat, req.moves) == ("first", 1, ["b2"])
    assert not play.turns.thinking
    assert run_until(app, lambda: play.interactive)


def test_ai_against_ai_plays_to_the_end(app):
    play = start(app, ["easy", "hard"])
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene), frames=2000)
    # First legal moves: a1 b1 c1 a2 b2 c2 a3 -> X wins on the diagonal c1-b2-a3.
    assert play.match.move_texts() == ["a1", "b1", "c1", "a2", "b2", "c2", "a3"]


def test_thinking_indicator_shown_while_waiting(app, registry):
    slow = FakeWorker(registry, hold=True)
    app._worker = slow
    play = start(app, ["first", "human"])
    app.run_frames(3)
    assert play.turns.thinking and slow.busy
    slow.release()
    assert run_until(app, lambda: play.match.ply == 1)
    assert not play.turns.thinking


def test_stale_result_dropped_after_restart(app, registry):
    slow = FakeWorker(registry, hold=True)
    app._worker = slow
    play = start(app, ["first", "human"], options={"first": "x"})
    app.run_frames(3)
    assert play.turns.ai_pending == 1
    # Restart through the pause menu while the AI thinks.
    app.step(events=[key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    restart = next(b for b in pause.buttons if b.key == "restart")
    app.step(events=click(restart.rect.center))
    assert app.scenes.top is play and slow.cancels >= 1
    app.run_frames(3)
    assert play.turns.ai_pending == 2
    slow.release()  # generation 1 (stale) and 2 arrive together
    assert run_until(app, lambda: play.match.ply == 1)
    assert play.turns.dropped_results == 1 and play.match.move_texts() == ["a1"]
    app.run_frames(10)
    assert play.match.ply == 1


def test_stale_result_dropped_after_menu(app, registry):
    slow = FakeWorker(registry, hold=True)
    app._worker = slow
    first = start(app, ["first", "human"])
    app.run_frames(3)
    assert first.turns.thinking
    app.back_to_menu()
    assert not first.turns.thinking
    second = start(app, ["human", "first"])
    slow.release()
    app.run_frames(20)
    assert second.turns.dropped_results == 1 and second.match.ply == 0


def error_pause(app, text):
    """A plugin failure pauses the game with the error shown; Esc goes back to the game."""
    assert run_until(app, lambda: isinstance(app.scenes.top, PauseScene), frames=5)
    pause = app.scenes.top
    assert pause.error and text in pause.error and text in " ".join(pause.lines)
    assert any(b.key == "save" for b in pause.buttons)
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PlayScene)
    return pause


def test_ai_error_shown_and_human_takes_over(app, registry):
    play = start(app, ["human", "hard"])
    play.turns.seats.worker = FakeWorker(registry, error="agent exploded")
    click_cell(app, play, 0)
    assert run_until(app, lambda: play.turns.ai_error is not None)
    assert "agent exploded" in play.turns.ai_error and not play.turns.thinking
    error_pause(app, "agent exploded")
    app.run_frames(5)
    assert not play.turns.thinking  # it never sticks
    assert play.panel.takeover_button in play.panel.visible
    app.step(events=click(play.panel.takeover_button.rect.center))
    assert play.match.players == ["human", "human"] and play.turns.ai_error is None
    click_cell(app, play, 4)
    assert play.match.move_texts() == ["a1", "b2"]


def test_ai_error_retry_by_key(app, registry):
    play = start(app, ["human", "hard"])
    play.turns.seats.worker = broken = FakeWorker(registry, error="boom")
    click_cell(app, play, 0)
    assert run_until(app, lambda: play.turns.ai_error is not None)
    error_pause(app, "boom")
    broken.error = None
    app.step(events=[key(pygame.K_r)])
    assert run_until(app, lambda: play.match.ply == 2)


def test_lost_ai_request_becomes_an_error(app, registry):
    app._worker = FakeWorker(registry, idle=True)
    play = start(app, ["first", "human"])
    assert run_until(app, lambda: play.turns.ai_error is not None, frames=400, dt=0.05)
    assert "without answering" in play.turns.ai_error and not play.turns.thinking


def test_ai_worker_failing_to_start(registry):
    def failing():
        raise RuntimeError("no worker here")

    app = App(registry, windowed=True, size=(1280, 720), worker_factory=failing)
    play = start(app, ["first", "human"])
    app.run_frames(3)
    assert "no worker here" in play.turns.ai_error
    app.step(events=[key(pygame.K_RETURN)])
    assert play.match.players[0] == "human"
    app.close()


def test_forced_pass_is_announced_and_played(app):
    play = start(app, ["human", "human"], options={"pass_after": 1})
    click_cell(app, play, 4)
    assert run_until(app, lambda: play.turns.pass_timer is not None)
    assert any("O cannot move and passes" in t[0] for t in play.toasts)
    assert not play.interactive
    assert run_until(app, lambda: play.match.ply == 2)
    assert play.match.move_texts() == ["b2", "pass"] and play.match.state.to_move == 0


def test_forced_pass_of_ai_seat_needs_no_worker_call(app, worker):
    play = start(app, ["human", "first"], options={"pass_after": 1})
    click_cell(app, play, 4)
    assert run_until(app, lambda: play.match.ply == 2)
    assert play.match.move_texts() == ["b2", "pass"] and worker.requests == []


def test_undo_against_ai(app):
    play = start(app, ["human", "first"])
    click_cell(app, play, 4)
    assert run_until(app, lambda: play.match.ply == 2)
    assert run_until(app, lambda: play.interactive)
    app.step(events=[key(pygame.K_z, mod=pygame.KMOD_CTRL)])
    assert play.match.ply == 0 and play.interactive
    app.step(events=click(play.panel.undo_button.rect.center))  # nothing left to undo
    assert play.match.ply == 0 and not play.panel.undo_button.enabled


def test_illegal_move_from_view_is_refused(app):
    play = start(app, ["human", "human"])
    click_cell(app, play, 0)
    assert run_until(app, lambda: play.interactive)
    assert not play.human_move(play.match.moves[0])  # a1 is taken
    assert play.match.ply == 1 and any("not legal" in t[0] for t in play.toasts)


def test_view_draw_exception_is_shown_not_raised(app):
    play = start(app, ["human", "human"])
    play.view.fail_draw = True
    app.run_frames(3)
    assert "cannot draw" in play.view_error
    error_pause(app, "cannot draw")
    app.run_frames(3)  # the same error does not pause the game again
    assert app.scenes.top is play and play.panel.simple_button in play.panel.visible
    play.view.fail_draw = False
    play.view.fail_event = True
    app.step(events=click(play.view.cell_center(0)))
    assert "cannot read input" in play.view_error and play.match.ply == 0
    error_pause(app, "cannot read input")
    app.step(events=click(play.panel.simple_button.rect.center))
    assert isinstance(play.view, FallbackView) and play.view_error is None
    app.step(events=[key(pygame.K_RIGHT), key(pygame.K_RETURN)])
    assert play.match.move_texts() == ["b1"]


def test_broken_view_factory_uses_fallback(registry, worker):
    from dataclasses import replace

    from tafel.view import BoardView

    class Exploding(BoardView):
        def __init__(self, game, options):
            raise ZeroDivisionError("division by zero")

    game = replace(registry.game(GAME_ID), view=Exploding)
    app = App(registry, windowed=True, size=(1280, 720), worker=worker)
    play = app.start_match(Match(game, players=["human", "human"]))
    app.run_frames(2)
    assert isinstance(play.view, FallbackView) and "ZeroDivisionError" in play.view.reason
    app.step(events=[key(pygame.K_RETURN)])
    assert play.match.move_texts() == ["a1"]
    app.close()


def test_panel_move_list_scrolls(app):
    play = start(app, ["human", "human"], options={"label": "long"})
    for cell in (0, 1, 2, 4, 3, 5, 7, 6):
        click_cell(app, play, cell)
    app.step()
    assert play.panel.list_rect.height > 0
    pygame.mouse.set_pos(play.panel.list_rect.center)
    app.step(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    assert play.panel.list_scroll >= 0


def test_real_worker_plays_the_ai_seat(registry):
    """The actual AI worker process (spawned, loading the toy plugin) answers through the play scene."""
    import time

    from tafel.ai.worker import AIWorker

    app = App(registry, windowed=True, size=(800, 600))
    play = app.start_match(Match(registry.game(GAME_ID), players=["human", "first"]))
    try:
        click_cell(app, play, 4)
        deadline = time.monotonic() + 60  # a guard against hanging, not a speed check
        while play.match.ply < 2 and play.turns.ai_error is None and time.monotonic() < deadline:
            app.step(1 / 60)
            if isinstance(play.turns.worker, AIWorker):
                play.turns.worker.wait(0.05)  # until the process answers, not a fixed time
        assert isinstance(play.turns.worker, AIWorker)
        assert play.turns.ai_error is None
        assert play.match.move_texts() == ["b2", "a1"]
    finally:
        app.close()
