"""Sequential probability ratio test (SPRT) for ``arena --sprt``, and Elo with its interval.

The test is the generalised SPRT (GSPRT) of fishtest and fastchess, with bounds in logistic
Elo (not cutechess-cli's BayesElo SPRT, nor the normalised Elo of fastchess's default model).
With ``s0``, ``s1`` the expected scores at ``elo0`` and ``elo1`` (``s = 1 / (1 + 10^(-elo/400))``),
``p`` the observed frequencies of the outcomes (never-seen outcomes counted 0.001 times, as
fishtest does) and ``q0``, ``q1`` the distributions nearest to ``p`` (maximum likelihood) with
expected score ``s0`` and ``s1``::

    LLR = N * sum_i p_i * log(q1_i / q0_i)

This is fishtest's exact GSPRT; for large samples it equals the approximation
``N (s1 - s0) (2 s - s0 - s1) / (2 var)`` fastchess prints for ``model=logistic``
(:func:`llr_approximation`), and unlike it, it stays small after a few one-sided games.

The outcomes are single games for the **trinomial** model (win 1, draw 1/2, loss 0) and game
pairs for the **pentanomial** model (each opening played with both colours; the pair's score
0, 1/4, 1/2, 3/4 or 1), which ``arena`` uses: it accounts for the openings' bias and is what
fastchess reports by default. The test stops when the LLR leaves ``[ln(beta / (1 - alpha)),
ln((1 - beta) / alpha)]``: above, H1 (``elo1``) is accepted, below, H0 (``elo0``).

The Elo estimate is ``-400 log10(1/s - 1)`` with a 95% interval from ``s +- 1.96 sqrt(var / N)``
(the same model's variance); from pairs it is the ``Elo: 77.71 +/- 33.03`` fastchess prints
(tests/test_arena_sprt.py checks both against published figures).

>>> test = Sprt(elo0=0, elo1=10, alpha=0.05, beta=0.05)
>>> [round(b, 3) for b in test.bounds]
[-2.944, 2.944]
>>> round(llr_trinomial(60, 30, 40, 0, 10), 3)
0.679
>>> round(llr_pentanomial([2, 10, 20, 14, 4], 0, 10), 3)
0.396
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


def score_of_elo(elo: float) -> float:
    """Expected score for a logistic Elo difference.

    >>> score_of_elo(0), round(score_of_elo(100), 4)
    (0.5, 0.6401)
    """
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference of an expected score (infinite at 0 and 1).

    >>> round(elo_of_score(0.6401), 1), elo_of_score(0.0)
    (100.0, -inf)
    """
    if score <= 0.0 or score >= 1.0:
        return math.inf if score >= 1.0 else -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def _moments(counts: Sequence[float], values: Sequence[float]) -> tuple[float, float, float]:
    """(N, mean, variance) of outcomes ``values[i]`` seen ``counts[i]`` times."""
    n = float(sum(counts))
    if n <= 0:
        return 0.0, 0.5, 0.0
    mean = sum(c * v for c, v in zip(counts, values, strict=True)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, values, strict=True)) / n
    return n, mean, var


def _regularized(counts: Sequence[float]) -> list[float]:
    """Counts with every outcome never seen counted 0.001 times, as fishtest does."""
    return [c if c > 0 else 1e-3 for c in counts]


def _mle(p: Sequence[float], values: Sequence[float], score: float) -> list[float]:
    """The distribution nearest to ``p`` (maximum likelihood) whose expected value is ``score``:
    ``q_i = p_i / (1 + lam (x_i - score))``, ``lam`` found by bisection."""
    lo = -1.0 / (max(values) - score) + 1e-12
    hi = 1.0 / (score - min(values)) - 1e-12

    def excess(lam: float) -> float:  # decreasing in lam; zero at the answer
        return sum(pi * (x - score) / (1 + lam * (x - score)) for pi, x in zip(p, values, strict=True))

    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if excess(mid) > 0 else (lo, mid)
    lam = (lo + hi) / 2
    q = [pi / (1 + lam * (x - score)) for pi, x in zip(p, values, strict=True)]
    total = sum(q)
    return [qi / total for qi in q]


def _llr(counts: Sequence[float], values: Sequence[float], elo0: float, elo1: float) -> float:
    """N * sum p_i log(q1_i / q0_i) with q0, q1 the MLE distributions at the two scores."""
    if sum(counts) <= 0:
        return 0.0
    counts = _regularized(counts)
    n = sum(counts)
    p = [c / n for c in counts]
    q0 = _mle(p, values, score_of_elo(elo0))
    q1 = _mle(p, values, score_of_elo(elo1))
    return n * sum(pi * math.log(b / a) for pi, a, b in zip(p, q0, q1, strict=True))


