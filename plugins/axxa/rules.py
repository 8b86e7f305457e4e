"""AxxA rules: stacks, moves, triplets, payment, hidden pieces, notation and game end.

A turn is one stack move plus the follow-up choices it may need, each a move of its own by
the same seat: whether to turn the top piece under (rotation option "choice"), which triplet to
take when several of the number due are possible, and which face-up piece pays for a turn that
removed nothing. The phase of the state says which kind of move is due.

Pieces are small ints: the number 1..6, plus :data:`KNOWN` once the players have seen it. A
full state knows every number; a seat's view (:meth:`AxxaState.view_for`) has 0 for each piece
nobody has seen yet, and :meth:`AxxaState.determinize` fills those in at random.

Position text: the stacks (``cell:pieces`` bottom to top; a digit is a piece the players know,
``[..]`` holds pieces still face down, ``?`` a face-down piece of unknown number), then
``due``, ``seat`` (1-based), ``phase`` (``move``, ``turn``, ``take`` or ``pay``; ``moved``
names the stack waiting to be turned), ``chain`` (triplets removed in the turn so far, or in
the last turn), ``scores`` (triplets per seat), ``paid`` (pieces paid, in order) and ``seed``.
:meth:`AxxaState.to_text` writes it; :func:`tafel.games.axxa.notation.parse_position` reads it.

>>> s = AxxaState.deal(7)
>>> s.to_text()
'c1:[65]2 d1:[15]5 e1:[24]3 a3:[35]4 g3:[63]1 a4:[46]2 g4:[46]3 a5:[16]2 g5:[31]4 c7:[26]3 d7:[51]1 e7:[52]4 due:1 seat:1 phase:move chain:0 scores:0 paid:- seed:7'
>>> s.view_for(0).to_text()[:28]
'c1:??2 d1:??5 e1:??3 a3:??4 '
>>> s = s.play(s.parse_move("g3-f3"))
>>> s.to_text().split()[4], s.phase_name, [s.move_to_text(m) for m in s.legal_moves()][:3]
('f3:1[6]3', 'pay', ['pay:c1', 'pay:d1', 'pay:e1'])
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from tafel import GameError, GameState, IllegalMoveError, NotationError, Outcome

from .board import (
    REACH,
    SIZE,
    START_CELLS,
    Cell,
    Mask,
    cell_name,
    cells_of,
    has_triple,
    space_of,
    triples_in,
)
from .texts import _, plural

#: Flag on a piece the players have seen (face up now, or seen before it went under).
KNOWN = 8
VALUE = 7
#: Pieces of each number, numbers 1..6, pieces per stack at the start.
PER_NUMBER = 6
NUMBERS = range(1, 7)
STACK = 3
TOTAL = PER_NUMBER * len(NUMBERS)
#: Triplets to remove in a solo game (one of each number, 1s first).
SOLO_TRIPLETS = 6

MOVE, TURN, TAKE, PAY = range(4)
PHASES = ("move", "turn", "take", "pay")

#: Move kinds, in the order moves sort.
SHIFT, ROTATE, KEEP, REMOVE, PAYMENT = range(5)

_EMPTY_BOARD: tuple[tuple[int, ...], ...] = tuple(() for _ in range(SIZE * SIZE))


class HiddenPieceError(GameError):
    """A move on a view would turn up a piece whose number the view does not know."""


@dataclass(frozen=True)
class Rules:
    """The options a state plays by: seats (1 = solo), rotation choice, straight triplets only,
    and teams: four seats as two teams (seats 1 and 3 against 2 and 4) that pool their triplets.

    >>> r = Rules(players=4, teams=True)
    >>> r.side_totals((2, 1, 0, 1)), r.rewards((2, 1, 0, 1))
    ((2, 2, 2, 2), (0.5, 0.5, 0.5, 0.5))
    >>> Rules(players=3).rewards((3, 1, 1))
    (1.0, 0.25, 0.25)
    """

    players: int = 1
    rotation_choice: bool = False
    straight: bool = False
    teams: bool = False

    def __post_init__(self) -> None:
        if self.teams and self.players != 4:
            raise ValueError("teams are two pairs: they need four players")

    @property
    def solo(self) -> bool:
        return self.players == 1

    def side_totals(self, scores: tuple[int, ...] | list[int]) -> tuple[int, ...]:
        """Per seat, the triplets of its side: its own, or its team's when playing in teams."""
        if not self.teams:
            return tuple(scores)
        a, b = scores[0] + scores[2], scores[1] + scores[3]
        return (a, b, a, b)

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats playing against ``seat`` (not its partner, in teams)."""
        if self.teams:
            return ((seat + 1) % 4, (seat + 3) % 4)
        return tuple(i for i in range(self.players) if i != seat)

    def lead(self, scores: tuple[int, ...] | list[int], seat: int) -> int:
        """Triplets of ``seat``'s side minus those of the best side against it."""
        sides = self.side_totals(scores)
        return sides[seat] - max(sides[i] for i in self.opponents(seat))

    def rewards(self, scores: tuple[int, ...] | list[int]) -> tuple[float, ...]:
        """Rewards of a finished competitive game: ranked by triplets (ties share), or 1 / 0 /
        a half each for the two teams."""
        if self.teams:
            a, b = scores[0] + scores[2], scores[1] + scores[3]
            ra = 1.0 if a > b else 0.0 if a < b else 0.5
            return (ra, 1.0 - ra, ra, 1.0 - ra)
        n = len(scores)
        return tuple(
            (sum(1 for t in scores if t < s) + 0.5 * (sum(1 for t in scores if t == s) - 1)) / (n - 1)
            for s in scores
        )

    def competitive_outcome(self, scores: tuple[int, ...], reason: str) -> Outcome:
        """The end of a competitive game; in teams the reason names the team totals."""
        if self.teams:
            a, b = scores[0] + scores[2], scores[1] + scores[3]
            reason = _("{reason} (team A {a} triplets, team B {b})").format(reason=reason, a=a, b=b)
            title = _("Team A wins!") if a > b else _("Team B wins!") if b > a else _("Draw")
            return Outcome(self.rewards(scores), reason, tuple(scores), title)
        return Outcome(self.rewards(scores), reason, tuple(scores))


