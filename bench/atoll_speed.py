"""Atoll AI speed: MCTS iterations per second and random-fill playouts per second, on one core.

    python bench/atoll_speed.py                  # standard board: 3 searches of 20,000 iterations
    python bench/atoll_speed.py --json           # the figures as JSON on the last line
    python bench/atoll_speed.py --size 19 --iterations 5000 --runs 1

Each search starts a fresh tree from the empty board (the pie rule on, as in play) and runs
``--iterations`` iterations; the figure is the median of ``--runs`` searches. The same is done
from a middle-game position (30 stones, no pie rule) for comparison, and playouts (a random
fill of the empty cells and the flood fill naming the winner) are timed on their own. Rates are
given per wall-clock second and per CPU second of this process (``time.process_time``): on a
shared machine the CPU figure is the one to compare. Target on the standard board: at least
20,000 iterations per CPU second from the empty board.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tafel.games.atoll.ai import Searcher, Tables  # noqa: E402
from tafel.games.atoll.rules import AtollState  # noqa: E402

TARGET_ITERATIONS = 20_000


def middle_game(size: int, stones: int = 30) -> AtollState:
    rng = random.Random(5)
    state = AtollState.start(size, pie=False)
    while state.placed < stones:
        nxt = state.play(rng.choice(state.legal_moves()))
        if nxt.outcome is None:
            state = nxt
    return state


def search_rates(state: AtollState, iterations: int, runs: int) -> dict:
    """Median iterations per wall and CPU second over ``runs`` fresh searches."""
    walls, cpus, nodes = [], [], []
    for run in range(runs):
        searcher = Searcher(state.board, random.Random(run))
        wall0, cpu0 = time.perf_counter(), time.process_time()
        searcher.set_root(state)
        searcher.search(None, iterations)
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        done = searcher.iterations
        walls.append(done / wall)
        cpus.append(done / max(cpu, 1e-9))
        nodes.append(searcher.nodes)
    return {
        "wall": statistics.median(walls),
        "cpu": statistics.median(cpus),
        "runs_cpu": [round(x) for x in cpus],
        "nodes": int(statistics.median(nodes)),
    }


def playout_rates(state: AtollState, seconds: float) -> dict:
    """Playouts per wall and CPU second from ``state``, for about ``seconds``."""
    tables = Tables.get(state.board)
    rng = random.Random(1)
    black, white, colour = state.stones[0], state.stones[1], state.colour
    playout = tables.playout
    count, wall0, cpu0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        for _ in range(200):
            playout(black, white, colour, rng)
        count += 200
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return {"wall": count / wall, "cpu": count / max(cpu, 1e-9)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=11, choices=(11, 15, 19))
    parser.add_argument("--iterations", type=int, default=20_000, help="iterations a search (default 20,000)")
    parser.add_argument("--runs", type=int, default=3, help="searches to take the median of (default 3)")
    parser.add_argument("--seconds", type=float, default=1.5, help="length of each playout measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = parser.parse_args(argv)

    built = time.perf_counter()
    start = AtollState.start(args.size)
    tables = Tables.get(start.board)
    print(
        f"Atoll {args.size} columns ({tables.size} cells), tables built in {time.perf_counter() - built:.2f} s;"
        f" load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
        flush=True,
    )
    figures: dict = {"size": args.size, "iterations": args.iterations, "runs": args.runs}
    for key, label, state in (
        ("empty", "empty board", start),
        ("middle", "30 stones", middle_game(args.size)),
    ):
        search = search_rates(state, args.iterations, args.runs)
        playouts = playout_rates(state, args.seconds)
        print(
            f"  {label:12} iterations: {search['wall']:9,.0f}/s wall {search['cpu']:9,.0f}/s cpu"
            f"  (median of {args.runs} x {args.iterations:,}; tree {search['nodes']:,} nodes)",
            flush=True,
        )
        print(
            f"  {label:12} playouts:   {playouts['wall']:9,.0f}/s wall {playouts['cpu']:9,.0f}/s cpu",
            flush=True,
        )
        figures[key] = {
            "iterations_per_s_wall": round(search["wall"]),
            "iterations_per_s_cpu": round(search["cpu"]),
            "iterations_per_s_cpu_runs": search["runs_cpu"],
            "playouts_per_s_wall": round(playouts["wall"]),
            "playouts_per_s_cpu": round(playouts["cpu"]),
        }
    if args.size == 11:
        met = figures["empty"]["iterations_per_s_cpu"] >= TARGET_ITERATIONS
        figures["target_iterations_per_s_cpu"] = TARGET_ITERATIONS
        figures["met"] = met
        print(
            f"target >= {TARGET_ITERATIONS:,} iterations/s cpu from the empty board: {'met' if met else 'NOT met'}"
        )
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
