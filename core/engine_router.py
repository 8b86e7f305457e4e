"""External engines as players: requests for engine seats go to engine processes, the rest to
the AI worker.

:class:`EngineRouter` is a move worker (what the play screen and ``arena`` ask moves of:
``request``, ``poll``, ``cancel``, ``busy``) wrapped round the AI worker. A request whose agent
is an engine (``engine:NAME`` or ``uai:PATH``, :func:`tafel.engines.is_engine_agent`) goes to
an :class:`EngineSession`: one engine process per agent and seat, driven by a thread of its
own, so the caller's loop never waits. The session sends ``position`` (the game's start text
and the move texts) and ``go`` with the time control (the request's time limit, else the
engine's ``movetime_ms`` or its clock), reads ``info`` lines as they come (the latest is
:meth:`EngineRouter.engine_info`, for the side panel) and answers with the ``bestmove``.

Every request gets a generation number (engine requests negative ones, so they never meet the
AI worker's). A cancelled search is sent ``stop`` and its answer dropped. An engine that does
not answer within its time plus :attr:`EngineSession.HANG_GRACE` is killed; one that would not
start, stopped, or broke the protocol is a crash. Both answer with an error and ``forfeit``
("hang" or "crash"; a hang also ``timed_out``): the play screen offers the seat to the player
or a Tafel level, ``arena`` scores the game as lost. The next request starts the engine again.
"""

from __future__ import annotations

import collections
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tafel.ai.messages import AIRequest, AIResult, MoveWorker
from tafel.engine_process import EngineFailure, EngineProcess, flood_text, shorten
from tafel.engine_protocol import EngineInfo, EngineProtocol, info_text, parse_bestmove, parse_info
from tafel.engines import EngineConfig, is_engine_agent, resolve_engine
from tafel.i18n import _

if TYPE_CHECKING:
    from tafel.registry import Registry

#: The clock the sessions keep the sides' thinking times by (a module global, so tests can
#: set the time).
_now = time.monotonic
#: Characters of a move text an engine may answer with; a longer ``bestmove`` is a broken engine.
MAX_MOVE_TEXT = 200
#: Characters of an ``info`` field (the principal variation) kept for the side panel.
INFO_TEXT = 160


@dataclass
class EngineAnswer(AIResult):
    """An engine's answer; ``forfeit`` is "crash" or "hang" when the engine failed."""

    forfeit: str | None = None


