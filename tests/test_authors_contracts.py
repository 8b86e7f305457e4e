"""What plugin authors rely on (issue 40): the value scale, one panel line per fact, seat
colours that read on the panel, notation helpers, `--players` as words; and the new `check`
rules failing on purpose-made bad plugins."""

from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from tafel import (
    BoardText,
    NotationError,
    Outcome,
    parse_hex,
    parse_square,
    proven_value,
    search_value,
    square_name,
)
from tafel.ai.base import Agent, Limit
from tafel.cli import main, parse_players
from tafel.cli.conformance import check_game
from tafel.cli.conformance.contracts import check_seat_colors, check_values, generic_levels
from tafel.cli.conformance.report import Report, _Run
from tafel.plugins import load_registry
from tafel.ui.theme import COLORBLIND, DEFAULT, PALETTES, contrast
from tafel.view import BoardView
from tests.toygames import TicTacToeState, tictactoe_def, ttt_parse

WIN_NOW = ".../xo./xo. x"  # X wins on a3


def toy(state_cls=TicTacToeState, view=None, **kw):
    game = tictactoe_def()
    return dataclasses.replace(game, id="toy", new_state=lambda options, seed: state_cls(), view=view, **kw)


# --- the value scale ----------------------------------------------------------------------------


def test_search_value_and_proven_value():
    assert search_value(0.0) == 0.5 and search_value(1.0) == 1.0 and search_value(-7.0) == 0.0
    assert search_value(200, scale=400) == 0.75 and search_value(None) is None
    assert search_value(990.0, win=500.0) == 1.0 and search_value(-990.0, win=500.0) == 0.0
    assert proven_value(Outcome.win(1, 2, "r"), 1) == 1.0 and proven_value(Outcome.draw(2, "r"), 1) == 0.5


def _win_run() -> list[_Run]:
    before = ttt_parse(WIN_NOW)
    move = next(m for m in before.legal_moves() if before.move_to_text(m) == "a3")
    return [_Run([before, before.play(move)], [move])]


class FixedValue(Agent):
    def __init__(self, value):
        super().__init__()
        self.value = value

    def choose(self, state, limit, rng, stop=None):
        self.info = {"value": self.value}
        return state.legal_moves()[0]


@pytest.mark.parametrize(
    "value,words",
    [
        (1.5, "not a number in [0, 1]"),
        (-0.2, "not a number in [0, 1]"),
        (float("nan"), "not a number in [0, 1]"),
        (0.02, "one move from a win the value is 0.02 for the side to move"),
    ],
)
def test_check_fails_a_value_off_the_scale_or_from_the_wrong_side(value, words):
    report = Report("toy")
    check_values(tictactoe_def(), _win_run(), 1, report, {"hard": lambda: FixedValue(value)})
    assert any(words in f for f in report.failures), report.failures


def test_the_generic_levels_read_a_win_in_one_above_even():
    report = Report("toy")
    assert check_values(tictactoe_def(), _win_run(), 1, report, generic_levels(tictactoe_def())) == 6
    assert report.ok, report.failures
    agent = generic_levels(tictactoe_def())["hard"]()
    agent.choose(ttt_parse(WIN_NOW), Limit(depth=3), random.Random(1))
    assert agent.info["value"] == 1.0


# --- one panel line per fact --------------------------------------------------------------------


class SaysItTwice(BoardView):
    def draw(self, surface, state, ctx):
        pygame.draw.rect(surface, ctx.theme.board, self.rect)

    def status(self, state, ctx):
        return [state.describe()] if state.describe() else []


class DescribedState(TicTacToeState):
    def describe(self):
        return "Three in a row wins"

    def play_unchecked(self, move):
        s = super().play_unchecked(move)
        return DescribedState(s.x, s.o, s.to_move)


def test_check_fails_a_panel_line_given_twice():
    report = check_game(toy(DescribedState, view=SaysItTwice), games=1, view=True, sizes=[(640, 480)])
    failures = [f for f in report.failures if "side panel shows" in f]
    assert len(failures) == 1 and "'Three in a row wins' twice" in failures[0], report.failures


# --- seat colours ---------------------------------------------------------------------------------


class DarkStones(TicTacToeState):
    def seat_color(self, seat, theme):
        return (20, 24, 30) if seat == 0 else theme.stone_light


def test_check_fails_a_seat_colour_that_does_not_read_on_the_panel():
    report = Report("toy")
    check_seat_colors(toy(), {}, [_Run([DarkStones()], [])], report)
    (failure,) = report.failures
    assert "X's (20, 24, 30) has a contrast of 1.2:1 on the panel, under 3:1" in failure
    bad_name = Report("toy")
    check_seat_colors(toy(palette="tartan"), {}, [_Run([TicTacToeState()], [])], bad_name)
    assert "palette 'tartan' is not one of" in bad_name.failures[0]


