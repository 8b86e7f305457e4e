"""Amakta Infinit rules: piece values, the set rule, the auction, creation, play far from the origin,
the 86185-move draw counter, notation, the AI's start phase, and loading as a plugin of its own."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from tafel import GameError, IllegalMoveError, Limit, NotationError
from tafel.cli.conformance import check_game
from tafel.games.amakta.rules import pieces
from tafel.games.amakta.rules.pieces import parse_layout
from tafel.games.amakta_infinit import GAME
from tafel.games.amakta_infinit.ai import InfinitAgent, build_set, fair_black_points
from tafel.games.amakta_infinit.state import ACCEPT, CLOSE, DRAW_MOVES, InfinitState, bid_cap
from tafel.games.amakta_infinit.values import S_DAMAGE, counts, creatable, normal, value_ab, value_of
from tafel.plugins import load_registry
from tafel.registry import LoadSpec

ROOT = Path(__file__).resolve().parent.parent


def formula(layout: int, circle: int) -> int:
    """The value formula written out here, independent of the value table: counts from the
    piece's arrows, ``2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s`` in exact fractions."""
    doubles = [
        r for r in (pieces.DIGIT_ARROWS[d] for d in pieces.digits(layout)) if len(r) == 2 and r[0] == r[1]
    ]
    b = len(doubles)
    a = len(pieces.arrows(layout)) - 2 * b
    s = (Fraction(1), Fraction(2), Fraction(1, 2))[circle]
    v = 2 * a * (Fraction(a - 1, 2) + s) + 10 * b * (Fraction(b - 1, 2) + s) + 6 * a * b + 2 * s
    assert v.denominator == 1
    return int(v)


def texts(state: InfinitState) -> list[str]:
    return [state.move_to_text(m) for m in state.legal_moves()]


def play(state: InfinitState, *moves: str) -> InfinitState:
    for text in moves:
        state = state.play(state.parse_move(text))
    return state


def created(distance=6, white=60, bid=50, **kw) -> InfinitState:
    """Seat 0 bids ``bid``, seat 1 accepts: seat 0 plays White with ``white``, seat 1 Black with ``bid``."""
    return play(InfinitState.new(distance, white), f"bid:{bid}", "accept")


# --- piece values ------------------------------------------------------------------------------

# (layout, a, b, value without circle, with reinforcement, with damage), computed by hand from
# 2a((a-1)/2 + s) + 10b((b-1)/2 + s) + 6ab + 2s with s = 1, 2, 1/2.
HAND_VALUES = [
    ("-.-.-.-.-.-", 0, 0, 2, 4, 1),
    ("b.-.-.-.-.-", 1, 0, 4, 8, 2),  # 2*1*(0 + s) + 2s
    ("b.-.b.-.b.-", 3, 0, 14, 22, 10),  # 2*3*(1 + s) + 2s
    ("bg.-.-.bg.-.-", 4, 0, 22, 32, 17),  # two mixed pairs count as four singles
    ("bb.-.-.-.-.-", 0, 1, 12, 24, 6),  # 10*1*(0 + s) + 2s
    ("gg.-.-.b.-.-", 1, 1, 20, 34, 13),  # 2s + 10s + 6 + 2s
    ("rr.rr.-.-.-.-", 0, 2, 32, 54, 21),  # 10*2*(1/2 + s) + 2s
    ("bb.-.-.-.-.br", 2, 1, 30, 46, 22),  # 2*2*(1/2 + s) + 10s + 12 + 2s
]


@pytest.mark.parametrize("text,a,b,plain,reinforced,damaged", HAND_VALUES)
def test_value_formula_by_hand(text, a, b, plain, reinforced, damaged):
    layout = parse_layout(text)
    assert counts(layout) == (a, b)
    assert [value_of(layout, c) for c in (0, 1, 2)] == [plain, reinforced, damaged]
    # The formula (exact fractions) agrees, in every orientation.
    assert [formula(layout, c) for c in (0, 1, 2)] == [plain, reinforced, damaged]
    assert {value_of(img, 2) for img in pieces.images(layout)} == {damaged}
    # The damage reading: s = 1/2 makes a damaged piece worth a^2 + 5b^2 + 6ab + 1.
    assert damaged == a * a + 5 * b * b + 6 * a * b + 1


def test_damage_factor_is_the_named_half():
    assert S_DAMAGE == Fraction(1, 2)


