"""The guest's (or a spectator's) copy of a room's game, fed with the host's snapshots.

:class:`GuestGame` checks each snapshot against the game's own rules: one ply more is played
on its own state and its position hash compared with the host's; anything else (a reconnect, an
undo, a mismatch) rebuilds the game from the snapshot's full move list (a resync). A snapshot
that does not fit raises :class:`SnapshotError` and leaves the copy as it was. A hidden game's
copy is the seats' common view the host sends, and at the end :func:`verify_deal` checks the
revealed deal against the commitment made before the first move.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TypeAlias

from tafel.game import GameDef, GameState, Options
from tafel.net.game import (
    MAX_PLIES,
    OFFERS,
    STATUSES,
    Result,
    commitment,
    position_hash,
    shown_name,
    start_state,
)
from tafel.net.payloads import ClockData, Declined, Offer, Refused

#: What an event of the room carries, by its kind (:meth:`GuestGame.apply`,
#: :meth:`tafel.net.session.RoomSession.poll`): a ply's text, an undo's count, a status, a round,
#: an offer or its answer, a refusal, the result, (online, name) of the other side, the connection
#: (True/False), a problem's line.
EventData: TypeAlias = "str | int | bool | tuple[bool, str] | Offer | Declined | Refused | Result"
Event: TypeAlias = "tuple[str, EventData]"


class SnapshotError(ValueError):
    """A snapshot that does not fit the game (refused; the guest keeps what it had)."""


@dataclass(frozen=True)
class GuestView:
    """What a guest or spectator knows of the room's game after the last snapshot."""

    game: GameDef
    options: Options
    round: int
    state: GameState
    moves: tuple[str, ...]
    host_seat: int
    names: tuple[str, ...]
    status: str
    guest_online: bool
    pending: Offer | None
    result: Result | None
    clock: ClockData | None
    commit: str | None = None
    deal_verified: bool | None = None
    declined: Declined | None = None
    refused: Refused | None = None
    #: The start: ``new_state(options, seed)`` or ``parse_position(start)`` (both None in a hidden game).
    seed: int | None = None
    start: str | None = None

    def seat_of(self, role: str) -> int | None:
        """The seat the host or the guest plays (None for a spectator)."""
        return self.host_seat if role == "host" else 1 - self.host_seat if role == "guest" else None


