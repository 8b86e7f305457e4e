"""Ataxx AI: legal moves at every level, tactics, the material-only trap, passes, game ends,
limits and the search's building blocks checked against brute force."""

import random

import pytest

from tafel import IllegalMoveError, Limit
from tafel.games.ataxx import compiled
from tafel.games.ataxx.ai import LEVELS, AtaxxSearch, position_keys
from tafel.games.ataxx.board import BOARD
from tafel.games.ataxx.layouts import LAYOUTS, layout_fen
from tafel.games.ataxx.rules import BLUE, PASS, RED, AtaxxState
from tafel.games.ataxx.search import (
    CHECK_EVERY,
    STONE,
    WIN,
    Engine,
    Weights,
    best_gain,
    gen_moves,
    has_move,
    make_evaluator,
    make_move,
    move_text,
)


def _random_positions(count, seed=7, max_plies=70):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        state = AtaxxState.from_fen(layout_fen(LAYOUTS[i % len(LAYOUTS)][0]))
        for _ in range(rng.randrange(0, max_plies)):
            moves = state.legal_moves()
            if not moves:
                break
            state = state.play(rng.choice(moves))
        out.append(state)
    return out


def _sides(state):
    return (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)


# --- every level plays legal moves ------------------------------------------------------------


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_levels_return_legal_moves(level):
    ai = AtaxxSearch(level)
    rng = random.Random(1)
    limit = Limit(depth=1) if level == "material3" else Limit(depth=2)
    for state in _random_positions(14, seed=11):
        if state.outcome is not None:
            continue
        move = ai.choose(state, limit, rng)
        assert move in state.legal_moves(), (level, state.to_text(), move)
        assert ai.info["depth"] <= 2


def test_default_limits_play_a_short_game_legally():
    """Levels with an empty Limit use their own budget (easy: depth 1, material3: depth 3)."""
    state = AtaxxState.start()
    agents = {RED: AtaxxSearch("easy"), BLUE: AtaxxSearch("material3")}
    rng = random.Random(3)
    for _ in range(12):
        move = agents[state.to_move].choose(state, Limit(), rng)
        assert move in state.legal_moves()
        state = state.play(move)
    assert agents[BLUE].info["depth"] == 3


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown Ataxx level"):
        AtaxxSearch("grandmaster")


# --- tactics ------------------------------------------------------------------------------------

# Red a1 clones to b2 and flips a3 b3 c3 c2 c1: +11 stones; nothing else comes close.
BIG_CAPTURE = "7/7/7/7/ooo4/2o4/x1o3o x 0 1"


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "material3"])
def test_takes_the_big_capture(level):
    state = AtaxxState.from_fen(BIG_CAPTURE)
    move = AtaxxSearch(level).choose(state, Limit(depth=3), random.Random(0))
    assert move.text() == "b2"


def test_takes_an_immediate_win():
    # Blue's last two stones sit next to b6: cloning there wipes Blue out, the game is won.
    state = AtaxxState.from_fen("1o5/o6/x6/7/7/7/6x x 0 1")
    ai = AtaxxSearch("hard")
    move = ai.choose(state, Limit(depth=4), random.Random(0))
    after = state.play(move)
    assert after.outcome is not None and after.outcome.winners == (RED,)
    assert ai.info["score"] >= WIN - 4


# Blue to move. Material-only search to depth 3 jumps g7e5 (it looks like the least loss);
# four plies later Red has taken every Blue stone. The evaluation's tempo term sees it.
MATERIAL_TRAP = "6o/1x5/x6/1x5/x6/7/o5x o 0 5"


def test_material_only_falls_into_the_trap_hard_does_not():
    state = AtaxxState.from_fen(MATERIAL_TRAP)
    trap = AtaxxSearch("material3").choose(state, Limit(), random.Random(0))
    assert trap.text() == "g7e5"
    # The trap is real: after g7e5 Red wins by force (an exact material search proves it).
    after = state.play(trap)
    proof = Engine(None).search(after.red, after.blue, after.gaps, max_depth=4)
    assert proof.score >= WIN - 4
    for depth in (3, 4):
        move = AtaxxSearch("hard").choose(state, Limit(depth=depth), random.Random(0))
        assert move.text() != "g7e5"
        reply = state.play(move)
        check = Engine(None).search(reply.red, reply.blue, reply.gaps, max_depth=4)
        assert check.score < WIN // 2  # not lost within the same horizon


