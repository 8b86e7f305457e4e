"""Hostile UAI engines for the tests: each answers the hello, then misbehaves at ``go``.

    python tests/hostile_engine.py MODE [TOKEN]

MODE: ``flood`` prints ``info`` lines without end and never a move; ``yes`` floods from the
start (``/usr/bin/yes``, never ``uaiok``); ``endless`` writes a ``bestmove`` line that never
ends; ``child`` leaves a child holding its stdout and exits; ``holder`` stays silent while its
child holds stdout; ``deaf`` ignores ``quit``, SIGTERM and the end of its input, and never
moves; ``huge`` answers a 10 MB ``bestmove``; ``garbage`` writes random bytes without end;
``exit`` stops by itself; ``escapes`` writes terminal escape sequences in its name, its
``info``, its stderr and its ``bestmove``. TOKEN (any word) is on the command line of the engine and its
children, so a test can look for processes left behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time


def out(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def hello(mode: str) -> None:
    out("id name Hostile\x1b[2J\x1b]0;pwned\x07" if mode == "escapes" else "id name Hostile")
    out("uaiok")


def stay() -> None:
    """Sleep until killed (SIGKILL: the only way out for a deaf engine)."""
    while True:
        time.sleep(3600)


def child(token: str) -> None:
    """A child that inherits stdout and keeps it open."""
    subprocess.Popen([sys.executable, __file__, "sleeper", token])


def misbehave(mode: str, token: str) -> int:
    if mode == "flood":
        while True:
            out("info depth 1 score cp 0 nodes 1 pv a1")
    if mode == "endless":
        sys.stdout.write("bestmove ")
        chunk = "a" * 65536
        while True:
            sys.stdout.write(chunk)
    if mode == "child":
        child(token)
        return 0
    if mode == "holder":
        child(token)
        stay()
    if mode == "deaf":
        stay()
    if mode == "huge":
        out("bestmove " + "f" * 10_000_000)
        return 0
    if mode == "escapes":
        sys.stderr.write("about to \x1b[41mfail\n")
        sys.stderr.flush()
        out("info depth 1 score cp 0 pv \x1b[5ma1")
        out("bestmove \x1b[2Jzz")
        stay()
    if mode == "garbage":
        while True:
            os.write(1, os.urandom(4096))
    return 5  # exit: stops by itself without a word


def main(mode: str, token: str) -> int:
    if mode == "sleeper":
        stay()
    if mode == "yes":
        while True:
            out("y")
    if mode == "deaf":
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(sig, signal.SIG_IGN)
    for line in sys.stdin:
        command = line.split()[0] if line.split() else ""
        if command == "uai":
            hello(mode)
        elif command == "isready":
            out("readyok")
        elif command == "go":
            return misbehave(mode, token)
        elif command == "quit" and mode != "deaf":
            return 0
    if mode == "deaf":
        stay()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "-"))
