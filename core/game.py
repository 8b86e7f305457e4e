"""The game contract: what a plugin hands the core for each game it offers.

A game is a :class:`GameDef` (metadata, options, factories) plus a state class derived from
:class:`GameState`. States are values: ``play`` returns a new state and never changes the old
one, so undo, replay, saves and AI search all work on plain sequences of states.

Everything a player does is a move, setup steps included. A move is any hashable, comparable
value (plugins use small frozen dataclasses); the core only ever handles moves through the state
that produced them and turns them into text with :meth:`GameState.move_to_text`.

What a game keeps of the games played at the screen is part of the contract too: a
:class:`FinishedGame` is what ``GameDef.on_finished`` receives, a :class:`RecordsTable` what
``GameDef.records`` gives the core's Records screen; and a :class:`Tutorial` (steps of
:class:`TutorialStep`) is the guided first game ``GameDef.tutorial`` declares, which
:mod:`tafel.tutorial` checks and plays out.

>>> from tafel.game import Outcome
>>> Outcome.win(0, 2, "no stones left").rewards
(1.0, 0.0)
>>> Outcome.draw(2, "repetition").winners
()
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Hashable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, cast

from tafel.i18n import GameTexts

if TYPE_CHECKING:
    from tafel.engine_protocol import EngineProtocol
    from tafel.ui.theme import Theme

Move = Hashable
"""Any hashable value a game uses for a move (usually a frozen dataclass)."""

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    # Any by default: the core handles any game's moves as opaque values; a game names its own
    # (class ChessState(GameState[ChessMove])) and the type checker follows them through its code.
    MoveT = TypeVar("MoveT", bound=Hashable, default=Any)
else:
    from typing import TypeVar

    MoveT = TypeVar("MoveT", bound=Hashable)

OptionValue = str | int | bool
"""An option's value: a choice's key, on or off, a whole number, or a text."""

# Any: a game reads its own options as the types it declared them with; values typed OptionValue
# would make every read in every game a cast.
Options = dict[str, Any]
"""Option values by key, always complete (defaults filled in by :meth:`GameDef.resolve_options`)."""


def one_line(exc: BaseException) -> str:
    """An exception as one line with its type, for messages on screen and on the command line.

    >>> one_line(ValueError("bad move" + chr(10) + "(details)"))
    'ValueError: bad move'
    >>> one_line(KeyError())
    'KeyError'
    """
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


class GameError(ValueError):
    """Base of every error a game raises about bad input; the message is one line for users."""


class NotationError(GameError):
    """A position or move text that cannot be read."""


class IllegalMoveError(GameError):
    """A well-formed move that is not legal in the position."""


class OptionError(GameError):
    """An option key or value the game does not accept."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``rewards`` holds one number per seat in [0, 1]: 1 for a win, 0 for a loss,
    0.5 each for a two-player draw; multi-player games give shares by rank and a
    solo game gives 1 for a win and its progress (below 1) for a loss. AI agents
    maximise their own seat's reward. ``scores`` are what the screen shows
    (stones, triplets, ...), and ``reason`` says why the game ended. ``headline`` is an optional
    title for the game-over card ("Team B wins!") where "who won" is not simply the winning
    seats' names; without it the core names the winners.
    """

    rewards: tuple[float, ...]
    reason: str
    scores: tuple[float, ...] | None = None
    headline: str = ""

    @classmethod
    def win(cls, winner: int, players: int, reason: str, scores: Sequence[float] | None = None) -> Outcome:
        rewards = tuple(1.0 if p == winner else 0.0 for p in range(players))
        return cls(rewards, reason, tuple(scores) if scores is not None else None)

    @classmethod
    def draw(cls, players: int, reason: str, scores: Sequence[float] | None = None) -> Outcome:
        return cls(tuple(0.5 for _ in range(players)), reason, tuple(scores) if scores is not None else None)

    @classmethod
    def ranked(cls, scores: Sequence[float], reason: str) -> Outcome:
        """Rewards from scores for two or more seats: higher is better, ties share.

        >>> Outcome.ranked([3, 5, 5], "no stack of three left").rewards
        (0.0, 0.75, 0.75)
        """
        n = len(scores)
        if n == 1:
            raise ValueError("ranked outcomes need two or more seats")
        rewards = []
        for s in scores:
            below = sum(1 for t in scores if t < s)
            equal = sum(1 for t in scores if t == s) - 1
            rewards.append((below + 0.5 * equal) / (n - 1))
        return cls(tuple(rewards), reason, tuple(scores))

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the best reward, or () when every seat has the same (a draw).

        A solo game has a winner only when its reward is 1.
        """
        if len(self.rewards) == 1:
            return (0,) if self.rewards[0] >= 1.0 else ()
        best = max(self.rewards)
        if all(r == best for r in self.rewards):
            return ()
        return tuple(i for i, r in enumerate(self.rewards) if r == best)

    @property
    def is_draw(self) -> bool:
        return len(self.rewards) > 1 and not self.winners