def test_fixed_depth_search_is_deterministic():
    state = _random_positions(1, seed=5, max_plies=30)[0]
    first = AtaxxSearch("hard")
    second = AtaxxSearch("hard")
    a = first.choose(state, Limit(depth=4), random.Random(1))
    b = second.choose(state, Limit(depth=4), random.Random(99))
    assert a == b
    assert first.info["nodes"] == second.info["nodes"]
    assert first.info["score"] == second.info["score"]
    assert first.info["pv"].split()[0] == a.text()


def test_easy_varies_among_near_best_moves_only():
    state = AtaxxState.start()
    ai = AtaxxSearch("easy")
    chosen = {ai.choose(state, Limit(), random.Random(seed)).text() for seed in range(30)}
    assert len(chosen) > 1  # beatable: it does not always play the same move
    # ...but only among clones here (a jump from the start gives a stone away).
    assert all(len(text) == 2 for text in chosen)


# --- passes and game ends -----------------------------------------------------------------------

# Red a1 is walled in by Blue at king distance 1 and 2: Red must pass.
WALLED_IN = "7/7/7/7/ooo4/ooo4/xoo4 x 0 10"


def test_forced_pass_returns_the_pass():
    state = AtaxxState.from_fen(WALLED_IN)
    assert state.legal_moves() == [PASS]
    for level in ("easy", "hard", "material3"):
        assert AtaxxSearch(level).choose(state, Limit(depth=3), random.Random(0)) == PASS


def test_search_through_the_opponents_pass():
    # Blue to move; Red is walled in and passes while Blue fills in: Blue's win is found.
    state = AtaxxState.from_fen("7/7/7/7/ooo4/ooo4/xoo4 o 0 10")
    ai = AtaxxSearch("hard")
    move = ai.choose(state, Limit(depth=3), random.Random(0))
    assert move in state.legal_moves()
    assert ai.info["score"] > 0


def test_finished_game_has_no_move_to_choose():
    state = AtaxxState.from_fen("7/7/7/7/7/7/x6 o 0 1")  # Blue has no stones
    with pytest.raises(IllegalMoveError, match="game is over"):
        AtaxxSearch("hard").choose(state, Limit(depth=2), random.Random(0))


def test_near_end_scores_match_the_played_out_result():
    """With two or three empty squares a depth-6 search sees every game end exactly."""
    rng = random.Random(4)
    checked = 0
    for _ in range(40):
        state = AtaxxState.start()
        while state.outcome is None and state.empty.bit_count() > 3:
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is not None:
            continue
        ai = AtaxxSearch("hard")
        ai.choose(state, Limit(depth=6), rng)
        score = ai.info["score"]
        if abs(score) < WIN // 2:
            continue  # a repetition could still end it: the search does not claim a result
        # Play it out with both sides searching; the result must be the one announced.
        mover = state.to_move
        game = state
        while game.outcome is None:
            game = game.play(AtaxxSearch("hard").choose(game, Limit(depth=6), rng))
        rewards = game.outcome.rewards
        assert (score > 0) == (rewards[mover] == 1.0), state.to_text()
        checked += 1
        if checked == 6:
            break
    assert checked >= 5


def test_repeated_positions_are_never_scored_as_wins():
    # Only jumps from here on: the positions since the last clone are passed to the search.
    state = AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 0 1")
    for text in ("a7c7", "g7e7", "c7a7", "e7g7"):
        state = state.play(state.parse_move(text))
    keys = position_keys(state)
    assert (state.red, state.blue) in keys  # the start position, Red to move, came before
    ai = AtaxxSearch("hard")
    move = ai.choose(state, Limit(depth=4), random.Random(0))
    assert move in state.legal_moves()
    assert abs(ai.info["score"]) < WIN // 2


# --- limits ---------------------------------------------------------------------------------------


def test_time_limit_and_stop_still_give_legal_moves():
    state = next(s for s in _random_positions(5, seed=9, max_plies=40) if s.outcome is None)
    ai = AtaxxSearch("hard")
    assert ai.choose(state, Limit(time=0.05), random.Random(0)) in state.legal_moves()
    assert ai.choose(state, Limit(), random.Random(0), stop=lambda: True) in state.legal_moves()
    assert ai.info["depth"] <= 1


def test_node_limit_is_respected():
    ai = AtaxxSearch("hard")
    ai.choose(AtaxxState.start(), Limit(nodes=3000), random.Random(0))
    assert 0 < ai.info["nodes"] < 3000 + 1500
    assert set(ai.info) >= {"depth", "nodes", "nps", "score", "pv"}


def test_reset_clears_the_table():
    ai = AtaxxSearch("hard")
    ai.choose(AtaxxState.start(), Limit(depth=3), random.Random(0))
    assert ai.engine.tt
    ai.reset()
    assert not ai.engine.tt


