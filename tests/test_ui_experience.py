"""Player experience through the real scenes: undo/redo against the AI (keys, buttons, gamepad),
hints, looking back in the move list and playing on from there, autosave and Continue, history and
replays, statistics, sounds, plugin failures, screenshots and the attract mode."""

import json
from dataclasses import replace

import pygame
import pytest

from tafel import saves, stats
from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.input import key_event
from tafel.ui.scenes.gameover import GameOverScene
from tafel.ui.scenes.menu import ATTRACT_AFTER, MenuScene
from tafel.ui.scenes.pause import PauseScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.savelist import HistoryScene, SaveNameScene
from tafel.view import BoardView
from tests.ui_toygame import GAME_ID, FakeWorker, click, key, make_registry, run_until

CTRL = pygame.KMOD_LCTRL


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("experience_plugins"))


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TAFEL_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def worker(registry):
    return FakeWorker(registry)


@pytest.fixture
def app(registry, worker):
    app = App(registry, windowed=True, size=(1280, 720), worker=worker, strict=True)
    yield app
    app.close()


def start(app, players, game=None, **kw) -> PlayScene:
    game = game or app.registry.game(GAME_ID)
    play = app.start_match(Match(game, kw.pop("options", {}), players=players, seed=1, **kw))
    app.step()
    return play


def move(app, play, cell):
    assert run_until(app, lambda: play.interactive), "the board never became interactive"
    app.step(events=click(play.view.cell_center(cell)))


def pad(button):
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=button)


def autosaved():
    saves.flush()  # autosaves are written in the background
    return json.loads(saves.autosave_path(GAME_ID).read_text())


# --- undo and redo ---------------------------------------------------------------------------------


def test_undo_redo_against_the_ai_by_key_button_and_gamepad(app):
    play = start(app, ["human", "first"])
    move(app, play, 4)
    assert run_until(app, lambda: play.match.ply == 2)
    move(app, play, 8)
    assert run_until(app, lambda: play.match.ply == 4)
    assert run_until(app, lambda: play.interactive)
    texts = play.match.move_texts()
    app.step(events=[key(pygame.K_z, CTRL)])  # back to the human's previous turn: two moves
    assert play.match.move_texts() == texts[:2] and play.interactive
    app.step(events=[key(pygame.K_y, CTRL)])
    assert play.match.move_texts() == texts
    app.step(events=click(play.panel.undo_button.rect.center))
    assert play.match.ply == 2 and play.panel.redo_button.enabled
    app.step(events=click(play.panel.redo_button.rect.center))
    assert play.match.move_texts() == texts
    app.step(events=[pad(pygame.CONTROLLER_BUTTON_X)])  # X = Ctrl+Z
    assert play.match.ply == 2
    app.step(events=[pad(pygame.CONTROLLER_BUTTON_Y)])  # Y = Ctrl+Y
    assert play.match.move_texts() == texts
    assert autosaved()["moves"] == texts and autosaved()["undos"] == 3
    # A new move after an undo drops what could have been redone.
    app.step(events=[key(pygame.K_z, CTRL)])
    move(app, play, 6)
    assert not play.match.can_redo and play.match.move_texts()[2] == "a3"


def test_undo_cancels_an_ai_search_in_flight(app, registry):
    slow = FakeWorker(registry, hold=True)
    app._worker = slow
    play = start(app, ["human", "first"])
    move(app, play, 4)
    assert run_until(app, lambda: play.turns.thinking)
    assert play.match.ply == 1
    app.step(events=[key(pygame.K_z, CTRL)])
    assert play.match.ply == 0 and not play.turns.thinking and slow.cancels >= 1
    slow.release()  # the stale answer arrives and is dropped
    app.run_frames(5)
    assert play.match.ply == 0 and play.turns.dropped_results == 1 and play.interactive


