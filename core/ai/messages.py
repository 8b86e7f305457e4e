"""The AI worker's messages: plain data that crosses between the UI and the worker process.

The UI sends :class:`Search` (with an :class:`AIRequest`) and :class:`Quit`; the process
answers :class:`Ready` once its plugins are loaded, :class:`Started` as a search begins (with
the budget it got, which the UI's watchdog follows), :class:`Skipped` for a request it dropped,
and :class:`AIResult`. See :mod:`tafel.ai.worker`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tafel.ai.base import Limit


@dataclass
class AIRequest:
    """What the AI worker (:mod:`tafel.ai.worker`) is asked to search: the game, the position as
    move texts from a start, whose move, which agent and how long. Plain data only: it crosses
    to the worker process as it is.

    ``limit`` None means the agent's own ``AgentDef.default_limit`` (the level's think time).

    >>> AIRequest("ataxx", {}, None, None, ["a1a2"], seat=1, agent="hard").limit is None
    True
    """

    game_id: str
    options: dict[str, Any]
    seed: int | None
    #: Position text to start from; None starts from ``new_state(options, seed)``.
    start_position: str | None
    #: Move texts played from the start.
    moves: list[str]
    seat: int
    agent: str
    limit: Limit | None = None


@dataclass
class AIResult:
    """The answer to request ``generation``: a move text, or a one-line error.

    ``timed_out`` marks an answer the watchdog gave for a search that did not end in time (the
    process was replaced)."""

    generation: int
    move_text: str | None
    error: str | None
    info: dict = field(default_factory=dict)
    timed_out: bool = False


@dataclass(frozen=True)
class Search:
    """UI to process: search ``request``; its answer carries ``generation``."""

    generation: int
    request: AIRequest


@dataclass(frozen=True)
class Quit:
    """UI to process: end."""


@dataclass(frozen=True)
class Ready:
    """Process to UI: the plugins are loaded; requests are served from now on."""


@dataclass(frozen=True)
class Started:
    """Process to UI: the search of ``generation`` began, with this budget (the agent's default
    when the request gave none)."""

    generation: int
    limit: Limit


@dataclass(frozen=True)
class Skipped:
    """Process to UI: ``generation`` was not searched (a newer request came, or it was stopped)."""

    generation: int
