"""Wall time of ``python main.py review ataxx --moves <60 moves>``: a value for every position.

The command is run as a player would run it (a new process each time, plugins loaded, the AI
processes spawned), with its default: the first, fast pass of the review on two processes
(:mod:`tafel.review`). Printed per run: the wall time, how many of the 61 positions have a value
(the target: all of them within 10 s), and the load average of the machine before the run (it is
shared: other jobs slow every figure down). ``--workers 1`` runs the same with one process, for
comparison.

    python bench/review_speed.py [--runs 3] [--workers 2] [--game ataxx] [--moves 60]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The target of issue 38: every position of a 60-move game valued within this many seconds.
TARGET = 10.0


def game_moves(game_id: str, count: int, seed: int = 4) -> list[str]:
    """A seeded game of ``count`` moves that does not end before them (clones preferred in Ataxx,
    so the board fills as in a real game)."""
    from tafel.plugins import default_spec, load_registry

    game = load_registry(default_spec(), with_commands=False).game(game_id)
    for attempt in range(seed, seed + 200):
        rng = random.Random(attempt)
        state = game.new_state(game.resolve_options(), None)
        texts: list[str] = []
        while len(texts) < count and not state.is_over:
            legal = state.legal_moves()
            clones = [
                m for m in legal if not getattr(m, "is_jump", False) and not getattr(m, "is_pass", False)
            ]
            move = rng.choice(legal if rng.random() < 0.3 or not clones else clones)
            texts.append(state.move_to_text(move))
            state = state.play(move)
        if len(texts) == count and not state.is_over:
            return texts
    raise SystemExit(f"no {count}-move game of {game_id} found")


def run_once(game_id: str, moves: list[str], workers: int | None) -> tuple[float, int, int]:
    """(wall seconds, positions valued, positions) of one run of the command."""
    cmd = [sys.executable, str(ROOT / "main.py"), "review", game_id, "--quiet", "--moves", *moves]
    if workers is not None:
        cmd += ["--workers", str(workers)]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    wall = time.perf_counter() - start
    rows = [line for line in out.splitlines()[1:] if re.match(r"\s*(\d+|end)\s", line)]
    valued = sum(1 for row in rows if re.search(r"\s[01]\.\d\d(\s|$)", row))
    return wall, valued, len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ataxx")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None, help="default: the command's own (2)")
    args = parser.parse_args()
    moves = game_moves(args.game, args.moves)
    print(
        f"review {args.game}, {len(moves)} moves, {os.cpu_count()} cores, workers {args.workers or 'default'}"
    )
    walls = []
    for run in range(1, args.runs + 1):
        load = os.getloadavg()[0]
        wall, valued, total = run_once(args.game, moves, args.workers)
        walls.append(wall)
        print(f"run {run}: {wall:5.2f} s wall, {valued}/{total} positions valued, load before {load:.1f}")
    best, median = min(walls), statistics.median(walls)
    verdict = "within" if median <= TARGET else "over"
    print(f"median {median:.2f} s, best {best:.2f} s: {verdict} the {TARGET:.0f} s target")


if __name__ == "__main__":
    main()
