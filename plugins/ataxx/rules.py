"""Ataxx rules: positions, moves, FEN, game end, move counting.

Red (``x``, seat 0) moves first. A clone puts a stone on an empty square at king distance 1;
a jump moves a stone to an empty square at king distance exactly 2. Opposing stones around
the destination flip. A side with no move passes; the game ends when a side has no stones,
when neither side can move, or at the third repetition of a position (and, with engine rules,
at halfmove 100).

>>> s = AtaxxState.start()
>>> s.to_text()
'x5o/7/7/7/7/7/o5x x 0 1'
>>> len(s.legal_moves())
16
>>> s.play(s.parse_move("a7c5")).to_text()
'6o/7/2x4/7/7/7/o5x o 1 1'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from tafel import BoardText, GameState, IllegalMoveError, NotationError, Outcome

from .board import (
    BOARD,
    DOUBLE_OFFSETS,
    DOUBLES,
    JUMP_REPEAT,
    JUMP_SPREAD,
    SINGLES,
    SIZE,
    SQUARES,
    STRIDE,
    Bitboard,
    Square,
    dilate,
    square_name,
    square_of,
)
from .texts import N_, _

RED, BLUE = 0, 1
SEAT_NAMES = (N_("Red"), N_("Blue"))
SIDE_CHARS = "xo"
START_FEN = "x5o/7/7/7/7/7/o5x x 0 1"
ENGINE_HALFMOVE_LIMIT = 100
#: A FEN's board: ranks 7 to 1, ``x`` Red, ``o`` Blue, ``-`` a gap, digits for empty squares;
#: read with Tafel's board-text codec (``r``/``b`` for Red and Blue, and capitals, are read too).
BOARD_TEXT = BoardText("xo-XOrRbB", widths=SIZE, row_label=lambda n: f"rank {SIZE + 1 - n}", what="Ataxx FEN")
#: Each letter a board may hold, as the stone (or gap) it stands for.
_STONE = {"x": "x", "X": "x", "r": "x", "R": "x", "o": "o", "O": "o", "b": "o", "B": "o", "-": "-"}


def _single_digits(board: str) -> str:
    """The board with each run of digits as the sum of its digits: Ataxx FENs have always been
    read digit by digit (``16`` is seven empty squares, ``0`` none), and still are.

    >>> _single_digits("x14o/7/07")
    'x5o/7/7'
    """
    return _DIGITS_TO_ADD.sub(lambda m: str(sum(map(int, m[0])) or ""), board)


#: Runs the codec reads otherwise: two digits or more, or a 0 (a canonical FEN has none).
_DIGITS_TO_ADD = re.compile(r"\d\d+|0")


@dataclass(frozen=True, slots=True)
class AtaxxMove:
    """A clone (``frm`` is None), a jump (``frm`` set) or a pass (both None).

    >>> AtaxxMove.from_text("f1"), AtaxxMove.from_text("0000").is_pass
    (AtaxxMove(frm=None, to=5), True)
    """

    frm: Square | None
    to: Square | None

    @property
    def is_pass(self) -> bool:
        return self.to is None

    @property
    def is_jump(self) -> bool:
        return self.frm is not None

    def text(self) -> str:
        if self.to is None:
            return "0000"
        if self.frm is None:
            return square_name(self.to)
        return square_name(self.frm) + square_name(self.to)

    @classmethod
    def from_text(cls, text: str) -> AtaxxMove:
        t = text.strip().lower()
        try:
            if t in ("0000", "pass", "null"):
                return PASS
            if len(t) == 2:
                return cls(None, square_of(t))
            if len(t) == 4:
                return cls(square_of(t[:2]), square_of(t[2:]))
        except ValueError:
            pass
        raise NotationError(f"{text!r} is not an Ataxx move (like f1, a7c5 or 0000)")


PASS = AtaxxMove(None, None)
#: The clone to each square (indexed by square; None on padding).
CLONE_MOVES: list[AtaxxMove | None] = [
    AtaxxMove(None, to) if to in SQUARES else None for to in range(SIZE * STRIDE)
]
#: Per jump offset, the jump landing on each square (indexed by destination; None where the
#: origin would be off the board), in the order :meth:`AtaxxState.generate` lists them.
JUMP_MOVES: tuple[tuple[int, list[AtaxxMove | None]], ...] = tuple(
    (
        off,
        [
            AtaxxMove(to - off, to)
            if to in SQUARES and to - off in SQUARES and DOUBLES[to] >> (to - off) & 1
            else None
            for to in range(SIZE * STRIDE)
        ],
    )
    for off in DOUBLE_OFFSETS
)
# The same, indexed by the bit length of a bitboard whose highest square is the destination
# (jump offsets in reverse: generate() builds its list backwards).
_BIT_BELOW = [0] + [1 << s for s in range(SIZE * STRIDE)]
_CLONES_BY_LENGTH = [None, *CLONE_MOVES]
_JUMPS_BY_LENGTH = tuple((off, [None, *table]) for off, table in reversed(JUMP_MOVES))


def _count_moves(own: Bitboard, empty: Bitboard) -> int:
    """Number of clone and jump moves for ``own`` (no pass), without listing them."""
    h = own | own << 1 | own >> 1
    return ((h | h << 9 | h >> 9) & empty).bit_count() + (own * JUMP_SPREAD & empty * JUMP_REPEAT).bit_count()


def _has_move(own: Bitboard, empty: Bitboard) -> bool:
    """True when some empty square is within king distance 2 of ``own``."""
    h = own | own << 1 | own >> 1 | own << 2 | own >> 2
    h |= h << 9 | h >> 9
    return bool((h | h << 9 | h >> 9) & empty)


class AtaxxState(GameState):
    """An immutable Ataxx position, with a link to its predecessor for the repetition rule."""

    __slots__ = (
        "red",
        "blue",
        "gaps",
        "to_move",
        "halfmove",
        "fullmove",
        "engine_rules",
        "parent",
        "_outcome",
    )
    players = 2

    def __init__(
        self,
        red: Bitboard,
        blue: Bitboard,
        gaps: Bitboard = 0,
        to_move: int = RED,
        halfmove: int = 0,
        fullmove: int = 1,
        engine_rules: bool = False,
        parent: AtaxxState | None = None,
    ) -> None:
        self.red = red
        self.blue = blue
        self.gaps = gaps
        self.to_move = to_move
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.engine_rules = engine_rules
        self.parent = parent
        self._outcome: Outcome | None | bool = False  # False: not computed yet

    @classmethod
    def start(cls, engine_rules: bool = False) -> AtaxxState:
        return cls.from_fen(START_FEN, engine_rules)

    # --- value semantics --------------------------------------------------------------------

    def _key(self) -> tuple:
        return (self.red, self.blue, self.gaps, self.to_move, self.halfmove, self.fullmove, self.engine_rules)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AtaxxState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"AtaxxState({self.to_text()!r})"

    def repetition_key(self) -> Hashable:
        return (self.red, self.blue, self.to_move)

    # --- bitboards --------------------------------------------------------------------------

    @property
    def empty(self) -> Bitboard:
        return BOARD & ~(self.red | self.blue | self.gaps)

    def stones(self, seat: int) -> Bitboard:
        return self.red if seat == RED else self.blue

    def count(self, seat: int) -> int:
        return self.stones(seat).bit_count()

    # --- moves ------------------------------------------------------------------------------

    def legal_moves(self) -> list[AtaxxMove]:
        if self.outcome is not None:
            return []
        moves = self.generate()
        return moves if moves else [PASS]

    def generate(self) -> list[AtaxxMove]:
        """Clones then jumps for the side to move, ignoring game end; no pass.

        Moves come from tables (moves are immutable values, so one object per move serves every
        position: building ~80 frozen dataclasses a call would cost more than finding them),
        indexed by ``bit_length()`` of the targets left: taking the highest square each time
        costs fewer steps than isolating the lowest bit. The list is built backwards and
        reversed once, which keeps the order of old: clones by square, then jumps by offset.
        """
        own = self.red if self.to_move == RED else self.blue
        empty = BOARD & ~(self.red | self.blue | self.gaps)
        moves: list[AtaxxMove] = []
        append = moves.append
        bits = _BIT_BELOW
        for off, table in _JUMPS_BY_LENGTH:
            targets = (own << off if off > 0 else own >> -off) & empty
            while targets:
                n = targets.bit_length()
                targets ^= bits[n]
                # None only for squares off the board, which ``empty`` never holds.
                append(table[n])  # type: ignore[arg-type]
        h = own | own << 1 | own >> 1
        targets = (h | h << 9 | h >> 9) & empty
        table = _CLONES_BY_LENGTH
        while targets:
            n = targets.bit_length()
            targets ^= bits[n]
            append(table[n])  # type: ignore[arg-type]
        moves.reverse()
        return moves

    def is_forced_pass(self) -> bool:
        return self.outcome is None and not _has_move(self.stones(self.to_move), self.empty)

    def is_legal(self, move: object) -> bool:
        if not isinstance(move, AtaxxMove) or self.outcome is not None:
            return False
        own = self.stones(self.to_move)
        empty = self.empty
        if move.is_pass:
            return not _has_move(own, empty)
        if move.to is None or not (0 <= move.to < SIZE * STRIDE) or not (empty >> move.to) & 1:
            return False
        if move.frm is None:
            return bool(SINGLES[move.to] & own)
        return (
            0 <= move.frm < SIZE * STRIDE
            and bool((own >> move.frm) & 1)
            and bool(DOUBLES[move.to] >> move.frm & 1)
        )

    def play(self, move: AtaxxMove) -> AtaxxState:
        if not self.is_legal(move):
            text = move.text() if isinstance(move, AtaxxMove) else repr(move)
            raise IllegalMoveError(f"{text} is not legal in {self.to_text()}")
        return self.play_unchecked(move)

    def play_unchecked(self, move: AtaxxMove) -> AtaxxState:
        red, blue = self.red, self.blue
        own, opp = (red, blue) if self.to_move == RED else (blue, red)
        halfmove = self.halfmove + 1
        if move.to is not None:
            to_bit = 1 << move.to
            if move.frm is None:
                halfmove = 0
                own |= to_bit
            else:
                own = (own ^ (1 << move.frm)) | to_bit
            flips = SINGLES[move.to] & opp
            own |= flips
            opp ^= flips
        if self.to_move == RED:
            red, blue, fullmove = own, opp, self.fullmove
        else:
            blue, red, fullmove = own, opp, self.fullmove + 1
        return AtaxxState(red, blue, self.gaps, 1 - self.to_move, halfmove, fullmove, self.engine_rules, self)

    # --- game end ---------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome  # type: ignore[return-value]

    def _result(self, reason: str) -> Outcome:
        r, b = self.red.bit_count(), self.blue.bit_count()
        scores = (r, b)
        if r > b:
            return Outcome.win(RED, 2, reason, scores)
        if b > r:
            return Outcome.win(BLUE, 2, reason, scores)
        return Outcome.draw(2, reason, scores)

    def _compute_outcome(self) -> Outcome | None:
        if not self.red:
            return self._result(N_("Red has no stones left"))
        if not self.blue:
            return self._result(N_("Blue has no stones left"))
        empty = self.empty
        if not empty:
            return self._result(N_("the board is full"))
        if not _has_move(self.red, empty) and not _has_move(self.blue, empty):
            return self._result(N_("neither side can move"))
        if self.repetitions() >= 3:
            return self._result(N_("the same position appeared three times"))
        if self.engine_rules and self.halfmove >= ENGINE_HALFMOVE_LIMIT:
            return Outcome.draw(
                2, N_("100 moves without a clone (engine rules)"), (self.count(RED), self.count(BLUE))
            )
        return None

    def repetitions(self) -> int:
        """How often this position (board and side to move) has occurred, this time included.

        Only positions since the last clone can repeat it (a clone adds a stone for good), and
        the halfmove clock counts exactly those plies.
        """
        key = (self.red, self.blue, self.to_move)
        n = 1
        node = self.parent
        steps = self.halfmove
        while node is not None and steps > 0:
            if node.red == key[0] and node.blue == key[1] and node.to_move == key[2]:
                n += 1
            node = node.parent
            steps -= 1
        return n

    # --- notation ---------------------------------------------------------------------------

    def move_to_text(self, move: AtaxxMove) -> str:
        return move.text()

    def move_to_words(self, move: AtaxxMove) -> str:
        """``clone to b6``, ``jump a7 to c7``, with the stones it takes: ``b2c3`` read aloud.

        >>> s = AtaxxState.from_fen("x5o/7/7/7/7/7/ox5 x")
        >>> [s.move_to_words(s.parse_move(t)) for t in ("b6", "a7c7", "a2")]
        ['clone to b6', 'jump a7 to c7', 'clone to a2, takes 1']
        """
        if move.is_pass:
            return _("pass")
        assert move.to is not None  # only a pass has no target
        to = square_name(move.to)
        if move.is_jump:
            assert move.frm is not None
            words = _("jump {frm} to {to}").format(frm=square_name(move.frm), to=to)
        else:
            words = _("clone to {to}").format(to=to)
        theirs = self.blue if self.to_move == RED else self.red
        taken = (dilate(1 << move.to) & theirs).bit_count()
        if taken:
            words += ", " + _("takes {n}").format(n=taken)
        return words

    def parse_move(self, text: str) -> AtaxxMove:
        move = AtaxxMove.from_text(text)
        if self.outcome is not None:
            raise IllegalMoveError(f"{text} is not legal: the game is over ({self.outcome.reason})")
        if not self.is_legal(move):
            if move.is_pass:
                raise IllegalMoveError(f"0000 (pass) is not legal: {SEAT_NAMES[self.to_move]} can move")
            raise IllegalMoveError(
                f"{text} is not a legal move for {SEAT_NAMES[self.to_move]} in {self.to_text()}"
            )
        return move

    def to_text(self) -> str:
        return self.board_fen() + f" {SIDE_CHARS[self.to_move]} {self.halfmove} {self.fullmove}"

    def board_fen(self) -> str:
        rows = []
        for rank in range(SIZE - 1, -1, -1):
            row = ""
            for file in range(SIZE):
                bit = 1 << (rank * STRIDE + file)
                row += "x" if self.red & bit else "o" if self.blue & bit else "-" if self.gaps & bit else "."
            rows.append(row)
        return BOARD_TEXT.encode(rows)

    @classmethod
    def from_fen(cls, fen: str, engine_rules: bool = False) -> AtaxxState:
        """A position from FEN; the side, halfmove and fullmove fields may be left out.

        >>> AtaxxState.from_fen("x5o/7/2-1-2/7/2-1-2/7/o5x").gaps.bit_count()
        4
        >>> AtaxxState.from_fen("x5o/7/7")
        Traceback (most recent call last):
        ...
        tafel.game.NotationError: bad Ataxx FEN 'x5o/7/7': the board needs 7 ranks, got 3
        >>> AtaxxState.from_fen("x5o/7/7/7/7/7/o4x")
        Traceback (most recent call last):
        ...
        tafel.game.NotationError: bad Ataxx FEN 'x5o/7/7/7/7/7/o4x': rank 1 needs 7 cells, got 6
        """
        parts = fen.split()
        if not parts:
            raise NotationError("empty Ataxx FEN")
        if len(parts) > 4:
            raise NotationError(f"bad Ataxx FEN {fen!r}: too many fields")
        if parts[0].count("/") != SIZE - 1:
            raise NotationError(
                f"bad Ataxx FEN {fen!r}: the board needs 7 ranks, got {parts[0].count('/') + 1}"
            )
        found = {"x": 0, "o": 0, "-": 0, ".": 0}
        for rank, row in zip(
            range(SIZE - 1, -1, -1), BOARD_TEXT.decode(_single_digits(parts[0])), strict=True
        ):
            for file, letter in enumerate(row):
                found[_STONE.get(letter, ".")] |= 1 << (rank * STRIDE + file)
        red, blue, gaps = found["x"], found["o"], found["-"]
        to_move = RED
        if len(parts) > 1:
            side = parts[1].lower()
            if side not in ("x", "o", "r", "b"):
                raise NotationError(f"bad Ataxx FEN {fen!r}: side to move must be x or o, got {parts[1]!r}")
            to_move = RED if side in ("x", "r") else BLUE
        halfmove, fullmove = 0, 1
        try:
            if len(parts) > 2:
                halfmove = int(parts[2])
            if len(parts) > 3:
                fullmove = int(parts[3])
        except ValueError:
            raise NotationError(f"bad Ataxx FEN {fen!r}: move counters must be numbers") from None
        if halfmove < 0 or fullmove < 1:
            raise NotationError(f"bad Ataxx FEN {fen!r}: move counters out of range")
        return cls(red, blue, gaps, to_move, halfmove, fullmove, engine_rules)


#: Entries the perft cache may hold before it starts over (~100 bytes each).
PERFT_CACHE_LIMIT = 1 << 19


def perft(state: AtaxxState, depth: int, cache: bool = True) -> int:
    """Move-path count to ``depth``: a pass is one move, a finished game (no stones for a side, or
    no move for either) is zero. Repetition is ignored, as in the published tables.

    The last two plies are counted without making their moves (see :func:`_perft2`), and with
    ``cache`` counts of positions met again by another move order are remembered (equal
    positions have equal counts).

    >>> perft(AtaxxState.start(), 2), perft(AtaxxState.start(), 4, cache=False)
    (256, 155888)
    """
    own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
    empty = BOARD & ~(state.red | state.blue | state.gaps)
    if depth <= 2 or not cache:
        return _perft(own, opp, empty, depth)
    table: dict[int, int] = {}

    def cached(own: Bitboard, opp: Bitboard, empty: Bitboard, depth: int) -> int:
        # The blockers are fixed for the whole count, so (own, opp, depth) is the position.
        key = (own << 64 | opp) << 8 | depth
        n = table.get(key)
        if n is None:
            if len(table) >= PERFT_CACHE_LIMIT:
                table.clear()
            n = table[key] = _perft(own, opp, empty, depth, cached)
        return n

    return _perft(own, opp, empty, depth, cached)


def _perft(
    own: Bitboard,
    opp: Bitboard,
    empty: Bitboard,
    depth: int,
    child: Callable[[Bitboard, Bitboard, Bitboard, int], int] | None = None,
) -> int:
    """The count for ``own`` to move; ``child`` counts the positions after each move (default:
    this function, uncached)."""
    if depth == 0:
        return 1
    if not own or not opp or not empty:
        return 0
    if depth == 1:
        n = _count_moves(own, empty)
        if n:
            return n
        return 1 if _has_move(opp, empty) else 0
    if depth == 2:
        return _perft2(own, opp, empty)
    if child is None:
        child = _perft
    total = 0
    clones = dilate(own) & empty
    any_move = False
    while clones:
        low = clones & -clones
        clones ^= low
        flips = SINGLES[low.bit_length() - 1] & opp
        total += child(opp ^ flips, own | low | flips, empty ^ low, depth - 1)
        any_move = True
    for off in DOUBLE_OFFSETS:
        targets = (own << off if off > 0 else own >> -off) & empty
        while targets:
            low = targets & -targets
            targets ^= low
            to = low.bit_length() - 1
            frm_bit = 1 << (to - off)
            flips = SINGLES[to] & opp
            total += child(opp ^ flips, (own ^ frm_bit) | low | flips, (empty ^ low) | frm_bit, depth - 1)
            any_move = True
    if not any_move:
        if not _has_move(opp, empty):
            return 0
        total = child(opp, own, empty, depth - 1)
    return total


def _perft2(
    own: Bitboard,
    opp: Bitboard,
    empty: Bitboard,
    spread: int = JUMP_SPREAD,
    repeat: int = JUMP_REPEAT,
    doubles: list[Bitboard] = DOUBLES,
    singles: list[Bitboard] = SINGLES,
) -> int:
    """perft(2) for ``own`` to move (both sides have stones, some square is empty) without making
    a single move: for every move, the opponent's move count afterwards, derived from its count
    now. (The keyword defaults only make the tables fast locals.)

    The opponent's count is ``t0`` = its clone destinations (empty squares next to its stones)
    plus its jump pairs (stone, empty square at distance 2). A move to ``to`` that flips nothing
    (``to`` touches no opposing stone) only removes ``to`` from the empty squares: ``t0`` minus
    the opposing stones at distance 2 from ``to``; a jump also empties its origin ``frm``, which
    adds the opposing stones at distance 2 from ``frm`` and one clone if ``frm`` touches one.
    Those moves are summed in bulk, per origin stone for jumps. Moves that flip are counted one
    destination at a time; any move that might leave the opponent without a move (``t0`` <= 16)
    or without stones goes through the plain path, which knows passes and game ends.
    """
    h = own | own << 1 | own >> 1
    clones = (h | h << 9 | h >> 9) & empty
    h |= own << 2 | own >> 2
    h |= h << 9 | h >> 9
    dests = (h | h << 9 | h >> 9) & empty
    if not dests:  # own must pass
        if not _has_move(opp, empty):
            return 0
        return _count_moves(opp, empty)
    empty_rep = empty * repeat
    opp_spread = opp * spread
    opp_rep = opp * repeat
    h = opp | opp << 1 | opp >> 1
    opp_near = h | h << 9 | h >> 9  # opposing stones and the squares touching them
    c0 = (opp_near & empty).bit_count()
    t0 = (opp_spread & empty_rep).bit_count() + c0
    total = 0
    if t0 > 16:
        # A quiet move takes at most 16 of the opponent's moves: it always has one left.
        quiet = dests & ~opp_near
        dests &= opp_near
        quiet_clones = quiet & clones
        total = t0 * quiet_clones.bit_count() - (opp_spread & quiet_clones * repeat).bit_count()
        stones = own
        while stones:
            low = stones & -stones
            stones ^= low
            frm = low.bit_length() - 1
            ring = doubles[frm]
            to = ring & quiet
            if to:
                gain = t0 + (ring & opp).bit_count() + (opp_near >> frm & 1)
                total += gain * to.bit_count() - (to * spread & opp_rep).bit_count()
    while dests:
        low = dests & -dests
        dests ^= low
        to = low.bit_length() - 1
        flips = singles[to] & opp
        srcs = doubles[to] & own
        if flips:
            p = opp ^ flips
            if not p:
                continue  # the opponent has no stones left: every such game is over
            e = empty ^ low
            h = p | p << 1 | p >> 1
            p_near = h | h << 9 | h >> 9
            c = (
                t0
                - c0
                - (doubles[to] & opp).bit_count()
                - (flips * spread & empty_rep).bit_count()
                + (p_near & e).bit_count()
            )
            if c:
                if clones & low:
                    total += c
                if srcs:
                    total += (
                        c * srcs.bit_count()
                        + (srcs * spread & (opp_rep ^ flips * repeat)).bit_count()
                        + (srcs & p_near).bit_count()
                    )
                continue
        else:
            c = t0 - (doubles[to] & opp).bit_count()
            if c:
                if clones & low:
                    total += c
                if srcs:
                    total += (
                        c * srcs.bit_count()
                        + (srcs * spread & opp_rep).bit_count()
                        + (srcs & opp_near).bit_count()
                    )
                continue
        # The opponent may be left without a move (a pass, or the end): move by move.
        p = opp ^ flips
        if not p:
            continue
        if clones & low:
            total += _perft(p, own | low | flips, empty ^ low, 1)
        while srcs:
            fb = srcs & -srcs
            srcs ^= fb
            total += _perft(p, (own ^ fb) | low | flips, (empty ^ low) | fb, 1)
    return total
