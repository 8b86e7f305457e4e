#!/usr/bin/env python3
"""Ataxx UAI lateness (issue 43): how often ``go movetime N`` is answered after N, as a match runner sees it.

    python bench/ataxx_uai_lateness.py --movetime 200 --moves 1000 --jobs 2
    python bench/ataxx_uai_lateness.py --movetime 1000 --moves 150 --jobs 2 --json
    python bench/ataxx_uai_lateness.py --movetime 200 --moves 1000 --jobs 2 --timestamps

Runs ``python main.py uai`` in a subprocess and drives it as a tournament runner does: the
engine plays itself whole games (two seeded random plies, then to the game's end or 200
plies; ``uainewgame`` between games), and every move is ``position startpos moves ...`` and
``go movetime N`` written together at once, with no ``isready`` in between. A move's time runs
from the moment the ``go`` line is written to the moment the ``bestmove`` line is read (the
pipes, both processes' scheduling, the engine's start-up of a search and its reply all count).
A move is late when that time exceeds N (a grace of 0 ms, as cutechess and cuteataxx have by
default).

``--jobs 2`` runs two such matches side by side, each in a process of its own (two engines and
two runners on the machine: with two cores, a loaded machine). The figures are over all moves
of all jobs: lateness (time minus N) at the median, p99, p99.9 and worst, the share of N used,
and the count over N. Run it without ``nice``: it measures the engine under real load.

The engine's ``debug on`` timing line gives its own view of each late move (its time from the
arrival of ``go``, the time it searched, the longest stall, and whether its watchdog answered).
``--timestamps`` (Linux) takes the engine's output over a datagram socket on which the kernel
stamps each write's arrival: an answer that arrived in time but was read late (this runner not
scheduled) is told from one written late. ``--overhead MS`` sets the engine's MoveOverhead.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import socket
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel.games.ataxx.rules import AtaxxState  # noqa: E402

MAX_PLIES = 200
#: Linux's SO_TIMESTAMPNS (Python names it from 3.13 on only).
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)


class Engine:
    """``main.py uai`` in a subprocess, spoken to over pipes; with ``timestamps`` its output
    comes over a datagram socket instead, on which the kernel stamps when each write arrived
    (``SO_TIMESTAMPNS``): the answer's arrival, apart from when this process got to read it."""

    def __init__(self, overhead_ms: int | None = None, timestamps: bool = False) -> None:
        #: The engine's own time from the arrival of the last ``go`` to its answer (debug on).
        self.engine_ms = self.searched_ms = self.stall_ms = float("nan")
        #: 1.0 when the last answer was the watchdog's (the search had not answered in time).
        self.rescued = 0.0
        #: When the last line read arrived (wall clock, s; with ``timestamps`` only).
        self.arrived = float("nan")
        env = dict(os.environ, TAFEL_NO_ENTRY_POINTS="1")
        self._sock = None
        child = None
        if timestamps:
            self._sock, child = socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
            self._sock.settimeout(60)
            self._pending: collections.deque[tuple[str, float]] = collections.deque()
            self._partial = ""
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "uai"],
            stdin=subprocess.PIPE,
            stdout=child.fileno() if child is not None else subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=ROOT,
            env=env,
        )
        if child is not None:
            child.close()
        self.send("uai")
        self.until("uaiok")
        self.send("debug on")  # a timing line before each answer: the engine's own view
        if overhead_ms is not None:
            self.send(f"setoption name MoveOverhead value {overhead_ms}")
        self.send("isready")
        self.until("readyok")

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def readline(self) -> str:
        if self._sock is None:
            assert self.proc.stdout is not None
            return self.proc.stdout.readline()
        while not self._pending:
            try:
                data, ancillary, _, _ = self._sock.recvmsg(1 << 16, socket.CMSG_SPACE(16))
            except TimeoutError:
                return ""
            stamp = float("nan")
            for level, kind, value in ancillary:
                if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                    sec, nsec = struct.unpack("qq", value[:16])
                    stamp = sec + nsec / 1e9
            *lines, self._partial = (self._partial + data.decode()).split("\n")
            self._pending.extend((line + "\n", stamp) for line in lines)
        line, self.arrived = self._pending.popleft()
        return line

    def until(self, prefix: str) -> str:
        while True:
            line = self.readline()
            if not line:
                raise RuntimeError("the engine ended")
            if line.startswith("info string timing "):
                words = line.split()
                self.engine_ms, self.searched_ms, self.stall_ms = (float(words[i]) for i in (4, 7, 10))
                self.rescued = 1.0 if words[-1] == "watchdog" else 0.0
            if line.startswith(prefix):
                return line.strip()

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def play(
    movetime: int, moves: int, seed: int, overhead_ms: int | None = None, timestamps: bool = False
) -> list[list[float]]:
    """``[ply, time, the engine's own time, the time it searched for, the longest stall it
    saw, 1 if the watchdog answered]`` (ms) of ``moves`` moves at ``movetime``, whole games of the engine
    against itself (ply 2 is a game's first searched move)."""
    rng = random.Random(seed)
    engine = Engine(overhead_ms, timestamps)
    times: list[list[float]] = []
    try:
        while len(times) < moves:
            engine.send("uainewgame")
            state, history = AtaxxState.start(), []
            for _ in range(2):
                move = rng.choice(state.legal_moves())
                history.append(move.text())
                state = state.play(move)
            while state.outcome is None and len(history) < MAX_PLIES and len(times) < moves:
                # Written together, as a runner does; the clock starts once 'go' is written.
                engine.send("position startpos moves " + " ".join(history))
                engine.send(f"go movetime {movetime}")
                sent = time.perf_counter()
                sent_wall = time.time()
                engine.engine_ms = float("nan")
                best = engine.until("bestmove ")
                times.append(
                    [
                        len(history),
                        (time.perf_counter() - sent) * 1000,
                        engine.engine_ms,
                        engine.searched_ms,
                        engine.stall_ms,
                        engine.rescued,
                        (engine.arrived - sent_wall) * 1000,
                    ]
                )
                text = best.split()[1]
                history.append(text)
                state = state.play(state.parse_move(text))
    finally:
        engine.close()
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def summary(movetime: int, moves: list[list[float]]) -> dict:
    times = [t for _, t, *_ in moves]
    late = [t - movetime for t in times]
    return {
        "movetime_ms": movetime,
        "moves": len(times),
        "over": sum(t > movetime for t in times),
        "over_25ms": sum(t > movetime + 25 for t in times),
        "used_mean": round(statistics.fmean(times) / movetime, 3),
        "late_median_ms": round(statistics.median(late), 1),
        "late_p99_ms": round(percentile(late, 0.99), 1),
        "late_p999_ms": round(percentile(late, 0.999), 1),
        "late_max_ms": round(max(late), 1),
        "worst_ms": sorted(round(t, 1) for t in times)[-5:],
        "late_plies": sorted(int(ply) for ply, t, *_ in moves if t > movetime),
        # (the runner's time, the engine's own from the arrival of go to its answer, the
        # time it gave the search, the longest stall the search saw)
        "late_moves_ms": [
            [round(x, 1) for x in move[1:5] + move[6:7]] for move in moves if move[1] > movetime
        ],
        "engine_over": sum(move[2] > movetime for move in moves),
        "watchdog": int(sum(move[5] for move in moves if len(move) > 5)),
        # (with --timestamps: when the answer arrived on the socket, whenever the runner read it)
        "arrived_over": sum(move[6] > movetime for move in moves if len(move) > 6),
        "arrived_late_max_ms": round(
            max((move[6] for move in moves if len(move) > 6), default=0.0) - movetime, 1
        ),
        "first_moves_worst_ms": round(max(move[1] for move in moves if move[0] == 2), 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetime", type=int, default=200, help="ms a move")
    parser.add_argument("--moves", type=int, default=1000, help="moves per job")
    parser.add_argument("--jobs", type=int, default=2, help="matches side by side, a process each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    parser.add_argument(
        "--overhead", type=int, default=None, help="the engine's MoveOverhead (ms; default its own)"
    )
    parser.add_argument(
        "--timestamps",
        action="store_true",
        help="the engine's output over a datagram socket the kernel time-stamps (Linux)",
    )
    parser.add_argument("--times-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.times_only:  # one job of a --jobs run: its times as JSON
        print(json.dumps(play(args.movetime, args.moves, args.seed, args.overhead, args.timestamps)))
        return 0
    started = time.time()
    children = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--times-only",
                f"--movetime={args.movetime}",
                f"--moves={args.moves}",
                f"--seed={args.seed + job}",
                *([f"--overhead={args.overhead}"] if args.overhead is not None else []),
                *(["--timestamps"] if args.timestamps else []),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        for job in range(args.jobs)
    ]
    times: list[list[float]] = []
    loads = []
    for child in children:
        out, _ = child.communicate()
        if child.returncode != 0:
            print(f"a job failed (exit {child.returncode})", file=sys.stderr)
            return 1
        times += json.loads(out.splitlines()[-1])
        loads.append(os.getloadavg()[0])
    row = summary(args.movetime, times)
    minutes = (time.time() - started) / 60
    print(
        f"go movetime {args.movetime}: {row['moves']} moves ({args.jobs} jobs side by side, {minutes:.1f} min), "
        f"over the movetime: {row['over']} (over by more than 25 ms: {row['over_25ms']})"
    )
    print(
        f"  lateness (time - movetime) median {row['late_median_ms']:+.1f} ms, p99 {row['late_p99_ms']:+.1f}, "
        f"p99.9 {row['late_p999_ms']:+.1f}, worst {row['late_max_ms']:+.1f}; "
        f"mean share of the movetime used {100 * row['used_mean']:.1f}%"
    )
    print(
        f"  the five longest: {', '.join(f'{t:.1f}' for t in row['worst_ms'])} ms; a game's first move at most "
        f"{row['first_moves_worst_ms']:.1f} ms; the late moves' plies: "
        f"{row['late_plies'][:40] or 'none'}{' ...' if len(row['late_plies']) > 40 else ''}"
    )
    print(
        f"  the engine's own view (arrival of go to its answer): over the movetime {row['engine_over']}, "
        f"answered by the watchdog {row['watchdog']}; "
        f"late moves as (runner, engine, searched for, longest stall[, arrived]) ms: "
        f"{row['late_moves_ms'][:20] or 'none'}{' ...' if len(row['late_moves_ms']) > 20 else ''}"
    )
    print(
        f"  load average at the end {max(loads):.1f} ({os.cpu_count()} cores), Python {sys.version.split()[0]}, "
        f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime(started))} UTC"
    )
    if args.timestamps:
        print(
            f"  arrived on the runner's socket (kernel time stamps) over the movetime: {row['arrived_over']},"
            f" the latest {row['arrived_late_max_ms']:+.1f} ms"
        )
    if args.json:
        print(json.dumps(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
