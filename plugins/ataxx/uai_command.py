"""``python main.py uai``: Tafel's Ataxx engine speaking the Universal Ataxx Interface."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tafel import CommandDef

if TYPE_CHECKING:
    from tafel.registry import Registry


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run the Ataxx engine on stdin/stdout with the Universal Ataxx Interface (UAI), "
        "for engine tournaments and Ataxx GUIs. Type 'uai', 'position startpos', 'go movetime 1000'."
    )


def run(args: argparse.Namespace, registry: Registry) -> int:
    from .uai import UaiEngine

    # Line buffering: every reply must reach the GUI at once, also through a pipe.
    try:
        sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    except (AttributeError, ValueError):
        pass
    return UaiEngine(sys.stdout).run(sys.stdin)


UAI_COMMAND = CommandDef(
    name="uai",
    help="Ataxx engine for UAI tournaments and GUIs (reads commands on stdin)",
    configure=configure,
    run=run,
)
