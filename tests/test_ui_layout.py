"""Layout from the live window size: resize, full-screen toggle, text that always fits."""

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.setup import SetupScene
from tafel.ui.widgets import UI
from tests.ui_toygame import GAME_ID, FakeWorker, key, make_registry

SIZES = [(1920, 1080), (1024, 768), (2560, 1080), (720, 1000), (640, 480)]


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("layout_plugins"))


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    """Saves, settings and statistics of each test in its own folder (no Continue from other tests)."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def app(registry):
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    yield app
    app.close()


def resize(app, size):
    app.step(events=[pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
    assert app.size == size


@pytest.mark.parametrize("size", SIZES)
def test_play_relayout_on_resize(app, size):
    play = app.start_match(Match(app.registry.game(GAME_ID), players=["human", "human"]))
    app.step()
    resize(app, size)
    screen = app.screen.get_rect()
    board, panel = play.board_rect, play.panel_rect
    assert screen.contains(board) and screen.contains(panel)
    assert not board.colliderect(panel)
    assert play.view.rect == board
    # The toy view fits its cells inside the board rect, square.
    assert all(board.contains(c) and c.width == c.height for c in play.view.cells)
    if size[0] < size[1]:
        assert panel.top > board.bottom  # tall windows: panel under the board
    else:
        assert panel.left > board.right
    for b in (play.panel.undo_button, play.panel.menu_button):
        assert panel.contains(b.rect)
    app.run_frames(2)


@pytest.mark.parametrize("size", SIZES)
def test_menu_and_setup_fit(app, size):
    resize(app, size)
    screen = app.screen.get_rect()
    menu = app.scenes.top
    assert screen.contains(menu.quit_button.rect)
    for card in menu.cards:
        assert card.rect.width <= screen.width
    app.step(events=[key(pygame.K_RETURN)])
    setup = app.scenes.top
    assert isinstance(setup, SetupScene)
    assert screen.contains(setup.card)
    for b in setup.buttons:
        assert setup.card.contains(b.rect)
    for row in setup.rows:
        assert row.value.left >= row.rect.left and row.right.right <= row.rect.right
    app.run_frames(2)


def test_font_scale_follows_window_height(app):
    resize(app, (1920, 1080))
    big = app.ui.font(30).get_height()
    resize(app, (960, 540))
    assert app.ui.scale == pytest.approx(0.5)
    assert app.ui.font(30).get_height() < big


def test_fullscreen_toggle(app):
    assert not app.fullscreen
    app.step(events=[key(pygame.K_F11)])
    assert app.fullscreen and app.size == pygame.display.get_desktop_sizes()[0]
    app.step(events=[key(pygame.K_RETURN, mod=pygame.KMOD_LALT)])
    assert not app.fullscreen and app.size == (1280, 720)


def test_draw_text_never_exceeds_width():
    pygame.font.init()
    ui = UI()
    ui.set_size((800, 600))
    surface = pygame.Surface((800, 600))
    text = "An extraordinarily long description that could never fit in a narrow column of the panel"
    for width in (60, 150, 400):
        rect = ui.draw_text(surface, text, (0, 0), 30, max_width=width)
        assert rect.width <= width
    for line in ui.wrap(text + " Supercalifragilisticexpialidocious" * 3, 30, 120):
        assert ui.text_width(line, 30) <= 120


def test_fitted_text_is_the_largest_size_that_fits_and_wraps_stay_the_same():
    """Fitting jumps near the size and steps (few fonts opened); it must still find the largest
    size that fits, as a plain step-down search does, and cached results must equal fresh ones."""
    pygame.font.init()
    ui = UI()
    ui.set_size((1920, 1080))
    for text in (
        "Player 2 (AI hard) to move",
        "W" * 30,
        "Amakta Infinit · creates a piece · 12 of 60 points",
    ):
        for size in (14, 22, 30, 44):
            for width in (60, 120, 250, 400, 900):
                floor = max(8, int(size * 0.85))
                plain = size
                while plain > floor and ui.text_width(text, plain) > width:
                    plain -= 1
                assert ui.fit_size(text, size, width) == plain, (text, size, width)
                best = size
                while best > 8 and ui.fonts.get(best).size(text)[0] > width:
                    best -= 1
                assert ui.fonts.fit(text, width, size) is ui.fonts.get(best), (text, size, width)
    lines = ui.wrap("a few words that wrap over lines " * 4, 22, 300)
    assert ui.wrap("a few words that wrap over lines " * 4, 22, 300) == lines and len(lines) > 1
    lines.append("changed by the caller")
    assert ui.wrap("a few words that wrap over lines " * 4, 22, 300) != lines  # a copy each time


@pytest.mark.parametrize("scale", [0.5, 1.0, 1.8])
@pytest.mark.parametrize("radius", [0, 18])
@pytest.mark.parametrize("size", [(480, 1000), (30, 20), (200, 40)])
def test_panel_shadow_blends_only_its_edges_yet_looks_the_same(scale, radius, size):
    """The panel blends only the shadow's visible edges; the picture equals a whole-shadow blit."""
    ui = UI(scale=scale)
    rect = pygame.Rect((50, 60), size)
    drawn = pygame.Surface((700, 1200))
    drawn.fill((40, 80, 120))
    expected = drawn.copy()
    ui.panel(drawn, rect, radius=radius, border=(200, 0, 0))
    r, off = ui.px(radius), ui.px(6)
    expected.blit(ui._veil(rect.size, 90, ui.theme.shadow, r), (rect.x + off // 2, rect.y + off))
    pygame.draw.rect(expected, ui.theme.panel, rect, border_radius=r)
    pygame.draw.rect(expected, (200, 0, 0), rect, max(1, ui.px(2)), border_radius=r)
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(expected, "RGB")
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(
        _without_shadow(ui, rect, r), "RGB"
    )  # the shadow is there at all


def _without_shadow(ui, rect, r):
    plain = pygame.Surface((700, 1200))
    plain.fill((40, 80, 120))
    pygame.draw.rect(plain, ui.theme.panel, rect, border_radius=r)
    pygame.draw.rect(plain, (200, 0, 0), rect, max(1, ui.px(2)), border_radius=r)
    return plain
