"""What a move animates, on the kit's tweens: the stack sliding along its path, the triplets it
completes vanishing one after the other towards the tray, a paid piece flying there, and a
celebration for "good" (two triplets in a turn) and "outstanding" (three) moves.

>>> from tafel.games.axxa.rules import AxxaState
>>> s = AxxaState.deal(5)
>>> move = s.legal_moves()[0]
>>> anim = MoveAnimation(s, s.play(move))
>>> anim.busy, anim.sliding
(False, False)
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from tafel.kit import Tween, arc, ease_in_out
from tafel.view import Color, ViewContext

from ..board import Cell, cells_of, path_cells
from ..rules import MOVE, PAYMENT, SHIFT, VALUE, AxxaMove, AxxaState, due_number
from ..texts import N_, _
from .pieces import NUMBER_COLORS, TILE, font

if TYPE_CHECKING:
    from . import AxxaView

#: Animation lengths in seconds before the player's speed setting.
STEP_TIME = 0.07
SLIDE_MIN = 0.18
VANISH_TIME = 0.55
VANISH_GAP = 0.3
PAY_TIME = 0.35
CELEBRATE_TIME = 1.6


class Flight(Tween):
    """A tile drawn on its own: rising from ``start`` and shrinking on its way to ``goal``
    (``kind`` "vanish": a piece of a triplet taken, or "pay": a piece paid)."""

    def __init__(
        self,
        number: int,
        start: tuple[int, int],
        goal: tuple[float, float],
        delay: float,
        duration: float,
        kind: str,
    ):
        super().__init__(duration, delay, ease_in_out)
        self.number, self.start, self.goal, self.kind = number, start, goal, kind


class MoveAnimation:
    """The tweens of one move, all on one clock; ``before`` and ``after`` as the players see them."""

    def __init__(self, before: AxxaState, after: AxxaState) -> None:
        self.before, self.after = before, after
        self.slide: Tween | None = None
        self.slide_path: list[Cell] = []
        self.slide_stack: tuple[int, ...] = ()
        self.flights: list[Flight] = []
        self.celebrate = ""
        self.cheer: Tween | None = None
        self.sparks: list[tuple[float, float, float, float, Color]] = []

    @property
    def tweens(self) -> list[Tween]:
        return [t for t in (self.slide, *self.flights, self.cheer) if t is not None]

    @property
    def busy(self) -> bool:
        return any(not t.done for t in self.tweens)

    @property
    def sliding(self) -> bool:
        """True while the moved stack is on its way (the board then shows the state before)."""
        return self.slide is not None and self.slide.t < self.slide.duration

    @property
    def slide_from(self) -> Cell | None:
        return self.slide_path[0] if self.slide is not None else None

    def update(self, dt: float) -> None:
        for tween in self.tweens:
            tween.update(dt)


def animate(
    view: AxxaView, before: AxxaState, move: AxxaMove, after: AxxaState, speed: float
) -> MoveAnimation | None:
    """The animation of ``move`` at the view's layout, or None when there is nothing to show."""
    vb = before.view_for(before.to_move)
    anim = MoveAnimation(vb, after.view_for(after.to_move) if after.outcome is None else after)
    t = 0.0
    if move.kind == SHIFT:
        frm, to = move.cells
        path = path_cells(frm, to, vb.top(frm), vb.occupied & ~(1 << frm))
        anim.slide_path = [frm] + (path or [to])
        anim.slide_stack = vb.stacks[frm]
        anim.slide = Tween(max(SLIDE_MIN, STEP_TIME * len(anim.slide_path)) * speed, ease=ease_in_out)
        t = anim.slide.duration
    # Triplets removed by this move vanish one after the other, in the order taken.
    tray = view.tray_target()
    for k, mask in enumerate(after.removed_now):
        value = due_number(vb.triplets + k)
        for c in cells_of(mask):
            delay = t + k * VANISH_GAP * speed
            anim.flights.append(
                Flight(value, view.cell_center(c), tray, delay, VANISH_TIME * speed, "vanish")
            )
    if move.kind == PAYMENT:
        (c,) = move.cells
        paid = view.tray_target(paid=True)
        anim.flights.append(Flight(vb.top(c), view.cell_center(c), paid, 0.0, PAY_TIME * speed, "pay"))
    if after.removed_now and after.chain >= 2 and (after.phase == MOVE or after.outcome is not None):
        anim.celebrate = N_("Outstanding!") if after.chain >= 3 else N_("Good move!")
        start = t + len(after.removed_now) * VANISH_GAP * speed
        anim.cheer = Tween(CELEBRATE_TIME * max(0.5, speed), delay=start)
        rng = random.Random(after.triplets * 7919 + after.chain)
        cx, cy = view.field.center
        for _spark in range(70 if after.chain >= 3 else 40):
            ang = rng.random() * math.tau
            spd = (0.6 + rng.random()) * view.cell * 3.2
            color = NUMBER_COLORS[rng.randint(1, 6)]
            anim.sparks.append((cx, cy, math.cos(ang) * spd, math.sin(ang) * spd - view.cell, color))
    return anim if anim.busy else None


