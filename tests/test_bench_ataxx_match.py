"""bench/ataxx_match.py: which openings a resumed match still plays, and its sum from the logs."""

import json

from tafel.cli.sprt import Sprt
from tests.bench_scripts import load


def game(start, a_seat, reward, number=None):
    """A game as the arena's log has it; by default the game number of a run in opening order."""
    return {
        "agent_a": "hard",
        "agent_b": "former",
        "game": number if number is not None else 1 + a_seat,
        "start": start,
        "a_seat": a_seat,
        "reward": reward,
        "plies": 80,
        "seconds": 60.0,
        "forfeit": None,
    }


def test_a_resumed_match_plays_only_the_openings_without_both_games(tmp_path):
    m = load("ataxx_match")
    openings = [f"pos{i}" for i in range(6)]
    log = tmp_path / "games-000-002.jsonl"
    lines = [game("pos0", 0, 1.0), game("pos0", 1, 0.0), game("pos1", 0, 1.0)]
    # A line cut short by a stop is left out.
    log.write_text("".join(json.dumps(g) + "\n" for g in lines) + '{"agent_a": "ha', encoding="utf-8")
    games = m.read_games(tmp_path)
    assert len(games) == 3
    assert m.to_play(openings, 0, 6, games) == [1, 2, 3, 4, 5]  # pos1 has one game only
    assert m.to_play(openings, 4, 10, games) == [4, 5]
    assert m.runs_of([1, 2, 3, 4, 5], 2) == [[1, 2, 3], [4, 5]]
    assert m.runs_of([], 2) == []


def test_the_sum_pairs_each_openings_two_games():
    m = load("ataxx_match")
    games = [
        game("a", 0, 1.0),
        game("a", 1, 1.0),  # won both colours
        game("b", 0, 1.0),
        game("b", 1, 0.0),  # one each
        game("c", 0, 0.5),  # its twin still to come: counted as a game, not in a pair
    ]
    text = m.summary(games, Sprt.parse(["elo0=0", "elo1=25"]))
    assert "5 games (4 in pairs), W3 D1 L1, 0 forfeits" in text
    expected = Sprt(0, 25)
    expected.add_pair(1.0, 1.0)
    expected.add_pair(1.0, 0.0)
    assert f"LLR {expected.llr:.2f}" in text and "pentanomial [0, 0, 1, 0, 1]" in text


def test_a_game_whose_twin_a_stop_cut_off_is_in_no_pair():
    """A run stopped after A's first-seat game of an opening; the next run played it anew in both
    colours. The stray game is not paired with the new first-seat game, wherever it lies."""
    m = load("ataxx_match")
    stray_before = [game("a", 0, 1.0, 19), game("a", 0, 1.0, 1), game("a", 1, 0.5, 2)]
    stray_after = [game("b", 0, 0.0, 3), game("b", 1, 1.0, 4), game("b", 0, 1.0, 25)]
    games = stray_before + stray_after
    assert [(f["game"], s["game"]) for f, s in m.pairs_of(games)] == [(1, 2), (3, 4)]
    text = m.summary(games, Sprt.parse(["elo0=0", "elo1=25"]))
    assert "6 games (4 in pairs), W4 D1 L1" in text
    assert "pentanomial [0, 0, 1, 1, 0]" in text  # a: 1 + 0.5, b: 0 + 1
    assert m.to_play(["a", "b", "c"], 0, 3, games) == [2]
    # Two games of one colour are no pair, nor are games of different runs or openings.
    assert m.pairs_of([game("c", 0, 1.0, 1), game("c", 0, 1.0, 2)]) == []
    assert m.pairs_of([game("c", 0, 1.0, 5), game("c", 1, 1.0, 2)]) == []
    assert m.pairs_of([game("c", 0, 1.0, 1), game("d", 1, 1.0, 2)]) == []


def test_each_run_is_seeded_from_1_and_a_failed_run_is_reported(tmp_path, monkeypatch, capsys):
    import argparse

    m = load("ataxx_match")
    openings = tmp_path / "openings.txt"
    openings.write_text("".join(f"pos{i}\n" for i in range(4)), encoding="utf-8")
    commands = []

    class Proc:
        def __init__(self, command, **kwargs):
            commands.append(command)
            self.returncode = 2 if len(commands) == 2 else 0

        def wait(self):
            return self.returncode

    monkeypatch.setattr(m.subprocess, "Popen", Proc)
    args = argparse.Namespace(
        folder=str(tmp_path / "match"), openings=str(openings), first=0, count=4, jobs=2,
        agent_a="hard", agent_b="former", movetime=0.1, sprt=["elo0=0", "elo1=25"],
    )  # fmt: skip
    assert m.cmd_run(args) == 1
    seeds = [c[c.index("--seed") + 1] for c in commands]
    assert seeds == ["1", "5"]  # openings 0 and 2: game seeds as in one long match, never 0
    assert "the run of openings-002-003 failed" in capsys.readouterr().out


def test_two_matches_are_compared_on_the_openings_both_have_a_pair_of():
    m = load("ataxx_match")
    before = [game("a", 0, 1.0), game("a", 1, 0.0), game("b", 0, 1.0), game("b", 1, 1.0)]
    before += [game("c", 0, 0.0), game("c", 1, 0.0)]  # not played in the second match
    after = [game("a", 0, 1.0), game("a", 1, 1.0), game("b", 0, 1.0), game("b", 1, 0.5)]
    after += [game("c", 0, 1.0)]  # no pair yet
    assert m.pair_scores(after) == {"a": 2.0, "b": 1.5}
    text = m.comparison(before, after)
    # The differences are +1 and -0.5: a mean of +0.25 with a sample variance of 1.125.
    half = 1.96 * (1.125 / 2) ** 0.5
    assert text == (
        f"2 openings in both: A scored 3.0 then 3.5 of 4; +0.250 a pair [{0.25 - half:+.3f}, {0.25 + half:+.3f}] (95%)"
    )
    assert m.comparison(before, []) == "no opening has a pair in both matches"