# --- building blocks against brute force -------------------------------------------------------


def _brute_gain(state):
    own, opp = _sides(state)
    from tafel.games.ataxx.board import SINGLES

    return max(
        (2 * (SINGLES[m.to] & opp).bit_count() + (0 if m.is_jump else 1) for m in state.generate()),
        default=0,
    )


def test_best_gain_matches_brute_force():
    for state in _random_positions(40, seed=21):
        own, opp = _sides(state)
        assert best_gain(own, opp, state.empty) == _brute_gain(state), state.to_text()


def test_gen_moves_match_the_rules():
    for state in _random_positions(20, seed=8):
        own, opp = _sides(state)
        mine = sorted(move_text(m) for m in gen_moves(own, opp, state.empty))
        assert mine == sorted(m.text() for m in state.generate())
        assert has_move(own, state.empty) == bool(mine)


def _minimax(own, opp, board, depth, ply):
    if not own:
        return -WIN + ply
    empty = board & ~(own | opp)
    diff = own.bit_count() - opp.bit_count()
    result = WIN - ply if diff > 0 else -WIN + ply if diff < 0 else 0
    if not empty:
        return result
    if depth == 0:
        return diff * STONE
    moves = gen_moves(own, opp, empty)
    if not moves:
        if not has_move(opp, empty):
            return result
        return -_minimax(opp, own, board, depth - 1, ply + 1)
    best = -10 * WIN
    for m in moves:
        o, p = make_move(own, opp, m)
        best = max(best, -_minimax(p, o, board, depth - 1, ply + 1))
    return best


def test_material_search_equals_plain_minimax():
    """Pruning (alpha-beta, the table, last-ply cut-offs) never changes the material value."""
    checked = deep = 0
    for state in _random_positions(12, seed=31, max_plies=80):
        if state.outcome is not None or state.is_forced_pass():
            continue
        own, opp = _sides(state)
        board = BOARD & ~state.gaps
        # Depth 3 only where the brute force stays quick.
        deepest = 3 if len(gen_moves(own, opp, state.empty)) <= 40 else 2
        for depth in range(1, deepest + 1):
            result = Engine(None).search(own, opp, state.gaps, max_depth=depth)
            assert result.score == _minimax(own, opp, board, depth, 0), (state.to_text(), depth)
            checked += 1
            deep += depth == 3
    assert checked >= 15
    assert deep >= 3


def test_inlined_evaluation_is_material_plus_the_threat_term():
    evaluate = make_evaluator(Weights(threat=50))
    for state in _random_positions(40, seed=22):
        own, opp = _sides(state)
        expected = (own.bit_count() - opp.bit_count()) * STONE + 50 * best_gain(own, opp, state.empty)
        assert evaluate(own, opp, state.empty) == expected, state.to_text()


# --- issue 20, item 3: the stronger hard level's parts ------------------------------------------


@pytest.mark.parametrize(
    "weights",
    [Weights(threat=50, safe=30), Weights(threat=50, edge=40), Weights(threat=55, safe=40, edge=35)],
)
def test_per_move_bounds_of_safe_and_edge_terms_never_change_the_value(weights):
    """The last ply stops at the first gain level that cannot reach alpha; with the safe and
    edge terms that bound is computed per move. Searching without the cut-off (an unbounded
    margin) gives the same value."""
    checked = 0
    for state in _random_positions(16, seed=41, max_plies=60):
        if state.outcome is not None or state.is_forced_pass():
            continue
        own, opp = _sides(state)
        for depth in (1, 2, 3):
            engines = []
            for bounded in (True, False):
                engine = Engine(weights)
                engine.lmr = engine.null_move = False
                engine.aspiration = 0
                if not bounded:
                    engine.safe_w = engine.edge_w = 0
                    engine.margin = 10 * WIN
                engines.append(engine.search(own, opp, state.gaps, max_depth=depth).score)
            assert engines[0] == engines[1], (state.to_text(), depth)
            checked += 1
    assert checked >= 30


def test_fast_evaluation_with_safe_and_edge_terms():
    from tafel.games.ataxx.search import EDGE, dilate

    w = Weights(threat=50, safe=30, edge=20)
    evaluate = make_evaluator(w)
    for state in _random_positions(40, seed=23):
        own, opp, empty = *_sides(state), state.empty
        near_empty = dilate(empty) | empty
        expected = (
            (own.bit_count() - opp.bit_count()) * STONE
            + 50 * best_gain(own, opp, empty)
            + 30 * ((own & ~near_empty).bit_count() - (opp & ~near_empty).bit_count())
            + 20 * ((own & EDGE).bit_count() - (opp & EDGE).bit_count())
        )
        assert evaluate(own, opp, empty) == expected, state.to_text()


