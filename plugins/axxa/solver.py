"""The AxxA solver: plans over the face-down pieces it cannot see by sampling them.

It is given a seat's view only (face-down pieces unknown). To choose a move it samples full
deals consistent with the view (:meth:`AxxaState.determinize`) and, in each, plays every
candidate move to the end of the turn on a light mutable copy of the position (:class:`World`):
the piece a move turns up comes from the sample, as the player would see it; the rest of the
turn (turn or keep, which triplet, which piece pays) follows a quick policy. The position
reached is scored by :func:`position_value`, which itself uses only what a player knows
(face-down pieces count by their chances), so a sample can't tell the solver where the hidden
pieces lie. Weak moves are dropped as samples come in (successive halving), so more think time
means more samples for the moves that matter. At the hard level, in the solo game, the best few
moves then go one turn deeper: in each further sample the turn after the candidate is played by
the one-turn greedy policy (:func:`next_turn`, which chooses in another deal of the unseen
pieces, so it cannot see what its move turns up), and the move with the best mean after two
turns wins. One turn ahead only, the solver judged positions as the greedy player with the same
evaluation does and won as often (65.5% against 68% of 200 deals); the second turn made it
clearly stronger (78%, bench/axxa_solver.py).

Values are on the scale of the rewards: a solo game with T triplets removed is worth between
T/6 (losing now) and (T+1)/6. In the competitive game the score is by the triplet lead; the
build-up on the board serves every seat and counts a little, while the chance that the next stack
move completes a triplet belongs to the seat that moves next, so a seat takes its chances, keeps
building, and pays to block a triplet it would hand to the next seat (see
:func:`competitive_value`); the payment that ends a competitive turn is chosen by that same value
(:func:`competitive_pay`).

>>> from tafel.games.axxa.rules import AxxaState
>>> s = AxxaState.deal(11)
>>> w = World.from_state(s)
>>> w.due, len(w.shifts()) == len(s.legal_moves())
(1, True)
>>> -1.0 <= heuristic(s, 0) <= 1.0
True
"""

from __future__ import annotations

import math
import random
import time

from tafel import Agent, GameError, Limit, StopCheck

from .board import CELLS, KING, REACH, SIZE, Cell, Mask, cells_of, completing, triples_in
from .calibration import win_chance
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
    VALUE,
    AxxaMove,
    AxxaState,
)
from .teach import ONLY_MOVE, explain

#: REACH as tuples, the fastest to walk: _REACH[cell][n] = ((dest, (mask, ...)), ...).
_REACH: list[list[tuple[tuple[Cell, tuple[Mask, ...]], ...]]] = [
    [tuple(REACH[c][n].items()) for n in range(7)] for c in range(SIZE * SIZE)
]


def _midpairs() -> list[tuple[Mask, ...]]:
    """Per cell: the pairs of opposite neighbours that make it the middle of a straight line."""
    out: list[tuple[Mask, ...]] = [() for _ in range(SIZE * SIZE)]
    cellset = set(CELLS)
    for c in CELLS:
        x, y = c % SIZE, c // SIZE
        pairs = []
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            a, b = (x - dx, y - dy), (x + dx, y + dy)
            if all(0 <= v < SIZE for v in (*a, *b)):
                ca, cb = a[1] * SIZE + a[0], b[1] * SIZE + b[0]
                if ca in cellset and cb in cellset:
                    pairs.append((1 << ca) | (1 << cb))
        out[c] = tuple(pairs)
    return out


_MIDPAIRS = _midpairs()


def has_triplet(mask: Mask, straight: bool) -> bool:
    """True when ``mask`` holds a triplet shape: some cell touches two others of it (chains), or
    sits between two of them on a line (straight lines)."""
    if mask.bit_count() < 3:
        return False
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if straight:
            for pair in _MIDPAIRS[c]:
                if pair & mask == pair:
                    return True
        elif (KING[c] & mask).bit_count() >= 2:
            return True
        m ^= low
    return False


