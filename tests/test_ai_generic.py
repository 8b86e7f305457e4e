"""The generic agents on the toy games: legal moves, tactics, exact search, strength, budgets."""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

import pytest

from tafel.ai.alphabeta import WIN, AlphaBetaAgent
from tafel.ai.base import LEVEL_TIME, Limit
from tafel.ai.generic import LevelAgent
from tafel.ai.greedy import GreedyAgent
from tafel.ai.mcts import MCTSAgent
from tafel.cli.arena import run_arena
from tests import toygames
from tests.toygames import KuhnState, TicTacToeState, ttt_evaluate, ttt_parse

GENERIC = ("random", "greedy", "mcts", "alphabeta", "easy", "medium", "hard")


@pytest.fixture(scope="module")
def reg():
    return toygames.toy_registry()


def test_plugin_registers_every_generic_agent(registry):
    for game_id in list(registry.games) + ["no-such-game"]:
        names = {a.name for a in registry.agents_for(game_id)}
        assert set(GENERIC) <= names
    hard = next(a for a in registry.agents if a.name == "hard" and a.games is None)
    assert hard.default_limit == Limit(time=LEVEL_TIME["hard"])
    assert hard.plugin == "tafel.ai.generic"


@pytest.mark.parametrize("game_id", ["toy-tictactoe", "toy-nim", "toy-lightsout", "toy-kuhn"])
def test_every_agent_plays_legal_moves(reg, game_id):
    game = reg.game(game_id)
    options = game.resolve_options({"players": 3} if game_id == "toy-nim" else {})
    limit = Limit(nodes=40, depth=3)
    for name in GENERIC:
        agent = reg.agent(name, game_id).factory(game)
        walk = random.Random(7)
        for start_seed in range(3):
            state = game.new_state(options, start_seed)
            while not state.is_over:
                view = state.view_for(state.to_move)
                move = agent.choose(view, limit, random.Random(start_seed), None)
                assert move in view.legal_moves(), (name, state.to_text(), move)
                # Alternate the agent's move with random ones to reach varied positions.
                state = state.play(state.parse_move(view.move_to_text(move)))
                if not state.is_over:
                    moves = state.legal_moves()
                    state = state.play(moves[walk.randrange(len(moves))])


WIN_NOW = ".../xo./xo. x"  # X wins on a3 (O would win on b3)
BLOCK = "..x/.o./xo. x"  # X must block b3


@pytest.mark.parametrize(
    "make, limits",
    [
        (GreedyAgent, [Limit()]),
        (AlphaBetaAgent, [Limit(depth=1), Limit(depth=2), Limit(nodes=400)]),
        (MCTSAgent, [Limit(nodes=400)]),
    ],
    ids=["greedy", "alphabeta", "mcts"],
)
def test_takes_immediate_win_and_blocks_immediate_loss(make, limits):
    game = toygames.tictactoe_def()
    for seed in range(5):
        for text, expected in ((WIN_NOW, "a3"), (BLOCK, "b3")):
            state = ttt_parse(text)
            for limit in limits:
                move = make(game).choose(state, limit, random.Random(seed))
                assert state.move_to_text(move) == expected, (text, limit)


def test_greedy_without_evaluate_still_takes_wins():
    game = toygames.tictactoe_def()
    game.evaluate = None
    state = ttt_parse(WIN_NOW)
    picks = {
        state.move_to_text(GreedyAgent(game).choose(state, Limit(), random.Random(s))) for s in range(10)
    }
    assert picks == {"a3"}
    # With nothing to win it plays at random: several different moves over seeds.
    start = TicTacToeState()
    assert len({GreedyAgent(game).choose(start, Limit(), random.Random(s)) for s in range(20)}) > 3


def _minimax(state, depth: int, ply: int) -> float:
    """Plain negamax with the alpha-beta agent's scoring, no pruning, no table."""
    if depth == 0:
        return max(-1.0, min(1.0, ttt_evaluate(state, state.to_move)))
    best = -float("inf")
    for move in state.legal_moves():
        child = state.play(move)
        if child.outcome is not None:
            r = child.outcome.rewards[state.to_move]
            value = WIN - (ply + 1) if r == 1 else -WIN + (ply + 1) if r == 0 else 0.0
        else:
            value = -_minimax(child, depth - 1, ply + 1)
        best = max(best, value)
    return best


