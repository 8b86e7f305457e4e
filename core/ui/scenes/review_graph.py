"""The review's graph: each position's value as a line over the moves, the biggest swings marked.

:class:`ValueGraph` draws a :class:`tafel.review.Review` into a rectangle and keeps the picture
until a value arrives, the selection moves, or the size or theme changes. What is plotted is
:meth:`Review.curve`: for two seats the first seat's chance (above the middle line the first
seat is ahead, the area in its colour; below it the second seat's), a solo game's win chance
(or expected result), for more seats each seat's own value in its colour. Positions not valued
yet are left out (the line joins the known ones) and the part still being computed is shaded.
"""

from __future__ import annotations

from typing import Any

import pygame

from tafel.i18n import _, format_percent
from tafel.review import Review
from tafel.ui.widgets import TINY

__all__ = ["ValueGraph"]


class ValueGraph:
    """The graph of ``review`` in ``rect``; :meth:`ply_at` maps a click to a position."""

    def __init__(self, review: Review, names: list[str]) -> None:
        self.review = review
        self.names = names
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.plot = pygame.Rect(0, 0, 1, 1)
        self.label_w = 0
        self._surface: pygame.Surface | None = None
        self._key: Any = None

    # --- geometry ------------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect, ui: Any) -> None:
        self.rect = pygame.Rect(rect)
        # The label column as wide as its words need ("Spieler 1" in a small window), within limits.
        words = [ui.text_width(name, TINY, True) for name in self.names[:2]] + [
            ui.text_width(_("even"), TINY)
        ]
        self.label_w = min(max(ui.px(96), *words), rect.width // 4)
        left = self.label_w + ui.px(16)
        self.plot = pygame.Rect(
            rect.x + left, rect.y + ui.px(18), rect.width - left - ui.px(28), rect.height - ui.px(54)
        )

    def x_of(self, ply: int) -> int:
        last = max(1, self.review.total - 1)
        return self.plot.x + round(self.plot.width * ply / last)

    def y_of(self, value: float) -> int:
        return self.plot.bottom - round(self.plot.height * value)

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The position nearest to a point of the graph, None outside it."""
        if not self.rect.collidepoint(pos):
            return None
        last = max(1, self.review.total - 1)
        t = (pos[0] - self.plot.x) / max(1, self.plot.width)
        return max(0, min(self.review.total - 1, round(t * last)))

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, ui: Any, selected: int) -> None:
        review = self.review
        key = (self.rect.size, review.valued, selected, ui.theme, ui.fonts.scale)
        if self._surface is None or self._key != key:
            self._key = key
            if self._surface is None or self._surface.get_size() != self.rect.size:
                self._surface = pygame.Surface(self.rect.size)
            self._render(self._surface, ui, selected)
        surface.blit(self._surface, self.rect)

    def _render(self, target: pygame.Surface, ui: Any, selected: int) -> None:
        t = ui.theme
        review = self.review
        target.fill(t.background)
        origin = self.rect.topleft
        plot = self.plot.move(-origin[0], -origin[1])
        ui.panel(target, target.get_rect(), t.panel, radius=16, shadow=False)
        pygame.draw.rect(target, t.card, plot)
        # The part still to be valued, shaded.
        pending = review.next_ply()
        if pending is not None:
            x = self.x_of(pending) - origin[0]
            pygame.draw.rect(target, t.button, pygame.Rect(x, plot.y, plot.right - x, plot.height))
        self._axes(target, ui, plot, origin)
        line = max(2, ui.px(3))
        if review.seats <= 2:
            points = self._known(0)
            if review.seats == 2 and len(points) >= 2:
                self._fill(target, points, plot, origin, ui)
            color = t.text if review.seats == 2 else t.accent
            self._line(target, points, origin, color, line)
        else:
            for seat in range(review.seats):
                self._line(target, self._known(seat), origin, t.seat(seat), line)
        # The biggest swings: a ring and the change, on the position after the move.
        for move in review.biggest_swings():
            value = review.curve(move)
            if value is None:
                continue
            x, y = self.x_of(move) - origin[0], self.y_of(value) - origin[1]
            pygame.draw.circle(target, t.danger, (x, y), ui.px(11), max(2, ui.px(3)))
            swing = review.swing(move) or 0.0
            above = y - ui.px(16) > plot.y + ui.px(24)
            ui.draw_text(
                target,
                f"{swing * 100:+.0f}%",
                (x, y - ui.px(14) if above else y + ui.px(14)),
                TINY,
                t.danger,
                bold=True,
                anchor="midbottom" if above else "midtop",
            )
        for ply in range(review.total):
            value = review.curve(ply)
            if value is None:
                continue
            seat = review.curve_seat(ply)
            color = t.seat(seat) if review.seats > 2 else t.text
            pos = (self.x_of(ply) - origin[0], self.y_of(value) - origin[1])
            pygame.draw.circle(target, color, pos, ui.px(4))
        # The selected position: a vertical line and a ring.
        x = self.x_of(selected) - origin[0]
        pygame.draw.line(target, t.accent, (x, plot.y), (x, plot.bottom), max(1, ui.px(2)))
        value = review.curve(selected)
        if value is not None:
            pos = (x, self.y_of(value) - origin[1])
            pygame.draw.circle(target, t.accent, pos, ui.px(9))
            pygame.draw.circle(target, t.background, pos, ui.px(5))

    def _known(self, seat: int) -> list[tuple[int, int]]:
        """Screen points of the known values (of ``seat`` for more than two seats)."""
        review = self.review
        out = []
        for ply in range(review.total):
            if review.seats > 2 and review.curve_seat(ply) != seat:
                continue
            value = review.curve(ply)
            if value is not None:
                out.append((self.x_of(ply), self.y_of(value)))
        return out

    @staticmethod
    def _line(
        target: pygame.Surface, points: list[tuple[int, int]], origin: Any, color: Any, width: int
    ) -> None:
        if len(points) >= 2:
            shifted = [(x - origin[0], y - origin[1]) for x, y in points]
            pygame.draw.lines(target, color, False, shifted, width)

    def _fill(self, target: pygame.Surface, points: list, plot: pygame.Rect, origin: Any, ui: Any) -> None:
        """Two seats: the area between the line and the middle, in the colour of who is ahead."""
        t = ui.theme
        mid = plot.centery
        shifted = [(x - origin[0], y - origin[1]) for x, y in points]
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        for seat, keep in ((0, lambda y: min(y, mid)), (1, lambda y: max(y, mid))):
            poly = [(shifted[0][0], mid), *((x, keep(y)) for x, y in shifted), (shifted[-1][0], mid)]
            poly = [(x - plot.x, y - plot.y) for x, y in poly]
            pygame.draw.polygon(shade, (*t.seat(seat), 110), poly)
        target.blit(shade, plot.topleft)

    def _axes(self, target: pygame.Surface, ui: Any, plot: pygame.Rect, origin: Any) -> None:
        t = ui.theme
        review = self.review
        for value in (0.25, 0.5, 0.75):
            y = self.y_of(value) - origin[1]
            width = max(1, ui.px(2)) if value == 0.5 else 1
            pygame.draw.line(target, t.panel_edge, (plot.x, y), (plot.right, y), width)
        label_x = plot.x - ui.px(12)
        if review.seats == 2:
            top, bottom = self.names[0], self.names[1] if len(self.names) > 1 else _("Player {n}").format(n=2)
            for text, y, seat in ((top, plot.y, 0), (bottom, plot.bottom, 1)):
                anchor = "topright" if seat == 0 else "bottomright"
                ui.draw_text(
                    target,
                    text,
                    (label_x, y),
                    TINY,
                    t.seat(seat),
                    bold=True,
                    anchor=anchor,
                    max_width=self.label_w,
                )
            # The middle line: a level position (a short word: the label column is narrow).
            even = _("even")
            ui.draw_text(
                target,
                even,
                (label_x, plot.centery),
                TINY,
                t.text_dim,
                anchor="midright",
                max_width=ui.px(96),
            )
        else:
            for value in (1.0, 0.5, 0.0):
                text = format_percent(value)  # "100 %" in German
                y = self.y_of(value) - origin[1]
                ui.draw_text(target, text, (label_x, y), TINY, t.text_dim, anchor="midright")
        # Move numbers along the bottom: about ten of them.
        total = review.total - 1
        step = max(1, round(total / 10 / 5) * 5) if total > 20 else max(1, total // 10 or 1)
        for ply in range(0, total + 1, step):
            x = self.x_of(ply) - origin[0]
            pygame.draw.line(target, t.panel_edge, (x, plot.bottom), (x, plot.bottom + ui.px(6)), 1)
            ui.draw_text(target, str(ply), (x, plot.bottom + ui.px(8)), TINY, t.text_dim, anchor="midtop")