class GuestGame:
    """The guest's (or a spectator's) copy of the room's game, fed with the host's snapshots.

    ``games`` finds a game definition by id (the guest's registry). :meth:`apply` returns the
    events of the change (plies, offers, the end); a snapshot that does not fit raises
    SnapshotError and leaves the copy as it was.
    """

    def __init__(self, games: Callable[[str], GameDef]) -> None:
        self.games = games
        self.view: GuestView | None = None
        self.resyncs = 0
        #: Snapshots whose moves led this side's rules elsewhere (the host's position was taken).
        self.disagreements = 0

    def apply(
        self, game_id: str, game_version: str, snap: Mapping[str, object], state: GameState | None = None
    ) -> list[Event]:
        """Take a snapshot; ``state`` is the position when the caller knows it already (the host's
        own copy, which need not replay its own rules)."""
        try:
            new = self._read(game_id, game_version, snap, state)
        except SnapshotError:
            raise
        except Exception as exc:  # noqa: BLE001 - the host's data: refused, never raised
            raise SnapshotError(f"{type(exc).__name__}: {exc}") from None
        old, self.view = self.view, new
        return _changes(old, new)

    def _read(
        self, game_id: str, game_version: str, snap: Mapping[str, object], known: GameState | None
    ) -> GuestView:
        game = self.games(game_id)
        if game.version != game_version:
            raise SnapshotError(
                f"the host plays {game_id} version {game_version}, this is version {game.version}"
            )
        options = game.resolve_options(_dict(snap, "options"))
        moves = snap.get("moves")
        if (
            not isinstance(moves, list)
            or len(moves) > MAX_PLIES
            or not all(isinstance(m, str) for m in moves)
        ):
            raise SnapshotError("moves must be a list of texts")
        host_seat = snap.get("host_seat")
        if not isinstance(host_seat, int) or host_seat not in (0, 1) or snap.get("status") not in STATUSES:
            raise SnapshotError("bad host seat or status")
        round_ = snap.get("round")
        if not isinstance(round_, int) or isinstance(round_, bool):
            raise SnapshotError("bad round")
        state = known if known is not None else self._state(game, options, snap, moves, round_)
        if position_hash(state.to_text()) != snap.get("hash"):
            raise SnapshotError("the position's hash does not match")
        names = snap.get("names")
        if not isinstance(names, list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise SnapshotError("bad names")
        result = _read_result(snap.get("result"))
        pending = _offer(snap.get("pending"))
        commit = snap.get("commit")
        view = GuestView(
            game,
            options,
            round_,
            state,
            tuple(moves),
            host_seat,
            tuple(shown_name(n, seat == host_seat) for seat, n in enumerate(names)),
            str(snap["status"]),
            snap.get("guest_online") is True,
            pending,
            result,
            _clock(snap.get("clock")),
            commit if isinstance(commit, str) else None,
            None,
            _declined(snap.get("declined")),
            _refused(snap.get("refused")),
        )
        seed, start = snap.get("seed"), snap.get("start")
        view = replace(
            view,
            seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
            start=start if isinstance(start, str) else None,
        )
        if snap.get("reveal") is not None:
            view = replace(view, deal_verified=verify_deal(game, options, snap, view.commit))
        return view

    def _state(
        self, game: GameDef, options: Options, snap: Mapping[str, object], moves: list[str], round_: int
    ) -> GameState:
        if snap.get("hidden") is True:
            view = snap.get("view")
            if not isinstance(view, str):
                raise SnapshotError("a hidden game's snapshot needs its view")
            return game.parse_position(view, options)
        old = self.view
        same_game = old is not None and old.round == round_ and old.game is game and old.options == options
        if (
            old is not None
            and same_game
            and len(moves) == len(old.moves) + 1
            and list(old.moves) == moves[:-1]
        ):
            state = old.state.play(old.state.parse_move(moves[-1]))
            if position_hash(state.to_text()) == snap.get("hash"):
                return state
            self.resyncs += 1  # our rules disagree with the host's: rebuild from its full game
        elif old is not None and same_game and list(old.moves) == moves:
            return old.state
        elif old is not None:
            self.resyncs += 1
        seed, start = snap.get("seed"), snap.get("start")
        if seed is not None and not isinstance(seed, int) or start is not None and not isinstance(start, str):
            raise SnapshotError("bad seed or start")
        state = start_state(game, options, seed, start)
        for text in moves:
            state = state.play(state.parse_move(text))
        position = snap.get("position")
        if position_hash(state.to_text()) != snap.get("hash") and isinstance(position, str):
            # This side's rules reach another position from the same moves (another version of
            # a plugin, a notation that names two moves): the host's position stands.
            self.disagreements += 1
            state = game.parse_position(position, options)
        return state


def _dict(snap: Mapping[str, object], key: str) -> dict[str, object]:
    value = snap.get(key)
    if not isinstance(value, dict):
        raise SnapshotError(f"{key} must be an object")
    return value


def _seat(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1) else None


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _offer(value: object) -> Offer | None:
    """An open offer, checked (a snapshot with a bad one is refused)."""
    if value is None:
        return None
    if not isinstance(value, dict) or value.get("kind") not in OFFERS or _seat(value.get("by")) is None:
        raise SnapshotError("bad offer")
    return {"kind": str(value["kind"]), "by": _count(value["by"])}


def _declined(value: object) -> Declined | None:
    if not isinstance(value, dict) or value.get("kind") not in OFFERS or _seat(value.get("by")) is None:
        return None
    return {"kind": str(value["kind"]), "by": _count(value["by"]), "n": _count(value.get("n"))}


def _refused(value: object) -> Refused | None:
    if not isinstance(value, dict) or not isinstance(value.get("why"), str):
        return None
    return {"why": str(value["why"])[:300], "n": _count(value.get("n")), "seq": _count(value.get("seq"))}


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _clock(value: object) -> ClockData | None:
    """The host's clocks, when they have the shape NETWORK.md gives them (else none shown)."""
    if not isinstance(value, dict):
        return None
    base, inc, left = _number(value.get("base")), _number(value.get("inc")), value.get("left")
    if base is None or inc is None or not isinstance(left, list) or len(left) != 2:
        return None
    seconds = [_number(x) for x in left]
    if seconds[0] is None or seconds[1] is None:
        return None
    return {
        "base": base,
        "inc": inc,
        "left": [seconds[0], seconds[1]],
        "running": _seat(value.get("running")),
    }


def _read_result(data: object) -> Result | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise SnapshotError("bad result")
    rewards, reason, line = data.get("rewards"), data.get("reason"), data.get("line")
    if not isinstance(rewards, list) or not isinstance(reason, str) or not isinstance(line, str):
        raise SnapshotError("bad result")
    return Result(tuple(float(r) for r in rewards), reason[:300], line[:400])


def verify_deal(game: GameDef, options: Options, snap: Mapping[str, object], commit: str | None) -> bool:
    """True when the revealed seed and salt match the commitment made before the first move and
    the revealed deal's first view is the one the game started from."""
    reveal = snap.get("reveal")
    if not isinstance(reveal, dict) or commit is None:
        return False
    seed, salt = reveal.get("seed"), reveal.get("salt")
    if not isinstance(seed, int) or not isinstance(salt, str):
        return False
    if commitment(seed, salt) != commit:
        return False
    dealt_options = dict(options)
    if "seed" in dealt_options:
        dealt_options["seed"] = seed
    try:
        first = game.new_state(dealt_options, seed)
        guest_seat = 1 - (_seat(snap.get("host_seat")) or 0)
        return first.view_for(guest_seat).to_text() == snap.get("first_view")
    except Exception:  # noqa: BLE001 - a revealed deal the rules cannot make is not verified
        return False


def _changes(old: GuestView | None, new: GuestView) -> list[Event]:
    """Events between two views: ("ply", text), ("undo", n), ("offer", pending), ("over", result),
    ("rematch", round), ("status", status)."""
    events: list[Event] = []
    if old is None or old.round != new.round:
        if old is not None:
            events.append(("rematch", new.round))
        events.append(("status", new.status))
    else:
        if old.moves == new.moves[: len(old.moves)]:
            events.extend(("ply", m) for m in new.moves[len(old.moves) :])
        else:
            events.append(("undo", len(old.moves) - len(new.moves)))
        if old.status != new.status:
            events.append(("status", new.status))
    if new.pending is not None and (old is None or old.pending != new.pending):
        events.append(("offer", new.pending))
    if new.declined is not None and (old is None or old.declined != new.declined):
        events.append(("declined", new.declined))
    if new.refused is not None and (old is None or old.refused != new.refused):
        events.append(("refused", new.refused))
    if new.result is not None and (old is None or old.result is None or old.round != new.round):
        events.append(("over", new.result))
    return events
