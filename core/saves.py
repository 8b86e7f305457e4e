"""Saved games, autosaves and the history of finished games: JSON files in the data folder.

The format is described in SAVES.md. In short, a save is one JSON object with the plugin's
game id and version, the options, the seed, the start position, who plays each seat and the
moves in the game's notation; loading replays the moves. Nothing is pickled, so a save can
never run code, and a save from another version of a game is refused instead of misread.

Layout of the data folder::

    saves/auto/<game id>.json      the autosave of the last unfinished game of each game
    saves/<simple name>-<key>.json games saved by name from the pause menu (the name is inside)
    history/<game id>-<id>.json    finished games, for the history screen and replays

Every file is written atomically (:func:`tafel.datadir.atomic_write`), so a save is complete or
absent even after ``kill -9``. A file that cannot be used (damaged JSON, another format, a game
that is not installed, another game version, moves that no longer replay) is renamed
``*.corrupt`` or ``*.unusable`` with a one-line :class:`SaveError`; other saves are untouched.
Files are read with a size limit and only when they are regular files
(:func:`tafel.datadir.read_json`); temporary files a killed write left behind are removed.

The name of a save is kept inside the file; the file name is only a key (:func:`name_key`).
One file's names, reading and checks are in :mod:`tafel.savefile`, re-exported here.
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections import deque
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tafel import i18n
from tafel.ai.base import LEVELS
from tafel.datadir import atomic_write, data_dir, read_json, remove_stale_temps
from tafel.engines import EngineFailure, is_engine_agent, resolve_engine
from tafel.game import GameError
from tafel.match import HUMAN, Match, parse_player
from tafel.savefile import (
    AUTOSAVE,
    FORMAT,
    FORMAT_VERSION,
    HISTORY,
    MAX_SAVE_BYTES,
    NAMED,
    SaveError,
    SaveExists,
    SaveInfo,
    clean_name,
    damaged,
    info,
    name_key,
    read,
    slug,
    unusable,
)
from tafel.savefile import NAME_SHOWN as NAME_SHOWN  # re-exported, as is all of tafel.savefile used here
from tafel.savefile import printable as printable

if TYPE_CHECKING:
    from tafel.registry import Registry


#: Newest history files listed at most (older ones stay on disk).
HISTORY_LIMIT = 500


# --- where ---------------------------------------------------------------------------------------


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return saves_dir() / "auto"


def history_dir() -> Path:
    return data_dir() / "history"


def autosave_path(game_id: str) -> Path:
    return autosave_dir() / f"{slug(game_id)}.json"


def named_path(name: str) -> Path:
    """Where a new save called ``name`` goes (:func:`save_named` picks another file if a save of
    another name holds this one)."""
    return saves_dir() / f"{name_key(name)}.json"


# --- writing -------------------------------------------------------------------------------------


class Writer:
    """Runs file jobs (autosaves, history, removals) in order on a background thread, so the
    fsyncs of an autosave never hold up a frame. A queued autosave of a file is replaced by a
    newer one of the same file; :meth:`flush` waits until everything is on disk."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._jobs: deque[tuple[str | None, Callable[[], Any]]] = deque()
        self._busy = False
        self._thread: threading.Thread | None = None
        self._errors: list[str] = []

    def submit(self, job: Callable[[], Any], key: str | None = None) -> None:
        with self._cond:
            if key is not None:
                self._jobs = deque(j for j in self._jobs if j[0] != key)
            self._jobs.append((key, job))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="tafel-saves", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._jobs:
                    if not self._cond.wait(timeout=30.0) and not self._jobs:
                        self._thread = None  # idle: a later submit starts a fresh thread
                        return
                _, job = self._jobs.popleft()
                self._busy = True
            try:
                job()
            except Exception as exc:  # reported to the screen through take_errors()
                with self._cond:
                    self._errors.append(f"{type(exc).__name__}: {exc}".splitlines()[0])
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every job is done; False if that took longer than ``timeout`` seconds."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def take_errors(self) -> list[str]:
        with self._cond:
            errors, self._errors = self._errors, []
        return errors


#: The one writer the play screen uses.
writer = Writer()


def flush(timeout: float = 10.0) -> bool:
    """Wait for background saves (before listing or reading saves, and when the arcade closes)."""
    return writer.flush(timeout)


def now_text() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def record(match: Match, *, kind: str = NAMED, name: str | None = None) -> dict[str, Any]:
    """The JSON object stored for ``match`` (see SAVES.md)."""
    data: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "kind": kind}
    data["name"] = name or ""
    data["saved_at"] = now_text()
    data["title"] = match.game.title
    data.update(match.to_dict())
    outcome = match.state.outcome
    if outcome is not None:
        data["result"] = {
            "rewards": list(outcome.rewards),
            "reason": outcome.reason,
            "scores": list(outcome.scores) if outcome.scores is not None else None,
            "winners": list(outcome.winners),
            # The reason's language: the history replays a game kept in another one (savelist).
            "lang": i18n.current(),
        }
    return data