def test_value_table_matches_the_formula_on_a_sample():
    rng = random.Random(5)
    for layout in rng.sample(pieces.canonical_pieces(), 300):
        for circle in (0, 1, 2):
            assert value_of(layout, circle) == formula(layout, circle)


def test_infinit_piece_value_formula():
    # 400007: a double blue east (b = 1) and blue + green south-east (a = 2)
    assert counts(400007) == (2, 1) and counts(456789) == (6, 3)
    assert [value_ab(*counts(400007), c) for c in (0, 1, 2)] == [30, 46, 22]
    # damaged pieces are worth a^2 + 5b^2 + 6ab + 1
    for layout in (0, 100000, 456789, 111111, 999999):
        a, b = counts(layout)
        assert value_ab(a, b, 2) == a * a + 5 * b * b + 6 * a * b + 1


def test_creatable_lists_each_piece_once_per_circle_within_the_points():
    moves = creatable(14, frozenset())
    assert all(value_of(m.piece, m.orient) <= 14 for m in moves)
    assert len(set(moves)) == len(moves)
    shapes = {m.piece for m in moves}
    assert all(normal(s) == s for s in shapes)
    # Every piece worth at most 14 without a circle is there exactly once up to symmetry.
    expected = {normal(layout) for layout in pieces.canonical_pieces()[:5000] if formula(layout, 0) <= 14}
    assert expected <= shapes


# --- the auction ---------------------------------------------------------------------------------


def test_bids_must_rise_and_stop_at_the_cap():
    s = InfinitState.new(6, 20)
    assert "accept" not in texts(s)  # nothing to accept yet
    with pytest.raises(IllegalMoveError, match="no bid"):
        s.parse_move("accept")
    s = play(s, "bid:15")
    assert s.to_move == 1
    for low in ("bid:15", "bid:3", "bid:0"):
        with pytest.raises(IllegalMoveError, match="bids go from 16"):
            s.parse_move(low)
    s = play(s, "bid:16")
    assert s.bids == (15, 16) and s.to_move == 0
    cap = bid_cap(20)
    with pytest.raises(IllegalMoveError):
        s.parse_move(f"bid:{cap + 1}")
    s = play(s, f"bid:{cap}")
    assert [t for t in texts(s) if not t.endswith(("draw", "resign"))] == ["accept"]
    with pytest.raises(NotationError):
        s.parse_move("bid:x")


@pytest.mark.parametrize("bids,white_seat", [(["bid:30"], 0), (["bid:30", "bid:35"], 1)])
def test_accept_assigns_colours_and_points(bids, white_seat):
    s = play(InfinitState.new(5, 40), *bids, "accept")
    assert s.phase == "create"
    assert s.white_seat == white_seat  # the last bidder plays White
    assert s.seat_of(1) == 1 - white_seat  # the accepting seat plays Black
    assert s.points == (40, int(bids[-1].split(":")[1]))
    assert s.remaining(0) == 40 and s.remaining(1) == s.points[1]
    assert s.to_move == white_seat  # White creates first
    assert "Player" in s.describe() and "40 points left" in s.describe()


# --- creation -------------------------------------------------------------------------------------


def test_creation_respects_points():
    s = created(white=10, bid=8)
    assert all(value_of(m.piece, m.orient) <= 10 for m in s.legal_moves() if m.kind == "create")
    with pytest.raises(IllegalMoveError, match="worth 14, White has 10"):
        s.parse_move("create:b.-.b.-.b.-")
    s = play(s, "create:b.-.-.b.-.-")  # 8
    assert s.remaining(0) == 2 and s.to_move == s.seat_of(1)
    s = play(s, "create:-.b.-.-.-.-:damage")  # Black: 2 of 8
    with pytest.raises(IllegalMoveError, match="worth 4, White has 2"):
        s.parse_move("create:r.-.-.-.-.-")
    s = play(s, "create:r.-.-.-.-.-:damage")  # 2: White is spent
    assert s.remaining(0) == 0
    s = play(s, "create:bb.-.-.-.-.-:damage")  # Black 6 more: 8 of 8, also spent
    # Nothing fits any more: the only creation-phase move is closing.
    assert [t for t in texts(s) if t not in ("offer-draw", "resign")] == ["close"]


