"""The game of a room, without any network: the host's authoritative record and the guest's copy.

The host keeps a :class:`HostGame`: the rules' state, the moves in notation, offers, clocks and
the result. Everything the other side needs is one JSON object, :meth:`HostGame.snapshot`, which
the host publishes (retained) after every change. A guest or spectator keeps a
:class:`GuestGame` and hands it each snapshot: one ply more is played on its own state and
checked against the position hash that came with it; anything else (a reconnect, an undo, a
mismatch) rebuilds the game from the snapshot's full move list (a resync).

Requests from the guest (a move, an undo request, a draw offer, resign, rematch, an answer) go
to :meth:`HostGame.request`; the host's own player calls the same with its seat. A request that
does not fit (not its turn, an illegal move, an old ply) is refused and changes nothing.

Hidden information (a game whose start has hidden parts, such as a dealt hand): the guest cannot run
the full rules, so each snapshot carries the seats' common view; the guest plays from that view
(its legal moves) and checks the hash of it. Before the first move the snapshot carries a
commitment, SHA-256 of ``seed:salt``; when the game ends it reveals both, and the guest checks
that the deal was fixed in advance (:func:`verify_deal`).

>>> import hashlib
>>> commitment(7, "ab") == hashlib.sha256(b"7:ab").hexdigest()
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from tafel.game import GameDef, GameState, Options, Outcome
from tafel.i18n import _
from tafel.net.payloads import JSON, ClockData, Declined, Offer, Refused, Request, RoomRecord, Snapshot
from tafel.quoting import printable

#: A game longer than this is refused (a snapshot must stay under the message size limit).
MAX_PLIES = 4000
#: Offers one side makes and the other accepts or declines.
OFFERS = ("undo", "draw", "rematch")
STATUSES = ("waiting", "playing", "over")


def position_hash(text: str) -> str:
    """The hash that rides with every move: 16 hex digits of SHA-256 of the position's text.

    >>> position_hash("x")
    '2d711642b726b044'
    """
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def clean_name(text: str, limit: int = 40) -> str:
    """A name that came from outside (a peer, a LAN announcement) as it may be shown: at most
    ``limit`` characters, and none that a terminal or a layout would take as a command (control
    characters, escape sequences, direction overrides are quoted: :func:`tafel.quoting.printable`).

    >>> clean_name("Ann\\x1b[2J\\u202e"), len(clean_name("x" * 50))
    ('Ann\\\\x1b[2J\\\\u202e', 40)
    """
    return printable(text.strip(), limit)


def shown_name(name: str, host: bool) -> str:
    """A player's name as this side shows it: a player who gave none is "Host" or "Guest" in
    this side's language (the wire carries the empty name, never the sender's word for it).

    >>> shown_name("Ann", True), shown_name("", False)
    ('Ann', 'Guest')
    """
    return clean_name(name) or (_("Host") if host else _("Guest"))


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


@dataclass(frozen=True)
class Result:
    """How a room's game ended: rewards per seat, the reason, and the line both sides print."""

    rewards: tuple[float, ...]
    reason: str
    line: str


def result_line(outcome: Outcome, names: list[str]) -> str:
    """The outcome as ``arena`` and ``show`` say it: ``Blue wins: reason (Red 20, Blue 29)``."""
    if outcome.winners and len(outcome.rewards) > 1:
        head = _("{who} wins").format(who=_(" and ").join(names[w] for w in outcome.winners))
    else:
        head = _("draw")
    scores = ""
    if outcome.scores is not None:
        scores = " (" + ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores)) + ")"
    return f"{head}: {outcome.reason}{scores}"


def _result_of(outcome: Outcome, names: list[str]) -> Result:
    return Result(tuple(outcome.rewards), outcome.reason, result_line(outcome, names))


def _seat_view(state: GameState, seat: int) -> GameState:
    return state.view_for(seat) if state.has_hidden_information else state


def start_state(game: GameDef, options: Options, seed: int | None, start: str | None) -> GameState:
    return game.parse_position(start, options) if start else game.new_state(options, seed)


