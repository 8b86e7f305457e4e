"""Who plays each seat of a match, behind one interface.

A seat is played by a person at this screen (``"human"``: the board view gives their moves), or
its moves come from a :class:`MoveSource`: asked with a request, answering later (never on the
frame's time), cancelled when the position changes under it. Sources today:

- the AI worker (:class:`tafel.ai.worker.AIWorker`, a synchronous fake in the tests) for the
  built-in levels and agents (``"easy"``, ``"hard"``, ``"mcts"``, ...);
- the engine router (:class:`tafel.engine_router.EngineRouter`) for ``"engine:NAME"`` seats.

A player elsewhere (online play) is one more source, registered under its prefix
(``Seats(..., sources={"remote:": make_remote})``): the turn controller asks it as it asks
the AI, and its moves enter the match the way the AI's do. Such a source also shares the whole
game (:class:`SharedGame`): the screen tells it the moves made here, asks it for undo, draw,
resign and rematch, and takes the other side's offers and the room's game from it
(:mod:`.shared`). Hints still come from the AI worker.

>>> seats = Seats(worker=None, make_worker=lambda: "worker", sources={"engine:": lambda: "router"})
>>> seats.is_person("human"), seats.is_person("hard")
(True, False)
>>> seats.prefix_of("engine:stockfish"), seats.prefix_of("hard")
('engine:', None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

from tafel.ai.messages import AIRequest
from tafel.match import HUMAN

if TYPE_CHECKING:
    from tafel.ai.base import AgentInfo
    from tafel.net.guest import GuestView
    from tafel.net.remote import RemoteEvent


class Answer(Protocol):
    """An answer of a move source (:class:`tafel.ai.worker.AIResult`): a move text or an error."""

    @property
    def generation(self) -> int: ...

    @property
    def move_text(self) -> str | None: ...

    @property
    def error(self) -> str | None: ...

    @property
    def info(self) -> AgentInfo | None:
        """The agent's own figures (depth, value, a reason): shapes differ by agent."""
        ...


class MoveSource(Protocol):
    """Where the moves of a seat not played at this screen come from. A source may also have
    ``start()`` (called when a game with such a seat opens) and ``busy`` (False: nothing is
    being searched, so a request unanswered for long was lost)."""

    def request(self, req: AIRequest) -> int:
        """Ask for a move (:meth:`tafel.match.Match.ai_request`); returns the request's generation."""
        ...

    def poll(self) -> Answer | None:
        """The next answer, if one arrived; never waits."""
        ...

    def cancel(self) -> None:
        """Stop the search under way; its answer is not wanted any more."""
        ...


class SharedGame(MoveSource, Protocol):
    """A move source that plays a game shared with a player elsewhere (:class:`tafel.net.remote.
    RemoteSource`): the room's game is the true one, this screen's board follows it."""

    plays_passes: bool

    @property
    def game(self) -> GuestView | None:
        """The room's game (:class:`tafel.net.guest.GuestView`), None before it arrives."""
        ...

    @property
    def my_seat(self) -> int | None: ...

    def news(self) -> list[RemoteEvent]:
        """The room's events since the last call (``kind``, ``text``, ``data``)."""
        ...

    def follow(self, board: list[str], movers: list[int]) -> None:
        """The board's moves and who made each: this side's new move goes to the room."""
        ...

    def ask(self, kind: str) -> None: ...

    def answer(self, kind: str, yes: bool) -> None: ...

    def name_of(self, seat: int) -> str: ...

    def seat_note(self, seat: int) -> str: ...

    def seat_line(self, seat: int) -> str: ...


#: The AI worker is the first move source (the name the scene's ``worker=`` keeps).
MoveWorker = MoveSource


class Seats:
    """The move sources of one play screen: the AI worker (made on first use unless given) and
    the sources opened by a player's prefix (``"engine:"``), also on first use."""

    def __init__(
        self,
        worker: MoveSource | None,
        make_worker: Callable[[], MoveSource],
        sources: Mapping[str, Callable[[], MoveSource]] | None = None,
    ) -> None:
        self._worker = worker
        self._make_worker = make_worker
        self._factories = dict(sources or {})
        #: The sources opened so far, by prefix.
        self.opened: dict[str, MoveSource] = {}

    @staticmethod
    def is_person(player: str) -> bool:
        """True for a seat played by a person at this screen."""
        return player == HUMAN

    def prefix_of(self, player: str) -> str | None:
        """The registered prefix ``player`` starts with (None: the AI worker's)."""
        return next((p for p in self._factories if player.startswith(p)), None)

    @property
    def worker(self) -> MoveSource:
        """The AI worker, made on first use (raises what making it raises)."""
        if self._worker is None:
            self._worker = self._make_worker()
        return self._worker

    @worker.setter
    def worker(self, worker: MoveSource) -> None:
        self._worker = worker

    @property
    def worker_made(self) -> MoveSource | None:
        """The AI worker if it was made or given, else None (nothing to ask or cancel)."""
        return self._worker

    def source_for(self, player: str) -> MoveSource:
        """The source that plays ``player``'s seat (opened on first use)."""
        prefix = self.prefix_of(player)
        if prefix is None:
            return self.worker
        if prefix not in self.opened:
            self.opened[prefix] = self._factories[prefix]()
        return self.opened[prefix]

    def open_for(self, players: list[str]) -> None:
        """Open the registered sources ``players`` need now (a shared game hears its room from
        the first frame, before its seat's first turn)."""
        for player in players:
            prefix = self.prefix_of(player)
            if prefix is not None and prefix != "engine:" and prefix not in self.opened:
                self.opened[prefix] = self._factories[prefix]()

    def shared(self) -> SharedGame | None:
        """The opened source that shares the game with a player elsewhere, if any."""
        for source in self.opened.values():
            if hasattr(source, "follow") and hasattr(source, "news"):
                return source  # type: ignore[return-value]
        return None

    def plays_passes(self, player: str) -> bool:
        """True when ``player``'s forced passes come from its source (a player elsewhere)."""
        prefix = self.prefix_of(player)
        return prefix is not None and bool(getattr(self.source_for(player), "plays_passes", False))

    def others(self) -> Iterator[MoveSource]:
        """The opened sources other than the AI worker."""
        return iter(list(self.opened.values()))

    def others_busy(self) -> bool:
        return any(bool(getattr(source, "busy", False)) for source in self.opened.values())

    def cancel_others(self) -> None:
        for source in self.opened.values():
            source.cancel()

    def lines(self, players: list[str], seat_name: Callable[[int], str]) -> list[str]:
        """Each engine seat's latest search (depth, score, PV), for the side panel."""
        out: list[str] = []
        for source in self.opened.values():
            engine_lines = getattr(source, "engine_lines", None)
            if engine_lines is not None:
                out += engine_lines(players, seat_name)
        return out

    def close(self) -> None:
        """The screen closed: the sources it opened end (engine processes, connections)."""
        for source in self.opened.values():
            close = getattr(source, "close_engines", None) or getattr(source, "close", None)
            if close is not None:
                close()
