"""Piece values of Amakta Infinit, the table of pieces a player may create, and presets.

The value formula (:func:`value_ab`, exact fractions) and the circle factors (damage
``s = 1/2``, the named constant :data:`S_DAMAGE`) are Infinit's own rules and live here, and
are fast to use for all 86185 pieces: a piece's value depends on its counts ``(a, b)`` (single
and double arrows) and its circle alone, so the formula is evaluated once per
``(a, b, circle)`` and looked up afterwards.

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
import threading
import time
from array import array
from fractions import Fraction
from functools import cache, lru_cache

from tafel.games.amakta.rules.engine import Move
from tafel.games.amakta.rules.pieces import DIGIT_ARROWS, DIGIT_TOKENS, canonical_pieces, parse_layout

from .texts import N_

NO_CIRCLE, REINFORCE, DAMAGE = 0, 1, 2
CIRCLES = (NO_CIRCLE, REINFORCE, DAMAGE)
CIRCLE_WORDS = ("none", "reinforce", "damage")
CREATE = "create"
#: The circle factor ``s`` of the piece value: no circle, reinforcement, damage. The scan lost
#: the damage value; this project reads it as one half (see the rules' readings).
S_NONE, S_REINFORCE, S_DAMAGE = Fraction(1), Fraction(2), Fraction(1, 2)
CIRCLE_S = (S_NONE, S_REINFORCE, S_DAMAGE)

#: Singles and doubles each direction digit adds (two arrows of one colour are a double).
_DIGIT_A = tuple(0 if len(r) == 2 and r[0] == r[1] else len(r) for r in DIGIT_ARROWS)
_DIGIT_B = tuple(1 if len(r) == 2 and r[0] == r[1] else 0 for r in DIGIT_ARROWS)


@lru_cache(maxsize=1 << 17)
def normal(layout: int) -> int:
    """The form a piece is written and stored in: the largest of its 12 images, which puts
    its arrows first in direction order (``b.-.-.-.-.-`` rather than ``-.-.-.-.-.b``). Two
    layouts are the same piece exactly when their normal forms are equal.

    >>> normal(parse_layout("-.-.-.-.-.b")), normal(parse_layout("-.b.-.b.-.b"))
    (100000, 101010)
    """
    # The images are the rotations of the digit string and of its mirror (E and W fixed);
    # string slicing makes them cheaply.
    text = f"{layout:06d}"
    t = text + text
    m = text[0] + text[:0:-1]
    m += m
    return int(
        max(t[:6], t[1:7], t[2:8], t[3:9], t[4:10], t[5:11], m[:6], m[1:7], m[2:8], m[3:9], m[4:10], m[5:11])
    )


@lru_cache(maxsize=1 << 17)
def counts(layout: int) -> tuple[int, int]:
    """(single arrows, double arrows) as the value formula counts them: two arrows of one colour
    in a direction are a double, two of different colours two singles.

    >>> counts(400007), counts(456789)
    ((2, 1), (6, 3))
    """
    a = b = 0
    for _ in range(6):
        d = layout % 10
        layout //= 10
        a += _DIGIT_A[d]
        b += _DIGIT_B[d]
    return a, b


@cache
def value_ab(a: int, b: int, circle: int) -> int:
    """``2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s`` with the circle factor ``s`` (exact).

    >>> value_ab(0, 0, 0), value_ab(1, 0, 0), value_ab(0, 1, 0), value_ab(1, 0, 1), value_ab(1, 0, 2)
    (2, 4, 12, 8, 2)
    """
    s = CIRCLE_S[circle]
    v = 2 * a * (Fraction(a - 1, 2) + s) + 10 * b * (Fraction(b - 1, 2) + s) + 6 * a * b + 2 * s
    if v.denominator != 1:
        raise ValueError(f"a piece with a={a}, b={b}, circle {circle} has no whole value ({v})")
    return int(v)


def value_of(layout: int, circle: int = NO_CIRCLE) -> int:
    """The Infinit value of a piece (any orientation) with ``circle`` (0 none, 1 reinforce, 2 damage)."""
    a, b = counts(layout)
    return value_ab(a, b, circle)


#: Entries built between two moments the building thread lets others run. Built in the background
#: (:func:`warm_up`), the table would otherwise keep the interpreter for whole switch intervals
#: (5 ms) at a time while the screen draws its first frames of the game.
YIELD_EVERY = 1024


class _Table:
    """Every (canonical layout, circle), sorted by value, then layout, then circle."""

    def __init__(self) -> None:
        # A bucket per value: canonical layouts come ascending, so each bucket stays sorted.
        buckets: dict[int, list[int]] = {}
        for n, layout in enumerate(canonical_pieces()):
            if not n % YIELD_EVERY:
                time.sleep(0)  # see YIELD_EVERY
            a, b = counts(layout)
            for circle in CIRCLES:
                buckets.setdefault(value_ab(a, b, circle), []).append(layout * 3 + circle)
        values = array("H")
        layouts = array("i")
        circles = array("b")
        for v in sorted(buckets):
            entries = buckets[v]
            values.extend([v] * len(entries))
            layouts.extend([e // 3 for e in entries])
            circles.extend([e % 3 for e in entries])
        self.values, self.layouts, self.circles = values, layouts, circles
        self.moves: list[Move] = []
        #: Normal forms of canonical layouts met so far.
        self.forms: dict[int, int] = {}
        self.lock = threading.Lock()

    def prefix(self, points: int) -> list[Move]:
        """The shared move objects of every piece worth at most ``points``."""
        n = bisect.bisect_right(self.values, points)
        moves = self.moves
        if len(moves) < n:
            with self.lock:  # the view may be extending it in the background
                layouts, circles, forms = self.layouts, self.circles, self.forms
                # Layouts are sorted in canonical form; moves carry the readable normal form.
                for i in range(len(moves), n):
                    if not i % YIELD_EVERY:
                        time.sleep(0)  # see YIELD_EVERY
                    c = layouts[i]
                    form = forms.get(c)
                    if form is None:
                        forms[c] = form = normal(c)
                    moves.append(Move(CREATE, piece=form, orient=circles[i]))
        return moves[:n] if n < len(moves) else moves


_LOCK = threading.Lock()
_TABLE: list[_Table] = []


def table() -> _Table:
    """The table (built on first use, about a second; :func:`warm_up` builds it in the background)."""
    if not _TABLE:
        with _LOCK:
            if not _TABLE:
                _TABLE.append(_Table())
    return _TABLE[0]


def warm_up(points: int = 0) -> threading.Thread:
    """Build the table, and the moves of pieces worth up to ``points``, in a background thread,
    so that the first creation move does not wait for them."""
    thread = threading.Thread(target=lambda: table().prefix(points), name="amakta-infinit-table", daemon=True)
    thread.start()
    return thread


_TEXT_TOKENS = {str(d): token for d, token in enumerate(DIGIT_TOKENS)}


def layout_text(layout: int) -> str:
    """The readable form of a layout, as :func:`tafel.games.amakta.rules.pieces.layout_text` (faster).

    >>> layout_text(100400)
    'b.-.-.bb.-.-'
    """
    return ".".join([_TEXT_TOKENS[c] for c in f"{layout:06d}"])


@lru_cache(maxsize=1 << 16)
def read_piece(text: str) -> int:
    """The normal form of the piece a layout text names (any orientation; NotationError otherwise)."""
    return normal(parse_layout(text))


def creatable(points: int, taken: frozenset[int] | set[int]) -> list[Move]:
    """Create moves for every piece worth at most ``points`` whose normal form is not in
    ``taken`` (the set rule: pieces differing only in circles, or up to symmetry, are the same).

    >>> len(creatable(4, frozenset()))  # the blank with any circle, the three darts plain or damaged
    9
    >>> sorted({m.piece for m in creatable(4, frozenset({0}))})
    [100000, 200000, 300000]
    """
    if points < 0:
        return []
    moves = table().prefix(points)
    if not taken:
        return list(moves)
    return [m for m in moves if m.piece not in taken]


#: Common pieces for the editor and the AI: a name (translated where shown) and the readable layout
#: (E NE NW W SW SE).
PRESET_TEXTS = (
    (N_("Blue dart"), "b.-.-.-.-.-"),
    (N_("Green dart"), "g.-.-.-.-.-"),
    (N_("Red dart"), "r.-.-.-.-.-"),
    (N_("Blue line"), "b.-.-.b.-.-"),
    (N_("Green-blue line"), "g.-.-.b.-.-"),
    (N_("Blue-red lance"), "br.-.-.-.-.-"),
    (N_("Double blue"), "bb.-.-.-.-.-"),
    (N_("Double red"), "rr.-.-.-.-.-"),
    (N_("Blue tripod"), "b.-.b.-.b.-"),
    (N_("Blue fan"), "b.b.-.-.-.b"),
    (N_("Red tripod"), "r.-.b.-.b.-"),
    (N_("Green tripod"), "g.-.g.-.g.-"),
    (N_("Green fan"), "g.b.-.-.-.b"),
    (N_("Double green line"), "gg.-.-.b.-.-"),
    (N_("Mixed line"), "bg.-.-.bg.-.-"),
    (N_("Blue star"), "b.b.b.b.b.b"),
    (N_("Blank"), "-.-.-.-.-.-"),
)
PRESETS: tuple[tuple[str, int], ...] = tuple((name, parse_layout(text)) for name, text in PRESET_TEXTS)
