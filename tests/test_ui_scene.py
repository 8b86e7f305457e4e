"""The scene manager: pause() and resume() as scenes are covered and uncovered, and changes of the
stack asked for during a frame made between frames (after each event, and after the frame's
update and draw)."""

import pygame
import pytest

from tafel.ui.app import App
from tafel.ui.scene import Scene, SceneManager
from tafel.ui.scenes.menu import MenuScene
from tests.ui_toygame import FakeWorker, key, make_registry


class Recorder(Scene):
    """Logs its hooks (key presses only); ``on_event``, ``on_update`` and ``on_draw`` run inside them."""

    def __init__(self, name, log, overlay=False):
        super().__init__(None)
        self.name, self.log, self.overlay = name, log, overlay
        self.on_event = self.on_update = self.on_draw = None

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def pause(self):
        self.log.append(f"pause {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def handle_event(self, event):
        if event is not None and event.type != pygame.KEYDOWN:
            return False  # the window's own events
        self.log.append(f"event {self.name}")
        if self.on_event:
            self.on_event()
        return True

    def update(self, dt):
        self.log.append(f"update {self.name}")
        if self.on_update:
            self.on_update()

    def draw(self, surface):
        self.log.append(f"draw {self.name}")
        if self.on_draw:
            self.on_draw()


def scenes(log, *names):
    return [Recorder(name, log) for name in names]


def test_a_covered_scene_is_paused_and_resumed_when_uncovered():
    log = []
    sm = SceneManager()
    a, b, c = scenes(log, "a", "b", "c")
    sm.push(a)
    sm.push(b)
    assert log == ["enter a", "pause a", "enter b"]
    log.clear()
    sm.push(c)
    sm.pop()
    assert log == ["pause b", "enter c", "exit c", "resume b"]
    log.clear()
    sm.pop()
    assert log == ["exit b", "resume a"] and sm.top is a


def test_replace_and_remove_leave_the_scene_below_as_it_was():
    log = []
    sm = SceneManager()
    a, b, c, d = scenes(log, "a", "b", "c", "d")
    sm.push(a)
    sm.push(b)
    log.clear()
    sm.replace(c)  # a stays covered: neither resumed nor paused again
    assert log == ["exit b", "enter c"] and sm.stack == [a, c]
    sm.push(d)
    log.clear()
    sm.remove(c)  # not the top: only c leaves
    assert log == ["exit c"] and sm.stack == [a, d]
    log.clear()
    sm.pop_to(a)
    assert log == ["exit d", "resume a"] and sm.top is a


def test_changes_during_a_frame_wait_for_its_end_in_order():
    log = []
    sm = SceneManager()
    a, b, c = scenes(log, "a", "b", "c")
    sm.push(a)
    log.clear()
    sm.begin_frame()
    sm.push(b)
    sm.push(c)
    assert sm.pop() is None  # queued: nothing to return yet
    assert sm.top is a and log == [] and len(sm.pending) == 3
    assert b.manager is sm and not b.is_top  # asked for, not made
    sm.end_frame()
    assert log == ["pause a", "enter b", "pause b", "enter c", "exit c", "resume b"]
    assert sm.stack == [a, b] and sm.pending == []
    log.clear()
    sm.push(c)  # outside a frame: at once
    assert sm.top is c and log == ["pause b", "enter c"]


def test_a_scene_closing_itself_keeps_running_until_its_handler_returns():
    log = []
    sm = SceneManager()
    a, b = scenes(log, "a", "b")
    sm.push(a)
    sm.push(b)

    def close_and_look():
        sm.remove(b)
        log.append(f"still on top: {b.is_top}")

    b.on_event = close_and_look
    log.clear()
    sm.begin_frame()
    sm.handle_event(None)
    assert log == ["event b", "still on top: True"]
    sm.apply_pending()
    assert log[-2:] == ["exit b", "resume a"] and sm.top is a
    sm.end_frame()


def test_what_enter_asks_for_while_the_queue_is_made_follows_at_once():
    log = []
    sm = SceneManager()
    a, b, c, d = scenes(log, "a", "b", "c", "d")
    sm.push(a)
    b.enter = lambda: (log.append("enter b"), sm.push(c))
    log.clear()
    sm.begin_frame()
    sm.push(b)
    sm.push(d)
    sm.end_frame()
    assert log == ["pause a", "enter b", "pause b", "enter c", "pause c", "enter d"]
    assert sm.stack == [a, b, c, d]


# --- in the app's frames ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("scene_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry), strict=True)
    yield app
    app.close()


def test_a_scene_pushed_by_update_is_drawn_from_the_next_frame(app):
    log = []
    a, b = scenes(log, "a", "b")
    a.app = b.app = app
    app.push(a)  # outside a frame: made at once
    assert app.scenes.top is a and log == ["enter a"]
    a.on_update = lambda: app.push(b)
    log.clear()
    app.step()
    assert log == ["update a", "draw a", "pause a", "enter b"] and app.scenes.top is b
    a.on_update = None
    log.clear()
    app.step()
    assert log == ["update b", "draw b"]


def test_the_next_event_of_a_frame_goes_to_the_scene_the_last_one_opened(app):
    log = []
    a, b = scenes(log, "a", "b")
    a.app = b.app = app
    app.push(a)
    a.on_event = lambda: app.push(b)
    b.on_event = lambda: app.scenes.pop()
    log.clear()
    app.step(events=[key(pygame.K_x), key(pygame.K_y), key(pygame.K_z)])
    assert log == [
        "event a",
        "pause a",
        "enter b",
        "event b",
        "exit b",
        "resume a",
        "event a",
        "pause a",
        "enter b",
        "update b",
        "draw b",
    ]
    assert app.scenes.top is b


def test_a_failing_screen_is_closed_and_what_it_asked_for_dropped(registry):
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry))
    try:
        log = []
        a, b = scenes(log, "a", "b")
        a.app = b.app = app
        app.push(a)

        def push_then_fail():
            app.push(b)
            raise RuntimeError("broken screen")

        a.on_update = push_then_fail
        app.step()
        assert isinstance(app.scenes.top, MenuScene) and app.scenes.pending == []
        assert "enter b" not in log and "exit a" in log
        assert any("broken screen" in e for e in app.errors)
    finally:
        app.close()


def test_the_app_quits_once_its_last_scene_is_gone(app):
    app.scenes.begin_frame()
    app.scenes.clear()
    assert app.scenes.top is app.menu  # queued
    app.scenes.end_frame()
    assert not app.step() and not app.running
