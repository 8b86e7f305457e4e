"""Hexxagon for Tafel: Ataxx on a hexagon, a plugin package found through its entry point (see
``pyproject.toml``). Public API only; the generic AI players search with :func:`rules.evaluate`."""

from __future__ import annotations

from importlib.resources import files

from tafel import GameDef, GameRegistrar, Option, hookimpl

from .rules import SEAT_NAMES, START_BOARDS, HexxagonState, _, evaluate

__version__ = "1.0.0"
__all__ = ["GAME", "START_BOARDS", "HexxagonState"]
BOARDS = (("classic", _.N_("Classic (three blocked cells)")), ("open", _.N_("Open (no blocked cells)")))
BOARD = Option("board", _.N_("Board"), "choice", "classic", BOARDS, help=_.N_("Classic: three blocked cells"))
GAME = GameDef(
    id="hexxagon",
    title="Hexxagon",
    description=_.N_("Ataxx on a hexagon: clone and jump to turn your opponent's gems."),
    min_players=2,
    max_players=2,
    new_state=lambda options, seed=None: HexxagonState.start(options["board"]),
    parse_position=lambda text, options: HexxagonState.from_text(text),
    options=(BOARD,),
    rules=files(__package__).joinpath("RULES.md").read_text(encoding="utf-8"),
    translated_rules={"de": files(__package__).joinpath("RULES.de.md").read_text(encoding="utf-8")},
    version=__version__,
    view=".view:HexxagonView",
    evaluate=evaluate,
    seat_names=lambda options: list(SEAT_NAMES),
)


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)
