"""The arena: seat assignment, counting, seeds, caps, callbacks, Elo."""

from __future__ import annotations

import math

import pytest

from tafel.ai.base import Limit
from tafel.cli.arena import ArenaResult, elo_from_score, run_arena
from tafel.game import GameError
from tests import toygames


@pytest.fixture(scope="module")
def reg():
    return toygames.toy_registry()


def test_two_seats_alternate_and_perfect_play_draws(reg):
    result = run_arena(reg, "toy-tictactoe", "alphabeta", "alphabeta", games=4, seed=5, limit=Limit(depth=9))
    assert [r.a_seat for r in result.records] == [0, 1, 0, 1]
    assert [r.seed for r in result.records] == [5, 6, 7, 8]
    assert (result.wins, result.draws, result.losses) == (0, 4, 0)
    assert result.score == 0.5 and result.elo()[0] == pytest.approx(0.0)
    assert result.capped == 0 and all(r.reason == "board full" for r in result.records)


def test_counts_follow_outcomes(reg):
    result = run_arena(reg, "toy-tictactoe", "random", "alphabeta", games=6, seed=0, limit=Limit(depth=9))
    assert result.games == 6 and result.wins == 0 and result.losses >= 1
    assert result.score == pytest.approx((result.draws * 0.5) / 6)
    assert result.elo()[0] < 0
    lines = result.format()
    assert lines[0] == "toy-tictactoe: random vs alphabeta, 6 games"
    assert f"{result.losses} losses" in lines[1] and lines[2].startswith("Elo difference -")


def test_multi_seat_rotates_a_among_seats(reg):
    result = run_arena(
        reg, "toy-nim", "mcts", "random", games=6, seed=2, options={"players": 3}, limit=Limit(nodes=50)
    )
    assert [r.a_seat for r in result.records] == [0, 1, 2, 0, 1, 2]
    assert result.wins + result.losses == 6 and result.draws == 0
    assert result.rewards == [1.0 if r.reward == 1.0 else 0.0 for r in result.records]
    assert any("fair share 33%" in line for line in result.format())


def test_solo_reports_a_win_rate(reg):
    result = run_arena(reg, "toy-lightsout", "mcts", "random", games=5, seed=3, limit=Limit(nodes=300))
    assert result.solo and all(r.a_seat == 0 for r in result.records)
    assert result.wins + result.losses == 5 and result.draws == 0
    assert result.win_rate == result.wins / 5
    assert result.format()[1].startswith(f"won {result.wins} of 5")


def test_runs_repeat_with_the_same_seed(reg):
    deals: dict[int, str] = {}

    def run():
        return run_arena(
            reg,
            "toy-kuhn",
            "mcts",
            "random",
            games=6,
            seed=11,
            limit=Limit(nodes=60),
            on_move=lambda index, state, text, seat: deals.setdefault(index, state.to_text()),
        )

    first, second = run(), run()
    assert [(r.reward, r.plies, r.reason) for r in first.records] == [
        (r.reward, r.plies, r.reason) for r in second.records
    ]
    # Game i deals with seed + i: the random setups differ from game to game.
    kuhn = reg.game("toy-kuhn")
    assert deals == {i: kuhn.new_state({}, 11 + i).to_text() for i in range(6)}
    assert len(set(deals.values())) > 1


def test_ply_cap_counts_draws_and_says_so(reg):
    result = run_arena(reg, "toy-tictactoe", "random", "random", games=3, seed=0, max_plies=2)
    assert result.capped == 3 and result.draws == 3 and all(r.capped and r.plies == 2 for r in result.records)
    assert "3 game(s) stopped at 2 plies, counted as draws" in result.format()


def test_callbacks(reg):
    progress, moves = [], []
    result = run_arena(
        reg,
        "toy-tictactoe",
        "greedy",
        "random",
        games=2,
        seed=1,
        progress=progress.append,
        on_move=lambda index, state, text, seat: moves.append((index, text, seat, state.to_move)),
    )
    assert len(progress) == 2 and progress[0].startswith("game 1/2: greedy as X ")
    assert progress[1].startswith("game 2/2: greedy as O ") and f"score {result.score:.3f}" in progress[1]
    assert len(moves) == sum(r.plies for r in result.records)
    assert all(seat == to_move for _, _, seat, to_move in moves)
    assert moves[0][0] == 0 and moves[-1][0] == 1


def test_unknown_names_are_one_line_errors(reg):
    with pytest.raises(GameError, match="unknown agent 'nobody'"):
        run_arena(reg, "toy-tictactoe", "nobody", "random", games=1)
    with pytest.raises(GameError, match="unknown game"):
        run_arena(reg, "chess960", "random", "random", games=1)


def test_elo_formula_and_clamping():
    assert elo_from_score(0.75) == pytest.approx(400 * math.log10(3))
    r = ArenaResult("g", "a", "b", seats=2, wins=30, losses=10, rewards=[1.0] * 30 + [0.0] * 10)
    diff, margin = r.elo()
    assert diff == pytest.approx(190.85, abs=0.01)
    # 95% margin: score 0.75 +- 1.96 * sqrt(0.75 * 0.25 / 40)
    half = 1.959964 * math.sqrt(0.75 * 0.25 / 40)
    assert margin == pytest.approx((elo_from_score(0.75 + half) - elo_from_score(0.75 - half)) / 2)
    sweep = ArenaResult("g", "a", "b", seats=2, wins=10, rewards=[1.0] * 10)
    swept = ArenaResult("g", "a", "b", seats=2, losses=10, rewards=[0.0] * 10)
    d1, m1 = sweep.elo()
    d0, m0 = swept.elo()
    assert math.isfinite(d1) and d1 > 400 and d0 == pytest.approx(-d1)
    assert m1 > 0 and m0 == pytest.approx(m1)
    assert ArenaResult("g", "a", "b", seats=2).elo() == (0.0, 0.0)
