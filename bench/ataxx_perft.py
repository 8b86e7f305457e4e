#!/usr/bin/env python3
"""Ataxx move generation speed: Tafel's perft against the pure-Python ``ataxx`` package.

Each count runs in its own fresh process (one after the other, in the same run), so neither
warms the other's caches or pays for the other's imports:

    python bench/ataxx_perft.py             # perft(5) from the start (4,752,668 paths)
    python bench/ataxx_perft.py --depth 4   # quicker

The ``ataxx`` package is python-ataxx 2.2.0 (``pip install ataxx==2.2.0``).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = "x5o/7/7/7/7/7/o5x x 0 1"
EXPECTED = {1: 16, 2: 256, 3: 6460, 4: 155888, 5: 4752668, 6: 141865520}


def count(impl: str, depth: int, fen: str) -> dict:
    """Run one perft in this process; returns nodes and seconds (perft only, imports excluded)."""
    if impl == "tafel":
        sys.path.insert(0, str(ROOT))
        from plugins.ataxx.rules import AtaxxState, perft

        state = AtaxxState.from_fen(fen)
        start = time.perf_counter()
        nodes = perft(state, depth)
    else:
        import ataxx

        board = ataxx.Board(fen)
        start = time.perf_counter()
        nodes = board.perft(depth)
    return {"nodes": nodes, "seconds": time.perf_counter() - start}


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
    result["wall"] = wall
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--fen", default=START)
    parser.add_argument("--child", choices=("tafel", "ataxx"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(count(args.child, args.depth, args.fen)))
        return 0
    print(f"perft({args.depth}) of {args.fen}, each in its own process")
    results = {}
    for impl, label in (("tafel", "Tafel plugins.ataxx.rules.perft"), ("ataxx", "python-ataxx Board.perft")):
        r = run_child(impl, args.depth, args.fen)
        results[impl] = r
        ok = ""
        if args.fen == START and args.depth in EXPECTED:
            ok = (
                "  (matches the published count)" if r["nodes"] == EXPECTED[args.depth] else "  (WRONG COUNT)"
            )
        print(
            f"  {label:32s} {r['nodes']:>11,d} paths in {r['seconds']:7.2f} s "
            f"({r['nodes'] / r['seconds'] / 1e6:5.2f} M/s; process {r['wall']:.2f} s){ok}",
            flush=True,
        )
    ratio = results["ataxx"]["seconds"] / results["tafel"]["seconds"]
    print(f"  speed ratio: Tafel is {ratio:.1f}x faster (target >= 5x, aim 10x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
