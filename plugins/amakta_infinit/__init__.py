"""Amakta Infinit for Tafel: Amakta on an unbounded board, with an auction and piece creation.

A plugin of its own that reuses the Amakta rules module (:mod:`tafel.games.amakta.rules`) by
import; this module only registers. The state is in :mod:`.state`, piece values and the
creation table in :mod:`.values`, the AI in :mod:`.ai` and the screen in :mod:`.view`.
"""

from __future__ import annotations

from tafel import AgentRegistrar, GameDef, GameRegistrar, GameState, Option, Options, hookimpl, level_agents

from .state import DRAW_MOVES, InfinitState

GAME_ID = "amakta-infinit"
SEAT_NAMES = ("Player 1", "Player 2")

RULES = f"""\
Amakta Infinit is Amakta on an endless board of hexagonal fields without holes, where each player \
creates their own set of pieces.

Pieces: a piece carries arrows in the six directions: blue points at the next field, green two fields \
away, red three; one direction may hold two arrows. A circle may be added: violet (reinforcement) counts \
as one more arrow of the owner at the piece's field, green (damage) as one more arrow of the opponent, \
both only while an opposing arrow points there.

Value: with a = single arrows (two different colours in one direction count as two), b = double arrows \
(two of one colour) and s = 1 without circle, 2 with reinforcement, 1/2 with damage, a piece is worth \
2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s points. A blue dart is worth 4, a blank piece 2.

Start: the setup fixes the distance between the bases and White's points. Then the players bid for \
Black's points, Player 1 first: each bid must be higher than the last; instead of bidding higher a \
player may accept the last bid and play Black with that many points (the last bidder plays White). \
Then, White first, the players take turns creating a piece that fits their remaining points, or closing \
their set for good (a player who cannot create a piece must close). A set may not hold the same piece \
twice, up to rotation and mirroring and whatever the circles; the two sets are independent. Play begins \
when both sets are closed, White first.

Play: as in Amakta. The bases lie on one row, the agreed distance apart (White's at 0,0, Black's to the \
east); each has a permanent arrow of its owner. Control, freedom, circles and the moves (pass, rotate, \
take, place, expropriate, release, and the combined moves) are the standard rules. Occupying the \
opponent's base wins. The same situation for the third time is a draw, and so are {DRAW_MOVES} moves in a \
row without an expropriation or release (the counter shows in the side panel).

Screen: drag with the mouse (or use the arrow keys) to move over the board, wheel or +/- to zoom, F or \
Home frames both bases. In the auction, +/- or the buttons set your bid. In the piece editor click a \
direction to cycle its arrows (right click backwards) or pick from the palette, choose the circle, and \
create (Enter); presets fill the editor.

Notation: bid:40, accept, create:b.-.-.bb.-.- (E NE NW W SW SE; -, b, g, r, bb, gg, rr, bg, br, gr) with \
:reinforce or :damage, close; play moves as in Amakta with fields column,row (place:1:0,0:r0, \
relocate:1,0:3,0:r2); offer-draw, accept-draw, decline-draw, resign.
"""

OPTIONS = (
    Option(
        "distance",
        "Base distance",
        "int",
        6,
        minimum=1,
        maximum=200,
        help="Fields between the two bases along their row",
    ),
    Option(
        "points",
        "White's points",
        "int",
        60,
        minimum=0,
        maximum=500,
        help="Points White creates its set with (Black's are bid for)",
    ),
)


def new_state(options: Options, seed: int | None = None) -> InfinitState:
    return InfinitState.new(options["distance"], options["points"])


def parse_position(text: str, options: Options) -> InfinitState:
    return InfinitState.from_text(
        text, {"distance": options.get("distance"), "points": options.get("points")}
    )


def evaluate(state: GameState, seat: int) -> float:
    from tafel.games.amakta.evaluate import evaluate as _evaluate

    return _evaluate(state, seat)  # type: ignore[arg-type]


GAME = GameDef(
    id=GAME_ID,
    title="Amakta Infinit",
    description="Amakta on an endless board: bid for points, create your own pieces, take the other base.",
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    version="1",
    view=".view:InfinitView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
)

__all__ = ["GAME", "GAME_ID", "InfinitState"]


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)


def _make_agent(level: str):
    from .ai import InfinitAgent

    return InfinitAgent(level)


AGENT_DESCRIPTIONS = {
    "easy": "Amakta Infinit, easy: rough bids and sets, one ply ahead with noise",
    "medium": "Amakta Infinit, medium: one ply ahead, replies that win at once avoided",
    "hard": "Amakta Infinit, hard: a pruned alpha-beta search",
}


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    for agent in level_agents(GAME_ID, _make_agent, AGENT_DESCRIPTIONS):
        register(agent)
