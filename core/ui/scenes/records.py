"""A game's own records (``GameDef.records``): a puzzle's bests per setup and overall.

The game hands over a :class:`tafel.game.RecordsTable` (title, columns, rows); this screen only
shows it. A game whose records fail to load shows the error in place of the rows.
"""

from __future__ import annotations

from typing import Any

from tafel.game import GameDef, RecordsTable, one_line
from tafel.i18n import N_, _
from tafel.ui.scenes.lists import ListRow, ListScene


class RecordsScene(ListScene):
    hints = N_("↑↓ scroll · Esc back")

    def __init__(self, app: Any, game: GameDef) -> None:
        self.game = game
        self.title = _("{game}: records").format(game=game.translate(game.title))
        self.columns = ((N_("Records"), 1.0),)
        super().__init__(app)

    def table(self) -> RecordsTable | None:
        if self.game.records is None:
            return None
        try:
            return self.game.records()
        except Exception as exc:  # a damaged records file or a plugin bug: say so, keep running
            self.messages = [_("Records could not be read: {error}").format(error=one_line(exc))]
            return None

    def rows(self) -> list[ListRow]:
        self.messages = []
        table = self.table()
        if table is None:
            self.empty_text = N_("No records.")
            return []
        self.title = f"{self.game.translate(self.game.title)}: {self.game.translate(table.title)}"
        self.columns = table.columns or ((N_("Records"), 1.0),)
        self.empty_text = table.empty
        if table.note:
            self.messages = [table.note]
        return [ListRow(f"record:{i}", list(cells)) for i, cells in enumerate(table.rows)]


def open_records(app: Any, game: GameDef) -> None:
    """Push the records screen of ``game`` (which must have ``records``)."""
    app.push(RecordsScene(app, game))
