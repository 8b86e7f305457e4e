"""The menu's live previews: each game's board drawn by its own view at card size, kept as a picture.

Drawing a board means importing the game's view module, playing a few moves and drawing the
position: 20 to 160 ms a game on a busy machine, even drawn at the card's own size, where a
menu frame may take 20 ms at most (a hover or the attract timer would hitch). So the UI thread
never draws one. Measured (``bench/menu_frames.py``, bench/RESULTS.md):

- **Kept on disk** (:mod:`tafel.ui.scenes.preview_cache`): after the first launch every preview is
  a small PNG read back in well under a millisecond, without even importing the views.
- **Drawn off the UI thread** when a picture is missing (the first launch, a new size, theme or
  language): pygame's software surfaces, fonts included, can be drawn from another thread, and
  the views draw only into surfaces of their own (pygame's drawing, blitting and text calls keep
  the GIL, so no two of them run at once; only scaling and blurring let it go). The worker's
  Python code holds the GIL, which the UI thread then waits for each time it has let it go (a
  sleep, the flip): at Python's default switch interval of 5 ms that made frames of 8 to 22 ms;
  while a preview is drawn the interval is :data:`SWITCH_INTERVAL` (1 ms), and the UI thread's
  own work stays at 2 to 6 ms a frame (a busy machine can still make a frame wait behind the
  worker now and then; a smaller picture alone would not do: 18 to 47 ms at the card's size).
- Pictures are drawn only while the player has been idle for :data:`PREVIEW_IDLE` (reading kept
  ones is not held back), and none is begun while another screen is over the menu: a game being
  played shares the processor with one picture at most, the one in hand.

The worker hands finished pictures to the UI thread, which takes them in :meth:`Previews.want`
each frame (converted to the screen's format there: the display belongs to that thread). A game
whose setup or view fails, even with ``sys.exit``, gets no preview (its card stays as text);
nothing raises.
"""

from __future__ import annotations

import _thread
import random
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from tafel import i18n
from tafel.game import GameDef, GameError
from tafel.ui.fonts import Fonts
from tafel.ui.picture import BoardPicture
from tafel.ui.scenes.preview_cache import PreviewCache
from tafel.ui.theme import Theme

#: Seconds without input before a missing preview is drawn.
PREVIEW_IDLE = 0.2
#: A preview is drawn this many times larger (at most MAX_DRAW) and scaled down: the view lays
#: out its board, labels and panels as on a screen, and the picture comes out smooth.
DRAW_SCALE = 3.0
MAX_DRAW = (720, 540)
#: Random moves played from the start, so the board shows a game under way.
OPENING_MOVES = 6
#: Longest time spent playing those moves (long move lists are cut short).
OPENING_SECONDS = 0.05
#: The GIL switch interval while a preview is drawn (Python's default is 5 ms; see above).
SWITCH_INTERVAL = 0.001

_switch_lock = threading.Lock()
_switch_users = 0
_switch_before = 0.005


def _fast_switching(on: bool) -> None:
    """Lower the switch interval while any preview is drawn (several menus in tests at once)."""
    global _switch_users, _switch_before
    with _switch_lock:
        if on:
            if _switch_users == 0:
                _switch_before = sys.getswitchinterval()
                sys.setswitchinterval(min(_switch_before, SWITCH_INTERVAL))
            _switch_users += 1
        else:
            _switch_users -= 1
            if _switch_users == 0:
                sys.setswitchinterval(_switch_before)


def preview_position(game: GameDef, seed: int = 1) -> tuple[list, list]:
    """The states and moves a preview shows: the game's ``preview_moves`` from the default setup,
    else a few random moves from it (seeded, so every start shows the same), stopping early at the
    game's end or when listing moves takes long. Preview moves that do not play (a stale list)
    are left for random ones."""
    options = game.resolve_options()
    state = game.new_state(options, seed)
    states, moves = [state], []
    try:
        for text in game.preview_moves:
            move = state.parse_move(text)
            state = state.play(move)
            states.append(state)
            moves.append(move)
        if game.preview_moves:
            return states, moves
    except GameError:
        state = states[0]
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


