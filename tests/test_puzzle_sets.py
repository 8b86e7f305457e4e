"""Issue 41, the shipped puzzle sets: 300 or more puzzles each for Ataxx, Atoll and Amakta, every
entry usable, a few hundred kB at most, and a sample re-verified by a search two plies deeper than
the generator's confirming one: the solution's first move is the only decisive move there (the
only one worth ``win_at``; the generator's ``gap`` to the second is its own margin), and
the whole line is accepted as the answer. The command line answers on them too."""

from __future__ import annotations

from importlib.resources import files

import pytest

from tafel.cli import main
from tafel.puzzles.puzzle import check_answer, load_shipped
from tafel.testing import load_registry

GAMES = ("ataxx", "atoll", "amakta")
#: Puzzles re-verified per game (spread over the set), and the largest set file allowed.
SAMPLE = 3
#: How much deeper than the generator's confirming search: two plies, so that the last ply is the
#: same side's as there (an odd and an even horizon value a position differently).
DEEPER = 2
#: Amakta's set holds two parts (the beginners' and the standard piece set: 610 puzzles), the others 300.
MAX_BYTES = 500_000


@pytest.fixture(scope="module")
def registry():
    return load_registry()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_set_has_300_usable_puzzles_and_stays_small(registry, game_id):
    game = registry.game(game_id)
    puzzles, problems = load_shipped(game)
    assert problems == []
    assert len(puzzles) >= 300
    assert len({p.position for p in puzzles}) == len(puzzles)
    size = len(files(game.package).joinpath(game.puzzles.data).read_bytes())
    assert size <= MAX_BYTES
    themes = {t for p in puzzles for t in p.themes}
    assert len(themes) >= 3  # the plugin names its tactics, the core adds the length


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_is_confirmed_by_a_deeper_search(registry, game_id):
    game = registry.game(game_id)
    support = game.puzzles
    puzzles, _ = load_shipped(game)
    step = max(1, len(puzzles) // SAMPLE)
    for puzzle in puzzles[::step][:SAMPLE]:
        state = puzzle.start(game)
        scores = support.move_scores(game, state, support.verify_depth + DEEPER)
        first = state.parse_move(puzzle.line[0])
        key = support.key_of(state, first)
        assert support.key_of(state, scores[0][0]) == key and scores[0][1] >= support.win_at, puzzle.id
        others = [v for m, v in scores if support.key_of(state, m) != key]
        assert others and max(others) < support.win_at, (puzzle.id, scores[:3])
        assert check_answer(game, puzzle, puzzle.line[::2]).correct


def test_amaktas_set_has_both_piece_sets_each_marked_by_its_options(registry):
    """The standard set's puzzles (the game's default) and the beginners' ones, each puzzle
    carrying the options it is played with, and the set's header naming each part's seed,
    options and the movers' sample (issue 41: mined from a seed, reproducible)."""
    import json

    game = registry.game("amakta")
    puzzles, _ = load_shipped(game)
    by_set: dict[str, int] = {}
    for p in puzzles:
        by_set[str(p.options["set"])] = by_set.get(str(p.options["set"]), 0) + 1
        assert p.start(game).pos.eq.set_keys[0] == p.options["set"]
    assert by_set["standard"] >= 250 and by_set["beginner"] >= 300
    head = json.loads(files(game.package).joinpath(game.puzzles.data).read_text())
    parts = {part["options"]["set"]: part for part in head["parts"]}
    assert {k: parts[k]["count"] for k in parts} == by_set
    assert parts["standard"]["sample"] == game.puzzles.sample and parts["beginner"]["sample"] == 0


def test_the_command_line_on_a_shipped_puzzle(registry, capsys):
    game = registry.game("atoll")
    puzzle = load_shipped(game)[0][0]
    assert main(["puzzle", "atoll", "--id", puzzle.id]) == 0
    out = capsys.readouterr().out
    assert puzzle.position in out and "Themes:" in out and "To move:" in out
    assert main(["puzzle", "atoll", "--id", puzzle.id, "--answer", *puzzle.line[::2]]) == 0
    assert capsys.readouterr().out.strip() == "correct"
    state = puzzle.start(game)
    wrong = next(m for m in state.legal_moves() if state.move_to_text(m) != puzzle.line[0] and not m.is_swap)
    assert main(["puzzle", "atoll", "--id", puzzle.id, "--answer", state.move_to_text(wrong)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("wrong: " + state.move_to_text(wrong)) and len(out.split()) > 2
    assert main(["puzzle", "atoll", "--daily"]) == 0
    assert "Position:" in capsys.readouterr().out
    assert main(["puzzles", "list", "atoll", "--theme", "double-threat"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) > 10 and all("double-threat" in line for line in listed[1:-1])


def test_each_part_of_amaktas_set_is_made_again_from_its_header(registry, tmp_path, capsys):
    """The header's seed, options and sample give the part's first puzzles again (the same seed,
    the same set): the command line a plugin author would run."""
    import json

    game = registry.game("amakta")
    head = json.loads(files(game.package).joinpath(game.puzzles.data).read_text())
    shipped = [p["id"] for p in head["puzzles"]]
    start = 0
    for part in head["parts"]:
        out = tmp_path / f"part-{part['seed']}.json"
        options = [f"--option={k}={v}" for k, v in part["options"].items()]
        args = ["puzzles", "mine", "amakta", "--seed", str(part["seed"]), "--sample", str(part["sample"])]
        if part.get("trim") is False:
            args.append("--no-trim")  # mined before the trim hook: positions kept whole
        assert main([*args, *options, "--count", "2", "--out", str(out), "-q"]) == 0
        again = [p["id"] for p in json.loads(out.read_text())["puzzles"]]
        assert again == shipped[start : start + 2], part
        start += part["count"]
    capsys.readouterr()
