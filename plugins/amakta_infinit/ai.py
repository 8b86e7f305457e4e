"""The Amakta Infinit AI: bids from an estimate of what points are worth, builds a set, then plays
with the standard Amakta search and evaluation (:mod:`tafel.games.amakta.ai`), which work on any board.

**Sets.** :func:`build_set` spends points on a plan of proven shapes (the pieces of the
standard Amakta sets: lines, tripods, fans, lances) in priority order, then fills what is
left with the cheapest pieces that still carry arrows, and a blank piece last: points left
over when the set closes are lost, and every piece is material. One piece is created per
move, the first of the plan for the points and pieces the player has then.

**Worth and bids.** The worth of a number of points is the worth of the set
:func:`build_set` makes of them: one unit a piece plus a share per arrow. The *fair* number of
points for Black is the least that is worth as much as White's points plus the first move
(:data:`TEMPO`). In the auction the AI accepts a bid that reaches its (noisy) fair value, and
otherwise raises half-way towards it: a lower bid lets it play White cheaply.

>>> fair_black_points(60) > 60
True
>>> s = build_set(30)
>>> sum(value_of(lay, c) for lay, c in s) <= 30, len(s)
(True, 3)
"""

from __future__ import annotations

import itertools
import random
from functools import lru_cache

from tafel import Agent, Limit
from tafel.games.amakta.ai import AmaktaAgent
from tafel.games.amakta.rules.engine import Move
from tafel.games.amakta.rules.pieces import DIGIT_ARROWS, from_digits, parse_layout
from tafel.games.amakta.rules.state import PLAY

from .state import ACCEPT, BID, CLOSE, InfinitState, bid_cap
from .teach import ACCEPTS, CLOSES, CREATES, OPENS, RAISES
from .values import CREATE, counts, normal, value_of

#: The plan: shapes of the standard sets, most useful first (layout text, circle).
PLAN = tuple(
    (normal(parse_layout(text)), 0)
    for text in (
        "b.-.b.-.b.-",
        "b.-.-.b.-.-",
        "g.-.-.b.-.-",
        "r.-.b.-.b.-",
        "b.b.-.-.-.b",
        "br.-.-.-.-.-",
        "bb.-.-.-.-.-",
        "g.-.g.-.g.-",
        "g.b.-.-.-.b",
        "rr.-.-.-.-.-",
        "gg.-.-.b.-.-",
        "bg.-.-.bg.-.-",
        "b.b.b.b.b.b",
    )
)
#: Worth of a piece and of each of its arrows, in "pieces".
PIECE_WORTH = 1.0
ARROW_WORTH = 0.3
#: What moving first is worth, in the same units.
TEMPO = 0.6
#: Relative noise on the fair value, per level (easy misjudges the auction more).
BID_NOISE = {"easy": 0.2, "medium": 0.08, "hard": 0.03}
BLANK = 0


@lru_cache(maxsize=1)
def _fillers() -> tuple[tuple[int, int, int], ...]:
    """Cheap pieces with arrows (at most three, so worth at most 14), without a circle first, then
    damaged: (value, normal layout, circle), by value. Made directly, without the creation table."""
    shapes = set()
    for k in (1, 2, 3):
        for where in itertools.combinations(range(6), k):
            for ds in itertools.product(range(1, 10), repeat=k):
                if sum(len(DIGIT_ARROWS[x]) for x in ds) <= 3:
                    digits = [0] * 6
                    for i, x in zip(where, ds, strict=True):
                        digits[i] = x
                    shapes.add(normal(from_digits(digits)))
    plain = sorted((value_of(s, 0), s, 0) for s in shapes)
    damaged = sorted((value_of(s, 2), s, 2) for s in shapes)
    return tuple(plain + damaged)


