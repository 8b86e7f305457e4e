"""Tafel's core: the public API plugins import.

Plugins use only what this package exports, plus :mod:`tafel.view` (the board view base
class, which imports pygame, so it is kept apart for fast command-line start-up) and
:mod:`tafel.ui.camera` for boards that pan and zoom.
"""

from tafel.ai.base import LEVEL_TIME, LEVELS, Agent, AgentDef, Limit, level_agents
from tafel.commands import CommandDef
from tafel.game import (
    FinishedGame,
    GameDef,
    GameError,
    GameState,
    IllegalMoveError,
    Move,
    NotationError,
    Option,
    OptionError,
    Options,
    Outcome,
    RecordsTable,
)
from tafel.hookspecs import hookimpl

__all__ = [
    "LEVELS",
    "LEVEL_TIME",
    "Agent",
    "AgentDef",
    "CommandDef",
    "FinishedGame",
    "GameDef",
    "GameError",
    "GameState",
    "IllegalMoveError",
    "Limit",
    "Move",
    "NotationError",
    "Option",
    "OptionError",
    "Options",
    "Outcome",
    "RecordsTable",
    "hookimpl",
    "level_agents",
]
