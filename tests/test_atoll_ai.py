"""Atoll AI: tactics on hand-built positions at every level, playouts, the search and its tree reuse."""

from __future__ import annotations

import random

import pytest

from tafel import Limit
from tafel.games.atoll import GAME
from tafel.games.atoll.ai import AtollMCTS, Searcher, Tables
from tafel.games.atoll.board import BLACK, WHITE, Board
from tafel.games.atoll.rules import SWAP, AtollState

LEVELS = ("easy", "medium", "hard", "atoll-mcts")
COLUMN_F = [f"f{n}" for n in range(1, 11)]
ROW_5 = [f"{c}5" for c in "abcdefghijk"]  # joins White's west-lower and east-upper islands


def agent_for(registry, level):
    return registry.agent(level, "atoll").factory(GAME)


def names(state: AtollState, bb: int) -> set[str]:
    return {state.board.name(c) for c in state.board.cells_of(bb)}


# Black to move, one stone (f5) from joining north-east and south-west.
BLACK_WINS = AtollState.from_cells([n for n in COLUMN_F if n != "f5"], [f"k{n}" for n in range(1, 10)])
# Both sides are one stone from joining at f5 (every Atoll chain pair crosses): the mover takes it.
BOTH_AT_F5_BLACK = AtollState.from_cells(
    [n for n in COLUMN_F if n != "f5"] + ["a9"], [n for n in ROW_5 if n != "f5"]
)
BOTH_AT_F5_WHITE = AtollState.from_cells(
    [n for n in COLUMN_F if n != "f5"] + ["a9", "b9"], [n for n in ROW_5 if n != "f5"]
)
# Black to move must stop White's row at f5.
MUST_BLOCK = AtollState.from_cells(
    ["a9", "a8", "b9", "b8", "c9", "c8", "d9", "d8", "e9", "f6"], [n for n in ROW_5 if n != "f5"]
)
# White can finish the row at f5 or at f6 (f6 touches e5 and g5): Black has lost.
TWO_THREATS = AtollState.from_cells(
    ["a9", "a8", "b9", "b8", "c9", "c8", "d9", "c1", "d2", "d1"], [n for n in ROW_5 if n != "f5"]
)
# Black to move wins in three plies: f6 (or g5) leaves two winning cells, White can stop one.
DOUBLE_THREAT = AtollState.from_cells(
    ["f10", "f9", "f8", "f7", "f4", "f3", "f2", "f1", "g4"], [f"k{n}" for n in range(1, 10)]
)


def test_hand_built_positions_are_what_they_claim():
    b = Board.get(11)
    assert names(BLACK_WINS, b.winning_cells(BLACK_WINS.stones[BLACK], BLACK, BLACK_WINS.empty)) == {"f5"}
    for s in (BOTH_AT_F5_BLACK, BOTH_AT_F5_WHITE):
        for colour in (BLACK, WHITE):
            assert names(s, b.winning_cells(s.stones[colour], colour, s.empty)) == {"f5"}
    assert BOTH_AT_F5_BLACK.colour == BLACK and BOTH_AT_F5_WHITE.colour == WHITE
    assert MUST_BLOCK.colour == BLACK
    assert not b.winning_cells(MUST_BLOCK.stones[BLACK], BLACK, MUST_BLOCK.empty)
    assert names(MUST_BLOCK, b.winning_cells(MUST_BLOCK.stones[WHITE], WHITE, MUST_BLOCK.empty)) == {"f5"}
    assert names(TWO_THREATS, b.winning_cells(TWO_THREATS.stones[WHITE], WHITE, TWO_THREATS.empty)) == {
        "f5",
        "f6",
    }
    s = DOUBLE_THREAT
    assert s.colour == BLACK
    assert not b.winning_cells(s.stones[BLACK], BLACK, s.empty)
    assert not b.winning_cells(s.stones[WHITE], WHITE, s.empty)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_an_immediate_win(registry, level):
    for state in (BLACK_WINS, BOTH_AT_F5_BLACK, BOTH_AT_F5_WHITE):
        agent = agent_for(registry, level)
        move = agent.choose(state, Limit(nodes=50), random.Random(1))
        assert state.move_to_text(move) == "f5"
        assert state.play(move).outcome.winners == (state.to_move,)


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_blocks_an_immediate_loss(registry, level):
    agent = agent_for(registry, level)
    move = agent.choose(MUST_BLOCK, Limit(nodes=50), random.Random(2))
    assert MUST_BLOCK.move_to_text(move) == "f5"
    # Lost anyway: it still answers one of the threats, never something else.
    move = agent_for(registry, level).choose(TWO_THREATS, Limit(nodes=50), random.Random(3))
    assert TWO_THREATS.move_to_text(move) in {"f5", "f6"}


