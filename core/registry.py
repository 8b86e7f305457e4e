"""The registry: every game, agent and command the loaded plugins registered, and the broken ones."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field

from tafel.ai.base import LEVELS, AgentDef, Limit
from tafel.commands import CORE_COMMANDS, CommandDef
from tafel.game import GameDef, GameError, Option
from tafel.i18n import _
from tafel.tutorial import check_shape

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")


def core_command_names() -> frozenset[str]:
    """The subcommands the core's command line defines itself; a plugin command of the same
    name would clash (``tests/test_cli.py`` checks the list against the parser).

    >>> {"list", "play"} <= core_command_names()
    True
    """
    return CORE_COMMANDS


class PluginError(Exception):
    """A plugin did something the contract forbids; the message names the plugin."""


class UnknownGameError(GameError):
    pass


class UnknownAgentError(GameError):
    pass


@dataclass
class BrokenPlugin:
    """A plugin that could not be loaded or whose hooks raised, with a one-line reason."""

    name: str
    error: str
    detail: str = ""


@dataclass
class LoadSpec:
    """How a registry was loaded, so the AI worker process can load the same plugins."""

    plugin_dirs: tuple[str, ...] = ()
    allow: tuple[str, ...] | None = None
    entry_points: bool = True
    builtin: bool = True


@dataclass
class Registry:
    """Everything the plugins registered: games by id, agents, commands, and the plugins that
    failed to load (``broken``). A command's ``run(args, registry)`` gets it: ``registry.game(id)``
    and ``registry.agent(name, game_id)`` find what it needs (one line of error for an unknown name).
    """

    games: dict[str, GameDef] = field(default_factory=dict)
    agents: list[AgentDef] = field(default_factory=list)
    commands: dict[str, CommandDef] = field(default_factory=dict)
    broken: list[BrokenPlugin] = field(default_factory=list)
    plugins: list[str] = field(default_factory=list)
    spec: LoadSpec = field(default_factory=LoadSpec)

    # --- lookups -------------------------------------------------------------------------

    def game(self, game_id: str) -> GameDef:
        try:
            return self.games[game_id]
        except KeyError:
            known = ", ".join(sorted(self.games)) or _("none")
            raise UnknownGameError(
                _("unknown game {game!r} (games: {known})").format(game=game_id, known=known)
            ) from None

    def agents_for(self, game_id: str) -> list[AgentDef]:
        """Every agent usable for ``game_id``; a game's own agent hides a generic one of the same name."""
        chosen: dict[str, AgentDef] = {}
        for agent in self.agents:
            if not agent.supports(game_id):
                continue
            current = chosen.get(agent.name)
            if current is None or (current.games is None and agent.games is not None):
                chosen[agent.name] = agent
        order = {name: i for i, name in enumerate(LEVELS)}
        return sorted(chosen.values(), key=lambda a: (order.get(a.name, len(order)), a.name))

    def agent(self, name: str, game_id: str) -> AgentDef:
        for agent in self.agents_for(game_id):
            if agent.name == name:
                return agent
        known = ", ".join(a.name for a in self.agents_for(game_id))
        raise UnknownAgentError(
            _("unknown agent {name!r} for {game} (agents: {known})").format(
                name=name, game=game_id, known=known
            )
        )

    # --- registration callbacks (used by tafel.plugins) --------------------------------------

    def add_game(self, plugin: str, game: object, package: str = "") -> None:
        """Check and keep ``game``; ``package`` (the plugin module's package) anchors a relative
        ``view`` text."""
        if not isinstance(game, GameDef):
            raise PluginError(
                f"plugin {plugin}: register_games registered {type(game).__name__}, not a GameDef"
            )
        missing = [
            name for name in ("id", "title", "new_state", "parse_position") if not getattr(game, name, None)
        ]
        if missing:
            raise PluginError(f"plugin {plugin}: game {game.id or '?'} is missing {', '.join(missing)}")
        if (
            not isinstance(game.id, str)
            or not game.id.replace("-", "").replace("_", "").isalnum()
            or not game.id.isascii()
            or game.id != game.id.lower()
        ):
            raise PluginError(
                f"plugin {plugin}: game id {game.id!r} must be lower-case letters, digits and '-'"
            )
        _check_game_parts(plugin, game)
        if game.id in self.games:
            other = self.games[game.id].plugin
            raise PluginError(f"plugin {plugin}: game id {game.id!r} is already registered by plugin {other}")
        if (
            not isinstance(game.min_players, int)
            or not isinstance(game.max_players, int)
            or not 1 <= game.min_players <= game.max_players
        ):
            raise PluginError(
                f"plugin {plugin}: game {game.id} has players {game.min_players}-{game.max_players}"
            )
        game.plugin = plugin
        if package and not game.package:
            game.package = package
        self.games[game.id] = game

    def add_agent(self, plugin: str, agent: object) -> None:
        if not isinstance(agent, AgentDef):
            raise PluginError(
                f"plugin {plugin}: register_agents registered {type(agent).__name__}, not an AgentDef"
            )
        if not isinstance(agent.name, str) or not _NAME.match(agent.name):
            raise PluginError(
                f"plugin {plugin}: agent name {agent.name!r} must be lower-case letters, digits and '-'"
            )
        if not callable(agent.factory):
            raise PluginError(f"plugin {plugin}: agent {agent.name!r} has no factory")
        if agent.games is not None and (
            isinstance(agent.games, str) or not all(isinstance(g, str) for g in agent.games)
        ):
            raise PluginError(
                f"plugin {plugin}: agent {agent.name!r}: games must be a tuple of game ids "
                f"like ('{agent.games if isinstance(agent.games, str) else 'my-game'}',), not {agent.games!r}"
            )
        if not isinstance(agent.default_limit, Limit):
            raise PluginError(f"plugin {plugin}: agent {agent.name!r}: default_limit must be a core.Limit")
        for other in self.agents:
            if other.name != agent.name:
                continue
            overlap = (
                other.games is None
                and agent.games is None
                or other.games is not None
                and agent.games is not None
                and set(other.games) & set(agent.games)
            )
            if overlap:
                raise PluginError(
                    f"plugin {plugin}: agent {agent.name!r} is already registered by plugin {other.plugin}"
                )
        agent.plugin = plugin
        self.agents.append(agent)

    def add_command(self, plugin: str, command: object) -> None:
        if not isinstance(command, CommandDef):
            raise PluginError(
                f"plugin {plugin}: register_commands registered {type(command).__name__}, not a CommandDef"
            )
        if not isinstance(command.name, str) or not _NAME.match(command.name):
            raise PluginError(
                f"plugin {plugin}: command name {command.name!r} must be lower-case letters, digits and '-'"
            )
        if command.name in core_command_names():
            raise PluginError(f"plugin {plugin}: command {command.name!r} is one of the core's own commands")
        if not callable(command.configure) or not callable(command.run):
            raise PluginError(f"plugin {plugin}: command {command.name!r} needs callable configure and run")
        if command.name in self.commands:
            other = self.commands[command.name].plugin
            raise PluginError(f"plugin {plugin}: command {command.name!r} is already registered by {other}")
        command.plugin = plugin
        self.commands[command.name] = command


