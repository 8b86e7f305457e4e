"""Online play end to end on loopback: ``host`` and ``join`` as processes through the embedded
broker and through a real Mosquitto (started here on a free port, stopped after), kill -9 of
either side and a broker restart mid-game, and in-process sessions for the wrong code and the
spectator. Every wait has a timeout; every loop is bounded."""

from __future__ import annotations

import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("paho.mqtt", reason="online play needs the online extra")

from tafel.net.broker import EmbeddedBroker, free_port  # noqa: E402
from tafel.net.codes import new_code, room_keys  # noqa: E402
from tafel.net.game import HostGame  # noqa: E402
from tafel.net.session import BrokerAddress, RoomSession, room_topics  # noqa: E402
from tafel.net.wire import Sealer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: Seconds any one side may take for a whole game here (random agents take about one).
GAME_TIMEOUT = 60.0


class Side:
    """A ``main.py`` process whose stdout lines are read by a thread, so waits have timeouts."""

    def __init__(self, *args: str, env: dict[str, str], stdin: int = subprocess.DEVNULL) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=stdin,
            text=True,
            env=env,
            cwd=ROOT,
        )
        self.lines: list[str] = []
        self.errors: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def _read_errors(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.errors.append(line.rstrip("\n"))

    def expect(self, prefix: str, timeout: float = GAME_TIMEOUT) -> str:
        """The first line (from here on) starting with ``prefix``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self._queue.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
            if line.startswith(prefix):
                return line
        raise AssertionError(
            f"no line {prefix!r} within {timeout} s; got {self.lines[-5:]}; stderr {self.errors[-8:]}"
        )

    def value(self, prefix: str) -> str:
        return self.expect(prefix).split(": ", 1)[1]

    def finish(self, timeout: float = 20.0) -> int:
        try:
            return self.proc.wait(timeout)
        finally:
            self.kill()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "TAFEL_DATA_DIR": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}


class Mosquitto:
    """Debian's mosquitto on 127.0.0.1 and a free port, with persistence in its own folder."""

    def __init__(self, folder: Path, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        folder.mkdir(parents=True, exist_ok=True)
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\nallow_anonymous true\nset_tcp_nodelay true\n"
            f"persistence true\npersistence_location {folder}/\nlog_dest stderr\nlog_type notice\nlog_type information\n"
        )
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> Mosquitto:
        self.proc = subprocess.Popen(
            ["mosquitto", "-c", str(self.conf)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        seen: queue.Queue[str | None] = queue.Queue()

        def read() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                seen.put(line)
            seen.put(None)

        threading.Thread(target=read, daemon=True).start()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # until it says it listens (bounded)
            try:
                line = seen.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                break
            if line is None or "running" in line:
                break
        assert self.proc.poll() is None, "mosquitto did not start"
        return self

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: it writes its persistence file on the way out
            self.proc.wait(10)


def _mosquitto_binary() -> str | None:
    """Debian puts it in /usr/sbin, which is not on every user's PATH."""
    return shutil.which("mosquitto") or next(
        (p for p in ("/usr/sbin/mosquitto",) if os.access(p, os.X_OK)), None
    )


@pytest.fixture
def mosquitto(tmp_path):
    binary = _mosquitto_binary()
    if binary is None:
        pytest.skip("the mosquitto binary is missing (apt-get install -y mosquitto; .ci/run does)")
    broker = Mosquitto(tmp_path / "mosquitto", binary).start()
    yield broker
    broker.stop()


def _host(env, game_args, broker_url=None) -> Side:
    # The game's own arguments last: a later --as wins over the default random agent.
    args = ["host", "--as", "ai:random", "--name", "Ann", "--timeout", str(GAME_TIMEOUT), *game_args]
    args += ["--broker", broker_url] if broker_url else ["--listen", "127.0.0.1"]
    return Side(*args, env=env)


def _join(env, host: Side, agent: str = "ai:random") -> tuple[Side, str, str]:
    code = host.value("code:")
    url = host.value("broker:")
    args = ["join", code, "--broker", url, "--as", agent, "--name", "Bob", "--timeout", str(GAME_TIMEOUT)]
    return Side(*args, env=env), code, url


def _pair(env, game_args, broker_url=None, guest_agent: str = "ai:random"):
    host = _host(env, game_args, broker_url)
    guest, code, url = _join(env, host, guest_agent)
    return host, guest, code, url


def _same_end(host: Side, guest: Side) -> str:
    try:
        result = host.value("result:")
    except AssertionError as exc:  # say what the other side saw too
        raise AssertionError(f"{exc}; the guest: {guest.lines[-5:]} {guest.errors[-8:]}") from None
    assert guest.value("result:") == result
    moves = [line for line in host.lines if line.startswith("moves:")][-1]
    assert [line for line in guest.lines if line.startswith("moves:")][-1] == moves
    assert host.finish() == 0 and guest.finish() == 0
    return result


def test_a_full_game_through_the_embedded_broker_with_a_spectator(env):
    toy_engine = f"uai:{ROOT / 'tests' / 'uai_toy_engine.py'}"  # the guest is an engine program
    host, guest, code, url = _pair(env, ["ataxx", "--as", "agent:greedy"], guest_agent=toy_engine)
    assert url.startswith("mqtt://127.0.0.1:")
    assert host.lines[0] == f"code: {code}" and len(code.split()) == 6
    watch = [line for line in host.lines if line.startswith("watch: ")][0].split(": ", 1)[1]
    # --terminal: a spectator prints the plies (without it the arcade opens on the room's board)
    spectator = Side("join", watch, "--broker", url, "--terminal", "--timeout", str(GAME_TIMEOUT), env=env)
    result = _same_end(host, guest)
    assert spectator.value("result:") == result
    assert _plies(spectator) == _plies(guest)
    assert spectator.finish() == 0


@pytest.mark.parametrize("mode", ["illegal", "huge", "exit"])
def test_a_broken_engine_resigns_its_side_and_the_other_gets_the_result(env, tmp_path, mode):
    """``--as uai:PATH`` with an engine that plays an illegal move, writes a 10 MB line or stops:
    its side resigns at once (the other side no longer waits for its --timeout), each side says
    the result, and no process of the engine is left."""
    token = f"tok{os.getpid()}{mode}"
    script = ROOT / "tests" / ("uai_toy_engine.py" if mode == "illegal" else "hostile_engine.py")
    engine = tmp_path / mode
    engine.write_text(f"#!/bin/sh\nexec {sys.executable} {script} {mode} {token}\n")
    engine.chmod(0o755)
    began = time.monotonic()
    host, guest, _code, _url = _pair(env, ["ataxx", "--as", "ai:random"], guest_agent=f"uai:{engine}")
    result = _same_end(host, guest)
    assert result == "Red wins: Blue resigned"
    assert time.monotonic() - began < 30
    assert any("this side resigns" in line for line in guest.errors), guest.errors
    found = subprocess.run(["pgrep", "-f", token], capture_output=True, text=True).stdout.split()
    assert found == [], found


#: Each two-player game with what keeps it short: random agents fill an Ataxx board in 200 plies
#: and Amakta's can wander for thousands (its rules read each move slowly), so the host plays
#: those greedy, and Amakta
#: Infinit's room stops it as a draw after 24 plies (the room's ply cap, as `arena` has one).
GAMES = [
    ["ataxx", "--as", "agent:greedy"],
    ["atoll"],
    ["amakta", "--as", "agent:greedy"],
    ["amakta-infinit", "--max-plies", "24"],
    ["axxa", "-o", "mode=competitive"],
]


def test_every_two_player_game_to_its_end_through_mosquitto(env, mosquitto):
    hosts = [_host(env, game, mosquitto.url) for game in GAMES]  # all start at once: faster
    pairs = [(host, _join(env, host)[0]) for host in hosts]
    for (host, guest), game in zip(pairs, GAMES, strict=True):
        result = _same_end(host, guest)
        assert result, game
    axxa_guest = pairs[-1][1]
    assert any(line.startswith("deal: verified") for line in axxa_guest.lines)


def _plies(side: Side) -> list[str]:
    return [line.split(": ", 1)[1] for line in side.lines if line.startswith("ply ")]


#: Random agents' Atoll games last 66 plies or more (200 games sampled), where Ataxx's can end in a
#: wipe-out before the ply these tests wait for.
LONG_GAME = "atoll"


def test_kill_either_side_mid_game_and_come_back(env, mosquitto):
    host, guest, code, url = _pair(env, [LONG_GAME], mosquitto.url)
    guest.expect("ply 20:")
    seen = _plies(guest)
    guest.kill()  # kill -9: no goodbye; the broker tells the host with the last will
    host.expect("waiting for Bob")
    guest = Side(
        "join",
        code,
        "--broker",
        url,
        "--as",
        "ai:random",
        "--name",
        "Bob",
        "--timeout",
        str(GAME_TIMEOUT),
        env=env,
    )
    guest.expect("ply 30:")
    assert _plies(guest)[: len(seen)] == seen  # nothing lost
    host.kill()
    guest.expect("waiting for Ann")
    host = Side(
        "host",
        LONG_GAME,
        "--code",
        code,
        "--broker",
        url,
        "--as",
        "ai:random",
        "--name",
        "Ann",
        "--timeout",
        str(GAME_TIMEOUT),
        env=env,
    )
    resumed = int(host.value("resumed:").split()[1])
    assert resumed >= 30
    _same_end(host, guest)
    assert _plies(guest)[: len(seen)] == seen


def test_broker_restart_with_persistence(env, mosquitto):
    host, guest, code, url = _pair(env, [LONG_GAME], mosquitto.url)
    guest.expect("ply 10:")
    mosquitto.stop()
    mosquitto.start()  # same port, same persistence file: the retained room comes back
    _same_end(host, guest)


# --- in-process sessions through the embedded broker --------------------------------------------


@pytest.fixture(scope="module")
def broker():
    embedded = EmbeddedBroker("127.0.0.1").start()
    yield BrokerAddress("127.0.0.1", embedded.port)
    embedded.stop()


def _until(session: RoomSession, check, timeout: float = 10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session.wait(0.1)
        if check():
            return True
    return False


def _room(registry, broker):
    code = new_code()
    game = registry.game("ataxx")
    host_game = HostGame(game, game.resolve_options({}), host_name="Ann")
    host = RoomSession(
        room_keys(code), broker, role="host", name="Ann", host_game=host_game, save=False
    ).start()
    guest = RoomSession(room_keys(code), broker, role="guest", name="Bob", games=registry.game).start()
    assert _until(host, lambda: host.view is not None and host.view.status == "playing")
    assert _until(guest, lambda: guest.view is not None and guest.view.status == "playing")
    return code, host, guest


def test_wrong_code_reads_nothing_and_its_messages_are_dropped(registry, broker):
    code, host, guest = _room(registry, broker)
    try:
        host.send("move", move=host.view.state.move_to_text(host.view.state.legal_moves()[0]), ply=0)
        assert _until(guest, lambda: len(guest.view.moves) == 1)
        stranger = RoomSession(
            room_keys(new_code()), broker, role="guest", name="Eve", games=registry.game
        ).start()
        # Eve's code names another room: she sees nothing of this one.
        assert not _until(stranger, lambda: stranger.view is not None, timeout=0.5)
        stranger.close()
        # Messages sealed with another code, put straight on this room's topics, are dropped.
        import paho.mqtt.client as mqtt

        wrong = room_keys(new_code())
        forger = Sealer("guest", wrong.watch_key, wrong.play_key, game="ataxx", game_version="1")
        topics = room_topics(room_keys(code).room_id)
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        client.connect(broker.host, broker.port)
        client.loop_start()
        before = host.opener.dropped["forged"]
        client.publish(
            topics["req"], forger.seal(topics["req"], "req", {"what": "resign"}), qos=1
        ).wait_for_publish(5)
        assert _until(host, lambda: host.opener.dropped["forged"] > before)
        client.loop_stop()
        client.disconnect()
        assert host.view.status == "playing" and len(host.view.moves) == 1
    finally:
        host.close()
        guest.close()


def test_spectator_watches_but_cannot_move(registry, broker):
    code, host, guest = _room(registry, broker)
    try:
        watcher = RoomSession(
            room_keys(room_keys(code).spectator_code), broker, role="spectator", games=registry.game
        ).start()
        assert _until(watcher, lambda: watcher.view is not None)
        assert watcher.my_seat is None
        watcher.send("resign")
        assert ("problem", "a spectator cannot play") in watcher.poll()
        # Even sealing a request itself, a spectator has only the watch key: the host drops it.
        import paho.mqtt.client as mqtt

        keys = room_keys(room_keys(code).spectator_code)
        fake = Sealer("guest", keys.watch_key, keys.watch_key, game="ataxx", game_version="1")
        topics = room_topics(keys.room_id)
        client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        client.connect(broker.host, broker.port)
        client.loop_start()
        before = host.dropped
        client.publish(
            topics["req"], fake.seal(topics["req"], "req", {"what": "resign"}), qos=1
        ).wait_for_publish(5)
        assert _until(host, lambda: host.dropped > before)
        client.loop_stop()
        client.disconnect()
        state = host.view.state
        host.send("move", move=state.move_to_text(state.legal_moves()[0]), ply=0)
        assert _until(watcher, lambda: len(watcher.view.moves) == 1)
        assert host.view.status == "playing"
        watcher.close()
    finally:
        host.close()
        guest.close()


def test_undo_and_draw_across_the_network(registry, broker):
    code, host, guest = _room(registry, broker)
    try:
        state = host.view.state
        host.send("move", move=state.move_to_text(state.legal_moves()[0]), ply=0)
        assert _until(guest, lambda: len(guest.view.moves) == 1)
        host.send("undo")
        assert _until(guest, lambda: guest.view.pending == {"kind": "undo", "by": 0})
        guest.send("answer", kind="undo", yes=True)
        assert _until(host, lambda: len(host.view.moves) == 0)
        guest.send("draw")
        assert _until(host, lambda: host.view.pending == {"kind": "draw", "by": 1})
        host.send("answer", kind="draw", yes=True)
        assert _until(guest, lambda: guest.view.result is not None)
        assert guest.view.result.line == "draw: draw agreed"
    finally:
        host.close()
        guest.close()


def _seat_until(seat, check, seen: list, timeout: float = 10.0) -> bool:
    """Waits for ``check()`` while keeping every event the seat gives in ``seen``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen.extend(seat.wait(0.1))
        if check():
            return True
    return False


def test_remote_seat_polls_moves_and_sends_its_own(registry):
    """The object a play-screen seat wraps: its own embedded broker, moves as events, the panel's line."""
    from tafel.net.remote import host_room, join_room

    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name="Ann", listen="127.0.0.1")
    guest = join_room(host.code, registry.game, name="Bob", broker=host.broker_url)
    host_seen: list = []
    guest_seen: list = []
    try:
        assert _seat_until(host, lambda: host.game is not None and host.game.status == "playing", host_seen)
        assert _seat_until(
            guest, lambda: guest.game is not None and guest.game.status == "playing", guest_seen
        )
        assert host.seat == 0 and guest.seat == 1 and host.my_turn() and not guest.my_turn()
        assert host.connection_text() == "online with Bob" and guest.connection_text() == "online with Ann"
        host.send(host.game.state.move_to_text(host.game.state.legal_moves()[0]))
        assert _seat_until(guest, guest.my_turn, guest_seen)
        # The host's own game takes its move in when the host polls: the guest may see it first.
        assert _seat_until(host, lambda: len(host.game.moves) == 1, host_seen)
        plies = [e for e in guest_seen if e.kind == "ply"]
        assert [(e.ply, e.text) for e in plies] == [(0, host.game.moves[0])]
        guest.send("zz9")  # not a move: refused by the host, the game unchanged
        assert _seat_until(guest, lambda: any(e.kind == "refused" for e in guest_seen), guest_seen)
        assert len(guest.game.moves) == 1
        guest.request("resign")
        assert _seat_until(host, lambda: any(e.kind == "over" for e in host_seen), host_seen)
        assert "Blue resigned" in [e for e in host_seen if e.kind == "over"][0].text
    finally:
        guest.close()
        host.close()


def test_nothing_blocks_when_the_broker_is_unreachable(registry):
    """A broker nobody listens on: opening, polling and sending return at once, the panel says so."""
    from tafel.net.remote import join_room

    seat = join_room(new_code(), registry.game, broker=f"mqtt://127.0.0.1:{free_port()}")
    try:
        start = time.monotonic()
        for _ in range(100):
            seat.poll()
            seat.send("a1")
        assert time.monotonic() - start < 0.5
        assert seat.game is None and seat.connection_text().startswith("connecting to mqtt://127.0.0.1:")
    finally:
        seat.close()


def test_remote_source_lets_a_match_play_the_person_elsewhere(registry):
    """The play screen's side: a Match whose seat 2 is the remote player, asked through the
    move-source interface as an AI seat would be; this side's moves reach the room through
    ``follow`` (the board's moves and who made them)."""
    from tafel.match import Match
    from tafel.net.remote import RemoteSource, host_room, join_room

    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name="Ann", listen="127.0.0.1")
    guest = join_room(host.code, registry.game, name="Bob", broker=host.broker_url)
    source = RemoteSource(host)
    match = Match(game, players=["human", "remote:Bob"])
    try:
        assert _until(host.session, lambda: host.game is not None and host.game.status == "playing")
        for _turn in range(3):
            match.play(match.state.legal_moves()[0])  # the person here moves on the board
            source.follow(list(match.texts), [s.to_move for s in match.states[:-1]])
            generation = source.request(match.ai_request(1))
            answer = None
            deadline = time.monotonic() + 10
            while answer is None and time.monotonic() < deadline:
                answer = source.poll()
                guest.wait(0.05)
                if guest.my_turn():
                    state = guest.game.state
                    guest.send(state.move_to_text(state.legal_moves()[-1]))
            assert answer is not None and answer.generation == generation and answer.error is None
            match.play(match.state.parse_move(answer.move_text))
            assert match.texts == list(host.game.moves)
        assert source.name_of(1) == "Bob" and source.seat_note(1) == "connected"
        match.undo()  # an undo made only here, then another move: the board and the room differ
        match.play(match.state.legal_moves()[1])
        source.request(match.ai_request(1))
        for _ in range(20):  # never a wrong move: no answer while they differ
            assert source.poll() is None
            host.wait(0.02)
    finally:
        guest.close()
        source.close()


def test_the_arcade_shows_the_other_sides_moves(registry):
    """A guest's arcade (headless): its board gets the host's moves through its ``remote:`` seat,
    as `join CODE` without --as opens it."""
    from tafel.match import Match
    from tafel.net.remote import host_room, join_room
    from tafel.testing import run_until
    from tafel.ui.app import App
    from tafel.ui.scenes.online import remote_sources

    game = registry.game("ataxx")
    host = host_room(game, game.resolve_options({}), registry.game, name="Ann", listen="127.0.0.1")
    guest = join_room(host.code, registry.game, name="Bob", broker=host.broker_url)
    app = None
    try:
        assert _until(guest.session, lambda: guest.game is not None and guest.game.status == "playing")
        match = Match(game, players=["remote:Ann", "human"])
        app = App(registry, windowed=True, size=(1280, 720), start=match, sources=remote_sources(guest))
        host.send(host.game.state.move_to_text(host.game.state.legal_moves()[0]))
        assert run_until(app, lambda: app.scenes.top.match.ply == 1, frames=60, wait=10.0)
        assert app.scenes.top.match.texts == list(host.game.moves)
    finally:
        if app is not None:
            app.close()
        guest.close()
        host.close()


def test_a_person_in_the_terminal_moves_offers_a_draw_and_resigns(env):
    """`join CODE --terminal`: moves typed on stdin, a draw offer the host's agent declines, resign."""
    host = _host(env, ["ataxx"])
    code, url = host.value("code:"), host.value("broker:")
    args = ["join", code, "--broker", url, "--terminal", "--name", "Bob", "--timeout", str(GAME_TIMEOUT)]
    guest = Side(*args, env=env, stdin=subprocess.PIPE)
    assert guest.proc.stdin is not None
    guest.expect("your move")
    guest.proc.stdin.write("zz9\n")  # no move: the host refuses it, the game goes on
    guest.proc.stdin.flush()
    guest.expect("refused:")
    guest.proc.stdin.write("b2\ndraw\n")
    guest.proc.stdin.flush()
    guest.expect("ply 2: b2")
    guest.expect("declined: draw")
    guest.proc.stdin.write("resign\n")
    guest.proc.stdin.flush()
    assert _same_end(host, guest) == "Red wins: Blue resigned"


def test_a_broker_never_reached_is_said_once_and_in_the_last_error(registry, capsys, monkeypatch):
    """A mistyped broker (a refused port on loopback): the headless side says so once while it
    keeps trying, and its last error names the broker, rather than only "did not end in time"."""
    from tafel.cli import online
    from tafel.net import session as session_module
    from tafel.net.broker import free_port
    from tafel.net.remote import join_room

    monkeypatch.setattr(session_module, "UNREACHABLE_AFTER", 0.3)
    url = f"mqtt://127.0.0.1:{free_port()}"  # nobody listens there
    seat = join_room(new_code(), registry.game, name="Bob", broker=url)
    try:
        assert online.play(seat.session, "ai:random", registry, timeout=1.2) == 1
        assert seat.connection_text() == f"cannot reach {url} yet: still trying (is the address right?)"
    finally:
        seat.close()
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"warning: no connection to the broker {url} after 0 s; still trying",
        f"error: the game did not end in time (the broker {url} was never reached)",
    ], err


def test_the_terminal_reader_holds_bounded_lines_and_few_of_them(capsys):
    """`host --terminal < /dev/zero` grew 3 GB in 6 s: one line without end, read whole. Now a
    long line is dropped with a warning, and at most a few lines wait for the game."""
    import io

    from tafel.cli.online import MAX_TERMINAL_LINE, MAX_WAITING_LINES, TerminalPlayer

    text = "b2\n" + "\0" * (MAX_TERMINAL_LINE * 50) + "\n" + "draw\n" * (MAX_WAITING_LINES * 10)
    player = TerminalPlayer(io.StringIO(text))
    got = [player.lines.get(timeout=10) for _ in range(2)]
    assert got == ["b2", "draw"]
    assert "warning: a line over 1024 characters was ignored (\\x00\\x00" in capsys.readouterr().err
    # The reader waits while the queue is full; what it holds stays small.
    assert player.lines.qsize() <= MAX_WAITING_LINES
    rest = [player.lines.get(timeout=10) for _ in range(MAX_WAITING_LINES * 10)]
    assert rest[-1] is None and rest.count("draw") == MAX_WAITING_LINES * 10 - 1


def test_a_move_typed_out_of_turn_is_answered_here_not_sent(registry, capsys):
    """Sent, it came back refused: `yes b2 | join --terminal` made a refusal a round trip."""
    import io
    import types

    from tafel.cli.online import TerminalPlayer, _terminal_turn

    sent: list[tuple] = []
    session = types.SimpleNamespace(send=lambda *a, **kw: sent.append((a, kw)))
    game = registry.game("ataxx")
    state = game.new_state(game.resolve_options({}), None)
    view = types.SimpleNamespace(state=state, moves=[], pending=None)
    player = TerminalPlayer(io.StringIO("b2\nb2\n"))
    deadline = time.monotonic() + 10
    while player.lines.qsize() < 3 and time.monotonic() < deadline:  # both lines and the end
        os.sched_yield()
    for seat_now in (1 - state.to_move, state.to_move):  # the other side's turn, then this side's
        _terminal_turn(session, player, view, seat_now, fresh=False)
    assert "not your turn: b2 (wait for the other side's move)" in capsys.readouterr().out
    assert sent == [(("move",), {"move": "b2", "ply": 0})]


def test_terminal_input_that_is_no_text_ends_as_its_end_would(capsys):
    """`< /dev/zero`: after 16 MB of one line the reader stops (it kept a processor busy for
    ever); the side then leaves as it does when its input ends."""
    import io

    from tafel.cli.online import TerminalPlayer
    from tafel.engine_protocol import MAX_DROPPED_LINE

    player = TerminalPlayer(io.StringIO("\0" * (MAX_DROPPED_LINE + 4096)))
    assert player.lines.get(timeout=10) is None
    err = capsys.readouterr().err
    assert err.endswith(
        f"a line over {MAX_DROPPED_LINE} characters: the input is no text of lines; stopped reading it\n"
    )


def test_terminal_input_in_another_encoding_or_failing_is_no_crash(capsys, monkeypatch):
    """A Latin-1 byte on a UTF-8 stdin killed the reader thread with a traceback, and the game
    never heard of its input again."""
    import io

    from tafel.cli.online import TerminalPlayer

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"b\xff2\nresign\n"), encoding="utf-8"))
    player = TerminalPlayer()
    assert [player.lines.get(timeout=10) for _ in range(3)] == ["b\ufffd2", "resign", None]

    class Broken(io.StringIO):
        def readline(self, size=-1):
            raise OSError(5, "Input/output error")

    player = TerminalPlayer(Broken())
    assert player.lines.get(timeout=10) is None
    assert (
        "warning: cannot read the terminal any more: [Errno 5] Input/output error" in capsys.readouterr().err
    )