def build_set(points: int, taken: frozenset[int] = frozenset(), rng: random.Random | None = None) -> list:
    """The pieces (layout, circle) the AI would create with ``points`` next to the pieces
    ``taken`` (normal forms) already in its set, in creation order."""
    plan = list(PLAN)
    if rng is not None:
        # A little variety: neighbours in the plan sometimes swap.
        for i in range(len(plan) - 1):
            if rng.random() < 0.25:
                plan[i], plan[i + 1] = plan[i + 1], plan[i]
    chosen: list[tuple[int, int]] = []
    have = set(taken)
    left = points
    for layout, circle in plan:
        v = value_of(layout, circle)
        if layout not in have and v <= left:
            chosen.append((layout, circle))
            have.add(layout)
            left -= v
    for v, layout, circle in _fillers():
        if v > left:
            if circle == 0:
                continue
            break
        if layout not in have:
            chosen.append((layout, circle))
            have.add(layout)
            left -= v
    if BLANK not in have and left >= 2:
        chosen.append((BLANK, 0))
    return chosen


def worth(points: int) -> float:
    """What ``points`` are worth: the worth of the set :func:`build_set` makes of them."""
    total = 0.0
    for layout, _circle in build_set(points):
        a, b = counts(layout)
        total += PIECE_WORTH + ARROW_WORTH * (a + 2 * b)
    return total


@lru_cache(maxsize=256)
def fair_black_points(white_points: int) -> int:
    """The least number of points for Black worth White's points and the first move (capped)."""
    target = worth(white_points) + TEMPO
    for b in range(white_points, bid_cap(white_points) + 1):
        if worth(b) >= target:
            return b
    return bid_cap(white_points)


class InfinitAgent(Agent):
    """Easy / medium / hard: the auction and creation here, play by the standard Amakta agent."""

    def __init__(self, level: str = "medium") -> None:
        super().__init__()
        self.level = level
        self.player = AmaktaAgent(level)

    def reset(self) -> None:
        self.player.reset()

    def choose(self, state: InfinitState, limit: Limit, rng: random.Random, stop=None) -> Move:  # type: ignore[override]
        if state.outcome is not None:  # (creation move lists are long: not listed here)
            raise ValueError("no legal move: the game is over")
        if state.offer is not None or state.phase == PLAY:
            move = self.player.choose(state, limit, rng, stop)
            self.info = dict(self.player.info)
            return move
        if state.phase == BID:
            return self._bid(state, rng)
        return self._create(state, rng)

    def _bid(self, state: InfinitState, rng: random.Random) -> Move:
        fair = fair_black_points(state.points[0])
        fair = max(0, round(fair * (1 + rng.uniform(-1, 1) * BID_NOISE.get(self.level, 0.1))))
        cap = bid_cap(state.points[0])
        last = state.bids[-1] if state.bids else None
        self.info = {"fair": fair}
        if last is not None and last >= fair - 1:
            self.info["reason"] = ACCEPTS.format(bid=last, fair=fair)
            return ACCEPT  # Black with this many points is worth at least White
        nxt = round(fair * 0.6) if last is None else last + max(1, (fair - last) // 2)
        nxt = min(nxt, fair - 1, cap)
        if last is not None and nxt <= last:
            self.info["reason"] = ACCEPTS.format(bid=last, fair=fair)
            return ACCEPT
        bid = max(0, nxt)
        self.info["reason"] = (OPENS if last is None else RAISES).format(fair=fair)
        return Move(BID, piece=bid)

    def _create(self, state: InfinitState, rng: random.Random) -> Move:
        colour = state.pos.turn
        left = state.remaining(colour)
        plan = build_set(left, state.taken(colour), rng if self.level != "hard" else None)
        self.info = {"points": left, "plan": len(plan)}
        if not plan:
            self.info["reason"] = CLOSES
            return CLOSE
        self.info["reason"] = CREATES.format(n=len(plan), points=left)
        layout, circle = plan[0]
        return Move(CREATE, piece=layout, orient=circle)
