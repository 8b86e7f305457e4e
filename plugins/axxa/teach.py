"""Why a move: the one-line reason a hint gives (what the move sets up), from what a player sees.

>>> from tafel.games.axxa.rules import AxxaState
>>> s = AxxaState.deal(7)
>>> explain(s.view_for(0), s.parse_move("g3-f3"))
'uncovers a face-down piece'
>>> explain(s.view_for(0), s.legal_moves()[0]) != ""
True
"""

from __future__ import annotations

from tafel import format_percent

from .board import KING, Mask
from .rules import KEEP, KNOWN, PAYMENT, REMOVE, ROTATE, SHIFT, STACK, VALUE, AxxaMove, AxxaState
from .texts import N_, _, reword

#: The reasons, in English where they are made (a hint may come from the AI's own process) and
#: put in the player's language where shown (:func:`translate_reason`).
TAKES = N_("takes this triplet of {n}s: it uncovers the most of what comes next")
SHOWS_DUE = N_("shows a {n} on top, the number due")
SHOWS = N_("shows a {n} on top")
COMPLETES = N_("completes a triplet of {n}s, so no piece is paid this turn")
UNCOVERS_CHANCE = N_("uncovers a face-down piece: {chance} chance it completes the {n}s")
UNCOVERS = N_("uncovers a face-down piece")
SETS_UP = N_("sets up a triplet of {n}s: two side by side")
BRINGS = N_("brings another {n} into play for the next triplet")
PREPARES = N_("prepares the {next}s, due after the {n}s")
KEEPS_PLACE = N_("keeps the {n}s in place and the way clear")
KEEPS_CHANCES = N_("keeps the most chances open over the sampled deals")
TAIL = N_(", and uncovers a face-down piece")
PAYS_DONE = N_("pays with a {n}: the {n}s are done, it is no longer needed")
PAYS_SPARE = N_("pays with a spare {n} ({spare} more than a triplet needs)")
PAYS_CHEAPEST = N_("pays with a {n}: the cheapest piece to lose here")
ONLY_MOVE = N_("the only move")
REASONS = (
    TAKES,
    SHOWS_DUE,
    SHOWS,
    COMPLETES,
    UNCOVERS_CHANCE,
    UNCOVERS,
    SETS_UP,
    BRINGS,
    PREPARES,
    KEEPS_PLACE,
    KEEPS_CHANCES,
    PAYS_DONE,
    PAYS_SPARE,
    PAYS_CHEAPEST,
    ONLY_MOVE,
)


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
        return _(TAKES).format(n=due)
    if move.kind in (ROTATE, KEEP):
        stack = view.stacks[view.moved]
        shown = stack[-1] if move.kind == KEEP else stack[-2]
        number = shown & VALUE
        if number == due:
            return _(SHOWS_DUE).format(n=number)
        return _(SHOWS).format(n=number)
    if move.kind != SHIFT:
        return ""
    frm, to = move.cells
    stack = view.stacks[frm]
    chance = view.triplet_chance(move)
    if chance >= 1.0:
        return _(COMPLETES).format(n=due)
    under = stack[-2] if len(stack) > 1 else None
    if under is not None and not under & KNOWN:
        if chance > 0:
            return _(UNCOVERS_CHANCE).format(chance=format_percent(chance), n=due)
        return _(UNCOVERS)
    shown = (under if under is not None else stack[-1]) & VALUE
    tops = view.tops(due) & ~(1 << frm)
    after = tops | (1 << to) if shown == due else tops
    if shown == due and _pair(after) and not _pair(view.tops(due)):
        return _(SETS_UP).format(n=due)
    if shown == due:
        return _(BRINGS).format(n=due)
    nxt = due % 6 + 1
    if shown == nxt and view.in_play(due) >= STACK:
        return _(PREPARES).format(next=nxt, n=due)
    if view.top(frm) != due and not tops & (1 << frm) and _pair(view.tops(due)):
        return _(KEEPS_PLACE).format(n=due)
    return _(KEEPS_CHANCES)


def _payment(view: AxxaState, cell: int) -> str:
    number = view.top(cell)
    due = view.due
    stack = view.stacks[cell]
    tail = ""
    if len(stack) > 1 and not stack[-2] & KNOWN:
        tail = _(TAIL)
    if view.rules.solo and number < due:
        return _(PAYS_DONE).format(n=number) + tail
    spare = view.in_play(number) - STACK
    if spare > 0:
        return _(PAYS_SPARE).format(n=number, spare=spare) + tail
    return _(PAYS_CHEAPEST).format(n=number) + tail


def translate_reason(text: str) -> str:
    """A reason :func:`explain` wrote in English (the AI's process speaks English), in the current
    language; any other text as it is.

    >>> from tafel.testing import language
    >>> with language("de"):
    ...     translate_reason("pays with a spare 4 (2 more than a triplet needs), and uncovers a face-down piece")
    'zahlt mit einer überzähligen 4 (2 mehr, als ein Drilling braucht) und deckt einen verdeckten Stein auf'
    """
    if text.endswith(TAIL):
        return reword(text.removesuffix(TAIL), REASONS) + _(TAIL)
    return reword(text, REASONS)
