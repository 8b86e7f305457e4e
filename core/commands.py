"""Command-line subcommands: the core's own and those plugins add via ``register_commands``."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

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
    returns the process exit code (0 success, 2 bad input). ``registry`` is a
    :class:`tafel.Registry`: the games, agents and commands installed.
    """

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    # Any: a tafel.Registry. The registry keeps CommandDefs, so naming it here (even for the type
    # checker alone) would make an import cycle; a run function annotates its own parameter.
    run: Callable[[argparse.Namespace, Any], int]
    plugin: str = ""