class GameState(Generic[MoveT]):
    """Base class of every game state. Subclasses are immutable values.

    Required: ``to_move``, ``players``, :meth:`legal_moves`, :meth:`play`, :attr:`outcome`,
    :meth:`to_text`, :meth:`move_to_text`, :meth:`parse_move`; the rest have defaults.

    Generic in the game's move type for a type checker: ``class ChessState(GameState[ChessMove])``
    lets it follow the game's moves through ``play`` and ``legal_moves``; a bare ``GameState`` (the
    core's view) takes any move.
    """

    #: Seat whose turn it is (0-based). Meaningless once ``outcome`` is set.
    to_move: int
    #: Number of seats in this game.
    players: int

    def legal_moves(self) -> list[MoveT]:
        """Every legal move, in a stable order. Empty exactly when the game is over."""
        raise NotImplementedError

    def play(self, move: MoveT) -> GameState[MoveT]:
        """The state after ``move``. Raises :class:`IllegalMoveError` for a move not in ``legal_moves``.

        Search code that knows a move is legal calls :meth:`play_unchecked`, which may skip the check.
        """
        raise NotImplementedError

    def play_unchecked(self, move: MoveT) -> GameState[MoveT]:
        """Like :meth:`play` for a move known to be legal; games override it to skip checks."""
        return self.play(move)

    def is_legal(self, move: object) -> bool:
        """True when ``move`` is one of :meth:`legal_moves` (meta moves are not). The play screen
        checks a person's move with it; games with long move lists override it (a set, or the
        rules asked directly) so one question does not scan the whole list."""
        try:
            return move in self.legal_moves()
        except TypeError:  # a value that cannot even be compared is no move
            return False

    @property
    def outcome(self) -> Outcome | None:
        """None while the game runs; how it ended once it is over."""
        raise NotImplementedError

    def repetition_key(self) -> Hashable:
        """What counts as 'the same position' for repetition rules and transposition tables."""
        return self.to_text()

    def forcing_moves(self) -> list[MoveT] | None:
        """For the generic alpha-beta's leaves (PLUGINS.md, section 9): when the side to move has
        only a few sensible moves that settle the position sharply (a win to take, a threat of
        the opponent's to stop), all of them; None (the default) when ``evaluate`` can judge the
        position as it stands. The search plays these moves past its depth until a position says
        None. They must be all that matters: the search looks at nothing else there."""
        return None

    # --- notation -----------------------------------------------------------------------

    def to_text(self) -> str:
        """The position in the game's notation; ``GameDef.parse_position`` reads it back."""
        raise NotImplementedError

    def move_to_text(self, move: MoveT) -> str:
        """A move of this position in the game's notation."""
        raise NotImplementedError

    def parse_move(self, text: str) -> MoveT:
        """The legal move that ``text`` names here. Raises NotationError or IllegalMoveError."""
        raise NotImplementedError

    def move_to_words(self, move: MoveT) -> str:
        """A move of this position named for people, short and in the current language (the
        plugin's own catalog): ``"piece 14 to e1, turned 120°"`` where the notation says
        ``place:14:e1:r2``. Screens show these words (move list, hints, review, history); the
        notation stays what saves, engines and the command line's machine lines use. The default
        is the notation, which suits games whose notation already reads as words (``e4``, ``b2c3``);
        a game whose notation joins parts with ``:`` must give words (the conformance check asks).
        """
        return self.move_to_text(move)

    def parse_move_or_none(self, text: str) -> MoveT | None:
        try:
            return self.parse_move(text)
        except GameError:
            return None

    # --- hidden information -------------------------------------------------------------

    def view_for(self, seat: int) -> GameState[MoveT]:
        """What ``seat`` may see. Perfect-information games return ``self``.

        Games with hidden pieces return a state whose hidden parts are unknown; such a
        view must still offer ``legal_moves`` (what the seat may try) and
        :meth:`determinize` so search can sample what it cannot see.
        """
        return self

    def determinize(self, rng: random.Random) -> GameState[MoveT]:
        """A full state consistent with this view, hidden parts sampled with ``rng``."""
        return self

    @property
    def has_hidden_information(self) -> bool:
        return False

    # --- helpers --------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def is_forced_pass(self) -> bool:
        """True when the only move is a pass the core may play without asking the player."""
        return False

    def seat_color(self, seat: int, theme: Theme) -> tuple[int, int, int] | None:
        """The colour the side panel shows for ``seat`` (e.g. a stone colour that may change after a
        pie swap); None means the theme's seat colour. ``theme`` is a :class:`tafel.ui.theme.Theme`."""
        return None

    def meta_moves(self) -> list[tuple[str, MoveT]]:
        """Legal moves made from the pause menu rather than on the board, with labels
        (``[("Offer a draw", m), ("Resign", m2)]``). The core lists them there; default none."""
        return []

    def describe(self) -> str:
        """A short status line for the HUD (e.g. 'Red 12 - Blue 9'); optional."""
        return ""


