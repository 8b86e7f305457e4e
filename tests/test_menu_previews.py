"""The menu's board previews: none before the first frame, then one a frame, kept (not drawn
again) until the size changes; a game whose view fails keeps a text-only card."""

import pygame
import pytest

from tafel.plugins import load_registry
from tafel.testing import distinct_colours, key
from tafel.ui.app import App
from tafel.ui.scenes.previews import PREVIEW_IDLE, preview_position
from tests.ui_toygame import GAME_ID, make_registry


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(scope="module")
def builtin():
    return load_registry()


def test_previews_are_drawn_lazily_one_a_frame_and_kept(builtin):
    app = App(builtin, windowed=True, size=(1280, 720), strict=True)
    try:
        menu = app.menu
        cards = [c for c in menu.cards if c.enabled]
        assert len(cards) >= 5
        app.step()
        assert menu.previews.drawn == 0 and all(c.preview is None for c in cards)
        # The views were imported and the positions played off the main thread; the player is
        # idle (previews wait for that: see the next test).
        assert menu.previews.wait_ready() and menu.previews.ready >= {c.game.id for c in cards}
        app.idle = 1.0
        counts = []
        for _ in range(len(cards) + 2):
            app.step()
            counts.append(menu.previews.drawn)
        assert counts[: len(cards)] == list(range(1, len(cards) + 1)), (
            menu.previews.failed,
            {k: p.error for k, p in menu.previews.pictures.items()},
        )  # one a frame
        assert all(
            c.preview is not None and c.preview.get_size() == c.preview_rect(app.ui).size for c in cards
        )
        # The cards in view came first.
        first = next(iter(menu.previews.surfaces))
        assert first == cards[0].game.id
        # Kept: more frames draw nothing again; the same surfaces stay.
        kept = {c.game.id: c.preview for c in cards}
        for _ in range(5):
            app.step()
        assert menu.previews.drawn == len(cards)
        assert all(c.preview is kept[c.game.id] for c in cards)
        # Each preview shows a board: not one flat colour, and not all alike.
        assert all(distinct_colours(c.preview) > 10 for c in cards)
        assert len({pygame.image.tobytes(c.preview, "RGB") for c in cards}) == len(cards)
        # A new size draws them again, lazily as well.
        app.resize((1920, 1080))
        app.step()
        assert menu.previews.drawn == len(cards) + 1
        for _ in range(len(cards)):
            app.step()
        assert menu.previews.drawn == 2 * len(cards)
        assert all(c.preview.get_size() == c.preview_rect(app.ui).size for c in cards)
    finally:
        app.close()


def test_previews_wait_while_the_player_moves(builtin):
    """A preview costs a long frame: none is drawn while keys come in, and they come once the
    player has been idle for PREVIEW_IDLE seconds."""
    app = App(builtin, windowed=True, size=(1280, 720), strict=True)
    try:
        menu = app.menu
        app.step()
        assert menu.previews.wait_ready()
        for i in range(20):  # the arrow keys, every frame
            app.step(events=[key(pygame.K_DOWN if i % 2 else pygame.K_UP)])
        assert menu.previews.drawn == 0
        frames = 0
        while menu.previews.drawn == 0 and frames < 60:
            app.step()
            frames += 1
        assert menu.previews.drawn == 1
        assert frames == int(PREVIEW_IDLE * 60) + 1 or abs(frames - PREVIEW_IDLE * 60) <= 2
    finally:
        app.close()


def test_a_failing_view_leaves_the_card_as_text(tmp_path):
    registry = make_registry(tmp_path)
    game = registry.game(GAME_ID)
    app = App(registry, windowed=True, size=(1280, 720), strict=True)
    try:
        from tests.ui_toygame import ToyView

        original = ToyView.draw

        def broken(self, *args):
            raise RuntimeError("no board today")

        ToyView.draw = broken
        try:
            app.step()
            assert app.menu.previews.wait_ready()
            app.idle = 1.0  # the player idle: previews are drawn
            for _ in range(3):
                app.step()
        finally:
            ToyView.draw = original
        card = next(c for c in app.menu.cards if c.enabled)
        assert card.game is game and card.preview is None
        assert GAME_ID in app.menu.previews.failed and not app.errors
    finally:
        app.close()


def test_preview_position_is_a_game_under_way_and_the_same_each_time(builtin):
    game = builtin.game("ataxx")
    states, moves = preview_position(game)
    again, _ = preview_position(game)
    assert len(states) == len(moves) + 1 and 1 <= len(moves) <= 6
    assert states[-1].to_text() == again[-1].to_text() != states[0].to_text()
