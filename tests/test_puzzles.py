"""Issue 41, the puzzle core: Glicko-2 against Glickman's worked example, sets read as untrusted
data, answers checked, records kept in the data folder, the generator reproducible from a seed,
and the command line (``puzzle``, ``puzzles list``, ``puzzles mine``) on the toy game."""

from __future__ import annotations

import json

import pytest

from tafel.cli import main
from tafel.puzzles import room
from tafel.puzzles.glicko import Rating, rate_attempt
from tafel.puzzles.miner import mine
from tafel.puzzles.progress import load_progress
from tafel.puzzles.puzzle import Puzzle, check_answer, parse_set, set_to_json
from tafel.puzzles.support import PuzzleSupport
from tests.ui_toygame import toy_game_def

# X to move: a1 and b2 are X's, c3 finishes the diagonal.
POSITION = "x../.x./o.. x"


@pytest.fixture
def game():
    g = toy_game_def()
    g.puzzles = PuzzleSupport(depth=2, verify_depth=3, opening=2, min_moves=3)
    return g


def test_glicko2_matches_glickmans_worked_example():
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]
    after = player.updated(results, tau=0.5)
    # Glickman, "Example of the Glicko-2 system": r' = 1464.06, RD' = 151.52, sigma' = 0.05999.
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_rating_period_without_games_only_widens_the_deviation():
    after = Rating(1500, 200, 0.06).updated([])
    assert after.rating == 1500 and after.deviation == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_solving_moves_the_player_up_and_the_puzzle_down_and_failing_the_other_way():
    p, q = rate_attempt(Rating(1500, 100), Rating(1700, 100), True)
    assert p.rating > 1500 and q.rating < 1700
    p, q = rate_attempt(Rating(1500, 100), Rating(1300, 100), False)
    assert p.rating < 1500 and q.rating > 1300
    # A surprise moves further than the expected result.
    up_hard = rate_attempt(Rating(1500, 100), Rating(1800, 100), True)[0].rating - 1500
    up_easy = rate_attempt(Rating(1500, 100), Rating(1200, 100), True)[0].rating - 1500
    assert up_hard > up_easy > 0


def _puzzle(game, **changes):
    base = {"id": "t1", "position": POSITION, "line": ["c3"], "rating": 1200, "themes": ["diagonal"]}
    base.update(changes)
    return base


def _set_text(game, entries):
    return json.dumps({"format": "tafel-puzzles", "game": game.id, "puzzles": entries})


def test_a_set_skips_bad_entries_with_one_line_each(game):
    entries = [
        _puzzle(game),
        _puzzle(game, id="t2", line=["z9"]),  # not a move
        _puzzle(game, id="t3", position="nonsense"),
        _puzzle(game, id="t4", rating="high"),
        _puzzle(game, id="t5", line=["c3", "b1"]),  # ends with the opponent's move
        _puzzle(game, id="../../etc"),
        "not an object",
        _puzzle(game),  # the same id again
        _puzzle(game, id="t6", line=["c3", "b1", "a2"]),  # the game ends inside the line
    ]
    puzzles, problems = parse_set(game, _set_text(game, entries))
    assert [p.id for p in puzzles] == ["t1"]
    assert len(problems) == len(entries) - 1
    assert all("\n" not in line for line in problems)
    assert puzzles[0].to_move == 0 and puzzles[0].solver_moves == 1


@pytest.mark.parametrize(
    "text", ["", "[", "[]", '{"format": "other"}', json.dumps({"format": "tafel-puzzles", "game": "chess"})]
)
def test_a_set_that_is_no_set_gives_one_line(game, text):
    puzzles, problems = parse_set(game, text)
    assert puzzles == [] and len(problems) == 1


def test_answers_are_checked_against_the_line(game):
    puzzle = parse_set(game, _set_text(game, [_puzzle(game)]))[0][0]
    assert check_answer(game, puzzle, ["c3"]).correct
    assert check_answer(game, puzzle, ["C3"]).correct  # another spelling of the same move
    wrong = check_answer(game, puzzle, ["b1"], lambda state: room.refutation(game, state))
    assert not wrong.correct and wrong.played == "b1" and wrong.expected == "c3"
    assert wrong.refutation and wrong.refutation[0] in ("c1", "c3")  # O blocks one of the threats
    assert not check_answer(game, puzzle, []).correct
    assert not check_answer(game, puzzle, ["nonsense"]).correct