def test_no_undo_games_refuse_undo_redo_and_forks(app, registry):
    game = replace(registry.game(GAME_ID), features=lambda options: {"no-undo"})
    play = start(app, ["human", "human"], game=game)
    move(app, play, 0)
    move(app, play, 1)
    app.step(events=[key(pygame.K_z, CTRL)])
    assert play.match.ply == 2 and any("does not allow" in t[0] for t in play.toasts)
    assert not play.panel.undo_button.enabled and not play.panel.redo_button.enabled
    app.step(events=[key(pygame.K_PAGEUP)])
    assert play.history.browse == 1  # looking back is fine...
    app.step(events=[key(pygame.K_RETURN)])
    assert play.match.ply == 2 and not play.panel.fork_button.enabled  # ...playing on from there is not


# --- hints -----------------------------------------------------------------------------------------


def test_hint_asks_the_hard_agent_and_is_counted(app, worker):
    play = start(app, ["human", "first"])
    assert run_until(app, lambda: play.interactive)
    app.step(events=[key(pygame.K_h)])
    req = worker.requests[-1]
    assert (req.agent, req.seat, req.moves) == ("hard", 0, [])
    app.step()
    assert play.turns.hint is not None and play.ctx.hint == play.turns.hint and play.match.hints == 1
    assert autosaved()["hints"] == 1
    app.step(events=[pad(pygame.CONTROLLER_BUTTON_BACK)])  # the pad's Back asks too: already shown
    assert play.match.hints == 1
    move(app, play, 4)
    assert play.turns.hint is None
    assert run_until(app, lambda: play.interactive)
    app.step(events=click(play.panel.hint_button.rect.center))
    app.step()
    assert play.match.hints == 2


# --- the move list -----------------------------------------------------------------------------------


