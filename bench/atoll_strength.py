"""Atoll strength bench: the AI levels against each other, or this AI against an older version.

    python bench/atoll_strength.py                      # hard-medium and medium-easy, 40 games each
    python bench/atoll_strength.py --games 10 --jobs 2  # quicker, two processes
    python bench/atoll_strength.py --pairs medium:easy --scale 0.5
    python bench/atoll_strength.py --against f6f727d --seconds 0.5 --games 20
    python bench/atoll_strength.py --against f6f727d --iterations 2000 --games 20

Each pairing plays ``--games`` games through :func:`tafel.cli.arena.run_arena` (the stronger level
takes each seat in turn; games are seeded, the pie rule is on as in play). ``--jobs`` splits
the games over processes that run side by side; ``--scale`` multiplies every level's think
time (the ratio between levels, which is what the levels are, stays the same), so a loaded
machine can be given more time or a quick check less. Target: the stronger level wins at least
75% of the games of each pairing.

``--against REV`` plays the working tree's AI against ``plugins/atoll/ai.py`` as it was at the
git revision REV, each taking each seat in turn, at equal time a move (``--seconds``) or equal
iterations a move (``--iterations``, repeatable): equal time shows what a faster search is worth,
equal iterations that the search still chooses as well per iteration. Both sides share the
machine, so a load spike costs both alike on average.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def _chunk(args: tuple[str, str, int, int, float, int]) -> list[float]:
    """Play ``count`` games from ``seed``; A's reward per game."""
    strong, weak, count, seed, scale, size = args
    from tafel import Limit
    from tafel.cli.arena import run_arena
    from tafel.games.atoll import LEVEL_SECONDS
    from tafel.plugins import load_registry

    registry = load_registry()
    # Each side keeps its own level's time (scaled): run_arena takes one limit, so give each
    # agent its default and scale through the registered definitions.
    for name in (strong, weak):
        registry.agent(name, "atoll").default_limit = Limit(time=LEVEL_SECONDS[name] * scale)
    result = run_arena(registry, "atoll", strong, weak, games=count, seed=seed, options={"size": size})
    return result.rewards


def _load_old_ai(rev: str):
    """``plugins/atoll/ai.py`` at git revision ``rev``, loaded as ``tafel.games.atoll.ai_<rev>``.

    It imports the current board and rules (relative imports), which keep every function older
    versions used.
    """
    name = f"tafel.games.atoll.ai_{rev.replace('-', '_').replace('~', '_').replace('^', '_')}"
    if name in sys.modules:
        return sys.modules[name]
    source = subprocess.run(
        ["git", "show", f"{rev}:plugins/atoll/ai.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    folder = tempfile.mkdtemp(prefix="atoll_old_ai_")
    path = os.path.join(folder, "ai_old.py")
    with open(path, "w") as fh:
        fh.write(source)
    import tafel.games.atoll  # noqa: F401  (the package the old module's relative imports resolve in)

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _versus(args: tuple[str, int, int, float | None, int | None, int, dict]) -> list[float]:
    """Play ``count`` games (new AI against the AI of ``rev``) from ``seed``; the new AI's rewards."""
    rev, count, seed, seconds, iterations, size, settings = args
    import random

    from tafel import Limit
    from tafel.games.atoll import ai
    from tafel.games.atoll.rules import AtollState

    for key, value in settings.items():
        setattr(ai, key, value)

    old = _load_old_ai(rev)
    limit = Limit(time=seconds) if iterations is None else Limit(nodes=iterations)
    rewards = []
    for index in range(count):
        game_seed = seed + index
        new_seat = game_seed % 2
        agents = [ai.AtollMCTS(), old.AtollMCTS()]
        if new_seat == 1:
            agents.reverse()
        rng = random.Random(game_seed)
        state = AtollState.start(size)
        while state.outcome is None:
            state = state.play(agents[state.to_move].choose(state, limit, rng))
        rewards.append(state.outcome.rewards[new_seat])
    return rewards


def _run(work: list, fn) -> list[float]:
    if len(work) == 1:
        return fn(work[0])
    with ProcessPoolExecutor(len(work)) as pool:
        return [r for part in pool.map(fn, work) for r in part]


def _split(games: int, jobs: int, seed: int) -> list[tuple[int, int]]:
    """(count, first seed) per process."""
    jobs = max(1, min(jobs, games))
    sizes = [games // jobs + (1 if i < games % jobs else 0) for i in range(jobs)]
    return [(n, seed + sum(sizes[:i])) for i, n in enumerate(sizes) if n]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing (default 40)")
    parser.add_argument("--jobs", type=int, default=1, help="processes side by side (default 1)")
    parser.add_argument("--pairs", default="hard:medium,medium:easy", help="strong:weak pairings")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every level's think time")
    parser.add_argument("--size", type=int, default=11, help="board: 11, 15 or 19 columns")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--against", metavar="REV", help="play the AI of this git revision instead")
    parser.add_argument("--seconds", type=float, default=0.5, help="with --against: seconds a move")
    parser.add_argument("--iterations", type=int, action="append", help="with --against: iterations a move")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="with --against: tune a constant of this AI",
    )
    args = parser.parse_args(argv)
    settings = {k: float(v) if "." in v else int(v) for k, v in (item.split("=", 1) for item in args.set)}

    if args.against:
        budgets: list[tuple[float | None, int | None]] = (
            [(None, n) for n in args.iterations] if args.iterations else [(args.seconds, None)]
        )
        for seconds, iterations in budgets:
            text = f"{seconds:g} s a move" if iterations is None else f"{iterations} iterations a move"
            tuned = f" ({', '.join(args.set)})" if args.set else ""
            print(f"this AI{tuned} vs the AI of {args.against}, {text}, {args.games} games ...", flush=True)
            began = time.perf_counter()
            work = [
                (args.against, n, s, seconds, iterations, args.size, settings)
                for n, s in _split(args.games, args.jobs, args.seed)
            ]
            rewards = _run(work, _versus)
            wins = sum(1 for r in rewards if r >= 1.0)
            print(
                f"  this AI won {wins}/{len(rewards)} = {wins / len(rewards):.0%},"
                f" {time.perf_counter() - began:.0f} s",
                flush=True,
            )
        return 0

    from tafel.games.atoll import LEVEL_SECONDS

    ok = True
    for pair in args.pairs.split(","):
        strong, weak = pair.split(":")
        work = [
            (strong, weak, n, s, args.scale, args.size) for n, s in _split(args.games, args.jobs, args.seed)
        ]
        began = time.perf_counter()
        print(
            f"{strong} ({LEVEL_SECONDS[strong] * args.scale:g} s) vs {weak} ({LEVEL_SECONDS[weak] * args.scale:g} s),"
            f" {args.games} games, {len(work)} process(es) ...",
            flush=True,
        )
        rewards = _run(work, _chunk)
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
