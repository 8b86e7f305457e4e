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

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from tafel.ai.messages import AIRequest, AIResult
from tafel.game import GameDef, Options
from tafel.i18n import _
from tafel.net.broker import Announcer, EmbeddedBroker, LanRoom, browse, lan_addresses
from tafel.net.codes import new_code, normalize_code, room_keys
from tafel.net.game import HostGame, Result
from tafel.net.guest import Event, EventData, GuestView
from tafel.net.session import BrokerAddress, RoomSession, load_room, parse_broker_url, prune_rooms

#: Seconds a join looks for the room's broker on the LAN.
LAN_SEARCH = 8.0
#: A match's player that is the person elsewhere: ``remote:NAME``.
REMOTE_PREFIX = "remote:"


class Closable(Protocol):
    """What a room started and closes with it: the broker inside Tafel, its LAN announcement."""

    def close(self) -> None: ...


@dataclass(frozen=True)
class RemoteEvent:
    """One thing that happened in the room: ``kind``, a text, and a ply or seat where it has one."""

    kind: str
    text: str = ""
    ply: int | None = None
    data: EventData | None = None


@dataclass
class RemoteSeat:
    """This side of an online game; the broker and LAN announcement it started are closed with it."""

    session: RoomSession
    code: str
    broker_url: str
    resumed: bool = False
    _plies_seen: int = 0
    _round: int = 0
    _owned: list[Closable] = field(default_factory=list)

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

    def _events(self, raw: list[Event]) -> list[RemoteEvent]:
        out: list[RemoteEvent] = []
        for kind, data in raw:
            if kind == "ply":
                continue  # counted from the view below, so none is missed or doubled
            if kind == "rematch" and isinstance(data, int):
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
            if session.unreachable():
                return _("cannot reach {broker} yet: still trying (is the address right?)").format(
                    broker=self.broker_url
                )
            return _("connecting to {broker}").format(broker=self.broker_url)
        view = self.game
        if view is None:
            return _("Opening the room…") if session.role == "host" else _("connected, waiting for the host")
        other = 1 - view.host_seat if session.role == "host" else view.host_seat
        name = view.names[other] or _("the other side")
        if session.role == "spectator":  # the players' names are on the spectator's board
            return (
                _("waiting for {name}").format(name=name) if session.peer_online is False else _("connected")
            )
        if session.role == "host" and not view.guest_online:
            return _("waiting for {name}").format(name=name)
        if session.role != "host" and session.peer_online is False:
            return _("waiting for {name}").format(name=name)
        return _("online with {name}").format(name=name)

    def close(self) -> None:
        self.session.close()
        for part in reversed(self._owned):
            part.close()
        self._owned.clear()


def _event(kind: str, data: EventData) -> RemoteEvent:
    if kind == "peer" and isinstance(data, tuple):
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
    if kind == "over" and isinstance(data, Result):
        return RemoteEvent("over", data.line, data=data)
    if kind in ("offer", "declined") and isinstance(data, dict):
        return RemoteEvent(kind, str(data.get("kind", "")), data=data)
    if kind == "refused" and isinstance(data, dict):
        return RemoteEvent(kind, str(data.get("why", "")), data=data)
    return RemoteEvent(kind, str(data), data=data)


def _broker_for(
    broker: str | None, listen: str, announce: LanRoom | None, owned: list[Closable]
) -> BrokerAddress:
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
            host_name=name,
            clock=clock,
            max_plies=max_plies,
        )
    elif host_game.game.id != game.id:
        raise ValueError(f"this room plays {host_game.game.id}, not {game.id}")
    owned: list[Closable] = []
    try:
        announce = LanRoom(keys.room_id, "", 0, game.id, host_game.names[host_game.host_seat])
        address = _broker_for(broker, listen, announce, owned)
        session = RoomSession(keys, address, role="host", name=name, host_game=host_game, code=code)
    except BaseException:
        for part in reversed(owned):
            part.close()
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
    session = RoomSession(keys, address, role=role, name=name, games=games)
    return RemoteSeat(session.start(), code, address.url)


