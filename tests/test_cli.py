"""The command line: list, show, perft, arena, and one-line errors with exit code 2."""

import subprocess
import sys
from pathlib import Path

import pytest

from tafel.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    line = next(ln for ln in out.splitlines() if ln.startswith("ataxx "))
    assert "Ataxx" in line and "players 2" in line and "plugin ataxx" in line


def test_show_start(capsys):
    code, out, _ = run(capsys, "show", "ataxx")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "position: x5o/7/7/7/7/7/o5x x 0 1"
    assert lines[1] == "to-move: Red"
    assert len(lines[2].split()) == 17 and lines[2].startswith("legal: ")
    assert lines[3] == "outcome: ongoing"


def test_show_with_moves_and_options(capsys):
    code, out, _ = run(capsys, "show", "ataxx", "-o", "layout=pillars", "--moves", "a7c6", "f7")
    assert code == 0
    assert out.splitlines()[0] == "position: 5oo/2x4/2-1-2/7/2-1-2/7/o5x x 0 2"
    assert "to-move: Red" in out


def test_show_finished_game(capsys):
    code, out, _ = run(capsys, "show", "ataxx", "--position", "7/7/7/3x3/7/7/7 o 0 1")
    assert code == 0
    assert "outcome: Red wins: Blue has no stones left (Red 1, Blue 0)" in out
    assert "legal: " in out


@pytest.mark.parametrize(
    "argv,words",
    [
        (["show", "ataxx", "--position", "x5o/7/7"], "7 ranks"),
        (["show", "ataxx", "--moves", "a4"], "not a legal move"),
        (["show", "ataxx", "--moves", "zz"], "not an Ataxx move"),
        (["show", "nosuchgame"], "unknown game"),
        (["show", "ataxx", "-o", "layout=moon"], "not one of"),
        (["show", "ataxx", "-o", "colour=red"], "no option"),
        (["perft", "ataxx", "0"], "at least 1"),
        (["arena", "ataxx", "random", "nobody", "--games", "1"], "unknown agent"),
        (["arena", "ataxx", "random", "--games", "1"], "name a second agent"),
        (["play", "ataxx", "--players", "human"], "needs 2 entries"),
        (["play", "ataxx", "--players", "human,robot"], "must be human"),
    ],
)
def test_bad_input_one_line_exit_2(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: ")
    assert words in err


def test_perft(capsys):
    code, out, _ = run(capsys, "perft", "ataxx", "3")
    assert code == 0
    assert out.splitlines()[:3] == ["depth 1 nodes 16", "depth 2 nodes 256", "depth 3 nodes 6460"]
    assert "nodes/s" in out.splitlines()[3]


def test_perft_position(capsys):
    code, out, _ = run(capsys, "perft", "ataxx", "2", "--position", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    assert out.splitlines()[:2] == ["depth 1 nodes 14", "depth 2 nodes 196"]


def test_arena(capsys):
    code, out, _ = run(
        capsys, "arena", "ataxx", "greedy", "random", "--games", "2", "--movetime", "0.01", "-q"
    )
    assert code == 0
    assert "wins" in out.lower() and "elo" in out.lower()


def test_solo_arena_with_one_agent_prints_its_win_rate(capsys):
    code, out, _ = run(capsys, "arena", "axxa", "easy", "--games", "2", "--movetime", "0.01", "-q")
    assert code == 0
    assert "axxa: easy alone, 2 games" in out
    assert any(line.startswith("won ") and "of 2 (" in line for line in out.splitlines())


def test_main_py_subprocess():
    result = subprocess.run(
        [sys.executable, "main.py", "show", "ataxx", "--moves", "a4"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1


def test_show_of_a_random_setup_names_its_seed(capsys):
    """Without a seed a shuffled setup gets a fresh one, printed, and that seed shows it again."""
    code, out, _ = run(capsys, "show", "axxa")
    assert code == 0 and out.startswith("seed: ")
    seed = out.split()[1]
    position = next(line for line in out.splitlines() if line.startswith("position: "))
    code, again, _ = run(capsys, "show", "axxa", "--seed", seed)
    assert code == 0 and position in again.splitlines() and not again.startswith("seed: ")
    code, by_option, _ = run(capsys, "show", "axxa", "--option", f"seed={seed}")
    assert position in by_option.splitlines()
