"""Standard Amakta as a :class:`tafel.GameState`: the start phase, play, draws and resignation.

Seats are fixed: seat 0 assigns the circles, seat 1 then chooses the colour it plays, and
White makes the first play move. Everything is a move:

- circles: ``circles:none`` (the beginners' default: no circles at all), ``circles:same``
  (then ``circle:3:reinforce`` ... piece by piece, the same for both colours) or
  ``circles:each`` (then ``circle:w3:damage`` ... for every white, then every black piece);
  ``circles:done`` gives every piece not yet assigned no circle;
- ``colour:white`` / ``colour:black``: seat 1 chooses;
- play moves (see :mod:`.engine`): ``pass``, ``rotate:d4:r2``, ``take:d4``,
  ``place:3:d4:r2m``, ``expropriate:d4``, ``release:d4``, ``replace:d4:3:r0``,
  ``relocate:d4:e5:r1``, ``appropriate:d4:r3``, ``remove:d4``, ``release-place:d4:3:r0``;
- meta moves: ``offer-draw`` (one offer a turn) and ``resign``. They are played and written
  like any move (saves and replays hold them) and listed by :meth:`AmaktaState.meta_moves` for
  a pause menu, but they are not moves of the game: :meth:`AmaktaState.legal_moves` leaves
  them out (so move counts, perft and random players see only the game), while
  :meth:`AmaktaState.play` accepts them. While an offer stands, the other seat's moves are its
  answers, ``accept-draw`` and ``decline-draw`` (it may still resign).

Moves are written without spaces (parts joined by ``:``) so they pass through a command line;
spaces are accepted when reading. A position is written as ``key=value`` tokens::

    board=hexagon set=standard phase=play white=1 turn=black circles=0000/0000
    cells=w1r0@e1/b2r3x@d4 inv=2.3.4/1.3.4 draw=- end=- seen=-:1.2.3.4/1.2.3.4;w1r0@e1:2.3.4/1.2.3.4

``white`` is the seat playing White (``?`` before the choice), ``circles`` one character per
piece and colour (``0`` none, ``+`` reinforcement, ``-`` damage, ``?`` not yet assigned),
``cells`` the pieces on the board (colour ``w``/``b``, number, orientation, ``x`` when
expropriated, ``@`` field), ``inv`` the pieces in hand (White's / Black's), ``draw`` a
pending (``offer0``) or refused (``declined0``) draw offer by a seat, ``end`` a resignation
(``resign1``) or an agreed draw, and ``seen`` the situations at the start of the earlier
moves since the last expropriation or release (the repetition history: the third occurrence
of a situation draws), oldest first, joined by ``;``: each is written exactly, as its
``cells`` and ``inv`` values joined by ``:``. When reading, every key but ``board`` and ``set``
may be left out: the defaults are the play phase, White to move played by seat 0, no
circles, every piece not on the board in hand, and no history.

>>> s = AmaktaState.new("small", "beginner")
>>> [s.move_to_text(m) for m in s.legal_moves()]
['circles:none', 'circles:same', 'circles:each']
>>> [label for label, _move in s.meta_moves()], s.is_legal(RESIGN), s.play(RESIGN).outcome.reason
(['Offer a draw', 'Resign'], False, 'Player 1 resigned')
>>> s = s.play(s.parse_move("circles:none"))
>>> s = s.play(s.parse_move("colour:black"))
>>> s.to_move, s.white_seat, s.describe()
(0, 0, 'White to move (Player 1)')
>>> sorted({s.pos.eq.board.name(m.cell) for m in s.legal_moves() if m.kind == "place"})
['d1']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import lru_cache
from typing import TYPE_CHECKING

from tafel import GameState, IllegalMoveError, NotationError, Outcome

from ..texts import N_, _
from . import catalog
from .board import BLACK, WHITE, DataError
from .engine import (
    CIRCLE_CHARS,
    CIRCLE_NAMES,
    COLOUR_NAMES,
    PLAY_KINDS,
    Equipment,
    Move,
    Position,
    Situation,
    orient_text,
    parse_orient,
    situation,
)

if TYPE_CHECKING:
    from typing_extensions import Self

SEAT_NAMES = (N_("Player 1"), N_("Player 2"))


def amakta_words(state: AmaktaState, move: Move, tr) -> str:
    """A move of ``state`` in words through the catalog ``tr`` (Amakta's or a variant's)."""
    from ..words import play_words, setup_words

    words = setup_words(move, tr)
    if words is not None:
        return words
    return play_words(move, state.pos.eq.board.name, tr)


CIRCLES, CIRCLES_SAME, CIRCLES_EACH, COLOUR, PLAY = (
    "circles",
    "circles-same",
    "circles-each",
    "colour",
    "play",
)
PHASES = (CIRCLES, CIRCLES_SAME, CIRCLES_EACH, COLOUR, PLAY)

CIRCLES_NONE = Move("circles-none")
CIRCLES_SAME_MOVE = Move("circles-same")
CIRCLES_EACH_MOVE = Move("circles-each")
CIRCLES_DONE = Move("circles-done")
OFFER_DRAW = Move("offer-draw")
ACCEPT_DRAW = Move("accept-draw")
DECLINE_DRAW = Move("decline-draw")
RESIGN = Move("resign")
META_KINDS = frozenset(("offer-draw", "accept-draw", "decline-draw", "resign"))
#: Repetitions that end the game.
REPETITION_LIMIT = 3
#: The words and signs a circle may be written as, when reading moves.
CIRCLE_READ = {"none": 0, "0": 0, "reinforce": 1, "reinforcement": 1, "+": 1, "damage": 2, "-": 2}

Circles = tuple[tuple[int | None, ...], tuple[int | None, ...]]
#: The state's constructor arguments, in order (a variant adds its own after them).
STATE_FIELDS = ("eq", "phase", "circles", "white_seat", "pos", "offer", "declined", "end", "history")
#: The pause menu's words for the meta moves and the answers to a draw offer.
META_LABELS = {
    "offer-draw": N_("Offer a draw"),
    "accept-draw": N_("Accept the draw"),
    "decline-draw": N_("Decline the draw"),
    "resign": N_("Resign"),
}


@lru_cache(maxsize=32)
def equipment(board_id: str, set_id: str) -> Equipment:
    """The board and set of that id, from the data files (shared: equipment never changes)."""
    ps = catalog.piece_set(set_id)
    return Equipment(catalog.board(board_id), (ps.layouts, ps.layouts), board_id, (set_id, set_id))


class AmaktaState(GameState):
    """A standard Amakta game state (immutable); see the module docstring.

    A variant (Amakta Infinit) subclasses it and changes the game through these public hooks,
    never through a private name:

    - :attr:`state_fields`: the constructor's arguments, which a new state copies (a variant adds
      its own);
    - :meth:`start_moves`: the legal moves of the phases before play;
    - :meth:`illegal_reason`: why a move is refused, in one line;
    - :meth:`carried`: what a play move carries on of the variant's own fields;
    - :meth:`compute_outcome`: the outcome, computed once (call ``super()`` for the standard ends);
    - :meth:`read_move`: a move read from its text, before the legality check;
    - :meth:`describe_phase`: who does what now, for :meth:`describe`.
    """

    players = 2
    #: The constructor's arguments (what ``_replace`` copies); a variant lists its own too.
    state_fields: tuple[str, ...] = STATE_FIELDS

    __slots__ = (
        "eq",
        "phase",
        "circles",
        "white_seat",
        "pos",
        "offer",
        "declined",
        "end",
        "history",
        "_moves",
        "_outcome",
        "_done",
        "_by_text",
    )

    def __init__(
        self,
        eq: Equipment,
        phase: str,
        circles: Circles,
        white_seat: int | None,
        pos: Position,
        offer: int | None = None,
        declined: int | None = None,
        end: tuple | None = None,
        history: tuple[Situation, ...] = (),
    ) -> None:
        self.eq = eq
        self.phase = phase
        self.circles = circles
        self.white_seat = white_seat
        self.pos = pos
        self.offer = offer
        self.declined = declined
        self.end = end
        #: The situations (:meth:`Position.key`) at the start of the earlier play moves since
        #: the last expropriation or release, oldest first.
        self.history = history
        self._moves: list[Move] | None = None
        self._move_set: frozenset[Move] | None = None
        self._outcome: Outcome | None = None
        self._done = False
        self._by_text: dict[str, Move] | None = None

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def new(cls, board_id: str, set_id: str) -> AmaktaState:
        """The start: seat 0 is to assign circles."""
        eq = equipment(board_id, set_id)
        circles: Circles = ((None,) * len(eq.sets[0]), (None,) * len(eq.sets[1]))
        return cls(eq, CIRCLES, circles, None, Position.start(eq))

    def _replace(self, **changes) -> Self:
        values = {name: getattr(self, name) for name in self.state_fields}
        values.update(changes)
        return type(self)(**values)

    # --- seats and turns ----------------------------------------------------------------------

    @property
    def to_move(self) -> int:  # type: ignore[override]
        if self.offer is not None:
            return 1 - self.offer
        if self.phase == PLAY:
            return self.seat_of(self.pos.turn)
        return 1 if self.phase == COLOUR else 0

    def seat_of(self, colour: int) -> int:
        """The seat playing ``colour`` (before the colour choice: seat 0 for White)."""
        white = self.white_seat if self.white_seat is not None else 0
        return white if colour == WHITE else 1 - white

    def seat_color(self, seat: int, theme) -> tuple[int, int, int] | None:
        """Each seat in its pieces' colour once the colours are chosen; a neutral grey before (no
        red or blue that the game does not have)."""
        colour = self.colour_of(seat)
        if colour is None:
            return theme.text_dim
        return theme.stone_light if colour == WHITE else theme.stone_dark

    def colour_of(self, seat: int) -> int | None:
        if self.white_seat is None:
            return None
        return WHITE if seat == self.white_seat else BLACK

    def seat_label(self, seat: int) -> str:
        colour = self.colour_of(seat)
        if colour is None:
            return _(SEAT_NAMES[seat])
        return _("{colour} ({seat})").format(colour=_(COLOUR_NAMES[colour]), seat=_(SEAT_NAMES[seat]))

    # --- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves of the game (no meta moves: see :meth:`meta_moves`); the list is shared."""
        if self._moves is None:
            self._moves = self._legal()
        return self._moves

    def is_legal(self, move: object) -> bool:
        """True for a move of :meth:`legal_moves` (a set lookup: the lists can be long)."""
        if self._move_set is None:
            self._move_set = frozenset(self.legal_moves())
        try:
            return move in self._move_set
        except TypeError:  # an unhashable value is no move
            return False

    def _playable(self, move: object) -> bool:
        """What :meth:`play` takes: a legal move or a meta move playable now."""
        return self.is_legal(move) or move in self._meta_moves()

    def _legal(self) -> list[Move]:
        if self.outcome is not None:
            return []
        if self.offer is not None:
            return [ACCEPT_DRAW, DECLINE_DRAW]
        return self.pos.moves() if self.phase == PLAY else self.start_moves()

    def start_moves(self) -> list[Move]:
        """The moves of the phases before play (a variant with another start overrides this)."""
        if self.phase == CIRCLES:
            return [CIRCLES_NONE, CIRCLES_SAME_MOVE, CIRCLES_EACH_MOVE]
        if self.phase == COLOUR:
            return [Move("colour", colour=WHITE), Move("colour", colour=BLACK)]
        colour, idx = self.next_circle()
        tag = None if self.phase == CIRCLES_SAME else colour
        return [Move("circle", piece=idx, orient=v, colour=tag) for v in (0, 1, 2)] + [CIRCLES_DONE]

    def _meta_moves(self) -> list[Move]:
        """The meta moves playable now: offering a draw (not again in a turn whose offer was
        declined) and resigning; only resigning while an offer waits for its answer; none once
        the game is over."""
        if self.outcome is not None:
            return []
        if self.offer is not None or self.declined == self.to_move:
            return [RESIGN]
        return [OFFER_DRAW, RESIGN]

    def meta_moves(self) -> list[tuple[str, Move]]:
        """Game actions for a pause menu, with labels: offer a draw or resign; while an offer
        stands, its answers (accept, decline: the legal moves then) and resigning."""
        answers = self.legal_moves() if self.offer is not None else []
        return [(META_LABELS[m.kind], m) for m in (*answers, *self._meta_moves())]

    def next_circle(self) -> tuple[int, int]:
        """(colour, index) of the next piece to get its circle in a piece-by-piece phase."""
        for colour in (WHITE, BLACK):
            for i, v in enumerate(self.circles[colour]):
                if v is None:
                    return colour, i
        raise ValueError("every circle is assigned")

    def play(self, move: Move) -> AmaktaState:
        """The state after ``move``: a legal move or a meta move (offer a draw, resign)."""
        if not self._playable(move):
            raise IllegalMoveError(self.illegal_reason(move))
        return self.play_unchecked(move)

    def illegal_reason(self, move: object) -> str:
        """Why ``move`` is not legal here, one line (a variant adds its own moves' reasons)."""
        if self.outcome is not None:
            return "the game is over"
        if not isinstance(move, Move):
            return f"{move!r} is not an Amakta move"
        try:
            text = self.move_to_text(move)
        except Exception:
            text = move.kind
        if move.kind in PLAY_KINDS and self.phase == PLAY and self.offer is None:
            return f"{text} is not legal: {self.pos.why_illegal(move)}"
        if self.offer is not None:
            return f"{text} is not legal: a draw offer waits for an answer (accept-draw or decline-draw)"
        if move.kind == "offer-draw":
            return "offer-draw is not legal: one offer a turn"
        return f"{text} is not legal now ({self.describe()})"

    def play_unchecked(self, move: Move) -> AmaktaState:
        kind = move.kind
        if kind in META_KINDS:
            if kind == "resign":
                return self._replace(end=("resign", self.to_move), offer=None)
            if kind == "offer-draw":
                return self._replace(offer=self.to_move)
            if kind == "accept-draw":
                return self._replace(end=("agreed",), offer=None)
            return self._replace(offer=None, declined=self.offer)
        if self.phase == PLAY:
            pos = self.pos
            marking = pos.is_marking(move)
            return type(self)(
                self.eq,
                PLAY,
                self.circles,
                self.white_seat,
                pos.apply(move),
                None,
                None,
                None,
                () if marking else (*self.history, pos.key()),
                **self.carried(marking),
            )
        if kind == "colour":
            white = 1 if move.colour == WHITE else 0  # seat 1 chose
            circles = tuple(tuple(v or 0 for v in c) for c in self.circles)
            return self._replace(
                phase=PLAY,
                white_seat=white,
                pos=Position.start(self.eq, circles),  # type: ignore[arg-type]
                declined=None,
                history=(),
            )
        if kind == "circles-none" or kind == "circles-done":
            circles = tuple(tuple(v or 0 for v in c) for c in self.circles)
            return self._with_circles(circles, COLOUR)  # type: ignore[arg-type]
        if kind == "circles-same":
            return self._replace(phase=CIRCLES_SAME, declined=None)
        if kind == "circles-each":
            return self._replace(phase=CIRCLES_EACH, declined=None)
        if kind == "circle":
            colour, idx = self.next_circle()
            lists: list[list[int | None]] = [list(self.circles[0]), list(self.circles[1])]
            lists[colour][idx] = move.orient
            if self.phase == CIRCLES_SAME and idx < len(lists[1 - colour]):
                lists[1 - colour][idx] = move.orient
            chosen = (tuple(lists[0]), tuple(lists[1]))
            done = all(v is not None for c in chosen for v in c)
            return self._with_circles(chosen, COLOUR if done else self.phase)
        raise IllegalMoveError(f"{kind} is not an Amakta move")

    def carried(self, marking: bool) -> dict:
        """What a variant's state carries on to the state after a play move (its own fields), given
        whether the move marks (expropriates or releases)."""
        return {}

    def _with_circles(self, circles: Circles, phase: str) -> AmaktaState:
        shown = (tuple(v or 0 for v in circles[0]), tuple(v or 0 for v in circles[1]))
        return self._replace(
            circles=circles,
            phase=phase,
            pos=Position.start(self.eq, shown),
            declined=None,  # type: ignore[arg-type]
        )

    # --- the end ------------------------------------------------------------------------------

    @property
    def outcome(self) -> Outcome | None:
        if not self._done:
            self._outcome = self.compute_outcome()
            self._done = True
        return self._outcome

    def compute_outcome(self) -> Outcome | None:
        """The outcome (None while the game goes on); :attr:`outcome` keeps it once computed. A
        variant with ends of its own calls this first for the standard ones."""
        if self.end is not None:
            if self.end[0] == "resign":
                loser = self.end[1]
                return Outcome.win(1 - loser, 2, _("{seat} resigned").format(seat=self.seat_label(loser)))
            return Outcome.draw(2, _("draw agreed"))
        if self.phase != PLAY:
            return None
        winner = self.pos.winner()
        if winner is not None:
            return Outcome.win(
                self.seat_of(winner),
                2,
                _("{colour} occupies {other}'s base").format(
                    colour=_(COLOUR_NAMES[winner]), other=_(COLOUR_NAMES[1 - winner])
                ),
            )
        if self.repetitions() >= REPETITION_LIMIT:
            return Outcome.draw(2, _("the same situation for the third time"))
        return None

    def repetitions(self) -> int:
        """How often the current situation has occurred at the start of a move, this time included."""
        if self.phase != PLAY:
            return 1
        return self.history.count(self.pos.key()) + 1  # exact: situations compare in full

    def repetition_key(self) -> tuple[Hashable, ...]:
        return (
            self.phase,
            self.circles,
            self.white_seat,
            self.pos.key(),
            self.pos.turn,
            self.offer,
            self.declined,
        )

    # --- notation -----------------------------------------------------------------------------

    def move_to_text(self, move: Move) -> str:
        kind = move.kind
        if kind in META_KINDS:
            return kind
        if kind.startswith("circles-"):
            return "circles:" + kind[8:]
        if kind == "circle":
            who = "" if move.colour is None else "wb"[move.colour]
            return f"circle:{who}{move.the_piece() + 1}:{CIRCLE_NAMES[move.the_orient()]}"
        if kind == "colour":
            return "colour:" + COLOUR_NAMES[move.the_colour()].lower()
        return self.pos.move_text(move)

    def move_to_words(self, move: Move) -> str:
        """The move for people (:mod:`tafel.games.amakta.words`): ``piece 3 to d4, turned 120°``.

        >>> s = AmaktaState.new("small", "beginner")
        >>> [s.move_to_words(m) for m in s.legal_moves()]
        ['no circles', 'the same circles for both', 'circles for each colour']
        """
        return amakta_words(self, move, _)

    def parse_move(self, text: str) -> Move:
        # A state asked more than once (a move list, a round-trip check) builds a table of its
        # moves' notation; a single question (replaying a game) is read part by part.
        if self._by_text is None:
            self._by_text = {}
        elif not self._by_text and self.legal_moves():
            self._by_text = {self.move_to_text(m): m for m in self.legal_moves()}
        found = self._by_text.get(text)
        if found is not None:
            return found
        move = self.read_move(text)
        if not self._playable(move):
            raise IllegalMoveError(self.illegal_reason(move))
        return move

    def read_move(self, text: str) -> Move:
        """The move ``text`` names, not yet checked for legality (:meth:`parse_move` checks it).
        Raises NotationError for a text that names no move (a variant reads its own moves)."""
        raw = text.strip().lower()
        parts = [p for p in raw.replace(" ", ":").split(":") if p]
        if not parts:
            raise NotationError("empty move")
        kind = parts[0]
        if kind in META_KINDS and len(parts) == 1:
            return Move(kind)
        if kind == "circles" and len(parts) == 2 and parts[1] in ("none", "same", "each", "done"):
            return Move("circles-" + parts[1])
        if kind == "circle" and len(parts) == 3:
            target, word = parts[1], parts[2]
            colour = None
            if target[:1] in ("w", "b"):
                colour, target = (WHITE if target[0] == "w" else BLACK), target[1:]
            if not target.isdigit() or not 1 <= int(target) <= len(self.eq.sets[colour or 0]):
                raise NotationError(f"{text!r}: {parts[1]!r} is not a piece (e.g. 3 or w3)")
            if word not in CIRCLE_READ:
                raise NotationError(f"{text!r}: the circle is none, reinforce or damage")
            return Move("circle", piece=int(target) - 1, orient=CIRCLE_READ[word], colour=colour)
        if kind in ("colour", "color") and len(parts) == 2 and parts[1] in ("white", "black"):
            return Move("colour", colour=WHITE if parts[1] == "white" else BLACK)
        if kind in PLAY_KINDS:
            if self.phase != PLAY:
                raise IllegalMoveError(f"{text}: play moves start after the circles and the colour choice")
            return self.pos.parse_play_move(parts, text)
        raise NotationError(f"{text!r} is not an Amakta move (e.g. place:1:e1:r0, take:d4, pass)")

    def to_text(self) -> str:
        eq = self.eq
        t = self._texts()
        circles = "/".join("".join("?" if v is None else CIRCLE_CHARS[v] for v in c) for c in self.circles)
        set_key = eq.set_keys[0]
        return (
            f"board={eq.board_key} set={set_key} phase={self.phase} white={t['white']} "
            f"turn={t['turn']} circles={circles} cells={t['cells']} inv={t['inv']} "
            f"draw={t['draw']} end={t['end']} seen={t['seen']}"
        )

    def _texts(self) -> dict[str, str]:
        """The values of the position keys every Amakta game writes: white, turn, cells, inv, draw,
        end and seen."""
        pos = self.pos
        name = self.eq.board.name
        if self.offer is not None:
            draw = f"offer{self.offer}"
        elif self.declined is not None:
            draw = f"declined{self.declined}"
        else:
            draw = "-"
        if self.end is None:
            end = "-"
        elif self.end[0] == "resign":
            end = f"resign{self.end[1]}"
        else:
            end = "agreed"
        return {
            "white": "?" if self.white_seat is None else str(self.white_seat),
            "turn": COLOUR_NAMES[pos.turn].lower(),
            "cells": cells_text(pos.cells.items(), name),
            "inv": inv_text(pos.inv),
            "draw": draw,
            "end": end,
            "seen": ";".join(f"{cells_text(k[1], name)}:{inv_text(k[2])}" for k in self.history) or "-",
        }

    @classmethod
    def from_text(cls, text: str, defaults: dict | None = None) -> AmaktaState:
        """A state from its position text (see the module docstring); NotationError otherwise.

        ``defaults`` may give ``board`` and ``set`` when the text leaves them out.
        """
        values = read_tokens(text, _KEYS)
        defaults = defaults or {}
        board_id = values.get("board", defaults.get("board"))
        set_id = values.get("set", defaults.get("set"))
        if not board_id or not set_id:
            raise NotationError("a position needs board=... and set=...")
        try:
            eq = equipment(board_id, set_id)
        except DataError as exc:
            raise NotationError(str(exc)) from None
        return _read_state(eq, values)

    # --- display ------------------------------------------------------------------------------

    def describe(self) -> str:
        if self.outcome is not None:
            return self.outcome.reason
        if self.offer is not None:
            return _("{seat} offers a draw").format(seat=self.seat_label(self.offer))
        return self.describe_phase()

    def describe_phase(self) -> str:
        """Who does what now, the game neither over nor waiting for a draw answer."""
        if self.phase == CIRCLES:
            return _("{seat} assigns circles").format(seat=_(SEAT_NAMES[0]))
        if self.phase in (CIRCLES_SAME, CIRCLES_EACH):
            colour, idx = self.next_circle()
            if self.phase == CIRCLES_SAME:
                text = _("{seat} assigns the circle of piece {n}")
            else:
                text = _("{seat} assigns the circle of {colour} piece {n}")
            return text.format(seat=_(SEAT_NAMES[0]), colour=_(COLOUR_NAMES[colour]), n=idx + 1)
        if self.phase == COLOUR:
            return _("{seat} chooses a colour").format(seat=_(SEAT_NAMES[1]))
        colour = self.pos.turn
        return _("{colour} to move ({seat})").format(
            colour=_(COLOUR_NAMES[colour]), seat=_(SEAT_NAMES[self.seat_of(colour)])
        )

    def __repr__(self) -> str:
        return f"AmaktaState({self.to_text()!r})"


