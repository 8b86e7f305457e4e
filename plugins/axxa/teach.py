"""Why a move: the one-line reason a hint gives (what the move sets up), from what a player sees.

>>> from tafel.games.axxa.rules import AxxaState
>>> s = AxxaState.deal(7)
>>> explain(s.view_for(0), s.parse_move("g3-f3"))
'uncovers a face-down piece'
>>> explain(s.view_for(0), s.legal_moves()[0]) != ""
True
"""

from __future__ import annotations

from .board import KING, Mask
from .rules import KEEP, KNOWN, PAYMENT, REMOVE, ROTATE, SHIFT, STACK, VALUE, AxxaMove, AxxaState


def _pair(mask: Mask) -> bool:
    m = mask
    while m:
        low = m & -m
        if KING[low.bit_length() - 1] & mask:
            return True
        m ^= low
    return False


def explain(view: AxxaState, move: AxxaMove) -> str:
    """What ``move`` does for the player in ``view`` (a seat's view: face-down pieces unknown)."""
    due = view.due
    if move.kind == PAYMENT:
        return _payment(view, move.cells[0])
    if move.kind == REMOVE:
        return f"takes this triplet of {due}s: it uncovers the most of what comes next"
    if move.kind in (ROTATE, KEEP):
        stack = view.stacks[view.moved]
        shown = stack[-1] if move.kind == KEEP else stack[-2]
        number = shown & VALUE
        return f"shows a {number} on top" + (", the number due" if number == due else "")
    if move.kind != SHIFT:
        return ""
    frm, to = move.cells
    stack = view.stacks[frm]
    chance = view.triplet_chance(move)
    if chance >= 1.0:
        return f"completes a triplet of {due}s, so no piece is paid this turn"
    under = stack[-2] if len(stack) > 1 else None
    if under is not None and not under & KNOWN:
        if chance > 0:
            return f"uncovers a face-down piece: {round(100 * chance)}% chance it completes the {due}s"
        return "uncovers a face-down piece"
    shown = (under if under is not None else stack[-1]) & VALUE
    tops = view.tops(due) & ~(1 << frm)
    after = tops | (1 << to) if shown == due else tops
    if shown == due and _pair(after) and not _pair(view.tops(due)):
        return f"sets up a triplet of {due}s: two side by side"
    if shown == due:
        return f"brings another {due} into play for the next triplet"
    nxt = due % 6 + 1
    if shown == nxt and view.in_play(due) >= STACK:
        return f"prepares the {nxt}s, due after the {due}s"
    if view.top(frm) != due and not tops & (1 << frm) and _pair(view.tops(due)):
        return f"keeps the {due}s in place and the way clear"
    return "keeps the most chances open over the sampled deals"


def _payment(view: AxxaState, cell: int) -> str:
    number = view.top(cell)
    due = view.due
    stack = view.stacks[cell]
    tail = ""
    if len(stack) > 1 and not stack[-2] & KNOWN:
        tail = ", and uncovers a face-down piece"
    if view.rules.solo and number < due:
        return f"pays with a {number}: the {number}s are done, it is no longer needed{tail}"
    spare = view.in_play(number) - STACK
    if spare > 0:
        return f"pays with a spare {number} ({spare} more than a triplet needs){tail}"
    return f"pays with a {number}: the cheapest piece to lose here{tail}"