@dataclass
class Clock:
    """Host-kept clocks: ``left`` seconds per seat, ``increment`` added after each move."""

    base: float
    increment: float
    left: list[float] = field(default_factory=list)
    running_since: float | None = None

    def as_dict(self, now: float, running: int | None) -> ClockData:
        left = list(self.left)
        if running is not None and self.running_since is not None:
            left[running] = max(0.0, left[running] - (now - self.running_since))
        return {
            "base": self.base,
            "inc": self.increment,
            "left": [round(x, 3) for x in left],
            "running": running,
        }


class HostGame:
    """The authoritative game of a room (the host's side). Seats: ``host_seat`` and the other."""

    def __init__(
        self,
        game: GameDef,
        options: Options,
        *,
        seed: int | None = None,
        start: str | None = None,
        host_seat: int = 0,
        host_name: str = "",
        clock: tuple[float, float] | None = None,
        max_plies: int = MAX_PLIES,
    ) -> None:
        if game.seats(options) != 2:
            raise ValueError(
                f"{game.id} with these options has {game.seats(options)} seats; online play needs 2"
            )
        self.game, self.options, self.start, self.host_seat = game, dict(options), start, host_seat
        self.seed = seed
        self.names = ["", ""]
        self.names[host_seat] = host_name[:40]
        self.guest_online = False
        self.round = 1
        self.clock_setting = clock
        self.max_plies = max_plies
        self.acked = -1  # the last guest request handled (its sequence number)
        #: The last offer declined ({"kind", "by", "n"}) and the last request refused ({"why", "n"}).
        self.declined: Declined | None = None
        self.refused: Refused | None = None
        if game.random_setup and seed is None and start is None:
            self.seed = secrets.randbelow(2**31 - 1) + 1
            if isinstance(self.options.get("seed"), int):
                self.options["seed"] = self.seed
        self._new_round()

    # --- state ------------------------------------------------------------------------------

    def _new_round(self) -> None:
        self.state = start_state(self.game, self.options, self.seed, self.start)
        self.first = self.state
        self.hidden = self.state.has_hidden_information
        self.salt = secrets.token_hex(16) if self.hidden else ""
        self.moves: list[str] = []
        self.pending: Offer | None = None
        self.result: Result | None = None
        self.started = False
        self.clock = None
        if self.clock_setting is not None:
            base, inc = self.clock_setting
            self.clock = Clock(base, inc, [base, base])

    @property
    def guest_seat(self) -> int:
        return 1 - self.host_seat

    @property
    def seat_names(self) -> list[str]:
        return self.game.names(self.options)

    @property
    def status(self) -> str:
        if self.result is not None:
            return "over"
        return "playing" if self.started else "waiting"

    def guest_joined(self, name: str, now: float) -> None:
        """The guest is here (its presence said so): the game starts, or goes on."""
        self.guest_online = True
        self.names[self.guest_seat] = name[:40]
        if not self.started and self.result is None:
            self.started = True
            self._start_clock(now)

    def guest_left(self, now: float) -> None:
        self.guest_online = False

    def _start_clock(self, now: float) -> None:
        if self.clock is not None and self.result is None:
            self.clock.running_since = now

    # --- snapshot -----------------------------------------------------------------------------

    def position_text(self) -> str:
        """What both sides see of the position (a hidden game's view, which never names the deal)."""
        return (self.state.view_for(self.guest_seat) if self.hidden else self.state).to_text()

    def snapshot(self, now: float) -> Snapshot:
        """Everything the other side needs, as one JSON object (NETWORK.md, "game")."""
        over = self.result is not None
        shared_seed = None if self.hidden else self.seed
        options = dict(self.options)
        if self.hidden and "seed" in options:
            options["seed"] = 0  # the deal's number is the secret the commitment hides
        snap: Snapshot = {
            "round": self.round,
            "options": options,
            "seed": shared_seed,
            "start": None if self.hidden else self.start,
            "hidden": self.hidden,
            "host_seat": self.host_seat,
            "names": list(self.names),
            "status": self.status,
            "guest_online": self.guest_online,
            "moves": list(self.moves),
            "hash": position_hash(self.position_text()),
            "view": self.position_text() if self.hidden else None,
            # The whole position, for a guest whose rules disagree even after a resync.
            "position": None if self.hidden else self.state.to_text(),
            "first_view": self.first.view_for(self.guest_seat).to_text() if self.hidden else None,
            "commit": commitment(self.seed or 0, self.salt) if self.hidden else None,
            "reveal": {"seed": self.seed, "salt": self.salt} if self.hidden and over else None,
            "pending": self.pending,
            "result": None,
            "clock": None,
            "acked": self.acked,
            "declined": self.declined,
            "refused": self.refused,
        }
        if self.result is not None:
            snap["result"] = {
                "rewards": list(self.result.rewards),
                "reason": self.result.reason,
                "line": self.result.line,
            }
        if self.clock is not None:
            running = self.state.to_move if self.status == "playing" else None
            snap["clock"] = self.clock.as_dict(now, running)
        return snap

    # --- requests -----------------------------------------------------------------------------

    def request(self, seat: int, body: Request | Mapping[str, JSON], now: float) -> str:
        """Handle one request of ``seat`` (the guest's or the host's own); returns "" when done,
        else why it was refused (one line). A refused request changes nothing."""
        what = body.get("what")
        if what == "move":
            return self._move(seat, body, now)
        if what in OFFERS:
            return self._offer(seat, str(what))
        if what == "answer":
            return self._answer(seat, body.get("kind"), body.get("yes") is True, now)
        if what == "resign":
            if self.status != "playing":
                return "the game is not running"
            names = self.seat_names
            winner = 1 - seat
            reason = _("{name} resigned").format(name=names[seat])
            self._finish(Outcome.win(winner, 2, reason), now)
            return ""
        return f"unknown request {what!r}"

    def _move(self, seat: int, body: Request | Mapping[str, JSON], now: float) -> str:
        text, ply = body.get("move"), body.get("ply")
        if self.status != "playing":
            return "the game is not running"
        if not isinstance(text, str) or not isinstance(ply, int) or len(text) > 200:
            return "a move needs its text and ply"
        if ply != len(self.moves):
            return f"move for ply {ply}, the game is at ply {len(self.moves)}"
        if self.state.to_move != seat:
            return "not this seat's turn"
        view = _seat_view(self.state, seat)
        try:
            move = view.parse_move(text)
            canonical = view.move_to_text(move)
            after = self.state.play(move)
        except Exception as exc:  # noqa: BLE001 - a peer's move text: refused, never raised
            return f"illegal move {text!r}: {exc}"
        self._tick_clock(seat, now)
        self.state = after
        self.moves.append(canonical)
        self.pending = None
        if self.state.outcome is not None:
            self._finish(self.state.outcome, now)
        elif len(self.moves) >= self.max_plies:
            self._finish(Outcome.draw(2, _("stopped after {plies} plies").format(plies=len(self.moves))), now)
        return ""

    def _tick_clock(self, seat: int, now: float) -> None:
        clock = self.clock
        if clock is None or clock.running_since is None:
            return
        clock.left[seat] = max(0.0, clock.left[seat] - (now - clock.running_since)) + clock.increment
        clock.running_since = now

    def tick(self, now: float) -> bool:
        """Check the clock of the seat to move; True when its time ran out (the game ended)."""
        clock = self.clock
        if clock is None or clock.running_since is None or self.status != "playing":
            return False
        seat = self.state.to_move
        if clock.left[seat] - (now - clock.running_since) > 0:
            return False
        reason = _("{name} ran out of time").format(name=self.seat_names[seat])
        self._finish(Outcome.win(1 - seat, 2, reason), now)
        return True

    def _finish(self, outcome: Outcome, now: float) -> None:
        if self.clock is not None and self.clock.running_since is not None:
            seat = self.state.to_move
            self.clock.left[seat] = max(0.0, self.clock.left[seat] - (now - self.clock.running_since))
            self.clock.running_since = None
        self.result = _result_of(outcome, self.seat_names)
        self.pending = None

    def undo_plies(self, seat: int) -> int:
        """Plies an undo for ``seat`` takes back (to its last move), 0 when it cannot."""
        if self.hidden or "no-undo" in self.game.flags(self.options) or self.status != "playing":
            return 0
        plies = 2 if self.state.to_move == seat else 1
        return plies if len(self.moves) >= plies else 0

    def _offer(self, seat: int, kind: str) -> str:
        if kind == "rematch":
            if self.status != "over":
                return "a rematch follows a finished game"
        elif self.status != "playing":
            return "the game is not running"
        if kind == "undo" and not self.undo_plies(seat):
            return "nothing to take back"
        if (
            self.pending is not None
            and self.pending.get("by") == 1 - seat
            and self.pending.get("kind") == kind
        ):
            return self._answer(1 - seat, kind, True, None)  # both asked: agreed
        self.pending = {"kind": kind, "by": seat}
        return ""

    def _answer(self, seat: int, kind: object, yes: bool, now: float | None) -> str:
        pending = self.pending
        if pending is None or pending.get("kind") != kind or pending.get("by") != 1 - seat:
            return "no such offer"
        self.pending = None
        if not yes:
            count = (self.declined["n"] if self.declined else 0) + 1
            self.declined = {"kind": str(kind), "by": seat, "n": count}
            return ""
        if kind == "draw":
            self._finish(Outcome.draw(2, _("draw agreed")), now or 0.0)
        elif kind == "undo":
            plies = self.undo_plies(pending["by"])
            if plies:
                self._replay(self.moves[: len(self.moves) - plies])
        elif kind == "rematch":
            self.round += 1
            self.host_seat = 1 - self.host_seat
            self.names.reverse()
            if self.game.random_setup and self.start is None:
                self.seed = secrets.randbelow(2**31 - 1) + 1
                if "seed" in self.options and isinstance(self.options["seed"], int):
                    self.options["seed"] = self.seed
            self._new_round()
            self.started = True
            self._start_clock(now or 0.0)
        return ""

    def _replay(self, moves: list[str]) -> None:
        state = self.first
        for text in moves:
            state = state.play(state.parse_move(text))
        self.state, self.moves = state, list(moves)

    # --- saving -------------------------------------------------------------------------------

    def save_data(self) -> RoomRecord:
        """What the host keeps on its own disk to resume the room after a crash (secrets included)."""
        return {
            "game": self.game.id,
            "options": self.options,
            "seed": self.seed,
            "start": self.start,
            "host_seat": self.host_seat,
            "names": self.names,
            "round": self.round,
            "salt": self.salt,
            "moves": self.moves,
            "result": None
            if self.result is None
            else (list(self.result.rewards), self.result.reason, self.result.line),
            "clock": None if self.clock is None else (self.clock.base, self.clock.increment, self.clock.left),
            "acked": self.acked,
            "started": self.started,
        }

    @classmethod
    def restore(cls, game: GameDef, data: RoomRecord) -> HostGame:
        """The game :meth:`save_data` wrote (raises on anything that does not fit)."""
        clock = data.get("clock")
        host = cls(
            game,
            game.resolve_options(data["options"]),
            seed=data.get("seed"),
            start=data.get("start"),
            host_seat=int(data["host_seat"]),
            clock=None if clock is None else (float(clock[0]), float(clock[1])),
        )
        host.names = [str(n) for n in data["names"]][:2]
        host.round = int(data["round"])
        host.salt = str(data.get("salt") or "")
        host._replay([str(m) for m in data["moves"]])
        result = data.get("result")
        if result is not None:
            rewards, reason, line = result
            host.result = Result(tuple(rewards), reason, line)
        if clock is not None and host.clock is not None:
            host.clock.left = [float(x) for x in clock[2]]
        host.acked = int(data.get("acked", -1))
        host.started = bool(data.get("started"))
        return host
