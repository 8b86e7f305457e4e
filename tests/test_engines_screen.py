"""Settings, Engines (issue 20, item 1): the list of external engines on screen. Add probes the
toy UAI engine (tests/uai_toy_engine.py, a real subprocess: the only waiting here is for its
probe thread) while the screen says "Checking…"; its options as it announced them are shown and
changed; Remove asks first; bad paths, programs that are no engine and ones that never answer
give one line; setup then offers "Engine: NAME" for Ataxx. ``TAFEL_SHOTS=folder`` saves
screenshots (English and German, 1280x720 and 800x600)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pygame
import pytest

from tafel import i18n
from tafel.engines import load_engines
from tafel.testing import key, run_until
from tafel.ui.app import App
from tafel.ui.scenes.dialog import ConfirmScene
from tafel.ui.scenes.engine_options import EngineScene
from tafel.ui.scenes.engines import EnginesScene
from tafel.ui.scenes.settings import SettingsScene
from tests.ui_toygame import FakeWorker

TOY = Path(__file__).resolve().parent / "uai_toy_engine.py"
#: Seconds the toy engine may take to start and answer (a real Python process).
WAIT = 30.0


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    yield app
    app.close()
    i18n.set_language("en")


def text_input(text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=text)


def open_engines(app) -> EnginesScene:
    """Settings from the menu, down to the External engines row, Enter."""
    app.menu.open_settings()
    app.step()
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    while settings.focus.focused.key != "engines":
        app.step(events=[key(pygame.K_DOWN)])
    assert settings.rows_rect.contains(settings.focus.focused.rect)
    app.step(events=[key(pygame.K_RETURN)])
    screen = app.scenes.top
    assert isinstance(screen, EnginesScene)
    return screen


def add(app, screen: EnginesScene, path: str) -> None:
    """Focus Add, Enter, type the path, Enter: the check starts."""
    screen.focus.focus("add")
    app.step(events=[key(pygame.K_RETURN)])
    assert screen.editing is screen.add_row
    app.step(events=[text_input(path), key(pygame.K_RETURN)])
    assert screen.editing is None


def shot(app, name: str) -> None:
    folder = os.environ.get("TAFEL_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        app.step()
        pygame.image.save(app.screen, str(Path(folder) / f"{name}.png"))


def test_add_see_change_and_remove_an_engine(app, registry):
    screen = open_engines(app)
    assert screen.items == [] and screen.protocol.name == "uai"
    shot(app, "engines-empty")
    add(app, screen, str(TOY))
    assert screen.checking == str(TOY)
    assert screen.add_row.get() == "Checking…"  # the screen goes on drawing while it checks
    shot(app, "engines-checking")
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    assert screen.error == "", screen.error
    assert [i.config.name for i in screen.items] == ["Toy first"]
    assert screen.focus.focused is screen.items[0]
    (stored,) = load_engines()
    assert stored.name == "Toy first" and stored.path == str(TOY) and stored.protocol == "uai"
    assert [o["name"] for o in stored.options] == ["Hash", "Style"]
    shot(app, "engines-list")

    # Its options as the engine announced them, and its time control.
    app.step(events=[key(pygame.K_RETURN)])
    detail = app.scenes.top
    assert isinstance(detail, EngineScene)
    rows = {row.key: row for row in detail.rows}
    assert rows["option:Hash"].get() == "16" and rows["option:Style"].get() == "solid"
    assert rows["option:Hash"].label == "Hash" and rows["movetime"].get() == "1,000"
    detail.focus.focus("option:Style")
    app.step(events=[key(pygame.K_RIGHT)])
    assert rows["option:Style"].get() == "wild"
    detail.focus.focus("option:Hash")
    app.step(events=[key(pygame.K_RETURN)])
    assert detail.editing is rows["option:Hash"]
    app.step(
        events=[key(pygame.K_BACKSPACE), key(pygame.K_BACKSPACE), text_input("99"), key(pygame.K_RETURN)]
    )
    assert "not within 1 to 64" in detail.error and rows["option:Hash"].get() == "16"
    app.step(events=[key(pygame.K_RETURN), key(pygame.K_BACKSPACE), key(pygame.K_BACKSPACE)])
    app.step(events=[text_input("32"), key(pygame.K_RETURN)])
    assert detail.error == "" and rows["option:Hash"].get() == "32"
    assert load_engines()[0].values == {"Style": "wild", "Hash": "32"}
    # The time control: a clock and increment instead of a fixed time a move.
    detail.focus.focus("time")
    app.step(events=[key(pygame.K_RIGHT)])
    assert [r.key for r in detail.rows[:3]] == ["time", "clock", "increment"]
    detail.focus.focus("clock")
    app.step(events=[key(pygame.K_RIGHT)])
    (stored,) = load_engines()
    assert (stored.clock_ms, stored.increment_ms) == (120000, 1000)
    shot(app, "engine-options")

    # Remove asks first; No keeps it, Yes removes it.
    detail.focus.focus("remove")
    app.step(events=[key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, ConfirmScene)
    shot(app, "engine-remove")
    app.step(events=[key(pygame.K_ESCAPE)])
    assert app.scenes.top is detail and len(load_engines()) == 1
    app.step(events=[key(pygame.K_RETURN)])
    app.scenes.top.focus.focus("yes")
    app.step(events=[key(pygame.K_RETURN)])
    assert app.scenes.top is screen and screen.items == [] and load_engines() == []


def test_bad_paths_and_programs_that_are_no_engine(app, tmp_path):
    screen = open_engines(app)
    add(app, screen, str(tmp_path / "no-such-engine"))
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    assert screen.error == f"No program at {tmp_path / 'no-such-engine'}"
    add(app, screen, str(tmp_path))
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    assert screen.error.endswith("is a folder, not a program")
    talker = tmp_path / "talker.py"
    talker.write_text("print('hello, I am no engine')\n")
    add(app, screen, f'"{talker}"')  # pasted with quotes
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    assert screen.error.startswith("Not a UAI engine, or it crashed: the engine stopped (exit code 0)")
    shot(app, "engines-error")
    silent = tmp_path / "silent.py"
    silent.write_text("import sys\nfor line in sys.stdin:\n    pass\n")
    screen.PROBE_TIMEOUT = 0.5
    add(app, screen, str(silent))
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    assert screen.error == "No “uaiok” within 0.5 s: not a UAI engine, or it hangs"
    assert screen.items == [] and load_engines() == []
    assert "\n" not in screen.error


def test_setup_offers_the_added_engine_for_ataxx(app, registry):
    from tafel.ui.scenes.setup import SetupScene

    screen = open_engines(app)
    add(app, screen, str(TOY))
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    add(app, screen, str(TOY))  # the same engine again gets a name of its own
    assert run_until(app, lambda: screen.checking is None, frames=1, wait=WAIT)
    assert [e.name for e in load_engines()] == ["Toy first", "Toy first (2)"]
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, SettingsScene) and app.scenes.top.engine_count == 2
    app.step(events=[key(pygame.K_ESCAPE)])
    setup = SetupScene(app, registry.game("ataxx"))
    app.push(setup)
    app.step()
    seat = setup.rows[setup.first_seat_row + 1]
    seen = set()
    for _ in range(len(setup.agent_choices())):
        setup.focus.focus(seat)
        app.step(events=[key(pygame.K_RIGHT)])
        seen.add(seat.get())
    assert {"Engine: Toy first", "Engine: Toy first (2)"} <= seen


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_screens_fit_in_english_and_german(registry, size, lang):
    """Both screens at both sizes and languages, with an engine in the list (no subprocess: the
    list is written as the probe would have)."""
    from tafel.engines import EngineConfig, save_engines

    options = [
        {"name": "Hash", "type": "spin", "default": "16", "min": 1, "max": 64, "vars": []},
        {
            "name": "Style",
            "type": "combo",
            "default": "solid",
            "min": None,
            "max": None,
            "vars": ["solid", "wild"],
        },
        {"name": "Ponder", "type": "check", "default": "false", "min": None, "max": None, "vars": []},
        {"name": "Book file", "type": "string", "default": "", "min": None, "max": None, "vars": []},
    ]
    long_path = "/home/someone/engines/a-rather-long-folder-name/builds/release/ataxx-engine-v2"
    save_engines(
        [
            EngineConfig(name="Toy first", path=str(TOY), options=options),
            EngineConfig(name="Mighty", path=long_path, clock_ms=180000, increment_ms=2000),
        ]
    )
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry))
    i18n.set_language(lang)
    try:
        screen = open_engines(app)
        screen.error = {"en": "No program at /tmp/nowhere", "de": "Kein Programm unter /tmp/nowhere"}[lang]
        tag = f"{lang}-{size[0]}x{size[1]}"
        shot(app, f"engines-{tag}")
        assert all(screen.list_rect.contains(i.rect) for i in screen.items)
        app.step(events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])
        detail = app.scenes.top
        assert isinstance(detail, EngineScene)
        assert [r.key for r in detail.rows][2:] == [
            "option:Hash",
            "option:Style",
            "option:Ponder",
            "option:Book file",
        ]
        shot(app, f"engine-options-{tag}")
        assert all(b.rect.bottom <= detail.card.bottom for b in detail.buttons)
    finally:
        app.close()
        i18n.set_language("en")


if sys.platform == "win32":  # pragma: no cover - the paths above are POSIX ones
    pytestmark = pytest.mark.skip("POSIX paths")
