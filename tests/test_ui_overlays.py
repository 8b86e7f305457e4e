"""Pause menu entries, the rules screen, the scene stack."""

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scene import Scene, SceneManager
from tafel.ui.scenes.dialog import ConfirmScene
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.pause import PauseScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.rules import RulesScene
from tests.ui_toygame import GAME_ID, FakeWorker, click, key, make_registry, run_until


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("overlay_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Saves, settings and statistics of each test in its own folder (no Continue from other tests)."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    yield app
    app.close()


def start(app, players=("human", "human")) -> PlayScene:
    play = app.start_match(Match(app.registry.game(GAME_ID), players=list(players)))
    app.step()
    return play


def pause(app) -> PauseScene:
    app.step(events=[key(pygame.K_ESCAPE)])
    scene = app.scenes.top
    assert isinstance(scene, PauseScene)
    return scene


def button(scene, k):
    return next(b for b in scene.buttons if b.key == k)


def test_pause_entries_and_resume(app):
    play = start(app)
    p = pause(app)
    assert [b.label for b in p.buttons] == [
        "Resume",
        "Undo move",
        "Save game…",
        "Load game…",
        "Rules",
        "Settings",
        "Restart",
        "Back to menu",
        "Quit",
    ]
    assert p.apart == "restart"  # set apart from the harmless rows
    assert not button(p, "undo").enabled  # nothing played yet
    assert p.overlay and app.scenes.stack[-2] is play
    app.step(events=[key(pygame.K_ESCAPE)])
    assert app.scenes.top is play
    pause(app)
    app.step(events=[key(pygame.K_RETURN)])  # Resume has the focus
    assert app.scenes.top is play


def test_pause_blocks_board_input(app):
    play = start(app)
    assert run_until(app, lambda: play.interactive)
    pause(app)
    assert not play.interactive
    app.step(events=click(play.view.cell_center(0)))
    assert play.match.ply == 0


def test_pause_undo_and_restart(app):
    play = start(app)
    assert run_until(app, lambda: play.interactive)
    app.step(events=click(play.view.cell_center(0)))
    p = pause(app)
    assert button(p, "undo").enabled
    app.step(events=click(button(p, "undo").rect.center))
    assert play.match.ply == 0 and app.scenes.top is play
    assert run_until(app, lambda: play.interactive)
    app.step(events=click(play.view.cell_center(4)))
    p = pause(app)
    # Keyboard: down to Restart (after Undo, Save, Load, Rules and Settings), Enter: it asks, the
    # focus on "Keep playing"; Enter keeps the game, then Restart and "Restart" restart it.
    app.step(events=[key(pygame.K_DOWN)] * 6 + [key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, ConfirmScene) and app.scenes.top.focus.focused.key == "no"
    app.step(events=[key(pygame.K_RETURN)])
    assert play.match.ply == 1 and app.scenes.top is p
    app.step(events=[key(pygame.K_RETURN), key(pygame.K_UP), key(pygame.K_RETURN)])
    assert play.match.ply == 0 and app.scenes.top is play


def test_pause_rules_back_to_menu_and_quit(app):
    start(app)
    p = pause(app)
    app.step(events=click(button(p, "rules").rect.center))
    assert isinstance(app.scenes.top, RulesScene)
    app.step(events=[key(pygame.K_ESCAPE)])
    assert app.scenes.top is p
    app.step(events=click(button(p, "menu").rect.center))
    assert isinstance(app.scenes.top, MenuScene) and len(app.scenes) == 1
    start(app)
    p = pause(app)
    app.step(events=click(button(p, "quit").rect.center))
    assert not app.running


def test_rules_scroll(app):
    rules = RulesScene(app, app.registry.game(GAME_ID))
    app.push(rules)
    app.step()
    assert rules.content_h > rules.text_rect.height  # the toy rules are long
    app.step(events=[key(pygame.K_PAGEDOWN)])
    page = rules.scroll
    assert page > 0
    app.step(events=[key(pygame.K_DOWN)])
    assert rules.scroll > page
    app.step(events=[key(pygame.K_END)])
    assert rules.scroll == rules.content_h - rules.text_rect.height
    app.step(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)])
    assert rules.scroll < rules.content_h - rules.text_rect.height
    app.step(events=[key(pygame.K_HOME)])
    assert rules.scroll == 0
    app.step(events=[key(pygame.K_PAGEUP)])
    assert rules.scroll == 0
    app.step(events=click(rules.back_button.rect.center))
    assert isinstance(app.scenes.top, MenuScene)


def test_rules_wrap_inside_card(app):
    rules = RulesScene(app, app.registry.game(GAME_ID))
    app.push(rules)
    for text, size, bold, _ in rules.lines:
        assert app.ui.text_width(text, size, bold) <= rules.text_rect.width


class Recorder(Scene):
    def __init__(self, name, log, overlay=False):
        super().__init__(None)
        self.name, self.log, self.overlay = name, log, overlay

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def handle_event(self, event):
        self.log.append(f"event {self.name}")
        return True

    def update(self, dt):
        self.log.append(f"update {self.name}")

    def draw(self, surface):
        self.log.append(f"draw {self.name}")


def test_scene_manager_stack():
    log = []
    sm = SceneManager()
    a, b, c = Recorder("a", log), Recorder("b", log), Recorder("c", log, overlay=True)
    sm.push(a)
    sm.push(b)
    sm.push(c)
    log.clear()
    sm.handle_event(None)
    sm.update(0.1)
    sm.draw(None)
    assert log == ["event c", "update c", "draw b", "draw c"]
    log.clear()
    sm.pop()
    assert log == ["exit c", "resume b"]
    log.clear()
    sm.replace(Recorder("d", log))
    assert log == ["exit b", "enter d"] and len(sm) == 2
    sm.pop_to(a)
    assert sm.top is a
    sm.clear()
    assert sm.top is None