def test_the_generator_is_reproducible_from_its_seed(game):
    first = mine(game, count=3, seed=11)
    again = mine(game, count=3, seed=11)
    assert [p.to_json() for p in first] == [p.to_json() for p in again]
    assert len(first) == 3
    for puzzle in first:
        assert puzzle.line and len(puzzle.line) % 2 == 1
        assert {"one-move", "short", "long"} & set(puzzle.themes)
        assert check_answer(game, puzzle, puzzle.line[::2]).correct
        scores = game.puzzles.move_scores(game, puzzle.start(game), game.puzzles.verify_depth + 1)
        assert scores[0][1] >= game.puzzles.win_at > scores[1][1] or scores[0][0] == scores[1][0]
    text = set_to_json(game.id, first, {"seed": 11})
    assert [p.id for p in parse_set(game, text)[0]] == [p.id for p in first]


def test_records_are_kept_and_a_damaged_file_is_moved_aside(tmp_path):
    path = tmp_path / "puzzles.json"
    progress = load_progress(path)
    puzzle = Puzzle("p1", "g", {}, "x", ("a",), 0, 1600.0)
    change = progress.record("g", puzzle, solved=False)
    assert change.delta < 0 and progress.of("g").failed == {"p1"}
    assert progress.record_streak("g", 4) and not progress.record_streak("g", 3)
    progress.record_daily("g")
    progress.save()
    again = load_progress(path)
    assert again.of("g").best_streak == 4 and again.daily_done("g") and again.of("g").attempts == 1
    assert again.puzzle_rating(puzzle).rating > 1600
    path.write_text('{"games": {"g": {"player": [1e400, -1, 7], "solved": [1, "ok"], "attempts": "x"}}}')
    odd = load_progress(path)
    assert odd.rating("g").rating == 1500 and odd.of("g").solved == {"ok"} and odd.of("g").attempts == 0
    path.write_text("{ not json")
    broken = load_progress(path)
    assert broken.problem and "moved aside" in broken.problem and broken.games == {}


def test_room_picks_the_daily_the_level_and_the_streak():
    import datetime

    puzzles = [Puzzle(f"p{r}", "g", {}, "x", ("a",), 0, float(r)) for r in range(800, 2000, 50)]
    day = datetime.date(2026, 12, 3)
    assert room.daily(puzzles, day) == room.daily(list(reversed(puzzles)), day)
    assert len({room.daily(puzzles, day + datetime.timedelta(days=k)).id for k in range(10)}) > 3
    near = room.at_level(puzzles, 1510, set(), None)
    assert near.id == "p1500"
    steps = [room.streak_next(puzzles, k, set()).rating for k in range(5)]
    assert steps == sorted(steps)


def test_the_command_line_without_puzzles_says_so_in_one_line(capsys):
    assert main(["puzzles", "list", "axxa"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "axxa has no puzzles" in err


def test_the_command_line_mines_a_set_that_loads_again(tmp_path, capsys):
    from tafel.testing import load_registry

    out = tmp_path / "atoll.json"
    assert main(["puzzles", "mine", "atoll", "--count", "2", "--seed", "3", "--out", str(out), "-q"]) == 0
    assert "2" in capsys.readouterr().out
    game = load_registry().game("atoll")
    puzzles, problems = parse_set(game, out.read_text())
    assert len(puzzles) == 2 and problems == []
    assert json.loads(out.read_text())["seed"] == 3


def test_an_answer_needs_its_puzzle_and_german_output(capsys):
    assert main(["puzzle", "atoll", "--answer", "a1"]) == 2
    assert "--id" in capsys.readouterr().err
    from tafel import i18n

    try:
        assert main(["--lang", "de", "puzzle", "atoll", "--daily"]) == 0
    finally:
        i18n.set_language("en")  # the other tests expect English
    out = capsys.readouterr().out
    assert "Stellung:" in out and "Am Zug:" in out and "Motive:" in out
