"""A Universal Ataxx Interface (UAI) engine: Tafel's Ataxx AI for engine tournaments and GUIs.

UAI is UCI for Ataxx: line-based commands on stdin, replies on stdout, every line flushed.

    uai                                  -> id name Tafel / id author ... / option ... / uaiok
    isready                              -> readyok (at once, also while searching)
    setoption name <name> [value <v>]    Level, Hash, MoveOverhead, EngineRules (see OPTIONS)
    uainewgame
    position startpos [moves f1 a7c5 ...]
    position fen <fen> [moves ...]
    go movetime N | wtime N btime N [winc N binc N movestogo N] | depth N | nodes N | infinite
                                         (x moves first and is Black: btime, binc)
                                         -> info depth .. score cp .. nodes .. nps .. pv ..
                                         -> bestmove <move>
    stop / quit / perft N / d (the position as FEN)
    debug on|off                         -> on: info string timing ... before every timed bestmove

The input loop never waits: ``go`` and ``perft`` are jobs for a worker thread, run one after
the other in the order they were read, and every other command is answered at once. ``stop``
ends every job read before it (a search answers with its ``bestmove`` within milliseconds),
``quit`` and the end of input end the engine at once, and a closed output ends it quietly.

A timed search runs to its deadline: the movetime (or a share of the clock) counted from the
moment the input holding ``go`` arrived (the first of the lines read one after the other
without a wait, so that the time spent setting up a long ``position`` counts too), less a
margin: ``MoveOverhead``, how long recent answers took from their deadline to ``bestmove``
written (the unwinding and the reply), and the longest stall the recent searches saw between
two looks at the clock (the thread not running on a busy machine, a table grown), each fading
move by move. The search is stopped there, not before: an unfinished iteration keeps the last
complete one's move, or a better one it has already proved. No garbage collection runs during
a search (what exists before it is frozen, the collector off until ``bestmove`` is out), and a
full transposition table is emptied a few entries at a time rather than at once.

Bad input gives one ``info string error: ...`` line and the engine keeps running. A
``position`` whose move list holds an illegal move is set up to the move before it, and the
refused move is named.

With ``EngineRules`` on (the default) the engine plays Ataxx as engine matches do: no
threefold repetition, and no move refused for the game's length (the match runner
adjudicates, with the 100 half-move rule); off, Tafel's arcade rules apply (the third
repetition ends the game).

>>> import io
>>> out = io.StringIO()
>>> engine = UaiEngine(out)
>>> for line in ["uai", "position startpos moves g2", "go depth 2"]:
...     _ = engine.handle(line)
>>> engine.wait()
True
>>> engine.quit()
>>> text = out.getvalue().splitlines()
>>> text[0], text[6], text[-1].startswith("bestmove ")
('id name Tafel', 'uaiok', True)
"""

from __future__ import annotations

import collections
import gc
import math
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from tafel import GameError, Limit, bounded_lines

from .ai import LEVELS, AtaxxSearch
from .compiled import CompiledEngine
from .moves import gen_moves
from .ordering import by_gain
from .rules import PERFT_CACHE_LIMIT, RED, AtaxxState, _perft, perft
from .search import MAX_PLY, WIN, Result, move_text

ENGINE_NAME = "Tafel"
ENGINE_AUTHOR = "Tafel developers"

