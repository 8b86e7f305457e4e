"""Atoll rules: the board from the readings, the win test, the pie rule and the notation."""

from __future__ import annotations

import itertools
import random
from collections import deque

import pytest

from tafel import IllegalMoveError, NotationError
from tafel.games.atoll import GAME, new_state, parse_position
from tafel.games.atoll.board import BLACK, SIZES, WHITE, Board
from tafel.games.atoll.rules import SWAP, AtollMove, AtollState, move_for, perft

# The islands exactly as /work/shared/rules/readings.md lists them: key -> (owner, cells (c, r)).
READINGS_ISLANDS = {
    "nw": (WHITE, {(1, 1), (3, 1), (5, 1), (2, 0), (4, 0)}),
    "ne": (BLACK, {(7, 1), (9, 1), (11, 1), (8, 0), (10, 0)}),
    "eu": (WHITE, {(12, 4), (12, 6), (12, 8), (12, 10)}),
    "el": (BLACK, {(12, 12), (12, 14), (12, 16), (12, 18)}),
    "se": (WHITE, {(7, 21), (9, 21), (11, 21), (8, 22), (10, 22)}),
    "sw": (BLACK, {(1, 21), (3, 21), (5, 21), (2, 22), (4, 22)}),
    "wl": (WHITE, {(0, 12), (0, 14), (0, 16), (0, 18)}),
    "wu": (BLACK, {(0, 4), (0, 6), (0, 8), (0, 10)}),
}
OPPOSITE = {frozenset(p) for p in (("ne", "sw"), ("wu", "el"), ("nw", "se"), ("eu", "wl"))}

STANDARD = Board.get(11)


def state_with(black=(), white=(), colour=None, size=11) -> AtollState:
    """A position from cell names, through the notation (so it is validated like user input)."""
    return AtollState.from_cells(black, white, colour, size)


# --- the board ---------------------------------------------------------------------------------


def test_standard_board_cell_counts():
    b = STANDARD
    assert len(b.playable) == 104
    assert len(b.index) == 140
    assert sum(len(i.cells) for i in b.islands) == 36
    for colour in (BLACK, WHITE):
        assert sum(len(i.cells) for i in b.islands if i.owner == colour) == 18
    # Playable columns: odd c has rows 3..19, even c rows 2..20.
    for c in range(1, 12):
        rows = sorted(r for (cc, r) in b.index if cc == c and b.index[(cc, r)] in b.playable_set)
        assert rows == (list(range(3, 20, 2)) if c % 2 else list(range(2, 21, 2)))


def test_island_membership_matches_readings():
    got = {isl.key: (isl.owner, set(isl.cells)) for isl in STANDARD.islands}
    assert got == READINGS_ISLANDS
    # Owners alternate round the edge (clockwise from north-west).
    owners = [isl.owner for isl in STANDARD.islands]
    assert all(owners[i] != owners[(i + 1) % 8] for i in range(8))


def test_cells_exist_only_with_same_parity():
    for size in SIZES:
        b = Board.get(size)
        assert all(c % 2 == r % 2 for c, r in b.index)


def test_neighbours_follow_the_readings_and_are_symmetric():
    for size in SIZES:
        b = Board.get(size)
        for cell, around in b.neighbours.items():
            c, r = b.coords[cell]
            expected = {
                (c, r - 2),
                (c, r + 2),
                (c - 1, r - 1),
                (c - 1, r + 1),
                (c + 1, r - 1),
                (c + 1, r + 1),
            }
            assert {b.coords[n] for n in around} == expected & set(b.index)
            for n in around:
                assert cell in b.neighbours[n]
            # The bitboard step agrees with the lists (no wrapping between columns).
            assert b.spread(1 << cell) == (1 << cell) | sum(1 << n for n in around)
        interior = [cell for cell in b.playable if len(b.neighbours[cell]) == 6]
        assert len(interior) > len(b.playable) // 2


def test_opposite_islands_are_a_half_turn_apart():
    for size in SIZES:
        b = Board.get(size)
        half_turn = {cr: (size + 1 - cr[0], 2 * size - cr[1]) for cr in b.index}
        assert set(half_turn.values()) == set(b.index)
        by_key = {i.key: i for i in b.islands}
        for a, z in (("ne", "sw"), ("wu", "el"), ("nw", "se"), ("eu", "wl")):
            assert {half_turn[cr] for cr in by_key[a].cells} == set(by_key[z].cells)
            assert by_key[a].owner == by_key[z].owner


