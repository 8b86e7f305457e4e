"""Amakta's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/amakta.po``, through :func:`tafel.translations`)."""

from __future__ import annotations

from collections.abc import Callable

from tafel import translations

_ = translations(__package__)
N_ = _.N_

__all__ = ["N_", "_", "describe_piece"]

#: Words the rules and the data files name without ``_`` (colours, circles, boards and sets), marked
#: here so that extraction finds them; screens translate them with ``_`` where they show them.
MARKED = (
    N_("White"),
    N_("Black"),
    N_("none"),
    N_("reinforce"),
    N_("damage"),
    N_("Hexagon (61 fields)"),
    N_("Hexagon with holes (56 fields)"),
    N_("Small hexagon (37 fields)"),
    N_("Beginners' set (6 pieces)"),
    N_("Standard set (14 pieces)"),
)

#: The six directions as the tooltips name them (E NE NW W SW SE).
DIRECTIONS = (N_("E"), N_("NE"), N_("NW"), N_("W"), N_("SW"), N_("SE"))
#: Arrow colours by reach (1 blue, 2 green, 3 red).
ARROW_COLOURS = {1: N_("blue"), 2: N_("green"), 3: N_("red")}


def describe_piece(layout: int, tr: Callable[[str], str] = _) -> str:
    """Words for a piece's arrows in the current language, through ``tr`` (a game's catalog;
    ``describe`` of the rules stays English): ``'blue E, 2 blue W'``; ``'no arrows'`` for the
    empty piece.

    >>> describe_piece(100400)
    'blue E, 2 blue W'
    """
    from .rules.pieces import DIGIT_ARROWS, digits

    parts = []
    for name, digit in zip(DIRECTIONS, digits(layout), strict=True):
        reach = DIGIT_ARROWS[digit]
        if not reach:
            continue
        if len(reach) == 2 and reach[0] == reach[1]:
            parts.append(f"2 {tr(ARROW_COLOURS[reach[0]])} {tr(name)}")
        else:
            parts.append(" + ".join(tr(ARROW_COLOURS[r]) for r in reach) + f" {tr(name)}")
    return ", ".join(parts) if parts else tr("no arrows")
