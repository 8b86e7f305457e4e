"""Amakta Infinit for Tafel: Amakta on an unbounded board, with an auction and piece creation.

A plugin of its own that reuses the Amakta rules module (:mod:`tafel.games.amakta.rules`) by
import; this module only registers. The state is in :mod:`.state`, piece values and the
creation table in :mod:`.values`, the AI in :mod:`.ai` and the screen in :mod:`.view`.
"""

from __future__ import annotations

from importlib.resources import files

from tafel import AgentRegistrar, GameDef, GameRegistrar, GameState, Option, Options, hookimpl, level_agents
from tafel.games.amakta.teach import REASONS as AMAKTA_REASONS

from .state import DRAW_MOVES, InfinitState
from .teach import REASONS
from .texts import N_
from .tutorial import TUTORIAL

GAME_ID = "amakta-infinit"
SEAT_NAMES = (N_("Player 1"), N_("Player 2"))


def _rules(name: str) -> str:
    return (
        files(__package__).joinpath(name).read_text(encoding="utf-8").replace("{DRAW_MOVES}", str(DRAW_MOVES))
    )


RULES = _rules("RULES.md")
#: The rules in German (the German sheet's Infinit part, with the readings of RULES.md).
RULES_DE = _rules("RULES.de.md")

OPTIONS = (
    Option(
        "distance",
        N_("Base distance"),
        "int",
        6,
        minimum=1,
        maximum=200,
        help=N_("Fields between the two bases along their row"),
    ),
    Option(
        "points",
        N_("White's points"),
        "int",
        60,
        minimum=0,
        maximum=500,
        help=N_("Points White creates its set with (Black's are bid for)"),
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


#: The menu's preview: past the auction and the sets, a few pieces on the board.
PREVIEW_MOVES = (
    "bid:110",
    "accept",
    "create:r.g.r.-.r.-:reinforce",
    "create:rr.bb.-.r.-.b:damage",
    "create:gr.r.r.-.-.-",
    "create:br.gg.-.g.-.-",
    "create:b.-.b.-.-.-:damage",
    "create:bg.-.-.r.-.-",
    "close",
    "create:b.-.b.-.-.-:damage",
    "close",
    "place:2:0,0:r5m",
    "place:1:6,0:r3m",
    "rotate:0,0:r0m",
    "relocate:6,0:5,1:r0m",
    "rotate:0,0:r1",
    "relocate:5,1:6,0:r3m",
    "place:3:1,-2:r5",
    "relocate:6,0:3,0:r0m",
    "relocate:1,-2:1,-1:r4",
    "place:4:3,1:r0",
    "relocate:1,-1:1,0:r3",
    "replace:3,0:2:r1",
    "place:1:1,-3:r1",
    "place:1:2,-2:r1",
)


GAME = GameDef(
    id=GAME_ID,
    title="Amakta Infinit",
    description=N_(
        "Amakta on an endless board: bid for points, create your own pieces, take the other base."
    ),
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    translated_rules={"de": RULES_DE},
    version="1",
    view=".view:InfinitView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
    palette="red-blue",  # the seats until the colours are chosen; then the stones (seat_color)
    tutorial=TUTORIAL,
    preview_moves=PREVIEW_MOVES,
    # A hint's reason: the auction's and the creation's (teach.py), in play Amakta's agent's.
    reasons=(*REASONS, *AMAKTA_REASONS),
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
