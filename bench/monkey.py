"""Long monkey runs: random mouse, key and controller events through the real scenes for every game.

    python bench/monkey.py                   # 10,000 events per game, seed 1, in-process fake AI
    python bench/monkey.py --events 3000 --seeds 3 --games ataxx atoll
    python bench/monkey.py --real-ai         # the AI worker process plays the AI seats (slower)

Prints, per game and seed: events, frames, moves played, games started, quits chosen, screens
visited, seconds, and every error caught. Exits 1 if any run caught an error. Headless (dummy
SDL drivers); saves and settings go to a temporary data folder.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["TAFEL_DATA_DIR"] = tempfile.mkdtemp(prefix="tafel-monkey-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    from tafel.plugins import load_registry
    from tests.test_monkey import run_monkey

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seeds", type=int, default=1, help="runs per game (seeds 1..N)")
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: all)")
    parser.add_argument("--real-ai", action="store_true", help="use the AI worker process")
    args = parser.parse_args()

    registry = load_registry()
    games = args.games or sorted(registry.games)
    failed = 0
    total_events = total_seconds = 0.0
    print(f"data folder {os.environ['TAFEL_DATA_DIR']}")
    for game_id in games:
        for seed in range(1, args.seeds + 1):
            worker = None
            if args.real_ai:
                from tafel.ai.worker import AIWorker

                worker = AIWorker(registry.spec)
            try:
                r = run_monkey(registry, game_id, args.events, seed, worker=worker)
            finally:
                if worker is not None:
                    worker.close()
            total_events += r.events
            total_seconds += r.seconds
            print(
                f"{game_id:<16} seed {seed}: {r.events} events, {r.frames} frames, {r.moves} moves, "
                f"{r.games_started} games, {r.quits} quits chosen, {len(r.scenes)} screens, "
                f"{r.seconds:.1f} s ({r.events / max(r.seconds, 1e-9):,.0f} events/s), "
                f"{len(r.errors)} errors",
                flush=True,
            )
            print(f"    screens: {', '.join(sorted(r.scenes))}")
            for error in r.errors:
                print(f"    ERROR {error}")
            failed += bool(r.errors)
    print(f"total {total_events:,.0f} events in {total_seconds:.1f} s; {failed} run(s) with errors")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
