"""Monkey test: for every registered game, seeded random mouse, key and controller events through the
real scenes (menu, setup, play, pause, saves, history, settings, ...) with AI seats playing, and no
exception anywhere: not in the core, and none caught from a plugin either.

The suite runs a short monkey per game; ``python bench/monkey.py`` runs long ones and prints figures.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.play.turns import Turns
from tests.ui_toygame import FakeWorker

#: Events per game in the suite (bench/monkey.py runs more).
SUITE_EVENTS = 1500

KEYS = (
    [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT] * 6
    + [pygame.K_RETURN] * 5
    + [pygame.K_SPACE] * 2
    + [pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END]
    + [pygame.K_h, pygame.K_r, pygame.K_s, pygame.K_t, pygame.K_k, pygame.K_m, pygame.K_p, pygame.K_a]
    + [pygame.K_1, pygame.K_2, pygame.K_DELETE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_f]
)
#: Escape, B and Start leave the board for a menu: rarer, so games get played too.
BACK_EVENTS = [
    ("key", pygame.K_ESCAPE),
    ("pad", pygame.CONTROLLER_BUTTON_B),
    ("pad", pygame.CONTROLLER_BUTTON_START),
]
PAD_BUTTONS = [
    pygame.CONTROLLER_BUTTON_A,
    pygame.CONTROLLER_BUTTON_X,
    pygame.CONTROLLER_BUTTON_Y,
    pygame.CONTROLLER_BUTTON_BACK,
    pygame.CONTROLLER_BUTTON_DPAD_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
]
SIZES = [(800, 600), (640, 480), (1024, 600), (600, 800)]


@dataclass
class Report:
    game_id: str
    events: int = 0
    frames: int = 0
    moves: int = 0
    games_started: int = 0
    quits: int = 0
    scenes: set[str] = field(default_factory=set)
    #: Failures caught anywhere (the app's recoveries, plugin errors a play scene caught).
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0


def random_event(rng: random.Random, app: App) -> pygame.event.Event:
    top = app.scenes.top
    w, h = app.size
    if isinstance(top, PlayScene) and rng.random() < 0.85:
        r = top.board_rect
        pos = (rng.randrange(r.x, max(r.x + 1, r.right)), rng.randrange(r.y, max(r.y + 1, r.bottom)))
    else:
        pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.008:
        kind, code = rng.choice(BACK_EVENTS)
        if kind == "key":
            return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=code)
    if roll < 0.22:
        return pygame.event.Event(
            pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-9, 9), rng.randint(-9, 9)), buttons=(0, 0, 0)
        )
    if roll < 0.42:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.6 else pygame.MOUSEBUTTONUP
        return pygame.event.Event(kind, pos=pos, button=rng.choice((1, 1, 1, 1, 3)))
    if roll < 0.45:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-2, -1, 1, 2)), flipped=False)
    if roll < 0.80:
        k = rng.choice(KEYS)
        mod = pygame.KMOD_LCTRL if rng.random() < 0.04 else (pygame.KMOD_LSHIFT if rng.random() < 0.05 else 0)
        if mod == pygame.KMOD_LCTRL:
            k = rng.choice((pygame.K_z, pygame.K_y))
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    if roll < 0.83:
        return pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab1 -xé"))
    if roll < 0.95:
        kind = pygame.CONTROLLERBUTTONDOWN if rng.random() < 0.7 else pygame.CONTROLLERBUTTONUP
        return pygame.event.Event(kind, instance_id=0, button=rng.choice(PAD_BUTTONS))
    if roll < 0.985:
        axis = rng.choice((pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY))
        return pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, instance_id=0, axis=axis, value=rng.randint(-32767, 32767)
        )
    if roll < 0.998:
        size = rng.choice(SIZES)
        return pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0)


def start_game(app: App, game_id: str, rng: random.Random, first: bool = False) -> PlayScene:
    game = app.registry.game(game_id)
    options = game.resolve_options()
    seats = game.seats(options)
    # A human and AI seats, or AI only, so whole games get played (a solo game starts
    # with the AI playing, so the AI is exercised for it too).
    humans = 0 if rng.random() < 0.5 or (first and seats == 1) else 1
    players = ["human"] * humans + ["easy"] * (seats - humans)
    return app.start_match(Match(game, options, players=players, seed=rng.randrange(1, 10**6)))


def run_monkey(
    registry,
    game_id: str,
    events: int = SUITE_EVENTS,
    seed: int = 0,
    *,
    worker=None,
    per_frame: int = 10,
    dt: float = 0.1,
) -> Report:
    """Drive an app with ``events`` random events, starting (and restarting) ``game_id``."""
    rng = random.Random(f"{game_id}:{seed}")
    report = Report(game_id)
    app = App(registry, windowed=True, size=(800, 600), worker=worker or FakeWorker(registry), strict=True)
    started = time.perf_counter()
    # AI moves show at once (no pause for watching), so more of the run is spent playing.
    min_delay, Turns.AI_MIN_DELAY = Turns.AI_MIN_DELAY, 0.0
    seen_plays: list[PlayScene] = []
    plies: dict[str, int] = {}  # the most moves seen in each match
    try:
        start_game(app, game_id, rng, first=True)
        report.games_started += 1
        batch: list[pygame.event.Event] = []
        for i in range(events):
            batch.append(random_event(rng, app))
            if len(batch) < per_frame and i < events - 1:
                continue
            app.step(dt, events=batch)
            batch = []
            report.frames += 1
            if not app.running:  # Quit was chosen: count it and carry on
                report.quits += 1
                app.running = True
            top = app.scenes.top
            report.scenes.add(type(top).__name__)
            for scene in app.scenes.stack:
                if isinstance(scene, PlayScene):
                    if scene not in seen_plays:
                        seen_plays.append(scene)
                    plies[scene.match.id] = max(plies.get(scene.match.id, 0), scene.match.ply)
            if isinstance(top, MenuScene) and rng.random() < 0.3:
                start_game(app, game_id, rng)
                report.games_started += 1
        report.events = events
    finally:
        Turns.AI_MIN_DELAY = min_delay
        report.seconds = time.perf_counter() - started
        report.moves = sum(plies.values())
        for play in seen_plays:
            report.errors += sorted(play._reported)
        report.errors += app.errors
        app.close()
    return report


def game_ids():
    from tafel.plugins import load_registry

    return sorted(load_registry().games)


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize("game_id", game_ids())
def test_monkey(registry, game_id):
    report = run_monkey(registry, game_id)
    assert report.errors == [], report.errors
    assert report.frames >= SUITE_EVENTS // 10
    assert report.moves > 0
