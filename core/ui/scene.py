"""Scenes and the scene stack.

A :class:`Scene` is one screen (menu, setup, play) or an overlay drawn over the scene below
(pause, game over, rules). The :class:`SceneManager` keeps them on a stack: input goes to the
top scene only, only the top scene updates, and drawing starts at the topmost scene that is
not an overlay so the board stays visible under a pause menu.

>>> log = []
>>> class Named(Scene):
...     def __init__(self, name, overlay=False):
...         super().__init__(None); self.name = name; self.overlay = overlay
...     def enter(self): log.append("enter " + self.name)
...     def exit(self): log.append("exit " + self.name)
...     def draw(self, surface): log.append("draw " + self.name)
>>> sm = SceneManager()
>>> sm.push(Named("play")); sm.push(Named("pause", overlay=True))
>>> sm.draw(None); log[-2:]
['draw play', 'draw pause']
>>> _ = sm.pop(); sm.top.name, log[-1]
('play', 'exit pause')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from tafel.ui.app import App


class Scene:
    """Base class of screens. ``draw`` must not change any state; ``update`` advances time."""

    #: True for scenes drawn over the one below (pause, game over, dialogs).
    overlay: bool = False

    def __init__(self, app: App | Any) -> None:
        self.app = app
        self.manager: SceneManager | None = None

    @property
    def ui(self):
        return self.app.ui

    @property
    def is_top(self) -> bool:
        """True when no scene is above this one (or it is not on a stack)."""
        return self.manager is None or self.manager.top is self

    def enter(self) -> None:
        """Pushed on the stack (after ``layout``)."""

    def exit(self) -> None:
        """Popped or replaced."""

    def resume(self) -> None:
        """The scene above was popped: this scene is on top again."""

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

    def push(self, scene: Scene) -> None:
        scene.manager = self
        self.stack.append(scene)
        scene.layout(self.size)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.exit()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (the scenes above stay)."""
        if scene is self.top:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)
            scene.exit()

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def pop_to(self, scene: Scene) -> None:
        """Pop every scene above ``scene``."""
        while self.stack and self.stack[-1] is not scene:
            self.pop()

    def clear(self) -> None:
        while self.stack:
            self.stack.pop().exit()

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
