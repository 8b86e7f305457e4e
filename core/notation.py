"""Notation helpers: cell names like ``e4`` or ``b12`` and a board text like FEN's.

Public from ``tafel`` (for a game's rules, which stay free of pygame) and ``tafel.kit`` (for
its view); written for issue 40 as the kit's notation part, kept out of ``tafel.kit``'s package
because importing that package starts pygame.

Square and hex boards name a cell by its file (a letter, ``a`` for column 0) and its rank (a
number, ``1`` for row 0): ``square_name`` and ``parse_square`` for squares, ``hex_name`` and
``parse_hex`` for hex cells in axial coordinates (file ``q``, rank ``r``), where a predicate says
which cells are on the board. Parsing raises :class:`~tafel.NotationError` with one line that
names the bad text and what was expected.

>>> square_name(4, 3), parse_square("e4", 8, 8), parse_square("b12", 12, 12)
('e4', (4, 3), (1, 11))
>>> parse_square("i1", 8, 8)
Traceback (most recent call last):
...
tafel.game.NotationError: 'i1' is not a square of this board (a1 to h8)

A :class:`BoardText` writes a board as rows (top row first) of piece letters separated by ``/``,
runs of empty cells as their length, and reads it back with one clear error per bad input:

>>> codec = BoardText("xo", widths=3)
>>> codec.encode(["x..", ".o.", "..."])
'x2/1o1/3'
>>> codec.decode("x2/1o1/3")
['x..', '.o.', '...']
>>> codec.decode("x2/1o1")
Traceback (most recent call last):
...
tafel.game.NotationError: bad board 'x2/1o1': it needs 3 rows separated by '/', got 2
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tafel.game import NotationError

#: File letters: column 0 is ``a``.
FILES = "abcdefghijklmnopqrstuvwxyz"
_CELL = re.compile(r"([a-z])([1-9][0-9]*)\Z")


def square_name(col: int, row: int) -> str:
    """The name of the square in column ``col`` and row ``row`` (both from 0, row 0 at the bottom).

    >>> square_name(0, 0), square_name(7, 7), square_name(1, 11)
    ('a1', 'h8', 'b12')
    """
    if not 0 <= col < len(FILES) or row < 0:
        raise ValueError(f"no square name for column {col}, row {row}")
    return f"{FILES[col]}{row + 1}"


def _split(text: str) -> tuple[int, int] | None:
    match = _CELL.match(text.strip().lower())
    return (FILES.index(match[1]), int(match[2]) - 1) if match else None


def parse_square(
    text: str, width: int, height: int, on_board: Callable[[int, int], bool] | None = None
) -> tuple[int, int]:
    """``(col, row)`` of the square named ``text`` on a ``width`` x ``height`` board; ``on_board``
    may refuse holes. Case and surrounding blanks are ignored.

    >>> parse_square(" C3 ", 3, 3)
    (2, 2)
    >>> parse_square("a0", 3, 3)
    Traceback (most recent call last):
    ...
    tafel.game.NotationError: 'a0' is not a square (like a1, a file letter and a rank number)
    """
    cell = _split(text)
    if cell is None:
        raise NotationError(f"{text.strip()!r} is not a square (like a1, a file letter and a rank number)")
    col, row = cell
    if not (col < width and row < height) or (on_board is not None and not on_board(col, row)):
        last = square_name(width - 1, height - 1)
        raise NotationError(f"{text.strip()!r} is not a square of this board (a1 to {last})")
    return cell


def hex_name(q: int, r: int) -> str:
    """The name of the hex cell at axial ``(q, r)``: file letter ``q``, rank number ``r + 1``.

    >>> hex_name(4, 4)
    'e5'
    """
    return square_name(q, r)


def parse_hex(text: str, on_board: Callable[[int, int], bool]) -> tuple[int, int]:
    """Axial ``(q, r)`` of the hex cell named ``text``; ``on_board(q, r)`` says which cells exist.

    >>> hexagon = lambda q, r: 0 <= q < 9 and 0 <= r < 9 and abs(q - r) < 5  # a hexagon of side 5
    >>> parse_hex("e5", hexagon)
    (4, 4)
    >>> parse_hex("a9", hexagon)
    Traceback (most recent call last):
    ...
    tafel.game.NotationError: 'a9' is not a cell of this board
    """
    cell = _split(text)
    if cell is None:
        raise NotationError(f"{text.strip()!r} is not a cell (like e5, a file letter and a rank number)")
    if not on_board(*cell):
        raise NotationError(f"{text.strip()!r} is not a cell of this board")
    return cell


@dataclass(frozen=True)
class BoardText:
    """A board as text: rows top first, separated by ``/``; each row its piece letters, with a
    run of empty cells written as its length (``3`` for three, ``12`` for twelve).

    ``pieces`` are the letters that may stand on a cell (case counts: ``"xoXO"``); ``widths`` the
    number of cells of every row (one number) or of each row, top first (a hexagon's rows
    differ); ``rows`` the row count when ``widths`` is one number (default: as many as it).
    ``empty`` is the character :meth:`decode` gives an empty cell and :meth:`encode` reads as one.
    ``row_label(n)`` names the ``n``-th row from the top (1-based) in errors: ``"row 2"`` by
    default, ``lambda n: f"rank {9 - n}"`` for a board whose ranks count up from the bottom.
    ``what`` names the text in errors (``"bad board '...': ..."`` by default; ``"FEN"``, say).

    >>> hexagon = BoardText("xo-", widths=(5, 6, 7, 8, 9, 8, 7, 6, 5))
    >>> hexagon.decode("x3o/6/7/3-4/o4-2x/3-4/7/6/o3x")[4]
    'o....-..x'
    >>> BoardText("xo", widths=3).decode("x2/1z1/3")
    Traceback (most recent call last):
    ...
    tafel.game.NotationError: bad board 'x2/1z1/3': row 2 has 'z' (pieces are x, o; digits count empty cells)
    """

    pieces: str
    widths: int | Sequence[int]
    rows: int | None = None
    empty: str = "."
    row_label: Callable[[int], str] | None = None
    what: str = "board"

    def __post_init__(self) -> None:
        if not self.pieces or any(c.isdigit() or c in "/ " or c == self.empty for c in self.pieces):
            raise ValueError(
                f"pieces {self.pieces!r} must be letters or signs, not digits, '/', blanks or {self.empty!r}"
            )

    @property
    def row_widths(self) -> tuple[int, ...]:
        """The cells of each row, top first."""
        if isinstance(self.widths, int):
            return (self.widths,) * (self.rows if self.rows is not None else self.widths)
        return tuple(self.widths)

    def encode(self, rows: Sequence[str]) -> str:
        """The text of ``rows`` (top first, one character a cell: a piece letter or ``empty``)."""
        out = []
        for row in rows:
            out.append(re.sub(f"{re.escape(self.empty)}+", lambda m: str(len(m[0])), row))
        return "/".join(out)

    def decode(self, text: str) -> list[str]:
        """The rows (top first, ``empty`` for an empty cell) of a board text; NotationError with
        one line naming the first problem otherwise."""
        widths = self.row_widths
        parts = text.strip().split("/")
        bad = f"bad {self.what} {text.strip()!r}:"
        if len(parts) != len(widths):
            raise NotationError(f"{bad} it needs {len(widths)} rows separated by '/', got {len(parts)}")
        return [
            self._row(part, self.row_label(number) if self.row_label else f"row {number}", width, bad)
            for number, (part, width) in enumerate(zip(parts, widths, strict=True), 1)
        ]

    def _row(self, part: str, row: str, width: int, bad: str) -> str:
        cells = []
        for token in re.findall(r"\d+|\D", part):
            if token.isdigit():
                if token.startswith("0"):
                    raise NotationError(f"{bad} {row} has the count {token!r} (runs are 1 or more)")
                cells.append(self.empty * min(int(token), width + 1))
            elif token in self.pieces:
                cells.append(token)
            else:
                allowed = ", ".join(self.pieces)
                raise NotationError(
                    f"{bad} {row} has {token!r} (pieces are {allowed}; digits count empty cells)"
                )
        text = "".join(cells)
        if len(text) != width:
            got = len(text) if len(text) <= width else "more"
            raise NotationError(f"{bad} {row} needs {width} cells, got {got}")
        return text
