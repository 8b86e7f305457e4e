#!/usr/bin/env python3
"""UAI time use: how much of ``go movetime N`` the engine uses, seen from the GUI's side.

    python bench/uai_time.py                          # 100 ms, 200 ms and 1 s; 60/60/30 moves
    python bench/uai_time.py --movetimes 100,200 --moves 40
    python bench/uai_time.py --json

Runs ``python main.py uai`` in a subprocess, as a match runner does, and plays the engine
against itself: every move is one ``position startpos moves ...`` and ``go movetime N``, and
the time is taken from writing the ``go`` line to reading the ``bestmove`` line (the pipe, the
thread hand-over and the reply included). Games start with two seeded random plies and are
restarted (``uainewgame``) when they end or reach 80 plies. Prints mean, p95 and max per
movetime, in ms and as a share of the movetime; a move over its movetime is counted as 'over'.
The engine's default MoveOverhead applies unless ``--overhead`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel.games.ataxx.rules import AtaxxState  # noqa: E402


class Engine:
    def __init__(self, overhead: int | None) -> None:
        env = dict(os.environ, TAFEL_NO_ENTRY_POINTS="1")
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "uai"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
            cwd=ROOT,
            env=env,
        )
        self.send("uai")
        self.until("uaiok")
        if overhead is not None:
            self.send(f"setoption name MoveOverhead value {overhead}")
        self.send("isready")
        self.until("readyok")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, prefix: str) -> str:
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine ended")
            if line.startswith(prefix):
                return line.strip()

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def measure(engine: Engine, movetime: int, moves: int, rng: random.Random) -> list[float]:
    times: list[float] = []
    history: list[str] = []
    state = AtaxxState.start()
    while len(times) < moves:
        if state.outcome is not None or len(history) >= 80 or not history:
            engine.send("uainewgame")
            state, history = AtaxxState.start(), []
            for _ in range(2):
                move = rng.choice(state.legal_moves())
                history.append(move.text())
                state = state.play(move)
        engine.send("position startpos moves " + " ".join(history))
        engine.send("isready")
        engine.until("readyok")
        start = time.perf_counter()
        engine.send(f"go movetime {movetime}")
        best = engine.until("bestmove ")
        times.append((time.perf_counter() - start) * 1000)
        text = best.split()[1]
        history.append(text)
        state = state.play(state.parse_move(text))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetimes", default="100,200,1000", help="comma-separated, in ms")
    parser.add_argument("--moves", default="60,60,30", help="moves per movetime (one number or one each)")
    parser.add_argument("--overhead", type=int, default=None, help="setoption MoveOverhead (ms)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = parser.parse_args(argv)
    movetimes = [int(t) for t in args.movetimes.split(",")]
    counts = [int(n) for n in args.moves.split(",")]
    if len(counts) == 1:
        counts *= len(movetimes)
    if len(counts) != len(movetimes):
        parser.error("--moves needs one number, or one per movetime")
    rng = random.Random(args.seed)
    engine = Engine(args.overhead)
    rows = []
    try:
        print(f"{'movetime':>9} {'moves':>5} {'mean':>15} {'p95':>15} {'max':>15} {'over':>4}")
        for movetime, count in zip(movetimes, counts, strict=True):
            times = measure(engine, movetime, count, rng)
            row = {
                "movetime_ms": movetime,
                "moves": count,
                "mean_ms": round(statistics.fmean(times), 1),
                "p95_ms": round(percentile(times, 0.95), 1),
                "max_ms": round(max(times), 1),
                "min_ms": round(min(times), 1),
                "over": sum(t > movetime for t in times),
            }
            rows.append(row)

            def cell(ms: float, movetime: int = movetime) -> str:
                return f"{ms:7.1f} ({100 * ms / movetime:4.1f}%)"

            print(
                f"{movetime:>7}ms {count:>5} {cell(row['mean_ms'])} {cell(row['p95_ms'])} "
                f"{cell(row['max_ms'])} {row['over']:>4}"
            )
    finally:
        engine.close()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f}, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