def test_alphabeta_depth_limited_values_match_minimax():
    game = toygames.tictactoe_def()
    rng = random.Random(3)
    for _ in range(8):
        state = TicTacToeState()
        for _ in range(rng.randrange(0, 4)):
            state = state.play(rng.choice(state.legal_moves()))
        for depth in (1, 2, 3, 4):
            agent = AlphaBetaAgent(game)
            move = agent.choose(state, Limit(depth=depth), random.Random(0))
            assert agent.info["score"] == round(_minimax(state, depth, 0), 3), (state.to_text(), depth)
            # The move played is one that reaches that value.
            child = state.play(move)
            if child.outcome is None and depth > 1:
                assert round(-_minimax(child, depth - 1, 1), 3) == agent.info["score"]


@dataclass(frozen=True)
class CheckingTicTacToe(TicTacToeState):
    """Tic-tac-toe that checks a move itself: the search tries the table's move and the killers
    before it makes a node's move list."""

    def play_unchecked(self, move):
        child = super().play_unchecked(move)
        return CheckingTicTacToe(child.x, child.o, child.to_move)

    def is_legal(self, move) -> bool:
        return self.outcome is None and not (self.x | self.o) >> move.index & 1


def test_alphabeta_tries_known_moves_first_with_the_same_values():
    game = toygames.tictactoe_def()
    for plain in _positions(8, 3):
        state = CheckingTicTacToe(plain.x, plain.o, plain.to_move)
        agent = AlphaBetaAgent(game)
        for depth in (1, 2, 3, 4):  # the same agent: its table and killers carry over
            move = agent.choose(state, Limit(depth=depth), random.Random(0))
            assert agent._staged
            assert agent.info["score"] == round(_minimax(state, depth, 0), 3), (state.to_text(), depth)
            child = state.play(move)
            if child.outcome is None and depth > 1:
                assert round(-_minimax(child, depth - 1, 1), 3) == agent.info["score"]


def test_alphabeta_perfect_play_draws_and_solves():
    game = toygames.tictactoe_def()
    agent = AlphaBetaAgent(game)
    agent.choose(TicTacToeState(), Limit(depth=9), random.Random(1))
    assert agent.info["score"] == 0 and agent.info["solved"]
    reducing = AlphaBetaAgent(game, reduce=True)  # late move reductions prove it too, a little deeper
    reducing.choose(TicTacToeState(), Limit(depth=20), random.Random(1))
    assert reducing.info["score"] == 0 and reducing.info["solved"]
    for seed in range(3):
        agents = [AlphaBetaAgent(game), AlphaBetaAgent(game)]
        state = TicTacToeState()
        while not state.is_over:
            state = state.play(agents[state.to_move].choose(state, Limit(depth=9), random.Random(seed)))
        assert state.outcome.is_draw


def test_alphabeta_without_heuristic_solves_nim():
    game = toygames.nim_def()
    game.evaluate = None
    state = game.new_state(game.resolve_options({"piles": "3-4-5"}), None)
    agent = AlphaBetaAgent(game)
    move = agent.choose(state, Limit(time=30), random.Random(0))
    piles = state.play(move).piles
    assert piles[0] ^ piles[1] ^ piles[2] == 0
    assert agent.info["score"] > 0 and agent.info["solved"]


def test_alphabeta_hands_other_seat_counts_to_mcts():
    game = toygames.nim_def()
    state = game.new_state(game.resolve_options({"players": 3}), None)
    agent = AlphaBetaAgent(game)
    assert agent.choose(state, Limit(nodes=50), random.Random(0)) in state.legal_moves()
    assert agent.info["fallback"] == "mcts"


def test_levels_pick_the_engine_that_suits_the_game(reg):
    cases = [
        ("toy-tictactoe", {}, "alphabeta"),
        ("toy-nim", {"players": 3}, "mcts"),
        ("toy-kuhn", {}, "mcts"),
        ("toy-lightsout", {}, "mcts"),
    ]
    for game_id, options, engine in cases:
        game = reg.game(game_id)
        state = game.new_state(game.resolve_options(options), 1)
        agent = reg.agent("hard", game_id).factory(game)
        assert isinstance(agent, LevelAgent)
        agent.choose(state.view_for(state.to_move), Limit(nodes=30, depth=2), random.Random(0))
        assert agent.info["engine"] == engine, game_id


