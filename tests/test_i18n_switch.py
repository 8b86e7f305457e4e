"""A change of language in Settings shows at once (issue 19): the screens under Settings (the
menu with its previews, a game in progress with its side panel and pause menu, the game-over
card) speak the new language on the next frame, without being opened again.

Each screen is drawn in English first, so anything it builds when it opens is built in English;
then Settings switches to German, and every line drawn afterwards is checked against the
catalogs (:class:`tests.test_i18n_screens.Catalog`).
"""

from __future__ import annotations

import random

import pytest

from tafel import i18n
from tafel.testing import load_registry
from tafel.ui.app import App
from tests.test_i18n_screens import SIZE, Drawn, catalog_for, finished_match, record_drawing
from tests.ui_toygame import FakeWorker

GAME, FOLDER = "ataxx", "ataxx"


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture
def drawn(monkeypatch) -> Drawn:
    return record_drawing(monkeypatch)


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def steps(app: App, record: Drawn, screen: str, count: int = 3) -> None:
    record.screen = screen
    for _ in range(count):
        app.step()


def to_german(app: App, record: Drawn) -> None:
    """Open Settings over the top screen, step the language to Deutsch, go back."""
    app.scenes.top.settings() if hasattr(app.scenes.top, "settings") else app.menu.open_settings()
    steps(app, record, "settings (English)", 2)
    settings = app.scenes.top
    assert type(settings).__name__ == "SettingsScene"
    row = next(r for r in settings.rows if r.key == "language")
    for _ in range(4):
        if i18n.current() == "de":
            break
        row.change(1)
        app.step()
    assert i18n.current() == "de"
    settings.back()
    record.lines.clear()


def english_on(record: Drawn) -> list[str]:
    catalog = catalog_for(FOLDER)
    return sorted(
        {
            f"{screen}: {line!r} ({msgid!r})"
            for screen, line in record.lines
            if (msgid := catalog.english_in(line))
        }
    )


def test_the_menu_and_its_previews_follow_at_once(registry, drawn):
    app = App(registry, windowed=True, size=SIZE, worker=FakeWorker(registry), language="en")
    try:
        steps(app, drawn, "menu", 1)
        app.idle = 1.0  # the player idle: the previews are drawn (off the UI thread)
        steps(app, drawn, "menu", 1)
        assert app.menu.previews.wait_idle()
        steps(app, drawn, "menu", 1)  # in English
        kept = {game: surface for game, (_key, surface) in app.menu.previews.surfaces.items()}
        assert kept, "no preview drawn"
        to_german(app, drawn)
        app.idle = 1.0
        steps(app, drawn, "menu", 1)
        assert app.menu.previews.wait_idle()
        steps(app, drawn, "menu", 1)
        assert not (english := english_on(drawn)), "\n".join(english)
        assert any(line == "Einstellungen" for _s, line in drawn.lines)
        redrawn = app.menu.previews.surfaces
        assert all(redrawn[game][1] is not surface for game, surface in kept.items() if game in redrawn)
        assert set(kept) <= set(redrawn), "the previews were not drawn again in German"
    finally:
        app.close()


def test_a_game_in_progress_and_its_panel_follow_at_once(registry, drawn):
    """Settings from the pause menu: the pause menu, the side panel, the board's own words and,
    later, the game-over card are in German without leaving the game."""
    game = registry.game(GAME)
    app = App(registry, windowed=True, size=SIZE, worker=FakeWorker(registry), language="en")
    try:
        steps(app, drawn, "menu", 2)
        app.menu.open(next(c for c in app.menu.cards if c.game is game))
        steps(app, drawn, "setup")
        setup = app.scenes.top
        setup.players = ["human"] * len(setup.players)
        setup.start()
        steps(app, drawn, "play")
        play = app.scenes.top
        rng = random.Random(5)
        for _ in range(3):
            play.match.play(rng.choice(play.match.state.legal_moves()))
            play.reset_turn()
            steps(app, drawn, "play", 2)
        play.open_pause_menu()
        steps(app, drawn, "pause")
        to_german(app, drawn)
        steps(app, drawn, "pause (German)")
        assert any(line == "Weiterspielen" or line.startswith("Weiter") for _s, line in drawn.lines)
        app.scenes.top.resume_game()
        steps(app, drawn, "play (German)")
        assert not (english := english_on(drawn)), "\n".join(english)
        # The game-over card, made in English, then German.
        i18n.set_language("en")
        app.settings.language = "en"
        app.apply_settings(save=False)
        over = app.start_match(finished_match(game))
        for _ in range(300):
            if type(app.scenes.top).__name__ == "GameOverScene":
                break
            steps(app, drawn, "play", 1)
        assert type(app.scenes.top).__name__ == "GameOverScene"
        assert over is not None
        steps(app, drawn, "game over (English)")
        drawn.lines.clear()
        app.settings.language = "de"
        app.apply_settings(save=False)
        steps(app, drawn, "game over (German)")
        assert not (english := english_on(drawn)), "\n".join(english)
    finally:
        app.close()


def test_the_history_shows_a_kept_reason_in_the_language_of_now(registry):
    """A game that keeps its outcome reasons in English (translated where shown) has them in
    the history in the player's language of now, as on the game-over card."""
    from pathlib import Path

    from tafel import saves
    from tafel.ui.scenes.savelist import result_text

    info = saves.SaveInfo(
        Path("x"), "history", "", GAME, "Ataxx", 9, None, ["human", "human"],
        {"winners": [0], "rewards": [1, -1], "reason": "the board is full"},
    )  # fmt: skip
    i18n.set_language("de")
    assert result_text(info, registry.game(GAME).translate) == "Platz 1 gewann · das Brett ist voll"
    i18n.set_language("en")
    assert result_text(info, registry.game(GAME).translate) == "Seat 1 won · the board is full"
