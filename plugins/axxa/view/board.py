"""The AxxA board and what is marked on it: the spaces with their coordinates, the corners (the
number due, triplets, payments, the deal); every space a selected stack can reach (a dot, a gold
ring where the move surely forms a triplet of the number due, a ring with the chance where the
piece that turns up is unknown; the path to the one under the pointer); the triplets to take; in
the payment step, free tops (numbers done) ticked and ones that cannot be spared marked red; the
Turn/Keep buttons, the last move and a hint.

Each function draws for an :class:`AxxaView` (its ``cell``, ``field`` and cell geometry).
"""

from __future__ import annotations

import functools
import math
import operator
from typing import TYPE_CHECKING

import pygame

from tafel import daily_date
from tafel.kit import Button, Skin, font, label, pulse
from tafel.view import ViewContext, darken, lighten, mix

from ..board import CELLS, SIZE, START_CELLS, Cell, cells_of, path_cells, xy
from ..rules import PAYMENT, PER_NUMBER, REMOVE, SHIFT, SOLO_TRIPLETS, STACK, TURN_MOVE, AxxaMove, AxxaState
from ..texts import _

if TYPE_CHECKING:
    from . import AxxaView


def paint_board(view: AxxaView, board: pygame.Surface, ctx: ViewContext) -> None:
    """The spaces (start spaces darker, the inner 5x5 square framed) and the coordinates, into
    ``board``, a transparent picture of ``view.outer``."""
    theme, c, radius = ctx.theme, view.cell, max(4, view.cell // 5)
    fx, fy = view.field.x - view.outer.x, view.field.y - view.outer.y
    for cell in CELLS:
        x, y = xy(cell)
        inner = (
            view.grid.rect(cell)
            .move(-view.outer.x, -view.outer.y)
            .inflate(-max(2, c // 16), -max(2, c // 16))
        )
        color = theme.board if (x + y) % 2 == 0 else lighten(theme.board, 0.06)
        color = theme.board_dark if cell in START_CELLS else color
        pygame.draw.rect(board, darken(color, 0.35), inner.move(0, max(1, c // 30)), border_radius=radius)
        pygame.draw.rect(board, color, inner, border_radius=radius)
        pygame.draw.rect(board, darken(color, 0.2), inner, max(1, c // 40), border_radius=radius)
    # The 5x5 square gets a frame line so the start spaces read as "outside".
    sq = pygame.Rect(fx + c, fy + c, 5 * c, 5 * c).inflate(4, 4)
    pygame.draw.rect(board, darken(theme.board_dark, 0.3), sq, max(2, c // 24), border_radius=radius)
    for k in range(SIZE):
        px, ink = max(8, c * 0.26), theme.text_dim
        label(board, ctx, "abcdefg"[k], px, ink, center=(fx + k * c + c // 2, fy + SIZE * c + fy // 2))
        label(board, ctx, str(k + 1), px, ink, center=(fx // 2, fy + (SIZE - 1 - k) * c + c // 2))


def draw_corners(view: AxxaView, surface: pygame.Surface, shown: AxxaState, ctx: ViewContext) -> None:
    """The number due (top left), triplets (top right: progress solo, each seat's count or the
    two teams' totals), payments and the deal (bottom)."""
    theme, c, r = ctx.theme, view.cell, view.corner("tl")
    pygame.draw.rect(surface, theme.panel, r, border_radius=c // 5)
    pygame.draw.rect(surface, theme.accent, r, max(2, c // 24), border_radius=c // 5)
    label(surface, ctx, _("DUE"), c * 0.22, theme.text_dim, midleft=(r.x + c // 8, r.centery))
    if shown.due <= 6:
        tile = view.stacks.tile(shown.due, int(c * 0.66), ctx)
        surface.blit(tile, tile.get_rect(midright=(r.right - c // 8, r.centery)))
    else:
        label(surface, ctx, "✓", c * 0.4, theme.ok, midright=(r.right - c // 6, r.centery))
    score = "-".join(map(str, shown.scores))
    if shown.rules.solo:
        score = f"{shown.triplets}/{SOLO_TRIPLETS}"
    elif shown.rules.teams:
        score = "A {}-{} B".format(*shown.rules.side_totals(shown.scores)[:2])
    seed = view.seed_of(shown, ctx)  # None: the core shows the deal elsewhere until the view learns it
    day = daily_date(seed)  # a daily deal is named by its day, not its ten-digit seed
    deal = [("br", _("DEAL"), day.isoformat() if day else str(seed), 0.28, 12)] if seed is not None else []
    for which, head, value, px, below in [
        ("tr", _("TRIPLETS"), score, 0.34, 16),
        ("bl", _("PAID"), str(len(shown.paid)), 0.34, 16),
        *deal,
    ]:
        r = view.corner(which)
        pygame.draw.rect(surface, theme.panel, r, border_radius=c // 5)
        label(surface, ctx, head, c * 0.2, theme.text_dim, bold=False, midtop=(r.centerx, r.y + c // 14))
        label(
            surface,
            ctx,
            value,
            fit_px(ctx, value, c * px, r.width - c // 5),
            theme.text,
            midbottom=(r.centerx, r.bottom - c // below),
        )


def fit_px(ctx: ViewContext, text: str, px: float, width: int) -> float:
    """``px``, or smaller so that ``text`` fits ``width`` whole (a daily deal's eight digits in a
    small window's corner box)."""
    wide = font(ctx, px, bold=True).size(text)[0]
    return px if wide <= width or wide <= 0 else max(1.0, px * width / wide * 0.97)


def rect(
    view: AxxaView, surface: pygame.Surface, cell: Cell, color, inset: int, width: int, radius: int
) -> None:
    """An outline on ``cell``'s square, ``inset`` pixels smaller."""
    pygame.draw.rect(
        surface, color, view.grid.rect(cell).inflate(-inset, -inset), width, border_radius=radius
    )


def draw_targets(
    view: AxxaView, surface: pygame.Surface, shown: AxxaState, frm: Cell, focus: Cell | None, ctx: ViewContext
) -> None:
    """Where the selected stack can go: a dot, a gold ring with "3!" where the move surely makes a
    triplet of the number due, a ring with the chance where an unknown piece decides; the path to
    the target under the pointer."""
    theme, c = ctx.theme, view.cell
    dests = shown.destinations(frm)
    if focus in dests:
        path = path_cells(frm, focus, shown.top(frm), shown.occupied & ~(1 << frm))
        pts = [view.cell_center(frm)] + [view.cell_center(p) for p in path]
        if len(pts) > 1:
            pygame.draw.lines(surface, theme.highlight, False, pts, max(2, c // 14))
    for d in dests:
        center = view.cell_center(d)
        chance = shown.triplet_chance(AxxaMove.shift(frm, d))
        if chance >= 1.0:
            width = max(3, c // 12)
            pygame.draw.circle(surface, darken(theme.accent, 0.5), center, int(c * 0.34), width + 2)
            pygame.draw.circle(surface, theme.accent, center, int(c * 0.34), width)
            label(surface, ctx, "3!", c * 0.22, theme.accent, center=center)
        elif chance > 0.0:
            pygame.draw.circle(surface, theme.target_far, center, int(c * 0.3), max(2, c // 18))
            tag(surface, ctx, f"{round(100 * chance)}%", c * 0.22, theme.target_far, center)
        else:
            pygame.draw.circle(surface, darken(theme.target_near, 0.5), center, int(c * 0.13) + 2)
            pygame.draw.circle(surface, theme.target_near, center, int(c * 0.13))
        if d == focus:
            rect(view, surface, d, theme.highlight, 4, 2, c // 8)


def draw_take(
    view: AxxaView, surface: pygame.Surface, shown: AxxaState, focus: Cell | None, ctx: ViewContext
) -> None:
    """Several triplets to choose from: their pieces outlined, the one a click would take ringed,
    the pieces picked so far ringed green."""
    theme, c = ctx.theme, view.cell
    for cell in cells_of(functools.reduce(operator.or_, shown.candidates(), 0)):
        rect(view, surface, cell, theme.accent, 3, max(2, c // 20), c // 6)
    preview = view.take_preview(shown, focus)
    for cell in preview[0] if len(preview) == 1 else ():
        pygame.draw.circle(surface, theme.highlight, view.cell_center(cell), int(c * 0.42), max(3, c // 12))
    for cell in view.picked:
        pygame.draw.circle(surface, theme.ok, view.cell_center(cell), int(c * 0.45), max(3, c // 12))


def draw_pay(
    view: AxxaView, surface: pygame.Surface, shown: AxxaState, focus: Cell | None, ctx: ViewContext
) -> None:
    """The payment step: free tops (numbers done) ticked, tops that cannot be spared marked red."""
    theme, c = ctx.theme, view.cell
    for cell in (cell for cell in CELLS if shown.stacks[cell]):
        v = shown.top(cell)
        # Pieces of the number that can be paid without making the puzzle impossible.
        left = PER_NUMBER if shown.rules.solo and v < shown.due else shown.in_play(v) - STACK
        x, y = view.cell_center(cell)
        corner = (x - int(c * 0.34), y - int(c * 0.36))
        if left <= 0 or shown.rules.solo and v < shown.due:
            pygame.draw.circle(surface, theme.danger if left <= 0 else theme.ok, corner, int(c * 0.12))
            label(surface, ctx, "!" if left <= 0 else "✓", c * 0.24, (255, 255, 255), center=corner)
        if cell == focus:
            rect(
                view,
                surface,
                cell,
                theme.danger if left <= 0 else theme.highlight,
                3,
                max(2, c // 16),
                c // 6,
            )


class TurnButton(Button):
    """The kit's button in AxxA's look: a hard shadow, primary colours when focused or hovered.
    Its action returns the move it stands for."""

    def draw(self, surface: pygame.Surface, ui: Skin) -> None:
        t, r = ui.theme, self.rect
        lit = self.focused or self.hovered
        pygame.draw.rect(surface, t.shadow, r.move(2, 3), border_radius=r.height // 3)
        pygame.draw.rect(surface, t.button_primary if lit else t.button, r, border_radius=r.height // 3)
        color = t.button_primary_text if lit else t.text
        ui.draw_text(surface, _(self.label), r.center, self.size, color, bold=True, anchor="center")


def draw_turn(view: AxxaView, surface: pygame.Surface, shown: AxxaState, ctx: ViewContext) -> None:
    """Two buttons by the stack just moved: turn its top piece under, or keep it on top."""
    c, skin, moved = view.cell, Skin.of(ctx), view.grid.rect(shown.moved)
    rect(view, surface, shown.moved, ctx.theme.highlight, 2, max(2, c // 16), c // 8)
    size, h = max(1, round(c * 0.24 / ctx.fonts.scale)), int(c * 0.5)
    widths = [skin.text_width(_(b.label), size, bold=True) + c // 2 for b in view.turn_buttons]
    total = sum(widths) + 8
    y = moved.y - h - 6 if moved.y - h - 6 > view.field.y else moved.bottom + 6
    x = max(view.field.x, min(moved.centerx - total // 2, view.field.right - total))
    for button, width in zip(view.turn_buttons, widths, strict=True):
        button.rect, button.size = pygame.Rect(x, y, width, h), size
        x += width + 8
        button.draw(surface, skin)


def draw_last_move(view: AxxaView, surface: pygame.Surface, move: AxxaMove, ctx: ViewContext) -> None:
    if move.kind == SHIFT:
        c, color = view.cell, ctx.theme.last_move
        pygame.draw.circle(surface, color, view.cell_center(move.cells[0]), max(3, c // 12))
        rect(view, surface, move.cells[1], color, 6, max(2, c // 24), c // 8)


def tag(surface: pygame.Surface, ctx: ViewContext, text: str, px: float, color, center) -> None:
    """A short label on a small card of the board's shade, so that no line drawn under it (a
    hint's path) crosses its text."""
    h = int(px * 1.35)
    back = pygame.Rect(0, 0, int(len(text) * px * 0.66) + h // 2, h)
    back.center = center
    pygame.draw.rect(surface, darken(ctx.theme.board, 0.45), back, border_radius=h // 2)
    label(surface, ctx, text, px, color, center=center)


def draw_hint(
    view: AxxaView, surface: pygame.Surface, move: AxxaMove, shown: AxxaState, ctx: ViewContext
) -> None:
    """The path and ends of a hinted shift, rings on the pieces to take or pay, else a line above."""
    color, c = mix(ctx.theme.hint, (255, 255, 255), 0.35 * pulse(ctx.time)), view.cell
    width = max(3, c // 14)
    if move.kind == SHIFT:
        frm, to = move.cells
        path = path_cells(frm, to, shown.top(frm), shown.occupied & ~(1 << frm))
        pygame.draw.lines(surface, color, False, [view.cell_center(p) for p in [frm, *(path or [to])]], width)
        rect(view, surface, to, color, math.ceil(c / 5), width, c // 6)
    if move.kind in (SHIFT, REMOVE, PAYMENT):
        for cell in move.cells[:1] if move.kind == SHIFT else move.cells:
            pygame.draw.circle(surface, color, view.cell_center(cell), int(c * 0.46), width)
    else:
        line = _("Hint: turn under") if move == TURN_MOVE else _("Hint: keep")
        label(surface, ctx, line, c * 0.3, color, midbottom=(view.field.centerx, view.field.y - 2))
