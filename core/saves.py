"""Saved games, autosaves and the history of finished games: JSON files in the data folder.

The format is described in SAVES.md. In short, a save is one JSON object with the plugin's
game id and version, the options, the seed, the start position, who plays each seat and the
moves in the game's notation; loading replays the moves. Nothing is pickled, so a save can
never run code, and a save from another version of a game is refused instead of misread.

Layout of the data folder::

    saves/auto/<game id>.json      the autosave of the last unfinished game of each game
    saves/<name>.json              games saved by name from the pause menu
    history/<game id>-<id>.json    finished games, for the history screen and replays

Every file is written atomically (:func:`tafel.datadir.atomic_write`), so a save is complete or
absent even after ``kill -9``. A file that cannot be used (damaged JSON, another format, a game
that is not installed, another game version, moves that no longer replay) is renamed
``*.corrupt`` or ``*.unusable`` with a one-line :class:`SaveError`; other saves are untouched.

>>> slug("My game: Round #2!")
'my-game-round-2'
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tafel.ai.base import LEVELS
from tafel.datadir import atomic_write, data_dir, move_aside
from tafel.game import GameError
from tafel.match import HUMAN, Match

if TYPE_CHECKING:
    from tafel.registry import Registry

FORMAT = "tafel-save"
FORMAT_VERSION = 1
AUTOSAVE = "autosave"
NAMED = "save"
HISTORY = "history"
#: Newest history files listed at most (older ones stay on disk).
HISTORY_LIMIT = 500


class SaveError(GameError):
    """A save that cannot be read or resumed; the message is one line and says where it went."""

    def __init__(self, message: str, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


# --- where ---------------------------------------------------------------------------------------


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_dir() -> Path:
    return saves_dir() / "auto"


def history_dir() -> Path:
    return data_dir() / "history"


def slug(name: str) -> str:
    """A file-name-safe form of a save name (lower case, digits and dashes)."""
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text[:60].strip("-") or "save"


def autosave_path(game_id: str) -> Path:
    return autosave_dir() / f"{slug(game_id)}.json"


def named_path(name: str) -> Path:
    return saves_dir() / f"{slug(name)}.json"


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
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("id") not in (None, match.id):
            return False
        path.unlink()
        return True
    except (OSError, ValueError):
        return False


def save_named(match: Match, name: str) -> Path:
    """Save ``match`` under ``name`` (a save of the same name is replaced)."""
    name = " ".join(name.split()) or default_name(match)
    return write(named_path(name), record(match, kind=NAMED, name=name))


def default_name(match: Match) -> str:
    return f"{match.game.title} {datetime.now().strftime('%Y-%m-%d %H.%M')}"


def _history_path(match: Match) -> Path:
    return history_dir() / f"{slug(match.game.id)}-{slug(match.id)}.json"


def archive(match: Match) -> Path:
    """Put a finished ``match`` into the history (the same match replaces its earlier entry)."""
    return write(_history_path(match), record(match, kind=HISTORY, name=match.game.title))


# --- reading -------------------------------------------------------------------------------------


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
    result: dict[str, Any] | None = None

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
        return self.saved_at.astimezone().strftime("%Y-%m-%d %H:%M")

    @property
    def opponents(self) -> str:
        """'vs AI hard', 'hot seat', 'solo'."""
        ais = [p for p in self.players if p != HUMAN]
        if len(self.players) == 1:
            return "solo" if not ais else f"AI {ais[0]}"
        if not ais:
            return "hot seat"
        if len(ais) == len(self.players):
            return "AI vs AI"
        return "vs AI " + ", ".join(dict.fromkeys(ais))


def _damaged(path: Path, reason: str) -> SaveError:
    moved = _move(path, ".corrupt")
    return SaveError(f"{_what(path)} is damaged ({reason}){_where(moved)}", moved)


def _unusable(path: Path, reason: str) -> SaveError:
    moved = _move(path, ".unusable")
    return SaveError(f"{_what(path)} cannot be resumed: {reason}{_where(moved)}", moved)


def _what(path: Path) -> str:
    return f"save {path.name}"


def _where(moved: Path | None) -> str:
    return f"; moved aside to {moved.name}" if moved is not None else ""


def _move(path: Path, suffix: str) -> Path | None:
    try:
        return move_aside(path, suffix)
    except OSError:
        return None


def read(path: Path) -> dict[str, Any]:
    """The record in ``path``, checked for shape. A damaged file is moved aside (SaveError)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"no save {path.name}") from None
    except OSError as exc:
        raise SaveError(f"{_what(path)} cannot be read: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _damaged(path, "not UTF-8 text") from None
    except ValueError as exc:
        reason = "empty file" if not raw.strip() else f"bad JSON: {str(exc).splitlines()[0]}"
        raise _damaged(path, reason) from None
    problem = _shape_problem(data)
    if problem:
        raise _damaged(path, problem)
    if data["format_version"] > FORMAT_VERSION:
        raise _unusable(path, f"written by a newer Tafel (save format {data['format_version']})")
    return data


def _shape_problem(data: Any) -> str | None:
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


def info(path: Path, data: dict[str, Any]) -> SaveInfo:
    saved_at = None
    try:
        saved_at = datetime.fromisoformat(str(data.get("saved_at")))
        if saved_at.tzinfo is None:
            saved_at = saved_at.replace(tzinfo=timezone.utc)
    except ValueError:
        pass
    kind = data.get("kind") if data.get("kind") in (AUTOSAVE, NAMED, HISTORY) else NAMED
    result = data.get("result") if isinstance(data.get("result"), dict) else None
    return SaveInfo(
        path=path,
        kind=kind,
        name=str(data.get("name") or path.stem),
        game_id=data["game"],
        title=str(data.get("title") or data["game"]),
        moves=len(data["moves"]),
        saved_at=saved_at,
        players=list(data["players"]),
        result=result,
    )


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
        raise _unusable(path, f"the game {game_id!r} is not installed")
    if data["version"] != game.version:
        raise _unusable(
            path, f"saved with {game.title} version {data['version']}, this is version {game.version}"
        )
    data = dict(data)
    # An agent the registry no longer offers is replaced by the default level.
    players = []
    for player in data["players"]:
        name = player.strip().lower()
        if name != HUMAN and name not in LEVELS:
            try:
                registry.agent(name, game_id)
            except GameError:
                name = "medium"
        players.append(name)
    data["players"] = players
    try:
        return Match.from_dict(data, registry)
    except GameError as exc:
        raise _damaged(path, str(exc).splitlines()[0] if str(exc) else type(exc).__name__) from None
    except Exception as exc:  # a plugin bug while replaying must not close the arcade
        raise _damaged(path, f"{type(exc).__name__}: {exc}".splitlines()[0]) from None


def _scan(folder: Path, problems: list[str] | None) -> list[SaveInfo]:
    out: list[SaveInfo] = []
    try:
        files = sorted(folder.glob("*.json"))
    except OSError:
        return out
    for path in files:
        try:
            out.append(info(path, read(path)))
        except SaveError as exc:
            if problems is not None:
                problems.append(str(exc))
            else:
                print(f"tafel: {exc}", file=sys.stderr)
    return out


def _newest_first(items: list[SaveInfo]) -> list[SaveInfo]:
    epoch = datetime.fromtimestamp(0, timezone.utc)
    return sorted(items, key=lambda i: i.saved_at or epoch, reverse=True)


def list_saves(problems: list[str] | None = None) -> list[SaveInfo]:
    """Autosaves and named saves, newest first. Damaged files are moved aside and reported in
    ``problems`` (or on stderr)."""
    flush()
    return _newest_first(_scan(autosave_dir(), problems) + _scan(saves_dir(), problems))


def list_history(problems: list[str] | None = None) -> list[SaveInfo]:
    """Finished games, newest first (at most HISTORY_LIMIT)."""
    flush()
    folder = history_dir()
    try:
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    out = []
    for path in files[:HISTORY_LIMIT]:
        try:
            out.append(info(path, read(path)))
        except SaveError as exc:
            if problems is not None:
                problems.append(str(exc))
    return _newest_first(out)


def latest_autosave(problems: list[str] | None = None) -> SaveInfo | None:
    flush()
    autos = _newest_first(_scan(autosave_dir(), problems))
    return autos[0] if autos else None


def find(name: str | None, problems: list[str] | None = None) -> SaveInfo:
    """The save ``play --resume NAME`` means: the newest autosave when ``name`` is None or
    ``autosave``; ``autosave:GAME``; else a named save by name or file name."""
    if name is None or name.strip().lower() == AUTOSAVE:
        latest = latest_autosave(problems)
        if latest is None:
            raise SaveError("there is no autosaved game to resume")
        return latest
    wanted = name.strip()
    saves = list_saves(problems)
    for item in saves:
        if wanted in (item.label, item.name, item.path.stem, item.path.name) or slug(wanted) == (
            item.path.stem if item.kind == NAMED else None
        ):
            return item
    known = ", ".join(item.label for item in saves) or "none"
    raise SaveError(f"no save named {wanted!r} (saves: {known})")


def delete(path: Path) -> None:
    path.unlink(missing_ok=True)
