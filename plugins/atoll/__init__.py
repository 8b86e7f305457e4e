"""Atoll (Mark Steere, 2008) for Tafel: the exact board, the pie rule, and an MCTS AI.

This module only registers; the renderer (pygame) and the AI are imported when used, so
listing games stays fast.
"""

from __future__ import annotations

from importlib.resources import files
from typing import cast

from tafel import (
    AgentDef,
    AgentRegistrar,
    GameDef,
    GameRegistrar,
    GameState,
    Limit,
    Option,
    Options,
    PuzzleSupport,
    hookimpl,
    level_agents,
)

from .board import BLACK, SIZES, STANDARD, WHITE, Board
from .rules import SEAT_NAMES, SWAP, AtollMove, AtollState, perft
from .teach import REASONS
from .texts import N_, _
from .tutorial import TUTORIAL

RULES = files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
#: The rules in German (the same diagrams and notation).
RULES_DE = files(__package__).joinpath("RULES.de.md").read_text(encoding="utf-8")

OPTIONS = (
    Option(
        "size",
        N_("Board"),
        "choice",
        STANDARD,
        choices=(
            (11, N_("Standard (11 columns)")),
            (15, N_("Large (15 columns)")),
            (19, N_("Huge (19 columns)")),
        ),
        help=N_("Playable columns; the standard board has 104 cells"),
    ),
    Option(
        "pie",
        N_("Pie rule"),
        "bool",
        True,
        help=N_("On move 2 White may take Black's first stone and swap colours"),
    ),
)


def new_state(options: Options, seed: int | None = None) -> AtollState:
    return AtollState.start(int(options.get("size", STANDARD)), bool(options.get("pie", True)))


def parse_position(text: str, options: Options) -> AtollState:
    # The board size and the pie rule's state are part of the notation itself.
    return AtollState.from_text(text)


def evaluate(state: GameState, seat: int) -> float:
    """Shortest-connection balance from ``seat``'s side, in [-1, 1] (for the generic agents).

    Each colour's distance is how many more stones it needs to join a pair of its islands.
    """
    assert isinstance(state, AtollState)
    if state.winner is not None:
        return 1.0 if state.seat_of(state.winner) == seat else -1.0
    me = state.colour_of(seat)
    board = state.board
    mine = board.distance(state.stones[me], state.stones[me ^ 1], me)
    theirs = board.distance(state.stones[me ^ 1], state.stones[me], me ^ 1)
    return (theirs - mine) / (theirs + mine + 1)


#: The themes of Atoll puzzles (:mod:`.puzzles` names them for a solution).
PUZZLE_THEMES = {
    "connection": N_("Connection"),
    "double-threat": N_("Double threat"),
    "forcing": N_("Forcing"),
    "pie": N_("Pie rule"),
}

PUZZLES = PuzzleSupport(
    score_moves=".puzzles:score_moves",
    themes=".puzzles:themes",
    theme_labels=PUZZLE_THEMES,
    translate=lambda text: _(text),
    data="puzzles.json",
    depth=3,
    verify_depth=5,
    win_at=0.9,
    gap=0.3,
    opening=6,
    max_line=3,
    min_moves=6,
)

GAME = GameDef(
    id="atoll",
    title="Atoll",
    description=N_("Join two opposite islands of your colour with a chain of stones; draws are impossible."),
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    translated_rules={"de": RULES_DE},
    version="1",
    view=".view:AtollView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
    palette="black-white",
    # The core hands back this game's own states.
    perft=lambda state, depth: perft(cast(AtollState, state), depth),
    tutorial=TUTORIAL,
    puzzles=PUZZLES,
    reasons=REASONS,  # a hint's reason, made in English by the AI's process (teach.explain)
)

#: Think time per level in seconds (levels differ only by time; the search is the same).
LEVEL_SECONDS = {"easy": 0.1, "medium": 0.5, "hard": 2.0}


def _make_agent(level: str):
    from .ai import AtollMCTS

    return AtollMCTS(level)


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    descriptions = {level: f"Atoll MCTS, {seconds:g} s a move" for level, seconds in LEVEL_SECONDS.items()}
    for agent in level_agents("atoll", _make_agent, descriptions, LEVEL_SECONDS):
        register(agent)
    register(
        AgentDef(
            "atoll-mcts",
            "Atoll MCTS with the budget you give it (iterations or time)",
            lambda game: _make_agent("custom"),
            games=("atoll",),
            default_limit=Limit(time=1.0),
        )
    )


__all__ = ["BLACK", "GAME", "SIZES", "SWAP", "WHITE", "AtollMove", "AtollState", "Board"]
