"""The broker inside Tafel stops for real: every client sees the disconnect (an MQTT client, and a
socket that never finished its handshake), and no thread, task or open loop is left behind.
Loopback only, every wait bounded."""

from __future__ import annotations

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