class World:
    """A full position as light mutable data for fast simulation (no legality checks).

    ``st`` holds the stacks as in :class:`AxxaState` (tuples of pieces, bottom first), ``tops``
    one mask per number of the spaces showing it, ``paid`` how many of each number were paid.
    """

    __slots__ = (
        "st",
        "tops",
        "occ",
        "scores",
        "seat",
        "players",
        "paid",
        "straight",
        "choice",
        "total",
        "rules",
    )

    def copy(self) -> World:
        w = World.__new__(World)
        w.st = self.st[:]
        w.tops = self.tops[:]
        w.occ = self.occ
        w.scores = self.scores[:]
        w.seat = self.seat
        w.players = self.players
        w.paid = self.paid[:]
        w.straight = self.straight
        w.choice = self.choice
        w.total = self.total
        w.rules = self.rules
        return w

    @classmethod
    def from_state(cls, state: AxxaState) -> World:
        w = cls.__new__(cls)
        w.st = list(state.stacks)
        w.tops = [0] * 8
        occ = 0
        for c, s in enumerate(w.st):
            if s:
                occ |= 1 << c
                w.tops[s[-1] & VALUE] |= 1 << c
        w.occ = occ
        w.scores = list(state.scores)
        w.seat = state.to_move
        w.players = state.rules.players
        w.paid = [0] * 7
        for p in state.paid:
            w.paid[p] += 1
        w.straight = state.rules.straight
        w.choice = state.rules.rotation_choice
        w.total = sum(w.scores)
        w.rules = state.rules
        return w

    # --- rules ----------------------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def due(self) -> int:
        return self.total % 6 + 1

    def in_play(self, n: int) -> int:
        full, rest = divmod(self.total, 6)
        return PER_NUMBER - self.paid[n] - STACK * (full + (1 if n <= rest else 0))

    def shifts(self) -> list[tuple[Cell, Cell]]:
        occ = self.occ
        st = self.st
        out = []
        for c in CELLS:
            s = st[c]
            if s:
                for dest, masks in _REACH[c][s[-1] & VALUE]:
                    for m in masks:
                        if not m & occ:
                            out.append((c, dest))
                            break
        return out

    def can_move(self) -> bool:
        occ = self.occ
        st = self.st
        for c in CELLS:
            s = st[c]
            if s:
                for _dest, masks in _REACH[c][s[-1] & VALUE]:
                    for m in masks:
                        if not m & occ:
                            return True
        return False

    def shift(self, frm: Cell, to: Cell, rotate: bool = True) -> None:
        st = self.st
        s = st[frm]
        st[frm] = ()
        bit_f, bit_t = 1 << frm, 1 << to
        self.tops[s[-1] & VALUE] &= ~bit_f
        if rotate and len(s) > 1:
            s = (s[-1],) + s[:-2] + (s[-2] | KNOWN,)
        st[to] = s
        self.tops[s[-1] & VALUE] |= bit_t
        self.occ ^= bit_f | bit_t

    def lift(self, cell: Cell) -> int:
        """Take the top piece off ``cell``; returns its number."""
        st = self.st
        s = st[cell]
        v = s[-1] & VALUE
        bit = 1 << cell
        self.tops[v] &= ~bit
        if len(s) > 1:
            s = s[:-2] + (s[-2] | KNOWN,)
            st[cell] = s
            self.tops[s[-1] & VALUE] |= bit
        else:
            st[cell] = ()
            self.occ &= ~bit
        return v

    def take(self, mask: Mask) -> None:
        for c in cells_of(mask):
            self.lift(c)
        self.scores[self.seat] += 1
        self.total += 1

    def pay(self, cell: Cell) -> None:
        self.paid[self.lift(cell)] += 1

    def end_turn(self) -> None:
        self.seat = (self.seat + 1) % self.players

    def finished(self) -> bool:
        """Whether the game is over at the start of a turn (same rules as AxxaState.outcome)."""
        if self.solo:
            if self.total >= SOLO_TRIPLETS:
                return True
        elif not any(len(s) == STACK for s in self.st):
            return True
        return self.in_play(self.due) < STACK or not self.can_move()

    def rewards(self) -> tuple[float, ...]:
        """Rewards of a finished game, as AxxaState.outcome gives them."""
        if self.solo:
            return (min(1.0, self.total / SOLO_TRIPLETS),)
        return self.rules.rewards(self.scores)