@pytest.mark.parametrize("size, cells, big, small", [(15, 202, 7, 6), (19, 332, 9, 8)])
def test_larger_boards_same_construction(size, cells, big, small):
    b = Board.get(size)
    assert len(b.playable) == cells
    sizes = [len(i.cells) for i in b.islands]
    assert sizes == [big, big, small, small, big, big, small, small]
    assert [i.owner for i in b.islands] == [i.owner for i in STANDARD.islands]
    s = new_state(GAME.resolve_options({"size": size}))
    assert len(s.legal_moves()) == cells
    assert s.to_text().split()[0].count("/") == size - 1


def test_cell_names():
    b = STANDARD
    assert b.coords[b.parse_cell("a1")] == (1, 19)
    assert b.coords[b.parse_cell("b1")] == (2, 20)
    assert b.coords[b.parse_cell("f7")] == (6, 8)
    assert b.coords[b.parse_cell("k9")] == (11, 3)
    assert b.coords[b.parse_cell("B10")] == (2, 2)
    assert len(set(b.names.values())) == 104
    for bad, words in (
        ("a10", "rows 1-9"),
        ("l1", "a-k"),
        ("f0", "rows 1-10"),
        ("7f", "not a cell"),
        ("", "not"),
    ):
        with pytest.raises(ValueError, match=words):
            b.parse_cell(bad)


# --- winning ---------------------------------------------------------------------------------


def _path(board: Board, start: int, goal: int, avoid: int) -> list[int]:
    """Shortest chain of playable cells joining islands ``start`` and ``goal`` (island indices)
    whose cells touch no cell of the mask ``avoid``."""
    s_mask, g_mask = board.islands[start].mask, board.islands[goal].mask
    allowed = [c for c in board.playable if not board.spread(1 << c) & avoid]
    allowed_set = set(allowed)
    frontier = deque((c, (c,)) for c in allowed if board.spread(1 << c) & s_mask)
    seen = {c for c, _ in frontier}
    while frontier:
        cell, path = frontier.popleft()
        if board.spread(1 << cell) & g_mask:
            return list(path)
        for n in board.neighbours[cell]:
            if n in allowed_set and n not in seen:
                seen.add(n)
                frontier.append((n, path + (n,)))
    raise AssertionError("no path")


@pytest.mark.parametrize("size", SIZES)
def test_every_island_pair_wins_exactly_when_opposite(size):
    b = Board.get(size)
    for colour in (BLACK, WHITE):
        own = [i for i, isl in enumerate(b.islands) if isl.owner == colour]
        for i, j in itertools.combinations(own, 2):
            # A chain that joins islands i and j and touches none of the player's other islands.
            others = sum(b.islands[k].mask for k in own if k not in (i, j))
            chain = _path(b, i, j, others)
            stones = sum(1 << c for c in chain)
            opposite = frozenset((b.islands[i].key, b.islands[j].key)) in OPPOSITE
            assert (b.connected(stones, colour) is not None) == opposite, (b.islands[i].key, b.islands[j].key)
            # The chain really joins the two islands on its own.
            ends = b.islands[i].mask | b.islands[j].mask
            assert b.flood(b.islands[i].mask, stones | ends) & b.islands[j].mask


def test_chain_through_another_own_island_wins():
    # Black: north-east to west-upper, then west-upper to south-west (the readings' example).
    b = STANDARD
    key = {isl.key: k for k, isl in enumerate(b.islands)}
    black_islands = b.island_mask[BLACK]
    leg1 = _path(
        b, key["ne"], key["wu"], black_islands & ~b.islands[key["ne"]].mask & ~b.islands[key["wu"]].mask
    )
    leg2 = _path(
        b, key["wu"], key["sw"], black_islands & ~b.islands[key["wu"]].mask & ~b.islands[key["sw"]].mask
    )
    one = sum(1 << c for c in leg1)
    assert b.connected(one, BLACK) is None
    both = one | sum(1 << c for c in leg2)
    assert b.connected(both, BLACK) == "north-east to south-west"


