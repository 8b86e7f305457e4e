"""The side panel's move list, painted into a kept picture: the whole list when it changes, or
only the two rows a move played changes (scrolled a row up when the list is full), so the frame
in which a move lands (the slowest of a game) does not paint some twenty rows again.

:class:`MoveListPainting` is a part of :class:`tafel.ui.scenes.play.panel.Panel`; it uses the
panel's ``match``, ``history``, ``ui``, ``seat_color`` and its move list's state (``list_scroll``,
``move_rows`` and the kept picture's ``_moves_*``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tafel.i18n import _
from tafel.i18n import current as current_language
from tafel.ui.widgets import SMALL, TINY
from tafel.words import fitting_words, match_words

if TYPE_CHECKING:
    from tafel.match import Match
    from tafel.ui.scenes.play.history import History
    from tafel.ui.widgets import UI


class MoveListPainting:
    """Paints the panel's move list (see the module docstring)."""

    match: Match
    history: History
    ui: UI
    list_scroll: int
    move_rows: list[tuple[pygame.Rect, int]]
    _moves_key: MovesKey | None
    _moves_image: pygame.Surface | None
    _moves_blank: pygame.Surface | None
    _moves_local: list[tuple[pygame.Rect, int]]
    seat_color: Callable[[int], tuple[int, int, int]]

    def _draw_moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        s, history = self, self.history
        ui = self.ui
        t = ui.theme
        texts = s.match.texts
        lh = ui.line_height(SMALL)
        rows = max(1, rect.height // lh)
        current = history.shown_ply - 1  # the move that led to the shown position
        if history.browse is not None and current >= 0:
            # Keep the looked-at move in sight.
            first_end = len(texts) - self.list_scroll
            if current >= first_end:
                self.list_scroll = len(texts) - current - 1
            elif current < first_end - rows:
                self.list_scroll = len(texts) - current - rows
        self.list_scroll = max(0, min(self.list_scroll, len(texts) - rows))
        end = len(texts) - self.list_scroll
        start = max(0, end - rows)
        seats = tuple(self._mover_colour(i) for i in range(start, end))
        key = MovesKey(
            (
                rect.size,
                tuple(self.seat_color(seat) for seat in range(s.match.seats)),
                t,
                ui.scale,
                current_language(),
            ),
            tuple(self._label(i) for i in range(start, end)),
            start,
            len(texts),
            seats,
            current,
            history.browse is not None,
            self._number_width(len(texts)),
        )
        # The list is painted once into a kept picture and copied while it stays the same: dozens
        # of text blits a frame would otherwise cost more than the board. A move played (the list
        # one longer, at its end) paints only the two rows that change.
        old = self._moves_key
        image, blank = self._moves_image, self._moves_blank  # made together: both or neither
        if old != key or image is None:
            self._moves_key = key
            if old is not None and image is not None and blank is not None and rows >= 2 and key.follows(old):
                self._moves_local = self._append_move(image, blank, old, key)
            else:
                if image is None or blank is None or image.get_size() != rect.size:
                    image = self._moves_image = pygame.Surface(rect.size, 0, surface)
                    blank = self._moves_blank = pygame.Surface(rect.size, 0, surface)
                blank.fill(t.panel)
                pygame.draw.rect(blank, t.card, blank.get_rect(), border_radius=ui.px(10))
                image.blit(blank, (0, 0))
                self._moves_local = self._paint_moves(image, image.get_rect(), start, end, current)
        surface.blit(image, rect)
        self.move_rows.extend((row.move(rect.topleft), ply) for row, ply in self._moves_local)

    def _number_width(self, count: int) -> int:
        """The width of the move numbers' column."""
        return self.ui.text_width(f"{count}.", SMALL) + self.ui.px(10)

    def _paint_moves(
        self, surface: pygame.Surface, rect: pygame.Rect, start: int, end: int, current: int
    ) -> list[tuple[pygame.Rect, int]]:
        """Paint moves ``start`` to ``end`` of the list into ``rect`` (the card is there already);
        returns (row, ply) pairs."""
        ui = self.ui
        texts = self.match.texts
        lh = ui.line_height(SMALL)
        rows = max(1, rect.height // lh)
        if not texts:
            ui.draw_text(
                surface, _("No moves yet"), (rect.x + ui.px(14), rect.y + ui.px(8)), SMALL, ui.theme.text_dim
            )
            return []
        num_w = self._number_width(len(texts))
        painted = [self._paint_row(surface, rect, i, start, num_w, current) for i in range(start, end)]
        self._paint_scrollbar(surface, rect, start, rows)
        return painted

    def _paint_row(
        self, surface: pygame.Surface, rect: pygame.Rect, i: int, start: int, num_w: int, current: int
    ) -> tuple[pygame.Rect, int]:
        """Move ``i`` in its row (the list shows from move ``start``); returns (row, ply)."""
        s, ui = self, self.ui
        t = ui.theme
        lh = ui.line_height(SMALL)
        y = rect.y + ui.px(4) + (i - start) * lh
        marked = i == current
        row = pygame.Rect(rect.x + ui.px(4), y, rect.width - ui.px(12), lh)
        if marked and (s.history.browse is not None):
            pygame.draw.rect(surface, t.button_hover, row, border_radius=ui.px(6))
        ui.draw_text(
            surface, f"{i + 1}.", (rect.x + ui.px(12) + num_w, y), SMALL, t.text_dim, anchor="topright"
        )
        cx = rect.x + ui.px(22) + num_w + ui.px(6)
        pygame.draw.circle(surface, self._mover_colour(i)[1], (cx, y + lh // 2), ui.px(7))
        width = rect.right - cx - ui.px(30)
        ui.draw_text(
            surface,
            fitting_words(self._label(i), lambda text: ui.text_width(text, TINY - 4, marked) <= width),
            (cx + ui.px(16), y),
            SMALL,
            t.accent if marked else (t.text if i <= current else t.text_dim),
            bold=marked,
            max_width=width,
            min_size=TINY - 4,  # long words shrink before they are cut
        )
        return row, i + 1

    def _mover_colour(self, i: int) -> tuple[int, tuple[int, ...]]:
        """The seat that played move ``i`` and its colour then (the position it was played in
        says: a first stone stays black after a pie swap), else the panel's seat colour."""
        state = self.match.states[i]
        seat = getattr(state, "to_move", 0)
        try:
            colour = state.seat_color(seat, self.ui.theme)
        except Exception:  # a plugin's bug: the panel's colour
            colour = None
        return seat, tuple(colour) if colour is not None else self.seat_color(seat)

    def _label(self, i: int) -> str:
        """Move ``i`` in words (the game's ``move_to_words``), not in notation."""
        match = self.match
        return match_words(match.states, match.moves, i)

    def _paint_scrollbar(self, surface: pygame.Surface, rect: pygame.Rect, start: int, rows: int) -> None:
        lh = self.ui.line_height(SMALL)
        bar = pygame.Rect(rect.x, rect.y, rect.width - self.ui.px(4), rows * lh)
        self.ui.scrollbar(surface, bar, start * lh, len(self.match.texts) * lh)

    def _append_move(
        self, image: pygame.Surface, blank: pygame.Surface, old: MovesKey, key: MovesKey
    ) -> list[tuple[pygame.Rect, int]]:
        """Bring the kept list from ``old`` to ``key``, one move longer: scroll it a row up when it
        is full, then paint the last two rows (the last but one loses its mark) and the scrollbar
        again. The parts painted again are first restored from the empty card
        ``blank`` (``_moves_blank``), so the picture is the one a full painting would give."""
        ui = self.ui
        area = image.get_rect()
        lh = ui.line_height(SMALL)
        rows = max(1, area.height // lh)
        # The rows' text stays between these columns; outside them are the card's corners and the
        # scrollbar, restored whole.
        left, right = ui.px(10), area.width - ui.px(12)
        if key.start == old.start + 1:
            image.scroll(0, -lh)
            for strip in (
                pygame.Rect(0, 0, left, area.height),
                pygame.Rect(right, 0, area.width - right, area.height),
                pygame.Rect(0, 0, area.width, ui.px(4)),
            ):
                image.blit(blank, strip, strip)
        else:
            strip = pygame.Rect(right, 0, area.width - right, area.height)
            image.blit(blank, strip, strip)
        for i in (key.count - 2, key.count - 1):
            y = ui.px(4) + (i - key.start) * lh
            cell = pygame.Rect(left, y, right - left, lh).clip(area)
            image.blit(blank, cell, cell)
            last = self._paint_row(image, area, i, key.start, key.number_width, key.current)
        self._paint_scrollbar(image, area, key.start, rows)
        if key.start == old.start:
            kept = list(self._moves_local)
        else:  # every row a row higher, the first out of sight
            kept = [(r.move(0, -lh), ply) for r, ply in self._moves_local[1:]]
        return [*kept, last]


@dataclass(frozen=True)
class MovesKey:
    """What the kept move list shows: its looks (size, seat colours, theme, scale, language), the
    moves in sight from ``start``, how many there are, whose they were, the marked one."""

    looks: tuple
    texts: tuple[str, ...]
    start: int
    count: int
    seats: tuple[tuple[int, tuple[int, ...]], ...]  # each move's seat and its colour
    current: int
    browsing: bool
    number_width: int

    def follows(self, old: MovesKey) -> bool:
        """This list is ``old`` with one move played at its end (nothing else changed): the case
        :meth:`MoveListPainting._append_move` paints."""
        return (
            not self.browsing
            and not old.browsing
            and old.count >= 1
            and self.count == old.count + 1
            and self.looks == old.looks
            and self.number_width == old.number_width
            and old.current == old.count - 1
            and self.current == self.count - 1
            and self.start in (old.start, old.start + 1)
            and self.texts[: len(old.texts) - (self.start - old.start)] == old.texts[self.start - old.start :]
            and self.seats[: len(old.seats) - (self.start - old.start)] == old.seats[self.start - old.start :]
        )
