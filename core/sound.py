"""Sound effects and a quiet background loop, synthesised in code (no files, no numpy).

Effects: ``select`` (a menu choice), ``move``, ``capture`` (captures, flips, removals),
``invalid`` (a refused action), ``win``, ``loss``, ``draw`` and ``hint``. A board view picks the
effect of a move with :meth:`tafel.view.BoardView.sound_for`.

Everything is silent when there is no audio device: the mixer's ``pygame.error`` is caught and
:class:`Sound` simply does nothing (``available`` is False, ``error`` says why). Volume and
mute come from :class:`tafel.settings.Settings`.

>>> len(synth("select", 22050)) > 0
True
>>> max(abs(v) for v in synth("win", 22050)) <= 32767
True
"""

from __future__ import annotations

import math
import os
import random
from array import array
from collections.abc import Callable, Iterator
from typing import Protocol

import pygame

RATE = 22050
EFFECTS = ("select", "move", "capture", "invalid", "win", "loss", "draw", "hint")
#: Loudness of the synthesised samples (of 1); the player's volume scales it further.
LEVEL = 0.55


def _note(
    freq: float,
    seconds: float,
    rate: int,
    *,
    attack: float = 0.004,
    decay: float = 8.0,
    harmonics: tuple[float, ...] = (1.0, 0.3),
    slide: float = 0.0,
) -> list[float]:
    """A plucked tone: a few harmonics under a fast attack and an exponential decay; ``slide``
    bends the pitch by that fraction over the note."""
    n = max(1, int(seconds * rate))
    w = 2 * math.pi * freq / rate
    # Phase of a linear pitch slide: the integral of the frequency.
    phases = [w * (i + slide * i * i / (2 * n)) for i in range(n)]
    a_n = attack * rate
    k = math.exp(-decay / rate)
    out = [min(1.0, i / a_n) * k**i for i in range(n)]
    total = [0.0] * n
    for h, amp in enumerate(harmonics, start=1):
        total = [t + amp * math.sin(h * p) for t, p in zip(total, phases, strict=True)]
    return [e * t for e, t in zip(out, total, strict=True)]


def _noise(seconds: float, rate: int, decay: float, seed: int = 7) -> list[float]:
    rng = random.Random(seed)
    n = int(seconds * rate)
    out, last = [], 0.0
    for i in range(n):
        last = 0.6 * last + 0.4 * rng.uniform(-1, 1)  # a little low-pass: a knock, not a hiss
        out.append(last * math.exp(-decay * i / rate))
    return out


def _mix(*parts: tuple[float, list[float]], rate: int) -> list[float]:
    """Sum parts given as (start second, samples)."""
    end = max(int(start * rate) + len(samples) for start, samples in parts)
    out = [0.0] * end
    for start, samples in parts:
        offset = int(start * rate)
        for i, v in enumerate(samples):
            out[offset + i] += v
    return out


def _recipes() -> dict[str, Callable[[int], list[float]]]:
    C5, E5, G5, C6 = 523.25, 659.25, 783.99, 1046.5
    return {
        "select": lambda r: _note(1046.5, 0.07, r, decay=45, harmonics=(1.0, 0.15)),
        "move": lambda r: _mix(
            (0, _note(330, 0.12, r, decay=38, harmonics=(1.0, 0.5, 0.2), slide=-0.25)),
            (0, [0.5 * v for v in _noise(0.03, r, 120)]),
            rate=r,
        ),
        "capture": lambda r: _mix(
            (0, _note(520, 0.1, r, decay=30, harmonics=(1.0, 0.4))),
            (0.06, _note(780, 0.16, r, decay=22, harmonics=(1.0, 0.4))),
            (0, [0.4 * v for v in _noise(0.03, r, 100, 3)]),
            rate=r,
        ),
        "invalid": lambda r: _mix(
            (0, _note(150, 0.09, r, decay=12, harmonics=(1.0, 0.6, 0.4, 0.3))),
            (0.11, _note(140, 0.12, r, decay=12, harmonics=(1.0, 0.6, 0.4, 0.3))),
            rate=r,
        ),
        "win": lambda r: _mix(
            *[(i * 0.1, _note(f, 0.45 - 0.05 * i, r, decay=6)) for i, f in enumerate((C5, E5, G5, C6))],
            rate=r,
        ),
        "loss": lambda r: _mix(
            *[(i * 0.16, _note(f, 0.5, r, decay=5)) for i, f in enumerate((392.0, 329.63, 261.63))],
            rate=r,
        ),
        "draw": lambda r: _mix((0, _note(G5, 0.35, r, decay=8)), (0.14, _note(G5, 0.4, r, decay=7)), rate=r),
        "hint": lambda r: _mix(
            *[
                (i * 0.05, _note(f, 0.2, r, decay=18, harmonics=(1.0,)))
                for i, f in enumerate((C6, 1318.5, 1568))
            ],
            rate=r,
        ),
    }


_RECIPES = _recipes()


def synth(name: str, rate: int = RATE) -> array:
    """The effect ``name`` as signed 16-bit mono samples."""
    samples = _RECIPES[name](rate)
    peak = max(1e-9, max(abs(v) for v in samples))
    gain = LEVEL * 32767 / peak
    return array("h", (int(v * gain) for v in samples))


