"""Files the command line reads and writes (issue 42, items 7, 8 and 10): every file read has a
size and encoding guard, every failure is one short line; --sprt refuses bounds it cannot
compute; render writes through a temporary file with a short name, cleaned on failure and by
the next run after a killed one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tafel import datadir
from tafel.cli.sprt import Sprt
from tafel.testing import run_command


def one_error(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: "), err
    return err[0]


def arena(*extra: str) -> int:
    return run_command(["arena", "ataxx", "random", "random", "--games", "1", "-q", *extra])


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"\xff\xfe x5o/7/7/7/7/7/o5x x 0 1\n", "not UTF-8"),
        (b"x" * 5_000_000 + b"\n", "line 1 is too long"),
        (b"# only a comment\n", "holds no openings"),
        (b"nonsense " * 50 + b"\n", "opening 1"),
    ],
    ids=["encoding", "long-line", "empty", "bad"],
)
def test_openings_files_are_guarded(tmp_path, capsys, content, words):
    path = tmp_path / "openings.txt"
    path.write_bytes(content)
    assert arena("--openings", str(path)) == 2
    line = one_error(capsys)
    assert words in line and len(line) < 400, line[:500]


def test_openings_from_a_device_or_a_huge_file_are_refused(tmp_path, capsys):
    assert arena("--openings", "/dev/zero") == 2
    assert "not a regular file" in one_error(capsys)
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(100 * 1024 * 1024)  # sparse: no disk used
    assert arena("--openings", str(huge)) == 2
    assert "too large" in one_error(capsys)


@pytest.mark.parametrize("flag", ["--log", "--pgn"])
def test_a_full_log_or_pgn_is_one_line(capsys, flag):
    assert arena(flag, "/dev/full") == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"error: cannot write the {'log' if flag == '--log' else 'PGN file'} /dev/full: No space left on device"
    ]


def test_a_log_into_a_fifo_nobody_reads_is_refused_at_once(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert arena("--log", str(fifo)) == 2
    assert "nobody reads it" in one_error(capsys)


@pytest.mark.parametrize(
    "words",
    [["elo0=0", "elo1=7000"], ["elo0=-1e308", "elo1=1e308"], ["alpha=0.9", "beta=0.9"], ["elo0=5", "elo1=5"]],
)
def test_sprt_bounds_that_cannot_be_computed_are_refused(capsys, words):
    with pytest.raises(ValueError):
        Sprt.parse(words)
    assert arena("--sprt", *words) == 2
    assert one_error(capsys).startswith("error: --sprt: ")


def test_the_widest_sprt_bounds_compute_whatever_the_games():
    for rewards in ([1.0, 1.0], [0.0, 0.0], [1.0, 0.0], [0.5, 1.0]):
        test = Sprt(elo0=-1000, elo1=1000, alpha=1e-9, beta=0.5)
        for _ in range(20):
            for r in rewards:
                test.add_game(r)
            test.add_pair(*rewards)
            assert test.status() and test.verdict_text()


def render(out: Path | str) -> int:
    return run_command(["render", "ataxx", "--size", "64x64", "--out", os.fsdecode(out)])


def test_render_writes_a_name_near_the_limit(tmp_path, capsys):
    out = tmp_path / ("n" * 251 + ".png")
    assert render(out) == 0, capsys.readouterr().err
    assert out.read_bytes().startswith(b"\x89PNG")
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]
    assert len(capsys.readouterr().out) < 300


def test_render_to_a_name_that_is_not_utf8(tmp_path, capsys):
    folder = os.fsencode(tmp_path)
    out = folder + b"/\xff\xfe.png"
    assert render(os.fsdecode(out)) == 0
    assert os.path.exists(out) and os.listdir(folder) == [b"\xff\xfe.png"]
    assert "\\xff\\xfe.png" in capsys.readouterr().out


def test_a_failed_render_leaves_no_temporary_file(tmp_path, capsys, monkeypatch):
    def refuse(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(datadir.os, "replace", refuse)
    assert render(tmp_path / "a.png") == 2
    assert "No space left on device" in one_error(capsys)
    assert list(tmp_path.iterdir()) == []


def test_the_next_run_removes_what_a_killed_render_left(tmp_path):
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    pid = int(gone.stdout)  # a process that has ended
    left = [tmp_path / f".tafel-{pid}-k1ll3d.tmp", tmp_path / f".a.{pid}.tmp.png"]
    for path in left:
        path.write_bytes(b"half a picture")
    running = tmp_path / f".tafel-{os.getppid()}-busy.tmp"  # a writer still at work: kept
    running.write_bytes(b"")
    assert render(tmp_path / "b.png") == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([running.name, "b.png"])


def test_a_rendered_picture_gets_the_usual_permissions(tmp_path, capsys):
    """Not the data folder's owner-only ones: a picture written for a web page is readable."""
    old = os.umask(0o022)
    try:
        assert render(tmp_path / "a.png") == 0
        assert (tmp_path / "a.png").stat().st_mode & 0o777 == 0o644
        (tmp_path / "a.png").chmod(0o640)  # a file replaced keeps what its owner gave it
        assert render(tmp_path / "a.png") == 0
        assert (tmp_path / "a.png").stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)


