"""AxxA solo: the solver's win rate over seeded deals, next to a random and a greedy player.

Each player sees only the view (face-down pieces unknown) and plays deals 1..N (seed = deal).
A deal is won when the 6s are removed; the mean progress counts triplets removed (0..6).

    python bench/axxa_solver.py                         # 200 deals, 1 s a move (slow!)
    python bench/axxa_solver.py --deals 20 --movetime 0.2
    python bench/axxa_solver.py --players solver --deals 50 --level medium
    python bench/axxa_solver.py --jobs 2                # deals spread over two processes

Players:

- ``random``: core RandomAgent;
- ``greedy``: core GreedyAgent (one ply, averaged over 8 sampled deals) scoring positions plainly:
  triplets removed, pieces of the number due showing and touching
  (:func:`plugins.axxa.solver.simple_evaluation`);
- ``greedy+``: the same GreedyAgent with the solver's own evaluation (AxxA's ``GameDef.evaluate``);
- ``solver``: plugins.axxa.solver at ``--level``, ``--movetime`` seconds a move.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core import Limit  # noqa: E402
from plugins.axxa import GAME  # noqa: E402


def make_agent(name: str, level: str):
    if name == "random":
        from core.ai.random_agent import RandomAgent

        return RandomAgent(GAME)
    if name == "greedy":
        from dataclasses import replace

        from core.ai.greedy import GreedyAgent
        from plugins.axxa.solver import simple_evaluation

        return GreedyAgent(replace(GAME, evaluate=simple_evaluation))
    if name == "greedy+":
        from core.ai.greedy import GreedyAgent

        return GreedyAgent(GAME)
    if name == "solver":
        from plugins.axxa.solver import AxxaSolver

        return AxxaSolver(level)
    raise SystemExit(f"unknown player {name!r} (random, greedy, greedy+, solver)")


def play_deal(args: tuple[str, str, int, float, dict]) -> tuple[int, int, int, int, float]:
    """One deal: (seed, triplets removed, pieces paid, plies, seconds)."""
    name, level, seed, movetime, options = args
    agent = make_agent(name, level)
    opts = GAME.resolve_options(options)
    state = GAME.new_state(opts, seed)
    rng = random.Random(seed)
    limit = Limit(time=movetime)
    plies = 0
    start = time.perf_counter()
    while state.outcome is None:
        view = state.view_for(state.to_move)
        move = agent.choose(view, limit, rng)
        state = state.play(move)
        plies += 1
    return seed, state.triplets, len(state.paid), plies, time.perf_counter() - start


def run(name: str, level: str, deals: int, movetime: float, jobs: int, options: dict, first: int) -> None:
    tasks = [(name, level, first + i, movetime, options) for i in range(deals)]
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_deal, tasks))
    else:
        results = []
        for task in tasks:
            results.append(play_deal(task))
            if len(results) % 10 == 0:
                won = sum(1 for r in results if r[1] >= 6)
                print(f"  {name}: {len(results)} deals, {won} won", file=sys.stderr, flush=True)
    won = sum(1 for r in results if r[1] >= 6)
    progress = sum(r[1] for r in results) / len(results)
    paid = sum(r[2] for r in results) / len(results)
    label = f"{name} ({level}, {movetime:g} s/move)" if name == "solver" else name
    print(
        f"{label:<28} won {won:>4}/{len(results)} = {100.0 * won / len(results):5.1f}%   "
        f"mean triplets {progress:4.2f}/6   mean paid {paid:4.1f}   "
        f"{time.perf_counter() - start:7.1f} s",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=1, help="seed of the first deal")
    p.add_argument("--movetime", type=float, default=1.0, help="solver think time per move, seconds")
    p.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    p.add_argument("--players", default="random,greedy,solver", help="comma-separated: random,greedy,solver")
    p.add_argument(
        "--jobs", type=int, default=1, help="worker processes (the machine is shared: keep it low)"
    )
    p.add_argument("--straight", action="store_true", help="straight-line triplets only")
    p.add_argument("--choice", action="store_true", help="rotation is the player's choice")
    args = p.parse_args(argv)
    options = {}
    if args.straight:
        options["triplets"] = "straight"
    if args.choice:
        options["rotation"] = "choice"
    print(f"AxxA solo, deals {args.first}..{args.first + args.deals - 1}, options {options or 'default'}")
    for name in args.players.split(","):
        run(name.strip(), args.level, args.deals, args.movetime, args.jobs, options, args.first)


if __name__ == "__main__":
    main()
