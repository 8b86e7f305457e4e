"""Tafel's test kit, for Tafel's own tests and for plugin authors' (public: its ``__all__`` is part
of the API PLUGINS.md describes in "The public API").

Synthetic input events, a view context, a view driver and an app driver, plus the command line,
the plugin loader and the conformance suite, so a plugin's tests import only ``tafel`` and
``tafel.testing``. ``with language("de"):`` speaks German inside the block (a plugin's catalog).

Events are built as pygame delivers them (``scancode`` and ``unicode`` included), so views and
scenes see exactly what a player's keyboard and mouse send.

>>> key(pygame.K_a).key == pygame.K_a
True
>>> [pygame.event.event_name(e.type) for e in click((3, 4))]
['MouseMotion', 'MouseButtonDown', 'MouseButtonUp']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tafel.cli import main as run_command
from tafel.cli.conformance import check_game, check_game_fully
from tafel.i18n import language
from tafel.plugins import load_registry
from tafel.registry import LoadSpec
from tafel.view import BoardView, ViewContext

if TYPE_CHECKING:
    from tafel.game import GameState, Move
    from tafel.ui.app import App
    from tafel.ui.fonts import Fonts

__all__ = [
    "LoadSpec",
    "ViewDriver",
    "check_game",
    "check_game_fully",
    "click",
    "distinct_colours",
    "key",
    "keydown",
    "language",
    "load_registry",
    "motion",
    "mouse",
    "run_command",
    "run_until",
    "view_context",
    "wheel",
]

Pos = Sequence[float]


def _pos(pos: Pos) -> tuple[int, int]:
    return int(pos[0]), int(pos[1])


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    """One key press."""
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def keydown(k: int, mod: int = 0) -> list[pygame.event.Event]:
    """One key press, as a list of events (to add to other events)."""
    return [key(k, mod)]


def motion(pos: Pos) -> pygame.event.Event:
    """The pointer moved to ``pos`` (no button held), one event."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=_pos(pos), rel=(0, 0), buttons=(0, 0, 0))


def mouse(pos: Pos, button: int = 1) -> list[pygame.event.Event]:
    """The mouse moved to ``pos`` and pressed there (not released)."""
    return [motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_pos(pos), button=button)]


def click(pos: Pos, button: int = 1) -> list[pygame.event.Event]:
    """A whole click: motion, press and release at ``pos``."""
    return [*mouse(pos, button), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_pos(pos), button=button)]


def wheel(y: int, pos: Pos) -> list[pygame.event.Event]:
    """The mouse wheel turned ``y`` steps (up positive) with the pointer at ``pos``."""
    return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, pos=_pos(pos))]


_FONTS: Fonts | None = None


def _forget_fonts() -> None:
    global _FONTS
    _FONTS = None


def view_context(**kw: Any) -> ViewContext:  # Any: any ViewContext field, by name
    """A context for a view under test: the default theme, fonts opened once, both seats human
    and interactive unless ``kw`` says otherwise."""
    global _FONTS
    from tafel.ui.fonts import Fonts
    from tafel.ui.theme import DEFAULT

    if _FONTS is None:
        _FONTS = Fonts()
        # Fonts die with pygame.quit() (a test's display fixture may call it): open anew then.
        pygame.register_quit(_forget_fonts)
    # Any: any of ViewContext's fields, by name.
    values: dict[str, Any] = dict(
        theme=DEFAULT, fonts=_FONTS, interactive=True, human_seats=frozenset({0, 1})
    )
    values.update(kw)
    return ViewContext(**values)


class ViewDriver:
    """Feeds events to a view, updating and drawing between them as the frame loop does, and
    keeps the moves it returns (``moves``; ``send`` returns the last one of its events)."""

    def __init__(
        self, view: BoardView, state: GameState, surface: pygame.Surface, ctx: ViewContext | None = None
    ) -> None:
        self.view = view
        self.state = state
        self.surface = surface
        self.ctx = ctx if ctx is not None else view_context()
        self.moves: list[Move] = []
        view.draw(surface, state, self.ctx)

    def send(self, events: Iterable[pygame.event.Event], dt: float = 1 / 60) -> Move | None:
        got = None
        for event in events:
            result = self.view.handle_event(event, self.state, self.ctx)
            if result is not None:
                self.moves.append(result)
                got = result
            self.view.update(dt)
            self.view.draw(self.surface, self.state, self.ctx)
        return got

    def settle(self, seconds: float = 4.0, dt: float = 1 / 30) -> None:
        """Let animations run out."""
        for _ in range(int(seconds / dt)):
            self.view.update(dt)


def distinct_colours(surface: pygame.Surface, step: int = 3) -> int:
    """How many colours a grid of points over ``surface`` shows: a drawn board shows many, a
    flat fill one (plain pygame: no numpy needed).

    >>> s = pygame.Surface((10, 10)); _ = s.fill((1, 2, 3)); distinct_colours(s)
    1
    """
    w, h = surface.get_size()
    return len({tuple(surface.get_at((x, y)))[:3] for x in range(0, w, step) for y in range(0, h, step)})


def run_until(
    app: App, condition: Callable[[], bool], frames: int = 600, dt: float = 1 / 30, *, wait: float = 0.0
) -> bool:
    """Step ``app`` until ``condition()`` holds (True) or ``frames`` frames have passed (False).

    Frames cost no wall-clock time. Only a test that runs a real AI worker process, whose answer
    takes real time, asks for ``wait`` seconds more of stepping on the wall clock.
    """
    for _ in range(frames):
        if condition():
            return True
        app.step(dt)
    if condition():
        return True
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        app.step(dt)
        if condition():
            return True
        time.sleep(0.005)
    return False
