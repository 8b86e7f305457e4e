"""arena with external engines, openings, an SPRT and PGN: the SPRT's figures against known
values, the toy UAI engine (tests/uai_toy_engine.py) as an agent (also crashing and playing an
illegal move), `python main.py arena ataxx hard uai:PATH --sprt ...` stopping with a verdict, and
the PGN file read back and replayed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tafel.ai.worker import AIWorker
from tafel.cli.arena import run_arena
from tafel.cli.pgn import read_pgn
from tafel.cli.sprt import (
    PENTANOMIAL,
    TRINOMIAL,
    Sprt,
    elo_interval,
    llr_approximation,
    llr_pentanomial,
    llr_trinomial,
)
from tafel.engine_router import EngineRouter
from tafel.engines import EngineConfig, save_engines

ROOT = Path(__file__).resolve().parent.parent
TOY = ROOT / "tests" / "uai_toy_engine.py"
START = "x5o/7/7/7/7/7/o5x x 0 1"


def toy_script(folder: Path, mode: str) -> Path:
    """A one-line engine program in ``mode`` (``uai:PATH`` takes no arguments)."""
    path = folder / f"toy_{mode}.py"
    path.write_text(
        f"import sys\nsys.path.insert(0, {str(TOY.parent)!r})\nfrom uai_toy_engine import main\nsys.exit(main({mode!r}))\n",
        encoding="utf-8",
    )
    return path


# --- the statistics -----------------------------------------------------------------------------


def test_elo_interval_matches_fastchess():
    # fastchess printed "Elo: 77.71 +/- 33.03" for Ptnml(0-2) [1, 11, 47, 25, 16] and
    # "Elo: 123.02 +/- 40.58" for [1, 15, 25, 33, 26].
    for pairs, elo, margin in (([1, 11, 47, 25, 16], 77.71, 33.03), ([1, 15, 25, 33, 26], 123.02, 40.58)):
        mid, low, high = elo_interval(pairs, PENTANOMIAL)
        assert mid == pytest.approx(elo, abs=0.01)
        assert (high - low) / 2 == pytest.approx(margin, abs=0.1)


def test_llr_known_values():
    # Bounds for alpha = beta = 0.05: ln(0.05 / 0.95) and ln(0.95 / 0.05).
    assert Sprt().bounds == pytest.approx((-2.944439, 2.944439))
    # The approximation by hand: W60 D30 L40, s = 0.576923, var = 0.186391, s1 = 0.514387:
    # 130 * 0.014387 * 0.139459 / (2 * 0.186391) = 0.6997.
    assert llr_approximation((60, 30, 40), TRINOMIAL, 0, 10) == pytest.approx(0.6997, abs=1e-3)
    # The exact GSPRT agrees closely on large samples ...
    wdl = (4307, 8620, 4063)
    assert llr_trinomial(*wdl, 0, 3) == pytest.approx(llr_approximation(wdl, TRINOMIAL, 0, 3), rel=1e-3)
    assert llr_trinomial(*wdl, 0, 3) == pytest.approx(2.991, abs=1e-3)
    pairs = [20, 100, 200, 140, 40]
    assert llr_pentanomial(pairs, 0, 10) == pytest.approx(
        llr_approximation(pairs, PENTANOMIAL, 0, 10), rel=0.03
    )
    # ... and a single lost pair is weak evidence, not a verdict.
    assert -0.1 < llr_pentanomial([1, 0, 0, 0, 0], 0, 10) < 0
    # Symmetry: swapping wins and losses, and the hypotheses, negates the LLR.
    assert llr_trinomial(30, 20, 50, -10, 0) == pytest.approx(-llr_trinomial(50, 20, 30, 0, 10), rel=1e-6)


def test_an_even_score_reads_plus_zero():
    test = Sprt(0, 10)
    test.add_pair(1.0, 0.0)
    assert test.status().startswith("Elo +0.0 [+0.0, +0.0] (95%)")


def test_sprt_stops_on_a_clear_result():
    test = Sprt.parse(["elo0=0", "elo1=10", "alpha=0.05", "beta=0.05"])
    pairs = 0
    while test.verdict is None and pairs < 1000:
        test.add_pair(1.0, 1.0 if pairs % 3 else 0.5)
        pairs += 1
    assert test.verdict == "H1" and pairs < 150  # elo1 10 is close to elo0: it takes a while
    assert "H1 accepted" in test.verdict_text() and "LLR" in test.status()
    with pytest.raises(ValueError):
        Sprt.parse(["elo0=10", "elo1=0"])
    with pytest.raises(ValueError):
        Sprt.parse(["gamma=1"])


# --- engines as arena agents --------------------------------------------------------------------


@pytest.fixture(scope="module")
def worker(registry):
    router = EngineRouter(lambda: AIWorker(registry.spec), registry)
    yield router
    router.close_engines()
    if router._inner is not None:
        router._inner.close()


def test_engines_play_arena_games_and_failures_forfeit(registry, worker, tmp_path):
    crash, illegal = toy_script(tmp_path, "crash"), toy_script(tmp_path, "illegal")
    save_engines([EngineConfig("Last", str(TOY), args=["last"], movetime_ms=10)])
    result = run_arena(
        registry, "ataxx", f"uai:{TOY}", "engine:Last", games=2, worker=worker, openings=[START], seed=5
    )
    assert result.games == 2 and not result.forfeits
    assert [r.start for r in result.records] == [START, START]
    result = run_arena(registry, "ataxx", f"uai:{crash}", f"uai:{TOY}", games=2, movetime=0.01, worker=worker)
    assert result.losses == 2 and len(result.forfeits) == 2
    assert "stopped (exit code 3)" in result.forfeits[0].reason
    result = run_arena(
        registry, "ataxx", f"uai:{TOY}", f"uai:{illegal}", games=2, movetime=0.01, worker=worker
    )
    assert result.wins == 2 and all("illegal move 'a1a1'" in r.reason for r in result.forfeits)


def test_arena_command_stops_with_a_verdict_and_writes_pgn(registry, tmp_path):
    openings = tmp_path / "openings.txt"
    openings.write_text(f"# Ataxx openings\n{START}\nx5o/7/2-1-2/7/2-1-2/7/o5x x 0 1\n", encoding="utf-8")
    pgn = tmp_path / "games.pgn"
    command = [sys.executable, str(ROOT / "main.py"), "arena", "ataxx", "hard", f"uai:{TOY}"]
    command += ["--movetime", "0.01", "--games", "40", "--openings", str(openings), "--pgn", str(pgn)]
    command += ["--sprt", "elo0=0", "elo1=400", "alpha=0.05", "beta=0.05", "--quiet"]  # 5 won pairs
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SPRT: H1 accepted" in done.stdout, done.stdout
    assert "LLR" in done.stdout and "Elo" in done.stdout
    # One Elo figure, the SPRT's (by pairs), not a second one by games beside it.
    assert "Elo difference" not in done.stdout
    games = read_pgn(pgn.read_text(encoding="utf-8"))
    assert 2 <= len(games) < 40 and len(games) % 2 == 0
    game = registry.game("ataxx")
    for i, played in enumerate(games):
        assert {"Event", "White", "Black", "Result", "FEN", "SetUp"} <= set(played.tags)
        assert played.tags["White"] == ("hard" if i % 2 == 0 else f"uai:{TOY}")
        state = game.parse_position(played.tags["FEN"], game.resolve_options({}))
        for text in played.moves:
            state = state.play(state.parse_move(text))
        hard_won = played.result == ("1-0" if i % 2 == 0 else "0-1")
        assert hard_won and state.outcome is not None


def test_arena_command_rejects_bad_input(tmp_path):
    from tafel.testing import run_command

    assert run_command(["arena", "ataxx", "hard", "easy", "--sprt", "elo0=5", "elo1=1"]) == 2
    assert run_command(["arena", "atoll", "hard", "uai:/x"]) == 2  # no engine protocol
    bad = tmp_path / "bad.txt"
    bad.write_text("not a position\n", encoding="utf-8")
    assert run_command(["arena", "ataxx", "hard", "easy", "--openings", str(bad)]) == 2
