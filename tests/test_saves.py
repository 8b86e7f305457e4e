"""Saves, autosaves, history and statistics files: round trips, listing, and every kind of bad file."""

import json
from dataclasses import replace

import pytest

from tafel import saves, stats
from tafel.cli import main
from tafel.datadir import atomic_write
from tafel.game import Outcome
from tafel.match import Match
from tafel.registry import Registry
from tests.ui_toygame import GAME_ID, make_registry


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("saves_plugins"))


@pytest.fixture(autouse=True)
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TAFEL_DATA_DIR", str(folder))
    return folder


def toy_match(registry, texts=("b2", "a1"), players=("human", "hard"), **options):
    match = Match(registry.game(GAME_ID), options, players=list(players), seed=7)
    match.replay(list(texts))
    return match


def test_autosave_round_trip_keeps_everything(registry, data):
    match = toy_match(registry, first="o", label="hello")
    match.hints, match.undos = 2, 1
    path = saves.autosave(match)
    assert path == data / "saves" / "auto" / f"{GAME_ID}.json"
    record = json.loads(path.read_text())
    assert record["format"] == "tafel-save" and record["format_version"] == saves.FORMAT_VERSION
    assert record["game"] == GAME_ID and record["version"] == "1" and record["moves"] == ["b2", "a1"]
    loaded = saves.load(path, registry)
    assert loaded.move_texts() == ["b2", "a1"]
    assert loaded.players == ["human", "hard"] and loaded.seed == 7
    assert loaded.options == match.options and loaded.options["label"] == "hello"
    assert (loaded.id, loaded.hints, loaded.undos) == (match.id, 2, 1)
    assert loaded.state.to_text() == match.state.to_text()


def test_named_saves_listed_newest_first_and_found(registry, data):
    first = toy_match(registry)
    saves.save_named(first, "Evening game")
    second = toy_match(registry, texts=("a1",))
    saves.autosave(second)
    items = saves.list_saves()
    assert {i.label for i in items} == {"Evening game", f"autosave:{GAME_ID}"}
    assert all(i.title == "Toy Tic-Tac-Toe" for i in items)
    assert saves.find("Evening game").moves == 2
    assert saves.find("evening-game").name == "Evening game"
    assert saves.find(None).kind == saves.AUTOSAVE
    with pytest.raises(saves.SaveError, match="no save named 'nope'"):
        saves.find("nope")


def test_no_autosave_is_a_clear_error():
    with pytest.raises(saves.SaveError, match="no autosaved game"):
        saves.find(None)


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "x.json"
    for i in range(5):
        atomic_write(target, json.dumps({"i": i}))
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
    assert json.loads(target.read_text()) == {"i": 4}


def write_raw(data, name, text):
    folder = data / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": "tafel-save", "format_version": 1, "game": "tic', "bad JSON"),
        ("", "empty file"),
        ("[1, 2]", "not a Tafel save"),
        ('{"hello": 1}', "not a Tafel save"),
    ],
)
def test_damaged_files_are_moved_aside(registry, data, text, words):
    good = saves.save_named(toy_match(registry), "keep me")
    bad = write_raw(data, "broken.json", text)
    with pytest.raises(saves.SaveError) as err:
        saves.load(bad, registry)
    message = str(err.value)
    assert words in message and "moved aside to broken.json.corrupt" in message
    assert "\n" not in message
    assert not bad.exists() and (data / "saves" / "broken.json.corrupt").exists()
    assert saves.load(good, registry).move_texts() == ["b2", "a1"]  # nothing else lost


def test_listing_moves_damaged_files_aside_and_reports(registry, data):
    saves.save_named(toy_match(registry), "fine")
    write_raw(data, "half.json", '{"format": "tafel-save", "form')
    problems = []
    items = saves.list_saves(problems)
    assert [i.name for i in items] == ["fine"]
    assert len(problems) == 1 and "half.json" in problems[0] and "damaged" in problems[0]
    assert (data / "saves" / "half.json.corrupt").exists()


def test_wrong_game_version_and_unknown_game_are_unusable(registry, data):
    path = saves.save_named(toy_match(registry), "old")
    record = json.loads(path.read_text())
    record["version"] = "0"
    path.write_text(json.dumps(record))
    with pytest.raises(saves.SaveError, match="saved with Toy Tic-Tac-Toe version 0, this is version 1"):
        saves.load(path, registry)
    assert path.with_name(path.name + ".unusable").exists()

    path = saves.save_named(toy_match(registry), "other")
    empty = Registry()
    with pytest.raises(saves.SaveError, match=f"the game '{GAME_ID}' is not installed"):
        saves.load(path, empty)
    assert path.with_name(path.name + ".unusable").exists()