def write(path: Path, data: dict[str, Any]) -> Path:
    """Write a record atomically. Raises OSError (disk full, read-only folder, ...)."""
    atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False, default=str) + "\n")
    return path


def autosave(match: Match) -> Path:
    """Store ``match`` as the autosave of its game now (after every move)."""
    return write(autosave_path(match.game.id), record(match, kind=AUTOSAVE, name=AUTOSAVE))


def autosave_later(match: Match) -> None:
    """Like :func:`autosave`, written by the background :data:`writer` (the record is taken now)."""
    path = autosave_path(match.game.id)
    data = record(match, kind=AUTOSAVE, name=AUTOSAVE)
    writer.submit(lambda: write(path, data), key=str(path))


def finish_later(match: Match) -> None:
    """A finished match: into the history, and its autosave removed, in the background, after any
    autosave still queued."""
    data = record(match, kind=HISTORY, name=match.game.title)
    path = _history_path(match)

    def job() -> None:
        write(path, data)
        remove_autosave(match)

    writer.submit(job)


def remove_autosave(match: Match) -> bool:
    """Delete the autosave of ``match``'s game if it holds this match (a finished game)."""
    path = autosave_path(match.game.id)
    try:
        data = read_json(path, MAX_SAVE_BYTES)
        if isinstance(data, dict) and data.get("id") not in (None, match.id):
            return False
        path.unlink()
        return True
    except (OSError, ValueError):
        return False


def _peek_name(path: Path) -> str | None:
    """The name inside a named save, or None (unreadable files are left for the lists to report)."""
    try:
        data = read_json(path, MAX_SAVE_BYTES)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("kind", NAMED) != NAMED:
        return None
    name = data.get("name")
    return clean_name(name) if isinstance(name, str) and name.strip() else None


def named_save_path(name: str) -> Path | None:
    """The file of the save called ``name`` (exactly, after :func:`clean_name`), or None."""
    flush()
    name = clean_name(name)
    folder = saves_dir()
    first = named_path(name)
    if _peek_name(first) == name:
        return first
    try:
        files = sorted(folder.glob("*.json"))
    except OSError:
        return None
    for path in files:
        if path != first and _peek_name(path) == name:
            return path
    return None


def save_named(match: Match, name: str, *, replace: bool = True) -> Path:
    """Save ``match`` under ``name``. A save of the same name is replaced, or with ``replace``
    False refused (:class:`SaveExists`); saves of other names are never touched."""
    name = clean_name(name) or default_name(match)
    path = named_save_path(name)
    if path is not None and not replace:
        raise SaveExists(f"there is a save named {name!r} already", path=path)
    if path is None:
        base = named_path(name)
        path, n = base, 1
        while path.exists() or path.is_symlink():  # a key taken by a save of another name
            n += 1
            path = base.with_name(f"{base.stem}-{n}.json")
    return write(path, record(match, kind=NAMED, name=name))


def default_name(match: Match) -> str:
    """The game's title and the time, made unique among the named saves ("… (2)")."""
    base = f"{match.game.title} {datetime.now().strftime('%Y-%m-%d %H.%M')}"
    name, n = base, 1
    while named_save_path(name) is not None:
        n += 1
        name = f"{base} ({n})"
    return name


def _history_path(match: Match) -> Path:
    return history_dir() / f"{slug(match.game.id)}-{slug(match.id)}.json"


def archive(match: Match) -> Path:
    """Put a finished ``match`` into the history (the same match replaces its earlier entry)."""
    return write(_history_path(match), record(match, kind=HISTORY, name=match.game.title))


# --- reading -------------------------------------------------------------------------------------


