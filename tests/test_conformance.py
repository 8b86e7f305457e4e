"""Every registered game passes the shared conformance suite (core/conformance.py)."""

import pytest

from tafel.cli.conformance import check_game
from tafel.plugins import load_registry

REGISTRY = load_registry()
GAME_IDS = sorted(REGISTRY.games)


def test_no_builtin_plugin_is_broken():
    assert REGISTRY.broken == [], [f"{b.name}: {b.error}" for b in REGISTRY.broken]


def test_builtin_games_present():
    assert "ataxx" in GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_conformance_default_options(game_id):
    game = REGISTRY.game(game_id)
    report = check_game(game, games=2, max_plies=300, deep_every=3)
    assert report.ok, "\n".join(report.lines())
    assert report.plies > 0


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_conformance_every_choice_option(game_id):
    """Each value of each choice/bool option starts a game that passes a short check."""
    game = REGISTRY.game(game_id)
    for opt in game.options:
        values = (
            [v for v, _ in opt.choices]
            if opt.kind == "choice"
            else [True, False]
            if opt.kind == "bool"
            else []
        )
        for value in values:
            report = check_game(game, {opt.key: value}, games=1, max_plies=40, deep_every=5)
            assert report.ok, f"{opt.key}={value}\n" + "\n".join(report.lines())
