"""bench/axxa_screen.py: plays deals to their end under a setting, and puts the constants back."""

import pytest

from tafel.games.axxa import evaluation
from tests.bench_scripts import load


def test_a_setting_is_played_on_the_deals_and_undone(capsys):
    m = load("axxa_screen")
    before = evaluation.W_DUE_KNOWN
    m.main(["--deals", "2", "-", "W_DUE_KNOWN=0,PAY_DUE=3"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("AxxA solo screen: exact search, 1 turn(s) ahead, deals 1..2")
    assert [line.split()[0] for line in out[1:]] == ["-", "W_DUE_KNOWN=0,PAY_DUE=3"]
    assert all(" won " in line and "/2 = " in line for line in out[1:])
    assert evaluation.W_DUE_KNOWN == before


def test_a_deal_ends_with_its_triplets_and_payments():
    m = load("axxa_screen")
    triplets, paid = m.play_deal(3, m.clairvoyant, True)
    assert 0 <= triplets <= 6 and 0 < paid <= 36
    with pytest.raises(SystemExit, match="not a constant"):
        m.apply("NOPE=1")


def test_clairvoyance_for_the_moves_alone_pays_from_the_view(capsys):
    m = load("axxa_screen")
    m.main(["--deals", "1", "--clairvoyant", "moves", "-"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("AxxA solo screen: knowing every piece (moves), deals 1..1")
    assert " won " in out[1]
