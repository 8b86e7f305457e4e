"""The AxxA solver's static evaluation and its quick turn policy (payment, triplet choice).

Values are on the scale of the rewards: a solo game with T triplets removed is worth between
T/6 (losing now) and (T+1)/6. In the competitive game the score is by the triplet lead; the
build-up on the board serves every seat and counts a little, while the chance that the next stack
move completes a triplet belongs to the seat that moves next, so a seat takes its chances, keeps
building, and pays to block a triplet it would hand to the next seat (see
:func:`competitive_value`); the payment that ends a competitive turn is chosen by that same value
(:func:`competitive_pay`).

>>> from tafel.games.axxa.rules import AxxaState
>>> -1.0 <= heuristic(AxxaState.deal(11), 0) <= 1.0
True
"""

from __future__ import annotations

import math

from .board import CELLS, KING, Cell, Mask, cells_of, completing, triples_in
from .rules import (
    KEEP,
    KNOWN,
    PAY,
    PER_NUMBER,
    REMOVE,
    ROTATE,
    SHIFT,
    SOLO_TRIPLETS,
    STACK,
    TOTAL,
    VALUE,
    AxxaMove,
    AxxaState,
)
from .world import _REACH, _REACH_ANY, World, has_triplet

#: Weights of the static evaluation, in "triplet" units of 100.
W_TRIPLET = 100.0
W_DUE_TOP = 7.0
W_DUE_PAIR = 22.0
W_DUE_UNDER = 4.0
W_NEXT_TOP = 2.0
W_NEXT_PAIR = 6.0
W_TIGHT = 6.0
W_DOOMED = 80.0
W_OWN = 20.0
W_THREAT = 30.0
W_THREATS = 5.0
#: Solo: per piece of the number due known to lie under a top (up to three). Knowing where the
#: pieces due are lets the next turns bring them up; with it the one-turn search won 74% of deals
#: 1-400 (65% without; 3 and 15 did less well, 25 worse than none).
W_DUE_KNOWN = 8.0


def _pair(mask: Mask) -> bool:
    m = mask
    while m:
        low = m & -m
        if KING[low.bit_length() - 1] & mask:
            return True
        m ^= low
    return False


def _due_shape(w: World, due: int, m: int) -> float:
    """What the pieces of the number due are worth as they lie (solo and competitive alike):
    those on top (``m``, a mask of cells), two of them touching, and known ones just under a
    top (they turn up when that stack moves)."""
    shape = W_DUE_TOP * min(3, m.bit_count())
    if _pair(m):
        shape += W_DUE_PAIR
    under = 0
    if w.known[due] > w.tops[due].bit_count():  # some are seen under the tops: where?
        for s in w.st:
            if len(s) > 1 and s[-2] & KNOWN and s[-2] & VALUE == due:
                under += 1
                if under == 2:
                    break
    return shape + W_DUE_UNDER * under


#: Solo: whether the positional part is the fitted chance to win (:mod:`.fitted`).
FITTED = False

#: Whether the evaluation may look at face-down pieces of a sampled deal (False: it uses only what
#: a player would know, and chances for the rest).
PEEK = False


def unseen(w: World) -> tuple[list[int], int]:
    """Face-down pieces nobody has seen, per number, and their total."""
    full, rest = divmod(w.total, 6)
    paid = w.paid
    known = w.known
    # A blank the exact search turned up (lookahead: a piece it gave no number) is seen but of
    # no number: it counts against the total only.
    counts = [-known[0]] + [
        PER_NUMBER - paid[n] - known[n] - STACK * (full + (1 if n <= rest else 0)) for n in range(1, 7)
    ]
    return counts, sum(counts)


def due_chance(w: World) -> float:
    """The chance that a face-down piece nobody has seen is the number due. A view's revealed
    blanks (see lookahead: any number but the due one) can leave the count short, so it is
    capped at 1."""
    # unseen() without its list: the pieces on the board less the seen ones (the board's pieces
    # are all but the paid ones and three per triplet removed).
    known = w.known
    paid = w.paid
    total = TOTAL - (sum(paid) - paid[0]) - STACK * w.total - sum(known)
    if total <= 0:
        return 0.0
    due = w.due
    return min(1.0, (w.in_play(due) - known[due]) / total)


