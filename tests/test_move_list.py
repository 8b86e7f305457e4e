"""The play screen's move list: a move played paints only the rows that change, and the picture is
the one a full painting gives, pixel for pixel, with the list growing, then scrolling."""

import random

import pygame

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.play import panel as panel_module


def full_painting(panel, rect):
    """The list painted from nothing, as the first frame after a change of size would."""
    image = panel._moves_image.copy()
    panel._moves_key = None
    scratch = pygame.Surface(rect.size)
    panel._draw_moves(scratch, pygame.Rect(0, 0, *rect.size))
    fresh = panel._moves_image.copy()
    panel._moves_image = image
    return fresh


def test_a_move_played_paints_the_same_list_as_a_full_painting(registry, monkeypatch):
    full = []
    original = panel_module.Panel._paint_moves
    monkeypatch.setattr(
        panel_module.Panel, "_paint_moves", lambda self, *a: full.append(1) or original(self, *a)
    )
    app = App(registry, windowed=True, size=(800, 600))
    try:
        game = registry.game("ataxx")
        scene = app.start_match(Match(game, {}, players=["human", "human"], seed=1))
        app.step()
        panel, rng = scene.panel, random.Random(3)
        rows = panel.list_rect.height // scene.ui.line_height(panel_module.SMALL)
        assert 2 <= rows < 20
        checked = 0
        for _ in range(rows + 6):  # past a full list: the later moves scroll it
            state = scene.match.state
            assert scene.play_move(rng.choice(state.legal_moves()))
            full.clear()
            app.step()
            kept = pygame.image.tobytes(panel._moves_image, "RGB")
            ply = scene.match.ply
            if ply >= 2 and panel._number_width(ply) == panel._number_width(ply - 1):
                assert not full, f"move {ply} painted the whole list"
                checked += 1
            assert kept == pygame.image.tobytes(full_painting(panel, panel.list_rect), "RGB")
            # The rows a click finds are the rows painted.
            rows = panel.list_rect.height // scene.ui.line_height(panel_module.SMALL)
            assert [ply for _row, ply in panel._moves_local] == list(
                range(max(1, scene.match.ply - rows + 1), scene.match.ply + 1)
            )
        assert checked >= rows + 3
        assert panel._moves_key.start >= 3  # the list scrolled as moves were played
        # An undo is no move played at the end: the list is painted whole.
        full.clear()
        scene.undo()
        app.step()
        assert full
    finally:
        app.close()