def test_a_full_table_keeps_its_deep_entries():
    state = _random_positions(1, seed=5, max_plies=20)[0]
    engine = Engine()
    engine.search(*_sides(state), state.gaps, max_depth=6)
    deep = {k: v for k, v in engine.tt.items() if v[0] >= engine.keep_depth}
    assert deep and len(deep) < len(engine.tt)
    engine.tt_size = 2 * len(deep) + 2
    engine.trim()
    assert engine.tt == deep
    engine.tt_size = len(deep)  # even the deep ones fill more than half: cleared
    engine.trim()
    assert engine.tt == {}


def test_a_retired_table_is_emptied_step_by_step_keeping_its_deep_entries():
    """Issue 43: a full table is swapped for an empty one at once, and emptied a few entries
    at a time (no pause of 70-250 ms on the clock), its deep entries moved over."""
    state = _random_positions(1, seed=5, max_plies=20)[0]
    engine = Engine()
    engine.search(*_sides(state), state.gaps, max_depth=6)
    old = dict(engine.tt)
    deep = {k: v for k, v in old.items() if v[0] >= engine.keep_depth}
    engine.tt_size = 2 * len(deep) + 2
    engine.retire()
    assert engine.tt == {} and engine.draining
    steps = 0
    while engine.draining:
        engine.drain(64)
        steps += 1
    assert steps == -(-len(old) // 64)
    assert engine.tt == deep


def test_a_long_search_keeps_its_table_bounded_without_clearing_it_at_once():
    state = _random_positions(1, seed=5, max_plies=20)[0]
    engine = Engine()
    engine.tt_size = 500
    sizes = []
    engine.search(
        *_sides(state), state.gaps, max_depth=7, on_iteration=lambda r: sizes.append(len(engine.tt))
    )
    # Retired at twice its size (at a look, every CHECK_EVERY nodes), the old one drained.
    assert max(sizes) <= 2 * engine.tt_size + CHECK_EVERY
    assert sum(len(t) for t in engine._retired) <= 2 * engine.tt_size + CHECK_EVERY


@pytest.mark.parametrize("pure", [True, False])
def test_the_limits_are_looked_at_every_few_nodes(pure, monkeypatch):
    """The stop callback is asked every ``check_every`` nodes (CHECK_EVERY in Python, a few
    hundred in the compiled search; a node of the last ply counts its children at once): a stop
    is seen within a fraction of a millisecond, whatever the machine's speed."""
    if pure:
        monkeypatch.setenv(compiled.PURE_ENV, "1")
    state = AtaxxState.from_fen("7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12")
    engine = LEVELS["hard"].engine()
    every = engine.check_every
    assert every == CHECK_EVERY or not pure
    asked = []

    def stop() -> bool:
        asked.append(engine.nodes)
        return engine.nodes >= 20_000

    result = engine.search(*_sides(state), state.gaps, stop=stop)
    gaps = [b - a for a, b in zip(asked, asked[1:], strict=False)]
    # (A last-ply node of the compiled search counts up to several hundred children at once.)
    slack = 200 if every == CHECK_EVERY else 600
    assert max(gaps) <= every + slack and sorted(gaps)[len(gaps) // 2] <= 2 * every
    assert 20_000 <= result.nodes <= 20_000 + every + slack
    assert engine.stall > 0  # the longest gap between two looks, on the wall clock


def test_aspiration_windows_find_the_full_windows_move_and_score():
    """The root's narrow window is searched again in full when the score falls outside it."""
    checked = 0
    for state in _random_positions(10, seed=17, max_plies=40):
        if state.outcome is not None or state.is_forced_pass():
            continue
        own, opp = _sides(state)
        results = []
        for window in (60, 0):
            engine = Engine(None)  # plain alpha-beta: the value is exact
            engine.aspiration = window
            results.append(engine.search(own, opp, state.gaps, max_depth=5).score)
        assert results[0] == results[1], state.to_text()
        checked += 1
    assert checked >= 6


def test_the_hard_level_reduces_late_moves_by_two_plies_deep_in_the_tree():
    """The hard level's ``lmr_deep`` reaches its engine: the same depth takes fewer nodes than
    with one-ply reductions only."""
    state = AtaxxState.from_fen("7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12")
    nodes = []
    for deep in (LEVELS["hard"].lmr_deep, 1000):
        ai = AtaxxSearch("hard")
        assert ai.engine.lmr_deep == LEVELS["hard"].lmr_deep
        ai.engine.lmr_deep = deep
        ai.choose(state, Limit(depth=6), random.Random(0))
        nodes.append(ai.info["nodes"])
    assert LEVELS["hard"].lmr_deep < 1000 and nodes[0] < nodes[1]


def test_the_hard_level_cuts_nodes_far_above_beta_near_the_leaves():
    """The hard level's reverse futility pruning reaches its engine: the same depth takes fewer
    nodes than without it, and the move found is still legal."""
    state = AtaxxState.from_fen("7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12")
    nodes = []
    for depth in (LEVELS["hard"].rfp_depth, 0):
        ai = AtaxxSearch("hard")
        assert (ai.engine.rfp_depth, ai.engine.rfp_margin) == (2, 300)
        ai.engine.rfp_depth = depth
        move = ai.choose(state, Limit(depth=6), random.Random(0))
        assert move in state.legal_moves()
        nodes.append(ai.info["nodes"])
    assert nodes[0] < 0.9 * nodes[1]
    assert Engine().rfp_depth == 0 and LEVELS["medium"].engine().rfp_depth == 0  # only hard prunes


def test_futility_pruning_skips_last_ply_moves_far_below_alpha():
    """With ``futility`` set, the last ply skips moves that lie only a little above alpha off the
    principal variation: the same depth takes fewer nodes and still finds a legal move, and a
    winning capture is found with it as without."""
    state = AtaxxState.from_fen("7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12")
    nodes = []
    for futility in (400, 0):
        ai = AtaxxSearch("hard")
        ai.engine.futility = futility
        move = ai.choose(state, Limit(depth=6), random.Random(0))
        assert move in state.legal_moves()
        nodes.append(ai.info["nodes"])
    assert nodes[0] < 0.9 * nodes[1]
    assert Engine().futility == 0 and LEVELS["hard"].engine().futility == LEVELS["hard"].futility
    # Red's jump a1c3 into the ring flips all eight stones and wins: found either way.
    won = AtaxxState.from_fen("7/7/7/1ooo3/1o1o3/1ooo3/x6 x 0 1")
    for futility in (400, 0):
        ai = AtaxxSearch("hard")
        ai.engine.futility = futility
        assert ai.choose(won, Limit(depth=4), random.Random(0)).text() == "a1c3"


def _last_ply_score(fen, alpha):
    """The hard engine's score of ``fen`` searched one ply deep in the null window at ``alpha``."""
    state = AtaxxState.from_fen(fen)
    engine = LEVELS["hard"].engine()
    engine.board = BOARD & ~state.gaps
    engine.nodes, engine._next_check, engine._path = 0, 1 << 60, set()
    return engine._negamax(*_sides(state), 1, alpha, alpha + 1, 0)


@pytest.mark.parametrize(
    "fen",
    [
        "7/7/7/1ooo3/1o1o3/1ooo3/x6 x 0 1",  # a1c3 takes all eight Blue stones
        "xxxxxxx/xxxxxxx/xxxxxxx/xxx1ooo/ooooooo/ooooooo/ooooooo x 0 1",  # d4 fills the board, 29-20
    ],
)
@pytest.mark.parametrize("alpha", [5000, WIN // 2, WIN - 5])
def test_the_last_ply_never_cuts_a_move_that_wins_the_game(fen, alpha):
    """The last ply stops at the first gain level whose bound cannot lift the score above alpha.
    That bound is the evaluation's: a move that ends the game scores a win above it, so alpha
    high above the position's material (or a slower win already found) must not hide it."""
    assert _last_ply_score(fen, alpha) == WIN - 1


def test_a_timed_search_uses_its_time():
    engine = Engine()
    state = AtaxxState.start()
    result = engine.search(state.red, state.blue, state.gaps, seconds=0.2)
    assert result.seconds >= 0.19 and result.depth >= 2


def test_no_garbage_collection_during_a_search_and_the_collector_as_it_was_after():
    import gc

    state = AtaxxState.from_fen("7/1xxo3/xoxxoo1/2xooo1/2xxo2/2xx3/7 x 0 12")
    seen = []
    ai = AtaxxSearch("hard")
    ai.search(state, Limit(depth=3), on_iteration=lambda result: seen.append(gc.isenabled()))
    assert seen == [False, False, False] and gc.isenabled()
    gc.disable()
    try:
        ai.search(state, Limit(depth=2))
        assert not gc.isenabled()
    finally:
        gc.enable()
