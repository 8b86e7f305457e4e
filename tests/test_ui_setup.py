"""Setup screen: options of every kind, the seed, seat players, Start / Rules / Back."""

import pygame
import pytest

from tafel.ui.app import App
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.rules import RulesScene
from tafel.ui.scenes.setup import SetupScene
from tests.ui_toygame import GAME_ID, FakeWorker, click, key, make_registry


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("setup_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Saves, settings and statistics of each test in its own folder (no Continue from other tests)."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def setup(registry):
    app = App(registry, windowed=True, size=(1600, 900), worker=FakeWorker(registry))
    scene = SetupScene(app, registry.game(GAME_ID))
    app.push(scene)
    app.step()
    yield scene
    app.close()


def focus(scene, key_name):
    scene.focus.focus(key_name)
    assert scene.focus.focused.key == key_name


def test_rows_for_options_seed_and_seats(setup):
    keys = [r.key for r in setup.rows]
    assert keys == [
        "opt:first",
        "opt:misere",
        "opt:pass_after",
        "opt:label",
        "seed",
        "daily",
        "seat:0",
        "seat:1",
    ]
    assert [r.label for r in setup.rows[-2:]] == ["X", "O"]
    assert isinstance(setup.seed, int)
    assert setup.players == ["human", "medium"]


def test_left_right_change_values(setup):
    app = setup.app
    focus(setup, "opt:first")
    app.step(events=[key(pygame.K_RIGHT)])
    assert setup.values["first"] == "o"
    app.step(events=[key(pygame.K_LEFT), key(pygame.K_LEFT)])
    assert setup.values["first"] == "random"
    focus(setup, "opt:misere")
    app.step(events=[key(pygame.K_RIGHT)])
    assert setup.values["misere"] is True
    focus(setup, "opt:pass_after")
    app.step(events=[key(pygame.K_LEFT)])  # wraps from the minimum to the maximum
    assert setup.values["pass_after"] == 8
    app.step(events=[key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert setup.values["pass_after"] == 1


def test_seat_choices_include_levels_and_game_agents(setup):
    choices = setup.agent_choices()
    assert choices[:4] == ["human", "easy", "medium", "hard"]
    assert "first" in choices and "random" in choices
    focus(setup, "seat:1")
    seen = set()
    for _ in range(len(choices)):
        setup.app.step(events=[key(pygame.K_RIGHT)])
        seen.add(setup.players[1])
    assert seen == set(choices)


def test_text_and_seed_are_typed(setup):
    app = setup.app
    focus(setup, "opt:label")
    app.step(events=[key(pygame.K_RETURN)])
    assert setup.editing is not None
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text="Cup"), key(pygame.K_RETURN)])
    assert setup.values["label"] == "Cup" and setup.editing is None
    focus(setup, "seed")
    app.step(events=[key(pygame.K_RETURN)])
    app.step(events=[key(pygame.K_BACKSPACE)] * 10)
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text="12x3"), key(pygame.K_RETURN)])
    assert setup.seed == 123
    app.step(events=[key(pygame.K_RIGHT)])  # a new random seed
    assert isinstance(setup.seed, int) and setup.seed > 0
    # Esc while typing cancels the edit, not the screen.
    focus(setup, "opt:label")
    app.step(
        events=[key(pygame.K_RETURN), pygame.event.Event(pygame.TEXTINPUT, text="zzz"), key(pygame.K_ESCAPE)]
    )
    assert setup.values["label"] == "Cup" and app.scenes.top is setup


def test_mouse_arrows_change_values(setup):
    row = next(r for r in setup.rows if r.key == "opt:first")
    setup.app.step(events=click(row.right.center))
    assert setup.values["first"] == "o"
    setup.app.step(events=click(row.left.center))
    assert setup.values["first"] == "x"


def test_start_builds_match_with_choices(setup):
    app = setup.app
    focus(setup, "opt:misere")
    app.step(events=[key(pygame.K_RIGHT)])
    focus(setup, "seat:0")
    app.step(events=[key(pygame.K_RIGHT)])  # AI easy
    focus(setup, "seat:1")
    app.step(events=[key(pygame.K_LEFT), key(pygame.K_LEFT)])  # medium -> easy -> human
    app.step(events=click(setup.start_button.rect.center))
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert play.match.options["misere"] is True
    assert play.match.players == ["easy", "human"]
    assert play.match.seed == setup.seed
    # The choices are remembered for the next setup of this game.
    again = SetupScene(app, setup.game)
    assert again.values["misere"] is True and again.players == ["easy", "human"]


def test_rules_and_back(setup):
    app = setup.app
    app.step(events=click(setup.rules_button.rect.center))
    assert isinstance(app.scenes.top, RulesScene)
    app.step(events=[key(pygame.K_ESCAPE)])
    assert app.scenes.top is setup
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, MenuScene)


def test_keyboard_reaches_every_row_and_button(setup):
    app = setup.app
    seen = []
    for _ in range(len(setup.rows) + 3):
        seen.append(setup.focus.focused.key)
        app.step(events=[key(pygame.K_DOWN)])
    assert set(seen) >= {r.key for r in setup.rows} | {"start", "rules", "back"}
    focus(setup, "start")
    app.step(events=[key(pygame.K_RIGHT)])
    assert setup.focus.focused.key == "rules"


def test_small_window_scrolls_rows(registry):
    app = App(registry, windowed=True, size=(640, 480), worker=FakeWorker(registry))
    scene = SetupScene(app, registry.game(GAME_ID))
    app.push(scene)
    focus(scene, "seat:1")
    app.step(events=[key(pygame.K_UP), key(pygame.K_DOWN)])
    row = scene.focus.focused
    assert row.key == "seat:1"
    assert scene.rows_rect.top <= row.rect.top and row.rect.bottom <= scene.rows_rect.bottom
    app.close()


def test_an_option_used_only_with_another_value_is_shown_only_then(registry):
    """``Option.when``: a row appears once the option it depends on takes a value that uses it."""
    from dataclasses import replace

    from tafel.game import Option

    game = registry.game(GAME_ID)
    label = next(o for o in game.options if o.key == "label")
    options = tuple(replace(o, when=("misere", (True,))) if o is label else o for o in game.options)
    app = App(registry, windowed=True, size=(1600, 900), worker=FakeWorker(registry))
    try:
        scene = SetupScene(app, replace(game, options=options))
        app.push(scene)
        app.step()
        assert "opt:label" not in [r.key for r in scene.rows]
        focus(scene, "opt:misere")
        app.step(events=[key(pygame.K_RIGHT)])
        assert scene.values["misere"] is True and "opt:label" in [r.key for r in scene.rows]
        assert isinstance(label, Option) and not label.when  # the game's own option is untouched
    finally:
        app.close()
