"""The UAI engine: the protocol in-process (line by line, or through a pipe into its input
loop), then as a process (``main.py uai``).

Nothing here sleeps: a test waits for the engine's output lines, with a timeout that only a
failure reaches. Timing is asserted only where it is the point (stop within 100 ms, the share
of movetime used).
"""

import io
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tafel.games.ataxx.rules import AtaxxState, perft
from tafel.games.ataxx.search import WIN
from tafel.games.ataxx.uai import (
    DEFAULT_HASH_MB,
    DEFAULT_MOVE_OVERHEAD_MS,
    STALL_DECAY,
    UaiEngine,
    perft_stoppable,
    score_text,
    tt_entries,
)

ROOT = Path(__file__).resolve().parent.parent
#: How long a test waits for a line that should come (only a failing test waits this long).
PATIENCE = 10.0
#: Red and Blue jump out and back: twice round is the start position for the third time.
SHUFFLE = " ".join(["a7c7 g7e7 c7a7 e7g7"] * 2)


class Lines:
    """The engine's output: complete lines with the time each was written, waitable."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._partial = ""
        self.lines: list[str] = []
        self.times: list[float] = []

    def write(self, text: str) -> int:
        now = time.perf_counter()
        with self._cond:
            self._partial += text
            *done, self._partial = self._partial.split("\n")
            self.lines += done
            self.times += [now] * len(done)
            self._cond.notify_all()
        return len(text)

    def flush(self) -> None:
        pass

    def wait_for(self, match, start: int = 0, timeout: float = PATIENCE) -> int:
        """The index of the first line from ``start`` on for which ``match(line)`` holds."""
        if isinstance(match, str):
            prefix = match
            match = lambda line: line.startswith(prefix)  # noqa: E731
        found: list[int] = []

        def ready() -> bool:
            found[:] = [i for i in range(start, len(self.lines)) if match(self.lines[i])][:1]
            return bool(found)

        with self._cond:
            if not self._cond.wait_for(ready, timeout):
                raise AssertionError(f"no line matching after line {start}; output: {self.lines}")
        return found[0]


def _talk(*lines, engine=None):
    """Each line to ``handle`` in turn, then every job waited for; the output lines.

    A fresh engine is made and ended for it, unless ``engine`` is given (the ``engine`` fixture).
    """
    out = Lines()
    own = engine is None
    engine = engine or UaiEngine(out)
    engine.out = out
    for line in lines:
        if not engine.handle(line):
            break
    assert engine.wait(PATIENCE), out.lines
    if own:
        engine.quit()
    return out.lines


@pytest.fixture
def engine():
    e = UaiEngine(Lines())
    yield e
    e.quit()


class Session:
    """The engine's own input loop (``run``) reading a pipe in a thread, as in a process."""

    def __init__(self) -> None:
        self.out = Lines()
        self.engine = UaiEngine(self.out)
        read_fd, write_fd = os.pipe()
        self._input = os.fdopen(write_fd, "w", buffering=1)
        self._reader = os.fdopen(read_fd, "r")
        self.thread = threading.Thread(target=self.engine.run, args=(self._reader,), daemon=True)
        self.thread.start()

    def send(self, *lines: str) -> float:
        for line in lines:
            self._input.write(line + "\n")
        self._input.flush()
        return time.perf_counter()

    def expect(self, match, start: int = 0) -> int:
        return self.out.wait_for(match, start)

    def close(self) -> None:
        try:
            self.send("quit")
            self._input.close()
        except OSError:
            pass
        self.thread.join(PATIENCE)
        assert not self.thread.is_alive(), "the input loop did not end"


@pytest.fixture
def session():
    s = Session()
    yield s
    s.close()


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


def _after(*moves, start=None):
    state = start or AtaxxState.start()
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


# --- the basics -------------------------------------------------------------------------------


