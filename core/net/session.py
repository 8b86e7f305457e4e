"""A side of a room on an MQTT broker, in its own thread: the caller only polls and sends.

:class:`RoomSession` owns a paho-mqtt client and the room's game (:mod:`tafel.net.game`). It
runs on a thread of its own; what arrives from paho's thread and what the caller sends go
through one queue to it, and what the caller should know comes back through another:
:meth:`RoomSession.poll` returns the events since the last call and never blocks, :attr:`view`
is the game as it stands (an immutable :class:`~tafel.net.game.GuestView`, replaced whole), and
:meth:`send` queues a move or a request. A frame loop calls ``poll`` once a frame; a headless
player may block on :meth:`wait` with a timeout.

Topics of a room (``R`` is the room id from the code, :mod:`tafel.net.codes`)::

    tafel/v1/R/game            the host's game snapshot, retained, QoS 1
    tafel/v1/R/host/presence   the host's presence, retained; its last will says offline
    tafel/v1/R/guest/presence  the guest's presence, retained; its last will says offline
    tafel/v1/R/guest/req       the guest's last request, retained, QoS 1

Everything retained means a side that comes back (a restart, a lost connection, a broker
restart with persistence) finds the room as it was. The host also keeps the room in its data
folder (``rooms/R.json``) with the secrets a restarted host needs (the hidden deal's seed).
"""

from __future__ import annotations

import contextlib
import json
import queue
import socket
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TypeAlias
from urllib.parse import urlsplit

import paho.mqtt.client as mqtt

from tafel import datadir
from tafel.game import GameDef, GameState
from tafel.net.codes import RoomKeys
from tafel.net.game import HostGame, clean_name, shown_name
from tafel.net.guest import Event, EventData, GuestGame, GuestView, SnapshotError
from tafel.net.payloads import JSON, Request
from tafel.net.wire import MessageTooBig, Opener, Sealer

TOPIC_ROOT = "tafel/v1"
DEFAULT_PORT = 1883
DEFAULT_TLS_PORT = 8883
#: How often the session thread wakes without news (clocks, shutdown), in seconds.
TICK = 0.05
#: The most events kept for a caller that does not poll (older ones are dropped).
#: Seconds without a first connection after which a session's broker counts as not reached
#: yet (the screens and the command line say so; the session keeps trying).
UNREACHABLE_AFTER = 5.0
MAX_EVENTS = 10_000
#: The most messages waiting for the session thread (more are dropped and counted as a flood).
MAX_INBOX = 10_000
#: A room file of the host's not touched for this many days is removed when a room is hosted.
ROOM_FILE_DAYS = 30


#: What reaches the session thread: (kind, data) from paho's thread (``connected``: bool,
#: ``disconnected``: the reason's text, ``message``: (topic, payload)) and from the caller
#: (``cmd``: a request, ``close``: None).
Inbox: TypeAlias = "tuple[str, bool | str | tuple[str, bytes] | Request | None]"


class BrokerError(ValueError):
    """A broker address that cannot be read."""


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    tls: bool = False

    @property
    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.host}:{self.port}"


def parse_broker_url(text: str) -> BrokerAddress:
    """``mqtt://HOST:PORT``, ``mqtts://HOST:PORT`` (TLS) or ``HOST:PORT``.

    >>> parse_broker_url("mqtt://127.0.0.1:1884")
    BrokerAddress(host='127.0.0.1', port=1884, tls=False)
    >>> parse_broker_url("mqtts://broker.example.org").port
    8883
    """
    url = text if "://" in text else f"mqtt://{text}"
    parts = urlsplit(url)
    if parts.scheme not in ("mqtt", "mqtts", "tcp", "ssl"):
        raise BrokerError(f"broker {text!r}: use mqtt://HOST:PORT or mqtts://HOST:PORT")
    tls = parts.scheme in ("mqtts", "ssl")
    try:
        port = parts.port or (DEFAULT_TLS_PORT if tls else DEFAULT_PORT)
    except ValueError:
        raise BrokerError(f"broker {text!r}: bad port") from None
    if not parts.hostname:
        raise BrokerError(f"broker {text!r}: no host")
    return BrokerAddress(parts.hostname, port, tls)


def room_topics(room_id: str) -> dict[str, str]:
    base = f"{TOPIC_ROOT}/{room_id}"
    return {
        "game": f"{base}/game",
        "host": f"{base}/host/presence",
        "guest": f"{base}/guest/presence",
        "req": f"{base}/guest/req",
    }


def room_file(room_id: str):
    return datadir.subdir("rooms") / f"{room_id}.json"