#: The levels a GUI may choose (``setoption name Level value medium``).
LEVEL_NAMES = ("easy", "medium", "hard")
#: A level's longest think per move in seconds, whatever the GUI allows (as in the arcade):
#: medium is the hard search at medium's think time; easy searches one ply and is capped by depth.
LEVEL_TIME_CAP = {"easy": None, "medium": LEVELS["medium"].default_time, "hard": None}
#: Transposition table size in MB, and the bytes one entry takes in CPython (measured: the
#: key and value tuples, their big ints and the dict slot, about 305 bytes). 32 MB by default:
#: the compiled table holds 780,000 entries in it (a search stores one per 10-20 nodes, so a
#: 1 s search fills half of it), and 'isready' writes its pages once in some 20 ms (128 MB took
#: 90 ms, for every engine a GUI or a test starts).
DEFAULT_HASH_MB, MIN_HASH_MB, MAX_HASH_MB = 32, 1, 4096
TT_ENTRY_BYTES = 320
#: Kept back from every timed search for the reply to reach the GUI (ms).
DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS = 8, 10_000
#: The deepest search ``go depth`` asks for (the search keeps per-ply tables of MAX_PLY).
MAX_DEPTH = MAX_PLY - 8
#: Numbers larger than this are read as this (a huge movetime is 'think until stop').
MAX_NUMBER = 10**12
#: How the engine's own lateness (bestmove written after its deadline: the unwinding, the
#: reply, and the thread not scheduled in time on a busy machine) fades from the margin it
#: adds, per timed move; and how the longest stall a search saw between two looks at the clock
#: fades (more slowly: a stall is rare, and its cost a lost game).
LATE_DECAY = 0.9
STALL_DECAY = 0.97
#: The stall (ms) assumed before the engine has seen one: a fresh engine's first moves keep
#: back as much as a busy machine's recent stalls would (a first move at 1 s, on a machine
#: at load 7, stalled 109 ms and was answered 42 ms late), fading as the others do.
FIRST_STALL_MS = 50.0
#: The watchdog's wake-up lateness (ms) assumed before one is seen: it answers for a stalled
#: search this much before the GUI's limit (and MoveOverhead before that), fading as the stalls do.
FIRST_WAKE_MS = 20.0
#: The watchdog answers this share of the limit before it at least (and MoveOverhead before that):
#: it only answers for a search that missed its own, earlier deadline, so answering early costs
#: nothing, and on a loaded machine the GUI may read the answer tens of milliseconds after it
#: was written.
WATCHDOG_SHARE = 0.1
#: The search's own deadline comes at least this long (ms) before the watchdog's (at most a tenth
#: of the limit): a watchdog waking while the search answers takes the GIL from it, and on a
#: loaded machine each hand-over of the GIL can wait a scheduling round (an answer formatted at
#: 172 ms reached the GUI at 200 ms with a gap of 5 ms).
WATCHDOG_GAP_MS = 20.0
#: A read that took longer than this (s) waited for its input: the line arrived then. A
#: quicker one found its line already there, which may have come any time since the last wait.
READ_WAITED = 0.0005
#: The interpreter's thread switch interval while the engine runs (s; Python's default is
#: 5 ms): the input thread gets the GIL from a searching worker this soon, so that ``stop``
#: and the arrival of ``go`` are seen at once.
SWITCH_INTERVAL = 0.001
#: How long ``quit`` waits for a stopped job to end before the engine leaves anyway (s).
QUIT_GRACE = 1.0

OPTIONS = (
    f"option name Level type combo default hard {' '.join('var ' + n for n in LEVEL_NAMES)}",
    f"option name Hash type spin default {DEFAULT_HASH_MB} min {MIN_HASH_MB} max {MAX_HASH_MB}",
    f"option name MoveOverhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}",
    "option name EngineRules type check default true",
)


class UaiError(GameError):
    """A command the engine cannot follow; reported as ``info string error: ...``."""


class PerftStopped(Exception):
    """``stop`` or ``quit`` ended a perft."""


def score_text(score: int) -> str:
    """UAI score: ``cp N``, or ``mate N`` (moves, negative when losing) for a decided game.

    >>> score_text(150), score_text(WIN - 3), score_text(-WIN + 2)
    ('cp 150', 'mate 2', 'mate -1')
    """
    if score > WIN - MAX_PLY:
        return f"mate {(WIN - score + 1) // 2}"
    if score < -WIN + MAX_PLY:
        return f"mate -{(WIN + score + 1) // 2}"
    return f"cp {score}"


def _int(tokens: list[str], i: int, name: str) -> int:
    if i >= len(tokens):
        raise UaiError(f"{name} needs a number")
    try:
        value = int(tokens[i])
    except ValueError:
        raise UaiError(f"{name} needs a number, got {tokens[i]!r}") from None
    if value < 0:
        raise UaiError(f"{name} must not be negative, got {value}")
    return min(value, MAX_NUMBER)


def tt_entries(hash_mb: int, entry_bytes: int = 2 * TT_ENTRY_BYTES) -> int:
    """Transposition table entries that fit in ``hash_mb`` MB at ``entry_bytes`` an entry (an
    engine's ``entry_bytes``: the Python table's by default, which may grow to twice its size).

    >>> tt_entries(128), tt_entries(128, entry_bytes=43)
    (209715, 3121342)
    """
    return hash_mb * 2**20 // entry_bytes


def perft_stoppable(state: AtaxxState, depth: int, stop: Callable[[], bool]) -> int:
    """:func:`tafel.games.ataxx.rules.perft` (cache included) that raises PerftStopped when
    ``stop()`` says so (asked before every position the cache has not seen).

    >>> perft_stoppable(AtaxxState.start(), 4, lambda: False) == perft(AtaxxState.start(), 4)
    True
    """
    if depth <= 2:
        return perft(state, depth)
    own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
    table: dict[int, int] = {}

    def cached(own: int, opp: int, empty: int, depth: int) -> int:
        key = (own << 64 | opp) << 8 | depth
        n = table.get(key)
        if n is None:
            if stop():
                raise PerftStopped
            if len(table) >= PERFT_CACHE_LIMIT:
                table.clear()
            n = table[key] = _perft(own, opp, empty, depth, cached)
        return n

    return _perft(own, opp, state.empty, depth, cached)


