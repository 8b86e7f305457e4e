"""The menu's frame times while its board previews come in: first launch (empty preview cache) and
the launch after it (the cache filled by the first).

Each launch is a fresh process (views not imported yet, nothing kept), the dummy video driver,
the menu at ``--size``, paced at 60 frames a second as the arcade runs, left idle (so previews are
drawn) or with an arrow key in each of the first ``--keys`` frames. It prints every frame's wall
time and the UI thread's own CPU time for the first ``--seconds`` seconds, the longest frame after
the first, how many frames passed 20 ms, and when every card had its preview. Both launches share
one data folder (a temporary one unless ``--data``), so the second reads what the first cached.

    python bench/menu_frames.py [--size 1920x1080] [--seconds 3] [--runs 1] [--keys 0] [--quiet]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The frame time the menu should stay under once its first frame is drawn (ms).
TARGET_MS = 20.0


def child(size: tuple[int, int], frames: int, keys: int) -> dict:
    """One launch, in this process: the menu's first ``frames`` frames."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from tafel.plugins import load_registry
    from tafel.testing import key
    from tafel.ui.app import App

    app = App(load_registry(), windowed=True, size=size)
    wall, cpu, done_at = [], [], None
    try:
        cards = [c for c in app.menu.cards if c.enabled and c.game.view is not None]
        for i in range(frames):
            events = [key(pygame.K_DOWN if i % 2 else pygame.K_UP)] if i < keys else None
            start, start_cpu = time.perf_counter(), time.thread_time()
            app.step(1 / 60, events=events)
            took = time.perf_counter() - start
            wall.append(took * 1000)
            cpu.append((time.thread_time() - start_cpu) * 1000)
            if i == 0:
                print("first frame drawn", flush=True)
            if done_at is None and all(c.preview is not None for c in cards):
                done_at = i + 1
            # Paced as the arcade paces itself (a bench may wait on the clock; tests never do).
            time.sleep(max(0.0, 1 / 60 - took))
        previews = app.menu.previews
        counts = {"drawn": previews.drawn, "loaded": getattr(previews, "loaded", 0)}
    finally:
        app.close()
    return {"wall": wall, "cpu": cpu, "done_at": done_at, "cards": len(cards), **counts}


def launch(size: str, frames: int, keys: int, data: str) -> dict:
    """Run :func:`child` in a fresh process; adds the start-up time (launch to first frame)."""
    env = dict(os.environ, TAFEL_DATA_DIR=data, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, __file__, "--child", "--size", size, "--frames", str(frames)]
    start = time.perf_counter()
    proc = subprocess.Popen(
        [*command, "--keys", str(keys)], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None
    startup, last = None, ""
    for line in proc.stdout:
        if startup is None and line.startswith("first frame drawn"):
            startup = time.perf_counter() - start
        last = line
    if proc.wait() != 0:
        raise RuntimeError("the menu run failed")
    result = json.loads(last)
    result["startup"] = startup
    return result


def summary(name: str, r: dict, quiet: bool) -> str:
    wall, cpu = r["wall"], r["cpu"]
    after = wall[1:]
    worst = max(range(1, len(wall)), key=lambda i: wall[i])
    done = r["done_at"]
    when = f"frame {done} ({done / 60:.2f} s)" if done else "not within the run"
    # The frames while previews were still coming, and the frames after: a busy machine makes
    # long frames of its own (the UI thread's CPU time tells them apart).
    coming, rest = wall[1 : done or len(wall)], wall[done or len(wall) :]
    lines = [
        f"{name}: start-up {r['startup']:.3f} s; first frame {wall[0]:.1f} ms; after it max "
        f"{wall[worst]:.1f} ms (frame {worst + 1}, UI thread CPU {cpu[worst]:.1f} ms), "
        f"{sum(t > TARGET_MS for t in after)} frames over {TARGET_MS:.0f} ms, "
        f"max UI CPU {max(cpu[1:]):.1f} ms; every preview by {when}; "
        f"drawn {r['drawn']}, from the cache {r['loaded']} of {r['cards']}",
        f"  while previews came (frames 2-{done or len(wall)}): max {max(coming, default=0):.1f} ms, "
        f"{sum(t > TARGET_MS for t in coming)} over {TARGET_MS:.0f} ms; after: max "
        f"{max(rest, default=0):.1f} ms, {sum(t > TARGET_MS for t in rest)} over {TARGET_MS:.0f} ms",
    ]
    if not quiet:
        lines.append("  wall ms: " + " ".join(f"{t:.0f}" for t in wall))
        lines.append("  cpu ms:  " + " ".join(f"{t:.0f}" for t in cpu))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--keys", type=int, default=0, help="frames with an arrow key, first")
    parser.add_argument("--runs", type=int, default=1, help="pairs of launches (first, then cached)")
    parser.add_argument("--data", default=None, help="the data folder (default: a fresh temporary one)")
    parser.add_argument("--quiet", action="store_true", help="only the summary lines")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    frames = args.frames or round(args.seconds * 60)
    if args.child:
        w, h = (int(v) for v in args.size.lower().split("x"))
        print(json.dumps(child((w, h), frames, args.keys)))
        return
    for run in range(args.runs):
        data = args.data or tempfile.mkdtemp(prefix="tafel-bench-menu-")
        for name in ("first launch (empty cache)", "second launch (cached)"):
            r = launch(args.size, frames, args.keys, data)
            label = f"{args.size} run {run + 1}, {name}" + (f", keys {args.keys}" if args.keys else "")
            print(summary(label, r, args.quiet), flush=True)


if __name__ == "__main__":
    main()
