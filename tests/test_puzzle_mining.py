"""Issue 41, the generator's second round: puzzles from the player's history (a made-up history
folder), starting ratings measured by a documented formula (monotone in the search depth that
finds the first move), hooks named by ``"module:function"`` texts, sets grown by parts, and
Amakta's cheap candidate filter (never skips a position with a winning move)."""

from __future__ import annotations

import json
import random

import pytest

from tafel.cli import main
from tafel.datadir import data_dir
from tafel.puzzles.difficulty import Difficulty, rating_of
from tafel.puzzles.miner import Miner
from tafel.puzzles.puzzle import load_shipped, parse_set
from tafel.puzzles.support import PuzzleSupport, support_of
from tafel.testing import load_registry


@pytest.fixture(scope="module")
def registry():
    return load_registry()


# --- ratings ------------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [2, 12, 40, 400])
@pytest.mark.parametrize("margin", [0.0, 0.3, 0.9])
@pytest.mark.parametrize("solver_moves", [1, 2, 3])
def test_the_starting_rating_grows_with_the_depth_that_finds_the_move(moves, margin, solver_moves):
    ratings = [rating_of(Difficulty(depth, moves, margin, solver_moves)) for depth in range(1, 9)]
    assert all(a < b for a, b in zip(ratings, ratings[1:], strict=False))
    assert rating_of(Difficulty(2, moves, margin, solver_moves + 1)) > ratings[1]
    assert rating_of(Difficulty(2, moves, margin + 0.2, solver_moves)) <= ratings[1]
    assert rating_of(Difficulty(2, moves * 2, margin, solver_moves)) >= ratings[1]
    assert all(100 <= r <= 4000 for r in ratings)  # what a set may hold


@pytest.mark.parametrize("game_id", ["ataxx", "atoll", "amakta"])
def test_shipped_ratings_are_the_formulas_on_the_measured_difficulty(registry, game_id):
    puzzles, _ = load_shipped(registry.game(game_id))
    for p in puzzles:
        d = p.difficulty
        assert d, p.id
        assert p.rating == rating_of(
            Difficulty(int(d["depth"]), int(d["moves"]), d["margin"], p.solver_moves)
        )
    assert len({p.rating for p in puzzles}) > 10  # they spread


# --- hooks by name ------------------------------------------------------------------------------


def test_hooks_named_by_text_are_imported_when_first_called(registry):
    for game_id in ("ataxx", "atoll", "amakta"):
        support = support_of(registry.game(game_id))
        assert isinstance(support.score_moves, str) and support.package.endswith(game_id)
        assert callable(support.hook("score_moves")) and callable(support.hook("themes"))
    with pytest.raises(TypeError, match="module:function"):
        PuzzleSupport(themes="no colon")
    with pytest.raises(ImportError, match="relative"):
        PuzzleSupport(themes=".puzzles:themes").hook("themes")
    with pytest.raises(ImportError, match="has no function"):
        PuzzleSupport(themes="json:no_such").hook("themes")


# --- the history --------------------------------------------------------------------------------


def _history_file(name: str, game: str, position: str | None, moves: list[str]) -> None:
    folder = data_dir() / "history"
    folder.mkdir(parents=True, exist_ok=True)
    record = {
        "format": "tafel-save",
        "format_version": 1,
        "kind": "history",
        "name": "",
        "saved_at": "2026-12-01T10:00:00+00:00",
        "title": game,
        "game": game,
        "version": "1",
        "options": {},
        "seed": None,
        "position": position,
        "players": ["human", "hard"],
        "moves": moves,
        "id": name,
    }
    (folder / f"{game}-{name}.json").write_text(json.dumps(record))


def test_puzzles_are_mined_from_the_games_in_the_history(registry, tmp_path, capsys):
    game = registry.game("ataxx")
    shipped = load_shipped(game)[0]
    wanted = [p for p in shipped if len(p.line) == 1][:2]
    for i, puzzle in enumerate(wanted):  # two played games that passed through a puzzle's position
        _history_file(f"g{i}", "ataxx", puzzle.position, list(puzzle.line))
    _history_file("other", "atoll", None, [])  # another game's: not looked at
    _history_file("bad", "ataxx", None, ["z9z9"])  # does not replay: one line, skipped
    out = tmp_path / "from-history.json"
    assert main(["puzzles", "mine", "ataxx", "--from-history", "--out", str(out), "-q"]) == 0
    printed = capsys.readouterr()
    assert "ataxx-bad.json" in printed.err and printed.err.count("\n") == 1
    assert "2 games from the history" in printed.out
    found, problems = parse_set(game, out.read_text())
    assert problems == [] and json.loads(out.read_text())["source"] == "history"
    assert sorted((p.position, p.line[0]) for p in found) == sorted((p.position, p.line[0]) for p in wanted)


