"""Amakta Infinit's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/amakta_infinit.po``, through :func:`tafel.translations`).

The words Infinit takes over from Amakta's rules (colours, seat names, the pause menu's meta
moves, status lines) are in this catalog too, since the core shows a game's words through its own
catalog. Moves and positions stay as they are in every language.
"""

from __future__ import annotations

from tafel import translations

_ = translations(__package__)
N_ = _.N_

__all__ = ["N_", "_", "describe_piece"]

#: Words the Amakta rules name without ``_`` (colours, seat names, meta moves), marked here so
#: that extraction finds them; screens translate them with ``_`` where they show them.
MARKED = (
    N_("White"),
    N_("Black"),
    N_("Player 1"),
    N_("Player 2"),
    N_("Offer a draw"),
    N_("Accept the draw"),
    N_("Decline the draw"),
    N_("Resign"),
)

#: The six directions as the editor and the tooltips name them (E NE NW W SW SE).
DIRECTIONS = (N_("E"), N_("NE"), N_("NW"), N_("W"), N_("SW"), N_("SE"))
#: Arrow colours by reach (1 blue, 2 green, 3 red).
ARROW_COLOURS = {1: N_("blue"), 2: N_("green"), 3: N_("red")}


def describe_piece(layout: int) -> str:
    """Words for a piece's arrows in the current language (``describe`` of the Amakta rules, which
    stays English): ``'blue E, 2 blue W'``; ``'no arrows'`` for the empty piece.

    >>> describe_piece(100400)
    'blue E, 2 blue W'
    """
    from tafel.games.amakta.rules.pieces import DIGIT_ARROWS, digits

    parts = []
    for name, digit in zip(DIRECTIONS, digits(layout), strict=True):
        reach = DIGIT_ARROWS[digit]
        if not reach:
            continue
        if len(reach) == 2 and reach[0] == reach[1]:
            parts.append(f"2 {_(ARROW_COLOURS[reach[0]])} {_(name)}")
        else:
            parts.append(" + ".join(_(ARROW_COLOURS[r]) for r in reach) + f" {_(name)}")
    return ", ".join(parts) if parts else _("no arrows")
