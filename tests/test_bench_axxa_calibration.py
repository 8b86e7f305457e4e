"""bench/axxa_calibration.py: fitting a solver run's decisions, and ``--one`` writing one map."""

import ast
import json

from tafel.games.axxa import calibration
from tests.bench_scripts import ROOT, load


def run_log(path, deals: int = 40) -> None:
    """A made-up bench/axxa_solver.py --log: high values mostly won, low ones lost."""
    lines = []
    for seed in range(1, deals + 1):
        won = seed % 5 != 0
        values = [0.95, 0.9, 0.97] if won else [0.7, 0.55, 0.4]
        decisions = [[v, t, 2 * t] for t, v in enumerate(values)]
        lines.append(json.dumps({"seed": seed, "triplets": 6 if won else 2, "decisions": decisions}))
    path.write_text("\n".join(lines) + "\n")


def test_one_map_is_written_under_every_key(tmp_path, monkeypatch, capsys):
    m = load("axxa_calibration")
    target = tmp_path / "calibration.py"
    target.write_text((ROOT / "plugins" / "axxa" / "calibration.py").read_text())
    monkeypatch.setattr(m, "TARGET", target)
    monkeypatch.setattr(m, "ROOT", tmp_path)
    # The bench sets the plugin's cuts while it fits: keep them to this test.
    monkeypatch.setattr(calibration, "PAID_CUT", dict(calibration.PAID_CUT))
    log = tmp_path / "run.jsonl"
    run_log(log)
    m.main(["--load", str(log), "--movetime", "1", "--one", "--min-bin", "5", "--write"])
    out = capsys.readouterr().out
    assert "32 won, 120 decisions" in out and "(fitted: one mapping)" in out and "Brier score" in out
    text = target.read_text()
    assert "deals 1-40, 32 won, 120 decisions, one mapping for every position." in " ".join(text.split())
    namespace: dict = {}
    exec(compile(ast.parse(text), str(target), "exec"), namespace)
    knots = namespace["KNOTS"]
    assert sorted(knots) == list(range(12)) and all(knots[k] == knots[0] for k in knots)
    chances = [c for _v, c in knots[0]]
    assert chances == sorted(chances) and chances[0] == 0.0 and chances[-1] == 1.0
