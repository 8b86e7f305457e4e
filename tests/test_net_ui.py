"""Play online from the menu (headless): open a room or join one; the play screen opens on a
match whose other seat is the person elsewhere. Loopback only, every wait bounded."""

from __future__ import annotations

import pytest

pytest.importorskip("paho.mqtt", reason="online play needs the online extra")

from tafel.net.broker import EmbeddedBroker  # noqa: E402
from tafel.net.remote import host_room, join_room  # noqa: E402
from tafel.testing import run_until  # noqa: E402
from tafel.ui.app import App  # noqa: E402
from tafel.ui.scenes.menu import MenuScene  # noqa: E402
from tafel.ui.scenes.online import OnlineScene  # noqa: E402
from tafel.ui.scenes.play import PlayScene  # noqa: E402


@pytest.fixture(scope="module")
def broker_url():
    embedded = EmbeddedBroker("127.0.0.1").start()
    yield f"mqtt://127.0.0.1:{embedded.port}"
    embedded.stop()


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720))
    app.step()
    yield app
    app.close()


def _online(app) -> OnlineScene:
    assert isinstance(app.scenes.top, MenuScene)
    app.push(OnlineScene(app))  # as `python main.py join` (no code) opens it
    scene = app.scenes.top
    assert isinstance(scene, OnlineScene)
    return scene


def test_open_a_room_from_the_menu_and_the_guest_arrives(app, broker_url, registry):
    scene = _online(app)
    scene.game_index = [g.id for g in scene.games].index("ataxx")
    scene.name, scene.broker = "Ann", broker_url
    scene.host()
    assert run_until(app, lambda: scene.room is not None, frames=5, wait=30.0), (scene.error, scene.status)
    assert [b.key for b in scene.buttons] == ["copy", "back"] and len(scene.room.code.split()) == 6
    guest = join_room(scene.room.code, registry.game, name="Bob", broker=broker_url)
    try:
        assert run_until(app, lambda: isinstance(app.scenes.top, PlayScene), frames=5, wait=30.0)
        assert app.scenes.top.match.players == ["human", "remote:bob"]  # Match keeps players in lower case
    finally:
        guest.close()


def test_join_a_room_by_its_code(app, broker_url, registry):
    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name="Ann", broker=broker_url)
    try:
        scene = _online(app)
        scene.join()  # no code yet: said, nothing opened
        assert scene.error and scene.room is None
        scene.code, scene.broker, scene.name = host.code, broker_url, "Bob"
        scene.join()
        opened = run_until(app, lambda: isinstance(app.scenes.top, PlayScene), frames=5, wait=30.0)
        assert opened, (scene.error, scene.status)
        assert app.scenes.top.match.players == ["remote:ann", "human"]
    finally:
        host.close()