@dataclass(frozen=True, order=True, slots=True)
class AxxaMove:
    """One move: a stack move, turning (or keeping) the top piece, taking a triplet, or paying.

    >>> AxxaMove.shift(space_of("c1"), space_of("c4")).text()
    'c1-c4'
    >>> AxxaMove.take([space_of("c3"), space_of("b2"), space_of("c2")]).text()
    'take:b2,c2,c3'
    >>> AxxaMove.from_text("pay d3") == AxxaMove.pay(space_of("d3"))
    True
    """

    kind: int
    cells: tuple[Cell, ...] = ()

    @classmethod
    def shift(cls, frm: Cell, to: Cell) -> AxxaMove:
        return cls(SHIFT, (frm, to))

    @classmethod
    def take(cls, cells: Iterable[Cell]) -> AxxaMove:
        return cls(REMOVE, tuple(sorted(cells)))

    @classmethod
    def pay(cls, cell: Cell) -> AxxaMove:
        return cls(PAYMENT, (cell,))

    @property
    def frm(self) -> Cell | None:
        return self.cells[0] if self.kind == SHIFT else None

    @property
    def to(self) -> Cell | None:
        return self.cells[1] if self.kind == SHIFT else None

    def text(self) -> str:
        if self.kind == SHIFT:
            return f"{cell_name(self.cells[0])}-{cell_name(self.cells[1])}"
        if self.kind == ROTATE:
            return "turn"
        if self.kind == KEEP:
            return "keep"
        if self.kind == REMOVE:
            return "take:" + ",".join(cell_name(c) for c in self.cells)
        return "pay:" + cell_name(self.cells[0])

    @classmethod
    def from_text(cls, text: str) -> AxxaMove:
        """Reads ``c1-c4``, ``turn``, ``keep``, ``take:b2,c2,c3`` and ``pay:d3`` (spaces also do)."""
        t = " ".join(text.strip().lower().replace(",", " ").replace(":", " ").split())
        try:
            if t == "turn":
                return TURN_MOVE
            if t == "keep":
                return KEEP_MOVE
            if t.startswith("pay "):
                return cls.pay(space_of(t[4:]))
            if t.startswith("take "):
                cells = [space_of(p) for p in t[5:].split()]
                if len(cells) == 3 and len(set(cells)) == 3:
                    return cls.take(cells)
            else:
                parts = t.replace("-", " ").split()
                if len(parts) == 1 and len(parts[0]) == 4:
                    parts = [parts[0][:2], parts[0][2:]]
                if len(parts) == 2:
                    return cls.shift(space_of(parts[0]), space_of(parts[1]))
        except ValueError:
            pass
        raise NotationError(f"{text!r} is not an AxxA move (like c1-c4, turn, keep, take:b2,c2,c3 or pay:d3)")


