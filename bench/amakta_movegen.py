#!/usr/bin/env python3
"""Amakta legal-move generation speed on mid-game positions with the standard (richer) set.

Mid-game positions come from seeded games played by a quick greedy player (so the board fills
the way real games do), sampled between plies 20 and 70. For each position the bench times

- ``legal_moves()`` on a fresh state (control computed from scratch, every move built);
- one full one-ply expansion (every move applied and evaluated), the unit the AI searches by;
- on a few of them, the hard AI's answer at its own think time.

    python bench/amakta_movegen.py                  # 30 positions, hard AI on 5
    python bench/amakta_movegen.py --positions 80 --ai 10 --board holes

Prints medians and extremes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from _amakta_former import AmaktaSearch  # noqa: E402  (the one-ply expansion it times)

from tafel import Limit  # noqa: E402
from tafel.games.amakta.ai import AmaktaAgent  # noqa: E402
from tafel.games.amakta.rules.state import AmaktaState  # noqa: E402


def mid_game_positions(count: int, board: str, set_id: str, seed: int) -> list[AmaktaState]:
    rng = random.Random(seed)
    easy = AmaktaAgent("easy")
    out: list[AmaktaState] = []
    game = 0
    while len(out) < count:
        state = AmaktaState.new(board, set_id)
        for text in ("circles:none", "colour:white"):
            state = state.play(state.parse_move(text))
        sample_at = set(rng.sample(range(20, 70), 3))
        for ply in range(70):
            if state.outcome is not None:
                break
            if ply in sample_at:
                out.append(AmaktaState.from_text(state.to_text()))
            state = state.play(easy.choose(state, Limit(depth=1), rng))
        game += 1
    return out[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--ai", type=int, default=5, help="positions the hard AI answers (0: skip)")
    parser.add_argument("--board", default="hexagon")
    parser.add_argument("--set", dest="set_id", default="standard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    t0 = time.perf_counter()
    positions = mid_game_positions(args.positions, args.board, args.set_id, args.seed)
    print(
        f"{len(positions)} mid-game positions ({args.board}, {args.set_id}) in {time.perf_counter() - t0:.1f} s"
    )
    gen_ms, expand_ms, counts, per_move_us = [], [], [], []
    for state in positions:
        fresh = AmaktaState.from_text(state.to_text())
        start = time.perf_counter()
        moves = fresh.legal_moves()
        gen_ms.append((time.perf_counter() - start) * 1000)
        counts.append(len(moves))
        search = AmaktaSearch(None)
        start = time.perf_counter()
        search.children(fresh.pos, 0)
        elapsed = time.perf_counter() - start
        expand_ms.append(elapsed * 1000)
        per_move_us.append(elapsed / max(1, len(fresh.pos.moves())) * 1e6)
    print(
        f"legal moves per position: median {statistics.median(counts):.0f}, min {min(counts)}, max {max(counts)}"
    )
    print(
        f"legal_moves(): median {statistics.median(gen_ms):.2f} ms, "
        f"90th percentile {sorted(gen_ms)[int(0.9 * len(gen_ms))]:.2f} ms, max {max(gen_ms):.2f} ms"
    )
    print(
        f"one-ply expansion (apply + evaluate every move): median {statistics.median(expand_ms):.1f} ms, "
        f"{statistics.median(per_move_us):.0f} us a move"
    )
    if args.ai:
        agent = AmaktaAgent("hard")
        times, depths = [], []
        for state in positions[: args.ai]:
            start = time.perf_counter()
            agent.choose(state, Limit(time=1.0), random.Random(0))
            times.append(time.perf_counter() - start)
            depths.append(agent.info.get("depth"))
        print(
            f"hard AI (1.0 s think time): max {max(times):.2f} s, median {statistics.median(times):.2f} s, "
            f"depths {depths}"
        )


if __name__ == "__main__":
    main()
