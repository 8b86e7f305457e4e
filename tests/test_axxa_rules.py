"""AxxA rules: board, movement, rotation, triplets, order, chains, payment, game end, hidden pieces."""

import random

import pytest

from tafel import IllegalMoveError, NotationError
from tafel.cli.conformance import check_game
from tafel.games.axxa import GAME, rules_of
from tafel.games.axxa.board import (
    BOARD,
    CELLS,
    CENTRE,
    START_CELLS,
    cell_name,
    cell_of,
    reach,
    triples_in,
)
from tafel.games.axxa.notation import parse_position
from tafel.games.axxa.rules import (
    KNOWN,
    MOVE,
    PAY,
    TAKE,
    TURN,
    AxxaMove,
    AxxaState,
    Rules,
)
from tafel.games.axxa.solver import has_triplet

SOLO = Rules()


def position(stacks: dict[str, str], *, scores=(0,), rules: Rules = SOLO, paid=None) -> AxxaState:
    """A position with the given stacks (seat 1 to make a stack move). The pieces that are
    neither on the board nor in removed triplets count as paid, so the 36 pieces add up."""
    counts = {n: 6 for n in range(1, 7)}
    for k in range(sum(scores)):
        counts[k % 6 + 1] -= 3
    for text in stacks.values():
        for ch in text:
            if ch.isdigit():
                counts[int(ch)] -= 1
    if paid is None:
        paid = "".join(str(n) * counts[n] for n in range(1, 7)) or "-"
    total = sum(scores)
    due = "-" if rules.solo and total >= 6 else total % 6 + 1
    parts = [f"{cell}:{pieces}" for cell, pieces in stacks.items()]
    parts += [f"due:{due}", "seat:1", "phase:move", "chain:0", "scores:" + ",".join(map(str, scores))]
    parts += [f"paid:{paid}", "seed:-"]
    return parse_position(" ".join(parts), rules)


def names(cells) -> list[str]:
    return sorted(cell_name(c) for c in cells)


def play(state: AxxaState, *texts: str) -> AxxaState:
    for t in texts:
        state = state.play(state.parse_move(t))
    return state


def values(state: AxxaState, cell: str) -> list[int]:
    return [p & 7 for p in state.stacks[cell_of(cell)]]


# --- board -----------------------------------------------------------------------------------


def test_board_has_37_spaces_and_12_start_spaces():
    assert len(CELLS) == 37 and BOARD.bit_count() == 37
    assert names(START_CELLS) == sorted(
        ["c1", "d1", "e1", "c7", "d7", "e7", "a3", "a4", "a5", "g3", "g4", "g5"]
    )
    for corner in ("a1", "b1", "a2", "f1", "g1", "g2", "a6", "a7", "b7", "f7", "g7", "g6"):
        assert cell_of(corner) not in CELLS
    assert cell_name(CENTRE) == "d4"


def test_deal_puts_12_stacks_of_three_with_only_tops_face_up():
    s = AxxaState.deal(123)
    stacks = [s.stacks[c] for c in CELLS if s.stacks[c]]
    assert len(stacks) == 12 and all(len(st) == 3 for st in stacks)
    assert {c for c in CELLS if s.stacks[c]} == set(START_CELLS)
    assert all(st[-1] & KNOWN and not st[0] & KNOWN and not st[1] & KNOWN for st in stacks)
    assert sorted(p & 7 for st in stacks for p in st) == sorted(list(range(1, 7)) * 6)


# --- movement ----------------------------------------------------------------------------------


@pytest.mark.parametrize("top", [5, 6])
def test_stack_with_5_or_6_in_the_centre_cannot_move(top):
    assert reach(CENTRE, top, 0) == []
    s = position({"d4": f"[11]{top}", "g5": "1"})
    assert s.outcome is None
    assert s.destinations(CENTRE) == []
    assert all(m.cells[0] != CENTRE for m in s.legal_moves())
    # A 4 in the centre can move.
    assert position({"d4": "[11]4", "g5": "1"}).destinations(CENTRE)