def test_handshake_announces_the_options():
    lines = _talk("uai", "isready")
    assert lines == [
        "id name Tafel",
        "id author Tafel developers",
        "option name Level type combo default hard var easy var medium var hard",
        f"option name Hash type spin default {DEFAULT_HASH_MB} min 1 max 4096",
        f"option name MoveOverhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max 10000",
        "option name EngineRules type check default true",
        "uaiok",
        "readyok",
    ]


def test_position_fen_moves_and_go_depth():
    fen = "x5o/7/7/7/7/7/o5x x 0 1"
    lines = _talk("uainewgame", f"position fen {fen} moves f1 g7e5", "go depth 3")
    state = _after("f1", "g7e5", start=AtaxxState.from_fen(fen))
    assert state.parse_move(_bestmove(lines)) in state.legal_moves()
    infos = _infos(lines)
    assert [int(f["depth"]) for _, f in infos] == [1, 2, 3]
    words, fields = infos[-1]
    assert int(fields["nodes"]) > 0 and int(fields["nps"]) >= 0 and int(fields["time"]) >= 0
    assert words[words.index("score") + 1] in ("cp", "mate")
    pv = words[words.index("pv") + 1 :]
    assert pv[0] == _bestmove(lines)
    for text in pv:  # the line is legal from the position
        state = state.play(state.parse_move(text))


def test_go_movetime_and_clock_times():
    lines = _talk("position startpos", "go movetime 150")
    assert AtaxxState.start().parse_move(_bestmove(lines))
    lines = _talk("position startpos moves g2", "go wtime 5000 btime 4000 winc 50 binc 50")
    assert _after("g2").parse_move(_bestmove(lines))


def test_the_clock_of_the_side_to_move_is_read_x_is_black():
    """UAI's Ataxx convention (libataxx, the match runners): x, who moves first, is Black and
    reads ``btime``/``binc``; o is White (``wtime``/``winc``)."""
    engine = UaiEngine(io.StringIO())
    engine.handle("position startpos")  # x (Red) to move
    assert engine._parse_go("wtime 100000 btime 50 winc 0 binc 7".split()).clock == (50, 7, None)
    engine.handle("position startpos moves g2")  # o (Blue) to move
    assert engine._parse_go("wtime 100000 btime 50 winc 3 binc 7".split()).clock == (100000, 3, None)


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


def test_stoppable_perft_counts_as_perft():
    state = AtaxxState.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    for depth in (3, 4, 5):
        assert perft_stoppable(state, depth, lambda: False) == perft(state, depth)


def test_pass_and_game_over():
    lines = _talk("position fen 7/7/7/7/ooo4/ooo4/xoo4 x 0 10", "go depth 2")
    assert _bestmove(lines) == "0000"
    lines = _talk("position fen 7/7/7/7/7/7/x6 o 0 1", "go depth 2")
    assert any("game over" in line for line in lines)
    assert _bestmove(lines) == "0000"


@pytest.mark.parametrize(
    "command,fragment",
    [
        ("flip", "unknown command 'flip'"),
        ("position", "position needs startpos or fen"),
        ("position moves a1", "before 'moves'"),
        ("position fen x5o/7/7", "7 ranks"),
        ("position startpos moves a1a3", "not a legal move"),
        ("position startpos moves zz9", "not an Ataxx move"),
        ("go depth", "depth needs a number"),
        ("go depth -3", "must not be negative"),
        ("go sideways 3", "unknown parameter 'sideways'"),
        ("perft x", "perft needs a number"),
        ("setoption", "setoption needs"),
        ("setoption name Threads value 2", "unknown option 'Threads'"),
        ("setoption name Level value grandmaster", "Level must be one of easy, medium, hard"),
        ("setoption name Hash value 0", "Hash must be from 1 to 4096"),
        ("setoption name MoveOverhead value soon", "MoveOverhead needs a number"),
        ("setoption name EngineRules value maybe", "EngineRules must be true or false"),
    ],
)
def test_bad_input_is_one_error_line_and_the_engine_goes_on(command, fragment):
    lines = _talk(command, "isready")
    assert len(lines) == 2, lines
    assert lines[0].startswith("info string error: ") and fragment in lines[0], lines[0]
    assert lines[1] == "readyok"


