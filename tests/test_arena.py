"""The arena: seat assignment, counting, seeds, caps, callbacks, Elo."""

from __future__ import annotations

import json
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


# --- the watchdog: agents in the AI worker, failures lose games, the run goes on ---------------

FAILING_PLUGIN = '''
"""The toy games, agents that hang or crash, and games whose rules fail (a plugin for the worker)."""
import dataclasses
import os
import sys
import time

from tafel import Agent, AgentDef, hookimpl
from tests import toygames


class Stubborn(Agent):
    """Never answers and never polls stop(): only the watchdog ends it."""

    def choose(self, state, limit, rng, stop=None):
        time.sleep(600)


class Boom(Agent):
    def choose(self, state, limit, rng, stop=None):
        raise RuntimeError("kaboom")


class Crash(Agent):
    def choose(self, state, limit, rng, stop=None):
        os._exit(3)


class Quitter(Agent):
    def choose(self, state, limit, rng, stop=None):
        sys.exit(4)


class Cheat(Agent):
    """Plays on a taken cell when there is one."""

    def choose(self, state, limit, rng, stop=None):
        taken = [m for m in toygames.TTT_MOVES if m not in state.legal_moves()]
        return taken[0] if taken else state.legal_moves()[0]


@hookimpl
def register_agents(register):
    register(AgentDef("stubborn", "hangs", lambda game: Stubborn()))
    register(AgentDef("boom", "raises", lambda game: Boom()))
    register(AgentDef("crash", "kills its process", lambda game: Crash()))
    register(AgentDef("quitter", "calls sys.exit", lambda game: Quitter()))
    register(AgentDef("cheat", "plays illegal moves", lambda game: Cheat()))


class Doomed(toygames.TicTacToeState):
    def play(self, move):
        raise ZeroDivisionError("division by zero")


class Broken(toygames.TicTacToeState):
    def legal_moves(self):
        raise ZeroDivisionError("division by zero")


class Leaving(toygames.TicTacToeState):
    def legal_moves(self):
        sys.exit(3)


def _doomed_start(options, seed):
    """The game dealt with seed 3 has rules that fail at its first move."""
    return Doomed() if seed == 3 else toygames.TicTacToeState()


@hookimpl
def register_games(register):
    for game in toygames.game_defs():
        register(game)
    base = toygames.tictactoe_def()
    register(
        dataclasses.replace(base, id="toy-doomed", title="Doomed", new_state=_doomed_start, random_setup=True)
    )
    register(dataclasses.replace(base, id="toy-broken", title="Broken", new_state=lambda o, s: Broken()))
    register(dataclasses.replace(base, id="toy-leaving", title="Leaving", new_state=lambda o, s: Leaving()))
'''

#: The watchdog's grace in these tests (the arcade's is tafel.ai.worker.GRACE): a hang costs a second,
#: and an agent that answers at once is never taken for hung on a busy machine.
TEST_GRACE = 1.0
TINY = Limit(time=0.02)


@pytest.fixture(scope="module")
def plugin_folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arenaplugins")
    (folder / "arenaplugin.py").write_text(FAILING_PLUGIN)
    return folder


@pytest.fixture(scope="module")
def spec(plugin_folder):
    from tafel.registry import LoadSpec

    return LoadSpec(plugin_dirs=(str(plugin_folder),), builtin=False, entry_points=False)


@pytest.fixture(scope="module")
def plugin_reg(spec):
    from tafel.plugins import load_registry

    reg = load_registry(spec)
    assert not reg.broken, reg.broken
    return reg


@pytest.fixture(scope="module")
def worker(spec):
    from tafel.ai.worker import AIWorker

    w = AIWorker(spec, grace=TEST_GRACE)
    yield w
    w.close()


def test_a_hung_agent_loses_its_games_and_the_run_goes_on(plugin_reg, worker):
    seen = []
    result = run_arena(
        plugin_reg,
        "toy-tictactoe",
        "stubborn",
        "random",
        games=2,
        seed=1,
        limit=TINY,
        worker=worker,
        on_game=lambda record, moves, so_far: seen.append((record.index, list(moves), so_far.games)),
    )
    assert (result.wins, result.draws, result.losses) == (0, 0, 2)
    assert [r.forfeit for r in result.records] == ["hang", "hang"]
    assert [r.failed_agent for r in result.records] == ["stubborn", "stubborn"]
    # Game 2: random (X) moved first, then stubborn (O) hung.
    assert [r.plies for r in result.records] == [0, 1] and seen[1][1] != []
    assert [s[0] for s in seen] == [0, 1] and [s[2] for s in seen] == [1, 2]
    lines = result.format()
    assert "2 game(s) lost to a hang or crash (2 hung):" in lines
    assert any(line.startswith("  game 1 (seed 1): stubborn hung: ") for line in lines)