def test_opponent_islands_do_not_join_a_chain():
    # Black stones from north-east to White's north-west island and from it down to south-west.
    b = STANDARD
    key = {isl.key: k for k, isl in enumerate(b.islands)}
    black_islands = b.island_mask[BLACK]
    legs = 0
    for a, z in (("ne", "nw"), ("nw", "sw")):
        avoid = black_islands & ~b.islands[key[a]].mask & ~b.islands[key[z]].mask
        legs |= sum(1 << c for c in _path(b, key[a], key[z], avoid))
    assert b.flood(b.islands[key["ne"]].mask, legs | black_islands) & b.islands[key["sw"]].mask == 0
    assert b.connected(legs, BLACK) is None


def test_full_boards_have_exactly_one_winner():
    rng = random.Random(7)
    for size in SIZES:
        b = Board.get(size)
        cells = list(b.playable)
        for _ in range(60 if size == 11 else 15):
            rng.shuffle(cells)
            half = len(cells) // 2 + rng.choice((0, 1))
            black = sum(1 << c for c in cells[:half])
            white = b.playable_mask & ~black
            assert (b.connected(black, BLACK) is None) != (b.connected(white, WHITE) is None)


def test_random_games_end_with_one_winner_and_no_moves():
    rng = random.Random(3)
    for _ in range(10):
        s = new_state(GAME.resolve_options({}), None)
        while s.outcome is None:
            s = s.play(rng.choice(s.legal_moves()))
        out = s.outcome
        assert not out.is_draw and len(out.winners) == 1
        assert s.legal_moves() == []
        assert s.seat_of(s.winner) == out.winners[0]
        assert s.board.connected(s.stones[s.winner], s.winner) is not None
        assert s.board.connected(s.stones[s.winner ^ 1], s.winner ^ 1) is None
        with pytest.raises(IllegalMoveError, match="over"):
            s.play(move_for(s.board.playable[0]))


def test_win_is_detected_when_the_last_gap_is_filled():
    column_f = [f"f{n}" for n in range(1, 11)]
    s = state_with(black=[n for n in column_f if n != "f5"], white=[f"k{n}" for n in range(1, 10)])
    assert s.outcome is None and s.colour == BLACK
    assert s.board.winning_cells(s.stones[BLACK], BLACK, s.empty) == 1 << s.board.parse_cell("f5")
    after = s.play(s.parse_move("f5"))
    assert after.outcome is not None
    assert after.outcome.winners == (0,)
    assert "north-east to south-west" in after.outcome.reason
    # Another cell does not end the game.
    assert s.play(s.parse_move("a1")).outcome is None


def test_distance_counts_missing_stones():
    b = STANDARD
    assert b.distance(0, 0, BLACK) == 10  # f10..f1 joins north-east and south-west
    assert b.distance(0, 0, WHITE) == 10
    s = state_with(black=[f"f{n}" for n in range(1, 11) if n != 5], white=[f"k{n}" for n in range(1, 10)])
    assert b.distance(s.stones[BLACK], s.stones[WHITE], BLACK) == 1
    blocked = b.playable_mask & ~s.stones[WHITE]
    assert b.distance(s.stones[WHITE], blocked, WHITE) >= 1 << 30  # walled in: no way through


# --- the pie rule ----------------------------------------------------------------------------


def test_swap_only_on_move_two():
    s = new_state(GAME.resolve_options({}), None)
    assert s.pie and SWAP not in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="swap"):
        s.play(SWAP)
    with pytest.raises(IllegalMoveError, match="swap"):
        s.parse_move("swap")
    s1 = s.play(s.parse_move("f7"))
    assert s1.swap_available and SWAP in s1.legal_moves()
    assert len(s1.legal_moves()) == 104  # 103 empty cells and the swap
    s2 = s1.play(s1.parse_move("swap"))
    # Player 2 now owns Black's stone; Player 1 plays White and moves next.
    assert s2.stones == s1.stones and s2.colour == WHITE and s2.swapped
    assert s2.to_move == 0 and s2.seat_of(BLACK) == 1
    assert SWAP not in s2.legal_moves()
    s3 = s2.play(s2.parse_move("e5"))
    assert s3.to_move == 1 and s3.colour == BLACK
    # Placing instead of swapping ends the chance.
    t2 = s1.play(s1.parse_move("e5"))
    assert not t2.swap_available and not t2.pie
    with pytest.raises(IllegalMoveError, match="swap"):
        t2.play(SWAP)
    assert SWAP not in t2.play(t2.parse_move("a1")).legal_moves()


