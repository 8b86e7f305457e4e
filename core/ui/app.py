"""The arcade window: display mode, the frame loop, global keys and the scene stack.

``run(registry)`` opens the window full-screen at the desktop resolution (F11 or Alt+Enter
switch to a resizable window and back; the settings remember the choice) and runs until the
player quits. Everything is laid out from the live window size, so any resolution and aspect
ratio works without scaling artefacts. F12 saves a screenshot. Tests build an :class:`App` on
the dummy video driver and drive it frame by frame with :meth:`App.step`, posting or passing
synthetic events.

The app owns the player's :class:`tafel.settings.Settings` and the :class:`tafel.sound.Sound`.
An exception escaping a screen never closes the arcade: it is printed, kept in
:attr:`App.errors`, and the player is taken back to the menu with a one-line notice (the game
itself was autosaved after its last move). ``strict=True`` (tests) re-raises instead.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tafel import i18n  # noqa: E402
from tafel.game import GameError  # noqa: E402
from tafel.match import Match, StartRequest  # noqa: E402
from tafel.memory import settle  # noqa: E402
from tafel.settings import Settings  # noqa: E402
from tafel.sound import Sound  # noqa: E402
from tafel.ui.input import InputTranslator  # noqa: E402
from tafel.ui.scene import Scene, SceneManager, SetupMemory  # noqa: E402
from tafel.ui.theme import COLORBLIND, DEFAULT, Theme  # noqa: E402
from tafel.ui.widgets import SMALL, UI  # noqa: E402

if TYPE_CHECKING:
    from tafel.ai.messages import MoveWorker
    from tafel.registry import Registry

FPS = 60
DEFAULT_WINDOW = (1280, 720)
MIN_WINDOW = (480, 360)
#: Longest frame step fed to the scenes: after a stall, animations jump instead of racing.
MAX_DT = 0.1
NOTICE_TIME = 3.5
#: Events that count as the player doing something (they end the attract mode's wait).
INPUT_EVENTS = frozenset(
    {
        pygame.KEYDOWN,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEWHEEL,
        pygame.CONTROLLERBUTTONDOWN,
        pygame.JOYBUTTONDOWN,
        pygame.JOYHATMOTION,
        pygame.TEXTINPUT,
    }
)


def native_x11_framebuffer() -> None:
    """Under X11, SDL shows a software window through OpenGL by default. Where OpenGL is itself
    software (a virtual machine, a remote desktop, a graphics card without its driver, Xvfb), that
    cost a 1920x1080 frame 13 ms of wall time and 4 ms of the UI thread's processor, against 1 ms
    and 0.07 ms for X11's own shared-memory image (``bench/flip_cost.py``). Tafel draws in software
    whatever SDL presents with, so it asks for X11's image; ``SDL_FRAMEBUFFER_ACCELERATION`` set
    by the user wins. Only for X11: Wayland and the others have no image of their own."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    """One window and its scenes.

    ``worker`` is the AI worker to use (tests pass an in-process fake); otherwise
    ``worker_factory`` (default: :class:`tafel.ai.worker.AIWorker` for ``registry.spec``)
    makes one the first time an AI seat needs it.
    """

    def __init__(
        self,
        registry: Registry,
        *,
        windowed: bool | None = None,
        size: tuple[int, int] | None = None,
        start: Match | StartRequest | None = None,
        worker: MoveWorker | None = None,
        worker_factory: Callable[[], MoveWorker] | None = None,
        sources: Mapping[str, Callable[[], MoveWorker]] | None = None,
        theme: Theme | None = None,
        settings: Settings | None = None,
        strict: bool = False,
        language: str | None = None,
    ) -> None:
        self.registry = registry
        self.settings = settings if settings is not None else Settings.load()
        # --lang (``language``), then TAFEL_LANG, then the setting, then the system's language.
        i18n.set_language(i18n.choose_language(language, self.settings.language))
        self._language_setting = self.settings.language
        #: Re-raise exceptions from screens instead of recovering (tests).
        self.strict = strict
        #: One line per exception a screen raised and the app recovered from.
        self.errors: list[str] = []
        self.notices: list[tuple[str, float]] = []
        #: Seconds since the player last pressed, clicked or moved a stick (the attract mode).
        self.idle = 0.0
        pygame.display.init()
        native_x11_framebuffer()
        pygame.font.init()
        self.fullscreen = self.settings.fullscreen if windowed is None else not windowed
        # The full-screen setting as last applied: a window forced by --windowed (or tests) stays
        # until the player changes the setting itself.
        self._fullscreen_setting = self.settings.fullscreen
        self.window_size = tuple(size) if size else DEFAULT_WINDOW
        self.screen = self._set_mode()
        pygame.display.set_caption("Tafel")
        pygame.key.set_repeat(350, 45)
        self._fixed_theme = theme
        self.ui = UI(theme or DEFAULT)
        self.sound = Sound(self.settings)
        self.apply_settings(save=False)
        self.ui.set_size(self.screen.get_size())
        settle()  # what lives as long as the arcade, out of the collector's sight
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
        self.setup_memory: dict[str, SetupMemory] = {}

        from tafel.ui.scenes.menu import MenuScene

        self.menu = MenuScene(self)
        self.scenes.push(self.menu)
        if start is not None:
            match = start if isinstance(start, Match) else Match.from_request(registry, start)
            self.start_match(match, sources=sources)  # sources: online play's "remote:" seat

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
        ``toggle_fullscreen``); the settings remember it."""
        self.fullscreen = not self.fullscreen
        self.screen = self._set_mode()
        self.relayout()
        if self.settings.fullscreen != self.fullscreen:
            self.settings.fullscreen = self._fullscreen_setting = self.fullscreen
            self.settings.save()

    def apply_settings(self, save: bool = True) -> None:
        """Make the settings take effect (palette, scale, music, display mode) and store them."""
        s = self.settings
        self.ui.theme = self._fixed_theme or (COLORBLIND if s.colorblind else DEFAULT)
        if s.language != getattr(self, "_language_setting", s.language):
            # Changed in Settings: speak it at once (every screen is laid out again below).
            self._language_setting = s.language
            i18n.set_language(s.language or i18n.system_language())
            self.ui.fonts.forget_text()
            for scene in list(getattr(getattr(self, "scenes", None), "stack", ())):
                self._guarded(scene.language_changed)
        if abs(self.ui.user_scale - s.ui_scale) > 1e-9:
            self.ui.user_scale = s.ui_scale
            self.ui.fonts.forget_text()
        if s.fullscreen != self._fullscreen_setting:
            self._fullscreen_setting = s.fullscreen
            if s.fullscreen != self.fullscreen:
                self.fullscreen = s.fullscreen
                self.screen = self._set_mode()
        if hasattr(self, "scenes"):
            self.relayout()
        self.sound.tick()
        if save:
            s.save()

    def notify(self, text: str) -> None:
        """A one-line notice at the bottom of the screen for a few seconds (any scene)."""
        self.notices = [n for n in self.notices if n[0] != text][-2:]
        self.notices.append((text, NOTICE_TIME))

    def screenshot(self) -> Path | None:
        """Save the screen as a PNG in the pictures (or data) folder; returns the path."""
        from tafel.datadir import screenshot_dir

        folder = screenshot_dir()
        stamp = time.strftime("%Y%m%d-%H%M%S")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"tafel-{stamp}.png"
            n = 1
            while path.exists():
                n += 1
                path = folder / f"tafel-{stamp}-{n}.png"
            pygame.image.save(self.screen, str(path))
        except (OSError, pygame.error) as exc:
            self.notify(i18n._("Screenshot failed: {error}").format(error=exc))
            return None
        self.notify(i18n._("Screenshot saved: {path}").format(path=path))
        return path

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

    def start_match(
        self,
        match: Match,
        *,
        worker: MoveWorker | None = None,
        sources: Mapping[str, Callable[[], MoveWorker]] | None = None,
    ) -> Scene:
        """Show ``match`` in a play scene on top of the menu (replacing a setup screen); ``sources``:
        more move sources by player prefix (``{"remote:": ...}``, online play)."""
        from tafel.ui.scenes.play import PlayScene

        self.scenes.pop_to(self.menu)
        scene = PlayScene(self, match, worker=worker if worker is not None else self._worker, sources=sources)
        self.scenes.push(scene)
        return scene

    def watch_replay(self, match: Match) -> Scene:
        """Replay the finished ``match`` over the current scene (the history list)."""
        from tafel.ui.scenes.play import PlayScene

        scene = PlayScene(self, match, mode="replay")
        self.scenes.push(scene)
        return scene

    def back_to_menu(self) -> None:
        self.scenes.pop_to(self.menu)

    def resume_save(self, path: Path) -> Scene | None:
        """Load a save file and play it; a save that cannot be used gives a notice (it was moved
        aside) and returns None."""
        from tafel.saves import SaveError, load

        try:
            match = load(path, self.registry)
        except SaveError as exc:
            self.notify(str(exc))
            self.sound.play("invalid")
            return None
        return self.start_match(match)

    def get_worker(self) -> MoveWorker:
        """The shared AI worker, created on first use. Raises whatever starting it raises."""
        if self._worker is None:
            if self._worker_factory is not None:
                self._worker = self._worker_factory()
            else:
                from tafel.ai.worker import AIWorker

                self._worker = AIWorker(self.registry.spec)
        return self._worker

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def close(self) -> None:
        """Stop the AI worker and leave the scenes (the display stays for the caller to quit)."""
        try:
            self.scenes.clear()
        except Exception as exc:  # leaving must never fail
            self._record(exc)
        from tafel import saves

        saves.flush()  # the last autosave reaches the disk before the process ends
        self.sound.close()
        if self._worker is not None:
            try:
                close = getattr(self._worker, "close", None)
                if close is not None:
                    close()
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
            if event.key == pygame.K_F12:
                self._guarded(self.draw)  # what the player sees, notices excluded
                self.screenshot()
                return True
        return False

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type in INPUT_EVENTS or (
            event.type in (pygame.MOUSEMOTION, pygame.CONTROLLERAXISMOTION) and _moved(event)
        ):
            self.idle = 0.0
        for e in self.input.translate(event):
            if not self.handle_global(e):
                self._guarded(self.scenes.handle_event, e)
            # The scene that handled it has returned: what it asked for (a pause menu, a
            # dialog closing) is made now, so the next event goes to the new top scene.
            self._guarded(self.scenes.apply_pending)

    # --- recovering from errors in screens -----------------------------------------------------

    def _record(self, exc: BaseException) -> str:
        line = f"{type(exc).__name__}: {exc}".splitlines()[0]
        self.errors.append(line)
        print(f"tafel: a screen failed: {line}", file=sys.stderr)
        traceback.print_exception(exc, file=sys.stderr)
        return line

    def _guarded(self, fn: Callable[..., object], *args: object) -> object:
        if self.strict:
            return fn(*args)
        try:
            return fn(*args)
        except Exception as exc:
            top = self.scenes.top
            line = self._record(exc)
            if top is self.menu or top is None:
                raise  # nothing left to fall back to
            self.scenes.discard_pending()  # what the failed screen asked for is void
            try:
                self.scenes.pop_to(self.menu)
                self.scenes.apply_pending()
            except Exception as inner:
                self._record(inner)
                self.scenes.discard_pending()
                self.scenes.stack[:] = [self.menu]
            self.notify(i18n._("Something went wrong and the screen was closed: {error}").format(error=line))
            return None

    def step(self, dt: float = 1 / FPS, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """One frame: events (``events`` or the queue), update by ``dt`` seconds, draw, flip.

        Scene changes asked for during the frame are made after each event and, for those the
        update or the draw asked for, once the frame is drawn. Returns False once the app should
        quit.
        """
        self.scenes.begin_frame()
        try:
            self._frame(dt, events)
        finally:
            self._guarded(self.scenes.end_frame)
        if not self.scenes.stack:
            self.quit()
        return self.running

    def _frame(self, dt: float, events: Iterable[pygame.event.Event] | None) -> None:
        dt = min(max(0.0, dt), MAX_DT)
        queue = list(pygame.event.get())
        if events is not None:
            queue += list(events)
        for event in queue:
            self.dispatch(event)
            if not self.running:
                return
        for event in self.input.update(dt):
            self.dispatch(event)
        self.time += dt
        self.idle += dt
        self.notices = [(text, left - dt) for text, left in self.notices if left - dt > 0]
        self._guarded(self.scenes.update, dt)
        if not self.scenes.stack:
            return
        self.sound.tick()
        self._guarded(self.draw)
        self._draw_notices()
        pygame.display.flip()
        self.frames += 1
        if self.frames == 1 and os.environ.get("TAFEL_REPORT_FIRST_FRAME"):
            # For bench/startup.py: the moment the first screen (the menu) is on the display.
            print("tafel: first frame drawn", flush=True)

    def draw(self) -> None:
        """Draw the scenes (the caller flips the display)."""
        self.screen.fill(self.ui.theme.background)
        self.scenes.draw(self.screen)

    def _draw_notices(self) -> None:
        if not self.notices:
            return
        ui = self.ui
        t = ui.theme
        w, h = self.screen.get_size()
        y = h - ui.px(64)
        for text, _left, *_ in reversed(self.notices):
            width = min(ui.text_width(text, SMALL) + ui.px(44), w - ui.px(40))
            box = pygame.Rect(0, 0, width, ui.px(52))
            box.midbottom = (w // 2, y)
            ui.panel(self.screen, box, t.card, border=t.accent, radius=14)
            ui.draw_text(
                self.screen, text, box.center, SMALL, t.text, anchor="center", max_width=box.width - ui.px(28)
            )
            y = box.top - ui.px(10)

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


def _moved(event: pygame.event.Event) -> bool:
    """A real mouse or stick movement, not a jitter."""
    if event.type == pygame.MOUSEMOTION:
        rel = getattr(event, "rel", (0, 0))
        return abs(rel[0]) + abs(rel[1]) > 3
    return abs(getattr(event, "value", 0)) > 16000


def run(
    registry: Registry,
    *,
    windowed: bool = False,
    size: tuple[int, int] | None = None,
    start: StartRequest | Match | None = None,
    language: str | None = None,
) -> int:
    """Open the arcade and run it; returns the process exit code (2 for a bad start request).

    ``windowed`` forces a window; otherwise the settings choose. ``language`` (``--lang``)
    overrides the saved language for this run.
    """
    match = None
    if isinstance(start, Match):
        match = start
    elif start is not None:
        try:
            match = Match.from_request(registry, start)
        except GameError as exc:
            print(f"tafel: {exc}", file=sys.stderr)
            return 2
    app = App(registry, windowed=True if windowed else None, size=size, start=match, language=language)
    try:
        return app.loop()
    finally:
        app.close()
        pygame.quit()
