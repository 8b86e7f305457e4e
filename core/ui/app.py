"""The arcade window: display mode, the frame loop, global keys and the scene stack.

``run(registry)`` opens the window full-screen at the desktop resolution (F11 or Alt+Enter
switch to a resizable window and back) and runs until the player quits. Everything is laid
out from the live window size, so any resolution and aspect ratio works without scaling
artefacts. Tests build an :class:`App` on the dummy video driver and drive it frame by frame
with :meth:`App.step`, posting or passing synthetic events.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from core.game import GameError  # noqa: E402
from core.match import Match, StartRequest  # noqa: E402
from core.ui.input import InputTranslator  # noqa: E402
from core.ui.scene import Scene, SceneManager  # noqa: E402
from core.ui.theme import DEFAULT, Theme  # noqa: E402
from core.ui.widgets import UI  # noqa: E402

if TYPE_CHECKING:
    from core.registry import Registry

FPS = 60
DEFAULT_WINDOW = (1280, 720)
MIN_WINDOW = (480, 360)
#: Longest frame step fed to the scenes: after a stall, animations jump instead of racing.
MAX_DT = 0.1


class App:
    """One window and its scenes.

    ``worker`` is the AI worker to use (tests pass an in-process fake); otherwise
    ``worker_factory`` (default: :class:`core.ai.worker.AIWorker` for ``registry.spec``)
    makes one the first time an AI seat needs it.
    """

    def __init__(
        self,
        registry: Registry,
        *,
        windowed: bool = False,
        size: tuple[int, int] | None = None,
        start: Match | StartRequest | None = None,
        worker: Any = None,
        worker_factory: Callable[[], Any] | None = None,
        theme: Theme = DEFAULT,
    ) -> None:
        self.registry = registry
        pygame.display.init()
        pygame.font.init()
        self.fullscreen = not windowed
        self.window_size = tuple(size) if size else DEFAULT_WINDOW
        self.screen = self._set_mode()
        pygame.display.set_caption("Tafel")
        pygame.key.set_repeat(350, 45)
        self.ui = UI(theme)
        self.ui.set_size(self.screen.get_size())
        self.scenes = SceneManager(self.screen.get_size())
        self.input = InputTranslator()
        self.input.start()
        self.clock = pygame.time.Clock()
        self.running = True
        self.exit_code = 0
        self.time = 0.0
        self.frames = 0
        self._worker = worker
        self._worker_factory = worker_factory
        #: Last setup chosen per game id, so "Setup" reopens with the same choices.
        self.setup_memory: dict[str, dict[str, Any]] = {}

        from core.ui.scenes.menu import MenuScene

        self.menu = MenuScene(self)
        self.scenes.push(self.menu)
        if start is not None:
            match = start if isinstance(start, Match) else Match.from_request(registry, start)
            self.start_match(match)

    # --- display ------------------------------------------------------------------------------

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                desktop = pygame.display.get_desktop_sizes()[0]
                return pygame.display.set_mode(desktop, pygame.FULLSCREEN)
            except (pygame.error, IndexError):
                self.fullscreen = False
        w, h = self.window_size
        size = (max(MIN_WINDOW[0], w), max(MIN_WINDOW[1], h))
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def toggle_fullscreen(self) -> None:
        """Switch between full screen and a window by re-creating the display (portable, unlike
        ``toggle_fullscreen``)."""
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()
        self.relayout()

    def resize(self, size: tuple[int, int]) -> None:
        """The window was resized to ``size`` (also usable by tests)."""
        size = (max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1])))
        surface = pygame.display.get_surface()
        if self.fullscreen:
            return
        self.window_size = size
        if surface is None or surface.get_size() != size:
            # SDL2 resizes the display surface itself; the dummy driver (tests) does not.
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        else:
            self.screen = surface
        self.relayout()

    def relayout(self) -> None:
        size = self.screen.get_size()
        self.ui.set_size(size)
        self.scenes.layout(size)

    # --- scenes --------------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self.scenes.push(scene)

    def start_match(self, match: Match, *, worker: Any = None) -> Scene:
        """Show ``match`` in a play scene on top of the menu (replacing a setup screen)."""
        from core.ui.scenes.play import PlayScene

        self.scenes.pop_to(self.menu)
        scene = PlayScene(self, match, worker=worker if worker is not None else self._worker)
        self.scenes.push(scene)
        return scene

    def back_to_menu(self) -> None:
        self.scenes.pop_to(self.menu)

    def get_worker(self) -> Any:
        """The shared AI worker, created on first use. Raises whatever starting it raises."""
        if self._worker is None:
            if self._worker_factory is not None:
                self._worker = self._worker_factory()
            else:
                from core.ai.worker import AIWorker

                self._worker = AIWorker(self.registry.spec)
        return self._worker

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def close(self) -> None:
        """Stop the AI worker and leave the scenes (the display stays for the caller to quit)."""
        self.scenes.clear()
        if self._worker is not None:
            try:
                self._worker.close()
            except Exception:  # closing must never stop the arcade from exiting
                pass
            self._worker = None

    # --- frame loop ----------------------------------------------------------------------------

    def handle_global(self, event: pygame.event.Event) -> bool:
        """Window-level events: quit, resize, full-screen toggle. True when used."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return True
        if event.type == pygame.KEYDOWN:
            alt_enter = event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and event.mod & pygame.KMOD_ALT
            if event.key == pygame.K_F11 or alt_enter:
                self.toggle_fullscreen()
                return True
        return False

    def dispatch(self, event: pygame.event.Event) -> None:
        for e in self.input.translate(event):
            if not self.handle_global(e):
                self.scenes.handle_event(e)

    def step(self, dt: float = 1 / FPS, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """One frame: events (``events`` or the queue), update by ``dt`` seconds, draw, flip.

        Returns False once the app should quit.
        """
        dt = min(max(0.0, dt), MAX_DT)
        queue = list(pygame.event.get())
        if events is not None:
            queue += list(events)
        for event in queue:
            self.dispatch(event)
            if not self.running:
                return False
        for event in self.input.update(dt):
            self.dispatch(event)
        self.time += dt
        self.scenes.update(dt)
        if not self.scenes.stack:
            self.quit()
            return False
        self.draw()
        self.frames += 1
        if self.frames == 1 and os.environ.get("TAFEL_REPORT_FIRST_FRAME"):
            # For bench/startup.py: the moment the first screen (the menu) is on the display.
            print("tafel: first frame drawn", flush=True)
        return self.running

    def draw(self) -> None:
        self.screen.fill(self.ui.theme.background)
        self.scenes.draw(self.screen)
        pygame.display.flip()

    def run_frames(self, count: int, dt: float = 1 / FPS) -> None:
        """Step ``count`` frames of ``dt`` seconds (tests)."""
        for _ in range(count):
            if not self.step(dt):
                break

    def loop(self) -> int:
        """Run until the player quits; returns the exit code."""
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(dt)
        return self.exit_code


def run(
    registry: Registry,
    *,
    windowed: bool = False,
    size: tuple[int, int] | None = None,
    start: StartRequest | None = None,
) -> int:
    """Open the arcade and run it; returns the process exit code (2 for a bad start request)."""
    match = None
    if start is not None:
        try:
            match = Match.from_request(registry, start)
        except GameError as exc:
            print(f"tafel: {exc}", file=sys.stderr)
            return 2
    app = App(registry, windowed=windowed, size=size, start=match)
    try:
        return app.loop()
    finally:
        app.close()
        pygame.quit()
