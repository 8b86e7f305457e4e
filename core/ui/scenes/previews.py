"""The menu's live previews: each game's board drawn by its own view at card size, kept as a picture.

Drawing a board means importing the game's view module, playing a few moves and drawing the
position, which can take tens of milliseconds; the menu must show at once and stay smooth. So
:meth:`Previews.warm_up` imports the views and plays the moves in a background thread (pure
Python, safe off the main thread; the drawing is not, fonts and SDL being shared), and
:meth:`Previews.draw_some`, which the menu calls once per frame after its first frame while the
player is idle (``PREVIEW_IDLE``), draws at most one prepared preview a frame (the cards on
screen first): a long frame only ever falls where nothing moves. A drawn preview is kept per game for its size,
theme and language (a view may write words on its board); a resize, another theme or another
language draws it again, lazily as well. A game whose setup or view
fails gets no preview (the card stays as text); nothing raises.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pygame

from tafel import i18n
from tafel.ui.fonts import Fonts
from tafel.ui.picture import BoardPicture

#: Previews drawn per frame at most.
PER_FRAME = 1
#: Seconds without input before the menu draws a preview (one costs 10-100 ms: never while the
#: player scrolls or moves the focus).
PREVIEW_IDLE = 0.2
#: A preview is drawn this many times larger (at most MAX_DRAW) and scaled down.
DRAW_SCALE = 3.0
MAX_DRAW = (720, 540)
#: Random moves played from the start, so the board shows a game under way.
OPENING_MOVES = 6
#: Longest time spent playing those moves (long move lists are cut short).
OPENING_SECONDS = 0.05


def preview_position(game: Any, seed: int = 1) -> tuple[list, list]:
    """The states and moves a preview shows: the default setup and a few random moves from it
    (seeded, so every start shows the same), stopping early at the game's end or when listing
    moves takes long."""
    options = game.resolve_options()
    state = game.new_state(options, seed)
    states, moves = [state], []
    rng = random.Random(seed)
    deadline = time.perf_counter() + OPENING_SECONDS
    for _ in range(OPENING_MOVES):
        if state.outcome is not None or time.perf_counter() > deadline:
            break
        legal = state.legal_moves()
        if not legal:
            break
        move = legal[rng.randrange(len(legal))]
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return states, moves


class Previews:
    """The previews of the games, by game id; see the module docstring."""

    def __init__(self) -> None:
        self.pictures: dict[str, BoardPicture] = {}
        self.surfaces: dict[str, tuple[Any, pygame.Surface]] = {}
        self.failed: set[str] = set()
        #: Previews drawn so far (tests and benches count them).
        self.drawn = 0
        #: Games the warm-up has prepared (view imported, position played), and their positions.
        self.ready: set[str] = set()
        self.positions: dict[str, tuple[list, list]] = {}
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._go = threading.Event()

    def go(self) -> None:
        """The menu's first frame is drawn: the warm-up may start."""
        self._go.set()

    def warm_up(self, games: list[Any]) -> None:
        """Import each game's view and play its preview position in a daemon thread, in order
        (once), from when :meth:`go` is called. A game that fails here is drawn, and fails, on
        the main thread as before."""
        if self._thread is not None:
            return
        games = list(games)

        def work() -> None:
            self._go.wait()  # the first frame is drawn before the imports compete with it
            for game in games:
                try:
                    game.view_class()
                    position = preview_position(game)
                except BaseException:  # a broken plugin (even sys.exit): the draw reports it
                    position = None
                with self._lock:
                    if position is not None:
                        self.positions[game.id] = position
                    self.ready.add(game.id)

        self._thread = threading.Thread(target=work, name="tafel-previews", daemon=True)
        self._thread.start()

    def wait_ready(self, timeout: float = 30.0) -> bool:
        """Wait for the warm-up to finish (tests and benches); True when it has."""
        if self._thread is not None:
            self._go.set()
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def is_ready(self, game: Any) -> bool:
        """Prepared by the warm-up (always, without one)."""
        if self._thread is None:
            return True
        with self._lock:
            return game.id in self.ready

    def get(self, game: Any, size: tuple[int, int], theme: Any) -> pygame.Surface | None:
        """The kept preview of ``game`` at ``size`` in ``theme`` and the current language; None
        until it is drawn."""
        kept = self.surfaces.get(game.id)
        if kept is not None and kept[0] == (tuple(size), theme, i18n.current()):
            return kept[1]
        return None

    def draw_some(self, games: list[tuple[Any, tuple[int, int]]], ui: Any, count: int = PER_FRAME) -> int:
        """Draw up to ``count`` of the previews still missing among ``games`` (game, size), in
        order. Returns how many were drawn."""
        done = 0
        for game, size in games:
            if done >= count:
                break
            if game.id in self.failed or size[0] < 8 or size[1] < 8:
                continue
            if self.get(game, size, ui.theme) is not None or not self.is_ready(game):
                continue
            self._draw(game, size, ui)
            done += 1
        return done

    def _draw(self, game: Any, size: tuple[int, int], ui: Any) -> None:
        picture = self.pictures.get(game.id)
        if picture is None:
            try:
                with self._lock:
                    prepared = self.positions.get(game.id)
                states, moves = prepared if prepared is not None else preview_position(game)
                picture = BoardPicture(game, game.resolve_options(), states, moves)
            except Exception:
                self.failed.add(game.id)
                return
            self.pictures[game.id] = picture
        # Drawn larger and scaled down: the view lays out its board, labels and panels as on a
        # screen, and the picture comes out smooth.
        factor = max(1.0, min(DRAW_SCALE, MAX_DRAW[0] / size[0], MAX_DRAW[1] / size[1]))
        big = (round(size[0] * factor), round(size[1] * factor))
        surface = picture.still(big, ui.theme, Fonts(max(0.5, big[1] / 1080 * 1.6)))
        if picture.error is not None:
            self.failed.add(game.id)
            return
        small = pygame.transform.smoothscale(
            surface.convert(32) if surface.get_bitsize() < 24 else surface, size
        )
        self.surfaces[game.id] = ((tuple(size), ui.theme, i18n.current()), small)
        self.drawn += 1
