"""Atoll rules: placement, the pie rule, the win test and the notation.

A position is two bitboards (Black's and White's placed stones; the island stones are part of
the :class:`~tafel.games.atoll.board.Board`), the colour to move and the state of the pie rule.
Colours and seats differ once White swaps: seat 0 (Player 1) starts as Black, and after a swap
Player 2 owns Black's stone and Player 1 plays White.

>>> s = AtollState.start()
>>> s.to_text()
'9/10/9/10/9/10/9/10/9/10/9 b swap'
>>> s = s.play(s.parse_move("f7"))
>>> s.move_to_text(SWAP)
'swap'
>>> s = s.play(SWAP)
>>> s.to_text(), s.to_move
('9/10/9/10/9/6b3/9/10/9/10/9 w swapped', 0)
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import cast

from tafel import BoardText, GameState, IllegalMoveError, NotationError, Outcome

from .board import (
    BLACK,
    COLOR_NAMES,
    COLUMN_LETTERS,
    SIZES,
    SIZES_TEXT,
    STANDARD,
    WHITE,
    Bitboard,
    Board,
    Cell,
)
from .texts import N_, _

SEAT_NAMES = (N_("Player 1"), N_("Player 2"))


@dataclass(frozen=True, order=True)
class AtollMove:
    """A placement on ``cell`` (a bit index of the board), or the pie-rule swap (``cell == -1``).

    Cell indices mean something only with their board: use ``state.parse_move("f7")`` and
    ``state.move_to_text(move)`` to go to and from text.
    """

    cell: int

    @property
    def is_swap(self) -> bool:
        return self.cell < 0


SWAP = AtollMove(-1)
_MOVES: dict[int, AtollMove] = {}


def move_for(cell: Cell) -> AtollMove:
    """The (shared) move object placing on ``cell``."""
    move = _MOVES.get(cell)
    if move is None:
        move = _MOVES[cell] = AtollMove(cell)
    return move


class AtollState(GameState):
    """An Atoll position. Immutable: :meth:`play` returns a new state.

    - ``stones[colour]``: bitboard of placed stones (islands not included);
    - ``colour``: the colour to move (BLACK or WHITE);
    - ``swapped``: the pie rule was used, so seat 0 plays White;
    - ``pie``: the pie rule is still pending (no second move made yet).
    """

    __slots__ = ("board", "stones", "colour", "swapped", "pie", "winner", "win_label", "to_move", "players")

    def __init__(
        self,
        board: Board,
        stones: tuple[Bitboard, Bitboard],
        colour: int,
        swapped: bool = False,
        pie: bool = False,
        winner: int | None = None,
        win_label: str = "",
    ) -> None:
        self.board = board
        self.stones = stones
        self.colour = colour
        self.swapped = swapped
        self.pie = pie
        #: Colour that joined a pair of its islands (None while the game runs).
        self.winner = winner
        self.win_label = win_label
        self.to_move = colour ^ swapped
        self.players = 2

    @classmethod
    def start(cls, size: int = STANDARD, pie: bool = True) -> AtollState:
        return cls(Board.get(size), (0, 0), BLACK, False, pie)

    # --- value semantics ---------------------------------------------------------------------

    def _key(self) -> tuple:
        return (self.board.size, self.stones, self.colour, self.swapped, self.pie)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AtollState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"AtollState({self.to_text()!r})"

    def __reduce__(self):
        return (
            AtollState,
            (self.board, self.stones, self.colour, self.swapped, self.pie, self.winner, self.win_label),
        )

    def repetition_key(self) -> Hashable:
        return self._key()

    # --- queries -----------------------------------------------------------------------------

    @property
    def empty(self) -> Bitboard:
        return self.board.playable_mask & ~(self.stones[0] | self.stones[1])

    @property
    def placed(self) -> int:
        """Stones placed so far (by both)."""
        return self.stones[0].bit_count() + self.stones[1].bit_count()

    @property
    def swap_available(self) -> bool:
        """True on move 2 (White to move after Black's first stone) when the pie rule is on."""
        return self.pie and self.colour == WHITE and self.winner is None

    def seat_of(self, colour: int) -> int:
        return colour ^ self.swapped

    def colour_of(self, seat: int) -> int:
        return seat ^ self.swapped

    def seat_color(self, seat: int, theme) -> tuple[int, int, int]:
        """The side panel shows each seat in its stone colour, which the swap exchanges."""
        return theme.stone_dark if self.colour_of(seat) == BLACK else theme.stone_light

    def legal_moves(self) -> list[AtollMove]:
        if self.winner is not None:
            return []
        moves = [move_for(c) for c in self.board.cells_of(self.empty)]
        if self.swap_available:
            moves.append(SWAP)
        return moves

    def count_moves(self) -> int:
        if self.winner is not None:
            return 0
        return self.empty.bit_count() + (1 if self.swap_available else 0)

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        seat = self.seat_of(self.winner)
        return Outcome.win(seat, 2, self.joined())

    def joined(self) -> str:
        """What the winner did, in the player's language: "Black joined north-east to south-west"."""
        winner = cast(int, self.winner)  # asked once the game is won
        return _("{colour} joined {pair}").format(colour=_(COLOR_NAMES[winner]), pair=_(self.win_label))

    # --- moves -------------------------------------------------------------------------------

    def play(self, move: AtollMove) -> AtollState:
        if not isinstance(move, AtollMove):
            raise IllegalMoveError(f"not an Atoll move: {move!r}")
        if self.winner is not None:
            raise IllegalMoveError("the game is over")
        if move.is_swap:
            if not self.swap_available:
                raise IllegalMoveError("swap is only allowed as White's first move, with the pie rule on")
        elif move.cell not in self.board.playable_set:
            raise IllegalMoveError(f"cell {move.cell} is not a playable cell of this board")
        elif (self.stones[0] | self.stones[1]) >> move.cell & 1:
            raise IllegalMoveError(f"{self.board.name(move.cell)} is already taken")
        return self.play_unchecked(move)

    def play_unchecked(self, move: AtollMove) -> AtollState:
        board = self.board
        if move.cell < 0:
            # The second player takes Black's stone: the seats swap colours, White moves next.
            return AtollState(board, self.stones, WHITE, not self.swapped, False)
        colour = self.colour
        bit = 1 << move.cell
        if colour == BLACK:
            stones = (self.stones[0] | bit, self.stones[1])
        else:
            stones = (self.stones[0], self.stones[1] | bit)
        pie = self.pie and colour == BLACK  # pending until White's first move is made
        label = None
        # A player can only have joined a pair after placing enough stones to span the board.
        if stones[colour].bit_count() >= board.size // 2:
            label = _joined_through(board, stones[colour], colour, move.cell)
        if label is not None:
            return AtollState(board, stones, colour ^ 1, self.swapped, pie, colour, label)
        return AtollState(board, stones, colour ^ 1, self.swapped, pie)

    # --- notation ----------------------------------------------------------------------------

    def move_to_text(self, move: AtollMove) -> str:
        if move.is_swap:
            return "swap"
        return self.board.name(move.cell)

    def move_to_words(self, move: AtollMove) -> str:
        """The cell (``f7``), or ``swap colours`` for the pie rule's swap."""
        if move.is_swap:
            return _("swap colours")
        return self.board.name(move.cell)

    def parse_move(self, text: str) -> AtollMove:
        t = text.strip().lower()
        if not t:
            raise NotationError("empty move: give a cell like f7, or swap")
        if t in ("swap", "pie"):
            if self.winner is not None:
                raise IllegalMoveError("the game is over")
            if not self.swap_available:
                raise IllegalMoveError("swap is only allowed as White's first move, with the pie rule on")
            return SWAP
        try:
            cell = self.board.parse_cell(t)
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        move = move_for(cell)
        if self.winner is not None:
            raise IllegalMoveError("the game is over")
        if (self.stones[0] | self.stones[1]) >> cell & 1:
            raise IllegalMoveError(f"{t} is already taken")
        return move

    def to_text(self) -> str:
        """Columns a, b, ... left to right separated by ``/``, each from row 1 (bottom) up:
        ``b`` Black, ``w`` White, digits for runs of empty cells; then the colour to move
        (``b``/``w``) and the pie rule: ``swap`` (still to come), ``swapped`` (used) or ``-``."""
        cols = _columns_text(self.board, self.stones[0], self.stones[1])
        pie = "swap" if self.pie else "swapped" if self.swapped else "-"
        return f"{cols} {'bw'[self.colour]} {pie}"

    @classmethod
    def from_text(cls, text: str) -> AtollState:
        """Read :meth:`to_text`'s notation. Raises NotationError with a one-line reason.

        >>> AtollState.from_text("9/10/9/10/9/10/9/10/9/10/9 b -").count_moves()
        104
        """
        fields = text.split()
        if len(fields) != 3:
            raise NotationError(
                "an Atoll position has three fields: the columns, the colour to move (b/w) "
                "and the pie rule (swap, swapped or -)"
            )
        cols_text, to_move, pie_text = fields
        cols = cols_text.split("/")
        if len(cols) not in SIZES:
            raise NotationError(f"an Atoll board has {SIZES_TEXT} columns separated by '/', not {len(cols)}")
        board = Board.get(len(cols))
        stones = [0, 0]
        for c, column in enumerate(_board_text(board.size).decode(_plain_numbers(cols_text)), start=1):
            for number, letter in enumerate(column, start=1):
                if letter != ".":
                    stones["bw".index(letter.lower())] |= 1 << _cell(board, c, number)
        if to_move.lower() not in ("b", "w"):
            raise NotationError(f"the colour to move must be b or w, not {to_move!r}")
        colour = "bw".index(to_move.lower())
        if pie_text not in ("swap", "swapped", "-"):
            raise NotationError(f"the pie rule field must be swap, swapped or -, not {pie_text!r}")
        nb, nw = stones[0].bit_count(), stones[1].bit_count()
        if nb != nw + colour:
            want = "as many stones as White" if colour == BLACK else "one stone more than White"
            raise NotationError(
                f"with {COLOR_NAMES[colour]} to move Black must have {want} (Black {nb}, White {nw})"
            )
        if pie_text == "swap" and nb + nw > 1:
            raise NotationError("the swap can only still come before White's first move")
        if pie_text == "swapped" and nb == 0:
            raise NotationError("'swapped' needs Black's first stone on the board")
        winners = [col for col in (BLACK, WHITE) if board.connected(stones[col], col)]
        if len(winners) == 2:
            raise NotationError("both colours have joined their islands; only one can")
        if winners and winners[0] == colour:
            raise NotationError(f"{COLOR_NAMES[colour]} is to move but has already joined its islands")
        winner = winners[0] if winners else None
        label = (board.connected(stones[winner], winner) or "") if winner is not None else ""
        return cls(
            board, (stones[0], stones[1]), colour, pie_text == "swapped", pie_text == "swap", winner, label
        )

    @classmethod
    def from_cells(
        cls,
        black: Iterable[str] = (),
        white: Iterable[str] = (),
        colour: int | None = None,
        size: int = STANDARD,
    ) -> AtollState:
        """A position from cell names (no pie rule), checked like a position text.

        The colour to move follows from the counts unless given.

        >>> s = AtollState.from_cells(["f7"], [])
        >>> s.to_text(), s.to_move
        ('9/10/9/10/9/6b3/9/10/9/10/9 w -', 1)
        """
        board = Board.get(size)
        try:
            b = {board.parse_cell(n) for n in black}
            w = {board.parse_cell(n) for n in white}
        except ValueError as exc:
            raise NotationError(str(exc)) from None
        if colour is None:
            colour = BLACK if len(b) == len(w) else WHITE
        cols = _columns_text(board, sum(1 << c for c in b), sum(1 << c for c in w))
        return cls.from_text(f"{cols} {'bw'[colour]} -")

    # --- HUD ------------------------------------------------------------------------------------

    def describe(self) -> str:
        """Whose colour is to move (seats and colours differ after a swap).

        >>> AtollState.start().describe()
        'Black (Player 1) to move'
        """
        if self.winner is not None:
            return _("{colour} ({seat}) wins: {pair}").format(
                colour=_(COLOR_NAMES[self.winner]),
                seat=_(SEAT_NAMES[self.seat_of(self.winner)]),
                pair=_(self.win_label),
            )
        if self.swap_available:
            text = _("{colour} ({seat}) to move, may swap")
        else:
            text = _("{colour} ({seat}) to move")
        return text.format(colour=_(COLOR_NAMES[self.colour]), seat=_(SEAT_NAMES[self.to_move]))


@cache
def _board_text(size: int) -> BoardText:
    """The stones part of a position text, in Tafel's board-text codec: one part a column, a to
    the last, each from its bottom cell up; ``b`` Black, ``w`` White (capitals are read too)."""
    rows = Board.get(size).column_rows
    return BoardText(
        "bwBW",
        widths=[rows[c] for c in range(1, size + 1)],
        row_label=lambda n: f"column {COLUMN_LETTERS[n - 1]}",
        what="Atoll board",
    )


def _plain_numbers(text: str) -> str:
    """The text with each run length written without leading zeros: Atoll has always read
    ``01`` as one (and still does); a run of 0 stays one, which the codec refuses.

    >>> _plain_numbers("9/010/0")
    '9/10/0'
    """
    return _LEADING_ZERO.sub(lambda m: str(int(m[0])), text)


#: A run length written with a leading zero (a canonical text has none).
_LEADING_ZERO = re.compile(r"(?<!\d)0\d+")


def _cell(board: Board, c: int, number: int) -> Cell:
    """The cell ``number`` (from 1 at the bottom) of column ``c`` (from 1)."""
    return board.index[(c, 2 * board.size - 2 - 2 * (number - 1) - (c % 2))]


def _columns_text(board: Board, black: Bitboard, white: Bitboard) -> str:
    """The stones part of a position text: columns a, b, ... from the bottom cell up."""
    columns = []
    for c in range(1, board.size + 1):
        column = ""
        for number in range(1, board.column_rows[c] + 1):
            bit = 1 << _cell(board, c, number)
            column += "b" if black & bit else "w" if white & bit else "."
        columns.append(column)
    return _board_text(board.size).encode(columns)


def _joined_through(board: Board, stones: Bitboard, colour: int, cell: Cell) -> str | None:
    """The pair label joined by the chain through ``cell`` (just placed), or None.

    Only the new stone's chain can have changed, so one flood from it decides.
    """
    chain = board.flood(1 << cell, stones | board.island_mask[colour])
    for a, b, label in board.pairs[colour]:
        if chain & a and chain & b:
            return label
    return None


def perft(state: AtollState, depth: int) -> int:
    """Move-path count (same as the generic one, faster: leaves are counted, not played).

    >>> perft(AtollState.start(), 2)
    10816
    """
    if depth == 0:
        return 1
    if depth == 1:
        return state.count_moves()
    return sum(perft(state.play_unchecked(m), depth - 1) for m in state.legal_moves())


def other(colour: int) -> int:
    return colour ^ WHITE