def test_look_back_and_play_on_from_there(app):
    play = start(app, ["human", "human"])
    for cell in (0, 4, 8):
        move(app, play, cell)
    assert run_until(app, lambda: play.interactive)
    app.step(events=[key(pygame.K_PAGEUP)])
    assert play.history.browse == 2 and not play.interactive
    assert play.shown_state() is play.match.states[2] and play.ctx.last_move == play.match.moves[1]
    app.step(events=[key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert play.history.browse == 0
    app.step(events=[key(pygame.K_RIGHT)])
    assert play.history.browse == 1
    app.step(events=[key(pygame.K_END)])
    assert play.history.browse is None and play.interactive
    # A click on a move in the list shows the position after it.
    app.step()
    rect, ply = next((r, p) for r, p in play.panel.move_rows if p == 2)
    app.step(events=click(rect.center))
    assert play.history.browse == 2
    app.step(events=[key(pygame.K_RETURN)])  # play on from here
    assert play.history.browse is None and play.match.move_texts() == ["a1", "b2"]
    assert autosaved()["moves"] == ["a1", "b2"]
    app.step(events=[key(pygame.K_y, CTRL)])  # the dropped move comes back with redo
    assert play.match.move_texts() == ["a1", "b2", "c3"]


def test_ai_waits_while_the_player_looks_back(app):
    play = start(app, ["human", "first"])
    move(app, play, 4)
    app.step(events=[key(pygame.K_PAGEUP)])
    app.run_frames(30)
    assert play.match.ply == 1 and play.history.browse == 0
    app.step(events=[key(pygame.K_ESCAPE)])  # back to the game, not the pause menu
    assert play.history.browse is None and app.scenes.top is play
    assert run_until(app, lambda: play.match.ply == 2)


# --- saves, Continue, history, statistics, replays ----------------------------------------------------


def test_autosave_after_every_move_and_continue(app, registry):
    play = start(app, ["human", "first"], options={"misere": True, "label": "x"})
    for cell in (4, 8):
        move(app, play, cell)
        assert autosaved()["moves"] == play.match.move_texts()
    assert run_until(app, lambda: play.match.ply == 4)
    app.back_to_menu()
    menu = app.scenes.top
    assert menu.continue_card is not None and menu.continue_card.info.moves == 4
    assert menu.focus.focused is menu.continue_card
    app.step(events=[key(pygame.K_RETURN)])
    resumed = app.scenes.top
    assert isinstance(resumed, PlayScene) and resumed is not play
    assert resumed.match.move_texts() == play.match.move_texts()
    assert resumed.match.players == ["human", "first"] and resumed.match.options == play.match.options
    assert resumed.match.id == play.match.id


def test_damaged_autosave_gives_a_notice_and_no_continue(app, data):
    folder = data / "saves" / "auto"
    folder.mkdir(parents=True)
    (folder / f"{GAME_ID}.json").write_text('{"format": "tafel-save", "format_ver')
    menu = app.scenes.top
    menu.refresh()  # what coming back to the menu does
    assert menu.continue_card is None
    assert any("damaged" in n[0] for n in app.notices)
    assert (folder / f"{GAME_ID}.json.corrupt").exists()


def test_finished_game_goes_to_history_and_statistics_then_replays(app):
    play = start(app, ["human", "first"])
    for cell in (2, 5, 8):  # X: c1 c2 c3 against the AI's a1 b1
        move(app, play, cell)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    assert play.match.state.outcome.winners == (0,)
    saves.flush()
    assert not saves.autosave_path(GAME_ID).exists()
    assert app.sound.played[-1] == "win"
    line = stats.Stats.load().lines[GAME_ID]["first"]
    assert (line.win, line.loss) == (1, 0)
    [entry] = saves.list_history()
    assert entry.moves == 5
    # Undo from the game-over card and finish again: still counted once.
    app.step(events=click(next(b for b in app.scenes.top.buttons if b.key == "undo").rect.center))
    move(app, play, 8)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    saves.flush()
    assert stats.Stats.load().lines[GAME_ID]["first"].games == 1

    app.back_to_menu()
    menu = app.scenes.top
    app.step(events=click(menu.history_button.rect.center))
    history = app.scenes.top
    assert isinstance(history, HistoryScene) and len(history.items) == 1
    app.step(events=[key(pygame.K_RETURN), key(pygame.K_RETURN)])  # the game, then Watch replay
    replay = app.scenes.top
    assert isinstance(replay, PlayScene) and replay.mode == "replay" and replay.history.shown_ply == 0
    assert replay.history.replay_playing and not replay.interactive
    assert run_until(app, lambda: replay.history.shown_ply == 2, frames=200)
    app.step(events=[key(pygame.K_SPACE)])
    assert not replay.history.replay_playing
    at = replay.history.shown_ply
    app.step(events=[key(pygame.K_RIGHT)])
    assert replay.history.shown_ply == at + 1
    app.step(events=[key(pygame.K_HOME)])
    assert replay.history.shown_ply == 0
    app.step(events=[key(pygame.K_UP), key(pygame.K_UP)])
    assert replay.history.replay_speed == 4.0
    app.step(events=click(replay.panel.playpause_button.rect.center))
    assert run_until(app, lambda: replay.history.shown_ply == replay.match.ply, frames=200)
    assert replay.match.ply == 5 and not isinstance(app.scenes.top, GameOverScene)
    app.step(events=[key(pygame.K_ESCAPE)])
    assert app.scenes.top is history


def test_named_save_from_the_pause_menu_and_load(app):
    play = start(app, ["human", "human"])
    move(app, play, 0)
    app.step(events=[key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    app.step(events=click(next(b for b in pause.buttons if b.key == "save").rect.center))
    dialog = app.scenes.top
    assert isinstance(dialog, SaveNameScene)
    app.step(events=[key(pygame.K_BACKSPACE)] * 80)
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text="Lunch break")])
    app.step(events=[key(pygame.K_RETURN)])
    assert app.scenes.top is pause and any("Lunch break" in n[0] for n in app.notices)
    assert saves.find("Lunch break").moves == 1
    app.step(events=[key(pygame.K_ESCAPE)])
    move(app, play, 4)
    app.step(events=[key(pygame.K_ESCAPE)])
    app.step(events=click(next(b for b in app.scenes.top.buttons if b.key == "load").rect.center))
    listing = app.scenes.top
    row = next(r for r in listing.items if r.payload.name == "Lunch break")
    app.step(events=click(row.rect.center))
    app.step(events=[key(pygame.K_RETURN)])  # Resume
    loaded = app.scenes.top
    assert isinstance(loaded, PlayScene) and loaded.match.move_texts() == ["a1"]
    assert [type(s) for s in app.scenes.stack] == [MenuScene, PlayScene]


# --- sound ---------------------------------------------------------------------------------------------


class CaptureView:
    """Says 'capture' for moves into the centre."""

    @staticmethod
    def sound_for(before, move, after):
        return "capture" if move.cell == 4 else "move"


def test_sounds_for_moves_invalid_actions_and_mute(app):
    assert BoardView.sound_for(None, None, None, None) == "move"  # the default for every game
    play = start(app, ["human", "human"])
    play.view.sound_for = CaptureView.sound_for
    move(app, play, 4)
    move(app, play, 0)
    assert app.sound.played[-2:] == ["capture", "move"]
    play.human_move(play.match.moves[0])  # taken: refused
    assert app.sound.played[-1] == "invalid"
    app.settings.mute = True
    count = len(app.sound.played)
    move(app, play, 8)
    app.step(events=[key(pygame.K_z, pygame.KMOD_LCTRL), key(pygame.K_z, pygame.KMOD_LCTRL)])
    assert len(app.sound.played) == count


def test_no_audio_device_runs_silent(monkeypatch):
    from tafel.settings import Settings
    from tafel.sound import Sound

    def broken(*a, **k):
        raise pygame.error("No available audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sound = Sound(Settings())
    assert not sound.available and "audio device" in sound.error
    sound.play("win")
    sound.tick()
    assert sound.played == ["win"]


# --- plugin failures --------------------------------------------------------------------------------------


def test_rules_failure_pauses_the_game_which_can_be_saved(app, registry):
    play = start(app, ["human", "human"])
    move(app, play, 0)
    state = play.match.state

    def explode(move):
        raise RuntimeError("rules on fire")

    object.__setattr__(state, "play", explode)
    move(app, play, 4)
    app.step()
    pause = app.scenes.top
    assert isinstance(pause, PauseScene) and "rules on fire" in pause.error
    assert play.rules_error and play.match.ply == 1
    app.step(events=click(next(b for b in pause.buttons if b.key == "save").rect.center))
    app.step(events=[key(pygame.K_RETURN)])
    assert [i.moves for i in saves.list_saves() if i.kind == saves.NAMED] == [1]
    assert app.running


def test_screen_errors_return_to_the_menu(registry, worker):
    app = App(registry, windowed=True, size=(800, 600), worker=worker)
    try:
        play = start(app, ["human", "human"])
        play.panel.draw = lambda surface, frame: 1 / 0  # a bug in the core's own drawing
        app.step()
        assert isinstance(app.scenes.top, MenuScene) and app.running
        assert app.errors and "ZeroDivisionError" in app.errors[0]
        assert any("went wrong" in n[0] for n in app.notices)
    finally:
        app.close()


# --- screenshots and the attract mode ---------------------------------------------------------------------


def test_f12_saves_a_screenshot(app, data):
    app.step(events=[key(pygame.K_F12)])
    shots = list((data / "screenshots").glob("tafel-*.png"))
    assert len(shots) == 1 and pygame.image.load(str(shots[0])).get_size() == (1280, 720)


def test_attract_mode_after_idle_and_any_input_returns(app):
    menu = app.scenes.top
    app.run_frames(10, dt=0.1)
    assert app.scenes.top is menu and app.idle == pytest.approx(1.0)
    app.idle = ATTRACT_AFTER - 0.2  # (time passes)
    app.run_frames(3, dt=0.1)
    demo = app.scenes.top
    assert isinstance(demo, PlayScene) and demo.mode == "demo"
    assert all(p == "easy" for p in demo.match.players)
    assert run_until(app, lambda: demo.match.ply >= 2, frames=300, dt=0.1)
    saves.flush()
    assert not saves.autosave_path(GAME_ID).exists()  # demos are not saved
    app.step(events=[key_event(pygame.K_a)])
    assert app.scenes.top is menu and app.idle < 1
    # A finished demo is followed by the next one.
    app.idle = ATTRACT_AFTER
    app.step()
    first = app.scenes.top
    assert run_until(app, lambda: app.scenes.top is not first, frames=400, dt=0.1)
    assert app.scenes.top.mode == "demo"
    app.step(events=[pad(pygame.CONTROLLER_BUTTON_A)])
    assert app.scenes.top is menu


# --- a game's own records (GameDef.on_finished and records) ---------------------------------------


def test_game_records_hooks_card_and_screen(app):
    """The core calls on_finished once with what the players used, shows its lines on the card,
    and the Records button shows the game's table; a failing hook is a toast, not a crash."""
    from tafel import RecordsTable
    from tafel.ui.scenes.records import RecordsScene

    seen = []

    def on_finished(finished):
        seen.append(finished)
        return [f"New record: {finished.moves} moves"]

    def records():
        return RecordsTable("bests", (("Game", 1.0), ("Moves", 1.0)), (("fastest", str(seen[-1].moves)),))

    game = replace(app.registry.game(GAME_ID), on_finished=on_finished, records=records)
    play = start(app, ["human", "human"], game=game)
    for cell in (0, 3, 1, 4):
        move(app, play, cell)
    play.undo()
    move(app, play, 4)
    move(app, play, 2)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    [finished] = seen
    assert (finished.moves, finished.undos, finished.players) == (5, 1, ("human", "human"))
    assert finished.state.outcome.winners == (0,) and finished.human_seats == (0, 1)
    card = app.scenes.top
    assert "New record: 5 moves" in card.lines
    app.step(events=click(next(b for b in card.buttons if b.key == "records").rect.center))
    screen = app.scenes.top
    assert isinstance(screen, RecordsScene) and screen.title.endswith("bests")
    assert [r.columns for r in screen.items] == [["fastest", "5"]]

    def broken():
        raise ValueError("records file exploded")

    screen.game = replace(game, records=broken)
    screen.refresh()
    assert screen.items == [] and "exploded" in screen.messages[0]
    app.step()
    assert not app.errors


def test_a_game_taken_back_after_its_end_reports_its_next_end(app):
    """Undo on the game-over card lets the game go on; when it ends again, the game hears of it
    again (same match id, so a record sheet can count it as one game played)."""
    seen = []
    game = replace(app.registry.game(GAME_ID), on_finished=lambda f: seen.append(f) or [])
    play = start(app, ["human", "human"], game=game)
    for cell in (0, 3, 1, 4, 2):
        move(app, play, cell)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    card = app.scenes.top
    app.step(events=click(next(b for b in card.buttons if b.key == "undo").rect.center))
    assert app.scenes.top is play and not play.match.state.is_over
    move(app, play, 5)  # X does not take the row; O then does
    move(app, play, 2)
    move(app, play, 6)
    move(app, play, 8)
    move(app, play, 7)
    assert play.match.state.is_over
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    assert len(seen) == 2 and seen[0].match_id == seen[1].match_id
    assert seen[1].undos == 1


def test_failing_records_hook_is_a_toast(app):
    def on_finished(finished):
        raise OSError("disk full")

    game = replace(app.registry.game(GAME_ID), on_finished=on_finished)
    play = start(app, ["human", "human"], game=game)
    for cell in (0, 3, 1, 4, 2):
        move(app, play, cell)
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    assert any("records not kept" in t[0] and "disk full" in t[0] for t in play.toasts)
    assert play.match.state.outcome.winners == (0,)


def test_features_turn_undo_off_by_option(app):
    game = replace(
        app.registry.game(GAME_ID),
        features=lambda options: frozenset({"no-undo"}) if options.get("misere") else frozenset(),
    )
    assert Match(game, {"misere": True}, players=["human", "human"]).undo_allowed is False
    assert Match(game, {}, players=["human", "human"]).undo_allowed is True


def test_a_key_the_view_wants_goes_to_the_view_not_the_move_list(app):
    play = start(app, ["human", "human"])
    move(app, play, 0)
    move(app, play, 1)
    seen = []
    play.view.wants_key = lambda k, state: k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
    handle = play.view.handle_event
    play.view.handle_event = lambda event, state, ctx: seen.append(event.key) or handle(event, state, ctx)
    assert run_until(app, lambda: play.interactive)
    app.step(events=[key(pygame.K_PAGEUP)])
    assert play.history.browse is None and seen == [pygame.K_PAGEUP]  # the view had it, the list did not move
    play.view.wants_key = lambda k, state: False
    app.step(events=[key(pygame.K_PAGEUP)])
    assert play.history.browse == 1
