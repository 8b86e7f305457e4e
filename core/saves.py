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

The name of a save is kept inside the file; the file name is only a key, a simplified form of the
name followed by a hash of the whole name (:func:`name_key`), so names that differ only in letters
the simple form drops still get files of their own.

>>> slug("My game: Round #2!")
'my-game-round-2'
>>> name_key("Game #1"), name_key("game 1") != name_key("Game #1"), name_key("Игра")[:5]
('game-1-1c8ea0f283', True, 'save-')
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import threading
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from tafel import i18n
from tafel.ai.base import LEVELS
from tafel.datadir import (
    JSON,
    FileProblem,
    atomic_write,
    data_dir,
    is_transient,
    move_aside,
    read_json,
    remove_stale_temps,
)
from tafel.engines import EngineFailure, is_engine_agent, resolve_engine
from tafel.game import GameError
from tafel.i18n import _, format_datetime
from tafel.match import HUMAN, Match, parse_player, player_label
from tafel.quoting import printable

if TYPE_CHECKING:
    from tafel.registry import Registry

# A save as its JSON object. Its shape is checked once, where it is read (_shape_problem); the
# values are read by key after that.
SaveData = dict[str, JSON]


# --- one file: names and keys, reading, shape checks, what the lists show ----------------------

FORMAT = "tafel-save"
FORMAT_VERSION = 1
AUTOSAVE = "autosave"
NAMED = "save"
HISTORY = "history"
#: A save file larger than this is refused (moved aside) rather than read.
MAX_SAVE_BYTES = 8 * 1024 * 1024
#: Characters of a name shown in lists at most.
NAME_SHOWN = 120


class SaveError(GameError):
    """A save that cannot be read or resumed; the message is one line and says where it went."""

    def __init__(self, message: str, moved_to: Path | None = None, path: Path | None = None) -> None:
        super().__init__(printable(message))
        self.moved_to = moved_to
        #: The file the error is about, where it was before it was moved aside.
        self.path = path


class SaveExists(SaveError):
    """:func:`save_named` without ``replace``: a save of that name is there already."""


def clean_name(name: str) -> str:
    """A save name as kept: runs of white space as one space, Unicode in composed form (NFC)."""
    return unicodedata.normalize("NFC", " ".join(str(name).split()))


def slug(name: str) -> str:
    """A file-name-safe form of a save name (lower case, digits and dashes)."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:60].strip("-") or "save"


def name_key(name: str) -> str:
    """The file-name key of a save name: its :func:`slug` (at most 40 characters) and a hash of the
    whole name, so distinct names never share a file ("Game #1", "game 1", "Игра", "对局")."""
    name = clean_name(name)
    digest = hashlib.sha256(name.encode("utf-8")).hexdigest()[:10]
    return f"{slug(name)[:40].strip('-') or 'save'}-{digest}"


@dataclass
class SaveInfo:
    """What the lists show about one file, read without the game's plugin."""

    path: Path
    kind: str
    name: str
    game_id: str
    title: str
    moves: int
    saved_at: datetime | None
    players: list[str]
    result: SaveData | None = None

    @property
    def label(self) -> str:
        """How to name the save to ``play --resume``."""
        if self.kind == AUTOSAVE:
            return f"autosave:{self.game_id}"
        return self.name or self.path.stem

    @property
    def date_text(self) -> str:
        if self.saved_at is None:
            return "?"
        try:
            return format_datetime(self.saved_at.astimezone())
        except (OverflowError, ValueError, OSError):  # the last day of year 9999 in a zone ahead
            return self.saved_at.strftime("%Y-%m-%d %H:%M UTC")

    @property
    def opponents(self) -> str:
        """'vs AI hard', 'hot seat', 'solo' (in the current language)."""
        ais = [p for p in self.players if p != HUMAN]
        if len(self.players) == 1:
            return _("solo") if not ais else player_label(ais[0])
        if not ais:
            return _("hot seat")
        if len(ais) == len(self.players):
            return _("AI vs AI")
        return _("vs {players}").format(players=", ".join(player_label(p) for p in dict.fromkeys(ais)))


def damaged(path: Path, reason: str) -> SaveError:
    moved = _move(path, ".corrupt")
    return SaveError(f"{_what(path)} is damaged ({reason}){_where(moved)}", moved, path)


