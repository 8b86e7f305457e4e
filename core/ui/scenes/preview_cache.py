"""The menu's board previews kept on disk, so only the first launch draws them.

Drawing a preview costs 20 to 160 ms (the game's view imported, a position played, its first
draw); reading one back from a PNG costs well under a millisecond. A preview is one small PNG in
the cache folder (:func:`tafel.datadir.cache_dir`, ``previews``), named by the game, the size and
a digest of everything that changes the picture: the game's id and version, the size, the theme's
colours, the language (a view may write words on its board), :data:`FORMAT` (how the core draws
a preview: bump it when that changes), and a fingerprint of the files of the game's package and of
the core (each file's path, size and modification time: a plugin updated or a view edited gets new
pictures, without reading the files).

Nothing here raises: a missing folder, a read-only disk or a damaged file (too large, not a
regular file, not a PNG, the wrong size) means the preview is drawn again; a damaged file is
named in one line on stderr and removed. Files are read as :func:`tafel.datadir.read_bytes` reads
(a regular file only, at most a size limit) and written as a temporary file renamed over the old.
"""

from __future__ import annotations

import io
import os
import re
import sys
import tempfile
import threading
from pathlib import Path

import pygame

from tafel import datadir
from tafel.game import GameDef
from tafel.ui.theme import Theme

#: How the core draws a preview (the opening played, the scale, the picture's kind); a new value
#: leaves every kept picture unused.
FORMAT = 1
#: Pictures kept per game (sizes, themes, languages, older versions); the oldest go first.
KEEP_PER_GAME = 8
#: Files looked at, at most, for one folder's fingerprint (a package is tens of files).
MAX_FILES = 4000
#: A kept PNG is at most this many bytes per pixel, and a small header on top (PNG compresses).
BYTES_PER_PIXEL = 4
HEADER_BYTES = 64 * 1024

_fingerprints: dict[str, str] = {}
_fingerprints_lock = threading.Lock()


def fingerprint(path: Path) -> str:
    """A digest of the files under ``path`` (or of the file ``path``): their relative paths,
    sizes and modification times, caches and hidden files left out. Kept per path for the
    process (a file changed while Tafel runs shows on the next launch). "" when unreadable."""
    key = str(path)
    with _fingerprints_lock:
        known = _fingerprints.get(key)
    if known is not None:
        return known
    entries: list[str] = []
    try:
        if path.is_file():
            st = path.stat()
            entries.append(f"{path.name} {st.st_size} {st.st_mtime_ns}")
        else:
            todo = [path]
            while todo and len(entries) < MAX_FILES:
                folder = todo.pop()
                for entry in sorted(os.scandir(folder), key=lambda e: e.name):
                    if entry.name.startswith(".") or entry.name == "__pycache__":
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        todo.append(Path(entry.path))
                    elif entry.is_file():
                        st = entry.stat()
                        rel = os.path.relpath(entry.path, path)
                        entries.append(f"{rel} {st.st_size} {st.st_mtime_ns}")
    except OSError:
        return ""
    import hashlib  # here, not at start-up: only the worker thread needs it (OpenSSL loads slowly)

    digest = hashlib.sha256("\n".join(sorted(entries)).encode()).hexdigest()
    with _fingerprints_lock:
        _fingerprints[key] = digest
    return digest


def module_path(name: str) -> Path | None:
    """Where module ``name`` lives without importing it: its package's folder, or its file.
    Looks at modules already imported (a plugin's package is), then asks for the top-level one."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:n]))
        if module is None:
            continue
        file = getattr(module, "__file__", None)
        if file:
            file_path = Path(file)
            return file_path.parent if file_path.name == "__init__.py" else file_path
        paths = list(getattr(module, "__path__", None) or [])  # a namespace package
        return Path(paths[0]) if paths else None
    import importlib.util

    try:
        spec = importlib.util.find_spec(parts[0])  # a top-level name imports nothing
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0])
    return Path(spec.origin) if spec.origin else None


def game_sources(game: GameDef) -> list[Path]:
    """The folders (or files) whose contents make ``game``'s preview: the package of the plugin
    that registered it, the module of its view when that lives elsewhere, and the core."""
    names = [game.package or getattr(game.new_state, "__module__", "") or ""]
    view = game.view
    if isinstance(view, type):
        names.append(view.__module__)
    elif isinstance(view, str) and not view.startswith("."):
        names.append(view.partition(":")[0])
    paths = [module_path(n) for n in names if n]
    paths.append(Path(__file__).resolve().parent.parent.parent)  # the core: the kit draws too
    found: list[Path] = []
    for p in paths:
        if p is not None and p not in found:
            found.append(p)
    return found


def picture_key(game: GameDef, size: tuple[int, int], theme: Theme, lang: str) -> str | None:
    """The digest that names ``game``'s preview at ``size`` in ``theme`` and ``lang``; None
    when the game's files cannot be found (its previews are then never kept)."""
    sources = game_sources(game)
    prints = [fingerprint(p) for p in sources]
    if not sources or not all(prints):
        return None
    text = "\n".join(
        [str(FORMAT), game.id, str(game.version), f"{size[0]}x{size[1]}", repr(theme), lang, *prints]
    )
    import hashlib

    return hashlib.sha256(text.encode()).hexdigest()[:20]


