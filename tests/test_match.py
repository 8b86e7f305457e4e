"""The match model: history, undo to a human turn, AI requests, saves, start requests."""

import json

import pytest

from tafel.ai.base import Limit
from tafel.game import GameDef, IllegalMoveError, NotationError
from tafel.match import HUMAN, Match, SetupError, StartRequest, parse_player, resolve_players
from tests.ui_toygame import GAME_ID, Mark, make_registry, toy_game_def


@pytest.fixture(scope="module")
def registry(tmp_path_factory):
    return make_registry(tmp_path_factory.mktemp("match_plugins"))


def play_texts(match, *texts):
    for t in texts:
        match.play(match.state.parse_move(t))


def test_history_and_states():
    m = Match(toy_game_def(), players=["human", "human"], seed=5)
    play_texts(m, "a1", "b2")
    assert m.move_texts() == ["a1", "b2"]
    assert m.moves == [Mark(0), Mark(4)]
    assert len(m.states) == 3 and m.state is m.states[-1]
    assert m.previous is m.states[1] and m.last_move == Mark(4)
    assert m.state.board[0] == 0 and m.state.board[4] == 1


def test_illegal_move_leaves_match_unchanged():
    m = Match(toy_game_def(), players=["human", "human"])
    play_texts(m, "a1")
    with pytest.raises(IllegalMoveError):
        m.play(Mark(0))
    assert m.move_texts() == ["a1"] and len(m.states) == 2


def test_undo_against_ai_returns_to_human_turn():
    m = Match(toy_game_def(), players=["human", "easy"])
    play_texts(m, "a1", "b1", "a2", "b2")
    assert m.undo() == 2
    assert m.move_texts() == ["a1", "b1"] and m.state.to_move == 0
    assert m.undo() == 2 and m.ply == 0
    assert not m.can_undo and m.undo() == 0


def test_undo_when_ai_moved_first():
    # The AI opened: undoing the human's first move goes back to just after the AI's opening.
    m = Match(toy_game_def(), {"first": "x"}, players=["easy", "human"])
    play_texts(m, "a1", "b1")
    assert m.undo() == 1 and m.move_texts() == ["a1"]
    # No earlier human turn: nothing to undo (the AI would just replay its move).
    assert not m.can_undo


def test_undo_hotseat_and_ai_only_take_one_move():
    for players in (["human", "human"], ["easy", "hard"]):
        m = Match(toy_game_def(), players=players)
        play_texts(m, "a1", "b1", "c1")
        assert m.undo() == 1 and m.move_texts() == ["a1", "b1"]


def test_undo_skips_forced_pass():
    m = Match(toy_game_def(), {"pass_after": 1}, players=["human", "human"])
    play_texts(m, "a1")
    assert m.state.is_forced_pass()
    play_texts(m, "pass")
    assert m.state.to_move == 0
    # Back over the pass to the position where X chose a1 (O's forced pass is not a turn to return to).
    assert m.undo() == 2 and m.ply == 0


def test_no_undo_feature():
    game = toy_game_def()
    game.features = lambda options: {"no-undo"}
    m = Match(game, players=["human", "human"])
    play_texts(m, "a1")
    assert not m.can_undo and m.undo() == 0


def test_ai_request_fields():
    m = Match(toy_game_def(), {"first": "random"}, players=["human", "hard"], seed=42)
    play_texts(m, "b2")
    req = m.ai_request()
    assert (req.game_id, req.seed, req.start_position, req.moves, req.agent) == (
        GAME_ID,
        42,
        None,
        ["b2"],
        "hard",
    )
    assert req.seat == m.state.to_move == 1
    assert req.options["first"] == "random"
    assert req.limit is None  # the agent's own budget
    assert m.ai_request(limit=Limit(time=2.0)).limit == Limit(time=2.0)
    with pytest.raises(SetupError):
        m.ai_request(0)


def test_seed_only_for_random_setup():
    game = toy_game_def()
    assert Match(game).seed is not None
    game.random_setup = False
    assert Match(game, seed=3).seed is None


def test_dict_roundtrip_is_json(registry):
    m = Match(toy_game_def(), {"misere": True, "label": "cup"}, players=["human", "ai:easy"], seed=7)
    play_texts(m, "a1", "c3", "b1")
    data = json.loads(json.dumps(m.to_dict()))
    again = Match.from_dict(data, registry)
    assert again.move_texts() == m.move_texts()
    assert again.options == m.options and again.players == ["human", "easy"] and again.seed == 7
    assert again.state.to_text() == m.state.to_text()
    assert Match.from_dict(data, registry.game(GAME_ID)).ply == 3


def test_start_position():
    m = Match(toy_game_def(), position="xx./oo./... x", players=["human", "human"])
    assert m.start_position == "xx./oo./... x"
    play_texts(m, "c1")
    assert m.state.outcome.winners == (0,)
    assert m.restarted().ply == 0 and m.restarted().state.to_text() == "xx./oo./... x"
    assert m.to_dict()["position"] == "xx./oo./... x"


def test_from_request(registry):
    req = StartRequest(GAME_ID, ["misere=on"], ["human", "ai:first"], seed=3, moves=["a1", "b1"])
    m = Match.from_request(registry, req)
    assert m.options["misere"] is True and m.players == [HUMAN, "first"] and m.move_texts() == ["a1", "b1"]


def test_from_request_errors(registry):
    with pytest.raises(NotationError, match="move 2"):
        Match.from_request(registry, StartRequest(GAME_ID, moves=["a1", "a1"]))
    with pytest.raises(SetupError):
        Match.from_request(registry, StartRequest(GAME_ID, players=["human", "human", "human"]))
    with pytest.raises(Exception, match="unknown agent"):
        Match.from_request(registry, StartRequest(GAME_ID, players=["human", "ai:nobody"]))
    with pytest.raises(Exception, match="unknown game"):
        Match.from_request(registry, StartRequest("nope"))


def test_players_parsing():
    assert parse_player("AI:Hard") == "hard"
    assert resolve_players(["ai"], 2) == ["medium", "medium"]
    assert resolve_players([], 3) == ["human", "medium", "medium"]
    with pytest.raises(SetupError):
        parse_player("ai:")


def test_restarted_new_seed():
    m = Match(toy_game_def(), players=["human", "human"], seed=11)
    assert m.restarted().seed == 11
    assert isinstance(m.restarted(new_seed=True).seed, int)


def test_gamedef_type():
    assert isinstance(toy_game_def(), GameDef)