#: completing() by (mask, straight): the same few shapes of the number due recur all through a
#: search. Cleared when full.
_ZONES: dict[tuple[Mask, bool], Mask] = {}
_ZONES_MAX = 1 << 16


def _zone(mask: Mask, straight: bool) -> Mask:
    key = (mask, straight)
    zone = _ZONES.get(key)
    if zone is None:
        if len(_ZONES) >= _ZONES_MAX:
            _ZONES.clear()
        zone = _ZONES[key] = completing(mask, straight)
    return zone


def completions(w: World, due: int, m: Mask, peek: bool = PEEK) -> tuple[float, int]:
    """How well the next stack move can complete a triplet of ``due``: the best chance over the
    stacks (the piece that turns up may be unknown) and the number of stacks that surely can."""
    if m.bit_count() < 2:
        return 0.0, 0
    occ = w.occ
    st = w.st
    straight = w.straight
    best = 0.0
    sure = 0
    chance = -1.0
    showing = has_triplet(m, straight)
    zone_all = -1
    if not showing:
        zone_all = _zone(m, straight)
        if not zone_all:
            # No space completes a shape with two of them (the zone of a part of ``m`` adds
            # only the space of the stack moving away, which it cannot move to).
            return 0.0, 0
    for c in CELLS:
        s = st[c]
        if not s:
            continue
        bit = 1 << c
        if bit & m:
            rest = m & ~bit
            if rest.bit_count() < 2:
                continue
            zone = _zone(rest, straight)
        else:
            rest = m
            if zone_all < 0:
                zone_all = _zone(m, straight)
            zone = zone_all
        top = s[-1] & VALUE
        if showing and (not bit & m or has_triplet(rest, straight)):
            p = 1.0  # a triplet already showing is removed after any move that keeps it
            zone = -1
        elif not _REACH_ANY[c][top] & zone:
            continue  # no space it could reach completes a triplet
        else:
            piece = s[-2] if len(s) > 1 else s[-1]
            if peek or piece & KNOWN:
                if piece & VALUE != due:
                    continue
                p = 1.0
            else:
                if chance < 0:
                    chance = due_chance(w)
                p = chance
                if p <= 0.0:
                    continue
        for dest, masks in _REACH[c][top]:
            if not zone & (1 << dest):
                continue
            for mk in masks:
                if not mk & occ:
                    break
            else:
                continue
            if p > best:
                best = p
            if p >= 1.0:
                sure += 1
            break
    return best, sure


def _known_below(w: World, due: int) -> int:
    """Pieces of the number due under the tops that the player has seen (every top is)."""
    return w.known[due] - w.tops[due].bit_count()


def position_value(w: World, seat: int, peek: bool = PEEK) -> float:
    """Static value of a position for ``seat``, in triplet units of 100 (see the W_ weights).

    Rewards triplets removed (solo) or the lead in triplets (competitive); pieces of the number
    due on top, two of them touching, known ones just under a top (they turn up when that stack
    moves), those seen anywhere under the tops (solo: the player knows where they lie) and the
    chance that the next stack move completes a triplet; a little for the next
    number; and punishes numbers still needed that have no spare piece left, or too few.

    The competitive game has its own value, :func:`competitive_value`.
    """
    if not w.solo:
        return competitive_value(w, seat)
    if w.total >= SOLO_TRIPLETS:
        return 1000.0
    value = W_TRIPLET * w.total
    due = w.due
    left = w.in_play(due)
    if left < STACK:
        return value - 300.0
    if FITTED:
        # Imported here: the fitted evaluation measures positions with this module's helpers.
        from .fitted import logit

        return value + POSITIONAL_SCALE * logit(w)
    return value + hand_shape(w, due, peek)


