"""The history shows a finished game's reason in the language of now (issue 19), also for games
whose rules translate the reason when the outcome is made: the kept reason is in the language
the game was played in, so the history replays the moves (lazily, only rows on screen, cached)
and falls back to the kept text when it cannot.
"""

from __future__ import annotations

import json
import time

import pytest

from tafel import i18n, saves
from tafel.match import Match
from tafel.testing import load_registry
from tafel.ui.app import App
from tafel.ui.scenes.savelist import HistoryScene, ReasonsNow
from tests.ui_toygame import FakeWorker

GAME = "axxa"
OPTIONS = {"mode": "competitive"}
#: A competitive deal one move from its end: after a4-c4 and paying g4 no stack can move.
POSITION = (
    "a4:[46]2 d4:[46]5 d5:[45]6 g4:3 due:4 seat:1 phase:move chain:0 scores:2,1 paid:11122334445555666 seed:-"
)
MOVES = ("a4-c4", "pay:g4")
WORDS = {"en": "no stack can move", "de": "kein stapel kann ziehen"}  # compared in lower case


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def registry():
    return load_registry()


@pytest.fixture(autouse=True)
def fresh_cache():
    ReasonsNow.cache.clear()
    yield
    ReasonsNow.cache.clear()


def finish(registry, lang: str, name: str = "a") -> dict:
    """A game played to its end in ``lang``, kept in the history as the arcade keeps it."""
    with i18n.language(lang):
        match = Match(registry.game(GAME), OPTIONS, position=POSITION, players=["human", "human"])
        match.replay(MOVES)
        assert match.state.outcome is not None
        data = saves.record(match, kind=saves.HISTORY, name=match.game.title)
    folder = saves.history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    saves.write(folder / f"{GAME}-{name}.json", data)
    return data


def shown(registry, lang: str) -> list[str]:
    """The history's result column after two frames in ``lang``."""
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    i18n.set_language(lang)  # after the app, which speaks the language of its settings
    try:
        history = HistoryScene(app)
        app.push(history)
        app.step()
        app.draw()  # asks for the replays of the rows on screen, done in the background
        assert ReasonsNow.wait()
        app.draw()
        return [row.columns[1] for row in history.items]
    finally:
        app.close()


@pytest.mark.parametrize("played, now", [("de", "en"), ("en", "de")])
def test_a_reason_kept_in_one_language_is_shown_in_the_other(registry, played, now):
    data = finish(registry, played)
    assert WORDS[played] in data["result"]["reason"].lower() and data["result"]["lang"] == played
    (text,) = shown(registry, now)
    assert WORDS[now] in text.lower() and WORDS[played] not in text.lower()


def test_the_same_language_needs_no_replay(registry, monkeypatch):
    finish(registry, "en")
    monkeypatch.setattr(ReasonsNow, "_replay", lambda self, info: pytest.fail("replayed"))
    (text,) = shown(registry, "en")
    assert WORDS["en"] in text.lower()


def test_the_kept_text_stays_when_the_replay_cannot_be_made(registry):
    """Moves that no longer replay, a game not installed, a record from before the language was
    kept: the kept text is shown, and the file is left where it is."""
    data = finish(registry, "de", "broken")
    path = saves.history_dir() / f"{GAME}-broken.json"
    path.write_text(json.dumps(dict(data, moves=["zz"])))
    gone = dict(data, game="not-installed", id="x2")
    gone["result"] = {k: v for k, v in data["result"].items() if k != "lang"}
    (saves.history_dir() / "gone.json").write_text(json.dumps(gone))
    texts = shown(registry, "en")
    assert len(texts) == 2 and all(WORDS["de"] in t.lower() for t in texts)
    assert path.exists() and (saves.history_dir() / "gone.json").exists()


def test_a_language_switch_on_the_open_history_replays_again(registry):
    finish(registry, "de")
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    i18n.set_language("de")
    try:
        history = HistoryScene(app)
        app.push(history)
        app.step()
        app.draw()
        assert ReasonsNow.wait()
        app.draw()
        assert WORDS["de"] in history.items[0].columns[1].lower()
        app.settings.language = "en"  # as Settings does it
        app.apply_settings(save=False)
        app.step()
        app.draw()
        assert ReasonsNow.wait()
        app.draw()
        assert WORDS["en"] in history.items[0].columns[1].lower()
    finally:
        app.close()


def test_two_hundred_games_open_without_a_long_frame(registry):
    """Every game kept in German, shown in English: only the rows on screen are replayed, in the
    background, so no frame (opening included) takes long."""
    data = finish(registry, "de", "0")
    folder = saves.history_dir()
    for i in range(1, 200):
        saves.write(folder / f"{GAME}-{i}.json", dict(data, id=f"m{i}"))
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    i18n.set_language("en")
    try:
        start = time.perf_counter()
        history = HistoryScene(app)
        app.push(history)
        app.step()
        app.draw()
        first = time.perf_counter() - start
        frames = []
        for _ in range(10):
            t0 = time.perf_counter()
            app.step()
            app.draw()
            frames.append(time.perf_counter() - t0)
        assert len(history.items) == 200
        assert ReasonsNow.wait()
        app.draw()
        on_screen = [r for r in history.items if r.rect.bottom >= history.rows_rect.top
                     and r.rect.top <= history.rows_rect.bottom]  # fmt: skip
        assert all(WORDS["en"] in r.columns[1].lower() for r in on_screen)
        assert WORDS["de"] in history.items[-1].columns[1].lower()  # not on screen: not replayed
        replayed = len(ReasonsNow.cache)
        assert replayed <= len(on_screen) + 2
        # Generous bounds for a shared CI machine: the list is read once (200 files), a replay
        # is a few milliseconds and the frame's budget keeps a frame's replays short.
        assert first < 1.5 and max(frames) < 0.25, (first, frames)
    finally:
        app.close()


def test_a_slow_replay_never_holds_up_a_frame(registry, monkeypatch):
    """A long game's replay takes longer than a frame: the row shows the kept text meanwhile."""
    import threading

    finish(registry, "de")
    release = threading.Event()
    real = ReasonsNow._replay

    def slow(self, info):
        assert release.wait(10)
        return real(self, info)

    monkeypatch.setattr(ReasonsNow, "_replay", slow)
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    i18n.set_language("en")
    try:
        history = HistoryScene(app)
        app.push(history)
        app.step()
        app.draw()  # returns while the replay waits
        assert WORDS["de"] in history.items[0].columns[1].lower()
        release.set()
        assert ReasonsNow.wait()
        app.draw()
        assert WORDS["en"] in history.items[0].columns[1].lower()
    finally:
        release.set()
        app.close()
