"""Solo records for AxxA, per deal (seed) and overall, kept in a JSON file between runs.

A record sheet holds, for each rule variant (triplet shape and rotation) and for each deal
and all deals together: games played and won, the best result (triplets removed, 6 = solved),
and among solved games the fewest pieces paid and the fewest undos.

The file is ``axxa-records.json`` in Tafel's data folder (:func:`tafel.datadir.data_dir`:
``$TAFEL_DATA_DIR`` if set, else the platform's per-user place). It is written atomically, and
a damaged file is moved aside and a fresh sheet started.

>>> sheet = RecordSheet()
>>> sheet.add(SoloResult(seed=42, triplets=4, paid=20, undos=0))
['deal 42: best result 4 of 6 triplets', 'overall: best result 4 of 6 triplets']
>>> sheet.add(SoloResult(seed=42, triplets=6, paid=15, undos=2))[:3]
['deal 42: best result solved', 'deal 42: fewest pieces paid 15', 'deal 42: fewest undos 2']
>>> sheet.deal(42).won, sheet.deal(42).played, sheet.overall().fewest_paid
(1, 2, 15)

A match taken back after its end and finished again counts once as played (and once as won):

>>> sheet.add(SoloResult(seed=7, triplets=3, paid=20, match_id="m1"))[:1]
['deal 7: best result 3 of 6 triplets']
>>> sheet.add(SoloResult(seed=7, triplets=6, paid=18, undos=1, match_id="m1"))[:1]
['deal 7: best result solved']
>>> sheet.deal(7).played, sheet.deal(7).won
(1, 1)

Solo play as a whole keeps streaks and win rates by difficulty (:class:`SoloStats`):

>>> sheet.solo.streak, sheet.solo.best_streak, sheet.solo.by_difficulty
(2, 2, {})
>>> _ = sheet.add(SoloResult(seed=8, triplets=2, paid=20, difficulty="hard"))
>>> sheet.solo.streak, sheet.solo.best_streak, sheet.solo.by_difficulty
(0, 2, {'hard': [1, 0]})
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tafel import atomic_write, data_dir, format_percent, move_aside

from .texts import _

FILE_NAME = "axxa-records.json"
VERSION = 1
SOLVED = 6
#: How many match ids the sheet remembers (see :attr:`RecordSheet.recent`).
RECENT_LIMIT = 200


def records_path() -> Path:
    return data_dir() / FILE_NAME


def variant_key(options: dict[str, Any] | None = None) -> str:
    """Records only compare games under the same rules: ``"chain/mandatory"`` by default.

    >>> variant_key({"triplets": "straight", "rotation": "choice"})
    'straight/choice'
    """
    options = options or {}
    return f"{options.get('triplets', 'chain')}/{options.get('rotation', 'mandatory')}"


def variant_label(key: str) -> str:
    """A variant key for people.

    >>> variant_label("chain/mandatory"), variant_label("straight/choice")
    ('any chain', 'straight lines, turn by choice')
    """
    key = key.removeprefix("daily/")
    shape, _sep, rotation = key.partition("/")
    text = _("straight lines") if shape == "straight" else _("any chain")
    return text + (_(", turn by choice") if rotation == "choice" else "")


@dataclass(frozen=True)
class SoloResult:
    """How one solo game ended: the deal, triplets removed (6 = solved), pieces paid, undos used."""

    seed: int
    triplets: int
    paid: int
    undos: int = 0
    #: The match it ends: a game taken back after its end and finished again is one game played.
    match_id: str = ""
    #: The deal's difficulty (easy .. very hard), when it was worked out.
    difficulty: str = ""

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

    def add(self, result: SoloResult, again: bool = False, won_before: bool = False) -> list[str]:
        """Count ``result``; returns the figures it improved, as short texts. ``again``: the same
        match ended before (taken back and played on), so it is not counted as played twice, nor
        as won twice when ``won_before``."""
        news = []
        first = self.played == 0
        if not again:
            self.played += 1
        if result.triplets > self.best or (first and result.triplets >= self.best):
            self.best = result.triplets
            best = _("solved") if result.won else _("{n} of 6 triplets").format(n=result.triplets)
            news.append(_("best result {result}").format(result=best))
        if result.won:
            if not won_before:
                self.won += 1
            if self.fewest_paid is None or result.paid < self.fewest_paid:
                self.fewest_paid = result.paid
                news.append(_("fewest pieces paid {n}").format(n=result.paid))
            if self.fewest_undos is None or result.undos < self.fewest_undos:
                self.fewest_undos = result.undos
                news.append(_("fewest undos {n}").format(n=result.undos))
        return news

    def cells(self) -> tuple[str, ...]:
        """Played, solved, best, fewest paid, fewest undos: texts for a records table.

        >>> Record(played=3, won=1, best=6, fewest_paid=12, fewest_undos=0).cells()
        ('3', '1', 'solved', '12', '0')
        """
        best = _("solved") if self.best >= SOLVED else _("{n} of 6").format(n=self.best)
        paid = "–" if self.fewest_paid is None else str(self.fewest_paid)
        undos = "–" if self.fewest_undos is None else str(self.fewest_undos)
        return (str(self.played), str(self.won), best, paid, undos)

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
class SoloStats:
    """Solo play as a whole: wins in a row now and at best, and games played and won by the
    deal's difficulty (``{"easy": [played, won]}``). A match finished again after an undo counts
    once: a loss turned into a win mends the streak it broke, when it was the last game."""

    streak: int = 0
    best_streak: int = 0
    by_difficulty: dict[str, list[int]] = field(default_factory=dict)
    last_match: str = ""
    streak_before: int = 0

    def add(self, result: SoloResult, again: bool, won_before: bool) -> list[str]:
        best = self.best_streak
        bucket = self.by_difficulty.setdefault(result.difficulty, [0, 0]) if result.difficulty else None
        if not again:
            self.streak_before, self.last_match = self.streak, result.match_id
            self.streak = self.streak + 1 if result.won else 0
            if bucket is not None:
                bucket[0] += 1
                bucket[1] += int(result.won)
        elif result.won and not won_before:
            if result.match_id and result.match_id == self.last_match:
                self.streak = self.streak_before + 1
            if bucket is not None:
                bucket[0] = max(bucket[0], 1)
                bucket[1] = min(bucket[0], bucket[1] + 1)
        self.best_streak = max(self.best_streak, self.streak)
        if self.best_streak <= max(1, best):
            return []
        n = self.best_streak
        return [_.ngettext("best streak {n} win in a row", "best streak {n} wins in a row", n).format(n=n)]

    def lines(self) -> list[str]:
        """The records screen's summary: streaks, then the win rate by difficulty.

        >>> SoloStats(2, 5, {"easy": [4, 3], "hard": [2, 0]}).lines()
        ['Wins in a row: 2 · best streak: 5', 'Solved by difficulty: easy 75% (3 of 4) · hard 0% (0 of 2)']
        """
        out = [
            _("Wins in a row: {streak} · best streak: {best}").format(
                streak=self.streak, best=self.best_streak
            )
        ]
        rates = [
            _("{label} {rate} ({won} of {played})").format(
                label=_(label), rate=format_percent(won / played), won=won, played=played
            )
            for label in ("easy", "medium", "hard", "very hard")
            for played, won in [self.by_difficulty.get(label, [0, 0])]
            if played
        ]
        if rates:
            out.append(_("Solved by difficulty: {rates}").format(rates=" · ".join(rates)))
        return out

    @classmethod
    def from_json(cls, data: Any) -> SoloStats:
        if not isinstance(data, dict):
            return cls()

        def num(key: str) -> int:
            v = data.get(key)
            return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0

        by_difficulty = data.get("by_difficulty")
        table = by_difficulty if isinstance(by_difficulty, dict) else {}
        by = {
            str(k): [int(v[0]), min(int(v[0]), int(v[1]))]
            for k, v in table.items()
            if isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) and x >= 0 for x in v)
        }
        last = data.get("last_match")
        return cls(
            num("streak"), num("best_streak"), by, last if isinstance(last, str) else "", num("streak_before")
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
        #: Matches counted lately, by id: whether each was won (so a match finished again after
        #: an undo is not counted twice).
        self.recent: dict[str, bool] = {}
        #: Set by :meth:`load` when the file on disk could not be used.
        self.problem = ""
        #: Streaks and win rates by difficulty over all solo games.
        self.solo = SoloStats()

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
        again = bool(result.match_id) and result.match_id in self.recent
        won_before = self.recent.get(result.match_id, False)
        news = [
            _("deal {seed}: {record}").format(seed=result.seed, record=t)
            for t in rec.add(result, again, won_before)
        ]
        news += [_("overall: {record}").format(record=t) for t in v.overall.add(result, again, won_before)]
        news += [_("solo play: {record}").format(record=t) for t in self.solo.add(result, again, won_before)]
        if result.match_id:
            self.recent.pop(result.match_id, None)
            self.recent[result.match_id] = won_before or result.won
            for old in list(self.recent)[:-RECENT_LIMIT]:
                del self.recent[old]
        return news

    def lines(self, variant: str = "chain/mandatory", limit: int = 10) -> list[str]:
        """A short text summary for a records screen: overall, then the most played deals."""
        v = self.variants.get(variant)
        if v is None or not v.overall.played:
            return [_("No solo games played yet.")]
        out = [_("Overall: {summary}").format(summary=_summary(v.overall))]
        deals = sorted(v.deals.items(), key=lambda kv: (-kv[1].won, -kv[1].best, -kv[1].played, kv[0]))
        for seed, rec in deals[:limit]:
            out.append(_("Deal {seed}: {summary}").format(seed=seed, summary=_summary(rec)))
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
            "recent": dict(self.recent),
            "solo": asdict(self.solo),
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
            raw_deals = raw.get("deals")
            deals = raw_deals if isinstance(raw_deals, dict) else {}
            for seed_text, rec in deals.items():
                try:
                    seed = int(seed_text)
                except (TypeError, ValueError):
                    continue
                v.deals[seed] = Record.from_json(rec)
            sheet.variants[str(key)] = v
        recent = data.get("recent")
        if isinstance(recent, dict):
            sheet.recent = {str(k): bool(v) for k, v in recent.items()}
        sheet.solo = SoloStats.from_json(data.get("solo"))
        return sheet

    @classmethod
    def load(cls, path: Path | None = None) -> RecordSheet:
        """The sheet in ``path`` (default :func:`records_path`); empty if missing. A damaged file
        is moved aside (``axxa-records.json.corrupt``) so no record is overwritten unseen, and
        :attr:`problem` says so."""
        path = path or records_path()
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(path)
        except OSError as exc:
            sheet = cls(path)
            sheet.problem = _("records file unreadable ({error}): starting a fresh sheet").format(
                error=exc.strerror or exc
            )
            return sheet
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or not isinstance(data.get("variants"), dict):
                raise ValueError("not a records sheet")
        except ValueError:
            sheet = cls(path)
            try:
                moved = move_aside(path)
                sheet.problem = _("records file was damaged; kept as {name}, starting a fresh sheet").format(
                    name=moved.name
                )
            except OSError:
                sheet.problem = _("records file was damaged: starting a fresh sheet")
            return sheet
        return cls.from_json(data, path)

    def save(self, path: Path | None = None) -> Path:
        """Write the sheet atomically (a temporary file renamed over the old one)."""
        path = path or self.path or records_path()
        atomic_write(path, json.dumps(self.to_json(), indent=1, sort_keys=True))
        self.path = path
        return path


def _summary(rec: Record) -> str:
    parts = [_("{n} played").format(n=rec.played), _("{n} solved").format(n=rec.won)]
    if not rec.won:
        parts.append(_("best {n} of 6 triplets").format(n=rec.best))
    if rec.fewest_paid is not None:
        parts.append(_("fewest paid {n}").format(n=rec.fewest_paid))
    if rec.fewest_undos is not None:
        parts.append(_("fewest undos {n}").format(n=rec.fewest_undos))
    return ", ".join(parts)


def record_game(
    result: SoloResult, options: dict[str, Any] | None = None, path: Path | None = None, variant: str = ""
) -> list[str]:
    """Load the sheet, add one finished solo game, save it; returns the new records set.
    ``variant``: the records' variant (default: the rules of ``options``)."""
    sheet = RecordSheet.load(path)
    news = sheet.add(result, variant or variant_key(options))
    sheet.save(path)
    return news