def test_no_swap_without_pie_rule():
    s = new_state(GAME.resolve_options({"pie": False}), None).play(move_for(STANDARD.parse_cell("f7")))
    assert not s.swap_available and len(s.legal_moves()) == 103
    with pytest.raises(IllegalMoveError, match="pie rule"):
        s.parse_move("swap")


def test_swapped_winner_is_the_seat_holding_the_colour():
    s = new_state(GAME.resolve_options({}), None)
    s = s.play(s.parse_move("f10")).play(SWAP)  # Player 2 is Black now
    rng = random.Random(5)
    blacks = [f"f{n}" for n in range(9, 0, -1)]
    while s.outcome is None:
        if s.colour == BLACK:
            move = s.parse_move(blacks.pop(0))
        else:
            move = rng.choice([m for m in s.legal_moves() if s.move_to_text(m)[0] not in "ef"])
        s = s.play(move)
    assert s.winner == BLACK and s.outcome.winners == (1,)


def test_perft():
    s = new_state(GAME.resolve_options({}), None)
    assert perft(s, 1) == 104
    assert perft(s, 2) == 104 * 104
    off = new_state(GAME.resolve_options({"pie": False}), None)
    assert perft(off, 2) == 104 * 103
    assert perft(s, 3) == 104 * (103 * 102 + 103)


# --- notation ------------------------------------------------------------------------------------


def test_start_positions_text():
    assert new_state(GAME.resolve_options({}), None).to_text() == "9/10/9/10/9/10/9/10/9/10/9 b swap"
    assert new_state(GAME.resolve_options({"pie": False}), None).to_text() == "9/10/9/10/9/10/9/10/9/10/9 b -"
    big = new_state(GAME.resolve_options({"size": 15}), None).to_text()
    assert big == "13/14/13/14/13/14/13/14/13/14/13/14/13/14/13 b swap"


def test_notation_round_trips():
    rng = random.Random(11)
    for size in SIZES:
        for pie in (True, False):
            s = new_state(GAME.resolve_options({"size": size, "pie": pie}), None)
            for _step in range(60):
                text = s.to_text()
                back = parse_position(text, GAME.resolve_options({}))
                assert back == s and back.to_text() == text
                assert back.to_move == s.to_move and back.swap_available == s.swap_available
                assert (back.outcome is None) == (s.outcome is None)
                if s.outcome is not None:
                    break
                moves = s.legal_moves()
                move = SWAP if SWAP in moves and rng.random() < 0.5 else rng.choice(moves)
                assert s.parse_move(s.move_to_text(move)) == move
                s = s.play(move)


def test_swapped_position_text():
    s = new_state(GAME.resolve_options({}), None)
    s = s.play(s.parse_move("a1")).play(SWAP)
    assert s.to_text() == "b8/10/9/10/9/10/9/10/9/10/9 w swapped"
    back = AtollState.from_text(s.to_text())
    assert back.to_move == 0 and back.swapped and not back.swap_available


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "three fields"),
        ("9/10/9 b -", "columns"),
        ("9/10/9/10/9/10/9/10/9/10/9 x -", "b or w"),
        ("9/10/9/10/9/10/9/10/9/10/9 b maybe", "swap, swapped or -"),
        ("9/10/9/10/9/10/9/10/9/10/10 b -", "column k needs 9 cells, got more"),
        ("8/10/9/10/9/10/9/10/9/10/9 b -", "column a needs 9 cells, got 8"),
        ("9/10/9/10/9/10/9/10/9/10/8x b -", "column k has 'x'"),
        ("9/10/9/10/9/10/9/10/9/10/0b8 b -", "column k has the count '0'"),
        ("b8/10/9/10/9/10/9/10/9/10/9 b -", "as many stones as White"),
        ("9/10/9/10/9/10/9/10/9/10/9 w -", "one stone more than White"),
        ("b8/w9/9/10/9/10/9/10/9/10/9 b swap", "before White's first move"),
        ("9/10/9/10/9/10/9/10/9/10/9 b swapped", "needs Black's first stone"),
        ("w8/10/9/10/9/bbbbbbbbbb/9/10/9/10/wwwwwwwww b -", "already joined"),
    ],
)
def test_bad_positions_are_rejected(text, words):
    with pytest.raises(NotationError, match=words) as err:
        parse_position(text, GAME.resolve_options({}))
    assert "\n" not in str(err.value)