def test_mcts_hidden_information_folds_and_calls():
    game = toygames.kuhn_def()
    for seed in range(3):
        # Seat 1 facing a bet: with the jack calling always loses two, folding one; the king always wins.
        jack = KuhnState((2, 0), "b").view_for(1)
        king = KuhnState((0, 2), "b").view_for(1)
        assert jack.to_text() == "?J b"
        assert MCTSAgent(game).choose(jack, Limit(nodes=500), random.Random(seed)) == "p"
        assert MCTSAgent(game).choose(king, Limit(nodes=500), random.Random(seed)) == "b"


def test_mcts_beats_random_and_solves_puzzles(reg):
    result = run_arena(reg, "toy-tictactoe", "mcts", "random", games=8, seed=1, limit=Limit(nodes=300))
    assert result.losses == 0 and result.wins >= 6
    solo = run_arena(reg, "toy-lightsout", "mcts", "random", games=8, seed=1, limit=Limit(nodes=300))
    blind = run_arena(reg, "toy-lightsout", "random", "random", games=8, seed=1)
    assert solo.wins >= 6 and solo.wins > blind.wins


def test_mcts_reuses_its_tree():
    game = toygames.tictactoe_def()
    agent = MCTSAgent(game)
    rng = random.Random(0)
    state = TicTacToeState()
    state = state.play(agent.choose(state, Limit(nodes=2000), rng))
    state = state.play(state.legal_moves()[0])
    agent.choose(state, Limit(nodes=100), rng)
    assert agent.info["reused"] > 0
    agent.reset()
    agent.choose(state, Limit(nodes=100), rng)
    assert agent.info["reused"] == 0


def test_searches_poll_stop():
    game = toygames.tictactoe_def()
    state = TicTacToeState()
    calls = []

    def stop() -> bool:
        calls.append(1)
        return True

    mcts = MCTSAgent(game)
    assert mcts.choose(state, Limit(time=60), random.Random(0), stop) in state.legal_moves()
    assert calls and mcts.info["iterations"] <= 16
    calls.clear()
    ab = AlphaBetaAgent(game)
    assert ab.choose(state, Limit(time=60), random.Random(0), stop) in state.legal_moves()
    assert calls and ab.info["depth"] <= 1


# --- selective search, plans and root noise ----------------------------------------------------


def _tie_free(state, seat: int) -> float:
    """``ttt_evaluate`` (steps of 0.05) plus a small term unique to the position: no two
    positions tie, so a ranking by it is the same whatever the order of the moves."""
    tiny = (state.x * 512 + state.o) * 1e-7
    return ttt_evaluate(state, seat) + (tiny if seat == 0 else -tiny)


def _value(parent, child, ply: int) -> float:
    """The agent's value of a finished child for the side to move in ``parent``."""
    r = child.outcome.rewards[parent.to_move]
    return WIN - ply if r == 1 else -WIN + ply if r == 0 else 0.0


def _pruned_minimax(state, depth: int, widths: tuple[int, ...], ply: int) -> float:
    """Plain negamax where a node at ply i with 2 or more plies left keeps its best widths[i]
    moves by the static look (the child's outcome or the evaluation for the mover)."""
    if depth == 0:
        return max(-1.0, min(1.0, _tie_free(state, state.to_move)))
    moves = state.legal_moves()
    if depth >= 2 and ply < len(widths):

        def static(move) -> float:
            child = state.play(move)
            if child.outcome is not None:
                return _value(state, child, ply + 1)
            return max(-1.0, min(1.0, _tie_free(child, state.to_move)))

        moves = sorted(moves, key=static, reverse=True)[: widths[ply]]
    best = -float("inf")
    for move in moves:
        child = state.play(move)
        if child.outcome is not None:
            value = _value(state, child, ply + 1)
        else:
            value = -_pruned_minimax(child, depth - 1, widths, ply + 1)
        best = max(best, value)
    return best


