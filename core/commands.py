"""Command-line subcommands: the core's own and those plugins add via ``register_commands``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tafel.registry import Registry


#: The subcommands the core's command line (:mod:`tafel.cli`) defines itself, ``help`` included.
CORE_COMMANDS = frozenset(
    {
        "help",
        "list",
        "show",
        "perft",
        "arena",
        "play",
        "saves",
        "render",
        "rules",
        "review",
        "tutorial",
        "host",
        "join",
    }
)


class CommandError(Exception):
    """Bad input to a command: printed as one ``error:`` line, exit code 2."""


@dataclass
class CommandDef:
    """A subcommand of ``python main.py``.

    ``configure(parser)`` adds its arguments; ``run(args, registry)`` does the work and
    returns the process exit code (0 success, 2 bad input).
    """

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Registry], int]
    plugin: str = ""
