"""The AxxA solver's exact search: expected values over what moves turn up, no sampling.

A position is simulated from the view itself (:class:`~tafel.games.axxa.world.World` made from a
view holds 0 for each unseen piece: a blank that matches nothing). Only what a move turns up is
given a number: the number due, the next number, or a blank for any other, by their chances
among the unseen pieces (:func:`reveals`); in the turns after, each stack move is split into
"turns up the number due" or not (:func:`expected_turn`), and the best expected move is taken,
as a player who cannot see the pieces would. A payment over a piece nobody has seen is split
the same way (:func:`settle`): it may uncover the number due beside one showing. So the ranking
has no sampling noise and does not depend on the random generator.

>>> from tafel.games.axxa.rules import AxxaState
>>> view = AxxaState.deal(5).view_for(0)
>>> w = World.from_state(view)
>>> move = view.legal_moves()[0]
>>> 0.0 < exact_first(w, move, -1, 0) <= 1.0 and 0.0 < exact_value(w, move, -1, 0) <= 1.0
True
"""

from __future__ import annotations

from collections.abc import Callable

from .board import Cell
from .evaluation import _continue, _value, due_chance, finish_turn, pay_choice, resolve, unseen
from .rules import KNOWN, PAYMENT, SHIFT, AxxaMove, AxxaState
from .world import World

#: Whether a payment's uncovered piece is split by its chances too (the number due or a blank),
#: as a stack move's is: the payment the policy picks may uncover a triplet.
PAY_CHANCE = True

#: Whether a piece turned up that is not the number due (nor, for a candidate, the next) is
#: given the number most common among the unseen pieces it may be, instead of staying a blank
#: (a blank top cannot move and is never paid with, though the piece it stands for can be).
#: On: the hard level won 172 of deals 1-200 at 0.3 s (167 with blanks), the one-turn screen
#: 603 of 800 (585); within the noise, but the same way twice.
STAND_IN = True


def stand_in(w: World, *excluded: int) -> int:
    """The number a blank turned up stands for: the most common among the unseen pieces, the
    ``excluded`` numbers left out; 0 (a blank) when none is left or STAND_IN is off."""
    if not STAND_IN:
        return 0
    counts, _total = unseen(w)
    best, most = 0, 0
    for n in range(1, 7):
        if n not in excluded and counts[n] > most:
            best, most = n, counts[n]
    return best


def _set_under(w: World, cell: Cell, n: int) -> None:
    """Give the piece under the top of ``cell`` the number ``n`` (0 leaves a blank)."""
    if n:
        s = w.st[cell]
        w.st[cell] = s[:-2] + (n,) + s[-1:]


def settle(t: World, removed: int) -> list[tuple[float, World]]:
    """End the turn on ``t`` (made from a view) after its stack move and removals, as
    :func:`finish_turn` does, and return the ways it may have turned out: a payment over a piece
    nobody has seen may uncover the number due (by its chance among the unseen pieces) or a
    blank. ``t`` itself is the blank way."""
    if removed or not PAY_CHANCE or t.players != 1:
        finish_turn(t, removed)
        return [(1.0, t)]
    cell = pay_choice(t)
    s = t.st[cell]
    if len(s) > 1 and not s[-2] & KNOWN:
        p = due_chance(t)
        if p > 0.0:
            a = t.copy()
            a.st[cell] = s[:-2] + (t.due,) + s[-1:]
            a.pay(cell)
            a.end_turn()
            _set_under(t, cell, stand_in(t, t.due))
            t.pay(cell)
            t.end_turn()
            return [(p, a), (1.0 - p, t)]
    t.pay(cell)
    t.end_turn()
    return [(1.0, t)]


class Overrun(Exception):
    """Raised inside a candidate's valuation when ``cut()`` says the search must end now."""


def expected_turn(
    w: World, seat: int, turns: int = 1, beam: int = 2, cut: Callable[[], bool] | None = None
) -> float:
    """The best expected value for ``seat`` of the next turn from ``w`` (made from a view),
    choosing as a player would, without knowing what a stack move turns up: a move that turns up
    an unseen piece is worth its value when that piece is the number due times the chance of
    that, plus its value when it is a blank (any other number) times the rest. With ``turns`` >
    1 the ``beam`` best moves are valued by the turns after them instead (each way it turned out),
    and the best of those counts.
    """
    if w.finished():
        return w.rewards()[seat]
    due = w.due
    p_due = due_chance(w)
    # What a blank turned up stands for is the same for every move from ``w``.
    blank_as = stand_in(w, due)
    best = 0.0
    st = w.st
    deeper = turns > 1
    found = []
    for frm, to in w.shifts():
        if cut is not None and cut():
            raise Overrun
        s = st[frm]
        piece = s[-2] if len(s) > 1 else s[-1]
        t = w.copy()
        if piece & KNOWN or p_due <= 0.0:
            t.shift(frm, to, True)
            ways = settle(t, resolve(t))
        else:
            t.st[frm] = s[:-2] + (due,) + s[-1:]
            t.shift(frm, to, True)
            u = w.copy()
            _set_under(u, frm, blank_as)
            u.shift(frm, to, True)
            ways = [(p_due * q, x) for q, x in settle(t, resolve(t))]
            ways += [((1.0 - p_due) * q, x) for q, x in settle(u, resolve(u))]
        v = 0.0
        for q, x in ways:
            v += q * _value(x, seat)
        if deeper:
            found.append((v, ways))
        elif v > best:
            best = v
    if found:
        # Only values after the same number of turns compare: the game goes on.
        found.sort(key=lambda f: -f[0])
        for _v, ways in found[:beam]:
            v = 0.0
            for p, t in ways:
                v += p * expected_turn(t, seat, turns - 1, beam, cut)
            if v > best:
                best = v
    return best


