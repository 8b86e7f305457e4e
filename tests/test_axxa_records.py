"""AxxA solo records: per deal and overall, kept in a JSON file written atomically."""

import json

from plugins.axxa import records
from plugins.axxa.records import RecordSheet, SoloResult, data_dir, record_game, records_path, variant_key


def test_data_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "data"))
    assert data_dir() == tmp_path / "data"
    assert records_path() == tmp_path / "data" / "axxa-records.json"
    monkeypatch.delenv("TAFEL_DATA_DIR")
    monkeypatch.setattr(records.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "tafel"


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
    assert news == ["deal 7: fewest pieces paid 15", "overall: fewest pieces paid 15"]
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


def test_damaged_file_starts_a_fresh_sheet(tmp_path):
    path = tmp_path / "axxa-records.json"
    path.write_text("{not json")
    assert RecordSheet.load(path).overall().played == 0
    path.write_text(json.dumps({"version": 1, "variants": {"chain/mandatory": {"overall": {"played": "x"}}}}))
    sheet = RecordSheet.load(path)
    assert sheet.overall().played == 0
    sheet.add(SoloResult(seed=1, triplets=1, paid=30))
    sheet.save()
    assert RecordSheet.load(path).overall().played == 1
    assert RecordSheet.load(tmp_path / "missing.json").lines() == ["No solo games played yet."]


def test_records_command(tmp_path, monkeypatch, capsys):
    from core.cli import main

    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path))
    record_game(SoloResult(seed=9, triplets=2, paid=25))
    assert main(["axxa-records"]) == 0
    out = capsys.readouterr().out
    assert "Overall: 1 played, 0 solved, best 2 of 6 triplets" in out and "Deal 9:" in out
