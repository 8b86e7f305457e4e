"""Nothing lost by one click (issue 38, item 1): in every game, Restart, Resign (a game action that
ends the game), Back to menu and Quit ask first while a game is under way, the focus on the safe
answer; the rows that end or leave a game sit apart from the harmless ones, which keep their
places in every game; the main menu's Quit dialog focuses "Stay"."""

import pygame
import pytest

from tafel.match import Match
from tafel.ui.app import App
from tafel.ui.scenes.dialog import ConfirmScene
from tafel.ui.scenes.menu import MenuScene
from tafel.ui.scenes.pause import PauseScene
from tests.ui_toygame import FakeWorker, click, key, run_until

GAMES = ("ataxx", "atoll", "axxa", "amakta", "amakta-infinit")
HARMLESS = ["resume", "undo", "save", "load", "rules", "settings"]


@pytest.fixture
def app(registry, tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    app.step()
    yield app
    app.close()


def under_way(app, registry, game_id, moves=6):
    """A game of people only with some moves played, on screen, its pause menu open."""
    game = registry.game(game_id)
    options = game.resolve_options()
    match = Match(game, options, players=["human"] * game.seats(options), seed=3)
    for _ in range(moves):
        legal = [m for m in match.state.legal_moves()[:40]]
        match.play(legal[len(legal) // 2])
    play = app.start_match(match)
    assert run_until(app, lambda: play.interactive and app.scenes.top is play, frames=300)
    app.step(events=[key(pygame.K_ESCAPE)])
    assert isinstance(app.scenes.top, PauseScene)
    return play, app.scenes.top


def press_row(app, pause, wanted):
    app.step(events=click(next(b for b in pause.buttons if b.key == wanted).rect.center))


@pytest.mark.parametrize("game_id", GAMES)
def test_restart_leave_and_quit_ask_first(app, registry, game_id, monkeypatch):
    play, pause = under_way(app, registry, game_id)
    texts = list(play.match.texts)
    keys = [b.key for b in pause.buttons]
    # The harmless rows first, in the same places in every game; then, apart, the others.
    assert keys[: len(HARMLESS)] == HARMLESS and keys[-3:] == ["restart", "menu", "quit"]
    assert pause.apart == keys[len(HARMLESS)] and pause.divider_y is not None
    first_apart = next(b for b in pause.buttons if b.key == pause.apart)
    assert pause.buttons[len(HARMLESS) - 1].rect.bottom < pause.divider_y < first_apart.rect.top
    quits = []
    monkeypatch.setattr(app, "quit", lambda code=0: quits.append(code))
    for row in ("restart", "menu", "quit"):
        press_row(app, pause, row)
        confirm = app.scenes.top
        assert isinstance(confirm, ConfirmScene), row
        assert confirm.focus.focused.key == "no", row  # the safe answer has the focus
        app.step(events=[key(pygame.K_RETURN)])  # Enter on it: nothing happens
        assert app.scenes.top is pause and play.match.texts == texts and not quits, row
        press_row(app, pause, row)
        app.step(events=[key(pygame.K_ESCAPE)])  # Esc answers no too
        assert app.scenes.top is pause and play.match.texts == texts, row
    # Yes to Restart: only then is the game started again.
    press_row(app, pause, "restart")
    app.step(events=click(next(b for b in app.scenes.top.buttons if b.key == "yes").rect.center))
    assert play.match.ply == 0 and app.scenes.top is play


def test_a_click_learnt_in_one_game_loses_nothing_in_another(app, registry):
    """The issue's fault: a click where Ataxx has "Rules" landed on Amakta's "Restart". Now each
    spot of an Ataxx row, clicked in Amakta's pause menu, opens a harmless row or asks first."""
    _play, pause = under_way(app, registry, "ataxx", moves=4)
    spots = {b.key: b.rect.center for b in pause.buttons}
    app.back_to_menu()
    for name, spot in spots.items():
        play, pause = under_way(app, registry, "amakta", moves=4)
        before = list(play.match.texts)
        app.step(events=click(spot))
        top = app.scenes.top
        texts, match = play.match.texts, play.match
        undone = match.can_redo and texts == before[: len(texts)]  # Undo: Redo brings it back
        kept = (texts[: len(before)] == before or undone) and match.state.outcome is None
        assert isinstance(top, ConfirmScene) or kept, (name, play.match.texts[len(before) :])
        app.back_to_menu()


def test_resign_asks_and_a_draw_offer_does_not(app, registry):
    play, pause = under_way(app, registry, "amakta", moves=4)
    labels = {b.label: b.key for b in pause.buttons}
    assert {"Offer a draw", "Resign"} <= set(labels)
    press_row(app, pause, labels["Resign"])
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene) and confirm.focus.focused.key == "no"
    assert confirm.title == "Resign?"
    app.step(events=[key(pygame.K_RETURN)])
    assert play.match.state.outcome is None
    press_row(app, pause, labels["Offer a draw"])  # no loss: played at once
    assert play.match.texts[-1] == "offer-draw" and app.scenes.top is play


def test_leaving_a_finished_or_empty_game_does_not_ask(app, registry):
    game = registry.game("ataxx")
    play = app.start_match(Match(game, {}, players=["human", "human"], seed=1))
    assert run_until(app, lambda: play.interactive, frames=300)
    app.step(events=[key(pygame.K_ESCAPE)])
    press_row(app, app.scenes.top, "menu")  # no move played: nothing to lose
    assert isinstance(app.scenes.top, MenuScene)


def test_main_menu_quit_focuses_stay(app):
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    app.step(events=[key(pygame.K_ESCAPE)])
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene) and confirm.focus.focused.key == "no"
    app.step(events=[key(pygame.K_RETURN)])
    assert app.scenes.top is menu and app.running


def test_continue_is_offered_only_for_a_game_with_a_move(app, registry):
    """Item 7 of issue 38: "Continue" offered for a game with no move."""
    game = registry.game("ataxx")
    play = app.start_match(Match(game, {}, players=["human", "human"], seed=1))
    assert run_until(app, lambda: play.interactive, frames=300)
    play.autosave()
    app.back_to_menu()
    app.step()
    assert app.scenes.top.continue_card is None
    play = app.start_match(Match(game, {}, players=["human", "human"], seed=1))
    assert run_until(app, lambda: play.interactive, frames=300)
    play.play_move(play.match.state.legal_moves()[0])
    play.autosave()
    app.back_to_menu()
    app.step()
    card = app.scenes.top.continue_card
    assert card is not None and card.info.moves == 1


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (800, 600)])
def test_a_dialogs_hints_replace_the_screens_and_the_card_stays_clear_of_them(registry, size):
    """Item 6 of issue 38: the Quit dialog's and the pause menu's footers were written over the
    screen's own footer (and Atoll's board rim)."""
    from tafel.ui.scenes.dialog import hints_band

    app = App(registry, windowed=True, size=size, worker=FakeWorker(registry))

    def check(dialog):
        app.step()
        assert app.scenes.top is dialog
        band = hints_band(app.screen, dialog.ui)
        assert dialog.card.bottom <= band.top, (type(dialog).__name__, dialog.card, band)
        # The strip is painted over: only the background is there (the dialog's words are lower).
        row = [tuple(app.screen.get_at((x, band.top + 3)))[:3] for x in range(0, size[0], 7)]
        assert set(row) <= {tuple(dialog.ui.theme.background)[:3]}

    try:
        app.step()
        app.step(events=[key(pygame.K_ESCAPE)])  # the Quit question over the menu
        check(app.scenes.top)
        app.step(events=[key(pygame.K_ESCAPE)])
        _play, pause = under_way(app, registry, "atoll")  # over Atoll's board
        check(pause)
    finally:
        app.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_restart_can_be_undone_until_a_person_moves(app, registry, game_id):
    """ "Game restarted — Undo": the game the restart replaced comes back with Ctrl+Z (or the Undo
    button), and stays in the autosave (Continue) until a person moves in the new game."""
    from tafel import saves

    play, pause = under_way(app, registry, game_id)
    texts, match_id = list(play.match.texts), play.match.id
    press_row(app, pause, "restart")
    app.step(events=click(next(b for b in app.scenes.top.buttons if b.key == "yes").rect.center))
    assert play.match.ply == 0 and app.scenes.top is play
    assert "Undo (Ctrl+Z)" in play.toasts[-1].text and play.panel.undo_button.enabled
    saves.flush()
    assert saves.latest_autosave().moves == len(texts)  # Continue still finds the old game
    app.step(events=[key(pygame.K_ESCAPE)])  # the pause menu offers it too
    pause = app.scenes.top
    assert next(b for b in pause.buttons if b.key == "undo").label == "Undo restart"
    app.step(events=[key(pygame.K_ESCAPE)])
    app.step(events=[key(pygame.K_z, pygame.KMOD_CTRL)])
    assert play.match.texts == texts and play.match.id == match_id and play.history.replaced is None
    assert "back" in play.toasts[-1].text
    # Restarted again and a move made: the restart is for good, and Undo takes back that move.
    play.restart()
    assert play.history.replaced is not None
    assert play.human_move(play.match.state.legal_moves()[0])
    assert play.history.replaced is None
    saves.flush()
    assert saves.latest_autosave().moves == 1


def test_a_game_without_moves_restarts_without_an_undo(app, registry):
    play, _pause = under_way(app, registry, "ataxx", moves=0)
    play.restart()
    assert play.history.replaced is None and not play.panel.undo_button.enabled