class RoomSession:
    """One side of a room: ``role`` is "host", "guest" or "spectator".

    The host passes its :class:`HostGame`; the others pass ``games`` (a game definition by id).
    Events from :meth:`poll`: ``("connection", True/False)``, ``("peer", (online, name))``,
    ``("ply", text)``, ``("undo", plies)``, ``("offer", {...})``, ``("declined", {...})``,
    ``("refused", {...})``, ``("status", text)``, ``("over", Result)``, ``("rematch", round)``,
    ``("problem", text)``.
    """

    def __init__(
        self,
        keys: RoomKeys,
        broker: BrokerAddress,
        *,
        role: str,
        name: str = "",
        games: Callable[[str], GameDef] | None = None,
        host_game: HostGame | None = None,
        code: str = "",
        save: bool = True,
    ) -> None:
        if role == "host" and host_game is None or role != "host" and games is None:
            raise ValueError("a host needs its game, a guest or spectator the games by id")
        if role != "spectator" and not keys.can_play:
            raise ValueError("a spectator code cannot play")
        self.keys, self.broker, self.role, self.name = keys, broker, role, clean_name(name)
        self.topics = room_topics(keys.room_id)
        self.host_game = host_game
        self.code, self.save = code, save
        #: Where the host keeps its room, fixed when the session starts (its thread may still
        #: write once after a caller moved on to another data folder: a test's, say).
        self._room_path = datadir.data_dir() / "rooms" / f"{keys.room_id}.json"
        self._inbox: queue.Queue[Inbox] = queue.Queue(maxsize=MAX_INBOX)
        self._events: queue.Queue[Event] = queue.Queue(maxsize=MAX_EVENTS)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"tafel-net-{role}", daemon=True)
        game_id = host_game.game.id if host_game is not None else None
        game_version = host_game.game.version if host_game is not None else None
        self.opener = Opener(keys.watch_key, keys.play_key, game=game_id, game_version=game_version)
        self.sealer: Sealer | None = None
        if role != "spectator":
            # The guest learns the game id from the host's first message (set_game, below).
            self.sealer = Sealer(
                role, keys.watch_key, keys.play_key, game=game_id or "", game_version=game_version or ""
            )
        self.copy = GuestGame(games if games is not None else (lambda _id: host_game.game))  # type: ignore[union-attr]
        #: The game as it stands (None until the first snapshot); replaced whole, read any time.
        self.view: GuestView | None = None
        self.connected = False
        #: When the session started, and whether it has ever reached its broker (a mistyped
        #: address never does: the screens say so after a few seconds).
        self.started = time.monotonic()
        self.ever_connected = False
        self.peer_online: bool | None = None
        self.peer_name = ""
        self.problems = 0
        self._sent_presence_online = -1
        self._last_request: bytes | None = None
        self._client = self._make_client()

    # --- the caller's side --------------------------------------------------------------------

    def start(self) -> RoomSession:
        if self.role == "host":
            self._restore_seq()
        self._thread.start()
        return self

    def poll(self) -> list[Event]:
        """The events since the last call; never blocks."""
        out = []
        for _ in range(MAX_EVENTS):
            try:
                out.append(self._events.get_nowait())
            except queue.Empty:
                break
        return out

    def wait(self, timeout: float) -> list[Event]:
        """Like :meth:`poll`, but waits up to ``timeout`` seconds for a first event."""
        try:
            first = self._events.get(timeout=timeout)
        except queue.Empty:
            return []
        return [first, *self.poll()]

    def send(self, what: str, **fields: str | int | bool) -> None:
        """Queue a request: ``send("move", move=TEXT, ply=N)``, ``send("undo")``, ``send("draw")``,
        ``send("resign")``, ``send("rematch")``, ``send("answer", kind=K, yes=BOOL)``."""
        if self.role == "spectator":
            self._event("problem", "a spectator cannot play")
            return
        try:
            request: Request = {"what": what, **fields}  # type: ignore[typeddict-item]
            self._inbox.put_nowait(("cmd", request))
        except queue.Full:  # never block the caller: say so instead
            self._event("problem", "the network is flooded; try again")

    @property
    def my_seat(self) -> int | None:
        return None if self.view is None else self.view.seat_of(self.role)

    @property
    def dropped(self) -> int:
        return sum(self.opener.dropped.values())

    def unreachable(self) -> bool:
        """True while the broker has never been reached for :data:`UNREACHABLE_AFTER` seconds."""
        return (
            not self.connected
            and not self.ever_connected
            and time.monotonic() - self.started > UNREACHABLE_AFTER
        )

    def close(self, timeout: float = 3.0) -> None:
        """Say goodbye (presence offline), disconnect and end the thread, within ``timeout``."""
        if self._thread.is_alive():
            with contextlib.suppress(queue.Full):
                self._inbox.put(("close", None), timeout=timeout)
            self._thread.join(timeout)
        self._stop.set()

    # --- the MQTT client (paho's thread puts into the inbox) -----------------------------------

    def _make_client(self) -> mqtt.Client:
        client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2, client_id=f"tafel-{self.role}-{uuid.uuid4().hex[:12]}"
        )
        client.reconnect_delay_set(min_delay=0.25, max_delay=2)  # type: ignore[arg-type]
        if self.broker.tls:
            client.tls_set()
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_raw_message
        self._set_will(client)
        return client

    def _on_raw_message(self, client, userdata, msg) -> None:
        try:
            self._inbox.put_nowait(("message", (msg.topic, bytes(msg.payload))))
        except queue.Full:  # a flood: dropped and counted, the queue never grows without bound
            self.opener.dropped["flood"] += 1

    def _on_connect(self, client, userdata, flags, rc, props=None) -> None:
        sock = client.socket()
        if sock is not None and hasattr(sock, "setsockopt"):
            try:  # small messages that wait for nothing: without it each hop waits for a delayed ack
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:
                pass
        with contextlib.suppress(queue.Full):
            self._inbox.put(("connected", not rc.is_failure), timeout=1.0)

    def _on_disconnect(self, client, userdata, flags, rc, props=None) -> None:
        self._set_will(client)  # the next connection's will, numbered after this one's presence
        with contextlib.suppress(queue.Full):
            self._inbox.put(("disconnected", str(rc)), timeout=1.0)

    def _presence_topic(self) -> str | None:
        return {"host": self.topics["host"], "guest": self.topics["guest"]}.get(self.role)

    def _set_will(self, client: mqtt.Client) -> None:
        topic = self._presence_topic()
        if topic is None or self.sealer is None:
            return
        online_seq = self.sealer.next_seq()
        will = self.sealer.seal(topic, "presence", {"online": False, "name": self.name})
        self._sent_presence_online = online_seq
        client.will_set(topic, will, qos=1, retain=True)

    # --- the session thread ---------------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._client.connect_async(self.broker.host, self.broker.port, keepalive=15)
            self._client.loop_start()
        except Exception as exc:  # noqa: BLE001 - a bad address is a problem to show, not a crash
            self._event("problem", f"cannot reach the broker {self.broker.url}: {exc}")
        try:
            self._loop()
        finally:
            try:
                self._client.disconnect()
                self._client.loop_stop()
            except Exception:  # noqa: BLE001, S110 - closing what may be half open
                pass

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                kind, data = self._inbox.get(timeout=TICK)
            except queue.Empty:
                kind, data = "tick", None
            try:
                if kind == "close":
                    self._goodbye()
                    return
                self._handle(kind, data)
            except Exception as exc:  # noqa: BLE001 - the session thread must outlive any one message
                self.problems += 1
                self._event("problem", f"{type(exc).__name__}: {exc}")
            if self.host_game is not None and self.host_game.tick(time.monotonic()):
                self._publish_game()

    def _handle(self, kind: str, data: bool | str | tuple[str, bytes] | Request | None) -> None:
        if kind == "connected":
            self.connected = bool(data)
            if data:
                self.ever_connected = True
                self._on_connected()
            self._event("connection", bool(data))
        elif kind == "disconnected":
            self.connected = False
            self._event("connection", False)
        elif kind == "message" and isinstance(data, tuple):
            self._on_message(*data)
        elif kind == "cmd" and isinstance(data, dict):
            self._on_command(data)

    def _on_connected(self) -> None:
        subscriptions = [(self.topics["game"], 1), (self.topics["host"], 1)]
        if self.role == "host":
            subscriptions = [(self.topics["guest"], 1), (self.topics["req"], 1)]
        self._client.subscribe(subscriptions)
        if self.role == "host":
            self._publish_presence(True)
            self._publish_game()
        elif self.role == "guest":
            self._publish_presence(True)
            if (
                self._last_request is not None
            ):  # lost if the broker restarted; a handled one is dropped as old
                self._client.publish(self.topics["req"], self._last_request, qos=1, retain=True)

    def _publish_presence(self, online: bool) -> None:
        topic = self._presence_topic()
        if topic is None or self.sealer is None:
            return
        seq = self._sent_presence_online if online and self._sent_presence_online >= 0 else None
        data = self.sealer.seal(topic, "presence", {"online": online, "name": self.name}, seq=seq)
        self._client.publish(topic, data, qos=1, retain=True)

    def _publish_game(self) -> None:
        host = self.host_game
        assert host is not None and self.sealer is not None
        snap = host.snapshot(time.monotonic())
        try:
            data = self.sealer.seal(self.topics["game"], "game", snap)
        except MessageTooBig as exc:
            self._event("problem", str(exc))
            return
        self._save(host)
        self._client.publish(self.topics["game"], data, qos=1, retain=True)
        known = None if host.hidden else host.state  # the host's copy needs no second check of its own rules
        self._apply_snapshot(host.game.id, host.game.version, snap, known)

    def _goodbye(self) -> None:
        if self.connected and self.sealer is not None and self._presence_topic() is not None:
            topic = self._presence_topic()
            assert topic is not None
            data = self.sealer.seal(topic, "presence", {"online": False, "name": self.name})
            info = self._client.publish(topic, data, qos=1, retain=True)
            try:
                info.wait_for_publish(timeout=2.0)
            except (RuntimeError, ValueError):
                pass

    def _on_message(self, topic: str, payload: bytes) -> None:
        message = self.opener.open(topic, payload)
        if message is None:
            return
        if self.role == "guest" and self.sealer is not None and not self.sealer.game and self.opener.game:
            self.sealer.game, self.sealer.game_version = self.opener.game, self.opener.game_version or ""
        if message.type == "game" and message.topic == self.topics["game"]:
            self._apply_snapshot(self.opener.game or "", self.opener.game_version or "", message.body)
        elif message.type == "presence" and message.topic in (self.topics["host"], self.topics["guest"]):
            self._on_presence(message.body)
        elif message.type == "req" and message.topic == self.topics["req"] and self.host_game is not None:
            self._on_request(message.body, message.seq)

    def _on_presence(self, body: Mapping[str, JSON]) -> None:
        online, name = body.get("online") is True, clean_name(str(body.get("name", "")))
        self.peer_online, self.peer_name = online, shown_name(name, host=self.role != "host")
        if self.host_game is not None:
            now = time.monotonic()
            if online:
                self.host_game.guest_joined(name, now)
            else:
                self.host_game.guest_left(now)
            self._publish_game()
        self._event("peer", (online, self.peer_name))

    def _on_request(self, body: Mapping[str, JSON], seq: int) -> None:
        host = self.host_game
        assert host is not None
        host.acked = seq
        why = host.request(host.guest_seat, body, time.monotonic())
        if why:
            count = (host.refused["n"] if host.refused else 0) + 1
            host.refused = {"why": why, "n": count, "seq": seq}
        self._publish_game()

    def _on_command(self, body: Request) -> None:
        if self.host_game is not None:
            host = self.host_game
            why = host.request(host.host_seat, body, time.monotonic())
            if why:
                self._event("refused", {"why": why, "n": 0, "seq": -1})
            else:
                self._publish_game()
            return
        if self.sealer is None or not self.sealer.game:
            self._event("refused", {"why": "not connected to the room yet", "n": 0, "seq": -1})
            return
        data = self.sealer.seal(self.topics["req"], "req", body)
        self._last_request = data
        self._client.publish(self.topics["req"], data, qos=1, retain=True)

    def _apply_snapshot(
        self, game_id: str, game_version: str, snap: Mapping[str, object], known: GameState | None = None
    ) -> None:
        try:
            events = self.copy.apply(game_id, game_version, snap, known)
        except SnapshotError as exc:
            self.opener.dropped["bad game"] += 1
            self._event("problem", f"the host's game was refused: {exc}")
            return
        self.view = self.copy.view
        if self.role == "host" and self.view is not None:
            self.peer_online = self.view.guest_online
        for event in events:
            if self.role == "host" and event[0] == "refused":
                continue  # the guest's refusals are the guest's news
            self._event(*event)

    def _event(self, kind: str, data: EventData) -> None:
        try:
            self._events.put_nowait((kind, data))
        except queue.Full:
            pass  # a caller that never polls loses old news, never memory

    # --- the host's own disk --------------------------------------------------------------------

    def _save(self, host: HostGame) -> None:
        if not self.save:
            return
        data = {
            "code": self.code,
            "seq": self.sealer.next_seq._next if self.sealer else 0,
            "room": host.save_data(),
        }
        datadir.atomic_write(self._room_path, json.dumps(data))

    def _restore_seq(self) -> None:
        """A restarted host numbers its messages after the ones it sent before, and takes none of
        the guest's requests it already handled."""
        assert self.host_game is not None and self.sealer is not None
        self.opener.remember("guest", self.topics["req"], self.host_game.acked)


def prune_rooms(days: float = ROOM_FILE_DAYS) -> int:
    """Remove the host's room files not written for ``days`` days; how many went."""
    limit = time.time() - days * 86400
    removed = 0
    for path in datadir.subdir("rooms").glob("*.json"):
        try:
            if path.stat().st_mtime < limit:
                path.unlink()
                removed += 1
        except OSError:
            pass
    return removed


def load_room(room_id: str, game_of: Callable[[str], GameDef]) -> HostGame | None:
    """The host's own record of a room, to resume after a crash (None when there is none)."""
    path = room_file(room_id)
    if not path.exists():
        return None
    data = datadir.read_json(path)
    room = data["room"]
    return HostGame.restore(game_of(room["game"]), room)
