"""The menu's board previews: none before the first frame; then drawn off the UI thread while the
player is idle, kept (not drawn again) until the size changes, and kept on disk so the next
launch reads them back; a damaged cache file is drawn again; a game whose view fails (even with
``sys.exit``) keeps a text-only card and the rest of the menu works."""

import os
import sys
import threading

import pygame
import pytest

from tafel import datadir
from tafel.plugins import load_registry
from tafel.testing import distinct_colours, key
from tafel.ui.app import App
from tafel.ui.scenes import preview_cache, previews
from tafel.ui.scenes.previews import PREVIEW_IDLE, preview_position
from tafel.ui.theme import COLORBLIND, DEFAULT
from tests.ui_toygame import GAME_ID, make_registry


@pytest.fixture(autouse=True)
def private_data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(scope="module")
def builtin():
    return load_registry()


@pytest.fixture
def toy(tmp_path):
    (tmp_path / "plugins").mkdir()
    return make_registry(tmp_path / "plugins")


def settle(app: App) -> None:
    """Let the preview worker do what it may now, then take its pictures (one frame)."""
    assert app.menu.previews.wait_idle()
    app.step()


def cache_files() -> list:
    folder = datadir.cache_dir() / "previews"
    return sorted(folder.glob("*.png")) if folder.is_dir() else []


def test_previews_are_drawn_off_the_ui_thread_while_idle_and_kept(builtin, monkeypatch):
    threads = []
    original = previews.draw_preview

    def watched(*args):
        threads.append(threading.current_thread())
        return original(*args)

    monkeypatch.setattr(previews, "draw_preview", watched)
    app = App(builtin, windowed=True, size=(1280, 720), strict=True)
    try:
        menu = app.menu
        cards = [c for c in menu.cards if c.enabled]
        assert len(cards) >= 5
        app.step()  # the first frame asks for nothing
        assert menu.previews.wait_idle() and not threads and all(c.preview is None for c in cards)
        app.idle = 1.0  # the player idle: previews may be drawn
        app.step()
        settle(app)
        assert menu.previews.drawn == len(cards), menu.previews.failed
        assert threads and threading.main_thread() not in threads  # never on the UI thread
        assert all(
            c.preview is not None and c.preview.get_size() == c.preview_rect(app.ui).size for c in cards
        )
        # Each preview shows a board: not one flat colour, and not all alike.
        assert all(distinct_colours(c.preview) > 10 for c in cards)
        assert len({pygame.image.tobytes(c.preview, "RGB") for c in cards}) == len(cards)
        # Kept: more frames draw nothing again; the same surfaces stay.
        kept = {c.game.id: c.preview for c in cards}
        for _ in range(3):
            app.step()
        settle(app)
        assert menu.previews.drawn == len(cards) and all(c.preview is kept[c.game.id] for c in cards)
        assert len(cache_files()) == len(cards)
        # A new size draws them again, lazily as well.
        app.resize((1920, 1080))
        app.idle = 1.0
        app.step()
        settle(app)
        assert menu.previews.drawn == 2 * len(cards)
        assert all(c.preview.get_size() == c.preview_rect(app.ui).size for c in cards)
    finally:
        app.close()


def run_menu(registry, frames: int = 1, idle: bool = True) -> App:
    """An App whose menu has had ``frames`` frames and whose preview worker has done its work."""
    app = App(registry, windowed=True, size=(1280, 720), strict=True)
    app.step()
    if idle:
        app.idle = 1.0
    for _ in range(frames):
        app.step()
    settle(app)
    return app


def toy_card(app: App):
    return next(c for c in app.menu.cards if c.enabled and c.game.id == GAME_ID)


def test_the_next_launch_reads_the_kept_pictures(toy):
    app = run_menu(toy)
    try:
        first = toy_card(app).preview
        assert first is not None and app.menu.previews.drawn == 1
        pixels = pygame.image.tobytes(first, "RGB")
    finally:
        app.close()
    [kept] = cache_files()
    assert kept.name.startswith(f"{GAME_ID}-") and kept.stat().st_size < 64 * 1024
    # The next launch: read back on its second frame, while the player is busy too (reading is
    # cheap; only drawing waits for idle).
    app = run_menu(toy, idle=False)
    try:
        card = toy_card(app)
        assert app.menu.previews.loaded == 1 and app.menu.previews.drawn == 0
        assert pygame.image.tobytes(card.preview, "RGB") == pixels
        assert cache_files() == [kept]
    finally:
        app.close()