def test_quit_stops_reading():
    assert _talk("quit", "isready") == []


def test_score_text():
    assert score_text(-250) == "cp -250"
    assert score_text(WIN - 1) == "mate 1"
    assert score_text(-WIN + 4) == "mate -2"


def test_time_budget_is_a_share_of_the_clock():
    assert UaiEngine.budget(30_000, 0, None, overhead_ms=30) == pytest.approx(0.97)
    assert UaiEngine.budget(10_000, 0, 5, overhead_ms=30) == pytest.approx(1.97)
    # Never more than half of what is left, and a few ms while the clock has them.
    assert UaiEngine.budget(100, 10_000, None, overhead_ms=30) == pytest.approx(0.02)
    assert UaiEngine.budget(40, 0, None, overhead_ms=8) == pytest.approx(0.005)
    assert UaiEngine.budget(0, 0, None) == 0


def test_clock_allotment_never_exceeds_the_remaining_time():
    """Issue 43: whatever the clock, increment, moves to go and margin, the time a move is
    given (its budget plus the margin kept back for the reply) fits in the side's time."""
    for remaining in (0, 1, 5, 9, 20, 50, 100, 333, 1_000, 10_000, 600_000):
        for inc in (0, 10, 100, 1_000, 10_000):
            for moves_to_go in (None, 1, 2, 40):
                for overhead in (0, 8, 30, 200):
                    seconds = UaiEngine.budget(remaining, inc, moves_to_go, overhead_ms=overhead)
                    assert seconds >= 0
                    assert seconds * 1000 <= remaining / 2, (remaining, inc, moves_to_go, overhead)
                    if remaining > 2 * overhead + 10:
                        assert seconds * 1000 + overhead <= remaining / 2 or seconds <= 0.005


def test_a_clock_move_answers_within_its_allotment(session):
    """A side with 300 ms left and no increment gets at most half of it, less the margin."""
    session.send("position startpos", "isready")
    session.expect("readyok")
    sent = session.send("go wtime 300 btime 300")
    i = session.expect("bestmove ")
    assert session.out.times[i] - sent < 0.150 + 0.050  # half of it, and a scheduler's slack


# --- issue 21.1: options ----------------------------------------------------------------------


def test_level_option_is_applied(engine):
    lines = _talk("setoption name Level value easy", "position startpos", "go depth 6", engine=engine)
    assert [int(f["depth"]) for _, f in _infos(lines)] == [1]  # easy looks one ply ahead
    assert AtaxxState.start().parse_move(_bestmove(lines))
    # Medium thinks at most its arcade time (0.3 s) however deep it is asked to go; names
    # and values are not case-sensitive.
    lines = _talk("setoption name LEVEL value Medium", "go depth 200", engine=engine)
    assert engine.level == "medium"
    assert int(_infos(lines)[-1][1]["time"]) < 1000
    lines = _talk("setoption name Level value hard", "go depth 3", engine=engine)
    assert [int(f["depth"]) for _, f in _infos(lines)] == [1, 2, 3]


def test_hash_option_sizes_the_table(engine):
    assert engine.ai.engine.tt_size == tt_entries(DEFAULT_HASH_MB, engine.ai.engine.entry_bytes)
    lines = _talk("setoption name Hash value 1", "position startpos", "go nodes 20000", engine=engine)
    assert engine.ai.engine.tt_size == tt_entries(1, engine.ai.engine.entry_bytes)
    assert _bestmove(lines)
    # The table never outgrows the size after a move (it is retired off the clock).
    assert engine.wait(PATIENCE)
    assert len(engine.ai.engine.tt) <= engine.ai.engine.tt_size


