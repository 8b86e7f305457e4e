"""The command line's own output: stdout and stderr that fail as the OS's fault, not a plugin's,
and text every terminal can show.

While a command runs, :func:`guarded_streams` puts a guard round ``sys.stdout`` and
``sys.stderr``: a write or flush that fails (a full disk, ``> /dev/full``, a closed pipe) raises
:class:`OutputError`, a :class:`tafel.commands.CommandError`, which a plugin's guard lets
through as it is, so the failure is never "plugin GAME failed". The command ends with one
``error:`` line on stderr (when stderr can still take it) and its exit code, and the failed
stream is pointed at the null device, so the interpreter's exit does not fail over the same
bytes again.

A character the terminal's encoding cannot show (``PYTHONIOENCODING=ascii``, a Latin-1
terminal) is written as a readable stand-in: German letters spelled out (``ä`` as ``ae``),
dashes and quotes as ASCII, a file name's undecodable bytes as ``\\xff``, anything else as
``?``.

>>> "Größe · Zug".encode("ascii", errors=FALLBACK)
b'Groesse - Zug'
>>> "\\udcff.png".encode("utf-8", errors=FALLBACK)
b'\\\\xff.png'
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any, Protocol, TextIO

from tafel.commands import CommandError
from tafel.plugins import PluginFailure

#: The name of the codec error handler that writes stand-ins (registered on import).
FALLBACK = "tafel-fallback"

_STAND_INS = {
    "ä": "ae",
    "ö": "oe",
    "ü": "ue",
    "Ä": "Ae",
    "Ö": "Oe",
    "Ü": "Ue",
    "ß": "ss",
    "·": "-",
    "•": "*",
    "…": "...",
    "–": "-",
    "—": "-",
    "−": "-",
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "‚": "'",
    "«": '"',
    "»": '"',
    "×": "x",
    "→": "->",
    "←": "<-",
    "±": "+/-",
    "\u00a0": " ",
    "\u202f": " ",
}


def _stand_in(char: str, encoding: str) -> str:
    if 0xDC80 <= ord(char) <= 0xDCFF:  # an undecodable byte of a file name (surrogateescape)
        return f"\\x{ord(char) - 0xDC00:02x}"
    if char in _STAND_INS:
        return _STAND_INS[char]
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return plain or "?"


def _fallback(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    text = exc.object[exc.start : exc.end]
    return "".join(_stand_in(c, exc.encoding) for c in text), exc.end


codecs.register_error(FALLBACK, _fallback)


class OutputError(CommandError, OSError):
    """stdout or stderr cannot be written (``stream`` says which): the OS's failure. An OSError
    too, so code that writes to stdout and handles its failure (the UAI engine) still does."""

    def __init__(self, stream: str, reason: str = "") -> None:
        from tafel.i18n import _

        if reason:
            message = _("cannot write to {stream}: {reason}").format(stream=stream, reason=reason)
        else:
            message = _("cannot write to {stream}").format(stream=stream)
        CommandError.__init__(self, message)
        self.stream = stream

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


class TextSink(Protocol):
    """What :class:`_Guarded` writes to: a text stream, or :class:`_Closed`."""

    def write(self, text: str, /) -> int: ...
    def flush(self) -> None: ...


class _Guarded:
    """A text stream whose failures are :class:`OutputError`; the rest is the stream's own."""

    def __init__(self, stream: TextSink, name: str) -> None:
        self._stream = stream
        self._name = name

    def _failed(self, exc: BaseException) -> OutputError:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return OutputError(self._name, reason)

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from None

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except (OSError, ValueError) as exc:
            raise self._failed(exc) from None

    # Any: the rest of the stream's own attributes, passed on as they are (``encoding``, ``isatty``).
    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


class _Closed:
    """What stands for a stream that was closed before Tafel started (``>&-``): every write fails."""

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))

    def flush(self) -> None:
        pass


def require_stdout() -> None:
    """A command that prints: a stdout closed before the start (``sys.stdout`` is None) fails on
    its first line as a full one does, instead of the output going nowhere (the arcade, which
    prints nothing there, does not ask)."""
    if sys.stdout is None:
        sys.stdout = _Guarded(_Closed(), "stdout")  # type: ignore[assignment]


@contextlib.contextmanager
def guarded_streams() -> Iterator[None]:
    """Guard ``sys.stdout`` and ``sys.stderr`` (and give them the stand-ins) while a command runs."""
    saved = sys.stdout, sys.stderr
    for stream in saved:
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(Exception):
                reconfigure(errors=FALLBACK)
    sys.stdout = _Guarded(saved[0], "stdout") if saved[0] is not None else None  # type: ignore[assignment]
    sys.stderr = _Guarded(saved[1], "stderr") if saved[1] is not None else None  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def _silence(stream: TextIO) -> None:
    """Point a failed stream's file descriptor at the null device (its buffer goes nowhere)."""
    try:
        fd = stream.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):
        return
    try:
        os.dup2(null, fd)
    except OSError:
        pass
    finally:
        os.close(null)


def output_failed(exc: OutputError, code: int) -> int:
    """End a command whose output failed: one ``error:`` line on stderr if it still takes it;
    returns ``code``."""
    _silence(sys.stdout if exc.stream == "stdout" else sys.stderr)
    if exc.stream == "stdout":
        try:
            print(f"error: {exc}", file=sys.stderr, flush=True)
        except (OSError, ValueError, CommandError):
            _silence(sys.stderr)
    return code


def stream_failure(exc: BaseException) -> str | None:
    """The stream behind ``exc`` when an :class:`OutputError` is in its chain (a plugin that
    caught the failure and raised its own), else None."""
    seen = 0
    current: BaseException | None = exc
    while current is not None and seen < 50:
        if isinstance(current, OutputError):
            return current.stream
        current = current.__cause__ or current.__context__
        seen += 1
    return None


def foreign_failure(exc: BaseException, where: str) -> PluginFailure:
    """What a command's unexpected exception was: an :class:`OutputError` when the disk or the
    pipe failed underneath (raised, whoever's code was writing), the failure of the plugin whose
    code raised it or called sys.exit() (a game under ``check``, a view in the arcade), or the
    core's own bug (``exc`` raised again: it shows)."""
    from tafel.plugins import plugin_in_traceback

    failed_stream = stream_failure(exc)
    if failed_stream is not None:
        raise OutputError(failed_stream) from None
    plugin = plugin_in_traceback(exc)
    if plugin is None:
        raise exc
    return PluginFailure(plugin, where, exc)