def damage(path, how: str) -> None:
    if how == "garbage":
        path.write_bytes(b"\x89PNG not really")
    elif how == "truncated":
        path.write_bytes(path.read_bytes()[:40])
    elif how == "wrong size":
        pygame.image.save(pygame.Surface((3, 3)), str(path))
    elif how == "too large":
        path.write_bytes(b"\0" * (10 * 1024 * 1024))
    elif how == "fifo":
        path.unlink()
        os.mkfifo(path)


@pytest.mark.parametrize("how", ["garbage", "truncated", "wrong size", "too large", "fifo"])
def test_a_damaged_cache_file_is_drawn_again(toy, how, capfd):
    if how == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    app = run_menu(toy)
    app.close()
    [kept] = cache_files()
    damage(kept, how)
    capfd.readouterr()
    app = run_menu(toy)  # never blocks on the FIFO, never raises
    try:
        assert toy_card(app).preview is not None and not app.errors
        assert app.menu.previews.drawn == 1 and app.menu.previews.loaded == 0
        lines = [line for line in capfd.readouterr().err.splitlines() if "preview" in line]
        assert len(lines) == 1 and kept.name in lines[0] and "damaged" in lines[0], lines
        # Drawn again and kept again, sound this time.
        assert cache_files() == [kept] and kept.is_file()
        assert pygame.image.load(str(kept)).get_size() == toy_card(app).preview.get_size()
    finally:
        app.close()


def test_an_unwritable_cache_only_costs_drawing(toy, capfd):
    folder = datadir.cache_dir()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the cache folder should be")
    app = run_menu(toy)
    try:
        assert toy_card(app).preview is not None and not app.errors
        lines = [line for line in capfd.readouterr().err.splitlines() if "preview" in line]
        assert len(lines) == 1 and "cannot be kept" in lines[0]
    finally:
        app.close()


def test_the_picture_is_named_by_what_changes_it(toy, tmp_path, monkeypatch):
    game = toy.game(GAME_ID)
    cache = preview_cache.PreviewCache(tmp_path / "c")
    base = cache.path(game, (160, 120), DEFAULT, "en")
    assert base is not None and base.parent == tmp_path / "c"
    others = {
        cache.path(game, (161, 120), DEFAULT, "en"),
        cache.path(game, (160, 120), COLORBLIND, "en"),
        cache.path(game, (160, 120), DEFAULT, "de"),
    }
    assert base not in others and len(others) == 3
    assert cache.path(game, (160, 120), DEFAULT, "en") == base  # the same every time
    # The game's own files are part of the name (here the module that defines the toy game).
    sources = preview_cache.game_sources(game)
    assert any(p.name == "ui_toygame.py" for p in sources) and len(sources) == 2  # and the core
    # A file of the game's package changed (an update, an edit): another name. Fingerprints are
    # kept per process, so the next launch is the one that sees it.
    package = tmp_path / "package"
    (package / "sub").mkdir(parents=True)
    (package / "view.py").write_text("x = 1")
    (package / "sub" / "board.png").write_bytes(b"png")
    monkeypatch.setattr(preview_cache, "game_sources", lambda game: [package])
    before = cache.path(game, (160, 120), DEFAULT, "en")
    source = package / "sub" / "board.png"
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert cache.path(game, (160, 120), DEFAULT, "en") == before  # kept for this process
    preview_cache._fingerprints.clear()
    assert cache.path(game, (160, 120), DEFAULT, "en") not in (before, base)


@pytest.mark.parametrize("failure", [RuntimeError("no board today"), SystemExit(3)])
def test_a_failing_view_leaves_the_card_as_text(toy, failure, monkeypatch):
    from tests.ui_toygame import ToyView

    def broken(self, *args):
        raise failure

    monkeypatch.setattr(ToyView, "draw", broken)
    app = run_menu(toy)
    try:
        card = toy_card(app)
        assert card.preview is None and GAME_ID in app.menu.previews.failed and not app.errors
        assert cache_files() == []
        for _ in range(3):  # never asked for again; the menu goes on
            app.step()
        assert app.menu.previews.wait_idle() and app.running
    finally:
        app.close()


