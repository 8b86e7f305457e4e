"""``python main.py host GAME`` and ``python main.py join CODE``: a game with someone elsewhere.

``host`` prints ``code: WORDS`` as its first line (then ``watch: WORDS``, the spectator code, and
``broker: URL``), waits for the guest and plays; ``join CODE`` joins that room (a ``watch`` code
watches it, read only: the arcade on the room's board, or with ``--terminal`` the plies printed). Both use ``--broker mqtt://HOST:PORT`` (``mqtts://`` for TLS); without
it the host starts the broker inside Tafel and announces it on the LAN with zeroconf, and the
join finds it there.

With ``--as ai:LEVEL``, ``agent:NAME``, ``engine:NAME`` (a configured engine) or ``uai:PATH`` a
side plays headless (an engine that fails resigns its side's game); otherwise the arcade
opens on the online game (the other seat is the person elsewhere), or with ``--terminal`` a person
plays in the terminal: a move in the game's notation, or ``undo``, ``draw``, ``resign``,
``yes``/``no`` (to the other side's offer), ``rematch``, ``quit``. Each side prints ``ply N: MOVE``
as the game goes, ``waiting for NAME`` when the other side drops, and ``result: ...`` (the
outcome line ``arena`` and ``show`` use) at the end. A host that crashed takes its room back with
``--code WORDS`` (the same game, from its data folder); a guest simply joins again.
"""

from __future__ import annotations

import argparse
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol, TextIO

from tafel.commands import CommandError
from tafel.engine_protocol import bounded_lines
from tafel.game import GameDef, GameError
from tafel.numbers import decimal_number, seed_number, whole_number

if TYPE_CHECKING:
    from tafel.net.guest import EventData, GuestView
    from tafel.net.remote import RemoteSeat
    from tafel.net.session import RoomSession
    from tafel.registry import Registry

#: Seconds a side waits for the game to end before it gives up (``--timeout``).
DEFAULT_TIMEOUT = 24 * 3600.0
#: Seconds the arcade waits for the room's game before it opens.
ARCADE_WAIT = 60.0
#: Seconds a finished host waits for the guest to see the end before its broker stops.
FAREWELL = 10.0


def _need_online() -> None:
    try:
        import amqtt  # noqa: F401
        import cryptography  # noqa: F401
        import paho.mqtt  # noqa: F401
    except ImportError as exc:
        raise CommandError(
            f'online play needs the online extra: pip install -e ".[online]" ({exc.name} is missing)'
        ) from None


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--broker", default=None, metavar="URL", help="mqtt://HOST:PORT or mqtts://HOST:PORT")
    p.add_argument(
        "--as",
        dest="agent",
        default=None,
        metavar="AGENT",
        help="play headless: ai:LEVEL, agent:NAME, engine:NAME (configured) or uai:PATH",
    )
    p.add_argument("--name", default="", help="the name the other side sees")
    p.add_argument("--terminal", action="store_true", help="play in the terminal instead of the arcade")
    p.add_argument(
        "--timeout",
        type=decimal_number(1, 10**7, what="seconds"),
        default=DEFAULT_TIMEOUT,
        help="give up after this many seconds",
    )


def _arcade(seat: RemoteSeat, registry: Registry, args: argparse.Namespace) -> int:
    """The arcade opens on the online game: this side's seat a person at the screen, the other
    the person elsewhere, the play screen's ``remote:`` seat (:class:`tafel.net.remote.RemoteSource`).
    A hidden game's guest cannot hold the whole game; it plays in the terminal instead."""
    # The host opens the board once the guest is there (the seats' names known); a guest once
    # the room's game has arrived.
    deadline = time.monotonic() + (args.timeout if seat.session.role == "host" else ARCADE_WAIT)
    if seat.session.role == "host":
        _say("waiting for a guest")
    while (seat.game is None or seat.game.status == "waiting") and time.monotonic() < deadline:
        seat.wait(0.2)
    view = seat.game
    if view is None or view.status == "waiting":
        raise CommandError(
            "no guest came"
            if seat.session.role == "host"
            else "the room's game did not arrive; is the host there?"
        )
    from tafel.ui.scenes.online import match_for, remote_sources

    match = match_for(seat)
    if match is None:  # a hidden game's guest: the room's own board
        return _arcade_room_board(seat, registry, args)
    import pygame

    from tafel.ui.app import App

    windowed = True if getattr(args, "windowed", None) else None
    size, language = getattr(args, "size", None), getattr(args, "lang", None)
    app = App(
        registry, windowed=windowed, size=size, start=match, sources=remote_sources(seat), language=language
    )
    try:
        return app.loop()
    finally:
        app.close()
        pygame.quit()


