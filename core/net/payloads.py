"""The shapes of what travels in a room (NETWORK.md), as types.

What a side writes is typed exactly (:class:`Snapshot`, :class:`Request`, :class:`Presence` and
their parts); what arrives is :data:`JSONObject` until it has been checked, field by field, and
made into those shapes (:mod:`tafel.net.guest` does it for a snapshot): a peer is not trusted.

>>> offer: Offer = {"kind": "draw", "by": 1}
>>> offer["kind"]
'draw'
"""

from __future__ import annotations

from typing import TypeAlias, TypedDict

from tafel.game import OptionValue

#: A JSON value as :func:`json.loads` gives it (a message's plaintext before it is checked).
JSON: TypeAlias = "str | int | float | bool | None | list[JSON] | dict[str, JSON]"
JSONObject: TypeAlias = "dict[str, JSON]"


class Offer(TypedDict):
    """An open offer: ``undo``, ``draw`` or ``rematch``, by a seat."""

    kind: str
    by: int


class Declined(TypedDict):
    """The last offer declined, and how many were (so the same answer twice is news twice)."""

    kind: str
    by: int
    n: int


class Refused(TypedDict):
    """The last guest request the host refused: why, how many, the request's number."""

    why: str
    n: int
    seq: int


class ClockData(TypedDict):
    """The host's clocks as of publishing: seconds left per seat, the one running (or None)."""

    base: float
    inc: float
    left: list[float]
    running: int | None


class ResultData(TypedDict):
    rewards: list[float]
    reason: str
    line: str


class Reveal(TypedDict):
    """A hidden game's deal once it ended: the seed and the salt of the commitment."""

    seed: int | None
    salt: str


class Snapshot(TypedDict):
    """The host's whole game (``t: game``), published after every change."""

    round: int
    options: dict[str, OptionValue]
    seed: int | None
    start: str | None
    hidden: bool
    host_seat: int
    names: list[str]
    status: str
    guest_online: bool
    moves: list[str]
    hash: str
    view: str | None
    position: str | None
    first_view: str | None
    commit: str | None
    reveal: Reveal | None
    pending: Offer | None
    result: ResultData | None
    clock: ClockData | None
    acked: int
    declined: Declined | None
    refused: Refused | None


class Request(TypedDict, total=False):
    """A player's request (``t: req``): ``what`` is move, undo, draw, resign, rematch or answer."""

    what: str
    ply: int
    move: str
    kind: str
    yes: bool


class Presence(TypedDict):
    """A side's presence (``t: presence``): online or not, and its name (empty: none given)."""

    online: bool
    name: str


class RoomRecord(TypedDict):
    """What a host keeps of its room on its own disk (``rooms/ROOM.json``), the deal's secret
    included, to take the room back after a crash; JSON keeps the tuples as lists."""

    game: str
    options: dict[str, OptionValue]
    seed: int | None
    start: str | None
    host_seat: int
    names: list[str]
    round: int
    salt: str
    moves: list[str]
    result: tuple[list[float], str, str] | None
    clock: tuple[float, float, list[float]] | None
    acked: int
    started: bool


#: A message's body as a side writes it.
Body: TypeAlias = Snapshot | Request | Presence