def test_move_overhead_option_is_kept_back(session):
    session.send("setoption name MoveOverhead value 150", "position startpos", "isready")
    session.expect("readyok")
    sent = session.send("go movetime 200")
    i = session.expect("bestmove ")
    # 50 ms of search; well under the 190 ms the default overhead would leave.
    assert session.out.times[i] - sent < 0.15


def test_unknown_option_gets_an_info_string_and_changes_nothing(engine):
    lines = _talk("setoption name Ponder value true", "setoption name Hash", "isready", engine=engine)
    assert lines[0].startswith("info string error: unknown option 'Ponder'")
    assert lines[1] == "info string error: Hash needs a number, got ''"
    assert lines[2] == "readyok"
    assert (engine.level, engine.hash_mb, engine.engine_rules) == ("hard", DEFAULT_HASH_MB, True)


# --- issue 21.2: a position with an illegal move ----------------------------------------------


def test_illegal_move_keeps_the_moves_before_it(engine):
    lines = _talk(
        "position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",  # the previous position: another board
        "position startpos moves g2 f7 b7b5 f1",
        "d",
        "go depth 2",
        engine=engine,
    )
    error = lines[0]
    assert error.startswith("info string error: position: move 3 of 4 (b7b5) refused: ")
    assert "after the 2 moves before it" in error
    state = _after("g2", "f7")
    assert lines[1] == f"info string fen {state.to_text()}"
    # The next go answers for that position, not a stale one.
    assert state.parse_move(_bestmove(lines))


# --- issue 21.3: time use ---------------------------------------------------------------------


_OVERSLEEP = """
import sys, time
end, most = time.perf_counter() + float(sys.argv[1]), 0.0
print("go", flush=True)
while time.perf_counter() < end:
    before = time.perf_counter()
    time.sleep(0.002)
    most = max(most, time.perf_counter() - before - 0.002)
print(most, flush=True)
"""


class Oversleep:
    """How late the machine wakes a process (the most a 2 ms sleep overran, in a process of its
    own so that this one's interpreter lock plays no part): on a loaded machine the engine's
    answer can be late by that much through no fault of its own; the test allows it that."""

    def __init__(self, seconds: float) -> None:
        self._proc = subprocess.Popen(
            [sys.executable, "-c", _OVERSLEEP, str(seconds)], stdout=subprocess.PIPE, text=True
        )
        assert self._proc.stdout.readline().strip() == "go"

    def most(self) -> float:
        out, _ = self._proc.communicate(timeout=PATIENCE)
        return float(out)


def test_movetime_is_used_but_never_exceeded(session):
    # Positions where the engine of old, which started no iteration it expected not to finish,
    # used 35-60% of 150 ms.
    # The engine keeps back its margin (the move overhead, and on a busy machine what it
    # learned of stalls and late answers): of the rest it uses 85% or more on the average.
    used, late, expected = [], [], []
    for moves in ("", " moves g2", " moves f2 b1 e3"):
        start = len(session.out.lines)
        session.send(f"position startpos{moves}", "isready")
        ready = session.expect("readyok", start)
        expected.append(1 - session.engine.margin_ms(DEFAULT_MOVE_OVERHEAD_MS, 150) / 150)
        machine = Oversleep(0.2)
        sent = session.send("go movetime 150")
        i = session.expect("bestmove ", ready)
        late.append(machine.most())
        used.append((session.out.times[i] - sent) / 0.150)
    allowed = [1.0 + lag / 0.150 for lag in late]  # 1.0 on a quiet machine (lags of ~0.1 ms)
    assert all(u <= a for u, a in zip(used, allowed, strict=True)), (used, late)
    assert sum(used) >= 0.85 * sum(expected), (used, expected)


def test_lateness_is_kept_back_too(session):
    # A busy machine made the last answers late: the next searches keep that back as well.
    session.engine.late_ms = 150.0
    session.send("position startpos", "isready")
    session.expect("readyok")
    sent = session.send("go movetime 200")
    i = session.expect("bestmove ")
    assert session.out.times[i] - sent < 0.15
    assert session.engine.wait(PATIENCE)  # (the job ends just after its answer)
    assert session.engine.late_ms < 150.0  # it fades


