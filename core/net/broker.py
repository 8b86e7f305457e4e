"""The broker inside Tafel (amqtt) for a LAN game, and its announcement on the LAN (zeroconf).

amqtt is a maintained MQTT 3.1.1 broker in pure Python on asyncio: it installs from PyPI with
no compiler and runs in a thread of the host's process, so a LAN game needs nothing else
installed. Only the host's process runs it; the room dies with it (use a standing broker,
Mosquitto or any other, for games that must outlive the host's process).

>>> broker = EmbeddedBroker("127.0.0.1").start()
>>> broker.port > 0
True
>>> broker.stop()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
import threading
from dataclasses import dataclass
from typing import Protocol

from tafel.net.broker_guard import CONNECT_RATE, MAX_RETAINED, GuardedProtocol, TokenBucket

#: Seconds the broker has to start or stop.
START_TIMEOUT = 10.0
#: Seconds amqtt's own shutdown, then the cancelled tasks, may take before the rest is forced.
STOP_GRACE = 3.0
SERVICE_TYPE = "_tafel-mqtt._tcp.local."
#: Rooms a LAN search keeps at most (any device on the LAN may announce them).
MAX_LAN_ROOMS = 100


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now (the broker binds it a moment later)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


class AmqttBroker(Protocol):
    """What Tafel uses of amqtt's Broker (amqtt ships no type information)."""

    async def start(self) -> None: ...
    async def shutdown(self) -> None: ...


class EmbeddedBroker:
    """An amqtt broker on ``host``:``port`` (a free port when 0), run by its own event loop thread.

    :meth:`stop` is reliable whatever amqtt does: every client connection is dropped (a client
    sees the broker go, even one that never finished its MQTT handshake), every task of the
    loop is cancelled, the loop is closed and the thread ends, each step bounded in time.
    """

    def __init__(self, host: str = "0.0.0.0", port: int = 0) -> None:
        self.host = host
        self.port = port or free_port("127.0.0.1" if host in ("0.0.0.0", "") else host)
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._broker: AmqttBroker | None = None
        #: The clients' connections (their transports), dropped by stop() if amqtt leaves one open.
        self._connections: set[asyncio.Transport] = set()
        self._thread = threading.Thread(target=self._run, name="tafel-broker", daemon=True)

    def start(self) -> EmbeddedBroker:
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            raise RuntimeError("the embedded broker did not start in time")
        if self._error is not None:
            raise RuntimeError(f"the embedded broker did not start: {self._error}")
        return self

    def _run(self) -> None:
        for name in ("amqtt", "transitions"):
            logging.getLogger(name).setLevel(logging.CRITICAL)  # its chatter is not the user's news
        asyncio.set_event_loop(self._loop)
        # A client that vanishes mid-packet (a killed process) is the broker's everyday news.
        self._loop.set_exception_handler(
            lambda loop, context: logging.getLogger("amqtt").debug("%s", context)
        )
        try:
            self._broker = _tracking_broker(self._config(), self._loop, self._connections)
            self._loop.run_until_complete(self._broker.start())
        except BaseException as exc:  # noqa: BLE001 - reported by start()
            self._error = exc
            self._ready.set()
            self._close_loop()
            return
        self._ready.set()
        try:
            self._loop.run_forever()
        finally:
            self._close_loop()

    def _config(self) -> dict[str, object]:
        return {
            "listeners": {"default": {"type": "tcp", "bind": f"{self.host}:{self.port}"}},
            "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}},
        }

    def stop(self) -> None:
        """Stop the broker: clients dropped, tasks cancelled, the loop closed, the thread ended."""
        if self._broker is None or not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop)
        try:
            future.result(START_TIMEOUT)
        except Exception:  # noqa: BLE001, S110 - the loop is stopped below whatever happened
            pass
        with contextlib.suppress(RuntimeError):  # the loop may have closed already
            self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(START_TIMEOUT)

    async def _shutdown(self) -> None:
        """Stop listening, drop every client, then amqtt's own shutdown (bounded: it can wait on a
        client forever), then cancel whatever it left running."""
        await self._stop_listening()
        self._drop_clients()
        try:
            if self._broker is not None:
                await asyncio.wait_for(self._broker.shutdown(), STOP_GRACE)
        except Exception:  # noqa: BLE001, S110 - amqtt's shutdown is best effort; the rest is ours
            pass
        current = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not current]
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=STOP_GRACE)
        self._drop_clients()
        for _ in range(3):  # an aborted transport closes its socket in the loop's next steps
            await asyncio.sleep(0)

    async def _stop_listening(self) -> None:
        """No new connections; those accepted already become transports first (asyncio makes
        them in a task of its own, which fails on a closed server and leaves the socket open)."""
        listeners = getattr(self._broker, "_servers", {}).values()  # amqtt's, by listener name
        servers = [s.instance for s in listeners if isinstance(getattr(s, "instance", None), asyncio.Server)]
        for server in servers:
            for sock in server.sockets:
                self._loop.remove_reader(sock.fileno())
        for _ in range(20):
            await asyncio.sleep(0)
            if not any(_accepting(t) for t in asyncio.all_tasks()):
                break
        for server in servers:
            server.close()

    def _drop_clients(self) -> None:
        for transport in list(self._connections):
            transport.abort()  # the client sees the connection reset at once
        self._connections.clear()

    def _close_loop(self) -> None:
        loop = self._loop
        try:
            leftover = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in leftover:
                task.cancel()
            if leftover:
                loop.run_until_complete(asyncio.wait(leftover, timeout=STOP_GRACE))
            loop.run_until_complete(loop.shutdown_asyncgens())
        except Exception:  # noqa: BLE001, S110 - closing what may be half closed
            pass
        finally:
            loop.close()

    @property
    def running(self) -> bool:
        """True while the broker's thread runs."""
        return self._thread.is_alive()

    def close(self) -> None:
        """The same as :meth:`stop` (a room closes what it started by one name)."""
        self.stop()