def test_same_piece_up_to_symmetry_or_circle_is_rejected():
    s = created(white=60, bid=60)
    s = play(s, "create:b.-.b.-.b.-")  # White: blue tripod
    s = play(s, "create:b.-.b.-.b.-")  # Black's set is independent: the same piece is fine
    for text in (
        "create:b.-.b.-.b.-",  # the same
        "create:-.b.-.b.-.b",  # turned
        "create:b.-.b.-.b.-:reinforce",  # differs only in the circle
        "create:-.b.-.b.-.b:damage",
    ):
        with pytest.raises(IllegalMoveError, match="same piece"):
            s.parse_move(text)
    assert not any(
        m.kind == "create" and m.piece == normal(parse_layout("b.-.b.-.b.-")) for m in s.legal_moves()
    )
    # A mirror image of an asymmetric piece is the same piece too.
    s = play(s, "create:g.b.-.-.-.-")
    s = play(s, "close")  # Black closes
    with pytest.raises(IllegalMoveError, match="same piece"):
        s.parse_move("create:g.-.-.-.-.b")
    # A position listing the same piece twice is refused.
    with pytest.raises(NotationError, match="same piece"):
        InfinitState.from_text("distance=3 points=40/40 phase=create white=0 sets=101010.010101/- closed=-/-")


def test_closing_is_final_and_play_starts_when_both_are_closed():
    s = created(white=40, bid=40)
    s = play(s, "close")  # White closes at once
    assert s.closed == (True, False) and s.pos.turn == 1
    s = play(s, "create:b.-.-.-.-.-")
    assert s.pos.turn == 1  # White never creates again: Black goes on
    s = play(s, "create:g.-.-.-.-.-")
    assert s.pos.turn == 1 and s.phase == "create"
    assert len(s.pieces[0]) == 0
    s = play(s, "close")
    assert s.phase == "play" and s.pos.turn == 0 and s.closed == (True, True)
    assert s.eq.sets == ((), (100000, 200000))
    assert s.pos.inv == ((), (0, 1))
    assert texts(s)[0] == "pass"  # White has nothing to place: it may only pass
    with pytest.raises(IllegalMoveError):
        s.parse_move("close")


# --- play far from the origin -------------------------------------------------------------------------

FAR = (
    "distance=40 points=60/60 phase=play white=1 sets=400000.100000/100000 closed=w/b turn=white "
    "cells=w1r0@39,0/w2r3@-10,-6/b1r0@40,0"
)


def test_play_far_from_the_origin_and_at_negative_coordinates():
    s = InfinitState.from_text(FAR)
    board = s.eq.board
    assert board.bases == ((0, 0), (80, 0))
    assert InfinitState.from_text(s.to_text()).to_text() == s.to_text()
    assert "cells=w2r3@-10,-6/w1r0@39,0/b1r0@40,0 inv=-/- quiet=0" in s.to_text()
    # White's piece 2 at -10,-6 turned three times points its blue arrow west, at -11,-6.
    legal = texts(s)
    assert "relocate:-10,-6:-11,-6:r0" in legal
    # The double blue arrow on 39,0 outnumbers Black's base arrow and Black's piece there can
    # be expropriated: White occupies Black's base with it.
    assert s.pos.control()[(80, 0)] == 0
    won = play(s, "expropriate:40,0")
    assert won.outcome is not None and won.outcome.winners == (s.seat_of(0),)
    assert won.outcome.reason == "White occupies Black's base"
    moved = play(s, "relocate:-10,-6:-11,-6:r3")
    assert (-22, -6) in moved.pos.cells and (-20, -6) not in moved.pos.cells
    assert moved.to_move == s.seat_of(1)
    again = InfinitState.from_text(moved.to_text())
    assert again.to_text() == moved.to_text() and texts(again) == texts(moved)


def test_random_games_far_apart_stay_well_formed():
    """Random games (without resigning or draw offers) through the auction, creation and play."""
    options = GAME.resolve_options({"distance": 40, "points": 12})
    rng = random.Random(11)
    for _game in range(2):
        s = GAME.new_state(options, None)
        for _ in range(120):
            if s.outcome is not None:
                break
            moves = [m for m in s.legal_moves() if m.kind not in ("resign", "offer-draw")]
            move = rng.choice(moves)
            text = s.move_to_text(move)
            assert s.parse_move(text) == move
            s = s.play(move)
            assert GAME.parse_position(s.to_text(), options).to_text() == s.to_text()
        assert s.phase == "play"


# --- the draw counter ---------------------------------------------------------------------------------

