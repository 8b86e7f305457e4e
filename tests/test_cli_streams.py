"""The command line's streams and languages (issue 42, items 9 and 12): a full or closed stdout
ends every command with one ``error:`` line and exit code 74, never blaming a plugin; ``error:``
is the prefix in every language; the last ``--lang`` wins; a terminal that cannot show German
letters gets stand-ins, not a failure."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tafel import i18n
from tafel.cli import EXIT_OUTPUT_FAILED, main

ROOT = Path(__file__).resolve().parent.parent


class Full(io.TextIOBase):
    """A stdout on a full disk (or a closed pipe): every write fails."""

    def __init__(self, code: int = errno.ENOSPC) -> None:
        self.code = code

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(self.code, os.strerror(self.code))


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


COMMANDS = [
    ["list"],
    ["saves"],
    ["saves", "--history"],
    ["show", "ataxx"],
    ["perft", "ataxx", "1"],
    ["rules", "ataxx"],
    ["tutorial", "ataxx"],
    ["amakta-pieces"],
    ["axxa-records"],
    ["--lang", "de", "show", "ataxx"],
]


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EPIPE], ids=["full", "closed"])
def test_a_full_or_closed_stdout_is_one_line_and_no_plugins_fault(monkeypatch, capsys, argv, code):
    monkeypatch.setattr(sys, "stdout", Full(code))
    assert main(argv) == EXIT_OUTPUT_FAILED
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: "), err
    assert "plugin" not in err[0] and os.strerror(code) in err[0]


def test_render_to_a_full_stdout_blames_no_plugin(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["render", "ataxx", "--size", "64x64", "--out", str(tmp_path / "a.png")]) == 74
    err = capsys.readouterr().err
    assert err.startswith("error: cannot write to stdout") and "plugin" not in err


def test_a_full_stderr_still_gives_the_exit_code(monkeypatch):
    monkeypatch.setattr(sys, "stderr", Full())
    assert main(["show", "no-such-game"]) == EXIT_OUTPUT_FAILED


def run(*args: str, env: dict | None = None, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
        timeout=60,
    )


def test_dev_full_really(tmp_path):
    with open("/dev/full", "w") as full:
        done = run("list", stdout=full)
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert done.stderr.decode().splitlines() == ["error: cannot write to stdout: No space left on device"]


def test_a_stdout_closed_before_the_start_is_said_too():
    script = 'exec "$0" "$1" list >&-'  # the shell closes stdout, Python starts without one
    done = subprocess.run(
        ["sh", "-c", script, sys.executable, str(ROOT / "main.py")], stderr=subprocess.PIPE, timeout=60
    )
    assert done.returncode == EXIT_OUTPUT_FAILED
    assert done.stderr.decode().splitlines() == ["error: cannot write to stdout: Bad file descriptor"]


def test_error_stays_the_prefix_in_german(capsys):
    assert main(["--lang", "de", "show", "no-such-game"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unbekanntes Spiel"), err
    assert main(["--lang", "de", "perft", "ataxx", "x"]) == 2  # argparse's own errors too
    assert capsys.readouterr().err.startswith("error: ")


def test_the_last_lang_wins(capsys):
    assert main(["--lang", "de", "--lang", "en", "show", "ataxx"]) == 0
    assert capsys.readouterr().out.startswith("position: ")
    assert main(["--lang=en", "--lang=de", "show", "ataxx"]) == 0
    assert capsys.readouterr().out.startswith("Stellung: ")


def test_an_ascii_terminal_gets_stand_ins(monkeypatch):
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["--lang", "de", "show", "ataxx"]) == 0
    out.flush()
    text = out.buffer.getvalue().decode("ascii")
    assert "Ergebnis: laeuft" in text


def test_an_ascii_terminal_really():
    done = run("--lang", "de", "show", "ataxx", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and b"laeuft" in done.stdout and not done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["show", "ataxx", "--position", "x" * 100_000],
        ["amakta-pieces", "1" * 100_000],
        ["show", "ataxx", "--moves", "z" * 100_000],
        ["perft", "ataxx", "9" * 100_000],
        ["show", "g" * 100_000],
    ],
    ids=["position", "piece", "moves", "depth", "game"],
)
def test_a_huge_argument_is_not_echoed_whole(capsys, argv):
    """An error that quotes a 100 KB argument keeps its start and its end: one short line."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and len(err) < 500, err[:200]
    assert "characters)" in err
