"""The history's Result column shows a game's outcome without a cut word at 1280x720 and
800x600, in English and German (issue 19): a reason too long for two lines of the column is
shortened at a clause (``shorter_results``), and the whole result shows in a tooltip over the
row (hovered, or focused from the keyboard) and in the row's dialog."""

from __future__ import annotations

import pygame
import pytest

from tafel import i18n, saves
from tafel.match import Match
from tafel.testing import load_registry
from tafel.ui.app import App
from tafel.ui.scenes.savelist import HistoryScene, ReasonsNow
from tests.test_i18n_screens import record_drawing
from tests.ui_toygame import FakeWorker

#: An AxxA puzzle lost two moves in: the longest reason of the built-in games ("the 1s can no
#: longer be completed: only 2 left in play (0 of 6 triplets removed)").
POSITION = (
    "a3:[45]1 g3:[45]1 c7:[45]1 due:1 seat:1 phase:move chain:0 scores:0 "
    "paid:111222222333333444555666666 seed:-"
)


@pytest.fixture(autouse=True)
def english_afterwards():
    ReasonsNow.cache.clear()
    yield
    i18n.set_language("en")
    ReasonsNow.cache.clear()


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def lost_puzzle(registry, lang: str) -> str:
    with i18n.language(lang):
        match = Match(registry.game("axxa"), {}, position=POSITION, players=["human"])
        match.replay(["a3-b3", "pay:g3"])
        assert match.state.outcome is not None
        folder = saves.history_dir()
        folder.mkdir(parents=True, exist_ok=True)
        saves.write(folder / f"axxa-{lang}.json", saves.record(match, kind=saves.HISTORY, name="AxxA"))
        return match.game.translate(match.state.outcome.reason)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_a_long_result_is_shortened_whole_and_shown_whole_in_its_tooltip(registry, monkeypatch, lang, size):
    reason = lost_puzzle(registry, lang)
    drawn = record_drawing(monkeypatch)
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry))
    i18n.set_language(lang)
    try:
        history = HistoryScene(app)
        app.push(history)
        app.step()
        assert ReasonsNow.wait()
        app.step()
        row = history.items[0]
        assert reason in row.columns[1]
        assert not drawn.cut, drawn.cut
        # The headings whole (a word too wide for its column is shrunk, never broken).
        heading = {"en": "MOVES", "de": "ZÜGE"}[lang]
        assert heading in [line for _screen, line in drawn.lines]
        shown = " ".join(line for _screen, line in drawn.lines)
        if not row.cut:  # whole on two lines (the English reason is shorter)
            assert lang == "en"
            assert all(word in shown.split() for word in row.columns[1].split())
            return
        # Drawn shorter, cut at a clause: the longest form that shows whole, all its words.
        assert row.cut == [row.columns[1]]
        form = next(f for f in row.shorter[1] if all(w in shown.split() for w in f.split()))
        assert form != row.shorter[1][-1], "only the word is left, the reason is gone"
        # The pointer rests on the row: the whole result in the tooltip, wrapped, nothing cut.
        drawn.lines.clear()
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        app.step(events=[move])
        for _ in range(30):
            app.step()
        assert history.tooltip.visible
        drawn.lines.clear()
        app.step()
        tip = history.tooltip.text.split("\n")
        assert " ".join(tip) == " ".join(row.columns[1].split())
        assert all(line in [text for _screen, text in drawn.lines] for line in tip)
        assert not drawn.cut, drawn.cut
        # From the keyboard: the focused row's tooltip.
        app.step(events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
        assert not history.tooltip.text
        keys = [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
            for key in (pygame.K_DOWN, pygame.K_UP)  # to Back and back to the row
        ]
        app.step(events=keys)
        assert history.focus.focused is row
        for _ in range(30):
            app.step()
        assert history.tooltip.visible
    finally:
        app.close()


def test_a_result_that_fits_is_drawn_whole_and_has_no_tooltip(registry, monkeypatch):
    lost_puzzle(registry, "en")
    app = App(registry, windowed=True, size=(1920, 1080), worker=FakeWorker(registry))
    try:
        history = HistoryScene(app)
        app.push(history)
        app.step()
        row = history.items[0]
        assert row.cut == []
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        app.step(events=[move])
        for _ in range(30):
            app.step()
        assert not history.tooltip.visible
    finally:
        app.close()
