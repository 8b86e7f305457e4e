"""The daily deal: one setup seed per calendar day, the same for everyone.

A random-setup game's setup screen offers it (the Daily deal row). The seed of a day is
``DAILY_BASE`` plus the days since 2000-01-01, so a plugin can tell a daily deal from a numbered
one and name its day (:func:`daily_date`); it is a plain seed, so replays, saves and the AI
rebuild the game from it as from any other.

>>> import datetime
>>> daily_seed(datetime.date(2025, 1, 17))
2000009148
>>> daily_date(2000009148), daily_date(42)
(datetime.date(2025, 1, 17), None)
"""

from __future__ import annotations

import datetime

#: Daily seeds start here (above any deal number typed by hand, below 2**31).
DAILY_BASE = 2_000_000_000
_EPOCH = datetime.date(2000, 1, 1)
_LAST = 100_000_000  # days: far beyond any calendar in use, still under 2**31


def daily_seed(day: datetime.date | None = None) -> int:
    """The seed of ``day``'s deal (today, in local time, by default)."""
    day = day or datetime.date.today()
    return DAILY_BASE + (day - _EPOCH).days


def daily_date(seed: object) -> datetime.date | None:
    """The day whose deal ``seed`` is, or None when it is not a daily seed."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        return None
    days = seed - DAILY_BASE
    if not 0 <= days < _LAST:
        return None
    try:
        return _EPOCH + datetime.timedelta(days=days)
    except OverflowError:
        return None


__all__ = ["DAILY_BASE", "daily_date", "daily_seed"]
