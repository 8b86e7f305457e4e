"""What one client of the embedded broker may do.

The broker inside Tafel (:mod:`tafel.net.broker`) listens on the LAN and runs in the host's own
process, beside the arcade's frame loop, so a client is held to limits that keep a hostile or
broken one from growing the host's memory or taking its processor:

- a packet announcing more than :data:`MAX_PACKET` bytes cuts the client off (a room's messages
  are at most 64 KB; amqtt would have buffered up to MQTT's 256 MB for each client);
- past :data:`MAX_CLIENTS` connections, a newcomer is cut off (two players and spectators);
- a client is read at most :data:`BYTE_RATE` bytes and :data:`PACKET_RATE` packets a second, in
  bursts up to twice that: a flood waits in the client's own socket, not in the host; one that
  sends on regardless, :data:`FLOOD_SECONDS` past its rate, is cut off before its bytes are
  looked at further (a read of 256 KB of pings would be 131,072 packets for amqtt);
- at most :data:`CONNECT_RATE` connections a second are taken (a client that reconnects in a
  loop gets a fresh allowance each time otherwise);
- a client that stops reading what it is sent (its socket full for :data:`STUCK_AFTER` seconds)
  is cut off, and what was queued for it is freed;
- the broker keeps at most :data:`MAX_RETAINED` retained topics (a room uses four).

>>> sizes = PacketSizes(limit=100)
>>> sizes.feed(bytes([0x30, 5]) + b"abcde" + bytes([0xC0, 0]))  # a publish and a ping
2
>>> sizes.feed(bytes([0x30, 0x80]))  # a packet starts, its header cut between two reads ...
1
>>> try:
...     sizes.feed(bytes([0x01]))  # ... announcing 128 bytes
... except PacketTooBig as exc:
...     print(exc)
a packet of 128 bytes (at most 100)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

#: The largest MQTT packet a client may send (a sealed message and its topic, with room).
MAX_PACKET = 128 * 1024
#: Clients the embedded broker serves at once.
MAX_CLIENTS = 16
#: Bytes a second read from one client (a burst may take twice this).
BYTE_RATE = 128 * 1024
#: Packets a second read from one client (a burst may take twice this).
PACKET_RATE = 50
#: Seconds of sending past its rate after which a client is cut off as a flood.
FLOOD_SECONDS = 10.0
#: New connections a second (a burst may take twice this).
CONNECT_RATE = 10
#: Seconds a client may leave what it is sent unread before it is cut off.
STUCK_AFTER = 5.0
#: Retained topics the broker keeps at most; a new one past this is passed on, not kept.
MAX_RETAINED = 256


class PacketTooBig(ValueError):
    """A client announced a packet over the limit."""


class PacketSizes:
    """Follows MQTT's fixed headers through a connection's bytes, however the reads cut them,
    and refuses a packet that announces more than ``limit`` bytes before any of it is kept."""

    def __init__(self, limit: int = MAX_PACKET) -> None:
        self.limit = limit
        self._body = 0  # bytes of the current packet still to come
        self._header = bytearray()  # a fixed header read in part

    def feed(self, data: bytes, most: float = float("inf")) -> int:
        """The packets that start in ``data``; PacketTooBig for one over the limit, or when more
        than ``most`` start (counting stops there: a flood costs no more than that)."""
        started = 0
        at = 0
        while at < len(data):
            if started > most:
                raise PacketTooBig(f"over {int(most)} packets at once: a flood")
            if self._body:
                step = min(self._body, len(data) - at)
                self._body -= step
                at += step
                continue
            self._header.append(data[at])
            at += 1
            if len(self._header) == 1:  # the packet's type
                started += 1
                continue
            if self._header[-1] & 0x80:  # the remaining length goes on
                if len(self._header) > 4:
                    raise PacketTooBig("a remaining length of over 4 bytes: no MQTT")
                continue
            length = sum((b & 0x7F) << (7 * i) for i, b in enumerate(self._header[1:]))
            self._header.clear()
            if length > self.limit:
                raise PacketTooBig(f"a packet of {length} bytes (at most {self.limit})")
            self._body = length
        return started


class TokenBucket:
    """``rate`` a second, up to ``burst`` at once; :meth:`take` says how long to wait after.

    >>> bucket = TokenBucket(rate=10, burst=20, clock=lambda: 0.0)
    >>> bucket.take(15), bucket.take(10)
    (0.0, 0.5)
    """

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self._then = clock()

    def take(self, amount: float) -> float:
        self._refill()
        self.tokens -= amount
        return max(0.0, -self.tokens / self.rate)

    def room(self, seconds: float) -> float:
        """How much may be taken before the wait would be over ``seconds``."""
        self._refill()
        return self.tokens + seconds * self.rate

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self._then) * self.rate)
        self._then = now


class GuardedProtocol(asyncio.StreamReaderProtocol):
    """amqtt's connection, held to this module's limits. Its transport is in ``connections``
    from the moment it is accepted until it is lost (what :meth:`EmbeddedBroker.stop` drops)."""

    def __init__(
        self,
        reader: asyncio.StreamReader,
        connected: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None] | None],
        loop: asyncio.AbstractEventLoop,
        connections: set[asyncio.Transport],
        arrivals: TokenBucket,
    ) -> None:
        super().__init__(reader, connected, loop=loop)
        self._event_loop = loop
        self._connections = connections
        self._arrivals = arrivals
        self._sizes = PacketSizes(MAX_PACKET)
        self._bytes = TokenBucket(BYTE_RATE, 2 * BYTE_RATE, loop.time)
        self._packets = TokenBucket(PACKET_RATE, 2 * PACKET_RATE, loop.time)
        self._guarded: asyncio.Transport | None = None
        self._held: asyncio.TimerHandle | None = None
        self._stuck: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        full = len(self._connections) >= MAX_CLIENTS or self._arrivals.take(1) > 0
        if isinstance(transport, asyncio.Transport):
            self._guarded = transport
            self._connections.add(transport)
        super().connection_made(transport)
        if full:
            self._cut_off()

    def data_received(self, data: bytes) -> None:
        try:
            packets = self._sizes.feed(data, most=self._packets.room(FLOOD_SECONDS))
        except PacketTooBig:
            self._cut_off()
            return
        wait = max(self._bytes.take(len(data)), self._packets.take(packets))
        if wait > FLOOD_SECONDS:  # it sent on while held: a flood, not passed on
            self._cut_off()
            return
        super().data_received(data)
        if wait > 0 and self._guarded is not None and not self._guarded.is_closing():
            self._guarded.pause_reading()  # also when the reader resumed it meanwhile
            if self._held is None:
                self._held = self._event_loop.call_later(wait, self._go_on)

    def _go_on(self) -> None:
        self._held = None
        transport = self._guarded
        if transport is None or transport.is_closing():
            return
        wait = max(self._bytes.take(0), self._packets.take(0))
        if wait > 0:
            self._held = self._event_loop.call_later(wait, self._go_on)
        else:
            transport.resume_reading()

    def pause_writing(self) -> None:
        super().pause_writing()
        if self._stuck is None:
            self._stuck = self._event_loop.call_later(STUCK_AFTER, self._cut_off)

    def resume_writing(self) -> None:
        super().resume_writing()
        if self._stuck is not None:
            self._stuck.cancel()
            self._stuck = None

    def _cut_off(self) -> None:
        if self._guarded is not None:
            self._guarded.abort()  # the client sees the connection reset at once

    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self._held, self._stuck):
            if timer is not None:
                timer.cancel()
        self._held = self._stuck = None
        if self._guarded is not None:
            self._connections.discard(self._guarded)
        super().connection_lost(exc)


__all__ = [
    "BYTE_RATE",
    "CONNECT_RATE",
    "FLOOD_SECONDS",
    "MAX_CLIENTS",
    "MAX_PACKET",
    "MAX_RETAINED",
    "PACKET_RATE",
    "STUCK_AFTER",
    "GuardedProtocol",
    "PacketSizes",
    "PacketTooBig",
    "TokenBucket",
]
