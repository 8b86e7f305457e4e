"""Memory in the attract mode (issue 16, item 12): the games already shown are freed.

A screen and its parts refer to each other, so a play screen taken off the stack waited for
Python's cycle collector; having lived through a whole demo it sat in the oldest generation,
collected rarely, and every demo's positions and board pictures piled up (the main process grew
from 50 to 159 MB in under five minutes of demos). The scene stack now collects when a
full-screen scene leaves it. With automatic collection off, so that nothing but that can free
them, the old demos must be gone. (``bench/demo_memory.py`` measures the real arcade over 30
minutes.)
"""

from __future__ import annotations

import gc
import weakref

import pytest

from tafel.ui.scene import Scene, SceneManager
from tests import ui_toygame


@pytest.fixture
def no_automatic_gc():
    enabled = gc.isenabled()
    gc.disable()
    yield
    if enabled:
        gc.enable()


class Tangled(Scene):
    """A scene in a reference cycle, as every real screen is (buttons hold its methods)."""

    def __init__(self, overlay: bool = False) -> None:
        super().__init__(None)
        self.overlay = overlay
        self.me = self
        self.picture = bytearray(1 << 20)  # what a screen holds: its pictures, its game


def test_a_full_screen_scene_that_leaves_is_freed_when_the_frame_ends(no_automatic_gc):
    sm = SceneManager()
    sm.push(Tangled())
    first = weakref.ref(sm.top)
    sm.begin_frame()
    sm.replace(Tangled())
    assert first() is not None  # queued until the frame ends
    sm.end_frame()
    assert first() is None and sm.collections == 1
    # An overlay (pause menu, dialog) closing costs no collection.
    sm.push(Tangled(overlay=True))
    sm.begin_frame()
    sm.pop()
    sm.end_frame()
    assert sm.collections == 1


def test_demo_after_demo_keeps_only_the_current_game(tmp_path, monkeypatch, no_automatic_gc):
    from tafel.ui.app import App
    from tafel.ui.scenes import menu as menu_module
    from tafel.ui.scenes.play import PlayScene
    from tafel.ui.scenes.play.turns import Turns

    registry = ui_toygame.make_registry(tmp_path)
    monkeypatch.setattr(Turns, "DEMO_MAX", 1.0)  # a demo ends after a second of its own clock
    app = App(registry, windowed=True, size=(640, 480), worker=ui_toygame.FakeWorker(registry), strict=True)
    try:
        assert [g.id for g in app.menu.demo_games]
        app.idle = menu_module.ATTRACT_AFTER
        shown: list[weakref.ref] = []
        for _ in range(2000):
            app.step(0.1)
            top = app.scenes.top
            if isinstance(top, PlayScene) and (not shown or shown[-1]() is not top):
                assert top.mode == "demo"
                shown.append(weakref.ref(top))
                if len(shown) == 8:
                    break
            top = None
        assert len(shown) == 8
        alive = [ref for ref in shown if ref() is not None]
        assert alive == [shown[-1]], f"{len(alive)} of the {len(shown)} demos shown are still in memory"
        assert app.scenes.collections >= 7
    finally:
        app.close()


def test_the_ai_worker_lets_a_game_go_when_the_next_one_begins(no_automatic_gc):
    """The worker keeps a game's positions and agents between moves; when a request for another
    game comes, the old ones are freed, search trees (reference cycles) included."""
    from tafel.ai.base import AgentDef
    from tafel.ai.random_agent import RandomAgent
    from tafel.ai.worker import AIRequest, _Session
    from tests import toygames

    class TangledAgent(RandomAgent):
        def __init__(self) -> None:
            super().__init__()
            self.tree = {"root": self}  # a search tree pointing back at its agent

    registry = toygames.toy_registry()
    registry.add_agent(
        "tests", AgentDef("tangled", "random, in a reference cycle", lambda game: TangledAgent())
    )
    session = _Session(registry, None)
    text, error, _ = session.run(AIRequest("toy-tictactoe", {}, 1, None, [], 0, "tangled"), lambda: False)
    assert error is None
    agent = weakref.ref(session.agents[(0, "tangled")])
    text, error, _ = session.run(AIRequest("toy-tictactoe", {}, 1, None, [text], 1, "tangled"), lambda: False)
    assert error is None and agent() is not None  # the same game: kept between moves
    text, error, _ = session.run(AIRequest("toy-nim", {}, 2, None, [], 0, "random"), lambda: False)
    assert error is None and agent() is None


def test_what_the_arcade_starts_with_is_frozen_once_and_later_screens_are_still_freed(no_automatic_gc):
    """``settle`` (called when the arcade starts) moves what is alive then out of the collector's
    sight, so each collection when a screen leaves scans only what came after; it does so once
    per process, so a screen made later and left is still collected."""
    from tafel.memory import settle

    settle()
    frozen = gc.get_freeze_count()
    assert frozen > 0
    manager = SceneManager((800, 600))
    manager.push(Tangled())
    left = weakref.ref(manager.top)
    settle()  # a second arcade in the same process: nothing more frozen
    assert gc.get_freeze_count() == frozen
    manager.begin_frame()
    manager.pop()
    manager.end_frame()
    assert left() is None