# --- issue 43: time discipline -----------------------------------------------------------------


def test_stop_is_answered_within_20_ms_of_a_long_search(session):
    session.send("position startpos moves f2 b1 e3", "go infinite")
    session.expect("info depth 5 ")  # deep in a long search, its table filling
    machine = Oversleep(0.1)
    sent = session.send("stop")
    i = session.expect("bestmove ")
    # The machine's own lateness is allowed: how late it woke a sleeping process, and the
    # longest the search thread went unscheduled (both ~1 ms on a quiet machine, where the
    # engine itself must answer within 20 ms).
    lag = machine.most()
    assert session.engine.wait(PATIENCE)
    stall = session.engine.ai.engine.stall
    assert session.out.times[i] - sent < 0.020 + max(lag, stall), (session.out.times[i] - sent, lag, stall)
    assert _after("f2", "b1", "e3").parse_move(session.out.lines[i].split()[1])


def test_go_depth_searches_to_that_depth_and_no_deeper():
    lines = _talk("position startpos moves f2 b1", "go depth 5")
    assert [int(f["depth"]) for _, f in _infos(lines)] == [1, 2, 3, 4, 5]
    assert _after("f2", "b1").parse_move(_bestmove(lines))


def test_go_nodes_stops_at_the_node_budget(engine):
    for budget in (300, 5_000, 40_000):
        lines = _talk("position startpos moves f2 b1 e3", f"go nodes {budget}", engine=engine)
        assert _after("f2", "b1", "e3").parse_move(_bestmove(lines))
        # Looked at every 32 nodes; the last ply counts a node's children at once (a few dozen).
        assert budget <= engine.ai.engine.nodes <= budget + 400, (budget, engine.ai.engine.nodes)


def test_the_clock_runs_from_the_arrival_of_go(engine):
    """A line that arrived 250 ms ago (it waited behind a long position) has that much less."""
    out = Lines()
    engine.out = out
    engine.handle("position startpos")
    engine.handle("go movetime 300", arrived=time.perf_counter() - 0.250)
    handed = time.perf_counter()
    out.wait_for("bestmove ")
    assert out.times[-1] - handed < 0.050 + 0.100  # 50 ms at most, and a busy machine's slack


def test_a_stall_seen_is_kept_back_and_fades(session):
    # A search that saw the thread stall 60 ms keeps that back from the next ones.
    session.engine.stall_ms = 60.0
    assert session.engine.margin_ms(8, 200) >= 68
    session.send("position startpos", "isready")
    session.expect("readyok")
    sent = session.send("go movetime 200")
    i = session.expect("bestmove ")
    assert session.out.times[i] - sent < 0.165  # 132 ms, and a busy machine's slack
    assert session.engine.wait(PATIENCE)
    assert session.engine.stall_ms == max(STALL_DECAY * 60.0, 1000 * session.engine.ai.engine.stall)


@pytest.mark.parametrize("stalled_for", [0.5, None])
def test_a_held_up_search_is_answered_by_the_watchdog_in_time(engine, stalled_for):
    """A search thread held up past the limit (a stall of the machine, a slow first move, a
    pause of any kind: here a sleep, or a search that never looks at its limits): the watchdog
    answers with the deepest finished iteration's move before the limit, and only it answers."""
    from tafel import Limit

    ai = engine.ai
    real = ai.search
    release = threading.Event()

    def held_up(state, limit, stop=None, on_iteration=None, root_scores=False):
        result = real(state, Limit(depth=3), on_iteration=on_iteration)
        if stalled_for is None:
            release.wait(PATIENCE)  # ignores stop() entirely until the test lets it go
        else:
            time.sleep(stalled_for)  # the point of the test: a search held up on the wall clock
        return result

    ai.search = held_up
    out = Lines()
    engine.out = out
    engine.handle("debug on")
    engine.handle("position startpos moves f2")
    machine = Oversleep(0.25)
    sent = time.perf_counter()
    engine.handle("go movetime 200", arrived=sent)
    i = out.wait_for("bestmove ")
    assert out.times[i] - sent < 0.200 + machine.most(), out.times[i] - sent
    assert "by watchdog" in out.lines[i - 1]
    depth3 = [line for line in out.lines if line.startswith("info depth 3 ")]
    assert out.lines[i].split()[1] == depth3[0].split(" pv ")[1].split()[0]
    release.set()
    assert engine.wait(PATIENCE)
    assert sum(line.startswith("bestmove ") for line in out.lines) == 1 and out.lines[-1] == out.lines[i]
    assert engine.rescued == 1


