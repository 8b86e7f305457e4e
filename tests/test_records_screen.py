"""The Records screen takes a game's column shares as a hint (issue 19): at 800x600 a column of
long figures takes room from columns of short ones, so AxxA's table (long deal numbers, German
headings) shows every cell whole, in both languages, with its headings in one size on up to two
lines."""

from __future__ import annotations

import pytest

from tafel.games.axxa.records import SoloResult, record_game
from tafel.testing import load_registry
from tafel.ui.app import App
from tafel.ui.scenes.records import RecordsScene
from tafel.ui.widgets import BODY
from tests.test_i18n_screens import record_drawing
from tests.ui_toygame import FakeWorker

RESULTS = ((3, 6, 14, 2), (203376, 4, 20, 0), (12, 2, 25, 1), (99, 6, 9, 0), (2026112, 3, 17, 5))


@pytest.fixture(scope="module")
def registry():
    return load_registry()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
def test_the_records_table_fits_its_cells(registry, monkeypatch, lang, size):
    for seed, triplets, paid, undos in RESULTS:
        record_game(SoloResult(seed=seed, triplets=triplets, paid=paid, undos=undos))
    drawn = record_drawing(monkeypatch)
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry), language=lang)
    try:
        scene = RecordsScene(app, registry.game("axxa"))
        app.push(scene)
        app.step()
        assert len(scene.items) == len(RESULTS) + 1
        assert not drawn.cut, drawn.cut
        shown = [line for _screen, line in drawn.lines]
        assert all(cell in shown for row in scene.items for cell in row.columns if cell)
        xs = [*scene._xs, scene.list_rect.right]
        longest = max(scene.ui.text_width(row.columns[0], BODY, True) for row in scene.items)
        if lang == "en":  # the deal column took the room its longest figure needs
            assert xs[1] - xs[0] >= longest
    finally:
        app.close()
