"""Every screen is reachable with the keyboard alone (so with a game controller too), and each one
goes back with Escape."""

import pygame
import pytest

from tafel import saves
from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.dialog import ConfirmScene, DialogScene
from tafel.ui.scenes.gameover import GameOverScene
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.pause import PauseScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.rules import RulesScene
from tafel.ui.scenes.savelist import HistoryScene, SaveNameScene, SavesScene
from tafel.ui.scenes.settings import SettingsScene
from tafel.ui.scenes.setup import SetupScene
from tafel.ui.scenes.statistics import StatsScene
from tests.ui_toygame import GAME_ID, FakeWorker, key, make_registry, run_until


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("keyboard_plugins"))


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry), strict=True)
    app.step()
    yield app
    app.close()


def press(app, *keys):
    app.step(events=[key(k) for k in keys])


def focus_by_keys(app, scene, wanted, step_key=pygame.K_DOWN, limit=30):
    """Move the focus with ``step_key`` until the item with key ``wanted`` has it."""
    for _ in range(limit):
        focused = scene.focus.focused
        if getattr(focused, "key", None) == wanted:
            return
        press(app, step_key)
    raise AssertionError(f"{wanted!r} never got the focus")


def open_from_menu(app, wanted, kind):
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    focus_by_keys(app, menu, wanted)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, kind), type(app.scenes.top)
    return app.scenes.top


def back(app, to):
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is to


def test_menu_screens_by_keyboard(app):
    menu = app.scenes.top
    open_from_menu(app, f"game:{GAME_ID}", SetupScene)
    focus_by_keys(app, app.scenes.top, "rules", pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    press(app, pygame.K_ESCAPE)
    back(app, menu)
    for wanted, kind in (
        ("saves", SavesScene),
        ("history", HistoryScene),
        ("stats", StatsScene),
        ("settings", SettingsScene),
    ):
        open_from_menu(app, wanted, kind)
        back(app, menu)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, ConfirmScene)
    back(app, menu)


def test_game_screens_by_keyboard(app):
    menu = app.scenes.top
    setup = open_from_menu(app, f"game:{GAME_ID}", SetupScene)
    assert setup.focus.focused.key == "start"
    press(app, pygame.K_RETURN)
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert run_until(app, lambda: play.interactive)
    press(app, pygame.K_RETURN)  # a move with the keyboard
    assert play.match.ply == 1
    press(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    for wanted, kind in (
        ("save", SaveNameScene),
        ("load", SavesScene),
        ("rules", RulesScene),
        ("settings", SettingsScene),
    ):
        focus_by_keys(app, pause, wanted)
        press(app, pygame.K_RETURN)
        assert isinstance(app.scenes.top, kind), (wanted, type(app.scenes.top))
        back(app, pause)
    # Save by keyboard alone: the suggested name, Enter.
    focus_by_keys(app, pause, "save")
    press(app, pygame.K_RETURN, pygame.K_RETURN)
    assert app.scenes.top is pause and [i.kind for i in saves.list_saves()].count("save") == 1
    focus_by_keys(app, pause, "menu")
    press(app, pygame.K_RETURN)  # a game under way: it asks, "Stay" focused; up to "Leave"
    press(app, pygame.K_UP, pygame.K_RETURN)
    assert app.scenes.top is menu
    # Continue (focused first), then the saved game from the list, by keyboard.
    assert menu.focus.focused is menu.continue_card
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, PlayScene) and app.scenes.top.match.ply == 1
    app.back_to_menu()
    listing = open_from_menu(app, "saves", SavesScene)
    focus_by_keys(app, listing, listing.items[-1].key)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, DialogScene)
    press(app, pygame.K_RETURN)
    assert isinstance(app.scenes.top, PlayScene)


def test_game_over_history_and_replay_by_keyboard(app, registry):
    play = app.start_match(
        Match(registry.game(GAME_ID), players=["human", "human"], position="xx./oo./... x")
    )
    app.step()
    assert run_until(app, lambda: play.interactive)
    press(app, pygame.K_UP, pygame.K_RIGHT, pygame.K_RETURN)  # c1: three in a row
    assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene))
    focus_by_keys(app, app.scenes.top, "menu")
    press(app, pygame.K_RETURN)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    history = open_from_menu(app, "history", HistoryScene)
    press(app, pygame.K_RETURN)  # the finished game
    assert isinstance(app.scenes.top, DialogScene)
    press(app, pygame.K_RETURN)  # Watch replay
    replay = app.scenes.top
    assert isinstance(replay, PlayScene) and replay.mode == "replay"
    press(app, pygame.K_SPACE, pygame.K_END)
    assert replay.history.shown_ply == 1
    back(app, history)
    back(app, menu)
    stats = open_from_menu(app, "stats", StatsScene)
    assert [row.columns[1] for row in stats.items] == ["hot seat"]
