"""Perfect-information lookahead in one sampled deal of the face-down pieces.

Used by the solver's deep stage: after a candidate move's turn, the best of the next turns is
found knowing the sampled deal (what each stack move turns up), and the position reached is
scored with that knowledge too. Averaged over many sampled deals (the same ones for every
candidate), this ranks the candidates by how well the turns after them can go.
"""

from __future__ import annotations

from .board import Cell
from .rules import KNOWN, PAYMENT, SHIFT, VALUE, AxxaMove
from .solver import World, _value, finish_turn, resolve, unseen


def lookahead(w: World, seat: int, turns: int = 1, beam: int = 3) -> float:
    """The best value for ``seat`` reachable in ``turns`` whole turns from ``w`` (start of a turn),
    knowing the deal; payments by the peeking pay policy. Every stack move is tried for the first
    of the turns; only the ``beam`` best of them (by their value after it) go on to the next.

    >>> from tafel.games.axxa.rules import AxxaState
    >>> import random
    >>> w = World.from_state(AxxaState.deal(5).view_for(0).determinize(random.Random(1)))
    >>> 0.0 <= lookahead(w, 0) <= 1.0 and 0.0 <= lookahead(w, 0, 2) <= 1.0
    True
    """
    if w.finished():
        return w.rewards()[seat]
    best = 0.0
    after = []
    deeper = turns > 1
    for frm, to in w.shifts():
        t = w.copy()
        t.shift(frm, to, True)
        finish_turn(t, resolve(t), True)
        if t.finished():
            v = t.rewards()[seat]
        else:
            v = _value(t, seat, True)
            if deeper:
                # Its value after the next turns counts, not this one: the game goes on.
                after.append((v, t))
                continue
        if v > best:
            best = v
    if after:
        after.sort(key=lambda vt: -vt[0])
        for _v, t in after[:beam]:
            v = lookahead(t, seat, turns - 1, beam)
            if v > best:
                best = v
    return best


def expected_turn(w: World, seat: int, blank: bool = False, turns: int = 1, beam: int = 2) -> float:
    """The best expected value for ``seat`` of the next turn from ``w``, choosing as a player
    would, without knowing what a stack move turns up: a move that turns up an unseen piece is
    worth its value when that piece is the number due times the chance of that, plus its value
    when it is another number times the rest. The other number is the sampled one (or, when that
    is the number due, any other unseen one); with ``blank`` (``w`` made from a view, unseen
    pieces 0) it is a blank piece that matches nothing. With ``turns`` > 1 the ``beam`` best
    moves are valued by the turns after them instead (each way it turned out).
    """
    if w.finished():
        return w.rewards()[seat]
    due = w.due
    counts, total = unseen(w)
    p_due = counts[due] / total if total > 0 else 0.0
    other = 0
    if not blank:
        for n in range(1, 7):
            if n != due and counts[n]:
                other = n
                break
    best = 0.0
    st = w.st
    deeper = turns > 1
    found = []
    for frm, to in w.shifts():
        s = st[frm]
        piece = s[-2] if len(s) > 1 else s[-1]
        if piece & KNOWN or p_due <= 0.0 or not (blank or other):
            t = w.copy()
            t.shift(frm, to, True)
            finish_turn(t, resolve(t))
            v = _value(t, seat)
            ways = ((1.0, t),)
        else:
            t = w.copy()
            t.st[frm] = s[:-2] + (due,) + s[-1:]
            t.shift(frm, to, True)
            finish_turn(t, resolve(t))
            v = p_due * _value(t, seat)
            u = w.copy()
            if blank or piece & VALUE == due:
                u.st[frm] = s[:-2] + (other,) + s[-1:]
            u.shift(frm, to, True)
            finish_turn(u, resolve(u))
            v += (1.0 - p_due) * _value(u, seat)
            ways = ((p_due, t), (1.0 - p_due, u))
        if deeper:
            found.append((v, ways))
        elif v > best:
            best = v
    if deeper and found:
        found.sort(key=lambda f: -f[0])
        for _v, ways in found[:beam]:
            v = 0.0
            for p, t in ways:
                v += p * expected_turn(t, seat, blank, turns - 1, beam)
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
        p = counts[n] / total
        if p > 0.0:
            t = w.copy()
            t.st[cell] = s[:-2] + (n,) + s[-1:]
            out.append((p, t))
            rest -= p
    if rest > 1e-9:
        out.append((rest, w))
    return out


def exact_value(w: World, move: AxxaMove, moved: Cell, seat: int, turns: int = 1, beam: int = 2) -> float:
    """A candidate's value two turns ahead with no sampling: ``w`` is made from the view (unseen
    pieces 0); what the candidate turns up is split by :func:`reveals`, the rest of its turn
    follows the quick policy, and the next turn is :func:`expected_turn` (blank pieces)."""
    from .solver import _continue

    cell = -1
    if move.kind == SHIFT:
        cell = move.cells[0]
    elif move.kind == PAYMENT:
        cell = move.cells[0]
    value = 0.0
    for p, t in reveals(w, cell) if cell >= 0 else [(1.0, w)]:
        t = t.copy()
        _continue(t, move, moved)
        value += p * expected_turn(t, seat, True, turns, beam)
    return value


def exact_first(w: World, move: AxxaMove, moved: Cell, seat: int) -> float:
    """A candidate's value one turn ahead with no sampling (as :func:`exact_value`, without the
    next turn)."""
    from .solver import _continue

    cell = move.cells[0] if move.kind in (SHIFT, PAYMENT) else -1
    value = 0.0
    for p, t in reveals(w, cell) if cell >= 0 else [(1.0, w)]:
        t = t.copy()
        _continue(t, move, moved)
        value += p * _value(t, seat)
    return value


def exact_choice(view, moves, moved, seat, deep, out_of_time, turns=1, beam=2, deep3=6):
    """The solver's search without sampling: every move one turn ahead (:func:`exact_first`),
    then the best ``deep`` of them, in that order, two turns ahead (:func:`exact_value`), then
    with ``turns`` 2 the best ``deep3`` of those three turns ahead, while ``out_of_time()`` says
    no. Returns (move, value, moves looked at beyond one turn)."""
    w = World.from_state(view)
    first = {m: exact_first(w, m, moved, seat) for m in moves}
    order = sorted(moves, key=lambda m: -first[m])
    second: dict = {}
    for m in order[:deep]:
        if len(second) >= 2 and out_of_time():
            break
        second[m] = exact_value(w, m, moved, seat)
    if len(second) < 2:
        return order[0], first[order[0]], 0
    ranked = sorted(second, key=lambda m: (-second[m], -first[m]))
    best, value = ranked[0], second[ranked[0]]
    looked = len(second)
    if turns > 1 and not out_of_time():
        third: dict = {}
        for m in ranked[:deep3]:
            if len(third) >= 2 and out_of_time():
                break
            third[m] = exact_value(w, m, moved, seat, turns, beam)
        if len(third) >= 2:
            # Moves not looked at so deep keep their order behind those that were.
            best = max(third, key=lambda m: (third[m], second[m]))
            value = third[best]
            looked += len(third)
    return best, value, looked