def test_no_garbage_collection_during_a_search(session):
    import gc

    session.send("position startpos", "go infinite")
    session.expect("info depth 3 ")
    assert not gc.isenabled()
    session.send("stop")
    session.expect("bestmove ")
    assert session.engine.wait(PATIENCE)
    assert gc.isenabled()


# --- issue 16.4: a robust input loop ----------------------------------------------------------


@pytest.mark.parametrize("go", ["go movetime 100000000", "go depth 200", "go infinite", "go"])
def test_a_long_search_keeps_the_input_loop_reading(session, go):
    session.send("position startpos", go)
    session.expect("info depth 3")
    session.send("isready")
    session.expect("readyok")
    # position and d are read and followed during the search (which goes on from its own position).
    session.send("position startpos moves f1", "d")
    first = session.expect(f"info string fen {_after('f1').to_text()}")
    sent = session.send("stop")
    i = session.expect("bestmove ", first)
    assert session.out.times[i] - sent < 0.100
    assert AtaxxState.start().parse_move(session.out.lines[i].split()[1])
    # The engine goes on: the next search is for the new position.
    session.send("go depth 2")
    j = session.expect("bestmove ", i + 1)
    assert _after("f1").parse_move(session.out.lines[j].split()[1])


def test_malformed_position_does_not_end_the_loop(session):
    session.send("position moves a1", "isready")
    i = session.expect("info string error")
    assert "before 'moves'" in session.out.lines[i]
    session.expect("readyok")
    assert session.thread.is_alive()


def test_perft_can_be_stopped(session):
    session.send("position startpos", "perft 9")
    session.expect("info depth 4 ")
    session.send("isready")
    session.expect("readyok")
    sent = session.send("stop")
    i = session.expect(lambda line: "perft 9 stopped" in line)
    assert session.out.times[i] - sent < 0.100
    assert not any(line.startswith("nodes ") for line in session.out.lines)
    session.send("go depth 2")
    session.expect("bestmove ", i)


def test_stop_before_the_search_starts_is_not_lost():
    # Read one after the other: the stop belongs to the search, however late it starts.
    lines = _talk("position startpos", "go infinite", "stop", "go infinite", "stop")
    assert len([line for line in lines if line.startswith("bestmove ")]) == 2


def test_commands_keep_their_order_of_searches():
    lines = _talk("position startpos", "go depth 2", "position startpos moves f1", "go depth 2")
    best = [line.split()[1] for line in lines if line.startswith("bestmove ")]
    assert len(best) == 2
    assert AtaxxState.start().parse_move(best[0])
    assert _after("f1").parse_move(best[1])


def _engine_process():
    env = dict(os.environ, TAFEL_NO_ENTRY_POINTS="1")
    return subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "uai"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )


def _read_until(proc, prefix: bytes) -> list[bytes]:
    lines = []
    while True:
        line = proc.stdout.readline()
        assert line, (lines, proc.stderr.read() if proc.poll() is not None else b"")
        lines.append(line)
        if line.startswith(prefix):
            return lines


