"""Game controllers as keyboard: D-pad/stick = arrow keys, A = Enter, B and Start = Escape,
X = Ctrl+Z (undo), Y = Ctrl+Y (redo), Back/View = H (hint), shoulders = Page Up/Down (step
through the move list), right stick click = Tab.

Every screen and board view reads the keyboard, so turning pads into key events makes all of
them playable with a controller, with no controller code anywhere else. Pads known to SDL's
controller database come through the GameController API (standard A/B/Start layout); other
joysticks through the raw joystick API (hat = arrows, button 0 = Enter, button 1 = Escape).
Devices are opened when plugged in (hot-plug) and held directions repeat like keys.

>>> import pygame
>>> tr = InputTranslator()
>>> [e.key == pygame.K_RETURN for e in tr.translate(
...     pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A))]
[True]
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from pygame._sdl2.controller import Controller

REPEAT_DELAY = 0.4
REPEAT_INTERVAL = 0.11
#: Stick deflection (of 1) that presses a direction, and the one below which it is released.
AXIS_PRESS = 0.55
AXIS_RELEASE = 0.35

UNDO = (pygame.K_z, pygame.KMOD_LCTRL)
REDO = (pygame.K_y, pygame.KMOD_LCTRL)
#: Controller buttons and the key each stands for: a key code, or (key, modifiers).
BUTTON_KEYS: dict[int, int | tuple[int, int]] = {
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_BACK: pygame.K_h,
    pygame.CONTROLLER_BUTTON_X: UNDO,
    pygame.CONTROLLER_BUTTON_Y: REDO,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: pygame.K_TAB,
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_PAGEUP,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_PAGEDOWN,
}
#: Raw joysticks without a controller mapping: the usual first buttons.
JOY_BUTTON_KEYS: dict[int, int | tuple[int, int]] = {
    0: pygame.K_RETURN,
    1: pygame.K_ESCAPE,
    2: UNDO,
    3: REDO,
    4: pygame.K_PAGEUP,
    5: pygame.K_PAGEDOWN,
    6: pygame.K_h,
    7: pygame.K_ESCAPE,
    9: pygame.K_ESCAPE,
}
DIRECTION_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
STICK_AXES = {pygame.CONTROLLER_AXIS_LEFTX: "x", pygame.CONTROLLER_AXIS_LEFTY: "y"}


def key_event(key: int | tuple[int, int], down: bool = True) -> pygame.event.Event:
    """A synthetic key event like the keyboard's (``synthetic`` marks where it came from);
    ``key`` may be ``(key, modifiers)`` such as (K_z, KMOD_LCTRL)."""
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    key, mod = key if isinstance(key, tuple) else (key, 0)
    return pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0, synthetic=True)


def _axis_keys(axis: str) -> tuple[int, int]:
    return (pygame.K_LEFT, pygame.K_RIGHT) if axis.endswith("x") else (pygame.K_UP, pygame.K_DOWN)


class InputTranslator:
    """Turns controller and joystick events into key events; ``update(dt)`` yields key repeats."""

    def __init__(self) -> None:
        self.controllers: dict[int, Controller] = {}
        self.joysticks: dict[int, pygame.joystick.JoystickType] = {}
        #: Direction currently pressed per (device, axis): the key, or None.
        self._axis_state: dict[tuple[int, str], int | None] = {}
        #: Held direction keys per device (for repeats): (key, seconds until next repeat).
        self._held: dict[tuple[int, str], tuple[int, float]] = {}
        #: pygame._sdl2.controller, once it started (None: no game-controller support).
        self._controller_api: ModuleType | None = None

    def start(self) -> None:
        """Initialise joystick support and open pads already plugged in."""
        try:
            pygame.joystick.init()
            import pygame._sdl2.controller as controller

            controller.init()
            self._controller_api = controller
        except (pygame.error, ImportError):
            self._controller_api = None
            return
        for index in range(pygame.joystick.get_count()):
            self._open(index)

    def _is_controller(self, index: int) -> bool:
        try:
            return self._controller_api is not None and bool(self._controller_api.is_controller(index))
        except (pygame.error, ValueError):
            return False

    def _open(self, index: int) -> None:
        api = self._controller_api
        try:
            if api is not None and self._is_controller(index):
                pad = api.Controller(index)
                self.controllers[pad.as_joystick().get_instance_id()] = pad
            else:
                stick = pygame.joystick.Joystick(index)
                self.joysticks[stick.get_instance_id()] = stick
        except (pygame.error, AttributeError):
            pass  # unplugged meanwhile, or an SDL without controller support

    def _release_device(self, instance_id: int) -> list[pygame.event.Event]:
        out = []
        for source in [s for s in self._held if s[0] == instance_id]:
            key, _ = self._held.pop(source)
            out.append(key_event(key, False))
        for source in [s for s in self._axis_state if s[0] == instance_id]:
            del self._axis_state[source]
        self.controllers.pop(instance_id, None)
        self.joysticks.pop(instance_id, None)
        return out

    def _press(self, source: tuple[int, str], key: int | tuple[int, int]) -> list[pygame.event.Event]:
        if key in DIRECTION_KEYS:
            self._held[source] = (key, REPEAT_DELAY)
        return [key_event(key)]

    def _release(self, source: tuple[int, str], key: int | tuple[int, int]) -> list[pygame.event.Event]:
        held = self._held.get(source)
        if held is not None and held[0] == key:
            del self._held[source]
        return [key_event(key, False)]

    def _axis(self, instance_id: int, axis: str, value: float) -> list[pygame.event.Event]:
        source = (instance_id, axis)
        current = self._axis_state.get(source)
        neg, pos = _axis_keys(axis)
        # Hysteresis: a pressed direction stays pressed until the stick comes back near the centre.
        still = current is not None and (value <= -AXIS_RELEASE if current == neg else value >= AXIS_RELEASE)
        if still:
            want = current
        else:
            want = neg if value <= -AXIS_PRESS else pos if value >= AXIS_PRESS else None
        if want == current:
            return []
        out: list[pygame.event.Event] = []
        if current is not None:
            out += self._release(source, current)
        self._axis_state[source] = want
        if want is not None:
            out += self._press(source, want)
        return out

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """The events ``event`` stands for: itself for anything that is not a pad."""
        t = event.type
        if t == pygame.CONTROLLERDEVICEADDED:
            self._open(event.device_index)
            return []
        if t == pygame.JOYDEVICEADDED:
            # A pad SDL knows as a controller also gets CONTROLLERDEVICEADDED: open it there.
            if not self._is_controller(event.device_index):
                self._open(event.device_index)
            return []
        if t in (pygame.CONTROLLERDEVICEREMOVED, pygame.JOYDEVICEREMOVED):
            return self._release_device(event.instance_id)
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            key = BUTTON_KEYS.get(event.button)
            if key is None:
                return []
            source = (event.instance_id, f"b{event.button}")
            return (
                self._press(source, key) if t == pygame.CONTROLLERBUTTONDOWN else self._release(source, key)
            )
        if t == pygame.CONTROLLERAXISMOTION:
            axis = STICK_AXES.get(event.axis)
            if axis is None:
                return []
            return self._axis(event.instance_id, axis, event.value / 32767)
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            if event.instance_id in self.controllers:
                return []  # the same press also arrives as a controller event
            return self._joystick(event)
        return [event]

    def _joystick(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        iid = event.instance_id
        if event.type in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            key = JOY_BUTTON_KEYS.get(event.button)
            if key is None:
                return []
            source = (iid, f"j{event.button}")
            return (
                self._press(source, key) if event.type == pygame.JOYBUTTONDOWN else self._release(source, key)
            )
        if event.type == pygame.JOYHATMOTION:
            x, y = event.value
            # Hat up is +1, screen up is the Up key.
            return self._axis(iid, "hx", float(x)) + self._axis(iid, "hy", float(-y))
        if event.type == pygame.JOYAXISMOTION and event.axis in (0, 1):
            if event.axis == 0:
                return self._axis(iid, "x", event.value)
            return self._axis(iid, "y", event.value)
        return []

    def update(self, dt: float) -> list[pygame.event.Event]:
        """Key repeats for directions held on a pad."""
        out = []
        for source, (key, left) in list(self._held.items()):
            left -= dt
            while left <= 0:
                out.append(key_event(key))
                left += REPEAT_INTERVAL
            self._held[source] = (key, left)
        return out
