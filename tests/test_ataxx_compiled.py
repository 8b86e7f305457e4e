"""The compiled Ataxx search (the optional C extension) against the pure-Python one (issue 43).

Both are run on the same positions with the same settings: at a fixed depth they must visit the
same nodes, score the same and choose the same move and line. Skipped where the extension is not
built (no compiler at install time): then every level searches in pure Python anyway.
"""

from __future__ import annotations

import random

import pytest

from tafel.games.ataxx import compiled
from tafel.games.ataxx.ai import LEVELS, position_keys, to_code
from tafel.games.ataxx.compiled import CompiledEngine, make_engine
from tafel.games.ataxx.rules import RED, AtaxxState
from tafel.games.ataxx.search import Engine, Weights, move_text

needs_extension = pytest.mark.skipif(not compiled.AVAILABLE, reason="the C extension is not built")

#: The search bench's positions (bench/ataxx_search.py) and a few more kinds.
FENS = (
    "x5o/7/7/7/7/7/o5x x 0 1",
    "7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12",
    "xxxoo2/xx1-o2/2o1-2/xo1x1o1/o1-1-2/7/o5x o 0 14",
    "xxxxooo/xxxoooo/xxo1ooo/xx1x1oo/xxoxxoo/ooxx1xx/ooooxxx x 0 30",
    "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
    "7/7/7/7/7/1oo4/x6 x 0 1",
)


def _sides(state: AtaxxState) -> tuple[int, int]:
    return (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)


def _positions(count: int, seed: int) -> list[AtaxxState]:
    """The fixed positions and random ones played out from them (seeded)."""
    rng = random.Random(seed)
    states = [AtaxxState.from_fen(f) for f in FENS]
    while len(states) < count:
        state = AtaxxState.from_fen(rng.choice(FENS))
        for _ in range(rng.randrange(1, 40)):
            moves = state.legal_moves()
            if state.outcome is not None or not moves:
                break
            state = state.play(rng.choice(moves))
        if state.outcome is None and not state.is_forced_pass():
            states.append(state)
    return states


def _engine(cls, level: str, disabled: str = ""):
    lv = LEVELS[level]
    engine = cls(lv.weights)
    engine.lmr_flips, engine.lmr_deep = lv.lmr_flips, lv.lmr_deep
    engine.rfp_depth, engine.rfp_margin, engine.futility = lv.rfp_depth, lv.rfp_margin, lv.futility
    if disabled:
        engine.disable(disabled)
    return engine


def _result(engine, state: AtaxxState, depth: int, **kwargs):
    r = engine.search(*_sides(state), state.gaps, max_depth=depth, **kwargs)
    return r.move, r.score, r.depth, r.nodes, r.pv, r.root_scores


@needs_extension
@pytest.mark.parametrize(
    "level, disabled, depth",
    [
        ("hard", "", 5),
        ("medium", "", 4),
        ("material3", "", 3),
        ("hard", "lmr", 4),
        ("hard", "null_move", 4),
        ("hard", "rfp", 4),
        ("hard", "futility", 4),
        ("hard", "aspiration", 5),
    ],
)
def test_same_nodes_scores_and_moves_at_a_fixed_depth(level, disabled, depth):
    for state in _positions(14, seed=len(level) * 7 + len(disabled)):
        pure = _result(_engine(Engine, level, disabled), state, depth)
        fast = _result(_engine(CompiledEngine, level, disabled), state, depth)
        assert fast == pure, state.to_text()


@needs_extension
def test_same_search_over_a_game_with_the_table_kept_and_repetitions_seen():
    """A whole game each way: tables and killers kept from move to move, the game's earlier
    positions passed as repetitions, and the easy level's exact root scores."""
    for level, depth, scores in (("hard", 4, False), ("easy", 3, True)):
        pure, fast = _engine(Engine, level), _engine(CompiledEngine, level)
        state = AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 0 1")
        for _ in range(30):
            if state.outcome is not None:
                break
            if state.is_forced_pass():
                state = state.play(state.legal_moves()[0])
                continue
            seen = position_keys(state)
            a = _result(pure, state, depth, seen=seen, root_scores=scores)
            b = _result(fast, state, depth, seen=seen, root_scores=scores)
            assert a == b, state.to_text()
            state = state.play(state.parse_move(move_text(a[0])))


@needs_extension
def test_same_evaluation_and_same_node_below_any_window():
    rng = random.Random(5)
    weights = (Weights(threat=65, safe=40, edge=40), Weights(), None)
    for state in _positions(40, seed=3):
        own, opp = _sides(state)
        for w in weights:
            pure, fast = Engine(w), CompiledEngine(w)
            fast.search(own, opp, state.gaps, max_depth=1)  # configures it for this board
            pure.search(own, opp, state.gaps, max_depth=1)
            assert fast._c.evaluate(own, opp, state.empty) == pure.evaluate(own, opp, state.empty)
            alpha = rng.randrange(-800, 800)
            for beta in (alpha + 1, alpha + 300):
                pure.nodes = fast.nodes = 0
                assert fast._negamax(own, opp, 3, alpha, beta, 0) == pure._negamax(
                    own, opp, 3, alpha, beta, 0
                )
                assert fast.nodes == pure.nodes


@needs_extension
def test_limits_end_a_compiled_search():
    state = AtaxxState.from_fen(FENS[1])
    engine = _engine(CompiledEngine, "hard")
    result = engine.search(*_sides(state), state.gaps, nodes=30_000)
    assert 30_000 <= result.nodes < 30_000 + 2_000
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 20

    result = engine.search(*_sides(state), state.gaps, stop=stop)
    assert result.move in {to_code(m) for m in state.legal_moves()}
    result = engine.search(*_sides(state), state.gaps, seconds=0.05)
    assert result.depth >= 4 and result.seconds < 0.5


@needs_extension
def test_a_full_compiled_table_replaces_entries_and_stays_in_its_size():
    state = AtaxxState.from_fen(FENS[1])
    engine = _engine(CompiledEngine, "hard")
    engine.tt_size = 500
    result = engine.search(*_sides(state), state.gaps, max_depth=6)
    assert len(engine.tt) <= 500 and result.depth == 6
    engine.clear()
    assert len(engine.tt) == 0 and not engine.tt


def test_the_pure_python_search_is_chosen_when_asked_or_needed(monkeypatch):
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert type(make_engine()) is Engine
    assert type(LEVELS["hard"].engine()) is Engine
    monkeypatch.delenv(compiled.PURE_ENV)
    # An evaluation the C search does not have (the opponent's threat) stays in Python.
    assert type(make_engine(Weights(counter=30))) is Engine
    expected = CompiledEngine if compiled.AVAILABLE else Engine
    assert type(make_engine()) is expected and type(LEVELS["hard"].engine()) is expected
