"""The random agent: a uniformly random legal move, drawn with the rng it is given.

It is the baseline every other agent must beat in ``arena`` runs, and the agent tests use to
walk through random positions.
"""

from __future__ import annotations

import random

from tafel.ai.base import Agent, Limit, StopCheck
from tafel.game import GameDef, GameError, GameState, Move


class RandomAgent(Agent):
    """Uniform over ``state.legal_moves()``; ignores the limit."""

    def __init__(self, game: GameDef | None = None) -> None:
        super().__init__()

    def choose(
        self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise GameError("no legal move: the game is over")
        self.info = {"moves": len(moves)}
        return moves[rng.randrange(len(moves))]
