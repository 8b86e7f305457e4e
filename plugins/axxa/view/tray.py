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

from tafel.kit import Skin
from tafel.kit.text import card, label
from tafel.view import ViewContext, darken

from ..rules import STACK, AxxaState
from ..texts import _, seat_name

if TYPE_CHECKING:
    from . import AxxaView


def tray_key(shown: AxxaState, ctx: ViewContext) -> tuple:
    """Everything the tray shows (with the view's layout, the key of its kept picture)."""
    return (
        shown.due,
        shown.paid,
        shown.scores,
        shown.to_move,
        shown.outcome is None,
        tuple(shown.in_play(n) for n in range(1, 7)),
        tuple(ctx.seat_names or ()),
        ctx.theme,
    )


def paint_tray(view: AxxaView, surface: pygame.Surface, shown: AxxaState, ctx: ViewContext) -> None:
    """The tray at ``view.tray`` on the background (the whole rectangle is painted), drawn in the
    tray's own coordinates (the sizes of its rows round the same wherever it stands)."""
    area = view.tray.clip(surface.get_rect())
    if area.width <= 0 or area.height <= 0:
        return
    surface = surface.subsurface(area)
    tray = view.tray.move(-area.x, -area.y)
    theme = ctx.theme
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
    _removed(view, surface, shown, removed, ctx)
    _paid(view, surface, shown, paid, ctx)
    _in_play(view, surface, shown, left, ctx)


def _heading(view: AxxaView, surface: pygame.Surface, line: str, rect: pygame.Rect, ctx: ViewContext) -> int:
    drawn = label(
        surface,
        ctx,
        line,
        max(10, min(rect.width / 12, view.cell * 0.24)),
        ctx.theme.text_dim,
        topleft=rect.topleft,
    )
    return rect.y + drawn.height + 4


