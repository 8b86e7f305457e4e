"""A full-screen list with columns (saved games, history, statistics): arrows or the wheel scroll,
Enter or a click opens a row, Esc or the Back button goes back.

A cell's text takes two lines when one is too short. A row may offer shorter forms of a column
(``ListRow.shorter``: a game's long outcome in the history) for when the text does not show
whole even so: the first that does is drawn, never a text cut in the middle of a word, and the
whole text shows in a tooltip over the row (hovered, or focused from the keyboard)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tafel.i18n import N_, _
from tafel.kit.widgets import Tooltip
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.widgets import BODY, H1, SMALL, TINY, UI, Button, FocusList, is_back


class ListRow:
    """One line of the list: its column texts and what it stands for."""

    def __init__(
        self,
        key: str,
        columns: Sequence[str],
        payload: Any = None,  # Any: what the screen opens the row with (a save, a game)
        *,
        dim: bool = False,
        shorter: dict[int, Sequence[str]] | None = None,
    ) -> None:
        self.key = key
        self.columns = list(columns)
        self.payload = payload
        self.dim = dim
        #: Per column, shorter texts (longest first) for when the column's text does not show
        #: whole on two lines; the tooltip then shows the whole text.
        self.shorter: dict[int, Sequence[str]] = dict(shorter or {})
        #: The whole texts of the columns drawn shorter in the last frame, for the tooltip.
        self.cut: list[str] = []
        self.enabled = True
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False


class ListScene(RowsScreen[ListRow], Scene):
    """Subclasses fill :meth:`rows` and :meth:`open`; ``columns`` are (header, share of the width)."""

    # Core texts marked with N_ are translated when drawn (a list's own texts pass through).
    title = N_("List")
    columns: Sequence[tuple[str, float]] = ((N_("Name"), 1.0),)
    empty_text = N_("Nothing here yet.")
    hints = N_("↑↓ choose · Enter open · Esc back")
    wheel_step = 70
    clip_margin = (12, 8)
    #: True: a column whose texts need more room than its share takes it from columns with room
    #: to spare (a table of short figures, as a game's records: its shares are only a hint).
    fit_columns = False

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.items: list[ListRow] = []
        self.messages: list[str] = []
        self.back_button = Button(N_("Back"), self.back, key="back")
        self.extra_buttons: list[Button] = []
        self.focus = FocusList([])
        self.card = pygame.Rect(0, 0, 1, 1)
        self.list_rect = pygame.Rect(0, 0, 1, 1)
        self.header_h = 0
        #: The whole text of a row's shortened cells, over the row the pointer rests on (or the
        #: row focused from the keyboard).
        self.tooltip = Tooltip(delay=0.35, size=SMALL, max_width=640)
        self._keyboard = False
        self.refresh()

    # --- model ------------------------------------------------------------------------------

    def rows(self) -> list[ListRow]:
        return []

    def open(self, row: ListRow) -> None:
        """Enter or a click on ``row``."""

    def refresh(self) -> None:
        """Rebuild the rows (after a delete, or coming back to the screen)."""
        self.items = self.rows()
        self.focus.set_items([*self.items, *self.extra_buttons, self.back_button])
        if self.size != (1, 1):
            self.layout(self.size)

    def resume(self) -> None:
        self.refresh()

    # --- layout -----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size, 1500)
        pad = self.pad
        # A column's heading that does not fit its column takes two lines ("FEWEST PIECES PAID"),
        # all headings in one size (none shrunk to stay on one line).
        xs = self._column_xs(self.card.x + pad + ui.px(20), inner - ui.px(56))
        ends = [*xs[1:], self.card.x + pad + inner - ui.px(36)]
        wide = any(
            ui.text_width(_(header).upper(), TINY, True) > max(1, end - cx - ui.px(8))
            for (header, _share), cx, end in zip(self.columns, xs, ends, strict=False)
        )
        self.header_h = ui.line_height(TINY, True) * (2 if wide else 1)
        top = self.card.y + pad + ui.line_height(H1, True) + ui.px(14) + self.header_h + ui.px(8)
        bh = ui.px(64)
        by = self.card.bottom - pad - bh
        self._place_buttons([*self.extra_buttons, self.back_button], by, bh, inner)
        msg_h = len(self.messages[:3]) * ui.line_height(SMALL)
        self.list_rect = pygame.Rect(self.card.x + pad, top, inner, by - ui.px(16) - msg_h - top)
        self.content_h = self._stack(len(self.items), ui.px(64), ui.px(6))
        self._clamp()
        self._place()

    def _scrolled(self) -> list[ListRow]:
        return self.items

    def _put(self, item: ListRow, rect: pygame.Rect) -> None:
        item.rect = rect

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._keyboard = event.type == pygame.KEYDOWN
        if is_back(event):
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and self._off_list(event.pos):
            return event.type == pygame.MOUSEBUTTONDOWN
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused = self.focus.focused
            if focused not in self.items:
                self.focus.move(1 if event.key == pygame.K_RIGHT else -1)
            return True
        item = self.focus.handle_event(event)
        if event.type == pygame.KEYDOWN:
            self._ensure_visible()
        if item is None:
            return event.type == pygame.KEYDOWN
        self.app.sound.play("select")
        if isinstance(item, ListRow):
            self.open(item)
        else:
            item.activate()
        return True

    def _off_list(self, pos: tuple[int, int]) -> bool:
        """True when ``pos`` is on neither a row nor a button (a row under the pointer is no
        longer hovered once it is outside the list, and its tooltip goes)."""
        if self.list_rect.collidepoint(pos):
            return False
        for row in self.items:
            row.hovered = False
        return not any(b.rect.collidepoint(pos) for b in self.focus.items[len(self.items) :])

    def update(self, dt: float) -> None:
        over = next((row for row in self.items if row.hovered), None)
        if over is None and self._keyboard and self.focus.focused in self.items:
            over = self.focus.focused
        text = "\n".join(over.cut) if over is not None and over.cut else ""
        if over is None or not text or not self.list_rect.colliderect(over.rect):
            self.tooltip.update(dt, None, (0, 0))  # no tip, or its row scrolled out of sight
            return
        self.tooltip.update(dt, self._tip_lines(text), over.rect)

    def _tip_lines(self, text: str) -> str:
        """``text`` wrapped to the tooltip's width (the tooltip fits each line, it does not wrap)."""
        ui = self.ui
        width = min(ui.px(self.tooltip.max_width), self.card.width) - 2 * ui.px(10)
        return "\n".join(line for para in text.split("\n") for line in ui.fonts.wrap(para, SMALL, width))

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        x, y = self.card.x + self.pad, self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        r = ui.draw_text(surface, _(self.title), (x, y), H1, t.text, bold=True, max_width=inner)
        y = r.bottom + ui.px(14)
        xs = self._column_xs(self.list_rect.x + ui.px(20), self.list_rect.width - ui.px(56))
        ends = [*xs[1:], self.list_rect.right - ui.px(36)]
        for (header, _share), cx, end in zip(self.columns, xs, ends, strict=False):
            box = pygame.Rect(cx, y, max(1, end - cx - ui.px(8)), self.header_h)
            text = _(header).upper()
            whole = all(ui.text_width(word, TINY, True) <= box.width for word in text.split())
            if whole and ui.text_width(text, TINY, True) > box.width:
                # Two lines at the headings' one size rather than one line in a smaller one (a
                # single word too wide is shrunk instead, never broken).
                lines = ui.fonts.wrap(text, TINY, box.width, True)
                text = "\n".join(lines) if len(lines) <= 2 else text
            ui.draw_wrapped(surface, text, box, TINY, t.accent, bold=True, valign="bottom")
        self._xs = xs
        self.draw_rows(surface)
        my = self.back_button.rect.y - ui.px(12)
        for message in reversed(self.messages[:3]):
            r = ui.draw_text(
                surface,
                message,
                (self.card.centerx, my),
                SMALL,
                t.danger,
                anchor="midbottom",
                max_width=inner,
            )
            my = r.top
        for b in [*self.extra_buttons, self.back_button]:
            b.draw(surface, ui)
        draw_hints(surface, ui, _(self.hints))
        self.tooltip.draw(surface, ui)

    def _draw_view(self, surface: pygame.Surface) -> None:
        if not self.items:
            ui = self.ui
            ui.draw_text(
                surface,
                _(self.empty_text),
                (self.list_rect.centerx, self.list_rect.y + ui.px(30)),
                BODY,
                ui.theme.text_dim,
                anchor="midtop",
                max_width=self.list_rect.width,
            )

    def _draw_item(self, surface: pygame.Surface, item: ListRow) -> None:
        self._draw_row(surface, item, self._xs)

    def _column_xs(self, x0: int, width: int) -> list[int]:
        total = sum(share for _header, share in self.columns) or 1.0
        widths = [width * share / total for _header, share in self.columns]
        if self.fit_columns:
            widths = self._fitted_widths(widths)
        xs, x = [], x0
        for w in widths:
            xs.append(x)
            x += int(w)
        return xs

    def _fitted_widths(self, widths: list[float]) -> list[float]:
        """``widths`` with the room a column's texts lack taken from the columns that have room
        to spare, in proportion to what they spare (as far as there is any): each column needs
        its longest cell on one line at its full size, and its heading on one line where the
        table has the room for every heading so (else its longest word: a heading takes two
        lines), so no heading stands out of line while another column has room to spare."""
        ui = self.ui
        key = (tuple(round(w) for w in widths), ui.fonts.scale, tuple(tuple(r.columns) for r in self.items))
        if getattr(self, "_fit_key", None) == key:
            return self._fit_widths
        pad = ui.px(24)  # the cell's margin to the next column, and a little air
        needs, whole = [], []
        for i, (header, _share) in enumerate(self.columns):
            words = [ui.text_width(word, TINY, True) for word in _(header).upper().split()] or [0]
            cells = [
                ui.text_width(r.columns[i], BODY if i == 0 else SMALL, i == 0)
                for r in self.items
                if i < len(r.columns)
            ]
            needs.append(max([*words, *cells]) + pad)
            whole.append(max([ui.text_width(_(header).upper(), TINY, True), *cells]) + pad)
        if sum(whole) <= sum(widths):
            needs = whole
        lack = sum(max(0.0, n - w) for n, w in zip(needs, widths, strict=True))
        spare = sum(max(0.0, w - n) for n, w in zip(needs, widths, strict=True))
        fitted = list(widths)
        if lack > 0 and spare > 0:
            give, take = min(1.0, spare / lack), min(1.0, lack / spare)
            fitted = [
                w + (n - w) * give if n > w else w - (w - n) * take
                for n, w in zip(needs, widths, strict=True)
            ]
        self._fit_key: object = key
        self._fit_widths: list[float] = fitted
        return fitted

    def _draw_row(self, surface: pygame.Surface, row: ListRow, xs: list[int]) -> None:
        ui = self.ui
        t = ui.theme
        fill = t.button_hover if row.hovered or row.focused else t.card
        pygame.draw.rect(surface, fill, row.rect, border_radius=ui.px(12))
        if row.focused:
            ui.focus_ring(surface, row.rect, 12)
        ends = [*xs[1:], row.rect.right - ui.px(10)]
        row.cut = []
        for i, (text, cx) in enumerate(zip(row.columns, xs, strict=False)):
            color = t.text_dim if row.dim or i > 0 else t.text
            # A cell too long for one line takes two (a German result, a long autosave name).
            cell = pygame.Rect(cx, row.rect.y, max(ui.px(20), ends[i] - cx - ui.px(16)), row.rect.height)
            box, size, bold = cell.inflate(0, -ui.px(4)), BODY if i == 0 else SMALL, i == 0
            shown = text
            if row.shorter.get(i) and not shows_whole(ui, text, size, box.size, bold):
                forms = row.shorter[i]
                shown = next((f for f in forms if shows_whole(ui, f, size, box.size, bold)), forms[-1])
                row.cut.append(text)
            ui.draw_wrapped(surface, shown, box, size, color, bold=bold)


def shows_whole(ui: UI, text: str, size: int, box: tuple[int, int], bold: bool = False) -> bool:
    """Whether ``UI.draw_wrapped`` shows ``text`` in ``box`` whole (on at most two lines, no
    word cut, no ellipsis)."""
    fitted, lines = ui.wrapped(text, size, box, bold, 2)
    font = ui.fonts.get(fitted, bold)
    return all(font.size(line)[0] <= box[0] for line in lines) and len(lines) * font.get_linesize() <= box[1]


def action_dialog(
    app: Host, title: str, lines: Sequence[str], actions: Sequence[tuple[str, Callable[[], object], str]]
) -> Scene:
    """A small card with a button per (label, action, kind) and Cancel; each button closes it first."""
    from tafel.ui.scenes.dialog import DialogScene

    dialog: DialogScene

    def wrap(fn: Callable[[], object]) -> Callable[[], object]:
        def run() -> None:
            dialog.close()
            fn()

        return run

    buttons = [Button(label, wrap(fn), kind=kind, key=label.lower()) for label, fn, kind in actions]
    buttons.append(Button(N_("Cancel"), lambda: dialog.close(), key="cancel"))
    dialog = DialogScene(app, title, lines, buttons)
    return dialog
