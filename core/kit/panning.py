"""Mouse and keys for a board under a :class:`tafel.camera.Camera` that is also clicked on.

On a board that pans, a press of the left button may be a click (play there) or the start of
a drag (move the board): :class:`CameraDrag` decides on the way: a press that travels more than
``threshold`` pixels drags, one that stays is handed back as a click when the button is
released. The right and middle buttons drag anywhere on the board (the camera's own drag); a
right click that does not drag is handed back as a right click (cancel). The wheel zooms about
the pointer. While the core sends no events (an AI's turn), :meth:`CameraDrag.hold` polls held
arrow and +/- keys and a dragging mouse, so the board can still be looked round.

>>> import pygame
>>> from tafel.camera import Camera
>>> cam = Camera(zoom=10.0, pan_buttons=(2, 3)); cam.set_viewport(pygame.Rect(0, 0, 200, 200))
>>> drag, area = CameraDrag(cam), pygame.Rect(0, 0, 200, 200)
>>> down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(50, 50), button=1)
>>> up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(50, 50), button=1)
>>> drag.handle(down, area), drag.handle(up, area).pos   # a click, handed back on release
(True, (50, 50))
>>> move = pygame.event.Event(pygame.MOUSEMOTION, pos=(90, 50), rel=(40, 0), buttons=(1, 0, 0))
>>> drag.handle(down, area), drag.handle(move, area), drag.dragged, drag.handle(up, area)
(True, None, True, True)
"""

from __future__ import annotations

import math

import pygame

from tafel.camera import Camera

__all__ = ["CameraDrag"]


class CameraDrag:
    """Clicks and drags on a board under ``camera`` (see the module); ``hold_pan`` is the share of
    the view a held arrow key pans a second, ``hold_zoom`` the factor a held +/- zooms a second."""

    def __init__(self, camera: Camera, threshold: float = 6, hold_pan: float = 0.9, hold_zoom: float = 2.5):
        self.camera, self.threshold = camera, threshold
        self.hold_pan, self.hold_zoom = hold_pan, hold_zoom
        #: Where the left button went down on the board (None: it is up), and whether it dragged.
        self.press: tuple[int, int] | None = None
        self.dragged = False
        self._rpress: tuple[int, int] | None = None
        self._passive: tuple[int, int] | None = None

    def handle(
        self,
        event: pygame.event.Event,
        area: pygame.Rect,
        free: bool = True,
        wheel: bool = True,
        pointer: tuple[int, int] | None = None,
    ) -> pygame.event.Event | bool | None:
        """Take ``event`` if it is a drag's, a zoom's or the first half of a click on ``area``.

        Returns None when the event is not taken (motion always: the view still tracks the
        pointer), True when taken, or the event the view should handle instead: a left click at
        the press (when a press on the board is released without dragging) or a right click
        (when the right button is released without dragging). ``free`` False leaves left presses
        to the view (a menu over the board); ``wheel`` False leaves the wheel to it; ``pointer``
        is where a wheel without a position zooms about.
        """
        t, cam = event.type, self.camera
        if t == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not (free and area.collidepoint(event.pos)):
                return None
            self.press, self.dragged = event.pos, False  # decided on release
            return True
        if t == pygame.MOUSEMOTION:
            self._motion(event)
            return None
        if t == pygame.MOUSEBUTTONUP and event.button == 1:
            press, dragged = self.press, self.dragged
            self.press, self.dragged = None, False
            if press is None or dragged:
                return True
            return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1)
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button in (2, 3):
            cam.handle_event(event)
            down = t == pygame.MOUSEBUTTONDOWN and event.button == 3
            rpress, self._rpress = self._rpress, event.pos if down else None
            if t == pygame.MOUSEBUTTONUP and event.button == 3 and rpress is not None:
                return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=event.pos, button=3)
            return True
        if t == pygame.MOUSEWHEEL and wheel:
            if not hasattr(event, "pos"):
                pos = pointer if pointer is not None else pygame.mouse.get_pos()
                event = pygame.event.Event(pygame.MOUSEWHEEL, x=event.x, y=event.y, pos=pos)
            cam.handle_event(event)
            return True
        return None

    def _motion(self, event: pygame.event.Event) -> None:
        """The pointer moved: a left press becomes a drag past the threshold, a drag pans, a
        right or middle drag goes to the camera (and is no longer a right click)."""
        cam = self.camera
        if self.press is not None:
            if not self.dragged and math.dist(event.pos, self.press) > self.threshold:
                self.dragged = True
                cam.pan_pixels(event.pos[0] - self.press[0], event.pos[1] - self.press[1])
            elif self.dragged:
                cam.pan_pixels(*event.rel)
        elif cam.dragging:
            cam.handle_event(event)
            if self._rpress is not None and math.dist(event.pos, self._rpress) > self.threshold:
                self._rpress = None

    def hold(self, dt: float, area: pygame.Rect) -> None:
        """Pan and zoom with held keys, and drag with a held button, while no events come."""
        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return
        keys, cam = pygame.key.get_pressed(), self.camera
        vw, vh = cam.viewport.width / cam.zoom, cam.viewport.height / cam.zoom
        dx = (keys[pygame.K_RIGHT] - keys[pygame.K_LEFT]) * vw * self.hold_pan * dt
        dy = (keys[pygame.K_DOWN] - keys[pygame.K_UP]) * vh * self.hold_pan * dt
        if dx or dy:
            cam.pan_world(dx, dy, animate=False)
        zoom = (keys[pygame.K_EQUALS] or keys[pygame.K_PLUS] or keys[pygame.K_KP_PLUS]) - (
            keys[pygame.K_MINUS] or keys[pygame.K_KP_MINUS]
        )
        if zoom:
            cam.zoom_at(self.hold_zoom ** (zoom * dt), animate=False)
        pressed, pos = any(pygame.mouse.get_pressed()[:3]), pygame.mouse.get_pos()
        if pressed and self._passive is not None:
            cam.pan_pixels(pos[0] - self._passive[0], pos[1] - self._passive[1])
            self._passive = pos
        else:
            self._passive = pos if pressed and area.collidepoint(pos) else None
