"""A random setup's difficulty before play (``GameDef.difficulty``), worked out off the UI's time.

The hook is slow (a solver may play the deal many times over), so the setup screen only asks
:meth:`Ratings.get` each frame: the answer kept for that game, options and seed, or None while a
background thread works it out (one at a time, the newest asked first). Answers are kept for the
run; a hook that fails gives its error as the answer, one that returns None no line. ``synchronous`` (the tests) works it out at
once instead.

>>> from tafel.game import GameDef
>>> game = GameDef("g", "G", "", 1, 1, None, None, difficulty=lambda options, seed: ("easy", 0.9))
>>> ratings = Ratings(synchronous=True)
>>> ratings.get(game, {}, 7), difficulty_text(ratings.get(game, {}, 7))
(('easy', 0.9), 'Difficulty: easy · the solver wins 90%')
"""

from __future__ import annotations

import json
import threading

from tafel.game import GameDef, Options, one_line
from tafel.i18n import N_, _, format_percent

#: The difficulty words a game answers with, translated when shown.
LABELS = (N_("easy"), N_("medium"), N_("hard"), N_("very hard"))

Answer = tuple[str, float] | str


def _key(game: GameDef, options: Options, seed: int) -> tuple[str, str, int]:
    return (game.id, json.dumps(options, sort_keys=True, default=str), int(seed))


class Ratings:
    """Difficulty answers by (game, options, seed); see the module docstring."""

    def __init__(self, synchronous: bool = False) -> None:
        self.synchronous = synchronous
        self.done: dict[tuple[str, str, int], Answer] = {}
        self.wanted: dict[tuple[str, str, int], tuple[GameDef, Options, int]] = {}
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def get(self, game: GameDef, options: Options, seed: int | None) -> Answer | None:
        """The answer for this deal (a (label, win rate) pair, or an error text), None while it is
        being worked out or when the game has no difficulty."""
        if game.difficulty is None or seed is None:
            return None
        key = _key(game, options, seed)
        with self.lock:
            if key in self.done:
                return self.done[key]
            self.wanted.pop(key, None)
            self.wanted[key] = (game, dict(options), int(seed))  # the newest goes last
            if self.synchronous:
                pass
            elif self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._work, name="tafel-difficulty", daemon=True)
                self.thread.start()
                return None
            else:
                return None
        self._work()
        return self.done.get(key)

    def _work(self) -> None:
        while True:
            with self.lock:
                if not self.wanted:
                    return
                key = next(reversed(self.wanted))
                game, options, seed = self.wanted.pop(key)
            answer = _rate(game, options, seed)
            with self.lock:
                self.done[key] = answer

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the thread to finish what it was asked (the command line, tests with a thread)."""
        thread = self.thread
        if thread is not None:
            thread.join(timeout)


def _rate(game: GameDef, options: Options, seed: int) -> Answer:
    assert game.difficulty is not None
    try:
        answer = game.difficulty(options, seed)
        if answer is None:  # none for these options (a competitive game, say)
            return "", 0.0
        label, rate = answer
        return str(label), min(1.0, max(0.0, float(rate)))
    except Exception as exc:  # a plugin bug: the setup says so and goes on
        return one_line(exc)


def difficulty_text(answer: Answer | None, working: bool = True) -> str:
    """The setup's line for an answer (None: still working it out)."""
    if answer is None:
        return _("Difficulty: working it out…") if working else ""
    if isinstance(answer, str):
        return _("Difficulty unknown: {error}").format(error=answer)
    label, rate = answer
    if not label:
        return ""
    return _("Difficulty: {label} · the solver wins {rate}").format(label=_(label), rate=format_percent(rate))


#: The arcade's ratings, shared by every setup screen of the run.
RATINGS = Ratings()