def _positions(count: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = TicTacToeState()
        for _ in range(rng.randrange(0, 4)):
            state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


def test_alphabeta_selective_values_match_a_pruned_minimax():
    game = toygames.tictactoe_def()
    game.evaluate = _tie_free
    # Depth 2 prunes the root (ranked by the depth-1 iteration); depth 3 and 4 the inner plies.
    cases = [(2, (2,)), (2, (4,)), (3, (9, 2)), (3, (3, 1)), (4, (9, 3, 2)), (4, (9, 9, 1))]
    for state in _positions(8, 5):
        for depth, widths in cases:
            agent = AlphaBetaAgent(game, widths=widths)
            move = agent.choose(state, Limit(depth=depth), random.Random(0))
            expected = _pruned_minimax(state, depth, widths, 0)
            assert agent.info["score"] == round(expected, 3), (state.to_text(), depth, widths)
            assert move in state.legal_moves()
            assert agent.info["widths"] == widths
        # Widths no node exceeds (tic-tac-toe has at most 9 moves) change nothing.
        for depth in (1, 2, 3, 4):
            wide = AlphaBetaAgent(game, widths=(9, 9, 9, 9))
            wide.choose(state, Limit(depth=depth), random.Random(0))
            assert wide.info["score"] == round(_pruned_minimax(state, depth, (), 0), 3)


def test_alphabeta_selective_search_takes_wins_and_blocks():
    game = toygames.tictactoe_def()
    for seed in range(5):
        for text, expected in ((WIN_NOW, "a3"), (BLOCK, "b3")):
            state = ttt_parse(text)
            for agent in (
                AlphaBetaAgent(game, widths=(1, 1)),
                AlphaBetaAgent(game, plans=((1, ()), (3, (2, 2)), (3, (3, 3)))),
                AlphaBetaAgent(game, widths=(2,), noise=0.5),
            ):
                for limit in (Limit(depth=1), Limit(depth=3), Limit(nodes=300)):
                    move = agent.choose(state, limit, random.Random(seed))
                    assert state.move_to_text(move) == expected, (text, limit)


def test_alphabeta_plans_run_in_order_within_the_depth_limit():
    game = toygames.tictactoe_def()
    plans = ((1, ()), (2, (2,)), (2, (4,)), (3, (3, 2)))
    agent = AlphaBetaAgent(game, plans=plans)
    agent.choose(TicTacToeState(), Limit(depth=2), random.Random(0))
    assert (agent.info["depth"], agent.info["widths"]) == (2, (4,))
    agent.choose(TicTacToeState(), Limit(depth=9), random.Random(0))
    assert (agent.info["depth"], agent.info["widths"]) == (3, (3, 2))
    assert not agent.info["solved"]  # pruned: no proof
    # Nothing pruned: the full-width plan solves the game as plain deepening does.
    full = AlphaBetaAgent(game, plans=((5, ()), (9, ())))
    full.choose(TicTacToeState(), Limit(depth=9), random.Random(0))
    assert full.info["solved"] and full.info["score"] == 0
    with pytest.raises(ValueError):
        AlphaBetaAgent(game, widths=(0,))


def test_alphabeta_ranks_each_position_once_per_choose():
    game = toygames.tictactoe_def()
    agent = AlphaBetaAgent(game, plans=((1, ()), (3, (9, 2)), (4, (9, 2, 2)), (4, (9, 3, 2))))
    ranked = []
    rank = agent._rank

    def spy(state, ply, moves, keep):
        ranked.append(state.repetition_key())
        return rank(state, ply, moves, keep)

    agent._rank = spy
    for state in _positions(4, 9):
        ranked.clear()
        agent.reset()
        agent.choose(state, Limit(depth=4), random.Random(0))
        assert ranked and len(ranked) == len(set(ranked)) == agent.info["ranked"]
        assert agent._ranks == {}  # the cache lives for one choose


def test_alphabeta_root_noise_varies_the_choice():
    game = toygames.tictactoe_def()
    start = TicTacToeState()
    plain = {AlphaBetaAgent(game).choose(start, Limit(depth=1), random.Random(s)) for s in range(20)}
    noisy = {
        AlphaBetaAgent(game, noise=0.3).choose(start, Limit(depth=1), random.Random(s)) for s in range(20)
    }
    assert len(plain) == 1 and len(noisy) > 2  # the centre, or any of several
    # The value reported is the move's own, without its bonus.
    agent = AlphaBetaAgent(game, noise=0.3)
    agent.choose(ttt_parse(WIN_NOW), Limit(depth=2), random.Random(0))
    assert agent.info["score"] == WIN - 1


# --- forcing moves past the depth (quiescence) -------------------------------------------------


@dataclass(frozen=True)
class ForcingTicTacToe(TicTacToeState):
    """Tic-tac-toe that names its forcing moves: the cells that win now, else those that stop
    the opponent's win next move."""

    def play_unchecked(self, move):
        child = super().play_unchecked(move)
        return ForcingTicTacToe(child.x, child.o, child.to_move)

    def forcing_moves(self):
        if self.outcome is not None:
            return None
        mine, theirs = (
            TicTacToeState(self.x, self.o, self.to_move),
            TicTacToeState(self.x, self.o, 1 - self.to_move),
        )
        wins = [m for m in self.legal_moves() if _wins(mine, m)]
        stops = [m for m in self.legal_moves() if _wins(theirs, m)]
        return wins or stops or None


def _wins(state, move) -> bool:
    outcome = state.play_unchecked(move).outcome
    return outcome is not None and outcome.rewards[state.to_move] == 1


def _quiet_minimax(state, depth: int, ply: int) -> float:
    """Plain negamax with the agent's scoring whose leaves search their forcing moves (no stand-pat)."""
    moves = state.legal_moves() if depth > 0 else state.forcing_moves()
    if depth <= 0 and (not moves or depth <= -8):
        return max(-1.0, min(1.0, ttt_evaluate(state, state.to_move)))
    best = -float("inf")
    for move in moves:
        child = state.play(move)
        value = (
            _value(state, child, ply + 1)
            if child.outcome is not None
            else -_quiet_minimax(child, depth - 1, ply + 1)
        )
        best = max(best, value)
    return best


def test_alphabeta_searches_forcing_moves_past_its_depth():
    game = toygames.tictactoe_def()
    seen_further = outcomes_by_force = 0
    for plain in _positions(10, 11):
        state = ForcingTicTacToe(plain.x, plain.o, plain.to_move)
        for depth in (1, 2, 3):
            agent = AlphaBetaAgent(game)
            agent.choose(state, Limit(depth=depth), random.Random(0))
            expected = _quiet_minimax(state, depth, 0)
            assert agent.info["score"] == round(expected, 3), (state.to_text(), depth)
            seen_further += expected != _minimax(plain, depth, 0)
            if abs(expected) > WIN / 2 > abs(_minimax(plain, depth, 0)):
                assert not agent.info["solved"]  # a win or loss along the game's lines is no proof
                outcomes_by_force += 1
    assert seen_further and outcomes_by_force  # the search looked past its depth
    # A line the game chose is no proof: the depth-limited search of the open board solves nothing.
    agent = AlphaBetaAgent(game)
    agent.choose(ForcingTicTacToe(), Limit(depth=2), random.Random(0))
    assert not agent.info["solved"]


@dataclass(frozen=True)
class TakenCells(TicTacToeState):
    """Names a taken cell as its forcing move: not a legal move."""

    def play_unchecked(self, move):
        child = super().play_unchecked(move)
        return TakenCells(child.x, child.o, child.to_move)

    def forcing_moves(self):
        taken = [m for m in toygames.TTT_MOVES if (self.x | self.o) >> m.index & 1]
        return taken[:1] or None


def test_check_fails_forcing_moves_that_are_not_legal():
    from tafel.cli.conformance import check_game

    game = dataclasses.replace(
        toygames.tictactoe_def(), id="toy", new_state=lambda options, seed: TakenCells()
    )
    report = check_game(game, games=1)
    assert any("forcing_moves() names" in f for f in report.failures), report.failures
    good = dataclasses.replace(game, new_state=lambda options, seed: ForcingTicTacToe())
    assert not [f for f in check_game(good, games=1).failures if "forcing_moves" in f]