def _check_game_parts(plugin: str, game: GameDef) -> None:
    """Types of a GameDef's parts, checked at registration so a mistake names the plugin and the game
    instead of failing later on screen."""
    where = f"plugin {plugin}: game {game.id}"
    if not isinstance(game.title, str):
        raise PluginError(f"{where}: title must be a str")
    for name in ("new_state", "parse_position"):
        if not callable(getattr(game, name)):
            raise PluginError(f"{where}: {name} must be a function, got {type(getattr(game, name)).__name__}")
    for name in ("evaluate", "seat_count", "seat_names", "perft", "features", "on_finished", "records"):
        value = getattr(game, name)
        if value is not None and not callable(value):
            raise PluginError(f"{where}: {name} must be a function or None, got {type(value).__name__}")
    _check_view(where, game.view)
    if game.tutorial is not None:
        try:
            check_shape(game.tutorial)
        except (TypeError, ValueError) as exc:
            raise PluginError(f"{where}: {exc}") from None
    _check_options(where, game.options)


def _check_options(where: str, options: object) -> None:
    """``GameDef.options``: a tuple of valid :class:`Option` values, each key once."""
    if not isinstance(options, (tuple, list)):
        raise PluginError(f"{where}: options must be a tuple of Option, got {type(options).__name__}")
    keys: set[str] = set()
    for opt in options:
        if not isinstance(opt, Option):
            raise PluginError(f"{where}: options must hold Option values, got {type(opt).__name__}")
        if opt.kind not in ("choice", "bool", "int", "text"):
            raise PluginError(
                f"{where}: option {opt.key}: kind {opt.kind!r} is not choice, bool, int or text"
            )
        if opt.key in keys:
            raise PluginError(f"{where}: option key {opt.key!r} is used twice")
        keys.add(opt.key)
        if opt.kind == "choice" and not opt.choices:
            raise PluginError(f"{where}: option {opt.key}: a choice option needs choices")
        try:
            opt.validate(opt.default)
        except GameError as exc:
            raise PluginError(f"{where}: option {opt.key}: the default is not valid ({exc})") from None


_VIEW_NAME = re.compile(r"\.*[A-Za-z_][\w.]*:[A-Za-z_]\w*\Z|\.+:[A-Za-z_]\w*\Z")


def _check_view(where: str, view: object) -> None:
    """``GameDef.view`` is None, a class, or ``"module:Class"`` (checked without importing it, so
    listing games stays fast; the class is imported when a game starts)."""
    if view is None:
        return
    if isinstance(view, str):
        if not _VIEW_NAME.match(view):
            raise PluginError(
                f"{where}: view {view!r} must look like 'package.module:Class' or '.view:Class'"
            )
        return
    if not isinstance(view, type):
        raise PluginError(
            f"{where}: view must be a BoardView subclass or 'module:Class', got {type(view).__name__}"
        )
    board_view = getattr(sys.modules.get("tafel.view"), "BoardView", None)
    if board_view is not None and not issubclass(view, board_view):
        raise PluginError(f"{where}: view {view.__name__} is not a BoardView subclass")
