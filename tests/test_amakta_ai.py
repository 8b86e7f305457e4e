"""The Amakta AI: its evaluation, the levels on the core's alpha-beta, repetition and meta moves."""

from __future__ import annotations

import random

from tafel import Limit
from tafel.ai.alphabeta import AlphaBetaAgent
from tafel.games.amakta import GAME
from tafel.games.amakta.ai import LEVELS, AmaktaAgent
from tafel.games.amakta.evaluate import NEAR_WIN, SPREAD, can_win_now, evaluate
from tafel.games.amakta.rules.state import META_KINDS, AmaktaState


def started(board="small", set_id="beginner") -> AmaktaState:
    state = GAME.new_state(GAME.resolve_options({"board": board, "set": set_id}), None)
    for text in ("circles:none", "colour:white"):
        state = state.play(state.parse_move(text))
    return state


def walk(state: AmaktaState, plies: int, seed: int) -> AmaktaState:
    """``state`` after ``plies`` random play moves (or where the game ended)."""
    rng = random.Random(seed)
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.pos.moves()))
    return state


def test_evaluate_sees_base_threats_and_keeps_other_positions_below():
    threat = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
    assert can_win_now(threat.pos)
    assert evaluate(threat, threat.to_move) == NEAR_WIN
    assert evaluate(threat, 1 - threat.to_move) == -NEAR_WIN
    seen = 0
    for seed in range(30):
        state = walk(started("hexagon", "standard"), 12, seed)
        if state.outcome is not None:
            continue
        for seat in (0, 1):
            value = evaluate(state, seat)
            if can_win_now(state.pos):
                assert abs(value) == NEAR_WIN
            else:
                assert abs(value) <= SPREAD
                seen += 1
        assert evaluate(state, 0) == -evaluate(state, 1)
    assert seen


def test_levels_are_the_core_alphabeta_with_amakta_plans():
    for level, config in LEVELS.items():
        agent = AmaktaAgent(level)
        assert isinstance(agent.search, AlphaBetaAgent)
        assert agent.search.evaluate is GAME.evaluate
        assert agent.search.plans == config["plans"] and agent.search.noise == config["noise"]
    assert LEVELS["easy"]["noise"] > LEVELS["medium"]["noise"] > LEVELS["hard"]["noise"]
    # hard searches three plies: its best 8 moves, their best 4 replies, every answer.
    state = walk(started("hexagon", "standard"), 16, 3)
    hard = AmaktaAgent("hard")
    move = hard.choose(state, Limit(depth=3), random.Random(0))
    assert move in state.legal_moves()
    assert hard.info["depth"] == 3 and hard.info["widths"] == (8, 4)


def test_levels_play_only_play_moves():
    for level in LEVELS:
        agent = AmaktaAgent(level)
        rng = random.Random(4)
        state = started()
        for _ in range(6):
            if state.outcome is not None:
                break
            move = agent.choose(state, Limit(depth=2), rng)
            assert move.kind not in META_KINDS
            state = state.play(move)


def test_easy_varies_its_choices_hard_less():
    state = walk(started("hexagon", "standard"), 10, 1)
    easy = {AmaktaAgent("easy").choose(state, Limit(depth=1), random.Random(s)) for s in range(12)}
    hard = {AmaktaAgent("hard").choose(state, Limit(depth=1), random.Random(s)) for s in range(12)}
    assert len(easy) > 2 and len(hard) < len(easy)


def test_no_repetition_draw_while_ahead():
    # Black is ahead; White passes, so a pass by Black would repeat the situation a third time.
    ahead = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/b1r0@d7/b2r0@d5/b3r0@c5 turn=white")
    state = ahead.play(ahead.parse_move("pass"))
    drawing = [m for m in state.legal_moves() if (after := state.play(m)).outcome and after.outcome.is_draw]
    assert drawing and evaluate(state, state.to_move) > 0
    move = AmaktaAgent("hard").choose(state, Limit(depth=2), random.Random(0))
    assert move not in drawing
    # The guard behind the search: ahead, it turns a drawing move down; behind, it keeps it.
    other = AmaktaAgent._avoid_repetition(state, drawing[0], 0.5)
    assert other not in drawing and other in state.legal_moves()
    assert AmaktaAgent._avoid_repetition(state, drawing[0], -0.5) == drawing[0]