MUSIC_CHORDS = (
    (220.0, 261.63, 329.63),
    (174.61, 220.0, 261.63),
    (196.0, 246.94, 293.66),
    (164.81, 207.65, 246.94),
)


def music_chunks(rate: int = RATE, seconds: float = 16.0, chunk: int = 4096) -> Iterator[array]:
    """A slow, quiet four-chord pad (signed 16-bit mono samples) that loops without a click,
    made a chunk at a time so building it never holds up a frame for long."""
    per = int(seconds / len(MUSIC_CHORDS) * rate)
    for chord in MUSIC_CHORDS:
        ws = [2 * math.pi * f / rate for f in chord]
        for start in range(0, per, chunk):
            idx = range(start, min(per, start + chunk))
            # Each chord fades in and out, so the joins and the loop point are silent.
            yield array(
                "h",
                [
                    int(
                        1090
                        * math.sin(math.pi * i / per) ** 2
                        * (math.sin(ws[0] * i) + math.sin(ws[1] * i) + math.sin(ws[2] * i))
                    )
                    for i in idx
                ],
            )


def music_loop(rate: int = RATE, seconds: float = 16.0) -> array:
    out = array("h")
    for part in music_chunks(rate, seconds):
        out.extend(part)
    return out


class Volumes(Protocol):
    """The settings a :class:`Sound` plays by (:class:`tafel.settings.Settings`, a sibling service)."""

    @property
    def effects_gain(self) -> float: ...

    @property
    def music_gain(self) -> float: ...


class Sound:
    """The mixer, the effects (made on first use) and the music loop; silent without audio."""

    def __init__(self, settings: Volumes | None = None, *, enabled: bool = True) -> None:
        self.settings = settings
        self.available = False
        self.error: str | None = None
        self._cache: dict[str, pygame.mixer.Sound] = {}
        self._music: pygame.mixer.Sound | None = None
        self._music_channel: pygame.mixer.Channel | None = None
        self._music_parts: Iterator[array] | None = None
        self._music_samples = array("h")
        #: Effects played at a volume above zero, newest last (also without a device: for tests).
        self.played: list[str] = []
        if enabled:
            self._init()

    def _init(self) -> None:
        if os.environ.get("SDL_AUDIODRIVER", "").strip().lower() in ("dummy", "disk"):
            # Headless runs (tests, benches): no device to hear anything, so no work either.
            self.error = "no audio device (dummy driver)"
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            started = pygame.mixer.get_init()
            if not started:
                raise pygame.error("the mixer did not start")
            freq, fmt, channels = started
        except (pygame.error, TypeError, AttributeError, NotImplementedError) as exc:
            self.error = str(exc) or type(exc).__name__
            return
        if abs(fmt) != 16:
            self.error = f"unsupported mixer format {fmt}"
            return
        self.rate, self.channels = freq, channels
        self.available = True

    # --- volume ------------------------------------------------------------------------------

    @property
    def effects_gain(self) -> float:
        s = self.settings
        return 1.0 if s is None else float(s.effects_gain)

    @property
    def music_gain(self) -> float:
        s = self.settings
        return 0.0 if s is None else float(s.music_gain)

    # --- playing -----------------------------------------------------------------------------

    def _make(self, samples: array) -> pygame.mixer.Sound:
        if self.channels > 1:
            wide = array("h", bytes(2 * len(samples) * self.channels))
            for c in range(self.channels):
                wide[c :: self.channels] = samples
            samples = wide
        return pygame.mixer.Sound(buffer=samples.tobytes())

    def play(self, name: str | None) -> None:
        """Play effect ``name`` at the effects volume (unknown names and silence are fine)."""
        if not name or name not in _RECIPES:
            return
        gain = self.effects_gain
        if gain <= 0:
            return
        self.played.append(name)
        del self.played[:-20]
        if not self.available:
            return
        try:
            sound = self._cache.get(name)
            if sound is None:
                sound = self._cache[name] = self._make(synth(name, self.rate))
            sound.set_volume(gain)
            sound.play()
        except (pygame.error, ValueError) as exc:
            self.available = False
            self.error = str(exc)

    def tick(self) -> None:
        """Once a frame: build one effect or one piece of the music loop, start or re-level the
        music, stop it when muted. Cheap once everything is built."""
        if not self.available:
            return
        try:
            missing = next((n for n in EFFECTS if n not in self._cache), None)
            if missing is not None:
                self._cache[missing] = self._make(synth(missing, self.rate))
                return
            gain = self.music_gain
            if gain <= 0:
                if self._music_channel is not None:
                    self._music_channel.fadeout(400)
                    self._music_channel = None
                return
            if self._music is None:
                if self._music_parts is None:
                    self._music_parts = music_chunks(self.rate)
                    self._music_samples = array("h")
                part = next(self._music_parts, None)
                if part is not None:
                    self._music_samples.extend(part)
                    return
                self._music = self._make(self._music_samples)
                self._music_samples = array("h")
            if self._music_channel is None:
                self._music_channel = self._music.play(loops=-1, fade_ms=2000)
            if self._music_channel is not None and abs(self._music_channel.get_volume() - gain) > 1e-3:
                self._music_channel.set_volume(gain)
        except (pygame.error, ValueError) as exc:
            self.available = False
            self.error = str(exc)

    @property
    def music_playing(self) -> bool:
        return self._music_channel is not None

    def close(self) -> None:
        if self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass
