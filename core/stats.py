"""Statistics: wins, draws and losses per game and opponent, kept in ``stats.json`` in the data folder.

A finished game counts once (its match id is remembered), from the point of view of the people
at the screen. The opponent is the AI level they played against (``"hard"``), ``"solo"`` for
one-seat games, ``"hot seat"`` for games among people only (counted as played, and as a draw
when it was one); AI against AI is not counted.

>>> from tafel.game import Outcome
>>> classify(["human", "hard"], Outcome.win(0, 2, "x"))
('hard', 'win')
>>> classify(["easy", "human"], Outcome.win(0, 2, "x"))
('easy', 'loss')
>>> classify(["human"], Outcome((0.5,), "stuck"))
('solo', 'loss')
>>> classify(["easy", "easy"], Outcome.draw(2, "x")) is None
True
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tafel.datadir import atomic_write, data_dir, load_json_file
from tafel.game import Outcome
from tafel.match import HUMAN

FILE_NAME = "stats.json"
RESULTS = ("win", "draw", "loss")
#: Match ids remembered so a game is never counted twice.
SEEN_LIMIT = 2000
SOLO = "solo"
#: A statistics file larger than this is refused (moved aside).
MAX_BYTES = 4 * 1024 * 1024
HOT_SEAT = "hot seat"


def classify(players: Sequence[str], outcome: Outcome) -> tuple[str, str] | None:
    """(opponent, result) for the people at the screen, or None when no one played."""
    humans = [i for i, p in enumerate(players) if p == HUMAN]
    if not humans:
        return None
    ais = [p for p in players if p != HUMAN]
    if len(players) == 1:
        opponent = SOLO
    elif not ais:
        opponent = HOT_SEAT
    else:
        # The strongest named level they faced (mixed tables: the first listed).
        opponent = ais[0] if len(set(ais)) == 1 else "+".join(dict.fromkeys(ais))
    if outcome.is_draw:
        return opponent, "draw"
    if opponent == HOT_SEAT:
        return opponent, "played"
    won = any(i in outcome.winners for i in humans)
    return opponent, "win" if won else "loss"


@dataclass
class Line:
    win: int = 0
    draw: int = 0
    loss: int = 0
    played: int = 0

    @property
    def games(self) -> int:
        return self.win + self.draw + self.loss + self.played

    def to_dict(self) -> dict[str, int]:
        return {"win": self.win, "draw": self.draw, "loss": self.loss, "played": self.played}


@dataclass
class Stats:
    """``lines[game_id][opponent]`` holds the counts."""

    lines: dict[str, dict[str, Line]] = field(default_factory=dict)
    seen: list[str] = field(default_factory=list)

    def add(self, game_id: str, match_id: str, players: Sequence[str], outcome: Outcome) -> bool:
        """Count a finished game once; False when it was counted before or nobody played."""
        if match_id in self.seen:
            return False
        kind = classify(players, outcome)
        if kind is None:
            return False
        opponent, result = kind
        line = self.lines.setdefault(game_id, {}).setdefault(opponent, Line())
        setattr(line, result, getattr(line, result) + 1)
        self.seen.append(match_id)
        del self.seen[:-SEEN_LIMIT]
        return True

    def to_dict(self) -> dict[str, object]:
        return {
            "version": 1,
            "games": {g: {o: line.to_dict() for o, line in ops.items()} for g, ops in self.lines.items()},
            "seen": list(self.seen),
        }

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        stats = cls()
        if not isinstance(data, dict):
            return stats
        games = data.get("games")
        if isinstance(games, dict):
            for game_id, ops in games.items():
                if not isinstance(ops, dict):
                    continue
                for opponent, counts in ops.items():
                    if not isinstance(counts, dict):
                        continue
                    line = Line()
                    for key in (*RESULTS, "played"):
                        value = counts.get(key, 0)
                        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                            setattr(line, key, value)
                    stats.lines.setdefault(str(game_id), {})[str(opponent)] = line
        seen = data.get("seen")
        if isinstance(seen, list):
            stats.seen = [s for s in seen if isinstance(s, str)][-SEEN_LIMIT:]
        return stats

    @classmethod
    def load(cls, path: Path | None = None) -> Stats:
        """The statistics in ``path`` (default :func:`stats_path`); empty when there are none,
        and when the file cannot be used (it is moved aside, with one line on stderr)."""
        path = path or stats_path()
        data, problem = load_json_file(
            path,
            "statistics file",
            limit=MAX_BYTES,
            check=lambda d: None if isinstance(d, dict) else "not a JSON object",
        )
        if problem is not None:
            print(f"tafel: {problem}; starting afresh", file=sys.stderr)
        return cls.from_dict(data)

    def save(self, path: Path | None = None) -> bool:
        path = path or stats_path()
        try:
            atomic_write(path, json.dumps(self.to_dict(), indent=1, sort_keys=True) + "\n")
        except OSError as exc:
            print(f"tafel: could not save statistics: {exc}", file=sys.stderr)
            return False
        return True


def stats_path() -> Path:
    return data_dir() / FILE_NAME


def record_result(game_id: str, match_id: str, players: Sequence[str], outcome: Outcome) -> bool:
    """Load, count and save in one go (what the play screen does at game over)."""
    stats = Stats.load()
    if stats.add(game_id, match_id, players, outcome):
        return stats.save()
    return False
