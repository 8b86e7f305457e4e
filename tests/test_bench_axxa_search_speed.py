"""bench/axxa_search_speed.py: the hard level's decisions saved, and a change to them caught."""

from tests.bench_scripts import load
from tests.test_axxa_rules import position


def small_positions(_deals):
    return [position({"b2": "[22]1", "c2": "[3]1", "e5": "[41]4", "g4": "[5]6", "c7": "2"})]


def test_the_same_decisions_pass_and_a_changed_one_is_caught(tmp_path, monkeypatch, capsys):
    m = load("axxa_search_speed")
    monkeypatch.setattr(m, "positions", small_positions)
    saved = tmp_path / "before.txt"
    assert m.main(["--save", str(saved)]) == 0
    assert m.main(["--compare", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "1 positions in" in out and "the same decisions and values" in out
    move, value = saved.read_text().split()
    saved.write_text(f"{move} {float(value) + 0.5}\n")
    assert m.main(["--compare", str(saved)]) == 1
    assert "decisions changed at positions [0]" in capsys.readouterr().out
