"""The greedy agent: looks one ply ahead and takes the move its game's ``evaluate`` likes best.

A finished position scores by its outcome, on a scale beyond any heuristic value, so an
immediate win is always taken and a move that loses on the spot never chosen when another
exists. Without ``GameDef.evaluate`` every unfinished position scores 0: the agent then
plays at random, except that it still takes immediate wins. Equal scores are broken with the
rng, so two greedy agents do not replay the same game.

For a view with hidden parts the score of a move is averaged over a few determinizations.

>>> from tafel.game import Outcome
>>> won = Outcome.win(0, 2, "three in a row")
>>> terminal_score(won, 0), terminal_score(won, 1), terminal_score(Outcome.draw(2, "board full"), 0)
(10.0, -9.0, 0.0)
"""

from __future__ import annotations

import random

from tafel.ai.base import Agent, Limit, StopCheck, score_value
from tafel.game import GameDef, GameError, GameState, Move, Outcome

#: Score of a won position: beyond any heuristic value, which lies in [-1, 1].
WIN_SCORE = 10.0
#: How many sampled worlds score a move when the state hides something.
SAMPLES = 8


def clamp(value: float, low: float = -1.0, high: float = 1.0) -> float:
    return low if value < low else high if value > high else value


def terminal_score(outcome: Outcome, seat: int) -> float:
    """Score of a finished game for ``seat``: a win is WIN_SCORE, a loss -WIN_SCORE + something.

    A solo loss scores just above -WIN_SCORE by its progress, so a lost puzzle is the last
    resort whatever its progress; between seats, shares of a ranked outcome fall in between
    and a draw scores 0, like an even heuristic position.
    """
    reward = outcome.rewards[seat]
    if reward >= 1.0:
        return WIN_SCORE
    if len(outcome.rewards) == 1:
        return -WIN_SCORE + reward
    return (reward - 0.5) * 2 * (WIN_SCORE - 1)


class GreedyAgent(Agent):
    """One ply with ``GameDef.evaluate(state, seat)``; see the module docstring."""

    def __init__(self, game: GameDef | None = None) -> None:
        super().__init__()
        self.evaluate = game.evaluate if game is not None else None

    def score(self, state: GameState, seat: int) -> float:
        outcome = state.outcome
        if outcome is not None:
            return terminal_score(outcome, seat)
        if self.evaluate is None:
            return 0.0
        return clamp(float(self.evaluate(state, seat)))

    def choose(
        self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise GameError("no legal move: the game is over")
        seat = state.to_move
        if len(moves) == 1:
            self.info = {"moves": 1, "score": None}
            return moves[0]
        if state.has_hidden_information:
            worlds = [state.determinize(rng) for _ in range(SAMPLES)]
        else:
            worlds = [state]
        best_score = float("-inf")
        best: list[Move] = []
        for move in moves:
            value = sum(self.score(w.play_unchecked(move), seat) for w in worlds) / len(worlds)
            if value > best_score + 1e-9:
                best_score, best = value, [move]
            elif value > best_score - 1e-9:
                best.append(move)
        self.info = {
            "moves": len(moves),
            "score": round(best_score, 4),
            "value": score_value(best_score, WIN_SCORE),
            "ties": len(best),
        }
        return best[rng.randrange(len(best))]
