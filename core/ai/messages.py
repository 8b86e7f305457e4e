"""The AI worker's messages: plain data that crosses between the UI and the worker process.

The UI sends :class:`Search` (with an :class:`AIRequest`, or an :class:`EvalRequest` to have a
position valued) and :class:`Quit`; the process answers :class:`Ready` once its plugins are
loaded, :class:`Started` as a search begins (with the budget it got, which the UI's watchdog
follows), :class:`Skipped` for a request it dropped, and :class:`AIResult` (an
:class:`Evaluation` for an :class:`EvalRequest`). See :mod:`tafel.ai.worker`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

from tafel.ai.base import Limit
from tafel.game import Options


@dataclass
class AIRequest:
    """What the AI worker (:mod:`tafel.ai.worker`) is asked to search: the game, the position as
    move texts from a start, whose move, which agent and how long. Plain data only: it crosses
    to the worker process as it is.

    ``limit`` None means the agent's own ``AgentDef.default_limit`` (the level's think time).

    >>> AIRequest("some-game", {}, None, None, ["a1a2"], seat=1, agent="hard").limit is None
    True
    """

    game_id: str
    options: Options
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


@dataclass
class EvalRequest(AIRequest):
    """Value the position after ``moves`` for ``seat``, the seat to move there: the agent searches
    it as for a move, and the answer is an :class:`Evaluation` (its value for that seat and the
    move it prefers). The game review (:mod:`tafel.review`) asks one per position."""


@dataclass
class Evaluation(AIResult):
    """The answer to an :class:`EvalRequest`: ``move_text`` is the move the agent prefers,
    ``value`` the position's value for ``seat`` (:func:`value_of` the agent's info; None when the
    agent gave none, or on an error)."""

    seat: int = 0
    value: float | None = None
    #: The seat's chance of winning there (:func:`chance_of` the agent's info), when it gave one.
    win_chance: float | None = None


def _unit(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return min(1.0, max(0.0, float(value)))


def value_of(info: dict) -> float | None:
    """The value an agent reported in its ``info``: ``info["value"]``, the expected result for the
    seat to move in [0, 1] (1 a sure win, 0.5 even, 0 a sure loss; for a solo game with a result
    in between, such as progress, the expected result, not a chance of winning), clamped to
    [0, 1]; None when the agent reported none.

    >>> value_of({"value": 0.75}), value_of({"value": 1.2}), value_of({"score": 40}), value_of({"value": "x"})
    (0.75, 1.0, None, None)
    """
    return _unit(info.get("value"))


def chance_of(info: dict) -> float | None:
    """The chance of winning an agent reported in its ``info`` (``info["win_chance"]``, clamped to
    [0, 1]), None when it gave none. Where it is given, hints and the review say "win chance";
    an agent whose value is not a chance (a solo game's expected progress) may give both.

    >>> chance_of({"value": 0.2, "win_chance": 0.78}), chance_of({"value": 0.2})
    (0.78, None)
    """
    return _unit(info.get("win_chance"))


def answer(
    generation: int, request: AIRequest, move_text: str | None, error: str | None, info: dict
) -> AIResult:
    """The worker's answer to ``request``: an :class:`Evaluation` (with the value and win chance
    reported in ``info``) for an :class:`EvalRequest`, else an :class:`AIResult`."""
    if isinstance(request, EvalRequest):
        return Evaluation(
            generation,
            move_text,
            error,
            info,
            seat=request.seat,
            value=value_of(info),
            win_chance=chance_of(info),
        )
    return AIResult(generation, move_text, error, info)


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


class MoveWorker(Protocol):
    """What asks for moves and hands back the answers, never waiting: the AI worker
    (:class:`tafel.ai.worker.AIWorker`), the engine router, a remote seat, a test's fake. It may
    also have ``start()``, ``busy`` and ``close()``, used where it has them."""

    def request(self, req: AIRequest) -> int:
        """Ask for a move; returns the request's generation (its answer carries it)."""
        ...

    def poll(self) -> AIResult | None:
        """The next answer, if one arrived."""
        ...

    def cancel(self) -> None:
        """Stop the search under way; its answer is not wanted any more."""
        ...
