"""The AxxA solver's value as a chance of winning the solo game (a hint's "win chance").

The solver's value is an expected result on the reward scale (triplets removed / 6, plus a part
of a sixth for the position), not a chance of winning. :data:`KNOTS` maps it, for each number
of triplets removed so far and early or late in the deal (pieces paid, :func:`key`), to the
share of deals the solver went on to win from positions it valued so, fitted monotone in the value (pool adjacent violators); between knots the chance is
interpolated, beyond them it is the nearest knot's. Written by ``python bench/axxa_calibration.py
--write`` (see bench/RESULTS.md).

The hard level's rollout search values a move by the mean result of its play-outs, which already
says what the triplets removed and the pieces paid do: it is read by one map for every position
(``--one``: the same knots under every key), which scored better on deals it was not fitted on
than maps per triplets removed.

Measured: hard level, 1 s a decision, deals 1-200, 187 won, 6064 decisions, one mapping for
every position.

>>> all(win_chance(0.2, t) <= win_chance(0.6, t) <= win_chance(0.99, t) for t in range(6))
True
>>> win_chance(1.0, 5), 0.0 <= win_chance(0.1, 0) <= 1.0
(1.0, True)
"""

from __future__ import annotations

#: Per map (:func:`key`: triplets removed, early or late): (value, win chance) knots, both rising.
KNOTS: dict[int, tuple[tuple[float, float], ...]] = {
    **dict.fromkeys(
        range(12),
        (
            (0.0, 0.0),
            (0.11, 0.0),
            (0.167, 0.0),
            (0.189, 0.0),
            (0.333, 0.0),
            (0.35, 0.139),
            (0.508, 0.139),
            (0.516, 0.332),
            (0.675, 0.332),
            (0.679, 0.743),
            (0.697, 0.743),
            (0.698, 0.773),
            (0.718, 0.773),
            (0.719, 0.81),
            (0.749, 0.81),
            (0.75, 0.814),
            (0.76, 0.814),
            (0.761, 0.82),
            (0.843, 0.82),
            (0.844, 0.898),
            (0.854, 0.898),
            (0.855, 0.912),
            (0.874, 0.912),
            (0.875, 0.917),
            (0.895, 0.917),
            (0.896, 0.935),
            (0.947, 0.935),
            (0.948, 0.947),
            (0.958, 0.947),
            (0.959, 0.96),
            (0.979, 0.96),
            (0.98, 0.967),
            (0.989, 0.967),
            (0.99, 0.995),
            (1.0, 0.995),
        ),
    ),
}


#: Per triplets removed: the pieces paid above which a position counts as late (fitted: the
#: median over the decisions measured). A late position (time spent, spares gone) is won less
#: often than an early one the solver values alike.
PAID_CUT: dict[int, int] = {0: 3, 1: 7, 2: 9, 3: 10, 4: 11, 5: 12}


def key(triplets: int, paid: int | None = None) -> int:
    """The map a position is read by: per triplets removed (0..5), twice: early (or pieces paid
    not known) then late (more than :data:`PAID_CUT` pieces paid).

    >>> key(0), key(0, 2), key(0, 9), key(7, 0)
    (0, 0, 1, 10)
    """
    t = min(5, max(0, triplets))
    late = paid is not None and paid > PAID_CUT[t]
    return 2 * t + late


def interpolate(knots, value: float) -> float:
    """The chance at ``value`` on (value, chance) knots: flat beyond the ends, linear between."""
    if value <= knots[0][0]:
        return knots[0][1]
    for (x0, y0), (x1, y1) in zip(knots, knots[1:], strict=False):
        if value <= x1:
            return y0 + (y1 - y0) * (value - x0) / (x1 - x0)
    return knots[-1][1]


def win_chance(value: float, triplets: int, paid: int | None = None) -> float:
    """The chance of winning the solo game from a position with ``triplets`` removed and
    ``paid`` pieces paid that the solver values at ``value``; a won game (value 1) is a sure
    win."""
    if value >= 1.0:
        return 1.0
    knots = KNOTS.get(key(triplets, paid)) or KNOTS[key(triplets)]
    return round(interpolate(knots, value), 3)
