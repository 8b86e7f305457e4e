"""Hexxagon (examples/tafel-hexxagon): board geometry, moves, flips, the end, notation, AI.

The move generator is checked against a plain one written here from the rules (cube
coordinates, no bitboards), on the start positions and on positions from random games.
"""

from __future__ import annotations

import doctest
import random
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "tafel-hexxagon"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))

import tafel_hexxagon  # noqa: E402
from tafel_hexxagon import GAME, board, rules  # noqa: E402
from tafel_hexxagon.board import CELLS, FAR, NEAR, cell_name, cell_of  # noqa: E402
from tafel_hexxagon.rules import PASS, HexMove, HexxagonState, evaluate  # noqa: E402

from tafel import IllegalMoveError, Limit, NotationError  # noqa: E402
from tafel.cli.conformance import check_game  # noqa: E402
from tafel.perft import perft  # noqa: E402

CLASSIC = GAME.resolve_options({})
OPEN = GAME.resolve_options({"board": "open"})


# --- a plain reference implementation of the rules --------------------------------------------


def _cube(name: str) -> tuple[int, int, int]:
    q, r = "abcdefghi".index(name[0]) - 4, int(name[1:]) - 5
    return (q, r - q, -r)  # x + y + z == 0


NAMES = [f + str(r) for f in "abcdefghi" for r in range(1, 10)]
ALL = [n for n in NAMES if max(abs(c) for c in _cube(n)) <= 4]


def _dist(a: str, b: str) -> int:
    return max(abs(x - y) for x, y in zip(_cube(a), _cube(b), strict=True))


def reference_moves(state: HexxagonState) -> set[str]:
    """Clone and jump texts for the side to move, straight from the rules."""
    mine = {cell_name(c) for c in CELLS if state.gems(state.to_move) >> c & 1}
    empty = {cell_name(c) for c in CELLS if state.empty >> c & 1}
    out = set()
    for to in empty:
        if any(_dist(to, m) == 1 for m in mine):
            out.add(to)
        out |= {m + to for m in mine if _dist(m, to) == 2}
    return out


def random_states(seed: int, count: int, options=CLASSIC) -> list[HexxagonState]:
    rng = random.Random(seed)
    state = GAME.new_state(options, None)
    out = [state]
    while state.outcome is None and len(out) < count:
        state = state.play(rng.choice(state.legal_moves()))
        out.append(state)
    return out


# --- the board --------------------------------------------------------------------------------


def test_board_shape():
    assert len(CELLS) == 61 == len(ALL)
    assert sorted(cell_name(c) for c in CELLS) == sorted(ALL)
    for name in ("a1", "a5", "e1", "e9", "i5", "i9"):  # the six corners
        assert bin(NEAR[cell_of(name)]).count("1") == 3
    for c in CELLS:
        name = cell_name(c)
        near = {n for n in ALL if _dist(n, name) == 1}
        far = {n for n in ALL if _dist(n, name) == 2}
        assert {cell_name(x) for x in CELLS if NEAR[c] >> x & 1} == near
        assert {cell_name(x) for x in CELLS if FAR[c] >> x & 1} == far
    centre = cell_of("e5")
    assert bin(NEAR[centre]).count("1") == 6 and bin(FAR[centre]).count("1") == 12


@pytest.mark.parametrize("name", ["a6", "i1", "e0", "j5", "e10", "", "5e"])
def test_off_board_names(name):
    with pytest.raises(ValueError):
        cell_of(name)


def test_start_positions():
    s = GAME.new_state(CLASSIC, None)
    assert s.to_text() == "x3o/6/7/3-4/o4-2x/3-4/7/6/x3o x 0 1"
    assert {cell_name(c) for c in CELLS if s.ruby >> c & 1} == {"a1", "i5", "e9"}
    assert {cell_name(c) for c in CELLS if s.sapphire >> c & 1} == {"e1", "a5", "i9"}
    assert {cell_name(c) for c in CELLS if s.gaps >> c & 1} == {"d4", "e6", "f5"}
    # The blocked cells are neighbours of the centre, which stays playable.
    assert all(_dist(cell_name(c), "e5") == 1 for c in CELLS if s.gaps >> c & 1)
    assert len(s.legal_moves()) == 24  # 3 corners x (3 clones + 5 jumps)
    assert GAME.new_state(OPEN, None).gaps == 0


