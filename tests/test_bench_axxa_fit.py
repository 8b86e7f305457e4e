"""bench/axxa_fit.py and plugins/axxa/fitted.py: positions of played deals, a logistic fit of
the deals won on their measures, and the fitted evaluation it writes."""

import math

import pytest

from tafel.games.axxa import evaluation, fitted
from tafel.games.axxa.rules import AxxaState
from tafel.games.axxa.world import World
from tests.bench_scripts import load


def test_a_played_deal_gives_one_row_a_turn_with_its_result():
    m = load("axxa_fit")
    rows = m.record_deal(5)
    assert len(rows) > 5
    assert {len(x) for _seed, x, _won in rows} == {len(fitted.FEATURES)}
    assert len({won for _seed, _x, won in rows}) == 1
    first = rows[0][1]
    assert first[:6] == [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]  # no triplet removed yet


def test_the_fit_learns_a_result_that_a_measure_decides():
    m = load("axxa_fit")
    d = len(fitted.FEATURES)
    rows = []
    for i in range(200):
        x = [0.0] * d
        x[0] = 1.0
        x[6] = float(i // 2 % 4)  # "due on top": the deal is won when it is 2 or more
        rows.append((i, x, 1 if x[6] >= 2 else 0))
    beta = m.fit(rows, ridge=0.1)
    assert beta[6] > 1.0
    assert m.brier(rows, beta) < 0.05 < 0.25 == m.brier(rows, [0.0] * d)
    assert m.held_out(rows, 0.1) < 0.1


def test_write_puts_the_weights_into_the_table(tmp_path):
    m = load("axxa_fit")
    path = tmp_path / "fitted.py"
    path.write_text(m.FITTED_PY.read_text())
    beta = [i / 8 for i in range(len(fitted.FEATURES))]
    m.write(beta, path)
    namespace: dict = {}
    text = path.read_text().replace("from .", "from tafel.games.axxa.")
    exec(compile(text, str(path), "exec"), namespace)
    assert namespace["WEIGHTS"] == pytest.approx(tuple(beta), abs=1e-4)


def test_the_fitted_value_with_the_hand_weights_alone_is_the_hand_value(monkeypatch):
    w = World.from_state(AxxaState.deal(7))
    for frm, to in w.shifts()[:6]:
        t = w.copy()
        t.shift(frm, to, True)
        evaluation.finish_turn(t, evaluation.resolve(t))
        hand = evaluation.position_value(t, 0)
        monkeypatch.setattr(evaluation, "FITTED", True)
        monkeypatch.setattr(
            fitted, "WEIGHTS", tuple(1.0 if n == "hand value" else 0.0 for n in fitted.FEATURES)
        )
        assert evaluation.position_value(t, 0) == pytest.approx(hand)
        monkeypatch.undo()
    chance = fitted.win_chance(w)
    assert 0.0 < chance < 1.0 and math.isclose(chance, 1 / (1 + math.exp(-fitted.logit(w))))
