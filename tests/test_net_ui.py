"""Play online from the menu (headless): open a room or join one; the play screen opens on a
match whose other seat is the person elsewhere. Loopback only, every wait bounded."""

from __future__ import annotations

import pytest

pytest.importorskip("paho.mqtt", reason="online play needs the online extra")

from tafel.net.broker import EmbeddedBroker  # noqa: E402
from tafel.net.codes import WORDS  # noqa: E402
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
    scene.game_index = [t.game.id for t in scene.tables].index("ataxx")
    scene.name, scene.broker = "Ann", broker_url
    scene.host()
    assert run_until(app, lambda: scene.room is not None, frames=5, wait=30.0), (scene.error, scene.status)
    assert [b.key for b in scene.buttons] == ["copy", "copy-watch", "back"] and len(
        scene.room.code.split()
    ) == 6
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


def test_the_host_picks_a_clock_and_sees_the_spectator_code(app, broker_url, registry):
    from tafel.ui.scenes.online import CLOCKS

    scene = _online(app)
    scene.game_index = [t.game.id for t in scene.tables].index("ataxx")
    assert scene.clock_text() == "No clock"
    scene.next_clock(2)
    assert CLOCKS[scene.clock_index] == (300.0, 3.0) and scene.clock_text() == "5 min + 3 s"
    scene.name, scene.broker = "Ann", broker_url
    scene.host()
    assert run_until(app, lambda: scene.room is not None, frames=5, wait=30.0), (scene.error, scene.status)
    assert [b.key for b in scene.buttons] == ["copy", "copy-watch", "back"]
    assert scene.room.spectator_code.startswith("watch ")
    guest = join_room(scene.room.code, registry.game, name="Bob", broker=broker_url)
    try:
        assert run_until(app, lambda: isinstance(app.scenes.top, PlayScene), frames=5, wait=30.0)
        clock = guest.game.clock
        assert clock["base"] == 300.0 and clock["inc"] == 3.0  # the host keeps the chosen clock
    finally:
        guest.close()


def test_a_spectator_code_opens_the_rooms_board_read_only(app, broker_url, registry):
    from tafel.ui.scenes.online_room import RoomBoardScene

    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name="Ann", broker=broker_url)
    guest = join_room(host.code, registry.game, name="Bob", broker=broker_url)
    try:
        scene = _online(app)
        scene.code, scene.broker = host.spectator_code, broker_url
        scene.join()
        assert run_until(app, lambda: isinstance(app.scenes.top, RoomBoardScene), frames=5, wait=30.0)
        board = app.scenes.top
        assert board.watching and [b.key for b in board.buttons] == ["leave"]
        assert run_until(
            app,
            lambda: board.room.game is not None and board.room.game.status == "playing",
            frames=5,
            wait=30.0,
        )
        state = board.room.game.state
        move = state.legal_moves()[0]
        host.send(state.move_to_text(move))
        assert run_until(app, lambda: len(board.room.game.moves) == 1, frames=5, wait=30.0)
        assert run_until(app, lambda: board.board.state is board.room.game.state, frames=5)
        lines = [text for text, *_ in board.panel_lines(board.room.game)]
        assert any("Ann" in line for line in lines) and any(line.startswith("1. ") for line in lines)
        assert not board.board.interactive  # read only: no seat of its own
        app.step()
        board.leave()
        assert run_until(app, lambda: not isinstance(app.scenes.top, RoomBoardScene), frames=5)
    finally:
        guest.close()
        host.close()


def test_a_hidden_games_guest_plays_on_the_rooms_board_and_sees_the_deal_checked(app, broker_url, registry):
    from tafel.ui.scenes.online_room import RoomBoardScene

    scene = _online(app)
    tables = [t.title() for t in scene.tables]
    assert "AxxA · Competitive" in tables  # the choice that makes it a two-player game
    game = registry.game("axxa")
    options = game.resolve_options({"mode": "competitive"})
    host = host_room(game, options, registry.game, name="Ann", broker=broker_url)
    try:
        scene.code, scene.broker, scene.name = host.code, broker_url, "Bob"
        scene.join()
        assert run_until(app, lambda: isinstance(app.scenes.top, RoomBoardScene), frames=5, wait=30.0)
        board = app.scenes.top
        assert not board.watching
        lines = [text for text, *_ in board.panel_lines(board.room.game)]
        assert any(line.startswith("Deal sealed: ") for line in lines)
        # The guest resigns from its board; the host reveals the deal and the guest checks it.
        assert [b.key for b in board.buttons] == ["draw", "resign", "leave"]
        board.resign_button.activate()
        assert run_until(app, lambda: board.room.game.status == "over", frames=5, wait=30.0)
        assert run_until(app, lambda: board.room.game.deal_verified is True, frames=5, wait=30.0)
        lines = [text for text, *_ in board.panel_lines(board.room.game)]
        assert any(line.startswith("Deal checked") for line in lines)
        assert any("resigned" in line for line in lines)
    finally:
        host.close()