@pytest.mark.parametrize("go", [b"go movetime 100000000", b"go infinite"])
def test_quit_during_a_search_exits_at_once(go):
    proc = _engine_process()
    try:
        proc.stdin.write(b"position startpos\n" + go + b"\n")
        proc.stdin.flush()
        _read_until(proc, b"info depth 2 ")
        # A new position and search read meanwhile (the engine of old waited there for the
        # first search to end, and never read the quit).
        sent = time.perf_counter()
        proc.stdin.write(b"position startpos moves f1\ngo depth 30\nquit\n")
        proc.stdin.flush()
        assert proc.wait(PATIENCE) == 0
        assert time.perf_counter() - sent < 1.0
        assert proc.stderr.read() == b""
    finally:
        proc.kill()
        proc.wait()


def test_closed_pipe_ends_quietly():
    proc = _engine_process()
    try:
        proc.stdin.write(b"position startpos\ngo infinite\n")
        proc.stdin.flush()
        _read_until(proc, b"info depth 2 ")
        proc.stdout.close()  # the GUI stops reading: the next line out meets a broken pipe
        proc.stdin.write(b"stop\nisready\ngo depth 3\n")
        proc.stdin.flush()
        proc.stdin.close()
        assert proc.wait(PATIENCE) == 0
        assert proc.stderr.read() == b""
    finally:
        proc.kill()
        proc.wait()


# --- issue 16.5: Ataxx as engine matches play it ----------------------------------------------


def test_threefold_does_not_end_an_engine_match():
    arcade = _after(*SHUFFLE.split())
    assert arcade.outcome is not None  # the arcade's rules: the third time ends the game
    lines = _talk(f"position startpos moves {SHUFFLE} f1 g7e7", "d", "go depth 2")
    assert not any("error" in line or "game over" in line for line in lines), lines
    state = _after("f1", "g7e7", start=AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 8 5"))
    assert lines[0] == f"info string fen {state.to_text()}"
    assert state.parse_move(_bestmove(lines))


def test_engine_rules_off_is_tafels_threefold(engine):
    lines = _talk(
        "setoption name EngineRules value false",
        f"position startpos moves {SHUFFLE} f1",
        "go depth 2",
        engine=engine,
    )
    assert "move 9 of 9 (f1) refused" in lines[0] and "the game is over" in lines[0]
    assert "info string game over: the same position appeared three times" in lines
    assert _bestmove(lines) == "0000"
    # Back on: the same moves stand (the last position is set again under the new rules).
    lines = _talk("setoption name EngineRules value true", "d", engine=engine)
    assert lines == [
        f"info string fen {_after('f1', start=AtaxxState.from_fen('x5o/7/7/7/7/7/o5x x 8 5')).to_text()}"
    ]


def test_moves_past_the_hundred_half_move_rule_are_played():
    # The match runner adjudicates: the engine neither refuses the moves nor stops.
    lines = _talk("position fen x5o/7/7/7/7/7/o5x x 99 50 moves a7c5 g7e5", "go depth 2")
    assert not any("error" in line for line in lines), lines
    assert any("100 half-moves" in line for line in lines)
    assert _after("a7c5", "g7e5", start=AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 99 50")).parse_move(
        _bestmove(lines)
    )


# --- through a pipe ---------------------------------------------------------------------------


def test_uai_through_a_pipe():
    script = b"\n".join(
        [
            b"uai",
            b"isready",
            b"position startpos moves f1",
            b"go depth 2",
            b"isready",
            b"bogus",
            b"\xff\xfe not utf-8",
            b"position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
            b"perft 2",
            b"go movetime 100",
            b"isready",
            b"quit",
        ]
    )
    env = dict(os.environ, TAFEL_NO_ENTRY_POINTS="1")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "uai"],
        input=script + b"\n",
        capture_output=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode().splitlines()
    assert lines[:2] == ["id name Tafel", "id author Tafel developers"]
    assert lines[6:8] == ["uaiok", "readyok"]
    best = [line for line in lines if line.startswith("bestmove ")]
    assert len(best) == 2
    assert _after("f1").parse_move(best[0].split()[1])
    blockers = AtaxxState.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1")
    assert blockers.parse_move(best[1].split()[1])
    assert "info string error: unknown command 'bogus'" in lines
    assert "info string error: unknown command '\ufffd\ufffd'" in lines
    assert "nodes 196" in lines
    assert lines.count("readyok") == 3
    assert proc.stderr == b""


