"""Frame time of the review screen while the hard AI values the positions in the worker process.

A game of random moves (seeded) is reviewed as after a game: the review screen (graph and boards)
at 1920x1080 on SDL's dummy driver, the real AI worker valuing each position with the hard
level's own think time. "review" counts every frame while the values come in (the graph is
drawn again when one lands); "idle" is the same screen once every value is in, nothing running.
The targets are frame_time.py's: p99 <= 8 ms for every frame, and the UI thread's CPU p99 in the
frames while the AI works and no value lands ("think cpu99") at most 1.2 times the idle one
("ratio"); "cpu99" counts every frame of the review, landings included.

    python bench/review_frames.py [--games ataxx,atoll,axxa] [--moves 30] [--frames 300] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.frame_time import percentile  # noqa: E402


def played_match(registry, game_id: str, moves: int, seed: int):
    from tafel.match import Match

    game = registry.game(game_id)
    options = game.resolve_options()
    match = Match(game, options, seed=seed, players=["human"] * game.seats(options))
    rng = random.Random(seed)
    for _ in range(moves):
        if match.state.outcome is not None:
            break
        legal = match.state.legal_moves()
        match.play(legal[rng.randrange(len(legal))])
    return match


def frames_of(
    app, frames: int, stop=lambda: False, count=lambda: 0
) -> tuple[list[float], list[float], list[float]]:
    """Wall and CPU ms of each frame, and the CPU ms of the quiet ones (``count()`` unchanged:
    no value landed)."""
    times, cpu, quiet = [], [], []
    while len(times) < frames and not stop():
        before = count()
        start = time.perf_counter()
        cpu_start = time.thread_time()
        app.step(1 / 60)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.thread_time() - cpu_start) * 1000)
        if count() == before:
            quiet.append(cpu[-1])
        rest = 1 / 60 - (time.perf_counter() - start)
        if rest > 0:
            time.sleep(rest)
    return times, cpu, quiet


def measure(registry, game_id: str, moves: int, frames: int, size: tuple[int, int], seed: int) -> dict:
    from tafel.ui.app import App
    from tafel.ui.scenes.review import ReviewScene

    match = played_match(registry, game_id, moves, seed)
    app = App(registry, windowed=True, size=size)
    try:
        worker = app.get_worker()
        worker.start()
        deadline = time.perf_counter() + 30
        while worker._ready_at is None and time.perf_counter() < deadline:  # plugins loaded
            worker.wait(0.1)
            worker.poll()
        scene = ReviewScene(app, match)
        app.push(scene)
        for _ in range(10):  # warm up: pictures of the shown boards
            app.step(1 / 60)
        review = scene.review
        busy, busy_cpu, quiet_cpu = frames_of(app, frames, lambda: review.finished, lambda: review.valued)
        valued = scene.review.valued
        scene._stop()
        for point in scene.review.points:  # the rest as if valued: the idle screen shows a full graph
            if not point.done:
                scene.review.take(point.ply, value=0.5, best=None)
        idle, idle_cpu, _ = frames_of(app, frames)
    finally:
        app.close()
    return {
        "p50": statistics.median(busy),
        "p99": percentile(busy, 99),
        "max": max(busy),
        "cpu99": percentile(busy_cpu, 99),
        "idle_p99": percentile(idle, 99),
        "idle_cpu99": percentile(idle_cpu, 99),
        "think_cpu99": percentile(quiet_cpu, 99),
        "ratio": percentile(quiet_cpu, 99) / max(1e-6, percentile(idle_cpu, 99)),
        "valued": valued,
        "positions": len(match.states),
    }


def main() -> None:
    from tafel.plugins import load_registry

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="ataxx,atoll,axxa")
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    registry = load_registry()
    print(f"review screen frame time, {size[0]}x{size[1]}, ms (medians over {args.runs} runs)")
    print(
        f"{'game':<16}{'review p50':>11}{'p99':>7}{'max':>7}{'cpu99':>7}{'idle p99':>9}"
        f"{'idle cpu99':>11}{'think cpu99':>12}{'ratio':>7}{'valued':>9}"
    )
    for game_id in [g for g in args.games.split(",") if g]:
        runs = [
            measure(registry, game_id, args.moves, args.frames, size, seed)
            for seed in range(1, args.runs + 1)
        ]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(
            f"{game_id:<16}{med['p50']:11.2f}{med['p99']:7.2f}{med['max']:7.2f}{med['cpu99']:7.2f}"
            f"{med['idle_p99']:9.2f}{med['idle_cpu99']:11.2f}{med['think_cpu99']:12.2f}{med['ratio']:7.2f}"
            f"{int(med['valued']):>5}/{int(med['positions'])}",
            flush=True,
        )


if __name__ == "__main__":
    main()
