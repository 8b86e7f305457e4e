"""The AI worker: agents search in a separate process so the frame loop never stutters.

The UI owns one :class:`AIWorker`. It sends an :class:`AIRequest` (plain data: game id,
options, seed, start position, the move texts played so far, seat, agent name, limit) and
polls for an :class:`AIResult` each frame::

    worker = AIWorker(registry.spec)
    gen = worker.request(AIRequest("some-game", options, None, None, moves, seat=1, agent="hard"))
    ...
    result = worker.poll()          # each frame; None until the answer is there
    if result is not None and result.error is None:
        state = state.play(state.parse_move(result.move_text))

Every request gets a generation number; a newer request, :meth:`AIWorker.cancel`, an undo or
a new game make older answers stale, and :meth:`AIWorker.poll` drops them. Nothing is pickled
but plain data, in the small message dataclasses of :mod:`tafel.ai.messages`: the worker
process loads the same plugins (``tafel.plugins.load_registry`` with the UI registry's
:class:`LoadSpec`), rebuilds the position by replaying move texts (only the new ones when the
game is the one it saw last), searches on ``state.view_for(seat)`` and answers with a move text.

Processes start with the ``spawn`` method (forking a process that has pygame and X11 open
is unsafe). A search is stopped through a shared generation counter that the agent's
``stop()`` polls: any search older than the counter ends with its best move so far. The UI
side is a watchdog: a process that does not finish a stopped search within ``grace`` seconds,
overruns the think time its search began with (:class:`Started`; a request's ``limit`` None
is the agent's default) by more than the grace, or dies, is replaced, and the request re-sent
or answered with an error (``timed_out`` when it hung): the UI never waits forever.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from tafel.ai.base import Agent, Limit
from tafel.ai.messages import AIRequest, AIResult, Quit, Ready, Search, Skipped, Started, answer
from tafel.game import GameDef, GameError, GameState
from tafel.memory import release
from tafel.registry import LoadSpec, Registry

__all__ = ["AIRequest", "AIResult", "AIWorker", "Quit", "Ready", "Search", "Skipped", "Started"]

#: Seconds a stopped search may take to answer, and the least a search may overrun its think
#: time, before its process is replaced.
GRACE = 2.0
#: Seconds a new process may take to start and load every plugin.
STARTUP_TIMEOUT = 30.0
#: Seconds a request may take to begin its search (replaying the moves, making the agent).
SETUP_TIMEOUT = 20.0
#: Longest wait for a search that has no time limit (depth or node limits only).
UNTIMED_TIMEOUT = 120.0


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    name = type(exc).__name__
    if isinstance(exc, GameError) and text:
        return text.splitlines()[0]
    return f"{name}: {text.splitlines()[0]}" if text else name


def _plain(info: dict[str, object]) -> dict[str, str | int | float | bool | None]:
    """Only plain values cross the pipe (an agent's info might hold anything)."""
    out: dict[str, str | int | float | bool | None] = {}
    for key, value in info.items():
        if isinstance(value, (str, int, float, bool)) or value is None:
            out[str(key)] = value
        else:
            out[str(key)] = repr(value)
    return out


# --- the worker process ------------------------------------------------------------------------


class _Session:
    """The worker side: the registry, the last game replayed, and agents kept between moves."""

    def __init__(self, registry: Registry | None, load_error: str | None) -> None:
        self.registry = registry
        self.load_error = load_error
        self.key: tuple | None = None
        self.game: GameDef | None = None
        self.moves: list[str] = []
        self.states: list[GameState] = []
        self.agents: dict[tuple[int, str], Agent] = {}

    def position(self, req: AIRequest) -> GameState:
        """The state after ``req.moves``, replaying only what the cached game lacks."""
        options = req.options or {}
        key = (req.game_id, json.dumps(options, sort_keys=True, default=str), req.seed, req.start_position)
        if key != self.key:
            self.key = None
            if self.states:  # another game: the last one's positions and agents' trees go
                self.moves, self.states, self.agents = [], [], {}
                release()
            assert self.registry is not None  # run() answers without plugins before it comes here
            game = self.registry.game(req.game_id)
            resolved = game.resolve_options(options)
            if req.start_position is not None:
                start = game.parse_position(req.start_position, resolved)
            else:
                start = game.new_state(resolved, req.seed)
            self.key, self.game = key, game
            self.moves, self.states, self.agents = [], [start], {}
        moves = req.moves
        common = 0
        while common < len(self.moves) and common < len(moves) and self.moves[common] == moves[common]:
            common += 1
        if common < len(self.moves):
            # Undo or another line: agents forget trees built for positions no longer ahead.
            del self.moves[common:]
            del self.states[common + 1 :]
            for agent in self.agents.values():
                agent.reset()
        for i in range(common, len(moves)):
            text = moves[i]
            state = self.states[-1]
            try:
                state = state.play(state.parse_move(text))
            except GameError as exc:
                raise GameError(f"move {i + 1} {text!r}: {_one_line(exc)}") from None
            self.states.append(state)
            self.moves.append(text)
        return self.states[-1]

    def run(
        self, req: AIRequest, stop: Callable[[], bool], started: Callable[[Limit], None] = lambda limit: None
    ) -> tuple[str | None, str | None, dict]:
        """Search ``req``: (move text, None, info) or (None, one-line error, info). ``started``
        hears the budget just before the agent begins."""
        if self.registry is None:
            return None, f"could not load plugins: {self.load_error}", {}
        name = req.agent
        try:
            state = self.position(req)
            seat = req.seat
            if state.is_over:
                return None, "the game is over", {}
            if state.to_move != seat:
                return None, f"seat {seat + 1} is not to move (seat {state.to_move + 1} is)", {}
            agent_def = self.registry.agent(name, req.game_id)
            agent = self.agents.get((seat, name))
            if agent is None:
                assert self.game is not None  # position() set it
                agent = agent_def.factory(self.game)
                self.agents[(seat, name)] = agent
            limit = req.limit if req.limit is not None else agent_def.default_limit
            seed = req.seed
            rng = random.Random(f"{seed}:{len(req.moves)}:{seat}") if seed is not None else random.Random()
        except GameError as exc:
            return None, _one_line(exc), {}
        except Exception as exc:
            return None, _one_line(exc), {"traceback": traceback.format_exc()}
        try:
            view = state.view_for(seat)
            started(limit)
            start = time.perf_counter()
            move = agent.choose(view, limit, rng, stop)
            elapsed = time.perf_counter() - start
            text = view.move_to_text(move)
        except Exception as exc:
            # The agent's state may be half-updated: start it afresh next time.
            self.agents.pop((seat, name), None)
            return None, f"agent {name} failed: {_one_line(exc)}", {"traceback": traceback.format_exc()}
        try:
            state.parse_move(text)  # the real position must accept what the view produced
        except GameError as exc:
            self.agents.pop((seat, name), None)
            return None, f"agent {name} chose an illegal move {text!r}: {_one_line(exc)}", {}
        info = _plain(agent.info)
        info.setdefault("time", round(elapsed, 3))
        info["agent"] = name
        return text, None, info


def _worker_main(conn, stop_below, spec: LoadSpec) -> None:
    """Entry point of the worker process (module level, so ``spawn`` can import it).

    ``stop_below`` is a shared integer: the search for generation g stops once it is >= g.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    registry, load_error = None, None
    try:
        from tafel.plugins import load_registry

        registry = load_registry(spec, with_commands=False)
    except Exception as exc:  # reported with every answer instead of dying silently
        load_error = _one_line(exc)
    session = _Session(registry, load_error)
    try:
        conn.send(Ready())
        while True:
            msg = conn.recv()
            if isinstance(msg, Quit):
                break
            # Only the newest queued request matters; the others are answered as skipped.
            while conn.poll():
                newer = conn.recv()
                if isinstance(newer, Quit):
                    return
                conn.send(Skipped(msg.generation))
                msg = newer
            generation = msg.generation
            if stop_below.value >= generation:
                conn.send(Skipped(generation))
                continue

            def stop(generation: int = generation) -> bool:
                return stop_below.value >= generation

            def started(limit: Limit, generation: int = generation) -> None:
                conn.send(Started(generation, limit))

            move_text, error, info = session.run(msg.request, stop, started)
            conn.send(answer(generation, msg.request, move_text, error, info))
    except (EOFError, OSError, KeyboardInterrupt):
        pass  # the UI side went away


# --- the UI side -------------------------------------------------------------------------------


@dataclass
class _Pending:
    """The request the UI waits for: when it was sent, and once the search began, when and with
    which think time (None: no time limit)."""

    generation: int
    request: AIRequest
    sent: float
    started: float | None = None
    think: float | None = None


class AIWorker:
    """Runs agents in a spawned process; see the module docstring.

    The process starts on the first request (or :meth:`start`); ``restarts`` counts the times
    it had to be replaced. ``clock`` (seconds, ``time.monotonic`` by default) times the
    watchdog.
    """

    def __init__(
        self,
        spec: LoadSpec | None = None,
        *,
        grace: float = GRACE,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if spec is None:
            from tafel.plugins import default_spec

            spec = default_spec()
        self.spec = spec
        self.grace = grace
        self.clock = clock
        self.restarts = 0
        self._ctx = multiprocessing.get_context("spawn")
        self._stop_below = self._ctx.Value("q", 0, lock=False)
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ready_at: float | None = None
        self._started_at = 0.0
        self._generation = 0
        self._pending: _Pending | None = None
        # Generations sent and not answered yet; older than _pending means stale.
        self._outstanding: set[int] = set()
        self._stopped_at: float | None = None

    # --- public interface ----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a request waits for its answer."""
        return self._pending is not None

    @property
    def searching(self) -> bool:
        """True once the process began the search the UI waits for (its think time runs)."""
        return self._pending is not None and self._pending.started is not None

    def start(self) -> None:
        """Start the process now (it loads plugins in the background); requests also start it."""
        if self._process is None or not self._process.is_alive():
            self._spawn()

    def request(self, req: AIRequest) -> int:
        """Ask for a move; any older request is cancelled. Returns the request's generation."""
        if req.limit is not None and not isinstance(req.limit, Limit):
            raise TypeError(f"AIRequest.limit must be a Limit or None, not {type(req.limit).__name__}")
        if self._conn is not None:
            self._drain()  # answers of stopped searches, so a finished one is not taken for stuck
            self._check_health()
        self._generation += 1
        generation = self._generation
        if self._outstanding:
            self._stop_older(generation - 1)
        plain = replace(
            req, options=dict(req.options or {}), moves=[str(m) for m in req.moves], seat=int(req.seat)
        )
        self._pending = _Pending(generation, plain, self.clock())
        self.start()
        self._send(Search(generation, plain))
        return generation

    def poll(self) -> AIResult | None:
        """The answer to the latest request once it is there, else None. Never blocks."""
        if self._conn is None:
            return None
        result = self._drain()
        if result is not None:
            return result
        return self._check_health()

    def wait(self, timeout: float) -> bool:
        """Block until the process has something to say (True) or ``timeout`` seconds pass (False).
        For command-line callers and tests; the frame loop only polls."""
        if self._conn is None:
            return False
        try:
            return bool(self._conn.poll(timeout))
        except (EOFError, OSError):
            return True  # a dead process: poll() reports it

    def cancel(self) -> None:
        """Forget the pending request; a search still running is told to stop."""
        self._pending = None
        if self._outstanding:
            self._stop_older(self._generation)

    def close(self) -> None:
        """Stop the process (politely, then by force)."""
        self._pending = None
        self._outstanding.clear()
        if self._process is None:
            return
        self._stop_below.value = self._generation
        try:
            self._conn.send(Quit())  # type: ignore[union-attr]
        except (OSError, ValueError):
            pass
        self._process.join(1.0)
        self._kill()

    def __enter__(self) -> AIWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- internals -----------------------------------------------------------------------------

    def _spawn(self) -> None:
        if self._process is not None:
            self._kill()
        parent, child = self._ctx.Pipe()
        process = self._ctx.Process(
            target=_worker_main, args=(child, self._stop_below, self.spec), name="tafel-ai", daemon=True
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent
        self._ready_at = None
        self._started_at = self.clock()
        self._outstanding.clear()
        self._stopped_at = None

    def _kill(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is not None and process.is_alive():
            process.terminate()
            process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)
        if conn is not None:
            conn.close()

    def _restart(self) -> None:
        self.restarts += 1
        self._spawn()

    def _send(self, message: Search) -> None:
        try:
            self._conn.send(message)  # type: ignore[union-attr]
        except (OSError, ValueError):
            # The process died between two requests: a fresh one gets the request. Should that
            # fail too, the dead process is reported by the next poll().
            self._restart()
            try:
                self._conn.send(message)  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass
        self._outstanding.add(message.generation)

    def _stop_older(self, generation: int) -> None:
        """Tell searches up to ``generation`` to stop, and start the grace period."""
        if generation > self._stop_below.value:
            self._stop_below.value = generation
        if self._stopped_at is None:
            self._stopped_at = self.clock()

    def _drain(self) -> AIResult | None:
        """Read every message waiting; return the pending request's answer if among them."""
        found = None
        try:
            while self._conn is not None and self._conn.poll():
                msg = self._conn.recv()
                if isinstance(msg, Ready):
                    self._ready_at = self.clock()
                    continue
                pending = self._pending
                if isinstance(msg, Started):
                    if pending is not None and msg.generation == pending.generation:
                        pending.started = self.clock()
                        pending.think = msg.limit.time
                    continue
                self._outstanding.discard(msg.generation)
                newest = pending.generation if pending is not None else self._generation + 1
                if not any(g < newest for g in self._outstanding):
                    self._stopped_at = None  # no stopped search left running
                if isinstance(msg, AIResult) and pending is not None and msg.generation == pending.generation:
                    self._pending = None
                    found = msg
        except (EOFError, OSError):
            pass  # a dead process is noticed by _check_health
        return found

    def allowance(self, think: float | None) -> float:
        """Seconds a search with think time ``think`` (None: no time limit) may take before the
        watchdog replaces its process: the think time plus a grace of at least ``grace`` seconds.

        >>> AIWorker(LoadSpec(), grace=2.0).allowance(1.0)
        3.0
        """
        budget = think if think is not None else UNTIMED_TIMEOUT
        return budget + max(self.grace, 0.25 * budget)

    def _check_health(self) -> AIResult | None:
        """Replace a dead, stuck or overrunning process; an error result for a lost request."""
        if self._process is None:
            return None
        now = self.clock()
        if not self._process.is_alive():
            self._drain()
            code = self._process.exitcode
            self._kill()
            if self._pending is not None:
                generation = self._pending.generation
                self._pending = None
                self._outstanding.clear()
                self.restarts += 1
                return AIResult(generation, None, f"the AI process stopped (exit code {code})", {})
            self._outstanding.clear()
            return None
        if self._ready_at is None:
            if now - self._started_at > STARTUP_TIMEOUT:
                return self._give_up("the AI process did not start in time")
            return None
        pending = self._pending
        stale = [g for g in self._outstanding if pending is None or g < pending.generation]
        if stale and self._stopped_at is not None and now - self._stopped_at > self.grace:
            # A stopped search did not end: replace the process and re-send what the UI waits for.
            self._restart()
            if pending is not None:
                pending.sent, pending.started = now, None
                self._send(Search(pending.generation, pending.request))
            return None
        if pending is None or stale:
            return None
        if pending.started is None:
            began = max(pending.sent, self._ready_at)
            if now - began > SETUP_TIMEOUT:
                return self._give_up(f"the AI did not start its search within {SETUP_TIMEOUT:.0f} s")
            return None
        allowance = self.allowance(pending.think)
        if now - pending.started > allowance:
            think = "no time limit" if pending.think is None else f"think time {pending.think:g} s"
            return self._give_up(f"the AI did not answer within {allowance:.0f} s ({think})")
        return None

    def _give_up(self, message: str) -> AIResult | None:
        pending = self._pending
        self._pending = None
        self._kill()
        self.restarts += 1
        self._outstanding.clear()
        if pending is None:
            return None
        return AIResult(pending.generation, None, message, {}, timed_out=True)
