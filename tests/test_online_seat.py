"""The person elsewhere as a real seat of the play screen (headless): the panel shows the
connection and the name, moves go both ways, undo is a request the other side allows or declines,
draw offers, resign and rematch from the pause menu travel through the room, the host's clocks
are in the side panel, hints still come from the AI worker. One arcade here, the other side a
:class:`tafel.net.remote.RemoteSeat` driven directly; loopback only, every wait bounded."""

from __future__ import annotations

import contextlib
import time

import pytest

pytest.importorskip("paho.mqtt", reason="online play needs the online extra")

from tafel.net.broker import EmbeddedBroker  # noqa: E402
from tafel.net.remote import host_room, join_room  # noqa: E402
from tafel.testing import run_until  # noqa: E402
from tafel.ui.app import App  # noqa: E402
from tafel.ui.scenes.online import match_for, remote_sources  # noqa: E402
from tafel.ui.scenes.pause import PauseScene  # noqa: E402
from tafel.ui.scenes.play import PlayScene  # noqa: E402
from tafel.ui.widgets import SMALL  # noqa: E402
from tests.ui_toygame import FakeWorker  # noqa: E402

#: Seconds of wall clock any one exchange through the broker may take here.
NET = 10.0


@pytest.fixture(scope="module")
def broker_url():
    embedded = EmbeddedBroker("127.0.0.1").start()
    yield f"mqtt://127.0.0.1:{embedded.port}"
    embedded.stop()


def _wait(seat, check, timeout: float = NET) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seat.wait(0.05)
        if check():
            return True
    return False


@pytest.fixture
def table(registry, broker_url):
    """The host's arcade (Ann, seat 1, clocks 5+3) and the guest (Bob) driven by hand."""
    game = registry.game("ataxx")
    host = host_room(
        game, game.resolve_options({}), registry.game, name="Ann", broker=broker_url, clock=(300.0, 3.0)
    )
    guest = join_room(host.code, registry.game, name="Bob", broker=broker_url)
    app = None
    try:
        assert _wait(host, lambda: host.game is not None and host.game.status == "playing")
        assert _wait(guest, lambda: guest.game is not None and guest.game.status == "playing")
        match = match_for(host)
        worker = FakeWorker(registry)
        app = App(
            registry,
            windowed=True,
            size=(1280, 720),
            start=match,
            worker=worker,
            sources=remote_sources(host),
        )
        app.step()
        yield app, guest, worker
    finally:
        if app is not None:
            app.close()
        guest.close()
        host.close()


@contextlib.contextmanager
def guest_arcade(registry, broker_url, size, host_name="Ann", language=None):
    """A host (``host_name``) driven by hand and the guest Bob's arcade on the game: (app, host)."""
    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name=host_name, broker=broker_url)
    guest = join_room(host.code, registry.game, name="Bob", broker=broker_url)
    app = None
    try:
        assert _wait(guest, lambda: guest.game is not None and guest.game.status == "playing")
        app = App(
            registry,
            windowed=True,
            size=size,
            start=match_for(guest),
            worker=FakeWorker(registry),
            sources=remote_sources(guest),
            **({"language": language} if language else {}),
        )
        yield app, host
    finally:
        if app is not None:
            app.close()
        guest.close()
        host.close()


@pytest.mark.parametrize(
    ("size", "language", "name"),
    [
        ((800, 600), "de", "Ann"),
        ((800, 600), "en", "Ann"),
        ((1920, 1080), "en", "Ann"),
        ((800, 600), "de", "Maximiliane von Hohenstein"),
    ],
)
def test_the_guest_sees_the_hosts_connection_whole(registry, broker_url, size, language, name):
    """The seat row's "Ann · verbunden" at 800x600 in German: on a line of its own under the
    seat's name when it does not fit beside it (wrapped for a long name), never cut."""
    with guest_arcade(registry, broker_url, size, name, language) as (app, _host):
        scene = _play(app)
        seat = next(i for i, player in enumerate(scene.match.players) if player.startswith("remote:"))
        want = name + " · " + {"de": "verbunden", "en": "connected"}[language]
        assert run_until(app, lambda: scene.turns.seat_note(seat) == want, frames=5, wait=NET)
        app.step()
        drawn, lines = scene.panel.note_rects[seat], scene.panel.note_lines[seat]
        assert " ".join(lines) == want  # whole, no ellipsis
        assert drawn.width >= max(app.ui.text_width(line, SMALL) for line in lines)
        assert scene.panel.rect.contains(drawn)
        assert (len(lines) == 1) == (name == "Ann")  # a long name wraps under the seat's name


def _play(app) -> PlayScene:
    scene = next(s for s in reversed(app.scenes.stack) if isinstance(s, PlayScene))
    return scene


