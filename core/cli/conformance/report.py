"""The conformance report, the constants of the suite, and the record of one random game."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path

from tafel.game import GameState, Move

#: Window sizes the renderer is checked at: wide, classic, portrait and tiny.
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1600, 900), (1024, 768), (480, 800), (240, 180))
#: Pixels around the board rectangle where drawing is measured (spills are reported as a note).
_MARGIN = 16
_SENTINEL = (1, 254, 3)
#: A move animation longer than this (simulated seconds) never ends.
_ANIMATION_LIMIT = 10.0
#: At most this many legal moves of a position are each played (large move lists are sampled).
_PLAY_ALL_LIMIT = 48
#: At most this many moves of the previous position are looked at for refusals.
_STALE_LIMIT = 2000


@dataclass
class Report:
    """What :func:`check_game` found. ``ok`` when there is no failure; notes never fail a check."""

    game: str
    games: int = 0
    plies: int = 0
    finished: int = 0
    failures: list[str] = field(default_factory=list)
    #: Things worth knowing that do not break the core (no rules text, no evaluate, ...).
    notes: list[str] = field(default_factory=list)
    #: Frames the renderer drew, and at which window sizes.
    frames: int = 0
    sizes: tuple[tuple[int, int], ...] = ()
    #: One line per extra part checked ("option layout=pillars: 1 random game, 40 moves").
    parts: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def fail(self, text: str) -> None:
        if len(self.failures) < 20 and text not in self.failures:
            self.failures.append(text)

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def summary(self) -> str:
        s = "" if self.games == 1 else "s"
        return f"{self.games} random game{s}, {self.plies} moves, {self.finished} finished"

    def merge(self, other: Report, label: str) -> None:
        """Add the findings of a check with other options, under ``label``."""
        self.parts.append(f"{label}: {other.summary()}" + ("" if other.ok else " FAILED"))
        for text in other.failures:
            self.fail(f"[{label}] {text}")
        for text in other.notes:
            self.note(text)

    def lines(self) -> list[str]:
        head = f"{self.game}: {self.summary()}"
        out = [head]
        if self.sizes:
            sizes = ", ".join(f"{w}x{h}" for w, h in self.sizes)
            out.append(f"renderer: {self.frames} frames drawn at {sizes}")
        out += self.parts
        out += ["note: " + n for n in self.notes]
        if self.ok:
            return [*out, "conformance: ok"]
        return [*out, *("FAIL " + f for f in self.failures), f"conformance: {len(self.failures)} failure(s)"]


def _where_in_code(exc: BaseException) -> str:
    """``file.py:12 in name`` for the innermost frame, so an author sees where their code broke."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f" ({Path(last.filename).name}:{last.lineno} in {last.name})"


def _crash(report: Report, where: str, what: str, exc: BaseException) -> None:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    report.fail(
        f"{where}: {what} raised {type(exc).__name__}{': ' + text if text else ''}{_where_in_code(exc)}"
    )


@dataclass
class _Run:
    """One random game: its states and the moves between them."""

    states: list[GameState]
    moves: list[Move]
