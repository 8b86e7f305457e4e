"""Room codes and the keys, topics and spectator code derived from them.

A room code is six words from the BIP-39 English list (2048 words, 11 bits each: 66 bits of
entropy), drawn with :mod:`secrets`. People type it, so reading it forgives: any case, any
separators, and each word may be cut to its first four letters (unique in the list).

>>> normalize_code("Abandon-ABIL  abou ; absent,absorb abstract")
'abandon ability about absent absorb abstract'
>>> len(new_code().split()), CODE_WORDS * (len(WORDS).bit_length() - 1)
(6, 66)

Everything secret comes from the code through scrypt (:func:`room_keys`): the broker sees only a
hash-derived room id in the topic names, never the code. A spectator code is ``watch`` and six
more words, derived one way from the player code: it opens the host's messages (the game) but
not the players' key, so a spectator can read but never move.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

#: Words in a player's code (66 bits of entropy with the 2048-word list).
CODE_WORDS = 6
#: The word that starts a spectator code (which then has CODE_WORDS more words).
WATCH_WORD = "watch"
#: scrypt's cost: 2**15 rounds, 32 MiB, about 0.1 s on a laptop (once per room per process).
SCRYPT_N = 2**15
SCRYPT_R = 8
SCRYPT_P = 1
#: Fixed salt, versioned: the code's own 66 bits make each room's derivation unique.
SALT = b"tafel/v1/room-code"


class CodeError(ValueError):
    """A text that is no room code; the message is one line for people."""


@lru_cache(maxsize=1)
def _word_list() -> tuple[str, ...]:
    text = files(__package__).joinpath("words.txt").read_text(encoding="utf-8")
    words = tuple(w.strip() for w in text.splitlines() if w.strip())
    if len(words) != 2048 or len(set(w[:4] for w in words)) != 2048:
        raise RuntimeError("tafel.net: words.txt must hold 2048 words, unique in their first four letters")
    return words


WORDS = _word_list()
_BY_PREFIX = {w[:4]: w for w in WORDS}


def new_code() -> str:
    """A fresh random player code: six words separated by spaces."""
    return " ".join(secrets.choice(WORDS) for _ in range(CODE_WORDS))


def _words_of(text: str) -> list[str]:
    out = []
    for token in re.split(r"[^a-z]+", text.lower()):
        if not token:
            continue
        if token == WATCH_WORD:
            out.append(token)
            continue
        word = _BY_PREFIX.get(token[:4])
        if word is None or not word.startswith(token):
            raise CodeError(f"{token!r} is not a word of a room code")
        out.append(word)
    return out


def normalize_code(text: str) -> str:
    """The canonical spelling of a player or spectator code; raises CodeError."""
    words = _words_of(text)
    if len(words) == CODE_WORDS + 1 and words[0] == WATCH_WORD:
        return " ".join(words)
    if len(words) != CODE_WORDS:
        raise CodeError(
            f"a room code has {CODE_WORDS} words (a spectator's: watch and {CODE_WORDS}), got {len(words)}"
        )
    return " ".join(words)


def is_spectator_code(code: str) -> bool:
    """True for ``watch`` + six words.

    >>> is_spectator_code("watch " + new_code()), is_spectator_code(new_code())
    (True, False)
    """
    return len(normalize_code(code).split()) == CODE_WORDS + 1


def _words_from_bytes(data: bytes, count: int) -> list[str]:
    number = int.from_bytes(data, "big")
    words = []
    for _ in range(count):
        number, index = divmod(number, len(WORDS))
        words.append(WORDS[index])
    return words


@lru_cache(maxsize=16)
def _stretch(code: str) -> bytes:
    """scrypt of the canonical code: 32 bytes every key of the room comes from."""
    kdf = Scrypt(salt=SALT, length=32, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P)
    return kdf.derive(code.encode("utf-8"))


def _subkey(master: bytes, label: str) -> bytes:
    return hmac.new(master, b"tafel/v1/" + label.encode(), hashlib.sha256).digest()


@dataclass(frozen=True)
class RoomKeys:
    """What a code opens. ``play_key`` is None for a spectator (read only).

    - ``room_id``: 32 hex digits naming the room's topics (public: the broker sees it);
    - ``watch_key``: AES-256-GCM key of the host's messages (players and spectators);
    - ``play_key``: AES-256-GCM key of the guest's messages and HMAC key of the tag on the host's
      messages, which only players can check and make.
    """

    room_id: str
    watch_key: bytes
    play_key: bytes | None
    spectator_code: str

    @property
    def can_play(self) -> bool:
        return self.play_key is not None


def room_keys(code: str) -> RoomKeys:
    """The keys of the room a code opens (raises CodeError for a bad code).

    >>> code = "abandon ability able about above absent"
    >>> player, spectator = room_keys(code), room_keys(room_keys(code).spectator_code)
    >>> player.room_id == spectator.room_id, player.watch_key == spectator.watch_key
    (True, True)
    >>> player.can_play, spectator.can_play
    (True, False)
    """
    canonical = normalize_code(code)
    play_key = None
    if is_spectator_code(canonical):
        watch_code = canonical
    else:
        player_master = _stretch(canonical)
        play_key = _subkey(player_master, "play-key")
        watch_code = " ".join(
            [WATCH_WORD, *_words_from_bytes(_subkey(player_master, "watch-code"), CODE_WORDS)]
        )
    watch_master = _stretch(watch_code)
    room_id = _subkey(watch_master, "room-id")[:16].hex()
    return RoomKeys(room_id, _subkey(watch_master, "watch-key"), play_key, watch_code)
