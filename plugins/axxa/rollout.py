"""The AxxA solver's rollout search (Monte Carlo policy improvement), solo.

The exact search one turn ahead (:func:`~tafel.games.axxa.lookahead.exact_first`) ranks the
moves from the view; the best ``width`` then race over deals of the unseen pieces drawn from the
view (:meth:`AxxaState.determinize`, the exact posterior: the unseen pieces are exchangeable).
In each deal every candidate is played to the end of its turn and the rest of the deal is played
out by the *base player*, which sees only what a player would have seen by then: its stack move
each turn is the best by the exact search one turn ahead from its view, its payment the quick
policy's (:func:`base_move`). A candidate's value is its share of the deals won (plus a little
per triplet, so that of two lost deals the one with more triplets counts higher), over the same
deals as every other candidate.

This is not the determinized search of :mod:`~tafel.games.axxa.pimc`: there the turns after the
candidate know the sampled deal, and a search that knows where the pieces lie overrates
positions with many chances (one of them always comes off). Here no move after the candidate
knows more than a player would, so a candidate is valued by what the base player would make of
it: the rollout player is at least as good as the base player, in expectation (policy
improvement).

>>> import random
>>> from tafel.games.axxa.rules import AxxaState
>>> view = AxxaState.deal(5).view_for(0)
>>> w = World.from_state(view.determinize(random.Random(1)))
>>> 0 <= play_out(w, 0) <= 6
True
"""

from __future__ import annotations

from collections.abc import Callable

from .board import CELLS, Cell
from .evaluation import _continue, finish_turn, resolve
from .lookahead import exact_first
from .pimc import view_rng
from .rules import KNOWN, AxxaMove, AxxaState
from .world import World

#: The most turns a play-out runs (a deal ends long before: a payment every turn at most).
MAX_TURNS = 200
#: A triplet's worth in a play-out's value, beside 1 for a deal won.
PER_TRIPLET = 0.01


def view_of(w: World) -> World:
    """What the player sees of ``w``: every piece nobody has seen is 0 (a blank)."""
    v = w.copy()
    st = v.st
    for c in CELLS:
        s = st[c]
        if s and not all(p & KNOWN for p in s):
            st[c] = tuple(p if p & KNOWN else 0 for p in s)
    return v


def base_move(w: World, seat: int) -> tuple[Cell, Cell] | None:
    """The base player's stack move on ``w`` (a full deal): the best by :func:`exact_first`
    from the view of it; None when no stack can move."""
    v = view_of(w)
    best, best_value = None, -1.0
    for frm, to in v.shifts():
        value = exact_first(v, AxxaMove.shift(frm, to), -1, seat)
        if value > best_value:
            best, best_value = (frm, to), value
    return best


def play_out(w: World, seat: int) -> int:
    """The rest of the deal on ``w`` (a full deal, at the start of a turn) played by the base
    player; the triplets removed by its end (6: the deal is won)."""
    for _turn in range(MAX_TURNS):
        if w.finished():
            break
        move = base_move(w, seat)
        if move is None:
            break
        w.shift(*move, True)
        # The payment by the quick policy, which counts a face-down piece by its chances only.
        finish_turn(w, resolve(w), False)
    return w.total


def score(triplets: int) -> float:
    """A play-out's value: 1 for a deal won, plus PER_TRIPLET a triplet removed."""
    return (1.0 if triplets >= 6 else 0.0) + PER_TRIPLET * triplets


def rollout_choice(
    view: AxxaState,
    moves: list[AxxaMove],
    moved: Cell,
    seat: int,
    width: int,
    out_of_time: Callable[[], bool],
    cap: int | None = None,
    time_left: Callable[[], float] | None = None,
) -> tuple[AxxaMove, float, float, int, int, int]:
    """The rollout search: the ``width`` best moves by :func:`exact_first` race over sampled
    deals, each valued by :func:`play_out` (the same deals for every candidate), until
    ``out_of_time()`` or ``cap`` deals. A deal cut short by the clock does not count; with no
    time even for one, the one-turn ranking answers.

    With ``time_left`` (seconds left of the think time) the race also ends once it is decided:
    when the leader is ahead by more than the deals the time left would still sample could take
    back (each at most ``score(6)``), at the pace so far. The answer is the one the full think
    time would give, sooner.

    Returns (move, its share of deals won, its expected result (triplets / 6), deals, moves
    valued, moves in the race)."""
    w0 = World.from_state(view)
    first = {m: exact_first(w0, m, moved, seat) for m in moves}
    ranked = sorted(moves, key=lambda m: -first[m])
    alive = ranked[: max(1, width)]
    if len(alive) < 2 or out_of_time():
        return ranked[0], first[ranked[0]], first[ranked[0]], 0, len(moves), len(alive)
    rng = view_rng(view)
    total = dict.fromkeys(alive, 0.0)
    wins = dict.fromkeys(alive, 0)
    triplets = dict.fromkeys(alive, 0)
    samples = 0
    left_at_start = time_left() if time_left is not None else 0.0
    while cap is None or samples < cap:
        deal = World.from_state(view.determinize(rng))
        got = {}
        for m in alive:
            if samples and out_of_time():
                break
            t = deal.copy()
            _continue(t, m, moved, False)
            got[m] = play_out(t, seat)
        if len(got) < len(alive):
            break
        for m, won in got.items():
            total[m] += score(won)
            wins[m] += won >= 6
            triplets[m] += won
        samples += 1
        if out_of_time() or (time_left is not None and decided(total, samples, left_at_start, time_left())):
            break
    # Ties keep the order of the one-turn ranking.
    best = max(alive, key=lambda m: (total[m], -alive.index(m)))
    valued = len(moves) + samples * len(alive)
    return best, wins[best] / samples, triplets[best] / (6 * samples), samples, valued, len(alive)


def decided(total: dict[AxxaMove, float], samples: int, left_at_start: float, left: float) -> bool:
    """Whether no candidate can catch the leader in the deals still to come: ``left`` seconds
    at the pace of the ``samples`` so far (``left_at_start - left`` seconds), a deal closing the
    gap by at most ``score(6)``.

    >>> decided({1: 9.0, 2: 2.0}, 10, 1.0, 0.5), decided({1: 9.0, 2: 2.0}, 10, 1.0, 0.05)
    (False, True)
    """
    spent = left_at_start - left
    if spent <= 0:
        return False
    still = left * samples / spent
    lead, second = sorted(total.values(), reverse=True)[:2]
    return lead - second > score(6) * still