def reveals(w: World, cell: Cell) -> list[tuple[float, World]]:
    """The ways the piece under the top of ``cell`` may turn out, in ``w`` made from a view
    (unseen pieces 0): (chance, a copy with that piece set) for the number due, the next number
    and a blank standing for any other; just ``w`` when that piece is known."""
    s = w.st[cell]
    if len(s) < 2 or s[-2] & KNOWN:
        return [(1.0, w)]
    counts, total = unseen(w)
    if total <= 0:
        return [(1.0, w)]
    due = w.due
    out = []
    rest = 1.0
    for n in (due, due % 6 + 1):
        p = min(rest, counts[n] / total)
        if p > 0.0:
            t = w.copy()
            t.st[cell] = s[:-2] + (n,) + s[-1:]
            out.append((p, t))
            rest -= p
    if rest > 1e-9:
        n = stand_in(w, due, due % 6 + 1)
        if n:
            t = w.copy()
            _set_under(t, cell, n)
            out.append((rest, t))
        else:
            out.append((rest, w))
    return out


def exact_value(
    w: World,
    move: AxxaMove,
    moved: Cell,
    seat: int,
    turns: int = 1,
    beam: int = 2,
    cut: Callable[[], bool] | None = None,
) -> float:
    """A candidate's value two turns ahead with no sampling: ``w`` is made from the view (unseen
    pieces 0); what the candidate turns up is split by :func:`reveals`, the rest of its turn
    follows the quick policy, and the next turn is :func:`expected_turn` (blank pieces)."""
    cell = move.cells[0] if move.kind in (SHIFT, PAYMENT) else -1
    value = 0.0
    for p, t in reveals(w, cell) if cell >= 0 else [(1.0, w)]:
        for q, x in _played(t, move, moved):
            value += p * q * expected_turn(x, seat, turns, beam, cut)
    return value


def _played(w: World, move: AxxaMove, moved: Cell) -> list[tuple[float, World]]:
    """``move`` played on a copy of ``w`` to the end of its turn: the ways it may turn out (a
    stack move's payment split by :func:`settle`; any other move as :func:`_continue` plays it)."""
    t = w.copy()
    if move.kind == SHIFT and not w.choice:
        t.shift(move.cells[0], move.cells[1], True)
        return settle(t, resolve(t))
    _continue(t, move, moved)
    return [(1.0, t)]


def exact_first(w: World, move: AxxaMove, moved: Cell, seat: int) -> float:
    """A candidate's value one turn ahead with no sampling (as :func:`exact_value`, without the
    next turn)."""
    cell = move.cells[0] if move.kind in (SHIFT, PAYMENT) else -1
    value = 0.0
    for p, t in reveals(w, cell) if cell >= 0 else [(1.0, w)]:
        for q, x in _played(t, move, moved):
            value += p * q * _value(x, seat)
    return value


def exact_choice(
    view: AxxaState,
    moves: list[AxxaMove],
    moved: Cell,
    seat: int,
    widths: list[int],
    out_of_time: Callable[[], bool],
    beam: int = 2,
    cut: Callable[[], bool] | None = None,
) -> tuple[AxxaMove, float, int, int]:
    """The solver's search without sampling: every move one turn ahead (:func:`exact_first`),
    then in stage k (k = 1, 2, ...) the best ``widths[k - 1]`` moves of the stage before, in
    that order, k + 1 turns ahead (:func:`exact_value`), while ``out_of_time()`` says no. A
    stage's answer stands once it valued two moves or more. ``cut()`` ends the search at once,
    even inside a move's valuation (that move and a stage short of two do not count): a deep
    stage's move can take seconds. Returns (move, value, moves valued beyond one turn, moves in
    the last stage that answered)."""
    w = World.from_state(view)
    values = {m: exact_first(w, m, moved, seat) for m in moves}
    ranked = sorted(moves, key=lambda m: -values[m])
    looked = 0
    for turns, width in enumerate(widths):  # the next turns: 1, 2, ...
        if width < 2 or len(ranked) < 2 or out_of_time():
            break
        deeper: dict[AxxaMove, float] = {}
        cut_short = False
        for m in ranked[:width]:
            if len(deeper) >= 2 and out_of_time():
                break
            try:
                deeper[m] = exact_value(w, m, moved, seat, turns + 1, beam, cut)
            except Overrun:
                cut_short = True
                break
        if len(deeper) < 2:
            break
        looked += len(deeper)
        # Ties keep the order of the stage before.
        ranked = sorted(deeper, key=lambda m: -deeper[m])
        values = deeper
        if cut_short:
            break
    return ranked[0], values[ranked[0]], looked, len(ranked)