def hand_shape(w: World, due: int, peek: bool = PEEK) -> float:
    """The positional part of a solo value by the hand-set W_ weights (see position_value)."""
    tops = w.tops
    m = tops[due]
    shape = _due_shape(w, due, m) + W_DUE_KNOWN * min(3, _known_below(w, due))
    best, sure = completions(w, due, m, peek)
    if best:
        shape += W_THREAT * best + W_THREATS * min(3, max(0, sure - 1))
    nxt = due % 6 + 1
    if w.total + 1 >= SOLO_TRIPLETS:
        nxt = 0
    if nxt:
        mn = tops[nxt]
        shape += W_NEXT_TOP * min(3, mn.bit_count())
        if _pair(mn):
            shape += W_NEXT_PAIR
    value = shape
    full, rest = divmod(w.total, 6)
    paid = w.paid
    for n in range(due, 7):
        left = PER_NUMBER - paid[n] - STACK * (full + (1 if n <= rest else 0))
        if left < STACK:
            # A later number can no longer be completed: the puzzle is lost, though the
            # triplets before it still count for the result.
            value -= W_DOOMED
            break
        if left == STACK:
            value -= W_TIGHT
    return value


#: Competitive weights. The build-up on the board (pieces of the number due showing, pairs, known
#: pieces under the tops, the next number) serves every seat: it counts at C_SHAPE of its solo
#: weight. The chance p that the next stack move completes a triplet belongs to the seat that moves
#: next: for ``seat`` it is worth C_MINE of a triplet; when another seat moves next it costs
#: C_THEIRS * p * p triplets (that seat tries first, and if it fails ``seat`` may try in turn:
#: -p + (1 - p) p), so a sure triplet left to the next seat is a triplet lost, a long shot nearly
#: nothing. Time left (spare pieces of the number due, stacks of three) is worth W_SPARE and
#: W_FULL apiece to a seat that is level or behind, and costs LEAD_TIME of that to the leader.
C_SHAPE = 0.5
C_MINE = 0.8
C_THEIRS = 1.0
W_SPARE = 4.0
W_FULL = 3.0
LEAD_TIME = 0.5


def competitive_value(w: World, seat: int) -> float:
    """Static value of a competitive position for ``seat``, in triplet units of 100.

    The lead in triplets decides (own triplets count a little on their own); then time left,
    the shared build-up and the next stack move's chance of a triplet (see the C_ weights).
    Level is 0, as a drawn end is, so a seat that is level keeps the game going rather than
    drawing it, and a leader ends it when it can.
    """
    rules = w.rules
    mine = rules.side_totals(w.scores)[seat]
    lead = rules.lead(w.scores, seat)
    value = W_TRIPLET * lead + W_OWN * mine
    due = w.due
    left = w.in_play(due)
    if left < STACK:
        return value
    # Spare pieces of the number due and stacks of three (the game ends when none is left) are
    # the time left: worth keeping while level or behind, worth spending when ahead.
    spare = min(3, left - STACK)
    full = 0
    for s in w.st:
        if len(s) == STACK:
            full += 1
    time_left = W_SPARE * spare + W_FULL * min(4, full)
    value += time_left if lead <= 0 else -LEAD_TIME * time_left
    tops = w.tops
    m = tops[due]
    shape = _due_shape(w, due, m)
    nxt = due % 6 + 1
    mn = tops[nxt]
    shape += W_NEXT_TOP * min(3, mn.bit_count())
    if _pair(mn):
        shape += W_NEXT_PAIR
    value += C_SHAPE * shape
    best, _sure = completions(w, due, m)
    if best:
        if w.seat not in rules.opponents(seat):  # this seat's turn, or its partner's
            value += C_MINE * best * (W_TRIPLET + W_OWN)
        else:
            # The next seat tries first; if it fails, this seat may try in turn: -p + (1-p)p.
            value -= C_THEIRS * best * best * W_TRIPLET
    return value


#: Payment policy: uncovering a piece is worth a little (information); uncovering the number due
#: is worth PAY_NEXT_TO beside one showing (two showing: a triplet, removed after the next move at
#: no cost), PAY_DUE elsewhere; a piece nobody has seen counts by its chance of being the number
#: due. Valuing that chance took the one-turn search from 49.5% of deals 1-200 won to 65.5%.
PAY_INFO = 1.0
PAY_NEXT_TO = 14.0
PAY_DUE = 6.0
#: Payment policy: points per spare piece (up to three) of the number paid with, and (solo)
#: what paying a later number's last spare costs per number still to come before it. On the
#: one-turn screen PAY_SPARE 2 with PAY_LAST 2 won 76.2% of deals 1-4000 against 73.9%, but the
#: hard level with them 83.5% of deals 1-200 at 0.3 s against 86.0% (bench/RESULTS.md): off.
PAY_SPARE = 1.0
PAY_LAST = 0.0
PAY_NEXT_NUMBER = 3.0


