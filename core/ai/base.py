"""What an AI player is: an :class:`Agent` chooses a move for a state within a :class:`Limit`.

Agents are registered by name (``register_agents``), either for every game (the generic
agents in :mod:`tafel.ai`) or for given game ids (a plugin's own, stronger ones). The levels
``easy``, ``medium`` and ``hard`` are names like any other: a plugin may register its own
for its game, and the core falls back to generic ones otherwise.

Agents run in the AI worker process (:mod:`tafel.ai.worker`) while the screen keeps
drawing; the same objects run in-process for ``arena`` and tests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tafel.game import GameDef, GameState, Move, Outcome


@dataclass(frozen=True)
class Limit:
    """A search budget: any of wall time in seconds, depth in plies, nodes (or iterations).

    ``None`` everywhere means 'the agent's own default'.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def deadline(self, start: float | None = None) -> float | None:
        if self.time is None:
            return None
        return (time.perf_counter() if start is None else start) + self.time


StopCheck = Callable[[], bool]
"""Polled by a search now and then: True asks it to end at once with its best move so far."""


# Any: each agent's own figures (a value, a depth, its ranked moves...), read by name.
AgentInfo = dict[str, Any]
"""What an agent reports of its last search, by name (:attr:`Agent.info`)."""


class Agent:
    """Base class of AI players. One instance plays one seat for one game at a time.

    ``choose`` must return a member of ``state.legal_moves()``. It must respect
    ``limit`` (returning a little early is fine) and poll ``stop`` now and then: when it
    returns True the search ends with its best move so far.
    """

    #: Filled in after ``choose``: figures for benches and the HUD (depth, nodes, ...). An agent
    #: that values the position puts it in ``info["value"]``: the expected result for the seat to
    #: move in [0, 1] (1 a sure win, 0.5 even, 0 a sure loss; :func:`search_value` turns a search
    #: score into it, :func:`proven_value` a proven result; PLUGINS.md, "The value scale"). An agent that knows its chance of
    #: winning (where the value is not one: a solo game's expected progress) puts it in
    #: ``info["win_chance"]``. Hints and the game review show the win chance where given, else
    #: the value (:func:`tafel.ai.messages.value_of`, :func:`~tafel.ai.messages.chance_of`).
    info: AgentInfo

    def __init__(self) -> None:
        self.info = {}

    def choose(
        self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        raise NotImplementedError

    def reset(self) -> None:
        """A new game starts: forget anything kept between moves (trees, tables)."""


AgentFactory = Callable[[GameDef], Agent]


def score_value(score: float | None, win: float) -> float | None:
    """A search score as a value in [0, 1] (``Agent.info["value"]``): heuristic scores in [-1, 1]
    map linearly (0 is 0.5), scores of ``win`` and beyond (proven results) are 1 and 0, and scores
    in between (a finished game's share, on the -win..win scale) linearly from that scale.

    >>> score_value(0.5, 500.0), score_value(-998.0, 500.0), score_value(None, 500.0)
    (0.75, 0.0, None)
    """
    if score is None:
        return None
    if -1.0 <= score <= 1.0:
        return round((score + 1.0) / 2.0, 4)
    if score >= win or score <= -win:
        return 1.0 if score > 0 else 0.0
    return round(0.5 + score / (2.0 * win), 4)


def search_value(score: float | None, scale: float = 1.0, win: float | None = None) -> float | None:
    """The value for ``Agent.info["value"]`` from a search score for the side to move: the
    expected result for that side in [0, 1] (1 a sure win, 0.5 even, 0 a sure loss).

    ``scale`` is the score of a position as good as won by evaluation (scores from -scale to
    scale map linearly, beyond are clamped); ``win`` the score from which on a search has
    proven a win (and from ``-win`` down a loss): 1.0 and 0.0. ``None`` stays None (no value).
    The score must be from the point of view of the side to move in the searched position.

    >>> search_value(0.0), search_value(0.5), search_value(-3.0)
    (0.5, 0.75, 0.0)
    >>> search_value(120, scale=400), search_value(998.0, scale=1.0, win=500.0)
    (0.65, 1.0)
    """
    if score is None:
        return None
    if win is not None and abs(score) >= win:
        return 1.0 if score > 0 else 0.0
    share = (score / scale + 1.0) / 2.0
    return round(min(1.0, max(0.0, share)), 4)


def proven_value(outcome: Outcome, seat: int) -> float:
    """The value of a proven result for ``seat``: its reward in the outcome (a win 1.0, a draw
    0.5, a loss 0.0, a ranked share in between) — what a search that sees the end reports.

    >>> proven_value(Outcome.win(0, 2, "three in a row"), 1), proven_value(Outcome.draw(2, "full"), 0)
    (0.0, 0.5)
    """
    return float(outcome.rewards[seat])


@dataclass
class AgentDef:
    """A named AI player. ``games`` limits it to those game ids (None: any game)."""

    name: str
    description: str
    factory: AgentFactory
    games: tuple[str, ...] | None = None
    default_limit: Limit = field(default_factory=Limit)
    plugin: str = ""

    def supports(self, game_id: str) -> bool:
        return self.games is None or game_id in self.games


#: Levels every game offers in setup, easiest first.
LEVELS = ("easy", "medium", "hard")
#: Default think time per level, in seconds.
LEVEL_TIME = {"easy": 0.05, "medium": 0.3, "hard": 1.0}


def _factory(make: Callable[[str], Agent], level: str) -> AgentFactory:
    """An agent factory for ``level``: the game is not needed, ``make`` knows it."""
    return lambda game: make(level)


def level_agents(
    game_id: str,
    make: Callable[[str], Agent],
    description: str | dict[str, str],
    times: dict[str, float] | None = None,
) -> list[AgentDef]:
    """AgentDefs for a game's own ``easy``, ``medium`` and ``hard``.

    ``make(level)`` builds the agent when a game needs it (import the AI module inside it,
    so listing games stays fast). ``description`` is one text for all levels (the level is
    appended) or one per level; ``times`` are think times (default :data:`LEVEL_TIME`).

    >>> [a.name for a in level_agents("nim", lambda level: Agent(), "Nim search")]
    ['easy', 'medium', 'hard']
    """
    times = times or LEVEL_TIME
    agents: list[AgentDef] = []
    for level in LEVELS:
        text = description[level] if isinstance(description, dict) else f"{description}, {level}"
        agents.append(
            AgentDef(
                level,
                text,
                _factory(make, level),
                games=(game_id,),
                default_limit=Limit(time=times[level]),
            )
        )
    return agents
