"""Hexxagon rules: positions, moves, notation and the end of the game.

Ruby (``x``, seat 0) moves first. A clone puts a new gem on an empty cell next to one of
yours; a jump moves a gem to an empty cell exactly two steps away. Opposing gems on the six
cells around the destination turn to the mover's colour. A side with no move passes; the
game ends when a side has no gems, when neither side can move, or at the third repetition
of a position. More gems wins.

>>> s = HexxagonState.start()
>>> s.to_text()
'x3o/6/7/3-4/o4-2x/3-4/7/6/x3o x 0 1'
>>> len(s.legal_moves())
24
>>> s.play(s.parse_move("a1b3")).to_text()
'x3o/6/7/3-4/o4-2x/3-4/1x5/6/4o o 1 1'
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from tafel import GameState, IllegalMoveError, NotationError, Outcome

from .board import (
    BOARD,
    FAR,
    FAR_OFFSETS,
    NEAR,
    SPAN,
    Bitboard,
    Cell,
    cell_name,
    cell_of,
    cells,
    dilate,
    rank_cells,
    shift,
)

RUBY, SAPPHIRE = 0, 1
SEAT_NAMES = ("Ruby", "Sapphire")
SIDE_CHARS = "xo"
#: The board part of the start positions, by the ``board`` option.
START_BOARDS = {
    "classic": "x3o/6/7/3-4/o4-2x/3-4/7/6/x3o",
    "open": "x3o/6/7/8/o7x/8/7/6/x3o",
}


@dataclass(frozen=True, slots=True)
class HexMove:
    """A clone (``frm`` None), a jump (``frm`` set) or a pass (both None).

    >>> HexMove.from_text("e5"), HexMove.from_text("a1c2").is_jump, HexMove.from_text("0000").is_pass
    (HexMove(frm=None, to=48), True, True)
    """

    frm: Cell | None
    to: Cell | None

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
            return cell_name(self.to)
        return cell_name(self.frm) + cell_name(self.to)

    @classmethod
    def from_text(cls, text: str) -> HexMove:
        t = text.strip().lower()
        try:
            if t in ("0000", "pass"):
                return PASS
            if len(t) == 2:
                return cls(None, cell_of(t))
            if len(t) == 4:
                return cls(cell_of(t[:2]), cell_of(t[2:]))
        except ValueError:
            pass
        raise NotationError(f"{text!r} is not a Hexxagon move (like e5, a1c2 or 0000)")


PASS = HexMove(None, None)


def _has_move(own: Bitboard, empty: Bitboard) -> bool:
    if dilate(own) & empty:
        return True
    return any(shift(own, off) & empty for off in FAR_OFFSETS)


class HexxagonState(GameState):
    """An immutable position, linked to its predecessor for the repetition rule."""

    __slots__ = ("ruby", "sapphire", "gaps", "to_move", "halfmove", "fullmove", "parent", "_outcome")
    players = 2

    def __init__(
        self,
        ruby: Bitboard,
        sapphire: Bitboard,
        gaps: Bitboard = 0,
        to_move: int = RUBY,
        halfmove: int = 0,
        fullmove: int = 1,
        parent: HexxagonState | None = None,
    ) -> None:
        self.ruby = ruby
        self.sapphire = sapphire
        self.gaps = gaps
        self.to_move = to_move
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.parent = parent
        self._outcome: Outcome | None | bool = False  # False: not computed yet

    @classmethod
    def start(cls, board: str = "classic") -> HexxagonState:
        return cls.from_text(START_BOARDS[board] + " x 0 1")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HexxagonState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"HexxagonState({self.to_text()!r})"

    def _key(self) -> tuple:
        return (self.ruby, self.sapphire, self.gaps, self.to_move, self.halfmove, self.fullmove)

    def repetition_key(self) -> Hashable:
        return (self.ruby, self.sapphire, self.to_move)

    # --- bitboards ---------------------------------------------------------------------

    @property
    def empty(self) -> Bitboard:
        return BOARD & ~(self.ruby | self.sapphire | self.gaps)

    def gems(self, seat: int) -> Bitboard:
        return self.ruby if seat == RUBY else self.sapphire

    def count(self, seat: int) -> int:
        return self.gems(seat).bit_count()

    # --- moves ---------------------------------------------------------------------------

    def legal_moves(self) -> list[HexMove]:
        if self.outcome is not None:
            return []
        return self.generate() or [PASS]

    def generate(self) -> list[HexMove]:
        """Clones, then jumps, for the side to move; no pass, game end ignored."""
        own = self.gems(self.to_move)
        empty = self.empty
        moves = [HexMove(None, to) for to in cells(dilate(own) & empty)]
        for off in FAR_OFFSETS:
            for to in cells(shift(own, off) & empty):
                moves.append(HexMove(to - off, to))
        return moves

    def is_forced_pass(self) -> bool:
        return self.outcome is None and not _has_move(self.gems(self.to_move), self.empty)

    def is_legal(self, move: object) -> bool:
        if not isinstance(move, HexMove) or self.outcome is not None:
            return False
        own, empty = self.gems(self.to_move), self.empty
        if move.is_pass:
            return not _has_move(own, empty)
        if move.to is None or not 0 <= move.to < len(NEAR) or not empty >> move.to & 1:
            return False
        if move.frm is None:
            return bool(NEAR[move.to] & own)
        return 0 <= move.frm < len(FAR) and bool(own >> move.frm & 1) and bool(FAR[move.to] >> move.frm & 1)

    def play(self, move: HexMove) -> HexxagonState:
        if not self.is_legal(move):
            text = move.text() if isinstance(move, HexMove) else repr(move)
            raise IllegalMoveError(f"{text} is not legal in {self.to_text()}")
        return self.play_unchecked(move)

    def play_unchecked(self, move: HexMove) -> HexxagonState:
        own, opp = self.gems(self.to_move), self.gems(1 - self.to_move)
        halfmove = self.halfmove + 1
        if move.to is not None:
            bit = 1 << move.to
            if move.frm is None:
                halfmove = 0  # a clone adds a gem for good: no earlier position can come back
                own |= bit
            else:
                own = (own ^ (1 << move.frm)) | bit
            flips = NEAR[move.to] & opp
            own |= flips
            opp ^= flips
        if self.to_move == RUBY:
            return HexxagonState(own, opp, self.gaps, SAPPHIRE, halfmove, self.fullmove, self)
        return HexxagonState(opp, own, self.gaps, RUBY, halfmove, self.fullmove + 1, self)

    def flips(self, move: HexMove) -> list[Cell]:
        """The opposing gems ``move`` turns (for the view's animation)."""
        if move.to is None:
            return []
        return cells(NEAR[move.to] & self.gems(1 - self.to_move))

    # --- the end -------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is False:
            self._outcome = self._compute_outcome()
        return self._outcome  # type: ignore[return-value]

    def _result(self, reason: str) -> Outcome:
        scores = (self.count(RUBY), self.count(SAPPHIRE))
        if scores[0] == scores[1]:
            return Outcome.draw(2, reason, scores)
        return Outcome.win(RUBY if scores[0] > scores[1] else SAPPHIRE, 2, reason, scores)

    def _compute_outcome(self) -> Outcome | None:
        if not self.ruby:
            return self._result("Ruby has no gems left")
        if not self.sapphire:
            return self._result("Sapphire has no gems left")
        empty = self.empty
        if not empty:
            return self._result("the board is full")
        if not _has_move(self.ruby, empty) and not _has_move(self.sapphire, empty):
            return self._result("neither side can move")
        if self.repetitions() >= 3:
            return self._result("the same position appeared three times")
        return None

    def repetitions(self) -> int:
        """How often this position (board and side to move) has occurred, this time included.

        Only positions since the last clone can repeat it, and the halfmove clock counts them.
        """
        n, node, steps = 1, self.parent, self.halfmove
        while node is not None and steps > 0:
            if node.ruby == self.ruby and node.sapphire == self.sapphire and node.to_move == self.to_move:
                n += 1
            node, steps = node.parent, steps - 1
        return n

    # --- notation ------------------------------------------------------------------------

    def move_to_text(self, move: HexMove) -> str:
        return move.text()

    def parse_move(self, text: str) -> HexMove:
        move = HexMove.from_text(text)
        if self.outcome is not None:
            raise IllegalMoveError(f"{text.strip()} is not legal: the game is over ({self.outcome.reason})")
        if not self.is_legal(move):
            if move.is_pass:
                raise IllegalMoveError(f"0000 (pass) is not legal: {SEAT_NAMES[self.to_move]} can move")
            raise IllegalMoveError(f"{text.strip()} is not a legal move for {SEAT_NAMES[self.to_move]}")
        return move

    def to_text(self) -> str:
        """Ranks 9 to 1 (each from its first file), x/o/- and digits for empty runs, then the side
        to move, the halfmove clock and the fullmove number: Ataxx's FEN on a hexagon."""
        ranks = []
        for r in range(SPAN - 1, -1, -1):
            text, run = "", 0
            for c in rank_cells(r):
                bit = 1 << c
                ch = (
                    "x" if self.ruby & bit else "o" if self.sapphire & bit else "-" if self.gaps & bit else ""
                )
                if ch:
                    text += (str(run) if run else "") + ch
                    run = 0
                else:
                    run += 1
            ranks.append(text + (str(run) if run else ""))
        return "/".join(ranks) + f" {SIDE_CHARS[self.to_move]} {self.halfmove} {self.fullmove}"

    @classmethod
    def from_text(cls, text: str) -> HexxagonState:
        """A position from its text; the side, halfmove and fullmove fields may be left out.

        >>> HexxagonState.from_text("x3o/6/7")
        Traceback (most recent call last):
        ...
        tafel.game.NotationError: bad Hexxagon position 'x3o/6/7': the board needs 9 ranks, got 3
        """
        parts = text.split()
        if not parts or len(parts) > 4:
            raise NotationError(f"bad Hexxagon position {text!r}: expected board, side, halfmove, fullmove")
        ranks = parts[0].split("/")
        if len(ranks) != SPAN:
            raise NotationError(
                f"bad Hexxagon position {text!r}: the board needs {SPAN} ranks, got {len(ranks)}"
            )
        bbs = {"x": 0, "o": 0, "-": 0}
        for i, rank_text in enumerate(ranks):
            r = SPAN - 1 - i
            row = rank_cells(r)
            k = 0
            digits = ""
            for ch in rank_text + " ":
                if ch.isdigit():
                    digits += ch
                    continue
                if digits:
                    k += int(digits)
                    digits = ""
                if ch == " ":
                    break
                if ch not in bbs or k >= len(row):
                    what = f"unexpected {ch!r}" if ch not in bbs else f"more than {len(row)} cells"
                    raise NotationError(f"bad Hexxagon position {text!r}: rank {r + 1} has {what}")
                bbs[ch] |= 1 << row[k]
                k += 1
            if k != len(row):
                raise NotationError(
                    f"bad Hexxagon position {text!r}: rank {r + 1} needs {len(row)} cells, got {k}"
                )
        side = parts[1].lower() if len(parts) > 1 else "x"
        if side not in SIDE_CHARS:
            raise NotationError(
                f"bad Hexxagon position {text!r}: the side to move is x or o, not {parts[1]!r}"
            )
        try:
            halfmove = int(parts[2]) if len(parts) > 2 else 0
            fullmove = int(parts[3]) if len(parts) > 3 else 1
        except ValueError:
            raise NotationError(f"bad Hexxagon position {text!r}: move counters must be numbers") from None
        if halfmove < 0 or fullmove < 1:
            raise NotationError(f"bad Hexxagon position {text!r}: move counters out of range")
        return cls(bbs["x"], bbs["o"], bbs["-"], SIDE_CHARS.index(side), halfmove, fullmove)

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