def test_black_stones_read_on_the_panel_through_the_palette():
    report = Report("toy")

    class Stones(TicTacToeState):
        def seat_color(self, seat, theme):
            return theme.stone_dark if seat == 0 else theme.stone_light

    check_seat_colors(toy(palette="black-white"), {}, [_Run([Stones()], [])], report)
    assert report.ok, report.failures


@pytest.mark.parametrize("theme", [DEFAULT, COLORBLIND], ids=["default", "colourblind"])
@pytest.mark.parametrize("name", sorted(PALETTES))
def test_every_palette_reads_on_the_panel_and_the_board(theme, name):
    themed = theme.with_palette(name)
    board_colours = themed.palettes[name].board
    assert len(board_colours) >= 2 and len(set(board_colours)) == len(board_colours)
    assert all(contrast(c, themed.panel) >= 3.0 for c in themed.palettes[name].panel)
    # On the board, every pair of seats tells apart.
    assert all(contrast(a, b) > 1.2 or a != b for a in board_colours for b in board_colours if a != b)
    assert len(PALETTES["four"].board) == 4


def test_builtin_games_declare_a_known_palette():
    registry = load_registry()
    for game in registry.games.values():
        assert game.palette in PALETTES, game.id


# --- notation helpers -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call,words",
    [
        (lambda: parse_square("z1", 8, 8), "'z1' is not a square of this board (a1 to h8)"),
        (lambda: parse_square("e", 8, 8), "'e' is not a square (like a1"),
        (lambda: parse_square("a0", 8, 8), "'a0' is not a square (like a1"),
        (lambda: parse_hex("a9", lambda q, r: abs(q - r) < 5), "'a9' is not a cell of this board"),
        (lambda: BoardText("xo", 3).decode("x2/1o1"), "it needs 3 rows separated by '/', got 2"),
        (lambda: BoardText("xo", 3).decode("x2/1o2/3"), "row 2 needs 3 cells, got more"),
        (lambda: BoardText("xo", 3).decode("x2/1o/3"), "row 2 needs 3 cells, got 2"),
        (lambda: BoardText("xo", 3).decode("x2/1q1/3"), "row 2 has 'q' (pieces are x, o"),
        (lambda: BoardText("xo", 3).decode("x2/0xo/3"), "row 2 has the count '0'"),
        (
            lambda: BoardText("xo", 12).decode("/".join(["99999999999"] * 12)),
            "row 1 needs 12 cells, got more",
        ),
    ],
)
def test_notation_errors_are_one_clear_line(call, words):
    with pytest.raises(NotationError) as caught:
        call()
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_notation_round_trips():
    codec = BoardText("xo-", widths=(3, 4, 3))
    rows = ["x.o", "..-.", "ooo"]
    assert codec.decode(codec.encode(rows)) == rows
    assert codec.encode(rows) == "x1o/2-1/ooo"
    assert all(parse_square(square_name(c, r), 12, 12) == (c, r) for c in range(12) for r in range(12))
    assert square_name(1, 11) == "b12"


# --- --players -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "words",
    [["human", "ai:hard"], ["human,ai:hard"], ["human,", "ai:hard"]],
    ids=["words", "commas", "mixed"],
)
def test_players_as_words_or_commas(words):
    registry = load_registry()
    game = registry.game("ataxx")
    assert parse_players(words, game, game.resolve_options({}), registry) == ["human", "hard"]


def test_play_takes_one_word_per_seat(monkeypatch, capsys):
    import tafel.ui.app

    seen = {}
    monkeypatch.setattr(tafel.ui.app, "run", lambda registry, **kw: seen.update(kw) or 0)
    assert main(["play", "ataxx", "--players", "human", "ai:easy"]) == 0
    assert seen["start"].players == ["human", "easy"]
    assert main(["play", "ataxx", "--players", "human", "ai:easy", "ai:hard"]) == 2
    assert "needs 2 entries" in capsys.readouterr().err


def test_check_finds_a_win_in_one_where_no_random_game_was_won():
    """A position where a listed move wins at once is found even when the random game went on."""
    from tafel.cli.conformance.contracts import value_positions

    before = ttt_parse(WIN_NOW)
    elsewhere = next(m for m in before.legal_moves() if before.move_to_text(m) == "c1")
    plain, before_win = value_positions([_Run([before, before.play(elsewhere)], [elsewhere])])
    assert any(s is before for s in before_win) and plain  # (O, to move after c1, wins at b3 too)
    report = Report("toy")
    runs = [_Run([before, before.play(elsewhere)], [elsewhere])]
    check_values(tictactoe_def(), runs, 1, report, {"hard": lambda: FixedValue(0.3)})
    assert any("one move from a win the value is 0.3" in f for f in report.failures), report.failures
