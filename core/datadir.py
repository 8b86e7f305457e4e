"""Where Tafel keeps per-user files, and how it writes them so a crash never leaves half a file.

The data folder holds settings, saved and autosaved games, the history of finished games and
statistics. It is ``$TAFEL_DATA_DIR`` when set (tests point it at a temporary folder), else the
platform's usual per-user place: ``$XDG_DATA_HOME/tafel`` (``~/.local/share/tafel``) on Linux,
``~/Library/Application Support/Tafel`` on macOS, ``%APPDATA%\\Tafel`` on Windows.

Every file is written by :func:`atomic_write` (:func:`atomic_write_bytes`): a temporary file
with a short name in the same folder, flushed and fsynced, then renamed over the old one with
``os.replace``. A reader sees either the old file or
the new one, never a mix, even when the process is killed with SIGKILL half-way.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> atomic_write(folder / "a.json", '{"x": 1}')
>>> (folder / "a.json").read_text()
'{"x": 1}'
>>> sorted(p.name for p in folder.iterdir())  # no temporary file left behind
['a.json']
>>> read_json(folder / "a.json", limit=100)
{'x': 1}
>>> import shutil; shutil.rmtree(folder)  # the example's folder, gone

Every file is read by :func:`read_text` / :func:`read_json`: only a regular file (never a FIFO, a
device or a folder, so a link to ``/dev/zero`` cannot eat the memory), at most ``limit`` bytes,
UTF-8 with or without a byte-order mark, JSON nested at most :data:`MAX_DEPTH` deep. Anything else
is a :class:`FileProblem` whose reason is a few words; :func:`load_json_file` turns any failure into
one line and moves the file aside, for settings, statistics and plugin records alike.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ENV_DATA = "TAFEL_DATA_DIR"
ENV_SCREENSHOTS = "TAFEL_SCREENSHOT_DIR"


def data_dir() -> Path:
    """The per-user data folder (not created here)."""
    env = os.environ.get(ENV_DATA, "").strip()
    if env:
        return Path(env).expanduser()
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("APPDATA")
        return Path(base) / "Tafel" if base else home / "AppData" / "Roaming" / "Tafel"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "Tafel"
    xdg = os.environ.get("XDG_DATA_HOME", "").strip()
    return (Path(xdg) if xdg else home / ".local" / "share") / "tafel"


def cache_dir() -> Path:
    """The per-user folder for files Tafel can make again (the menu's board previews), not
    created here: ``cache`` in ``$TAFEL_DATA_DIR`` when set (tests), else the platform's cache
    place: ``$XDG_CACHE_HOME/tafel`` (``~/.cache/tafel``) on Linux, ``~/Library/Caches/Tafel`` on
    macOS, ``%LOCALAPPDATA%\\Tafel\\Cache`` on Windows. Backups may skip it; losing it costs time only."""
    if os.environ.get(ENV_DATA, "").strip():
        return data_dir() / "cache"
    home = Path.home()
    if sys.platform.startswith("win"):
        base = os.environ.get("LOCALAPPDATA")
        return (Path(base) if base else home / "AppData" / "Local") / "Tafel" / "Cache"
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "Tafel"
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg) if xdg else home / ".cache") / "tafel"


def subdir(name: str) -> Path:
    """A folder inside the data folder, created if needed."""
    path = data_dir() / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def _xdg_pictures() -> Path | None:
    env = os.environ.get("XDG_PICTURES_DIR", "").strip()
    if env:
        return Path(os.path.expandvars(env)).expanduser()
    # xdg-user-dirs writes the folder into user-dirs.dirs without exporting it.
    config = Path(os.environ.get("XDG_CONFIG_HOME", "").strip() or Path.home() / ".config")
    try:
        for line in read_text(config / "user-dirs.dirs", limit=64 * 1024).splitlines():
            if line.startswith("XDG_PICTURES_DIR="):
                value = line.split("=", 1)[1].strip().strip('"').replace("$HOME", str(Path.home()))
                return Path(value)
    except (OSError, ValueError):  # missing, unreadable, a FIFO, too large
        pass
    return None


def screenshot_dir() -> Path:
    """Where F12 puts screenshots: ``$TAFEL_SCREENSHOT_DIR``; with ``$TAFEL_DATA_DIR`` set, its
    ``screenshots`` folder (so tests never write to the real home); else the user's pictures
    folder (``XDG_PICTURES_DIR`` or ``~/Pictures``) under ``Tafel``, else the data folder."""
    env = os.environ.get(ENV_SCREENSHOTS, "").strip()
    if env:
        return Path(env).expanduser()
    if os.environ.get(ENV_DATA, "").strip():
        return data_dir() / "screenshots"
    pictures = _xdg_pictures() if sys.platform.startswith("linux") else None
    if pictures is None:
        pictures = Path.home() / "Pictures"
    if pictures.is_dir():
        return pictures / "Tafel"
    return data_dir() / "screenshots"


def _fsync_dir(folder: Path) -> None:
    # The rename itself must reach the disk too; directories cannot be opened on Windows.
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: The start of every temporary file :func:`atomic_write` makes: short, whatever the file's
#: name (a name near the system's 255-byte limit still gets its temporary file).
TEMP_PREFIX = ".tafel-"


def _temp_name(folder: Path) -> tuple[int, str]:
    """A new temporary file in ``folder``: ``.tafel-PID-RANDOM.tmp`` (the PID says whether its
    writer still runs, so a killed writer's file is removed by the next run)."""
    return tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".tmp", dir=folder)


def atomic_write_bytes(path: Path | str, data: bytes, mode: int | None = None) -> None:
    """Replace ``path`` with ``data`` atomically: a temporary file with a short name in the same
    folder, fsync, ``os.replace``. On any failure the temporary file is removed and the old file
    is untouched; one left by a killed writer is removed by the next write to that folder.

    The new file is readable by its owner only (the data folder's files), unless ``mode`` gives
    its permission bits (a file the user named: :func:`usual_mode`). A symbolic link stays a
    link (a settings file kept in a dotfiles folder, say): the file it points to is replaced."""
    path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temps(path.parent)
    fd, tmp = _temp_name(path.parent)
    try:
        if mode is not None and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def usual_mode(path: str | os.PathLike[str]) -> int:
    """The permission bits a program's output file usually gets: those of the file it replaces,
    else what the umask leaves of ``rw-rw-rw-`` (``rw-r--r--`` under the common umask 022).

    >>> oct(usual_mode("/nonexistent/x.png") & 0o600)
    '0o600'
    """
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        pass
    mask = os.umask(0o022)  # the only portable way to read it: set and put back at once
    os.umask(mask)
    return 0o666 & ~mask


def atomic_write(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8, ``\\n`` line ends) atomically
    (:func:`atomic_write_bytes`)."""
    atomic_write_bytes(path, text.encode("utf-8"))


def move_aside(path: Path, suffix: str = ".corrupt") -> Path:
    """Rename a file that cannot be used to ``NAME<suffix>`` (numbered if taken); returns the new path."""
    target = path.with_name(path.name + suffix)
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}{suffix}{n}")
    os.replace(path, target)
    return target


# --- reading -------------------------------------------------------------------------------------

#: Bytes read from one file at most unless the caller says otherwise (saves, settings, statistics).
MAX_BYTES = 8 * 1024 * 1024
#: How deep JSON arrays and objects may nest (``"[" * 100000`` is refused, not a RecursionError).
MAX_DEPTH = 64
#: A temporary file of :func:`atomic_write` older than this (seconds) was left by a killed writer.
STALE_TEMP_AGE = 600.0
#: Read errors that pass (too many open files, out of memory): the file is not moved aside.
TRANSIENT_ERRNOS = frozenset(
    getattr(errno, name) for name in ("EMFILE", "ENFILE", "ENOMEM", "EAGAIN", "EINTR") if hasattr(errno, name)
)


class FileProblem(ValueError):
    """A file that is there but cannot be used; ``reason`` says why in a few words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _size_text(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit >= 1024 * 1024 else f"{limit} bytes"


def read_bytes(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    Raises FileNotFoundError when there is no such file, FileProblem when it is not a regular
    file (FIFO, device, folder, socket) or too large, and OSError when reading fails. A FIFO is
    never opened for reading in a way that could wait for a writer.
    """
    path = Path(path)
    st = os.stat(path)  # follows links: a link to /dev/zero is a character device
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem("not a regular file")
    if st.st_size > limit:
        raise FileProblem(f"too large: over {_size_text(limit)}")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)  # the file might have been swapped between stat and open
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem("not a regular file")
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileProblem(f"too large: over {_size_text(limit)}")
    return data


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8; a leading byte-order mark (Notepad) is dropped."""
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FileProblem("not UTF-8 text") from None


def json_depth_ok(data: object, max_depth: int = MAX_DEPTH) -> bool:
    """True when lists and dicts in ``data`` nest at most ``max_depth`` deep (no recursion).

    >>> json_depth_ok([[1]], 2), json_depth_ok([[[1]]], 2), json_depth_ok({"a": [1]}, 2)
    (True, False, True)
    """
    todo: list[tuple[object, int]] = [(data, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            if depth >= max_depth:
                return False
            values = item.values() if isinstance(item, dict) else item
            todo.extend((v, depth + 1) for v in values if isinstance(v, (list, dict)))
    return True


# Any: parsed JSON, of whatever shape the file holds; each reader checks the shape it needs where
# it reads it (``check``, ``isinstance``), and what it keeps is typed from there on.
JSON = Any
"""A value read from JSON (a dict, list, str, int, float, bool or None), its shape not yet checked."""


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> JSON:
    """JSON from ``text``; FileProblem (never RecursionError) when it cannot be used."""
    if not text.strip():
        raise FileProblem("empty file")
    try:
        data = json.loads(text)
    except RecursionError:
        raise FileProblem("JSON nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and integers with too many digits
        raise FileProblem(f"bad JSON: {str(exc).splitlines()[0] if str(exc) else 'unreadable'}") from None
    if not json_depth_ok(data, max_depth):
        raise FileProblem("JSON nested too deeply")
    return data


def read_json(path: Path | str, limit: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> JSON:
    """:func:`read_text` then :func:`parse_json`."""
    return parse_json(read_text(path, limit), max_depth)


def is_transient(exc: OSError) -> bool:
    """An error that says nothing about the file (too many open files, out of memory)."""
    return exc.errno in TRANSIENT_ERRNOS


def load_json_file(
    path: Path | str,
    what: str,
    *,
    limit: int = MAX_BYTES,
    check: Callable[[object], str | None] | None = None,
) -> tuple[JSON, str | None]:
    """Read the JSON file ``path``, for settings, statistics and plugins' own records.

    Returns ``(data, None)``; ``(None, None)`` when there is no file; ``(None, message)`` when the
    file cannot be used: it was moved aside to ``NAME.corrupt`` (numbered if taken) and
    ``message`` is one line naming ``what`` it was and where it went. ``check(data)`` may
    return a reason to refuse parsed JSON of the wrong shape.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "s.json").write_text("[" * 100000)
    >>> load_json_file(folder / "s.json", "settings file")
    (None, 'settings file s.json is damaged (JSON nested too deeply); moved aside to s.json.corrupt')
    >>> load_json_file(folder / "s.json", "settings file")
    (None, None)
    >>> import shutil; shutil.rmtree(folder)  # the example's folder, gone
    """
    path = Path(path)
    remove_stale_temps(path.parent)
    try:
        data = read_json(path, limit)
        reason = check(data) if check is not None else None
    except FileNotFoundError:
        return None, None
    except FileProblem as exc:
        reason = exc.reason
    except OSError as exc:
        detail = exc.strerror or type(exc).__name__
        if is_transient(exc):
            return None, f"{what} {path.name} cannot be read now ({detail})"
        reason = f"cannot be read: {detail}"
    if reason is None:
        return data, None
    return None, f"{what} {path.name} is damaged ({reason}){_aside(path)}"


def _aside(path: Path) -> str:
    try:
        return f"; moved aside to {move_aside(path).name}"
    except OSError as exc:
        return f"; could not move it aside ({exc.strerror or exc})"


_TEMP = re.compile(r"^\..+\.[^.]+\.tmp$")
#: An older render's temporary picture, ``.NAME.PID.tmp.png``.
_TEMP_PNG = re.compile(r"^\..+\.(\d+)\.tmp\.png$")
_OURS = re.compile(r"^" + re.escape(TEMP_PREFIX) + r"(\d+)-[^.]+\.tmp$")


def _writer_gone(pid: int) -> bool:
    """Whether the process ``pid`` (a temporary file's writer) has ended."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False
    return False


def remove_stale_temps(folder: Path | str, older_than: float = STALE_TEMP_AGE) -> list[Path]:
    """Delete the temporary files a killed writer left in ``folder``: :func:`atomic_write`'s
    (``.tafel-PID-*.tmp``, at once when that process is gone; older ``.NAME.*.tmp`` ones once
    untouched for ``older_than`` seconds, as a write in progress is younger) and an older
    render's ``.NAME.PID.tmp.png``. Returns what was removed; errors are ignored."""
    folder = Path(folder)
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        ours = _OURS.match(entry.name) or _TEMP_PNG.match(entry.name)
        if not ours and not _TEMP.match(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode):
                continue
            if (ours and _writer_gone(int(ours.group(1)))) or now - st.st_mtime >= older_than:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