def test_one_failing_game_does_not_stop_the_others(builtin, monkeypatch):
    original = previews.draw_preview

    def exits_for_one(picture, *args):
        if picture.game.id == "atoll":
            raise SystemExit("a plugin calling sys.exit while drawing")
        return original(picture, *args)

    monkeypatch.setattr(previews, "draw_preview", exits_for_one)
    app = run_menu(builtin)
    try:
        cards = [c for c in app.menu.cards if c.enabled]
        assert app.menu.previews.failed == {"atoll"} and not app.errors
        assert all((c.preview is None) == (c.game.id == "atoll") for c in cards)
    finally:
        app.close()


def test_drawing_waits_while_the_player_moves(toy):
    """Drawing competes with the frames: none is drawn while keys come in, then one comes once
    the player has been idle for PREVIEW_IDLE seconds."""
    app = App(toy, windowed=True, size=(1280, 720), strict=True)
    try:
        menu = app.menu
        app.step()
        for i in range(20):  # the arrow keys, every frame
            app.step(events=[key(pygame.K_DOWN if i % 2 else pygame.K_UP)])
            assert menu.previews.wait_idle()
        assert menu.previews.drawn == 0
        frames = 0
        while menu.previews.drawn == 0 and frames < 60:
            app.step()
            assert menu.previews.wait_idle()
            frames += 1
        assert menu.previews.drawn == 1 and abs(frames - PREVIEW_IDLE * 60) <= 2
    finally:
        app.close()


def test_the_previews_wait_while_another_screen_is_over_the_menu(toy):
    app = App(toy, windowed=True, size=(1280, 720), strict=True)
    try:
        menu = app.menu
        app.step()
        menu.open_settings()
        app.step()
        assert menu.previews._held
        # What the menu asked for before stays asked for, and waits.
        menu.previews.want([(toy.game(GAME_ID), (160, 120))], app.ui.theme)
        assert menu.previews.wait_idle() and menu.previews._lookup
        app.scenes.pop()
        app.step()
        assert not menu.previews._held
        app.idle = 1.0
        app.step()
        settle(app)
        assert toy_card(app).preview is not None
    finally:
        app.close()


def test_closing_stops_the_worker(toy):
    app = run_menu(toy)
    previews = app.menu.previews
    assert previews._started and not previews._ended.is_set()
    app.close()
    assert previews._ended.is_set()


def test_the_cache_folder(monkeypatch, tmp_path):
    assert datadir.cache_dir() == datadir.data_dir() / "cache"  # with TAFEL_DATA_DIR, inside it
    monkeypatch.delenv("TAFEL_DATA_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert datadir.cache_dir() == tmp_path / "xdg" / "tafel"


def test_preview_position_is_a_game_under_way_and_the_same_each_time(builtin):
    game = builtin.game("ataxx")
    states, moves = preview_position(game)
    again, _ = preview_position(game)
    assert len(states) == len(moves) + 1 and 1 <= len(moves) <= 6
    assert states[-1].to_text() == again[-1].to_text() != states[0].to_text()


def test_a_game_chooses_its_preview_by_its_moves(builtin):
    """Amakta Infinit opens with an auction and the sets: its preview plays on to pieces on the
    board; a list that no longer plays falls back to random moves, and ``check`` reports it."""
    from dataclasses import replace

    from tafel.cli.conformance import check_game

    game = builtin.game("amakta-infinit")
    states, moves = preview_position(game)
    assert [states[i].move_to_text(m) for i, m in enumerate(moves)] == list(game.preview_moves)
    assert states[-1].phase == "play" and states[-1].pos.cells
    stale = replace(game, preview_moves=("bid:110", "no such move"))
    states, moves = preview_position(stale)
    assert 1 <= len(moves) <= 6 and states[0].to_text() == game.new_state(game.resolve_options(), 1).to_text()
    report = check_game(stale, games=1, max_plies=20)
    assert any("preview_moves" in line for line in report.failures), report.failures
