"""Ataxx rules: perft against published counts, FEN, moves, flips, passes and every game end."""

import random

import pytest

from tafel import IllegalMoveError, NotationError
from tafel.games.ataxx.board import square_of
from tafel.games.ataxx.layouts import LAYOUTS, layout_fen
from tafel.games.ataxx.rules import BLUE, PASS, RED, START_FEN, AtaxxMove, AtaxxState, perft
from tafel.perft import perft as generic_perft

BLOCKERS = "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1"


@pytest.mark.parametrize("depth,nodes", [(1, 16), (2, 256), (3, 6460), (4, 155888)])
def test_perft_start(depth, nodes):
    assert perft(AtaxxState.start(), depth) == nodes


@pytest.mark.parametrize("depth,nodes", [(1, 14), (2, 196), (3, 4184), (4, 86528)])
def test_perft_blockers(depth, nodes):
    assert perft(AtaxxState.from_fen(BLOCKERS), depth) == nodes


def _random_positions(count, seed=7):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        state = AtaxxState.from_fen(layout_fen(LAYOUTS[i % len(LAYOUTS)][0]))
        for _ in range(rng.randrange(0, 60)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
        out.append(AtaxxState.from_fen(state.to_text()))
    return out


def test_fast_perft_matches_reference():
    """The bulk-counting perft agrees with the plain one built on legal_moves/play."""
    for state in _random_positions(25):
        for depth in (1, 2):
            assert perft(state, depth) == generic_perft(state, depth), state.to_text()


def test_generated_moves_match_brute_force():
    for state in _random_positions(25, seed=3):
        if state.outcome is not None:
            continue
        own = state.stones(state.to_move)
        empty = state.empty
        expected = set()
        for frm in range(63):
            if not own >> frm & 1:
                continue
            for to in range(63):
                if not empty >> to & 1:
                    continue
                df = abs(frm % 9 - to % 9)
                dr = abs(frm // 9 - to // 9)
                d = max(df, dr)
                if d == 1:
                    expected.add(AtaxxMove(None, to))
                elif d == 2:
                    expected.add(AtaxxMove(frm, to))
        got = set(state.legal_moves())
        assert got == (expected or {PASS})


@pytest.mark.parametrize(
    "fen",
    [
        START_FEN,
        BLOCKERS,
        "x2-2o/3-3/2---2/7/2---2/3-3/o2-2x o 12 40",
        "7/7/7/3x3/7/7/7 o 0 1",
        "xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxxx/ooooooo/xxxxxx1 x 5 30",
    ],
)
def test_fen_round_trip(fen):
    assert AtaxxState.from_fen(fen).to_text() == fen


def test_fen_defaults_and_aliases():
    assert AtaxxState.from_fen("x5o/7/7/7/7/7/o5x").to_text() == START_FEN
    assert AtaxxState.from_fen("x5o/7/7/7/7/7/o5x b").to_move == BLUE
    assert AtaxxState.from_fen("r5b/7/7/7/7/7/b5r r 0 1").to_text() == START_FEN


def test_fen_digits_are_read_one_by_one_as_always():
    # The board goes through Tafel's BoardText now; texts the old reader took still read the same.
    assert AtaxxState.from_fen("x14o/16/7/07/7/7/o5x").to_text() == START_FEN
    assert AtaxxState.from_fen("X5O/7/7/7/7/7/O5X").to_text() == START_FEN


@pytest.mark.parametrize(
    "fen,words",
    [
        ("", "empty"),
        ("x5o/7/7", "7 ranks"),
        ("x5o/7/7/7/7/7/o5x z 0 1", "side to move"),
        ("x5o/7/7/7/7/7/o4x x 0 1", "rank 1 needs 7 cells, got 6"),
        ("x5o/7/7/7/7/7/o6x x 0 1", "rank 1 needs 7 cells, got more"),
        ("x5o/7/7/7/7/7/o5q x 0 1", "rank 1 has 'q'"),
        ("x5o/7/7/7/7/7/o5x x a 1", "numbers"),
        ("x5o/7/7/7/7/7/o5x x 0 0", "out of range"),
        ("x5o/7/7/7/7/7/o5x x 0 1 9", "too many"),
    ],
)
def test_bad_fen(fen, words):
    with pytest.raises(NotationError, match=words) as err:
        AtaxxState.from_fen(fen)
    assert "\n" not in str(err.value) and (fen == "" or str(err.value).startswith("bad Ataxx FEN"))


def test_clone_jump_and_flips_and_counters():
    s = AtaxxState.from_fen("7/7/7/2o4/7/7/x6 x 3 5")
    clone = s.play(s.parse_move("b2"))
    assert clone.to_text() == "7/7/7/2o4/7/1x5/x6 o 0 5"
    jump = clone.play(clone.parse_move("c4c2"))
    # c2 touches b2 (not a1): that Red stone flips; the fullmove number rises after Blue.
    assert jump.to_text() == "7/7/7/7/7/1oo4/x6 x 1 6"
    assert jump.count(RED) == 1 and jump.count(BLUE) == 2


def test_moves_do_not_change_the_old_state():
    s = AtaxxState.start()
    s.play(s.parse_move("f1"))
    assert s.to_text() == START_FEN


@pytest.mark.parametrize(
    "text,error",
    [
        ("a1", IllegalMoveError),  # a1 is empty but touches no Red stone... it is Blue's corner
        ("g1g1", IllegalMoveError),
        ("a7a4", IllegalMoveError),  # distance 3
        ("b7", None),
        ("0000", IllegalMoveError),  # Red can move, so no pass
        ("h9", NotationError),
        ("a7c", NotationError),
        ("", NotationError),
        ("g7f7", IllegalMoveError),  # Blue's stone
    ],
)
def test_parse_move(text, error):
    s = AtaxxState.start()
    if error is None:
        assert s.parse_move(text) == AtaxxMove(None, square_of(text))
    else:
        with pytest.raises(error):
            s.parse_move(text)


def test_play_rejects_illegal_move():
    with pytest.raises(IllegalMoveError):
        AtaxxState.start().play(AtaxxMove(None, square_of("d4")))


def test_forced_pass():
    # Blue's only stone is walled in by Red stones with no empty square within reach.
    s = AtaxxState.from_fen("oxxxxxx/xxxxxxx/xxxxxxx/7/7/7/7 o 0 1")
    assert s.outcome is None
    assert s.is_forced_pass()
    assert s.legal_moves() == [PASS]
    after = s.play(PASS)
    assert after.to_move == RED and after.halfmove == 1 and after.fullmove == 2
    assert AtaxxState.start().is_forced_pass() is False


def test_end_no_stones():
    s = AtaxxState.from_fen("7/7/7/3x3/7/7/7 o 0 1")
    assert s.outcome is not None
    assert s.outcome.winners == (RED,)
    assert "Blue has no stones" in s.outcome.reason
    assert s.legal_moves() == []


def test_end_capture_last_stone():
    s = AtaxxState.from_fen("7/7/7/3o3/7/3x3/7 x 0 1")
    after = s.play(s.parse_move("d3"))
    assert after.outcome is not None and after.outcome.winners == (RED,)


def test_end_board_full_and_draw():
    full = AtaxxState.from_fen("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 1")
    assert full.outcome is not None and "full" in full.outcome.reason
    assert full.outcome.winners == (RED,)  # 25 to 24
    # 24 blocked squares, 12 stones each: a full board with equal counts is a draw.
    drawn = AtaxxState.from_fen("xxxxxxx/xxxxx--/-------/-------/--ooooo/ooooooo/------- x 0 1")
    assert drawn.outcome is not None and drawn.outcome.is_draw


def test_end_neither_side_can_move():
    # Empty squares exist but no stone can reach them.
    s = AtaxxState.from_fen("x--4/---4/---4/7/4---/4---/4--o o 0 1")
    assert s.outcome is not None
    assert s.outcome.reason == "neither side can move"


def test_third_repetition_ends_the_game():
    s = AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 0 1")
    cycle = ["a7c7", "g7e7", "c7a7", "e7g7"]
    seen = 1
    for _ in range(2):
        for text in cycle:
            assert s.outcome is None
            s = s.play(s.parse_move(text))
        seen += 1
        assert s.repetitions() == seen
    assert s.outcome is not None
    assert "three times" in s.outcome.reason
    assert s.outcome.is_draw  # 2 stones each


def test_engine_rules_halfmove_draw():
    s = AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 99 60", engine_rules=True)
    assert s.outcome is None
    after = s.play(s.parse_move("a7c7"))
    assert after.halfmove == 100
    assert after.outcome is not None and "engine rules" in after.outcome.reason
    plain = AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 99 60").play(AtaxxMove(square_of("a7"), square_of("c7")))
    assert plain.outcome is None


def test_layout_boards_are_symmetric_and_legal():
    for key, _, _ in LAYOUTS:
        s = AtaxxState.from_fen(layout_fen(key))
        assert s.count(RED) == s.count(BLUE) == 2
        assert s.outcome is None
        # Point symmetry keeps the game fair.
        rows = s.board_fen().split("/")
        assert s.gaps.bit_count() % 2 == 0 or rows[3][::-1] == rows[3]