def load(path: Path, registry: Registry) -> Match:
    """The match stored in ``path``, its moves replayed, ready to resume.

    Raises SaveError with one line; the file is then moved aside (damaged, a game that is not
    installed, another version of the game, moves that do not replay).
    """
    flush()
    data = read(path)
    game_id = data["game"]
    game = registry.games.get(game_id)
    if game is None:
        raise unusable(path, f"the game {game_id!r} is not installed")
    if data["version"] != game.version:
        raise unusable(
            path, f"saved with {game.title} version {data['version']}, this is version {game.version}"
        )
    data = dict(data)
    # An agent the registry no longer offers is replaced by the default level; so is an
    # external engine no longer configured (the play screen says so: Match.missing_engines).
    players = []
    missing: list[tuple[int, str]] = []
    for seat, player in enumerate(data["players"]):
        if is_engine_agent(player.strip()):
            name = parse_player(player)
            try:
                if game.engine_protocol is None:
                    raise EngineFailure("crash", f"{game.title} declares no engine protocol")
                resolve_engine(name, game.engine_protocol.name)
            except EngineFailure:
                missing.append((seat, name.partition(":")[2]))
                name = "medium"
            players.append(name)
            continue
        name = player.strip().lower()
        if name != HUMAN and name not in LEVELS:
            try:
                registry.agent(name, game_id)
            except GameError:
                name = "medium"
        players.append(name)
    data["players"] = players
    try:
        match = Match.from_dict(data, registry)
        match.missing_engines = missing
        return match
    except GameError as exc:
        raise damaged(path, str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
    except Exception as exc:  # a plugin bug while replaying must not close the arcade
        raise damaged(path, f"{type(exc).__name__}: {exc}".splitlines()[0]) from None


def _scan(folder: Path, errors: list[SaveError]) -> list[SaveInfo]:
    """Every save in ``folder``; the files that cannot be used are moved aside, their errors added
    to ``errors``. Temporary files left by a killed write are removed first."""
    out: list[SaveInfo] = []
    remove_stale_temps(folder)
    try:
        files = sorted(folder.glob("*.json"))
    except OSError:
        return out
    for path in files:
        try:
            out.append(info(path, read(path)))
        except SaveError as exc:
            errors.append(exc)
    return out


def _report(errors: list[SaveError], problems: list[str] | None) -> None:
    """Into ``problems`` when given, else one line each on stderr."""
    for exc in errors:
        if problems is not None:
            problems.append(str(exc))
        else:
            print(f"tafel: {exc}", file=sys.stderr)


def _newest_first(items: list[SaveInfo]) -> list[SaveInfo]:
    epoch = datetime.fromtimestamp(0, timezone.utc)
    return sorted(items, key=lambda i: i.saved_at or epoch, reverse=True)


def list_saves(problems: list[str] | None = None) -> list[SaveInfo]:
    """Autosaves and named saves, newest first. Damaged files are moved aside and reported in
    ``problems`` (or on stderr)."""
    flush()
    errors: list[SaveError] = []
    items = _newest_first(_scan(autosave_dir(), errors) + _scan(saves_dir(), errors))
    _report(errors, problems)
    return items


def list_history(problems: list[str] | None = None) -> list[SaveInfo]:
    """Finished games, newest first (at most HISTORY_LIMIT)."""
    flush()
    folder = history_dir()
    remove_stale_temps(folder)

    def mtime(path: Path) -> float:
        try:
            return path.lstat().st_mtime
        except OSError:
            return 0.0

    try:
        files = sorted(folder.glob("*.json"), key=mtime, reverse=True)
    except OSError:
        return []
    out = []
    errors: list[SaveError] = []
    for path in files[:HISTORY_LIMIT]:
        try:
            out.append(info(path, read(path)))
        except SaveError as exc:
            errors.append(exc)
    if problems is not None:
        _report(errors, problems)
    return _newest_first(out)


def latest_autosave(problems: list[str] | None = None) -> SaveInfo | None:
    flush()
    errors: list[SaveError] = []
    autos = _newest_first(_scan(autosave_dir(), errors))
    _report(errors, problems)
    return autos[0] if autos else None


def _file_is_for(path: Path, wanted: str) -> bool:
    """Whether the file ``path`` (which could not be read) is the save ``wanted`` names."""
    stem = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
    key = name_key(wanted)
    return (
        wanted in (stem, path.name, f"autosave:{stem}")
        or stem == slug(wanted)  # named by an older Tafel
        or re.fullmatch(re.escape(key) + r"(-\d+)?", stem) is not None
    )


def find(name: str | None, problems: list[str] | None = None) -> SaveInfo:
    """The save ``play --resume NAME`` means: the newest autosave when ``name`` is None or
    ``autosave``; ``autosave:GAME``; else a named save by its name (exactly, then ignoring case,
    then by its simple form) or file name.

    When the save asked for is damaged, its error (it was moved aside) is the one raised; other
    unusable files go to ``problems`` (or stderr)."""
    errors: list[SaveError] = []
    if name is None or name.strip().lower() == AUTOSAVE:
        flush()
        autos = _newest_first(_scan(autosave_dir(), errors))
        if autos:
            _report(errors, problems)
            return autos[0]
        if errors:
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            raise SaveError(f"there is no autosaved game to resume: {errors[0]}{more}")
        raise SaveError("there is no autosaved game to resume")
    wanted = clean_name(name)
    flush()
    items = _newest_first(_scan(autosave_dir(), errors) + _scan(saves_dir(), errors))
    tiers = [
        lambda i: wanted in (i.label, i.name),
        lambda i: i.name.casefold() == wanted.casefold(),
        lambda i: wanted in (i.path.stem, i.path.name),
        lambda i: i.kind == NAMED and slug(i.name) == slug(wanted) and slug(wanted) != "save",
    ]
    for matches in tiers:
        found = [i for i in items if matches(i)]
        if len(found) == 1:
            _report(errors, problems)
            return found[0]
        if found:
            _report(errors, problems)
            names = ", ".join(repr(i.label) for i in found)
            raise SaveError(f"{wanted!r} could mean several saves ({names}): give the whole name")
    for exc in errors:
        if exc.path is not None and _file_is_for(exc.path, wanted):
            _report([e for e in errors if e is not exc], problems)
            raise exc
    _report(errors, problems)
    known = ", ".join(item.label for item in items) or "none"
    raise SaveError(f"no save named {wanted!r} (saves: {known})")


def delete(path: Path) -> None:
    path.unlink(missing_ok=True)