def _guest_moves(guest) -> None:
    state = guest.game.state
    guest.send(state.move_to_text(state.legal_moves()[0]))


def test_the_remote_seat_is_named_and_shows_its_connection(table):
    app, guest, worker = table
    scene = _play(app)
    assert scene.shared is not None and scene.match.players == ["human", "remote:bob"]
    assert scene.turns.player_label(1) == "Bob"  # the name the room knows, not "AI remote:bob"
    assert scene.turns.player_label(0) == "Ann"  # this side's own name, as the other side sees it
    assert scene.turns.seat_note(1) == "Bob · connected" and scene.turns.seat_note(0) is None
    assert any(line.startswith("Clock: ") and "5:00" in line for line in scene.turns.engine_lines())
    # The person here moves; the move reaches the room; the guest's reply comes back to the board.
    scene.human_move(scene.match.state.legal_moves()[0])
    assert run_until(app, lambda: guest.game.moves and len(guest.game.moves) == 1, frames=5, wait=NET)
    assert run_until(app, lambda: scene.turns.thinking, frames=60)  # asked of the room, as of an AI
    assert scene.panel.turn_line(scene.match.state) == "Blue (Bob) to move"
    _guest_moves(guest)
    assert run_until(app, lambda: scene.match.ply == 2, frames=30, wait=NET)
    assert _wait(guest, lambda: list(guest.game.moves) == scene.match.texts)
    # Hints still come from the AI worker.
    assert run_until(app, lambda: scene.interactive, frames=60)
    assert scene.request_hint() and worker.requests[-1].agent == "hard"
    # The other side drops: "waiting for Bob".
    guest.close()
    assert run_until(app, lambda: scene.turns.seat_note(1) == "waiting for Bob", frames=5, wait=NET)


def test_undo_is_a_request_the_other_side_allows_or_declines(table):
    app, guest, _worker = table
    scene = _play(app)
    scene.human_move(scene.match.state.legal_moves()[0])
    assert run_until(app, lambda: len(guest.game.moves) == 1, frames=5, wait=NET)
    assert scene.undo()  # asked, not done: the board keeps the move
    assert scene.match.ply == 1 and any("take back" in t.text for t in scene.toasts)
    assert _wait(guest, lambda: guest.game.pending == {"kind": "undo", "by": 0})
    guest.answer("undo", False)
    seen: list[str] = []
    assert run_until(
        app,
        lambda: seen.extend(t.text for t in scene.toasts) or any("did not allow" in t for t in seen),
        frames=5,
        wait=NET,
    ), seen
    assert scene.match.ply == 1
    scene.undo()
    assert _wait(guest, lambda: guest.game.pending is not None)
    guest.answer("undo", True)
    assert run_until(app, lambda: scene.match.ply == 0, frames=5, wait=NET)
    assert scene.match.texts == [] and scene.interactive


def test_the_other_sides_undo_request_opens_a_dialog_here(table):
    app, guest, _worker = table
    scene = _play(app)
    scene.human_move(scene.match.state.legal_moves()[0])
    assert run_until(app, lambda: guest.my_turn(), frames=5, wait=NET)
    _guest_moves(guest)
    assert run_until(app, lambda: scene.match.ply == 2, frames=30, wait=NET)
    guest.request("undo")
    assert run_until(app, lambda: app.scenes.top is not scene, frames=5, wait=NET)
    dialog = app.scenes.top
    assert "Bob asks to take back their last move." in dialog.lines
    next(b for b in dialog.buttons if b.key == "yes").activate()
    assert run_until(app, lambda: scene.match.ply == 1, frames=5, wait=NET)
    assert app.scenes.top is scene
    assert _wait(guest, lambda: list(guest.game.moves) == scene.match.texts)


def test_draw_offer_and_rematch_from_the_pause_menu(table):
    app, guest, _worker = table
    scene = _play(app)
    scene.open_pause_menu()
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    keys = [b.key for b in pause.buttons]
    assert "online:draw" in keys and "online:resign" in keys and pause.apart == "online:draw"
    assert "restart" not in keys  # an online game starts again as a rematch
    assert "leaving closes it" in scene.shared.leave_note()  # the host's room goes with it
    next(b for b in pause.buttons if b.key == "online:draw").activate()
    assert app.scenes.top is scene
    assert _wait(guest, lambda: guest.game.pending == {"kind": "draw", "by": 0})
    guest.answer("draw", True)
    assert run_until(app, lambda: scene.turns.ended_by_room is not None, frames=5, wait=NET)
    assert scene.turns.ended_by_room == "draw: draw agreed" and not scene.interactive
    assert scene.panel.turn_line(scene.match.state) == "Game over"
    # Play again after it: a rematch the other side accepts; the seats swap.
    scene.restart(new_seed=True)
    assert _wait(guest, lambda: guest.game.pending == {"kind": "rematch", "by": 0})
    guest.answer("rematch", True)
    assert run_until(app, lambda: scene.match.players == ["remote:bob", "human"], frames=5, wait=NET)
    assert scene.turns.ended_by_room is None and scene.match.ply == 0