def test_moves_exactly_the_top_number_with_at_most_one_turn():
    s = position({"c1": "[11]3", "g5": "1"})
    # Up 3 (c4); right 1 then up 2, or up 2 then right 1 (d3); up 2 then left 1 (b3);
    # right 2 then up 1, or up 1 then right 2 (e2). Spaces on the way (c2, c3) are no targets,
    # and d2 would need two turns.
    assert names(s.destinations(cell_of("c1"))) == ["b3", "c4", "d3", "e2"]


def test_no_jumping_over_or_landing_on_a_stack():
    s = position({"c1": "[11]3", "c3": "1"})
    # c4 (straight up) and b3 (up two, left) pass c3; d3 stays reachable by going right first.
    assert names(s.destinations(cell_of("c1"))) == ["d3", "e2"]
    s = position({"c1": "[11]3", "e2": "1"})
    assert names(s.destinations(cell_of("c1"))) == ["b3", "c4", "d3"]


def test_top_piece_goes_to_the_bottom_after_the_move():
    s = play(position({"c1": "[12]3", "g5": "[11]1"}), "c1-c4")
    stack = s.stacks[cell_of("c4")]
    assert values(s, "c4") == [3, 1, 2]
    # The piece that went under stays known; the one still face down stays hidden.
    assert stack[0] & KNOWN and not stack[1] & KNOWN and stack[2] & KNOWN
    assert s.phase == PAY
    # A two-piece stack swaps its pieces.
    s = play(position({"c1": "[5]2", "g5": "[11]1"}), "c1-e1")
    assert values(s, "e1") == [2, 5]


def test_rotation_choice_option_asks_turn_or_keep():
    s = play(position({"c1": "[12]3", "g5": "[11]1"}, rules=Rules(rotation_choice=True)), "c1-c4")
    assert s.phase == TURN and {s.move_to_text(m) for m in s.legal_moves()} == {"turn", "keep"}
    assert values(play(s, "keep"), "c4") == [1, 2, 3]
    assert values(play(s, "turn"), "c4") == [3, 1, 2]


# --- triplets ----------------------------------------------------------------------------------


def mask(*cells: str) -> int:
    m = 0
    for c in cells:
        m |= 1 << cell_of(c)
    return m


@pytest.mark.parametrize(
    "cells, chain, straight",
    [
        (("b2", "c2", "d2"), True, True),  # straight row
        (("c2", "c3", "c4"), True, True),  # straight column
        (("b2", "c3", "d4"), True, True),  # diagonal line
        (("b2", "c2", "c3"), True, False),  # bent (L)
        (("b2", "d2", "c3"), True, False),  # bent (V): b2 and d2 both touch c3
        (("b2", "c2", "e2"), False, False),  # disconnected
        (("b2", "d4", "f6"), False, False),  # a diagonal with gaps
    ],
)
def test_triplet_shapes(cells, chain, straight):
    m = mask(*cells)
    assert bool(triples_in(m)) == chain == has_triplet(m, False)
    assert bool(triples_in(m, straight=True)) == straight == has_triplet(m, True)


@pytest.mark.parametrize("rules, removed", [(SOLO, True), (Rules(straight=True), False)])
def test_bent_triplet_counts_unless_straight_lines_only(rules, removed):
    # The single 1 on c4 steps down to c3: b2, c2, c3 show 1 in an L.
    s = play(position({"b2": "[22]1", "c2": "[33]1", "c4": "1", "g4": "6"}, rules=rules), "c4-c3")
    assert (s.triplets == 1) is removed
    assert s.phase == (MOVE if removed else PAY)


def test_triplets_out_of_order_are_not_removed():
    # A single 2 moves two spaces down to c3, next to the 2s on b2 and c2; but the 1s are due.
    s = play(position({"b2": "[11]2", "c2": "[33]2", "c5": "2", "g4": "[1]6"}), "c5-c3")
    assert s.triplets == 0 and s.phase == PAY and s.due == 1


