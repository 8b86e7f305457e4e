"""Piece values of Amakta Infinit, the table of pieces a player may create, and presets.

The value formula and the circle factors (damage ``s = 1/2`` as the named constant
:data:`~plugins.amakta.rules.pieces.S_DAMAGE`) live in the Amakta rules module; this module
only makes them fast to use for all 86185 pieces: a piece's value depends on its counts
``(a, b)`` (single and double arrows) and its circle alone, so the exact formula is evaluated
once per ``(a, b, circle)`` and looked up afterwards.

Creating a piece is one move, and there is one creatable piece per canonical layout and
circle (3 * 86185 of them). :func:`creatable` lists those within a number of points, cheapest
first, sharing one table of move objects between all states (a state keeps only a list of
references to them).

>>> value_of(100000, 0), value_of(100000, 1), value_of(100000, 2)
(4, 8, 2)
>>> value_of(400007, 0)  # a double blue E (b = 1) and blue + green SE (a = 2)
30
>>> [text for text, _layout in PRESETS][:3]
['Blue dart', 'Green dart', 'Red dart']
"""

from __future__ import annotations

import bisect
from array import array
from fractions import Fraction
from functools import cache, lru_cache

from plugins.amakta.rules.engine import Move
from plugins.amakta.rules.pieces import CIRCLE_S, DIGIT_ARROWS, canonical_pieces, parse_layout

NO_CIRCLE, REINFORCE, DAMAGE = 0, 1, 2
CIRCLES = (NO_CIRCLE, REINFORCE, DAMAGE)
CIRCLE_WORDS = ("none", "reinforce", "damage")
CREATE = "create"

#: Singles and doubles each direction digit adds (two arrows of one colour are a double).
_DIGIT_A = tuple(0 if len(r) == 2 and r[0] == r[1] else len(r) for r in DIGIT_ARROWS)
_DIGIT_B = tuple(1 if len(r) == 2 and r[0] == r[1] else 0 for r in DIGIT_ARROWS)


def counts(layout: int) -> tuple[int, int]:
    """(single arrows, double arrows) of ``layout``; the same as the rules module's ``counts``."""
    a = b = 0
    for _ in range(6):
        d = layout % 10
        layout //= 10
        a += _DIGIT_A[d]
        b += _DIGIT_B[d]
    return a, b


@cache
def value_ab(a: int, b: int, circle: int) -> int:
    """``2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s`` with the rules module's circle factor ``s``."""
    s = CIRCLE_S[circle]
    v = 2 * a * (Fraction(a - 1, 2) + s) + 10 * b * (Fraction(b - 1, 2) + s) + 6 * a * b + 2 * s
    if v.denominator != 1:
        raise ValueError(f"a piece with a={a}, b={b}, circle {circle} has no whole value ({v})")
    return int(v)


def value_of(layout: int, circle: int = NO_CIRCLE) -> int:
    """The Infinit value of a piece (any orientation) with ``circle`` (0 none, 1 reinforce, 2 damage)."""
    a, b = counts(layout)
    return value_ab(a, b, circle)


class _Table:
    """Every (canonical layout, circle), sorted by value then layout then circle."""

    def __init__(self) -> None:
        entries = []
        for layout in canonical_pieces():
            a, b = counts(layout)
            for circle in CIRCLES:
                entries.append((value_ab(a, b, circle), layout, circle))
        entries.sort()
        self.values = array("H", (e[0] for e in entries))
        self.layouts = array("i", (e[1] for e in entries))
        self.circles = array("b", (e[2] for e in entries))
        self.moves: list[Move] = []

    def prefix(self, points: int) -> list[Move]:
        """The shared move objects of every piece worth at most ``points``."""
        n = bisect.bisect_right(self.values, points)
        moves = self.moves
        if len(moves) < n:
            layouts, circles = self.layouts, self.circles
            moves.extend(Move(CREATE, piece=layouts[i], orient=circles[i]) for i in range(len(moves), n))
        return moves[:n] if n < len(moves) else moves


@lru_cache(maxsize=1)
def table() -> _Table:
    return _Table()


def creatable(points: int, taken: frozenset[int] | set[int]) -> list[Move]:
    """Create moves for every piece worth at most ``points`` whose canonical layout is not in
    ``taken`` (the set rule: pieces differing only in circles, or up to symmetry, are the same).

    >>> len(creatable(4, frozenset()))  # the blank with any circle, the three darts plain or damaged
    9
    >>> sorted({m.piece for m in creatable(4, frozenset({0}))})
    [1, 2, 3]
    """
    if points < 0:
        return []
    moves = table().prefix(points)
    if not taken:
        return list(moves)
    return [m for m in moves if m.piece not in taken]


def cheapest_value(taken: frozenset[int] | set[int]) -> int:
    """The value of the cheapest piece not in ``taken`` (what a player needs to create one more)."""
    t = table()
    for i in range(len(t.values)):
        if t.layouts[i] not in taken:
            return t.values[i]
    return 1 << 30


#: Common pieces for the editor and the AI: a name and the readable layout (E NE NW W SW SE).
PRESET_TEXTS = (
    ("Blue dart", "b.-.-.-.-.-"),
    ("Green dart", "g.-.-.-.-.-"),
    ("Red dart", "r.-.-.-.-.-"),
    ("Blue line", "b.-.-.b.-.-"),
    ("Green-blue line", "g.-.-.b.-.-"),
    ("Blue-red lance", "br.-.-.-.-.-"),
    ("Double blue", "bb.-.-.-.-.-"),
    ("Double red", "rr.-.-.-.-.-"),
    ("Blue tripod", "b.-.b.-.b.-"),
    ("Blue fan", "b.b.-.-.-.b"),
    ("Red tripod", "r.-.b.-.b.-"),
    ("Green tripod", "g.-.g.-.g.-"),
    ("Green fan", "g.b.-.-.-.b"),
    ("Double green line", "gg.-.-.b.-.-"),
    ("Mixed line", "bg.-.-.bg.-.-"),
    ("Blue star", "b.b.b.b.b.b"),
    ("Blank", "-.-.-.-.-.-"),
)
PRESETS: tuple[tuple[str, int], ...] = tuple((name, parse_layout(text)) for name, text in PRESET_TEXTS)
