"""What a move animates, on the kit's motion: the stack travelling along its path, the triplets it
completes flying one after the other to the tray, a paid piece flying there, and a celebration
for "good" (two triplets in a turn) and "outstanding" (three) moves.

>>> from tafel.games.axxa.rules import AxxaState
>>> from tafel.games.axxa import GAME
>>> from . import AxxaView
>>> s = AxxaState.deal(5)
>>> move = s.legal_moves()[0]
>>> [type(a).__name__ for a in animations(AxxaView(GAME, {}), s, move, s.play(move))]
['Travel']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, cast

import pygame

from tafel.kit import Celebration, Fly, PieceAnimation, Pose, Travel
from tafel.view import ViewContext

from ..board import cells_of, path_cells
from ..rules import MOVE, PAYMENT, SHIFT, VALUE, AxxaMove, AxxaState, due_number
from ..texts import _
from .pieces import NUMBER_COLORS, TILE

if TYPE_CHECKING:
    from . import AxxaView


class Vanish(Fly):
    """A piece of a triplet taken: a ring spreads from its space as it leaves."""

    LENGTH, GAP = 0.55, 0.3


class Pay(Fly):
    LENGTH = 0.35


def animations(view: AxxaView, before: AxxaState, move: AxxaMove, after: AxxaState) -> list[PieceAnimation]:
    """The animations of ``move`` at the view's layout (lengths before the speed setting)."""
    vb = before.view_for(before.to_move)
    out: list[PieceAnimation] = []
    t = 0.0
    if move.kind == SHIFT:
        frm, to = move.cells
        path = path_cells(frm, to, vb.top(frm), vb.occupied & ~(1 << frm))
        way: list[Hashable] = [frm, *(path or [to])]  # the kit's cells
        out.append(Travel(way, vb.stacks[frm]))
        t = out[0].duration
    # Triplets removed by this move vanish one after the other, in the order taken.
    for k, mask in enumerate(after.removed_now):
        value = due_number(vb.triplets + k)
        out += [Vanish(c, value, view.tray_target(), t + k * Vanish.GAP) for c in cells_of(mask)]
    if move.kind == PAYMENT:
        (c,) = move.cells
        out.append(Pay(c, vb.top(c), view.tray_target(paid=True)))
    if after.removed_now and after.chain >= 2 and (after.phase == MOVE or after.outcome is not None):
        great, colors, width = after.chain >= 3, list(NUMBER_COLORS.values()), view.field.width * 0.9
        title = _("Outstanding!") if great else _("Good move!")
        sub = _("three triplets in one turn") if great else _("two triplets in one turn")
        seed, start = after.triplets * 7919 + after.chain, t + len(after.removed_now) * Vanish.GAP
        sparks = 70 if great else 40
        out.append(Celebration(view.field.center, title, sub, colors, view.cell, seed, sparks, width, start))
    return out


def sliding(view: AxxaView) -> Travel | None:
    """The stack on its way, if one is (the board then shows the state before the move)."""
    first = view.motion.running[0] if view.motion.running else None
    return first if isinstance(first, Travel) and first.t < first.duration else None


def draw_motion(view: AxxaView, surface: pygame.Surface, due: int, ctx: ViewContext) -> None:
    """This frame of the running animations: the travelling stack alone while it travels (``due``:
    the number due before the move), else the flying pieces and the celebration."""
    c = view.cell
    # The kit's animations hold cells and pieces as Hashable; here a cell is an int, a travelling
    # piece a stack (a tuple of pieces), a flying one an int.
    center = cast("Callable[[Hashable], tuple[float, float]]", view.cell_center)
    travel = sliding(view)
    if travel is not None:
        stack = cast("tuple[int, ...]", travel.piece)
        pos = cast(Pose, travel.pose(center, c)).at  # a Travel always has a pose
        glows = stack[-1] & VALUE == due
        view.stacks.stack(surface, stack, pos, ctx, buried=not glows)
        if glows:
            view.stacks.glow(surface, len(stack), pos, 0.0, ctx)
            view.stacks.buried(surface, stack, pos, ctx)
        return
    for anim in view.motion.running:
        pose = anim.pose(center, c)
        if isinstance(anim, Celebration):
            anim.draw(surface, ctx)
        if not isinstance(anim, Fly) or pose is None:
            continue
        tile = view.stacks.tile(cast(int, pose.piece), max(4, int(c * TILE * pose.sx)), ctx)
        if pose.alpha < 255:
            tile = tile.copy()
            tile.set_alpha(pose.alpha)
        surface.blit(tile, tile.get_rect(center=(int(pose.at[0]), int(pose.at[1]))))
        if isinstance(anim, Vanish) and anim.t >= anim.delay and anim.progress < 0.5:
            p, spot = anim.progress, center(anim.cell)
            radius, width = int(c * (0.4 + 0.6 * p)), max(1, int(c * 0.08 * (1 - 2 * p)))
            pygame.draw.circle(surface, ctx.theme.accent, spot, radius, width)