# --- evaluation -----------------------------------------------------------------------------

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


def _pair(mask: Mask) -> bool:
    m = mask
    while m:
        low = m & -m
        if KING[low.bit_length() - 1] & mask:
            return True
        m ^= low
    return False


#: Whether the evaluation may look at face-down pieces of a sampled deal (False: it uses only what
#: a player would know, and chances for the rest).
PEEK = False


def unseen(w: World) -> tuple[list[int], int]:
    """Face-down pieces nobody has seen, per number, and their total."""
    full, rest = divmod(w.total, 6)
    counts = [0] + [PER_NUMBER - w.paid[n] - STACK * (full + (1 if n <= rest else 0)) for n in range(1, 7)]
    for s in w.st:
        for p in s:
            if p & KNOWN:
                counts[p & VALUE] -= 1
    return counts, sum(counts)


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
    for c in CELLS:
        s = st[c]
        if not s:
            continue
        bit = 1 << c
        if bit & m:
            rest = m & ~bit
            if rest.bit_count() < 2:
                continue
            zone = completing(rest, straight)
        else:
            rest = m
            if zone_all < 0:
                zone_all = completing(m, straight)
            zone = zone_all
        if showing and (not bit & m or has_triplet(rest, straight)):
            p = 1.0  # a triplet already showing is removed after any move that keeps it
            zone = -1
        else:
            piece = s[-2] if len(s) > 1 else s[-1]
            if peek or piece & KNOWN:
                if piece & VALUE != due:
                    continue
                p = 1.0
            else:
                if chance < 0:
                    counts, total = unseen(w)
                    chance = counts[due] / total if total else 0.0
                p = chance
                if p <= 0.0:
                    continue
        for dest, masks in _REACH[c][s[-1] & VALUE]:
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


