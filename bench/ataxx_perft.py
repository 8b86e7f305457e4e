#!/usr/bin/env python3
"""Ataxx move counting speed: Tafel's perft against the pure-Python ``ataxx`` package.

Each count runs in its own fresh process, so neither warms the other's caches or pays for the
other's imports; the implementations take turns, round after round, in the same run, and the
figures are medians over the rounds (the machine may be shared: taking turns exposes both to
the same load). Times are the count itself (imports excluded), wall clock and the process's
CPU time; the CPU ratio is the robust one on a busy machine.

    python bench/ataxx_perft.py                 # perft(5) from the start (4,752,668 paths), 3 rounds
    python bench/ataxx_perft.py --depth 4 --runs 5
    python bench/ataxx_perft.py --json          # the figures as JSON on the last line

Implementations: ``tafel`` (tafel.games.ataxx.rules.perft as the game uses it: bulk counting of the
last two plies plus a transposition cache), ``tafel-nocache`` (the same without the cache: the
bulk counting alone) and ``ataxx`` (python-ataxx 2.2.0's ``Board.perft``; ``pip install
ataxx==2.2.0``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "x5o/7/7/7/7/7/o5x x 0 1"
EXPECTED = {1: 16, 2: 256, 3: 6460, 4: 155888, 5: 4752668, 6: 141865520}
IMPLS = {
    "tafel": "Tafel perft",
    "tafel-nocache": "Tafel perft, no cache",
    "ataxx": "python-ataxx Board.perft",
}


def count(impl: str, depth: int, fen: str) -> dict:
    """Run one perft in this process: nodes, wall seconds and CPU seconds of the count alone."""
    if impl.startswith("tafel"):
        sys.path.insert(0, str(ROOT))
        from tafel.games.ataxx.rules import AtaxxState, perft

        state = AtaxxState.from_fen(fen)
        cache = impl == "tafel"

        def run() -> int:
            return perft(state, depth, cache=cache)
    else:
        import ataxx

        board = ataxx.Board(fen)

        def run() -> int:
            return board.perft(depth)

    wall, cpu = time.perf_counter(), time.process_time()
    nodes = run()
    return {"nodes": nodes, "seconds": time.perf_counter() - wall, "cpu": time.process_time() - cpu}


def run_child(impl: str, depth: int, fen: str) -> dict:
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, __file__, "--child", impl, "--depth", str(depth), "--fen", fen],
        capture_output=True,
        text=True,
        check=False,
    )
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{impl} perft failed: {proc.stderr.strip().splitlines()[-1:]}")
    result = json.loads(proc.stdout)
    result["process"] = wall
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--fen", default=START)
    parser.add_argument("--runs", type=int, default=3, help="rounds; medians are reported (default 3)")
    parser.add_argument(
        "--impls", default=",".join(IMPLS), help=f"comma-separated, of {', '.join(IMPLS)} (default all)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    parser.add_argument("--child", choices=tuple(IMPLS), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(count(args.child, args.depth, args.fen)))
        return 0
    impls = [i for i in args.impls.split(",") if i]
    print(
        f"perft({args.depth}) of {args.fen}: each count in its own process, {args.runs} rounds taking turns"
        f" (load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} cores)",
        flush=True,
    )
    runs: dict[str, list[dict]] = {i: [] for i in impls}
    for _ in range(args.runs):
        for impl in impls:
            runs[impl].append(run_child(impl, args.depth, args.fen))
    figures: dict[str, dict] = {"depth": args.depth, "fen": args.fen, "runs": args.runs}
    for impl in impls:
        rs = runs[impl]
        nodes = rs[0]["nodes"]
        secs = statistics.median(r["seconds"] for r in rs)
        cpu = statistics.median(r["cpu"] for r in rs)
        proc = statistics.median(r["process"] for r in rs)
        ok = ""
        if args.fen == START and args.depth in EXPECTED:
            right = all(r["nodes"] == EXPECTED[args.depth] for r in rs)
            ok = "  (matches the published count)" if right else "  (WRONG COUNT)"
        elif len({r["nodes"] for r in rs}) > 1:
            ok = "  (COUNTS DIFFER BETWEEN RUNS)"
        print(
            f"  {IMPLS[impl]:26s} {nodes:>11,d} paths: median {secs:7.3f} s wall, {cpu:7.3f} s cpu"
            f" ({nodes / max(cpu, 1e-9) / 1e6:6.2f} M/cpu s; process {proc:.2f} s){ok}",
            flush=True,
        )
        figures[impl] = {
            "nodes": nodes,
            "seconds": secs,
            "cpu": cpu,
            "process": proc,
            "correct": "WRONG" not in ok,
        }
    if "ataxx" in runs:
        base = figures["ataxx"]
        for impl in impls:
            if impl == "ataxx":
                continue
            mine = figures[impl]
            wall_ratio = base["seconds"] / max(mine["seconds"], 1e-9)
            cpu_ratio = base["cpu"] / max(mine["cpu"], 1e-9)
            mine["ratio_wall"], mine["ratio_cpu"] = wall_ratio, cpu_ratio
            print(
                f"  {IMPLS[impl]}: {wall_ratio:.1f}x faster than python-ataxx by wall clock, "
                f"{cpu_ratio:.1f}x by CPU time (target >= 30x)"
            )
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