class _Go:
    """A parsed ``go``: the limits as given (ms for times)."""

    __slots__ = ("movetime", "clock", "depth", "nodes", "infinite")

    def __init__(self) -> None:
        self.movetime: int | None = None
        #: (own time, own increment, moves to go) when the GUI sent clock times.
        self.clock: tuple[int, int, int | None] | None = None
        self.depth: int | None = None
        self.nodes: int | None = None
        self.infinite = False


#: The longest command line read (a ``position`` of a long game is a few kB).
MAX_INPUT_LINE = 64 * 1024
#: Jobs (go, perft) that may wait behind the one running: a GUI waits for ``bestmove``; more
#: than this is a flood (``yes go | tafel uai`` held a gigabyte in 8 s), and what comes on top is
#: ignored, said once per flood, so the memory stays bounded.
MAX_WAITING_JOBS = 64


def first_choice(state: AtaxxState) -> str:
    """The move to play when a search has not finished one iteration: the greedy one (most
    stones gained), a pass when there is nothing else, ``0000`` when the game is over.

    >>> first_choice(AtaxxState.from_fen("7/7/7/7/7/1oo4/x6 x 0 1"))
    'b1'
    """
    if state.outcome is not None:
        return "0000"
    own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
    codes = gen_moves(own, opp, state.empty)
    return move_text(by_gain(codes, opp)[0]) if codes else "0000"


class _Reply:
    """The one ``bestmove`` of a job: the search's, or the watchdog's when the search has not
    answered by the GUI's limit (whichever comes first; the other then says nothing).

    ``best`` is the move of the deepest iteration the search finished so far (text), the
    watchdog's answer; ``depth`` that iteration's.
    """

    __slots__ = ("_lock", "best", "depth", "sent_at")

    def __init__(self, fallback: str) -> None:
        self._lock = threading.Lock()
        self.best = fallback
        self.depth = 0
        #: When ``bestmove`` went out (``time.perf_counter()``), None until then.
        self.sent_at: float | None = None

    @property
    def sent(self) -> bool:
        return self.sent_at is not None

    def answer(self, send: Callable[[str], None], lines: Callable[[], list[str]], move: str) -> bool:
        """Send ``lines()`` and ``bestmove move`` unless this job has answered; True if sent."""
        with self._lock:
            if self.sent_at is not None:
                return False
            # One write: the GUI (and a debug line before the answer) woken once.
            send("\n".join([*lines(), f"bestmove {move}"]))
            self.sent_at = time.perf_counter()
            return True


