"""One external engine as a subprocess, spoken to line by line, that a hostile engine cannot beat.

:class:`EngineProcess` runs the engine in a process group of its own. Its output is read
without blocking and only when a line is wanted, each read bounded in time (the deadline is
checked on every line, a flood is read at :data:`FLOOD_RATE` lines a second) and in length (a
line over :data:`MAX_LINE` makes the engine broken: the line is dropped, one message says so);
no thread ever waits on a pipe that a stray child holds. Writing to an engine that does not
read its input times out. Closing sends ``quit`` and ends its input, then SIGTERM and SIGKILL go
to the whole group (children that kept the pipes included); engines still running when Tafel
exits are killed with their groups. No line by the deadline is a hang, the end of the output or
the engine's exit a crash (both :class:`EngineFailure`, one short line with the last line the
engine wrote on stderr); what an engine wrote is quoted through :func:`shorten`, so a 10 MB
``bestmove`` is never echoed.

The engines' list and their settings are :mod:`tafel.engines`; the seats they play,
:mod:`tafel.engine_router` (a thread each: nothing here runs on the frame loop's time).

>>> shorten("bestmove  f2"), flood_text(12000)
('bestmove f2', ' (it wrote 12000 lines)')
"""

from __future__ import annotations

import atexit
import collections
import os
import queue
import select
import selectors
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping
from typing import Protocol

from tafel.engine_protocol import EngineOption, EngineProtocol, setoption_command
from tafel.i18n import _
from tafel.quoting import printable


class EngineConfig(Protocol):
    """What starting an engine reads of its configuration (:class:`tafel.engines.EngineConfig`,
    which sits a layer above and is described here instead of imported)."""

    @property
    def path(self) -> str: ...

    @property
    def values(self) -> Mapping[str, str]: ...

    def command(self) -> list[str]: ...


#: Seconds an engine has to answer its hello (``uaiok``) and ``isready``.
HANDSHAKE_TIMEOUT = 10.0
#: Seconds a stopped or quitting engine gets before it is killed.
QUIT_GRACE = 1.0


