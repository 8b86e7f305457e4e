#!/usr/bin/env python3
"""Amakta playing strength: the levels against each other.

Each pairing plays an even number of games with the seats swapped every game; the AI in seat 1
chooses White, so each level plays White in half the games. Both agents break ties with seeded
noise, so the games differ.

    python bench/amakta_strength.py                       # hard-medium, hard-easy, medium-easy: 4 games each
    python bench/amakta_strength.py --games 40 --parallel  # the full run (long: about a minute a hard game)
    python bench/amakta_strength.py --match hard:easy --games 10 --board small
    python bench/amakta_strength.py --match hard:old-hard --games 20 --parallel

Prints wins / draws / losses and the score of the first level per pairing (targets: hard beats
medium in >= 75% and easy in >= 90% of 40 games on the standard board and set).

``old-easy``, ``old-medium`` and ``old-hard`` are the levels as they were before they moved
onto the core's alpha-beta: the plugin's own selective search (``_amakta_former.py``), kept to
compare strength.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _amakta_former import FormerAgent  # noqa: E402  (bench/ is the script's folder)

from tafel import Limit  # noqa: E402

MAX_PLIES = 300


#: The former levels: think time, plans (depth, beams) tried in order, root noise in score points.
def make_agent(name: str):
    """A level by name: easy / medium / hard, or old-easy / old-medium / old-hard (:class:`FormerAgent`)."""
    from tafel.games.amakta.ai import AmaktaAgent

    if name.startswith("old-"):
        return FormerAgent(name[4:])
    return AmaktaAgent(name)


def play_game(job: tuple[str, str, int, str, str, float | None]) -> tuple[float, int, str, float]:
    """One game: (A's reward, plies, reason, seconds). A sits in seat ``index % 2``."""
    from tafel.games.amakta.rules.state import AmaktaState

    level_a, level_b, index, board, set_id, movetime = job
    rng = random.Random(1000 + index)
    a_seat = index % 2
    agents = [make_agent(level_a), make_agent(level_b)]
    if a_seat == 1:
        agents.reverse()
    limit = Limit(time=movetime) if movetime else Limit()
    state = AmaktaState.new(board, set_id)
    start = time.perf_counter()
    plies = 0
    while state.outcome is None and plies < MAX_PLIES:
        state = state.play(agents[state.to_move].choose(state, limit, rng))
        plies += 1
    if state.outcome is None:
        return 0.5, plies, "ply cap", time.perf_counter() - start
    return state.outcome.rewards[a_seat], plies, state.outcome.reason, time.perf_counter() - start


def _indexed(job: tuple[str, str, int, str, str, float | None]) -> tuple[int, tuple[float, int, str, float]]:
    return job[2], play_game(job)


def _report(level_a: str, level_b: str, index: int, result: tuple[float, int, str, float]):
    r, plies, reason, secs = result
    print(
        f"  {level_a} vs {level_b} game {index + 1}: {r:g} ({reason}, {plies} plies, {secs:.0f} s)",
        flush=True,
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per pairing")
    parser.add_argument(
        "--match", action="append", help="A:B, repeatable (default: hard:medium hard:easy medium:easy)"
    )
    parser.add_argument("--board", default="hexagon")
    parser.add_argument("--set", dest="set_id", default="standard")
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds a move (default: each level's own)"
    )
    parser.add_argument("--parallel", action="store_true", help="one process per core")
    args = parser.parse_args()
    matches = [m.split(":") for m in (args.match or ["hard:medium", "hard:easy", "medium:easy"])]
    for level_a, level_b in matches:
        for name in (level_a, level_b):
            make_agent(name)  # an unknown level fails here, not in every game
        jobs = [(level_a, level_b, i, args.board, args.set_id, args.movetime) for i in range(args.games)]
        began = time.perf_counter()
        results: list[tuple[float, int, str, float]] = []
        if args.parallel:
            with get_context("spawn").Pool(os.cpu_count() or 2) as pool:
                # Games report as they end, so a long run shows its progress.
                for index, result in pool.imap_unordered(_indexed, jobs):
                    results.append(_report(level_a, level_b, index, result))
        else:
            for job in jobs:
                results.append(_report(level_a, level_b, job[2], play_game(job)))
        wins = sum(1 for r, *_ in results if r == 1.0)
        losses = sum(1 for r, *_ in results if r == 0.0)
        draws = len(results) - wins - losses
        score = sum(r for r, *_ in results) / len(results)
        plies = sum(p for _, p, _, _ in results) / len(results)
        print(
            f"{level_a} vs {level_b}: {wins} wins, {draws} draws, {losses} losses in {len(results)} games "
            f"-> {level_a} scores {score:.0%} (mean {plies:.0f} plies, {time.perf_counter() - began:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