def _arcade_room_board(seat: RemoteSeat, registry: Registry, args: argparse.Namespace) -> int:
    """The arcade on the room's own board (:mod:`tafel.ui.scenes.online_room`): a spectator's,
    read only, or a hidden game's guest's, who cannot hold the whole game the play screen needs."""
    import pygame

    from tafel.ui.app import App
    from tafel.ui.scenes.online_room import RoomBoardScene

    windowed = True if getattr(args, "windowed", None) else None
    size, language = getattr(args, "size", None), getattr(args, "lang", None)
    app = App(registry, windowed=windowed, size=size, language=language)
    try:
        app.push(RoomBoardScene(app, seat))
        return app.loop()
    finally:
        app.close()
        pygame.quit()


def _arcade_online_screen(registry: Registry, args: argparse.Namespace) -> int:
    """``join`` without a code: the arcade opens on its Play online screen (host or join there)."""
    import pygame

    from tafel.ui.app import App
    from tafel.ui.scenes.online import OnlineScene

    windowed = True if getattr(args, "windowed", None) else None
    size, language = getattr(args, "size", None), getattr(args, "lang", None)
    app = App(registry, windowed=windowed, size=size, language=language)
    try:
        app.push(OnlineScene(app))
        return app.loop()
    finally:
        app.close()
        pygame.quit()


def _list_lan() -> int:
    """The rooms announced on the LAN: game, host's name, broker (their codes are never announced)."""
    from tafel.net.broker import browse
    from tafel.net.game import shown_name
    from tafel.net.remote import LAN_SEARCH

    rooms = browse(LAN_SEARCH / 2)
    if not rooms:
        _say("no rooms on the LAN")
    for room in sorted(rooms, key=lambda r: (r.game, r.host_name)):
        _say(f"{room.game:<16} {shown_name(room.host_name, True):<20} {room.url}")
    return 0


