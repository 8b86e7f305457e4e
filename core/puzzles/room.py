"""Which puzzle comes next, and what answers a wrong move: the puzzle room's choices, shared by
the arcade's screen and the command line.

- :func:`daily`: one puzzle a day per game, the same for everyone (the day's seed picks it);
- :func:`at_level`: an unsolved puzzle near the player's rating, within the themes asked for;
- :func:`streak_next`: the streak mode's next puzzle, a little harder each time;
- :func:`refutation`: the opponent's best answer to a wrong move and what follows.

>>> from tafel.puzzles.puzzle import Puzzle
>>> ps = [Puzzle(f"p{r}", "g", {}, "x", ("a",), 0, float(r), ("t",) if r < 1400 else ()) for r in (1000, 1300, 1600, 1900)]
>>> at_level(ps, 1550, set(), None).id, at_level(ps, 1550, {"p1600"}, None).id
('p1600', 'p1300')
>>> at_level(ps, 1900, set(), None, themes={"t"}).id
'p1300'
>>> [streak_next(ps, k, set()).id for k in (0, 4, 7, 10)]
['p1000', 'p1300', 'p1600', 'p1900']
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Collection, Sequence

from tafel.daily import daily_seed
from tafel.game import GameDef, GameState
from tafel.puzzles.puzzle import Puzzle
from tafel.puzzles.support import support_of

#: The nearest puzzles by rating that a pick chooses among (so a retry does not always give the same).
NEAREST = 6
#: The streak's first puzzle's rating and the step per solved one.
STREAK_START = 900.0
STREAK_STEP = 100.0


def with_themes(puzzles: Sequence[Puzzle], themes: Collection[str] | None) -> list[Puzzle]:
    """The puzzles showing every theme of ``themes`` (all of them for none)."""
    if not themes:
        return list(puzzles)
    wanted = set(themes)
    return [p for p in puzzles if wanted <= set(p.themes)]


def daily(puzzles: Sequence[Puzzle], day: datetime.date | None = None) -> Puzzle | None:
    """The day's puzzle: the same for everyone on that day, another the next."""
    if not puzzles:
        return None
    ordered = sorted(puzzles, key=lambda p: p.id)
    return ordered[random.Random(daily_seed(day)).randrange(len(ordered))]


def at_level(
    puzzles: Sequence[Puzzle],
    rating: float,
    solved: Collection[str],
    rng: random.Random | None,
    themes: Collection[str] | None = None,
    ratings: dict[str, float] | None = None,
) -> Puzzle | None:
    """A puzzle near ``rating`` (one of the :data:`NEAREST` picked by ``rng``; None: the nearest), not yet solved where any is left.
    ``ratings`` holds the puzzles' current ratings where they moved from the shipped ones."""
    pool = with_themes(puzzles, themes)
    fresh = [p for p in pool if p.id not in solved] or pool
    if not fresh:
        return None
    now = ratings or {}
    fresh.sort(key=lambda p: (abs(now.get(p.id, p.rating) - rating), p.id))
    return rng.choice(fresh[:NEAREST]) if len(fresh) > 1 and rng is not None else fresh[0]


def streak_next(
    puzzles: Sequence[Puzzle], solved_in_streak: int, used: Collection[str], themes=None
) -> Puzzle | None:
    """The streak's next puzzle: the nearest to ``STREAK_START + STREAK_STEP * solved`` not yet used."""
    target = STREAK_START + STREAK_STEP * solved_in_streak
    pool = [p for p in with_themes(puzzles, themes) if p.id not in used]
    if not pool:
        return None
    return min(pool, key=lambda p: (abs(p.rating - target), p.id))


def refutation(game: GameDef, state: GameState, plies: int = 3) -> list[str]:
    """The best line from ``state`` (a wrong move just played) by the game's puzzle search (two
    plies short of the confirming one, so a screen shows it in a moment): the opponent's answer
    and what follows, ``plies`` moves at most (notation)."""
    support = support_of(game)
    if support is None:
        return []
    texts: list[str] = []
    for _ in range(plies):
        if state.outcome is not None:
            break
        scores = support.move_scores(game, state, max(support.depth, support.verify_depth - 2))
        if not scores:
            break
        move = scores[0][0]
        texts.append(state.move_to_text(move))
        state = state.play(move)
    return texts