def position_value(w: World, seat: int, peek: bool = PEEK) -> float:
    """Static value of a position for ``seat``, in triplet units of 100 (see the W_ weights).

    Rewards triplets removed (solo) or the lead in triplets (competitive); pieces of the number
    due on top, two of them touching, known ones just under a top (they turn up when that stack
    moves) and the chance that the next stack move completes a triplet; a little for the next
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
    tops = w.tops
    m = tops[due]
    shape = W_DUE_TOP * min(3, m.bit_count())
    if _pair(m):
        shape += W_DUE_PAIR
    under = 0
    st = w.st
    for c in CELLS:
        s = st[c]
        if len(s) > 1 and s[-2] & KNOWN and s[-2] & VALUE == due:
            under += 1
    shape += W_DUE_UNDER * min(2, under)
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
    value += shape
    for n in range(due + 1, 7):
        left = w.in_play(n)
        if left < STACK:
            # A later number can no longer be completed: the puzzle is lost, though the
            # triplets before it still count for the result.
            value -= W_DOOMED
            break
        if left == STACK:
            value -= W_TIGHT
    if w.in_play(due) == STACK:
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
    shape = W_DUE_TOP * min(3, m.bit_count())
    if _pair(m):
        shape += W_DUE_PAIR
    under = 0
    st = w.st
    for c in CELLS:
        s = st[c]
        if len(s) > 1 and s[-2] & KNOWN and s[-2] & VALUE == due:
            under += 1
    shape += W_DUE_UNDER * min(2, under)
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


def pay_choice(w: World, peek: bool = PEEK) -> Cell:
    """The top to pay with: a number already done first, then one with pieces to spare (the
    more the better), never one of the number due that touches another, and preferably one
    over a piece of the number due next to one showing."""
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
        base[n] = 8.0 + min(spare, 3) if spare > 0 else -50.0
    base[due] -= 15.0
    if solo and due < 6:
        base[due + 1] -= 3.0
    best, best_score = -1, -1e9
    st = w.st
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
                if under & VALUE == due:
                    # Uncovering the number due next to one already showing builds a triplet.
                    score += 6.0 + (8.0 if KING[c] & dmask else 0.0)
            else:
                score += 1.0  # information
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


# --- the agent ----------------------------------------------------------------------------------

#: Per level: the most sampled deals per decision (or fewer, when the think time ends the search
#: first), whether weak moves are dropped as samples come in, to sample the rest more, and (solo
#: only) how many of the best moves after ``shallow`` deals are looked at two turns deep over the
#: remaining deals (0: none).
LEVELS: dict[str, dict[str, object]] = {
    "easy": {"samples": 3, "prune": False, "deep": 0, "shallow": 0},
    "medium": {"samples": 24, "prune": True, "deep": 0, "shallow": 0},
    # One turn ahead, past a few hundred deals the answer hardly changed (measured); the deals
    # do more good two turns ahead (64 of them; 128 won no more). About 0.25 s a move,
    # so a hint still comes quickly.
    "hard": {"samples": 128, "prune": True, "deep": 4, "shallow": 64},
}
DEFAULT_TIME = {"easy": 0.05, "medium": 0.3, "hard": 1.0}
#: Samples before the first pruning; then after every doubling. Never fewer moves than this.
FIRST_CUT = 8
KEEP_AT_LEAST = 4
#: Deals of the two-turn stage needed for its answer to replace the one-turn one.
MIN_DEEP = 8


def _continue(w: World, move: AxxaMove, moved: Cell) -> None:
    """Play ``move`` of the turn in progress on ``w`` and finish that turn greedily."""
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
            finish_turn(kept, took)
            if not w.st[frm][-2] & KNOWN:
                if took:
                    _assign(w, kept)
                    return
                w.shift(frm, to, True)
                finish_turn(w, resolve(w))
                return
            turned = w.copy()
            turned.shift(frm, to, True)
            finish_turn(turned, resolve(turned))
            better = turned if position_value(turned, seat) >= position_value(kept, seat) else kept
            _assign(w, better)
            return
        w.shift(frm, to, True)
        finish_turn(w, resolve(w))
        return
    if kind == ROTATE or kind == KEEP:
        if kind == ROTATE:
            s = w.st[moved]
            w.tops[s[-1] & VALUE] &= ~(1 << moved)
            s = (s[-1],) + s[:-2] + (s[-2] | KNOWN,)
            w.st[moved] = s
            w.tops[s[-1] & VALUE] |= 1 << moved
        finish_turn(w, resolve(w))
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


class AxxaSolver(Agent):
    """Samples the face-down pieces and scores each legal move one whole turn ahead (the best
    few two turns ahead, at the hard level in the solo game); see the module docstring.
    ``level`` is easy, medium or hard; keyword ``params`` override the level's (``samples``,
    ``prune``, ``deep``, ``shallow``).

    Every sampled deal scores all moves still in the race (the same deals for every move, so
    differences between moves are not the luck of the draw). After 8 deals, and then after every
    doubling, the weaker half of the moves is dropped (keeping at least 4), so the think time
    goes to the moves that matter. With ``deep`` set (solo), after ``shallow`` deals the best
    ``deep`` moves go on alone, each deal now playing the next turn too (:func:`next_turn`).
    The search ends at ``limit.time`` (the level's default time if unset), at ``limit.nodes``
    sampled deals in all, or when ``stop()`` says so.

    After ``choose``, ``info`` holds ``samples`` (deals sampled), ``playouts`` (candidate moves
    played to the end of the turn and scored, summed over the samples: the bench's "moves per
    second"), ``deep_samples`` (deals of the two-turn stage), ``moves``, ``candidates`` (moves
    left in the race), ``value``, ``time`` and ``reason`` (what the move sets up, for a hint);
    ``forced`` when there was only one legal move. In the solo game ``win_chance`` too: the
    value is an expected result (triplets removed / 6 and a part of a sixth), and
    :func:`~tafel.games.axxa.calibration.win_chance` turns it into the chance of winning the deal
    measured for it (bench/axxa_calibration.py); hints and the review show that.
    """

    def __init__(self, level: str = "hard", **params: object) -> None:
        super().__init__()
        if level not in LEVELS:
            raise ValueError(f"unknown solver level {level!r} (easy, medium, hard)")
        self.level = level
        self.params = dict(LEVELS[level], **params)

    def choose(
        self, state: AxxaState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> AxxaMove:
        moves = state.legal_moves()
        if not moves:
            raise GameError("no legal move: the game is over")
        now = time.thread_time if self.params.get("clock") == "cpu" else time.perf_counter
        start = now()
        if len(moves) == 1:
            self.info = {"samples": 0, "playouts": 0, "forced": True, "time": 0.0, "reason": ONLY_MOVE}
            return moves[0]
        view = state.view_for(state.to_move)
        budget = limit.time if limit.time is not None else DEFAULT_TIME[self.level]
        deadline = start + budget
        cap = int(self.params["samples"])  # type: ignore[call-overload]
        if limit.nodes is not None:
            cap = min(cap, limit.nodes)
        prune = bool(self.params["prune"])
        seat = state.to_move
        moved = state.moved
        total = {m: 0.0 for m in moves}
        alive = list(moves)
        samples = 0
        playouts = 0
        next_cut = FIRST_CUT
        # Solo, at the levels that look a turn further: first every move one turn ahead over
        # ``shallow`` deals (pruning as it goes), then the best ``deep`` of them two turns ahead
        # over the rest of the deals.
        deep = int(self.params["deep"]) if state.rules.solo else 0  # type: ignore[call-overload]
        first = min(cap, int(self.params["shallow"])) if deep else cap  # type: ignore[call-overload]
        policy = self.params.get("policy", "greedy")
        turns = int(self.params.get("turns", 1))  # type: ignore[call-overload]
        beam = int(self.params.get("beam", 3))  # type: ignore[call-overload]
        z = float(self.params.get("z", 0.0))  # type: ignore[arg-type]
        if policy in ("peek", "expect"):
            from .lookahead import expected_turn, lookahead
        if policy == "exact" and state.rules.solo:
            from .lookahead import exact_choice

            best, value, deep_samples = exact_choice(
                view,
                moves,
                moved,
                seat,
                min(cap, int(self.params["deep"])),  # type: ignore[call-overload]
                lambda: now() >= deadline or (stop is not None and stop()),
                turns,
                int(self.params.get("beam", 2)),  # type: ignore[call-overload]
                int(self.params.get("deep3", 6)),  # type: ignore[call-overload]
            )
            self.info = {
                "samples": 0,
                "playouts": len(moves) + deep_samples,
                "deep_samples": deep_samples,
                "moves": len(moves),
                "candidates": deep_samples,
                "value": round(value, 3),
                "win_chance": win_chance(value, view.triplets),
                "time": round(now() - start, 3),
                "reason": explain(view, best),
            }
            return best
        while True:
            base = World.from_state(view.determinize(rng))
            for move in alive:
                w = base.copy()
                _continue(w, move, moved)
                total[move] += _value(w, seat)
            samples += 1
            playouts += len(alive)
            if samples >= first or now() >= deadline or (stop is not None and stop()):
                break
            if prune and samples >= next_cut and len(alive) > KEEP_AT_LEAST:
                alive.sort(key=lambda m: -total[m])
                alive = alive[: max(KEEP_AT_LEAST, (len(alive) + 1) // 2)]
                next_cut *= 2
        alive.sort(key=lambda m: (-total[m], moves.index(m)))
        best = alive[0]
        value = total[best] / samples
        deep_samples = 0
        if deep and len(alive) > 1 and samples < cap and now() < deadline:
            if stop is None or not stop():
                alive = alive[:deep]
                deeper = {m: 0.0 for m in alive}
                runs: dict[AxxaMove, list[float]] = {m: [] for m in alive}
                racing = list(alive)
                while samples < cap:
                    base = World.from_state(view.determinize(rng))
                    for move in racing:
                        w = base.copy()
                        _continue(w, move, moved)
                        if w.finished():
                            v = _value(w, seat)
                        elif policy == "peek":
                            v = lookahead(w, seat, turns, beam)
                        elif policy == "expect":
                            v = expected_turn(w, seat)
                        else:
                            next_turn(w, seat, rng)
                            v = _value(w, seat)
                        deeper[move] += v
                        runs[move].append(v)
                    samples += 1
                    deep_samples += 1
                    playouts += len(racing)
                    if now() >= deadline or (stop is not None and stop()):
                        break
                    if z and deep_samples >= MIN_RACE and deep_samples % 4 == 0:
                        racing = race(racing, runs, z)
                        if len(racing) == 1:
                            break
                alive = racing
                if deep_samples >= MIN_DEEP:  # else time ran out: the one-turn choice stands
                    best = max(alive, key=lambda m: (deeper[m], -moves.index(m)))
                    value = deeper[best] / deep_samples
        self.info = {
            "samples": samples,
            # Candidate moves played out to the end of the turn (or of the next one, for the
            # deals of the second stage) and scored, over all samples.
            "playouts": playouts,
            "deep_samples": deep_samples,
            "moves": len(moves),
            "candidates": len(alive),
            "value": round(value, 3),
            **({"win_chance": win_chance(value, view.triplets)} if state.rules.solo else {}),
            "time": round(now() - start, 3),
            # What the move sets up, in words: a hint's reason.
            "reason": explain(view, best),
        }
        return best


#: Deep deals before the race drops a move (then every 4 deals).
MIN_RACE = 16


def race(racing: list[AxxaMove], runs: dict[AxxaMove, list[float]], z: float) -> list[AxxaMove]:
    """The moves still in the race: a move is dropped once the leader's values beat its values
    on the same deals by more than ``z`` standard errors of the mean difference (or are the same
    on every deal, as for two moves with the same effect)."""
    n = len(runs[racing[0]])
    leader = max(racing, key=lambda m: sum(runs[m]))
    lead = runs[leader]
    out = []
    for m in racing:
        if m is leader:
            out.append(m)
            continue
        diffs = [a - b for a, b in zip(lead, runs[m], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        if mean - z * math.sqrt(var / n) <= 1e-12 and not (var == 0.0 and mean >= 0.0):
            out.append(m)
    return out


def redeal(w: World, rng: random.Random) -> World:
    """A copy of ``w`` with every piece nobody has seen dealt anew from the unseen ones."""
    counts, _total = unseen(w)
    bag = [n for n in range(1, 7) for _ in range(counts[n])]
    rng.shuffle(bag)
    d = w.copy()
    st = d.st
    i = 0
    for c in CELLS:
        s = st[c]
        if s and not all(p & KNOWN for p in s):
            new = []
            for p in s:
                if p & KNOWN:
                    new.append(p)
                else:
                    new.append(bag[i])
                    i += 1
            st[c] = tuple(new)
    return d


def _best_shift(w: World, seat: int) -> tuple[Cell, Cell] | None:
    best = None
    best_v = -1.0
    for frm, to in w.shifts():
        t = w.copy()
        t.shift(frm, to, True)
        finish_turn(t, resolve(t))
        v = _value(t, seat)
        if v > best_v:
            best_v, best = v, (frm, to)
    return best


def next_turn(w: World, seat: int, rng: random.Random) -> None:
    """Play the next turn on ``w`` by the one-turn greedy policy (every stack move played to the
    end of the turn and scored by :func:`_value`, the best kept). The policy judges the moves in
    another deal of the unseen pieces (:func:`redeal`), so its choice cannot see what a move will
    turn up in this one; then the chosen move is played here."""
    move = _best_shift(redeal(w, rng), seat)
    if move is not None:
        w.shift(*move)
        finish_turn(w, resolve(w))


def _value(w: World, seat: int, peek: bool = PEEK) -> float:
    """A whole turn's result in [0, 1] for ``seat``: the reward if the game ended, else the
    squashed evaluation."""
    if w.finished():
        return w.rewards()[seat]
    return _squash(position_value(w, seat, peek), w)


__all__ = ["AxxaSolver", "World", "heuristic", "position_value", "simple_evaluation"]