def test_a_puzzle_set_that_cannot_be_written_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    argv = ["puzzles", "mine", "ataxx", "--count", "1", "--budget", "1", "--out", str(blocker / "x.json")]
    assert run_command(argv) == 2
    assert "cannot write the puzzle set" in one_error(capsys)  # at once: nothing was mined


def mine_to(out: Path | str) -> list[str]:
    return ["puzzles", "mine", "ataxx", "--count", "1", "--budget", "1", "--out", str(out)]


def test_a_puzzle_set_to_a_folder_is_refused_before_mining(tmp_path, capsys):
    assert run_command(mine_to(tmp_path)) == 2
    assert one_error(capsys).endswith(": Is a directory")


def test_an_output_that_is_a_device_is_written_into_never_replaced(tmp_path, capsys):
    """``--out /dev/full`` was replaced by a regular file holding the set (a device node gone,
    for everyone on the machine, when run as root) and the command said it was written.
    Reached through a link in a temporary folder, so the code before the fix replaced only
    that link."""
    assert Path("/dev/full").is_char_device()
    full = tmp_path / "full.json"
    full.symlink_to("/dev/full")
    assert run_command(mine_to(full)) == 2
    err = capsys.readouterr().err.strip().splitlines()  # the mined puzzle's line, then the error
    assert err[-1] == f"error: cannot write the puzzle set {full}: No space left on device"
    assert full.is_symlink() and Path("/dev/full").is_char_device()


def test_an_output_through_a_link_keeps_the_link(tmp_path, capsys):
    real = tmp_path / "sets" / "mine.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert run_command(mine_to(link)) == 0
    assert link.is_symlink() and '"tafel-puzzles"' in real.read_text()


def test_an_output_into_a_fifo_is_streamed_or_refused_when_nobody_reads(tmp_path, capsys):
    import threading

    from tafel.cli.files import write_output
    from tafel.commands import CommandError

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(CommandError, match="nobody reads it"):
        write_output(fifo, b"x" * 10, "picture")
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    try:
        deadline = 200  # the reader opens its end: bounded tries, no wall-clock sleep
        while deadline:
            try:
                write_output(fifo, b"x" * 100_000, "picture")
                break
            except CommandError:
                deadline -= 1
                os.sched_yield()
    finally:
        if not got:
            with open(fifo, "wb", buffering=0) as unblock:  # never leave the reader waiting
                unblock.write(b"")
        reader.join(10)
    assert got == [b"x" * 100_000] and fifo.is_fifo()


def test_a_set_that_cannot_be_added_to_is_refused_before_mining(tmp_path, capsys):
    """It was read only when the mining was done: a long run's puzzles were lost to its error."""
    bad = tmp_path / "set.json"
    bad.write_text('{"format": "tafel-puzzles", "version": 1, "game": "ataxx", "puzzles": 7}')
    argv = ["puzzles", "mine", "ataxx", "--count", "1", "--budget", "1", "--add-to", str(bad)]
    assert run_command(argv) == 2
    assert one_error(capsys) == f"error: {bad}: puzzle set: no puzzles"  # and no puzzle line before it
