#!/usr/bin/env python3
"""Amakta Infinit speed: the creation table, creation move lists, play move generation far from
the origin, and the view's frame time at several zooms (headless).

    python bench/amakta_infinit_speed.py

Prints seconds per item; nothing is asserted (figures go in notes, not tests).
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def timed(label: str, fn, repeat: int = 1):
    start = time.perf_counter()
    for _ in range(repeat):
        result = fn()
    seconds = (time.perf_counter() - start) / repeat
    print(f"{label:<52} {seconds * 1000:9.1f} ms")
    return result


def main() -> None:
    from tafel import Limit
    from tafel.games.amakta_infinit import values
    from tafel.games.amakta_infinit.ai import InfinitAgent
    from tafel.games.amakta_infinit.state import InfinitState

    timed("creation table (first use, canonical pieces included)", values.table)
    for points in (30, 60, 120, 240):
        moves = timed(
            f"creatable({points}) (first time: move objects made)",
            lambda p=points: values.creatable(p, frozenset()),
        )
        timed(
            f"creatable({points}) again ({len(moves)} moves)",
            lambda p=points: values.creatable(p, frozenset()),
            5,
        )
    s = InfinitState.new(6, 60).play(InfinitState.new(6, 60).parse_move("bid:60"))
    s = s.play(s.parse_move("accept"))
    timed(
        "legal_moves of the first creation state (60 points)",
        lambda: InfinitState.from_text(s.to_text()).legal_moves(),
        3,
    )
    texts = [s.move_to_text(m) for m in s.legal_moves()]
    timed(f"parse_move of {len(texts)} creation texts", lambda: [s.parse_move(t) for t in texts])
    # A middle game far apart: the AI plays both sides for a while.
    rng = random.Random(3)
    far = InfinitState.new(40, 100)
    agent = InfinitAgent("easy")
    while far.phase != "play":
        far = far.play(agent.choose(far, Limit(time=0.05), rng))
    for _ in range(30):
        if far.outcome is not None:
            break
        far = far.play(agent.choose(far, Limit(time=0.05), rng))
    again = lambda: InfinitState.from_text(far.to_text()).legal_moves()  # noqa: E731
    n = len(again())
    timed(f"play moves, bases 40 apart after 30 plies ({n} moves)", again, 5)

    import pygame

    from tafel.games.amakta_infinit import GAME
    from tafel.games.amakta_infinit.view import InfinitView
    from tafel.ui.fonts import Fonts
    from tafel.ui.theme import DEFAULT
    from tafel.view import ViewContext

    pygame.init()
    surface = pygame.display.set_mode((1600, 900))
    view = InfinitView(GAME, GAME.resolve_options({"distance": 40}))
    view.layout(pygame.Rect(0, 0, 1600, 900))
    ctx = ViewContext(theme=DEFAULT, fonts=Fonts(), interactive=True, human_seats=frozenset({0, 1}))
    view.draw(surface, far, ctx)
    for zoom in (3.0, 8.0, 20.0, 45.0):
        view.camera.move_to(view.camera.center, zoom, animate=False)
        view._bg_key = None
        timed(
            f"frame at {zoom:g} px a field, camera moving (fields redrawn)",
            lambda: (setattr(view, "_bg_key", None), view.draw(surface, far, ctx)),
            5,
        )
        view.draw(surface, far, ctx)
        timed(
            f"frame at {zoom:g} px a field, camera resting (cached)", lambda: view.draw(surface, far, ctx), 10
        )


if __name__ == "__main__":
    main()
