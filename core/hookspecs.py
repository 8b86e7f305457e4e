"""The hooks a Tafel plugin may implement, and the registrars they receive.

A plugin is a module (or package) with functions marked ``@tafel.hookimpl``. Built-in
plugins are the ``tafel.games`` packages; installed packages declare an entry point in the
group ``tafel``. Each registration hook receives a registrar instead of returning a list: a
typed callable object taking one item per call, so the core validates ids and duplicates in
one place and names the plugin in every error.

Example::

    from tafel import GameDef, GameRegistrar, hookimpl

    @hookimpl
    def register_games(register: GameRegistrar) -> None:
        register(GameDef(id="tictactoe", ...))

>>> seen = []
>>> register = GameRegistrar("demo", lambda plugin, item: seen.append((plugin, item)))
>>> register("not checked here"); seen
[('demo', 'not checked here')]
>>> register
<GameRegistrar for plugin demo>
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

import pluggy

from tafel.ai.base import AgentDef
from tafel.game import GameDef

if TYPE_CHECKING:
    from tafel.commands import CommandDef  # noqa: F401 (named below; a module of the same layer)

PROJECT = "tafel"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)
"""The mark of a plugin's hook functions: ``@hookimpl`` above ``register_games`` and the others."""

T = TypeVar("T")


class Registrar(Generic[T]):
    """What a registration hook receives: call it once per item, ``register(item)``.

    ``plugin`` names the plugin whose hook runs (the registry puts it in every error);
    ``package`` is its module's package. ``add(plugin, item)`` is the registry's check and store;
    it raises ``tafel.registry.PluginError`` for an item the contract forbids.
    """

    def __init__(self, plugin: str, add: Callable[[str, T], None], package: str = "") -> None:
        self.plugin = plugin
        self.package = package
        self._add = add

    def __call__(self, item: T) -> None:
        """Register one item."""
        self._add(self.plugin, item)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} for plugin {self.plugin}>"


class GameRegistrar(Registrar[GameDef]):
    """``register(game_def)`` in ``register_games``: one :class:`tafel.GameDef` per call."""


class AgentRegistrar(Registrar[AgentDef]):
    """``register(agent_def)`` in ``register_agents``: one :class:`tafel.AgentDef` per call."""


class CommandRegistrar(Registrar["CommandDef"]):
    """``register(command_def)`` in ``register_commands``: one :class:`tafel.CommandDef` per call."""


@hookspec
def register_games(register: GameRegistrar) -> None:
    """Called once at start-up. Call ``register(game_def)`` for each game this plugin offers.

    A variant is simply another :class:`tafel.GameDef`, possibly from a plugin that imports
    another plugin's rules module. Ids must be unique across all plugins. Returns nothing.
    """


@hookspec
def register_agents(register: AgentRegistrar) -> None:
    """Called once at start-up, after ``register_games``. Call ``register(agent_def)`` for each
    AI player this plugin adds, for any game (``games=None``) or for given game ids.

    A plugin's agent named ``easy``, ``medium`` or ``hard`` for its game replaces the
    generic level of that name. Returns nothing.
    """


@hookspec
def register_commands(register: CommandRegistrar) -> None:
    """Called when the command line is parsed. Call ``register(command_def)`` for each
    subcommand this plugin adds to ``tafel`` (``python main.py``). Returns nothing.
    """
