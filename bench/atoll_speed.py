"""Atoll AI speed: random-fill playouts per second and MCTS iterations per second, on one core.

    python bench/atoll_speed.py               # standard board, about 2 s a measurement
    python bench/atoll_speed.py --size 19 --seconds 1

Each figure is measured from the empty board and from a middle-game position (30 stones). Rates
are given per wall-clock second and per CPU second of this process: on a shared machine the
CPU figure is the one to compare. Target on the standard board: at least 3,000 playouts per
second (the later engine-speed goal is about 20,000 iterations per second).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from plugins.atoll.ai import Searcher, Tables  # noqa: E402
from plugins.atoll.rules import AtollState  # noqa: E402


def positions(size: int) -> list[tuple[str, AtollState]]:
    rng = random.Random(5)
    start = AtollState.start(size)
    mid = AtollState.start(size, pie=False)
    while mid.placed < 30:
        nxt = mid.play(rng.choice(mid.legal_moves()))
        if nxt.outcome is None:
            mid = nxt
    return [("empty board", start), ("30 stones", mid)]


def timed(run, seconds: float) -> tuple[int, float, float]:
    """Call ``run(batch)`` until ``seconds`` pass; (count, wall, cpu)."""
    count, wall0, cpu0 = 0, time.perf_counter(), time.process_time()
    batch = 100
    while time.perf_counter() - wall0 < seconds:
        run(batch)
        count += batch
    return count, time.perf_counter() - wall0, time.process_time() - cpu0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=11, choices=(11, 15, 19))
    parser.add_argument("--seconds", type=float, default=2.0, help="length of each measurement")
    args = parser.parse_args(argv)

    built = time.perf_counter()
    state0 = AtollState.start(args.size)
    tables = Tables.get(state0.board)
    print(
        f"Atoll {args.size} columns ({tables.size} cells); tables built in {time.perf_counter() - built:.2f} s"
    )
    ok = True
    for label, state in positions(args.size):
        rng = random.Random(1)
        black, white, colour = state.stones[0], state.stones[1], state.colour

        def playouts(n: int, black=black, white=white, colour=colour, rng=rng) -> None:
            for _ in range(n):
                tables.playout(black, white, colour, rng)

        n, wall, cpu = timed(playouts, args.seconds)
        print(f"  {label:12} playouts:   {n / wall:9,.0f}/s wall  {n / cpu:9,.0f}/s cpu")
        if args.size == 11:
            ok &= n / cpu >= 3000

        searcher = Searcher(state.board, random.Random(2))
        searcher.set_root(state)

        def iterations(k: int, searcher=searcher) -> None:
            searcher.search(None, k)

        n, wall, cpu = timed(iterations, args.seconds)
        print(
            f"  {label:12} iterations: {n / wall:9,.0f}/s wall  {n / cpu:9,.0f}/s cpu"
            f"  (tree {searcher.nodes:,} nodes, {searcher.playouts / cpu:,.0f} playouts/s cpu)"
        )
    if args.size == 11:
        print(f"target >= 3,000 playouts/s: {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
