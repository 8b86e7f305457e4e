"""The puzzle room's extras: a deal's difficulty before play, and the daily deal.

**Difficulty** (:func:`difficulty`, the game's ``GameDef.difficulty``): the solver, seeing only
what a player sees, plays the deal :data:`GAMES` times, each time with the face-down pieces dealt
anew (the face-up tops stay as dealt); its win rate names the deal easy, medium, hard or very hard.
It takes a few seconds, so the setup screen asks for it in the background. Answers are kept in
``axxa-difficulty.json`` in the data folder, so the records and the win rates by difficulty can
name them later.

**The daily deal** is the setup's Daily deal row (:func:`tafel.daily_seed`: one seed a day, the
same for everyone); its games keep records of their own (:func:`records_variant`).

>>> label_for(0.8), label_for(0.5), label_for(0.3), label_for(0.1)
('easy', 'medium', 'hard', 'very hard')
>>> import datetime
>>> from tafel import daily_seed
>>> deal_name(7), deal_name(daily_seed(datetime.date(2025, 1, 17)))
('Deal 7', 'Daily 2025-01-17')
"""

from __future__ import annotations

import json
import random
import threading
from datetime import datetime, time
from pathlib import Path
from typing import Any

from tafel import Limit, Options, atomic_write, current, daily_date, data_dir, format_datetime

from .texts import N_, _

FILE_NAME = "axxa-difficulty.json"
#: Games the solver plays per deal, and its budget per decision (sampled deals).
GAMES = 16
SAMPLES = 8
#: The least win rate of each label, hardest last.
#: The labels stay English in files; screens translate them.
BANDS = ((0.75, N_("easy")), (0.5, N_("medium")), (0.25, N_("hard")), (0.0, N_("very hard")))
LABELS = tuple(label for _rate, label in BANDS)

_lock = threading.Lock()


def label_for(rate: float) -> str:
    for least, label in BANDS:
        if rate >= least:
            return label
    return BANDS[-1][1]


def deal_name(seed: int) -> str:
    """A deal for people: its number, or the day of a daily deal."""
    day = daily_date(seed)
    if day is None:
        return _("Deal {seed}").format(seed=seed)
    shown = day.isoformat() if current() == "en" else format_datetime(datetime.combine(day, time()), "date")
    return _("Daily {date}").format(date=shown)


def records_variant(options: Options | None, seed: int | None) -> str:
    """The records' variant of a game: the rules, and ``daily`` for the daily deals.

    >>> from tafel import daily_seed
    >>> records_variant({"triplets": "straight"}, 3), records_variant({}, daily_seed())
    ('straight/mandatory', 'daily/chain/mandatory')
    """
    from .records import variant_key

    key = variant_key(options)
    return f"daily/{key}" if daily_date(seed) is not None else key


def difficulty_path() -> Path:
    return data_dir() / FILE_NAME


def _load(path: Path | None = None) -> dict[str, Any]:
    try:
        data = json.loads((path or difficulty_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def known(options: Options | None, seed: int) -> tuple[str, float] | None:
    """The difficulty worked out before for this deal and rules, if any."""
    entry = _load().get(_rules_key(options), {}).get(str(seed))
    if isinstance(entry, list) and len(entry) == 2 and entry[0] in LABELS:
        try:
            return str(entry[0]), float(entry[1])
        except (TypeError, ValueError):
            return None
    return None


def _rules_key(options: Options | None) -> str:
    from .records import variant_key

    return variant_key(options)


def _remember(options: Options | None, seed: int, answer: tuple[str, float]) -> None:
    with _lock:
        data = _load()
        data.setdefault(_rules_key(options), {})[str(seed)] = [answer[0], round(answer[1], 3)]
        try:
            atomic_write(difficulty_path(), json.dumps(data, indent=1, sort_keys=True))
        except OSError:
            pass  # the answer still shows; it is only not kept


def win_rate(options: Options, seed: int, games: int = GAMES, samples: int = SAMPLES) -> float:
    """The solver's win rate over ``games`` deals of the hidden pieces of deal ``seed``."""
    from . import rules_of
    from .rules import AxxaState
    from .solver import AxxaSolver

    rules = rules_of(dict(options, mode="solo"))
    view = AxxaState.deal(int(seed), rules).view_for(0)
    rng = random.Random(f"axxa-difficulty:{seed}:{_rules_key(options)}")
    limit = Limit(time=5.0, nodes=samples)
    wins = 0
    for _game in range(games):
        state = view.determinize(rng)
        agent = AxxaSolver("medium", samples=samples)
        while state.outcome is None:
            state = state.play(agent.choose(state.view_for(0), limit, rng))
        wins += state.outcome.rewards[0] >= 1.0
    return wins / games


def difficulty(options: Options, seed: int) -> tuple[str, float] | None:
    """``GameDef.difficulty``: (label, the solver's win rate) of a solo deal; None in the
    competitive game. Kept in the data folder once worked out."""
    if options.get("mode", "solo") != "solo":
        return None
    found = known(options, seed)
    if found is not None:
        return found
    rate = win_rate(options, seed)
    answer = (label_for(rate), rate)
    _remember(options, seed, answer)
    return answer