def test_chained_removal_in_one_turn():
    # c4 shows 2; after two spaces (to b3) its 1 turns up: three 1s go, uncovering three 2s,
    # which go too: a "good" move, paid for by nobody.
    start = position({"b2": "21", "c2": "21", "c4": "[2]12", "g4": "6"})
    s = play(start, "c4-b3")
    assert s.triplets == 2 and s.chain == 2 and len(s.removed_now) == 2
    assert s.removed_now[0] == mask("b2", "c2", "b3") == s.removed_now[1]
    assert s.due == 3 and s.paid == start.paid


def test_several_possible_triplets_let_the_player_choose():
    s = play(position({"b2": "[2]1", "c2": "[3]1", "d2": "[4]1", "c4": "1", "g4": "6"}), "c4-c3")
    assert s.phase == TAKE  # four 1s touching
    options = {s.move_to_text(m) for m in s.legal_moves()}
    assert options == {"take:b2,c2,c3", "take:b2,c2,d2", "take:c2,d2,c3", "take:b2,d2,c3"}
    taken = play(s, "take:b2,c2,d2")
    assert taken.triplets == 1 and taken.chain == 1 and taken.phase == MOVE
    assert values(taken, "c3") == [1] and taken.paid == s.paid


def test_payment_removes_a_face_up_piece_and_shows_the_next():
    s = play(position({"b2": "[1]5", "e5": "[34]6", "g4": "[11]4"}), "g4-c4")
    assert s.phase == PAY and s.to_move == 0
    assert {s.move_to_text(m) for m in s.legal_moves()} == {"pay:b2", "pay:c4", "pay:e5"}
    before = len(s.paid)
    s = play(s, "pay:e5")
    assert len(s.paid) == before + 1 and s.paid[-1] == 6 and s.phase == MOVE
    assert values(s, "e5") == [3, 4] and s.stacks[cell_of("e5")][-1] & KNOWN


def test_payment_never_removes_a_triplet_but_the_next_move_does_for_free():
    s = play(position({"b2": "[3]1", "c2": "[4]1", "c3": "[1]5", "e6": "4", "g4": "6"}), "e6-e2")
    assert s.phase == PAY
    s = play(s, "pay:c3")  # uncovers a third 1 next to the two showing
    assert s.triplets == 0 and s.phase == MOVE and s.tops(1) == mask("b2", "c2", "c3")
    paid = len(s.paid)
    s = play(s, "g4-a4")  # any move that leaves them: the triplet counts for it
    assert s.triplets == 1 and len(s.paid) == paid


# --- game end ----------------------------------------------------------------------------------


def test_solo_win_when_the_6s_are_removed():
    s = position({"b2": "6", "c2": "6", "c3": "[6]4", "g4": "1", "e6": "1"}, scores=(5,))
    assert s.due == 6 and s.outcome is None
    s = play(s, "g4-f4", "pay:c3")  # uncover the third 6
    assert s.outcome is None
    s = play(s, "f4-f5")
    assert s.triplets == 6 and s.legal_moves() == []
    assert s.outcome is not None and s.outcome.rewards == (1.0,) and s.outcome.winners == (0,)
    assert "6s" in s.outcome.reason


def test_solo_loss_when_the_number_due_cannot_be_completed():
    s = position({"b2": "1", "c2": "[4]1", "g4": "6"})
    assert s.in_play(1) == 2
    assert s.outcome is not None and s.outcome.rewards == (0.0,)
    assert "1s can no longer be completed" in s.outcome.reason and s.legal_moves() == []


def test_loss_by_paying_the_number_due_away():
    s = play(position({"b2": "1", "c2": "1", "e5": "[2]1", "g4": "6"}), "g4-a4")
    assert s.phase == PAY and s.outcome is None
    lost = play(s, "pay:b2")
    assert lost.outcome is not None and lost.outcome.rewards == (0.0,)
    assert "only 2 left in play" in lost.outcome.reason


def test_solo_loss_when_no_stack_can_move():
    s = position({"d4": "[55]5"}, scores=(4,))
    assert s.due == 5 and s.in_play(5) == 3
    assert s.outcome is not None and "no stack can move" in s.outcome.reason
    assert s.outcome.rewards == (4 / 6,) and s.outcome.winners == ()


# --- competitive ---------------------------------------------------------------------------------


