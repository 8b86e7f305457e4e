"""Messages on the wire: sealed with AES-GCM, numbered, bounded, and opened with suspicion.

A sealed message is ``version (1 byte) | key kind (1 byte) | nonce (12 bytes) | ciphertext`` and,
for the host's messages, a 16-byte HMAC-SHA256 tag with the players' key at the end. The
associated data of AES-GCM is the first two bytes and the topic, so a message moved to another
topic fails. The plaintext is a JSON object (NETWORK.md lists its fields)::

    {"v": 1, "t": "game", "from": "host", "seq": 1733212345000001, "game": "tictactoe", "gv": "1", "body": {...}}

:class:`Opener` opens what arrives: anything too big, of another version, failing
authentication, not a JSON object of the right shape, of another game, or with a sequence number
not above the last one from that sender on that topic is dropped, and counted by reason; nothing
raises out of it.

>>> keys = (b"w" * 32, b"p" * 32)
>>> sealer = Sealer("host", *keys, game="tictactoe", game_version="1")
>>> data = sealer.seal("tafel/v1/r/game", "game", {"moves": []})
>>> opener = Opener(*keys, game="tictactoe", game_version="1")
>>> opener.open("tafel/v1/r/game", data).body
{'moves': []}
>>> opener.open("tafel/v1/r/game", data) is None, dict(opener.dropped)
(True, {'replayed': 1})
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from tafel.net.payloads import JSON, Body, JSONObject

PROTOCOL_VERSION = 1
#: The largest sealed message accepted or sent, in bytes.
MAX_MESSAGE = 64 * 1024
#: Key kinds: the watch key alone (spectators can check it), the watch key with the players' tag
#: (the host), the players' key (the guest).
KIND_WATCH, KIND_HOST, KIND_PLAY = 0, 1, 2
TAG_BYTES = 16
NONCE_BYTES = 12
ROLES = ("host", "guest")
MESSAGE_TYPES = ("game", "presence", "req")


class MessageTooBig(ValueError):
    """A message to send is over :data:`MAX_MESSAGE` (the game is too long for one message)."""


@dataclass(frozen=True)
class Message:
    """An opened message: who sent it, its type, number and body (a dict)."""

    sender: str
    type: str
    seq: int
    body: JSONObject
    topic: str


def _aad(header: bytes, topic: str) -> bytes:
    return header + topic.encode("utf-8")


def _tag(play_key: bytes, data: bytes) -> bytes:
    return hmac.new(play_key, data, hashlib.sha256).digest()[:TAG_BYTES]


class SequenceSource:
    """Numbers that only grow, across restarts too: microseconds since 1970 at the start, then one
    more per message (never below a number given to :meth:`at_least`)."""

    def __init__(self) -> None:
        self._next = time.time_ns() // 1000

    def at_least(self, number: int) -> None:
        self._next = max(self._next, number)

    def __call__(self) -> int:
        number = self._next
        self._next += 1
        return number


class Sealer:
    """Seals one side's messages: the host's with the watch key and the players' tag, the guest's
    with the players' key."""

    def __init__(
        self, role: str, watch_key: bytes, play_key: bytes | None, *, game: str, game_version: str
    ) -> None:
        if role not in ROLES or play_key is None:
            raise ValueError("only the host and the guest send (a spectator has no players' key)")
        self.role, self.watch_key, self.play_key = role, watch_key, play_key
        self.game, self.game_version = game, game_version
        self.next_seq = SequenceSource()

    def seal(self, topic: str, type_: str, body: Body | Mapping[str, JSON], seq: int | None = None) -> bytes:
        """The sealed bytes of a message; raises MessageTooBig."""
        plain = {
            "v": PROTOCOL_VERSION,
            "t": type_,
            "from": self.role,
            "seq": self.next_seq() if seq is None else seq,
            "game": self.game,
            "gv": self.game_version,
            "body": body,
        }
        text = json.dumps(plain, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        kind = KIND_HOST if self.role == "host" else KIND_PLAY
        header = bytes((PROTOCOL_VERSION, kind))
        key = self.watch_key if kind == KIND_HOST else self.play_key
        nonce = os.urandom(NONCE_BYTES)
        sealed = header + nonce + AESGCM(key).encrypt(nonce, text, _aad(header, topic))
        if kind == KIND_HOST:
            sealed += _tag(self.play_key, sealed)
        if len(sealed) > MAX_MESSAGE:
            raise MessageTooBig(f"message of {len(sealed)} bytes is over the limit of {MAX_MESSAGE}")
        return sealed


class Opener:
    """Opens messages for a player (``play_key`` given) or a spectator (``play_key`` None).

    ``game``/``game_version`` of None take whatever the first message names (a guest learns the
    game from the host), then hold it. ``dropped`` counts what was refused, by reason.
    """

    def __init__(
        self,
        watch_key: bytes,
        play_key: bytes | None,
        *,
        game: str | None = None,
        game_version: str | None = None,
    ) -> None:
        self.watch_key, self.play_key = watch_key, play_key
        self.game, self.game_version = game, game_version
        self.last_seq: dict[tuple[str, str], int] = {}
        self.dropped: Counter[str] = Counter()
        self.accepted = 0

    def open(self, topic: str, data: bytes) -> Message | None:
        """The message, or None (dropped and counted)."""
        try:
            reason, message = self._open(topic, bytes(data))
        except Exception:  # noqa: BLE001 - a peer's bytes must never raise out of here
            reason, message = "malformed", None
        if message is None:
            self.dropped[reason] += 1
            return None
        self.accepted += 1
        return message

    def remember(self, sender: str, topic: str, seq: int) -> None:
        """Messages of ``sender`` on ``topic`` numbered ``seq`` or below are old from now on (a host
        resuming its room after a restart)."""
        key = (sender, topic)
        self.last_seq[key] = max(self.last_seq.get(key, -1), seq)

    def _open(self, topic: str, data: bytes) -> tuple[str, Message | None]:
        if len(data) > MAX_MESSAGE:
            return "oversized", None
        if len(data) < 2 + NONCE_BYTES + 16 or data[0] != PROTOCOL_VERSION:
            return "malformed" if len(data) < 2 or data[0] == PROTOCOL_VERSION else "version", None
        kind = data[1]
        if kind == KIND_HOST:
            if len(data) < 2 + NONCE_BYTES + 16 + TAG_BYTES:
                return "malformed", None
            body, tag = data[:-TAG_BYTES], data[-TAG_BYTES:]
            if self.play_key is not None and not hmac.compare_digest(tag, _tag(self.play_key, body)):
                return "forged", None
            key, sender_role = self.watch_key, "host"
        elif kind == KIND_PLAY:
            if self.play_key is None:
                return "not for spectators", None
            body, key, sender_role = data, self.play_key, "guest"
        else:
            return "malformed", None
        nonce = body[2 : 2 + NONCE_BYTES]
        try:
            plain = AESGCM(key).decrypt(nonce, body[2 + NONCE_BYTES :], _aad(body[:2], topic))
        except InvalidTag:
            return "forged", None
        return self._check(topic, sender_role, json.loads(plain.decode("utf-8")))

    def _check(self, topic: str, sender_role: str, plain: object) -> tuple[str, Message | None]:
        if not isinstance(plain, dict) or plain.get("v") != PROTOCOL_VERSION:
            return "malformed", None
        seq, type_, body = plain.get("seq"), plain.get("t"), plain.get("body")
        if (
            plain.get("from") != sender_role
            or type_ not in MESSAGE_TYPES
            or not isinstance(seq, int)
            or isinstance(seq, bool)
            or not isinstance(body, dict)
            or not isinstance(plain.get("game"), str)
            or not isinstance(plain.get("gv"), str)
        ):
            return "malformed", None
        # Presence says who is here, whatever the game (a guest announces itself before it knows it).
        if (
            type_ != "presence"
            and self.game is not None
            and (plain["game"], plain["gv"]) != (self.game, self.game_version)
        ):
            return "other game", None
        key = (sender_role, topic)
        if seq <= self.last_seq.get(key, -1):
            return "replayed", None
        self.last_seq[key] = seq
        if self.game is None and type_ == "game":
            self.game, self.game_version = plain["game"], plain["gv"]
        return "", Message(sender_role, type_, seq, body, topic)
