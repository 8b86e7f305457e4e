"""Files a careless or hostile user left in the data folder (issue 16): deeply nested JSON, dates past
year 9999, FIFOs, links to /dev/zero, huge files, byte-order marks, escape codes in names, stale
temporary files; save names that must not share a file; numbers on the command line."""

import json
import os
import threading
import time

import pygame
import pytest

from tafel import datadir, saves, stats
from tafel.cli import main
from tafel.match import Match
from tafel.settings import Settings, settings_path
from tests.ui_toygame import GAME_ID, FakeWorker, click, make_registry, run_until

DEEP = "[" * 100000
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and /dev/zero are POSIX")


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("hardening_plugins"))


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TAFEL_DATA_DIR", str(folder))
    return folder


def toy_match(registry, texts=("b2", "a1"), players=("human", "hard")):
    match = Match(registry.game(GAME_ID), {}, players=list(players), seed=7)
    match.replay(list(texts))
    return match


def named_saves():
    return [i for i in saves.list_saves() if i.kind == saves.NAMED]


def saves_folder(data, auto=False):
    folder = data / "saves" / "auto" if auto else data / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def finishes(fn, seconds=20.0):
    """Run ``fn`` in a thread: (finished in time, result). A hang fails the test instead of the run."""
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("result", fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    return not thread.is_alive(), out.get("result")


def ataxx_autosave(real_registry):
    match = Match(real_registry.game("ataxx"), {}, players=["human", "hard"])
    match.replay(["b6", "a2"])
    return saves.autosave(match)


# --- 6: nested JSON, huge dates, FIFOs, /dev/zero, large files -------------------------------------


def test_deeply_nested_json_everywhere_is_moved_aside(registry, data, capsys):
    named = saves_folder(data) / "deep.json"
    auto = saves_folder(data, auto=True) / "ataxx.json"
    for path in (named, auto, data / "settings.json", data / "stats.json"):
        path.write_text(DEEP)
    # `saves` lists nothing, with one warning per file, and moves both aside.
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    assert "no saved games" in out
    lines = err.splitlines()
    assert len(lines) == 2 and all("JSON nested too deeply" in line for line in lines)
    assert (named.parent / "deep.json.corrupt").exists() and (auto.parent / "ataxx.json.corrupt").exists()
    # Settings and statistics: defaults, the file moved aside, one line.
    assert Settings.load() == Settings()
    assert stats.Stats.load().lines == {}
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all("nested too deeply" in line and "moved aside" in line for line in err)
    assert (data / "settings.json.corrupt").exists() and (data / "stats.json.corrupt").exists()
    assert not (data / "settings.json").exists()


def test_deeply_nested_autosave_play_resume_one_line(data, capsys):
    (saves_folder(data, auto=True) / "ataxx.json").write_text(DEEP)
    assert main(["play", "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: there is no autosaved game to resume")
    assert "nested too deeply" in err and "moved aside to ataxx.json.corrupt" in err


def test_nesting_under_the_recursion_limit_is_refused_too(registry, data):
    record = saves.record(toy_match(registry))
    record["options"] = {"x": json.loads("[" * 500 + "]" * 500)}
    path = saves_folder(data) / "nested.json"
    path.write_text(json.dumps(record))
    with pytest.raises(saves.SaveError, match="nested too deeply"):
        saves.load(path, registry)


def test_arcade_starts_over_damaged_settings_stats_and_autosave(registry, data):
    from tafel.ui.app import App
    from tafel.ui.scenes.menu import MenuScene

    data.mkdir(parents=True)
    (data / "settings.json").write_text(DEEP)
    (data / "stats.json").write_text(DEEP)
    (saves_folder(data, auto=True) / f"{GAME_ID}.json").write_text(DEEP)
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    try:
        app.step()
        assert isinstance(app.scenes.top, MenuScene) and app.scenes.top.continue_card is None
        assert any("nested too deeply" in n[0] for n in app.notices)
        from tafel.ui.scenes.statistics import StatsScene

        app.push(StatsScene(app))
        app.step()
    finally:
        app.close()


def test_date_past_year_9999_lists_and_draws(registry, data, monkeypatch, capsys):
    path = saves.save_named(toy_match(registry), "far future")
    record = json.loads(path.read_text())
    record["saved_at"] = "9999-12-31T23:59:59-14:00"
    path.write_text(json.dumps(record))
    other = saves.save_named(toy_match(registry), "last day")
    record["saved_at"], record["name"] = "9999-12-31T23:59:59+00:00", "last day"
    other.write_text(json.dumps(record))
    monkeypatch.setenv("TZ", "Pacific/Kiritimati")  # UTC+14: the last day of 9999 overflows here
    time.tzset()
    try:
        items = saves.list_saves()
        assert {i.name for i in items} == {"far future", "last day"}
        texts = {i.name: i.date_text for i in items}
        assert texts["far future"] == "?" and texts["last day"].startswith("9999-12-31")
        assert main(["saves"]) == 0 and "far future" in capsys.readouterr().out
        # The menu's Continue card draws the date of an autosave from the far future.
        auto = saves.autosave(toy_match(registry))
        auto.write_text(json.dumps({**json.loads(auto.read_text()), "saved_at": "9999-12-31T23:59:59Z"}))
        from tafel.ui.app import App

        app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
        try:
            app.step()
            assert app.scenes.top.continue_card is not None
        finally:
            app.close()
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


@posix_only
def test_fifo_named_like_a_save_or_settings_does_not_hang(registry, data, capsys):
    saves.save_named(toy_match(registry), "good")
    os.mkfifo(saves_folder(data) / "x.json")
    os.mkfifo(saves_folder(data, auto=True) / "ataxx.json")
    done, code = finishes(lambda: main(["saves"]))
    assert done and code == 0
    out, err = capsys.readouterr()
    assert "good" in out and err.count("not a regular file") == 2
    assert (data / "saves" / "x.json.corrupt").exists()
    os.mkfifo(settings_path())
    os.mkfifo(data / "stats.json")
    done, loaded = finishes(Settings.load)
    assert done and loaded == Settings()
    done, counted = finishes(stats.Stats.load)
    assert done and counted.lines == {}
    assert (data / "settings.json.corrupt").exists() and (data / "stats.json.corrupt").exists()


@posix_only
def test_link_to_dev_zero_is_refused_without_reading(registry, data, capsys):
    os.symlink("/dev/zero", saves_folder(data) / "zero.json")
    os.symlink("/dev/zero", saves_folder(data, auto=True) / "ataxx.json")
    data.mkdir(exist_ok=True)
    os.symlink("/dev/zero", data / "settings.json")
    os.symlink("/dev/zero", data / "stats.json")
    done, items = finishes(saves.list_saves)
    assert done and items == []
    assert Settings.load() == Settings() and stats.Stats.load().lines == {}
    assert "not a regular file" in capsys.readouterr().err
    assert os.path.islink(data / "saves" / "zero.json.corrupt")  # the link moved, not /dev/zero
    assert os.path.exists("/dev/zero")


@posix_only
def test_fifo_as_the_user_dirs_file_does_not_hang_screenshots(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_PICTURES_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    os.mkfifo(tmp_path / "user-dirs.dirs")
    done, found = finishes(datadir._xdg_pictures)
    assert done and found is None
    (tmp_path / "user-dirs.dirs").unlink()
    (tmp_path / "user-dirs.dirs").write_text('XDG_PICTURES_DIR="$HOME/Bilder"\n')
    assert datadir._xdg_pictures().name == "Bilder"


def test_huge_file_and_a_folder_named_like_a_save(registry, data, capsys):
    big = saves_folder(data) / "big.json"
    with open(big, "wb") as f:
        f.truncate(saves.MAX_SAVE_BYTES + 1)  # sparse: no disk used
    (saves_folder(data) / "folder.json").mkdir()
    problems = []
    assert saves.list_saves(problems) == []
    assert any("big.json is damaged (too large" in p for p in problems)
    assert any("folder.json is damaged (not a regular file)" in p for p in problems)
    with pytest.raises(datadir.FileProblem, match="too large"):
        datadir.read_bytes(data / "saves" / "big.json.corrupt", limit=1000)


def test_settings_file_of_the_wrong_shape_is_moved_aside(data, capsys):
    data.mkdir()
    settings_path().write_text("[1, 2]")
    assert Settings.load() == Settings()
    assert "not a JSON object" in capsys.readouterr().err
    assert (data / "settings.json.corrupt").exists()
    settings_path().write_text(json.dumps({"music_volume": float("nan"), "mute": True}))
    loaded = Settings.load()
    assert loaded.mute and loaded.music_volume == Settings().music_volume
    huge = "1" + "0" * 400
    settings_path().write_text(f'{{"music_volume": {huge}, "effects_volume": -{huge}, "ui_scale": 1e999}}')
    loaded = Settings.load()
    assert (loaded.music_volume, loaded.effects_volume, loaded.ui_scale) == (1.0, 0.0, 1.0)


def test_load_json_file_for_plugin_records(tmp_path):
    path = tmp_path / "records.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"variants": {}}).encode())
    assert datadir.load_json_file(path, "records file") == ({"variants": {}}, None)
    path.write_bytes(b"\xff\xfe")
    data, problem = datadir.load_json_file(path, "records file")
    assert data is None and problem == (
        "records file records.json is damaged (not UTF-8 text); moved aside to records.json.corrupt"
    )


# --- 7: distinct names, distinct files; asking before a save is replaced ----------------------------


@pytest.mark.parametrize(
    "names", [("Игра", "Матч", "对局"), ("Game #1", "game 1", "GAME_1"), ("a/b", "a\\b", "a:b", "CON")]
)
def test_distinct_names_get_distinct_files(registry, data, names):
    paths = []
    for i, name in enumerate(names):
        paths.append(saves.save_named(toy_match(registry, texts=("a1", "b1", "c1", "a2")[: i + 1]), name))
    assert len(set(paths)) == len(names) and all(p.parent == data / "saves" for p in paths)
    for i, name in enumerate(names):
        item = saves.find(name)
        assert item.name == name and item.moves == i + 1
        assert json.loads(item.path.read_text())["name"] == name  # the name lives in the file


def test_same_name_replaces_its_own_file_and_can_be_refused(registry, data):
    first = saves.save_named(toy_match(registry), "Duel")
    again = saves.save_named(toy_match(registry, texts=("a1",)), "  Duel ")
    assert again == first and len(list((data / "saves").glob("*.json"))) == 1
    assert saves.find("Duel").moves == 1
    with pytest.raises(saves.SaveExists):
        saves.save_named(toy_match(registry), "Duel", replace=False)
    assert saves.find("Duel").moves == 1


def test_a_save_from_an_older_tafel_is_found_and_replaced_in_place(registry, data):
    legacy = saves_folder(data) / "game-1.json"
    legacy.write_text(json.dumps(saves.record(toy_match(registry), name="Game #1")))
    assert saves.find("game-1").name == "Game #1" and saves.find("Game #1").path == legacy
    assert saves.save_named(toy_match(registry, texts=("a1",)), "Game #1") == legacy
    other = saves.save_named(toy_match(registry), "game 1")
    assert other != legacy and saves.find("Game #1").moves == 1


def test_a_key_taken_by_another_name_gets_a_numbered_file(registry, data):
    taken = saves.named_path("mine")
    taken.parent.mkdir(parents=True)
    taken.write_text(json.dumps(saves.record(toy_match(registry), name="someone else")))
    path = saves.save_named(toy_match(registry), "mine")
    assert path != taken and path.name == taken.stem + "-2.json"
    assert saves.find("someone else").path == taken and saves.find("mine").path == path


def test_two_unnamed_saves_in_the_same_minute_do_not_collide(registry, data):
    match = toy_match(registry)
    first = saves.default_name(match)
    saves.save_named(match, first)
    second = saves.default_name(match)
    assert second != first and second.endswith("(2)")
    saves.save_named(match, second)
    assert len(saves.list_saves()) == 2


def _open_save_dialog(app, registry):
    from tafel.ui.scenes.pause import PauseScene
    from tafel.ui.scenes.savelist import SaveNameScene

    play = app.start_match(toy_match(registry, players=("human", "human")))
    app.step()
    assert run_until(app, lambda: play.interactive)
    app.push(PauseScene(app, play))
    app.step()
    pause = app.scenes.top
    save = next(b for b in pause.buttons if b.key == "save")
    app.step(events=click(save.rect.center))
    dialog = app.scenes.top
    assert isinstance(dialog, SaveNameScene)
    return play, dialog


def _type(app, dialog, text):
    dialog.name = ""
    app.step(events=[pygame.event.Event(pygame.TEXTINPUT, text=text)])
    app.step()
    button = next(b for b in dialog.buttons if b.key == "save")
    app.step(events=click(button.rect.center))
    app.step()


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_pause_menu_asks_before_replacing_a_save(registry, data, answer):
    from tafel.ui.app import App
    from tafel.ui.scenes.dialog import ConfirmScene

    saves.save_named(toy_match(registry, texts=("c3",)), "Evening")
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    try:
        play, dialog = _open_save_dialog(app, registry)
        _type(app, dialog, "Evening")
        confirm = app.scenes.top
        assert isinstance(confirm, ConfirmScene) and "Evening" in confirm.lines[0]
        assert saves.find("Evening").moves == 1  # nothing written before the answer
        button = next(b for b in confirm.buttons if b.key == answer)
        app.step(events=click(button.rect.center))
        app.step()
        assert saves.find("Evening").moves == (2 if answer == "yes" else 1)
        assert len(named_saves()) == 1
        # A new name is saved at once, without a question.
        if answer == "no":
            _type(app, dialog, "Morning")
        else:
            play2, dialog = _open_save_dialog(app, registry)
            _type(app, dialog, "Morning")
        assert not isinstance(app.scenes.top, ConfirmScene)
        assert {i.name for i in named_saves()} == {"Evening", "Morning"}
    finally:
        app.close()


# --- 10: escape codes, byte-order marks, stale temporary files, one line for a damaged save --------


def test_saves_prints_no_escape_codes(registry, data, capsys):
    evil = "\x1b]0;pwned\x07\x1b[2J\x9bX\u202eevil\nname"
    saves.save_named(toy_match(registry, players=("human", "\x1b[31mred")), evil)
    bad = saves_folder(data) / "\x1b[5mblink.json"
    bad.write_text("{")
    assert main(["saves"]) == 0
    out, err = capsys.readouterr()
    for text in (out, err):
        assert "\x1b" not in text and "\x07" not in text and "\x9b" not in text and "\u202e" not in text
    assert "\\x1b]0;pwned" in out and len(out.splitlines()) == 2
    assert err.count("\n") == 1 and "\\x1b[5mblink.json is damaged" in err


def test_byte_order_mark_is_fine(registry, data):
    path = saves.save_named(toy_match(registry), "notepad")
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes().replace(b"\n", b"\r\n"))
    assert [i.name for i in saves.list_saves()] == ["notepad"]
    assert saves.load(path, registry).move_texts() == ["b2", "a1"]
    settings_path().write_bytes(b"\xef\xbb\xbf" + json.dumps({"mute": True}).encode())
    assert Settings.load().mute


def test_stale_temporary_files_are_removed(registry, data):
    saves.save_named(toy_match(registry), "keep")
    auto = saves.autosave(toy_match(registry))
    old = time.time() - 2 * datadir.STALE_TEMP_AGE
    stale = [
        saves_folder(data) / ".keep.json.ab12cd_3.tmp",
        auto.parent / f".{auto.name}.x9y8z7w6.tmp",
        data / ".settings.json.qwerty12.tmp",
        data / "history" / ".toy-1.json.abcdefgh.tmp",
    ]
    fresh = saves_folder(data) / ".other.json.fresh123.tmp"  # a write in progress elsewhere
    unrelated = saves_folder(data) / "notes.tmp"
    for path in (*stale, fresh, unrelated):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{")
    for path in stale:
        os.utime(path, (old, old))
    os.utime(unrelated, (old, old))
    saves.list_saves()
    saves.list_history()
    Settings.load()
    assert not any(p.exists() for p in stale)
    assert fresh.exists() and unrelated.exists()


def test_resume_of_a_damaged_named_save_prints_one_line(registry, data, capsys, monkeypatch):
    path = saves.save_named(toy_match(registry), "broken")
    path.write_text('{"format": "tafel-save", "form')
    monkeypatch.setattr("tafel.ui.app.run", lambda registry, **kw: 0)
    assert main(["play", "--resume", "broken"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith(f"error: save {path.name} is damaged (bad JSON") and "moved aside" in err
    # A name nobody saved still says so, in one line, after other saves' problems.
    legacy = saves_folder(data) / "old.json"
    legacy.write_text("")
    assert main(["play", "--resume", "old"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "old.json is damaged (empty file)" in err


def test_ambiguous_simple_name_asks_for_the_whole_name(registry, data):
    saves.save_named(toy_match(registry), "Game #1")
    saves.save_named(toy_match(registry), "GAME_1")
    with pytest.raises(saves.SaveError, match="could mean several saves"):
        saves.find("game-1")
    assert saves.find("game #1").name == "Game #1"  # case aside, one match


# --- 1: numbers on the command line; 10: an empty --position ---------------------------------------

BAD_NUMBERS = [
    *(
        ["arena", "ataxx", "random", "random", "--movetime", v]
        for v in ("inf", "nan", "1e308", "-1", "0", "-inf")
    ),
    *(
        ["arena", "ataxx", "random", "random", "--movetime", v]
        for v in ("1e999", "0x10", "", "Infinity", "1,5")
    ),
    *(
        ["arena", "ataxx", "random", "random", "--games", v]
        for v in ("0", "-1", "1e3", "inf", "1.5", "9" * 5000)
    ),
    *(["arena", "ataxx", "random", "random", "--seed", v] for v in ("-1", "0", "1e308", "nan", str(2**63))),
    *(["perft", "ataxx", v] for v in ("0", "-1", "inf", "1e308", "65", "٣")),
    *(["show", "ataxx", "--seed", v] for v in ("nan", "-5", "1_000", "²")),
    ["play", "ataxx", "--seed", "inf"],
    ["check", "ataxx", "--games", "0"],
    ["check", "ataxx", "--plies", "inf"],
    ["check", "--seed", "-5"],
    ["--size", "1e3x720"],
    ["--size", "٣٠٠x720"],
    ["show", "ataxx", "--position", ""],
    ["show", "ataxx", "--position", "   "],
    ["play", "ataxx", "--position", ""],
    ["perft", "ataxx", "2", "--position", ""],
]


@pytest.mark.parametrize("argv", BAD_NUMBERS, ids=lambda a: " ".join(a)[:60])
def test_bad_numbers_and_empty_position_one_error_line_exit_2(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert err.startswith("error: argument ") and err.count("\n") == 1, err
    assert ("must" in err or "expected one argument" in err) and "usage:" not in err and out == ""


def test_good_numbers_still_parse(monkeypatch):
    from tafel.cli import build_parser
    from tafel.registry import Registry

    parser = build_parser(Registry())
    args = parser.parse_args(
        ["arena", "ataxx", "a", "b", "--movetime", "0.5", "--games", "+3", "--seed", " 7"]
    )
    assert (args.movetime, args.games, args.seed) == (0.5, 3, 7)
    assert parser.parse_args(["perft", "ataxx", "64"]).depth == 64
    assert parser.parse_args(["show", "ataxx", "--position", "x5o/7/7/7/7/7/o5x x 0 1"]).position
    assert parser.parse_args(["--size", "1280x720"]).size == (1280, 720)


def test_plugin_command_numbers_use_the_same_helper(capsys):
    import argparse

    from tafel import whole_number
    from tafel.cli import OneLineParser

    parser = OneLineParser(prog="x")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("records")
    p.add_argument("--limit", type=whole_number(1, 10))
    assert isinstance(p, OneLineParser) and isinstance(p, argparse.ArgumentParser)
    with pytest.raises(SystemExit) as exc:
        parser.parse_args(["records", "--limit", "nan"])
    assert exc.value.code == 2
    assert capsys.readouterr().err == "error: argument --limit: must be a whole number, got 'nan'\n"