def llr_approximation(counts: Sequence[float], values: Sequence[float], elo0: float, elo1: float) -> float:
    """The usual approximation of the same LLR, ``N (s1 - s0) (2 s - s0 - s1) / (2 var)`` (what
    fastchess prints for ``model=logistic``); close to the exact one once the sample is large."""
    n, mean, var = _moments(counts, values)
    if n <= 0 or var <= 0:
        return 0.0
    s0, s1 = score_of_elo(elo0), score_of_elo(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


TRINOMIAL = (1.0, 0.5, 0.0)
PENTANOMIAL = (0.0, 0.25, 0.5, 0.75, 1.0)


def llr_trinomial(wins: int, draws: int, losses: int, elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of single games (see the module docstring)."""
    return _llr((wins, draws, losses), TRINOMIAL, elo0, elo1)


def llr_pentanomial(pairs: Sequence[int], elo0: float, elo1: float) -> float:
    """The GSPRT log-likelihood ratio of game pairs; ``pairs`` counts pair scores 0, 1/4, 1/2,
    3/4, 1 (LL, LD, DD or WL, WD, WW)."""
    return _llr(pairs, PENTANOMIAL, elo0, elo1)


def elo_interval(counts: Sequence[int], values: Sequence[float]) -> tuple[float, float, float]:
    """(Elo, low, high): the estimate and its 95% interval.

    >>> [round(x, 1) for x in elo_interval((60, 30, 40), TRINOMIAL)]
    [53.9, 1.9, 108.4]
    """
    n, mean, var = _moments(counts, values)
    if n <= 0:
        return 0.0, 0.0, 0.0
    margin = 1.959964 * math.sqrt(var / n)
    return elo_of_score(mean), elo_of_score(mean - margin), elo_of_score(mean + margin)


#: The largest Elo bound taken: at 1000 the expected score is 0.9968, still short of 1 (at
#: 7000 it rounds to 1.0 and the test divides by zero; at 1e308 the power overflows).
MAX_ELO = 1000
#: The smallest gap between the bounds (a test of no gap never ends).
MIN_ELO_GAP = 0.01


@dataclass
class Sprt:
    """An SPRT in progress: ``add_pair`` the rewards of each pair of games (A's view), ``add_game``
    the single games; ``llr`` (pentanomial when there are pairs), ``verdict``."""

    elo0: float = 0.0
    elo1: float = 10.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not all(math.isfinite(x) for x in (self.elo0, self.elo1, self.alpha, self.beta)):
            raise ValueError("elo0, elo1, alpha and beta must be numbers")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("alpha and beta must be between 0 and 1")
        if self.alpha + self.beta >= 1:
            raise ValueError("alpha + beta must be less than 1 (else the bounds cross)")
        if not (-MAX_ELO <= self.elo0 <= MAX_ELO and -MAX_ELO <= self.elo1 <= MAX_ELO):
            raise ValueError(f"elo0 and elo1 must be from -{MAX_ELO} to {MAX_ELO}")
        if self.elo1 - self.elo0 < MIN_ELO_GAP:
            raise ValueError(f"elo1 must be larger than elo0 (by {MIN_ELO_GAP:g} at least)")
        self.wdl = [0, 0, 0]
        self.pairs = [0, 0, 0, 0, 0]

    @classmethod
    def parse(cls, words: Sequence[str]) -> Sprt:
        """From ``elo0=0 elo1=10 alpha=0.05 beta=0.05`` (any left out keeps its default).

        >>> Sprt.parse(["elo0=-5", "elo1=5"]).bounds[1] > 2.9
        True
        """
        given: dict[str, float] = {}
        for word in words:
            key, sep, value = word.partition("=")
            if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
                raise ValueError(f"{word!r}: give elo0=, elo1=, alpha= or beta=")
            try:
                given[key] = float(value)
            except ValueError:
                raise ValueError(f"{word!r}: {value!r} is not a number") from None
            if not math.isfinite(given[key]):
                raise ValueError(f"{word!r}: {value!r} is not a number")
        return cls(**given)

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def add_game(self, reward: float) -> None:
        self.wdl[0 if reward >= 1.0 else 2 if reward <= 0.0 else 1] += 1

    def add_pair(self, first: float, second: float) -> None:
        self.pairs[round((first + second) * 2)] += 1

    @property
    def llr(self) -> float:
        if sum(self.pairs):
            return llr_pentanomial(self.pairs, self.elo0, self.elo1)
        wins, draws, losses = self.wdl
        return llr_trinomial(wins, draws, losses, self.elo0, self.elo1)

    def elo(self) -> tuple[float, float, float]:
        """(Elo, low, high) from the pairs (or the games while there are none)."""
        if sum(self.pairs):
            return elo_interval(self.pairs, PENTANOMIAL)
        return elo_interval(self.wdl, TRINOMIAL)

    @property
    def verdict(self) -> str | None:
        """ "H1" (accept elo1: A is stronger), "H0" (accept elo0), or None (play on)."""
        low, high = self.bounds
        llr = self.llr
        return "H1" if llr >= high else "H0" if llr <= low else None

    def status(self) -> str:
        """One line: ``Elo +12.3 [-4.0, +28.9] (95%), LLR 1.23 [-2.94, 2.94] (elo0 0, elo1 10)``."""
        elo, low, high = (x + 0.0 for x in self.elo())  # + 0.0: -0.0 prints as +0.0
        lo_b, hi_b = self.bounds
        wins, draws, losses = self.wdl
        model = f"pentanomial {self.pairs}" if sum(self.pairs) else "trinomial"
        return (
            f"Elo {elo:+.1f} [{low:+.1f}, {high:+.1f}] (95%), LLR {self.llr:.2f} [{lo_b:.2f}, {hi_b:.2f}]"
            f" (elo0 {self.elo0:g}, elo1 {self.elo1:g}; W{wins} D{draws} L{losses}, {model})"
        )

    def verdict_text(self) -> str:
        verdict = self.verdict
        if verdict == "H1":
            return f"SPRT: H1 accepted (elo1 {self.elo1:g}): A is stronger, LLR {self.llr:.2f}"
        if verdict == "H0":
            return f"SPRT: H0 accepted (elo0 {self.elo0:g}): A is not stronger by elo1, LLR {self.llr:.2f}"
        return f"SPRT: no verdict yet, LLR {self.llr:.2f}"
