"""What a hint says: the move, the agent's one-line reason and its value for the position.

The hint agent may put ``reason`` (a short text: what the move sets up) and ``value`` (the
expected result for the seat to move in [0, 1]; a solo game's win chance) in its ``info``; the
play screen shows them for any game, in the hint's toast and in the side panel until the next
move.

>>> hint_text("c1-c4", {"reason": "sets up a triplet of 2s", "value": 0.625}, solo=True)
'Hint: c1-c4 · sets up a triplet of 2s · win chance 62%'
>>> hint_text("e2e4", {"value": "?"}, solo=False)
'Hint: e2e4'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tafel.ai.messages import value_of
from tafel.i18n import _, format_percent


def hint_text(move_text: str, info: dict[str, Any], solo: bool, translate: Callable[[str], str] = str) -> str:
    """The hint in one line; ``translate`` puts the game's reason in the current language."""
    parts = [_("Hint: {move}").format(move=move_text)]
    reason = info.get("reason")
    if isinstance(reason, str) and reason.strip():
        parts.append(translate(reason.strip()))
    value = value_of(info)
    if value is not None:
        chance = _("win chance {value}") if solo else _("value {value}")
        parts.append(chance.format(value=format_percent(value)))
    return " · ".join(parts)
