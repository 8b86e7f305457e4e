"""Solo records for AxxA, per deal (seed) and overall, kept in a JSON file between runs.

A record sheet holds, for each rule variant (triplet shape and rotation) and for each deal
and all deals together: games played and won, the best result (triplets removed, 6 = solved),
and among solved games the fewest pieces paid and the fewest undos.

The file is ``axxa-records.json`` in ``$TAFEL_DATA_DIR`` if set, else in the platform's
per-user data folder (``~/.local/share/tafel`` on Linux, ``~/Library/Application Support/Tafel``
on macOS, ``%APPDATA%\\Tafel`` on Windows). It is written atomically (a temporary file renamed
over the old one), and a missing or damaged file simply starts a fresh sheet.

>>> sheet = RecordSheet()
>>> sheet.add(SoloResult(seed=42, triplets=4, paid=20, undos=0))
['deal 42: best result 4 of 6 triplets', 'overall: best result 4 of 6 triplets']
>>> sheet.add(SoloResult(seed=42, triplets=6, paid=15, undos=2))[:3]
['deal 42: best result solved', 'deal 42: fewest pieces paid 15', 'deal 42: fewest undos 2']
>>> sheet.deal(42).won, sheet.deal(42).played, sheet.overall().fewest_paid
(1, 2, 15)
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "axxa-records.json"
VERSION = 1
SOLVED = 6


def data_dir() -> Path:
    """Where Tafel keeps per-user data: ``$TAFEL_DATA_DIR`` or the platform's usual place."""
    env = os.environ.get("TAFEL_DATA_DIR", "").strip()
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


def records_path() -> Path:
    return data_dir() / FILE_NAME


def variant_key(options: dict[str, Any] | None = None) -> str:
    """Records only compare games under the same rules: ``"chain/mandatory"`` by default.

    >>> variant_key({"triplets": "straight", "rotation": "choice"})
    'straight/choice'
    """
    options = options or {}
    return f"{options.get('triplets', 'chain')}/{options.get('rotation', 'mandatory')}"


@dataclass(frozen=True)
class SoloResult:
    """How one solo game ended: the deal, triplets removed (6 = solved), pieces paid, undos used."""

    seed: int
    triplets: int
    paid: int
    undos: int = 0

    @property
    def won(self) -> bool:
        return self.triplets >= SOLVED


@dataclass
class Record:
    """Best figures over the games of one deal (or of all deals)."""

    played: int = 0
    won: int = 0
    best: int = 0
    fewest_paid: int | None = None
    fewest_undos: int | None = None

    def add(self, result: SoloResult) -> list[str]:
        """Count ``result``; returns the figures it improved, as short texts."""
        news = []
        first = self.played == 0
        self.played += 1
        if result.triplets > self.best or (first and result.triplets >= self.best):
            self.best = result.triplets
            news.append("best result " + ("solved" if result.won else f"{result.triplets} of 6 triplets"))
        if result.won:
            self.won += 1
            if self.fewest_paid is None or result.paid < self.fewest_paid:
                self.fewest_paid = result.paid
                news.append(f"fewest pieces paid {result.paid}")
            if self.fewest_undos is None or result.undos < self.fewest_undos:
                self.fewest_undos = result.undos
                news.append(f"fewest undos {result.undos}")
        return news

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict):
            return cls()

        def num(key: str, optional: bool = False) -> int | None:
            v = data.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and v >= 0:
                return v
            return None if optional else 0

        return cls(
            played=num("played") or 0,
            won=num("won") or 0,
            best=min(SOLVED, num("best") or 0),
            fewest_paid=num("fewest_paid", True),
            fewest_undos=num("fewest_undos", True),
        )


@dataclass
class Variant:
    overall: Record = field(default_factory=Record)
    deals: dict[int, Record] = field(default_factory=dict)


class RecordSheet:
    """All records, by rule variant; :meth:`load` and :meth:`save` keep them in a file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.variants: dict[str, Variant] = {}

    # --- figures -------------------------------------------------------------------------------

    def _variant(self, variant: str) -> Variant:
        return self.variants.setdefault(variant, Variant())

    def deal(self, seed: int, variant: str = "chain/mandatory") -> Record:
        """The record of one deal (a fresh, empty one if it was never played)."""
        v = self.variants.get(variant)
        return v.deals.get(seed, Record()) if v is not None else Record()

    def overall(self, variant: str = "chain/mandatory") -> Record:
        v = self.variants.get(variant)
        return v.overall if v is not None else Record()

    def add(self, result: SoloResult, variant: str = "chain/mandatory") -> list[str]:
        """Count a finished solo game; returns the records it set ("deal 42: fewest undos 0")."""
        v = self._variant(variant)
        rec = v.deals.setdefault(result.seed, Record())
        news = [f"deal {result.seed}: {text}" for text in rec.add(result)]
        news += [f"overall: {text}" for text in v.overall.add(result)]
        return news

    def lines(self, variant: str = "chain/mandatory", limit: int = 10) -> list[str]:
        """A short text summary for a records screen: overall, then the most played deals."""
        v = self.variants.get(variant)
        if v is None or not v.overall.played:
            return ["No solo games played yet."]
        out = [f"Overall: {_summary(v.overall)}"]
        deals = sorted(v.deals.items(), key=lambda kv: (-kv[1].won, -kv[1].best, -kv[1].played, kv[0]))
        for seed, rec in deals[:limit]:
            out.append(f"Deal {seed}: {_summary(rec)}")
        return out

    # --- file ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "variants": {
                key: {
                    "overall": asdict(v.overall),
                    "deals": {str(seed): asdict(rec) for seed, rec in sorted(v.deals.items())},
                }
                for key, v in sorted(self.variants.items())
            },
        }

    @classmethod
    def from_json(cls, data: Any, path: Path | None = None) -> RecordSheet:
        sheet = cls(path)
        if not isinstance(data, dict) or not isinstance(data.get("variants"), dict):
            return sheet
        for key, raw in data["variants"].items():
            if not isinstance(raw, dict):
                continue
            v = Variant(overall=Record.from_json(raw.get("overall")))
            deals = raw.get("deals") if isinstance(raw.get("deals"), dict) else {}
            for seed_text, rec in deals.items():
                try:
                    seed = int(seed_text)
                except (TypeError, ValueError):
                    continue
                v.deals[seed] = Record.from_json(rec)
            sheet.variants[str(key)] = v
        return sheet

    @classmethod
    def load(cls, path: Path | None = None) -> RecordSheet:
        """The sheet in ``path`` (default :func:`records_path`); empty if missing or unreadable."""
        path = path or records_path()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        return cls.from_json(data, path)

    def save(self, path: Path | None = None) -> Path:
        """Write the sheet atomically: a temporary file in the same folder, renamed over the old."""
        path = path or self.path or records_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".axxa-records-", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.to_json(), f, indent=1, sort_keys=True)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        self.path = path
        return path


def _summary(rec: Record) -> str:
    parts = [f"{rec.played} played", f"{rec.won} solved"]
    if not rec.won:
        parts.append(f"best {rec.best} of 6 triplets")
    if rec.fewest_paid is not None:
        parts.append(f"fewest paid {rec.fewest_paid}")
    if rec.fewest_undos is not None:
        parts.append(f"fewest undos {rec.fewest_undos}")
    return ", ".join(parts)


def record_game(
    result: SoloResult, options: dict[str, Any] | None = None, path: Path | None = None
) -> list[str]:
    """Load the sheet, add one finished solo game, save it; returns the new records set."""
    sheet = RecordSheet.load(path)
    news = sheet.add(result, variant_key(options))
    sheet.save(path)
    return news
