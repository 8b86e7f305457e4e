"""Layout faults of issue 38, item 6, outside the play screen, each checked where one sees it."""

import pytest

from tafel.ui.app import App
from tafel.ui.scenes.setup import SetupScene


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