@dataclass(frozen=True)
class Option:
    """One setup option a game declares.

    ``kind`` is ``"choice"`` (value from ``choices``), ``"bool"``, ``"int"`` (within ``minimum``..
    ``maximum``) or ``"text"``. ``choices`` are (value, label) pairs. ``when`` makes the option
    matter only for some values of another option: ``("mode", ("competitive",))`` shows it in
    setup only while ``mode`` is ``"competitive"`` (it keeps its value meanwhile).

    >>> opt = Option("players", "Players", "int", 2, when=("mode", ("competitive",)))
    >>> opt.applies({"mode": "solo"}), opt.applies({"mode": "competitive"})
    (False, True)
    """

    key: str
    label: str
    kind: str
    default: OptionValue
    choices: tuple[tuple[OptionValue, str], ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""
    when: tuple[str, tuple[OptionValue, ...]] | None = None

    def applies(self, values: Options) -> bool:
        """False when ``when`` names another option whose current value leaves this one unused."""
        if self.when is None:
            return True
        key, allowed = self.when
        return key not in values or values[key] in allowed

    def parse(self, text: str) -> OptionValue:
        """The value that ``text`` names, as typed on a command line (``K=V``)."""
        if self.kind == "bool":
            low = text.strip().lower()
            if low in ("1", "true", "yes", "on"):
                return True
            if low in ("0", "false", "no", "off"):
                return False
            raise OptionError(f"option {self.key}: expected on/off, got {text!r}")
        if self.kind == "int":
            try:
                number = int(text)
            except ValueError:
                raise OptionError(f"option {self.key}: expected a whole number, got {text!r}") from None
            return self.validate(number)
        if self.kind == "choice":
            for value, label in self.choices:
                if str(value) == text or label.lower() == text.lower():
                    return value
            names = ", ".join(str(v) for v, _ in self.choices)
            raise OptionError(f"option {self.key}: {text!r} is not one of {names}")
        return text

    def validate(self, value: object) -> OptionValue:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.key}: expected true or false, got {value!r}")
        elif self.kind == "int":
            if not isinstance(value, int) or isinstance(value, bool):
                raise OptionError(f"option {self.key}: expected a whole number, got {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.key}: {value} is below {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.key}: {value} is above {self.maximum}")
        elif self.kind == "choice":
            if value not in [v for v, _ in self.choices]:
                raise OptionError(f"option {self.key}: {value!r} is not a choice")
        return cast(OptionValue, value)  # checked above; a text option takes the text it is given

    def label_of(self, value: object) -> str:
        if self.kind == "bool":
            return "on" if value else "off"
        for v, label in self.choices:
            if v == value:
                return label
        return str(value)


