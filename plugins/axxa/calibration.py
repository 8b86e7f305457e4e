"""The AxxA solver's value as a chance of winning the solo game (a hint's "win chance").

The solver's value is an expected result on the reward scale (triplets removed / 6, plus a part
of a sixth for the position), not a chance of winning. :data:`KNOTS` maps it, for each number
of triplets removed so far and early or late in the deal (pieces paid, :func:`key`), to the
share of deals the solver went on to win from positions it valued so, fitted monotone in the value (pool adjacent violators); between knots the chance is
interpolated, beyond them it is the nearest knot's. Written by ``python bench/axxa_calibration.py
--write`` (see bench/RESULTS.md).

Measured: hard level, 0.3 s a decision, deals 1-200, 167 won, 5545 decisions.

>>> all(win_chance(0.2, t) <= win_chance(0.6, t) <= win_chance(0.99, t) for t in range(6))
True
>>> win_chance(1.0, 5), 0.0 <= win_chance(0.1, 0) <= 1.0
(1.0, True)
"""

from __future__ import annotations

#: Per map (:func:`key`: triplets removed, early or late): (value, win chance) knots, both rising.
KNOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (
        (0.102, 0.767),
        (0.124, 0.767),
        (0.125, 0.776),
        (0.135, 0.776),
        (0.136, 0.784),
        (0.156, 0.784),
        (0.157, 0.847),
        (0.187, 0.847),
        (0.188, 0.866),
        (0.208, 0.866),
        (0.209, 0.889),
        (0.218, 0.889),
        (0.219, 0.951),
        (0.239, 0.951),
        (0.24, 0.984),
        (0.497, 0.984),
    ),
    1: (
        (0.113, 0.532),
        (0.134, 0.532),
        (0.136, 0.562),
        (0.166, 0.562),
        (0.167, 0.566),
        (0.177, 0.566),
        (0.178, 0.67),
        (0.302, 0.67),
        (0.303, 0.681),
        (0.478, 0.681),
        (0.483, 1.0),
        (0.982, 1.0),
    ),
    2: (
        (0.275, 0.649),
        (0.302, 0.649),
        (0.303, 0.911),
        (0.787, 0.911),
    ),
    3: (
        (0.268, 0.235),
        (0.343, 0.235),
        (0.346, 0.745),
        (0.739, 0.745),
        (0.747, 0.747),
        (1.0, 0.747),
    ),
    4: (
        (0.451, 0.829),
        (0.604, 0.829),
        (0.606, 0.845),
        (0.696, 0.845),
        (0.7, 0.938),
        (0.78, 0.938),
        (0.782, 0.938),
        (0.811, 0.938),
        (0.813, 0.967),
        (0.853, 0.967),
        (0.859, 0.971),
        (1.0, 0.971),
    ),
    5: (
        (0.333, 0.0),
        (0.385, 0.0),
        (0.389, 0.023),
        (0.458, 0.023),
        (0.459, 0.233),
        (0.589, 0.233),
        (0.599, 0.469),
        (0.676, 0.469),
        (0.682, 0.639),
        (0.739, 0.639),
        (0.741, 0.654),
        (0.801, 0.654),
        (0.806, 0.764),
        (0.957, 0.764),
        (0.959, 0.875),
        (0.979, 0.875),
        (0.982, 1.0),
        (1.0, 1.0),
    ),
    6: (
        (0.638, 0.909),
        (0.76, 0.909),
        (0.761, 0.939),
        (0.832, 0.939),
        (0.835, 0.978),
        (0.979, 0.978),
        (0.981, 1.0),
        (1.0, 1.0),
    ),
    7: (
        (0.667, 0.55),
        (0.864, 0.55),
        (0.868, 0.703),
        (0.947, 0.703),
        (0.948, 0.861),
        (0.977, 0.861),
        (0.98, 1.0),
        (1.0, 1.0),
    ),
    8: (
        (0.792, 0.529),
        (0.927, 0.529),
        (0.929, 0.788),
        (0.958, 0.788),
        (0.959, 0.892),
        (0.979, 0.892),
        (0.98, 0.995),
        (1.0, 0.995),
    ),
    9: (
        (0.667, 0.0),
        (0.713, 0.0),
        (0.722, 0.0),
        (0.739, 0.043),
        (0.799, 0.043),
        (0.814, 0.2),
        (0.937, 0.2),
        (0.954, 0.922),
        (1.0, 0.922),
    ),
    10: (
        (0.932, 0.235),
        (0.968, 0.235),
        (0.969, 0.707),
        (0.989, 0.707),
        (0.99, 1.0),
        (1.0, 1.0),
    ),
    11: (
        (0.833, 0.0),
        (0.885, 0.039),
        (0.957, 0.039),
        (0.97, 0.884),
        (1.0, 0.884),
    ),
}


#: Per triplets removed: the pieces paid above which a position counts as late (fitted: the
#: median over the decisions measured). A late position (time spent, spares gone) is won less
#: often than an early one the solver values alike.
PAID_CUT: dict[int, int] = {0: 2, 1: 5, 2: 7, 3: 8, 4: 10, 5: 11}


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
