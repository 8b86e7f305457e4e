"""What the screens with a scrolled column of rows share (Settings, game setup, Engines, an
engine's options, the lists): a card with a row of buttons at its foot, the rows stacked under
their headings in a view (``rows_rect``) that the wheel scrolls and that follows the keyboard
focus, the events such a screen handles, and the rows drawn clipped to the view.

A screen mixes :class:`RowsScreen` in before :class:`tafel.ui.scene.Scene` and fills ``focus``,
``buttons`` and ``rows`` (or overrides :meth:`RowsScreen._scrolled`); its ``layout`` calls
:meth:`RowsScreen._card`, :meth:`RowsScreen._place_buttons` and :meth:`RowsScreen._stack`, then
``_clamp`` and ``_place``; its ``draw`` calls :meth:`RowsScreen.draw_rows`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar, cast

import pygame

from tafel.kit.widgets import Focusable
from tafel.ui.widgets import TINY, UI, Button, ChoiceRow, FocusList, is_back

if TYPE_CHECKING:
    from tafel.ui.scene import Scene, SceneManager

#: A screen's kind of row (a ChoiceRow, a ListRow, an engine's item).
Row = TypeVar("Row", bound=Focusable)


class RowsScreen(Generic[Row]):
    """The shared part of a rows screen (see the module docstring).

    It is generic in its row: each screen has its own kind (``RowsScreen[ChoiceRow]``,
    ``RowsScreen[ListRow]``, ...). The rows are placed, clicked and drawn as ChoiceRows; a screen
    whose rows are something else overrides ``_put`` and ``_draw_item`` (and takes their clicks). ``manager`` is the Scene's, as the mixin is always a
    Scene too.
    A focused item is typed ``object``: it may be a row or a button, told apart by ``isinstance``."""

    ui: UI
    manager: SceneManager | None
    focus: FocusList
    rows_rect = pygame.Rect(0, 0, 1, 1)
    card = pygame.Rect(0, 0, 1, 1)
    pad = 0
    buttons: Sequence[Button] = ()
    scroll = 0
    size = (1, 1)
    row_h = heading_h = content_h = 0
    _base: list[int] = []
    _heading_y: dict[int, int] = {}
    #: Pixels a notch of the wheel scrolls.
    wheel_step = 60
    #: Rows are this much narrower than the view (room for the scrollbar); the scrollbar is moved
    #: this far right of it (px; 0 for none).
    row_inset = 16
    scrollbar_shift = 0
    #: The clip round the view is this much wider and taller than it (px).
    clip_margin = (16, 8)
    #: The width of a row's value, between its arrows (``ChoiceRow.place``).
    value_width = 380
    #: A click in the view that hits no row is used up (else the focus list sees it).
    view_click_used = True

    @property
    def list_rect(self) -> pygame.Rect:
        """The view, by the name the list screens give it."""
        return self.rows_rect

    @list_rect.setter
    def list_rect(self, rect: pygame.Rect) -> None:
        self.rows_rect = rect

    def _scrolled(self) -> Sequence[Row]:
        """The items in the view, in order (rows with ``rect``)."""
        return self.rows  # type: ignore[attr-defined]

    def back(self) -> None:
        if self.manager is not None:
            # The mixin is always a Scene too (see the class docstring).
            self.manager.remove(cast("Scene", self))

    # --- layout -----------------------------------------------------------------------------

    def _card(self, size: tuple[int, int], max_width: int = 1240) -> int:
        """Place the card (``card``, ``pad``) for a window of ``size``; the width inside it."""
        self.size = size
        ui = self.ui
        w, h = size
        margin = ui.px(40)
        width = min(w - 2 * margin, ui.px(max_width))
        self.card = pygame.Rect((w - width) // 2, margin, width, h - 2 * margin - ui.px(30))
        self.pad = ui.px(40)
        return width - 2 * self.pad

    def _place_buttons(
        self, buttons: Sequence[Button], y: int, height: int, inner: int, max_width: int = 300
    ) -> None:
        """``buttons`` side by side, centred in the card at ``y``: as wide as each other while every
        label fits so, else each as wide as its label needs and the room left shared out (German
        labels run longer: "Geführte Partie" next to "Regeln")."""
        ui = self.ui
        n, gap = len(buttons), ui.px(20)
        bw = min(ui.px(max_width), (inner - (n - 1) * gap) // n)
        widths = [bw] * n
        needs = [ui.text_width(b.label, b.size, True) + ui.px(36) for b in buttons]
        if any(need > bw for need in needs):
            room = inner - (n - 1) * gap
            spare = max(0, room - sum(needs)) // n
            widths = [need + spare if spare else need * room // max(1, sum(needs)) for need in needs]
        x = self.card.centerx - (sum(widths) + (n - 1) * gap) // 2
        for b, width in zip(buttons, widths, strict=True):
            b.rect = pygame.Rect(x, y, width, height)
            x += width + gap

    def _stack(self, count: int, row_h: int, gap: int, headings: Collection[int] = ()) -> int:
        """Tops of ``count`` rows in the view, a heading (``heading_h`` high) above each index in
        ``headings`` (``count`` itself: one below the last row); the height of it all."""
        self.row_h, self._base, self._heading_y = row_h, [], {}
        y = 0
        for i in range(count + 1):
            if i in headings:
                y += self.heading_h
                self._heading_y[i] = y
            if i < count:
                self._base.append(y)
                y += row_h + gap
        return y

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, self.content_h - self.rows_rect.height))

    def _place(self) -> None:
        view = self.rows_rect
        w = view.width - (self.ui.px(self.row_inset) if self.row_inset else 0)
        for item, base in zip(self._scrolled(), self._base, strict=True):
            self._put(item, pygame.Rect(view.x, view.y - self.scroll + base, w, self.row_h))

    def _put(self, item: Row, rect: pygame.Rect) -> None:
        if isinstance(item, ChoiceRow):  # other rows are placed by their screen's _put
            item.place(rect, self.ui, value_width=self.value_width)

    def _ensure_visible(self) -> None:
        """Scroll the focused row (with its heading) into the view."""
        items = self._scrolled()
        item = self.focus.focused
        if item not in items:
            return
        i = items.index(item)
        top = self._base[i] - (self.heading_h if i in self._heading_y else 0)
        bottom = self._base[i] + self.row_h
        if top < self.scroll:
            self.scroll = top
        elif bottom > self.scroll + self.rows_rect.height:
            self.scroll = bottom - self.rows_rect.height
        self._clamp()
        self._place()

    def _wheel(self, event: pygame.event.Event) -> None:
        self.scroll -= event.y * self.ui.px(self.wheel_step)
        self._clamp()
        self._place()

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Esc goes back, the wheel scrolls, keys go to the focused row first, left/right move
        among the buttons, a click on a row focuses it and passes it on, the rest goes to the
        focus list (and the focused row is scrolled into view after a key)."""
        if is_back(event):
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL:
            self._wheel(event)
            return True
        focused = self.focus.focused
        if event.type == pygame.KEYDOWN:
            if self._key_on(focused, event):
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self._sideways(
                focused, 1 if event.key == pygame.K_RIGHT else -1
            ):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self._click(event):
            return True
        item = self.focus.handle_event(event)
        if event.type == pygame.KEYDOWN:
            self._ensure_visible()
        if item is not None:
            item.activate()
            return True
        return event.type == pygame.KEYDOWN

    def _key_on(self, focused: object, event: pygame.event.Event) -> bool:
        """A key for the focused item (a row's left/right, Enter); True when used."""
        return isinstance(focused, ChoiceRow) and focused.handle_event(event)

    def _sideways(self, focused: object, step: int) -> bool:
        """Left/right (``step`` -1, 1) no row took: on a button, the next enabled one round."""
        if focused in self.buttons:
            i, n = self.buttons.index(focused), len(self.buttons)
            for k in range(1, n + 1):
                b = self.buttons[(i + step * k) % n]
                if b.enabled:
                    self.focus.focus(b)
                    break
        return True

    def _click(self, event: pygame.event.Event) -> bool:
        """A left click: on a row in the view, focus it and pass it the click."""
        if not self.rows_rect.collidepoint(event.pos):
            return False
        return self._click_row(event, self._scrolled()) or self.view_click_used

    def _click_row(self, event: pygame.event.Event, rows: Sequence[Focusable]) -> bool:
        for row in rows:
            if row.rect.collidepoint(event.pos):
                self.focus.focus(row)
                if isinstance(row, ChoiceRow):  # a row of another kind takes no events itself
                    row.handle_event(event)
                return True
        return False

    # --- drawing ----------------------------------------------------------------------------

    def heading(self, i: int) -> str:
        """The heading above row ``i`` (one of ``headings`` in :meth:`_stack`), translated."""
        return ""

    def _draw_view(self, surface: pygame.Surface) -> None:
        """Drawn in the view's clip before the rows (an empty list's line)."""

    def _draw_item(self, surface: pygame.Surface, item: Row) -> None:
        if isinstance(item, ChoiceRow):  # other rows are drawn by their screen's _draw_item
            item.draw(surface, self.ui)

    def draw_rows(self, surface: pygame.Surface) -> None:
        """The rows in view and their headings, clipped to the view, and the scrollbar."""
        ui, view = self.ui, self.rows_rect
        clip = surface.get_clip()
        surface.set_clip(view.inflate(ui.px(self.clip_margin[0]), ui.px(self.clip_margin[1])))
        self._draw_view(surface)
        items = self._scrolled()
        for i in range(len(items) + 1):
            if i in self._heading_y:
                y = view.y - self.scroll + self._heading_y[i] - self.heading_h + ui.px(4)
                ui.draw_text(
                    surface, self.heading(i).upper(), (view.x, y), TINY + 1, ui.theme.accent, bold=True
                )
            if i < len(items) and items[i].rect.bottom >= view.top and items[i].rect.top <= view.bottom:
                self._draw_item(surface, items[i])
        surface.set_clip(clip)
        bar = view.move(ui.px(self.scrollbar_shift), 0) if self.scrollbar_shift else view
        ui.scrollbar(surface, bar, self.scroll, self.content_h)