class RemoteSource:
    """A :class:`RemoteSeat` as one seat of the play screen (``PlayScene(..., sources={"remote:":
    ...})``): a move source for the other side's seat, and the shared game's link for the rest.

    As a move source (``request``, ``poll``, ``cancel``, ``busy``) it answers the turn controller's
    request for the other seat with the room's next move; a board that no longer matches the room
    is answered with an error, never a wrong move (the screen resyncs from the room meanwhile).
    As the shared game (:meth:`follow`, :meth:`news`, :meth:`ask`, :meth:`answer`) it sends the
    moves made at this screen, hands the screen the room's news (offers, answers, the end), and
    words the other seat's state for the side panel (:meth:`seat_note`, :meth:`clock_line`).
    The other seat's forced passes are its own moves: they come from the room (``plays_passes``).
    """

    plays_passes = True

    def __init__(self, seat: RemoteSeat) -> None:
        self.seat = seat
        self._news: list[RemoteEvent] = []
        self._pending: tuple[int, AIRequest] | None = None
        self._generation = 0
        self._sent: tuple[int, int, str] | None = None
        self._view: GuestView | None = None
        self._view_time = 0.0
        self.connected = True

    # --- the move source ------------------------------------------------------------------------

    def start(self) -> None:
        pass

    @property
    def busy(self) -> bool:
        """True while a request waits for the other side (as long as that takes: never "lost")."""
        return self._pending is not None

    def request(self, req: AIRequest) -> int:
        self._generation += 1
        self._pending = (self._generation, req)
        return self._generation

    def cancel(self) -> None:
        self._pending = None

    def close(self) -> None:
        self.seat.close()

    def poll(self) -> AIResult | None:
        """The other side's move for the pending request, once the room has it; never blocks."""
        self._take_events()
        view = self.seat.game
        if self._pending is None or view is None:
            return None
        generation, req = self._pending
        if not str(req.agent).startswith(REMOTE_PREFIX):  # a hint: the other side is no adviser
            self._pending = None
            return AIResult(generation, None, _("no hints from the other side"))
        board, room = list(req.moves), list(view.moves)
        if len(room) == len(board) + 1 and room[:-1] == board:
            self._pending = None
            return AIResult(generation, room[-1], None)
        return None  # not yet, or the board differs (the screen resyncs it from the room)

    # --- the shared game --------------------------------------------------------------------------

    @property
    def game(self) -> GuestView | None:
        """The room's game as it stands (None before its first snapshot)."""
        return self.seat.game

    @property
    def my_seat(self) -> int | None:
        return self.seat.seat

    def _take_events(self) -> None:
        for event in self.seat.poll():
            if event.kind == "connection" and isinstance(event.data, bool):
                self.connected = event.data
            if event.kind != "ply":
                self._news.append(event)
        del self._news[:-100]  # a screen that does not look loses old news, never memory
        view = self.seat.game
        if view is not self._view:
            self._view, self._view_time = view, time.monotonic()

    def news(self) -> list[RemoteEvent]:
        """The room's events since the last call, moves aside (offers, answers, the end, ...)."""
        self._take_events()
        out, self._news = self._news, []
        return out

    def follow(self, board: list[str], movers: list[int]) -> None:
        """The board's moves (``movers[i]``: the seat that made move ``i``): a move of this side's
        seat the room does not have yet is sent, once."""
        view, mine = self.seat.game, self.my_seat
        if view is None or mine is None or view.status != "playing":
            return
        room = list(view.moves)
        if len(board) != len(room) + 1 or board[:-1] != room or movers[-1] != mine:
            return
        key = (view.round, len(room), board[-1])
        if self._sent != key:
            self._sent = key
            self.seat.send(board[-1])

    def ask(self, kind: str) -> None:
        """``undo``, ``draw``, ``resign`` or ``rematch``: the other side accepts or declines (resign
        needs no answer)."""
        self.seat.request(kind)

    def answer(self, kind: str, yes: bool) -> None:
        self.seat.answer(kind, yes)

    def name_of(self, seat: int) -> str:
        """The name of the player at ``seat`` as the room knows it."""
        view = self.seat.game
        if view is None or not 0 <= seat < len(view.names):
            return ""
        return view.names[seat]

    def seat_note(self, seat: int) -> str:
        """The other seat's line in the side panel: its connection, not "thinking"."""
        session, view = self.seat.session, self.seat.game
        name = self.name_of(seat) or _("the other side")
        if not session.connected or not self.connected:
            return _("reconnecting…")
        if view is None:
            return _("connecting…")
        online = view.guest_online if session.role == "host" else session.peer_online is not False
        return _("connected") if online else _("waiting for {name}").format(name=name)

    def seat_line(self, seat: int) -> str:
        """The other seat's row in the side panel: ``Bob · connected``, ``waiting for Bob``."""
        note, name = self.seat_note(seat), self.name_of(seat)
        return note if not name or name in note else f"{name} · {note}"

    def clock_line(self, seat_name: Callable[[int], str]) -> str:
        """The host's clocks (empty without them): ``Clock: Red 4:32 · Blue 5:00``."""
        view = self.seat.game
        return "" if view is None else clock_line(view, self._view_time, seat_name)

    def engine_lines(self, players: list[str], seat_name: Callable[[int], str]) -> list[str]:
        """The side panel's lines of this seat (the connection is on the seat's row): the clocks,
        and a hidden game's deal (sealed, then checked)."""
        line = self.clock_line(seat_name)
        view = self.seat.game
        return ([line] if line else []) + (deal_lines(view) if view is not None else [])


def clock_line(view: GuestView, since: float, seat_name: Callable[[int], str]) -> str:
    """The host's clocks as of ``since`` (``time.monotonic()`` when the snapshot came), the running
    one counted down to now; empty without clocks: ``Clock: Red 4:32 · Blue 5:00``."""
    clock = view.clock
    if not clock or not isinstance(clock.get("left"), list) or len(clock["left"]) != 2:
        return ""
    left = [float(x) for x in clock["left"]]
    running = clock.get("running")
    if running in (0, 1) and view.status == "playing":
        left[running] = max(0.0, left[running] - (time.monotonic() - since))
    shown = " · ".join(f"{seat_name(i)} {clock_text(s)}" for i, s in enumerate(left))
    return _("Clock: {clocks}").format(clocks=shown)


def deal_lines(view: GuestView) -> list[str]:
    """What a game with hidden pieces says of its deal: sealed before the first move (the first
    digits of the commitment), then at the end whether the revealed deal matches the seal."""
    if view.commit is None:
        return []
    if view.deal_verified is True:
        return [_("Deal checked: it was fixed before the first move ✓")]
    if view.deal_verified is False:
        return [_("Deal NOT verified: the revealed deal does not match its seal")]
    return [_("Deal sealed: {commit}… (checked at the end)").format(commit=view.commit[:12])]


def clock_text(seconds: float) -> str:
    """A clock's time: ``m:ss``, or ``h:mm:ss`` from an hour.

    >>> clock_text(272.4), clock_text(3725)
    ('4:32', '1:02:05')
    """
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
