"""Ataxx's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/ataxx.po``, through :func:`tafel.translations`).

The rules keep their words in English, marked with ``N_`` (outcome reasons, seat names, layout
names); the core shows them through ``GameDef.translate``. Moves, positions and the UAI engine
stay as they are in every language.
"""

from __future__ import annotations

from tafel import translations

_ = translations(__package__)
N_ = _.N_

__all__ = ["N_", "_"]
