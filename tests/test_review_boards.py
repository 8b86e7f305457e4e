"""The review's small boards say their hands whole (issue 38): every line a board view writes
there fits the width it was given, at 1920x1080, 1280x720 and 800x600, in English and German;
a narrow hand's title says less (no seat, then the colour alone) rather than being cut."""

from __future__ import annotations

import pytest

from tafel.kit.panels import Texts
from tafel.match import Match
from tafel.review import Review
from tafel.ui.app import App
from tafel.ui.scenes.review import ReviewScene
from tests.test_tooltips_off_board import MOVES
from tests.ui_toygame import FakeWorker

SIZES = [(1920, 1080), (1280, 720), (800, 600)]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_the_small_boards_lines_are_never_cut(registry, game_id, size, lang, monkeypatch):
    game, moves = registry.game(game_id), MOVES[game_id].split()
    match = Match(game, {}, players=["human", "human"], seed=5)
    match.replay(moves)
    review = Review(game, {}, 5, None, moves)
    for ply, state in enumerate(match.states[:-1]):
        other = next(m for m in state.legal_moves() if state.move_to_text(m) != moves[ply])
        review.take(ply, value=0.5, best=state.move_to_text(other))
    written: list[tuple[str, float, int]] = []
    render = Texts.render

    def spy(self, ctx, text, pixels, colour, bold=False, max_w=None):
        img = render(self, ctx, text, pixels, colour, bold, max_w)
        if max_w is not None:
            written.append((text, max_w, img.get_width()))
        return img

    monkeypatch.setattr(Texts, "render", spy)
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry), language=lang)
    try:
        scene = ReviewScene(app, match, review)
        app.push(scene)
        app.step()
        assert len(scene.shown_boards()) == 2  # the move played and the one preferred
        titles = [t for t in written if "Inventar" in t[0] or "in hand" in t[0] or t[0] in ("White", "Weiß")]
        assert titles, written
        for text, width, drawn in written:
            assert drawn <= width, (text, width, drawn)
    finally:
        app.close()
