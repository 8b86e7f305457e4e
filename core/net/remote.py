"""A person elsewhere, as a seat: what the play screen (or any loop) needs of an online game.

:func:`host_room` and :func:`join_room` open a room (starting the embedded broker and its LAN
announcement when no broker is named) and give a :class:`RemoteSeat`. The seat never blocks:

- :meth:`RemoteSeat.poll` returns what happened since the last call, as :class:`RemoteEvent`\\ s:
  a ply of the authoritative game (``"ply"``: the other side's moves, and this side's once the
  host has taken them), ``"undo"``, ``"offer"``, ``"declined"``, ``"refused"``, ``"over"``,
  ``"rematch"``, ``"connection"``;
- :meth:`RemoteSeat.send` sends this side's move (its notation) for the current ply;
  :meth:`RemoteSeat.request` an undo, a draw, resign or a rematch; :meth:`RemoteSeat.answer`
  answers the other side's offer;
- :attr:`RemoteSeat.game` is the room's game as it stands (state, moves, names, clocks, result)
  and :meth:`RemoteSeat.connection_text` the line for the side panel ("waiting for Bob").

>>> RemoteEvent("ply", "a1", 0).kind
'ply'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tafel.game import GameDef, Options
from tafel.i18n import _
from tafel.net.broker import Announcer, EmbeddedBroker, LanRoom, browse, lan_addresses
from tafel.net.codes import new_code, normalize_code, room_keys
from tafel.net.game import HostGame
from tafel.net.guest import GuestView
from tafel.net.session import BrokerAddress, RoomSession, load_room, parse_broker_url, prune_rooms

#: Seconds a join looks for the room's broker on the LAN.
LAN_SEARCH = 8.0
#: A match's player that is the person elsewhere: ``remote:NAME``.
REMOTE_PREFIX = "remote:"


@dataclass(frozen=True)
class RemoteEvent:
    """One thing that happened in the room: ``kind``, a text, and a ply or seat where it has one."""

    kind: str
    text: str = ""
    ply: int | None = None
    data: Any = None


@dataclass
class RemoteSeat:
    """This side of an online game; the broker and LAN announcement it started are closed with it."""

    session: RoomSession
    code: str
    broker_url: str
    resumed: bool = False
    _plies_seen: int = 0
    _round: int = 0
    _owned: list[Any] = field(default_factory=list)

    @property
    def game(self) -> GuestView | None:
        return self.session.view

    @property
    def seat(self) -> int | None:
        """The seat this side plays (None for a spectator, or before the first snapshot)."""
        return self.session.my_seat

    @property
    def spectator_code(self) -> str:
        return self.session.keys.spectator_code

    def my_turn(self) -> bool:
        view = self.game
        return view is not None and view.status == "playing" and view.state.to_move == self.seat

    def poll(self) -> list[RemoteEvent]:
        """What happened since the last call; never blocks."""
        return self._events(self.session.poll())

    def wait(self, timeout: float) -> list[RemoteEvent]:
        """Like :meth:`poll`, but waits up to ``timeout`` seconds for news (a headless loop)."""
        return self._events(self.session.wait(timeout))

    def _events(self, raw: list[tuple[str, Any]]) -> list[RemoteEvent]:
        out: list[RemoteEvent] = []
        for kind, data in raw:
            if kind == "ply":
                continue  # counted from the view below, so none is missed or doubled
            if kind == "rematch":
                self._round, self._plies_seen = data, 0
            if kind == "undo":
                self._plies_seen = len(self.game.moves) if self.game is not None else 0
            out.append(_event(kind, data))
        view = self.game
        if view is not None:
            if view.round != self._round:
                self._round, self._plies_seen = view.round, 0
            for ply in range(self._plies_seen, len(view.moves)):
                out.append(RemoteEvent("ply", view.moves[ply], ply))
            self._plies_seen = len(view.moves)
        return out

    def send(self, move_text: str) -> None:
        """This side's move for the current ply (the host checks it; a refusal comes as an event)."""
        view = self.game
        ply = len(view.moves) if view is not None else 0
        self.session.send("move", move=move_text, ply=ply)

    def request(self, kind: str) -> None:
        """``undo``, ``draw``, ``resign`` or ``rematch``."""
        self.session.send(kind)

    def answer(self, kind: str, yes: bool) -> None:
        self.session.send("answer", kind=kind, yes=yes)

    def connection_text(self) -> str:
        """The side panel's line: the connection and the other side's presence."""
        session = self.session
        if not session.connected:
            return _("connecting to {broker}").format(broker=self.broker_url)
        view = self.game
        if view is None:
            return _("Opening the room…") if session.role == "host" else _("connected, waiting for the host")
        other = 1 - view.host_seat if session.role == "host" else view.host_seat
        name = view.names[other] or _("the other side")
        if session.role == "host" and not view.guest_online:
            return _("waiting for {name}").format(name=name)
        if session.role != "host" and session.peer_online is False:
            return _("waiting for {name}").format(name=name)
        return _("online with {name}").format(name=name)

    def close(self) -> None:
        self.session.close()
        for part in reversed(self._owned):
            part.close() if hasattr(part, "close") else part.stop()
        self._owned.clear()