def pay_choice(w: World, peek: bool = PEEK) -> Cell:
    """The top to pay with: a number already done first, then one with pieces to spare (the
    more the better), never one of the number due that touches another, and preferably one
    over a piece of the number due next to one showing (a piece nobody has seen counts by its
    chance of being the number due: see PAY_NEXT_TO)."""
    due = w.due
    dmask = w.tops[due]
    full, rest = divmod(w.total, 6)
    solo = w.solo
    base = [0.0] * 7
    for n in range(1, 7):
        if solo and n < due:
            base[n] = 20.0  # already removed: every piece left of it is free
            continue
        spare = PER_NUMBER - w.paid[n] - STACK * (full + (1 if n <= rest else 0)) - STACK
        base[n] = 8.0 + PAY_SPARE * min(spare, 3) if spare > 0 else -50.0
        if spare == 1 and solo:
            base[n] -= PAY_LAST * (n - due)
    base[due] -= 15.0
    if solo and due < 6:
        base[due + 1] -= PAY_NEXT_NUMBER
    best, best_score = -1, -1e9
    st = w.st
    p_due = due_chance(w)
    for c in CELLS:
        s = st[c]
        if not s:
            continue
        v = s[-1] & VALUE
        score = base[v]
        if v == due and KING[c] & dmask:
            score -= 12.0
        if len(s) > 1:
            under = s[-2]
            if peek or under & KNOWN:
                q = 1.0 if under & VALUE == due else 0.0
            else:
                score += PAY_INFO  # information
                q = p_due
            if q > 0.0:
                # Uncovering the number due next to one showing builds a triplet (or makes one).
                score += q * (PAY_NEXT_TO if KING[c] & dmask else PAY_DUE)
        else:
            score += 2.0  # clears a space
        if score > best_score:
            best, best_score = c, score
    return best


def take_choice(w: World, candidates: list[Mask]) -> Mask:
    """Which triplet to take when several are possible, from what a player knows: the one that
    uncovers the most known pieces of the next number (then the first)."""
    nxt = w.due % 6 + 1
    st = w.st
    best, best_score = candidates[0], -1
    for t in candidates:
        score = 0
        for c in cells_of(t):
            s = st[c]
            if len(s) > 1 and s[-2] & KNOWN and s[-2] & VALUE == nxt:
                score += 1
        if score > best_score:
            best, best_score = t, score
    return best


def resolve(w: World) -> int:
    """Remove triplets of the number due as the rules do (choosing greedily when there are
    several); returns how many were removed."""
    removed = 0
    while True:
        if w.solo and w.total >= SOLO_TRIPLETS:
            return removed
        m = w.tops[w.due]
        if not has_triplet(m, w.straight):
            return removed
        found = triples_in(m, w.straight)
        w.take(found[0] if len(found) == 1 else take_choice(w, found))
        removed += 1


def competitive_pay(w: World) -> Cell:
    """The top the seat to move pays with in the competitive game: each face-up piece is tried,
    and the one leaving the best position for the payer (after the turn passes) is chosen. So
    the payer blocks the next seat's chance, and ends the game when it leads."""
    seat = w.seat
    best, best_value = -1, -1e18
    st = w.st
    for c in CELLS:
        if not st[c]:
            continue
        t = w.copy()
        t.pay(c)
        t.end_turn()
        value = 1000.0 * (t.rewards()[seat] - 0.5) if t.finished() else competitive_value(t, seat)
        if value > best_value:
            best, best_value = c, value
    return best


def finish_turn(w: World, removed: int, peek: bool = PEEK) -> None:
    """After the stack move and its removals: pay if nothing was removed, pass the turn."""
    if not removed:
        w.pay(pay_choice(w, peek) if w.players == 1 else competitive_pay(w))
    w.end_turn()


#: Scale of the positional part of a solo value when it is mapped into one triplet's worth.
POSITIONAL_SCALE = 40.0


