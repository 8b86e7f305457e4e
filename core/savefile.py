"""One save file: its name and key, reading it, checking its shape, and what the lists show.

:mod:`tafel.saves` builds on this (folders, writing, autosaves, listing, resuming); everything
here is re-exported there. The format is described in SAVES.md.

The name of a save is kept inside the file; the file name is only a key, a simplified form of the
name followed by a hash of the whole name, so names that differ only in letters the simple form
drops still get files of their own.

>>> slug("My game: Round #2!")
'my-game-round-2'
>>> name_key("Game #1"), name_key("game 1") != name_key("Game #1"), name_key("Игра")[:5]
('game-1-1c8ea0f283', True, 'save-')
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tafel.datadir import FileProblem, is_transient, move_aside, read_json
from tafel.game import GameError
from tafel.i18n import _, format_datetime
from tafel.match import HUMAN, player_label

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


def printable(text: str, limit: int | None = None) -> str:
    r"""``text`` safe to print on a terminal or draw: control characters (escape codes, new lines,
    direction overrides) shown as escapes, spaces of any kind as one space, at most ``limit``
    characters.

    >>> printable("Evil\x1b[2J name\n"), printable("Игра\u00a01"), printable("abcdef", 4)
    ('Evil\\x1b[2J name\\n', 'Игра 1', 'abc…')
    """
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif unicodedata.category(ch) == "Zs":
            out.append(" ")
        else:
            out.append(repr(ch)[1:-1])
    text = "".join(out)
    if limit is not None and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


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


def read(path: Path) -> dict[str, Any]:
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


def _saved_at(value: Any) -> datetime | None:
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


def info(path: Path, data: dict[str, Any]) -> SaveInfo:
    """What the lists show; every text from the file is made :func:`printable`."""
    kind = data.get("kind") if data.get("kind") in (AUTOSAVE, NAMED, HISTORY) else NAMED
    result = data.get("result") if isinstance(data.get("result"), dict) else None
    name = data.get("name") if isinstance(data.get("name"), str) else ""
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