@pytest.mark.parametrize("level", ("easy", "hard"))
def test_search_finds_a_double_threat(registry, level):
    s = DOUBLE_THREAT
    agent = agent_for(registry, level)
    move = agent.choose(s, Limit(nodes=3000), random.Random(4))
    after = s.play(move)
    # Whatever White answers, Black then has a winning cell.
    for reply in after.legal_moves():
        again = after.play(reply)
        assert again.board.winning_cells(again.stones[BLACK], BLACK, again.empty), s.move_to_text(move)
    assert agent.info.get("solved") == "won"


def test_search_blocks_inside_the_tree():
    # White to move must answer Black's f5 threat; the root check does it, the tree must agree.
    s = AtollState.from_cells([n for n in COLUMN_F if n != "f5"], [f"k{n}" for n in range(1, 9)])
    assert s.colour == WHITE
    searcher = Searcher(s.board, random.Random(5))
    searcher.set_root(s)
    root = searcher.root
    legal = searcher.legal_children(root)
    assert [searcher.tables.cell_of[d] for d in legal] == [s.board.parse_cell("f5")]
    searcher.search(None, 200)
    assert searcher.tables.cell_of[searcher.best_index()] == s.board.parse_cell("f5")


def test_agent_returns_legal_moves_and_reuses_its_tree():
    agent = AtollMCTS()
    rng = random.Random(6)
    s = GAME.new_state(GAME.resolve_options({}), None)
    for _ in range(3):
        move = agent.choose(s, Limit(nodes=600), rng)
        assert move in s.legal_moves() and agent.info["iterations"] == 600
        s = s.play(move)
        # The opponent answers with a move the tree has looked at (the swap, if it is that one).
        root = agent.searcher.root
        d = max(root.kids, key=lambda k: root.kids[k].visits)
        reply = (
            SWAP
            if d == agent.searcher.tables.size
            else s.parse_move(s.board.name(agent.searcher.tables.cell_of[d]))
        )
        s = s.play(reply)
        kept = root.kids[d].visits
        move = agent.choose(s, Limit(nodes=10), rng)
        assert agent.info["kept"] == kept > 0
        s = s.play(move)
    agent.reset()
    assert agent.searcher is None


def test_agent_considers_the_swap_and_respects_stop():
    s = GAME.new_state(GAME.resolve_options({}), None)
    s = s.play(s.parse_move("f6"))  # a strong central first stone
    searcher = Searcher(s.board, random.Random(7))
    searcher.set_root(s)
    searcher.search(None, 1500)
    swap = searcher.tables.size
    assert swap in searcher.legal_children(searcher.root) and searcher.root.n[swap] > 0
    calls = []

    def stop():
        calls.append(1)
        return True

    agent = AtollMCTS()
    move = agent.choose(s, Limit(time=30.0), random.Random(8), stop)
    assert move in s.legal_moves() and calls and agent.info["iterations"] <= 64


def test_agent_on_larger_boards():
    for size in (15, 19):
        s = GAME.new_state(GAME.resolve_options({"size": size}), None)
        agent = AtollMCTS()
        move = agent.choose(s, Limit(nodes=100), random.Random(size))
        assert move in s.legal_moves()


def test_split_is_a_fair_half():
    board = Board.get(11)
    tables = Tables.get(board)
    rng = random.Random(9)
    s = AtollState.from_cells(["a1", "b1", "c1"], ["a2", "b2"])
    empty = s.empty
    total = empty.bit_count()
    counts = dict.fromkeys(board.cells_of(empty), 0)
    trials = 3000
    for _ in range(trials):
        part = tables.split(empty, (total + 1) // 2, rng)
        assert part & ~empty == 0 and part.bit_count() == (total + 1) // 2
        for c in board.cells_of(part):
            counts[c] += 1
    expected = trials * ((total + 1) // 2) / total
    assert all(abs(n - expected) < 0.15 * expected for n in counts.values())


def test_playout_winner_owns_a_joined_pair():
    board = Board.get(11)
    tables = Tables.get(board)
    rng = random.Random(10)
    s = AtollState.from_cells(["f6", "e3"], ["c4", "h7"])
    wins = 0
    for _ in range(200):
        winner, fill_black = tables.playout(s.stones[0], s.stones[1], s.colour, rng)
        empty = s.empty
        assert fill_black & ~empty == 0
        black = s.stones[BLACK] | fill_black
        white = s.stones[WHITE] | (empty & ~fill_black)
        assert black | white == board.playable_mask
        assert (board.connected(black, BLACK) is not None) == (winner == BLACK)
        assert (board.connected(white, WHITE) is not None) == (winner == WHITE)
        wins += winner == BLACK
    assert 40 < wins < 160
