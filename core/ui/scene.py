"""Scenes and the scene stack.

A :class:`Scene` is one screen (menu, setup, play) or an overlay drawn over the scene below
(pause, game over, rules). The :class:`SceneManager` keeps them on a stack: input goes to the
top scene only, only the top scene updates, and drawing starts at the topmost scene that is
not an overlay so the board stays visible under a pause menu. A scene covered by a pushed one
gets ``pause()``, and ``resume()`` when it is on top again.

Within a frame (between :meth:`SceneManager.begin_frame` and :meth:`SceneManager.end_frame`)
changes of the stack (push, pop, replace, remove) are queued, never made while a scene's own
code is still running: the app applies them after each input event and after the frame's update
and draw. Outside a frame they are made at once.

A scene and its parts refer to each other (buttons hold its methods, the play screen's parts
hold the scene), so a scene taken off the stack is freed by Python's cycle collector, not at
once; a long-lived screen is in the oldest generation by then, which is collected rarely, and
whatever it holds (a game's every position, its board pictures) would pile up, demo after demo
of the attract mode. So when a full-screen scene has left the stack, the frame ends with
:func:`tafel.memory.release` (:attr:`SceneManager.collections` counts them): tens of
milliseconds once, at a change of screen, instead of memory that grows.

>>> log = []
>>> class Named(Scene):
...     def __init__(self, name, overlay=False):
...         super().__init__(None); self.name = name; self.overlay = overlay
...     def enter(self): log.append("enter " + self.name)
...     def exit(self): log.append("exit " + self.name)
...     def pause(self): log.append("pause " + self.name)
...     def resume(self): log.append("resume " + self.name)
...     def draw(self, surface): log.append("draw " + self.name)
>>> sm = SceneManager()
>>> sm.push(Named("play")); sm.push(Named("pause", overlay=True))
>>> log
['enter play', 'pause play', 'enter pause']
>>> sm.draw(None); log[-2:]
['draw play', 'draw pause']
>>> _ = sm.pop(); sm.top.name, log[-2:]
('play', ['exit pause', 'resume play'])
>>> sm.begin_frame(); sm.push(Named("rules")); sm.top.name, len(sm.pending)
('play', 1)
>>> sm.end_frame(); sm.top.name, log[-2:]
('rules', ['pause play', 'enter rules'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypedDict

import pygame

from tafel.memory import release

if TYPE_CHECKING:
    from tafel.ai.messages import MoveWorker
    from tafel.game import Options
    from tafel.match import Match
    from tafel.registry import Registry
    from tafel.settings import Settings
    from tafel.sound import Sound
    from tafel.ui.widgets import UI


class SetupMemory(TypedDict, total=False):
    """A game's last choices on its setup screen: the options, who plays, and whether it was the
    daily deal."""

    options: Options
    players: list[str]
    daily: bool


class Host(Protocol):
    """What a scene may use of the app that shows it (:class:`tafel.ui.app.App`; a test's stand-in).

    The scenes know the app through this alone: the app opens the menu and the play screen, so a
    scene naming the app's class would make an import cycle, even for the type checker alone."""

    registry: Registry
    settings: Settings
    sound: Sound
    ui: UI
    scenes: SceneManager
    #: Seconds since the app started, and since the last input (the menu's attract mode).
    time: float
    idle: float
    #: The setup screen's last choices per game, kept while the app runs.
    setup_memory: dict[str, SetupMemory]

    def push(self, scene: Scene) -> None: ...
    def start_match(
        self,
        match: Match,
        *,
        worker: MoveWorker | None = None,
        sources: Mapping[str, Callable[[], MoveWorker]] | None = None,
    ) -> Scene: ...
    def watch_replay(self, match: Match) -> Scene: ...
    def back_to_menu(self) -> None: ...
    def resume_save(self, path: Path) -> Scene | None: ...
    def get_worker(self) -> MoveWorker: ...
    def quit(self, code: int = 0) -> None: ...
    def notify(self, text: str) -> None: ...
    def relayout(self) -> None: ...
    def apply_settings(self, save: bool = True) -> None: ...


class Scene:
    """Base class of screens. ``draw`` must not change any state; ``update`` advances time."""

    #: True for scenes drawn over the one below (pause, game over, dialogs).
    overlay: bool = False

    def __init__(self, app: Host) -> None:
        self.app = app
        self.manager: SceneManager | None = None

    @property
    def ui(self) -> UI:
        return self.app.ui

    @property
    def is_top(self) -> bool:
        """True when no scene is above this one (or it is not on a stack)."""
        return self.manager is None or self.manager.top is self

    def enter(self) -> None:
        """Pushed on the stack (after ``layout``)."""

    def exit(self) -> None:
        """Popped or replaced."""

    def pause(self) -> None:
        """A scene was pushed over this one: it is no longer on top (no input, no update)."""

    def resume(self) -> None:
        """The scene above was popped: this scene is on top again."""

    def language_changed(self) -> None:
        """The player chose another language in Settings: texts this screen made when it opened
        are made again (the screen is laid out again right after). Texts translated as they are
        drawn need nothing."""

    def layout(self, size: tuple[int, int]) -> None:
        """The window has this size now (at start and after every resize)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An input event while on top; return True when used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only while on top)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Overlays draw over what the scenes below drew."""


class SceneManager:
    """The stack of scenes; ``size`` is the window size handed to each scene's ``layout``."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.stack: list[Scene] = []
        self.size = size
        #: Changes asked for during a frame, made by :meth:`apply_pending` (in order).
        self.pending: list[tuple[Callable[..., object], tuple[object, ...]]] = []
        self._in_frame = False
        #: A full-screen scene left the stack: collect its reference cycles when the frame ends.
        self._left = False
        #: Collections made for scenes that left (tests; see the module docstring).
        self.collections = 0

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def __len__(self) -> int:
        return len(self.stack)

    def __contains__(self, scene: object) -> bool:
        return scene in self.stack

    def find(self, kind: type) -> Scene | None:
        """The topmost scene of class ``kind``."""
        for scene in reversed(self.stack):
            if isinstance(scene, kind):
                return scene
        return None

    # --- frames: changes wait for a safe moment ----------------------------------------------

    def begin_frame(self) -> None:
        """From now on changes of the stack are queued."""
        self._in_frame = True

    def end_frame(self) -> None:
        """The frame is over: make the queued changes; later ones are made at once. A full-screen
        scene that left the stack is then freed (see the module docstring)."""
        self._in_frame = False
        self.apply_pending()
        if self._left:
            self._left = False
            self.collections += 1
            release()

    def _exit(self, scene: Scene) -> None:
        """``scene`` leaves the stack for good."""
        if not scene.overlay:
            self._left = True
        scene.exit()

    def apply_pending(self) -> None:
        """Make the queued changes in the order they were asked for. What the scenes ask for
        meanwhile (an ``enter`` pushing another scene) is made at once, as outside a frame."""
        in_frame, self._in_frame = self._in_frame, False
        try:
            while self.pending:
                change, args = self.pending.pop(0)
                change(*args)
        finally:
            self._in_frame = in_frame

    def discard_pending(self) -> None:
        """Forget the queued changes (the app recovering from a screen that failed)."""
        self.pending.clear()

    def _change(self, change: Callable[..., object], *args: object) -> None:
        if self._in_frame:
            self.pending.append((change, args))
        else:
            change(*args)

    # --- changes -------------------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top; the scene it covers gets ``pause()``."""
        scene.manager = self  # a scene may close itself before a queued push is made
        self._change(self._push, scene)

    def pop(self) -> Scene | None:
        """Take the top scene off (the one below gets ``resume()``); returns it, or None when
        the change is queued or the stack is empty."""
        if self._in_frame:
            self.pending.append((self._pop, ()))
            return None
        return self._pop()

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (the scenes above stay)."""
        self._change(self._remove, scene)

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        scene.manager = self
        self._change(self._replace, scene)

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene``."""
        self._change(self._pop_to, scene)

    def clear(self) -> None:
        """Take every scene off (each gets ``exit()``)."""
        self._change(self._clear)

    def _push(self, scene: Scene, *, cover: bool = True) -> None:
        if cover and self.stack:
            self.stack[-1].pause()
        scene.manager = self
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def _pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        self._exit(scene)
        if self.stack:
            self.stack[-1].resume()
        return scene

    def _remove(self, scene: Scene) -> None:
        if scene is self.top:
            self._pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            self._exit(scene)

    def _replace(self, scene: Scene) -> None:
        # The scene below stays covered: no resume() and pause() in between.
        covered = len(self.stack) > 1
        if self.stack:
            self._exit(self.stack.pop())
        self._push(scene, cover=not covered)

    def _pop_to(self, scene: Scene) -> None:
        while self.stack and self.stack[-1] is not scene:
            self._pop()

    def _clear(self) -> None:
        while self.stack:
            self._exit(self.stack.pop())

    # --- the top scene's frame -------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.stack:
            scene.layout(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return bool(top is not None and top.handle_event(event))

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].overlay:
            start -= 1
        for scene in self.stack[max(0, start) :]:
            scene.draw(surface)
