"""Controllers as keys: buttons, D-pad, stick with hysteresis, repeats, raw joysticks, hot-plug."""

import pygame
import pytest

from tafel.ui.app import App
from tafel.ui.input import REPEAT_DELAY, REPEAT_INTERVAL, InputTranslator
from tafel.ui.scenes.setup import SetupScene
from tests.ui_toygame import FakeWorker, make_registry


def keys(events):
    return [(e.type == pygame.KEYDOWN, e.key) for e in events]


def cbutton(button, down=True, iid=0):
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return pygame.event.Event(kind, instance_id=iid, button=button)


def caxis(axis, value, iid=0):
    return pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, instance_id=iid, axis=axis, value=int(value * 32767)
    )


def test_buttons_become_keys():
    tr = InputTranslator()
    assert keys(tr.translate(cbutton(pygame.CONTROLLER_BUTTON_A))) == [(True, pygame.K_RETURN)]
    assert keys(tr.translate(cbutton(pygame.CONTROLLER_BUTTON_A, down=False))) == [(False, pygame.K_RETURN)]
    assert keys(tr.translate(cbutton(pygame.CONTROLLER_BUTTON_B))) == [(True, pygame.K_ESCAPE)]
    assert keys(tr.translate(cbutton(pygame.CONTROLLER_BUTTON_START))) == [(True, pygame.K_ESCAPE)]
    assert keys(tr.translate(cbutton(pygame.CONTROLLER_BUTTON_DPAD_LEFT))) == [(True, pygame.K_LEFT)]
    assert tr.translate(cbutton(pygame.CONTROLLER_BUTTON_GUIDE)) == []


def test_other_events_pass_through():
    tr = InputTranslator()
    event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert tr.translate(event) == [event]


def test_stick_hysteresis():
    tr = InputTranslator()
    x = pygame.CONTROLLER_AXIS_LEFTX
    assert tr.translate(caxis(x, 0.3)) == []
    assert keys(tr.translate(caxis(x, 0.8))) == [(True, pygame.K_RIGHT)]
    assert tr.translate(caxis(x, 0.45)) == []  # still pressed: no chatter near the threshold
    assert keys(tr.translate(caxis(x, 0.1))) == [(False, pygame.K_RIGHT)]
    assert keys(tr.translate(caxis(x, -1.0))) == [(True, pygame.K_LEFT)]
    # Straight from left to right: release then press.
    assert keys(tr.translate(caxis(x, 1.0))) == [(False, pygame.K_LEFT), (True, pygame.K_RIGHT)]
    y = pygame.CONTROLLER_AXIS_LEFTY
    assert keys(tr.translate(caxis(y, -0.9))) == [(True, pygame.K_UP)]


def test_held_direction_repeats():
    tr = InputTranslator()
    tr.translate(cbutton(pygame.CONTROLLER_BUTTON_DPAD_DOWN))
    assert tr.update(REPEAT_DELAY / 2) == []
    assert keys(tr.update(REPEAT_DELAY / 2 + 0.001)) == [(True, pygame.K_DOWN)]
    assert len(tr.update(REPEAT_INTERVAL * 3)) == 3
    tr.translate(cbutton(pygame.CONTROLLER_BUTTON_DPAD_DOWN, down=False))
    assert tr.update(1.0) == []


def test_raw_joystick_hat_and_buttons():
    tr = InputTranslator()
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(0, 1))
    assert keys(tr.translate(hat)) == [(True, pygame.K_UP)]
    hat = pygame.event.Event(pygame.JOYHATMOTION, instance_id=3, hat=0, value=(1, 0))
    assert keys(tr.translate(hat)) == [(True, pygame.K_RIGHT), (False, pygame.K_UP)]
    button = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=3, button=0)
    assert keys(tr.translate(button)) == [(True, pygame.K_RETURN)]


def test_controller_joystick_events_not_doubled():
    tr = InputTranslator()
    tr.controllers[7] = object()
    button = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=7, button=0)
    assert tr.translate(button) == []


def test_unplug_releases_held_keys():
    tr = InputTranslator()
    tr.translate(cbutton(pygame.CONTROLLER_BUTTON_DPAD_UP, iid=2))
    out = tr.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=2))
    assert keys(out) == [(False, pygame.K_UP)]
    assert tr.update(1.0) == []


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("input_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Saves, settings and statistics of each test in its own folder (no Continue from other tests)."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


def test_pad_drives_the_menu(registry):
    app = App(registry, windowed=True, size=(1024, 768), worker=FakeWorker(registry))
    # Hot-plug of a device that is gone again must not crash.
    app.step(events=[pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=9)])
    menu = app.scenes.top
    app.step(events=[cbutton(pygame.CONTROLLER_BUTTON_DPAD_DOWN), cbutton(pygame.CONTROLLER_BUTTON_DPAD_UP)])
    assert menu.focus.focused.enabled and menu.focus.focused.game is not None
    app.step(events=[cbutton(pygame.CONTROLLER_BUTTON_A)])
    assert isinstance(app.scenes.top, SetupScene)
    app.step(events=[cbutton(pygame.CONTROLLER_BUTTON_B)])
    assert app.scenes.top is menu
    app.close()
