"""Hexxagon rules (RULES.md): Ruby (``x``, seat 0) moves first; clones and jumps turn the
gems next to where they land; a side with no move passes; more gems wins.

>>> s = HexxagonState.start()
>>> s.to_text(), len(s.legal_moves())
('x3o/6/7/3-4/o4-2x/3-4/7/6/x3o x 0 1', 24)
>>> s.play(s.parse_move("a1b3")).to_text()
'x3o/6/7/3-4/o4-2x/3-4/1x5/6/4o o 1 1'
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel import BoardText, GameState, IllegalMoveError, NotationError, Outcome, translations

from . import board as b

_ = translations(__package__)  # the catalog: locale/<lang>/LC_MESSAGES/tafel_hexxagon.po
RUBY, SAPPHIRE = 0, 1
SEAT_NAMES = (_.N_("Ruby"), _.N_("Sapphire"))  # _.N_ marks a text that the core translates
#: The board as text: ranks 9 to 1 of x, o and - (a gap), runs of empty cells as digits.
BOARD_TEXT = BoardText(
    "xo-",
    widths=[len(b.rank_cells(r)) for r in range(b.SPAN - 1, -1, -1)],
    row_label=lambda n: f"rank {b.SPAN + 1 - n}",
)
START_BOARDS = {"classic": "x3o/6/7/3-4/o4-2x/3-4/7/6/x3o", "open": "x3o/6/7/8/o7x/8/7/6/x3o"}


@dataclass(frozen=True, slots=True)
class HexMove:
    """A clone (``frm`` None), a jump (``frm`` set) or a pass (both None)."""

    frm: b.Cell | None
    to: b.Cell | None

    is_pass = property(lambda self: self.to is None)
    is_jump = property(lambda self: self.frm is not None)

    def text(self) -> str:
        return "".join(b.cell_name(c) for c in (self.frm, self.to) if c is not None) or "0000"

    @classmethod
    def from_text(cls, text: str) -> HexMove:
        t = text.strip().lower()
        frm, to = (t[:2], t[2:]) if len(t) == 4 else (None, t)
        try:
            return PASS if t in ("0000", "pass") else cls(frm and b.cell_of(frm), b.cell_of(to))
        except NotationError:
            raise NotationError(f"{text!r} is not a Hexxagon move (like e5, a1c2 or 0000)") from None


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
        own, empty, frm, to = self.gems(self.to_move), self.empty, move.frm, move.to
        if to is None or not (0 <= to < len(b.NEAR) and empty >> to & 1):
            return to is None and not _has_move(own, empty)
        if frm is None:
            return bool(b.NEAR[to] & own)
        return 0 <= frm < len(b.FAR) and bool(own >> frm & 1 and b.FAR[to] >> frm & 1)

    def play(self, move: HexMove) -> HexxagonState:
        if not self.is_legal(move):
            raise IllegalMoveError(f"{getattr(move, 'text', lambda: move)()} is illegal in {self.to_text()}")
        return self.play_unchecked(move)

    def play_unchecked(self, move: HexMove) -> HexxagonState:
        own, opp, seat = self.gems(self.to_move), self.gems(1 - self.to_move), self.to_move
        # A clone adds a gem for good: no earlier position can come back.
        halfmove = 0 if move.to is not None and move.frm is None else self.halfmove + 1
        if move.to is not None:
            flips = b.NEAR[move.to] & opp
            own, opp = (
                (own & ~(1 << move.frm if move.frm is not None else 0)) | 1 << move.to | flips,
                opp ^ flips,
            )
        gems = (own, opp) if seat == RUBY else (opp, own)
        return HexxagonState(*gems, self.gaps, 1 - seat, halfmove, self.fullmove + seat, self)

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._end()
        return self._outcome  # type: ignore[return-value]

    def _end(self) -> Outcome | None:
        empty = self.empty
        reason = (
            _.N_("Ruby has no gems left") if not self.ruby
            else _.N_("Sapphire has no gems left") if not self.sapphire
            else _.N_("the board is full") if not empty
            else _.N_("neither side can move") if not _has_move(self.ruby, empty) and not _has_move(self.sapphire, empty)
            else _.N_("the same position appeared three times") if self.repetitions() >= 3
            else None
        )  # fmt: skip
        if reason is None:
            return None
        scores = (self.count(RUBY), self.count(SAPPHIRE))
        if scores[0] == scores[1]:
            return Outcome.draw(2, reason, scores)
        return Outcome.win(RUBY if scores[0] > scores[1] else SAPPHIRE, 2, reason, scores)

    def repetitions(self) -> int:
        """How often this position has occurred (this time included) since the last clone."""
        n, node, steps = 1, self.parent, self.halfmove
        while node is not None and steps > 0:
            n += node.repetition_key() == self.repetition_key()
            node, steps = node.parent, steps - 1
        return n

    def move_to_text(self, move: HexMove) -> str:
        return move.text()

    def parse_move(self, text: str) -> HexMove:
        move, who = HexMove.from_text(text), SEAT_NAMES[self.to_move]
        if self.outcome is not None:
            raise IllegalMoveError(f"{text.strip()} is not legal: the game is over ({self.outcome.reason})")
        if not self.is_legal(move):
            why = "can move" if move.is_pass else f"{text.strip()} is not a legal move for {who}"
            raise IllegalMoveError(f"0000 (pass) is not legal: {who} {why}" if move.is_pass else why)
        return move

    def to_text(self) -> str:
        """Ranks 9 to 1, x/o/- and digits for empty runs, then the side to move, the halfmove
        clock and the fullmove number: Ataxx's FEN on a hexagon."""
        bits = ((self.ruby, "x"), (self.sapphire, "o"), (self.gaps, "-"))
        rows = [
            "".join(next((ch for bb, ch in bits if bb >> c & 1), ".") for c in b.rank_cells(r))
            for r in range(8, -1, -1)
        ]
        return f"{BOARD_TEXT.encode(rows)} {'xo'[self.to_move]} {self.halfmove} {self.fullmove}"

    @classmethod
    def from_text(cls, text: str) -> HexxagonState:
        """A position from its text; the side, halfmove and fullmove fields may be left out."""
        parts, bad = text.split(), f"bad Hexxagon position {text!r}:"
        if not 1 <= len(parts) <= 4:
            raise NotationError(f"{bad} expected board, side, halfmove, fullmove")
        bbs = {"x": 0, "o": 0, "-": 0, ".": 0}
        # One NotationError per bad board, naming the rank: the kit's board-text codec.
        for r, row in zip(range(b.SPAN - 1, -1, -1), BOARD_TEXT.decode(parts[0]), strict=True):
            for ch, c in zip(row, b.rank_cells(r), strict=True):
                bbs[ch] |= 1 << c
        side, half, full = (parts + ["x", "0", "1"][len(parts) - 1 :])[1:4]
        if side.lower() not in ("x", "o"):
            raise NotationError(f"{bad} the side to move is x or o, not {side!r}")
        if not (half.isdigit() and full.isdigit()):
            raise NotationError(f"{bad} move counters must be numbers")
        if int(full) < 1:
            raise NotationError(f"{bad} move counters out of range")
        return cls(bbs["x"], bbs["o"], bbs["-"], "xo".index(side.lower()), int(half), int(full))

    def describe(self) -> str:
        return _("Ruby {r} - Sapphire {s}").format(r=self.count(RUBY), s=self.count(SAPPHIRE))


def evaluate(state: GameState, seat: int) -> float:
    """Gem balance from ``seat``'s side, in [-1, 1]: what the generic AI players search for."""
    mine, theirs = state.count(seat), state.count(1 - seat)
    return (mine - theirs) / (mine + theirs) if mine + theirs else 0.0