class EngineSession:
    """One engine process for one agent and seat, with the thread that talks to it."""

    #: Seconds past the think time before an engine that gives no move counts as hung, plus
    #: half the think time.
    HANG_GRACE = 2.0
    #: Seconds an engine has to start (its hello and ``isready``).
    START_TIMEOUT = 10.0

    def __init__(
        self, agent: str, config: EngineConfig, protocol: EngineProtocol, results: queue.Queue
    ) -> None:
        self.agent = agent
        self.config = config
        self.protocol = protocol
        self.results = results
        self.process: EngineProcess | None = None
        self.jobs: queue.Queue = queue.Queue()
        #: The generation being searched (None: idle).
        self.current: int | None = None
        #: Raised by cancel: a job submitted in an older epoch is not wanted any more.
        self.epoch = 0
        self.info: EngineInfo = {}
        self._last: tuple[str, int] | None = None
        #: Milliseconds each ply of the current game took, the engine's own plies and (measured
        #: from its answer to the next request) the other seats' (clock time controls).
        self._used: dict[int, float] = {}
        #: (Ply, when) of the engine's last answer in this game.
        self._answered: tuple[int, float] | None = None
        self._closing = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._loop, daemon=True, name=f"engine {config.name}")
        self._thread.start()

    @property
    def busy(self) -> bool:
        return self.current is not None or not self.jobs.empty()

    def submit(self, generation: int, start_text: str, request: AIRequest) -> None:
        self.jobs.put((generation, self.epoch, start_text, request, _now()))

    def cancel(self) -> None:
        """Drop every request made so far (the one searched gets ``stop``)."""
        self.epoch += 1
        self.info = {}

    def _is_cancelled(self, epoch: int) -> bool:
        return self._closing or epoch != self.epoch

    def close(self, wait: float = 0.0) -> None:
        """End the session: its search is stopped and its engine quits. With ``wait``, wait up to
        that many seconds for it, then kill the engine's process group whatever the thread is
        doing (``arena`` before it exits: no engine outlives it)."""
        self._closing = True
        self.epoch += 1
        self.jobs.put(None)
        if wait > 0:
            self._thread.join(wait)
            process = self.process
            if self._thread.is_alive() and process is not None:
                process._kill_group()

    # --- the thread -----------------------------------------------------------------------

    def _loop(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None or self._closing:
                break
            generation, epoch = job[0], job[1]
            self.current = generation
            try:
                if not self._is_cancelled(epoch):
                    self._search(*job)
            except EngineFailure as exc:
                self._drop_process(kill=True)
                if not self._is_cancelled(epoch):
                    self.results.put(
                        EngineAnswer(
                            generation,
                            None,
                            str(exc),
                            {"engine": self.config.name},
                            timed_out=exc.kind == "hang",
                            forfeit=exc.kind,
                        )
                    )
            except Exception as exc:  # noqa: BLE001 - the thread must answer, whatever happens
                self._drop_process(kill=True)
                message = f"engine session failed: {type(exc).__name__}: {exc}"
                self.results.put(EngineAnswer(generation, None, message, {}, forfeit="crash"))
            finally:
                self.current = None
        self._drop_process(kill=False)

    def _drop_process(self, kill: bool) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.kill() if kill else process.close()

    def _search(self, generation: int, epoch: int, start_text: str, request: AIRequest, asked: float) -> None:
        process = self.process
        if process is None or process.closed:
            process = EngineProcess(self.config, self.protocol)
            self.process = process
            process.handshake(self.START_TIMEOUT)
        moves = list(request.moves)
        self._follow_game(process, start_text, moves, asked)
        process.send(self.protocol.position_command(start_text, moves))
        think_ms, go = self._go(request, len(moves))
        self.info = {}
        process.send(go)
        started = _now()
        move = self._await_move(process, epoch, think_ms)
        ended = _now()
        used = (ended - started) * 1000
        self._used[len(moves)] = used
        self._answered = (len(moves), ended)
        if self._is_cancelled(epoch):
            return
        info = {**self.info, "engine": self.config.name, "time_ms": round(used)}
        self.results.put(EngineAnswer(generation, move, None, info))

    def _follow_game(self, process: EngineProcess, start_text: str, moves: list[str], asked: float) -> None:
        """A new game (or an undo) starts the engine afresh; the plies since its last answer
        are the other seats' (their time, for a clock)."""
        if self._last is None or self._last[0] != start_text or len(moves) <= self._last[1]:
            process.send(self.protocol.new_game)
            process.ready(time.monotonic() + self.START_TIMEOUT)
            self._used = {p: ms for p, ms in self._used.items() if p < len(moves)} if self._last else {}
            self._answered = None
        if self._answered is not None:
            # The other seats took the time until this request (shared out when several moved).
            done, when = self._answered
            others = range(done + 1, len(moves))
            if others:
                share = max(0.0, asked - when) * 1000 / len(others)
                for ply in others:
                    self._used[ply] = share
        self._last = (start_text, len(moves))

    def _await_move(self, process: EngineProcess, epoch: int, think_ms: float) -> str:
        """The engine's ``bestmove``, its ``info`` kept meanwhile. The deadline (the think time
        and half again, plus :attr:`HANG_GRACE`) and a cancel are checked before every line, so
        neither a flood nor silence holds the search past it."""
        began = time.monotonic()
        deadline = began + think_ms / 1000 * 1.5 + self.HANG_GRACE
        stopped = False
        while True:
            now = time.monotonic()
            if now >= deadline:
                if process.exited():  # it stopped as the time ran out: say so, not "hung"
                    raise process.crashed()
                late = _("no move within {seconds} s").format(seconds=f"{deadline - began:.1f}")
                raise EngineFailure("hang", late + flood_text(process.lines_since_send))
            if self._is_cancelled(epoch) and not stopped:
                process.send("stop")
                stopped = True
                deadline = min(deadline, now + self.HANG_GRACE)
            try:
                line = process.read(min(deadline, now + 0.05))
            except EngineFailure as exc:
                if exc.kind == "hang":
                    continue
                raise
            move = self._take(line)
            if move is not None:
                return move

    def _take(self, line: str) -> str | None:
        """Keep an ``info`` line (shortened: the side panel shows it); the move of a ``bestmove``."""
        info = parse_info(line)
        if info is not None:
            if "string" not in info:
                short = {k: shorten(v, INFO_TEXT) if isinstance(v, str) else v for k, v in info.items()}
                self.info = {**self.info, **short}
            return None
        move = parse_bestmove(line)
        if move is not None and (len(move) > MAX_MOVE_TEXT or not move.isprintable()):
            raise EngineFailure("crash", _("its bestmove is no move: {text}").format(text=shorten(move, 40)))
        return move

    def _go(self, request: AIRequest, ply: int) -> tuple[float, str]:
        """(Milliseconds the engine may think, the ``go`` line)."""
        config = self.config
        limit = request.limit
        if limit is not None and limit.time is not None:
            ms = max(1, round(limit.time * 1000))
            return ms, self.protocol.go_command(movetime_ms=ms)
        if config.clock_ms <= 0:
            return config.movetime_ms, self.protocol.go_command(movetime_ms=config.movetime_ms)
        # A clock for every seat, the engine's base and increment (the seats play on equal
        # clocks): each seat's time is its base plus its increments less what its moves took
        # (measured here; the seats move in turn, the request's seat at ``ply``).
        seats = len(self.protocol.sides)
        clocks = []
        for seat in range(seats):
            plies = [p for p in range(ply) if (request.seat - (ply - p)) % seats == seat]
            left = (
                config.clock_ms + config.increment_ms * len(plies) - sum(self._used.get(p, 0) for p in plies)
            )
            clocks.append(max(1, round(left)))
        go = self.protocol.go_command(clocks=tuple(clocks), increments=(config.increment_ms,) * seats)
        return clocks[request.seat % seats], go


class EngineRouter:
    """A move worker that sends engine seats to engine processes and the rest to ``inner``.

    ``inner`` is the AI worker or a function that makes it (called on first use, so a game of
    engines and people starts no AI process); ``registry`` gives each game's protocol.
    """

    def __init__(
        self,
        inner: MoveWorker | Callable[[], MoveWorker] | None,
        registry: Registry,
        engines: list[EngineConfig] | None = None,
    ) -> None:
        self._inner_factory: Callable[[], MoveWorker] | None = inner if callable(inner) else None
        self._inner: MoveWorker | None = None if callable(inner) else inner
        self.registry = registry
        self.engines = engines
        self.sessions: dict[tuple[str, int], EngineSession] = {}
        self._results: queue.Queue = queue.Queue()
        self._stash: collections.deque = collections.deque()
        self._generation = 0

    @property
    def inner(self) -> MoveWorker | None:
        if self._inner is None and self._inner_factory is not None:
            self._inner = self._inner_factory()
        return self._inner

    def protocol_of(self, game_id: str) -> EngineProtocol:
        game = self.registry.game(game_id)
        protocol = getattr(game, "engine_protocol", None)
        if protocol is None:
            raise EngineFailure("crash", f"{game.title} declares no engine protocol: engines cannot play it")
        return protocol

    def request(self, req: AIRequest) -> int:
        if not is_engine_agent(req.agent):
            inner = self.inner
            if inner is None:
                raise AttributeError("this router has no AI worker: it plays engine seats only")
            return inner.request(req)
        self._generation -= 1
        generation = self._generation
        try:
            protocol = self.protocol_of(req.game_id)
            session = self.sessions.get((req.agent, req.seat))
            if session is None:
                config = resolve_engine(req.agent, protocol.name, self.engines)
                session = EngineSession(req.agent, config, protocol, self._results)
                self.sessions[(req.agent, req.seat)] = session
            session.submit(generation, self._start_text(req), req)
        except EngineFailure as exc:
            self._results.put(EngineAnswer(generation, None, str(exc), {}, forfeit=exc.kind))
        return generation

    def _start_text(self, req: AIRequest) -> str:
        if req.start_position:
            return req.start_position
        game = self.registry.game(req.game_id)
        seed = req.seed if game.random_setup else None
        return game.new_state(game.resolve_options(req.options), seed).to_text()

    def poll(self) -> AIResult | None:
        if self._stash:
            return self._stash.popleft()
        try:
            return self._results.get_nowait()
        except queue.Empty:
            pass
        return self._inner.poll() if self._inner is not None else None

    def wait(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for an answer (for ``arena``'s loop)."""
        if any(s.busy for s in self.sessions.values()) or self._inner is None:
            try:
                self._stash.append(self._results.get(timeout=timeout))
            except queue.Empty:
                pass
            return
        wait = getattr(self._inner, "wait", None)
        if wait is not None:
            wait(timeout)
        else:
            time.sleep(min(timeout, 0.002))

    def cancel(self) -> None:
        for session in self.sessions.values():
            session.cancel()
        if self._inner is not None:
            self._inner.cancel()

    @property
    def busy(self) -> bool:
        if not self._results.empty() or self._stash or any(s.busy for s in self.sessions.values()):
            return True
        return bool(getattr(self._inner, "busy", False)) if self._inner is not None else False

    def start(self) -> None:
        start = getattr(self.inner, "start", None)
        if start is not None:
            start()

    def engine_info(self, agent: str, seat: int) -> EngineInfo:
        """The latest ``info`` of the engine playing ``seat`` (depth, score, pv), or {}."""
        session = self.sessions.get((agent, seat))
        return dict(session.info) if session is not None else {}

    def engine_lines(self, players: list[str], seat_name: Callable[[int], str]) -> list[str]:
        """One line per engine seat with its latest search: ``Red: depth 7 · +1.20 · f2 a7b5``."""
        lines = []
        for seat, player in enumerate(players):
            text = info_text(self.engine_info(player, seat)) if is_engine_agent(player) else ""
            if text:
                lines.append(f"{seat_name(seat)}: {text}")
        return lines

    def close_engines(self, wait: float = 0.0) -> None:
        """End every engine process (the AI worker is its owner's to close). ``wait``: seconds
        to wait for them all before their process groups are killed (0: do not wait; the
        sessions' threads end them, and Tafel's exit kills what is left)."""
        end = time.monotonic() + wait
        sessions = list(self.sessions.values())
        self.sessions.clear()
        for session in sessions:
            session.close()
        if wait > 0:
            for session in sessions:
                session.close(max(0.01, end - time.monotonic()))
