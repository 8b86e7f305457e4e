"""One arena game: each seat's agent asked for its move (in the AI worker, an engine's process, or
this process), the move played, and the game's record; an agent that fails loses the game for
its side (:mod:`tafel.cli.arena` has the whole run and its result).

>>> GameRecord(0, 7, 1, 1.0, 40, "Red wins", verdict="win").as_dict()["seed"]
7
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from tafel.ai.base import Agent, Limit
from tafel.ai.messages import AIRequest, MoveWorker
from tafel.engines import shorten
from tafel.game import GameDef, GameError, GameState, one_line
from tafel.plugins import PluginFailure, plugin_code

#: ``on_move(game_index, state, move_text, seat)``: called before each move.
MoveCallback = Callable[[int, GameState, str, int], None]


@dataclass
class GameRecord:
    """One arena game: A's seat and reward, how it ended, how long it took."""

    index: int
    seed: int
    a_seat: int
    reward: float
    plies: int
    reason: str
    capped: bool = False
    seconds: float = 0.0
    #: A game lost to an agent's failure: "hang" (no move within its time and grace) or "crash"
    #: (raised, its process died, or an illegal move); None for a game played out.
    forfeit: str | None = None
    #: For agent A: "win", "draw" or "loss" ("win"/"loss" in a solo game: solved or not).
    verdict: str = ""
    #: The agent whose failure ended the game, and its seat.
    failed_agent: str | None = None
    failed_seat: int | None = None
    #: The start position's text when the game began from an opening (``run_arena(openings=)``).
    start: str | None = None

    def as_dict(self) -> dict:
        """Plain data, for a log line (``arena --log``)."""
        return {
            "game": self.index + 1,
            "seed": self.seed,
            "a_seat": self.a_seat,
            "reward": self.reward,
            "plies": self.plies,
            "reason": self.reason,
            "verdict": self.verdict,
            "capped": self.capped,
            "seconds": round(self.seconds, 3),
            "forfeit": self.forfeit,
            "failed_agent": self.failed_agent,
            "failed_seat": self.failed_seat,
            "start": self.start,
        }


#: Seconds between two looks at the worker while waiting for a move (it wakes up at once when
#: an answer comes, if the worker can wait on its pipe).
_POLL = 0.05


class _Forfeit(Exception):
    """An agent failed to give a legal move: its side loses the game."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class ArenaWorker(MoveWorker, Protocol):
    """The worker the agents play through (an :class:`tafel.ai.worker.AIWorker` behind the engine
    router): ``busy`` False with no answer means the request was dropped; ``wait(seconds)`` is used
    where it has one."""

    @property
    def busy(self) -> bool: ...


class _RulesFailed(Exception):
    """The game's own code failed in the worker process (replaying the moves played here)."""


def _worker_move(worker: ArenaWorker, request: AIRequest) -> str:
    """The move text the worker's agent chose for ``request``; _Forfeit when it hung or failed."""
    worker.request(request)
    while True:
        result = worker.poll()
        if result is not None:
            break
        if not worker.busy:  # answered elsewhere or forgotten: never wait forever
            raise _Forfeit("crash", "the AI worker dropped the request")
        wait = getattr(worker, "wait", None)
        if wait is not None:
            wait(_POLL)
        else:
            time.sleep(0.002)
    if result.error is None and result.move_text is not None:
        return result.move_text
    error = result.error or "no move"
    forfeit: str | None = getattr(result, "forfeit", None)
    if forfeit:  # an external engine that failed (tafel.engine_router)
        raise _Forfeit(forfeit, f"agent {request.agent} failed: {error}")
    if getattr(result, "timed_out", False) or "did not answer" in error or "did not start" in error:
        raise _Forfeit("hang", error)
    if error.startswith(f"agent {request.agent} ") or "AI process stopped" in error:
        raise _Forfeit("crash", error)
    if error.startswith("could not load plugins"):
        raise GameError(f"the AI worker cannot play {request.game_id}: {error}")
    # The worker could not rebuild the position this process played: the game's rules disagree.
    raise _RulesFailed(error)


@dataclass
class ArenaMatch:
    """What every game of a run shares: the game and its options, the agents A and B (names,
    definitions, limits), the move callback, the ply cap and the worker."""

    game: GameDef
    resolved: dict
    names: tuple[str, str]
    defs: tuple
    limits: tuple[Limit, Limit]
    on_move: MoveCallback | None
    max_plies: int
    worker: ArenaWorker | None

    def seat_names(self, a_seat: int) -> list[str]:
        seats = self.game.seats(self.resolved)
        return [self.names[0] if s == a_seat else self.names[1] for s in range(seats)]


