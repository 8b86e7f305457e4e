"""Hexxagon for Tafel: Ataxx on a hexagonal board, as an installable plugin package.

Installed with pip, this package is found through its entry point in the group ``tafel``
(see ``pyproject.toml``); Tafel itself is not changed. It uses only the core's public API:
``tafel`` for the contract, ``tafel.view`` for the board view. The AI players are the core's
generic ones, searching with :func:`rules.evaluate`.

This module only registers; the view (which imports pygame) is named by a text and imported
when a game starts.
"""

from __future__ import annotations

from importlib.resources import files

from tafel import GameDef, GameRegistrar, GameState, Option, Options, hookimpl

from .rules import SEAT_NAMES, START_BOARDS, HexxagonState, evaluate

__version__ = "1.0.0"

#: The rules screen's text: a file shipped inside the package (package data).
RULES = files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")

OPTIONS = (
    Option(
        "board",
        "Board",
        "choice",
        "classic",
        choices=(("classic", "Classic (three blocked cells)"), ("open", "Open (no blocked cells)")),
        help="The classic board has three blocked cells around the centre",
    ),
)


def new_state(options: Options, seed: int | None = None) -> HexxagonState:
    return HexxagonState.start(options["board"])


def parse_position(text: str, options: Options) -> GameState:
    return HexxagonState.from_text(text)


GAME = GameDef(
    id="hexxagon",
    title="Hexxagon",
    description="Ataxx on a hexagon: clone and jump to turn your opponent's gems.",
    min_players=2,
    max_players=2,
    new_state=new_state,
    parse_position=parse_position,
    options=OPTIONS,
    rules=RULES,
    version=__version__,
    view=".view:HexxagonView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
)

__all__ = ["GAME", "START_BOARDS", "HexxagonState"]


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)