def test_newer_format_and_bad_moves(registry, data):
    path = saves.save_named(toy_match(registry), "future")
    record = json.loads(path.read_text())
    record["format_version"] = 99
    path.write_text(json.dumps(record))
    with pytest.raises(saves.SaveError, match="newer Tafel"):
        saves.load(path, registry)

    path = saves.save_named(toy_match(registry), "cheat")
    record = json.loads(path.read_text())
    record["moves"] = ["b2", "b2"]
    path.write_text(json.dumps(record))
    with pytest.raises(saves.SaveError, match="move 2"):
        saves.load(path, registry)
    assert path.with_name(path.name + ".corrupt").exists()


def test_missing_agent_falls_back_to_a_level(registry):
    path = saves.save_named(toy_match(registry, players=("human", "gone-agent")), "agent")
    assert saves.load(path, registry).players == ["human", "medium"]


def test_autosave_removed_only_for_its_match(registry):
    a = toy_match(registry)
    saves.autosave(a)
    b = toy_match(registry)
    assert not saves.remove_autosave(b) and saves.autosave_path(GAME_ID).exists()
    assert saves.remove_autosave(a) and not saves.autosave_path(GAME_ID).exists()


def test_history_and_result_text(registry):
    from tafel.ui.scenes.savelist import result_text

    match = toy_match(registry, texts=("a1", "b1", "a2", "b2", "a3"), players=("human", "easy"))
    assert match.state.is_over
    path = saves.archive(match)
    assert saves.archive(match) == path  # the same match keeps one entry
    [item] = saves.list_history()
    assert item.kind == saves.HISTORY and item.moves == 5
    assert result_text(item) == "Won · three in a row"
    assert saves.load(path, registry).state.outcome.winners == (0,)


def test_statistics_count_once_per_match(tmp_path):
    s = stats.Stats()
    win = Outcome.win(0, 2, "x")
    assert s.add("g", "m1", ["human", "hard"], win)
    assert not s.add("g", "m1", ["human", "hard"], win)  # counted once
    assert s.add("g", "m2", ["hard", "human"], win)  # a loss for the human
    assert s.add("g", "m3", ["human", "hard"], Outcome.draw(2, "x"))
    assert not s.add("g", "m4", ["easy", "hard"], win)  # nobody played
    line = s.lines["g"]["hard"]
    assert (line.win, line.draw, line.loss, line.games) == (1, 1, 1, 3)
    path = tmp_path / "stats.json"
    s.save(path)
    again = stats.Stats.load(path)
    assert again.lines["g"]["hard"].to_dict() == line.to_dict() and "m2" in again.seen
    path.write_text("{not json")
    assert stats.Stats.load(path).lines == {}


def test_cli_saves_and_resume(registry, data, capsys, monkeypatch):
    code = main(["saves"])
    assert code == 0 and "no saved games" in capsys.readouterr().out
    code = main(["play", "--resume"])
    assert code == 2 and "error: there is no autosaved game to resume" in capsys.readouterr().err

    # The command line loads the real plugins; save an Ataxx game to resume.
    from tafel.plugins import load_registry

    real = load_registry()
    game = real.game("ataxx")
    match = Match(game, {}, players=["human", "hard"])
    match.replay(["b6", "a2"])
    saves.autosave(match)
    saves.save_named(replace_players(match), "Duel")
    code = main(["saves"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0 and out[0].split() == ["NAME", "GAME", "MOVES", "PLAYERS", "DATE"]
    assert any(line.startswith("autosave:ataxx") and "Ataxx" in line and " 2 " in line for line in out)
    assert any(line.startswith("Duel") and "hot seat" in line for line in out)

    started = []
    monkeypatch.setattr("tafel.ui.app.run", lambda registry, **kw: started.append(kw["start"]) or 0)
    assert main(["play", "--resume"]) == 0
    assert started[-1].move_texts() == ["b6", "a2"] and started[-1].players == ["human", "hard"]
    assert main(["play", "--resume", "Duel"]) == 0
    assert started[-1].players == ["human", "human"]
    assert main(["play", "--resume", "missing"]) == 2
    assert "no save named 'missing'" in capsys.readouterr().err


def replace_players(match):
    copy = Match.from_dict(match.to_dict(), match.game)
    copy.players = ["human", "human"]
    return copy


def test_features_by_options_can_turn_undo_off(registry):
    game = replace(registry.game(GAME_ID))
    game.features = lambda options: {"no-undo"} if options["misere"] else set()
    match = Match(game, {"misere": True}, players=["human", "human"])
    match.replay(["a1"])
    assert not match.can_undo and match.undo() == 0 and match.fork(0) == 0
    normal = Match(game, {}, players=["human", "human"])
    normal.replay(["a1"])
    assert normal.can_undo