def _event(kind: str, data: Any) -> RemoteEvent:
    if kind == "peer":
        online, name = data
        return RemoteEvent(
            "connection",
            _("{name} is here").format(name=name) if online else _("waiting for {name}").format(name=name),
            data=data,
        )
    if kind == "connection":
        return RemoteEvent(
            "connection", _("connected") if data else _("connection lost, reconnecting"), data=data
        )
    if kind == "over":
        return RemoteEvent("over", data.line, data=data)
    if kind in ("offer", "declined"):
        return RemoteEvent(kind, str(data.get("kind", "")), data=data)
    if kind == "refused":
        return RemoteEvent(kind, str(data.get("why", "")), data=data)
    return RemoteEvent(kind, str(data), data=data)


def _broker_for(broker: str | None, listen: str, announce: LanRoom | None, owned: list[Any]) -> BrokerAddress:
    if broker:
        return parse_broker_url(broker)
    embedded = EmbeddedBroker(listen).start()
    owned.append(embedded)
    lan = lan_addresses() if listen == "0.0.0.0" else []
    if lan and announce is not None:
        room = LanRoom(announce.room_id, lan[0], embedded.port, announce.game, announce.host_name)
        owned.append(Announcer(room, lan))
        return parse_broker_url(room.url)
    shown = "127.0.0.1" if listen in ("0.0.0.0", "") else listen
    return BrokerAddress(shown, embedded.port)


def host_room(
    game: GameDef,
    options: Options,
    games: Callable[[str], GameDef],
    *,
    name: str = "",
    seat: int = 0,
    seed: int | None = None,
    clock: tuple[float, float] | None = None,
    code: str | None = None,
    broker: str | None = None,
    listen: str = "0.0.0.0",
    max_plies: int = 4000,
) -> RemoteSeat:
    """Host a room: a fresh code, or ``code`` again (its game taken back from the data folder when
    this machine hosted it). Raises CodeError, BrokerError, GameError, RuntimeError (no broker)."""
    again = code is not None
    code = normalize_code(code) if code else new_code()
    keys = room_keys(code)
    if not keys.can_play:
        raise ValueError("a spectator code cannot host")
    prune_rooms()  # old rooms' files do not pile up
    host_game = load_room(keys.room_id, games) if again else None
    resumed = host_game is not None
    if host_game is None:
        host_game = HostGame(
            game,
            options,
            seed=seed,
            host_seat=seat,
            host_name=name or _("Host"),
            clock=clock,
            max_plies=max_plies,
        )
    elif host_game.game.id != game.id:
        raise ValueError(f"this room plays {host_game.game.id}, not {game.id}")
    owned: list[Any] = []
    try:
        announce = LanRoom(keys.room_id, "", 0, game.id, host_game.names[host_game.host_seat])
        address = _broker_for(broker, listen, announce, owned)
        session = RoomSession(
            keys, address, role="host", name=name or _("Host"), host_game=host_game, code=code
        )
    except BaseException:
        for part in reversed(owned):
            part.close() if hasattr(part, "close") else part.stop()
        raise
    return RemoteSeat(session.start(), code, address.url, resumed, _owned=owned)


