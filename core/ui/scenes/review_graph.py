"""The review's graph: each position's value as a line over the moves, the biggest swings marked.

:class:`ValueGraph` draws a :class:`tafel.review.Review` into a rectangle and keeps the picture
until a value arrives, the selection moves, or the size or theme changes. What is plotted is
:meth:`Review.curve`: for two seats the first seat's chance (above the middle line the first
seat is ahead, the area in its colour; below it the second seat's), a solo game's win chance
(or expected result), for more seats each seat's own value in its colour. A position not valued
yet is drawn as such: its column shaded, and no line through it (the line is broken there, never
drawn on to a value that is known later). The swings' labels are placed where they cover no other
label, no ring and no part of the line (:meth:`ValueGraph.label_rects`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import pygame

from tafel.i18n import _, format_percent
from tafel.review import Review
from tafel.ui.theme import Color
from tafel.ui.widgets import TINY, UI

if TYPE_CHECKING:
    from tafel.ui.theme import Theme

#: A pixel's place: (x, y).
Point = tuple[int, int]

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
        self._key: object = None

    # --- geometry ------------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect, ui: UI) -> None:
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

    def draw(self, surface: pygame.Surface, ui: UI, selected: int) -> None:
        review = self.review
        key = (self.rect.size, review.version, selected, ui.theme, ui.fonts.scale)
        if self._surface is None or self._key != key:
            self._key = key
            if self._surface is None or self._surface.get_size() != self.rect.size:
                self._surface = pygame.Surface(self.rect.size)
            self._render(self._surface, ui, selected)
        surface.blit(self._surface, self.rect)

    def _render(self, target: pygame.Surface, ui: UI, selected: int) -> None:
        t = ui.theme
        review = self.review
        target.fill(t.background)
        origin = self.rect.topleft
        plot = self.plot.move(-origin[0], -origin[1])
        ui.panel(target, target.get_rect(), t.panel, radius=16, shadow=False)
        pygame.draw.rect(target, t.card, plot)
        # The positions still to be valued: their columns shaded.
        for ply in self.unvalued():
            column = self._column(ply).move(-origin[0], -origin[1]).clip(plot)
            pygame.draw.rect(target, t.button, column)
        self._axes(target, ui, plot, origin)
        line = max(2, ui.px(3))
        seats = range(1) if review.seats <= 2 else range(review.seats)
        for seat in seats:
            color = (
                (t.text if review.seats == 2 else t.accent)
                if review.seats <= 2
                else self.seat_colour(seat, t)
            )
            for run in self.runs(seat):
                if review.seats == 2 and len(run) >= 2:
                    self._fill(target, run, plot, origin, ui)
                self._line(target, run, origin, color, line)
        # The biggest swings: a ring and the change, on the position after the move; the labels
        # where they cover nothing else.
        for move, rect, text in self.label_rects(ui, selected):
            value = review.curve(move)
            if value is None:
                continue
            x, y = self.x_of(move) - origin[0], self.y_of(value) - origin[1]
            pygame.draw.circle(target, t.danger, (x, y), ui.px(11), max(2, ui.px(3)))
            ui.draw_text(
                target,
                text,
                rect.move(-origin[0], -origin[1]).center,
                TINY,
                t.danger,
                bold=True,
                anchor="center",
            )
        for ply in range(review.total):
            value = review.curve(ply)
            if value is None:
                continue
            seat = review.curve_seat(ply)
            color = self.seat_colour(seat, t) if review.seats > 2 else t.text
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

    def seat_colour(self, seat: int, theme: Theme) -> tuple[int, int, int]:
        """The seat's colour as the game shows it at the end of the game (``GameState.seat_color``:
        black and white stones after a pie swap, the colour a seat chose), else the
        theme's."""
        try:
            colour = self.review.states[-1].seat_color(seat, theme)
        except Exception:  # a plugin's bug: the theme's colour still tells the seats apart
            colour = None
        # tuple(): a plugin may give a list; its three channels are the game's word.
        return cast(Color, tuple(colour)) if colour is not None else theme.seat(seat)

    def unvalued(self) -> list[int]:
        """The positions whose value is not known yet (nor an outcome)."""
        review = self.review
        return [ply for ply in range(review.total) if review.curve(ply) is None]

    def _column(self, ply: int) -> pygame.Rect:
        """The strip of the plot that belongs to position ``ply`` (half-way to its neighbours, so
        the strips of neighbours meet)."""
        last = self.review.total - 1
        x = self.x_of(ply)
        left = (self.x_of(ply - 1) + x) // 2 if ply > 0 else self.plot.x
        right = (x + self.x_of(ply + 1)) // 2 if ply < last else self.plot.right
        return pygame.Rect(left, self.plot.y, max(1, right - left), self.plot.height)

    def runs(self, seat: int = 0) -> list[list[tuple[int, int]]]:
        """Screen points of the known values as unbroken runs (of ``seat`` for more than two
        seats): a position not valued yet ends a run, so no line is drawn across it."""
        review = self.review
        runs: list[list[tuple[int, int]]] = [[]]
        for ply in range(review.total):
            if review.seats > 2 and review.curve_seat(ply) != seat:
                continue
            value = review.curve(ply)
            if value is None:
                if runs[-1]:
                    runs.append([])
                continue
            runs[-1].append((self.x_of(ply), self.y_of(value)))
        return [run for run in runs if run]

    def label_rects(self, ui: UI, selected: int | None = None) -> list[tuple[int, pygame.Rect, str]]:
        """The biggest swings' labels (move, screen rectangle, text), each placed at the first
        spot around its ring that stays inside the plot and covers no other label, no ring, no
        segment of the line and not the ``selected`` position's marker line; a label with no such
        spot is left out rather than drawn over."""
        review = self.review
        valued = [(m, v) for m in review.biggest_swings() if (v := review.curve(m)) is not None]
        moves = [m for m, _v in valued]
        rings = []
        for move, value in valued:
            x, y = self.x_of(move), self.y_of(value)
            r = ui.px(12)
            rings.append(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        segments = [
            (a, b)
            for seat in range(max(1, review.seats if review.seats > 2 else 1))
            for run in self.runs(seat)
            for a, b in zip(run, run[1:], strict=False)
        ]
        if selected is not None:
            x = self.x_of(selected)
            segments.append(((x, self.plot.y), (x, self.plot.bottom)))
        placed: list[tuple[int, pygame.Rect, str]] = []
        gap = ui.px(4)
        for move, ring in zip(moves, rings, strict=True):
            text = f"{(review.swing(move) or 0.0) * 100:+.0f}%"
            w, h = ui.text_width(text, TINY, True) + 2 * gap, ui.line_height(TINY)
            spots = []
            for distance in (0, 1, 2, 3):
                d = distance * h
                spots += [
                    pygame.Rect(ring.centerx - w // 2, ring.top - gap - h - d, w, h),
                    pygame.Rect(ring.centerx - w // 2, ring.bottom + gap + d, w, h),
                    pygame.Rect(ring.right + gap + d, ring.centery - h // 2, w, h),
                    pygame.Rect(ring.left - gap - w - d, ring.centery - h // 2, w, h),
                ]
            for spot in spots:
                if not self.plot.contains(spot):
                    continue
                if spot.collidelist(rings) >= 0 or any(spot.colliderect(p[1]) for p in placed):
                    continue
                if any(spot.clipline(a, b) for a, b in segments):
                    continue
                placed.append((move, spot, text))
                break
        return placed

    @staticmethod
    def _line(
        target: pygame.Surface, points: list[tuple[int, int]], origin: Point, color: Color, width: int
    ) -> None:
        if len(points) >= 2:
            shifted = [(x - origin[0], y - origin[1]) for x, y in points]
            pygame.draw.lines(target, color, False, shifted, width)

    def label_colour(self, seat: int, theme: Theme) -> tuple[int, int, int]:
        """The seat's colour for a name written on the panel: the game's, brightened or darkened
        just enough to be read (a black stone's name on a dark panel)."""
        colour = pygame.Color(*self.seat_colour(seat, theme))
        panel = pygame.Color(*theme.panel)
        lum = lambda c: 0.299 * c.r + 0.587 * c.g + 0.114 * c.b  # noqa: E731
        if abs(lum(colour) - lum(panel)) >= 90:
            return (colour.r, colour.g, colour.b)
        toward = pygame.Color(255, 255, 255) if lum(panel) < 128 else pygame.Color(0, 0, 0)
        for step in range(1, 11):
            mixed = colour.lerp(toward, step / 10)
            if abs(lum(mixed) - lum(panel)) >= 90:
                return (mixed.r, mixed.g, mixed.b)
        return (toward.r, toward.g, toward.b)

    def _fill(
        self, target: pygame.Surface, points: list[Point], plot: pygame.Rect, origin: Point, ui: UI
    ) -> None:
        """Two seats: the area between the line and the middle, in the colour of who is ahead."""
        t = ui.theme
        mid = plot.centery
        shifted = [(x - origin[0], y - origin[1]) for x, y in points]
        shade = pygame.Surface(plot.size, pygame.SRCALPHA)
        for seat, keep in ((0, lambda y: min(y, mid)), (1, lambda y: max(y, mid))):
            poly = [(shifted[0][0], mid), *((x, keep(y)) for x, y in shifted), (shifted[-1][0], mid)]
            poly = [(x - plot.x, y - plot.y) for x, y in poly]
            pygame.draw.polygon(shade, (*self.label_colour(seat, t), 110), poly)
        target.blit(shade, plot.topleft)

    def _axes(self, target: pygame.Surface, ui: UI, plot: pygame.Rect, origin: Point) -> None:
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
                    self.label_colour(seat, t),
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
