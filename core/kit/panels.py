"""Panels beside a board: lines of text sized in pixels (fitted and kept), and inventory slots.

:class:`Texts` renders a line at a pixel height (the window's font scale taken out), shrunk
until it fits a width, and keeps each rendering: a view's panels draw the same lines every
frame. :func:`slot_grid` lays ``n`` equal slots (a hand, a reserve, a set of pieces) out in
the rows and columns that make each as large as possible.

>>> import pygame
>>> radius, slots = slot_grid(pygame.Rect(0, 0, 200, 100), 6, (2.0, 2.0))
>>> radius, len(slots), slots[4]
(25.0, 6, Rect(66, 50, 66, 50))
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, NamedTuple

import pygame

from tafel.view import ViewContext

if TYPE_CHECKING:
    from tafel.kit.widgets import Button

__all__ = ["BoardLayout", "Texts", "board_layout", "button_row", "slot_grid", "tip", "tip_place"]


class BoardLayout(NamedTuple):
    """Where :func:`board_layout` puts things: ``panels`` are the first and the second player's."""

    wide: bool
    bar: pygame.Rect
    prompt: pygame.Rect
    board: pygame.Rect
    panels: tuple[pygame.Rect, pygame.Rect]


def board_layout(rect: pygame.Rect, panels: bool = True) -> BoardLayout:
    """A two-player board screen in ``rect``: a bar of buttons along the bottom (with a line for a
    prompt above it when the screen is narrow), each player's panel beside the board in a wide
    area (the first player's on the left) or above and below it in a tall one (the first
    player's below); without ``panels`` the board takes their room too.

    >>> lay = board_layout(pygame.Rect(0, 0, 1280, 720))
    >>> lay.wide, lay.bar, lay.panels[0].x < lay.board.x < lay.panels[1].x
    (True, Rect(0, 681, 1280, 39), True)
    """
    wide = rect.width >= rect.height * 1.25
    bar_h = max(26, min(56, int(rect.height * 0.055)))
    bar = pygame.Rect(rect.x, rect.bottom - bar_h, rect.width, bar_h)
    # A narrow bar has no room for the prompt beside its buttons: give it a line of its own.
    prompt_h = 0 if wide else max(16, int(bar_h * 0.6))
    prompt = pygame.Rect(rect.x, bar.y - prompt_h, rect.width, prompt_h)
    body = pygame.Rect(rect.x, rect.y, rect.width, rect.height - bar_h - prompt_h - 4)
    if not panels:
        return BoardLayout(wide, bar, prompt, body, (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)))
    if wide:
        w = int(min(max(body.width * 0.15, 90), body.width * 0.22))
        board = pygame.Rect(body.x + w + 6, body.y, body.width - 2 * w - 12, body.height)
        sides = (
            pygame.Rect(body.x, body.y, w, body.height),
            pygame.Rect(body.right - w, body.y, w, body.height),
        )
        return BoardLayout(wide, bar, prompt, board, sides)
    h = int(min(max(body.height * 0.14, 56), body.height * 0.2))
    board = pygame.Rect(body.x, body.y + h + 4, body.width, body.height - 2 * h - 8)
    sides = (pygame.Rect(body.x, body.bottom - h, body.width, h), pygame.Rect(body.x, body.y, body.width, h))
    return BoardLayout(wide, bar, prompt, board, sides)


def slot_grid(
    inner: pygame.Rect, n: int, shape: tuple[float, float] = (1.0, 1.0)
) -> tuple[float, list[pygame.Rect]]:
    """``n`` slots filling ``inner`` in rows (the columns that give the largest piece), and the
    largest piece's unit that fits a slot: a piece ``shape`` units wide and high (a pointy hex of
    circumradius 1 is ``(sqrt(3), 2)``).

    >>> unit, slots = slot_grid(pygame.Rect(0, 0, 300, 100), 3)
    >>> unit, [s.topleft for s in slots]
    (100.0, [(0, 0), (100, 0), (200, 0)])
    """
    best = None
    for cols in range(1, n + 1):
        cw, ch = inner.width / cols, inner.height / math.ceil(n / cols)
        unit = min(cw / shape[0], ch / shape[1])
        if best is None or unit > best[0]:
            best = (unit, cols, cw, ch)
    if best is None:
        return 0.0, []
    unit, cols, cw, ch = best
    rects = []
    for i in range(n):
        r, c = divmod(i, cols)
        rects.append(pygame.Rect(int(inner.x + c * cw), int(inner.y + r * ch), int(cw), int(ch)))
    return unit, rects


