"""Ataxx for Tafel: rules, blocker layouts, a strong alpha-beta AI and a UAI engine.

This module only registers; the renderer, the AI and the UAI engine are imported when used,
so listing games stays fast.
"""

from __future__ import annotations

from importlib.resources import files

from tafel import (
    AgentDef,
    AgentRegistrar,
    CommandRegistrar,
    EngineProtocol,
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

from .layouts import LAYOUTS, layout_fen
from .rules import RED, SEAT_NAMES, AtaxxState, perft
from .teach import REASONS
from .texts import N_, _
from .tutorial import TUTORIAL

RULES = files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
#: The rules in German (the German rule sheet, with the readings of RULES.md).
RULES_DE = files(__package__).joinpath("RULES.de.md").read_text(encoding="utf-8")

OPTIONS = (
    Option(
        "layout",
        N_("Board"),
        "choice",
        "classic",
        choices=tuple((key, label) for key, label, _ in LAYOUTS),
        help=N_("The empty board or one of the blocker layouts"),
    ),
    Option(
        "engine_rules",
        N_("Engine rules"),
        "bool",
        False,
        help=N_("Also end the game as a draw after 100 moves without a clone"),
    ),
)


def _ataxx(state: GameState) -> AtaxxState:
    """``state``, which the core hands back from this game's own factories, as an AtaxxState."""
    assert isinstance(state, AtaxxState), type(state).__name__
    return state


def new_state(options: Options, seed: int | None = None) -> AtaxxState:
    return AtaxxState.from_fen(layout_fen(options["layout"]), options["engine_rules"])


def parse_position(text: str, options: Options) -> AtaxxState:
    return AtaxxState.from_fen(text, bool(options.get("engine_rules", False)))


def evaluate(state: GameState, seat: int) -> float:
    """Stone balance from ``seat``'s point of view, in [-1, 1] (for the generic agents)."""
    assert isinstance(state, AtaxxState)
    mine = state.count(seat)
    theirs = state.count(1 - seat)
    total = mine + theirs
    return (mine - theirs) / total if total else 0.0


#: The themes of Ataxx puzzles (:mod:`.puzzles` names them for a solution).
PUZZLE_THEMES = {
    "jump": N_("Jump"),
    "clone": N_("Clone"),
    "big-capture": N_("Big capture"),
    "not-greedy": N_("Not the greediest"),
    "wipe-out": N_("Wipe-out"),
    "blocked": N_("Blocked"),
    "endgame": N_("Endgame"),
}

PUZZLES = PuzzleSupport(
    score_moves=".puzzles:score_moves",
    themes=".puzzles:themes",
    theme_labels=PUZZLE_THEMES,
    translate=lambda text: _(text),
    data="puzzles.json",
    depth=1,
    verify_depth=5,
    win_at=0.8,
    gap=0.3,
    opening=4,
    max_line=3,
    min_moves=12,
)

GAME = GameDef(
    id="ataxx",
    title="Ataxx",
    description=N_("Clone and jump to flip your opponent's stones; most stones wins."),
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    translated_rules={"de": RULES_DE},
    version="1",
    view=".view:AtaxxView",
    evaluate=evaluate,
    perft=lambda state, depth: perft(_ataxx(state), depth),
    seat_names=lambda options: list(SEAT_NAMES),
    palette="red-blue",
    tutorial=TUTORIAL,
    # External UAI engines can play Ataxx: positions as FEN (to_text), moves as they write them.
    # x, Red, moves first and is UAI's Black: its clock is ``btime``/``binc`` (libataxx's convention).
    engine_protocol=EngineProtocol("uai", sides=("b", "w")),
    puzzles=PUZZLES,
    reasons=REASONS,  # a hint's reason, made in English by the AI's process (teach.explain)
)

__all__ = ["GAME", "RED", "AtaxxState"]


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)


def _make_agent(level: str):
    from .ai import AtaxxSearch

    return AtaxxSearch(level)


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    for agent in level_agents("ataxx", _make_agent, "Ataxx alpha-beta"):
        register(agent)
    register(
        AgentDef(
            "material3",
            "Material-only alpha-beta to depth 3 (a yardstick for the strength bench)",
            lambda game: _make_agent("material3"),
            games=("ataxx",),
            default_limit=Limit(depth=3),
        )
    )


@hookimpl
def register_commands(register: CommandRegistrar) -> None:
    from .uai_command import UAI_COMMAND

    register(UAI_COMMAND)
