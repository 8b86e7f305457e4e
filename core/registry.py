"""The registry: every game, agent and command the loaded plugins registered, and the broken ones."""

from __future__ import annotations

from dataclasses import dataclass, field

from core.ai.base import LEVELS, AgentDef
from core.commands import CommandDef
from core.game import GameDef, GameError


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
            known = ", ".join(sorted(self.games)) or "none"
            raise UnknownGameError(f"unknown game {game_id!r} (games: {known})") from None

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
        raise UnknownAgentError(f"unknown agent {name!r} for {game_id} (agents: {known})")

    # --- registration callbacks (used by core.plugins) --------------------------------------

    def add_game(self, plugin: str, game: object) -> None:
        if not isinstance(game, GameDef):
            raise PluginError(
                f"plugin {plugin}: register_games registered {type(game).__name__}, not a GameDef"
            )
        missing = [
            name for name in ("id", "title", "new_state", "parse_position") if not getattr(game, name, None)
        ]
        if missing:
            raise PluginError(f"plugin {plugin}: game {game.id or '?'} is missing {', '.join(missing)}")
        if not game.id.replace("-", "").replace("_", "").isalnum() or game.id != game.id.lower():
            raise PluginError(
                f"plugin {plugin}: game id {game.id!r} must be lower-case letters, digits and '-'"
            )
        if game.id in self.games:
            other = self.games[game.id].plugin
            raise PluginError(f"plugin {plugin}: game id {game.id!r} is already registered by plugin {other}")
        if not 1 <= game.min_players <= game.max_players:
            raise PluginError(
                f"plugin {plugin}: game {game.id} has players {game.min_players}-{game.max_players}"
            )
        game.plugin = plugin
        self.games[game.id] = game

    def add_agent(self, plugin: str, agent: object) -> None:
        if not isinstance(agent, AgentDef):
            raise PluginError(
                f"plugin {plugin}: register_agents registered {type(agent).__name__}, not an AgentDef"
            )
        if not callable(agent.factory):
            raise PluginError(f"plugin {plugin}: agent {agent.name!r} has no factory")
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
        if command.name in self.commands:
            other = self.commands[command.name].plugin
            raise PluginError(f"plugin {plugin}: command {command.name!r} is already registered by {other}")
        command.plugin = plugin
        self.commands[command.name] = command
