"""Main menu: games and broken plugins listed, keyboard and mouse navigation, quitting."""

import pygame
import pytest

from tafel.ui.app import App
from tafel.ui.scenes.dialog import ConfirmScene
from tafel.ui.scenes.menu import GameCard, MenuScene
from tafel.ui.scenes.play import PlayScene
from tafel.ui.scenes.setup import SetupScene
from tests.ui_toygame import GAME_ID, FakeWorker, click, key, make_registry


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("menu_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Saves, settings and statistics of each test in its own folder (no Continue from other tests)."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    app.step()
    yield app
    app.close()


def test_menu_lists_games_and_broken_plugins(app):
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    games = [c for c in menu.cards if c.enabled]
    broken = [c for c in menu.cards if not c.enabled]
    assert [c.game.id for c in games] == [GAME_ID]
    assert [c.broken.name for c in broken] == ["brokenplugin"]
    assert "unobtainium" in broken[0].broken.error
    # Every card is laid out inside the window and drawn without errors.
    for card in menu.cards:
        assert app.screen.get_rect().contains(card.rect)
    app.step()


def test_broken_plugin_not_selectable(app):
    menu = app.scenes.top
    assert menu.focus.focused.game.id == GAME_ID
    app.step(events=[key(pygame.K_DOWN)])
    assert menu.focus.focused is menu.buttons[0]  # the broken card is skipped
    broken = [c for c in menu.cards if not c.enabled][0]
    app.step(events=click(broken.rect.center))
    assert app.scenes.top is menu


def test_keyboard_menu_to_setup_to_play(app):
    app.step(events=[key(pygame.K_RETURN)])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene) and setup.game.id == GAME_ID
    assert setup.focus.focused is setup.start_button
    app.step(events=[key(pygame.K_RETURN)])
    play = app.scenes.top
    assert isinstance(play, PlayScene)
    assert play.match.game.id == GAME_ID and play.match.players == ["human", "medium"]
    # The setup screen was replaced: the stack is menu, play.
    assert [type(s) for s in app.scenes.stack] == [MenuScene, PlayScene]


def test_mouse_opens_setup_and_back(app):
    menu = app.scenes.top
    card = next(c for c in menu.cards if isinstance(c, GameCard) and c.enabled)
    app.step(events=click(card.rect.center))
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    app.step(events=click(setup.back_button.rect.center))
    assert app.scenes.top is menu
    app.step(events=[key(pygame.K_RETURN), key(pygame.K_ESCAPE)])
    assert app.scenes.top is menu


def test_escape_asks_then_quits(app):
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, ConfirmScene)
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, MenuScene) and app.running
    # "Stay" has the focus (the safe answer): Enter stays; up to "Quit", Enter quits.
    app.step(events=[key(pygame.K_ESCAPE), key(pygame.K_RETURN)])
    assert isinstance(app.scenes.top, MenuScene) and app.running
    app.step(events=[key(pygame.K_ESCAPE), key(pygame.K_UP), key(pygame.K_RETURN)])
    assert not app.running


def test_quit_button(app):
    app.step(events=click(app.scenes.top.quit_button.rect.center))
    assert not app.running


def test_window_close_quits(app):
    assert not app.step(events=[pygame.event.Event(pygame.QUIT)])
    assert not app.running


def many_games(registry):
    """The toy game fourteen times over (Toy 00 to Toy 13), so that the menu's list scrolls."""
    from dataclasses import replace

    from tafel.registry import Registry

    many = Registry(spec=registry.spec, broken=list(registry.broken))
    base = registry.game(GAME_ID)
    for i in range(14):
        many.games[f"toy-{i}"] = replace(base, id=f"toy-{i:02d}", title=f"Toy {i:02d}")
    return many


def test_many_games_scroll(registry, tmp_path):
    app = App(many_games(registry), windowed=True, size=(1024, 768), worker=FakeWorker(registry))
    menu = app.scenes.top
    for _ in range(13):
        app.step(events=[key(pygame.K_DOWN)])
    focused = menu.focus.focused
    assert focused.game.title == "Toy 13"
    assert menu.scroll > 0 and menu.list_rect.contains(focused.rect)
    app.step(events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=50, flipped=False)])
    assert menu.scroll == 0
    app.close()


def test_a_card_half_scrolled_out_does_not_take_the_buttons_clicks(registry, tmp_path):
    # At 800x600 a card scrolled half out of the list reached under the History button, and a
    # click on the button opened that game's setup (the focus list tries the cards first).
    from tafel.ui.scenes.savelist import HistoryScene

    app = App(many_games(registry), windowed=True, size=(800, 600), worker=FakeWorker(registry))
    app.step()
    menu = app.scenes.top
    target = menu.history_button.rect.center
    for scroll in range(0, menu.content_h, 4):
        menu.scroll = scroll
        menu._place()
        if any(c.rect.collidepoint(target) for c in menu.cards):
            break
    else:
        pytest.fail("no scroll puts a card under the History button")
    app.step(events=click((target[0], target[1] + 1)))  # a motion, then the click
    assert isinstance(app.scenes.top, HistoryScene)
    assert not any(c.hovered for c in menu.cards)
    app.close()
