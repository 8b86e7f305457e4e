"""Amakta Infinit as a game state: the auction, piece creation, and play on the unbounded board.

The play rules are standard Amakta's, imported from :mod:`tafel.games.amakta.rules`: a
:class:`~tafel.games.amakta.rules.engine.Position` on an
:class:`~tafel.games.amakta_infinit.board.InfiniteBoard` (every field exists, no holes; pieces are
stored sparsely by coordinates, which grow in any direction), with the two colours' sets
independent of each other. :class:`InfinitState` extends the standard
:class:`~tafel.games.amakta.rules.state.AmaktaState` (draw offers, resignation, repetition and the
play moves are inherited) with the Infinit start and its draw counter.

The agreed base distance and White's points are setup options. Then everything is a move:

- **auction** (``phase=bid``): the seats take turns, seat 0 first, bidding Black's points:
  ``bid:N`` must be higher than the last bid (the first may be 0), up to twice White's
  points (at least 10): past that nobody wants White; ``accept`` takes the last bid: the
  accepting seat plays Black with that many points, the last bidder White;
- **creation** (``phase=create``): White first, the players take turns creating a piece
  whose value fits their remaining points, ``create:b.-.-.bb.-.-`` (the layout E NE NW W SW
  SE, see :mod:`tafel.games.amakta.rules.pieces`) or ``create:b.-.-.bb.-.-:reinforce`` /
  ``:damage``, or ``close`` their set for good; a player who cannot create any piece must
  close. A set never holds the same piece twice, up to rotation and mirroring and whatever
  the circles. Once one set is closed the other player creates alone;
- **play** (``phase=play``) starts when both sets are closed, White to move: the standard
  moves (``place:1:0,0:r0``, ``relocate:1,0:3,0:r2``, ... with fields written
  ``column,row``), ``offer-draw`` / ``accept-draw`` / ``decline-draw`` and ``resign``.

The bases lie on row 0: White's at ``0,0`` and Black's ``distance`` fields east of it. A game
is drawn after 86185 moves in a row without an expropriation or a piece leaving the game
(release, remove, or an expropriated piece taken into an inventory, which leaves the game);
``quiet`` counts them.

A position is written as ``key=value`` tokens::

    distance=6 points=60/55 phase=create white=0 bids=40.55 sets=100100.200000-/100000+
    closed=-/- turn=black cells=- inv=1.2/1 quiet=0 draw=- end=- seen=-

``points`` are White's and Black's points (``?`` for Black during the auction), ``white`` the
seat playing White (``?`` during the auction), ``bids`` the auction so far, ``sets`` each
colour's pieces (six layout digits, ``+`` for reinforcement, ``-`` for damage), ``closed``
which sets are closed (``w``, ``b``), ``turn`` the colour to create or to move, and ``cells``,
``inv``, ``draw``, ``end``, ``seen`` as in standard Amakta.

>>> s = InfinitState.new(6, 60)
>>> [s.move_to_text(m) for m in s.legal_moves()][:3], s.to_move
(['bid:0', 'bid:1', 'bid:2'], 0)
>>> s = s.play(s.parse_move("bid:40"))  # seat 0 would play White against a Black with 40
>>> s = s.play(s.parse_move("bid:50"))  # seat 1 outbids it
>>> s = s.play(s.parse_move("accept"))  # seat 0 accepts: it plays Black with 50 points
>>> s.white_seat, s.points, s.to_move
(1, (60, 50), 1)
>>> s = s.play(s.parse_move("create:b.-.-.b.-.-"))
>>> s.remaining(0), s.to_move
(52, 0)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import lru_cache

from tafel import IllegalMoveError, NotationError, Outcome
from tafel.games.amakta.rules.board import BLACK, WHITE
from tafel.games.amakta.rules.engine import (
    CIRCLE_CHARS,
    COLOUR_NAMES,
    PLAY_KINDS,
    Equipment,
    Move,
    Position,
)
from tafel.games.amakta.rules.pieces import PIECE_COUNT, canonical
from tafel.games.amakta.rules.state import (
    CIRCLE_READ,
    META_KINDS,
    PLAY,
    SEAT_NAMES,
    STATE_FIELDS,
    AmaktaState,
    amakta_words,
    read_cells,
    read_draw_end,
    read_inv,
    read_seen,
    read_tokens,
)

from .board import InfiniteBoard
from .texts import _, describe_piece
from .values import CIRCLE_WORDS, CREATE, creatable, layout_text, normal, read_piece, value_of

BID = "bid"
CREATION = "create"
PHASES = (BID, CREATION, PLAY)
ACCEPT = Move("accept")
CLOSE = Move("close")
#: Moves in a row without an expropriation or release after which the game is drawn. The sheet
#: takes the number of different pieces (see the rules' readings).
DRAW_MOVES = PIECE_COUNT
#: The highest bid is this many times White's points (but at least MIN_BID_CAP).
BID_CAP_FACTOR = 2
MIN_BID_CAP = 10

Piece = tuple[int, int]
"""A created piece: (layout, circle)."""
Pieces = tuple[tuple[Piece, ...], tuple[Piece, ...]]


def bid_cap(white_points: int) -> int:
    """The highest bid allowed for Black's points.

    >>> bid_cap(60), bid_cap(0)
    (120, 10)
    """
    return max(MIN_BID_CAP, BID_CAP_FACTOR * white_points)


@lru_cache(maxsize=64)
def board(distance: int) -> InfiniteBoard:
    """The unbounded board with the bases ``distance`` fields apart (shared: boards never change)."""
    return InfiniteBoard(distance, "infinite", f"Unbounded board, bases {distance} apart")


@lru_cache(maxsize=512)
def equipment(distance: int, white: tuple[int, ...], black: tuple[int, ...]) -> Equipment:
    """Board and the two independent sets (layouts) of a game."""
    return Equipment(board(distance), (white, black), f"infinite{distance}", ("", ""))


def _circles(pieces: Pieces) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (tuple(c for _l, c in pieces[0]), tuple(c for _l, c in pieces[1]))


def piece_text(piece: Piece) -> str:
    """``100400+``: the six layout digits and the circle (nothing, ``+`` or ``-``)."""
    layout, circle = piece
    return f"{layout:06d}{'' if circle == 0 else CIRCLE_CHARS[circle]}"


class InfinitState(AmaktaState):
    """An Amakta Infinit state (immutable); see the module docstring."""

    __slots__ = ("distance", "points", "bids", "pieces", "closed", "quiet", "_taken")
    state_fields = (*STATE_FIELDS, "distance", "points", "bids", "pieces", "closed", "quiet")

    def __init__(
        self,
        *args,
        distance: int,
        points: tuple[int, int | None],
        bids: tuple[int, ...] = (),
        pieces: Pieces = ((), ()),
        closed: tuple[bool, bool] = (False, False),
        quiet: int = 0,
        **kwargs,
    ) -> None:
        """The standard state's fields (see :class:`AmaktaState`), then Infinit's own."""
        super().__init__(*args, **kwargs)
        self.distance = distance
        #: (White's points, Black's points or None during the auction).
        self.points = points
        self.bids = bids
        #: Each colour's created pieces, (layout, circle), in creation order.
        self.pieces = pieces
        self.closed = closed
        #: Play moves since the last expropriation or release (the 86185-move draw counter).
        self.quiet = quiet
        self._taken: tuple[frozenset[int], frozenset[int]] | None = None

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, distance: int, white_points: int) -> InfinitState:  # type: ignore[override]
        """The start: the auction, seat 0 to open it."""
        if distance < 1:
            raise NotationError(f"the bases must be at least 1 field apart, not {distance}")
        if white_points < 0:
            raise NotationError(f"White's points must not be negative ({white_points})")
        eq = equipment(distance, (), ())
        return cls(
            eq, BID, ((), ()), None, Position.start(eq), distance=distance, points=(white_points, None)
        )

    def _with_pieces(self, pieces: Pieces, **changes) -> InfinitState:
        eq = equipment(self.distance, tuple(p[0] for p in pieces[0]), tuple(p[0] for p in pieces[1]))
        circles = _circles(pieces)
        turn = changes.pop("turn", WHITE)
        return self._replace(
            eq=eq,
            circles=circles,
            pieces=pieces,
            pos=Position(eq, {}, _full_hands(eq), circles, turn),
            **changes,
        )

    # --- seats, points and sets ---------------------------------------------------------------

    @property
    def to_move(self) -> int:  # type: ignore[override]
        if self.offer is not None:
            return 1 - self.offer
        if self.phase == BID:
            return len(self.bids) % 2
        return self.seat_of(self.pos.turn)

    def remaining(self, colour: int) -> int:
        """Points ``colour`` has left for creating pieces (0 for Black during the auction)."""
        total = self.points[colour]
        if total is None:
            return 0
        return total - sets_value(self.pieces[colour])

    def taken(self, colour: int) -> frozenset[int]:
        """Normal forms (see :func:`.values.normal`) of the pieces in ``colour``'s set: the
        pieces it may not create again, whatever the circle."""
        if self._taken is None:
            self._taken = (
                frozenset(normal(p[0]) for p in self.pieces[0]),
                frozenset(normal(p[0]) for p in self.pieces[1]),
            )
        return self._taken[colour]

    def last_bidder(self) -> int | None:
        """The seat that made the last bid (None before the first)."""
        return (len(self.bids) - 1) % 2 if self.bids else None

    def bid_range(self) -> range:
        """The bids the seat to move may make now (empty at the cap)."""
        low = self.bids[-1] + 1 if self.bids else 0
        return range(low, bid_cap(self.points[0]) + 1)

    def start_moves(self) -> list[Move]:
        if self.phase == BID:
            return ([ACCEPT] if self.bids else []) + [Move(BID, piece=n) for n in self.bid_range()]
        colour = self.pos.turn
        return [CLOSE, *creatable(self.remaining(colour), self.taken(colour))]

    def play(self, move: Move) -> InfinitState:  # type: ignore[override]
        # Creation lists can hold a hundred thousand moves: check those by the rules instead
        # of looking them up.
        if isinstance(move, Move) and move.kind == CREATE:
            reason = self.why_not_create(move)
            if reason:
                raise IllegalMoveError(reason)
            return self.play_unchecked(move)
        if not self._allowed(move):
            raise IllegalMoveError(self.illegal_reason(move))
        return self.play_unchecked(move)

    def is_legal(self, move: object) -> bool:
        """Creation moves are checked by the rules, not looked up (their lists are long)."""
        if isinstance(move, Move) and move.kind == CREATE:
            return not self.why_not_create(move)
        if self.phase == CREATION and self.offer is None and self._moves is None and self.outcome is None:
            return move == CLOSE
        return super().is_legal(move)

    def why_not_create(self, move: Move) -> str:
        """Why the create ``move`` is not legal here, or '' when it is."""
        if self.outcome is not None:
            return "the game is over"
        if self.phase != CREATION or self.offer is not None:
            return f"{_safe_text(self, move)} is not legal now ({self.describe()})"
        layout, circle = move.piece, move.orient
        if (
            not isinstance(layout, int)
            or not 0 <= layout < 10**6
            or circle not in (0, 1, 2)
            or move.cell is not None
            or move.to is not None
            or move.colour is not None
            or normal(layout) != layout
        ):
            return f"{move!r} is not a creation move"
        colour = self.pos.turn
        who = COLOUR_NAMES[colour]
        if layout in self.taken(colour):
            index = next(i for i, p in enumerate(self.pieces[colour]) if normal(p[0]) == layout)
            return (
                f"{_safe_text(self, move)} is not legal: {who}'s piece {index + 1} is the same piece "
                "(up to rotation, mirroring and circles)"
            )
        value, left = value_of(layout, circle), self.remaining(colour)
        if value > left:
            return f"{_safe_text(self, move)} is not legal: the piece is worth {value}, {who} has {left} points left"
        return ""

    def illegal_reason(self, move: object) -> str:
        if isinstance(move, Move) and self.outcome is None and self.offer is None:
            text = _safe_text(self, move)
            if move.kind == BID and self.phase == BID:
                r = self.bid_range()
                if not r:
                    return (
                        f"{text} is not legal: the bid is at its cap ({bid_cap(self.points[0])}): accept it"
                    )
                return f"{text} is not legal: bids go from {r.start} to {r.stop - 1}"
            if move.kind == "accept" and self.phase == BID:
                return "accept is not legal: there is no bid to accept yet"
            if move.kind == "close" and self.phase == CREATION:
                return "close is not legal now"
        return super().illegal_reason(move)

    def play_unchecked(self, move: Move) -> InfinitState:  # type: ignore[override]
        kind = move.kind
        if kind in META_KINDS or self.phase == PLAY:
            return super().play_unchecked(move)  # type: ignore[return-value]
        if kind == BID:
            return self._replace(bids=(*self.bids, move.piece), declined=None)
        if kind == "accept":
            white = (len(self.bids) - 1) % 2  # the last bidder plays White
            return self._with_pieces(
                ((), ()),
                phase=CREATION,
                white_seat=white,
                points=(self.points[0], self.bids[-1]),
                declined=None,
            )
        colour = self.pos.turn
        other = 1 - colour
        if kind == CREATE:
            lists = [self.pieces[0], self.pieces[1]]
            lists[colour] = (*lists[colour], (move.the_piece(), move.the_orient()))
            nxt = colour if self.closed[other] else other
            return self._with_pieces((lists[0], lists[1]), turn=nxt, declined=None)
        if kind == "close":
            closed = (True, self.closed[1]) if colour == WHITE else (self.closed[0], True)
            if all(closed):
                return self._with_pieces(self.pieces, phase=PLAY, closed=closed, turn=WHITE, declined=None)
            return self._with_pieces(self.pieces, closed=closed, turn=other, declined=None)
        raise IllegalMoveError(f"{kind} is not an Amakta Infinit move")

    def carried(self, marking: bool) -> dict:
        return {
            "distance": self.distance,
            "points": self.points,
            "bids": self.bids,
            "pieces": self.pieces,
            "closed": self.closed,
            "quiet": 0 if marking else self.quiet + 1,
        }

    # --- the end ------------------------------------------------------------------------------

    def compute_outcome(self) -> Outcome | None:
        outcome = super().compute_outcome()
        if outcome is not None or self.phase != PLAY or self.end is not None:
            return outcome
        if self.quiet >= DRAW_MOVES:
            return Outcome.draw(2, _("{n} moves without an expropriation or release").format(n=DRAW_MOVES))
        return None

    def repetition_key(self) -> tuple[Hashable, ...]:
        # The standard key (its circles follow from the pieces) after the start's own figures.
        return (self.distance, self.points, self.bids, self.pieces, self.closed, *super().repetition_key())

    # --- notation -----------------------------------------------------------------------------

    def move_to_text(self, move: Move) -> str:
        kind = move.kind
        if kind == BID:
            return f"bid:{move.piece}"
        if kind == CREATE:
            return create_text(move.piece, move.orient)
        if kind in ("accept", "close") or kind in META_KINDS:
            return kind
        return self.pos.move_text(move)

    def move_to_words(self, move: Move) -> str:
        """The move for people: ``bids 40``, ``accepts the bid``, ``new piece (blue E, 2 blue W)``,
        ``closes the set``, and standard Amakta's words for the rest, from this plugin's catalog.

        >>> s = InfinitState.new(6, 60)
        >>> s.move_to_words(s.parse_move("bid:40")), s.move_to_words(read_create("create:b.-.-.b.-.-:damage"))
        ('bids 40', 'new piece (blue E, blue W) with damage')
        """
        kind = move.kind
        if kind == BID:
            return _("bids {n}").format(n=move.piece)
        if kind == "accept":
            return _("accepts the bid")
        if kind == "close":
            return _("closes the set")
        if kind == CREATE:
            words = _("new piece ({arrows})").format(arrows=describe_piece(move.the_piece()))
            circle = (_("with reinforcement"), _("with damage"))[move.orient - 1] if move.orient else ""
            return f"{words} {circle}" if circle else words
        return amakta_words(self, move, _)

    def parse_move(self, text: str) -> Move:
        move = self.read_move(text)
        if move.kind == CREATE:
            reason = self.why_not_create(move)
            if reason:
                raise IllegalMoveError(reason)
            return move
        if not self._allowed(move):
            raise IllegalMoveError(self.illegal_reason(move))
        return move

    def _allowed(self, move: Move) -> bool:
        """Whether a move other than create is legal (creation lists are long: their other
        moves are checked without building them)."""
        if self.phase == CREATION and self.offer is None and self._moves is None and self.outcome is None:
            return move in (CLOSE, *self._meta_moves())
        return self._playable(move)

    def read_move(self, text: str) -> Move:
        raw = text.strip().lower()
        if raw.startswith(CREATE):
            return read_create(raw)
        parts = [p for p in raw.replace(" ", ":").split(":") if p]
        if not parts:
            raise NotationError("empty move")
        kind = parts[0]
        if kind in META_KINDS or kind in ("accept", "close"):
            if len(parts) != 1:
                raise NotationError(f"{text!r}: write just {kind}")
            return Move(kind)
        if kind == BID:
            if len(parts) != 2 or not parts[1].isdigit():
                raise NotationError(f"{text!r}: write bid:N with a whole number N (e.g. bid:40)")
            return Move(BID, piece=int(parts[1]))
        if kind in PLAY_KINDS:
            if self.phase != PLAY:
                raise IllegalMoveError(f"{text}: play moves start when both sets are closed")
            return self.pos.parse_play_move(parts, text)
        raise NotationError(
            f"{text!r} is not an Amakta Infinit move (e.g. bid:40, accept, create:b.-.-.b.-.-, close, pass)"
        )

    def to_text(self) -> str:
        t = self._texts()
        white_points, black_points = self.points
        pts = f"{white_points}/{'?' if black_points is None else black_points}"
        sets = "/".join(".".join(piece_text(p) for p in hand) or "-" for hand in self.pieces)
        closed = "/".join(("wb"[c] if self.closed[c] else "-") for c in (WHITE, BLACK))
        bids = ".".join(str(b) for b in self.bids) or "-"
        return (
            f"distance={self.distance} points={pts} phase={self.phase} white={t['white']} bids={bids} "
            f"sets={sets} closed={closed} turn={t['turn']} cells={t['cells']} "
            f"inv={t['inv']} quiet={self.quiet} draw={t['draw']} end={t['end']} seen={t['seen']}"
        )

    @classmethod
    def from_text(cls, text: str, defaults: dict | None = None) -> InfinitState:  # type: ignore[override]
        """A state from its position text; ``defaults`` may give ``distance`` and ``points``
        (White's) when the text leaves them out. Raises NotationError with a one-line reason."""
        return _read_state(read_tokens(text, _KEYS), defaults or {})

    # --- display ------------------------------------------------------------------------------

    def describe_phase(self) -> str:
        if self.phase == BID:
            seat = self.to_move
            if not self.bids:
                return _("{seat} opens the auction for Black's points").format(seat=_(SEAT_NAMES[seat]))
            return _("{seat}: accept {n} points for Black, or bid higher").format(
                seat=_(SEAT_NAMES[seat]), n=self.bids[-1]
            )
        colour = self.pos.turn
        names = {"colour": _(COLOUR_NAMES[colour]), "seat": _(SEAT_NAMES[self.seat_of(colour)])}
        if self.phase == CREATION:
            return _("{colour} ({seat}) creates a piece: {n} points left").format(
                n=self.remaining(colour), **names
            )
        return _("{colour} ({seat}) to move").format(**names)

    def __repr__(self) -> str:
        return f"InfinitState({self.to_text()!r})"


_KEYS = (
    "distance",
    "points",
    "phase",
    "white",
    "bids",
    "sets",
    "closed",
    "turn",
    "cells",
    "inv",
    "quiet",
    "draw",
    "end",
    "seen",
)


@lru_cache(maxsize=1 << 18)
def create_text(layout: int, circle: int) -> str:
    """``create:b.-.-.bb.-.-`` and, with a circle, ``:reinforce`` or ``:damage`` (cached: creation
    lists are long and their texts are asked for again and again)."""
    text = f"create:{layout_text(layout)}"
    return text if not circle else f"{text}:{CIRCLE_WORDS[circle]}"


@lru_cache(maxsize=1 << 18)
def read_create(raw: str) -> Move:
    """The create move a lower-case text names, the piece in normal form (not checked for legality)."""
    parts = [p for p in raw.replace(" ", ":").split(":") if p]
    if parts[0] != CREATE or len(parts) not in (2, 3):
        raise NotationError(f"{raw!r}: write create:LAYOUT or create:LAYOUT:reinforce|damage")
    circle = 0
    if len(parts) == 3:
        if parts[2] not in CIRCLE_READ:
            raise NotationError(f"{raw!r}: the circle is none, reinforce or damage")
        circle = CIRCLE_READ[parts[2]]
    return Move(CREATE, piece=read_piece(parts[1]), orient=circle)


def _full_hands(eq: Equipment) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return (tuple(range(len(eq.sets[0]))), tuple(range(len(eq.sets[1]))))


def _safe_text(state: InfinitState, move: object) -> str:
    try:
        return state.move_to_text(move)  # type: ignore[arg-type]
    except Exception:
        return repr(move)


def _int(text: str, what: str, low: int = 0) -> int:
    if not text.lstrip("-").isdigit() or int(text) < low:
        raise NotationError(f"{what}={text!r}: give a whole number of at least {low}")
    return int(text)


def _read_pieces(text: str) -> Pieces:
    halves = text.split("/")
    if len(halves) != 2:
        raise NotationError(f"sets={text!r}: give White's and Black's pieces separated by /")
    out = []
    for colour, half in enumerate(halves):
        items = [] if half == "-" else half.split(".")
        hand: list[Piece] = []
        seen: dict[int, int] = {}
        for i, item in enumerate(items):
            digits, circle = item, 0
            if item[-1:] in ("+", "-"):
                digits, circle = item[:-1], CIRCLE_CHARS.index(item[-1])
            if len(digits) != 6 or not digits.isdigit():
                raise NotationError(
                    f"sets: {item!r} is not a piece (six layout digits, then + or - for a circle)"
                )
            c = canonical(int(digits))
            if c in seen:
                raise NotationError(
                    f"sets: {COLOUR_NAMES[colour]}'s pieces {seen[c] + 1} and {i + 1} are the same piece "
                    "(up to rotation, mirroring and circles)"
                )
            seen[c] = i
            hand.append((int(digits), circle))
        out.append(tuple(hand))
    return (out[0], out[1])


def _read_state(values: dict[str, str], defaults: dict) -> InfinitState:
    distance = _int(values.get("distance", str(defaults.get("distance", ""))), "distance", 1)
    phase = values.get("phase", PLAY)
    if phase not in PHASES:
        raise NotationError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    # points
    default_points = f"{defaults.get('points', '')}/{'?' if phase == BID else defaults.get('points', '')}"
    pts = values.get("points", default_points).split("/")
    if len(pts) == 1:
        pts = [pts[0], "?" if phase == BID else pts[0]]
    if len(pts) != 2:
        raise NotationError("points=W/B: White's and Black's points (Black's ? during the auction)")
    white_points = _int(pts[0], "points", 0)
    if phase == BID:
        if pts[1] != "?":
            raise NotationError("points: Black's points are ? until a bid is accepted")
        black_points = None
    else:
        black_points = _int(pts[1], "points", 0)
    # bids
    bids_text = values.get("bids", "-")
    bids: tuple[int, ...] = ()
    if bids_text != "-":
        bids = tuple(_int(b, "bids", 0) for b in bids_text.split("."))
        if any(b >= c for b, c in zip(bids, bids[1:], strict=False)):
            raise NotationError(f"bids={bids_text}: every bid must be higher than the one before")
        if bids[-1] > bid_cap(white_points):
            raise NotationError(f"bids={bids_text}: bids go up to {bid_cap(white_points)}")
    # seats
    white_text = values.get("white", "?" if phase == BID else "0")
    if white_text not in ("0", "1", "?"):
        raise NotationError(f"white={white_text!r}: the seat playing White, 0 or 1 (? during the auction)")
    white_seat = None if white_text == "?" else int(white_text)
    if (white_seat is None) != (phase == BID):
        raise NotationError("white= is a seat exactly after the auction")
    if phase != BID and bids and (white_seat != (len(bids) - 1) % 2 or black_points != bids[-1]):
        raise NotationError("the last bidder plays White and Black has the accepted bid's points")
    # sets
    pieces = _read_pieces(values.get("sets", "-/-"))
    if phase == BID and (pieces[0] or pieces[1]):
        raise NotationError("pieces are created after the auction")
    for colour, total in enumerate((white_points, black_points)):
        worth = sum(value_of(lay, c) for lay, c in pieces[colour])
        if total is not None and worth > total:
            raise NotationError(
                f"sets: {COLOUR_NAMES[colour]}'s pieces are worth {worth}, more than {total} points"
            )
    closed_text = values.get("closed", "w/b" if phase == PLAY else "-/-")
    halves = closed_text.split("/")
    if len(halves) != 2 or halves[0] not in ("-", "w") or halves[1] not in ("-", "b"):
        raise NotationError(f"closed={closed_text!r}: write -/-, w/-, -/b or w/b")
    closed = (halves[0] == "w", halves[1] == "b")
    if (phase == PLAY) != all(closed):
        raise NotationError("play starts exactly when both sets are closed")
    turn_text = values.get("turn", "white")
    if turn_text not in ("white", "black"):
        raise NotationError(f"turn={turn_text!r}: white or black")
    turn = WHITE if turn_text == "white" else BLACK
    if phase == BID and turn != WHITE:
        raise NotationError("turn=white during the auction")
    if phase == CREATION and closed[turn]:
        raise NotationError(f"{turn_text}'s set is closed: the other colour creates")
    eq = equipment(distance, tuple(p[0] for p in pieces[0]), tuple(p[0] for p in pieces[1]))
    n = (len(pieces[0]), len(pieces[1]))
    cells = read_cells(values.get("cells", "-"), eq, n, "4,-1")
    if cells and phase != PLAY:
        raise NotationError("pieces are on the board only in the play phase")
    hands = read_inv(values.get("inv"), cells, n)
    if phase != PLAY and hands != _full_hands(eq):
        raise NotationError("before play starts every piece is in hand")
    history = read_seen(values.get("seen", "-"), phase == PLAY, eq, n, "4,-1")
    quiet = _int(values.get("quiet", str(len(history))), "quiet", 0)
    if quiet < len(history):
        raise NotationError(f"quiet={quiet}: at least the {len(history)} moves listed in seen=")
    if phase != PLAY and quiet:
        raise NotationError("quiet= counts play moves: 0 before play starts")
    offer, declined, end = read_draw_end(values.get("draw", "-"), values.get("end", "-"))
    circles = _circles(pieces)
    pos = Position(eq, cells, hands, circles, turn)
    return InfinitState(
        eq,
        phase,
        circles,
        white_seat,
        pos,
        offer,
        declined,
        end,
        history,
        distance=distance,
        points=(white_points, black_points),
        bids=bids,
        pieces=pieces,
        closed=closed,
        quiet=quiet,
    )


def sets_value(pieces: Sequence[Piece]) -> int:
    """The total value of created pieces."""
    return sum(value_of(layout, circle) for layout, circle in pieces)
