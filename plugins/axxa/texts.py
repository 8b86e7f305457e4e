"""AxxA's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/axxa.po``, through :func:`tafel.translations`). Move notation and
positions never change with the language."""

from __future__ import annotations

from collections.abc import Sequence

from tafel import reword as shared_reword
from tafel import translations

_ = translations(__package__)
N_ = _.N_

__all__ = ["N_", "SEATS", "_", "plural", "reword", "seat_name"]

#: Seat names of the competitive game, translated where they are shown.
SEATS = (N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"))


def seat_name(seat: int) -> str:
    """``Player n`` in the current language (seat counts from 0)."""
    return _(SEATS[seat]) if 0 <= seat < len(SEATS) else _("Player {n}").format(n=seat + 1)


def plural(n: int) -> str:
    """The pieces of a number, as a word: ``1s`` (``1er`` in German)."""
    return _("{n}s").format(n=n)


def reword(text: str, templates: Sequence[str]) -> str:
    """``text``, written in English from one of ``templates`` (``"shows a {n} on top"``), in the
    current language; a text that none of them made stays as it is. For texts made in another
    process (the AI's), which speaks English (:func:`tafel.reword` with this catalog).
    """
    return shared_reword(text, templates, _)
