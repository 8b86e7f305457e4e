"""Start-up time: from launching ``python main.py`` to the main menu drawn.

Launches the real program (windowed, dummy video driver unless --display) several times and
reports the median time until it reports its first frame, then stops it.

    python bench/startup.py [--runs 5]
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--display", action="store_true", help="use the real display instead of dummy")
    args = parser.parse_args()
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