def _default_seat_names(options: Options, players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


@dataclass
class GameDef(GameTexts):
    """Everything the core needs to offer one game. Plugins pass these to ``register``.

    Factories are plain callables and the view may be named by a text, so a plugin imports its
    heavy parts (renderer, AI tables) only when a game is actually started.

    - ``new_state(options, seed)``: the initial state (``seed``: an int for a random setup, else None).
    - ``parse_position(text, options)``: a state from its notation (raises NotationError).
    - ``seat_count(options)``: how many seats a game with these options has.
    - ``seat_names(options)``: a display name per seat ("Red", "Blue").
    - ``view``: the :class:`tafel.view.BoardView` subclass, or ``"module:Class"`` (``".view:V"``
      is relative to the plugin's package) imported when a game starts (:meth:`view_class`).
    - ``features(options)``: the feature flags for these options (:meth:`flags`).
    - ``evaluate(state, seat)``: heuristic value of ``state`` for ``seat`` (higher is
      better, roughly in [-1, 1]) for the generic greedy and alpha-beta agents.
    """

    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    new_state: Callable[[Options, int | None], GameState]
    parse_position: Callable[[str, Options], GameState]
    options: tuple[Option, ...] = ()
    rules: str = ""
    version: str = "1"
    #: The board view: a ``BoardView`` subclass or ``"module:Class"``; None: a plain list of moves.
    view: type | str | None = None
    evaluate: Callable[[GameState, int], float] | None = None
    seat_count: Callable[[Options], int] | None = None
    seat_names: Callable[[Options], list[str]] | None = None
    #: The seat colours by name, from the theme's palettes: "red-blue" (default), "black-white",
    #: "contrast" or "four" (:mod:`tafel.ui.theme`); views get them as ``ctx.theme.seat(i)``.
    palette: str | None = None
    random_setup: bool = False
    #: Optional fast move counter ``perft(state, depth)`` (same counts as the generic one).
    perft: Callable[[GameState, int], int] | None = None
    #: Optional ``features(options)``: the flags the core understands for a game with these options,
    #: a set of str: "no-undo" (undo, redo and forks are off; a variant with hidden pieces may set it).
    features: Callable[[Options], Set[str]] | None = None
    #: Optional ``difficulty(options, seed) -> (label, rate)``: "easy" .. "very hard", the win rate (slow)
    difficulty: Callable[[Options, int], tuple[str, float] | None] | None = None
    #: Optional ``on_finished(FinishedGame) -> list[str]``: called once, on the UI thread, when a
    #: game with a person at the screen ends (not replays, demos or AI-only games). Keep records
    #: here; the lines returned ("New record: ...") are shown on the game-over card.
    on_finished: Callable[[FinishedGame], Sequence[str]] | None = None
    #: Optional ``records() -> RecordsTable``: the game's own records, shown on a Records screen
    #: opened from its setup screen, its game-over card and the statistics screen.
    records: Callable[[], RecordsTable] | None = None
    #: Optional: a guided first game, offered from setup (played out by :mod:`tafel.tutorial`).
    tutorial: Tutorial | None = None
    #: Optional ``tafel.EngineProtocol``: external engines speaking it can play this game.
    engine_protocol: EngineProtocol | None = None
    #: Optional ``tafel.PuzzleSupport``: the game's puzzles (themes, shipped set, move values) for
    #: the puzzle room and ``python main.py puzzles`` (:mod:`tafel.puzzles`). Typed ``Any``: the
    #: contract sits below the puzzle service, and naming its class here would close a cycle.
    puzzles: Any = None
    #: Optional moves (the game's notation) the menu's picture plays from the default setup (seed 1)
    #: to show a game under way, for a game that opens with an auction or a set-up phase; without
    #: them it plays a few random moves (:func:`tafel.ui.scenes.previews.preview_position`).
    preview_moves: Sequence[str] = ()
    #: Optional templates of the reasons the game's agents give a hint (``info["reason"]``:
    #: ``"captures {n} stones"`` with its value filled in), written in English where they are made
    #: (an AI runs in its own process) and shown in the player's language: each is a msgid of the
    #: plugin's catalog (:meth:`translate`, :func:`tafel.i18n.reword`).
    reasons: Sequence[str] = ()
    #: Set by the registry: the plugin that registered this game.
    plugin: str = ""
    translated_rules: Mapping[str, str] = field(default_factory=dict)  # {"de": text}: GameTexts.rules_text
    #: Set by the registry: the plugin's package, which a relative ``view`` names (``".view:V"``).
    package: str = ""

    @property
    def players_label(self) -> str:
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def option(self, key: str) -> Option:
        for opt in self.options:
            if opt.key == key:
                return opt
        known = ", ".join(o.key for o in self.options) or "none"
        raise OptionError(f"{self.id} has no option {key!r} (options: {known})")

    def resolve_options(self, given: Mapping[str, object] | None = None) -> Options:
        """Defaults filled in, every given value validated."""
        values = {opt.key: opt.default for opt in self.options}
        for key, value in (given or {}).items():
            values[key] = self.option(key).validate(value)
        return values

    def parse_options(self, pairs: Sequence[str]) -> Options:
        """Options from command-line ``K=V`` strings.

        Raises OptionError on an unknown key or a bad value.
        """
        given: dict[str, OptionValue] = {}
        for pair in pairs:
            if "=" not in pair:
                raise OptionError(f"option {pair!r} must look like KEY=VALUE")
            key, text = pair.split("=", 1)
            given[key.strip()] = self.option(key.strip()).parse(text.strip())
        return self.resolve_options(given)

    def seats(self, options: Options) -> int:
        if self.seat_count is not None:
            return self.seat_count(options)
        return self.min_players

    def flags(self, options: Options) -> frozenset[str]:
        """The feature flags of a game with ``options`` (``features(options)``; none without it)."""
        if self.features is None:
            return frozenset()
        return frozenset(self.features(options))

    def view_class(self) -> type | None:
        """The board view class, imported now when ``view`` names it; None without a view. Raises
        ImportError (naming the game) when it cannot be found, TypeError for a bad ``view``.

        >>> GameDef("g", "G", "", 1, 1, None, None, view="collections:OrderedDict").view_class()
        <class 'collections.OrderedDict'>
        """
        view = self.view
        if view is None or isinstance(view, type):
            return view
        if not isinstance(view, str) or view.count(":") != 1:
            raise TypeError(
                f"game {self.id}: view must be a BoardView subclass or 'module:Class', got {view!r}"
            )
        module_name, _, class_name = view.partition(":")
        anchor = None
        if module_name.startswith("."):
            anchor = self.package or _package_of(self.new_state)
            if not anchor:
                raise ImportError(f"game {self.id}: view {view!r} is relative, but the game has no package")
        try:
            module = importlib.import_module(module_name, anchor)
        except ImportError as exc:
            raise ImportError(f"game {self.id}: view {view!r}: {one_line(exc)}") from exc
        found = getattr(module, class_name, None)
        if not isinstance(found, type):
            raise ImportError(f"game {self.id}: view {view!r}: {module.__name__} has no class {class_name}")
        return found

    def names(self, options: Options) -> list[str]:
        n = self.seats(options)
        if self.seat_names is not None:
            return list(self.seat_names(options))
        return _default_seat_names(options, n)


def _package_of(function: object) -> str:
    """The package of the module where ``function`` was defined ("" when unknown)."""
    module = sys.modules.get(getattr(function, "__module__", None) or "")
    return (getattr(module, "__package__", None) or "") if module is not None else ""


# --- what a game keeps of the games played at the screen ----------------------------------------


@dataclass(frozen=True)
class FinishedGame:
    """A game that just ended at the screen, as ``GameDef.on_finished`` receives it.

    ``players``: per seat ``"human"`` or the agent's name. ``undos`` and ``hints`` count what the
    people used (puzzles keep records of them).
    """

    game_id: str
    options: Options
    seed: int | None
    state: GameState
    players: tuple[str, ...]
    moves: int
    undos: int = 0
    hints: int = 0
    match_id: str = ""

    @property
    def human_seats(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.players) if p == "human")


