"""Settings: defaults, persistence between runs, damaged files, the settings screen, and what each
setting changes on screen and for the AI."""

import json

import pygame
import pytest

from tafel.match import Match
from tafel.settings import Settings, settings_path
from tafel.ui.app import App
from tafel.ui.scenes.settings import SettingsScene
from tafel.ui.scenes.setup import SetupScene
from tafel.ui.theme import COLORBLIND, DEFAULT
from tests.ui_toygame import GAME_ID, FakeWorker, key, make_registry, run_until


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("settings_plugins"))


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TAFEL_DATA_DIR", str(folder))
    return folder


def make_app(registry, **kw):
    return App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry), **kw)


def test_defaults_and_round_trip(data):
    s = Settings.load()
    assert s == Settings() and not settings_path().exists()
    s.mute, s.anim_speed, s.ai_level, s.effects_volume = True, 0.0, "hard", 0.3
    assert s.save()
    assert settings_path() == data / "settings.json"
    again = Settings.load()
    assert (again.mute, again.anim_speed, again.ai_level, again.effects_volume) == (True, 0.0, "hard", 0.3)
    assert again.effects_gain == 0.0  # muted


def test_a_settings_file_kept_elsewhere_through_a_link_stays_linked(data, tmp_path):
    """A dotfiles folder often holds the real file and links it in: saving keeps the link."""
    real = tmp_path / "dotfiles" / "tafel-settings.json"
    real.parent.mkdir()
    real.write_text("{}")
    data.mkdir(parents=True)
    settings_path().symlink_to(real)
    s = Settings.load()
    s.mute = True
    assert s.save()
    assert settings_path().is_symlink() and json.loads(real.read_text())["mute"] is True
    assert Settings.load().mute


def test_damaged_or_odd_files_fall_back_per_setting(data):
    data.mkdir(parents=True)
    settings_path().write_text("{not json")
    assert Settings.load() == Settings()
    settings_path().write_text(
        json.dumps({"mute": "yes", "ui_scale": 7, "ai_level": "hard", "music_volume": 2.5, "unknown": 1})
    )
    s = Settings.load()
    assert (s.mute, s.ui_scale, s.ai_level, s.music_volume) == (False, 1.0, "hard", 1.0)


def test_settings_screen_by_keyboard_persists(registry):
    app = make_app(registry)
    try:
        menu = app.scenes.top
        while menu.focus.focused is not menu.settings_button:
            app.step(events=[key(pygame.K_RIGHT)])
        app.step(events=[key(pygame.K_RETURN)])
        screen = app.scenes.top
        assert isinstance(screen, SettingsScene)
        # Down to the colour-blind row, switch it on; down to mute, switch it on.
        while screen.focus.focused.key != "colorblind":
            app.step(events=[key(pygame.K_DOWN)])
        app.step(events=[key(pygame.K_RIGHT)])
        assert app.settings.colorblind and app.ui.theme is COLORBLIND
        while screen.focus.focused.key != "mute":
            app.step(events=[key(pygame.K_DOWN)])
        app.step(events=[key(pygame.K_RETURN)])
        while screen.focus.focused.key != "confirm_leave":
            app.step(events=[key(pygame.K_DOWN)])
        assert screen.rows_rect.contains(screen.focus.focused.rect)  # scrolled into view
        app.step(events=[key(pygame.K_ESCAPE)])
        assert app.scenes.top is menu
    finally:
        app.close()
    stored = Settings.load()
    assert stored.colorblind and stored.mute
    second = make_app(registry)
    try:
        assert second.ui.theme is COLORBLIND and second.settings.mute
        second.settings.colorblind = False
        second.apply_settings()
        assert second.ui.theme is DEFAULT
    finally:
        second.close()


def test_ui_scale_and_fullscreen_setting(registry):
    app = make_app(registry)
    try:
        base = app.ui.scale
        app.settings.ui_scale = 1.3
        app.apply_settings()
        assert app.ui.scale == pytest.approx(base * 1.3)
        app.step()
        assert not app.fullscreen
        app.step(events=[key(pygame.K_F11)])
        assert app.fullscreen == Settings.load().fullscreen
    finally:
        app.close()


def test_view_context_follows_settings(registry):
    app = make_app(registry)
    try:
        app.settings.show_legal = False
        app.settings.show_last = False
        app.settings.anim_speed = 0.5
        play = app.start_match(Match(registry.game(GAME_ID), players=["human", "human"]))
        app.step()
        ctx = play._ctx_now()
        assert (ctx.show_legal, ctx.show_last, ctx.anim_speed) == (False, False, 0.5)
        assert ctx.anim(0.4) == pytest.approx(0.2)
    finally:
        app.close()


def test_default_ai_level_and_think_time(registry):
    app = make_app(registry)
    try:
        app.settings.ai_level = "hard"
        app.settings.think_factor = 2.0
        setup = SetupScene(app, registry.game(GAME_ID))
        app.push(setup)
        assert setup.players == ["human", "hard"]
        app.step(events=[key(pygame.K_RETURN)])  # Start
        play = app.scenes.top
        worker = play.turns.worker
        assert run_until(app, lambda: play.interactive)
        app.step(events=[key(pygame.K_RETURN)])  # the cursor's cell, centre
        assert run_until(app, lambda: play.match.ply == 2)
        limit = worker.requests[-1].limit
        hard_time = registry.agent("hard", GAME_ID).default_limit.time or 1.0
        assert limit.time == pytest.approx(2 * hard_time)
    finally:
        app.close()