def _accepting(task: asyncio.Task[object]) -> bool:
    """True for asyncio's task that makes an accepted socket a transport (not to be cancelled)."""
    return "_accept_connection" in getattr(task.get_coro(), "__qualname__", "")


def _tracking_broker(
    config: dict[str, object], loop: asyncio.AbstractEventLoop, connections: set[asyncio.Transport]
) -> AmqttBroker:
    """amqtt's Broker whose TCP listener keeps each connection's transport in ``connections``
    from the moment it is accepted (before amqtt's handler for it has even started) until it is
    lost: those are what :meth:`EmbeddedBroker.stop` drops. Each client is held to the limits of
    :mod:`tafel.net.broker_guard`, and the retained topics to :data:`MAX_RETAINED`."""
    from functools import partial

    from amqtt.broker import Broker

    class TrackingBroker(Broker):  # type: ignore[misc]
        async def _create_server_instance(  # type: ignore[override]
            self,
            listener_name: str,
            listener_type: object,
            address: str | None,
            port: int,
            ssl_context: ssl.SSLContext | None,
        ) -> asyncio.Server:
            if getattr(listener_type, "value", listener_type) != "tcp":
                return await super()._create_server_instance(
                    listener_name, listener_type, address, port, ssl_context
                )
            connected = partial(self.stream_connected, listener_name=listener_name)

            arrivals = TokenBucket(CONNECT_RATE, 2 * CONNECT_RATE, loop.time)

            def protocol() -> GuardedProtocol:
                reader = asyncio.StreamReader(loop=loop)
                return GuardedProtocol(reader, connected, loop, connections, arrivals)

            return await loop.create_server(
                protocol,
                address,
                port,
                reuse_address=True,
                ssl=ssl_context,
            )

        async def retain_message(  # type: ignore[no-untyped-def]
            self, source_session, topic_name, data, qos=None
        ) -> None:
            retained = self._retained_messages
            if data and topic_name not in retained and len(retained) >= MAX_RETAINED:
                return  # a flood of topics: passed on to subscribers, not kept
            await super().retain_message(source_session, topic_name, data, qos)

    return TrackingBroker(config, loop=loop)


@dataclass(frozen=True)
class LanRoom:
    """A room announced on the LAN: where its broker is, and what it plays."""

    room_id: str
    host: str
    port: int
    game: str
    host_name: str

    @property
    def url(self) -> str:
        return f"mqtt://{self.host}:{self.port}"


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (where LAN peers can reach it)."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            found.append(sock.getsockname()[0])
    except OSError:
        pass
    return [a for a in found if not a.startswith("127.")]


class Announcer:
    """Announces a room's embedded broker with zeroconf (mDNS) until :meth:`close`."""

    def __init__(self, room: LanRoom, addresses: list[str]) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        self._zeroconf = Zeroconf()
        self._info = ServiceInfo(
            SERVICE_TYPE,
            f"Tafel {room.room_id[:12]}.{SERVICE_TYPE}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=room.port,
            properties={"room": room.room_id, "game": room.game, "name": room.host_name[:40], "v": "1"},
        )
        self._zeroconf.register_service(self._info)

    def close(self) -> None:
        try:
            self._zeroconf.unregister_service(self._info)
        finally:
            self._zeroconf.close()


def browse(timeout: float, room_id: str | None = None) -> list[LanRoom]:
    """Rooms announced on the LAN, looking for up to ``timeout`` seconds (less once ``room_id``
    is found)."""
    from zeroconf import ServiceBrowser, ServiceListener, Zeroconf

    from tafel.net.game import clean_name

    found: dict[str, LanRoom] = {}
    done = threading.Event()

    class Listener(ServiceListener):
        def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            info = zc.get_service_info(type_, name, timeout=1500)
            if info is None or not info.parsed_addresses():
                return
            props = {k.decode(): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
            room = LanRoom(
                props.get("room", ""),
                info.parsed_addresses()[0],
                info.port or 0,
                clean_name(props.get("game", "")),
                clean_name(props.get("name", "")),
            )
            if name in found or len(found) < MAX_LAN_ROOMS:  # any device may announce
                found[name] = room
            if room_id is not None and room.room_id == room_id:
                done.set()

        update_service = add_service

        def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            found.pop(name, None)

    zeroconf = Zeroconf()
    try:
        ServiceBrowser(zeroconf, SERVICE_TYPE, Listener())
        done.wait(timeout)
    finally:
        zeroconf.close()
    rooms = list(found.values())
    return [r for r in rooms if r.room_id == room_id] if room_id is not None else rooms
