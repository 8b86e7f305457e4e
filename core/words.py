"""Moves in words: what screens show of a move, through the game's
:meth:`tafel.game.GameState.move_to_words`.

The notation (``place:14:e1:r2``) is what saves, engines and the command line's machine lines
use; people read words (``piece 14 to e1, turned 120°``). These helpers never fail: a game
whose words raise shows its notation instead, so a plugin bug costs a label, not a screen.
Words depend on the language, so they are asked when shown; a small cache keeps a move list
from asking again every frame.

>>> from tafel.game import GameState, NotationError
>>> class Line(GameState):
...     def move_to_text(self, move): return f"put:{move}"
...     def move_to_words(self, move): return f"a stone on {move}"
...     def parse_move(self, text):
...         if not text.startswith("put:"): raise NotationError(text)
...         return int(text[4:])
>>> state = Line()
>>> move_words(state, 3), text_words(state, "put:4"), text_words(state, "zz9")
('a stone on 3', 'a stone on 4', 'zz9')
>>> bool(MACHINE_PATTERN.search("put:4")), bool(MACHINE_PATTERN.search("Hint: a stone on 4"))
(True, False)
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING

from tafel.i18n import current

if TYPE_CHECKING:
    from tafel.game import GameState

#: A machine-made label: parts joined by ``:`` (``place:3:d4``); words never look like this.
MACHINE_PATTERN = re.compile(r"\w+:\w+")
#: How many labels the cache keeps (a long game's list, shown in two languages, fits).
CACHE_SIZE = 4096

_cache: OrderedDict[tuple[int, Hashable, str], tuple[GameState, str]] = OrderedDict()


def move_words(state: GameState, move: Hashable) -> str:
    """``move`` of ``state`` in words (its notation when the game's words fail or are empty)."""
    try:
        words = state.move_to_words(move)
        if isinstance(words, str) and words.strip():
            return words.strip()
    except Exception:  # a plugin's bug: the notation still names the move
        pass
    try:
        return str(state.move_to_text(move))
    except Exception:
        return str(move)


def text_words(state: GameState, text: str | None) -> str:
    """The move ``text`` (notation) names in ``state``, in words; ``text`` itself when it names no
    legal move there (an engine's odd answer is shown as it came)."""
    if text is None:
        return ""
    try:
        move = state.parse_move(text)
    except Exception:
        return text
    return move_words(state, move)


def fitting_words(words: str, fits: Callable[[str], bool]) -> str:
    """``words`` as they fit a narrow column (``fits(text)`` says whether a text does): whole, else
    cut before a later clause (after ", " outside brackets), longest first, so a label says what
    moved where rather than end in an ellipsis; then with what brackets hold left out ("(…)");
    the first clause when nothing fits.

    >>> fitting_words("piece 14 to e9, 180°, mirrored", lambda t: len(t) <= 20)
    'piece 14 to e9, 180°'
    >>> fitting_words("jump a7 to c7, takes 2", lambda t: len(t) <= 5)
    'jump a7 to c7'
    >>> fitting_words("new piece (blue E, red NE, green W) with damage", lambda t: len(t) <= 30)
    'new piece (…) with damage'
    >>> fitting_words("new piece (blue E, blue NE)", lambda t: len(t) <= 20)  # never "new piece (blue E"
    'new piece (…)'
    """
    if fits(words):
        return words
    shortened = _cut_at_clauses(words, fits)
    if shortened is not None:
        return shortened
    brief = re.sub(r"\([^()]*\)", "(…)", words)
    if brief != words:
        if fits(brief):
            return brief
        shortened = _cut_at_clauses(brief, fits)
        if shortened is not None:
            return shortened
    cuts = _clause_cuts(brief)
    return brief[: cuts[0]] if cuts else brief


def _clause_cuts(words: str) -> list[int]:
    """Where ``words`` may be cut: before each ", " that no bracket encloses."""
    cuts, depth = [], 0
    for i, char in enumerate(words):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and words.startswith(", ", i):
            cuts.append(i)
    return cuts


def _cut_at_clauses(words: str, fits: Callable[[str], bool]) -> str | None:
    """The longest start of ``words`` before a clause that fits; None when none does."""
    for cut in reversed(_clause_cuts(words)):
        if fits(words[:cut]):
            return words[:cut]
    return None


def cached_words(state: GameState, move: Hashable) -> str:
    """:func:`move_words`, kept per state, move and language (the state is held with the label, so
    its id names no other state while the entry lives)."""
    key = (id(state), move, current())
    try:
        found = _cache.get(key)
    except TypeError:  # an unhashable move: ask each time
        return move_words(state, move)
    if found is not None and found[0] is state:
        _cache.move_to_end(key)
        return found[1]
    words = move_words(state, move)
    _cache[key] = (state, words)
    while len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return words


def match_words(states: Sequence[GameState], moves: Sequence[Hashable], index: int) -> str:
    """Move ``index`` of a game (``states[index]`` is the position it was played in) in words."""
    return cached_words(states[index], moves[index])
