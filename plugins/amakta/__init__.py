"""Amakta for Tafel: the arrow-piece strategy game, with board and set files, an AI and a renderer.

This module only registers; the renderer, the AI and the command are imported when used.
The rules live in :mod:`tafel.games.amakta.rules` so that variants (Amakta Infinit) import them.
"""

from __future__ import annotations

from tafel import (
    AgentRegistrar,
    CommandRegistrar,
    GameDef,
    GameRegistrar,
    GameState,
    Option,
    Options,
    hookimpl,
    level_agents,
)

from .rules import catalog
from .rules.state import SEAT_NAMES, AmaktaState

GAME_ID = "amakta"

RULES = """\
Amakta is a strategy game for two players without chance. Each player has the same set of pieces in \
their colour (White or Black). A piece carries arrows pointing in the six hex directions: a blue arrow \
points at the next field, a green one two fields away, a red one three fields away; a piece may have two \
arrows in one direction (a double arrow). Another piece or a hole between a piece and the field its arrow \
points at blocks that arrow.

Control: a field at which more unblocked arrows of one player point than of the other is controlled by \
that player. Equal numbers (stalemate) or no arrows (a free field): controlled by nobody. Each base field \
(the two ends of the middle row, White's on the left) has one permanent arrow of its owner, so the first \
piece is always placed on your own base.

Circles: a violet circle (reinforcement) counts as one more arrow of the piece's owner at its own field, \
a green circle (damage) as one more arrow of the opponent, but only while at least one opposing arrow \
points at that field.

Freedom: a piece on a field its owner controls, or on a free field, is free; otherwise it is bound \
(also in stalemate).

Start: player 1 assigns circles to every white and black piece (quick choices: no circles - \
recommended for beginners -, the same for both colours piece by piece, or every piece separately); \
player 2 then chooses a colour. White moves first.

A move is exactly one of:
- Pass.
- Rotate: turn or mirror one of your free pieces on its field.
- Take: take one of your free pieces from the board into your inventory.
- Place: put a piece from your inventory on an empty field you control, in any orientation.
- Expropriate: an opponent's original piece on a field you control becomes yours; it loses its circle \
and is marked (grey ring).
- Release: remove an expropriated piece the opponent holds, on a field you control, from the game.
- Combined moves, when both parts are allowed: Replace (take and place on the same field), Relocate \
(take and place the same piece), Appropriate (expropriate and rotate that piece), Remove (expropriate \
and take that piece), Release-and-place (release and place on the same field).
Whether a move is legal is judged on the situation before the move. An expropriated piece that ends a \
move in an inventory leaves the game.

End: occupying the opponent's base wins, even with an expropriated piece. The same situation (board, \
inventories, circles and marks) for the third time at the start of a move is a draw - in particular two \
passes in a row. Either player may offer a draw (the other accepts or declines) or resign.

Notation (parts joined by ':'): pass, rotate:d4:r2, take:d4, place:3:d4:r2m (piece 3 on d4, turned twice, \
m = mirrored), expropriate:d4, release:d4, replace:d4:3:r0, relocate:d4:e5:r1, appropriate:d4:r3, \
remove:d4, release-place:d4:3:r0; circles:none|same|each|done, circle:w3:reinforce, colour:white; \
offer-draw, accept-draw, decline-draw, resign. Fields: row letter from the top, then the position in the \
row from the left (holes count).
"""


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
        "Board",
        "choice",
        _default(_BOARDS, catalog.DEFAULT_BOARD),
        choices=_BOARDS,
        help="The board (files in plugins/amakta/data/boards)",
    ),
    Option(
        "set",
        "Set",
        "choice",
        _default(_SETS, catalog.DEFAULT_SET),
        choices=_SETS,
        help="The pieces each player gets (files in plugins/amakta/data/sets)",
    ),
)


def new_state(options: Options, seed: int | None = None) -> AmaktaState:
    return AmaktaState.new(options["board"], options["set"])


def parse_position(text: str, options: Options) -> AmaktaState:
    return AmaktaState.from_text(text, {"board": options.get("board"), "set": options.get("set")})


def evaluate(state: GameState, seat: int) -> float:
    from .evaluate import evaluate as _evaluate

    return _evaluate(state, seat)  # type: ignore[arg-type]


GAME = GameDef(
    id=GAME_ID,
    title="Amakta",
    description="Arrow pieces fight for control of the fields; occupy the opponent's base to win.",
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    version="1",
    view=".view:AmaktaView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
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