def test_run_lengths_and_capitals_read_as_always():
    # The columns go through Tafel's BoardText now; texts the old reader took still read the same.
    start = "9/10/9/10/9/10/9/10/9/10/9 b swap"
    assert parse_position("09/010/9/10/9/10/9/10/9/10/9 b swap", GAME.resolve_options({})).to_text() == start
    moved = parse_position("9/10/9/10/9/6B3/9/10/9/10/9 w swapped", GAME.resolve_options({}))
    assert moved.to_text() == "9/10/9/10/9/6b3/9/10/9/10/9 w swapped"
    with pytest.raises(NotationError, match="^bad Atoll board '9/10/9/10/9/10/9/10/9/10/0b8': column k"):
        parse_position("9/10/9/10/9/10/9/10/9/10/0b8 b -", GAME.resolve_options({}))


def test_finished_position_reads_back_as_over():
    s = state_with(black=[f"f{n}" for n in range(1, 11)], white=[f"k{n}" for n in range(1, 10)])
    assert s.outcome is not None and s.winner == BLACK and s.legal_moves() == []


@pytest.mark.parametrize(
    "text, error, words",
    [
        ("z9", NotationError, "not a cell name|off the board"),
        ("a10", NotationError, "column a has rows 1-9"),
        ("l3", NotationError, "columns run a-k"),
        ("", NotationError, "empty move"),
        ("f7", IllegalMoveError, "already taken"),
        ("swap", IllegalMoveError, "swap"),
    ],
)
def test_bad_moves_are_rejected(text, error, words):
    s = new_state(GAME.resolve_options({"pie": False}), None).play(move_for(STANDARD.parse_cell("f7")))
    with pytest.raises(error, match=words) as err:
        s.parse_move(text)
    assert "\n" not in str(err.value)


def test_play_rejects_illegal_move_objects():
    s = new_state(GAME.resolve_options({}), None)
    s1 = s.play(s.parse_move("f7"))
    with pytest.raises(IllegalMoveError, match="already taken"):
        s1.play(move_for(STANDARD.parse_cell("f7")))
    with pytest.raises(IllegalMoveError):
        s.play(AtollMove(STANDARD.islands[0].mask.bit_length() - 1))  # an island stone
    with pytest.raises(IllegalMoveError):
        s.play("f7")  # type: ignore[arg-type]
    # States are values: the old one is unchanged.
    assert s.placed == 0 and s1.placed == 1


def test_states_pickle_and_hash():
    import pickle

    s = new_state(GAME.resolve_options({}), None)
    s = s.play(s.parse_move("c3"))
    back = pickle.loads(pickle.dumps(s))
    assert back == s and hash(back) == hash(s) and back.board is s.board
    assert back.repetition_key() == s.repetition_key()


def test_describe_and_outcome_text():
    s = new_state(GAME.resolve_options({}), None)
    assert "Black (Player 1) to move" in s.describe()
    s = s.play(s.parse_move("c3"))
    assert s.describe() == "White (Player 2) to move, may swap"
    s = s.play(SWAP)
    assert s.describe() == "White (Player 1) to move"


# --- registration ----------------------------------------------------------------------------------


def test_registered_with_levels(registry):
    game = registry.game("atoll")
    assert game.title == "Atoll" and "pie" in game.rules.lower()
    names = {a.name: a for a in registry.agents_for("atoll")}
    for level in ("easy", "medium", "hard", "atoll-mcts"):
        assert names[level].games == ("atoll",)
        assert names[level].plugin == "atoll"
    times = [names[lv].default_limit.time for lv in ("easy", "medium", "hard")]
    assert times == sorted(times) and len(set(times)) == 3


def test_evaluate_prefers_the_shorter_connection():
    s = state_with(black=[f"f{n}" for n in range(2, 11)], white=[f"k{n}" for n in range(1, 10)])
    assert GAME.evaluate(s, s.seat_of(BLACK)) > 0 > GAME.evaluate(s, s.seat_of(WHITE))
