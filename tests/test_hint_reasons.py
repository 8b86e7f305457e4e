"""Every game's hint says why (issue 38): the hard agent of Ataxx, Atoll, Amakta, Amakta Infinit
and AxxA gives a reason with its move, written in English in the AI's process from one of the
game's ``reasons`` and shown in German whole (the template's words, the values put back)."""

from __future__ import annotations

import random
import re

import pytest

from tafel.ai.base import Limit
from tafel.i18n import language
from tafel.testing import load_registry
from tafel.ui.scenes.play.hint import hint_text

#: A few moves into each game (its notation), so that the hint has something to weigh.
OPENINGS = {
    "ataxx": "g2 a2 f3 b3",
    "atoll": "f6 e5 g7",
    "amakta": "circles:none colour:white place:1:e1:r0 place:1:e9:r0",
    "amakta-infinit": "bid:20 accept create:bg.b.-.r.-.b create:g.g.g.-.-.-:damage create:r.-.b.-.b.- "
    "create:b.-.b.-.-.-:damage create:br.-.-.-.-.- create:g.-.-.-.-.-:damage close close "
    "place:2:0,0:r0 place:2:6,0:r0",
    "axxa": "",
    "amakta-infinit:auction": "",
    "amakta-infinit:creation": "bid:20 accept",
}
LIMITS = {"ataxx": Limit(depth=2), "atoll": Limit(nodes=300), "axxa": Limit(nodes=200)}


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def hinted(registry, case: str):
    game_id = case.split(":")[0]
    game = registry.game(game_id)
    options = game.resolve_options({})
    state = game.new_state(options, 5)
    for text in OPENINGS[case].split():
        state = state.play(state.parse_move(text))
    agent = registry.agent("hard", game_id).factory(game)
    move = agent.choose(state, LIMITS.get(game_id, Limit(time=0.1)), random.Random(1))
    return game, state, move, dict(agent.info)


@pytest.mark.parametrize("case", sorted(OPENINGS))
def test_the_hard_agents_hint_names_a_reason_in_both_languages(registry, case):
    game, state, move, info = hinted(registry, case)
    reason = info.get("reason")
    assert isinstance(reason, str) and reason.strip(), info
    assert "{" not in reason and not re.search(r"\w+:\w+", reason), reason
    shown = hint_text(state.move_to_text(move), info, solo=False, translate=game.translate, state=state)
    assert reason in shown
    with language("de"):
        german = game.translate(reason)
        assert german != reason and "{" not in german, (reason, german)
        for number in re.findall(r"\d+", reason):  # the values come back in the German words
            assert number in german, (reason, german)


@pytest.mark.parametrize("game_id", ["ataxx", "atoll", "amakta", "amakta-infinit"])
def test_every_reason_template_is_in_the_games_catalog(registry, game_id):
    game = registry.game(game_id)
    assert game.reasons
    with language("de"):
        for template in game.reasons:
            german = game.translate(template)
            assert german != template, template
            assert sorted(re.findall(r"\{\w+\}", german)) == sorted(re.findall(r"\{\w+\}", template))
            assert "Remis" not in german