def _removed(
    view: AxxaView, surface: pygame.Surface, shown: AxxaState, rect: pygame.Rect, ctx: ViewContext
) -> None:
    y = _heading(view, surface, _("REMOVED"), rect, ctx)
    theme = ctx.theme
    if shown.rules.solo:
        rows, cols = (6, 1) if rect.height > rect.width * 0.9 else (3, 2)
        slot_h = (rect.bottom - y) / rows
        slot_w = rect.width / cols
        size = int(max(6, min(slot_h * 0.78, slot_w / 3.6)))
        for n in range(1, 7):
            col, row = (n - 1) // rows, (n - 1) % rows
            x0 = int(rect.x + col * slot_w)
            y0 = int(y + row * slot_h + (slot_h - size) / 2)
            for k in range(3):
                r = pygame.Rect(x0 + k * int(size * 1.12), y0, size, size)
                if n < shown.due:
                    surface.blit(view.stacks.tile(n, size, ctx), r)
                    continue
                color = theme.accent if n == shown.due else theme.panel_edge
                pygame.draw.rect(surface, color, r, max(1, size // 14), border_radius=max(2, size // 6))
                if k == 1:
                    label(surface, ctx, str(n), size * 0.55, color, center=r.center)
        return
    names = list(ctx.seat_names or ())
    slot_h = (rect.bottom - y) / shown.players
    size_units = max(1, round(max(9, min(slot_h * 0.3, view.cell * 0.24)) / ctx.fonts.scale))
    skin = Skin.of(ctx)
    for seat in range(shown.players):
        y0 = int(y + seat * slot_h)
        name = names[seat] if seat < len(names) else seat_name(seat)
        color = theme.seat(seat)
        mark = "▶ " if seat == shown.to_move and shown.outcome is None else ""
        line = f"{mark}{name}: {shown.scores[seat]}"
        if shown.rules.teams and "team" not in name.lower():
            line = f"{mark}{name} ({'AB'[seat % 2]}): {shown.scores[seat]}"
        fitted = ctx.fonts.fit_size(line, size_units, rect.width, True, 8)
        height = skin.draw_text(surface, line, (rect.x, y0), fitted, color, bold=True).height
        size = int(max(5, min(slot_h * 0.45, rect.width / 14)))
        # One seat-coloured trio of chips per triplet taken.
        for k in range(shown.scores[seat]):
            x = rect.x + k * int(size * 1.5)
            for j in range(3):
                center = (x + size // 2, y0 + height + 2 + size // 2 + (j - 1) * size // 3)
                pygame.draw.circle(surface, darken(color, 0.4), center, size // 3 + 1)
                pygame.draw.circle(surface, color, center, size // 3)


def _paid(
    view: AxxaView, surface: pygame.Surface, shown: AxxaState, rect: pygame.Rect, ctx: ViewContext
) -> None:
    y = _heading(view, surface, _("PAID ({n})").format(n=len(shown.paid)), rect, ctx)
    if not shown.paid:
        return
    # The largest tiles with which room for 18 payments (the usual most) fits the area.
    room = max(18, len(shown.paid))
    height = max(1, rect.bottom - y)
    size = 6
    for cols in range(3, 19):
        rows = math.ceil(room / cols)
        size = max(size, int(min(rect.width / (cols * 1.1), height / (rows * 1.15))))
    size = min(size, int(view.cell * 0.5))
    cols = max(1, int(rect.width // (size * 1.1)))
    for i, v in enumerate(shown.paid):
        r = pygame.Rect(rect.x + (i % cols) * int(size * 1.1), y + (i // cols) * int(size * 1.15), size, size)
        if r.bottom > rect.bottom + size // 2:
            break
        surface.blit(view.stacks.tile(v, size, ctx), r)


def _in_play(
    view: AxxaView, surface: pygame.Surface, shown: AxxaState, rect: pygame.Rect, ctx: ViewContext
) -> None:
    y = _heading(view, surface, _("LEFT IN PLAY"), rect, ctx)
    theme = ctx.theme
    due = shown.due
    avail = max(1, rect.bottom - y)
    # The grid (6x1, 3x2 or 2x3) that gives the largest tiles; each item is a tile and "x4".
    cols = max((6, 3, 2), key=lambda k: min(rect.width / k / 2.1, avail / math.ceil(6 / k) * 0.8))
    rows = math.ceil(6 / cols)
    cw = rect.width / cols
    ch = avail / rows
    size = int(max(6, min(ch * 0.8, cw / 2.1)))
    for n in range(1, 7):
        col, row = (n - 1) % cols, (n - 1) // cols
        x0 = int(rect.x + col * cw)
        y0 = int(y + row * ch + (ch - size) / 2)
        surface.blit(view.stacks.tile(n, size, ctx), (x0, y0))
        left = shown.in_play(n)
        needed = (n >= due) if shown.rules.solo else True
        color = theme.text_dim
        if needed and (left == STACK or left < STACK and shown.rules.solo):
            color = theme.danger
        elif n == due:
            color = theme.accent
        label(surface, ctx, f"×{left}", max(9, size * 0.7), color, midleft=(x0 + size + 3, y0 + size // 2))


def _winners(names: list[str], winners: tuple[int, ...]) -> str:
    """The card's title for the winning seats: ``Player 1 wins``, ``Player 1 and Player 3 win``."""
    who = [names[w] for w in winners]
    joined = functools.reduce(lambda a, b: _("{first} and {last}").format(first=a, last=b), who)
    return _.ngettext("{names} wins", "{names} win", len(who)).format(names=joined)


def draw_outcome(view: AxxaView, surface: pygame.Surface, shown: AxxaState, ctx: ViewContext) -> None:
    """The card over the board at the end: who won (or whether the puzzle was solved) and why."""
    outcome = shown.outcome
    assert outcome is not None
    theme = ctx.theme
    c = view.cell
    if shown.rules.solo:
        solved = outcome.rewards[0] >= 1.0
        title, color = (_("Solved!"), theme.ok) if solved else (_("Puzzle lost"), theme.danger)
    else:
        names = list(ctx.seat_names) if ctx.seat_names else [seat_name(i) for i in range(shown.players)]
        winners = outcome.winners
        if not winners:
            title = _("A draw")
        elif outcome.headline:
            title = outcome.headline.rstrip("!")
        else:
            title = _winners(names, winners)
        color = theme.accent
    reason = outcome.reason[0].upper() + outcome.reason[1:]
    card(surface, ctx, view.field.center, int(view.field.width * 0.86), title, reason, color, c)
