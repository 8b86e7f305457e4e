"""AxxA positions as light mutable data for the solver's fast simulation (:class:`World`).

>>> from tafel.games.axxa.rules import AxxaState
>>> s = AxxaState.deal(11)
>>> w = World.from_state(s)
>>> w.due, len(w.shifts()) == len(s.legal_moves())
(1, True)
"""

from __future__ import annotations

from .board import CELLS, KING, REACH, SIZE, Cell, Mask, cells_of
from .rules import KNOWN, PER_NUMBER, SOLO_TRIPLETS, STACK, VALUE, AxxaState, Rules

#: REACH as tuples, the fastest to walk: _REACH[cell][n] = ((dest, (mask, ...)), ...).
_REACH: list[list[tuple[tuple[Cell, tuple[Mask, ...]], ...]]] = [
    [tuple(REACH[c][n].items()) for n in range(7)] for c in range(SIZE * SIZE)
]


#: _REACH_ANY[cell][n]: every space a stack with n on top could reach from ``cell`` on an empty
#: board, as one mask (a quick test before walking _REACH).
_REACH_ANY: list[list[Mask]] = [
    [sum(1 << d for d in REACH[c][n]) for n in range(7)] for c in range(SIZE * SIZE)
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
    one mask per number of the spaces showing it, ``paid`` how many of each number were paid,
    ``known`` how many pieces of each number on the board the players have seen (kept up to date
    by the moves below, so the solver's evaluation need not count them piece by piece; code that
    writes ``st`` directly may only put face-down pieces in place of face-down ones).
    """

    __slots__ = (
        "st",
        "tops",
        "occ",
        "scores",
        "seat",
        "players",
        "paid",
        "known",
        "straight",
        "choice",
        "total",
        "rules",
    )
    st: list[tuple[int, ...]]
    tops: list[Mask]
    occ: Mask
    scores: list[int]
    seat: int
    players: int
    paid: list[int]
    known: list[int]
    straight: bool
    choice: bool
    total: int
    rules: Rules

    def copy(self) -> World:
        w = World.__new__(World)
        w.st = self.st[:]
        w.tops = self.tops[:]
        w.occ = self.occ
        w.scores = self.scores[:]
        w.seat = self.seat
        w.players = self.players
        w.paid = self.paid[:]
        w.known = self.known[:]
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
        w.known = [0] * 7
        occ = 0
        for c, s in enumerate(w.st):
            if s:
                occ |= 1 << c
                w.tops[s[-1] & VALUE] |= 1 << c
                for p in s:
                    if p & KNOWN:
                        w.known[p & VALUE] += 1
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
            under = s[-2]
            if not under & KNOWN:
                self.known[under & VALUE] += 1
            s = (s[-1],) + s[:-2] + (under | KNOWN,)
        st[to] = s
        self.tops[s[-1] & VALUE] |= bit_t
        self.occ ^= bit_f | bit_t

    def rotate(self, cell: Cell) -> None:
        """Turn the top piece of ``cell`` under, showing the next (the rotation option's choice)."""
        st = self.st
        s = st[cell]
        self.tops[s[-1] & VALUE] &= ~(1 << cell)
        under = s[-2]
        if not under & KNOWN:
            self.known[under & VALUE] += 1
        s = (s[-1],) + s[:-2] + (under | KNOWN,)
        st[cell] = s
        self.tops[s[-1] & VALUE] |= 1 << cell

    def lift(self, cell: Cell) -> int:
        """Take the top piece off ``cell``; returns its number."""
        st = self.st
        s = st[cell]
        top = s[-1]
        v = top & VALUE
        if top & KNOWN:
            self.known[v] -= 1
        bit = 1 << cell
        self.tops[v] &= ~bit
        if len(s) > 1:
            under = s[-2]
            if not under & KNOWN:
                self.known[under & VALUE] += 1
            s = s[:-2] + (under | KNOWN,)
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