def test_a_crashing_opponent_loses_and_a_is_credited(plugin_reg, worker):
    for agent in ("boom", "crash", "quitter", "cheat"):
        result = run_arena(
            plugin_reg, "toy-tictactoe", "random", agent, games=2, seed=3, limit=TINY, worker=worker
        )
        assert (result.wins, result.losses) == (2, 0), agent
        assert all(r.forfeit == "crash" and r.failed_agent == agent for r in result.records), agent
        assert result.score == 1.0
        assert "2 game(s) lost to a hang or crash (2 crashed):" in result.format()
    assert (
        "kaboom"
        in run_arena(plugin_reg, "toy-tictactoe", "boom", "random", games=1, limit=TINY, worker=worker)
        .records[0]
        .reason
    )


def test_in_process_agents_that_fail_forfeit_too(plugin_reg):
    for agent in ("boom", "quitter", "cheat"):
        result = run_arena(plugin_reg, "toy-tictactoe", agent, "random", games=2, seed=3, limit=TINY)
        assert (result.wins, result.losses) == (0, 2), agent
        assert all(r.forfeit == "crash" for r in result.records)
    cheat = run_arena(plugin_reg, "toy-tictactoe", "random", "cheat", games=1, seed=3, limit=TINY)
    assert "cheat chose an illegal move" in cheat.records[0].reason and cheat.wins == 1


def test_a_rules_bug_names_the_plugin_and_keeps_the_games_played(plugin_reg):
    from tafel.plugins import PluginFailure

    kept = []
    with pytest.raises(PluginFailure, match=r"plugin arenaplugin failed \(game toy-doomed, arena game 3\): "):
        run_arena(
            plugin_reg,
            "toy-doomed",
            "random",
            "random",
            games=5,
            seed=1,
            on_game=lambda record, moves, so_far: kept.append(so_far.games),
        )
    assert kept == [1, 2]


# --- the command line ----------------------------------------------------------------------------


@pytest.fixture
def cli(plugin_folder, monkeypatch, capsys):
    """``main(argv)`` with the failing plugin's folder, a short watchdog grace; (code, out, err)."""
    from tafel.ai import worker as worker_module
    from tafel.cli import main

    monkeypatch.setenv("TAFEL_PLUGIN_DIRS", str(plugin_folder))
    real = worker_module.AIWorker
    monkeypatch.setattr(worker_module, "AIWorker", lambda spec: real(spec, grace=TEST_GRACE))

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_cli_arena_records_hangs_and_crashes_and_logs_each_game(cli, tmp_path):
    log = tmp_path / "games.jsonl"
    code, out, err = cli(
        "arena", "toy-tictactoe", "stubborn", "boom", "--games", "2", "--movetime", "0.02", "--log", str(log)
    )
    assert code == 0 and err == ""
    assert "game 1/2: stubborn as X lost (stubborn hung: the AI did not answer" in out
    assert "game 2/2: stubborn as O won (boom crashed: agent boom failed: RuntimeError: kaboom" in out
    assert "2 game(s) lost to a hang or crash (1 hung, 1 crashed):" in out
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(g["game"], g["forfeit"], g["failed_agent"]) for g in lines] == [
        (1, "hang", "stubborn"),
        (2, "crash", "boom"),
    ]
    assert lines[1]["moves"] == [] and lines[0]["agent_a"] == "stubborn"


def test_cli_arena_rules_bug_is_one_line_and_keeps_the_games(cli, tmp_path):
    log = tmp_path / "games.jsonl"
    code, out, err = cli("arena", "toy-doomed", "random", "random", "--games", "5", "--log", str(log))
    assert code == 1
    assert (
        err
        == "error: plugin arenaplugin failed (game toy-doomed, arena game 3): ZeroDivisionError: division by zero\n"
    )
    assert "game 2/5:" in out and "game 3/5" not in out
    assert (
        "stopped after 2 of 5 games; the games played:" in out
        and "toy-doomed: random vs random, 2 games" in out
    )
    assert len(log.read_text().splitlines()) == 2


@pytest.mark.parametrize(
    "game, error", [("toy-broken", "ZeroDivisionError: division by zero"), ("toy-leaving", "SystemExit: 3")]
)
def test_cli_show_and_perft_name_the_plugin_of_a_rules_bug(cli, game, error):
    for argv in (("show", game), ("perft", game, "2")):
        code, out, err = cli(*argv)
        assert code == 1, argv
        assert err == f"error: plugin arenaplugin failed (game {game}): {error}\n", argv
    code, out, err = cli("arena", game, "random", "random", "--games", "2")
    assert code == 1 and err == f"error: plugin arenaplugin failed (game {game}, arena game 1): {error}\n"