class PreviewCache:
    """The kept previews in ``folder`` (default: ``previews`` in the cache folder). Both methods
    may be called from any thread; each file is read or written whole."""

    def __init__(self, folder: Path | str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else datadir.cache_dir() / "previews"
        #: Lines written to stderr (damaged files, a folder that cannot be written); tests read them.
        self.problems: list[str] = []
        self._write_failed = False
        self._swept = False

    def path(self, game: GameDef, size: tuple[int, int], theme: Theme, lang: str) -> Path | None:
        """The file for this preview (there or not); None when it cannot be kept."""
        try:
            digest = picture_key(game, size, theme, lang)
        except Exception:  # a game whose parts cannot be looked at is simply not kept
            return None
        if digest is None:
            return None
        return self.folder / f"{game.id}-{size[0]}x{size[1]}-{digest}.png"

    def load(self, path: Path, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture kept at ``path``, if it is there, sound and ``size`` large; None otherwise
        (a damaged file is reported and removed, so the drawn one replaces it)."""
        limit = size[0] * size[1] * BYTES_PER_PIXEL + HEADER_BYTES
        try:
            data = datadir.read_bytes(path, limit)
            surface = pygame.image.load(io.BytesIO(data), "preview.png")
            if surface.get_size() != tuple(size):
                raise datadir.FileProblem(
                    f"{surface.get_width()}x{surface.get_height()}, not {size[0]}x{size[1]}"
                )
            return surface
        except (FileNotFoundError, NotADirectoryError):  # not kept yet (or no folder)
            return None
        except datadir.FileProblem as exc:
            reason = exc.reason
        except (OSError, pygame.error, ValueError) as exc:
            if isinstance(exc, OSError) and datadir.is_transient(exc):
                return None
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        self._report(f"preview cache file {path.name} is damaged ({reason}); drawing it again")
        try:
            if path.is_symlink() or not path.is_dir():  # a folder of that name is left alone
                path.unlink()
        except OSError:
            pass
        return None

    def save(self, path: Path, surface: pygame.Surface, game_id: str) -> bool:
        """Keep ``surface`` at ``path`` (a temporary file renamed over it, so a reader never sees
        half a file), and drop the oldest of the game's files past :data:`KEEP_PER_GAME`. False
        when it cannot be written (said once on stderr; the menu works on without the cache)."""
        tmp = None
        try:
            buffer = io.BytesIO()
            pygame.image.save(surface, buffer, "preview.png")
            self.folder.mkdir(parents=True, exist_ok=True)
            if not self._swept:  # temporary files of a launch killed while writing
                self._swept = True
                datadir.remove_stale_temps(self.folder)
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=self.folder)
            with os.fdopen(fd, "wb") as f:
                f.write(buffer.getvalue())
            os.replace(tmp, path)
            tmp = None
        except (OSError, pygame.error) as exc:
            if not self._write_failed:
                self._write_failed = True
                self._report(f"previews cannot be kept in {self.folder} ({exc}); they are drawn each launch")
            return False
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
        self._prune(game_id)
        return True

    def _prune(self, game_id: str) -> None:
        pattern = re.compile(rf"{re.escape(game_id)}-\d+x\d+-[0-9a-f]+\.png\Z")
        try:
            mine = [e for e in os.scandir(self.folder) if pattern.match(e.name) and e.is_file()]
            mine.sort(key=lambda e: e.stat().st_mtime_ns, reverse=True)
            for entry in mine[KEEP_PER_GAME:]:
                os.unlink(entry.path)
        except OSError:
            pass

    def _report(self, line: str) -> None:
        self.problems.append(line)
        print(f"tafel: {line}", file=sys.stderr)
