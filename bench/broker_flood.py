"""The host's processor and memory while LAN clients flood the broker inside Tafel.

The embedded broker (amqtt) runs in the host's own process, beside the arcade's frame loop, so
what a hostile client makes it do is taken from the frames. This starts the broker on loopback,
lets ``--clients`` raw clients (in another process) send MQTT pings as fast as they can for
``--seconds``, and one client announce a 200 MB publish, each reconnecting whenever it is cut
off, then prints the host process's CPU
seconds and its memory growth over that time (tafel.net.broker_guard's limits at work).

    python bench/broker_flood.py [--clients 20] [--seconds 3]
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CONNECT = b"\x00\x04MQTT\x04\x02\x00\x3c\x00\x01c"


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        return next(int(line.split()[1]) / 1024 for line in f if line.startswith("VmRSS:"))


def flood(port: int, seconds: float, huge: bool) -> tuple[int, int]:
    """One client: CONNECT, then pings (or a huge publish), and again each time it is cut off,
    until the time is up. Returns the bytes written and the connections made."""
    sent, connections, end = 0, 0, time.monotonic() + seconds
    chunk = b"x" * 65536 if huge else b"\xc0\x00" * 32768
    while time.monotonic() < end:
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            time.sleep(0.01)
            continue
        connections += 1
        try:
            sock.sendall(bytes([0x10, len(CONNECT)]) + CONNECT)
            sock.recv(4)
            sock.setblocking(False)
            if huge:
                sock.sendall(b"\x30\x80\x80\x80\x64\x00\x03a/b")  # 200 MB announced
            while time.monotonic() < end:
                try:
                    sent += sock.send(chunk)
                except BlockingIOError:
                    time.sleep(0.001)
        except OSError:  # cut off by the broker: connect again, as a hostile client would
            pass
        finally:
            sock.close()
    return sent, connections


def flooders(port: int, clients: int, seconds: float) -> None:
    sent = [(0, 0)] * (clients + 1)

    def run(i: int) -> None:
        sent[i] = flood(port, seconds, huge=i == clients)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    written, made = sum(s for s, _ in sent) / 2**20, sum(c for _, c in sent)
    print(f"the clients wrote {written:.1f} MB over {made} connections (reconnecting when cut off)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--flooders", type=int, default=None, help=argparse.SUPPRESS)  # the child
    args = parser.parse_args()
    if args.flooders is not None:
        flooders(args.flooders, args.clients, args.seconds)
        return 0
    from tafel.net.broker import EmbeddedBroker

    broker = EmbeddedBroker("127.0.0.1").start()
    quiet = frame_like_work(1.0)
    before_rss, before_cpu, began = rss_mb(), time.process_time(), time.monotonic()
    child = [sys.executable, __file__, "--flooders", str(broker.port)]
    flood_run = subprocess.Popen([*child, "--clients", str(args.clients), "--seconds", str(args.seconds)])
    flooded = frame_like_work(args.seconds)
    flood_run.wait()
    cpu, wall = time.process_time() - before_cpu, time.monotonic() - began
    cpu -= sum(flooded) / 1000 * WORK_SHARE  # what the work itself took, roughly
    print(
        f"{args.clients} flooding clients and one 200 MB publish for {args.seconds:g} s: the host "
        f"process used {cpu:.2f} s of CPU in {wall:.1f} s ({100 * cpu / wall:.0f}% of a core), "
        f"memory {before_rss:.0f} -> {rss_mb():.0f} MB"
    )
    print(
        "a 4 ms piece of frame-like work on the host's main thread took, p50 / p99: "
        f"{percentile(quiet, 50):.1f} / {percentile(quiet, 99):.1f} ms quiet, "
        f"{percentile(flooded, 50):.1f} / {percentile(flooded, 99):.1f} ms during the flood"
    )
    broker.stop()
    return 0


#: The part of each frame-like piece spent working (the rest waits, as a frame loop does).
WORK_SHARE = 0.25


def frame_like_work(seconds: float) -> list[float]:
    """Milliseconds each 4 ms piece of pure-Python work took, one every 16 ms, for ``seconds``:
    what a frame of the arcade's loop would lose to the broker's thread (the GIL)."""
    took: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        for _ in range(PIECE):
            sum(range(200))
        took.append((time.perf_counter() - start) * 1000)
        time.sleep(0.012)
    return took


def _calibrated(ms: float = 4.0) -> int:
    """Repetitions of the work that take ``ms`` on a quiet machine."""
    start = time.perf_counter()
    for _ in range(1000):
        sum(range(200))
    return round(1000 * ms / ((time.perf_counter() - start) * 1000))


PIECE = _calibrated()


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


if __name__ == "__main__":
    sys.exit(main())