class UaiEngine:
    """The UAI protocol over a text stream; :meth:`handle` takes one input line at a time.

    ``on_closed`` is called once when writing to ``out`` fails (the GUI closed the pipe).
    """

    def __init__(self, out: TextIO, on_closed: Callable[[], None] | None = None) -> None:
        self.out = out
        self.on_closed = on_closed
        self.level = "hard"
        self.hash_mb = DEFAULT_HASH_MB
        self.move_overhead_ms = DEFAULT_MOVE_OVERHEAD_MS
        self.engine_rules = True
        self.ai = self._new_ai()
        self.state = self._start_state()
        self._position_args: list[str] = ["startpos"]
        self.rng = random.Random()
        #: Set when the output is gone: nothing is written any more and the engine ends.
        self.closed = False
        self._out_lock = threading.Lock()
        # Jobs (go, perft) are numbered as they are read; 'stop' stops every job numbered up
        # to _stopped. All of the following is guarded by _cond.
        self._cond = threading.Condition()
        self._queue: collections.deque[tuple[int, Callable[[int], None]]] = collections.deque()
        self._issued = 0
        self._stopped = 0
        self._running: int | None = None
        #: Jobs ignored since the queue was last full (see :data:`MAX_WAITING_JOBS`).
        self._ignored = 0
        self._quit = False
        self._worker: threading.Thread | None = None
        self._line_time = time.perf_counter()
        #: How late (ms) recent timed moves were past their deadline, fading: kept back on
        #: top of MoveOverhead (about 1 ms on a quiet machine; more while the machine is busy).
        self.late_ms = 0.0
        #: ``debug on``: a timing line before every timed answer.
        self.debug = False
        #: The longest stall (ms) recent searches saw between two looks at the clock, fading:
        #: kept back too, since one as long could fall just before the deadline.
        self.stall_ms = FIRST_STALL_MS
        #: How late (ms) the watchdog woke past its time when it had to answer, fading.
        self.wake_ms = FIRST_WAKE_MS
        #: Timed moves the watchdog answered for a search that had not (for ``debug``, tests).
        self.rescued = 0

    # --- output --------------------------------------------------------------------------

    def send(self, line: str) -> None:
        with self._out_lock:
            if self.closed:
                return
            try:
                self.out.write(line + "\n")
                self.out.flush()
                return
            except (OSError, ValueError):  # BrokenPipeError, or a closed file
                self.closed = True
        self._halt()
        if self.on_closed is not None:
            self.on_closed()

    def error(self, message: str) -> None:
        self.send(f"info string error: {message}")

    # --- input ---------------------------------------------------------------------------

    def run(self, stream: TextIO) -> int:
        """Read commands until ``quit``, the end of input or a closed output; returns 0. A line
        over :data:`MAX_INPUT_LINE` characters is dropped with one error line; one still going
        after 16 MB ends the input (``uai < /dev/zero`` reads in bounded pieces, then stops).

        Each line is handled with the time its input arrived: when the read waited, the moment
        it returned; when the line was there already, the arrival of the first line since the
        last wait (a GUI writes ``position ...`` and ``go ...`` together, and its clock runs
        while the engine sets up the position)."""
        switch = sys.getswitchinterval()
        sys.setswitchinterval(min(switch, SWITCH_INTERVAL))
        gc.freeze()  # the modules and tables loaded so far: no collection need scan them again
        lines = bounded_lines(stream, MAX_INPUT_LINE, self._too_long)
        arrived = time.perf_counter()
        try:
            while True:
                before = time.perf_counter()
                try:
                    line = next(lines, None)
                except EOFError as exc:  # /dev/zero: no lines will ever come
                    self.error(str(exc))
                    break
                after = time.perf_counter()
                if line is None:
                    break
                if after - before > READ_WAITED:
                    arrived = after
                if not self.handle(line, arrived):
                    break
        except KeyboardInterrupt:
            pass
        finally:
            sys.setswitchinterval(switch)
        self.quit()
        return 0

    def _too_long(self, shown: str) -> None:
        self.error(f"line too long (over {MAX_INPUT_LINE} characters), dropped: {shown}...")

    def handle(self, line: str, arrived: float | None = None) -> bool:
        """Follow one command line; False after ``quit`` (or once the output is closed).
        ``arrived``: when the line reached the engine (``time.perf_counter()``; now if not given)."""
        self._line_time = time.perf_counter() if arrived is None else min(arrived, time.perf_counter())
        tokens = line.split()
        if not tokens or self.closed:
            return not self.closed
        command, args = tokens[0], tokens[1:]
        if command == "quit":
            self.quit()
            return False
        try:
            handler = getattr(self, "cmd_" + command, None)
            if handler is None:
                raise UaiError(f"unknown command {command!r}")
            handler(args)
        except GameError as exc:
            self.error(str(exc).splitlines()[0])
        except Exception as exc:  # never let one line end the engine
            self.error(f"{command}: internal error: {type(exc).__name__}: {exc}")
        return not self.closed

    # --- jobs ----------------------------------------------------------------------------

    def _submit(self, job: Callable[[int], None]) -> None:
        with self._cond:
            if self._quit:
                return
            if len(self._queue) >= MAX_WAITING_JOBS:
                self._ignored += 1
                if self._ignored > 1:
                    return
                raise UaiError(
                    f"busy: {MAX_WAITING_JOBS} commands wait for the search; more are ignored "
                    "until they are done (send stop, or wait for bestmove)"
                )
            if self._ignored:  # room again: say how many were lost
                ignored, self._ignored = self._ignored, 0
                self.error(f"{ignored} command{'s' if ignored != 1 else ''} ignored while busy")
            self._issued += 1
            self._queue.append((self._issued, job))
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="uai-search", daemon=True)
                self._worker.start()
            self._cond.notify_all()

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._quit:
                    self._cond.wait()
                if not self._queue:
                    return
                seq, job = self._queue.popleft()
                self._running = seq
            try:
                job(seq)
            except Exception as exc:  # never leave the loop: later jobs still get answers
                self.error(f"internal error: {type(exc).__name__}: {exc}")
            finally:
                with self._cond:
                    self._running = None
                    self._cond.notify_all()
                self._tidy()

    def stop(self) -> None:
        """Stop every job read so far (a search then prints its best move); does not wait."""
        with self._cond:
            self._stopped = self._issued
            self._cond.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every job read so far has ended; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._queue and self._running is None, timeout)

    def _halt(self, drop: bool = True) -> None:
        """Stop every job and end the worker once the queue is empty; ``drop`` empties it."""
        with self._cond:
            self._quit = True
            if drop:
                self._queue.clear()
            self._stopped = self._issued
            self._cond.notify_all()

    def quit(self) -> None:
        """Stop everything and let the worker end (waited for briefly). Jobs still queued run
        stopped, which takes milliseconds: every ``go`` read gets its ``bestmove``."""
        self._halt(drop=False)
        worker = self._worker
        if worker is not None and worker is not threading.current_thread():
            worker.join(QUIT_GRACE)

    # --- commands ------------------------------------------------------------------------

    def cmd_uai(self, args: list[str]) -> None:
        self.send(f"id name {ENGINE_NAME}")
        self.send(f"id author {ENGINE_AUTHOR}")
        for line in OPTIONS:
            self.send(line)
        self.send("uaiok")

    def cmd_isready(self, args: list[str]) -> None:
        engine = self.ai.engine
        if isinstance(engine, CompiledEngine) and not engine.prefaulted:
            with self._cond:
                idle = self._running is None and not self._queue
            if idle:
                # What 'isready' is for: a new table made ready (every page written once, tens
                # of milliseconds for 128 MB) before the game's clock runs. As a job: the input
                # loop goes on reading meanwhile, and sees when the next line arrives.
                def ready(seq: int) -> None:
                    engine.prefault()
                    self.send("readyok")

                self._submit(ready)
                return
        self.send("readyok")

    def cmd_debug(self, args: list[str]) -> None:
        """UCI's ``debug on``/``off``: with it on, every timed answer is preceded by
        ``info string timing ...``: from the arrival of ``go`` to the answer, the time the
        search was given, and the margin kept back (the lateness bench reads it)."""
        if args and args[0].lower() in ("on", "off"):
            self.debug = args[0].lower() == "on"
        else:
            raise UaiError("debug needs on or off")

    def cmd_ponderhit(self, args: list[str]) -> None:
        """No pondering (``go ponder`` searches as a plain ``go``): nothing to do."""

    def cmd_uainewgame(self, args: list[str]) -> None:
        with self._cond:
            idle = self._running is None and not self._queue
        if idle and isinstance(self.ai.engine, CompiledEngine):
            # The compiled table empties at once and keeps its memory: no pages freed and
            # faulted in again on the next move's clock.
            self.ai.reset()
        else:
            # A fresh search object: a search still running keeps its own.
            self.ai = self._new_ai()
        self.state = self._start_state()
        self._position_args = ["startpos"]

    def cmd_setoption(self, args: list[str]) -> None:
        if not args or args[0].lower() != "name" or len(args) < 2:
            raise UaiError("setoption needs: setoption name <option> [value <value>]")
        words = args[1:]
        lowered = [w.lower() for w in words]
        if "value" in lowered:
            cut = lowered.index("value")
            name, value = " ".join(words[:cut]), " ".join(words[cut + 1 :])
        else:
            name, value = " ".join(words), ""
        key = name.lower()
        if key == "level":
            if value.lower() not in LEVEL_NAMES:
                raise UaiError(f"Level must be one of {', '.join(LEVEL_NAMES)}, got {value!r}")
            self.level = value.lower()
            self.ai = self._new_ai()
        elif key == "hash":
            self.hash_mb = self._spin("Hash", value, MIN_HASH_MB, MAX_HASH_MB)
            self.ai = self._new_ai()
        elif key == "moveoverhead":
            self.move_overhead_ms = self._spin("MoveOverhead", value, 0, MAX_MOVE_OVERHEAD_MS)
        elif key == "enginerules":
            if value.lower() not in ("true", "false"):
                raise UaiError(f"EngineRules must be true or false, got {value!r}")
            rules = value.lower() == "true"
            if rules != self.engine_rules:
                self.engine_rules = rules
                self.cmd_position(self._position_args)  # the same moves under the new rules
        else:
            known = ", ".join(line.split()[2] for line in OPTIONS)
            raise UaiError(f"unknown option {name!r} ignored (options: {known})")

    @staticmethod
    def _spin(name: str, value: str, low: int, high: int) -> int:
        try:
            number = int(value)
        except ValueError:
            raise UaiError(f"{name} needs a number, got {value!r}") from None
        if not low <= number <= high:
            raise UaiError(f"{name} must be from {low} to {high}, got {number}")
        return number

    def cmd_d(self, args: list[str]) -> None:
        self.send(f"info string fen {self.state.to_text()}")

    def cmd_position(self, args: list[str]) -> None:
        if not args:
            raise UaiError("position needs startpos or fen <fen>")
        if "moves" in args:
            cut = args.index("moves")
            head, moves = args[:cut], args[cut + 1 :]
        else:
            head, moves = args, []
        if not head:
            raise UaiError("position needs startpos or fen <fen> before 'moves'")
        if head[0] == "startpos":
            if len(head) > 1:
                raise UaiError(f"unexpected {head[1]!r} after startpos")
            state = self._start_state()
        elif head[0] == "fen":
            if len(head) < 2:
                raise UaiError("position fen needs a FEN")
            state = self._from_fen(" ".join(head[1:]))
        else:
            raise UaiError(f"position needs startpos or fen, got {head[0]!r}")
        self._position_args = list(args)
        for i, text in enumerate(moves):
            try:
                state = self._play(state, text)
            except GameError as exc:
                # As engines do: the moves before the bad one stand, the rest are dropped.
                self.state = state
                reason = str(exc).splitlines()[0]
                raise UaiError(
                    f"position: move {i + 1} of {len(moves)} ({text}) refused: {reason}; "
                    f"the position is the one after the {i} move{'s' if i != 1 else ''} before it"
                ) from None
        self.state = state

    def cmd_perft(self, args: list[str]) -> None:
        depth = _int(args, 0, "perft")
        state = self.state
        self._submit(lambda seq: self._perft(seq, state, depth))

    def cmd_go(self, args: list[str]) -> None:
        go = self._parse_go(args)
        read = self._line_time
        state, ai, level, overhead = self.state, self.ai, self.level, self.move_overhead_ms
        self._submit(lambda seq: self._go(seq, state, ai, level, overhead, go, read))

    def cmd_stop(self, args: list[str]) -> None:
        self.stop()

    # --- rules ---------------------------------------------------------------------------

    def _start_state(self) -> AtaxxState:
        return AtaxxState.start()

    def _from_fen(self, fen: str) -> AtaxxState:
        return AtaxxState.from_fen(fen)

    def _play(self, state: AtaxxState, text: str) -> AtaxxState:
        after = state.play(state.parse_move(text))
        if self.engine_rules:
            # Engine matches play without the threefold rule: the new state keeps no link to
            # the game before it, so no position can repeat. The halfmove clock goes on (the
            # match runner adjudicates with it); no length rule refuses a move here.
            after = AtaxxState(
                after.red, after.blue, after.gaps, after.to_move, after.halfmove, after.fullmove
            )
        return after

    def _new_ai(self) -> AtaxxSearch:
        ai = AtaxxSearch(self.level)
        # The compiled table is a fixed block that replaces entries in place. The Python one,
        # past tt_size after a move (or at a search's start), past twice that during a search,
        # is retired: an empty one takes its place at once, the old one is emptied a few
        # entries at a time (at the search's looks at the clock, and while the engine is idle).
        ai.engine.tt_size = max(tt_entries(self.hash_mb, ai.engine.entry_bytes), 1)
        return ai

    # --- search --------------------------------------------------------------------------

    def _parse_go(self, args: list[str]) -> _Go:
        go = _Go()
        values: dict[str, int] = {}
        i = 0
        while i < len(args):
            word = args[i]
            if word == "infinite":
                go.infinite = True
                i += 1
            elif word == "ponder":
                i += 1
            elif word in ("movetime", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes"):
                values[word] = _int(args, i + 1, word)
                i += 2
            elif word == "simulations":  # python-ataxx sends it with nodes, for MCTS engines
                values.setdefault("nodes", _int(args, i + 1, word))
                i += 2
            else:
                raise UaiError(f"go: unknown parameter {word!r}")
        if "depth" in values and values["depth"] < 1:
            raise UaiError("go depth must be at least 1")
        if go.infinite or not values:
            go.infinite = True
            return go
        go.depth = values.get("depth")
        go.nodes = values.get("nodes")
        if "movetime" in values:
            go.movetime = values["movetime"]
        else:
            # x (Red) moves first and is Black in UAI (libataxx, the match runners): btime.
            own, inc = ("btime", "binc") if self.state.to_move == RED else ("wtime", "winc")
            if own in values:
                go.clock = (values[own], values.get(inc, 0), values.get("movestogo"))
        return go

    @staticmethod
    def budget(
        remaining_ms: int,
        inc_ms: int,
        moves_to_go: int | None,
        overhead_ms: float = DEFAULT_MOVE_OVERHEAD_MS,
    ) -> float:
        """Seconds for this move: a share of the remaining time plus most of the increment,
        never more than half of what is left, less the move overhead; never more than the
        remaining time less the overhead (nothing at all when that is gone).

        >>> UaiEngine.budget(60_000, 0, None)  # 60 s left: 2 s, less the reply overhead
        1.992
        >>> UaiEngine.budget(1_000, 1_000, None, overhead_ms=30)
        0.47
        >>> UaiEngine.budget(8, 0, None)  # 8 ms left, 8 ms overhead: answer at once
        0.0
        """
        share = remaining_ms / (moves_to_go if moves_to_go else 30) + 0.75 * inc_ms
        ms = min(share, remaining_ms / 2) - overhead_ms
        # A few ms to search even when the overhead eats the share, if the clock has them.
        floor = min(5.0, max(remaining_ms / 2 - overhead_ms, 0.0))
        return math.floor(max(ms, floor)) / 1000  # whole ms, rounded down

    def margin_ms(self, overhead_ms: float, limit_ms: float) -> float:
        """What a timed search keeps back of ``limit_ms``: the move overhead and what the engine
        learned of the machine (recent lateness past the deadline, the longest recent stall),
        the learned part at most half of the limit (a freak stall must not cost many moves
        their search); and at least enough to end before the watchdog is due.

        >>> import io
        >>> engine = UaiEngine(io.StringIO())
        >>> engine.late_ms, engine.stall_ms = 2.0, 30.0
        >>> engine.margin_ms(8, 200), engine.margin_ms(8, 40)
        (48.0, 28.0)
        """
        learned = overhead_ms + min(self.late_ms + self.stall_ms, limit_ms / 2)
        # The search ends before the watchdog is due: it answers only for a search held up.
        gap = min(WATCHDOG_GAP_MS, WATCHDOG_SHARE * limit_ms)
        return max(learned, self.watchdog_keep_ms(overhead_ms, limit_ms) + gap)

    def watchdog_keep_ms(self, overhead_ms: float, limit_ms: float) -> float:
        """How long before the GUI's limit the watchdog answers for a search that has not:
        the move overhead, and the most of how late it woke recently and a tenth of the limit
        (at most half the limit)."""
        return min(overhead_ms + max(self.wake_ms, WATCHDOG_SHARE * limit_ms), limit_ms / 2)

    def _times(self, go: _Go, level: str, overhead_ms: int) -> tuple[float | None, float | None]:
        """(seconds the search gets, seconds to the GUI's limit), both None when untimed."""
        seconds: float | None = None
        limit: float | None = None
        if go.movetime is not None:
            seconds = max(go.movetime - self.margin_ms(overhead_ms, go.movetime), 1) / 1000
            limit = go.movetime / 1000
        elif go.clock is not None:
            allotment = self.budget(*go.clock, overhead_ms=0) * 1000
            seconds = self.budget(*go.clock, overhead_ms=self.margin_ms(overhead_ms, allotment))
            limit = allotment / 1000
        cap = LEVEL_TIME_CAP[level]
        if cap is not None:
            seconds = cap if seconds is None else min(seconds, cap)
        return seconds, limit

    def _go(
        self,
        seq: int,
        state: AtaxxState,
        ai: AtaxxSearch,
        level: str,
        overhead_ms: int,
        go: _Go,
        read: float,
    ) -> None:
        # The clock runs from the moment 'go' arrived, as the GUI's does: a job still running
        # then (a search being stopped) costs this one its time.
        clock = read
        seconds, limit = self._times(go, level, overhead_ms)
        deadline = None if seconds is None else clock + seconds
        engine = ai.engine
        known_stall = self.stall_ms / 1000
        reply = _Reply(first_choice(state))

        def stop() -> bool:
            # A stall longer than the recent ones, seen in this very search (the machine got
            # busier), is kept back at once too.
            if self._stopped >= seq or reply.sent:
                return True
            if deadline is None:
                return False
            return time.perf_counter() + max(engine.stall - known_stall, 0.0) >= deadline

        def timing(who: str) -> list[str]:
            if not self.debug or deadline is None:
                return []
            return [
                f"info string timing arrival-to-answer {(time.perf_counter() - clock) * 1000:.1f} ms"
                f" searched-for {(seconds or 0.0) * 1000:.1f} ms stall {engine.stall * 1000:.1f} ms by {who}"
            ]

        # (What the engine's last search proved is not this one's: the watchdog reads these.)
        engine._partial_best, engine._partial_depth = None, 0
        watchdog = None
        if limit is not None and not go.infinite:
            watchdog = self._watchdog(
                reply, clock + limit, overhead_ms, limit, engine, lambda: timing("watchdog")
            )
        # No garbage collection during the search (a full one takes 20-60 ms on a busy
        # machine): what exists now is frozen (never scanned again), and the collector is off
        # until the answer is out. The search makes no reference cycles to collect.
        gc.freeze()
        gc.disable()
        try:
            move = self._best_move(state, ai, level, go, stop, reply)
            if go.infinite:
                # UAI: after 'go infinite' the best move waits for 'stop', even when the search ended.
                with self._cond:
                    self._cond.wait_for(lambda: self._stopped >= seq or self._quit)
            reply.answer(self.send, lambda: timing("search"), move)
        finally:
            if watchdog is not None:
                watchdog.cancel()
            gc.freeze()
            gc.enable()
        if deadline is not None and reply.sent_at is not None:
            late = (reply.sent_at - deadline) * 1000
            self.late_ms = max(late, self.late_ms * LATE_DECAY)
            self.wake_ms *= STALL_DECAY
        self.stall_ms = max(engine.stall * 1000, self.stall_ms * STALL_DECAY)
        # A full table is swapped for an empty one now (no time), and emptied while idle.
        if len(engine.tt) > engine.tt_size:
            engine.retire()

    def _watchdog(
        self, reply: _Reply, limit_at: float, overhead_ms: int, limit: float, engine, lines
    ) -> threading.Timer:
        """A timer that answers for the search a little before the GUI's limit if it has not
        answered by then: with the deepest finished iteration's move, or the move the unfinished
        one already proved better, or the greedy move. The search runs without the GIL in the
        compiled engine (and gives it up every millisecond in Python), so a search held up by a
        stall, a slow first move or anything else does not hold up the answer: the watchdog's
        thread sleeps until then and wakes on its own."""
        keep_ms = self.watchdog_keep_ms(overhead_ms, limit * 1000)
        due = limit_at - keep_ms / 1000

        def rescue() -> None:
            woke = time.perf_counter()
            move = reply.best
            partial = engine._partial_best
            if partial is not None and engine._partial_depth > reply.depth:
                move = move_text(partial)
            if reply.answer(self.send, lines, move):
                self.rescued += 1
                self.wake_ms = max((woke - due) * 1000, self.wake_ms)

        timer = threading.Timer(max(due - time.perf_counter(), 0.0), rescue)
        timer.daemon = True
        timer.start()
        return timer

    def _tidy(self) -> None:
        """Between jobs: empty retired tables a step at a time, until a job is read."""
        engine = self.ai.engine
        while engine.draining and not self._queue and not self._quit:
            engine.drain()

    def _best_move(self, state: AtaxxState, ai: AtaxxSearch, level: str, go: _Go, stop, reply: _Reply) -> str:
        if state.outcome is not None:
            self.send(f"info string game over: {state.outcome.reason}")
            return "0000"
        if self.engine_rules and state.halfmove >= 100:
            self.send("info string note: 100 half-moves without a clone (the match runner adjudicates)")
        limit = Limit(depth=min(go.depth or MAX_DEPTH, MAX_DEPTH), nodes=go.nodes)

        def report(result: Result) -> None:
            if reply.sent:
                return  # the watchdog answered: the job is over for the GUI
            reply.best, reply.depth = move_text(result.move), result.depth
            nps = int(result.nodes / result.seconds) if result.seconds > 0 else 0
            pv = " ".join(move_text(m) for m in result.pv)
            self.send(
                f"info depth {result.depth} score {score_text(result.score)} "
                f"time {int(result.seconds * 1000)} nodes {result.nodes} nps {nps} pv {pv}"
            )

        try:
            if LEVELS[level].margin > 0:
                # The easy level picks among near-best moves, as in the arcade.
                move = ai.choose(state, limit, self.rng, stop=stop).text()
                info = ai.info
                if reply.sent:
                    return move
                self.send(
                    f"info depth {info['depth']} score {score_text(info['score'])} "
                    f"time {int(info['time'] * 1000)} nodes {info['nodes']} nps {info['nps']} pv {info['pv']}"
                )
                return move
            return move_text(ai.search(state, limit, stop=stop, on_iteration=report).move)
        except Exception as exc:  # never leave a GUI waiting for bestmove
            self.error(f"search failed: {type(exc).__name__}: {exc}")
            moves = state.legal_moves()
            return moves[0].text() if moves else "0000"

    def _perft(self, seq: int, state: AtaxxState, depth: int) -> None:
        total = 1
        start = time.perf_counter()
        d = 0
        try:
            for d in range(1, depth + 1):
                total = perft_stoppable(state, d, lambda: self._stopped >= seq)
                ms = int((time.perf_counter() - start) * 1000)
                nps = int(total * 1000 / ms) if ms else 0
                self.send(f"info depth {d} nodes {total} time {ms} nps {nps}")
        except PerftStopped:
            self.send(f"info string perft {depth} stopped during depth {d}")
            return
        self.send(f"nodes {total}")


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the engine on the process's stdin and stdout."""
    return UaiEngine(stdout or sys.stdout).run(stdin or sys.stdin)
