"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2022 revision of the 2001
paper, http://www.glicko.net/glicko/glicko2.pdf): a rating, its deviation (how unsure it is) and
its volatility (how erratic the results are).

The puzzle room rates both sides of every attempt: the player against the puzzle's rating (a
solve is a win), and the puzzle against the player's. Each attempt is one rating period with one
game, the way Lichess rates puzzles. Written out here (a page of arithmetic) rather than taken
from PyPI: the ``glicko2`` package there computes the volatility step with the rating in place of
the deviation (its ``_f``), so it misses Glickman's own example.

Glickman's worked example: a 1500 player (deviation 200) beats a 1400 (30) and loses to a
1550 (100) and a 1700 (300), with tau 0.5:

>>> r = Rating(1500, 200, 0.06).updated([(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...     (Rating(1700, 300), 0.0)], tau=0.5)
>>> round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)

(The paper prints 1464.06 and 0.05999: it rounds mu' = -0.2069 before scaling back, and truncates.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The Glicko-2 scale factor between the displayed scale and the internal one.
SCALE = 173.7178
#: A new rating: 1500, deviation 350, volatility 0.06 (Glickman's defaults).
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant: how much the volatility may change (0.3 .. 1.2; Lichess uses 0.75).
TAU = 0.75
#: The deviation never drops below this, so a rating keeps moving with new results.
MIN_DEVIATION = 45.0
_EPSILON = 0.000001


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the usual scale (1500 is a new player's)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY

    def expected(self, other: Rating) -> float:
        """The expected score against ``other`` (0..1).

        >>> round(Rating(1700, 50).expected(Rating(1500, 50)), 2)
        0.76
        """
        mu, mu_j, phi_j = self._mu(), other._mu(), other.deviation / SCALE
        return _expected(mu, mu_j, phi_j)

    def _mu(self) -> float:
        return (self.rating - DEFAULT_RATING) / SCALE

    def updated(self, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
        """The rating after one rating period with ``results``: (opponent, score) pairs, score
        1 for a win, 0.5 a draw, 0 a loss. No results: only the deviation grows (step 6)."""
        mu, phi, sigma = self._mu(), self.deviation / SCALE, self.volatility
        if not results:
            phi_star = math.sqrt(phi * phi + sigma * sigma)
            return Rating(self.rating, min(phi_star * SCALE, DEFAULT_DEVIATION), sigma)
        # Steps 3 and 4: the estimated variance v and the improvement delta.
        v_inverse = 0.0
        total = 0.0
        for other, score in results:
            mu_j, phi_j = other._mu(), other.deviation / SCALE
            g, e = _g(phi_j), _expected(mu, mu_j, phi_j)
            v_inverse += g * g * e * (1.0 - e)
            total += g * (score - e)
        v = 1.0 / v_inverse
        delta = v * total
        sigma_new = _new_volatility(phi, sigma, v, delta, tau)
        # Steps 6 and 7: the new deviation and rating.
        phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
        phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        mu_new = mu + phi_new * phi_new * total
        return Rating(
            mu_new * SCALE + DEFAULT_RATING,
            min(max(phi_new * SCALE, MIN_DEVIATION), DEFAULT_DEVIATION),
            sigma_new,
        )


def _new_volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on f(x) = 0."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (
            tau * tau
        )

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0 and k < 1000:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(1000):  # converges in a handful of steps; bounded all the same
        if abs(big_b - big_a) <= _EPSILON:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one attempt (a solve is the player's win).

    >>> p, q = rate_attempt(Rating(1500, 200), Rating(1500, 200), True)
    >>> p.rating > 1500 > q.rating
    True
    """
    score = 1.0 if solved else 0.0
    return player.updated([(puzzle, score)]), puzzle.updated([(player, 1.0 - score)])