def play_game(
    match: ArenaMatch, index: int, game_seed: int, a_seat: int, opening: str | None = None
) -> tuple[GameRecord, list[str]]:
    """One game; the record has no time yet. The game's own code runs under plugin_code."""
    game = match.game
    where = f"game {game.id}, arena game {index + 1}"
    with plugin_code(game.plugin, where):
        names = match.seat_names(a_seat)
    seats = len(names)
    agents: list[Agent] = []
    if match.worker is None:
        for s in range(seats):
            try:
                agents.append(match.defs[0 if s == a_seat else 1].factory(game))
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001 - an agent's bug loses its games, no more
                return _forfeited(index, game_seed, a_seat, seats, 0, s, names[s], "crash", one_line(exc)), []
    game_run = _GameRun(match, index, game_seed, a_seat, names, agents, opening, where)
    with plugin_code(game.plugin, where):
        if opening is not None:
            state = game.parse_position(opening, match.resolved)
        else:
            state = game.new_state(match.resolved, game_seed if game.random_setup else None)
    moves: list[str] = []
    while len(moves) < match.max_plies:
        with plugin_code(game.plugin, where):
            if state.outcome is not None:
                break
            seat = state.to_move
            state.legal_moves()  # the rules' own failure here is the game's, not the agent's
        try:
            state = game_run.move(state, seat, moves)
        except _Forfeit as lost:
            record = _forfeited(
                index, game_seed, a_seat, seats, len(moves), seat, names[seat], lost.kind, str(lost)
            )
            return record, moves
    return game_run.record(state, len(moves)), moves


@dataclass
class _GameRun:
    """One game under way: asks each seat's agent for its move and plays it."""

    match: ArenaMatch
    index: int
    game_seed: int
    a_seat: int
    names: list[str]
    agents: list[Agent]
    opening: str | None
    where: str

    def __post_init__(self) -> None:
        self.rng = random.Random(self.game_seed)

    def move(self, state: GameState, seat: int, moves: list[str]) -> GameState:
        """The state after the move of ``seat``'s agent (its text appended to ``moves``);
        _Forfeit when the agent fails, PluginFailure when the rules fail in the worker."""
        match, game, name = self.match, self.match.game, self.names[seat]
        limit = match.limits[0 if seat == self.a_seat else 1]
        try:
            if match.worker is None:
                text = _local_move(game, state, self.agents[seat], limit, self.rng, name, self.where)
            else:
                from tafel.ai.worker import AIRequest

                request = AIRequest(
                    game.id,
                    dict(match.resolved),
                    self.game_seed,
                    self.opening,
                    list(moves),
                    seat,
                    name,
                    limit,
                )
                text = _worker_move(match.worker, request)
            try:
                with plugin_code(game.plugin, self.where):
                    move = state.parse_move(text)
                    canonical = state.move_to_text(move)
            except GameError as exc:
                raise _Forfeit(
                    "crash", f"agent {name} chose an illegal move '{shorten(text)}': {shorten(str(exc))}"
                ) from None
            if match.on_move is not None:
                match.on_move(self.index, state, canonical, seat)
            try:
                with plugin_code(game.plugin, self.where):
                    state = state.play(move)
            except GameError as exc:
                raise _Forfeit(
                    "crash", f"agent {name} chose an illegal move '{shorten(text)}': {shorten(str(exc))}"
                ) from None
        except _RulesFailed as exc:
            raise PluginFailure(game.plugin, f"{self.where}, in the AI worker", str(exc)) from None
        moves.append(canonical)
        return state

    def record(self, state: GameState, plies: int) -> GameRecord:
        """The record of a game played out (or stopped at the ply cap)."""
        index, game_seed, a_seat, seats = self.index, self.game_seed, self.a_seat, len(self.names)
        with plugin_code(self.match.game.plugin, self.where):
            outcome = state.outcome
            if outcome is None:
                # A puzzle has no draw: unfinished is unsolved.
                reward, verdict = (0.0, "loss") if seats == 1 else (0.5, "draw")
                reason = f"stopped after {plies} plies"
                return GameRecord(index, game_seed, a_seat, reward, plies, reason, True, verdict=verdict)
            reward, reason = outcome.rewards[a_seat], outcome.reason
            if seats == 1:
                verdict = "win" if reward >= 1.0 else "loss"
            elif outcome.winners == (a_seat,) or reward >= 1.0:
                verdict = "win"  # full reward is a win, also when shared (a team's partners both get 1)
            elif a_seat in outcome.winners or outcome.is_draw:
                verdict = "draw"
            else:
                verdict = "loss"
        return GameRecord(index, game_seed, a_seat, reward, plies, reason, verdict=verdict)


def _local_move(
    game: GameDef, state: GameState, agent: Agent, limit: Limit, rng, name: str, where: str
) -> str:
    """The agent's move as text, searched in this process (the game's view code is the plugin's)."""
    with plugin_code(game.plugin, where):
        view = state.view_for(state.to_move)
    try:
        move = agent.choose(view, limit, rng, None)
    except KeyboardInterrupt:
        raise
    except BaseException as exc:  # noqa: BLE001 - the agent's failure loses the game, no more
        raise _Forfeit("crash", f"agent {name} failed: {one_line(exc)}") from None
    try:
        with plugin_code(game.plugin, where):
            return view.move_to_text(move)
    except GameError as exc:
        raise _Forfeit("crash", f"agent {name} chose an illegal move {move!r}: {exc}") from None


def _forfeited(
    index: int,
    game_seed: int,
    a_seat: int,
    seats: int,
    plies: int,
    seat: int,
    name: str,
    kind: str,
    message: str,
) -> GameRecord:
    """The record of a game seat ``seat`` lost by failing: reward 0 for it, 1 for the others."""
    what = "hung" if kind == "hang" else "crashed"
    reason = f"{name} {what}: {message}"
    lost = seat == a_seat or seats == 1
    return GameRecord(
        index,
        game_seed,
        a_seat,
        0.0 if lost else 1.0,
        plies,
        reason,
        verdict="loss" if lost else "win",
        forfeit=kind,
        failed_agent=name,
        failed_seat=seat,
    )