def draw_animation(view: AxxaView, surface: pygame.Surface, anim: MoveAnimation, ctx: ViewContext) -> None:
    c = view.cell
    if anim.sliding:
        assert anim.slide is not None
        p = anim.slide.value
        pts = [view.cell_center(x) for x in anim.slide_path]
        seg = p * (len(pts) - 1)
        i = min(len(pts) - 2, int(seg))
        f = seg - i
        a, b = pts[i], pts[i + 1]
        pos = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f - arc(p) * c * 0.25)
        glows = anim.slide_stack[-1] & VALUE == anim.before.due
        view.stacks.stack(surface, anim.slide_stack, pos, ctx, buried=not glows)
        if glows:
            view.stacks.glow(surface, len(anim.slide_stack), pos, 0.0, ctx)
            view.stacks.buried(surface, anim.slide_stack, pos, ctx)
        return
    for piece in anim.flights:
        local = piece.t - piece.delay
        if local < 0:  # not gone yet: in place
            tile = view.stacks.tile(piece.number, int(c * TILE), ctx)
            surface.blit(tile, tile.get_rect(center=piece.start))
            continue
        if local > piece.duration:
            continue
        p, e = piece.progress, piece.value
        x = piece.start[0] + (piece.goal[0] - piece.start[0]) * e
        y = piece.start[1] + (piece.goal[1] - piece.start[1]) * e - arc(p) * c * 0.8
        tile = view.stacks.tile(piece.number, max(4, int(c * TILE * (1.0 - 0.45 * e))), ctx).copy()
        tile.set_alpha(int(255 * (1.0 - 0.6 * e)))
        surface.blit(tile, tile.get_rect(center=(int(x), int(y))))
        if piece.kind == "vanish" and p < 0.5:
            width = max(1, int(c * 0.08 * (1 - 2 * p)))
            pygame.draw.circle(surface, ctx.theme.accent, piece.start, int(c * (0.4 + 0.6 * p)), width)
    cheer = anim.cheer
    if cheer is None or cheer.t < cheer.delay:
        return
    local = cheer.t - cheer.delay
    p = cheer.progress
    g = c * 2.2
    for sx, sy, vx, vy, color in anim.sparks:
        x = sx + vx * local
        y = sy + vy * local + g * local * local
        pygame.draw.circle(surface, color, (int(x), int(y)), max(1, int(c * 0.09 * (1.0 - p))))
    scale = min(1.0, local / 0.25)
    scale = 0.6 + 0.4 * scale + 0.06 * math.sin(local * 9)
    title = _(anim.celebrate)
    fit = min(1.0, view.field.width * 0.9 / max(1, font(ctx, c * 0.75, True).size(title)[0]))
    alpha = int(255 * (1.0 if p < 0.75 else (1.0 - p) / 0.25))
    big = font(ctx, c * 0.75 * scale * fit, bold=True)
    # The lines fade: rendered each frame (set_alpha changes a surface), never kept.
    text = big.render(title, True, ctx.theme.accent)
    shadow = big.render(title, True, ctx.theme.shadow)
    text.set_alpha(alpha)
    shadow.set_alpha(alpha)
    rect = text.get_rect(center=view.field.center)
    surface.blit(shadow, rect.move(3, 4))
    surface.blit(text, rect)
    sub = (
        _("three triplets in one turn") if anim.celebrate == "Outstanding!" else _("two triplets in one turn")
    )
    st = font(ctx, c * 0.3, bold=True).render(sub, True, ctx.theme.text)
    st.set_alpha(alpha)
    surface.blit(st, st.get_rect(midtop=(rect.centerx, rect.bottom + 4)))
