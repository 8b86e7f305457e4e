"""AxxA's competitive AI: seats play to score (they take their triplets, build, and block a sure
triplet they would hand the next seat), so games between AI seats are not all 0-0, and the hard
level beats a random player.

The games are limited by sampled deals (``Limit.nodes``), not by time, so they replay the same
on any machine."""

import random

import pytest

from tafel import Limit
from tafel.ai.greedy import GreedyAgent
from tafel.ai.random_agent import RandomAgent
from tafel.games.axxa import GAME
from tafel.games.axxa.rules import PAY, AxxaState, Rules
from tafel.games.axxa.solver import AxxaSolver, heuristic
from tests.test_axxa_rules import play, position

TWO = Rules(players=2)
#: A pair of 1s on b2 and c2; the lone 1 on e2 completes it with e2-d2 (no piece turns up under a
#: lone piece). The 1 under g4's 3 and 6 is the fourth one in play, so one 1 can be paid.
THREAT = {
    "b2": "41",
    "c2": "51",
    "e2": "1",
    "g4": "136",
    "c7": "[23]5",
    "a4": "[34]2",
    "e6": "[56]4",
}
#: Sampled deals per decision: few, so the games below run in seconds, and fixed, so they repeat.
SELF_PLAY = Limit(time=60.0, nodes=8)
AGAINST_RANDOM = Limit(time=60.0, nodes=32)


def threat(phase: str = "move") -> AxxaState:
    s = position(THREAT, scores=(0, 0), rules=TWO)
    if phase == "move":
        return s
    return GAME.parse_position(s.to_text().replace("phase:move", f"phase:{phase}"), {"mode": "competitive"})


def test_competitive_solver_takes_a_sure_triplet():
    s = threat()
    for level in ("easy", "medium", "hard"):
        move = AxxaSolver(level).choose(s.view_for(0), Limit(nodes=4), random.Random(1))
        assert s.move_to_text(move) == "e2-d2", level
    assert play(s, "e2-d2").scores == (1, 0)


def test_competitive_payment_blocks_a_sure_triplet_for_the_next_seat():
    """Paying anything but a 1 of the threat hands seat 2 the triplet (e2-d2); the AI seats block."""
    s = threat("pay")
    assert s.phase == PAY
    given = play(s, "pay:g4")
    assert [given.move_to_text(m) for m in given.legal_moves() if given.triplet_chance(m) == 1.0] == ["e2-d2"]
    blocks = {"pay:b2", "pay:c2", "pay:e2"}
    for level in ("easy", "medium", "hard"):
        move = AxxaSolver(level).choose(s.view_for(0), Limit(nodes=4), random.Random(1))
        assert s.move_to_text(move) in blocks, level
    move = GreedyAgent(GAME).choose(s.view_for(0), Limit(), random.Random(1))
    assert s.move_to_text(move) in blocks
    assert heuristic(play(s, "pay:e2"), 0) > heuristic(given, 0)


def test_competitive_heuristic_counts_a_chance_for_the_seat_to_move():
    """The same board is better for the seat about to move when a sure triplet is on it."""
    s = threat()
    assert heuristic(s, 0) > 0 > heuristic(s, 1)


def test_in_teams_a_partners_sure_triplet_counts_for_the_team():
    """The threat board with four seats in teams: the seat to move (1, team A) holds a sure
    triplet, which is good for its partner (seat 3) and bad for both seats of team B."""
    s = position(THREAT, scores=(0, 0, 0, 0), rules=Rules(players=4, teams=True))
    assert heuristic(s, 0) > 0 and heuristic(s, 2) > 0
    assert heuristic(s, 1) < 0 and heuristic(s, 3) < 0


def test_team_game_between_ai_seats_ends_with_team_rewards():
    state = competitive_game([AxxaSolver("easy") for _ in range(4)], 5, SELF_PLAY, players="teams")
    rewards = state.outcome.rewards
    assert rewards[0] == rewards[2] and rewards[1] == rewards[3] and rewards[0] + rewards[1] == 1.0


def competitive_game(agents, seed: int, limit: Limit, players=None) -> AxxaState:
    opts = GAME.resolve_options({"mode": "competitive", "players": players or len(agents)})
    state = GAME.new_state(opts, seed)
    rng = random.Random(seed)
    while state.outcome is None:
        view = state.view_for(state.to_move)
        move = agents[state.to_move].choose(view, limit, rng)
        assert move in view.legal_moves()
        state = state.play(move)
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_ai_seats_score_triplets(players):
    """Solver against solver: the games end with triplets won, not all 0-0 (AI seats once only
    blocked each other, so no one ever scored)."""
    scores = []
    for seed in (1, 2, 3):
        state = competitive_game([AxxaSolver("hard") for _ in range(players)], seed, SELF_PLAY)
        scores.append(state.scores)
    assert any(sum(s) for s in scores), scores


def test_hard_beats_random_in_competitive_play():
    """Hard against a random player, seats alternating: hard wins most of the games and loses
    none (the others are 0-0 draws: a random player pays the number due away)."""
    wins = losses = 0
    games = 6
    for seed in range(1, games + 1):
        hard = seed % 2
        agents = [RandomAgent(GAME), RandomAgent(GAME)]
        agents[hard] = AxxaSolver("hard")
        state = competitive_game(agents, seed, AGAINST_RANDOM)
        reward = state.outcome.rewards[hard]
        wins += reward == 1.0
        losses += reward == 0.0
    assert wins > games / 2 and losses < wins, (wins, losses)
