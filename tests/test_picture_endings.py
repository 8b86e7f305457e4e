"""Still pictures of an ended game (issue 18): ``render``, the rules' diagrams and the review draw
the board through the game's view with ``ViewContext.still``; the view draws no end-of-game card
over the board, and the picture writes the outcome (headline and reason, in the current
language, with the seats' translated names) in a strip under it, for every game."""

from __future__ import annotations

import pygame
import pytest

from tafel import i18n
from tafel.diagrams import check_all
from tafel.match import Match
from tafel.testing import load_registry
from tafel.ui.fonts import Fonts
from tafel.ui.picture import BoardPicture
from tafel.ui.theme import DEFAULT
from tafel.view import ViewContext, make_view

GAMES = ("ataxx", "atoll", "axxa", "amakta", "amakta-infinit")
#: A competitive AxxA deal one move from its end: after a4-c4 and paying g4 no stack can move,
#: Player 1 wins two triplets to one.
AXXA = (
    "a4:[46]2 d4:[46]5 d5:[45]6 g4:3 due:4 seat:1 phase:move chain:0 scores:2,1 paid:11122334445555666 seed:-"
)


@pytest.fixture(scope="module")
def registry():
    return load_registry()


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def drawn_lines(monkeypatch) -> list[str]:
    lines: list[str] = []
    text = Fonts.text

    def text_(self, line, *args, **kw):
        lines.append(line)
        return text(self, line, *args, **kw)

    monkeypatch.setattr(Fonts, "text", text_)
    return lines


def axxa_ending(registry) -> tuple:
    game = registry.game("axxa")
    options = game.resolve_options({"mode": "competitive"})
    match = Match(game, options, position=AXXA)
    match.replay(["a4-c4", "pay:g4"])
    assert match.state.outcome is not None
    return game, options, match


@pytest.mark.parametrize("lang, wins", [("en", "Player 1 wins!"), ("de", "Spieler 1 gewinnt!")])
def test_an_ended_axxa_picture_shows_the_board_and_the_outcome_under_it(registry, monkeypatch, lang, wins):
    game, options, match = axxa_ending(registry)
    lines = drawn_lines(monkeypatch)
    contexts: list[ViewContext] = []
    with i18n.language(lang):
        picture = BoardPicture(game, options, match.states, list(match.moves))
        view = picture.view()
        draw = view.draw
        monkeypatch.setattr(view, "draw", lambda s, st, ctx: (contexts.append(ctx), draw(s, st, ctx)))
        surface = picture.still((900, 700), DEFAULT)
        assert picture.error is None, picture.error
        reason = game.translate(match.state.outcome.reason)
    assert contexts and all(ctx.still for ctx in contexts)
    # The strip under the board: the headline with the translated seat name, then the reason.
    assert picture.strip is not None and picture.strip.bottom == 700
    assert picture.board_rect.bottom == picture.strip.top
    assert view.rect == picture.board_rect
    assert wins in lines
    assert " ".join(lines[lines.index(wins) + 1 :]).replace("  ", " ").startswith(reason[:1].upper())
    # No banner over the board (its title was the headline without "!"), no English seat name.
    assert wins.rstrip("!") not in lines
    assert lang == "en" or not any("Player" in line for line in lines)
    assert surface.get_size() == (900, 700)


def test_the_play_screen_still_shows_axxa_s_banner(registry):
    """``still`` is for pictures: the play screen's view draws its end-of-game card."""
    from tafel.games.axxa.view import tray

    game, options, match = axxa_ending(registry)
    view = make_view(game, options)
    view.layout(pygame.Rect(0, 0, 900, 700))
    cards: list[int] = []
    original = tray.draw_outcome
    try:
        tray.draw_outcome = lambda *args: cards.append(1)
        surface = pygame.Surface((900, 700))
        for still in (False, True):
            view.draw(surface, match.state, ViewContext(theme=DEFAULT, fonts=Fonts(), still=still))
    finally:
        tray.draw_outcome = original
    assert cards == [1]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_ending_diagram_has_its_strip_and_the_others_none(registry, game_id):
    game = registry.game(game_id)
    ended = 0
    for setup in check_all(game):
        picture = BoardPicture(game, setup.options, setup.states, setup.moves)
        surface = picture.still((480, 360), DEFAULT)
        assert picture.error is None, picture.error
        over = setup.state.outcome is not None
        assert (picture.strip is not None) == over
        if over:
            ended += 1
            assert picture.board_rect.height >= 360 * 0.7, "the strip takes too much of the board"
            # The loop keeps the strip's room: the board does not move when the game ends.
            if picture.animated:
                for _ in range(40):
                    picture.frame((480, 360), 1 / 10, DEFAULT)
                assert picture.error is None and picture.strip is not None
        assert surface.get_size() == (480, 360)
    assert ended, f"{game_id}: no diagram shows an ending"
