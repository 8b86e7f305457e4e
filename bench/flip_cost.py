"""What presenting one frame costs: ``pygame.display.flip()`` of a full window, with SDL's
OpenGL-backed window framebuffer and with X11's own shared-memory image (``SDL_FRAMEBUFFER_
ACCELERATION`` 1 and 0; tafel.ui.app.native_x11_framebuffer asks for 0 under X11).

    SDL_VIDEODRIVER=x11 DISPLAY=:N python bench/flip_cost.py [--size 1920x1080] [--frames 300]

Prints, for each setting, the UI thread's CPU and the wall time of a flip, p50 and p99.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time


def measure(size: tuple[int, int], frames: int) -> str:
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode(size)
    cpu: list[float] = []
    wall: list[float] = []
    for i in range(frames):
        screen.fill((i % 255, 80, 160))
        began_cpu, began = time.thread_time(), time.perf_counter()
        pygame.display.flip()
        cpu.append((time.thread_time() - began_cpu) * 1000)
        wall.append((time.perf_counter() - began) * 1000)
    cpu.sort()
    wall.sort()

    def p(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, round(q * (len(values) - 1)))]

    return (
        f"driver {pygame.display.get_driver()}, {size[0]}x{size[1]}: flip cpu p50 {p(cpu, 0.5):.2f} / "
        f"p99 {p(cpu, 0.99):.2f} ms, wall p50 {p(wall, 0.5):.2f} / p99 {p(wall, 0.99):.2f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # the child
    args = parser.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.one:
        print(measure((size[0], size[1]), args.frames))
        return 0
    for setting in ("1", "0"):  # the hint is read once per process: one child each
        env = {**os.environ, "SDL_FRAMEBUFFER_ACCELERATION": setting}
        child = [sys.executable, __file__, "--one", "--size", args.size, "--frames", str(args.frames)]
        line = subprocess.run(child, env=env, capture_output=True, text=True, check=True).stdout.strip()
        print(f"SDL_FRAMEBUFFER_ACCELERATION={setting}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