def join_room(
    code: str, games: Callable[[str], GameDef], *, name: str = "", broker: str | None = None
) -> RemoteSeat:
    """Join the room of ``code`` (a ``watch`` code watches it). Without ``broker`` the room's
    broker is looked for on the LAN; raises LookupError when it is not found."""
    code = normalize_code(code)
    keys = room_keys(code)
    if broker:
        address = parse_broker_url(broker)
    else:
        rooms = browse(LAN_SEARCH, keys.room_id)
        if not rooms:
            raise LookupError("no room with this code on the LAN; name its broker (mqtt://HOST:PORT)")
        address = parse_broker_url(rooms[0].url)
    role = "guest" if keys.can_play else "spectator"
    session = RoomSession(
        keys, address, role=role, name=name or (_("Guest") if role == "guest" else ""), games=games
    )
    return RemoteSeat(session.start(), code, address.url)


class RemoteWorker:
    """A :class:`RemoteSeat` behind the play screen's move-worker interface (``request``, ``poll``,
    ``cancel``, ``busy``, ``start``), so a match whose other seat is the person elsewhere plays
    through the play screen unchanged, as an engine seat does.

    A request (:class:`tafel.ai.messages.AIRequest`) carries the board's moves: the one this side
    made since the room's last is sent to the room first; the answer is the other side's next
    move from the room. A board that no longer matches the room (an undo made here, a move the
    host refused) is answered with an error, never a wrong move. ``news`` keeps the room's other
    events (offers, the other side dropping) for the screen to show.
    """

    def __init__(self, seat: RemoteSeat) -> None:
        self.seat = seat
        self.news: list[RemoteEvent] = []
        self._pending: Any = None
        self._generation = 0
        self._sent: tuple[int, str] | None = None

    def start(self) -> None:
        pass

    @property
    def busy(self) -> bool:
        """True while a request waits for the other side (as long as that takes)."""
        return self._pending is not None

    def request(self, req: Any) -> int:
        self._generation += 1
        self._pending = (self._generation, req)
        return self._generation

    def cancel(self) -> None:
        self._pending = None

    def close(self) -> None:
        self.seat.close()

    def poll(self) -> Any:
        from tafel.ai.messages import AIResult

        self.news.extend(e for e in self.seat.poll() if e.kind != "ply")
        del self.news[:-100]
        view = self.seat.game
        if self._pending is None or view is None:
            return None
        generation, req = self._pending
        if not str(req.agent).startswith(REMOTE_PREFIX):  # a hint: the other side is no adviser
            self._pending = None
            return AIResult(generation, None, _("no hints in an online game"))
        board, room = list(req.moves), list(view.moves)
        answer: tuple[str | None, str | None] | None = None
        if len(room) == len(board) + 1 and room[:-1] == board:
            answer = (room[-1], None)
        elif view.result is not None and room == board:
            answer = (None, view.result.line)
        elif len(board) == len(room) + 1 and board[:-1] == room:
            if self._sent != (len(room), board[-1]):
                self._sent = (len(room), board[-1])
                self.seat.send(board[-1])
            refused = [e for e in self.news if e.kind == "refused"]
            if refused and self._sent is not None:
                answer = (None, _("the host refused the move: {why}").format(why=refused[-1].text))
                self.news.remove(refused[-1])
        elif room != board:
            answer = (None, _("this board and the online game differ (undo is a request to the other side)"))
        if answer is None:
            return None
        self._pending = None
        return AIResult(generation, answer[0], answer[1])
