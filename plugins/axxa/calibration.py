"""The AxxA solver's value as a chance of winning the solo game (a hint's "win chance").

The solver's value is an expected result on the reward scale (triplets removed / 6, plus a part
of a sixth for the position), not a chance of winning. :data:`KNOTS` maps it, for each number
of triplets removed so far and early or late in the deal (pieces paid, :func:`key`), to the
share of deals the solver went on to win from positions it valued so, fitted monotone in the value (pool adjacent violators); between knots the chance is
interpolated, beyond them it is the nearest knot's. Written by ``python bench/axxa_calibration.py
--write`` (see bench/RESULTS.md).

Measured: hard level, 0.3 s a decision, deals 1000-1119, 78 won, 4479 decisions.

>>> all(win_chance(0.2, t) <= win_chance(0.6, t) <= win_chance(0.99, t) for t in range(6))
True
>>> win_chance(1.0, 5), 0.0 <= win_chance(0.1, 0) <= 1.0
(1.0, True)
"""

from __future__ import annotations

#: Per map (:func:`key`: triplets removed, early or late): (value, win chance) knots, both rising.
KNOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (
        (0.0, 0.0),
        (0.048, 0.0),
        (0.078, 0.532),
        (0.197, 0.532),
        (0.198, 0.571),
        (0.291, 0.571),
        (0.292, 0.643),
        (0.514, 0.643),
    ),
    1: (
        (0.0, 0.0),
        (0.048, 0.0),
        (0.078, 0.532),
        (0.197, 0.532),
        (0.198, 0.571),
        (0.291, 0.571),
        (0.292, 0.643),
        (0.514, 0.643),
    ),
    2: (
        (0.234, 0.51),
        (0.291, 0.51),
        (0.292, 0.637),
        (0.488, 0.637),
        (0.493, 0.704),
        (0.886, 0.704),
    ),
    3: (
        (0.234, 0.51),
        (0.291, 0.51),
        (0.292, 0.637),
        (0.488, 0.637),
        (0.493, 0.704),
        (0.886, 0.704),
    ),
    4: (
        (0.333, 0.0),
        (0.373, 0.0),
        (0.375, 0.0),
        (0.382, 0.0),
        (0.403, 0.485),
        (0.458, 0.485),
        (0.459, 0.562),
        (0.467, 0.562),
        (0.469, 0.626),
        (0.624, 0.626),
        (0.625, 0.684),
        (0.656, 0.684),
        (0.657, 0.775),
        (0.77, 0.775),
        (0.771, 0.85),
        (0.976, 0.85),
    ),
    5: (
        (0.333, 0.0),
        (0.373, 0.0),
        (0.375, 0.0),
        (0.382, 0.0),
        (0.403, 0.485),
        (0.458, 0.485),
        (0.459, 0.562),
        (0.467, 0.562),
        (0.469, 0.626),
        (0.624, 0.626),
        (0.625, 0.684),
        (0.656, 0.684),
        (0.657, 0.775),
        (0.77, 0.775),
        (0.771, 0.85),
        (0.976, 0.85),
    ),
    6: (
        (0.5, 0.0),
        (0.54, 0.0),
        (0.542, 0.0),
        (0.551, 0.0),
        (0.553, 0.124),
        (0.624, 0.124),
        (0.625, 0.525),
        (0.634, 0.525),
        (0.642, 0.652),
        (0.812, 0.652),
        (0.813, 0.8),
        (0.884, 0.8),
        (0.892, 0.857),
        (0.958, 0.857),
        (0.961, 1.0),
        (1.0, 1.0),
    ),
    7: (
        (0.5, 0.0),
        (0.54, 0.0),
        (0.542, 0.0),
        (0.551, 0.0),
        (0.553, 0.124),
        (0.624, 0.124),
        (0.625, 0.525),
        (0.634, 0.525),
        (0.642, 0.652),
        (0.812, 0.652),
        (0.813, 0.8),
        (0.884, 0.8),
        (0.892, 0.857),
        (0.958, 0.857),
        (0.961, 1.0),
        (1.0, 1.0),
    ),
    8: (
        (0.667, 0.0),
        (0.692, 0.0),
        (0.708, 0.0),
        (0.71, 0.046),
        (0.8, 0.046),
        (0.803, 0.317),
        (0.833, 0.317),
        (0.834, 0.43),
        (0.958, 0.43),
        (0.959, 0.939),
        (0.979, 0.939),
        (0.981, 1.0),
        (1.0, 1.0),
    ),
    9: (
        (0.667, 0.0),
        (0.692, 0.0),
        (0.708, 0.0),
        (0.71, 0.046),
        (0.8, 0.046),
        (0.803, 0.317),
        (0.833, 0.317),
        (0.834, 0.43),
        (0.958, 0.43),
        (0.959, 0.939),
        (0.979, 0.939),
        (0.981, 1.0),
        (1.0, 1.0),
    ),
    10: (
        (0.833, 0.0),
        (0.926, 0.0),
        (0.929, 0.091),
        (0.947, 0.091),
        (0.948, 0.169),
        (0.958, 0.169),
        (0.959, 0.909),
        (0.989, 0.909),
        (0.991, 1.0),
        (1.0, 1.0),
    ),
    11: (
        (0.833, 0.0),
        (0.926, 0.0),
        (0.929, 0.091),
        (0.947, 0.091),
        (0.948, 0.169),
        (0.958, 0.169),
        (0.959, 0.909),
        (0.989, 0.909),
        (0.991, 1.0),
        (1.0, 1.0),
    ),
}


#: Per triplets removed: the pieces paid above which a position counts as late (fitted: the
#: median over the decisions measured). A late position (time spent, spares gone) is won less
#: often than an early one the solver values alike.
PAID_CUT: dict[int, int] = {0: 3, 1: 5, 2: 7, 3: 9, 4: 11, 5: 13}


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
