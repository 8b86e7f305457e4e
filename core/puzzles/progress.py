"""The player's puzzle records: a Glicko-2 rating per game, each puzzle's own rating as it moves,
the puzzles solved and failed, streaks and daily puzzles. Kept in ``puzzles.json`` in the data
folder, read with :func:`tafel.datadir.load_json_file` (a damaged file is moved aside with one
line, entries of the wrong shape are dropped) and written atomically.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "puzzles.json"
>>> progress = load_progress(path)
>>> from tafel.puzzles.puzzle import Puzzle
>>> p = Puzzle("abc123", "g", {}, "x", ("a1",), 0, 1500.0)
>>> change = progress.record("g", p, solved=True)
>>> change.before < change.after, progress.solved_ids("g")
(True, {'abc123'})
>>> progress.save(); round(load_progress(path).rating("g").rating) == round(change.after)
True
>>> import shutil; shutil.rmtree(path.parent)  # the example's folder, gone
"""

from __future__ import annotations

import datetime
import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from tafel.datadir import atomic_write, data_dir, load_json_file
from tafel.puzzles.glicko import Rating, rate_attempt
from tafel.puzzles.puzzle import Puzzle

FILE_NAME = "puzzles.json"
#: Puzzles whose rating is kept at most per game (the rest start from the shipped rating again).
MAX_KEPT = 5000


@dataclass(frozen=True)
class RatingChange:
    """The player's rating before and after an attempt (shown after each puzzle)."""

    before: float
    after: float

    @property
    def delta(self) -> int:
        return round(self.after) - round(self.before)


class GameProgressJson(TypedDict):
    """A game's records as ``puzzles.json`` keeps them (:meth:`GameProgress.to_json`); a rating is
    [rating, deviation, volatility]."""

    player: list[float]
    puzzles: dict[str, list[float]]
    solved: list[str]
    failed: list[str]
    attempts: int
    best_streak: int
    dailies: list[str]


@dataclass
class GameProgress:
    player: Rating = field(default_factory=Rating)
    puzzles: dict[str, Rating] = field(default_factory=dict)
    solved: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)
    attempts: int = 0
    best_streak: int = 0
    dailies: set[str] = field(default_factory=set)  # ISO days whose daily puzzle was solved

    def to_json(self) -> GameProgressJson:
        return {
            "player": _rating_json(self.player),
            "puzzles": {pid: _rating_json(r) for pid, r in sorted(self.puzzles.items())},
            "solved": sorted(self.solved),
            "failed": sorted(self.failed),
            "attempts": self.attempts,
            "best_streak": self.best_streak,
            "dailies": sorted(self.dailies),
        }


def _rating_json(r: Rating) -> list[float]:
    return [round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)]


def _rating(raw: object) -> Rating | None:
    if not isinstance(raw, list) or len(raw) != 3:
        return None
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in raw):
        return None
    rating, deviation, volatility = (float(x) for x in raw)
    if not (0 < rating < 5000 and 0 < deviation <= 500 and 0 < volatility < 1):
        return None
    return Rating(rating, deviation, volatility)


def _ids(raw: object) -> set[str]:
    if not isinstance(raw, list):
        return set()
    return {x for x in raw[:100_000] if isinstance(x, str) and 0 < len(x) <= 40}


def _count(raw: object) -> int:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < 10**9 else 0


def _game(raw: object) -> GameProgress:
    progress = GameProgress()
    if not isinstance(raw, dict):
        return progress
    progress.player = _rating(raw.get("player")) or Rating()
    puzzles = raw.get("puzzles")
    if isinstance(puzzles, dict):
        for pid, value in list(puzzles.items())[:MAX_KEPT]:
            rating = _rating(value)
            if isinstance(pid, str) and rating is not None:
                progress.puzzles[pid] = rating
    progress.solved = _ids(raw.get("solved"))
    progress.failed = _ids(raw.get("failed"))
    progress.attempts = _count(raw.get("attempts"))
    progress.best_streak = _count(raw.get("best_streak"))
    progress.dailies = _ids(raw.get("dailies"))
    return progress


class Progress:
    """All games' puzzle records (see the module docstring). ``problem``: why the file could not be
    used (one line), None when it could."""

    def __init__(self, path: Path, games: dict[str, GameProgress] | None = None, problem: str | None = None):
        self.path = path
        self.games = games or {}
        self.problem = problem

    def of(self, game_id: str) -> GameProgress:
        return self.games.setdefault(game_id, GameProgress())

    def rating(self, game_id: str) -> Rating:
        return self.of(game_id).player

    def puzzle_rating(self, puzzle: Puzzle) -> Rating:
        kept = self.of(puzzle.game).puzzles.get(puzzle.id)
        return kept if kept is not None else Rating(puzzle.rating, 200.0)

    def puzzle_ratings(self, game_id: str) -> dict[str, float]:
        return {pid: r.rating for pid, r in self.of(game_id).puzzles.items()}

    def solved_ids(self, game_id: str) -> set[str]:
        return set(self.of(game_id).solved)

    def record(self, game_id: str, puzzle: Puzzle, solved: bool, rated: bool = True) -> RatingChange:
        """One attempt: both ratings move (when ``rated``), the puzzle counts as solved or failed."""
        game = self.of(game_id)
        before = game.player
        if rated:
            game.player, game.puzzles[puzzle.id] = rate_attempt(before, self.puzzle_rating(puzzle), solved)
            if len(game.puzzles) > MAX_KEPT:
                game.puzzles.pop(next(iter(game.puzzles)))
        game.attempts += 1
        (game.solved if solved else game.failed).add(puzzle.id)
        return RatingChange(before.rating, game.player.rating)

    def record_streak(self, game_id: str, length: int) -> bool:
        """A streak of ``length`` ended; True when it is the best so far."""
        game = self.of(game_id)
        if length > game.best_streak:
            game.best_streak = length
            return True
        return False

    def record_daily(self, game_id: str, day: datetime.date | None = None) -> None:
        self.of(game_id).dailies.add((day or datetime.date.today()).isoformat())

    def daily_done(self, game_id: str, day: datetime.date | None = None) -> bool:
        return (day or datetime.date.today()).isoformat() in self.of(game_id).dailies

    def save(self) -> None:
        data = {"version": 1, "games": {gid: g.to_json() for gid, g in sorted(self.games.items())}}
        atomic_write(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def _check(data: object) -> str | None:
    if not isinstance(data, dict) or not isinstance(data.get("games", {}), dict):
        return "not a puzzle record"
    return None


def load_progress(path: Path | None = None) -> Progress:
    """The records in ``path`` (default: the data folder's ``puzzles.json``); empty when there are
    none or the file could not be used (``problem`` says why)."""
    path = path or data_dir() / FILE_NAME
    data, problem = load_json_file(path, "puzzle records", check=_check)
    games: dict[str, GameProgress] = {}
    if isinstance(data, dict):
        for gid, raw in list(data.get("games", {}).items())[:1000]:
            if isinstance(gid, str) and 0 < len(gid) <= 60:
                games[gid] = _game(raw)
    return Progress(path, games, problem)
