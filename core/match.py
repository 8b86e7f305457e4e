"""A match: one game being played, as plain data the screens, saves and the AI worker share.

A :class:`Match` knows the game, its options and seed, the start position, who plays each
seat (``"human"`` or an agent name such as ``"hard"``) and the whole history: the moves,
their texts and every state, so undo is just dropping the tail.

>>> from tests.ui_toygame import toy_game_def
>>> m = Match(toy_game_def(), players=["human", "easy"])
>>> m.play(m.state.parse_move("b2")).to_move
1
>>> m.move_texts()
['b2']
>>> m.undo(), m.move_texts()
(1, [])
>>> m.redo(), m.move_texts()
(1, ['b2'])
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tafel.ai.base import LEVELS, Limit
from tafel.ai.messages import AIRequest
from tafel.game import FinishedGame, GameDef, GameError, GameState, Move, NotationError, Options
from tafel.i18n import N_, _

if TYPE_CHECKING:
    from tafel.datadir import JSON
    from tafel.registry import Registry

HUMAN = "human"


class SetupError(GameError):
    """A start request or saved match that cannot be set up (bad players list, bad move list, ...)."""


def parse_player(text: str) -> str:
    """A player as stored in a match: ``"human"`` or an agent name.

    >>> parse_player("ai:hard"), parse_player("Human"), parse_player("ai"), parse_player("agent:mcts")
    ('hard', 'human', 'medium', 'mcts')
    """
    if text.strip().lower().startswith("engine:"):  # an external engine keeps its name's case
        return "engine:" + text.strip()[len("engine:") :].strip()
    low = text.strip().lower()
    if low in ("human", "h", "me", "person"):
        return HUMAN
    if low == "ai":
        return "medium"
    for prefix in ("ai:", "agent:"):
        if low.startswith(prefix):
            low = low[len(prefix) :].strip()
            if not low:
                raise SetupError(f"player {text!r}: give an agent after {prefix!r} (e.g. ai:hard)")
            break
    if not low:
        raise SetupError("empty player name")
    return low


def resolve_players(players: Sequence[str] | None, seats: int) -> list[str]:
    """One player per seat: given ones parsed, missing seats filled (seat 0 human, others medium AI).

    >>> resolve_players(["human"], 2)
    ['human', 'medium']
    >>> resolve_players(None, 1)
    ['human']
    """
    given = [parse_player(p) for p in (players or ())]
    if len(given) > seats:
        raise SetupError(
            f"{len(given)} players given but the game has {seats} seat{'s' if seats != 1 else ''}"
        )
    while len(given) < seats:
        given.append(HUMAN if not given else "medium")
    return given


def player_label(player: str) -> str:
    """How the screens name a player.

    >>> player_label("human"), player_label("hard")
    ('Human', 'AI hard')
    """
    if player == HUMAN:
        return _("Human")
    if player.startswith("engine:"):
        return _("Engine: {name}").format(name=player[len("engine:") :])
    if player.startswith("remote:"):  # a person elsewhere (tafel.net.remote)
        return _("Online: {name}").format(name=player[len("remote:") :])
    return _("AI {level}").format(level=_(player) if player in LEVELS else player)


#: The AI levels as :func:`player_label` names them, for the catalog.
LEVEL_WORDS = (N_("easy"), N_("medium"), N_("hard"))


@dataclass
class StartRequest:
    """Go straight into a game from the command line (``python main.py play GAME --players human,ai:hard``).

    ``options`` are values by key (already parsed) or ``K=V`` strings; ``players`` as typed
    (``human``, ``ai:hard``, ``random``); ``position`` a start position in the game's notation;
    ``moves`` move texts to replay from it.
    """

    game_id: str
    options: Options | Sequence[str] = field(default_factory=dict)
    players: Sequence[str] | None = None
    seed: int | None = None
    position: str | None = None
    moves: Sequence[str] = ()


class Match:
    """A game in progress with its full history.

    ``states[0]`` is the start state and ``states[i + 1]`` the state after ``moves[i]``;
    ``texts[i]`` is ``moves[i]`` in the game's notation (taken before it was played).

    Undone moves wait on a redo stack (one group per undo) until another move is played.
    ``hints`` and ``undos`` count what the players used (solo records read them); ``id`` names
    the match in saves and the history.
    """

    def __init__(
        self,
        game: GameDef,
        options: Options | None = None,
        *,
        seed: int | None = None,
        position: str | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.options: Options = game.resolve_options(options)
        if game.random_setup and seed is None:
            seed = random.randrange(1, 2**31)
        self.seed = seed if game.random_setup else None
        self.start_position = position
        if position is not None:
            start = game.parse_position(position, self.options)
        else:
            start = game.new_state(self.options, self.seed)
        self.players = resolve_players(players, start.players)
        self.moves: list[Move] = []
        self.texts: list[str] = []
        self.states: list[GameState] = [start]
        self.id = uuid.uuid4().hex[:16]
        self.created = time.time()
        self.hints = 0
        self.undos = 0
        #: Seats whose external engine is no longer configured (seat, engine name), set when a save
        #: is resumed (tafel.saves); the play screen says so once and clears it.
        self.missing_engines: list[tuple[int, str]] = []
        #: Groups of undone moves, the latest undo last.
        self._redo: list[list[Move]] = []

    # --- construction helpers -------------------------------------------------------------

    @classmethod
    def from_request(cls, registry: Registry, request: StartRequest) -> Match:
        """A match set up as ``request`` says, its moves replayed. Raises GameError subclasses."""
        game = registry.game(request.game_id)
        if isinstance(request.options, dict):
            options = game.resolve_options(request.options)
        else:
            options = game.parse_options(list(request.options))
        match = cls(game, options, seed=request.seed, position=request.position, players=request.players)
        for player in match.players:
            if player != HUMAN and player not in LEVELS and not player.startswith("engine:"):
                registry.agent(player, game.id)
        match.replay(request.moves)
        return match

    def replay(self, texts: Sequence[str]) -> None:
        """Play move texts in order. Raises NotationError naming the first bad one."""
        for i, text in enumerate(texts):
            try:
                self.play(self.state.parse_move(text))
            except GameError as exc:
                raise NotationError(f"move {i + 1} ({text!r}): {exc}") from None

    def restarted(self, *, new_seed: bool = False) -> Match:
        """The same setup from its start (a fresh random setup when ``new_seed``)."""
        seed = None if new_seed else self.seed
        options = self.options
        if new_seed and self.game.random_setup and isinstance(options.get("seed"), int):
            # The game names its setup seed as an option too (see SetupScene.seed_option).
            seed = random.randrange(1, 1_000_000)
            options = dict(options, seed=seed)
        return Match(self.game, options, seed=seed, position=self.start_position, players=self.players)

    # --- state --------------------------------------------------------------------------------

    @property
    def start(self) -> GameState:
        return self.states[0]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def previous(self) -> GameState | None:
        """The state before the last move (None at the start)."""
        return self.states[-2] if len(self.states) > 1 else None

    @property
    def last_move(self) -> Move | None:
        return self.moves[-1] if self.moves else None

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def seat_names(self) -> list[str]:
        names = list(self.game.shown_names(self.options))  # in the current language
        while len(names) < self.seats:
            names.append(_("Player {n}").format(n=len(names) + 1))
        return names

    def is_human(self, seat: int) -> bool:
        return self.players[seat] == HUMAN

    @property
    def human_seats(self) -> frozenset[int]:
        return frozenset(i for i, p in enumerate(self.players) if p == HUMAN)

    @property
    def ply(self) -> int:
        return len(self.moves)

    def finished(self) -> FinishedGame:
        """This match as ``GameDef.on_finished`` receives it (its current state is the last)."""
        return FinishedGame(
            game_id=self.game.id,
            options=dict(self.options),
            seed=self.seed,
            state=self.state,
            players=tuple(self.players),
            moves=len(self.moves),
            undos=self.undos,
            hints=self.hints,
            match_id=self.id,
        )

    def move_texts(self) -> list[str]:
        return list(self.texts)

    # --- playing ---------------------------------------------------------------------------------

    def play(self, move: Move) -> GameState:
        """Play ``move`` in the current state and return the new state.

        Raises IllegalMoveError (from the game) for a move that is not legal; the match is
        unchanged then.
        """
        after = self._play(move)
        self._redo.clear()
        return after

    def _play(self, move: Move) -> GameState:
        before = self.state
        # The move is checked here, once (the game's play raises IllegalMoveError), before
        # anything else is asked of it: a person's move enters the match unchecked.
        after = before.play(move)
        text = before.move_to_text(move)
        self.moves.append(move)
        self.texts.append(text)
        self.states.append(after)
        return after

    @property
    def features(self) -> frozenset[str]:
        """The game's feature flags for these options (``GameDef.features(options)``; none when it
        fails: a plugin bug must not stop the game)."""
        try:
            return self.game.flags(self.options)
        except Exception:
            return frozenset()

    @property
    def undo_allowed(self) -> bool:
        """False for games that declare the feature ``no-undo`` (undo, redo and forks are off)."""
        return "no-undo" not in self.features

    @property
    def can_undo(self) -> bool:
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        return bool(self._redo) and self.undo_allowed

    def _undo_count(self) -> int:
        if not self.moves or not self.undo_allowed:
            return 0
        if not self.human_seats:
            return 1
        for k in range(len(self.moves) - 1, -1, -1):
            state = self.states[k]
            if self.is_human(state.to_move) and not state.is_over and not state.is_forced_pass():
                return len(self.moves) - k
        return 0

    def undo(self) -> int:
        """Take back moves and return how many (0 when there is nothing to take back).

        With a human at the screen this goes back to the latest earlier position where a
        human is to move (so the AI's replies go too), skipping forced passes; without
        humans (AI against AI), one move.
        """
        count = self._undo_count()
        if count:
            group = [self._pop() for _ in range(count)]
            self._redo.append(group[::-1])
            self.undos += 1
        return count

    def redo(self) -> int:
        """Play again the moves the latest undo took back; returns how many (0: nothing to redo).

        >>> from tests.ui_toygame import toy_game_def
        >>> m = Match(toy_game_def(), players=["human", "easy"])
        >>> for t in ("a1", "b1"): _ = m.play(m.state.parse_move(t))
        >>> m.undo(), m.redo(), m.move_texts(), m.can_redo
        (2, 2, ['a1', 'b1'], False)
        """
        if not self.can_redo:
            return 0
        group = self._redo.pop()
        for i, move in enumerate(group):
            try:
                self._play(move)
            except GameError:
                # Cannot happen with immutable states; drop what no longer fits rather than fail.
                del group[i:]
                break
        return len(group)

    def fork(self, ply: int) -> int:
        """Go back to the position after ``ply`` moves to play on from there ("resume from here").

        The moves after it become one redo group. Returns how many moves were taken back.
        """
        if not self.undo_allowed or not 0 <= ply < len(self.moves):
            return 0
        count = len(self.moves) - ply
        group = [self._pop() for _ in range(count)]
        self._redo.append(group[::-1])
        self.undos += 1
        return count

    def _pop(self) -> Move:
        self.texts.pop()
        self.states.pop()
        return self.moves.pop()

    def ai_request(
        self, seat: int | None = None, limit: Limit | None = None, agent: str | None = None
    ) -> AIRequest:
        """The request for the AI worker to choose the move of ``seat`` (default: the seat to move).

        ``agent`` overrides the seat's player (hints ask the ``hard`` agent for a human's seat);
        ``limit`` None lets the agent search for its own default budget.
        """
        if seat is None:
            seat = self.state.to_move
        if agent is None:
            agent = self.players[seat]
            if agent == HUMAN:
                raise SetupError(f"seat {seat + 1} is played by a human")
        return AIRequest(
            game_id=self.game.id,
            options=dict(self.options),
            seed=self.seed,
            start_position=self.start_position,
            moves=list(self.texts),
            seat=seat,
            agent=agent,
            limit=limit,
        )

    # --- saving ------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly record of the match (setup and move texts).

        >>> from tests.ui_toygame import toy_game_def
        >>> m = Match(toy_game_def(), players=["human", "human"])
        >>> _ = m.play(m.state.parse_move("a1"))
        >>> d = m.to_dict(); d["game"], d["moves"]
        ('tictactoe-toy', ['a1'])
        """
        return {
            "game": self.game.id,
            "version": self.game.version,
            "options": dict(self.options),
            "seed": self.seed,
            "position": self.start_position,
            "players": list(self.players),
            "moves": list(self.texts),
            "id": self.id,
            "created": self.created,
            "hints": self.hints,
            "undos": self.undos,
        }

    @classmethod
    # A save's JSON object, its shape checked by tafel.saves before it comes here.
    def from_dict(cls, data: dict[str, JSON], registry_or_game: Registry | GameDef) -> Match:
        """A match from :meth:`to_dict` output, its moves replayed. Raises GameError subclasses."""
        if isinstance(registry_or_game, GameDef):
            game = registry_or_game
            if data.get("game") not in (None, game.id):
                raise SetupError(f"saved match is for {data.get('game')!r}, not {game.id!r}")
        else:
            try:
                game_id = data["game"]
            except KeyError:
                raise SetupError("saved match has no game id") from None
            game = registry_or_game.game(game_id)
        match = cls(
            game,
            data.get("options") or {},
            seed=data.get("seed"),
            position=data.get("position"),
            players=data.get("players"),
        )
        match.replay(data.get("moves") or [])
        if isinstance(data.get("id"), str) and data["id"]:
            match.id = data["id"]
        for key in ("created", "hints", "undos"):
            value = data.get(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
                setattr(match, key, type(getattr(match, key))(value))
        return match

    def __repr__(self) -> str:
        return f"<Match {self.game.id} players={self.players} ply={self.ply}>"
