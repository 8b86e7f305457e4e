"""A fuzz test that stays (issue 42): Hypothesis over the command line's argument space and the
UAI engine's input stream, run on every test run, bounded (a few dozen examples each, a
deadline per example) so it costs a few seconds.

The command line: whatever the arguments, ``main`` returns 0 or 2 (never a traceback, never a
plugin blamed for bad input), and a failure is one line starting with ``error:``. The UAI
engine: whatever lines it reads, it never raises, answers each with whole lines, and still
answers ``isready``.

Hypothesis earns its place over a hand-rolled random loop: it shrinks a failure to the
smallest argument list or input that shows it, and keeps it in its example database so the
next run tries it first.
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tafel.cli import main
from tafel.games.ataxx.uai import UaiEngine

#: Examples a property tries: a few dozen on every run; ``TAFEL_FUZZ_EXAMPLES=5000`` for a long hunt.
SCALE = max(1, int(os.environ.get("TAFEL_FUZZ_EXAMPLES", "0") or 0))


def examples(usual: int) -> int:
    return SCALE if SCALE > 1 else usual


GAMES = ["ataxx", "atoll", "axxa", "amakta", "amakta-infinit", "hexxagon", "nope", ""]
COMMANDS = ["list", "show", "perft", "rules", "tutorial", "saves", "render"]
WORDS = [
    "--option", "-o", "--seed", "--position", "-p", "--moves", "-m", "--lang", "--history",
    "--size", "--out", "--help", "de", "en", "xx", "0", "1", "2", "-1", "1e9", "99999999999999999999",
    "size=5", "seed=3", "f1", "g2", "a7a5", "a1a1", "x5o/7/7/7/7/7/o5x x 0 1", "64x64", "0x0",
    "--", "=", "\u00e4\u00f6\u00fc", "\udcff", "x" * 300,
]  # fmt: skip
TOKENS = st.one_of(st.sampled_from(WORDS), st.sampled_from(GAMES), st.text(max_size=20))
ARGV = st.tuples(
    st.lists(st.sampled_from(["--lang", "de", "en", "--windowed"]), max_size=2),
    st.sampled_from(COMMANDS),
    st.sampled_from(GAMES),
    st.lists(TOKENS, max_size=6),
).map(lambda t: [*t[0], t[1], t[2], *t[3]])


@pytest.fixture
def quick_registry(registry, monkeypatch):
    """Every main() gets the loaded registry (loading the plugins anew costs 70 ms a run)."""
    import tafel.plugins

    monkeypatch.setattr(tafel.plugins, "load_registry", lambda *a, **k: registry)
    old = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="tafel-fuzz-") as folder:
        os.chdir(folder)  # whatever --out names lands in a throwaway folder
        try:
            yield registry
        finally:
            os.chdir(old)


#: A command line's examples: a few dozen, each within a deadline (the registry fixture is
#: loaded once for all of them, which Hypothesis warns of).
COMMAND_LINES = settings(
    max_examples=examples(60),
    deadline=3000,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def run_main(argv: list[str]) -> tuple[int, str]:
    """``main(argv)``'s exit code and what it wrote on stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, err.getvalue()


def assert_one_error_line(err: str) -> None:
    """Exit code 2's stderr: one ``error:`` line (progress lines may come before it), no
    traceback, and no plugin blamed for the input."""
    lines = [line for line in err.strip().splitlines() if line.startswith("error")]
    assert len(lines) == 1 and lines[0].startswith("error: "), err[-500:]
    assert "failed" not in lines[0] or "plugin" not in lines[0], lines[0]
    assert "Traceback" not in err


