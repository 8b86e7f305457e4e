"""Frame time of the play scene, idle and while the hard AI thinks.

Runs the real App with SDL's dummy video driver (so the figure is the game's own work, not the
cost of presenting a frame), at 1920x1080 by default. "Thinking" is hard AI against hard AI, so a
search runs in the worker process during nearly every frame and moves land as they are found;
"idle" is then the same game, the moves the AIs played replayed into a human-vs-human match
nobody touches, so both runs show the same board and the same move list.

Columns: p50/p99/max of wall-clock ms per frame; "cpu99" is the p99 of the UI thread's own CPU
time (robust on a loaded machine). "AI" counts every frame of the AI game, moves landing and
their animations included (target: p99 <= 8 ms). "think cpu99" counts the frames in which a
search ran while the screen only waited for it (no move landed, no move animation), and
"ratio" is that p99 over the idle p99: what the AI's thinking costs the frame loop (target
<= 1.2). "busy" is the share of such frames.

    python bench/frame_time.py [--games ataxx,atoll] [--frames 300] [--runs 3] [--size 1920x1080]

Each figure is the median over ``--runs`` pairs of runs; the ratio is the median of the pairs'
ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
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


def measure(
    registry, game_id: str, players: list[str], frames: int, size: tuple[int, int], moves: list[str] = ()
) -> dict:
    from tafel.match import Match, StartRequest
    from tafel.ui.app import App

    game = registry.game(game_id)
    options = game.resolve_options()
    request = StartRequest(
        game_id=game_id, options=options, players=players, seed=1, position=None, moves=list(moves)
    )
    before_threads = set(threading.enumerate())
    app = App(registry, windowed=True, size=size, start=Match.from_request(registry, request))
    times: list[float] = []
    cpu: list[float] = []
    # Frames in which a search ran and the screen showed the same kind of picture as an idle
    # frame: no move landed and no move animation ran (those frames are measured in "all").
    quiet_times: list[float] = []
    quiet_cpu: list[float] = []
    try:
        # Warm up: the first frames build cached surfaces, and the worker process starts.
        for _ in range(30):
            app.step(1 / 60)
        # ... and a game may warm up in a thread of its own when its screen opens (Amakta
        # Infinit builds its table of pieces, about a second): the figures are of the frames
        # after it, so wait for the threads the game started (but not the saves' own thread).
        warm_until = time.perf_counter() + 20
        while time.perf_counter() < warm_until and any(
            t.name != "tafel-saves" for t in set(threading.enumerate()) - before_threads
        ):
            app.step(1 / 60)
            time.sleep(1 / 60)
        scene = app.scenes.stack[-1]
        deadline = time.perf_counter() + 120
        while len(times) < frames and time.perf_counter() < deadline:
            before = scene.match.state
            searching = scene.turns.thinking
            animating = bool(getattr(scene.view, "animating", False))
            start = time.perf_counter()
            cpu_start = time.thread_time()
            app.step(1 / 60)
            wall_ms = (time.perf_counter() - start) * 1000
            cpu_ms = (time.thread_time() - cpu_start) * 1000
            times.append(wall_ms)
            cpu.append(cpu_ms)
            if (
                searching
                and scene.turns.thinking
                and scene.match.state is before
                and not animating
                and not getattr(scene.view, "animating", False)
                and app.scenes.top is scene
            ):
                quiet_times.append(wall_ms)
                quiet_cpu.append(cpu_ms)
            # Pace like the real loop (60 fps) so the AI process gets the same share of the CPU.
            rest = 1 / 60 - (time.perf_counter() - start)
            if rest > 0:
                time.sleep(rest)
        texts = list(scene.match.texts)
    finally:
        app.close()
    return {
        "texts": texts,
        "p50": statistics.median(times),
        "p99": percentile(times, 99),
        "max": max(times),
        "cpu99": percentile(cpu, 99),
        "frames": len(times),
        "busy": len(quiet_times) / max(1, len(times)),
        "quiet_p99": percentile(quiet_times, 99) if quiet_times else float("nan"),
        "quiet_cpu99": percentile(quiet_cpu, 99) if quiet_cpu else float("nan"),
    }


def main() -> None:
    import pygame

    from tafel.plugins import load_registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument(
        "--runs", type=int, default=3, help="pairs of runs (AI game, then idle) per game; medians printed"
    )
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    registry = load_registry()
    ids = [g for g in args.games.split(",") if g] or sorted(registry.games)
    pygame.init()
    print(f"frame time, SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}, {size[0]}x{size[1]}, ms")
    print("wall-clock ms per frame; cpu99 = p99 of the UI thread's own CPU time (robust on a loaded machine)")
    print(
        "think = frames while a search runs and nothing lands or animates; ratio = think cpu99 / idle cpu99"
    )
    print(
        f"{'game':<16}{'idle p50':>9}{'idle p99':>9}{'AI p50':>9}{'AI p99':>9}{'AI max':>9}"
        f"{'idle cpu99':>11}{'AI cpu99':>9}{'think cpu99':>12}{'busy':>7}{'ratio':>7}"
    )
    for game_id in ids:
        game = registry.game(game_id)
        seats = game.seats(game.resolve_options())
        pairs = []
        for _ in range(max(1, args.runs)):
            busy = measure(registry, game_id, ["hard"] * seats, args.frames, size)
            # Idle shows the position the AIs reached, with their moves in the list.
            idle = measure(registry, game_id, ["human"] * seats, args.frames, size, busy["texts"])
            pairs.append((busy, idle))
        # p99 of a few hundred frames is noisy: the median over the pairs, each pair taken
        # back to back so both runs saw the same machine.
        busy = {k: statistics.median(b[k] for b, _ in pairs) for k in pairs[0][0] if k != "texts"}
        idle = {k: statistics.median(i[k] for _, i in pairs) for k in pairs[0][1] if k != "texts"}
        ratio = statistics.median(b["quiet_cpu99"] / i["cpu99"] for b, i in pairs)
        print(
            f"{game_id:<16}{idle['p50']:9.2f}{idle['p99']:9.2f}{busy['p50']:9.2f}{busy['p99']:9.2f}"
            f"{busy['max']:9.2f}{idle['cpu99']:11.2f}{busy['cpu99']:9.2f}{busy['quiet_cpu99']:12.2f}"
            f"{busy['busy']:7.0%}{ratio:7.2f}",
            flush=True,
        )
    pygame.quit()


if __name__ == "__main__":
    main()
