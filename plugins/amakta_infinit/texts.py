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
#: Arrow colours by reach (1 blue, 2 green, 3 red): marked for this catalog, whose words
#: :func:`describe_piece` uses.
ARROW_COLOURS = {1: N_("blue"), 2: N_("green"), 3: N_("red")}
MARKED_ARROWS = N_("no arrows")


def describe_piece(layout: int) -> str:
    """Words for a piece's arrows in the current language, from this game's catalog (Amakta's
    :func:`~tafel.games.amakta.texts.describe_piece`): ``'blue E, 2 blue W'``; ``'no arrows'``
    for the empty piece.

    >>> describe_piece(100400)
    'blue E, 2 blue W'
    """
    from tafel.games.amakta.texts import describe_piece as words

    return words(layout, _)
