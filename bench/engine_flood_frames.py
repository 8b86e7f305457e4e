"""Frame time of the play screen while an engine seat floods its output (issue 42).

An Ataxx game whose first seat is tests/hostile_engine.py in ``flood`` mode: it answers its
hello, then writes ``info`` lines without end and never a move. The engine's session thread
reads them (at most 2000 a second) until the move's deadline, then the seat pauses with a
message. Prints the frames' p50/p99/max wall time and the UI thread's p99 CPU time while the
engine floods (target: p99 <= 8 ms, judged on CPU, as bench/frame_time.py), the seconds until the
pause and its message, and saves a screenshot of it with ``--shot FILE.png``.

    python bench/engine_flood_frames.py [--size 1280x720] [--movetime 2000] [--shot pause.png]

Runs with SDL's dummy driver unless SDL_VIDEODRIVER is set (x11 under Xvfb, say).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--movetime", type=int, default=2000, help="the engine's ms a move")
    parser.add_argument("--shot", default=None, help="save the pause as this PNG")
    parser.add_argument(
        "--mode", default="flood", help="the hostile engine's mode (deaf: silent, to compare)"
    )
    args = parser.parse_args()
    import tempfile

    os.environ.setdefault("TAFEL_DATA_DIR", tempfile.mkdtemp(prefix="tafel-flood-"))
    import pygame

    from tafel.engines import EngineConfig, save_engines
    from tafel.match import Match
    from tafel.plugins import load_registry
    from tafel.ui.app import App

    width, height = (int(x) for x in args.size.split("x"))
    engine = ROOT / "tests" / "hostile_engine.py"
    save_engines([EngineConfig(name="Flood", path=str(engine), args=[args.mode], movetime_ms=args.movetime)])
    registry = load_registry()
    app = App(registry, windowed=True, size=(width, height))
    wall: list[float] = []
    cpu: list[float] = []
    try:
        play = app.start_match(Match(registry.game("ataxx"), players=["engine:Flood", "human"], seed=1))
        began = time.perf_counter()
        while play.turns.ai_error is None and time.perf_counter() - began < 60:
            start, cpu_start = time.perf_counter(), time.thread_time()
            app.step(1 / 60)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.thread_time() - cpu_start) * 1000)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
        paused = time.perf_counter() - began
        for _ in range(10):
            app.step(1 / 60)
        if args.shot:
            pygame.image.save(app.screen, args.shot)
        frames = wall[30:]  # the first frames build the screen's cached surfaces
        cpus = cpu[30:]
        print(f"frames while the engine floods: {len(frames)}")
        print(
            f"wall ms p50 {percentile(frames, 50):.1f} p99 {percentile(frames, 99):.1f} max {max(frames):.1f};"
            f" UI thread cpu ms p99 {percentile(cpus, 99):.1f} (target <= 8)"
        )
        print(
            f"paused after {paused:.1f} s (deadline {args.movetime * 1.5 / 1000 + 2:.1f} s): {play.turns.ai_error}"
        )
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
