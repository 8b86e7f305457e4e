"""Beside the board, the tray: the triplets removed (one slot per number, the due one outlined, or
per player in the competitive game), the pieces paid, and how many of each number are left in
play (red when none is spare); and over the board at the end, the outcome card.

Each function draws for an :class:`AxxaView` (its ``cell``, ``field`` and tile sprites).
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import pygame

from tafel.kit import Skin, card, font, label
from tafel.view import ViewContext, darken

from ..rules import STACK, AxxaState
from ..texts import _, seat_name

if TYPE_CHECKING:
    from . import AxxaView


def tray_key(shown: AxxaState, ctx: ViewContext) -> tuple:
    """Everything the tray shows (with the view's layout, the key of its kept picture)."""
    counts, names = tuple(shown.in_play(n) for n in range(1, 7)), tuple(ctx.seat_names or ())
    return (
        shown.due,
        shown.paid,
        shown.scores,
        shown.to_move,
        shown.outcome is None,
        counts,
        names,
        ctx.theme,
    )


def paint_tray(view: AxxaView, surface: pygame.Surface, shown: AxxaState, ctx: ViewContext) -> None:
    """The tray at ``view.tray`` on the background (the whole rectangle is painted), drawn in the
    tray's own coordinates (the sizes of its rows round the same wherever it stands)."""
    area = view.tray.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return
    surface = surface.subsurface(area)
    tray, theme = view.tray.move(-area.x, -area.y), ctx.theme
    surface.fill(theme.background)
    pygame.draw.rect(surface, theme.card, tray, border_radius=max(6, view.cell // 6))
    pad = max(6, min(tray.width, tray.height) // 16)
    inner = tray.inflate(-2 * pad, -2 * pad)
    if tray.height > tray.width * 0.9:  # a column beside the board
        removed = pygame.Rect(inner.x, inner.y, inner.width, int(inner.height * 0.46))
        paid = pygame.Rect(inner.x, removed.bottom + pad, inner.width, int(inner.height * 0.3))
        left = pygame.Rect(inner.x, paid.bottom + pad, inner.width, inner.bottom - paid.bottom - pad)
    else:  # a row under it
        removed = pygame.Rect(inner.x, inner.y, int(inner.width * 0.36), inner.height)
        paid = pygame.Rect(removed.right + pad, inner.y, int(inner.width * 0.3), inner.height)
        left = pygame.Rect(paid.right + pad, inner.y, inner.right - paid.right - pad, inner.height)

    def heading(line: str, rect: pygame.Rect) -> int:
        px = max(10, min(rect.width / 12, view.cell * 0.24))
        # Narrow trays (a small picture, the review's boards): smaller, so the heading is whole.
        wide = font(ctx, px, bold=True).size(line)[0]
        px = max(6.0, px * min(1.0, rect.width / max(1, wide)))
        return rect.y + label(surface, ctx, line, px, theme.text_dim, topleft=rect.topleft).height + 4

    def tile(n: int, size: int, at) -> None:
        surface.blit(view.stacks.tile(n, size, ctx), at)

    # Removed: solo, three slots a number (tiles once removed, the due one outlined); else each
    # seat's name and score with a seat-coloured trio of chips per triplet taken.
    y = heading(_("REMOVED"), removed)
    if shown.rules.solo:
        rows, cols = (6, 1) if removed.height > removed.width * 0.9 else (3, 2)
        slot_h, slot_w = (removed.bottom - y) / rows, removed.width / cols
        size = int(max(6, min(slot_h * 0.78, slot_w / 3.6)))
        for n, k in ((n, k) for n in range(1, 7) for k in range(3)):
            x0, y0 = (
                int(removed.x + (n - 1) // rows * slot_w),
                int(y + (n - 1) % rows * slot_h + (slot_h - size) / 2),
            )
            r = pygame.Rect(x0 + k * int(size * 1.12), y0, size, size)
            if n < shown.due:
                tile(n, size, r)
                continue
            color = theme.accent if n == shown.due else theme.panel_edge
            pygame.draw.rect(surface, color, r, max(1, size // 14), border_radius=max(2, size // 6))
            if k == 1:
                label(surface, ctx, str(n), size * 0.55, color, center=r.center)
    else:
        names = list(ctx.seat_names or ()) + [
            seat_name(i) for i in range(len(ctx.seat_names or ()), shown.players)
        ]
        slot_h = (removed.bottom - y) / shown.players
        size_units = max(1, round(max(9, min(slot_h * 0.3, view.cell * 0.24)) / ctx.fonts.scale))
        for seat in range(shown.players):
            name, score = names[seat], shown.scores[seat]
            y0, color = int(y + seat * slot_h), theme.seat(seat)
            mark = "▶ " if seat == shown.to_move and shown.outcome is None else ""
            team = f" ({'AB'[seat % 2]})" if shown.rules.teams and "team" not in name.lower() else ""
            line = f"{mark}{name}{team}: {score}"
            fitted = ctx.fonts.fit_size(line, size_units, removed.width, True, 8)
            height = Skin.of(ctx).draw_text(surface, line, (removed.x, y0), fitted, color, bold=True).height
            size = int(max(5, min(slot_h * 0.45, removed.width / 14)))
            for k, j in ((k, j) for k in range(score) for j in range(3)):
                center = (
                    removed.x + k * int(size * 1.5) + size // 2,
                    y0 + height + 2 + size // 2 + (j - 1) * size // 3,
                )
                pygame.draw.circle(surface, darken(color, 0.4), center, size // 3 + 1)
                pygame.draw.circle(surface, color, center, size // 3)

    # Paid: the largest tiles with which room for 18 payments (the usual most) fits the area.
    y = heading(_("PAID ({n})").format(n=len(shown.paid)), paid)
    room, height, size = max(18, len(shown.paid)), max(1, paid.bottom - y), 6
    for cols in range(3, 19):
        size = max(size, int(min(paid.width / (cols * 1.1), height / (math.ceil(room / cols) * 1.15))))
    size = min(size, int(view.cell * 0.5))
    cols = max(1, int(paid.width // (size * 1.1)))
    for i, v in enumerate(shown.paid):
        r = pygame.Rect(paid.x + (i % cols) * int(size * 1.1), y + (i // cols) * int(size * 1.15), size, size)
        if r.bottom > paid.bottom + size // 2:
            break
        tile(v, size, r)

    # Left in play: a tile and "x4" a number, in the grid (6x1, 3x2 or 2x3) with the largest tiles;
    # red when no piece is spare, gold for the number due.
    y = heading(_("LEFT IN PLAY"), left)
    avail = max(1, left.bottom - y)
    cols = max((6, 3, 2), key=lambda k: min(left.width / k / 2.1, avail / math.ceil(6 / k) * 0.8))
    cw, ch = left.width / cols, avail / math.ceil(6 / cols)
    size = int(max(6, min(ch * 0.8, cw / 2.1)))
    for n in range(1, 7):
        x0, y0 = int(left.x + (n - 1) % cols * cw), int(y + (n - 1) // cols * ch + (ch - size) / 2)
        tile(n, size, (x0, y0))
        count, solo = shown.in_play(n), shown.rules.solo
        color = theme.text_dim
        if (n >= shown.due or not solo) and (count == STACK or count < STACK and solo):
            color = theme.danger
        elif n == shown.due:
            color = theme.accent
        label(surface, ctx, f"×{count}", max(9, size * 0.7), color, midleft=(x0 + size + 3, y0 + size // 2))


def draw_outcome(view: AxxaView, surface: pygame.Surface, shown: AxxaState, ctx: ViewContext) -> None:
    """The card over the board at the end: who won (or whether the puzzle was solved) and why."""
    outcome, theme = shown.outcome, ctx.theme
    assert outcome is not None
    if shown.rules.solo:
        solved = outcome.rewards[0] >= 1.0
        title, color = (_("Solved!"), theme.ok) if solved else (_("Puzzle lost"), theme.danger)
    else:
        names = list(ctx.seat_names) if ctx.seat_names else [seat_name(i) for i in range(shown.players)]
        who = [names[w] for w in outcome.winners]
        # "Player 1 wins", "Player 1 and Player 3 win"
        joined = functools.reduce(lambda a, b: _("{first} and {last}").format(first=a, last=b), who or [""])
        title = _.ngettext("{names} wins", "{names} win", len(who)).format(names=joined)
        title = outcome.headline.rstrip("!") if who and outcome.headline else title if who else _("A draw")
        color = theme.accent
    reason = outcome.reason[0].upper() + outcome.reason[1:]
    card(surface, ctx, view.field.center, int(view.field.width * 0.86), title, reason, color, view.cell)
