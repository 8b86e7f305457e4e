"""Frame time of the play scene, idle and while the hard AI thinks.

Runs the real App with SDL's dummy video driver (so the figure is the game's own work, not the
cost of presenting a frame), at 1920x1080 by default. "Idle" is a human-vs-human game nobody
touches; "thinking" is hard AI against hard AI, so a search runs in the worker process during
nearly every frame. Prints p50/p99/max per game and the ratio of thinking p99 to idle p99.

    python bench/frame_time.py [--games ataxx,atoll] [--frames 300] [--size 1920x1080]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(p / 100 * (len(ordered) - 1)))))
    return ordered[k]


def measure(registry, game_id: str, players: list[str], frames: int, size: tuple[int, int]) -> dict:
    from core.match import Match, StartRequest
    from core.ui.app import App

    game = registry.game(game_id)
    options = game.resolve_options()
    request = StartRequest(game_id=game_id, options=options, players=players, seed=1, position=None, moves=[])
    app = App(registry, windowed=True, size=size, start=Match.from_request(registry, request))
    times = []
    cpu = []
    thinking = 0
    try:
        # Warm up: the first frames build cached surfaces, and the worker process starts.
        for _ in range(30):
            app.step(1 / 60)
        scene = app.scenes.stack[-1]
        deadline = time.perf_counter() + 120
        while len(times) < frames and time.perf_counter() < deadline:
            start = time.perf_counter()
            cpu_start = time.thread_time()
            app.step(1 / 60)
            times.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - cpu_start) * 1000)
            worker = getattr(scene, "_worker", None)
            if worker is not None and getattr(worker, "busy", False):
                thinking += 1
            # Pace like the real loop (60 fps) so the AI process gets the same share of the CPU.
            rest = 1 / 60 - (time.perf_counter() - start)
            if rest > 0:
                time.sleep(rest)
    finally:
        app.close()
    return {
        "p50": statistics.median(times),
        "p99": percentile(times, 99),
        "max": max(times),
        "cpu99": percentile(cpu, 99),
        "frames": len(times),
        "busy": thinking / max(1, len(times)),
    }


def main() -> None:
    import pygame

    from core.plugins import load_registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    registry = load_registry()
    ids = [g for g in args.games.split(",") if g] or sorted(registry.games)
    pygame.init()
    print(f"frame time, SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}, {size[0]}x{size[1]}, ms")
    print("wall-clock ms per frame; cpu99 = p99 of the UI thread's own CPU time (robust on a loaded machine)")
    print(
        f"{'game':<16}{'idle p50':>9}{'idle p99':>9}{'AI p50':>9}{'AI p99':>9}{'AI max':>9}"
        f"{'idle cpu99':>11}{'AI cpu99':>9}{'busy':>7}{'ratio':>7}"
    )
    for game_id in ids:
        game = registry.game(game_id)
        seats = game.seats(game.resolve_options())
        idle = measure(registry, game_id, ["human"] * seats, args.frames, size)
        busy = measure(registry, game_id, ["hard"] * seats, args.frames, size)
        ratio = busy["p99"] / idle["p99"] if idle["p99"] else float("nan")
        print(
            f"{game_id:<16}{idle['p50']:9.2f}{idle['p99']:9.2f}{busy['p50']:9.2f}{busy['p99']:9.2f}"
            f"{busy['max']:9.2f}{idle['cpu99']:11.2f}{busy['cpu99']:9.2f}{busy['busy']:7.0%}{ratio:7.2f}",
            flush=True,
        )
    pygame.quit()


if __name__ == "__main__":
    main()
