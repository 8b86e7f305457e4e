"""AxxA solo records: per deal and overall, kept in a JSON file written atomically."""

import json
import random

import pygame

from tafel import Limit

# solo_records, not records: the submodule tafel.games.axxa.records shadows that name once imported.
from tafel.games.axxa import GAME, features, on_finished
from tafel.games.axxa import solo_records as records
from tafel.games.axxa.records import RecordSheet, SoloResult, record_game, records_path, variant_key
from tafel.games.axxa.solver import AxxaSolver
from tafel.match import Match, StartRequest


def test_records_live_in_the_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))
    assert records_path() == tmp_path / "data" / "axxa-records.json"


def test_best_figures_per_deal_and_overall():
    sheet = RecordSheet()
    assert sheet.add(SoloResult(seed=7, triplets=3, paid=20, undos=1)) == [
        "deal 7: best result 3 of 6 triplets",
        "overall: best result 3 of 6 triplets",
    ]
    assert sheet.add(SoloResult(seed=7, triplets=2, paid=9, undos=0)) == []  # worse, and not solved
    news = sheet.add(SoloResult(seed=7, triplets=6, paid=18, undos=4))
    assert "deal 7: best result solved" in news and "deal 7: fewest pieces paid 18" in news
    news = sheet.add(SoloResult(seed=7, triplets=6, paid=15, undos=5))
    assert news == [
        "deal 7: fewest pieces paid 15",
        "overall: fewest pieces paid 15",
        "solo play: best streak 2 wins in a row",
    ]
    sheet.add(SoloResult(seed=8, triplets=6, paid=17, undos=0))
    deal7, deal8, overall = sheet.deal(7), sheet.deal(8), sheet.overall()
    assert (deal7.played, deal7.won, deal7.best, deal7.fewest_paid, deal7.fewest_undos) == (4, 2, 6, 15, 4)
    assert (deal8.played, deal8.won, deal8.fewest_undos) == (1, 1, 0)
    assert (overall.played, overall.won, overall.fewest_paid, overall.fewest_undos) == (5, 3, 15, 0)
    assert sheet.deal(999).played == 0


def test_variants_keep_separate_records():
    sheet = RecordSheet()
    sheet.add(SoloResult(seed=1, triplets=6, paid=10), variant_key({"triplets": "straight"}))
    assert sheet.overall().played == 0
    assert sheet.overall("straight/mandatory").won == 1
    assert variant_key({}) == "chain/mandatory"


