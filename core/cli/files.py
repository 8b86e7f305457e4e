"""The files the command line reads and writes, each through one helper.

Read (:func:`read_input`): only a regular file, at most a size limit, UTF-8 (a byte-order mark
is dropped), lines at most a length limit; anything else is one :class:`CommandError` line
naming the file (``--openings /dev/zero``, a file that is not UTF-8, a 5 MB line).

Written whole (:func:`write_output`): through :func:`tafel.datadir.atomic_write_bytes`, a
temporary file with a short name in the same folder (so a name near the 255-byte limit works),
removed on failure and, if a killed run left it, by the next run; a link's target is replaced
and a special file (``/dev/stdout``, a FIFO) written into, never replaced. Appended to as games end
(:func:`open_append`, ``--log``, ``--pgn``): every write is flushed and a failure (a full disk)
is one line. A FIFO without a reader is refused at once, never waited for.

File names are shown with :func:`shown_name`: short, and bytes that are not UTF-8 as ``\\xff``.

>>> shown_name("/tmp/" + "x" * 300 + ".png")[-24:]
'xxx.png (309 characters)'
"""

from __future__ import annotations

import errno
import os
from typing import IO

from tafel.commands import CommandError
from tafel.datadir import FileProblem, atomic_write_bytes, read_text, usual_mode

#: The largest file the command line reads (openings, positions).
MAX_INPUT_BYTES = 8 * 1024 * 1024
#: The longest line it reads from one.
MAX_INPUT_LINE = 4096


def shown_name(path: str | os.PathLike, limit: int = 120) -> str:
    """A file name for a message: undecodable bytes as ``\\xff``, at most ``limit`` characters."""
    text = os.fsencode(path).decode("utf-8", "backslashreplace")
    if len(text) <= limit:
        return text
    return f"{text[: limit // 3]}...{text[-(limit // 3) :]} ({len(text)} characters)"


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def read_input(
    path: str, what: str, limit: int = MAX_INPUT_BYTES, line_limit: int = MAX_INPUT_LINE
) -> list[str]:
    """The lines of the text file ``path`` (``what`` names it in errors); CommandError when it is
    no regular file, over ``limit`` bytes, not UTF-8, or has a line over ``line_limit``."""
    try:
        text = read_text(path, limit)
    except FileNotFoundError:
        raise CommandError(f"cannot read the {what} {shown_name(path)}: no such file") from None
    except FileProblem as exc:
        raise CommandError(f"cannot read the {what} {shown_name(path)}: {exc.reason}") from None
    except OSError as exc:
        raise CommandError(f"cannot read the {what} {shown_name(path)}: {_reason(exc)}") from None
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > line_limit:
            raise CommandError(
                f"{shown_name(path)}: line {number} is too long ({len(line)} characters, at most {line_limit})"
            )
    return lines


def write_output(path: str | os.PathLike[str], data: bytes, what: str = "file") -> None:
    """Replace the file ``path`` with ``data`` atomically; CommandError (one line) on failure.
    The file gets the permissions a program's output usually has (not the data folder's
    owner-only ones).

    A symbolic link stays a link: the file it points to is replaced. A name that is no regular
    file (``/dev/stdout``, a FIFO, ``/dev/full``) is written into as the shell's ``>`` would,
    never replaced by a file of its own."""
    target = os.path.realpath(path)
    try:
        if os.path.exists(target) and not os.path.isfile(target):
            _write_into(target, data)
        else:
            atomic_write_bytes(target, data, usual_mode(target))
    except OSError as exc:
        raise CommandError(f"cannot write the {what} {shown_name(path)}: {_why(exc)}") from None


def _write_into(path: str, data: bytes) -> None:
    """Write ``data`` into the existing special file ``path`` (a FIFO nobody reads is refused at
    once, never waited for)."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _why(exc: OSError) -> str:
    return "nobody reads it" if exc.errno == errno.ENXIO else _reason(exc)


def check_writable(path: str | os.PathLike[str], what: str = "file") -> None:
    """Refuse at once (CommandError, one line) an output that cannot be written, before a long
    run makes what it would hold: its folder missing and not makeable, or not writable."""
    target = os.path.realpath(path)
    if os.path.isdir(target):
        raise CommandError(f"cannot write the {what} {shown_name(path)}: Is a directory")
    if os.path.exists(target) and not os.path.isfile(target):
        if not os.access(target, os.W_OK):
            raise CommandError(f"cannot write the {what} {shown_name(path)}: Permission denied")
        return
    folder = os.path.dirname(target)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"cannot write the {what} {shown_name(path)}: {_reason(exc)}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CommandError(f"cannot write the {what} {shown_name(path)}: Permission denied")


class AppendFile:
    """A file the command appends to as it goes (``--log``, ``--pgn``): each write is flushed,
    and any failure is a CommandError naming the file."""

    def __init__(self, path: str, what: str) -> None:
        self.path, self.what = path, what
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
        try:
            fd = os.open(path, flags, 0o644)  # non-blocking: a FIFO nobody reads is ENXIO, not a hang
        except OSError as exc:
            if exc.errno == errno.ENXIO:
                raise CommandError(f"cannot write the {what} {shown_name(path)}: nobody reads it") from None
            raise self._failed(exc) from None
        os.set_blocking(fd, True)
        self.file: IO[str] = os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace")

    def _failed(self, exc: OSError) -> CommandError:
        return CommandError(f"cannot write the {self.what} {shown_name(self.path)}: {_reason(exc)}")

    def write(self, text: str) -> None:
        try:
            self.file.write(text)
            self.file.flush()
        except OSError as exc:
            raise self._failed(exc) from None

    def close(self) -> None:
        try:
            self.file.close()
        except OSError:
            pass


def open_append(path: str | None, what: str) -> AppendFile | None:
    """:class:`AppendFile` for ``path``, or None when no path was given."""
    return AppendFile(path, what) if path else None


__all__ = ["AppendFile", "check_writable", "open_append", "read_input", "shown_name", "write_output"]