class EngineFailure(Exception):
    """An engine failed: ``kind`` is "crash" (would not start, stopped, broke the protocol) or
    "hang" (no answer in time); the message is one line for the screen."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


#: Bytes a line of an engine may have; a longer one is dropped and the engine counts as broken.
MAX_LINE = 64 * 1024
#: Lines a second an engine's output is read at, at most: a flood is read slowly, so it costs
#: the frame loop nothing (bench/engine_flood_frames.py), and the deadline ends it.
FLOOD_RATE = 1000
#: Lines read at once before the rate holds (an engine's hello, a burst of ``info`` lines), and
#: the pause when it does: short, so the reading thread holds Python's lock only briefly.
FLOOD_BURST = 100
_FLOOD_PAUSE = 0.01
#: Characters of what an engine wrote that a message quotes (its last stderr line, a move).
QUOTE = 120
#: Seconds a line sent to the engine may wait for the engine to read its input.
SEND_TIMEOUT = 5.0
#: Seconds between SIGTERM and SIGKILL for an engine that did not quit.
TERM_GRACE = 0.3
_CHUNK = 64 * 1024
_POSIX = os.name == "posix"
#: SIGKILL where there is one (not on Windows, where a kill is TerminateProcess).
_SIGKILL = getattr(signal, "SIGKILL", signal.SIGTERM)


def shorten(text: str, limit: int = QUOTE) -> str:
    """``text`` on one line, cut to ``limit`` characters saying how long it was (an engine's
    10 MB ``bestmove`` is never echoed whole).

    Characters a terminal would obey (an escape sequence, a bell) are shown as escapes: what an
    engine writes is quoted to the player, never let loose on their terminal.

    >>> shorten("bestmove  f2"), shorten("x" * 200, 10), shorten("\\x1b[2Jbye\\a")
    ('bestmove f2', 'xxxxxxxxxx... (200 characters)', '\\\\x1b[2Jbye\\\\x07')
    """
    flat = " ".join(text[: 4 * limit].split())  # line breaks and tabs: one space
    flat = printable(flat)
    if len(text) <= 4 * limit and len(flat) <= limit:
        return flat
    return f"{flat[:limit]}... ({len(text)} characters)"


class _Stream:
    """One pipe from the engine, read without blocking: whole lines, none longer than ``limit``.

    ``keep_long``: a longer line is cut (stderr) instead of marking the engine broken (stdout).
    """

    def __init__(self, fd: int, limit: int, keep_long: bool) -> None:
        self.fd = fd
        self.limit = limit
        self.keep_long = keep_long
        self.partial = bytearray()
        self.skipping = False  # inside a line already over the limit: drop up to its end
        self.lines: collections.deque[str | None] = collections.deque()  # None: a line too long
        self.eof = False

    def take(self, data: bytes) -> None:
        if not data:
            self.eof = True
            return
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            piece = data[start : len(data) if end < 0 else end]
            start = len(data) if end < 0 else end + 1
            if not self.skipping:
                room = self.limit - len(self.partial)
                if len(piece) > room:
                    self.partial += piece[:room]
                    self.skipping = True
                    if not self.keep_long:
                        self.lines.append(None)
                else:
                    self.partial += piece
            if end >= 0:
                if self.keep_long or not self.skipping:
                    self.lines.append(bytes(self.partial).decode("utf-8", "replace").rstrip("\r"))
                self.partial.clear()
                self.skipping = False


class EngineProcess:
    """One engine program as a subprocess; lines in and out, never waiting past a deadline.

    The engine runs in a session (process group) of its own, so closing it ends its children
    too, even one that kept the pipes. Its output is read here, without blocking, only when a
    line is asked for: no thread waits on a pipe that a stray child holds, a line longer than
    :data:`MAX_LINE` makes the engine broken (one message, the rest of the line is dropped), a
    flood is read at :data:`FLOOD_RATE` lines a second, and every line is checked against the
    deadline. stderr keeps its last 20 lines, each cut to :data:`QUOTE` characters.
    """

    def __init__(self, config: EngineConfig, protocol: EngineProtocol) -> None:
        self.config = config
        self.protocol = protocol
        self.stderr: collections.deque[str] = collections.deque(maxlen=20)
        self.id_name = ""
        self.options: list[EngineOption] = []
        self.closed = False
        #: Lines read since the last line sent (a flood says so in its failure).
        self.lines_since_send = 0
        self._tokens = float(FLOOD_BURST)
        self._refilled = time.monotonic()
        self._reaped = False
        self._posix = _POSIX
        try:
            self.proc = subprocess.Popen(
                config.command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                bufsize=0,
                start_new_session=self._posix,  # its own process group: closing kills its children too
                cwd=os.path.dirname(os.path.abspath(config.path)) if os.path.isfile(config.path) else None,
            )
        except (OSError, ValueError) as exc:
            cannot = _("cannot start {path}: {reason}").format(path=shorten(config.path), reason=_reason(exc))
            raise EngineFailure("crash", cannot) from None
        assert self.proc.stdin is not None and self.proc.stdout is not None and self.proc.stderr is not None
        self._in = self.proc.stdin.fileno()
        self.out = _Stream(self.proc.stdout.fileno(), MAX_LINE, keep_long=False)
        self.err = _Stream(self.proc.stderr.fileno(), QUOTE, keep_long=True)
        self._selector: selectors.BaseSelector | None = None
        self._chunks: queue.Queue[tuple[_Stream, bytes]] = queue.Queue(maxsize=16)
        if self._posix:
            for fd in (self._in, self.out.fd, self.err.fd):
                os.set_blocking(fd, False)
            self._selector = selectors.DefaultSelector()
            self._selector.register(self.out.fd, selectors.EVENT_READ, self.out)
            self._selector.register(self.err.fd, selectors.EVENT_READ, self.err)
        else:
            # Windows has no select() on pipes: a thread for each pipe hands its chunks over (at
            # most 16 waiting), and the engine alone is killed on close, not its children.
            for stream in (self.out, self.err):
                threading.Thread(target=self._pump, args=(stream,), daemon=True, name="engine-pipe").start()
        _LIVE.add(self)

    # --- reading --------------------------------------------------------------------------

    def _fill(self, timeout: float) -> bool:
        """Read what the engine wrote within ``timeout`` seconds; True when anything came."""
        got = False
        if self._selector is None:
            try:
                stream, data = self._chunks.get(timeout=timeout) if timeout > 0 else self._chunks.get_nowait()
            except queue.Empty:
                return False
            stream.take(data)
            got = True
        else:
            try:
                ready = self._selector.select(max(timeout, 0.0))
            except (OSError, ValueError):
                return False
            for key, _events in ready:
                got = self._read_ready(key.data) or got
        while self.err.lines:
            line = self.err.lines.popleft()
            if line and line.strip():
                self.stderr.append(shorten(line))
        return got

    def _read_ready(self, stream: _Stream) -> bool:
        assert self._selector is not None
        try:
            data = os.read(stream.fd, _CHUNK)
        except BlockingIOError:
            return False
        except OSError:
            data = b""
        stream.take(data)
        if stream.eof:
            self._selector.unregister(stream.fd)
        return True

    def _pump(self, stream: _Stream) -> None:
        """Without select(): read one pipe and hand its chunks over, until its end or close."""
        while not self.closed:
            try:
                data = os.read(stream.fd, _CHUNK)
            except (OSError, ValueError):
                data = b""
            while not self.closed:
                try:
                    self._chunks.put((stream, data), timeout=0.1)
                    break
                except queue.Full:
                    continue
            if not data:
                return

    def exited(self) -> bool:
        """Whether the engine's own process ended (not reaped, so its group id stays its own)."""
        if self._reaped:
            return True
        try:
            return os.waitid(os.P_PID, self.proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True
        except (AttributeError, OSError):
            return self.proc.poll() is not None

    def read(self, deadline: float) -> str:
        """The next line; EngineFailure("hang") at ``deadline`` (time.monotonic, checked on
        every line), "crash" at the end of the output, when the engine stopped, or after a line
        over :data:`MAX_LINE`."""
        while True:
            if self.out.lines:
                line = self.out.lines.popleft()
                if line is None:
                    self.out.lines.appendleft(None)  # every later read sees it too
                    too_long = _("the engine wrote a line over {size} KB (dropped): it is broken")
                    raise EngineFailure("crash", too_long.format(size=MAX_LINE // 1024))
                self._throttle(deadline)
                self.lines_since_send += 1
                return line
            if self.out.eof or self.closed:
                raise self.crashed()
            wait = deadline - time.monotonic()
            if wait <= 0:
                raise self._hang()
            if not self._fill(min(wait, 0.1)) and self.exited():
                self._fill(0.0)  # what it wrote last
                if not self.out.lines:
                    raise self.crashed()

    def _hang(self) -> EngineFailure:
        return EngineFailure(
            "hang", _("the engine did not answer in time") + flood_text(self.lines_since_send)
        )

    def _throttle(self, deadline: float) -> None:
        """Hold a flood to :data:`FLOOD_RATE` lines a second; past ``deadline``, a hang."""
        now = time.monotonic()
        self._tokens = min(float(FLOOD_BURST), self._tokens + (now - self._refilled) * FLOOD_RATE)
        self._refilled = now
        if self._tokens < 1:
            pause = _FLOOD_PAUSE
            if now + pause >= deadline:
                raise self._hang()
            time.sleep(pause)
            self._tokens += pause * FLOOD_RATE
            self._refilled = time.monotonic()
        if now >= deadline:
            raise self._hang()
        self._tokens -= 1

    def crashed(self) -> EngineFailure:
        """The failure of an engine whose output ended or that stopped."""
        end = time.monotonic() + QUIT_GRACE
        while not self.exited() and time.monotonic() < end:
            self._fill(0.02)
        code = self.proc.returncode if self._reaped else None
        if self.exited() and not self._reaped:
            self._fill(0.0)
            self._kill_group()
            code = self._reap()
        self.closed = True
        said = f": {self.stderr[-1]}" if self.stderr else ""
        how = _("exit code {code}").format(code=code) if code is not None else _("its output closed")
        return EngineFailure("crash", _("the engine stopped ({how})").format(how=how) + said)

    # --- writing --------------------------------------------------------------------------

    def send(self, line: str, timeout: float = SEND_TIMEOUT) -> None:
        """Write one line; "hang" when the engine does not read it within ``timeout``."""
        if self.closed:
            raise EngineFailure("crash", _("the engine is not running"))
        data = (line + "\n").encode("utf-8", "replace")
        deadline = time.monotonic() + timeout
        while data:
            try:
                written = os.write(self._in, data)
            except BlockingIOError:
                written = 0
            except OSError:  # a broken pipe: it stopped
                raise self.crashed() from None
            data = data[written:]
            if data:
                if time.monotonic() >= deadline:
                    raise EngineFailure("hang", _("the engine does not read its input"))
                if self._posix:
                    select.select([], [self._in], [], 0.05)
        self.lines_since_send = 0

    # --- the conversation ---------------------------------------------------------------------

    def handshake(self, timeout: float = HANDSHAKE_TIMEOUT) -> None:
        """The hello (id and options up to ``uaiok``), the player's option values, ``isready``."""
        deadline = time.monotonic() + timeout
        try:
            self.send(self.protocol.hello)
            while True:
                line = self.read(deadline)
                if line.strip() == self.protocol.hello_ok:
                    break
                if line.startswith("id name "):
                    self.id_name = shorten(line[len("id name ") :].strip(), 60)
                option = EngineOption.parse(line) if len(line) <= MAX_OPTION_LINE else None
                if option is not None and len(self.options) < MAX_OPTIONS:
                    self.options.append(option)
            known = {o.name.lower() for o in self.options}
            for name, value in self.config.values.items():
                if name.lower() in known:
                    self.send(setoption_command(name, value))
            self.ready(deadline)
        except EngineFailure as exc:
            if exc.kind == "hang":
                self.kill()
                raise EngineFailure(
                    "hang",
                    _("no {answer} within {seconds} s").format(
                        answer=self.protocol.hello_ok, seconds=f"{timeout:g}"
                    )
                    + flood_text(self.lines_since_send),
                ) from None
            raise

    def ready(self, deadline: float) -> None:
        self.send("isready")
        while self.read(deadline).strip() != "readyok":
            pass

    # --- ending ---------------------------------------------------------------------------

    def _kill_group(self, sig: int = _SIGKILL) -> None:
        """Signal the engine's process group (its children too); quiet when it is gone. (Without
        process groups, Windows: the engine alone, killed.)"""
        if self._reaped:
            return
        try:
            if not self._posix:
                self.proc.kill()
                return
            os.killpg(self.proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        except OSError:
            pass

    def _reap(self) -> int | None:
        try:
            code = self.proc.wait(QUIT_GRACE)
        except subprocess.TimeoutExpired:
            return None
        self._reaped = True
        return code

    def _release(self) -> None:
        self.closed = True
        try:
            if self._selector is not None:
                self._selector.close()
        except (OSError, ValueError):
            pass
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass
        _LIVE.discard(self)

    def close(self) -> None:
        """``quit`` and the end of its input; SIGTERM then SIGKILL to its whole process group
        after a short grace (children holding the pipes included). Never blocks for long."""
        if self._reaped and self.closed:
            return
        if not self.closed:
            try:
                os.write(self._in, b"quit\n")
            except OSError:
                pass
        try:
            self.proc.stdin.close()  # type: ignore[union-attr]  # the end of its input
        except (OSError, ValueError):
            pass
        end = time.monotonic() + QUIT_GRACE
        while not self.exited() and time.monotonic() < end:
            time.sleep(0.01)
        if not self.exited():
            self._kill_group(signal.SIGTERM)
            end = time.monotonic() + TERM_GRACE
            while not self.exited() and time.monotonic() < end:
                time.sleep(0.01)
        self._kill_group()  # whatever is left of the group, the engine's children included
        self._reap()
        self._release()

    def kill(self) -> None:
        """End the engine and its children at once."""
        self._kill_group()
        self._reap()
        self._release()


def flood_text(lines: int) -> str:
    """`` (it wrote 12000 lines)`` after a hang's message when the engine flooded, else ""."""
    return " " + _("(it wrote {n} lines)").format(n=lines) if lines > 1000 else ""


def _reason(exc: BaseException) -> str:
    return shorten(getattr(exc, "strerror", None) or str(exc) or type(exc).__name__)


#: Options kept from an engine's hello at most, and the longest option line read.
MAX_OPTIONS = 200
MAX_OPTION_LINE = 1000

#: Engine processes not closed yet: killed with their groups when Tafel exits, whatever the
#: threads that drive them are doing.
_LIVE: weakref.WeakSet[EngineProcess] = weakref.WeakSet()


@atexit.register
def _kill_all() -> None:
    for process in list(_LIVE):
        process._kill_group()
