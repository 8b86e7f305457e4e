"""Hints that explain and stay (issue 38): the hint names its move in words with its reason and
chance, stays in the side panel until the position changes, and neither it nor a note (toast)
is ever drawn over the board, at 1920x1080, 1280x720 and 800x600, in every game."""

from __future__ import annotations

import re

import pytest

from tafel.match import Match
from tafel.testing import load_registry
from tafel.ui.app import App
from tests.ui_toygame import FakeResult, FakeWorker, run_until

SIZES = [(1920, 1080), (1280, 720), (800, 600)]
REASON = "sets up a triplet of 2s and keeps the 3s in reach of the next turn"


class ReasoningWorker(FakeWorker):
    """The fake worker's first legal move, with a reason and a win chance as the hard agent's."""

    def answer(self, generation: int, req) -> FakeResult:
        result = super().answer(generation, req)
        return FakeResult(result.generation, result.move_text, None, {"reason": REASON, "win_chance": 0.6})


def start(registry, game_id: str, size: tuple[int, int], lang: str = "en"):
    game = registry.game(game_id)
    app = App(registry, windowed=True, size=size, worker=ReasoningWorker(registry), language=lang)
    try:
        match = Match(game, {}, players=["human", "human"], seed=5)
    except Exception:  # a solo game (AxxA's solo mode)
        match = Match(game, {}, players=["human"], seed=5)
    play = app.start_match(match)
    app.step()
    assert run_until(app, lambda: play.interactive)
    return app, play


def game_ids(registry=None) -> list[str]:
    return sorted((registry or load_registry()).games)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", game_ids())
def test_a_hint_and_a_note_never_cover_the_board(registry, game_id, size):
    app, play = start(registry, game_id, size)
    try:
        assert play.request_hint()
        assert run_until(app, lambda: play.turns.hint is not None)
        play.toast("A long note of the kind an engine failing sends: " + "it says what went wrong. " * 3)
        play.toast("That move is not legal here.", error=True)
        app.step()
        panel = play.panel
        assert panel.hint_rect is not None and len(panel.toast_rects) == 2
        for rect in [panel.hint_rect, *panel.toast_rects]:
            assert not rect.colliderect(play.board_rect), (rect, play.board_rect)
            assert rect.width > 0 and panel.rect.contains(rect)
    finally:
        app.close()


@pytest.mark.parametrize("game_id", game_ids())
def test_the_hint_says_its_move_in_words_and_stays_until_the_position_changes(registry, game_id):
    app, play = start(registry, game_id, (800, 600))
    try:
        assert play.request_hint()
        assert run_until(app, lambda: play.turns.hint is not None)
        text = play.turns.hint_text
        assert text.startswith("Hint: ") and REASON in text and "win chance 60%" in text
        assert not re.search(r"\w+:\w+", text.removeprefix("Hint: ")), text  # words, no machine code
        for _ in range(30 * 20):  # twenty seconds of frames: a note would be long gone
            app.step(1 / 30)
        assert play.panel.hint_rect is not None and play.turns.hint_text == text
        assert not play.toasts
        assert play.request_hint() is False  # asked again: the hint in words, not "on the board"
        assert play.toasts[-1].text == text
        assert play.human_move(play.turns.hint)
        app.step()
        assert play.turns.hint is None and play.panel.hint_rect is None  # the position changed
    finally:
        app.close()


def test_the_panel_says_paused_not_thinking_under_the_pause_menu(registry):
    from tests.ui_toygame import FakeWorker as Held

    game = registry.game("ataxx")
    app = App(registry, windowed=True, size=(800, 600), worker=Held(registry, hold=True))
    try:
        play = app.start_match(Match(game, {}, players=["easy", "human"], seed=5))
        assert run_until(app, lambda: play.turns.thinking)
        drawn: list[str] = []
        draw_text = play.ui.draw_text

        def spy(surface, text, *args, **kwargs):
            drawn.append(str(text))
            return draw_text(surface, text, *args, **kwargs)

        play.ui.draw_text = spy
        play.open_pause_menu()
        app.step()
        assert not any(t.startswith("thinking") for t in drawn) and "paused" in drawn
    finally:
        app.close()


def test_game_over_is_said_once_the_last_stone_is_down(registry):
    """Ataxx: while the game's last move is still drawn, the panel says whose move it was, not
    "Game over" (issue 38, item 7)."""
    game = registry.game("ataxx")
    position = "xxxxooo/xxxxooo/xxxxooo/xxxx1oo/xxxxooo/xxxxooo/xxxxooo x 0 30"
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry))
    try:
        play = app.start_match(Match(game, {}, players=["human", "human"], seed=5, position=position))
        assert run_until(app, lambda: play.interactive)
        lines: list[str] = []
        draw_wrapped = play.ui.draw_wrapped

        def spy(surface, text, *args, **kwargs):
            lines.append(str(text))
            return draw_wrapped(surface, text, *args, **kwargs)

        play.ui.draw_wrapped = spy
        assert play.human_move(play.match.state.legal_moves()[0])
        assert play.match.state.is_over
        app.step(1 / 60)
        assert play.view.animating and "Game over" not in lines
        assert run_until(app, lambda: not play.view.animating)
        lines.clear()
        app.step(1 / 60)
        assert "Game over" in lines
    finally:
        app.close()


@pytest.mark.parametrize("plies", [0, 2])
def test_german_amakta_s_panel_at_800x600_says_its_sentences_whole(registry, plies):
    """Issue 38, item 6: the side panel's status lines ("... C Kontrolle, P", "Spieler 1 weist
    die Kreise") are shown whole in a small window, in the circles' phase and in play."""
    app, play = start(registry, "amakta", (800, 600), lang="de")
    try:
        for _ in range(plies):
            assert play.human_move(play.match.state.legal_moves()[0])
            assert run_until(app, lambda: play.interactive)
        drawn: list[str] = []
        draw_text = play.ui.draw_text

        def spy(surface, text, *args, **kwargs):
            drawn.append(str(text))
            return draw_text(surface, text, *args, **kwargs)

        play.ui.draw_text = spy
        app.step()
        panel = play.panel
        frame_lines = play.view.status(play.shown_state(), play.view_context())
        assert frame_lines
        shown = " ".join(drawn)
        for line in frame_lines:
            assert " ".join(line.split()) in " ".join(shown.split()), (line, drawn)
        assert panel.rect.width < 300
    finally:
        app.close()


@pytest.mark.parametrize("game_id", ["amakta"])
def test_amakta_s_buttons_under_the_board_stay_beside_the_panel_in_german_at_800x600(registry, game_id):
    """Issue 38, item 6: the bar's buttons (five in German at the start) end before the side
    panel, smaller when they must, instead of running under it."""
    app, play = start(registry, game_id, (800, 600), lang="de")
    try:
        app.step()
        buttons = play.view.buttons
        assert buttons
        for button in buttons:
            assert button.rect.right <= play.board_rect.right and button.rect.height >= 14, button.label
    finally:
        app.close()