def unusable(path: Path, reason: str) -> SaveError:
    moved = _move(path, ".unusable")
    return SaveError(f"{_what(path)} cannot be resumed: {reason}{_where(moved)}", moved, path)


def _what(path: Path) -> str:
    return f"save {path.name}"


def _where(moved: Path | None) -> str:
    return f"; moved aside to {moved.name}" if moved is not None else ""


def _move(path: Path, suffix: str) -> Path | None:
    try:
        return move_aside(path, suffix)
    except OSError:
        return None


def read(path: Path) -> SaveData:
    """The record in ``path``, checked for shape. A file that is not a regular file, too large,
    not UTF-8 (a byte-order mark is fine), not JSON, nested too deeply or not a save is moved
    aside (SaveError); so is one that cannot be read, unless the error passes (too many open
    files)."""
    try:
        data = read_json(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError(f"no save {path.name}", path=path) from None
    except FileProblem as exc:
        raise damaged(path, exc.reason) from None
    except OSError as exc:
        detail = exc.strerror or type(exc).__name__
        if is_transient(exc):
            raise SaveError(f"{_what(path)} cannot be read now ({detail})", path=path) from None
        raise unusable(path, f"it cannot be read ({detail})") from None
    problem = _shape_problem(data)
    if problem:
        raise damaged(path, problem)
    if data["format_version"] > FORMAT_VERSION:
        raise unusable(path, f"written by a newer Tafel (save format {data['format_version']})")
    return data


def _shape_problem(data: object) -> str | None:
    if not isinstance(data, dict):
        return "not a Tafel save"
    if data.get("format") != FORMAT:
        return "not a Tafel save"
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        return "no format version"
    if not isinstance(data.get("game"), str) or not data["game"]:
        return "no game id"
    checks = {
        "moves": lambda v: isinstance(v, list) and all(isinstance(m, str) for m in v),
        "players": lambda v: isinstance(v, list) and bool(v) and all(isinstance(p, str) for p in v),
        "options": lambda v: isinstance(v, dict),
        "seed": lambda v: v is None or (isinstance(v, int) and not isinstance(v, bool)),
        "position": lambda v: v is None or isinstance(v, str),
        "version": lambda v: isinstance(v, str),
    }
    for key, ok in checks.items():
        if key not in data:
            return f"no {key}"
        if not ok(data[key]):
            return f"bad {key}"
    return None


def _saved_at(value: object) -> datetime | None:
    """The time in a record, in UTC (so any two compare), or None when it is not a usable time
    (``9999-12-31T23:59:59-14:00`` is past the last one Python knows in UTC)."""
    if not isinstance(value, str) or len(value) > 64:
        return None
    try:
        when = datetime.fromisoformat(value)
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        return when.astimezone(timezone.utc)
    except (ValueError, OverflowError):
        return None


def info(path: Path, data: SaveData) -> SaveInfo:
    """What the lists show; every text from the file is made :func:`printable`."""
    given_kind, given_name = data.get("kind"), data.get("name")
    kind = given_kind if isinstance(given_kind, str) and given_kind in (AUTOSAVE, NAMED, HISTORY) else NAMED
    result = data.get("result") if isinstance(data.get("result"), dict) else None
    name = given_name if isinstance(given_name, str) else ""
    return SaveInfo(
        path=path,
        kind=kind,
        name=printable(clean_name(name) or path.stem, NAME_SHOWN),
        game_id=printable(data["game"], NAME_SHOWN),
        title=printable(str(data.get("title") or data["game"]), NAME_SHOWN),
        moves=len(data["moves"]),
        saved_at=_saved_at(data.get("saved_at")),
        players=[printable(p, NAME_SHOWN) for p in data["players"]],
        result=result,
    )


# --- the data folder: writing, autosaves, listing, finding ---------------------------------------


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
        self._jobs: deque[tuple[str | None, Callable[[], object]]] = deque()
        self._busy = False
        self._thread: threading.Thread | None = None
        self._errors: list[str] = []

    def submit(self, job: Callable[[], object], key: str | None = None) -> None:
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
                _key, job = self._jobs.popleft()
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


def record(match: Match, *, kind: str = NAMED, name: str | None = None) -> SaveData:
    """The JSON object stored for ``match`` (see SAVES.md)."""
    data: SaveData = {"format": FORMAT, "format_version": FORMAT_VERSION, "kind": kind}
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


def write(path: Path, data: SaveData) -> Path:
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
