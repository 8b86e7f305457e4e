"""Amakta's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/amakta.po``, through :func:`tafel.translations`)."""

from __future__ import annotations

from tafel import translations

_ = translations(__package__)
N_ = _.N_

__all__ = ["N_", "_"]

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
