"""What a hint says: the move, the agent's one-line reason and its value for the position.

The hint agent may put ``reason`` (a short text: what the move sets up), ``value`` (the expected
result for the seat to move in [0, 1]) and ``win_chance`` (its chance of winning, in [0, 1]) in
its ``info``; the play screen shows them for any game, in the hint's card in the side panel until
the position changes (asked again, the same words come as a note). "Win chance" is said only of
a ``win_chance``; without one a solo game's value is its expected result (progress counts),
another game's its value.

>>> hint_text("c1-c4", {"reason": "sets up a triplet of 2s", "value": 0.2, "win_chance": 0.625}, solo=True)
'Hint: c1-c4 · sets up a triplet of 2s · win chance 62%'
>>> hint_text("c1-c4", {"value": 0.625}, solo=True)
'Hint: c1-c4 · expected result 62%'
>>> hint_text("e2e4", {"value": 0.5}, solo=False), hint_text("e2e4", {"value": "?"}, solo=False)
('Hint: e2e4 · value 50%', 'Hint: e2e4')
"""

from __future__ import annotations

from collections.abc import Callable

from tafel.ai.base import AgentInfo
from tafel.ai.messages import chance_of, value_of
from tafel.game import GameState
from tafel.i18n import _, format_percent
from tafel.words import text_words


def hint_text(
    move_text: str,
    info: AgentInfo,
    solo: bool,
    translate: Callable[[str], str] = str,
    state: GameState | None = None,
) -> str:
    """The hint in one line; ``translate`` puts the game's reason in the current language. Given
    the position (``state``), the move is named in words (:func:`tafel.words.text_words`)."""
    move = text_words(state, move_text) if state is not None else move_text
    parts = [_("Hint: {move}").format(move=move)]
    reason = info.get("reason")
    if isinstance(reason, str) and reason.strip():
        parts.append(translate(reason.strip()))
    chance = chance_of(info)
    value = value_of(info)
    if chance is not None:
        parts.append(_("win chance {value}").format(value=format_percent(chance)))
    elif value is not None:
        label = _("expected result {value}") if solo else _("value {value}")
        parts.append(label.format(value=format_percent(value)))
    return " · ".join(parts)
