#!/usr/bin/env python3
"""Ataxx playing strength: hard vs the material-only yardstick, medium vs the generic greedy.

Each pair of games starts from the same board (the layouts are cycled) and the same two random
opening plies, with the sides swapped, so neither colour nor opening favours an agent.

    python bench/ataxx_strength.py                      # 40 + 40 games at the levels' own times
    python bench/ataxx_strength.py --games 10 --movetime 0.2 --parallel
    python bench/ataxx_strength.py --match hard:material3 --games 20
    python bench/ataxx_strength.py --games 4 --json      # the results as JSON on the last line

Prints win / draw / loss counts and rates per match (the targets: hard beats material3 in
>= 95% of games, medium beats greedy in >= 90%).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel import LEVEL_TIME, Limit  # noqa: E402
from tafel.games.ataxx.layouts import LAYOUTS  # noqa: E402
from tafel.games.ataxx.rules import RED, AtaxxState  # noqa: E402

MAX_PLIES = 400
OPENING_PLIES = 2


class LocalGreedy:
    """One-ply greedy on the stone balance with random tie-breaks (used when the core's
    generic ``greedy`` agent is not available)."""

    info: dict = {}

    def reset(self) -> None:
        pass

    def choose(self, state, limit, rng, stop=None):
        seat = state.to_move
        best, best_moves = None, []
        for move in state.legal_moves():
            after = state.play_unchecked(move)
            value = after.count(seat) - after.count(1 - seat)
            if best is None or value > best:
                best, best_moves = value, [move]
            elif value == best:
                best_moves.append(move)
        return rng.choice(best_moves)


def make_agent(name: str):
    """An agent by name: an Ataxx level (easy, medium, hard, material3) or ``greedy``."""
    if name == "greedy":
        try:
            from tafel.plugins import load_registry

            registry = load_registry()
            agent_def = registry.agent("greedy", "ataxx")
            return agent_def.factory(registry.game("ataxx")), "core greedy"
        except Exception:  # not written yet, or broken: the local stand-in
            return LocalGreedy(), "local greedy"
    from tafel.games.ataxx.ai import AtaxxSearch

    return AtaxxSearch(name), name


def limit_for(name: str, movetime: float | None) -> Limit:
    if name == "material3":
        return Limit(depth=3)
    if name == "greedy":
        return Limit(depth=1)
    if movetime is not None:
        return Limit(time=movetime)
    return Limit(time=LEVEL_TIME.get(name, 1.0))


def play_game(job: tuple[str, str, int, float | None, int]) -> tuple[int, float, int, str]:
    """Play one game; returns (game index, reward of the first-named agent, plies, end reason)."""
    first, second, index, movetime, seed = job
    pair = index // 2
    board = LAYOUTS[pair % len(LAYOUTS)][2]
    state = AtaxxState.from_fen(f"{board} x 0 1")
    opening = random.Random(seed * 7919 + pair)
    for _ in range(OPENING_PLIES):
        state = state.play(opening.choice(state.legal_moves()))
    # Even games: the first agent plays Red; odd games: Blue.
    first_seat = RED if index % 2 == 0 else 1 - RED
    agents = {}
    a, _ = make_agent(first)
    b, _ = make_agent(second)
    agents[first_seat] = (a, limit_for(first, movetime))
    agents[1 - first_seat] = (b, limit_for(second, movetime))
    rng = random.Random(seed * 104729 + index)
    plies = 0
    while state.outcome is None and plies < MAX_PLIES:
        agent, limit = agents[state.to_move]
        move = agent.choose(state, limit, rng)
        state = state.play(move)
        plies += 1
    if state.outcome is None:
        mine, theirs = state.count(first_seat), state.count(1 - first_seat)
        reward = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
        return index, reward, plies, "move cap"
    return index, state.outcome.rewards[first_seat], plies, state.outcome.reason


def run_match(first: str, second: str, games: int, movetime: float | None, parallel: bool, seed: int) -> dict:
    _, label = make_agent(second)
    jobs = [(first, second, i, movetime, seed) for i in range(games)]
    start = time.perf_counter()
    results = []
    if parallel:
        with get_context("spawn").Pool(2) as pool:
            for res in pool.imap_unordered(play_game, jobs):
                results.append(res)
                _progress(res)
    else:
        for job in jobs:
            res = play_game(job)
            results.append(res)
            _progress(res)
    elapsed = time.perf_counter() - start
    wins = sum(1 for r in results if r[1] == 1.0)
    draws = sum(1 for r in results if r[1] == 0.5)
    losses = len(results) - wins - draws
    n = max(1, len(results))
    plies = sum(r[2] for r in results) / n
    print(
        f"{first} vs {label}: {wins} won, {draws} drawn, {losses} lost of {len(results)} "
        f"(win rate {100 * wins / n:.0f}%, score {100 * (wins + draws / 2) / n:.0f}%), "
        f"{plies:.0f} plies a game, {elapsed:.0f} s",
        flush=True,
    )
    return {
        "first": first,
        "second": second,
        "games": len(results),
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "win_rate": wins / n,
        "seconds": elapsed,
    }


def _progress(res: tuple[int, float, int, str]) -> None:
    index, reward, plies, reason = res
    mark = {1.0: "W", 0.5: "D", 0.0: "L"}.get(reward, "?")
    print(f"  game {index:3d}: {mark} in {plies} plies ({reason})", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (default 40)")
    parser.add_argument(
        "--movetime", type=float, default=None, help="seconds per move for timed levels (default: level's)"
    )
    parser.add_argument("--parallel", action="store_true", help="play games in 2 processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--match",
        action="append",
        help="A:B to play only that match (repeatable); default hard:material3 and medium:greedy",
    )
    parser.add_argument("--json", action="store_true", help="print the results as JSON on the last line")
    args = parser.parse_args(argv)
    matches = (
        [m.split(":", 1) for m in args.match] if args.match else [["hard", "material3"], ["medium", "greedy"]]
    )
    print(f"Ataxx strength, {args.games} games a match, pid {os.getpid()}", flush=True)
    results = [
        run_match(first, second, args.games, args.movetime, args.parallel, args.seed)
        for first, second in matches
    ]
    if args.json:
        print(json.dumps({"movetime": args.movetime, "matches": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