# --- moves ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_moves_match_the_reference(seed):
    for state in random_states(seed, 150, CLASSIC if seed != 3 else OPEN):
        if state.outcome is not None:
            assert state.legal_moves() == []
            continue
        texts = {state.move_to_text(m) for m in state.legal_moves()}
        expected = reference_moves(state) or {"0000"}
        assert texts == expected, state.to_text()


def make(ruby=(), sapphire=(), gaps=(), to_move=0, halfmove=0) -> HexxagonState:
    def bits(names):
        return sum(1 << cell_of(n) for n in names)

    return HexxagonState(bits(ruby), bits(sapphire), bits(gaps), to_move, halfmove)


def test_clone_flips_neighbours_and_keeps_the_source():
    s = make(ruby=["d4"], sapphire=["e5", "i9"])
    after = s.play(s.parse_move("d5"))
    assert after.count(0) == 3 and after.count(1) == 1  # e5 turned, i9 is far away
    assert after.ruby >> cell_of("d4") & 1 and after.halfmove == 0
    assert after.to_move == 1 and after.fullmove == 1
    assert s.count(1) == 2  # the old state is unchanged


def test_jump_moves_the_gem_over_a_blocked_cell():
    s = make(ruby=["e5"], sapphire=["i9"], gaps=["d4", "e6", "f5"])
    assert {"e5e7", "e5c4", "e5g6"} <= {s.move_to_text(m) for m in s.legal_moves()}
    after = s.play(s.parse_move("e5e7"))  # over the blocked e6
    assert not after.ruby >> cell_of("e5") & 1 and after.ruby >> cell_of("e7") & 1
    assert after.halfmove == 1 and after.count(0) == 1
    with pytest.raises(IllegalMoveError):
        s.parse_move("e6")  # blocked
    with pytest.raises(IllegalMoveError):
        s.play(HexMove(cell_of("e5"), cell_of("e8")))  # three steps away


def test_flips_in_every_direction_and_no_gems_left():
    ring = ["d4", "e4", "d5", "f5", "e6", "f6"]
    s = make(ruby=["c3"], sapphire=ring)
    after = s.play(s.parse_move("c3e5"))
    assert after.sapphire == 0 and after.count(0) == 7
    assert after.outcome is not None and after.outcome.winners == (0,)
    assert after.outcome.reason == "Sapphire has no gems left" and after.outcome.scores == (7, 0)
    assert after.legal_moves() == []


# --- the end ----------------------------------------------------------------------------------


def test_pass_when_walled_in():
    walls = [n for n in ALL if 1 <= _dist(n, "a1") <= 2]
    s = make(ruby=walls, sapphire=["a1"], to_move=1)
    assert s.outcome is None and s.is_forced_pass()
    assert s.legal_moves() == [PASS]
    after = s.play(s.parse_move("0000"))
    assert after.to_move == 0 and PASS not in after.legal_moves()
    with pytest.raises(IllegalMoveError):
        after.parse_move("0000")


def test_game_ends_when_nobody_can_move():
    # The only empty cell, a1, is out of everyone's reach: blocked cells all round it.
    fence = [n for n in ALL if 1 <= _dist(n, "a1") <= 2]
    rest = [n for n in ALL if _dist(n, "a1") > 2]
    s = make(ruby=rest[:30], sapphire=rest[30:], gaps=fence)
    assert s.outcome is not None and s.outcome.reason == "neither side can move"
    assert s.outcome.winners == (0,) and s.outcome.scores == (30, len(rest) - 30)


def test_full_board_ends_with_the_count():
    gaps = ["d4", "e6", "f5"]
    free = [n for n in ALL if n not in gaps]
    s = make(ruby=free[:28], sapphire=free[28:-1], gaps=gaps, to_move=1)
    assert s.outcome is None and free[-1] == "i9"
    last = s.play(s.parse_move("i9"))
    assert last.outcome is not None and last.outcome.reason == "the board is full"
    assert last.outcome.scores == (28, 30) and last.outcome.winners == (1,)


