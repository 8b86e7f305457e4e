"""The AxxA solver: legal moves from the view only, its fast simulation agrees with the rules,
registration as agents, and a few plays it must find."""

import random

import pytest

from tafel import Limit
from tafel.games.axxa import GAME
from tafel.games.axxa.board import CELLS, cell_of
from tafel.games.axxa.evaluation import pay_choice, unseen
from tafel.games.axxa.lookahead import exact_choice, exact_first, reveals, settle
from tafel.games.axxa.rules import MOVE, PAY, TAKE, AxxaState, Rules
from tafel.games.axxa.solver import AxxaSolver, World, finish_turn, heuristic, redeal, resolve
from tafel.games.axxa.world import has_triplet
from tests.test_axxa_rules import play, position


def world_key(w: World) -> tuple:
    return (
        tuple(w.st),
        tuple(w.tops[1:7]),
        w.occ,
        tuple(w.scores),
        w.seat,
        tuple(w.paid),
        w.total,
        tuple(w.known),
    )


def test_simulation_agrees_with_the_rules():
    """Every stack move (and the payment the policy picks) gives the same position in the fast
    World as in AxxaState, along random games."""
    rng = random.Random(7)
    for seed in (1, 2, 3):
        state = AxxaState.deal(seed)
        while state.outcome is None and state.phase == MOVE:
            base = World.from_state(state)
            for move in state.legal_moves():
                after = state.play(move)
                w = base.copy()
                w.shift(*move.cells)
                removed = resolve(w)
                if after.phase == TAKE:
                    continue  # the rules ask; the simulation chooses on its own
                assert removed == after.triplets - state.triplets
                if after.phase == PAY:
                    cell = next(c for c in CELLS if after.stacks[c])
                    after = after.play(after.parse_move(f"pay:{'abcdefg'[cell % 7]}{cell // 7 + 1}"))
                    w.pay(cell)
                w.end_turn()
                assert world_key(w) == world_key(World.from_state(after))
                assert w.finished() == (after.outcome is not None)
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            if state.phase == PAY:
                state = state.play(rng.choice(state.legal_moves()))
            elif state.phase == TAKE:
                state = state.play(state.legal_moves()[0])


def test_turning_the_top_under_agrees_with_the_rules():
    """With the rotation option, turning the top under in the World (its count of seen pieces
    too) gives the position the rules give."""
    state = AxxaState.deal(4, Rules(rotation_choice=True))
    for move in state.legal_moves()[:6]:
        moved = state.play(move)
        turned = moved.play(moved.parse_move("turn"))
        w = World.from_state(state)
        w.shift(*move.cells, False)
        w.rotate(move.cells[1])
        assert world_key(w)[:3] == world_key(World.from_state(turned))[:3]
        assert w.known == World.from_state(turned).known


def test_finish_turn_pays_with_a_spare_piece():
    # After the 1s are gone, a leftover 1 is free to pay with; the solver's policy takes it.
    s = position({"b2": "1", "c2": "[2]5", "e5": "[22]3", "g4": "6", "c7": "2"}, scores=(1,))
    w = World.from_state(s)
    ones = w.paid[1]
    w.shift(cell_of("g4"), cell_of("a4"))
    finish_turn(w, resolve(w))
    assert w.paid[1] == ones + 1 and not w.st[cell_of("b2")]


def test_solver_takes_a_sure_triplet():
    stacks = {
        "b2": "[22]1",
        "c2": "[33]1",
        "c4": "1",
        "g4": "[44]6",
        "e7": "[55]2",
        "d7": "[36]4",
        "g3": "[65]6",
    }
    s = position(stacks)
    for level in ("easy", "medium", "hard"):
        move = AxxaSolver(level).choose(s.view_for(0), Limit(nodes=4), random.Random(1))
        assert s.move_to_text(move) == "c4-c3", level