def test_a_set_grows_by_parts_and_is_rated_again_keeping_its_ids(tmp_path, capsys):
    out = tmp_path / "atoll.json"
    assert main(["puzzles", "mine", "atoll", "--count", "2", "--seed", "3", "--out", str(out), "-q"]) == 0
    before = json.loads(out.read_text())
    assert main(["puzzles", "mine", "atoll", "--count", "2", "--seed", "4", "--add-to", str(out), "-q"]) == 0
    grown = json.loads(out.read_text())
    assert [p["id"] for p in grown["puzzles"][:2]] == [p["id"] for p in before["puzzles"]]
    assert [part["seed"] for part in grown["parts"]] == [3, 4] and grown["count"] == len(
        grown["puzzles"]
    ) == 4
    for p in grown["puzzles"]:
        p["rating"] = 3000
    out.write_text(json.dumps(grown))
    capsys.readouterr()
    assert main(["puzzles", "rate", "atoll", str(out)]) == 0
    assert "4 puzzles rated" in capsys.readouterr().out
    rated = json.loads(out.read_text())
    assert [p["id"] for p in rated["puzzles"]] == [p["id"] for p in grown["puzzles"]]
    assert all(p["rating"] < 3000 and p["difficulty"]["depth"] >= 1 for p in rated["puzzles"])
    assert rated["parts"] == grown["parts"]


def test_a_position_budget_drops_what_takes_longer_and_says_so():
    from tests.ui_toygame import toy_game_def

    game = toy_game_def()
    game.puzzles = PuzzleSupport(depth=2, verify_depth=3, opening=2, min_moves=3)
    lines: list[str] = []
    miner = Miner(game, 5, lines.append)
    miner.position_budget = 0.0  # every confirmation takes longer than nothing
    assert miner.run(1) == [] and miner.over_budget > 0
    assert any("over the position budget" in line for line in lines)
    unbounded, roomy = Miner(game, 5), Miner(game, 5)
    roomy.position_budget = 60.0  # a budget that is not reached changes nothing
    assert [p.id for p in roomy.run(2)] == [p.id for p in unbounded.run(2)] and roomy.over_budget == 0


# --- Amakta's candidates ------------------------------------------------------------------------


def test_amakta_candidates_never_skip_a_winning_move(registry):
    """Where the candidate filter says no, no move is worth a win at the mining depth; the base's
    control counted on its few fields is the board's; every shipped puzzle is a candidate."""
    from tafel.games.amakta import puzzles as amakta

    game = registry.game("amakta")
    support = support_of(game)
    rng = random.Random(5)
    skipped = 0
    for set_name in ("standard", "beginner"):
        state = game.new_state(game.resolve_options({"set": set_name}), None)
        for _ply in range(70):
            if state.outcome is not None:
                break
            if state.phase == "play":
                pos = state.pos
                for colour in (0, 1):
                    assert amakta.base_control(pos, colour) == pos.control().get(
                        pos.eq.board.bases[colour], -1
                    )
                if not support.is_candidate(state):
                    skipped += 1
                    best = max((v for _m, v in support.move_scores(game, state, support.depth)), default=0)
                    assert best < support.win_at, state.to_text()
            state = state.play(rng.choice(state.legal_moves()))
    assert skipped > 20
    puzzles = load_shipped(game)[0]
    assert all(support.is_candidate(p.start(game)) for p in puzzles[::10])


def test_miner_counts_what_it_searched(registry):
    game = registry.game("amakta")
    miner = Miner(game, 7, options={"board": "hexagon", "set": "standard"}, sample=40)
    found = miner.run(1)
    assert len(found) == 1 and found[0].options["set"] == "standard"
    assert found[0].position.endswith("seen=-")  # trimmed: no repetition history kept
    assert 0 < miner.searched < miner.positions  # the candidate filter skipped most positions
    state = found[0].start(game)
    assert support_of(game).trimmed(state) is state
