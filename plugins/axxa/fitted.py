"""The solo evaluation fitted from played deals: a position's chance to win, from what it shows.

:func:`features` measures a solo position as the player sees it (triplets removed, the number
due on the board, spare pieces left per number, free pieces to pay with, what is unseen);
:func:`logit` weighs them by ``WEIGHTS``, a logistic regression of deals won on the positions
met while playing them (``bench/axxa_fit.py`` plays the deals, fits and writes ``WEIGHTS``).
"""

from __future__ import annotations

import math

from .evaluation import POSITIONAL_SCALE, _known_below, _pair, completions, hand_shape, unseen
from .rules import KNOWN, PER_NUMBER, STACK, VALUE
from .world import World

#: What :func:`features` measures, in its order.
FEATURES = (
    "triplets=0",
    "triplets=1",
    "triplets=2",
    "triplets=3",
    "triplets=4",
    "triplets=5",
    "due on top",
    "due pair",
    "due just under",
    "due seen under",
    "completion chance",
    "sure completions",
    "next on top",
    "next pair",
    "due spares",
    "spares a triplet to go",
    "numbers tight",
    "number doomed",
    "free on top",
    "free seen under",
    "unseen",
    "due share of unseen",
    "stacks of three",
    "stacks",
    "stack moves",
    "hand value",
)


def features(w: World) -> list[float]:
    """The measures of a solo position (see FEATURES), from what its world shows: a view's
    unseen pieces are blanks."""
    total = w.total
    due = w.due
    f = [0.0] * 6
    f[min(5, total)] = 1.0
    tops = w.tops
    m = tops[due]
    st = w.st
    under = 0
    free_under = 0
    stacks = full = 0
    for s in st:
        if not s:
            continue
        stacks += 1
        if len(s) == STACK:
            full += 1
        if len(s) > 1:
            p = s[-2]
            if p & KNOWN and p & VALUE == due:
                under += 1
            for p in s[:-1]:
                if p & KNOWN and 0 < p & VALUE < due:
                    free_under += 1
    best, sure = completions(w, due, m)
    nxt = due % 6 + 1 if total < 5 else 0
    mn = tops[nxt] if nxt else 0
    full_rounds, rest = divmod(total, 6)
    spares = []
    for n in range(due, 7):
        spares.append(PER_NUMBER - w.paid[n] - STACK * (full_rounds + (1 if n <= rest else 0)) - STACK)
    counts, hidden = unseen(w)
    free_top = 0
    for n in range(1, due):
        free_top += tops[n].bit_count()
    f += [
        min(3, m.bit_count()),
        1.0 if _pair(m) else 0.0,
        min(2, under),
        min(3, _known_below(w, due)),
        best,
        min(3, max(0, sure - 1)),
        min(3, mn.bit_count()),
        1.0 if mn and _pair(mn) else 0.0,
        max(0, min(3, spares[0])),
        sum(max(0, s) for s in spares) / (6 - total),
        sum(1 for s in spares if s == 0),
        1.0 if min(spares) < 0 else 0.0,
        min(4, free_top),
        min(6, free_under),
        hidden / 12.0,
        min(1.0, counts[due] / hidden) if hidden > 0 else 0.0,
        full,
        stacks,
        min(20, len(w.shifts())) / 10.0,
        hand_shape(w, due) / POSITIONAL_SCALE,
    ]
    return f


#: The fitted weights, one per feature (log-odds of winning the deal).
WEIGHTS: tuple[float, ...] = (
    -7.5781,  # triplets=0
    -6.3491,  # triplets=1
    -5.3275,  # triplets=2
    -4.3081,  # triplets=3
    -3.2543,  # triplets=4
    -2.2512,  # triplets=5
    -0.3549,  # due on top
    -1.1098,  # due pair
    -0.4684,  # due just under
    -0.4932,  # due seen under
    0.0876,  # completion chance
    -0.3781,  # sure completions
    -0.0800,  # next on top
    -0.1974,  # next pair
    0.1130,  # due spares
    0.9412,  # spares a triplet to go
    -0.2498,  # numbers tight
    -1.4538,  # number doomed
    0.1526,  # free on top
    0.1488,  # free seen under
    0.7944,  # unseen
    -0.5126,  # due share of unseen
    -0.1158,  # stacks of three
    0.3791,  # stacks
    0.3062,  # stack moves
    2.0779,  # hand value
)


def logit(w: World) -> float:
    """Log-odds that the deal is won from ``w`` (solo, not finished)."""
    z = 0.0
    for x, b in zip(features(w), WEIGHTS, strict=True):
        z += x * b
    return z


def win_chance(w: World) -> float:
    """The fitted chance that the deal is won from ``w``."""
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, logit(w)))))