def test_solver_pays_with_a_removed_number_rather_than_a_needed_one():
    # The 1s are done, so the 1 on b2 is free to pay with; the 3 on e5 is the last spare-less 3.
    stacks = {
        "b2": "1",
        "c2": "[2]5",
        "e5": "[22]3",
        "g4": "6",
        "c7": "2",
        "d7": "[33]4",
        "e7": "[44]5",
        "a3": "[56]6",
        "g3": "[6]5",
    }
    s = play(position(stacks, scores=(1,)), "g4-a4")
    assert s.phase == PAY
    move = AxxaSolver("hard").choose(s.view_for(0), Limit(nodes=6), random.Random(2))
    assert s.move_to_text(move) == "pay:b2"


def test_payment_uncovers_where_the_number_due_would_make_a_triplet():
    """Two 5s with a face-down piece under each: paying the one beside the pair of 1s may
    uncover a 1 there, a triplet removed after the next move at no cost; the other may not."""
    s = position({"c1": "[51]5", "c5": "1", "d5": "1", "b5": "[51]5", "g4": "[56]6"})
    w = World.from_state(s.view_for(0))
    assert pay_choice(w) == cell_of("b5")
    # By the pieces' chances alone; the policy never sees what lies face down.
    assert pay_choice(World.from_state(s.view_for(0))) == pay_choice(
        World.from_state(s.determinize(random.Random(3)).view_for(0))
    )


def test_the_exact_search_splits_what_a_payment_uncovers_by_its_chances():
    """The payment beside the pair of 1s goes over a piece nobody has seen: one way it is a 1
    (a triplet showing, removed after the next move), the other any other number (a blank, or
    with STAND_IN the most common other one), by the 1s' chance."""
    s = position({"c1": "[51]5", "c5": "1", "d5": "1", "b5": "[51]5", "g4": "[56]6"})
    w = World.from_state(s.view_for(0))
    ways = settle(w.copy(), 0)
    (p, one), (q, blank) = ways
    counts, total = unseen(w)
    assert p == pytest.approx(counts[1] / total) and p + q == pytest.approx(1.0)
    b5 = cell_of("b5")
    assert one.st[b5][-1] & 7 == 1 and has_triplet(one.tops[1], False)
    assert blank.st[b5][-1] & 7 != 1 and not has_triplet(blank.tops[1], False)
    assert one.paid == blank.paid and one.paid[5] == w.paid[5] + 1
    # A turn that removed a triplet pays nothing and has one way.
    assert settle(w.copy(), 1)[0][0] == 1.0 and len(settle(w.copy(), 1)) == 1


def test_solver_sees_only_the_view():
    """Two deals that look the same get the same answer: hidden pieces cannot leak in."""
    s = AxxaState.deal(21)
    other = s.determinize(random.Random(99))
    assert other != s and other.view_for(0) == s.view_for(0)
    a = AxxaSolver("medium").choose(s, Limit(nodes=5), random.Random(3))
    b = AxxaSolver("medium").choose(other.view_for(0), Limit(nodes=5), random.Random(3))
    assert a == b and a in s.legal_moves()


@pytest.mark.parametrize(
    "options",
    [{}, {"rotation": "choice"}, {"triplets": "straight"}, {"mode": "competitive", "players": 3}],
)
def test_solver_plays_legal_moves_to_the_end(options):
    opts = GAME.resolve_options(options)
    state = GAME.new_state(opts, 5)
    agents = [AxxaSolver("easy") for _ in range(state.players)]
    rng = random.Random(5)
    while state.outcome is None:
        view = state.view_for(state.to_move)
        move = agents[state.to_move].choose(view, Limit(nodes=2), rng)
        assert move in view.legal_moves()
        state = state.play(move)
    assert state.outcome.reason


def test_solver_is_registered_for_axxa(registry):
    names = {a.name for a in registry.agents_for("axxa")}
    assert {"easy", "medium", "hard", "axxa-solver"} <= names
    for name in ("easy", "hard", "axxa-solver"):
        agent_def = registry.agent(name, "axxa")
        assert agent_def.games == ("axxa",)
        assert isinstance(agent_def.factory(registry.game("axxa")), AxxaSolver)
    assert "axxa-solver" not in {a.name for a in registry.agents_for("ataxx")}


