"""``python main.py uai``: Tafel's Ataxx engine speaking the Universal Ataxx Interface."""

from __future__ import annotations

import argparse
import os
import sys

from tafel import CommandDef, Registry


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run the Ataxx engine on stdin/stdout with the Universal Ataxx Interface (UAI), "
        "for engine tournaments and Ataxx GUIs. Type 'uai', 'position startpos', 'go movetime 1000'."
    )


def _silence_stdout() -> None:
    """The GUI closed the pipe: send what is left to /dev/null, so that Python's flush at exit
    raises no BrokenPipeError ('Exception ignored ...' on stderr)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def run(args: argparse.Namespace, registry: Registry) -> int:
    from .uai import UaiEngine

    # Line buffering: every reply must reach the GUI at once, also through a pipe. Bytes that
    # are not UTF-8 become U+FFFD (an unknown command) rather than end the engine.
    for stream, change in ((sys.stdout, {"line_buffering": True}), (sys.stdin, {"errors": "replace"})):
        try:
            stream.reconfigure(**change)  # type: ignore[union-attr]
        except (AttributeError, ValueError):
            pass
    return UaiEngine(sys.stdout, on_closed=_silence_stdout).run(sys.stdin)


UAI_COMMAND = CommandDef(
    name="uai",
    help="Ataxx engine for UAI tournaments and GUIs (reads commands on stdin)",
    configure=configure,
    run=run,
)
