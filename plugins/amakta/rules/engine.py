"""The Amakta play rules on any board: arrows, blocking, control, freedom and the eleven moves.

This module knows nothing of seats, the start phase or notation: a :class:`Position` is
the board contents, both inventories, the circles and the colour to move, and it answers
"what can the side to move do" (:meth:`Position.moves`) and "what happens then"
(:meth:`Position.apply`). :mod:`.state` wraps it into a :class:`tafel.GameState`; Amakta
Infinit wraps it into its own.

Pieces on the board are tuples ``(colour, index, orientation, expropriated)``: ``colour``
is the original colour (0 White, 1 Black), ``index`` the 0-based number in that colour's
set, ``expropriated`` 0 or 1. The owner is ``colour ^ expropriated``.

Readings (see the rules text): circles count as one extra arrow on their own field only
while an unblocked opposing arrow (base arrows included) points there; legality is judged
on the situation before the move, so the combined moves use the control computed before
it (a relocated piece's own arrows still count for its target); an expropriated piece
that ends a move in an inventory leaves the game.

>>> from tafel.games.amakta.rules.board import HexBoard
>>> board = HexBoard.from_rows("line", "Line", [". . . . . ."])
>>> eq = Equipment(board, ((100000, 200000), (100000, 200000)))
>>> p = Position.start(eq)
>>> sorted(board.name(c) for c, v in p.control().items())  # only the bases at first
['a1', 'a6']
>>> [p.move_text(m) for m in p.moves()][:4]
['pass', 'place:1:a1:r0', 'place:1:a1:r1', 'place:1:a1:r2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from tafel import IllegalMoveError, NotationError

from .board import BLACK, WHITE, Board, Cell
from .pieces import ORIENTATIONS, arrows, distinct_orientations, normal_orientation, orient

COLOUR_NAMES = ("White", "Black")
NO_CIRCLE, REINFORCE, DAMAGE = 0, 1, 2
CIRCLE_NAMES = ("none", "reinforce", "damage")
CIRCLE_CHARS = "0+-"

# Move kinds, as written in notation.
PASS = "pass"
ROTATE = "rotate"
TAKE = "take"
PLACE = "place"
EXPROPRIATE = "expropriate"
RELEASE = "release"
REPLACE = "replace"
RELOCATE = "relocate"
APPROPRIATE = "appropriate"
REMOVE = "remove"
RELEASE_PLACE = "release-place"
PLAY_KINDS = (
    PASS,
    ROTATE,
    TAKE,
    PLACE,
    EXPROPRIATE,
    RELEASE,
    REPLACE,
    RELOCATE,
    APPROPRIATE,
    REMOVE,
    RELEASE_PLACE,
)
#: Kinds after which no earlier situation can come back (a piece was expropriated or left the game).
MARKING_KINDS = frozenset((EXPROPRIATE, RELEASE, APPROPRIATE, REMOVE, RELEASE_PLACE))

Placed = tuple[int, int, int, int]


class Move(NamedTuple):
    """One move. Play moves use ``cell`` (the field acted on), ``to`` (relocate's destination),
    ``piece`` (0-based inventory piece placed) and ``orient`` (0..11); start-phase and meta
    moves (see :mod:`.state`) use ``piece``, ``orient`` (a circle) and ``colour``."""

    kind: str
    cell: Cell | None = None
    to: Cell | None = None
    piece: int | None = None
    orient: int | None = None
    colour: int | None = None

    # Checked reads of the fields a kind sets, for the words and the start phase's notation (the
    # hot paths, :meth:`Position.apply` and :meth:`Position.move_text`, unpack the move once and
    # narrow with asserts instead of paying a call). A move built without the field its kind
    # needs is a programming error, said as one.

    def the_piece(self) -> int:
        """``piece``: the 0-based piece placed (or a circle's piece, a bid's points).

        >>> Move(PLACE, 4, piece=2, orient=0).the_piece()
        2
        >>> Move(PLACE, 4).the_piece()
        Traceback (most recent call last):
        ValueError: a place move names no piece
        """
        if self.piece is None:
            raise ValueError(f"a {self.kind} move names no piece")
        return self.piece

    def the_orient(self) -> int:
        """``orient``: how the piece lies (0..11), or a circle's kind."""
        if self.orient is None:
            raise ValueError(f"a {self.kind} move names no orientation")
        return self.orient

    def the_colour(self) -> int:
        """``colour``: the colour a start-phase move names."""
        if self.colour is None:
            raise ValueError(f"a {self.kind} move names no colour")
        return self.colour


PASS_MOVE = Move(PASS)


ORIENT_TEXTS = tuple(f"r{o % 6}" + ("m" if o >= 6 else "") for o in range(12))


def orient_text(o: int) -> str:
    """``r2`` for rotation 2, ``r2m`` for the mirror image turned twice.

    >>> orient_text(2), orient_text(8), parse_orient("r2m")
    ('r2', 'r2m', 8)
    """
    return ORIENT_TEXTS[o]


def parse_orient(text: str) -> int:
    t = text.strip().lower()
    if len(t) in (2, 3) and t[0] == "r" and t[1] in "012345" and (len(t) == 2 or t[2] == "m"):
        return int(t[1]) + (6 if len(t) == 3 else 0)
    raise NotationError(f"{text!r} is not an orientation (r0..r5, with m for mirrored: r2m)")


class Equipment:
    """Board and sets of one game, with the piece tables the move generator uses.

    ``sets[colour]`` holds the reference layouts of that colour's pieces (both the same
    tuple in standard Amakta). ``board_key`` and ``set_keys`` name them in positions.
    """

    def __init__(
        self,
        board: Board,
        sets: Sequence[Sequence[int]],
        board_key: str | None = None,
        set_keys: Sequence[str] = ("", ""),
    ) -> None:
        self.board = board
        self.sets: tuple[tuple[int, ...], tuple[int, ...]] = (tuple(sets[0]), tuple(sets[1]))
        self.board_key = board_key if board_key is not None else board.id
        self.set_keys = tuple(set_keys)
        #: orients[colour][index]: the orientations giving distinct layouts.
        self.orients = tuple(tuple(distinct_orientations(lay) for lay in s) for s in self.sets)
        #: arrows[colour][index][orientation]: (direction, reach) of every arrow.
        self.arrows = tuple(
            tuple(tuple(arrows(orient(lay, o)) for o in ORIENTATIONS) for lay in s) for s in self.sets
        )

    def layout(self, colour: int, index: int, o: int = 0) -> int:
        return orient(self.sets[colour][index], o)

    def normal(self, colour: int, index: int, o: int) -> int:
        return normal_orientation(self.sets[colour][index], o)


#: A game situation (see :func:`situation`): a hash, then the exact contents.
Situation = tuple[int, frozenset, tuple[tuple[int, ...], tuple[int, ...]]]


def situation(cells: dict[Cell, Placed], inv: tuple[tuple[int, ...], tuple[int, ...]]) -> Situation:
    """The situation of a board and inventories, for repetition: ``(hash, pieces, inventories)``.

    Two situations are equal exactly when their pieces (field, piece, orientation, mark) and
    inventories are; the hash in front only makes unequal ones compare fast (tuples compare
    item by item and stop at the first difference).

    >>> a = situation({3: (0, 1, 0, 0)}, ((0,), ()))
    >>> a == situation({3: (0, 1, 0, 0)}, ((0,), ())), a == situation({3: (0, 1, 1, 0)}, ((0,), ()))
    (True, False)
    """
    pieces = frozenset(cells.items())
    return (hash((pieces, inv)), pieces, inv)


class ArrowView(NamedTuple):
    """One arrow of a piece on the board, for drawing: where it points and whether it acts."""

    direction: int
    reach: int
    #: The field it points at, or None when that is a hole or off the board.
    target: Cell | None
    blocked: bool
    owner: int


class Position:
    """Board contents, inventories, circles and the colour to move; an immutable value.

    ``cells`` maps a field to its piece (see the module docstring); ``inv[colour]`` is the
    sorted tuple of that colour's piece indices in hand; ``circles[colour][index]`` is
    0 none, 1 reinforcement, 2 damage.
    """

    __slots__ = ("eq", "cells", "inv", "circles", "turn", "_counts", "_ctrl", "_moves", "_key")

    def __init__(
        self,
        eq: Equipment,
        cells: dict[Cell, Placed],
        inv: tuple[tuple[int, ...], tuple[int, ...]],
        circles: tuple[tuple[int, ...], tuple[int, ...]],
        turn: int,
    ) -> None:
        self.eq = eq
        self.cells = cells
        self.inv = inv
        self.circles = circles
        self.turn = turn
        self._counts: dict[Cell, list[int]] | None = None
        self._ctrl: dict[Cell, int] | None = None
        self._moves: list[Move] | None = None
        self._key: Situation | None = None

    @classmethod
    def start(cls, eq: Equipment, circles: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> Position:
        """Empty board, every piece in hand, White to move."""
        inv = (tuple(range(len(eq.sets[0]))), tuple(range(len(eq.sets[1]))))
        if circles is None:
            circles = ((0,) * len(eq.sets[0]), (0,) * len(eq.sets[1]))
        return cls(eq, {}, inv, circles, WHITE)

    # --- owners and circles -------------------------------------------------------------------

    @staticmethod
    def owner(piece: Placed) -> int:
        return piece[0] ^ piece[3]

    def circle(self, piece: Placed) -> int:
        """The circle a piece on the board carries (expropriated pieces have lost theirs)."""
        if piece[3]:
            return NO_CIRCLE
        return self.circles[piece[0]][piece[1]]

    def removed(self, colour: int) -> list[int]:
        """Indices of ``colour``'s pieces that left the game."""
        present = set(self.inv[colour])
        present.update(p[1] for p in self.cells.values() if p[0] == colour)
        return [i for i in range(len(self.eq.sets[colour])) if i not in present]

    # --- arrows and control -------------------------------------------------------------------

    def _compute(self) -> None:
        cells = self.cells
        rays = self.eq.board.rays
        table = self.eq.arrows
        counts: dict[Cell, list[int]] = {}
        for cell, (col, idx, ori, ex) in cells.items():
            owner = col ^ ex
            r = rays[cell]
            for d, reach in table[col][idx][ori]:
                ray = r[d]
                if len(ray) < reach:
                    continue  # the target is a hole or off the board
                if reach > 1 and (ray[0] in cells or (reach > 2 and ray[1] in cells)):
                    continue  # blocked
                target = ray[reach - 1]
                entry = counts.get(target)
                if entry is None:
                    counts[target] = entry = [0, 0]
                entry[owner] += 1
        for colour, base in enumerate(self.eq.board.bases):
            entry = counts.get(base)
            if entry is None:
                counts[base] = entry = [0, 0]
            entry[colour] += 1
        circles = self.circles
        # Circles read the real opposing arrows only, and each changes only its own field, so
        # the order does not matter.
        for cell, (col, idx, _ori, ex) in cells.items():
            if ex:
                continue
            circle = circles[col][idx]
            if not circle:
                continue
            entry = counts.get(cell)
            if entry is None or not entry[1 - col]:
                continue
            entry[col if circle == REINFORCE else 1 - col] += 1
        self._counts = counts
        self._ctrl = {c: (0 if w > b else 1 if b > w else -1) for c, (w, b) in counts.items()}

    def counts(self) -> dict[Cell, list[int]]:
        """Arrows (circles included) of White and Black at every field some arrow points at."""
        if self._counts is None:
            self._compute()
        return self._counts  # type: ignore[return-value]

    def control(self) -> dict[Cell, int]:
        """Who controls each pointed-at field: 0 White, 1 Black, -1 stalemate. Free fields are absent."""
        if self._ctrl is None:
            self._compute()
        return self._ctrl  # type: ignore[return-value]

    def is_free(self, cell: Cell) -> bool:
        """True when the piece on ``cell`` is free: its owner controls the field, or no arrow points there."""
        piece = self.cells[cell]
        state = self.control().get(cell)
        return state is None or state == (piece[0] ^ piece[3])

    def arrow_views(self, cell: Cell, piece: Placed | None = None) -> list[ArrowView]:
        """The arrows of the piece on ``cell`` (or of ``piece`` imagined there), for hover help."""
        if piece is None:
            piece = self.cells[cell]
        col, idx, ori, ex = piece
        r = self.eq.board.rays[cell]
        out = []
        for d, reach in self.eq.arrows[col][idx][ori]:
            ray = r[d]
            if len(ray) < reach:
                out.append(ArrowView(d, reach, None, False, col ^ ex))
                continue
            blocked = any(c in self.cells and c != cell for c in ray[: reach - 1])
            out.append(ArrowView(d, reach, ray[reach - 1], blocked, col ^ ex))
        return out

    # --- moves --------------------------------------------------------------------------------

    def moves(self) -> list[Move]:
        """Every move of the colour to move, pass first. The list is shared: do not change it."""
        if self._moves is None:
            self._moves = self._generate()
        return self._moves

    def _generate(self) -> list[Move]:
        me = self.turn
        cells = self.cells
        ctrl = self.control()
        orients = self.eq.orients
        mine = orients[me]
        inv = self.inv[me]
        # A board's fields are ints or (x, y) tuples, both ordered; Cell (Hashable) does not say so.
        empty = sorted(c for c, v in ctrl.items() if v == me and c not in cells)  # type: ignore[type-var]
        out = [PASS_MOVE]
        append = out.append
        for idx in inv:
            for o in mine[idx]:
                for c in empty:
                    append(Move(PLACE, c, None, idx, o))
        for c in sorted(cells):  # type: ignore[type-var]
            col, idx, ori, ex = cells[c]
            state = ctrl.get(c)
            if col ^ ex == me:
                if state is not None and state != me:
                    continue  # bound
                own = orients[col][idx]
                for o in own:
                    if o != ori:
                        append(Move(ROTATE, c, None, None, o))
                append(Move(TAKE, c))
                if state == me:
                    for y in inv:
                        for o in mine[y]:
                            append(Move(REPLACE, c, None, y, o))
                for t in empty:
                    for o in own:
                        append(Move(RELOCATE, c, t, None, o))
            elif state == me:
                if not ex:
                    append(Move(EXPROPRIATE, c))
                    for o in orients[col][idx]:
                        if o != ori:
                            append(Move(APPROPRIATE, c, None, None, o))
                    append(Move(REMOVE, c))
                else:
                    append(Move(RELEASE, c))
                    for y in inv:
                        for o in mine[y]:
                            append(Move(RELEASE_PLACE, c, None, y, o))
        return out

    def apply(self, move: Move) -> Position:
        """The position after ``move`` (assumed legal), the other colour to move."""
        me = self.turn
        kind, c, to, piece, orient, _colour = move
        cells = self.cells
        inv = self.inv
        if kind != PASS:
            cells = dict(cells)
            # Each kind's fields are set (see Move); the asserts say so to the type checker.
            if kind == PLACE:
                assert piece is not None and orient is not None
                cells[c] = (me, piece, orient, 0)
                inv = _without(inv, me, piece)
            elif kind == ROTATE:
                assert orient is not None
                col, idx, _o, ex = cells[c]
                cells[c] = (col, idx, orient, ex)
            elif kind == TAKE:
                col, idx, _o, ex = cells.pop(c)
                if not ex:  # an expropriated piece in an inventory leaves the game
                    inv = _with(inv, me, idx)
            elif kind == RELOCATE:
                assert orient is not None
                col, idx, _o, ex = cells.pop(c)
                cells[to] = (col, idx, orient, ex)
            elif kind == REPLACE:
                assert piece is not None and orient is not None
                col, idx, _o, ex = cells[c]
                if not ex:
                    inv = _with(inv, me, idx)
                inv = _without(inv, me, piece)
                cells[c] = (me, piece, orient, 0)
            elif kind == EXPROPRIATE:
                col, idx, ori, _ex = cells[c]
                cells[c] = (col, idx, ori, 1)
            elif kind == APPROPRIATE:
                assert orient is not None
                col, idx, _o, _ex = cells[c]
                cells[c] = (col, idx, orient, 1)
            elif kind in (REMOVE, RELEASE):
                del cells[c]
            elif kind == RELEASE_PLACE:
                assert piece is not None and orient is not None
                cells[c] = (me, piece, orient, 0)
                inv = _without(inv, me, piece)
            else:
                raise IllegalMoveError(f"{kind} is not a play move")
        return Position(self.eq, cells, inv, self.circles, 1 - me)

    def is_marking(self, move: Move) -> bool:
        """True when ``move`` expropriates a piece or takes one out of the game (nothing earlier can recur)."""
        if move.kind in MARKING_KINDS:
            return True
        if move.kind in (TAKE, REPLACE):
            return bool(self.cells[move.cell][3])
        return False

    def winner(self) -> int | None:
        """The colour that occupies the other's base, or None. Expropriated pieces count."""
        found = []
        for colour in (WHITE, BLACK):
            piece = self.cells.get(self.eq.board.bases[1 - colour])
            if piece is not None and piece[0] ^ piece[3] == colour:
                found.append(colour)
        if not found:
            return None
        if len(found) == 2:  # only in a hand-made position: the side that just moved counts
            return 1 - self.turn
        return found[0]

    # --- situation (for repetition) -----------------------------------------------------------

    def key(self) -> Situation:
        """The game situation: board (pieces, orientations, marks) and both inventories, not the
        turn (see :func:`situation`)."""
        if self._key is None:
            self._key = situation(self.cells, self.inv)
        return self._key

    # --- notation -----------------------------------------------------------------------------

    def move_text(self, move: Move) -> str:
        """Play moves in notation: ``place:3:d4:r2m``, ``relocate:d4:e5:r0``, ``take:d4`` ..."""
        name = self.eq.board.name
        kind, c, to, piece, orient, _colour = move  # one unpack; the asserts narrow for mypy
        if kind == PASS:
            return PASS
        if kind in (TAKE, EXPROPRIATE, RELEASE, REMOVE):
            return f"{kind}:{name(c)}"
        if kind == PLACE:
            assert piece is not None and orient is not None
            return f"place:{piece + 1}:{name(c)}:{ORIENT_TEXTS[orient]}"
        if kind == RELOCATE:
            assert orient is not None
            return f"relocate:{name(c)}:{name(to)}:{ORIENT_TEXTS[orient]}"
        if kind in (ROTATE, APPROPRIATE):
            assert orient is not None
            return f"{kind}:{name(c)}:{ORIENT_TEXTS[orient]}"
        if kind in (REPLACE, RELEASE_PLACE):
            assert piece is not None and orient is not None
            return f"{kind}:{name(c)}:{piece + 1}:{ORIENT_TEXTS[orient]}"
        raise ValueError(f"{kind} is not a play move")

    def parse_play_move(self, parts: list[str], text: str) -> Move:
        """The play move the notation ``parts`` name (not checked for legality)."""
        kind = parts[0]
        args = parts[1:]
        field = self.eq.board.parse_field
        me = self.turn

        def need(n: int, form: str) -> None:
            if len(args) != n:
                raise NotationError(f"{text!r}: write {form}")

        def piece_no(t: str) -> int:
            if not t.isdigit() or not 1 <= int(t) <= len(self.eq.sets[me]):
                raise NotationError(f"{text!r}: {t!r} is not a piece number 1..{len(self.eq.sets[me])}")
            return int(t) - 1

        def on_board(c: Cell) -> Placed:
            piece = self.cells.get(c)
            if piece is None:
                raise IllegalMoveError(f"{text}: there is no piece on {self.eq.board.name(c)}")
            return piece

        if kind == PASS:
            need(0, "pass")
            return PASS_MOVE
        if kind in (TAKE, EXPROPRIATE, RELEASE, REMOVE):
            need(1, f"{kind}:FIELD")
            return Move(kind, field(args[0]))
        if kind in (ROTATE, APPROPRIATE):
            need(2, f"{kind}:FIELD:ORIENTATION (e.g. {kind}:d4:r2)")
            c = field(args[0])
            col, idx, _o, _ex = on_board(c)
            return Move(kind, c, None, None, self.eq.normal(col, idx, parse_orient(args[1])))
        if kind == PLACE:
            need(3, "place:PIECE:FIELD:ORIENTATION (e.g. place:3:d4:r2m)")
            idx = piece_no(args[0])
            return Move(PLACE, field(args[1]), None, idx, self.eq.normal(me, idx, parse_orient(args[2])))
        if kind in (REPLACE, RELEASE_PLACE):
            need(3, f"{kind}:FIELD:PIECE:ORIENTATION")
            idx = piece_no(args[1])
            return Move(kind, field(args[0]), None, idx, self.eq.normal(me, idx, parse_orient(args[2])))
        if kind == RELOCATE:
            need(3, "relocate:FROM:TO:ORIENTATION")
            c = field(args[0])
            col, idx, _o, _ex = on_board(c)
            return Move(RELOCATE, c, field(args[1]), None, self.eq.normal(col, idx, parse_orient(args[2])))
        raise NotationError(f"{text!r} is not an Amakta move")

    def why_illegal(self, move: Move) -> str:
        """A short reason why a well-formed play move is not legal here."""
        ctrl = self.control()
        name = self.eq.board.name
        me = self.turn
        who = COLOUR_NAMES[me]
        c = move.cell
        piece = self.cells.get(c) if c is not None else None
        if move.kind in (PLACE, REPLACE, RELEASE_PLACE) and move.piece not in self.inv[me]:
            return f"piece {move.the_piece() + 1} is not in {who}'s inventory"
        if move.kind == PLACE:
            if piece is not None:
                return f"{name(c)} is occupied"
            return f"{name(c)} is not controlled by {who}"
        if piece is None:
            return f"there is no piece on {name(c)}"
        owner = piece[0] ^ piece[3]
        if move.kind in (ROTATE, TAKE, RELOCATE, REPLACE):
            if owner != me:
                return f"the piece on {name(c)} is not {who}'s"
            if not self.is_free(c):
                return f"the piece on {name(c)} is bound"
            if move.kind == ROTATE and move.orient == piece[2]:
                return "the piece already lies that way"
            if move.kind == RELOCATE:
                t = move.to
                if t in self.cells:
                    return f"{name(t)} is occupied"
                return f"{name(t)} is not controlled by {who}"
            return f"{name(c)} is not controlled by {who}"
        if owner == me:
            return f"the piece on {name(c)} is already {who}'s"
        if ctrl.get(c) != me:
            return f"{name(c)} is not controlled by {who}"
        if move.kind in (EXPROPRIATE, APPROPRIATE, REMOVE):
            if piece[3]:
                return f"the piece on {name(c)} is already expropriated (release it instead)"
            if move.kind == APPROPRIATE and move.orient == piece[2]:
                return "the piece already lies that way (expropriate it instead)"
        if move.kind in (RELEASE, RELEASE_PLACE) and not piece[3]:
            return f"the piece on {name(c)} is not expropriated (expropriate it instead)"
        return "not a legal move here"


def _without(inv: tuple[tuple[int, ...], tuple[int, ...]], colour: int, idx: int):
    hand = tuple(i for i in inv[colour] if i != idx)
    return (hand, inv[1]) if colour == 0 else (inv[0], hand)


def _with(inv: tuple[tuple[int, ...], tuple[int, ...]], colour: int, idx: int):
    hand = tuple(sorted((*inv[colour], idx)))
    return (hand, inv[1]) if colour == 0 else (inv[0], hand)


def piece_count(pieces: Iterable[Placed], colour: int) -> int:
    return sum(1 for p in pieces if p[0] ^ p[3] == colour)