_KEYS = ("board", "set", "phase", "white", "turn", "circles", "cells", "inv", "draw", "end", "seen")


def read_tokens(text: str, keys: tuple[str, ...]) -> dict[str, str]:
    """The ``key=value`` tokens of a position text (``keys`` are the ones allowed).

    >>> read_tokens("board=small set=beginner", _KEYS)
    {'board': 'small', 'set': 'beginner'}
    """
    values: dict[str, str] = {}
    for token in text.split():
        if "=" not in token:
            raise NotationError(f"position token {token!r} is not key=value")
        key, value = token.split("=", 1)
        if key not in keys:
            raise NotationError(f"unknown position key {key!r} (keys: {', '.join(keys)})")
        if key in values:
            raise NotationError(f"position key {key!r} given twice")
        values[key] = value
    return values


def cells_text(cells: Iterable, name) -> str:
    """The ``cells=`` value of pieces on the board, ``(field, piece)`` pairs (``-`` for none);
    ``name`` names a field."""
    out = "/".join(
        f"{'wb'[col]}{idx + 1}{orient_text(ori)}{'x' if ex else ''}@{name(c)}"
        for c, (col, idx, ori, ex) in sorted(cells, key=lambda kv: _order(kv[0]))
    )
    return out or "-"


def inv_text(inv: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    """The ``inv=`` value: White's and Black's pieces in hand."""
    return "/".join(".".join(str(i + 1) for i in hand) or "-" for hand in inv)


def read_cells(text: str, eq: Equipment, n: tuple[int, int], example: str) -> dict:
    """The pieces on the board from ``cells=`` (``-`` for none); ``n`` is the size of each set,
    ``example`` a field for the error messages."""
    cells: dict = {}
    if text == "-":
        return cells
    for entry in text.split("/"):
        piece_text, at, field_text = entry.partition("@")
        if not at or len(piece_text) < 4 or piece_text[0] not in "wb":
            raise NotationError(
                f"cells entry {entry!r}: write like w3r2@{example} (x before @ when expropriated)"
            )
        colour = WHITE if piece_text[0] == "w" else BLACK
        ex = piece_text.endswith("x")
        body = piece_text[1:-1] if ex else piece_text[1:]
        number, r, orient_part = body.partition("r")
        if not number.isdigit() or not r or not 1 <= int(number) <= n[colour]:
            raise NotationError(
                f"cells entry {entry!r}: bad piece number ({COLOUR_NAMES[colour]} has pieces 1..{n[colour]})"
            )
        o = parse_orient("r" + orient_part)
        cell = eq.board.parse_field(field_text)
        if cell in cells:
            raise NotationError(f"cells: two pieces on {field_text}")
        idx = int(number) - 1
        if any(p[0] == colour and p[1] == idx for p in cells.values()):
            raise NotationError(f"cells: {entry[0]}{number} is on the board twice")
        cells[cell] = (colour, idx, eq.normal(colour, idx, o), int(ex))
    return cells


def read_inv(text: str | None, cells: dict, n: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pieces in hand from ``inv=`` (None: every piece not on the board)."""
    on_board = [{p[1] for p in cells.values() if p[0] == c} for c in (WHITE, BLACK)]
    if text is None:
        return (
            tuple(i for i in range(n[0]) if i not in on_board[0]),
            tuple(i for i in range(n[1]) if i not in on_board[1]),
        )
    halves = text.split("/")
    if len(halves) != 2:
        raise NotationError(f"inv={text!r}: give White's and Black's pieces separated by /")
    hands = []
    for c, half in enumerate(halves):
        items = [] if half == "-" else half.split(".")
        if not all(t.isdigit() and 1 <= int(t) <= n[c] for t in items):
            raise NotationError(f"inv={text!r}: {COLOUR_NAMES[c]}'s pieces are 1..{n[c]}, joined by dots")
        idxs = sorted(int(t) - 1 for t in items)
        if len(set(idxs)) != len(idxs):
            raise NotationError(f"inv={text!r}: a piece is listed twice")
        for i in idxs:
            if i in on_board[c]:
                raise NotationError(f"inv: {'wb'[c]}{i + 1} is both in hand and on the board")
        hands.append(tuple(idxs))
    return (hands[0], hands[1])


def read_draw_end(draw: str, end_text: str) -> tuple[int | None, int | None, tuple | None]:
    """(offer, declined, end) from ``draw=`` and ``end=``."""
    offer = declined = None
    if draw.startswith("offer") and draw[5:] in ("0", "1"):
        offer = int(draw[5:])
    elif draw.startswith("declined") and draw[8:] in ("0", "1"):
        declined = int(draw[8:])
    elif draw != "-":
        raise NotationError(f"draw={draw!r}: -, offer0/offer1 or declined0/declined1")
    end: tuple | None = None
    if end_text.startswith("resign") and end_text[6:] in ("0", "1"):
        end = ("resign", int(end_text[6:]))
    elif end_text == "agreed":
        end = ("agreed",)
    elif end_text != "-":
        raise NotationError(f"end={end_text!r}: -, resign0/resign1 or agreed")
    return offer, declined, end


def read_seen(
    text: str, play: bool, eq: Equipment, n: tuple[int, int], example: str
) -> tuple[Situation, ...]:
    """The repetition history from ``seen=``: situations ``CELLS:INV`` joined by ``;`` (kept only
    in the play phase: ``play``); ``n`` and ``example`` as for :func:`read_cells`."""
    if text == "-":
        return ()
    if not play:
        raise NotationError("seen= is kept only in the play phase")
    history = []
    for entry in text.split(";"):
        cells_part, colon, inv_part = entry.partition(":")
        if not colon or ":" in inv_part:
            raise NotationError(
                f"seen={text!r}: give the earlier situations as CELLS:INV (written like cells= and "
                f"inv=, e.g. w1r0@{example}:2.3/1.2.3) joined by ;"
            )
        try:
            cells = read_cells(cells_part, eq, n, example)
            inv = read_inv(inv_part, cells, n)
        except NotationError as exc:
            raise NotationError(f"seen= situation {entry!r}: {exc}") from None
        history.append(situation(cells, inv))
    return tuple(history)


def _order(cell: object) -> tuple:
    # Finite boards number their fields; the unbounded board uses (x, y): sort rows first.
    if isinstance(cell, tuple):
        return (cell[1], cell[0])
    return (cell,)


def _read_state(eq: Equipment, values: dict[str, str]) -> AmaktaState:
    n = (len(eq.sets[0]), len(eq.sets[1]))
    phase = values.get("phase", PLAY)
    if phase not in PHASES:
        raise NotationError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
    white_text = values.get("white", "0" if phase == PLAY else "?")
    if white_text not in ("0", "1", "?"):
        raise NotationError(
            f"white={white_text!r}: give the seat playing White, 0 or 1 (? before the choice)"
        )
    white_seat = None if white_text == "?" else int(white_text)
    if (white_seat is None) != (phase != PLAY):
        raise NotationError("white= is a seat exactly in the play phase")
    turn_text = values.get("turn", "white")
    if turn_text not in ("white", "black"):
        raise NotationError(f"turn={turn_text!r}: white or black")
    turn = WHITE if turn_text == "white" else BLACK
    if phase != PLAY and turn != WHITE:
        raise NotationError("before play starts White is to move")
    # circles
    circ_text = values.get("circles")
    if circ_text is None:
        circles: Circles = (
            ((0,) * n[0], (0,) * n[1]) if phase in (COLOUR, PLAY) else ((None,) * n[0], (None,) * n[1])
        )
    else:
        halves = circ_text.split("/")
        if len(halves) != 2 or len(halves[0]) != n[0] or len(halves[1]) != n[1]:
            raise NotationError(f"circles={circ_text!r}: give {n[0]} and {n[1]} characters separated by /")
        try:
            circles = tuple(tuple(None if ch == "?" else CIRCLE_CHARS.index(ch) for ch in h) for h in halves)  # type: ignore[assignment]
        except ValueError:
            raise NotationError(f"circles={circ_text!r}: use 0, + or - (and ? when unassigned)") from None
    unassigned = sum(v is None for c in circles for v in c)
    if phase in (COLOUR, PLAY) and unassigned:
        raise NotationError("every circle must be assigned once the colour is chosen")
    if phase == CIRCLES and any(v is not None for c in circles for v in c):
        raise NotationError("phase=circles comes before any circle is assigned")
    if phase in (CIRCLES_SAME, CIRCLES_EACH) and not unassigned:
        raise NotationError(f"phase={phase} needs an unassigned circle")
    # pieces on the board, in hand, the draw, the end, the history
    cells = read_cells(values.get("cells", "-"), eq, n, "d4")
    if cells and phase != PLAY:
        raise NotationError("pieces are on the board only in the play phase")
    hands = read_inv(values.get("inv"), cells, n)
    if phase != PLAY and hands != (tuple(range(n[0])), tuple(range(n[1]))):
        raise NotationError("before play starts every piece is in hand")
    offer, declined, end = read_draw_end(values.get("draw", "-"), values.get("end", "-"))
    history = read_seen(values.get("seen", "-"), phase == PLAY, eq, n, "d4")
    shown = tuple(tuple(v or 0 for v in c) for c in circles)
    pos = Position(eq, cells, hands, shown, turn)  # type: ignore[arg-type]
    state = AmaktaState(eq, phase, circles, white_seat, pos, offer, declined, end, history)
    if offer is not None and declined is not None:
        raise NotationError("a draw offer cannot be pending and declined at once")
    return state