@COMMAND_LINES
@given(argv=ARGV)
def test_any_command_line_is_an_answer_or_one_error_line(quick_registry, argv):
    if argv[argv.index("perft") + 1 :] if "perft" in argv else False:
        # perft to a large depth is a long count, not a failure.
        assume(not any(w.strip().isdigit() and int(w) > 2 for w in argv if len(w) < 6))
    if "render" in argv:
        assume("--size" not in argv)  # a large picture takes its time; sizes have their own tests
    code, err = run_main(argv)
    assert code in (0, 2), (code, err[-500:])
    if code == 2:
        assert err.count("\n") == 1, err[:500]  # these commands print no progress
        assert_one_error_line(err)
        assert "plugin" not in err.split(":", 2)[1], err


MORE_WORDS = [
    "--id", "--daily", "--answer", "--theme", "--set", "--deal", "--triplets", "--rotation", "--limit",
    "chain", "straight", "mandatory", "choice", "#1", "#99999", "100400", "b.-.-.bb.-.-", "list",
    "--games", "--movetime", "--openings", "--sprt", "--pgn", "--log", "elo0=0", "elo1=5", "alpha=2",
    "random", "easy", "engine:x", "uai:", "uai:/nonexistent", "/dev/zero", "/dev/full", "0.01", "nan",
    "inf", "-0", "k-in-a-row", "Mein Spiel", "x" * 300,
]  # fmt: skip
MORE_ARGV = st.tuples(
    st.sampled_from(["puzzle", "puzzles", "amakta-pieces", "axxa-records", "new-game", "arena"]),
    st.sampled_from(GAMES),
    st.lists(
        st.one_of(st.sampled_from(MORE_WORDS), st.sampled_from(WORDS), st.text(max_size=20)), max_size=6
    ),
).map(lambda t: [t[0], t[1], *t[2]])


@COMMAND_LINES
@given(argv=MORE_ARGV)
def test_the_other_commands_answer_or_give_one_error_line(quick_registry, argv):
    """puzzle, puzzles, the two games' own commands, new-game and arena (one short game of
    random agents at most: the fuzz is of the arguments, not of a match's length)."""
    if argv[0] == "arena":
        argv = [*argv, "--games", "1", "--movetime", "0.01"]  # the last given wins
        assume("easy" not in argv and "--sprt" not in argv)  # a searching agent takes its time
    code, err = run_main(argv)
    assert code in ((0, 1, 2) if argv[0] == "puzzle" else (0, 2)), (code, err[-500:])
    if code == 2:
        assert_one_error_line(err)


UAI_COMMANDS = [
    "uai", "isready", "uainewgame", "position", "go", "stop", "d", "perft", "setoption", "debug", "ponderhit",
]  # fmt: skip
UAI_WORDS = [
    "startpos", "fen", "moves", "name", "value", "Level", "Hash", "MoveOverhead", "EngineRules",
    "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "1", "2", "0", "-5",
    "99999999999999999999", "f1", "g2", "a7a5", "0000", "x5o/7/7/7/7/7/o5x", "x", "o", "easy", "true",
]  # fmt: skip
UAI_LINE = st.tuples(
    st.sampled_from(UAI_COMMANDS),
    st.lists(st.one_of(st.sampled_from(UAI_WORDS), st.text(max_size=12)), max_size=8),
).map(lambda t: " ".join([t[0], *t[1]]))


@settings(max_examples=examples(80), deadline=3000, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.one_of(UAI_LINE, st.text(max_size=40)), max_size=8))
def test_any_uai_input_keeps_the_engine_answering(lines):
    # Searches are kept short: the fuzz is of the input, not of the search's time.
    lines = [line.replace("infinite", "depth 1") for line in lines]
    lines = [
        f"{line} depth 1" if line.split()[:1] == ["go"] else line
        for line in lines
        if "perft" not in line.split()[:1] or len(line.split()) < 2 or line.split()[1] in "0123"
    ]
    out = io.StringIO()
    engine = UaiEngine(out)
    try:
        for line in [*lines, "stop", "isready"]:
            assert isinstance(engine.handle(line), bool)
        engine.wait()
    finally:
        engine.quit()
    text = out.getvalue()
    assert text.endswith("\n") and "readyok" in text.splitlines()
