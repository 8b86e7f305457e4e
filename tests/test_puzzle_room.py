"""Issue 41, the puzzle room in the arcade: from the menu and a game's setup, a puzzle solved and
one failed (the refutation played on the board), a hint, the solution, the daily puzzle, a streak
and the themes filter; the records saved; English and German at 800x600."""

from __future__ import annotations

import pytest

from tafel.puzzles.progress import load_progress
from tafel.testing import load_registry
from tafel.ui.app import App
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.puzzle import PuzzleScene
from tafel.ui.scenes.setup import SetupScene
from tafel.words import text_words
from tests.ui_toygame import FakeWorker


@pytest.fixture(scope="module")
def registry():
    return load_registry()


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry))
    yield app
    app.close()


def _settle(app, scene, frames=400):
    if scene._refuting is not None:
        scene._refuting.join(60)  # the search runs in a thread: wait for it, bounded
    for _ in range(frames):
        app.step(0.1)
        if scene._refuting is None and not scene.board.busy:
            return
    raise AssertionError("the board never settled")


def _room(app, tmp_path, game_id="ataxx"):
    scene = PuzzleScene(app, app.registry.game(game_id), load_progress(tmp_path / "p.json"))
    app.push(scene)
    app.step()
    return scene


def test_the_menu_and_the_setup_open_the_room(app):
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    menu.puzzles_button.activate()
    app.step()
    assert isinstance(app.scenes.top, PuzzleScene) and app.scenes.top.attempt is not None
    setup = SetupScene(app, app.registry.game("atoll"))
    app.push(setup)
    app.step()
    setup.puzzles_button.activate()
    app.step()
    assert isinstance(app.scenes.top, PuzzleScene) and app.scenes.top.game.id == "atoll"


def test_solving_moves_the_rating_up_and_is_saved(app, tmp_path):
    scene = _room(app, tmp_path)
    attempt = scene.attempt
    while attempt.result is None:
        _settle(app, scene)
        scene.played(attempt.expected())
    _settle(app, scene)
    assert attempt.result == "solved" and scene.change is not None and scene.change.delta > 0
    assert scene.board.state.repetition_key() == attempt.states[-1].repetition_key()
    texts = [line[0] for line in scene.info_lines()]
    first = text_words(attempt.states[0], attempt.puzzle.line[0])  # the line is shown, in words
    assert any(first in t for t in texts), (first, texts)
    saved = load_progress(tmp_path / "p.json")
    assert attempt.puzzle.id in saved.solved_ids("ataxx") and saved.rating("ataxx").rating > 1500


def test_a_wrong_move_gets_the_refutation_on_the_board(app, tmp_path):
    scene = _room(app, tmp_path)
    attempt = scene.attempt
    wrong = next(m for m in attempt.state.legal_moves() if m != attempt.expected())
    scene.played(wrong)
    _settle(app, scene)
    assert attempt.result == "failed" and scene.change.delta < 0
    assert scene._refutation, "no refutation played"
    after_wrong = attempt.states[0].play(wrong)
    assert scene.board.state != after_wrong  # the answer was played on the board
    assert any("→" in line[0] for line in scene.info_lines())


def test_hint_solution_daily_streak_and_themes(app, tmp_path):
    scene = _room(app, tmp_path)
    scene.show_hint()
    assert scene.board.hint == scene.attempt.expected() and scene.attempt.helped
    scene.show_solution()
    _settle(app, scene)
    assert scene.board.state.repetition_key() == scene.attempt.states[-1].repetition_key()
    assert scene.attempt.result == "failed"
    scene.daily_puzzle()
    daily = scene.attempt.puzzle.id
    scene.daily_puzzle()
    assert scene.attempt.puzzle.id == daily
    scene.start_streak()
    first = scene.attempt.puzzle
    while scene.attempt.result is None:
        _settle(app, scene)
        scene.played(scene.attempt.expected())
    _settle(app, scene)
    assert scene.streak == 1
    scene.next_puzzle()
    assert scene.mode == "streak" and scene.attempt.puzzle.rating >= first.rating
    scene.next_theme()
    assert scene.theme is not None and scene.theme in scene.attempt.puzzle.themes
    scene.next_game()
    assert scene.game.id != "ataxx" and scene.attempt is not None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_room_draws_in_both_languages(registry, tmp_path, lang):
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry), language=lang)
    try:
        scene = _room(app, tmp_path, "amakta" if registry.game("amakta").puzzles else "atoll")
        app.step()
        assert scene.next_button.label == ("Nächste Aufgabe" if lang == "de" else "Next puzzle")
        lines = [line[0] for line in scene.info_lines()]
        assert lines[0].startswith("Deine Wertung" if lang == "de" else "Your rating")
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", ["ataxx", "amakta"])
def test_no_text_of_the_room_is_cut_at_800x600(registry, tmp_path, monkeypatch, lang, game_id):
    from tests.test_i18n_screens import record_drawing

    drawn = record_drawing(monkeypatch)
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry), language=lang)
    try:
        scene = _room(app, tmp_path, game_id)
        attempt = scene.attempt
        wrong = next(m for m in attempt.state.legal_moves() if m != attempt.expected())
        scene.played(wrong)
        _settle(app, scene)
        app.step()
        assert isinstance(app.scenes.top, PuzzleScene) and drawn.lines
        assert not drawn.cut, drawn.cut
    finally:
        app.close()
