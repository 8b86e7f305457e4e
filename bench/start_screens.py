"""Each game's start screen through the real play scene, headless, at 1920x1080, 1280x720 and
800x600: for checking that a refactor keeps every pixel.

    python bench/start_screens.py OUT_DIR               # write GAME-WIDTH.png files
    python bench/start_screens.py OUT_DIR --compare REF  # and compare them with an earlier run

Prints one line per picture and, with --compare, how many differ (exit code 1 when any do).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["TAFEL_NO_ENTRY_POINTS"] = "1"
os.environ["TAFEL_DATA_DIR"] = tempfile.mkdtemp(prefix="tafel-screens-")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from tafel.match import Match  # noqa: E402
from tafel.plugins import load_registry  # noqa: E402
from tafel.ui.app import App  # noqa: E402
from tests.ui_toygame import FakeWorker  # noqa: E402

SIZES = ((1920, 1080), (1280, 720), (800, 600))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path, default=None, metavar="REF")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    registry = load_registry()
    differ = 0
    for gid in sorted(registry.games):
        game = registry.game(gid)
        for size in SIZES:
            app = App(
                registry, windowed=True, size=size, worker=FakeWorker(registry), start=Match(game, seed=7)
            )
            for _ in range(3):
                app.step(dt=0)
            app.draw()
            name = f"{gid}-{size[0]}.png"
            pygame.image.save(app.screen, str(args.out / name))
            app.close()
            verdict = ""
            if args.compare is not None:
                ref = pygame.image.load(str(args.compare / name))
                same = ref.get_size() == size and pygame.image.tobytes(ref, "RGB") == pygame.image.tobytes(
                    pygame.image.load(str(args.out / name)), "RGB"
                )
                differ += not same
                verdict = "  identical" if same else "  DIFFERS"
            print(f"{name}{verdict}")
    if args.compare is not None:
        print(f"{differ} of {len(registry.games) * len(SIZES)} pictures differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
