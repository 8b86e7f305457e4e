"""Atoll's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/atoll.po``, through :func:`tafel.translations`)."""

from __future__ import annotations

from tafel import translations

_ = translations(__package__)
N_ = _.N_

__all__ = ["N_", "_"]

#: Words the board names without ``_`` (colours, the pairs of islands a chain joins), marked here
#: so that extraction finds them; screens translate them with ``_``. (A hint's reasons: teach.py.)
MARKED = (
    N_("Black"),
    N_("White"),
    N_("north-east to south-west"),
    N_("upper west to lower east"),
    N_("north-west to south-east"),
    N_("upper east to lower west"),
)
