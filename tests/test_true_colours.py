"""Colours and names true to the game outside the play screen (issue 38, item 4): setup's seat
swatches, the move list's dots after Atoll's swap, the review graph's seat colours and names, and
the history's "Black won" instead of "Seat 1 won"."""

from pathlib import Path

import pytest

from tafel import saves
from tafel.i18n import language
from tafel.match import Match
from tafel.review import Review
from tafel.ui.app import App
from tafel.ui.scenes.review import ReviewScene
from tafel.ui.scenes.savelist import HistoryScene, result_text
from tafel.ui.scenes.setup import SetupScene


@pytest.fixture
def app(registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    app = App(registry, windowed=True, size=(1280, 720))
    app.step()
    yield app
    app.close()


def test_setup_swatches_are_the_games_colours(app, registry):
    theme = app.ui.theme
    expected = {
        "atoll": [theme.stone_dark, theme.stone_light],  # Black, White
        "ataxx": [theme.seat(0), theme.seat(1)],  # Red, Blue: the theme's are the game's
        "amakta": [theme.text_dim, theme.text_dim],  # colours chosen in the game: neutral
    }
    for game_id, colours in expected.items():
        setup = SetupScene(app, registry.game(game_id))
        app.push(setup)
        app.step()
        rows = [r for r in setup.rows if str(r.key).startswith("seat:")]
        assert [tuple(r.swatch) for r in rows] == [tuple(c) for c in colours], game_id
        app.scenes.remove(setup)


def test_atoll_move_list_keeps_the_first_stone_black_after_the_swap(app, registry):
    theme = app.ui.theme
    match = Match(registry.game("atoll"), {}, players=["human", "human"], seed=1)
    match.replay(["f6", "swap", "e5"])
    play = app.start_match(match)
    app.step()
    app.step()
    panel = play.panel
    colours = [panel._mover_colour(i)[1] for i in range(3)]
    assert colours[0] == tuple(theme.stone_dark)  # Black's stone on f6 stays a black dot
    assert panel.seat_color(0) != colours[0]  # though seat 0 plays White now


def test_review_graph_uses_the_games_colours_and_reads_them(app, registry):
    theme = app.ui.theme
    match = Match(registry.game("atoll"), {}, players=["human", "human"], seed=1)
    match.replay(["f6", "e5"])
    scene = ReviewScene(app, match, Review.from_match(match))
    graph = scene.graph
    assert graph.seat_colour(0, theme) == tuple(theme.stone_dark)
    assert graph.seat_colour(1, theme) == tuple(theme.stone_light)
    label = graph.label_colour(0, theme)  # a black stone's name on the dark panel: readable

    def lum(c):
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]

    assert abs(lum(label) - lum(theme.panel)) >= 90


def test_history_names_the_winner_by_the_games_seat_names(app, registry):
    info = saves.SaveInfo(
        Path("x"), "history", "", "atoll", "Atoll", 9, None, ["easy", "hard"], {"winners": [0]}
    )
    scene = HistoryScene(app)
    names = scene._names(info)
    assert names == registry.game("atoll").shown_names(registry.game("atoll").resolve_options())
    assert result_text(info, names=names).startswith(f"{names[0]} won")
    assert "Seat" not in scene._result(info)


def test_atoll_says_which_islands_were_joined_without_a_comma_puzzle(registry):
    """Item 7 of issue 38: "Black joined west, upper to east, lower" read as a list of four."""
    game = registry.game("atoll")
    state = game.new_state(game.resolve_options(), None)
    labels = [label for pairs in state.board.pairs for _a, _b, label in pairs]
    assert "upper west to lower east" in labels and "upper east to lower west" in labels
    assert not any("," in label for label in labels)
    with language("de"):
        assert game.translate("upper west to lower east") == "West oben mit Ost unten"