NEAR_LIMIT = (
    "distance=3 points=20/20 phase=play white=0 sets=100000.000000/100000 closed=w/b turn=white "
    f"cells=w1r0@0,0/b1r3@3,0 quiet={DRAW_MOVES - 1}"
)


def test_the_86185_move_counter_draws():
    s = InfinitState.from_text(NEAR_LIMIT)
    assert s.quiet == 86184 and s.outcome is None
    after = play(s, "pass")
    assert after.quiet == DRAW_MOVES == 86185
    assert after.outcome is not None and after.outcome.is_draw
    assert after.outcome.reason == "86185 moves without an expropriation or release"
    assert f"quiet={DRAW_MOVES}" in after.to_text()
    assert after.legal_moves() == []


def test_an_expropriation_resets_the_counter():
    # White's blue arrow from 2,0 points east at Black's piece on 3,0: 1 against 0 there.
    s = InfinitState.from_text(
        "distance=5 points=20/20 phase=play white=0 sets=100000.000000/100000 closed=w/b turn=white "
        f"cells=w1r0@2,0/b1r0@3,0 quiet={DRAW_MOVES - 1}"
    )
    after = play(s, "expropriate:3,0")
    assert after.quiet == 0 and after.outcome is None and after.history == ()
    quiet = play(s, "take:2,0")
    assert quiet.quiet == DRAW_MOVES and quiet.outcome.is_draw


def test_counter_must_cover_the_history():
    with pytest.raises(NotationError, match="quiet"):
        InfinitState.from_text(
            NEAR_LIMIT.replace(f"quiet={DRAW_MOVES - 1}", "quiet=1") + " seen=-:1.2/1;-:1.2/1"
        )


# --- notation -------------------------------------------------------------------------------------------


def test_positions_and_moves_round_trip_in_every_phase():
    s = InfinitState.new(7, 30)
    rng = random.Random(3)
    agents = [InfinitAgent("easy"), InfinitAgent("easy")]
    seen_phases = set()
    for _ in range(60):
        if s.outcome is not None:
            break
        seen_phases.add(s.phase)
        text = s.to_text()
        again = GAME.parse_position(text, GAME.resolve_options({}))
        assert again.to_text() == text
        sample = s.legal_moves()[:200]
        for move in sample:
            assert s.parse_move(s.move_to_text(move)) == move
        s = s.play(agents[s.to_move].choose(s, Limit(time=0.02), rng))
    assert seen_phases == {"bid", "create", "play"}


def test_create_reads_any_orientation_and_digits():
    s = created()
    a = s.parse_move("create:-.-.-.-.-.b")
    assert a == s.parse_move("create:000001") == s.parse_move("CREATE:b.-.-.-.-.-")
    assert s.move_to_text(a) == "create:b.-.-.-.-.-"
    assert s.move_to_text(s.parse_move("create:-.-.-.-.-.b:+")) == "create:b.-.-.-.-.-:reinforce"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bid",
        "bid:-3",
        "create",
        "create:b.b",
        "create:b.-.-.-.-.-:blue",
        "place:1:0,0:r0",
        "accept:3",
        "zz",
    ],
)
def test_bad_move_texts_give_one_line_errors(text):
    s = created()
    with pytest.raises(GameError) as info:
        s.parse_move(text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "text",
    [
        "distance=0 points=10/10",
        "distance=3 points=10/5 phase=bid",
        "distance=3 points=10/10 sets=100000/- phase=create white=0 closed=w/b",  # closed: that is play
        "distance=3 points=10/10 phase=play sets=100000.200000.300000/-",  # worth 12 > 10
        "distance=3 points=10/? phase=bid bids=5.4",
        "distance=3 points=10/10 cells=w1r0@0,0",  # White has no piece 1
        "distance=3 points=10/10 sets=100000/- cells=w1r0@0;0",
        "distance=3 color=white",
    ],
)
def test_bad_positions_are_refused(text):
    with pytest.raises(NotationError):
        InfinitState.from_text(text)


# --- the AI's start ---------------------------------------------------------------------------------------


def test_ai_bids_rise_and_it_accepts_a_fair_bid():
    s = InfinitState.new(6, 60)
    rng = random.Random(1)
    agent = InfinitAgent("hard")
    fair = fair_black_points(60)
    assert 60 < fair <= bid_cap(60)
    while s.phase == "bid":
        move = agent.choose(s, Limit(time=0.1), rng)
        assert move in s.legal_moves()
        s = s.play(move)
    assert abs(s.points[1] - fair) <= 0.1 * fair


