"""The UAI engine: the protocol in-process on StringIO, then through a pipe to ``main.py uai``."""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from tafel.games.ataxx.rules import AtaxxState
from tafel.games.ataxx.search import WIN
from tafel.games.ataxx.uai import UaiEngine, score_text

ROOT = Path(__file__).resolve().parent.parent


def _talk(*lines):
    out = io.StringIO()
    engine = UaiEngine(out)
    for line in lines:
        if not engine.handle(line):
            break
    engine.stop()
    return out.getvalue().splitlines()


def _bestmove(lines):
    moves = [line.split()[1] for line in lines if line.startswith("bestmove ")]
    assert moves, lines
    return moves[-1]


def _infos(lines):
    infos = []
    for line in lines:
        words = line.split()
        if words[:2] == ["info", "depth"] and "pv" in words:
            fields = {key: words[words.index(key) + 1] for key in ("depth", "nodes", "nps", "time")}
            infos.append((words, fields))
    return infos


def test_handshake():
    lines = _talk("uai", "isready")
    assert lines == ["id name Tafel", "id author Tafel developers", "uaiok", "readyok"]


def test_position_fen_moves_and_go_depth():
    fen = "x5o/7/7/7/7/7/o5x x 0 1"
    lines = _talk("uainewgame", f"position fen {fen} moves f1 g7e5", "go depth 3")
    state = AtaxxState.from_fen(fen).play(AtaxxState.from_fen(fen).parse_move("f1"))
    state = state.play(state.parse_move("g7e5"))
    assert state.parse_move(_bestmove(lines)) in state.legal_moves()
    infos = _infos(lines)
    assert [int(f["depth"]) for _, f in infos] == [1, 2, 3]
    words, fields = infos[-1]
    assert int(fields["nodes"]) > 0 and int(fields["nps"]) >= 0 and int(fields["time"]) >= 0
    assert words[words.index("score") + 1] in ("cp", "mate")
    pv = words[words.index("pv") + 1 :]
    assert pv[0] == _bestmove(lines)
    # The line is legal from the position.
    for text in pv:
        state = state.play(state.parse_move(text))


def test_go_movetime_and_clock_times():
    lines = _talk("position startpos", "go movetime 150")
    assert AtaxxState.start().parse_move(_bestmove(lines))
    lines = _talk("position startpos moves g2", "go wtime 5000 btime 4000 winc 50 binc 50")
    state = AtaxxState.start().play(AtaxxState.start().parse_move("g2"))
    assert state.parse_move(_bestmove(lines)) in state.legal_moves()


def test_go_nodes_and_infinite_with_stop():
    lines = _talk("position startpos", "go nodes 2000")
    assert AtaxxState.start().parse_move(_bestmove(lines))
    lines = _talk("position startpos", "go infinite", "isready", "stop")
    assert "readyok" in lines
    assert AtaxxState.start().parse_move(_bestmove(lines))
    assert lines[-1].startswith("bestmove ")


def test_perft_prints_every_depth():
    lines = _talk("position startpos", "perft 3")
    assert [line.split()[:4] for line in lines[:3]] == [
        ["info", "depth", "1", "nodes"],
        ["info", "depth", "2", "nodes"],
        ["info", "depth", "3", "nodes"],
    ]
    assert [int(line.split()[4]) for line in lines[:3]] == [16, 256, 6460]
    assert lines[-1] == "nodes 6460"


def test_pass_and_game_over():
    lines = _talk("position fen 7/7/7/7/ooo4/ooo4/xoo4 x 0 10", "go depth 2")
    assert _bestmove(lines) == "0000"
    lines = _talk("position fen 7/7/7/7/7/7/x6 o 0 1", "go depth 2")
    assert any("game over" in line for line in lines)
    assert _bestmove(lines) == "0000"


def test_repetition_alone_does_not_stop_the_engine():
    shuffle = " ".join(["a7c7 g7e7 c7a7 e7g7"] * 2)
    state = AtaxxState.start()
    for text in shuffle.split():
        state = state.play(state.parse_move(text))
    assert state.outcome is not None  # the start position for the third time
    lines = _talk(f"position startpos moves {shuffle}", "go depth 2")
    assert any("searching on" in line for line in lines)
    assert AtaxxState.start().parse_move(_bestmove(lines))


@pytest.mark.parametrize(
    "command,fragment",
    [
        ("flip", "unknown command 'flip'"),
        ("position", "position needs startpos or fen"),
        ("position fen x5o/7/7", "7 ranks"),
        ("position startpos moves a1a3", "not a legal move"),
        ("position startpos moves zz9", "not an Ataxx move"),
        ("go depth", "depth needs a number"),
        ("go depth -3", "must not be negative"),
        ("go sideways 3", "unknown parameter 'sideways'"),
        ("perft x", "perft needs a number"),
    ],
)
def test_bad_input_is_one_error_line_and_the_engine_goes_on(command, fragment):
    lines = _talk(command, "isready")
    assert len(lines) == 2, lines
    assert lines[0].startswith("info string error: ") and fragment in lines[0], lines[0]
    assert lines[1] == "readyok"


def test_bad_position_keeps_the_previous_one():
    lines = _talk("position startpos moves g2", "position startpos moves g2 b7b5", "d")
    assert lines[-1] == "info string fen x5o/7/7/7/7/6x/o5x o 0 1"


def test_quit_stops_reading():
    lines = _talk("quit", "isready")
    assert lines == []


def test_score_text():
    assert score_text(-250) == "cp -250"
    assert score_text(WIN - 1) == "mate 1"
    assert score_text(-WIN + 4) == "mate -2"


def test_time_budget_is_a_share_of_the_clock():
    assert UaiEngine.budget(30_000, 0, None) == pytest.approx(0.97)
    assert UaiEngine.budget(10_000, 0, 5) == pytest.approx(1.97)
    # Never more than half of what is left, and never nothing.
    assert UaiEngine.budget(100, 10_000, None) == pytest.approx(0.02)
    assert UaiEngine.budget(0, 0, None) > 0


@pytest.mark.skipif(not (ROOT / "main.py").exists(), reason="main.py not written yet")
def test_uai_through_a_pipe():
    script = "\n".join(
        [
            "uai",
            "isready",
            "position startpos moves f1",
            "go depth 2",
            "isready",
            "bogus",
            "position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
            "perft 2",
            "go movetime 100",
            "isready",
            "quit",
        ]
    )
    proc = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "uai"],
        input=script + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[:4] == ["id name Tafel", "id author Tafel developers", "uaiok", "readyok"]
    best = [line for line in lines if line.startswith("bestmove ")]
    assert len(best) == 2
    after_f1 = AtaxxState.start().play(AtaxxState.start().parse_move("f1"))
    assert after_f1.parse_move(best[0].split()[1])
    blockers = AtaxxState.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    assert blockers.parse_move(best[1].split()[1])
    assert "info string error: unknown command 'bogus'" in lines
    assert "nodes 196" in lines
    assert lines.count("readyok") == 3
    assert proc.stderr == ""
