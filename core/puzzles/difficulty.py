"""A puzzle's starting rating, from its difficulty as measured by the game's own search.

Four things are measured (:func:`measure`), each of which makes a puzzle harder:

- ``depth``: the shallowest search from which on the solution's first move comes out best
  (strictly above every move of another idea), at that depth and every deeper one up to the
  confirming search: a move a one-ply look finds is easy, one only a deep search singles out
  is not;
- ``moves``: the legal moves to choose from;
- ``margin``: how much better the first move is than the best other idea, by the confirming
  search (values in [0, 1]): a narrow margin means tempting alternatives;
- ``solver_moves``: the solver's moves in the line.

The formula (:func:`rating_of`), on the scale of a new player's 1500::

    rating = 1000
           + 150 * (depth - 1)
           + 200 * (solver_moves - 1)
           + clamp(round(120 * log2(moves / 12)), -150, 250)
           + round(250 * (1 - min(1, margin / 0.7)))

so a one-move puzzle with a dozen moves, found at one ply and winning by far (margin 0.7 or
more) starts at 1000, and each step of depth adds 150 (the formula grows with every term
but the margin, which it falls with). The room's Glicko-2 ratings then move from there with
every attempt.

>>> rating_of(Difficulty(depth=1, moves=12, margin=0.8, solver_moves=1))
1000.0
>>> rating_of(Difficulty(depth=3, moves=48, margin=0.35, solver_moves=2))
1865.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from tafel.game import GameDef, GameState, Move
from tafel.puzzles.support import PuzzleSupport

BASE = 1000
PER_DEPTH = 150
PER_SOLVER_MOVE = 200
#: Rating per doubling of the legal moves (12 moves: none), clamped to [BRANCHING_MIN, BRANCHING_MAX].
PER_DOUBLING = 120
BRANCHING_MIN, BRANCHING_MAX = -150, 250
#: A margin of this much or more adds nothing; a margin of 0 would add :data:`NARROW`.
WIDE_MARGIN = 0.7
NARROW = 250


@dataclass(frozen=True)
class Difficulty:
    """What makes a puzzle hard (see the module docstring)."""

    depth: int
    moves: int
    margin: float
    solver_moves: int

    def to_json(self) -> dict[str, float]:
        """As a set keeps it, beside the rating it gave (the solver's moves are the line's)."""
        return {"depth": self.depth, "moves": self.moves, "margin": round(self.margin, 2)}


def rating_of(difficulty: Difficulty) -> float:
    """The starting rating the formula of the module docstring gives."""
    moves = max(1, difficulty.moves)
    branching = max(BRANCHING_MIN, min(BRANCHING_MAX, round(PER_DOUBLING * math.log2(moves / 12))))
    margin = min(1.0, max(0.0, difficulty.margin / WIDE_MARGIN))
    return float(
        BASE
        + PER_DEPTH * (max(1, difficulty.depth) - 1)
        + PER_SOLVER_MOVE * (max(1, difficulty.solver_moves) - 1)
        + branching
        + round(NARROW * (1 - margin))
    )


def _best_is(
    support: PuzzleSupport, state: GameState, scores: Sequence[tuple[Move, float]], key: object
) -> bool:
    """Whether the moves of idea ``key`` score strictly above every other move."""
    ours = [v for m, v in scores if support.key_of(state, m) == key]
    others = [v for m, v in scores if support.key_of(state, m) != key]
    return bool(ours) and (not others or max(ours) > max(others))


def margin_of(
    support: PuzzleSupport, state: GameState, scores: Sequence[tuple[Move, float]], first: Move
) -> float:
    """The first move's value minus the best other idea's (rounded as a set writes values)."""
    key = support.key_of(state, first)
    ours = [v for m, v in scores if support.key_of(state, m) == key]
    others = [v for m, v in scores if support.key_of(state, m) != key]
    best = max(ours) if ours else 0.0
    return round(round(best, 2) - round(max(others), 2), 2) if others else 1.0


def measure(
    support: PuzzleSupport,
    game: GameDef,
    state: GameState,
    first: Move,
    solver_moves: int,
    deep: Sequence[tuple[Move, float]] | None = None,
) -> Difficulty:
    """The difficulty of the puzzle at ``state`` whose line starts with ``first``; ``deep``: the
    confirming search's scores when known (else searched now). Searches every depth below the
    confirming one, deepest first, until the first move is not best."""
    if deep is None:
        deep = support.move_scores(game, state, support.verify_depth)
    key = support.key_of(state, first)
    depth = support.verify_depth
    for d in range(support.verify_depth - 1, 0, -1):
        if not _best_is(support, state, support.move_scores(game, state, d), key):
            break
        depth = d
    return Difficulty(depth, len(deep), margin_of(support, state, deep, first), solver_moves)
