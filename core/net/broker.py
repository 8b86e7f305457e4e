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
import logging
import socket
import threading
from dataclasses import dataclass
from typing import Any

#: Seconds the broker has to start or stop.
START_TIMEOUT = 10.0
SERVICE_TYPE = "_tafel-mqtt._tcp.local."


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on now (the broker binds it a moment later)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]


class EmbeddedBroker:
    """An amqtt broker on ``host``:``port`` (a free port when 0), run by its own event loop thread."""

    def __init__(self, host: str = "0.0.0.0", port: int = 0) -> None:
        self.host = host
        self.port = port or free_port("127.0.0.1" if host in ("0.0.0.0", "") else host)
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._broker: Any = None
        self._thread = threading.Thread(target=self._run, name="tafel-broker", daemon=True)

    def start(self) -> EmbeddedBroker:
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT):
            raise RuntimeError("the embedded broker did not start in time")
        if self._error is not None:
            raise RuntimeError(f"the embedded broker did not start: {self._error}")
        return self

    def _run(self) -> None:
        from amqtt.broker import Broker

        for name in ("amqtt", "transitions"):
            logging.getLogger(name).setLevel(logging.CRITICAL)  # its chatter is not the user's news
        asyncio.set_event_loop(self._loop)
        # A client that vanishes mid-packet (a killed process) is the broker's everyday news.
        self._loop.set_exception_handler(
            lambda loop, context: logging.getLogger("amqtt").debug("%s", context)
        )
        config = {
            "listeners": {"default": {"type": "tcp", "bind": f"{self.host}:{self.port}"}},
            "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}},
        }
        try:
            self._broker = Broker(config, loop=self._loop)
            self._loop.run_until_complete(self._broker.start())
        except BaseException as exc:  # noqa: BLE001 - reported by start()
            self._error = exc
            self._ready.set()
            return
        self._ready.set()
        self._loop.run_forever()

    def stop(self) -> None:
        if self._broker is None or not self._thread.is_alive():
            return
        future = asyncio.run_coroutine_threadsafe(self._broker.shutdown(), self._loop)
        try:
            future.result(START_TIMEOUT)
        except Exception:  # noqa: BLE001, S110 - stopping is best effort
            pass
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(START_TIMEOUT)


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
                props.get("game", ""),
                props.get("name", ""),
            )
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
