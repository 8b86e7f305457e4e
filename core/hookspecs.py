"""The hooks a Tafel plugin may implement.

A plugin is a module (or package) with functions marked ``@tafel.hookimpl`` (that is
``core.hookimpl``). Built-in plugins live in ``plugins/``; installed packages declare an
entry point in the group ``tafel``. Registration hooks receive a ``register`` callback
instead of returning lists, so the core validates ids and duplicates in one place and
can name the plugin in every error.

Example::

    from tafel import hookimpl, GameDef

    @hookimpl
    def register_games(register):
        register(GameDef(id="tictactoe", ...))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from tafel.ai.base import AgentDef
    from tafel.commands import CommandDef
    from tafel.game import GameDef

PROJECT = "tafel"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_games(register: Callable[[GameDef], None]) -> None:
    """Called once at start-up. Call ``register(game_def)`` for each game this plugin offers.

    A variant is simply another :class:`tafel.game.GameDef`, possibly from a plugin that
    imports another plugin's rules module. Ids must be unique across all plugins.
    Returns nothing.
    """


@hookspec
def register_agents(register: Callable[[AgentDef], None]) -> None:
    """Called once at start-up, after ``register_games``. Call ``register(agent_def)`` for each
    AI player this plugin adds, for any game (``games=None``) or for given game ids.

    A plugin's agent named ``easy``, ``medium`` or ``hard`` for its game replaces the
    generic level of that name. Returns nothing.
    """


@hookspec
def register_commands(register: Callable[[CommandDef], None]) -> None:
    """Called when the command line is parsed. Call ``register(command_def)`` for each
    subcommand this plugin adds to ``python main.py``. Returns nothing.
    """
