"""Tafel's core: the public API plugins import.

Plugins use only what this package exports, plus :mod:`core.view` (the board view base
class, which imports pygame, so it is kept apart for fast command-line start-up) and
:mod:`core.ui.camera` for boards that pan and zoom.
"""

from core.ai.base import LEVEL_TIME, LEVELS, Agent, AgentDef, Limit, level_agents
from core.commands import CommandDef
from core.game import (
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
from core.hookspecs import hookimpl

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
