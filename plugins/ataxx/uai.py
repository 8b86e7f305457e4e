"""A Universal Ataxx Interface (UAI) engine: Tafel's Ataxx AI for engine tournaments and GUIs.

UAI is UCI for Ataxx: line-based commands on stdin, replies on stdout, every line flushed.

    uai                                  -> id name Tafel / id author ... / uaiok
    isready                              -> readyok
    uainewgame
    position startpos [moves f1 a7c5 ...]
    position fen <fen> [moves ...]
    go movetime N | wtime N btime N [winc N binc N movestogo N] | depth N | nodes N | infinite
                                         -> info depth .. score cp .. nodes .. nps .. pv ..
                                         -> bestmove <move>
    stop / quit / perft N / d (the position as FEN)

Bad input gives one ``info string error: ...`` line and the engine keeps running. The search
runs in a thread so ``stop`` (and ``isready``) are answered while it thinks.

>>> import io
>>> out = io.StringIO()
>>> engine = UaiEngine(out)
>>> for line in ["uai", "position startpos moves g2", "go depth 2", "quit"]:
...     _ = engine.handle(line)
>>> text = out.getvalue().splitlines()
>>> text[0], text[2], text[-1].startswith("bestmove ")
('id name Tafel', 'uaiok', True)
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

from tafel import GameError, Limit

from .ai import AtaxxSearch
from .rules import RED, AtaxxState, perft
from .search import MAX_PLY, WIN, Result, move_text

ENGINE_NAME = "Tafel"
ENGINE_AUTHOR = "Tafel developers"
#: Kept back from every timed search for the reply to get out (ms).
MOVE_OVERHEAD_MS = 30


class UaiError(GameError):
    """A command the engine cannot follow; reported as ``info string error: ...``."""


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
    return value


class UaiEngine:
    """The UAI protocol over a text stream; :meth:`handle` takes one input line at a time."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self.ai = AtaxxSearch("hard")
        self.state = AtaxxState.start()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._infinite = False

    # --- output --------------------------------------------------------------------------

    def send(self, line: str) -> None:
        with self._lock:
            self.out.write(line + "\n")
            self.out.flush()

    def error(self, message: str) -> None:
        self.send(f"info string error: {message}")

    # --- input ---------------------------------------------------------------------------

    def run(self, stream: TextIO) -> int:
        """Read commands until ``quit`` or end of input; returns the exit code (0)."""
        for line in stream:
            if not self.handle(line):
                break
        self.stop()  # end of input ends a search too, 'go infinite' included
        return 0

    def handle(self, line: str) -> bool:
        """Follow one command line; False after ``quit``."""
        tokens = line.split()
        if not tokens:
            return True
        command, args = tokens[0], tokens[1:]
        try:
            if command == "quit":
                self.stop()
                return False
            handler = getattr(self, "cmd_" + command, None)
            if handler is None:
                raise UaiError(f"unknown command {command!r}")
            handler(args)
        except GameError as exc:
            self.error(str(exc).splitlines()[0])
        return True

    # --- commands ------------------------------------------------------------------------

    def cmd_uai(self, args: list[str]) -> None:
        self.send(f"id name {ENGINE_NAME}")
        self.send(f"id author {ENGINE_AUTHOR}")
        self.send("uaiok")

    def cmd_isready(self, args: list[str]) -> None:
        self.send("readyok")

    def cmd_uainewgame(self, args: list[str]) -> None:
        self._idle("uainewgame")
        self.state = AtaxxState.start()
        self.ai.reset()

    def cmd_setoption(self, args: list[str]) -> None:
        """No options yet; accepted and ignored, as UAI asks for unknown ones."""

    def cmd_d(self, args: list[str]) -> None:
        self.send(f"info string fen {self.state.to_text()}")

    def cmd_position(self, args: list[str]) -> None:
        self._idle("position")
        if not args:
            raise UaiError("position needs startpos or fen <fen>")
        if "moves" in args:
            cut = args.index("moves")
            head, moves = args[:cut], args[cut + 1 :]
        else:
            head, moves = args, []
        if head[0] == "startpos":
            if len(head) > 1:
                raise UaiError(f"unexpected {head[1]!r} after startpos")
            state = AtaxxState.start()
        elif head[0] == "fen":
            if len(head) < 2:
                raise UaiError("position fen needs a FEN")
            state = AtaxxState.from_fen(" ".join(head[1:]))
        else:
            raise UaiError(f"position needs startpos or fen, got {head[0]!r}")
        for text in moves:
            state = state.play(state.parse_move(text))
        self.state = state

    def cmd_perft(self, args: list[str]) -> None:
        self._idle("perft")
        depth = _int(args, 0, "perft")
        total = 0
        start = time.perf_counter()
        for d in range(1, depth + 1):
            total = perft(self.state, d)
            ms = int((time.perf_counter() - start) * 1000)
            nps = int(total * 1000 / ms) if ms else 0
            self.send(f"info depth {d} nodes {total} time {ms} nps {nps}")
        self.send(f"nodes {total if depth else 1}")

    def cmd_go(self, args: list[str]) -> None:
        self._idle("go")
        limit, infinite = self._limit(args)
        state = self.state
        if state.outcome is not None:
            # Tournament managers may not count repetitions: when only that ends the game
            # here, play on from the bare position rather than answer with no move.
            fresh = AtaxxState.from_fen(state.to_text())
            if fresh.outcome is not None:
                self.send(f"info string game over: {state.outcome.reason}")
                self.send("bestmove 0000")
                return
            self.send(f"info string note: {state.outcome.reason}; searching on")
            state = fresh
        self._stop.clear()
        self._infinite = infinite
        self._thread = threading.Thread(target=self._search, args=(state, limit, infinite), daemon=True)
        self._thread.start()

    def cmd_stop(self, args: list[str]) -> None:
        self.stop()

    # --- search --------------------------------------------------------------------------

    def _limit(self, args: list[str]) -> tuple[Limit, bool]:
        values: dict[str, int] = {}
        infinite = False
        i = 0
        while i < len(args):
            word = args[i]
            if word == "infinite":
                infinite = True
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
        if infinite or not values:
            return Limit(), True
        depth = values.get("depth")
        if depth is not None and depth < 1:
            raise UaiError("go depth must be at least 1")
        seconds = None
        if "movetime" in values:
            seconds = max(values["movetime"] - MOVE_OVERHEAD_MS, 1) / 1000
        else:
            own, inc = ("wtime", "winc") if self.state.to_move == RED else ("btime", "binc")
            if own in values:
                seconds = self.budget(values[own], values.get(inc, 0), values.get("movestogo"))
        return Limit(time=seconds, depth=depth, nodes=values.get("nodes")), False

    @staticmethod
    def budget(remaining_ms: int, inc_ms: int, moves_to_go: int | None) -> float:
        """Seconds for this move: a share of the remaining time plus most of the increment,
        never more than half of what is left.

        >>> UaiEngine.budget(60_000, 0, None)  # 60 s left: 2 s, less the reply overhead
        1.97
        >>> UaiEngine.budget(1_000, 1_000, None)
        0.47
        """
        share = remaining_ms / (moves_to_go if moves_to_go else 30) + 0.75 * inc_ms
        cap = remaining_ms / 2
        ms = min(share, cap) - MOVE_OVERHEAD_MS
        return round(max(ms, 5) / 1000, 3)

    def _search(self, state: AtaxxState, limit: Limit, infinite: bool) -> None:
        def report(result: Result) -> None:
            nps = int(result.nodes / result.seconds) if result.seconds > 0 else 0
            pv = " ".join(move_text(m) for m in result.pv)
            self.send(
                f"info depth {result.depth} score {score_text(result.score)} "
                f"time {int(result.seconds * 1000)} nodes {result.nodes} nps {nps} pv {pv}"
            )

        try:
            result = self.ai.search(state, limit, stop=self._stop.is_set, on_iteration=report)
            move = move_text(result.move)
        except Exception as exc:  # never leave a GUI waiting for bestmove
            self.error(f"search failed: {exc}")
            move = state.legal_moves()[0].text() if state.legal_moves() else "0000"
        if infinite:
            # UAI: after 'go infinite' the best move waits for 'stop', even when the search ended.
            self._stop.wait()
        self.send(f"bestmove {move}")

    def stop(self) -> None:
        """End a running search (its best move is printed) and wait for it."""
        self._stop.set()
        self.wait()

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _idle(self, command: str) -> None:
        """Let a finite search finish first (its bestmove comes out); refuse during 'go infinite'."""
        if self._thread is not None and self._thread.is_alive() and self._infinite:
            raise UaiError(f"{command} during 'go infinite' (send stop first)")
        self.wait()


def main(stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the engine on the process's stdin and stdout."""
    return UaiEngine(stdout or sys.stdout).run(stdin or sys.stdin)