def test_third_repetition_ends_the_game():
    s = make(ruby=["a1"], sapphire=["i9"])
    cycle = ["a1c2", "i9g8", "c2a1", "g8i9"]
    for i in range(8):
        assert s.outcome is None
        s = s.play(s.parse_move(cycle[i % 4]))
    assert s.to_text() == make(ruby=["a1"], sapphire=["i9"]).to_text().replace(" 0 1", " 8 5")
    assert s.outcome is not None and s.outcome.reason == "the same position appeared three times"
    assert s.outcome.is_draw


# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "expected board"),
        ("x3o/6/7", "needs 9 rows"),
        ("x3o/6/7/3-4/o4-2x/3-4/7/6/x3oo x 0 1", "rank 1 needs 5 cells, got more"),
        ("x3o/6/7/3-4/o4-2x/3-4/7/6/x2o x 0 1", "rank 1 needs 5 cells, got 4"),
        ("x3o/6/7/3-4/o4-2z/3-4/7/6/x3o x 0 1", "rank 5 has 'z'"),
        ("x3o/6/7/3-4/o4-2x/3-4/7/6/x3o y 0 1", "side to move"),
        ("x3o/6/7/3-4/o4-2x/3-4/7/6/x3o x a 1", "numbers"),
    ],
)
def test_bad_positions_are_one_line_errors(text, words):
    with pytest.raises(NotationError) as err:
        GAME.parse_position(text, CLASSIC)
    assert words in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("text", ["e0", "a1a1a1", "zz", "a9", "a1j2"])
def test_bad_moves_are_one_line_errors(text):
    s = GAME.new_state(CLASSIC, None)
    with pytest.raises(NotationError) as err:
        s.parse_move(text)
    assert "not a Hexxagon move" in str(err.value)


def test_round_trips_and_doctests():
    for state in random_states(7, 80):
        assert GAME.parse_position(state.to_text(), CLASSIC).to_text() == state.to_text()
    for module in (tafel_hexxagon, board, rules):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted >= (1 if module is not tafel_hexxagon else 0)


def test_generic_perft_matches_the_reference():
    start = GAME.new_state(CLASSIC, None)

    def ref(state, depth):
        if depth == 0:
            return 1
        moves = state.legal_moves()
        assert {state.move_to_text(m) for m in moves} == (reference_moves(state) or {"0000"})
        return sum(ref(state.play(m), depth - 1) for m in moves)

    assert perft(start, 1) == 24
    assert perft(start, 2) == ref(start, 2)


# --- AI and the suite -------------------------------------------------------------------------


def test_evaluate_is_the_gem_balance():
    s = HexxagonState.from_text("x3o/6/7/3-4/o4-2x/3-4/7/6/xx2o x 0 1")
    assert evaluate(s, 0) == pytest.approx(1 / 7) and evaluate(s, 1) == pytest.approx(-1 / 7)


def test_generic_players_see_a_winning_move():
    # Sapphire's two gems sit side by side; landing on d3 or e5 turns both and wins.
    s = make(ruby=["b1", "a5"], sapphire=["d4", "e4"])
    from tafel.ai.generic import LevelAgent
    from tafel.ai.greedy import GreedyAgent

    for agent in (GreedyAgent(GAME), LevelAgent(GAME, Limit(depth=2))):
        move = agent.choose(s, Limit(depth=2), random.Random(3))
        assert s.play(move).outcome.winners == (0,), s.move_to_text(move)


def test_registered_as_a_folder_plugin_it_uses_the_generic_levels():
    from tafel.plugins import load_registry
    from tafel.registry import LoadSpec

    registry = load_registry(LoadSpec(plugin_dirs=(str(EXAMPLE),), builtin=False, entry_points=False))
    assert registry.broken == [] and list(registry.games) == ["hexxagon"]
    hard = registry.agent("hard", "hexxagon")
    assert hard.games is None and hard.plugin == "tafel.ai.generic"


def test_conformance_without_renderer():
    report = check_game(GAME, games=2, max_plies=150, deep_every=3, ai=True)
    assert report.ok, "\n".join(report.lines())
    report = check_game(GAME, OPEN, games=1, max_plies=60, deep_every=3)
    assert report.ok, "\n".join(report.lines())