def test_ai_creates_a_set_within_its_points():
    s = created(white=45, bid=50)
    rng = random.Random(2)
    agents = [InfinitAgent("medium"), InfinitAgent("easy")]
    while s.phase == "create":
        move = agents[s.to_move].choose(s, Limit(time=0.1), rng)
        assert move == CLOSE or s.why_not_create(move) == ""
        s = s.play(move)
    assert s.remaining(0) >= 0 and s.remaining(1) >= 0
    for colour in (0, 1):
        assert len(s.pieces[colour]) >= 4
        assert len({normal(lay) for lay, _c in s.pieces[colour]}) == len(s.pieces[colour])
        # What is left could not buy another piece.
        assert s.remaining(colour) < 2 or not creatable(s.remaining(colour), s.taken(colour))
    assert sum(value_of(lay, c) for lay, c in build_set(30)) <= 30


def test_ai_finishes_a_small_game():
    s = InfinitState.new(2, 16)
    rng = random.Random(4)
    agents = [InfinitAgent("medium"), InfinitAgent("easy")]
    for _ in range(300):
        if s.outcome is not None:
            break
        s = s.play(agents[s.to_move].choose(s, Limit(time=0.05), rng))
    assert s.outcome is not None


def test_ai_accepts_or_declines_a_draw_offer_in_the_auction():
    s = play(InfinitState.new(6, 60), "offer-draw")
    move = InfinitAgent("easy").choose(s, Limit(time=0.05), random.Random(0))
    assert move in s.legal_moves() and move.kind in ("accept-draw", "decline-draw")


# --- the plugin ------------------------------------------------------------------------------------------


def test_plugin_loads_from_its_own_folder_next_to_amakta(monkeypatch):
    monkeypatch.setenv("TAFEL_PLUGINS", "amakta,amakta_infinit")
    reg = load_registry()
    assert reg.broken == []
    assert sorted(reg.games) == ["amakta", "amakta-infinit"]
    assert reg.game("amakta-infinit").plugin == "amakta_infinit"
    assert {a.name for a in reg.agents_for("amakta-infinit") if a.plugin == "amakta_infinit"} == {
        "easy",
        "medium",
        "hard",
    }


def test_plugin_loads_without_the_amakta_plugin_registered():
    reg = load_registry(LoadSpec(allow=("amakta_infinit",), entry_points=False))
    assert reg.broken == [] and sorted(reg.games) == ["amakta-infinit"]


def test_the_core_does_not_know_the_game():
    for path in (ROOT / "core").rglob("*.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert "amakta" not in text, path


def test_conformance_default_options():
    report = check_game(GAME, games=2, max_plies=150, deep_every=3)
    assert report.ok, "\n".join(report.lines())


def test_accept_constant_is_the_listed_move():
    s = play(InfinitState.new(4, 10), "bid:3")
    assert ACCEPT in s.legal_moves()


# --- the command line ------------------------------------------------------------------------------------


def test_command_line_list_show_perft_arena(capsys):
    from tafel.cli import main

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert any(
        line.startswith("amakta-infinit ") and "plugin amakta_infinit" in line for line in out.splitlines()
    )
    assert main(["show", "amakta-infinit", "-p", FAR, "-m", "relocate:-10,-6:-11,-6:r3"]) == 0
    out = capsys.readouterr().out
    assert "w2r3@-11,-6" in out and "to-move: Player 1" in out
    assert main(["show", "amakta-infinit", "-o", "points=10", "-m", "bid:10", "accept"]) == 0
    out = capsys.readouterr().out
    assert "phase=create" in out and "create:b.-.-.-.-.-" in out and "legal: close" in out
    assert main(["perft", "amakta-infinit", "2", "-o", "points=5"]) == 0
    out = capsys.readouterr().out
    # bids 0..10 (no meta moves: they are not moves of the game); then each bid k answered by
    # accept or a higher bid: 11 - k
    assert "depth 1 nodes 11" in out and "depth 2 nodes 66" in out
    assert main(["arena", "amakta-infinit", "easy", "random", "--games", "1", "-o", "points=4", "-q"]) == 0
    assert "1 games" in capsys.readouterr().out
    assert main(["show", "amakta-infinit", "-m", "create:b.-.-.-.-.-"]) == 2
    err = capsys.readouterr().err
    assert err.strip().endswith("is not legal now (Player 1 opens the auction for Black's points)")
    assert len(err.strip().splitlines()) == 1
