"""The main menu's texts keep one size per kind: every game's description the same, every button of
the row the same, in English and German, wide and narrow windows."""

import pytest

from tafel import i18n
from tafel.ui.app import App
from tafel.ui.scenes.menu import MenuScene


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_descriptions_and_buttons_keep_one_size(registry, language, size):
    app = App(registry, windowed=True, size=size, language=language)
    try:
        app.step()
        menu = app.scenes.top
        assert isinstance(menu, MenuScene)
        ui = menu.ui
        cards = [c for c in menu.cards if c.enabled]
        assert len(cards) >= 5
        # The size each description is drawn at, as the drawing lays it out.
        descriptions = {c.game.translate(c.game.description) for c in cards}
        laid_out = {}
        wrapped = ui.wrapped

        def spy(text, *args, **kwargs):
            fitted = wrapped(text, *args, **kwargs)
            if text in descriptions:
                laid_out[text] = fitted[0]
            return fitted

        ui.wrapped = spy
        try:
            for card in cards:
                card.draw(app.screen, ui)
        finally:
            del ui.wrapped
        assert set(laid_out) == descriptions
        # One size, the cards' own: a description that nearly fits one line is not drawn smaller.
        assert set(laid_out.values()) == {cards[0].text_size}, laid_out
        sizes = {b.size for b in menu.buttons}
        assert len(sizes) == 1
        for b in menu.buttons:  # and every label fits at that size, on one line
            assert ui.text_width(b.label, b.size, True) <= b.rect.width - ui.px(20), (b.label, size)
    finally:
        app.close()
        i18n.set_language("en")
