"""The game review: every position of a game valued by the game's strongest agent.

A :class:`Review` holds a game's moves and, per position (``ply`` moves played, 0 the start),
a :class:`ReviewPoint`: the seat to move, the move played from there, the position's value for
that seat (``Agent.info["win_chance"]``, the chance of winning, where the agent gives one, else
``Agent.info["value"]``, the expected result in [0, 1]) and the move the agent preferred. A finished game's last position is valued by its outcome. The values come from the
AI worker (:class:`tafel.ai.messages.EvalRequest`, answered by an
:class:`~tafel.ai.messages.Evaluation`), one position at a time, driven by :class:`ReviewJob`:
the review screen steps it each frame, ``python main.py review`` waits on it.

What is plotted (:meth:`Review.curve`): a solo game's win chance (:attr:`Review.chance`: where the
agent gives one; else its expected result, the finished game's reward at the end); for two seats
the first seat's chance (the other's is its complement); for more seats the value of the seat to
move.
A move's *swing* is what it changed in its mover's value: the value of the next position where
that seat's value is known (for two seats the very next one) minus the value before the move.
The biggest drops are the moves to look at.

>>> from tests.ui_toygame import toy_game_def
>>> review = Review(toy_game_def(), None, None, None, ["b2", "a1", "c1"])
>>> [p.seat for p in review.points], review.total
([0, 1, 0, 1], 4)
>>> review.take(0, value=0.5, best="b2"); review.take(1, value=0.45, best="c3")
>>> review.take(2, value=0.8, best="a3"); review.take(3, value=0.9, best="a3")
>>> [round(review.curve(p), 2) for p in range(4)], round(review.swing(2), 2), review.biggest_swings()
([0.5, 0.55, 0.8, 0.1], -0.25, [3, 2])
>>> review.chance, review.take(3, value=0.9, win_chance=0.4), review.chance, review.curve(3)
(False, None, True, 0.6)
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

from tafel.ai.base import Limit
from tafel.ai.messages import EvalRequest, chance_of, value_of
from tafel.game import GameDef, GameState, Options
from tafel.words import text_words

if TYPE_CHECKING:
    from tafel.match import Match

#: The agent whose values the review shows: the game's strongest level.
REVIEW_AGENT = "hard"
#: Think time per position of each pass, in seconds: a fast first pass values every position (a
#: 60-move game in a few seconds on two cores), the deeper ones refine it while the player looks.
#: None is the agent's own think time.
PASSES: tuple[float | None, ...] = (0.08, 0.4, None)
#: A move is marked as a swing when it moved its mover's value by at least this much.
SWING_AT_LEAST = 0.1


@dataclass
class ReviewPoint:
    """The position after ``ply`` moves. ``seat`` is the seat to move (None once the game is
    over), ``move`` the move played from here (None at the last position), ``value`` the value
    for ``seat`` in [0, 1] (the outcome's rewards at a finished last position; a win chance when
    ``chance``), ``best`` the move the agent preferred here. ``done`` once the agent answered (or
    nothing is to ask)."""

    ply: int
    seat: int | None
    move: str | None
    value: float | None = None
    best: str | None = None
    error: str | None = None
    done: bool = False
    #: A finished game's rewards per seat (the last position only).
    rewards: tuple[float, ...] | None = None
    #: Whether ``value`` is the agent's win chance (``info["win_chance"]``), not its value.
    chance: bool = False
    #: How many passes valued this position (1 after the fast first pass; see :data:`PASSES`).
    passes: int = 0


class Review:
    """The review of one game: see the module docstring. ``states`` (the states after each
    move, the start first) may be given when known; else the moves are replayed (raises
    GameError subclasses for bad moves)."""

    def __init__(
        self,
        game: GameDef,
        options: Options | None,
        seed: int | None,
        start_position: str | None,
        moves: Sequence[str],
        states: Sequence[GameState] | None = None,
        *,
        agent: str = REVIEW_AGENT,
        limit: Limit | None = None,
        passes: Sequence[Limit | None] | None = None,
    ) -> None:
        self.game = game
        self.options = game.resolve_options(options)
        self.seed = seed
        self.start_position = start_position
        self.moves = [str(m) for m in moves]
        self.agent = agent
        self.limit = limit
        #: The search budget of each pass (see :data:`PASSES`); ``limit`` alone: one pass with it.
        self.passes: list[Limit | None] = list(passes) if passes is not None else [limit]
        if states is None or len(states) != len(self.moves) + 1:
            states = self._replay()
        self.states = list(states)
        self.seats = self.states[0].players
        #: Counts the answers taken: a screen draws again when it changed.
        self.version = 0
        self.points: list[ReviewPoint] = []
        for ply, state in enumerate(self.states):
            move = self.moves[ply] if ply < len(self.moves) else None
            outcome = state.outcome
            if outcome is not None:
                rewards = tuple(float(r) for r in outcome.rewards)
                self.points.append(ReviewPoint(ply, None, move, done=True, rewards=rewards))
            else:
                self.points.append(ReviewPoint(ply, state.to_move, move))

    @classmethod
    def from_match(
        cls,
        match: Match,
        *,
        agent: str = REVIEW_AGENT,
        limit: Limit | None = None,
        passes: Sequence[Limit | None] | None = None,
    ) -> Review:
        return cls(
            match.game,
            match.options,
            match.seed,
            match.start_position,
            match.move_texts(),
            match.states,
            agent=agent,
            limit=limit,
            passes=passes,
        )

    def _replay(self) -> list[GameState]:
        game = self.game
        if self.start_position is not None:
            state = game.parse_position(self.start_position, self.options)
        else:
            state = game.new_state(self.options, self.seed)
        states = [state]
        for text in self.moves:
            state = state.play(state.parse_move(text))
            states.append(state)
        return states

    # --- progress ----------------------------------------------------------------------------

    @property
    def total(self) -> int:
        return len(self.points)

    @property
    def valued(self) -> int:
        """Positions answered (or valued by their outcome) so far."""
        return sum(1 for p in self.points if p.done)

    @property
    def finished(self) -> bool:
        return all(p.done for p in self.points)

    def next_ply(self) -> int | None:
        """The first position still to ask the agent about, None when all are done."""
        for point in self.points:
            if not point.done:
                return point.ply
        return None

    @property
    def passes_done(self) -> int:
        """How many passes are complete: every position to ask valued by them (0 until the
        first complete graph)."""
        asked = [p.passes for p in self.points if p.seat is not None]
        return min(asked) if asked else len(self.passes)

    def next_task(self, busy: AbstractSet[tuple[int, int]] = frozenset()) -> tuple[int, int] | None:
        """The next (pass, ply) to ask: the lowest pass first, its positions in order; a position
        is asked for pass k once k passes valued it, so a spare worker begins the next pass while
        the last positions of one are still being valued. None when every pass is done or asked;
        ``busy`` are the tasks asked and not answered yet."""
        for pass_index in range(len(self.passes)):
            for point in self.points:
                if (
                    point.seat is not None
                    and point.passes == pass_index
                    and (pass_index, point.ply) not in busy
                ):
                    return pass_index, point.ply
        return None

    def request(self, ply: int, pass_index: int | None = None) -> EvalRequest:
        """The worker request that values the position after ``ply`` moves (with the budget of
        pass ``pass_index``; without it, ``limit``)."""
        seat = self.points[ply].seat
        if seat is None:
            raise ValueError(f"the position after {ply} moves is finished: its outcome is its value")
        limit = self.limit if pass_index is None else self.passes[pass_index]
        return EvalRequest(
            game_id=self.game.id,
            options=dict(self.options),
            seed=self.seed,
            start_position=self.start_position,
            moves=self.moves[:ply],
            seat=seat,
            agent=self.agent,
            limit=limit,
        )

    def take(
        self,
        ply: int,
        result: object = None,
        *,
        value: float | None = None,
        best: str | None = None,
        error: str | None = None,
        win_chance: float | None = None,
        pass_index: int | None = None,
    ) -> None:
        """Record the answer for the position after ``ply`` moves: a worker result (an
        ``Evaluation``; a plain ``AIResult`` such as a watchdog's error gives no value), or the
        value (or win chance), best move and error given directly. A win chance, where given,
        is what the point keeps. The answer of a deeper pass (``pass_index``) replaces the value
        of the one before; one without a value keeps it."""
        if result is not None:
            error = getattr(result, "error", None)
            best = getattr(result, "move_text", None)
            info = getattr(result, "info", None) or {}
            value = getattr(result, "value", None)
            if value is None:
                value = value_of(info)
            win_chance = getattr(result, "win_chance", None)
            if win_chance is None:
                win_chance = chance_of(info)
        point = self.points[ply]
        self.version += 1
        point.passes = max(point.passes, 1 if pass_index is None else pass_index + 1)
        if point.done and point.value is not None and value is None and win_chance is None:
            return  # a deeper pass that failed: the value of the one before stands
        point.chance = win_chance is not None
        if point.chance:
            value = win_chance
        point.value = None if value is None else min(1.0, max(0.0, float(value)))
        point.best = best
        point.error = error
        point.done = True

    # --- values --------------------------------------------------------------------------------

    @property
    def chance(self) -> bool:
        """Whether the values are win chances: the agent gave one (``info["win_chance"]``)."""
        return any(p.chance for p in self.points)

    def value_for(self, ply: int, seat: int) -> float | None:
        """The value of the position after ``ply`` moves for ``seat``, when known: the agent's for
        the seat to move, its complement for the other of two seats, a finished game's reward."""
        point = self.points[ply]
        if point.rewards is not None:
            if seat >= len(point.rewards):
                return None
            if self.seats == 1 and self.chance:  # a win chance ends at 1 won or 0 lost
                return 1.0 if point.rewards[seat] >= 1.0 else 0.0
            return point.rewards[seat]
        if point.value is None:
            return None
        if point.seat == seat:
            return point.value
        if self.seats == 2:
            return 1.0 - point.value
        return None

    def curve_seat(self, ply: int) -> int:
        """Whose value the graph shows at ``ply``: the first seat for one or two seats, else the
        seat to move (at a finished last position, the seat that moved last)."""
        if self.seats <= 2:
            return 0
        point = self.points[ply]
        if point.seat is not None:
            return point.seat
        return self.mover(ply) if ply > 0 else 0

    def curve(self, ply: int) -> float | None:
        """The plotted value at ``ply`` (see :meth:`curve_seat`), None while unknown."""
        return self.value_for(ply, self.curve_seat(ply))

    def mover(self, move: int) -> int:
        """The seat that played move ``move`` (1 is the first move)."""
        seat = self.points[move - 1].seat
        return seat if seat is not None else 0

    def swing(self, move: int) -> float | None:
        """What move ``move`` (1 is the first) changed in its mover's value: the value of the next
        position where it is known for that seat (until the seat moves again) minus the value
        before the move; None while unknown."""
        if not 1 <= move < self.total:
            return None
        seat = self.mover(move)
        before = self.value_for(move - 1, seat)
        if before is None:
            return None
        for ply in range(move, self.total):
            after = self.value_for(ply, seat)
            if after is not None:
                return after - before
            if self.points[ply].seat == seat or not self.points[ply].done:
                return None
        return None

    def biggest_swings(self, count: int = 3, least: float = SWING_AT_LEAST) -> list[int]:
        """The moves whose mover lost the most value (at least ``least``), worst first."""
        drops = []
        for move in range(1, self.total):
            swing = self.swing(move)
            if swing is not None and swing <= -least:
                drops.append((swing, move))
        drops.sort()
        return [move for _, move in drops[:count]]

    def preferred_other(self, move: int) -> str | None:
        """The move the agent preferred to move ``move``, when it differs from the move played."""
        point = self.points[move - 1]
        if point.best is None or point.best == point.move:
            return None
        return point.best

    def played_words(self, ply: int) -> str:
        """The move played from the position after ``ply`` moves, in words ('' at the end)."""
        move = self.points[ply].move
        return "" if move is None else text_words(self.states[ply], move)

    def best_words(self, ply: int) -> str:
        """The agent's preferred move at the position after ``ply`` moves, in words ('' unknown)."""
        best = self.points[ply].best
        return "" if best is None else text_words(self.states[ply], best)

    def rows(self) -> list[tuple[str, str, str, str, str, str, str]]:
        """The table ``python main.py review`` prints: for each position, the move number, the
        seat to move, the move played (its notation and its words), the value for that seat, the
        agent's preferred move and the swing of the move played."""
        names = list(self.game.names(self.options))
        rows = []
        for point in self.points:
            seat = point.seat
            if seat is None:
                who = "-"
                rewards = point.rewards or ()
                value = " ".join(f"{r:.2f}" for r in rewards) if len(rewards) > 1 else _value_text(rewards[0])
            else:
                who = names[seat] if seat < len(names) else f"Player {seat + 1}"
                value = _value_text(point.value) if point.error is None else "error"
            swing = self.swing(point.ply + 1) if point.move is not None else None
            rows.append(
                (
                    str(point.ply + 1) if point.move is not None else "end",
                    who,
                    point.move or "-",
                    self.played_words(point.ply) or "-",
                    value,
                    point.best or "-",
                    f"{swing:+.2f}" if swing is not None else "",
                )
            )
        return rows


def pass_limits(movetime: float | None = None) -> list[Limit | None]:
    """The budgets of the passes (:data:`PASSES`); with ``movetime``, the passes shorter than it
    and a last one of ``movetime`` seconds.

    >>> [lim.time if lim else None for lim in pass_limits()]
    [0.08, 0.4, None]
    >>> [lim.time for lim in pass_limits(1.0)], [lim.time for lim in pass_limits(0.05)]
    ([0.08, 0.4, 1.0], [0.05])
    """
    if movetime is None:
        return [Limit(time=t) if t is not None else None for t in PASSES]
    shorter = [Limit(time=t) for t in PASSES if t is not None and t < movetime]
    return [*shorter, Limit(time=movetime)]


def _value_text(value: float | None) -> str:
    return "?" if value is None else f"{value:.2f}"


class ValueWorker(Protocol):
    """What a :class:`ReviewJob` needs of a worker (an :class:`tafel.ai.worker.AIWorker`, a test's
    fake): ``request`` returns the request's generation, ``poll`` an answer when one came (an
    ``Evaluation``, or a plain result read by :meth:`Review.take`); ``cancel`` is optional."""

    def request(self, req: EvalRequest) -> int: ...
    def poll(self) -> object | None: ...


#: The kind of worker a ReviewJob holds.
W = TypeVar("W", bound=ValueWorker)


class ReviewJob(Generic[W]):
    """Values a :class:`Review` through AI workers (anything with ``request(req) -> int`` and
    ``poll()``; ``cancel()`` if it has one), one position per worker at a time, pass by pass
    (:meth:`Review.next_task`): two workers, two processes, two cores. :meth:`step` never blocks:
    the review screen calls it each frame. ``worker`` is one worker or a sequence of them;
    ``passes`` how many passes to make (default: all of the review's)."""

    def __init__(self, review: Review, worker: W | Sequence[W], passes: int | None = None) -> None:
        self.review = review
        # A worker is no list or tuple, so what is not one is a single worker.
        self.workers: list[W] = list(worker) if isinstance(worker, (list, tuple)) else [cast(W, worker)]
        self.worker = self.workers[0]
        self.passes = len(review.passes) if passes is None else max(1, min(passes, len(review.passes)))
        #: Per worker, the request it waits for: (generation, pass, ply), or None when idle.
        self.asked: list[tuple[int, int, int] | None] = [None] * len(self.workers)

    @property
    def running(self) -> bool:
        return any(a is not None for a in self.asked)

    @property
    def done(self) -> bool:
        """Every position valued by the passes this job makes."""
        return self.review.passes_done >= self.passes

    def step(self) -> int | None:
        """Take the answers that came, and give every idle worker the next position. Returns a
        ply valued in this step, if any."""
        got = None
        for index, worker in enumerate(self.workers):
            asked = self.asked[index]
            if asked is None:
                continue
            result = worker.poll()
            if result is not None and getattr(result, "generation", None) == asked[0]:
                self.review.take(asked[2], result, pass_index=asked[1])
                got = asked[2]
                self.asked[index] = None
        busy = {(a[1], a[2]) for a in self.asked if a is not None}
        for index, worker in enumerate(self.workers):
            if self.asked[index] is not None:
                continue
            task = self.review.next_task(busy)
            if task is None or task[0] >= self.passes:
                break
            pass_index, ply = task
            generation = worker.request(self.review.request(ply, pass_index))
            self.asked[index] = (generation, pass_index, ply)
            busy.add(task)
        return got

    def cancel(self) -> None:
        """Stop asking; a search under way is told to stop. :meth:`step` starts again."""
        for index, worker in enumerate(self.workers):
            if self.asked[index] is not None:
                cancel = getattr(worker, "cancel", None)
                if cancel is not None:
                    cancel()
            self.asked[index] = None
