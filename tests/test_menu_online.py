"""Play online in the main menu: the buttons under the games take two rows (seven labels in one
row would not read at 800x600), each inside the window, none over another, and Play online opens
the Play online screen."""

import pytest

from tafel import i18n
from tafel.ui.app import App
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.online import OnlineScene


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_the_menu_buttons_take_two_tidy_rows(registry, language, size):
    app = App(registry, windowed=True, size=size, language=language)
    try:
        app.step()
        menu = app.scenes.top
        assert isinstance(menu, MenuScene)
        keys = [b.key for b in menu.buttons]
        assert keys[0] == "online" and keys[-1] == "quit" and len(keys) == 7
        rows = sorted({b.rect.y for b in menu.buttons})
        assert len(rows) == 2 and rows[0] >= menu.list_rect.bottom
        screen = app.screen.get_rect()
        for i, b in enumerate(menu.buttons):
            assert screen.contains(b.rect), (b.key, b.rect)
            assert all(not b.rect.colliderect(o.rect) for o in menu.buttons[i + 1 :])
        # Each row centred in the window.
        for y in rows:
            row = [b.rect for b in menu.buttons if b.rect.y == y]
            assert abs((row[0].left + row[-1].right) // 2 - screen.centerx) <= 2
    finally:
        app.close()
        i18n.set_language("en")


def test_play_online_opens_the_online_screen(registry):
    app = App(registry, windowed=True, size=(1280, 720))
    try:
        app.step()
        menu = app.scenes.top
        menu.online_button.activate()
        app.step()
        assert isinstance(app.scenes.top, OnlineScene)
    finally:
        app.close()
