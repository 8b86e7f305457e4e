"""AxxA's words in the player's language: ``_`` of the plugin's catalog
(``locale/<lang>/LC_MESSAGES/axxa.po``, through :func:`tafel.translations`). Move notation and
positions never change with the language."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from tafel import current, format_percent, translations

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


_FIELD = re.compile(r"\{(\w+)\}")
_PERCENT = re.compile(r"(\d+)%")


@lru_cache(maxsize=256)
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching the English texts ``template`` makes (a field named twice
    must say the same both times)."""
    out, seen, last = [], set(), 0
    for m in _FIELD.finditer(template):
        out.append(re.escape(template[last : m.start()]))
        name = m.group(1)
        out.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        last = m.end()
    out.append(re.escape(template[last:]))
    return re.compile("".join(out))


def reword(text: str, templates: Sequence[str]) -> str:
    """``text``, written in English from one of ``templates`` (``"shows a {n} on top"``), in the
    current language; a text that none of them made stays as it is. For texts made in another
    process (the AI's), which speaks English. A percentage in a field is written the local way.
    """
    if current() == "en":
        return text
    for template in templates:
        m = _pattern(template).fullmatch(text)
        if m is None:
            continue
        values = {
            k: format_percent(int(v[:-1]) / 100) if _PERCENT.fullmatch(v) else v
            for k, v in m.groupdict().items()
        }
        return _(template).format(**values)
    return text