@dataclass(frozen=True)
class RecordsTable:
    """A game's records for the core's Records screen: column headers with their share of the
    width, and rows of texts (best first). ``note`` is one line under the title.

    >>> t = RecordsTable("Solo records", (("Deal", 1.0), ("Best", 1.0)), (("42", "solved"),))
    >>> t.rows[0][1]
    'solved'
    """

    title: str
    columns: tuple[tuple[str, float], ...]
    rows: tuple[tuple[str, ...], ...] = ()
    note: str = ""
    empty: str = "No records yet: finish a game to set the first."
    summary: tuple[str, ...] = ()  # lines under the rows (a puzzle's streaks and win rates)


# --- a guided first game (played out and checked by tafel.tutorial) -------------------------------


@dataclass(frozen=True)
class TutorialStep:
    """One step: ``move`` (the learner's move, as text), ``say`` (the words asking for it: "Click
    your stone on g1, then the empty square f2"), ``rule`` (the rule it shows, one or two short
    sentences) and ``reply`` (the other seat's answer, as text; "" for none)."""

    move: str
    say: str
    rule: str = ""
    reply: str = ""


@dataclass(frozen=True)
class Tutorial:
    """A guided first game: ``steps`` played from ``position`` (the game's notation; None: the
    start) with ``options`` (``K=V`` texts; the rest are the defaults) and ``seed`` (a random
    setup's deal). ``intro`` is shown before the first step's words, ``outro`` when the steps
    are done and the game goes on."""

    steps: tuple[TutorialStep, ...]
    position: str | None = None
    options: tuple[str, ...] = ()
    seed: int | None = None
    intro: str = ""
    outro: str = "Well done! The game goes on from here against the AI."
