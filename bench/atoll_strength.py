"""Atoll strength bench: the AI levels against each other, printing win rates.

    python bench/atoll_strength.py                      # hard-medium and medium-easy, 40 games each
    python bench/atoll_strength.py --games 10 --jobs 2  # quicker, two processes
    python bench/atoll_strength.py --pairs medium:easy --scale 0.5

Each pairing plays ``--games`` games through :func:`core.arena.run_arena` (the stronger level
takes each seat in turn; games are seeded, the pie rule is on as in play). ``--jobs`` splits
the games over processes that run side by side; ``--scale`` multiplies every level's think
time (the ratio between levels, which is what the levels are, stays the same), so a loaded
machine can be given more time or a quick check less. Target: the stronger level wins at least
75% of the games of each pairing.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _chunk(args: tuple[str, str, int, int, float, int]) -> list[float]:
    """Play ``count`` games from ``seed``; A's reward per game."""
    strong, weak, count, seed, scale, size = args
    from core import Limit
    from core.arena import run_arena
    from core.plugins import load_registry
    from plugins.atoll import LEVEL_SECONDS

    registry = load_registry()
    # Each side keeps its own level's time (scaled): run_arena takes one limit, so give each
    # agent its default and scale through the registered definitions.
    for name in (strong, weak):
        registry.agent(name, "atoll").default_limit = Limit(time=LEVEL_SECONDS[name] * scale)
    result = run_arena(registry, "atoll", strong, weak, games=count, seed=seed, options={"size": size})
    return result.rewards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--jobs", type=int, default=1, help="processes side by side (default 1)")
    parser.add_argument("--pairs", default="hard:medium,medium:easy", help="strong:weak pairings")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every level's think time")
    parser.add_argument("--size", type=int, default=11, help="board: 11, 15 or 19 columns")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)

    from plugins.atoll import LEVEL_SECONDS

    ok = True
    for pair in args.pairs.split(","):
        strong, weak = pair.split(":")
        jobs = max(1, min(args.jobs, args.games))
        sizes = [args.games // jobs + (1 if i < args.games % jobs else 0) for i in range(jobs)]
        seeds = [args.seed + sum(sizes[:i]) for i in range(jobs)]
        work = [(strong, weak, n, s, args.scale, args.size) for n, s in zip(sizes, seeds, strict=True) if n]
        began = time.perf_counter()
        print(
            f"{strong} ({LEVEL_SECONDS[strong] * args.scale:g} s) vs {weak} ({LEVEL_SECONDS[weak] * args.scale:g} s),"
            f" {args.games} games, {len(work)} process(es) ...",
            flush=True,
        )
        if len(work) == 1:
            rewards = _chunk(work[0])
        else:
            with ProcessPoolExecutor(len(work)) as pool:
                rewards = [r for part in pool.map(_chunk, work) for r in part]
        wins = sum(1 for r in rewards if r >= 1.0)
        rate = wins / len(rewards)
        ok &= rate >= 0.75
        print(
            f"  {strong} won {wins}/{len(rewards)} = {rate:.0%}"
            f" (target >= 75%: {'met' if rate >= 0.75 else 'NOT met'}), {time.perf_counter() - began:.0f} s",
            flush=True,
        )
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
