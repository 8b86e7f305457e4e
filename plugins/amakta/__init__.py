"""Amakta for Tafel: the arrow-piece strategy game, with board and set files, an AI and a renderer.

This module only registers; the renderer, the AI and the command are imported when used.
The rules live in :mod:`tafel.games.amakta.rules` so that variants (Amakta Infinit) import them.
"""

from __future__ import annotations

from importlib.resources import files

from tafel import (
    AgentRegistrar,
    CommandRegistrar,
    GameDef,
    GameRegistrar,
    GameState,
    Option,
    Options,
    PuzzleSupport,
    hookimpl,
    level_agents,
)

from .rules import catalog
from .rules.state import SEAT_NAMES, AmaktaState
from .teach import REASONS
from .texts import N_, _
from .tutorial import TUTORIAL

GAME_ID = "amakta"

RULES = files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
#: The rules in German (the German rule sheet, with the readings of RULES.md).
RULES_DE = files(__package__).joinpath("RULES.de.md").read_text(encoding="utf-8")


def _board_choices() -> tuple[tuple[str, str], ...]:
    return tuple((key, b.title) for key, b in catalog.boards().items())


def _set_choices() -> tuple[tuple[str, str], ...]:
    return tuple((key, s.title) for key, s in catalog.sets().items())


def _default(choices: tuple[tuple[str, str], ...], preferred: str) -> str:
    keys = [k for k, _ in choices]
    return preferred if preferred in keys else keys[0]


_BOARDS = _board_choices()
_SETS = _set_choices()

OPTIONS = (
    Option(
        "board",
        N_("Board"),
        "choice",
        _default(_BOARDS, catalog.DEFAULT_BOARD),
        choices=_BOARDS,
        help=N_("The board (files in plugins/amakta/data/boards)"),
    ),
    Option(
        "set",
        N_("Set"),
        "choice",
        _default(_SETS, catalog.DEFAULT_SET),
        choices=_SETS,
        help=N_("The pieces each player gets (files in plugins/amakta/data/sets)"),
    ),
)


def new_state(options: Options, seed: int | None = None) -> AmaktaState:
    return AmaktaState.new(options["board"], options["set"])


def parse_position(text: str, options: Options) -> AmaktaState:
    return AmaktaState.from_text(text, {"board": options.get("board"), "set": options.get("set")})


def evaluate(state: GameState, seat: int) -> float:
    from .evaluate import evaluate as _evaluate

    return _evaluate(state, seat)  # type: ignore[arg-type]


#: The themes of Amakta puzzles (:mod:`.puzzles` names them for a solution).
PUZZLE_THEMES = {
    "base": N_("Base occupied"),
    "threat": N_("Unstoppable threat"),
    "defence": N_("Under threat"),
    "placement": N_("Placement"),
    "rotation": N_("Rotation"),
    "expropriation": N_("Expropriation"),
    "relocation": N_("Relocation"),
    "removal": N_("Removal"),
    "appropriation": N_("Appropriation"),
    "replacement": N_("Replacement"),
}


PUZZLES = PuzzleSupport(
    score_moves=".puzzles:score_moves",
    themes=".puzzles:themes",
    theme_labels=PUZZLE_THEMES,
    translate=lambda text: _(text),
    data="puzzles.json",
    depth=3,
    verify_depth=4,
    win_at=0.9,
    gap=0.3,
    # The standard set's many pieces in hand make three to four times as many moves as the beginners':
    # the generator searches only where a move can take the opponent's base (candidate), and its
    # movers choose among 40 moves elsewhere (sample). The shipped set's beginners' part was mined
    # before, every move searched and positions kept whole: --option set=beginner --sample 0
    # --no-trim (the set's header says so; a test makes its first puzzles again).
    options={"board": "hexagon", "set": "standard"},
    opening=6,
    max_line=2,
    min_moves=6,
    mistakes=0.7,
    sample=40,
    move_key=".puzzles:move_key",
    candidate=".puzzles:candidate",
    trim=".puzzles:trim",
)

GAME = GameDef(
    id=GAME_ID,
    title="Amakta",
    description=N_("Arrow pieces fight for control of the fields; occupy the opponent's base to win."),
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    translated_rules={"de": RULES_DE},
    version="1",
    view=".view:AmaktaView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
    palette="red-blue",  # the seats until the colours are chosen; then the stones (seat_color)
    tutorial=TUTORIAL,
    puzzles=PUZZLES,
    reasons=REASONS,  # a hint's reason, made in English by the AI's process (teach.explain)
)

__all__ = ["GAME", "GAME_ID", "AmaktaState"]


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)


def _make_agent(level: str):
    from .ai import AmaktaAgent

    return AmaktaAgent(level)


AGENT_DESCRIPTIONS = {
    "easy": "Amakta, easy: one ply ahead with a lot of noise (often misses the best move)",
    "medium": "Amakta, medium: one ply ahead with a little noise, replies that win at once avoided",
    "hard": "Amakta, hard: selective alpha-beta, two plies (its best 8-32 moves) and three when time remains",
}


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    for agent in level_agents(GAME_ID, _make_agent, AGENT_DESCRIPTIONS):
        register(agent)


@hookimpl
def register_commands(register: CommandRegistrar) -> None:
    from .command import PIECES_COMMAND

    register(PIECES_COMMAND)
