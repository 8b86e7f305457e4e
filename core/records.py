"""What a game keeps of the games played at the screen: :class:`FinishedGame`, as
``GameDef.on_finished`` receives it, and :class:`RecordsTable`, the records ``GameDef.records``
gives the core's Records screen. Both are importable from :mod:`tafel.game` and :mod:`tafel` too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tafel.game import GameState, Options


@dataclass(frozen=True)
class FinishedGame:
    """A game that just ended at the screen, as ``GameDef.on_finished`` receives it.

    ``players``: per seat ``"human"`` or the agent's name. ``undos`` and ``hints`` count what the
    people used (puzzles keep records of them).
    """

    game_id: str
    options: Options
    seed: int | None
    state: GameState
    players: tuple[str, ...]
    moves: int
    undos: int = 0
    hints: int = 0
    match_id: str = ""

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.players) if p == "human")


@dataclass(frozen=True)
class RecordsTable:
    """A game's records for the core's Records screen: column headers with their share of the
    width, and rows of texts (best first). ``note`` is one line under the title.

    >>> t = RecordsTable("Solo records", (("Deal", 1.0), ("Best", 1.0)), (("42", "solved"),))
    >>> t.rows[0][1]
    'solved'
    """

    title: str
    columns: tuple[tuple[str, float], ...]
    rows: tuple[tuple[str, ...], ...] = ()
    note: str = ""
    empty: str = "No records yet: finish a game to set the first."
    summary: tuple[str, ...] = ()  # lines under the rows (a puzzle's streaks and win rates)