class Texts:
    """Lines of text by pixel height, fitted to a width and kept (up to ``limit`` renderings).

    >>> from tafel.testing import view_context
    >>> texts, ctx = Texts(), view_context()
    >>> a = texts.render(ctx, "Player 1", 20, (255, 255, 255))
    >>> a is texts.render(ctx, "Player 1", 20, (255, 255, 255))
    True
    >>> texts.render(ctx, "a line that must fit", 40, (255, 255, 255), max_w=120).get_width() <= 120
    True
    """

    def __init__(self, limit: int = 3000) -> None:
        self.limit = limit
        self._kept: dict[tuple[Hashable, ...], pygame.Surface] = {}

    def font(self, ctx: ViewContext, pixels: float, bold: bool = False) -> pygame.font.Font:
        """The font whose letters are about ``pixels`` high on screen."""
        scale = ctx.fonts.scale or 1.0
        return ctx.fonts.get(max(6, int(pixels / scale)), bold)

    def render(
        self,
        ctx: ViewContext,
        text: str,
        pixels: float,
        colour: Sequence[int],
        bold: bool = False,
        max_w: float | None = None,
    ) -> pygame.Surface:
        """``text`` rendered, shrunk (down to 8 pixels) until it fits ``max_w``."""
        key = (text, pixels, tuple(colour), bold, max_w, ctx.fonts.scale)
        img = self._kept.get(key)
        if img is None:
            font = self.font(ctx, pixels, bold)
            if max_w is not None:
                width = font.size(text)[0]
                if width > max_w and pixels > 8:
                    # Text width grows with the font size: jump near the fitting size, then
                    # step down (each size tried is a font to open).
                    top, pixels = pixels, max(8, int(pixels * max_w / width))
                    while pixels + 1 < top and self.font(ctx, pixels + 1, bold).size(text)[0] <= max_w:
                        pixels += 1
                    font = self.font(ctx, pixels, bold)
                    while font.size(text)[0] > max_w and pixels > 8:
                        pixels -= 1
                        font = self.font(ctx, pixels, bold)
            img = font.render(text, True, colour)
            if len(self._kept) > self.limit:
                self._kept.clear()
            self._kept[key] = img
        return img

    def draw(
        self,
        surface: pygame.Surface,
        ctx: ViewContext,
        text: str,
        pixels: float,
        colour: Sequence[int],
        pos: Sequence[float],
        anchor: str = "topleft",
        bold: bool = False,
        max_w: float | None = None,
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute) at ``pos``."""
        img = self.render(ctx, text, pixels, colour, bold, max_w)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(img, r)
        return r


def tip(
    surface: pygame.Surface,
    texts: Texts,
    ctx: ViewContext,
    text: str,
    anchor: Sequence[float],
    pixels: float,
    bounds: pygame.Rect,
    avoid: pygame.Rect | None = None,
) -> pygame.Rect | None:
    """A tooltip in a small card whose bottom centre is ``anchor``, kept inside ``bounds`` (a
    board's hover help: what a field or a slot holds); returns the card's rect.

    With ``avoid`` (the board and its labels) the card never covers it: where the card above the
    anchor would, it goes to the free strip of ``bounds`` beside, above or below ``avoid`` nearest
    the anchor, its text wrapped to the strip's width (:func:`tip_place`); None when no strip has
    room for it (nothing drawn).

    >>> import pygame
    >>> from tafel.testing import view_context
    >>> surface = pygame.Surface((300, 200))
    >>> card = tip(surface, Texts(), view_context(), "a Red stone", (150, 10), 14, surface.get_rect())
    >>> card.top == 0 and surface.get_at((150, 3)) != (0, 0, 0)  # too high: kept inside the bounds
    True
    """
    size = max(6, int(pixels / (ctx.fonts.scale or 1.0)))
    font = texts.font(ctx, pixels)

    def lines_for(width: int) -> list[str]:
        return [text] if width >= font.size(text)[0] else ctx.fonts.wrap(text, size, width)

    placed = tip_place(lines_for, lambda line: font.size(line)[0], font.get_linesize(), anchor, bounds, avoid)
    if placed is None:
        return None
    r, lines = placed
    pygame.draw.rect(surface, ctx.theme.card, r, border_radius=5)
    pygame.draw.rect(surface, ctx.theme.panel_edge, r, 1, border_radius=5)
    for i, line in enumerate(lines):
        surface.blit(
            texts.render(ctx, line, pixels, ctx.theme.text),
            (r.x + TIP_PAD[0], r.y + TIP_PAD[1] + i * font.get_linesize()),
        )
    return r


#: A tooltip card's padding (x, y) around its text.
TIP_PAD = (6, 3)


def tip_place(
    lines_for: Callable[[int], list[str]],
    width_of: Callable[[str], int],
    line_h: int,
    anchor: Sequence[float],
    bounds: pygame.Rect,
    avoid: pygame.Rect | None = None,
) -> tuple[pygame.Rect, list[str]] | None:
    """Where a tooltip goes and its lines (``lines_for(width)``: the text wrapped to ``width``):
    above ``anchor`` inside ``bounds``, or, where that covers ``avoid``, in the strip of
    ``bounds`` off ``avoid`` nearest the anchor (None when none has room).

    >>> one = lambda width: ["a1: White 3 · free"] if width >= 180 else ["a1: White 3", "free"]
    >>> place = lambda anchor, avoid: tip_place(one, lambda s: 10 * len(s), 20, anchor, pygame.Rect(0, 0, 800, 600), avoid)
    >>> place((400, 300), None)[0]
    Rect(304, 274, 192, 26)
    >>> place((400, 300), pygame.Rect(150, 0, 500, 600))  # beside the board, wrapped to fit
    (Rect(28, 254, 122, 46), ['a1: White 3', 'free'])
    >>> place((400, 300), pygame.Rect(0, 0, 800, 600)) is None
    True
    """
    pad_x, pad_y = TIP_PAD
    ax, ay = int(anchor[0]), int(anchor[1])

    def card(room: pygame.Rect) -> tuple[pygame.Rect, list[str]] | None:
        lines = lines_for(room.width - 2 * pad_x)
        w = max((width_of(line) for line in lines), default=0) + 2 * pad_x
        r = pygame.Rect(0, 0, w, len(lines) * line_h + 2 * pad_y)
        if not lines or r.width > room.width or r.height > room.height:
            return None
        r.midbottom = (ax, ay)
        r.clamp_ip(room)
        return r, lines

    first = card(bounds)
    if first is None or avoid is None or not first[0].colliderect(avoid):
        return first
    board = avoid.clip(bounds)
    strips = (
        pygame.Rect(bounds.x, bounds.y, board.x - bounds.x, bounds.height),
        pygame.Rect(board.right, bounds.y, bounds.right - board.right, bounds.height),
        pygame.Rect(bounds.x, bounds.y, bounds.width, board.y - bounds.y),
        pygame.Rect(bounds.x, board.bottom, bounds.width, bounds.bottom - board.bottom),
    )
    placed = [p for p in (card(s) for s in strips if s.width > 0 and s.height > 0) if p is not None]

    def away(p: tuple[pygame.Rect, list[str]]) -> float:
        r = p[0]
        dx, dy = max(r.left - ax, 0, ax - r.right), max(r.top - ay, 0, ay - r.bottom)
        return math.hypot(dx, dy) + line_h * (len(p[1]) - 1)  # a card in one line over a nearer one in three

    return min(placed, key=away, default=None)


def button_row(
    surface: pygame.Surface,
    texts: Texts,
    ctx: ViewContext,
    buttons: Sequence[Button],
    bar: pygame.Rect,
    focus: int | None = None,
) -> int:
    """Lay out and draw kit :class:`~tafel.kit.widgets.Button` s as a compact row along ``bar`` (a
    toolbar under a board: as tall as the bar, as wide as their labels), the ``focus``-th one
    ringed; sets each button's ``rect`` and returns the x where the row ends.

    >>> from tafel.kit.widgets import Button
    >>> from tafel.testing import view_context
    >>> row = [Button("Pass"), Button("Resign", kind="primary")]
    >>> end = button_row(pygame.Surface((400, 40)), Texts(), view_context(), row, pygame.Rect(0, 0, 400, 40))
    >>> row[0].rect.x, row[1].rect.x == row[0].rect.right + 6, end == row[1].rect.right + 6
    (0, True, True)
    """
    theme, h, x = ctx.theme, bar.height - 6, bar.x
    font_px = max(10, h * 0.45)
    for i, b in enumerate(buttons):
        w = int(texts.font(ctx, font_px).size(b.label)[0] + h * 0.8)
        b.rect = pygame.Rect(x, bar.y + 3, w, h)
        x += w + 6
        hovered = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
        if b.kind == "primary":
            fill, colour = theme.button_primary, theme.button_primary_text
        else:
            fill, colour = (theme.button_hover if hovered or focus == i else theme.button), theme.text
        pygame.draw.rect(surface, fill, b.rect, border_radius=6)
        if focus == i:
            pygame.draw.rect(surface, theme.focus, b.rect, 2, border_radius=6)
        texts.draw(surface, ctx, b.label, font_px, colour, b.rect.center, "center")
    return x
