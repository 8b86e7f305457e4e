"""Hexxagon rules: positions, moves, notation and the end of the game.

Ruby (``x``, seat 0) moves first. A clone puts a new gem on an empty cell next to one of yours;
a jump moves a gem to an empty cell exactly two steps away. Opposing gems next to the
destination turn. A side with no move passes; the game ends when a side has no gems, when
neither side can move, or at the third repetition of a position. More gems wins.

>>> s = HexxagonState.start()
>>> s.to_text(), len(s.legal_moves())
('x3o/6/7/3-4/o4-2x/3-4/7/6/x3o x 0 1', 24)
>>> s.play(s.parse_move("a1b3")).to_text()
'x3o/6/7/3-4/o4-2x/3-4/1x5/6/4o o 1 1'
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel import GameState, IllegalMoveError, NotationError, Outcome

from . import board as b

RUBY, SAPPHIRE = 0, 1
SEAT_NAMES = ("Ruby", "Sapphire")
START_BOARDS = {"classic": "x3o/6/7/3-4/o4-2x/3-4/7/6/x3o", "open": "x3o/6/7/8/o7x/8/7/6/x3o"}


@dataclass(frozen=True, slots=True)
class HexMove:
    """A clone (``frm`` None), a jump (``frm`` set) or a pass (both None).

    >>> HexMove.from_text("e5"), HexMove.from_text("a1c2").is_jump, HexMove.from_text("0000").is_pass
    (HexMove(frm=None, to=48), True, True)
    """

    frm: b.Cell | None
    to: b.Cell | None

    is_pass = property(lambda self: self.to is None)
    is_jump = property(lambda self: self.frm is not None)

    def text(self) -> str:
        if self.to is None:
            return "0000"
        return (b.cell_name(self.frm) if self.frm is not None else "") + b.cell_name(self.to)

    @classmethod
    def from_text(cls, text: str) -> HexMove:
        t = text.strip().lower()
        try:
            if t in ("0000", "pass"):
                return PASS
            if len(t) in (2, 4):
                return cls(b.cell_of(t[:2]) if len(t) == 4 else None, b.cell_of(t[-2:]))
        except ValueError:
            pass
        raise NotationError(f"{text!r} is not a Hexxagon move (like e5, a1c2 or 0000)")


PASS = HexMove(None, None)


def _has_move(own: b.Bitboard, empty: b.Bitboard) -> bool:
    return bool(b.dilate(own) & empty) or any(b.shift(own, off) & empty for off in b.FAR_OFFSETS)


class HexxagonState(GameState):
    """An immutable position, linked to its predecessor for the repetition rule."""

    __slots__ = ("ruby", "sapphire", "gaps", "to_move", "halfmove", "fullmove", "parent", "_outcome")
    players = 2

    def __init__(self, ruby, sapphire, gaps=0, to_move=RUBY, halfmove=0, fullmove=1, parent=None) -> None:
        self.ruby, self.sapphire, self.gaps, self.to_move = ruby, sapphire, gaps, to_move
        self.halfmove, self.fullmove, self.parent = halfmove, fullmove, parent
        self._outcome: Outcome | None | bool = False  # False: not computed yet

    @classmethod
    def start(cls, board: str = "classic") -> HexxagonState:
        return cls.from_text(START_BOARDS[board] + " x 0 1")

    def _key(self) -> tuple:
        return (self.ruby, self.sapphire, self.gaps, self.to_move, self.halfmove, self.fullmove)

    __eq__ = lambda self, other: isinstance(other, HexxagonState) and self._key() == other._key()  # noqa: E731
    __hash__ = lambda self: hash(self._key())  # noqa: E731
    __repr__ = lambda self: f"HexxagonState({self.to_text()!r})"  # noqa: E731

    def repetition_key(self):
        return (self.ruby, self.sapphire, self.to_move)

    @property
    def empty(self) -> b.Bitboard:
        return b.BOARD & ~(self.ruby | self.sapphire | self.gaps)

    def gems(self, seat: int) -> b.Bitboard:
        return self.ruby if seat == RUBY else self.sapphire

    def count(self, seat: int) -> int:
        return self.gems(seat).bit_count()

    # --- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> list[HexMove]:
        if self.outcome is not None:
            return []
        own, empty = self.gems(self.to_move), self.empty
        moves = [HexMove(None, to) for to in b.cells(b.dilate(own) & empty)]
        moves += [HexMove(to - off, to) for off in b.FAR_OFFSETS for to in b.cells(b.shift(own, off) & empty)]
        return moves or [PASS]

    def is_forced_pass(self) -> bool:
        return self.outcome is None and not _has_move(self.gems(self.to_move), self.empty)

    def is_legal(self, move: object) -> bool:
        if not isinstance(move, HexMove) or self.outcome is not None:
            return False
        own, empty = self.gems(self.to_move), self.empty
        if move.to is None:
            return not _has_move(own, empty)
        if not 0 <= move.to < len(b.NEAR) or not empty >> move.to & 1:
            return False
        if move.frm is None:
            return bool(b.NEAR[move.to] & own)
        return 0 <= move.frm < len(b.FAR) and bool(own >> move.frm & 1 and b.FAR[move.to] >> move.frm & 1)

    def play(self, move: HexMove) -> HexxagonState:
        if not self.is_legal(move):
            text = move.text() if isinstance(move, HexMove) else repr(move)
            raise IllegalMoveError(f"{text} is not legal in {self.to_text()}")
        return self.play_unchecked(move)

    def play_unchecked(self, move: HexMove) -> HexxagonState:
        own, opp = self.gems(self.to_move), self.gems(1 - self.to_move)
        halfmove = self.halfmove + 1
        if move.to is not None:
            if move.frm is None:
                halfmove = 0  # a clone adds a gem for good: no earlier position can come back
            else:
                own ^= 1 << move.frm
            flips = b.NEAR[move.to] & opp
            own, opp = own | 1 << move.to | flips, opp ^ flips
        if self.to_move == RUBY:
            return HexxagonState(own, opp, self.gaps, SAPPHIRE, halfmove, self.fullmove, self)
        return HexxagonState(opp, own, self.gaps, RUBY, halfmove, self.fullmove + 1, self)

    # --- the end -------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._end()
        return self._outcome  # type: ignore[return-value]

    def _end(self) -> Outcome | None:
        empty = self.empty
        reason = (
            "Ruby has no gems left" if not self.ruby
            else "Sapphire has no gems left" if not self.sapphire
            else "the board is full" if not empty
            else "neither side can move" if not _has_move(self.ruby, empty) and not _has_move(self.sapphire, empty)
            else "the same position appeared three times" if self.repetitions() >= 3
            else None
        )  # fmt: skip
        if reason is None:
            return None
        scores = (self.count(RUBY), self.count(SAPPHIRE))
        if scores[0] == scores[1]:
            return Outcome.draw(2, reason, scores)
        return Outcome.win(RUBY if scores[0] > scores[1] else SAPPHIRE, 2, reason, scores)

    def repetitions(self) -> int:
        """How often this position (board and side to move) has occurred, this time included;
        only positions since the last clone (the halfmove clock counts them) can repeat it."""
        n, node, steps = 1, self.parent, self.halfmove
        while node is not None and steps > 0:
            n += node.repetition_key() == self.repetition_key()
            node, steps = node.parent, steps - 1
        return n

    # --- notation ------------------------------------------------------------------------

    def move_to_text(self, move: HexMove) -> str:
        return move.text()

    def parse_move(self, text: str) -> HexMove:
        move = HexMove.from_text(text)
        if self.outcome is not None:
            raise IllegalMoveError(f"{text.strip()} is not legal: the game is over ({self.outcome.reason})")
        if move.is_pass and not self.is_legal(move):
            raise IllegalMoveError(f"0000 (pass) is not legal: {SEAT_NAMES[self.to_move]} can move")
        if not self.is_legal(move):
            raise IllegalMoveError(f"{text.strip()} is not a legal move for {SEAT_NAMES[self.to_move]}")
        return move

    def _at(self, c: b.Cell) -> int:
        return 0 if self.ruby >> c & 1 else 1 if self.sapphire >> c & 1 else 2 if self.gaps >> c & 1 else 3

    def to_text(self) -> str:
        """Ranks 9 to 1, x/o/- and digits for empty runs, then the side to move, the halfmove
        clock and the fullmove number: Ataxx's FEN on a hexagon."""
        ranks = []
        for r in range(b.SPAN - 1, -1, -1):
            row = "".join("xo-."[self._at(c)] for c in b.rank_cells(r))
            for n in range(9, 0, -1):
                row = row.replace("." * n, str(n))
            ranks.append(row)
        return "/".join(ranks) + f" {'xo'[self.to_move]} {self.halfmove} {self.fullmove}"

    @classmethod
    def from_text(cls, text: str) -> HexxagonState:
        """A position from its text; the side, halfmove and fullmove fields may be left out.

        >>> HexxagonState.from_text("x3o/6/7")
        Traceback (most recent call last):
        ...
        tafel.game.NotationError: bad Hexxagon position 'x3o/6/7': the board needs 9 ranks, got 3
        """
        parts, bad = text.split(), f"bad Hexxagon position {text!r}:"
        if not parts or len(parts) > 4:
            raise NotationError(f"{bad} expected board, side, halfmove, fullmove")
        ranks = parts[0].split("/")
        if len(ranks) != b.SPAN:
            raise NotationError(f"{bad} the board needs {b.SPAN} ranks, got {len(ranks)}")
        bbs = {"x": 0, "o": 0, "-": 0}
        for i, rank in enumerate(ranks):
            row, k, r = b.rank_cells(b.SPAN - 1 - i), 0, b.SPAN - i
            for ch in rank:
                if ch.isdigit():
                    k += int(ch)
                    continue
                if ch not in bbs or k >= len(row):
                    what = f"unexpected {ch!r}" if ch not in bbs else f"more than {len(row)} cells"
                    raise NotationError(f"{bad} rank {r} has {what}")
                bbs[ch] |= 1 << row[k]
                k += 1
            if k != len(row):
                raise NotationError(f"{bad} rank {r} needs {len(row)} cells, got {k}")
        side = parts[1].lower() if len(parts) > 1 else "x"
        if side not in ("x", "o"):
            raise NotationError(f"{bad} the side to move is x or o, not {parts[1]!r}")
        try:
            halfmove, fullmove = [int(n) for n in (parts + ["x", "0", "1"][len(parts) - 1 :])[2:4]]
        except ValueError:
            raise NotationError(f"{bad} move counters must be numbers") from None
        if halfmove < 0 or fullmove < 1:
            raise NotationError(f"{bad} move counters out of range")
        return cls(bbs["x"], bbs["o"], bbs["-"], "xo".index(side), halfmove, fullmove)

    def describe(self) -> str:
        return f"Ruby {self.count(RUBY)} - Sapphire {self.count(SAPPHIRE)}"


def evaluate(state: GameState, seat: int) -> float:
    """Gem balance from ``seat``'s side, in [-1, 1]: what the generic AI players search for.

    >>> evaluate(HexxagonState.from_text("x3o/6/7/3-4/o4-2x/3-4/7/6/xx2o"), 0)
    0.142857...
    """
    assert isinstance(state, HexxagonState)
    mine, theirs = state.count(seat), state.count(1 - seat)
    return (mine - theirs) / (mine + theirs) if mine + theirs else 0.0