TURN_MOVE = AxxaMove(ROTATE)
KEEP_MOVE = AxxaMove(KEEP)


def due_number(triplets: int) -> int:
    """The number due after ``triplets`` triplets: 1s first, then 2s, ... (again from 1 after the 6s)."""
    return triplets % len(NUMBERS) + 1


def _reveal(stack: tuple[int, ...]) -> tuple[int, ...]:
    """The stack with its top piece face up (and so known from now on)."""
    top = stack[-1]
    if top & KNOWN:
        return stack
    if not top:
        raise HiddenPieceError("this view does not know the piece that would turn up; determinize it first")
    return stack[:-1] + (top | KNOWN,)


def _rotate(stack: tuple[int, ...]) -> tuple[int, ...]:
    if len(stack) < 2:
        return stack
    return _reveal((stack[-1],) + stack[:-1])


def _lift(stack: tuple[int, ...]) -> tuple[int, ...]:
    """The stack without its top piece, the next one face up."""
    rest = stack[:-1]
    return _reveal(rest) if rest else rest


def _plural(n: int) -> str:
    return plural(n)


class AxxaState(GameState):
    """An immutable AxxA position (full, or a seat's view with unknown pieces)."""

    __slots__ = (
        "rules",
        "stacks",
        "to_move",
        "phase",
        "moved",
        "chain",
        "scores",
        "paid",
        "seed",
        "removed_now",
        "_occ",
        "_moves",
        "_outcome",
    )

    def __init__(
        self,
        rules: Rules,
        stacks: tuple[tuple[int, ...], ...],
        to_move: int = 0,
        phase: int = MOVE,
        moved: Cell = -1,
        chain: int = 0,
        scores: tuple[int, ...] | None = None,
        paid: tuple[int, ...] = (),
        seed: int | None = None,
        removed_now: tuple[Mask, ...] = (),
    ) -> None:
        self.rules = rules
        self.stacks = stacks
        self.to_move = to_move
        self.phase = phase
        self.moved = moved
        self.chain = chain
        self.scores = scores if scores is not None else (0,) * rules.players
        self.paid = paid
        self.seed = seed
        #: The triplets (as masks) the move that made this state removed, in order; for
        #: animations only, not part of the position (nor of its text or equality).
        self.removed_now = removed_now
        occ = 0
        for c, s in enumerate(stacks):
            if s:
                occ |= 1 << c
        self._occ = occ
        self._moves: tuple[AxxaMove, ...] | None = None
        self._outcome: Outcome | None | bool = False  # False: not computed yet

    # --- construction ------------------------------------------------------------------------

    @classmethod
    def deal(cls, seed: int, rules: Rules | None = None) -> AxxaState:
        """The start position of deal ``seed``: 36 pieces shuffled into 12 stacks of 3, tops face up.

        >>> AxxaState.deal(7) == AxxaState.deal(7), AxxaState.deal(7) == AxxaState.deal(8)
        (True, False)
        """
        pieces = [n for n in NUMBERS for _ in range(PER_NUMBER)]
        random.Random(seed).shuffle(pieces)
        stacks = list(_EMPTY_BOARD)
        for i, cell in enumerate(START_CELLS):
            stack = tuple(pieces[STACK * i : STACK * i + STACK])
            stacks[cell] = stack[:-1] + (stack[-1] | KNOWN,)
        return cls(rules or Rules(), tuple(stacks), seed=seed)

    def _with(self, **changes: Any) -> AxxaState:
        fields: dict[str, Any] = {
            "stacks": self.stacks,
            "to_move": self.to_move,
            "phase": self.phase,
            "moved": self.moved,
            "chain": self.chain,
            "scores": self.scores,
            "paid": self.paid,
            "seed": self.seed,
            "removed_now": self.removed_now,
        }
        fields.update(changes)
        return AxxaState(self.rules, **fields)

    # --- value semantics --------------------------------------------------------------------

    @property
    def players(self) -> int:  # type: ignore[override]
        return self.rules.players

    def _key(self) -> tuple:
        return (
            self.rules,
            self.stacks,
            self.to_move,
            self.phase,
            self.moved,
            self.chain,
            self.scores,
            self.paid,
            self.seed,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AxxaState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"AxxaState({self.to_text()!r})"

    def repetition_key(self) -> Hashable:
        return self._key()

    # --- queries -----------------------------------------------------------------------------

    @property
    def occupied(self) -> Mask:
        return self._occ

    @property
    def triplets(self) -> int:
        """Triplets removed so far, by all seats."""
        return sum(self.scores)

    @property
    def due(self) -> int:
        """The number whose triplet must be removed next (7 once a solo game is won)."""
        if self.rules.solo and self.triplets >= SOLO_TRIPLETS:
            return 7
        return due_number(self.triplets)

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def top(self, cell: Cell) -> int:
        """The number on top of the stack on ``cell`` (0 for an empty space)."""
        s = self.stacks[cell]
        return s[-1] & VALUE if s else 0

    def tops(self, number: int) -> Mask:
        """Spaces whose stack shows ``number``."""
        mask = 0
        for c, s in enumerate(self.stacks):
            if s and s[-1] & VALUE == number:
                mask |= 1 << c
        return mask

    def removed_of(self, number: int) -> int:
        """Pieces showing ``number`` taken off in triplets so far."""
        t = self.triplets
        full, rest = divmod(t, len(NUMBERS))
        return STACK * (full + (1 if number <= rest else 0))

    def in_play(self, number: int) -> int:
        """Pieces of ``number`` still on the board (known to every seat: none of them is secret)."""
        return PER_NUMBER - self.removed_of(number) - self.paid.count(number)

    def pool(self) -> list[int]:
        """How many pieces of each number (index 1..6) lie face down and unseen."""
        counts = [0] + [self.in_play(n) for n in NUMBERS]
        for s in self.stacks:
            for p in s:
                if p & KNOWN:
                    counts[p & VALUE] -= 1
        return counts

    def destinations(self, cell: Cell) -> list[Cell]:
        """Where the stack on ``cell`` may move now (empty unless a stack move is due)."""
        if self.phase != MOVE or self.outcome is not None or not self.stacks[cell]:
            return []
        occ = self._occ
        return [
            dest for dest, masks in REACH[cell][self.top(cell)].items() if any(not m & occ for m in masks)
        ]

    def candidates(self) -> list[Mask]:
        """Triplet shapes of the number due showing on the board now."""
        return triples_in(self.tops(self.due), self.rules.straight)

    def _can_move(self) -> bool:
        occ = self._occ
        for c, s in enumerate(self.stacks):
            if s:
                for masks in REACH[c][s[-1] & VALUE].values():
                    for m in masks:
                        if not m & occ:
                            return True
        return False

    # --- moves ------------------------------------------------------------------------------

    def legal_moves(self) -> list[AxxaMove]:
        return list(self._legal())

    def _legal(self) -> tuple[AxxaMove, ...]:
        moves = self._moves
        if moves is None:
            moves = () if self.outcome is not None else tuple(self._generate())
            self._moves = moves
        return moves

    def _generate(self) -> list[AxxaMove]:
        phase = self.phase
        if phase == MOVE:
            occ = self._occ
            out = []
            for c, s in enumerate(self.stacks):
                if s:
                    for dest, masks in REACH[c][s[-1] & VALUE].items():
                        for m in masks:
                            if not m & occ:
                                out.append(AxxaMove(SHIFT, (c, dest)))
                                break
            return out
        if phase == TURN:
            return [TURN_MOVE, KEEP_MOVE]
        if phase == TAKE:
            return [AxxaMove(REMOVE, tuple(cells_of(t))) for t in self.candidates()]
        return [AxxaMove(PAYMENT, (c,)) for c, s in enumerate(self.stacks) if s]

    def play(self, move: AxxaMove) -> AxxaState:  # type: ignore[override]
        if move not in self._legal():
            if self.outcome is not None:
                raise IllegalMoveError(_("the game is over"))
            text = move.text() if isinstance(move, AxxaMove) else repr(move)
            raise IllegalMoveError(
                _("{move} is not legal here ({why})").format(move=text, why=self._phase_help())
            )
        return self._apply(move)

    def play_unchecked(self, move: AxxaMove) -> AxxaState:  # type: ignore[override]
        return self._apply(move)

    def _phase_help(self) -> str:
        if self.phase == MOVE:
            return _("a stack must move")
        if self.phase == TURN:
            return _("turn or keep the top piece of the stack just moved")
        if self.phase == TAKE:
            return _("choose which triplet of {number} to take").format(number=_plural(self.due))
        return _("pay with one face-up piece")

    def _apply(self, move: AxxaMove) -> AxxaState:
        kind = move.kind
        stacks = list(self.stacks)
        if kind == SHIFT:
            frm, to = move.cells
            stack = stacks[frm]
            stacks[frm] = ()
            if self.rules.rotation_choice and len(stack) >= 2:
                stacks[to] = stack
                return self._with(stacks=tuple(stacks), phase=TURN, moved=to, chain=0, removed_now=())
            stacks[to] = _rotate(stack)
            return self._resolve(stacks, self.scores, 0, [])
        if kind == ROTATE or kind == KEEP:
            if kind == ROTATE:
                stacks[self.moved] = _rotate(stacks[self.moved])
            return self._resolve(stacks, self.scores, 0, [])
        if kind == REMOVE:
            mask = 0
            for c in move.cells:
                stacks[c] = _lift(stacks[c])
                mask |= 1 << c
            scores = list(self.scores)
            scores[self.to_move] += 1
            return self._resolve(stacks, tuple(scores), self.chain + 1, [mask])
        (cell,) = move.cells
        value = stacks[cell][-1] & VALUE
        stacks[cell] = _lift(stacks[cell])
        return self._next_turn(stacks, self.scores, 0, self.paid + (value,), [])

    def _resolve(
        self, stacks: list[tuple[int, ...]], scores: tuple[int, ...], chain: int, removed: list[Mask]
    ) -> AxxaState:
        """After a stack move or a taken triplet: remove triplets of the number due while exactly
        one is possible; ask which one when there are several; ask for payment when none was taken."""
        rules = self.rules
        straight = rules.straight
        while True:
            total = sum(scores)
            if rules.solo and total >= SOLO_TRIPLETS:
                break
            due = due_number(total)
            mask = 0
            for c, s in enumerate(stacks):
                if s and s[-1] & VALUE == due:
                    mask |= 1 << c
            if mask.bit_count() < 3:
                break
            found = triples_in(mask, straight)
            if not found:
                break
            if len(found) > 1:
                return AxxaState(
                    rules,
                    tuple(stacks),
                    self.to_move,
                    TAKE,
                    -1,
                    chain,
                    scores,
                    self.paid,
                    self.seed,
                    tuple(removed),
                )
            removed.append(found[0])
            for c in cells_of(found[0]):
                stacks[c] = _lift(stacks[c])
            scores = scores[: self.to_move] + (scores[self.to_move] + 1,) + scores[self.to_move + 1 :]
            chain += 1
        if chain == 0:
            return AxxaState(rules, tuple(stacks), self.to_move, PAY, -1, 0, scores, self.paid, self.seed)
        return self._next_turn(stacks, scores, chain, self.paid, removed)

    def _next_turn(
        self,
        stacks: list[tuple[int, ...]],
        scores: tuple[int, ...],
        chain: int,
        paid: tuple[int, ...],
        removed: list[Mask],
    ) -> AxxaState:
        seat = (self.to_move + 1) % self.rules.players
        return AxxaState(
            self.rules, tuple(stacks), seat, MOVE, -1, chain, scores, paid, self.seed, tuple(removed)
        )

    def triplet_chance(self, move: AxxaMove) -> float:
        """Chance that a stack move removes a triplet of the number due, from what this state shows.

        1.0 or 0.0 when the piece that turns up is known; otherwise the share of the unseen
        pieces that would complete a triplet. With the rotation choice, the better of turning
        and keeping.
        """
        if move.kind != SHIFT or self.phase != MOVE:
            return 0.0
        frm, to = move.cells
        stack = self.stacks[frm]
        due = self.due
        base = self.tops(due) & ~(1 << frm)
        straight = self.rules.straight
        options = [stack[-1]] if len(stack) < 2 else [stack[-2]]
        if self.rules.rotation_choice and len(stack) >= 2:
            options.append(stack[-1])
        best = 0.0
        for piece in options:
            if piece & KNOWN or piece & VALUE:
                value = piece & VALUE
                chance = 1.0 if has_triple(base | ((1 << to) if value == due else 0), straight) else 0.0
            else:
                if has_triple(base, straight):
                    chance = 1.0
                elif has_triple(base | (1 << to), straight):
                    pool = self.pool()
                    unseen = sum(pool)
                    chance = pool[due] / unseen if unseen else 0.0
                else:
                    chance = 0.0
            best = max(best, chance)
        return best

    # --- game end ---------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome  # type: ignore[return-value]

    def _compute_outcome(self) -> Outcome | None:
        rules = self.rules
        total = self.triplets
        if rules.solo:
            if total >= SOLO_TRIPLETS:
                return Outcome(
                    (1.0,),
                    _("solved: the 6s are removed, all six triplets are off the board"),
                    (6,),
                    _("Solved!"),
                )
            if self.phase != MOVE:
                return None
            progress = _("{n} of {total} triplets removed").format(n=total, total=SOLO_TRIPLETS)
            due = self.due
            left = self.in_play(due)
            if left < STACK:
                return Outcome(
                    (total / SOLO_TRIPLETS,),
                    _(
                        "the {number} can no longer be completed: only {left} left in play ({progress})"
                    ).format(number=_plural(due), left=left, progress=progress),
                    (total,),
                    _("Puzzle lost"),
                )
            if not self._can_move():
                return Outcome(
                    (total / SOLO_TRIPLETS,),
                    _("no stack can move ({progress})").format(progress=progress),
                    (total,),
                    _("Puzzle lost"),
                )
            return None
        if self.phase != MOVE:
            return None
        if not any(len(s) == STACK for s in self.stacks):
            return rules.competitive_outcome(self.scores, _("no stack of three pieces is left"))
        due = self.due
        if self.in_play(due) < STACK:
            return rules.competitive_outcome(
                self.scores,
                _("the {number} can no longer be completed, so no more triplets can be won").format(
                    number=_plural(due)
                ),
            )
        if not self._can_move():
            return rules.competitive_outcome(self.scores, _("no stack can move"))
        return None

    # --- hidden information -------------------------------------------------------------------

    @property
    def has_hidden_information(self) -> bool:
        for s in self.stacks:
            for p in s:
                if not p & KNOWN:
                    return True
        return False

    @property
    def is_view(self) -> bool:
        """True when some face-down piece's number is unknown here (a seat's view)."""
        return any(p == 0 for s in self.stacks for p in s)

    def view_for(self, seat: int) -> AxxaState:
        """What the players see: face-down pieces never seen are unknown (0), the seed is left out.

        Every seat sees the same: AxxA has no private pieces, only face-down ones.
        """
        if self.seed is None and not any(p and not p & KNOWN for s in self.stacks for p in s):
            return self
        stacks = tuple(tuple(p if p & KNOWN else 0 for p in s) if s else s for s in self.stacks)
        return self._with(stacks=stacks, seed=None)

    def determinize(self, rng: random.Random) -> AxxaState:
        """A full state consistent with what the players know, face-down pieces shuffled anew."""
        pool = self.pool()
        if min(pool[1:]) < 0:
            raise GameError("inconsistent position: more pieces of a number than there are")
        bag = [n for n in NUMBERS for _ in range(pool[n])]
        slots = sum(1 for s in self.stacks for p in s if not p & KNOWN)
        if len(bag) != slots:
            raise GameError(f"inconsistent position: {slots} face-down pieces but {len(bag)} unseen numbers")
        rng.shuffle(bag)
        it = iter(bag)
        stacks = tuple(tuple(p if p & KNOWN else next(it) for p in s) if s else s for s in self.stacks)
        return self._with(stacks=stacks, seed=None)

    # --- notation -------------------------------------------------------------------------------

    def move_to_text(self, move: AxxaMove) -> str:  # type: ignore[override]
        return move.text()

    def move_to_words(self, move: AxxaMove) -> str:  # type: ignore[override]
        """``c1 to c4``, ``top piece under``, ``keep the top piece``, ``take the triplet b2 c2 c3``,
        ``pay with d3``: the notation without its colons.

        >>> s = AxxaState.deal(1)
        >>> s.move_to_words(AxxaMove.pay(0)), s.move_to_words(AxxaMove.take([0, 1, 2]))
        ('pay with a1', 'take the triplet a1 b1 c1')
        """
        if move.kind == SHIFT:
            return _("{frm} to {to}").format(frm=cell_name(move.cells[0]), to=cell_name(move.cells[1]))
        if move.kind == ROTATE:
            return _("top piece under")
        if move.kind == KEEP:
            return _("keep the top piece")
        if move.kind == REMOVE:
            return _("take the triplet {cells}").format(cells=" ".join(cell_name(c) for c in move.cells))
        return _("pay with {cell}").format(cell=cell_name(move.cells[0]))

    def parse_move(self, text: str) -> AxxaMove:  # type: ignore[override]
        move = AxxaMove.from_text(text)
        if move not in self._legal():
            if self.outcome is not None:
                raise IllegalMoveError(_("the game is over"))
            raise IllegalMoveError(
                _("{move} is not legal here ({why})").format(move=move.text(), why=self._phase_help())
            )
        return move

    def to_text(self) -> str:
        parts = []
        for c, s in enumerate(self.stacks):
            if s:
                parts.append(f"{cell_name(c)}:{stack_text(s)}")
        due = self.due
        parts.append(f"due:{due if due <= 6 else '-'}")
        parts.append(f"seat:{self.to_move + 1}")
        parts.append(f"phase:{PHASES[self.phase]}")
        if self.phase == TURN:
            parts.append(f"moved:{cell_name(self.moved)}")
        parts.append(f"chain:{self.chain}")
        parts.append("scores:" + ",".join(str(s) for s in self.scores))
        parts.append("paid:" + ("".join(str(p) for p in self.paid) or "-"))
        parts.append(f"seed:{self.seed if self.seed is not None else '-'}")
        return " ".join(parts)

    def describe(self) -> str:
        """The deal number (when this state knows it) and how the last turn went.

        >>> AxxaState.deal(42).describe()
        'Deal 42'
        """
        parts = []
        if self.seed is not None:
            parts.append(_("Deal {seed}").format(seed=self.seed))
        if self.phase == MOVE and self.chain >= 2:
            parts.append(_("last turn: outstanding move!") if self.chain >= 3 else _("last turn: good move!"))
        return " · ".join(parts)


def stack_text(stack: tuple[int, ...]) -> str:
    """Pieces bottom to top: known as digits, face-down ones in brackets, unknown ones as ``?``.

    >>> stack_text((3, 5, 2 | KNOWN)), stack_text((2 | KNOWN, 3, 5 | KNOWN)), stack_text((0, 4 | KNOWN))
    ('[35]2', '2[3]5', '?4')
    """
    out = []
    hidden = []
    for p in stack:
        if p and not p & KNOWN:
            hidden.append(str(p & VALUE))
            continue
        if hidden:
            out.append("[" + "".join(hidden) + "]")
            hidden = []
        out.append(str(p & VALUE) if p else "?")
    if hidden:
        out.append("[" + "".join(hidden) + "]")
    return "".join(out)