def test_the_online_screens_cut_no_word_in_german(registry, broker_url, monkeypatch):
    """Play online with a hidden game's room open (codes, the deal's note) and the guest's board,
    in German at 1280x720 and 800x600: no line ends cut with an ellipsis."""
    from tafel.ui.fonts import ELLIPSIS, Fonts
    from tafel.ui.scenes.online_room import RoomBoardScene

    cut: list[str] = []
    fitted = Fonts.fitted

    def fitted_(self, line, size, width, bold=False, min_size=None):
        result = fitted(self, line, size, width, bold, min_size)
        if result[1].endswith(ELLIPSIS) and result[1] != line:
            cut.append(line)
        return result

    monkeypatch.setattr(Fonts, "fitted", fitted_)
    app = App(registry, windowed=True, size=(1280, 720), language="de")
    guest_app = App(registry, windowed=True, size=(1280, 720), language="de")
    try:
        app.step()
        scene = _online(app)
        scene.game_index = [t.game.id for t in scene.tables].index("axxa")
        scene.next_clock(1)
        scene.broker, scene.name = broker_url, "Annemarie"
        scene.host()
        assert run_until(
            app, lambda: scene.room is not None and scene.room.game is not None, frames=5, wait=30.0
        )
        guest_app.step()
        joining = _online(guest_app)
        joining.code, joining.broker, joining.name = scene.room.code, broker_url, "Bartholomäus"
        for size in ((1280, 720), (800, 600)):
            app.resize(size)
            app.step()
        # The longest code there can be (six words of eight letters) shows whole too.
        longest = " ".join(sorted(WORDS, key=len)[-6:])
        scene.room.code = longest
        app.step()
        scene.room.code = joining.code
        joining.join()
        assert run_until(
            guest_app, lambda: isinstance(guest_app.scenes.top, RoomBoardScene), frames=5, wait=30.0
        )
        board = guest_app.scenes.top
        assert run_until(guest_app, lambda: board.board.state is not None, frames=5, wait=30.0)
        for size in ((1280, 720), (800, 600)):
            guest_app.resize(size)
            for _ in range(3):
                guest_app.step()
        # The join row's field shows the end of a long typed code, as a text box does (the code
        # itself is whole on the host's screen, where it is read).
        typed = joining.code
        assert not [line for line in cut if line.strip(ELLIPSIS + ".") not in typed], cut
    finally:
        guest_app.close()
        app.close()


def test_join_with_a_spectator_code_opens_the_arcade_on_the_rooms_board(registry, broker_url, monkeypatch):
    """``python main.py join "watch ..."`` without --terminal: the arcade on the room's board."""
    import argparse

    from tafel.cli.online import run_join
    from tafel.ui.scenes.online_room import RoomBoardScene

    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name="Ann", broker=broker_url)
    seen: list[str] = []

    def loop(self) -> int:  # a few frames of the arcade instead of running until it is closed
        assert run_until(
            self,
            lambda: self.scenes.top is not None and self.scenes.top.room.game is not None,
            frames=5,
            wait=30.0,
        )
        seen.append(type(self.scenes.top).__name__)
        return 0

    monkeypatch.setattr(App, "loop", loop)
    args = argparse.Namespace(
        code=host.spectator_code,
        broker=broker_url,
        agent=None,
        name="",
        terminal=False,
        timeout=60.0,
        list=False,
        windowed=True,
        size=(800, 600),
        lang=None,
    )
    try:
        assert run_join(args, registry) == 0
        assert seen == [RoomBoardScene.__name__]
    finally:
        host.close()
