"""Tafel: the public API for game plugins.

What is public is said once, in PLUGINS.md ("The public API"): the names in ``__all__`` of this
package, :mod:`tafel.view` (the board view; it imports pygame, so it is kept apart for a fast
command line), :mod:`tafel.kit` and :mod:`tafel.testing`.

>>> import tafel
>>> {"GameDef", "GameState", "hookimpl"} <= set(tafel.__all__)
True

The contract: :class:`GameDef` describes a game, :class:`GameState` is an immutable position
with its legal moves, :class:`Outcome` ends it. Hooks are marked with :data:`hookimpl`. AI
building blocks: :class:`Agent`, :class:`AgentDef`, :class:`Limit`, the generic agents, and
:func:`level_agents`. A plugin that keeps files of its own (a puzzle's records) uses
:func:`data_dir`, :func:`atomic_write`, :func:`load_json_file` and :func:`move_aside`. A command's
numbers are read with :func:`whole_number`, :func:`decimal_number` and :func:`seed_number` (one
``error:`` line for ``inf``, ``nan`` or a number out of range). A random setup's daily deal:
:func:`daily_seed` and :func:`daily_date`.
"""

from tafel.ai.alphabeta import AlphaBetaAgent
from tafel.ai.base import LEVEL_TIME, LEVELS, Agent, AgentDef, Limit, StopCheck, level_agents
from tafel.ai.greedy import GreedyAgent
from tafel.ai.mcts import MCTSAgent
from tafel.ai.random_agent import RandomAgent
from tafel.commands import CommandDef, CommandError
from tafel.daily import daily_date, daily_seed
from tafel.datadir import atomic_write, data_dir, load_json_file, move_aside
from tafel.engine_protocol import EngineProtocol, bounded_lines
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
    OptionValue,
    Outcome,
    RecordsTable,
    Tutorial,
    TutorialStep,
)
from tafel.hookspecs import AgentRegistrar, CommandRegistrar, GameRegistrar, Registrar, hookimpl
from tafel.i18n import (
    Translations,
    current,
    format_datetime,
    format_number,
    format_percent,
    reword,
    translations,
)
from tafel.numbers import decimal_number, seed_number, whole_number
from tafel.puzzles.support import PuzzleSupport
from tafel.registry import Registry

__all__ = [
    "Agent",
    "AgentDef",
    "AgentRegistrar",
    "AlphaBetaAgent",
    "CommandDef",
    "CommandError",
    "CommandRegistrar",
    "EngineProtocol",
    "FinishedGame",
    "GameDef",
    "GameError",
    "GameRegistrar",
    "GameState",
    "GreedyAgent",
    "IllegalMoveError",
    "LEVELS",
    "LEVEL_TIME",
    "Limit",
    "MCTSAgent",
    "Move",
    "NotationError",
    "Option",
    "OptionError",
    "OptionValue",
    "Options",
    "Outcome",
    "PuzzleSupport",
    "RandomAgent",
    "RecordsTable",
    "Registrar",
    "Registry",
    "StopCheck",
    "Translations",
    "Tutorial",
    "TutorialStep",
    "atomic_write",
    "bounded_lines",
    "current",
    "daily_date",
    "daily_seed",
    "data_dir",
    "decimal_number",
    "format_datetime",
    "format_number",
    "format_percent",
    "hookimpl",
    "level_agents",
    "load_json_file",
    "move_aside",
    "reword",
    "seed_number",
    "translations",
    "whole_number",
]

# Notation helpers for a game's rules (tafel.notation, pygame-free) and the value scale of
# Agent.info["value"] (PLUGINS.md, "The value scale").
from tafel.ai.base import proven_value, search_value  # noqa: E402
from tafel.notation import BoardText, hex_name, parse_hex, parse_square, square_name  # noqa: E402

__all__ += [
    "BoardText",
    "hex_name",
    "parse_hex",
    "parse_square",
    "proven_value",
    "search_value",
    "square_name",
]
