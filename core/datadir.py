"""Where Tafel keeps per-user files, and how it writes them so a crash never leaves half a file.

The data folder holds settings, saved and autosaved games, the history of finished games and
statistics. It is ``$TAFEL_DATA_DIR`` when set (tests point it at a temporary folder), else the
platform's usual per-user place: ``$XDG_DATA_HOME/tafel`` (``~/.local/share/tafel``) on Linux,
``~/Library/Application Support/Tafel`` on macOS, ``%APPDATA%\\Tafel`` on Windows.

Every file is written by :func:`atomic_write`: a temporary file in the same folder, flushed and
fsynced, then renamed over the old one with ``os.replace``. A reader sees either the old file or
the new one, never a mix, even when the process is killed with SIGKILL half-way.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> atomic_write(folder / "a.json", '{"x": 1}')
>>> (folder / "a.json").read_text()
'{"x": 1}'
>>> sorted(p.name for p in folder.iterdir())  # no temporary file left behind
['a.json']
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

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
        for line in (config / "user-dirs.dirs").read_text().splitlines():
            if line.startswith("XDG_PICTURES_DIR="):
                value = line.split("=", 1)[1].strip().strip('"').replace("$HOME", str(Path.home()))
                return Path(value)
    except OSError:
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


def atomic_write(path: Path | str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically: temp file, fsync, ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
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


def move_aside(path: Path, suffix: str = ".corrupt") -> Path:
    """Rename a file that cannot be used to ``NAME<suffix>`` (numbered if taken); returns the new path."""
    target = path.with_name(path.name + suffix)
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}{suffix}{n}")
    os.replace(path, target)
    return target