def test_a_line_too_long_is_dropped_with_one_error_and_the_engine_goes_on():
    """Issue 42, item 11: the input is read in bounded pieces; a 10 MB line is one error."""
    from tafel.games.ataxx.uai import MAX_INPUT_LINE

    out = io.StringIO()
    engine = UaiEngine(out)
    engine.run(io.StringIO("uai\n" + "x" * 10_000_000 + "\nisready\n" + "y" * MAX_INPUT_LINE + "\nquit\n"))
    lines = out.getvalue().splitlines()
    errors = [line for line in lines if "too long" in line]
    assert len(errors) == 1 and len(errors[0]) < 200, errors
    assert "readyok" in lines
    assert any("unknown command 'yyyy" in line for line in lines)  # at the limit: still read


def test_a_flood_of_go_commands_holds_a_bounded_queue():
    """``yes go | tafel uai`` held a gigabyte in 8 s: every ``go`` waited in the queue. Past
    MAX_WAITING_JOBS waiting, the rest are ignored, said once a flood, and counted when there is
    room (the search thread may take the first job while the flood starts: one more round)."""
    import re

    from tafel.games.ataxx.uai import MAX_WAITING_JOBS

    out = io.StringIO()
    engine = UaiEngine(out)
    try:
        for _ in range(5000):
            engine.handle("go infinite")
        busy = [line for line in out.getvalue().splitlines() if "busy" in line]
        assert 1 <= len(busy) <= 3 and busy[0].startswith("info string error: busy: "), busy
        engine.stop()
        assert engine.wait(30)
        engine.handle("go depth 1")
        assert engine.wait(30)
        said = out.getvalue().splitlines()
        answers = [line for line in said if line.startswith("bestmove")]
        counted = [
            re.fullmatch(r"info string error: (\d+) commands? ignored while busy", line) for line in said
        ]
        ignored = sum(int(m.group(1)) for m in counted if m)
        assert len(answers) - 1 <= MAX_WAITING_JOBS + 3  # what waited, and the running one
        assert len(answers) - 1 + ignored == 5000  # every go answered or counted
        assert said[-1].startswith("bestmove ")
    finally:
        engine.quit()


def test_uai_reading_dev_zero_stays_small_and_ends():
    """``uai < /dev/zero`` (a line that never ends) read it for ever at a full processor; it now
    reads in bounded pieces, and after 16 MB of one line says the input is no text and ends."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "uai"],
        stdin=open("/dev/zero", "rb"),  # noqa: SIM115 - closed by the child's end
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=dict(os.environ, TAFEL_NO_ENTRY_POINTS="1"),
        preexec_fn=_at_most_1_gb,  # reading the line whole would fail: it must stay small
    )
    try:
        out, _err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=10)
    lines = out.decode().splitlines()
    assert proc.returncode == 0 and len(lines) == 2, lines
    assert lines[0].startswith("info string error: line too long (over 65536 characters), dropped: \\x00")
    assert lines[1] == "info string error: a line over 16777216 characters: the input is no text of lines"


def _at_most_1_gb() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def test_debug_on_times_every_timed_answer():
    lines = _talk("debug on", "position startpos", "go movetime 60")
    timing = [line for line in lines if line.startswith("info string timing arrival-to-answer ")]
    assert len(timing) == 1 and lines[-1].startswith("bestmove ") and lines[-2] == timing[0]
    lines = _talk("debug off", "position startpos", "go movetime 60")
    assert not any("timing" in line for line in lines)
    assert _talk("debug sideways")[0] == "info string error: debug needs on or off"
