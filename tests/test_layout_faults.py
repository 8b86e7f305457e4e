"""Layout faults of issue 38, item 6, outside the play screen, each checked where one sees it."""

import pytest

from tafel.ui.app import App
from tafel.ui.scenes.setup import SetupScene
from tafel.ui.widgets import TINY


@pytest.mark.parametrize("size,lang", [((1920, 1080), "en"), ((800, 600), "de")])
@pytest.mark.parametrize("game_id", ["amakta", "axxa", "atoll"])
def test_setup_arrows_stay_put_as_the_value_changes(registry, tmp_path, monkeypatch, size, lang, game_id):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    app = App(registry, windowed=True, size=size, language=lang)
    try:
        app.step()
        setup = SetupScene(app, registry.game(game_id))
        app.push(setup)
        app.step()
        for key in [r.key for r in setup.rows if str(r.key).startswith(("opt:", "seat:"))]:
            places = set()
            for _ in range(6):
                row = next(r for r in setup.rows if r.key == key)
                places.add((row.left.x, row.value.width))
                row.change(1)
                app.step()
            assert len(places) == 1, (key, places)
    finally:
        app.close()


def test_records_headings_stay_on_one_line_where_the_table_has_room(registry, tmp_path, monkeypatch):
    """AxxA's "FEWEST UNDOS" took two lines beside one-line headings at 1920x1080 while the
    deal column had room to spare."""
    from tafel.ui.scenes.records import RecordsScene

    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    app = App(registry, windowed=True, size=(1920, 1080), language="en")
    try:
        app.step()
        scene = RecordsScene(app, registry.game("axxa"))
        app.push(scene)
        app.step()
        assert any(header == "Fewest undos" for header, _share in scene.columns)
        assert scene.header_h == scene.ui.line_height(TINY, True)  # one line of headings
    finally:
        app.close()
