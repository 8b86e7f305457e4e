"""The AI worker: agents search in a separate process so the frame loop never stutters.

The UI owns one :class:`AIWorker`. It sends an :class:`AIRequest` (plain data: game id,
options, seed, start position, the move texts played so far, seat, agent name, limit) and
polls for an :class:`AIResult` each frame::

    worker = AIWorker(registry.spec)
    gen = worker.request(AIRequest("some-game", options, None, None, moves, seat=1, agent="hard", limit=Limit()))
    ...
    result = worker.poll()          # each frame; None until the answer is there
    if result is not None and result.error is None:
        state = state.play(state.parse_move(result.move_text))

Every request gets a generation number; a newer request, :meth:`AIWorker.cancel`, an undo or
a new game make older answers stale, and :meth:`AIWorker.poll` drops them. Nothing is pickled
but plain data: the worker process loads the same plugins (``tafel.plugins.load_registry``
with the UI registry's :class:`LoadSpec`), rebuilds the position by replaying move texts
(only the new ones when the game is the one it saw last), searches on
``state.view_for(seat)`` and answers with a move text.

Processes start with the ``spawn`` method (forking a process that has pygame and X11 open
is unsafe). A search is stopped through a shared generation counter that the agent's
``stop()`` polls: any search older than the counter ends with its best move so far. A
worker that does not finish a stopped search within ``grace`` seconds, overruns a request's
time limit by more than that, or dies, is terminated and restarted, and the request either
re-sent or answered with an error: the UI never waits forever.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from tafel.ai.base import Agent, Limit
from tafel.game import GameError, GameState
from tafel.registry import LoadSpec

#: Seconds a stopped search may take to answer before its process is replaced.
GRACE = 2.0
#: Seconds a new process may take to start and load every plugin.
STARTUP_TIMEOUT = 30.0
#: Longest wait for a request that has no time limit (depth or node limits only).
UNTIMED_TIMEOUT = 120.0


@dataclass
class AIRequest:
    """What to search: the game, the position as moves from a start, whose move, and how."""

    game_id: str
    options: dict
    seed: int | None
    #: Position text to start from; None starts from ``new_state(options, seed)``.
    start_position: str | None
    #: Move texts played from the start.
    moves: list[str]
    seat: int
    agent: str
    limit: Limit = field(default_factory=Limit)


@dataclass
class AIResult:
    """The answer to request ``generation``: a move text, or a one-line error."""

    generation: int
    move_text: str | None
    error: str | None
    info: dict = field(default_factory=dict)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    name = type(exc).__name__
    if isinstance(exc, GameError) and text:
        return text.splitlines()[0]
    return f"{name}: {text.splitlines()[0]}" if text else name


def _plain(info: dict) -> dict:
    """Only plain values cross the pipe (an agent's info might hold anything)."""
    out: dict[str, Any] = {}
    for key, value in info.items():
        if isinstance(value, (str, int, float, bool)) or value is None:
            out[str(key)] = value
        else:
            out[str(key)] = repr(value)
    return out


# --- the worker process ------------------------------------------------------------------------


class _Session:
    """The worker side: the registry, the last game replayed, and agents kept between moves."""

    def __init__(self, registry: Any, load_error: str | None) -> None:
        self.registry = registry
        self.load_error = load_error
        self.key: tuple | None = None
        self.game = None
        self.moves: list[str] = []
        self.states: list[GameState] = []
        self.agents: dict[tuple[int, str], Agent] = {}

    def position(self, req: dict) -> GameState:
        """The state after ``req['moves']``, replaying only what the cached game lacks."""
        options = req["options"] or {}
        key = (
            req["game_id"],
            json.dumps(options, sort_keys=True, default=str),
            req["seed"],
            req["start_position"],
        )
        if key != self.key:
            self.key = None
            game = self.registry.game(req["game_id"])
            resolved = game.resolve_options(options)
            if req["start_position"] is not None:
                start = game.parse_position(req["start_position"], resolved)
            else:
                start = game.new_state(resolved, req["seed"])
            self.key, self.game = key, game
            self.moves, self.states, self.agents = [], [start], {}
        moves = req["moves"]
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

    def run(self, req: dict, stop) -> tuple[str | None, str | None, dict]:
        if self.registry is None:
            return None, f"could not load plugins: {self.load_error}", {}
        name = req["agent"]
        try:
            state = self.position(req)
            seat = req["seat"]
            if state.is_over:
                return None, "the game is over", {}
            if state.to_move != seat:
                return None, f"seat {seat + 1} is not to move (seat {state.to_move + 1} is)", {}
            agent_def = self.registry.agent(name, req["game_id"])
            agent = self.agents.get((seat, name))
            if agent is None:
                agent = agent_def.factory(self.game)
                self.agents[(seat, name)] = agent
            limit = Limit(**req["limit"])
            if limit == Limit():
                limit = agent_def.default_limit
            seed = req["seed"]
            rng = random.Random(f"{seed}:{len(req['moves'])}:{seat}") if seed is not None else random.Random()
        except GameError as exc:
            return None, _one_line(exc), {}
        except Exception as exc:
            return None, _one_line(exc), {"traceback": traceback.format_exc()}
        try:
            view = state.view_for(seat)
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
        conn.send(("ready",))
        while True:
            msg = conn.recv()
            if msg[0] == "quit":
                break
            # Only the newest queued request matters; the others are answered as skipped.
            while conn.poll():
                newer = conn.recv()
                if newer[0] == "quit":
                    return
                conn.send(("skipped", msg[1]))
                msg = newer
            _, generation, req = msg
            if stop_below.value >= generation:
                conn.send(("skipped", generation))
                continue

            def stop(generation: int = generation) -> bool:
                return stop_below.value >= generation

            move_text, error, info = session.run(req, stop)
            conn.send(("result", generation, move_text, error, info))
    except (EOFError, OSError, KeyboardInterrupt):
        pass  # the UI side went away


# --- the UI side -------------------------------------------------------------------------------


class AIWorker:
    """Runs agents in a spawned process; see the module docstring.

    The process starts on the first request (or :meth:`start`); ``restarts`` counts the times
    it had to be replaced.
    """

    def __init__(self, spec: LoadSpec | None = None, *, grace: float = GRACE) -> None:
        if spec is None:
            from tafel.plugins import default_spec

            spec = default_spec()
        self.spec = spec
        self.grace = grace
        self.restarts = 0
        self._ctx = multiprocessing.get_context("spawn")
        self._stop_below = self._ctx.Value("q", 0, lock=False)
        self._process = None
        self._conn = None
        self._ready_at: float | None = None
        self._started_at = 0.0
        self._generation = 0
        # The request the UI waits for: generation, payload, time sent.
        self._pending: tuple[int, dict, float] | None = None
        # Generations sent and not answered yet; older than _pending means stale.
        self._outstanding: set[int] = set()
        self._stopped_at: float | None = None

    # --- public interface ----------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """True while a request waits for its answer."""
        return self._pending is not None

    def start(self) -> None:
        """Start the process now (it loads plugins in the background); requests also start it."""
        if self._process is None or not self._process.is_alive():
            self._spawn()

    def request(self, req: AIRequest) -> int:
        """Ask for a move; any older request is cancelled. Returns the request's generation."""
        if self._conn is not None:
            self._drain()  # answers of stopped searches, so a finished one is not taken for stuck
            self._check_health()
        self._generation += 1
        generation = self._generation
        if self._outstanding:
            self._stop_older(generation - 1)
        payload = {
            "game_id": req.game_id,
            "options": dict(req.options or {}),
            "seed": req.seed,
            "start_position": req.start_position,
            "moves": [str(m) for m in req.moves],
            "seat": int(req.seat),
            "agent": req.agent,
            "limit": {"time": req.limit.time, "depth": req.limit.depth, "nodes": req.limit.nodes},
        }
        self._pending = (generation, payload, time.monotonic())
        self.start()
        self._send(generation, payload)
        return generation

    def poll(self) -> AIResult | None:
        """The answer to the latest request once it is there, else None. Never blocks."""
        if self._conn is None:
            return None
        result = self._drain()
        if result is not None:
            return result
        return self._check_health()

    def cancel(self) -> None:
        """Forget the pending request; a search still running is told to stop."""
        self._pending = None
        if self._outstanding:
            self._stop_older(self._generation)

    def close(self) -> None:
        """Stop the process (politely, then by force)."""
        self._pending = None
        self._outstanding.clear()
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if process is None:
            return
        self._stop_below.value = self._generation
        try:
            conn.send(("quit",))
        except (OSError, ValueError):
            pass
        process.join(1.0)
        if process.is_alive():
            process.terminate()
            process.join(1.0)
        if process.is_alive():
            process.kill()
            process.join(1.0)
        conn.close()

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
        self._started_at = time.monotonic()
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

    def _send(self, generation: int, payload: dict) -> None:
        try:
            self._conn.send(("search", generation, payload))  # type: ignore[union-attr]
        except (OSError, ValueError):
            # The process died between two requests: a fresh one gets the request. Should that
            # fail too, the dead process is reported by the next poll().
            self._restart()
            try:
                self._conn.send(("search", generation, payload))  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass
        self._outstanding.add(generation)

    def _stop_older(self, generation: int) -> None:
        """Tell searches up to ``generation`` to stop, and start the grace period."""
        if generation > self._stop_below.value:
            self._stop_below.value = generation
        if self._stopped_at is None:
            self._stopped_at = time.monotonic()

    def _drain(self) -> AIResult | None:
        """Read every message waiting; return the pending request's answer if among them."""
        found = None
        try:
            while self._conn is not None and self._conn.poll():
                msg = self._conn.recv()
                kind = msg[0]
                if kind == "ready":
                    self._ready_at = time.monotonic()
                    continue
                generation = msg[1]
                self._outstanding.discard(generation)
                if not any(
                    g < (self._pending[0] if self._pending else self._generation + 1)
                    for g in self._outstanding
                ):
                    self._stopped_at = None  # no stopped search left running
                if kind == "result" and self._pending is not None and generation == self._pending[0]:
                    self._pending = None
                    found = AIResult(generation, msg[2], msg[3], msg[4])
        except (EOFError, OSError):
            pass  # a dead process is noticed by _check_health
        return found

    def _check_health(self) -> AIResult | None:
        """Replace a dead, stuck or overrunning process; an error result for a lost request."""
        if self._process is None:
            return None
        now = time.monotonic()
        if not self._process.is_alive():
            self._drain()
            code = self._process.exitcode
            self._kill()
            if self._pending is not None:
                generation = self._pending[0]
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
        stale = [g for g in self._outstanding if pending is None or g < pending[0]]
        if stale and self._stopped_at is not None and now - self._stopped_at > self.grace:
            # A stopped search did not end: replace the process and re-send what the UI waits for.
            self._restart()
            if pending is not None:
                self._pending = (pending[0], pending[1], now)
                self._send(pending[0], pending[1])
            return None
        if pending is not None and not stale:
            limit_time = pending[1]["limit"]["time"]
            budget = limit_time if limit_time is not None else UNTIMED_TIMEOUT
            began = max(pending[2], self._ready_at)
            if now - began > budget + max(self.grace, 0.5 * budget):
                return self._give_up(
                    f"the AI did not answer within {budget + max(self.grace, 0.5 * budget):.0f} s"
                )
        return None

    def _give_up(self, message: str) -> AIResult | None:
        pending = self._pending
        self._pending = None
        self._kill()
        self.restarts += 1
        self._outstanding.clear()
        if pending is None:
            return None
        return AIResult(pending[0], None, message, {})