def test_heuristic_bounds_and_order():
    s = AxxaState.deal(3)
    assert -1.0 <= heuristic(s, 0) <= 1.0
    assert -1.0 <= heuristic(s.view_for(0), 0) <= 1.0
    # Same board; one more triplet removed is better, a later number made impossible is worse.
    stacks = {
        "b2": "[22]1",
        "c2": "[33]1",
        "c4": "1",
        "g4": "[44]6",
        "e7": "[55]2",
        "d7": "[36]4",
        "g3": "[65]6",
    }
    base = position(stacks)
    doomed = position({**stacks, "d7": "[16]4"})
    assert heuristic(doomed, 0) < heuristic(base, 0)
    ahead = position({**stacks, "b2": "[22]3", "c2": "[33]2", "c4": "2"}, scores=(1,))
    assert heuristic(ahead, 0) > heuristic(base, 0)


def test_competitive_heuristic_prefers_the_leader():
    lead = position({"b2": "[33]3", "g4": "[44]4", "c7": "[55]5"}, scores=(2, 0), rules=Rules(players=2))
    assert lead.outcome is None
    assert heuristic(lead, 0) > 0 > heuristic(lead, 1)


def test_solver_info_counts_moves_played_out():
    """info["playouts"] counts every candidate move scored, sample by sample: all moves until the
    first pruning, then only those left in the race (what the bench's moves per second count)."""
    s = AxxaState.deal(4)
    n = len(s.legal_moves())
    solver = AxxaSolver("hard", search="sample")
    solver.choose(s.view_for(0), Limit(nodes=8), random.Random(1))
    assert solver.info["samples"] == 8 and solver.info["playouts"] == 8 * n
    solver.choose(s.view_for(0), Limit(nodes=10), random.Random(1))
    kept = max(4, (n + 1) // 2)
    assert solver.info["samples"] == 10 and solver.info["playouts"] == 8 * n + 2 * kept
    assert solver.info["candidates"] == kept


def test_hard_looks_two_turns_ahead_from_the_view_only():
    """Solo, the sampling search with ``deep`` (the hard level's until the exact search): after the
    shallow deals the best moves go on two turns deep; two deals that look the same still get the
    same answer."""
    s = AxxaState.deal(21)
    other = s.determinize(random.Random(99))
    solver = AxxaSolver("hard", search="sample", shallow=16, samples=24)
    a = solver.choose(s, Limit(nodes=40), random.Random(3))
    assert solver.info["samples"] == 24 and solver.info["deep_samples"] == 8
    assert solver.info["candidates"] == 4
    b = AxxaSolver("hard", search="sample", shallow=16, samples=24).choose(
        other.view_for(0), Limit(nodes=40), random.Random(3)
    )
    assert a == b and a in s.legal_moves()
    # Competitive seats look one turn ahead only.
    comp = GAME.new_state(GAME.resolve_options({"mode": "competitive"}), 21)
    solver.choose(comp.view_for(0), Limit(nodes=24), random.Random(3))
    assert solver.info["deep_samples"] == 0


def test_redeal_keeps_what_was_seen():
    s = play(AxxaState.deal(8), "c1-f3")
    w = World.from_state(s.determinize(random.Random(1)))
    d = redeal(w, random.Random(2))
    assert sorted(p & 7 for st in w.st for p in st) == sorted(p & 7 for st in d.st for p in st)
    assert d.st != w.st
    for old, new in zip(w.st, d.st, strict=True):
        assert len(old) == len(new)
        assert [p for p in old if p & 8] == [p for p in new if p & 8]


def test_exact_search_searches_without_sampling_from_the_view_only():
    """The exact search (the hard level's until the rollout search): no sampled deal, so two
    deals that look the same get the same answer whatever the random generator; its stages are
    counted in ``info``."""
    s = AxxaState.deal(21)
    other = s.determinize(random.Random(99))
    n = len(s.legal_moves())
    solver = AxxaSolver("hard", search="exact")
    a = solver.choose(s, Limit(time=60.0, nodes=n + 6), random.Random(3))
    assert solver.info["samples"] == 0 and solver.info["deep_samples"] == 6
    assert solver.info["candidates"] == 6 and solver.info["playouts"] == n + 6
    b = AxxaSolver("hard", search="exact").choose(
        other.view_for(0), Limit(time=60.0, nodes=n + 6), random.Random(4)
    )
    assert a == b and a in s.legal_moves()
    # Stopped at once, the first stage (every move one turn ahead) still answers.
    solver.choose(s, Limit(time=60.0), random.Random(3), stop=lambda: True)
    assert solver.info["deep_samples"] == 0 and solver.info["candidates"] == n


def test_reveals_splits_what_a_move_turns_up_by_its_chances(monkeypatch):
    """A face-down piece under a top turns up as the number due, the next number or any other
    (a blank, with STAND_IN off), with the chances the unseen pieces give; a known one turns up
    as it is."""
    from tafel.games.axxa import lookahead

    monkeypatch.setattr(lookahead, "STAND_IN", False)
    view = AxxaState.deal(8).view_for(0)
    w = World.from_state(view)
    cell = cell_of("c1")
    ways = reveals(w, cell)
    pool = view.pool()
    unseen_total = sum(pool)
    assert [round(p, 6) for p, _w in ways[:2]] == [
        round(pool[1] / unseen_total, 6),
        round(pool[2] / unseen_total, 6),
    ]
    assert abs(sum(p for p, _w in ways) - 1.0) < 1e-9
    assert [t.st[cell][-2] for _p, t in ways] == [1, 2, 0]
    known = World.from_state(position({"b2": "[3]21", "c4": "[22]1", "g4": "[44]6"}).view_for(0))
    assert reveals(known, cell_of("b2")) == [(1.0, known)]


def test_a_blank_may_stand_for_the_most_common_number_it_can_be(monkeypatch):
    """With STAND_IN, what turns up that is neither the number due nor the next takes the
    number most common among the unseen pieces (so it can move and be paid with); off, it
    stays a blank."""
    from tafel.games.axxa import lookahead

    view = AxxaState.deal(8).view_for(0)
    w = World.from_state(view)
    cell = cell_of("c1")
    monkeypatch.setattr(lookahead, "STAND_IN", False)
    assert lookahead.stand_in(w, 1, 2) == 0
    monkeypatch.setattr(lookahead, "STAND_IN", True)
    pool = view.pool()
    n = lookahead.stand_in(w, 1, 2)
    assert n not in (1, 2) and pool[n] == max(pool[k] for k in range(3, 7))
    ways = reveals(w, cell)
    assert [t.st[cell][-2] for _p, t in ways] == [1, 2, n]
    assert abs(sum(p for p, _w in ways) - 1.0) < 1e-9
    assert w.st[cell][-2] == 0  # the view itself is left as it was


def test_exact_search_takes_a_sure_triplet_first():
    s = position({"b2": "[22]1", "c2": "[33]1", "c4": "1", "g4": "[44]6", "e7": "[55]2", "d7": "[36]4"})
    w = World.from_state(s.view_for(0))
    values = {s.move_to_text(m): exact_first(w, m, -1, 0) for m in s.legal_moves()}
    assert max(values, key=values.get) == "c4-c3" and values["c4-c3"] >= 1 / 6


def test_the_exact_search_ends_at_once_when_cut_even_inside_a_move():
    """cut() stops a stage inside a move's valuation: the stage before answers, nothing raises."""
    view = AxxaState.deal(11).view_for(0)
    moves = view.legal_moves()
    first = exact_choice(view, moves, -1, 0, [12, 4, 3], lambda: False, 2, lambda: False)
    calls = []

    def cut():
        calls.append(1)
        return len(calls) > 40  # some way into the first deep move

    best, _value, looked, last = exact_choice(view, moves, -1, 0, [12, 4, 3], lambda: False, 2, cut)
    w = World.from_state(view)
    one_turn = max(moves, key=lambda m: exact_first(w, m, -1, 0))
    assert (best, looked, last) == (one_turn, 0, len(moves)) and first[2] > 0


@pytest.mark.parametrize("search", ["rollout", "exact"])
def test_the_hard_level_ends_a_search_asked_to_stop_at_once(search):
    view = AxxaState.deal(11).view_for(0)
    solver = AxxaSolver("hard", search=search)
    move = solver.choose(view, Limit(time=60.0), random.Random(1), stop=lambda: True)
    assert move in view.legal_moves() and solver.info["time"] < 5.0


def test_determinized_search_samples_from_the_view_only():
    """search=pimc: the sampled deals come from the view (seeded by it), so two deals that look
    the same get the same answer whatever the random generator; ``limit.nodes`` counts samples."""
    s = AxxaState.deal(21)
    other = s.determinize(random.Random(99))
    solver = AxxaSolver("hard", search="pimc", turns=1, width=6)
    a = solver.choose(s, Limit(time=60.0, nodes=10), random.Random(3))
    assert solver.info["samples"] == 10 and 2 <= solver.info["candidates"] <= 6
    b = AxxaSolver("hard", search="pimc", turns=1, width=6).choose(
        other.view_for(0), Limit(time=60.0, nodes=10), random.Random(4)
    )
    assert a == b and a in s.legal_moves()
    # Stopped at once, the view's one-turn ranking answers.
    solver.choose(s, Limit(time=60.0), random.Random(3), stop=lambda: True)
    assert solver.info["samples"] == 0


def test_perfect_information_turns_find_a_triplet_under_a_stack():
    """Knowing the deal, the search sees that moving c1 turns up the face-down 1 that completes
    the triplet; with a 4 there instead, no move of this turn does."""
    from tafel.games.axxa.pimc import pi_turns

    stacks = {"b2": "[22]1", "c2": "[33]1", "c1": "[41]3", "g4": "[44]6", "e7": "[55]2"}
    assert pi_turns(World.from_state(position(stacks)), 0, 1, 2) >= 1 / 6
    stacks["c1"] = "[14]3"
    assert pi_turns(World.from_state(position(stacks)), 0, 1, 2) < 1 / 6


def test_rollout_search_samples_from_the_view_and_its_play_outs_never_peek():
    """search=rollout: the deals come from the view (seeded by it), so two deals that look the
    same get the same answer; ``limit.nodes`` counts deals; the win chance is the share of
    play-outs won. The base player of the play-outs chooses from its view only: two deals that
    differ only in their face-down pieces get the same move."""
    from tafel.games.axxa.rollout import base_move

    s = AxxaState.deal(21)
    other = s.determinize(random.Random(99))
    assert other != s and other.view_for(0) == s.view_for(0)
    assert base_move(World.from_state(s), 0) == base_move(World.from_state(other), 0)
    solver = AxxaSolver("hard", search="rollout", width=3)
    a = solver.choose(s, Limit(time=60.0, nodes=6), random.Random(3))
    assert solver.info["samples"] == 6 and solver.info["candidates"] == 3
    # A share of 6 play-outs won; the value is their mean result (triplets / 6).
    assert solver.info["share_won"] * 6 == round(solver.info["share_won"] * 6)
    assert 0.0 <= solver.info["share_won"] <= solver.info["value"] <= 1.0
    b = AxxaSolver("hard", search="rollout", width=3).choose(
        other.view_for(0), Limit(time=60.0, nodes=6), random.Random(4)
    )
    assert a == b and a in s.legal_moves()
    # Stopped at once, the one-turn ranking answers.
    solver.choose(s, Limit(time=60.0), random.Random(3), stop=lambda: True)
    assert solver.info["samples"] == 0