class PreviewFailed(Exception):
    """The game's setup or view failed; the card stays as text."""


def draw_preview(picture: BoardPicture, size: tuple[int, int], theme: Theme) -> pygame.Surface:
    """``picture`` at ``size``: drawn larger by the view and scaled down. Raises PreviewFailed."""
    factor = max(1.0, min(DRAW_SCALE, MAX_DRAW[0] / size[0], MAX_DRAW[1] / size[1]))
    big = (round(size[0] * factor), round(size[1] * factor))
    surface = picture.still(big, theme, Fonts(max(0.5, big[1] / 1080 * 1.6)))
    if picture.error is not None:
        raise PreviewFailed(picture.error)
    if surface.get_bitsize() < 24:
        surface = surface.convert(32)
    return pygame.transform.smoothscale(surface, size)


#: What a preview was drawn for: its size, the theme and the language.
PreviewKey = tuple[tuple[int, int], Theme, str]


@dataclass
class _Job:
    game: GameDef
    key: PreviewKey
    #: The file the picture is kept in (None: not kept); looked up by the worker.
    path: Path | None = None
    #: Looked up in the cache and not found there: to be drawn.
    checked: bool = False


class Previews:
    """The previews of the games, by game id; see the module docstring. The menu calls
    :meth:`want` once a frame from its second frame on; the rest is for tests and benches."""

    def __init__(self, cache: PreviewCache | None = None) -> None:
        self.cache = cache if cache is not None else PreviewCache()
        #: Game id -> ((size, theme, language), picture) of the kept previews (UI thread only).
        self.surfaces: dict[str, tuple[PreviewKey, pygame.Surface]] = {}
        #: Games whose setup or view failed: never asked for again.
        self.failed: set[str] = set()
        #: Previews drawn by a view, and read from the cache (tests and benches count them).
        self.drawn = 0
        self.loaded = 0
        # Shared with the worker, under _cond: jobs not yet looked up in the cache, jobs that
        # must be drawn (in the menu's order), finished pictures, the job in hand.
        self._cond = threading.Condition()
        self._lookup: dict[str, _Job] = {}
        self._to_draw: dict[str, _Job] = {}
        self._done: list[tuple[_Job, pygame.Surface | None, bool]] = []
        self._busy: _Job | None = None
        self._may_draw = False
        self._held = False
        self._closed = False
        #: The worker's views, kept between sizes (worker thread only).
        self._pictures: dict[str, BoardPicture] = {}
        #: Set once the worker has started, and once it has ended.
        self._started = False
        self._ended = threading.Event()

    # --- the UI thread ----------------------------------------------------------------------

    def want(self, games: list[tuple[GameDef, tuple[int, int]]], theme: Theme, may_draw: bool = True) -> int:
        """The previews the menu shows now, ``(game, size)`` in the order they should come (the
        cards in view first), in ``theme`` and the current language; ``may_draw`` False holds
        back drawing (the player is busy). Takes the pictures the worker finished and returns
        how many; asks the worker for the missing ones."""
        got = self._collect()
        lang = i18n.current()
        wanted: dict[str, tuple] = {}
        for game, size in games:
            key: PreviewKey = ((size[0], size[1]), theme, lang)
            if (
                game.id in self.failed
                or size[0] < 8
                or size[1] < 8
                or self.get(game, size, theme) is not None
            ):
                continue
            wanted[game.id] = (game, key)
        with self._cond:
            changed = may_draw != self._may_draw
            self._may_draw = may_draw
            busy = self._busy
            lookup, to_draw = {}, {}
            for gid, (game, key) in wanted.items():  # in the menu's order
                if gid in self._to_draw and self._to_draw[gid].key == key:
                    to_draw[gid] = self._to_draw[gid]
                elif gid in self._lookup and self._lookup[gid].key == key:
                    lookup[gid] = self._lookup[gid]
                elif busy is None or busy.game.id != gid or busy.key != key:
                    lookup[gid] = _Job(game, key)
                    changed = True
            self._lookup, self._to_draw = lookup, to_draw
            if changed:
                self._cond.notify_all()
        if wanted and not self._started:
            # A bare thread: threading.Thread.start() waits until the new thread runs, which
            # made this frame 12 ms longer on a busy machine; this call returns at once.
            self._started = True
            _thread.start_new_thread(self._run, ())
        return got

    def _collect(self) -> int:
        with self._cond:
            done, self._done = self._done, []
        got = 0
        for job, surface, drawn in done:
            if surface is None:
                self.failed.add(job.game.id)
                continue
            if drawn:
                self.drawn += 1
            else:
                self.loaded += 1
            try:
                surface = surface.convert()  # the screen's format: the cheapest to blit
            except pygame.error:
                pass
            self.surfaces[job.game.id] = (job.key, surface)
            got += 1
        return got

    def get(self, game: GameDef, size: tuple[int, int], theme: Theme) -> pygame.Surface | None:
        """The kept preview of ``game`` at ``size`` in ``theme`` and the current language; None
        until it is there."""
        kept = self.surfaces.get(game.id)
        if kept is not None and kept[0] == (tuple(size), theme, i18n.current()):
            return kept[1]
        return None

    def hold(self, held: bool) -> None:
        """Another screen is over the menu (True) or the menu is back (False)."""
        with self._cond:
            self._held = held
            self._cond.notify_all()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the worker (after the picture in hand) before the display goes away."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        if self._started:
            self._ended.wait(timeout)

    def wait_idle(self, timeout: float = 30.0) -> bool:
        """Wait until the worker has done all it may do now (tests and benches); True when so.
        The pictures are taken by the next :meth:`want`."""
        with self._cond:
            return self._cond.wait_for(lambda: self._busy is None and not self._has_work(), timeout)

    # --- the worker thread ------------------------------------------------------------------

    def _has_work(self) -> bool:
        if self._closed or self._held:
            return False
        return bool(self._lookup) or (self._may_draw and bool(self._to_draw))

    def _run(self) -> None:
        try:
            self._work()
        finally:
            self._ended.set()

    def _work(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._closed or self._has_work())
                if self._closed:
                    return
                queue = self._lookup if self._lookup else self._to_draw
                job = self._busy = queue.pop(next(iter(queue)))
            surface = None
            if not job.checked:
                surface = self._look_up(job)
            else:
                surface = self._draw(job)
            with self._cond:
                self._busy = None
                gid = job.game.id
                if surface is None and not job.checked:
                    # Not kept: drawn in its turn, when drawing is allowed (unless the menu has
                    # asked for another size, theme or language meanwhile).
                    job.checked = True
                    if gid not in self._lookup and gid not in self._to_draw:
                        self._to_draw[gid] = job
                elif job.checked and surface is not None and job.key[2] != i18n.current():
                    pass  # the language changed while it was drawn: the menu asks again
                else:
                    self._done.append((job, surface, job.checked))
                self._cond.notify_all()

    def _look_up(self, job: _Job) -> pygame.Surface | None:
        size, theme, lang = job.key
        try:
            job.path = self.cache.path(job.game, size, theme, lang)
            return self.cache.load(job.path, size) if job.path is not None else None
        except Exception:  # the cache never raises; were it to, the preview is drawn
            return None

    def _draw(self, job: _Job) -> pygame.Surface | None:
        """Draw ``job``'s preview (None when the game fails: any exception, SystemExit too)."""
        game = job.game
        size, theme, _lang = job.key
        _fast_switching(True)
        try:
            picture = self._pictures.get(game.id)
            if picture is None:
                game.view_class()  # imported here, off the UI thread
                states, moves = preview_position(game)
                picture = self._pictures[game.id] = BoardPicture(game, game.resolve_options(), states, moves)
            surface = draw_preview(picture, size, theme)
        except BaseException:  # a broken plugin (even sys.exit) only loses its preview
            return None
        finally:
            _fast_switching(False)
        if job.path is not None:
            try:
                self.cache.save(job.path, surface, game.id)
            except Exception:  # the cache never raises; were it to, the picture is shown unkept
                pass
        return surface