def test_resign_from_the_pause_menu_asks_first_and_ends_the_game_on_both_sides(table):
    app, guest, _worker = table
    scene = _play(app)
    scene.open_pause_menu()
    next(b for b in app.scenes.top.buttons if b.key == "online:resign").activate()
    confirm = app.scenes.top
    assert "This ends the game." in confirm.lines
    next(b for b in confirm.buttons if b.key == "yes").activate()
    assert run_until(app, lambda: scene.turns.ended_by_room is not None, frames=5, wait=NET)
    assert "resigned" in scene.turns.ended_by_room
    assert not scene.undo()  # nothing to take back once the room ended the game
    assert _wait(guest, lambda: guest.game.result is not None)
    assert guest.game.result.line == scene.turns.ended_by_room == "Blue wins: Red resigned"


def test_the_guests_arcade_answers_a_draw_offer_in_a_dialog(registry, broker_url):
    with guest_arcade(registry, broker_url, (800, 600)) as (app, host):
        scene = _play(app)
        assert scene.turns.player_label(0) == "Ann" and scene.turns.seat_note(0) == "Ann · connected"
        assert "the same code takes you back" in scene.shared.leave_note()
        host.request("draw")
        assert run_until(app, lambda: app.scenes.top is not scene, frames=5, wait=NET)
        dialog = app.scenes.top
        assert "Ann offers a draw." in dialog.lines
        next(b for b in dialog.buttons if b.key == "no").activate()
        assert _wait(host, lambda: host.game.declined is not None)
        assert host.game.declined["kind"] == "draw" and host.game.result is None


def test_a_lost_broker_shows_reconnecting_on_the_seat(registry, tmp_path):
    """The broker goes away (a Mosquitto killed): the other seat's row says "reconnecting…",
    never "thinking"."""
    import shutil
    import subprocess

    from tafel.net.broker import free_port

    mosquitto = shutil.which("mosquitto")
    if mosquitto is None:
        pytest.skip("mosquitto is not installed (.ci/run installs it)")
    port = free_port()
    conf = tmp_path / "mosquitto.conf"
    conf.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = subprocess.Popen(
        [mosquitto, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    url = f"mqtt://127.0.0.1:{port}"
    game = registry.game("ataxx")
    host = guest = app = None
    try:
        host = host_room(game, game.resolve_options({}), registry.game, name="Ann", broker=url)
        guest = join_room(host.code, registry.game, name="Bob", broker=url)
        assert _wait(host, lambda: host.game is not None and host.game.status == "playing")
        app = App(
            registry,
            windowed=True,
            size=(1280, 720),
            start=match_for(host),
            worker=FakeWorker(registry),
            sources=remote_sources(host),
        )
        scene = _play(app)
        assert run_until(app, lambda: scene.turns.seat_note(1) == "Bob · connected", frames=5, wait=NET)
        broker.kill()
        broker.wait(5)
        assert run_until(
            app, lambda: scene.turns.seat_note(1) == "Bob · reconnecting…", frames=5, wait=NET
        ), scene.turns.seat_note(1)
    finally:
        if app is not None:
            app.close()
        for side in (guest, host):
            if side is not None:
                side.close()
        if broker.poll() is None:
            broker.kill()
            broker.wait(5)


def test_the_rooms_end_is_worded_in_this_sides_language():
    """The host's line is in the host's language; this side words the end in its own."""
    from types import SimpleNamespace

    from tafel import i18n
    from tafel.net.game import Result
    from tafel.ui.scenes.play.shared import room_result_line

    view = SimpleNamespace(
        result=Result((0.0, 1.0), "Red resigned", "Blue wins: Red resigned"),
        clock={"left": [120.0, 80.0]},
        pending=None,
    )
    i18n.set_language("de")
    try:
        assert room_result_line(view, ["Rot", "Blau"]) == "Blau gewinnt: Rot hat aufgegeben"
        view.clock = {"left": [0.0, 80.0]}
        assert room_result_line(view, ["Rot", "Blau"]) == "Blau gewinnt: Rot hat die Zeit überschritten"
        view.result = Result((0.5, 0.5), "draw agreed", "draw: draw agreed")
        assert room_result_line(view, ["Rot", "Blau"], draw_offered=True) == "unentschieden: vereinbart"
        assert room_result_line(view, ["Rot", "Blau"]) == "unentschieden: draw agreed"  # the host's words
    finally:
        i18n.set_language("en")
