"""Start-up time: from launching ``python main.py`` to the main menu drawn; and the menu's frame
times while its board previews are drawn.

Launches the real program (windowed, dummy video driver unless --display) several times and
reports the median time until it reports its first frame, then stops it. With ``--menu`` it also
runs the menu in this process (dummy driver, at 60 frames a second) for ``--frames`` frames and
reports each frame's time: the longest, the p99, and when every preview was drawn.

    python bench/startup.py [--runs 5] [--menu] [--frames 120] [--keys 60] [--size 1920x1080]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def once(env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "main.py", "--windowed", "--size", "1920x1080"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            if "first frame drawn" in line:
                return time.perf_counter() - start
        raise RuntimeError("the program exited before drawing a frame")
    finally:
        proc.kill()
        proc.wait()


def menu_frames(frames: int, size: tuple[int, int], keys: int = 0) -> dict:
    """The menu's first ``frames`` frames in this process, paced at 60 a second as the arcade
    runs (so a preview drawn "when idle" gets its chance): per-frame wall times in ms. With
    ``keys``, the first ``keys`` frames each get an arrow key (a player moving the focus):
    "active max" is the longest of those frames."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from tafel.plugins import load_registry
    from tafel.testing import key
    from tafel.ui.app import App

    app = App(load_registry(), windowed=True, size=size)
    times, done_at = [], None
    try:
        cards = [c for c in app.menu.cards if c.enabled and c.game.view is not None]
        for i in range(frames):
            events = [key(pygame.K_DOWN if i % 2 else pygame.K_UP)] if i < keys else None
            start = time.perf_counter()
            app.step(1 / 60, events=events)
            took = time.perf_counter() - start
            times.append(took * 1000)
            if done_at is None and all(c.preview is not None for c in cards):
                done_at = i + 1
            time.sleep(max(0.0, 1 / 60 - took))
    finally:
        app.close()
    ordered = sorted(times)
    return {
        "max": ordered[-1],
        "p99": ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))],
        "p50": statistics.median(times),
        "over_16": sum(t > 1000 / 60 for t in times),
        "previews_done_frame": done_at,
        "active_max": max(times[1:keys]) if keys else 0.0,  # the first frame is the start's
        "first": times[:12],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--display", action="store_true", help="use the real display instead of dummy")
    parser.add_argument("--menu", action="store_true", help="also time the menu's frames in-process")
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--keys", type=int, default=60, help="--menu: frames with an arrow key, first")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    if args.menu:
        w, h = (int(v) for v in args.size.lower().split("x"))
        if args.child is not None:  # one measurement in a fresh process (views not imported yet)
            print(json.dumps(menu_frames(args.frames, (w, h), args.child)))
            return
        for keys in (0, args.keys):
            for _ in range(args.runs):
                command = [
                    sys.executable,
                    __file__,
                    "--menu",
                    "--frames",
                    str(args.frames),
                    "--size",
                    args.size,
                ]
                out = subprocess.run(
                    [*command, "--child", str(keys)], capture_output=True, text=True, check=True
                )
                r = json.loads(out.stdout.strip().splitlines()[-1])
                first = " ".join(f"{t:.0f}" for t in r["first"])
                active = (
                    f", keys in the first {keys} frames: their max (the first aside) {r['active_max']:.1f} ms"
                    if keys
                    else ""
                )
                print(
                    f"menu {args.size}{active}: max {r['max']:.1f} ms, p99 {r['p99']:.1f} ms, "
                    f"p50 {r['p50']:.1f} ms, {r['over_16']} frames over 16.7 ms; every preview drawn "
                    f"by frame {r['previews_done_frame']}; first frames (ms): {first}"
                )
    env = dict(os.environ, TAFEL_REPORT_FIRST_FRAME="1", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not args.display:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    times = [once(env) for _ in range(args.runs)]
    print(
        f"start-up to menu drawn: median {statistics.median(times):.3f} s, "
        f"min {min(times):.3f} s, max {max(times):.3f} s over {len(times)} runs (target 1.5 s)"
    )


if __name__ == "__main__":
    main()
