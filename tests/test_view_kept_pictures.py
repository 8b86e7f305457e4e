"""Views keep the still parts of the picture between frames; a kept picture never goes stale.

Every position of a random game is drawn by one long-lived view (its kept pictures rebuilt as
the game moves on) and by a fresh view; both pictures must be the same, pixel for pixel.
"""

from __future__ import annotations

import random

import pygame
import pytest

from tafel.games.ataxx import GAME as ATAXX
from tafel.games.ataxx.view import AtaxxView
from tafel.games.axxa import GAME as AXXA
from tafel.games.axxa.view import AxxaView
from tafel.ui.theme import COLORBLIND, DEFAULT
from tafel.view import ViewContext
from tests.kit import view_context


@pytest.fixture(scope="module")
def screen():
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1280, 800))


def ctx(theme=DEFAULT, **kw) -> ViewContext:
    return view_context(theme=theme, time=0.0, **kw)


def picture(view, screen, state, context) -> bytes:
    screen.fill(context.theme.background)
    view.draw(screen, state, context)
    return pygame.image.tobytes(screen, "RGB")


def fresh(view_class, game, options):
    view = view_class(game, options)
    view.layout(pygame.Rect(0, 0, 900, 800))
    return view


@pytest.mark.parametrize(
    "view_class, game, shown",
    [
        (AtaxxView, ATAXX, lambda state: state),
        (AxxaView, AXXA, lambda state: state.view_for(0)),
    ],
    ids=["ataxx", "axxa"],
)
def test_a_long_lived_view_draws_what_a_fresh_one_draws(screen, view_class, game, shown):
    options = game.resolve_options({"seed": 4} if game is AXXA else {})
    state = game.new_state(options, None)
    kept = fresh(view_class, game, options)
    rng = random.Random(2)
    last = None
    for ply in range(60):
        if state.outcome is not None:
            break
        theme = COLORBLIND if ply % 17 == 16 else DEFAULT  # a theme change rebuilds the pictures
        # Marks on a third of the plies only: between two plies without them, the position
        # alone has changed.
        marked = ply % 3 == 0
        hover = rng.choice([None, *range(0, 40, 3)]) if marked else None
        context = ctx(theme, last_move=last, show_last=marked)
        other = fresh(view_class, game, options)
        for view in (kept, other):  # the kit's views name it hover
            setattr(view, "hover" if hasattr(view, "motion") else "_hover", hover)
        assert picture(kept, screen, shown(state), context) == picture(
            other, screen, shown(state), context
        ), f"ply {ply}"
        last = rng.choice(state.legal_moves())
        state = state.play(last)
