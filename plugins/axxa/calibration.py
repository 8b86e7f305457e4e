"""The AxxA solver's value as a chance of winning the solo game (a hint's "win chance").

The solver's value is an expected result on the reward scale (triplets removed / 6, plus a part
of a sixth for the position), not a chance of winning. :data:`KNOTS` maps it, for each number
of triplets removed so far and early or late in the deal (pieces paid, :func:`key`), to the
share of deals the solver went on to win from positions it valued so, fitted monotone in the value (pool adjacent violators); between knots the chance is
interpolated, beyond them it is the nearest knot's. Written by ``python bench/axxa_calibration.py
--write`` (see bench/RESULTS.md).

Measured: hard level, 0.3 s a decision, deals 1-200, 148 won, 6122 decisions.

>>> all(win_chance(0.2, t) <= win_chance(0.6, t) <= win_chance(0.99, t) for t in range(6))
True
>>> win_chance(1.0, 5), 0.0 <= win_chance(0.1, 0) <= 1.0
(1.0, True)
"""

from __future__ import annotations

#: Per map (:func:`key`: triplets removed, early or late): (value, win chance) knots, both rising.
KNOTS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (
        (0.108, 0.698),
        (0.197, 0.698),
        (0.198, 0.706),
        (0.218, 0.706),
        (0.219, 0.78),
        (0.229, 0.78),
        (0.23, 0.789),
        (0.26, 0.789),
        (0.261, 0.844),
        (0.302, 0.844),
        (0.303, 0.9),
        (0.474, 0.9),
    ),
    1: (
        (0.0, 0.0),
        (0.051, 0.0),
        (0.085, 0.0),
        (0.114, 0.0),
        (0.116, 0.086),
        (0.124, 0.086),
        (0.125, 0.211),
        (0.135, 0.211),
        (0.136, 0.441),
        (0.145, 0.441),
        (0.146, 0.46),
        (0.177, 0.46),
        (0.178, 0.525),
        (0.208, 0.525),
        (0.209, 0.543),
        (0.218, 0.543),
        (0.219, 0.543),
        (0.229, 0.543),
        (0.231, 0.556),
        (0.322, 0.556),
        (0.323, 0.663),
        (0.427, 0.663),
        (0.428, 0.688),
        (0.446, 0.688),
        (0.448, 0.836),
        (0.663, 0.836),
    ),
    2: (
        (0.287, 0.818),
        (0.54, 0.818),
        (0.542, 0.833),
        (0.604, 0.833),
        (0.605, 0.869),
        (0.952, 0.869),
    ),
    3: (
        (0.167, 0.0),
        (0.208, 0.0),
        (0.21, 0.0),
        (0.215, 0.0),
        (0.223, 0.032),
        (0.286, 0.032),
        (0.293, 0.392),
        (0.427, 0.392),
        (0.428, 0.511),
        (0.592, 0.511),
        (0.594, 0.607),
        (0.977, 0.607),
    ),
    4: (
        (0.451, 0.419),
        (0.51, 0.419),
        (0.511, 0.734),
        (0.591, 0.734),
        (0.594, 0.77),
        (0.644, 0.77),
        (0.646, 0.879),
        (0.778, 0.879),
        (0.782, 0.938),
        (0.937, 0.938),
        (0.941, 0.942),
        (1.0, 0.942),
    ),
    5: (
        (0.333, 0.0),
        (0.373, 0.0),
        (0.382, 0.0),
        (0.406, 0.053),
        (0.447, 0.053),
        (0.453, 0.29),
        (0.562, 0.29),
        (0.568, 0.406),
        (0.644, 0.406),
        (0.646, 0.545),
        (0.833, 0.545),
        (0.834, 0.714),
        (0.935, 0.714),
        (0.938, 0.821),
        (1.081, 0.821),
    ),
    6: (
        (0.656, 0.71),
        (0.729, 0.71),
        (0.731, 0.727),
        (0.791, 0.727),
        (0.793, 0.831),
        (0.873, 0.831),
        (0.877, 0.901),
        (0.957, 0.901),
        (0.959, 1.0),
        (0.979, 1.0),
        (0.98, 1.0),
        (1.018, 1.0),
    ),
    7: (
        (0.5, 0.0),
        (0.54, 0.0),
        (0.542, 0.103),
        (0.667, 0.103),
        (0.739, 0.452),
        (0.817, 0.452),
        (0.825, 0.677),
        (0.966, 0.677),
        (0.972, 1.0),
        (1.232, 1.0),
    ),
    8: (
        (0.771, 0.0),
        (0.8, 0.0),
        (0.804, 0.375),
        (0.883, 0.375),
        (0.89, 0.667),
        (0.947, 0.667),
        (0.95, 0.75),
        (0.968, 0.75),
        (0.969, 0.977),
        (0.989, 0.977),
        (0.991, 1.0),
        (1.207, 1.0),
    ),
    9: (
        (0.667, 0.0),
        (0.692, 0.0),
        (0.708, 0.0),
        (0.71, 0.011),
        (0.833, 0.011),
        (0.855, 0.912),
        (1.0, 0.912),
    ),
    10: (
        (0.932, 0.159),
        (0.958, 0.159),
        (0.961, 0.881),
        (0.979, 0.881),
        (0.982, 1.0),
        (1.013, 1.0),
    ),
    11: (
        (0.833, 0.0),
        (0.878, 0.018),
        (0.958, 0.018),
        (0.962, 1.0),
        (1.0, 1.0),
    ),
}


#: Per triplets removed: the pieces paid above which a position counts as late (fitted: the
#: median over the decisions measured). A late position (time spent, spares gone) is won less
#: often than an early one the solver values alike.
PAID_CUT: dict[int, int] = {0: 3, 1: 6, 2: 8, 3: 9, 4: 11, 5: 12}


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