def configure_host(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (see `list`)")
    p.add_argument("--option", "-o", action="append", metavar="K=V", help="game option, repeatable")
    p.add_argument("--seed", type=seed_number(), default=None, help="the deal of a game with a random setup")
    p.add_argument(
        "--seat", type=whole_number(1, 2), default=1, help="the host's seat: 1 moves first (default), 2"
    )
    p.add_argument(
        "--clock",
        default=None,
        metavar="MIN+INC",
        help="clocks kept by the host: minutes + seconds a move, e.g. 5+3",
    )
    p.add_argument(
        "--code", default=None, metavar="WORDS", help="host this room code (take a crashed room back)"
    )
    p.add_argument(
        "--listen", default="0.0.0.0", metavar="ADDR", help="the embedded broker's address (default all)"
    )
    p.add_argument(
        "--max-plies",
        type=whole_number(1, 4000),
        default=4000,
        help="stop the game as a draw after this many plies",
    )
    _common(p)


def configure_join(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "code", nargs="?", help="the room code the host printed (or its spectator code: watch ...)"
    )
    p.add_argument("--list", action="store_true", help="list the rooms announced on the LAN, then stop")
    _common(p)


def _parse_clock(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    minutes, _, inc = text.partition("+")
    try:
        base, increment = float(minutes) * 60.0, float(inc or 0)
    except ValueError:
        raise CommandError(f"--clock {text!r}: use MINUTES+SECONDS, e.g. 5+3") from None
    if not 0 < base <= 24 * 3600 or not 0 <= increment <= 3600:
        raise CommandError(f"--clock {text!r} is out of range")
    return base, increment


def _broker(args: argparse.Namespace) -> str | None:
    """``--broker``, else the broker in Settings (Online, Broker), else None: the embedded one."""
    if args.broker:
        return str(args.broker)
    from tafel.settings import Settings

    return Settings.load().broker or None


def _say(line: str) -> None:
    print(line, flush=True)


# --- players -------------------------------------------------------------------------------------


class Player(Protocol):
    """A headless side (``--as``): the move text it plays in ``view`` for ``seat``."""

    def move(self, view: GuestView, seat: int) -> str: ...
    def close(self) -> None: ...


class AgentPlayer:
    """An agent of this process (``ai:LEVEL``, ``agent:NAME``) choosing on what its seat sees."""

    def __init__(self, registry: Registry, spec: str, game: GameDef) -> None:
        name = spec.split(":", 1)[1]
        agent_def = registry.agent(name, game.id)
        self.agent = agent_def.factory(game)
        self.limit = agent_def.default_limit
        self.rng = random.Random()

    def move(self, view: GuestView, seat: int) -> str:
        state = view.state.view_for(seat)
        return state.move_to_text(self.agent.choose(state, self.limit, self.rng, None))

    def close(self) -> None:
        pass


class EnginePlayer:
    """An engine program (``uai:PATH``, or a configured ``engine:NAME``) through the engine
    router, given the position as text. A failure (a hang, a crash, a bad move) is a
    CommandError: the side resigns."""

    def __init__(self, registry: Registry, spec: str, game: GameDef) -> None:
        from tafel.engine_router import EngineRouter

        if game.engine_protocol is None:
            raise CommandError(f"{game.id} declares no engine protocol: engines cannot play it")
        self.router = EngineRouter(None, registry)  # engine seats only: no AI worker process
        self.spec = spec

    def move(self, view: GuestView, seat: int) -> str:
        from tafel.ai.messages import AIRequest
        from tafel.engine_process import shorten

        start = view.state.view_for(seat).to_text()
        self.router.request(AIRequest(view.game.id, dict(view.options), None, start, [], seat, self.spec))
        deadline = time.monotonic() + 3600
        while time.monotonic() < deadline:
            result = self.router.poll()
            if result is not None:
                if result.error is not None or result.move_text is None:
                    raise CommandError(f"{self.spec} failed: {result.error or 'no move'}")
                try:  # checked here: the host would refuse it, and the engine say it again
                    view.state.view_for(seat).parse_move(result.move_text)
                except GameError as exc:
                    raise CommandError(f"{self.spec} played {shorten(result.move_text)!r}: {exc}") from None
                return result.move_text
            self.router.wait(0.05)
        raise CommandError(f"{self.spec} gave no move")

    def close(self) -> None:
        self.router.close_engines()


def make_player(registry: Registry, spec: str, game: GameDef) -> Player:
    if spec.startswith(("ai:", "agent:")):
        return AgentPlayer(registry, spec, game)
    if spec.startswith(("uai:", "engine:")):
        return EnginePlayer(registry, spec, game)
    raise CommandError(f"--as {spec!r}: use ai:LEVEL, agent:NAME, engine:NAME or uai:PATH")


#: The longest line a person's command can be; a longer one is dropped with a warning.
MAX_TERMINAL_LINE = 1024
#: Lines read ahead of the game (pasted commands). The reader waits while they are unread, so
#: piped input (``yes b2 | tafel join ...``) holds no memory.
MAX_WAITING_LINES = 16


class TerminalPlayer:
    """A person at this terminal: lines read by a thread of their own, so the game never waits.
    Lines are bounded in length and in number waiting (``< /dev/zero`` grew 3 GB in 6 s)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.lines: queue.Queue[str | None] = queue.Queue(maxsize=MAX_WAITING_LINES)
        if stream is None:
            stream = sys.stdin
            reconfigure = getattr(stream, "reconfigure", None)
            if reconfigure is not None:
                reconfigure(errors="replace")  # a stray byte of another encoding is no failure
        self._stream = stream
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for line in bounded_lines(self._stream, MAX_TERMINAL_LINE, self._too_long):
                self.lines.put(line.strip())
        except EOFError as exc:  # /dev/zero: no command will ever come, as at the input's end
            _warn(f"{exc}; stopped reading it")
        except (OSError, ValueError) as exc:  # the terminal hung up, or stdin was closed
            _warn(f"cannot read the terminal any more: {exc}")
        self.lines.put(None)

    @staticmethod
    def _too_long(start: str) -> None:
        _warn(f"a line over {MAX_TERMINAL_LINE} characters was ignored ({start}...)")


#: Who plays this side: a headless player, the person at the terminal, ``--as`` not made yet (the
#: agent is made once the game is known), or no one (a spectator).
Side = Player | TerminalPlayer | str | None


# --- the game loop --------------------------------------------------------------------------------


def _report(session: RoomSession, kind: str, data: EventData) -> None:
    """One line for an event of the room (each kind has its own payload, :data:`EventData`)."""
    if kind == "peer" and isinstance(data, tuple):
        online, name = data
        _say(f"joined: {name}" if online else f"waiting for {name or 'the other side'}")
    elif kind == "refused" and isinstance(data, dict):
        _say(f"refused: {data.get('why', '')}")
    elif kind == "offer" and isinstance(data, dict):
        by = data.get("by")
        _say(f"offer: {data.get('kind')} (by seat {by + 1 if isinstance(by, int) else '?'})")
    elif kind == "declined" and isinstance(data, dict):
        _say(f"declined: {data.get('kind')}")
    elif kind == "undo":
        _say(f"undone: {data} plies")
    elif kind == "rematch":
        _say(f"rematch: round {data}")
    elif kind == "problem":
        print(f"warning: {data}", file=sys.stderr, flush=True)


def play(
    session: RoomSession,
    player: Side,
    registry: Registry,
    timeout: float,
    make: Callable[[Registry, str, GameDef], Player] = make_player,
) -> int:
    """Plays the room's game to its end (a spectator watches it): prints the plies and ``result:``."""
    deadline = time.monotonic() + timeout
    asked: tuple[int, int] | None = None
    answered: Mapping[str, object] | None = None
    shown = (0, 0)
    link = BrokerLink(session.broker.url)
    while time.monotonic() < deadline:
        if _report_events(session, link):
            asked = None  # the host said no (an old ply): think again on what it has
        link.check(session)
        view = session.view
        if view is None:
            continue
        shown = _print_new_plies(view, shown)
        if isinstance(player, str):  # the agent is made once the game is known (a guest learns it here)
            player = make(registry, player, view.game)
        seat = session.my_seat
        if view.status == "over" and view.result is not None:
            return _finish(session, view, player)
        if seat is None or view.status != "playing":
            continue
        # A side with a seat is played by someone: a spectator has none, ``--as`` was made above.
        assert player is not None and not isinstance(player, str)
        answered = _answer_offer(session, player, view, seat, answered)
        asked = _take_turn(session, player, view, seat, asked)
    print("error: the game did not end in time" + link.why_not(), file=sys.stderr, flush=True)
    return 1


class BrokerLink:
    """What a headless side says of its broker: once when the first connection is slow in coming
    (a mistyped address, a broker not started), once each time the connection is lost, and when
    it is back; never a line a poll."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ever = False  # connected at least once
        self.said_unreachable = False
        self.lost = False

    def check(self, session: RoomSession) -> None:
        self.ever = self.ever or session.connected
        if session.unreachable() and not self.said_unreachable:
            self.said_unreachable = True
            waited = time.monotonic() - session.started
            _warn(f"no connection to the broker {self.url} after {waited:.0f} s; still trying")

    def changed(self, connected: bool) -> None:
        """A ``connection`` event of the room."""
        if connected and (self.lost or self.said_unreachable):
            _say(f"connected to the broker {self.url}")
        elif not connected and self.ever and not self.lost:
            _warn(f"lost the connection to the broker {self.url}; reconnecting")
        self.ever = self.ever or connected
        self.lost = not connected and self.ever

    def why_not(self) -> str:
        """For the last error line: the broker was never reached."""
        return "" if self.ever else f" (the broker {self.url} was never reached)"


def _warn(text: str) -> None:
    print(f"warning: {text}", file=sys.stderr, flush=True)


def _report_events(session: RoomSession, link: BrokerLink | None = None) -> bool:
    """Prints what the room said since the last look; True when the host refused a move."""
    refused = False
    for kind, data in session.wait(0.2):
        if kind == "connection" and link is not None:
            link.changed(bool(data))
        _report(session, kind, data)
        if kind == "refused":
            refused = True
    return refused


def _print_new_plies(view: GuestView, shown: tuple[int, int]) -> tuple[int, int]:
    """Prints the plies not printed yet; ``shown`` is (round, plies printed in it), returned updated."""
    round_, printed = shown
    if view.round != round_:  # a rematch starts its plies from the first again
        printed = 0
    printed = min(printed, len(view.moves))  # an undo takes plies back
    for ply in range(printed, len(view.moves)):
        _say(f"ply {ply + 1}: {view.moves[ply]}")
    return view.round, len(view.moves)


def _answer_offer(
    session: RoomSession, player: Side, view: GuestView, seat: int, answered: Mapping[str, object] | None
) -> Mapping[str, object] | None:
    """Notes the other side's new offer (an agent declines it); returns the offer now answered."""
    if view.pending is None or view.pending.get("by") == seat or answered == view.pending:
        return answered
    if not isinstance(player, TerminalPlayer):  # a person answers with yes/no at the terminal
        session.send("answer", kind=view.pending["kind"], yes=False)  # agents play on
    return view.pending


def _take_turn(
    session: RoomSession,
    player: Player | TerminalPlayer,
    view: GuestView,
    seat: int,
    asked: tuple[int, int] | None,
) -> tuple[int, int] | None:
    """Moves (or reads the person's commands) at most once per position; returns the position asked.

    ``asked`` is the (round, ply) already moved or prompted for, so the same position is not
    played twice while the host has not answered yet.
    """
    key = (view.round, len(view.moves))
    if isinstance(player, TerminalPlayer):
        if _terminal_turn(session, player, view, seat, asked != key):
            return key
    elif view.state.to_move == seat and asked != key:
        try:
            move = player.move(view, seat)
        except CommandError as exc:  # a broken engine: its side resigns, the other gets a result
            print(f"warning: {exc}; this side resigns", file=sys.stderr, flush=True)
            session.send("resign")
            return key
        session.send("move", move=move, ply=len(view.moves))
        return key
    return asked


def _terminal_turn(
    session: RoomSession, player: TerminalPlayer, view: GuestView, seat: int, fresh: bool
) -> bool:
    """A person's commands; True when the prompt for this position was shown."""
    mine = view.state.to_move == seat
    if fresh and mine:
        state = view.state.view_for(seat)
        _say(f"position: {state.to_text()}")
        _say("your move (" + " ".join(state.move_to_text(m) for m in state.legal_moves()[:40]) + "):")
    try:
        line = player.lines.get_nowait()
    except queue.Empty:
        return fresh and mine
    if line is None or line == "quit":
        raise KeyboardInterrupt
    if line in ("undo", "draw", "resign", "rematch"):
        session.send(line)
    elif line in ("yes", "no") and view.pending is not None:
        session.send("answer", kind=view.pending["kind"], yes=line == "yes")
    elif line and not mine:  # said here: sent, it would only come back refused
        _say(f"not your turn: {line} (wait for the other side's move)")
    elif line:
        session.send("move", move=line, ply=len(view.moves))
    return fresh and mine


def _finish(session: RoomSession, view: GuestView, player: Side) -> int:
    assert view.result is not None
    if view.deal_verified is not None:
        _say(
            "deal: "
            + (
                "verified, fixed before the first move"
                if view.deal_verified
                else "NOT verified: the revealed deal does not match the commitment"
            )
        )
    _say("moves: " + " ".join(view.moves))
    _say(f"result: {view.result.line}")
    if session.role == "host":
        # The guest reads the end from the broker; a broker in this process must outlive that.
        limit = time.monotonic() + FAREWELL
        while session.peer_online and time.monotonic() < limit:
            session.wait(0.2)
    close = getattr(player, "close", None)
    if close is not None:
        close()
    return 0


# --- the commands ---------------------------------------------------------------------------------


def run_host(args: argparse.Namespace, registry: Registry) -> int:
    _need_online()
    from tafel.net.remote import host_room

    game = registry.game(args.game)
    options = game.parse_options(args.option or [])
    if game.seats(options) != 2:
        raise CommandError(
            f"{game.id} with these options has {game.seats(options)} seats; online play needs 2"
        )
    if args.seed is not None and isinstance(options.get("seed"), int):
        options["seed"] = args.seed
    try:
        seat = host_room(
            game,
            options,
            registry.game,
            name=args.name,
            seat=args.seat - 1,
            seed=args.seed,
            clock=_parse_clock(args.clock),
            code=args.code,
            broker=_broker(args),
            listen=args.listen,
            max_plies=args.max_plies,
        )
    except (ValueError, RuntimeError) as exc:  # a bad code or broker address, no broker: one line
        raise CommandError(str(exc)) from None
    try:
        _say(f"code: {seat.code}")
        _say(f"watch: {seat.spectator_code}")
        _say(f"broker: {seat.broker_url}")
        if seat.resumed:
            _say(f"resumed: ply {len(seat.session.host_game.moves)}")  # type: ignore[union-attr]
        if args.agent is None and not args.terminal:
            return _arcade(seat, registry, args)
        return play(seat.session, args.agent or TerminalPlayer(), registry, args.timeout)
    finally:
        seat.close()


def run_join(args: argparse.Namespace, registry: Registry) -> int:
    _need_online()
    from tafel.net.remote import join_room

    if args.list:
        return _list_lan()
    if not args.code:
        return _arcade_online_screen(registry, args)
    try:
        seat = join_room(args.code, registry.game, name=args.name, broker=_broker(args))
    except (ValueError, LookupError) as exc:
        raise CommandError(str(exc)) from None
    try:
        if seat.session.role == "guest" and args.agent is None and not args.terminal:
            return _arcade(seat, registry, args)
        if seat.session.role == "spectator" and not args.terminal:
            return _arcade_room_board(seat, registry, args)
        player: Side = None if seat.session.role == "spectator" else (args.agent or TerminalPlayer())
        return play(seat.session, player, registry, args.timeout)
    finally:
        seat.close()