def test_saved_between_runs_atomically(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    assert record_game(SoloResult(seed=3, triplets=6, paid=14, undos=2)) == [
        "deal 3: best result solved",
        "deal 3: fewest pieces paid 14",
        "deal 3: fewest undos 2",
        "overall: best result solved",
        "overall: fewest pieces paid 14",
        "overall: fewest undos 2",
    ]
    record_game(SoloResult(seed=3, triplets=4, paid=20, undos=0))
    again = RecordSheet.load()
    assert again.deal(3).played == 2 and again.deal(3).fewest_paid == 14
    assert [p.name for p in tmp_path.iterdir()] == ["axxa-records.json"]  # no temporary file left
    data = json.loads((tmp_path / "axxa-records.json").read_text())
    assert data["version"] == 1 and data["variants"]["chain/mandatory"]["deals"]["3"]["won"] == 1
    lines = again.lines()
    assert lines[0].startswith("Overall: 2 played, 1 solved") and lines[1].startswith("Deal 3:")


def test_damaged_file_is_kept_aside_and_a_fresh_sheet_starts(tmp_path):
    path = tmp_path / "axxa-records.json"
    path.write_text("{not json")
    sheet = RecordSheet.load(path)
    assert sheet.overall().played == 0 and "damaged" in sheet.problem
    assert (tmp_path / "axxa-records.json.corrupt").read_text() == "{not json"  # nothing lost
    path.write_text(json.dumps({"version": 1, "variants": {"chain/mandatory": {"overall": {"played": "x"}}}}))
    sheet = RecordSheet.load(path)
    assert sheet.overall().played == 0
    sheet.add(SoloResult(seed=1, triplets=1, paid=30))
    sheet.save()
    assert RecordSheet.load(path).overall().played == 1
    assert RecordSheet.load(tmp_path / "missing.json").lines() == ["No solo games played yet."]


def test_records_command(tmp_path, monkeypatch, capsys):
    from tafel.cli import main

    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    record_game(SoloResult(seed=9, triplets=2, paid=25))
    assert main(["axxa-records"]) == 0
    out = capsys.readouterr().out
    assert "Overall: 1 played, 0 solved, best 2 of 6 triplets" in out and "Deal 9:" in out


def finished_solo_game(seed: int = 31) -> Match:
    """A solo match of deal ``seed`` played to its end by the quick solver (as a person would)."""
    match = Match(GAME, {"seed": seed}, players=["human"])
    agent, rng = AxxaSolver("easy"), random.Random(seed)
    while match.state.outcome is None:
        # The sample count ends each search, never the clock: the same game on a loaded machine.
        match.play(agent.choose(match.state.view_for(0), Limit(time=60.0, nodes=2), rng))
    return match


def test_a_finished_solo_game_is_recorded_with_its_undos(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    match = finished_solo_game()
    match.undos = 3
    news = on_finished(match.finished())
    assert news and all(line.startswith("New record, ") for line in news)
    assert news[0].startswith("New record, deal 31: ")
    rec = RecordSheet.load().deal(31)
    state = match.state
    assert rec.played == 1 and rec.best == state.triplets
    if state.triplets == 6:
        assert rec.fewest_undos == 3 and rec.fewest_paid == len(state.paid)
    # The same match ending again (taken back and played on) is still one game played.
    assert on_finished(match.finished()) == []
    assert RecordSheet.load().deal(31).played == 1
    # Another game of the deal with the same result sets nothing new; the table lists the deal
    # and the overall line.
    assert on_finished(finished_solo_game().finished()) == []
    table = records()
    assert [row[0] for row in table.rows] == ["All deals", "Deal 31"]
    assert table.rows[1][1] == "any chain" and table.rows[1][3] == "2"  # after the difficulty
    assert len(table.columns) == len(table.rows[0])


def test_only_solo_games_people_played_are_recorded(tmp_path, monkeypatch):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    match = finished_solo_game()
    match.players = ["hard"]  # watching the solver play
    assert on_finished(match.finished()) == []
    comp = Match(GAME, {"mode": "competitive", "seed": 5}, players=["human", "human"])
    assert on_finished(comp.finished()) == []
    assert not records_path().exists()
    assert records().rows == () and "No solo games" in records().empty


def test_competitive_game_has_no_undo_the_puzzle_has():
    assert features(GAME.resolve_options({"mode": "competitive"})) == {"no-undo"}
    comp = Match(GAME, {"mode": "competitive", "seed": 5}, players=["human", "human"])
    comp.play(comp.state.legal_moves()[0])
    assert not comp.undo_allowed and not comp.can_undo
    solo = Match(GAME, {"seed": 5}, players=["human"])
    solo.play(solo.state.legal_moves()[0])
    assert solo.undo_allowed and solo.can_undo


def test_records_on_the_game_over_card_and_screens(registry, tmp_path, monkeypatch):
    """The game-over card names the new records; its Records button, the setup screen's and the
    statistics screen's open the same table."""
    from tafel.ui.app import App
    from tafel.ui.scenes.gameover import GameOverScene
    from tafel.ui.scenes.play import PlayScene
    from tafel.ui.scenes.records import RecordsScene
    from tafel.ui.scenes.setup import SetupScene
    from tafel.ui.scenes.statistics import StatsScene
    from tests.ui_toygame import click, run_until

    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    done = finished_solo_game()
    request = StartRequest(
        game_id="axxa", options={"seed": 31}, players=["human"], moves=done.move_texts()[:-1]
    )
    app = App(registry, windowed=True, size=(1280, 800), start=request, strict=True)
    try:
        app.step()
        play = app.scenes.top
        assert isinstance(play, PlayScene) and play.match.state.outcome is None
        play.play_move(done.moves[-1])
        assert run_until(app, lambda: isinstance(app.scenes.top, GameOverScene), frames=400, dt=0.1)
        card = app.scenes.top
        assert any(line.startswith("New record, deal 31: ") for line in card.lines)
        button = next(b for b in card.buttons if b.key == "records")
        app.step()
        app.step(events=click(button.rect.center))
        assert isinstance(app.scenes.top, RecordsScene)
        shown = app.scenes.top
        assert [row.columns[0] for row in shown.items] == ["All deals", "Deal 31"]
        app.step(
            events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)]
        )
        assert app.scenes.top is card
        setup = SetupScene(app, GAME)
        assert any(b.key == "records" for b in setup.buttons)
        setup.show_records()
        assert isinstance(app.scenes.top, RecordsScene)
        app.scenes.top.back()
        stats_scene = StatsScene(app)
        assert any(b.key == "records:axxa" for b in stats_scene.extra_buttons)
        assert not app.errors
    finally:
        app.close()


def test_a_games_own_seed_option_is_the_seed_row(registry):
    """A random-setup game with an int option ``seed`` (AxxA's "Deal") gets one row for both, and
    the seed chosen there reaches the option; Play again deals anew, Same setup again does not."""
    from tafel.ui.app import App
    from tafel.ui.scenes.setup import SetupScene

    app = App(registry, windowed=True, size=(1280, 800))
    try:
        game = registry.game("axxa")
        setup = SetupScene(app, game)
        labels = [row.label for row in setup.rows]
        assert labels.count("Deal") == 1 and "Random setup (seed)" not in labels
        setup._set_seed(4242)
        setup.start()
        play = app.scenes.top
        assert play.match.options["seed"] == 4242 and play.match.state.seed == 4242
        again = play.match.restarted(new_seed=True)
        assert again.options["seed"] == again.seed != 4242 and again.state.seed == again.seed
        same = play.match.restarted(new_seed=False)
        assert same.state.seed == 4242
    finally:
        app.close()
