"""Memory of the arcade in its attract (demo) mode, over a long run.

Runs the real App headless (SDL's dummy video and audio drivers, a throw-away data folder) at
its usual frame rate, starts the attract mode at once (as if nobody had touched the menu for a
minute) and lets it play AI-against-AI demos, one game after another, for ``--minutes``
minutes. Every ``--every`` seconds it prints the resident memory (RSS) of the main process and
of the AI worker process, and at the end a summary: the figures after the first minute (the
arcade warmed up: fonts, every game's view and AI loaded once), the last ones, the peak, and
the growth over the second half of the run. Memory that levels off grows by next to nothing in
the second half.

    python bench/demo_memory.py [--minutes 30] [--every 30] [--size 1280x720] [--fps 60]
    python bench/demo_memory.py --minutes 3 --trace 8   # + the main process's top growing lines

``--trace N`` (diagnosis, slows the frames) runs tracemalloc in the main process and prints
the N source lines whose allocations grew most since the first sample; ``--fast`` steps the
frames back to back (the demos' own clock runs ahead of the wall clock, so more games pass).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def rss_mb(pid: int | None) -> float | None:
    """Resident memory of process ``pid`` in MB (Linux /proc; None when unknown)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except (OSError, ValueError):
        pass
    try:
        import resource

        if pid == os.getpid():
            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0  # peak, not current
    except ImportError:
        pass
    return None


def worker_pid(app) -> int | None:
    worker = getattr(app, "_worker", None)
    process = getattr(worker, "_process", None)
    if process is None or not process.is_alive():
        return None
    return process.pid


def fmt(value: float | None) -> str:
    return f"{value:7.1f}" if value is not None else "      -"


def growth(samples: list[tuple[float, float | None]], since: float) -> float | None:
    """MB per 10 minutes from the first sample at or after ``since`` minutes to the last (a
    least-squares slope, so one noisy sample does not decide it)."""
    points = [(t, v) for t, v in samples if v is not None and t >= since]
    if len(points) < 2:
        return None
    n = len(points)
    mt = sum(t for t, _ in points) / n
    mv = sum(v for _, v in points) / n
    den = sum((t - mt) ** 2 for t, _ in points)
    if den == 0:
        return None
    return 10 * sum((t - mt) * (v - mv) for t, v in points) / den


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0, help="length of the run (default 30)")
    parser.add_argument("--every", type=float, default=30.0, help="seconds between samples (default 30)")
    parser.add_argument("--size", default="1280x720", help="window size (default 1280x720)")
    parser.add_argument("--fps", type=int, default=60, help="frame rate (default 60, as the arcade)")
    parser.add_argument("--trace", type=int, default=0, metavar="N", help="top N growing lines (slow)")
    parser.add_argument("--games", default="", help="only these games' demos (comma-separated ids)")
    parser.add_argument(
        "--fast",
        action="store_true",
        help="frames back to back, not at --fps (more demos a minute; diagnosis)",
    )
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.lower().split("x"))

    data = tempfile.TemporaryDirectory(prefix="tafel-demo-memory-")
    os.environ["TAFEL_DATA_DIR"] = data.name
    import pygame

    from tafel.plugins import load_registry
    from tafel.ui.app import App
    from tafel.ui.scenes import menu as menu_module

    if args.trace:
        import tracemalloc

        tracemalloc.start(1)
    registry = load_registry()
    app = App(registry, windowed=True, size=(width, height))
    if args.games:
        wanted = args.games.split(",")
        app.menu.demo_games = [g for g in app.menu.demo_games if g.id in wanted]
        app.menu.demo_index = 0
    app.idle = menu_module.ATTRACT_AFTER  # nobody touched the menu: the demos start now
    demos = 0
    last_scene = None
    samples: list[tuple[float, float | None, float | None]] = []
    pids: set[int] = set()
    first_snapshot = None
    print(
        f"demo mode, {args.minutes:g} min at {width}x{height}, {args.fps} fps; games: "
        + ", ".join(g.id for g in app.menu.demo_games),
        flush=True,
    )
    print("    min  main MB  worker MB  demos   frames  restarts  game", flush=True)
    began = time.monotonic()
    next_sample = began
    end = began + 60 * args.minutes
    try:
        while app.running:
            now = time.monotonic()
            if now >= next_sample or now >= end:
                pid = worker_pid(app)
                if pid is not None:
                    pids.add(pid)
                minutes = (now - began) / 60
                main_mb, worker_mb = rss_mb(os.getpid()), rss_mb(pid)
                samples.append((minutes, main_mb, worker_mb))
                restarts = getattr(getattr(app, "_worker", None), "restarts", 0)
                match = getattr(app.scenes.top, "match", None)
                game = match.game.id if match is not None else "-"
                print(
                    f"{minutes:7.2f}  {fmt(main_mb)}  {fmt(worker_mb)}    {demos:5d} {app.frames:8d}  {restarts:8d}  {game}",
                    flush=True,
                )
                if args.trace:
                    import tracemalloc

                    snapshot = tracemalloc.take_snapshot()
                    if first_snapshot is None:
                        first_snapshot = snapshot
                    else:
                        for stat in snapshot.compare_to(first_snapshot, "lineno")[: args.trace]:
                            print(f"        {stat}", flush=True)
                next_sample += args.every
                if now >= end:
                    break
            if args.fast:
                app.step(1.0 / args.fps)
            else:
                app.step(app.clock.tick(args.fps) / 1000.0)
            top = app.scenes.top
            if top is not last_scene and getattr(top, "mode", None) == "demo":
                demos += 1
            last_scene = top
            if top is app.menu:
                app.idle = menu_module.ATTRACT_AFTER  # a demo that failed to start: try the next
    finally:
        app.close()
        pygame.quit()
        data.cleanup()

    def column(i: int) -> list[tuple[float, float | None]]:
        return [(s[0], s[i]) for s in samples]

    print()
    print(f"{demos} demos, {app.frames} frames, worker processes seen: {len(pids)}")
    warm = next((s for s in samples if s[0] >= 1.0), samples[0])
    last = samples[-1]
    half = last[0] / 2
    for i, name in ((1, "main"), (2, "worker")):
        values = [s[i] for s in samples if s[i] is not None]
        if not values:
            continue
        rate = growth(column(i), half)
        rate_text = f"{rate:+.1f} MB per 10 min" if rate is not None else "-"
        print(
            f"{name:>6}: start {values[0]:.1f} MB, at {warm[0]:.1f} min {fmt(warm[i]).strip()} MB, "
            f"end {fmt(last[i]).strip()} MB, peak {max(values):.1f} MB; "
            f"second half {rate_text}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
