"""The AxxA solver's determinized search (perfect-information Monte Carlo), solo.

Each sample is a full deal of the face-down pieces consistent with the view
(:meth:`AxxaState.determinize`, the exact posterior: the unseen pieces are exchangeable). In a
sample every piece is known, so the game is a deterministic puzzle: each candidate move is played
to the end of its turn and the next ``turns`` turns are searched knowing the deal
(:func:`pi_turns`). A candidate's value is its mean over the samples, the same samples for every
candidate (so their differences are not the luck of the draw); weak candidates are dropped as
samples come in (successive halving), so the time goes to the contenders.

>>> import random
>>> from tafel.games.axxa.rules import AxxaState
>>> view = AxxaState.deal(5).view_for(0)
>>> w = World.from_state(view.determinize(random.Random(1)))
>>> 0.0 < pi_turns(w, 0, 1, 2) <= 1.0
True
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable

from .board import Cell
from .evaluation import _continue, _value, finish_turn, resolve
from .lookahead import exact_first
from .rules import AxxaMove, AxxaState
from .world import World


def pi_turns(w: World, seat: int, turns: int, beam: int, peek: bool = True) -> float:
    """The best value for ``seat`` of the next ``turns`` turns from ``w``, every piece known (a
    sampled deal). Each stack move is played to the end of its turn (triplets, then the payment
    the quick policy picks, knowing the deal) and valued by :func:`_value`; with ``turns`` > 1 the
    ``beam`` best go on to the turns after, and the best of those counts (values after the same
    number of turns compare). With ``peek`` False only the moves know the deal: payments and
    values use what was seen by then (the pieces turned up on the way count as seen). Stacks
    are always turned (the rotation choice, an option, is not searched here)."""
    if w.finished():
        return w.rewards()[seat]
    kids: list[tuple[int, World]] = []
    most = 0
    for frm, to in w.shifts():
        t = w.copy()
        t.shift(frm, to, True)
        removed = resolve(t)
        if removed > most:
            most = removed
            if turns == 1:
                kids.clear()  # on the last turn, a triplet more always values higher
        if turns == 1 and removed < most:
            continue
        kids.append((removed, t))
    best = 0.0
    if turns == 1:
        for removed, t in kids:
            finish_turn(t, removed, peek)
            v = _value(t, seat, peek)
            if v > best:
                best = v
                if v >= 1.0:
                    break
        return best
    valued = []
    for removed, t in kids:
        finish_turn(t, removed, peek)
        v = _value(t, seat, peek)
        if v >= 1.0:
            return 1.0
        valued.append((v, t))
    valued.sort(key=lambda x: -x[0])
    for _v, t in valued[:beam]:
        v = pi_turns(t, seat, turns - 1, beam, peek)
        if v > best:
            best = v
            if v >= 1.0:
                break
    return best


def view_rng(view: AxxaState) -> random.Random:
    """A generator seeded by the view itself, so the same view samples the same deals."""
    return random.Random(zlib.crc32(view.to_text().encode()))


def pimc_choice(
    view: AxxaState,
    moves: list[AxxaMove],
    moved: Cell,
    seat: int,
    width: int,
    turns: int,
    beam: int,
    out_of_time: Callable[[], bool],
    cap: int | None = None,
    first_cut: int = 4,
    keep: int = 2,
    peek: bool = True,
) -> tuple[AxxaMove, float, int, int, int]:
    """The determinized search: the ``width`` best moves by :func:`exact_first` (from the view)
    go into the race; each sample values every move still in it ``turns`` turns further, knowing
    the deal (:func:`pi_turns`). After ``first_cut`` samples, and then after every doubling, the
    weaker half is dropped (at least ``keep`` stay). Stops at ``cap`` samples or when
    ``out_of_time()`` says so (a sample cut short does not count; with no time even for the first,
    the view's ranking answers). Returns (move, mean value,
    samples, moves valued, moves left in the race)."""
    w0 = World.from_state(view)
    first = {m: exact_first(w0, m, moved, seat) for m in moves}
    ranked = sorted(moves, key=lambda m: -first[m])
    alive = ranked[:width]
    if len(alive) < 2 or out_of_time():
        # Nothing to race, or no time for a sample: the view's one-turn ranking answers.
        return ranked[0], first[ranked[0]], 0, len(moves), len(alive)
    rng = view_rng(view)
    total = dict.fromkeys(alive, 0.0)
    samples = 0
    valued = len(moves)
    next_cut = first_cut
    while cap is None or samples < cap:
        base = World.from_state(view.determinize(rng))
        got = {}
        for m in alive:
            if samples and out_of_time():
                break
            t = base.copy()
            _continue(t, m, moved, peek)
            got[m] = pi_turns(t, seat, turns, beam, peek) if turns > 0 else _value(t, seat, peek)
        if len(got) < len(alive):
            break
        for m, v in got.items():
            total[m] += v
        valued += len(alive)
        samples += 1
        if out_of_time():
            break
        if samples >= next_cut and len(alive) > keep:
            # Ties keep the order of the view's ranking.
            alive.sort(key=lambda m: -total[m])
            alive = alive[: max(keep, (len(alive) + 1) // 2)]
            next_cut *= 2
    alive.sort(key=lambda m: -total[m])
    best = alive[0]
    return best, total[best] / max(1, samples), samples, valued, len(alive)
