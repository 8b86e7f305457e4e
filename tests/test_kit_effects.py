"""tafel.kit effects and text: a celebration's sparks and title, text at pixel sizes, the card."""

from __future__ import annotations

import pygame
import pytest

from tafel.kit import Celebration, Motion, card, label
from tafel.testing import distinct_colours, view_context


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    return pygame.Surface((600, 400))


def test_celebration_bursts_falls_and_fades(screen):
    ctx = view_context()
    cheer = Celebration((300, 200), "Outstanding!", "three in a turn", [(255, 0, 0), (0, 0, 255)], 60, seed=3)
    same = Celebration((300, 200), "Outstanding!", "three in a turn", [(255, 0, 0), (0, 0, 255)], 60, seed=3)
    assert cheer.sparks == same.sparks and len(cheer.sparks) == 40  # the same seed, the same burst
    motion = Motion()
    motion.start([cheer])
    seen, lettering = [], []
    for _ in range(int(Celebration.LENGTH * 10) + 2):
        screen.fill((0, 0, 0))
        cheer.draw(screen, ctx)
        seen.append(distinct_colours(screen, 2))
        lettering.append(any(screen.get_at((x, 200))[:3] == ctx.theme.accent[:3] for x in range(600)))
        motion.update(0.1)
    assert max(seen) > 5 and lettering[3]  # sparks and lettering
    assert not lettering[-1] and not motion.busy  # faded out, done


def test_celebration_title_fits_the_width(screen):
    ctx = view_context()
    wide = Celebration((300, 200), "A very long celebration title", "", [(255, 0, 0)], 80, width=200)
    wide.update(0.5)
    screen.fill((0, 0, 0))
    wide.draw(screen, ctx)
    rows = [
        x
        for x in range(600)
        if any(screen.get_at((x, y))[:3] == ctx.theme.accent[:3] for y in range(150, 250))
    ]
    assert rows and max(rows) - min(rows) <= 200 * 1.07  # the title's pop is at most 6 % over


def test_label_and_card(screen):
    ctx = view_context()
    screen.fill((0, 0, 0))
    drawn = label(screen, ctx, "d4", 30, (255, 255, 255), midtop=(300, 10))
    assert drawn.midtop == (300, 10) and 20 <= drawn.height <= 60
    box = card(screen, ctx, (300, 250), 400, "Solved!", "All six triplets removed. " * 4, (0, 200, 0), 80)
    assert box.center == (300, 250) and box.width == 400
    assert box.height > 0.55 * 80 + 2 * 0.28 * 80  # the title and two or more lines of text
