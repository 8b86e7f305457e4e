"""The broker inside Tafel stops for real: every client sees the disconnect (an MQTT client, and a
socket that never finished its handshake), and no thread, task or open loop is left behind.
Loopback only, every wait bounded."""

from __future__ import annotations

import asyncio
import socket
import threading

import pytest

pytest.importorskip("amqtt", reason="online play needs the online extra")

import paho.mqtt.client as mqtt  # noqa: E402

from tafel.net.broker import EmbeddedBroker  # noqa: E402

#: Seconds any one step may take here.
WAIT = 10.0


def _client(port: int, connected: threading.Event, gone: threading.Event) -> mqtt.Client:
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"stop-test-{port}")
    client.on_connect = lambda *args: connected.set()
    client.on_disconnect = lambda *args: gone.set()
    client.reconnect_delay_set(min_delay=0.05, max_delay=0.1)  # loop_stop waits out a retry's delay
    client.connect("127.0.0.1", port, keepalive=60)
    client.loop_start()
    return client


def _closed_by_peer(sock: socket.socket) -> bool:
    """True when the broker closed (or reset) the connection within the wait."""
    sock.settimeout(WAIT)
    try:
        return sock.recv(16) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_stop_drops_every_client_and_leaves_nothing_behind():
    broker = EmbeddedBroker("127.0.0.1").start()
    connected, gone = threading.Event(), threading.Event()
    client = _client(broker.port, connected, gone)
    half_open = socket.create_connection(("127.0.0.1", broker.port), timeout=WAIT)  # no CONNECT sent
    try:
        assert connected.wait(WAIT)
        client.subscribe("tafel/v1/x/game", qos=1)
        broker.stop()
        assert gone.wait(WAIT), "the MQTT client did not see the broker go"
        assert _closed_by_peer(half_open), "a connection without a handshake was left open"
        assert not broker.running
        assert not [t for t in threading.enumerate() if t.name == "tafel-broker"]
        assert broker._loop.is_closed()
        with pytest.raises(OSError):  # nobody listens on the port any more
            socket.create_connection(("127.0.0.1", broker.port), timeout=WAIT).close()
    finally:
        client.loop_stop()
        half_open.close()
        broker.stop()  # a second stop is harmless


def test_stop_of_a_broker_with_clients_mid_message():
    """Clients publishing while the broker stops: stop still ends in time, every client told."""
    broker = EmbeddedBroker("127.0.0.1").start()
    events = [(threading.Event(), threading.Event()) for _ in range(3)]
    clients = [_client(broker.port, c, g) for c, g in events]
    try:
        assert all(c.wait(WAIT) for c, _ in events)
        for i, client in enumerate(clients):
            client.subscribe("t/#", qos=1)
            for n in range(50):
                client.publish(f"t/{i}", b"x" * 1000 + bytes([n]), qos=1, retain=True)
        broker.stop()
        assert all(g.wait(WAIT) for _, g in events)
        assert not broker.running and broker._loop.is_closed()
    finally:
        for client in clients:
            client.loop_stop()


# --- what one client may do (tafel.net.broker_guard) -------------------------------------------


def _connect_packet(client_id: bytes = b"raw") -> bytes:
    body = b"\x00\x04MQTT\x04\x02\x00\x3c" + len(client_id).to_bytes(2, "big") + client_id
    return bytes([0x10, len(body)]) + body


def _remaining_length(n: int) -> bytes:
    out = bytearray()
    while True:
        n, digit = divmod(n, 128)
        out.append(digit | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _rss_mb() -> int:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) // 1024 for line in f if line.startswith("VmRSS:"))


def test_a_client_announcing_a_huge_packet_is_cut_off_and_the_host_stays_small():
    """A LAN client announcing a 200 MB publish had the host's process (the arcade's own) buffer
    it all: 30 MB to 228 MB. It is cut off at the header; other clients go on."""
    broker = EmbeddedBroker("127.0.0.1").start()
    before = _rss_mb()
    sock = socket.create_connection(("127.0.0.1", broker.port), timeout=WAIT)
    connected, gone = threading.Event(), threading.Event()
    client = None
    try:
        sock.sendall(_connect_packet())
        assert sock.recv(4) == b"\x20\x02\x00\x00"  # CONNACK
        sock.sendall(b"\x30" + _remaining_length(200 << 20) + b"\x00\x03a/b" + b"x" * 65536)
        with pytest.raises(OSError):  # reset: sending on finds the connection gone
            for _ in range(200):  # 200 MB at most, bounded
                sock.sendall(b"x" * (1 << 20))
        assert _rss_mb() - before < 40
        client = _client(broker.port, connected, gone)
        assert connected.wait(WAIT), "a well-behaved client is still served"
    finally:
        sock.close()
        broker.stop()
        if client is not None:
            client.loop_stop()


def _soon(check) -> bool:
    """``check()`` turns true within the wait (the broker's thread applies what it was sent)."""
    done = threading.Event()
    for _ in range(int(WAIT / 0.01)):
        if check():
            return True
        done.wait(0.01)  # a bounded poll of another thread's state
    return check()


