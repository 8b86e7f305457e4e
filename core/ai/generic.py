"""The generic AI players: a core plugin (in ``tafel.plugins.DEFAULT_PLUGINS``) offering agents for every game.

They need nothing but the :class:`tafel.game.GameState` API, plus ``GameDef.evaluate`` when a
game has one:

- ``random``: a uniformly random legal move;
- ``greedy``: one ply with ``evaluate``, immediate wins always taken;
- ``mcts``: UCT with random playouts, any number of seats, hidden information by determinizing;
- ``alphabeta``: iterative-deepening negamax for two seats (other games: mcts);
- the levels ``easy`` (greedy), ``medium`` and ``hard``: alpha-beta when the game has
  ``evaluate``, two seats and nothing hidden, MCTS otherwise, with the think times of
  :data:`tafel.ai.base.LEVEL_TIME`.

A plugin that registers its own ``easy``/``medium``/``hard`` (or any of these names) for its
game replaces the generic one there; the registry prefers game-specific agents.
"""

from __future__ import annotations

import random

from tafel.ai.alphabeta import AlphaBetaAgent
from tafel.ai.base import LEVEL_TIME, Agent, AgentDef, Limit, StopCheck
from tafel.ai.greedy import GreedyAgent
from tafel.ai.mcts import MCTSAgent
from tafel.ai.random_agent import RandomAgent
from tafel.game import GameDef, GameState, Move
from tafel.hookspecs import AgentRegistrar, hookimpl


class LevelAgent(Agent):
    """Alpha-beta or MCTS, whichever suits the game, picked at the first move.

    Alpha-beta needs a heuristic, exactly two seats and full information; the seat count
    and hidden parts are only known from a state, hence the late choice.
    """

    def __init__(self, game: GameDef, default_limit: Limit) -> None:
        super().__init__()
        self.game = game
        self.default_limit = default_limit
        self.inner: Agent | None = None

    def choose(
        self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        if self.inner is None:
            if self.game.evaluate is not None and state.players == 2 and not state.has_hidden_information:
                self.inner = AlphaBetaAgent(self.game, default_limit=self.default_limit)
            else:
                self.inner = MCTSAgent(self.game, default_limit=self.default_limit)
        if limit.time is None and limit.depth is None and limit.nodes is None:
            limit = self.default_limit
        move = self.inner.choose(state, limit, rng, stop)
        self.info = dict(
            self.inner.info, engine="alphabeta" if isinstance(self.inner, AlphaBetaAgent) else "mcts"
        )
        return move

    def reset(self) -> None:
        if self.inner is not None:
            self.inner.reset()


def _level_limit(level: str) -> Limit:
    return Limit(time=LEVEL_TIME[level])


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    medium, hard = _level_limit("medium"), _level_limit("hard")
    register(AgentDef("random", "Plays a random legal move", RandomAgent))
    register(AgentDef("greedy", "Best move one ply ahead by the game's evaluation", GreedyAgent))
    register(
        AgentDef(
            "mcts",
            "Monte Carlo tree search with random playouts",
            lambda game: MCTSAgent(game, default_limit=medium),
            default_limit=medium,
        )
    )
    register(
        AgentDef(
            "alphabeta",
            "Alpha-beta search with iterative deepening (two players)",
            lambda game: AlphaBetaAgent(game, default_limit=medium),
            default_limit=medium,
        )
    )
    register(
        AgentDef(
            "easy", "Greedy: the best move one ply ahead", GreedyAgent, default_limit=_level_limit("easy")
        )
    )
    register(
        AgentDef(
            "medium",
            f"Searches about {LEVEL_TIME['medium']:g} s a move",
            lambda game: LevelAgent(game, medium),
            default_limit=medium,
        )
    )
    register(
        AgentDef(
            "hard",
            f"Searches about {LEVEL_TIME['hard']:g} s a move",
            lambda game: LevelAgent(game, hard),
            default_limit=hard,
        )
    )
