"""A game's own records (``GameDef.records``): a puzzle's bests per setup and overall.

The game hands over a :class:`tafel.game.RecordsTable` (title, columns, rows); this screen only
shows it. A game whose records fail to load shows the error in place of the rows.
"""

from __future__ import annotations

import pygame

from tafel.game import GameDef, RecordsTable, one_line
from tafel.i18n import N_, _
from tafel.ui.scene import Host
from tafel.ui.scenes.lists import ListRow, ListScene
from tafel.ui.widgets import SMALL


class RecordsScene(ListScene):
    hints = N_("↑↓ scroll · Esc back")
    # The game's shares are a hint: a column of long figures ("Deal 2026112") takes room from
    # columns of short ones (German headings and figures differ in length from the English).
    fit_columns = True

    def __init__(self, app: Host, game: GameDef) -> None:
        self.game = game
        self.title = _("{game}: records").format(game=game.translate(game.title))
        self.columns = ((N_("Records"), 1.0),)
        #: The table's summary lines (streaks, win rates), shown under the rows.
        self.summary: list[str] = []
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
        self.summary = []
        table = self.table()
        if table is None:
            self.empty_text = N_("No records.")
            return []
        self.title = f"{self.game.translate(self.game.title)}: {self.game.translate(table.title)}"
        self.columns = table.columns or ((N_("Records"), 1.0),)
        self.empty_text = table.empty
        if table.note:
            self.messages = [table.note]
        self.summary = [self.game.translate(line) for line in table.summary[:4]]
        return [ListRow(f"record:{i}", list(cells)) for i, cells in enumerate(table.rows)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        ui = self.ui
        height = len(self.summary) * ui.line_height(SMALL) + (ui.px(12) if self.summary else 0)
        self.list_rect.height -= height
        self.summary_y = self.list_rect.bottom + ui.px(12)
        self._clamp()
        self._place()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ui = self.ui
        y = self.summary_y
        for line in self.summary:
            x = self.list_rect.x + ui.px(20)
            y = ui.draw_text(
                surface, line, (x, y), SMALL, ui.theme.text, max_width=self.list_rect.width
            ).bottom


def open_records(app: Host, game: GameDef) -> None:
    """Push the records screen of ``game`` (which must have ``records``)."""
    app.push(RecordsScene(app, game))