def test_a_flood_of_retained_topics_is_not_kept(monkeypatch):
    from tafel.net import broker as broker_module

    monkeypatch.setattr(broker_module, "MAX_RETAINED", 5)
    broker = EmbeddedBroker("127.0.0.1").start()
    connected, gone = threading.Event(), threading.Event()
    client = _client(broker.port, connected, gone)
    try:
        assert connected.wait(WAIT)
        infos = [client.publish(f"t/{n}", b"x", qos=1, retain=True) for n in range(20)]
        for info in infos:
            info.wait_for_publish(WAIT)
        retained = broker._broker._retained_messages
        assert _soon(lambda: len(retained) >= 5) and sorted(retained) == [f"t/{n}" for n in range(5)]
        client.publish("t/0", b"again", qos=1, retain=True).wait_for_publish(WAIT)  # a kept one changes
        assert _soon(lambda: retained["t/0"].data == b"again")
        assert len(retained) == 5
    finally:
        broker.stop()
        client.loop_stop()


class _Transport(asyncio.Transport):
    """What the guard does to a connection, seen without a socket."""

    def __init__(self) -> None:
        super().__init__()
        self.reading, self.aborted = True, False

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def is_reading(self) -> bool:
        return self.reading

    def is_closing(self) -> bool:
        return self.aborted

    def abort(self) -> None:
        self.aborted = True

    def close(self) -> None:  # asyncio's StreamWriter closes it when collected: not the guard
        self.closed = True

    def write(self, data) -> None:
        pass

    def get_extra_info(self, name, default=None):
        return default


def _guarded(loop, connections=None, arrivals=None):
    from tafel.net.broker_guard import GuardedProtocol, TokenBucket

    reader = asyncio.StreamReader(loop=loop)
    arrivals = arrivals or TokenBucket(10, 20, loop.time)
    protocol = GuardedProtocol(reader, lambda r, w: None, loop, connections or set(), arrivals)
    transport = _Transport()
    protocol.connection_made(transport)
    return protocol, transport, reader


def _publishes(total: int, size: int = 8000) -> bytes:
    one = b"\x30" + _remaining_length(size + 3) + b"\x00\x01t" + b"x" * size
    return one * (total // len(one))


class _Clock:
    """An event loop's clock driven by the test: timers fire when it is moved on, not after a
    wait on the wall clock."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop, self.now = loop, 1000.0
        loop.time = lambda: self.now  # type: ignore[method-assign]

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.loop.call_soon(self.loop.stop)
        self.loop.run_forever()  # one turn: the timers due by now run


def test_the_guard_cuts_off_big_packets_newcomers_past_the_limit_and_stuck_readers():
    from tafel.net import broker_guard

    loop = asyncio.new_event_loop()
    clock = _Clock(loop)
    try:
        protocol, transport, reader = _guarded(loop)
        protocol.data_received(b"\x30" + _remaining_length(broker_guard.MAX_PACKET + 1))
        assert transport.aborted and not reader._buffer  # nothing of it kept

        full = {_Transport() for _ in range(broker_guard.MAX_CLIENTS)}
        _, newcomer, _ = _guarded(loop, full)
        assert newcomer.aborted

        protocol, transport, _ = _guarded(loop)
        protocol.pause_writing()  # its socket is full: it reads nothing it is sent
        clock.advance(broker_guard.STUCK_AFTER - 1)
        protocol.resume_writing()  # ... but it reads again in time
        clock.advance(2)
        assert not transport.aborted
        protocol.pause_writing()
        clock.advance(broker_guard.STUCK_AFTER - 0.5)
        assert not transport.aborted
        clock.advance(1)
        assert transport.aborted
    finally:
        loop.close()


def test_the_guard_reads_a_flood_at_its_rate_and_then_goes_on():
    from tafel.net import broker_guard

    loop = asyncio.new_event_loop()
    clock = _Clock(loop)
    try:
        protocol, transport, _ = _guarded(loop)
        protocol.data_received(_publishes(broker_guard.BYTE_RATE))  # within the burst
        assert transport.reading
        protocol.data_received(_publishes(broker_guard.BYTE_RATE + broker_guard.BYTE_RATE // 20))
        assert not transport.reading and not transport.aborted  # held, ~0.05 s of debt
        clock.advance(0.01)
        assert not transport.reading  # still in debt
        clock.advance(0.1)
        assert transport.reading
        small = b"\xc0\x00" * (4 * broker_guard.PACKET_RATE)  # pings: few bytes, many packets
        protocol.data_received(small)
        assert not transport.reading
    finally:
        loop.close()


def test_a_flood_past_its_rate_is_cut_off_before_amqtt_sees_it():
    """256 KB of pings in one read were 131,072 packets for amqtt: the host's processor, taken
    from the arcade's frame loop. Counting stops past the client's allowance, and it is cut off."""
    loop = asyncio.new_event_loop()
    try:
        protocol, transport, reader = _guarded(loop)
        protocol.data_received(b"\xc0\x00" * 131_072)
        assert transport.aborted and not reader._buffer
    finally:
        loop.close()


def test_connections_arrive_at_a_bounded_rate():
    """A client reconnecting in a loop would get a fresh allowance each time."""
    from tafel.net.broker_guard import TokenBucket

    loop = asyncio.new_event_loop()
    try:
        arrivals = TokenBucket(10, 20, lambda: 0.0)  # no time passes
        transports = [_guarded(loop, arrivals=arrivals)[1] for _ in range(21)]
        assert [t.aborted for t in transports] == [False] * 20 + [True]
    finally:
        loop.close()