def test_competitive_triplets_belong_to_the_mover_and_turns_rotate():
    rules = Rules(players=3)
    stacks = {"b2": "[3]1", "c2": "[4]1", "c4": "1", "g4": "[22]6", "a4": "[25]4"}
    s = play(position(stacks, scores=(0, 0, 0), rules=rules), "c4-c3")
    assert s.scores == (1, 0, 0) and s.to_move == 1 and s.outcome is None
    s = s.play(next(m for m in s.legal_moves()))
    if s.phase == PAY:
        s = s.play(next(m for m in s.legal_moves() if s.top(m.cells[0]) != 2))
    assert s.to_move == 2 and s.scores == (1, 0, 0)


def test_competitive_ends_when_no_stack_of_three_is_left():
    rules = Rules(players=2)
    s = position({"b2": "[4]1", "c2": "[4]1", "g4": "[44]6", "a4": "[5]4"}, scores=(1, 2), rules=rules)
    assert s.due == 4 and s.outcome is None  # g4 still holds three pieces
    s = play(s, "g4-d7")
    assert s.phase == PAY and s.outcome is None
    s = play(s, "pay:d7")
    assert not any(len(s.stacks[c]) == 3 for c in CELLS)
    assert s.outcome is not None and "no stack of three" in s.outcome.reason
    assert s.outcome.scores == (1.0, 2.0) and s.outcome.winners == (1,) and s.outcome.rewards == (0.0, 1.0)


def test_teams_pool_their_triplets_and_win_together():
    """Four players in two teams: seats 1 and 3 (team A) against 2 and 4 (team B)."""
    rules = Rules(players=4, teams=True)
    stacks = {"b2": "[4]1", "c2": "[4]1", "g4": "[44]6", "a4": "[5]4"}
    s = play(position(stacks, scores=(1, 1, 1, 0), rules=rules), "g4-d7", "pay:d7")
    outcome = s.outcome
    assert outcome is not None and "no stack of three" in outcome.reason
    assert "team A 2 triplets, team B 1" in outcome.reason
    assert outcome.rewards == (1.0, 0.0, 1.0, 0.0) and outcome.winners == (0, 2)
    assert outcome.scores == (1, 1, 1, 0)  # each seat's own triplets stay on the record
    s = play(position(stacks, scores=(0, 2, 0, 1), rules=rules), "g4-d7", "pay:d7")
    assert s.outcome.rewards == (0.0, 1.0, 0.0, 1.0) and s.outcome.winners == (1, 3)
    assert rules.rewards((2, 1, 0, 1)) == (0.5,) * 4
    assert rules.opponents(0) == (1, 3) and rules.opponents(3) == (0, 2)
    with pytest.raises(ValueError):
        Rules(players=3, teams=True)


def test_competitive_game_goes_on_after_the_6s():
    s = position({"b2": "[11]1", "g4": "[22]2"}, scores=(3, 3), rules=Rules(players=2))
    assert s.due == 1 and s.in_play(1) == 3 and s.outcome is None


# --- hidden pieces and notation ------------------------------------------------------------------


def test_view_never_shows_a_face_down_piece():
    s = AxxaState.deal(99)
    rng = random.Random(5)
    for _ in range(40):
        if s.outcome is not None:
            break
        view = s.view_for(0)
        text = view.to_text()
        assert "[" not in text and view.seed is None and "seed:-" in text
        hidden = sum(1 for c in CELLS for p in s.stacks[c] if not p & KNOWN)
        assert text.count("?") == hidden
        # Another deal with the same seen pieces but shuffled face-down ones looks the same.
        other = s.determinize(rng)
        assert other.view_for(0).to_text() == text
        assert other.legal_moves() == s.legal_moves() == view.legal_moves()
        s = s.play(rng.choice(s.legal_moves()))


def test_seen_pieces_stay_known_after_going_under():
    s = play(position({"c1": "[12]3", "g5": "[11]1"}), "c1-c4")
    assert s.view_for(0).stacks[cell_of("c4")] == (3 | KNOWN, 0, 2 | KNOWN)
    assert "c4:3?2" in s.view_for(0).to_text()


