"""Text from outside (another program, a file, a peer) made safe to show: what it holds is
quoted, never let loose on a terminal or a layout (:func:`printable`)."""

from __future__ import annotations

import unicodedata


def printable(text: str, limit: int | None = None) -> str:
    r"""``text`` safe to print on a terminal or draw: control characters (escape codes, new lines,
    direction overrides) shown as escapes, spaces of any kind as one space, at most ``limit``
    characters.

    >>> printable("Evil\x1b[2J name\n"), printable("Игра\u00a01"), printable("abcdef", 4)
    ('Evil\\x1b[2J name\\n', 'Игра 1', 'abc…')
    """
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif unicodedata.category(ch) == "Zs":
            out.append(" ")
        else:
            out.append(repr(ch)[1:-1])
    text = "".join(out)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


__all__ = ["printable"]
