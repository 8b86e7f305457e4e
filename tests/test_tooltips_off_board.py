"""A board view's own hover help never covers the board (issue 38): Amakta's and Amakta
Infinit's tooltips of a piece on the board, an empty field and a piece in hand go beside the
board, at 1920x1080, 1280x720 and 800x600, and say the piece's arrows in the player's language."""

from __future__ import annotations

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tests.ui_toygame import FakeWorker, run_until

SIZES = [(1920, 1080), (1280, 720), (800, 600)]
#: Moves that put pieces of both colours on the board, by game.
MOVES = {
    "amakta": "circles:none colour:white place:1:e1:r0 place:1:e9:r0 place:2:e2:r0",
    "amakta-infinit": "bid:20 accept create:bg.b.-.r.-.b create:g.g.g.-.-.-:damage create:r.-.b.-.b.- "
    "create:b.-.b.-.-.-:damage create:br.-.-.-.-.- create:g.-.-.-.-.-:damage close close "
    "place:2:0,0:r0 place:2:6,0:r0 place:3:-1,-1:r2",
}


def start(registry, game_id: str, size: tuple[int, int], lang: str = "en"):
    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry), language=lang)
    match = Match(registry.game(game_id), {}, players=["human", "human"], seed=5)
    for text in MOVES[game_id].split():
        match.play(match.state.parse_move(text))
    play = app.start_match(match)
    app.step()
    assert run_until(app, lambda: play.interactive)
    return app, play


def hover(app, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    app.step(events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def points(view, state) -> list[tuple[float, float]]:
    """Every piece on the board, the fields around the first, and every slot in hand."""
    cells = list(state.pos.cells)
    near = [view.cell_center(c) for c in cells]
    x, y = near[0]
    s = view.size
    near += [(x + dx * s, y + dy * s) for dx, dy in ((-1.7, 0), (0, -1.5), (1.7, 1.5), (0, 3))]
    return near + [slot.center for colour in (0, 1) for slot in view.slots[colour]]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_a_tooltip_never_covers_the_board(registry, game_id, size):
    app, play = start(registry, game_id, size)
    try:
        view = play.view
        shown = 0
        for pos in points(view, play.match.state):
            hover(app, pos)
            if view.tip_rect is None:
                continue
            shown += 1
            assert not view.tip_rect.colliderect(view.board_area), (pos, view.tip_rect, view.board_area)
            assert play.board_rect.contains(view.tip_rect) and not view.tip_rect.colliderect(play.panel.rect)
        assert shown >= len(play.match.state.pos.cells) + 2  # each piece on the board and in hand
    finally:
        app.close()


@pytest.mark.parametrize("game_id", sorted(MOVES))
def test_a_piece_in_hand_is_described_in_german(registry, game_id, monkeypatch):
    app, play = start(registry, game_id, (800, 600), lang="de")
    try:
        view, said = play.view, []
        monkeypatch.setattr(view, "draw_tooltip", lambda surface, ctx, text, anchor: said.append(text))
        for slot in view.slots[0]:
            hover(app, slot.center)
        assert said and all(
            " im Inventar" in t or "auf dem Spielfeld" in t or "aus dem Spiel" in t for t in said
        ), said
        words = " ".join(said)
        assert not any(f" {english} " in f" {words} " for english in ("blue", "green", "red", "E,", "NE")), (
            said
        )
    finally:
        app.close()