def test_determinize_keeps_the_known_and_fills_the_unknown():
    s = AxxaState.deal(4)
    view = s.view_for(0)
    world = view.determinize(random.Random(1))
    assert world.view_for(0).to_text() == view.to_text()
    assert not world.is_view
    counts = sorted(p & 7 for c in CELLS for p in world.stacks[c])
    assert counts == sorted(list(range(1, 7)) * 6)


def test_view_cannot_reveal_what_it_does_not_know():
    view = AxxaState.deal(4).view_for(0)
    move = view.legal_moves()[0]
    with pytest.raises(Exception, match="determinize"):
        view.play(move)


def test_seeded_deals_are_reproducible():
    opts = GAME.resolve_options({})
    assert GAME.new_state(opts, 17) == GAME.new_state(opts, 17)
    assert GAME.new_state(opts, 17) != GAME.new_state(opts, 18)
    by_option = GAME.new_state(GAME.resolve_options({"seed": 17}), None)
    assert by_option == GAME.new_state(opts, 17) and by_option.seed == 17
    # The seed is in the full text, so the position text reproduces the deal exactly.
    text = by_option.to_text()
    assert "seed:17" in text and GAME.parse_position(text, opts) == by_option


def test_position_text_round_trip_through_a_game():
    opts = GAME.resolve_options({"rotation": "choice"})
    s = GAME.new_state(opts, 8)
    rng = random.Random(3)
    while s.outcome is None:
        assert GAME.parse_position(s.to_text(), opts) == s
        assert GAME.parse_position(s.view_for(0).to_text(), opts) == s.view_for(0)
        s = s.play(rng.choice(s.legal_moves()))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "c1:[123]4 due:1 seat:1 phase:move scores:0 paid:- seed:-",  # four pieces
        "c1:12[3] due:1 seat:1 phase:move scores:0 paid:- seed:-",  # hidden top
        "a1:123 due:1 seat:1 phase:move scores:0 paid:- seed:-",  # no such space
        "c1:123 due:2 seat:1 phase:move scores:0 paid:- seed:-",  # due does not match
        "c1:777 due:1 seat:1 phase:move scores:0 paid:- seed:-",
    ],
)
def test_bad_positions_are_rejected(text):
    with pytest.raises(NotationError):
        parse_position(text, SOLO)


def test_bad_and_illegal_moves():
    s = AxxaState.deal(2)
    for bad in ("", "x", "c1-", "take:a1,b2,c3", "pay", "z9-a1"):
        with pytest.raises(NotationError):
            s.parse_move(bad)
    with pytest.raises(IllegalMoveError):
        s.parse_move("pay:c1")  # no payment is due
    with pytest.raises(IllegalMoveError):
        s.play(AxxaMove.shift(cell_of("c2"), cell_of("c3")))


# --- options and conformance ---------------------------------------------------------------------


def test_options_and_seats():
    assert GAME.seats(GAME.resolve_options({})) == 1
    assert GAME.names(GAME.resolve_options({})) == ["Solo"]
    for n in (2, 3, 4):
        opts = GAME.resolve_options({"mode": "competitive", "players": n})
        assert GAME.seats(opts) == n and GAME.new_state(opts, 1).players == n
    assert rules_of(GAME.resolve_options({"triplets": "straight"})).straight
    teams = GAME.resolve_options({"mode": "competitive", "players": "teams"})
    assert GAME.seats(teams) == 4 and rules_of(teams).teams
    assert GAME.names(teams) == [
        "Player 1 (team A)",
        "Player 2 (team B)",
        "Player 3 (team A)",
        "Player 4 (team B)",
    ]
    assert not rules_of(GAME.resolve_options({"mode": "solo", "players": "teams"})).teams


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"rotation": "choice"},
        {"triplets": "straight"},
        {"mode": "competitive", "players": 2},
        {"mode": "competitive", "players": 4, "rotation": "choice"},
        {"mode": "competitive", "players": "teams"},
    ],
)
def test_conformance(options):
    report = check_game(GAME, options, games=2, max_plies=200)
    assert report.ok, "\n".join(report.lines())
    assert report.finished == 2