def _squash(value: float, w: World) -> float:
    """A static value mapped into [0, 1] on the scale of the rewards.

    Solo: a game going on with T triplets removed is worth between T/6 (what losing now would
    give) and (T+1)/6, placed by its positional part; so continuing always beats giving up, and
    a removed triplet always beats a nice position. Competitive: by the triplet lead.
    """
    if w.solo:
        extra = value - W_TRIPLET * w.total
        part = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, extra / POSITIONAL_SCALE))))
        return min(0.999, (w.total + part) / SOLO_TRIPLETS)
    return 1.0 / (1.0 + math.exp(-value / W_TRIPLET))


def heuristic(state: AxxaState, seat: int) -> float:
    """Static evaluation of ``state`` for ``seat`` in [-1, 1] (GameDef.evaluate).

    Works on views too: unknown pieces simply count for nothing.
    """
    outcome = state.outcome
    if outcome is not None:
        return 2.0 * outcome.rewards[seat] - 1.0
    w = World.from_state(state)
    if state.phase == PAY:
        finish_turn(w, 0)
        if w.finished():
            return 2.0 * w.rewards()[seat] - 1.0
    return 2.0 * _squash(position_value(w, seat), w) - 1.0


def simple_evaluation(state: AxxaState, seat: int) -> float:
    """A plain score in [-1, 1] for a naive greedy player (the bench's yardstick): triplets
    removed (or the triplet lead), plus a little for pieces of the number due showing and for two
    of them touching. No look at payments, spare pieces or what lies under the tops.
    """
    outcome = state.outcome
    if outcome is not None:
        return 2.0 * outcome.rewards[seat] - 1.0
    if state.rules.solo:
        value = float(state.triplets)
    else:
        value = state.rules.lead(state.scores, seat)
    due = state.due
    if due <= 6:
        m = state.tops(due)
        value += 0.1 * min(3, m.bit_count()) + (0.3 if _pair(m) else 0.0)
    return max(-1.0, min(1.0, value / 7.0)) if state.rules.solo else math.tanh(value / 2.0)


def _value(w: World, seat: int, peek: bool = PEEK) -> float:
    """A whole turn's result in [0, 1] for ``seat``: the reward if the game ended, else the
    squashed evaluation."""
    if w.finished():
        return w.rewards()[seat]
    return _squash(position_value(w, seat, peek), w)


def _continue(w: World, move: AxxaMove, moved: Cell, peek: bool = PEEK) -> None:
    """Play ``move`` of the turn in progress on ``w`` and finish that turn greedily (with
    ``peek``, on a sampled deal whose face-down pieces the policy may look at)."""
    kind = move.kind
    if kind == SHIFT:
        frm, to = move.cells
        if w.choice and len(w.st[frm]) > 1:
            # Turn or keep: compare both when the piece that would turn up is known; otherwise
            # (no peeking at the sample) keep only when keeping takes a triplet.
            seat = w.seat
            kept = w.copy()
            kept.shift(frm, to, False)
            took = resolve(kept)
            finish_turn(kept, took, peek)
            if not peek and not w.st[frm][-2] & KNOWN:
                if took:
                    _assign(w, kept)
                    return
                w.shift(frm, to, True)
                finish_turn(w, resolve(w), peek)
                return
            turned = w.copy()
            turned.shift(frm, to, True)
            finish_turn(turned, resolve(turned), peek)
            better = (
                turned if position_value(turned, seat, peek) >= position_value(kept, seat, peek) else kept
            )
            _assign(w, better)
            return
        w.shift(frm, to, True)
        finish_turn(w, resolve(w), peek)
        return
    if kind == ROTATE or kind == KEEP:
        if kind == ROTATE:
            w.rotate(moved)
        finish_turn(w, resolve(w), peek)
        return
    if kind == REMOVE:
        mask = 0
        for c in move.cells:
            mask |= 1 << c
        w.take(mask)
        resolve(w)
        w.end_turn()
        return
    w.pay(move.cells[0])
    w.end_turn()


def _assign(dst: World, src: World) -> None:
    for name in World.__slots__:
        setattr(dst, name, getattr(src, name))
