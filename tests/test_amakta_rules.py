"""Amakta rules: pieces and symmetries, arrows and blocking, control, circles, every move kind."""

from __future__ import annotations

import random

import pytest

from tafel import IllegalMoveError
from tafel.games.amakta.rules import pieces
from tafel.games.amakta.rules.board import HexBoard
from tafel.games.amakta.rules.engine import (
    APPROPRIATE,
    EXPROPRIATE,
    PASS,
    PLACE,
    RELEASE,
    RELEASE_PLACE,
    RELOCATE,
    REMOVE,
    REPLACE,
    ROTATE,
    TAKE,
    Equipment,
    Move,
    Position,
)
from tafel.games.amakta.rules.pieces import canonical, orient, parse_layout
from tafel.games.amakta.rules.state import PLAY, AmaktaState
from tafel.games.amakta_infinit.board import InfiniteBoard

# --- pieces -----------------------------------------------------------------------------------


def test_piece_count_is_86185():
    assert pieces.count_canonical() == 86185 == pieces.PIECE_COUNT
    assert pieces.burnside_count() == 86185
    table = pieces.canonical_pieces()
    assert table[0] == 0 and table == sorted(table)
    assert all(canonical(c) == c for c in table[::997])


def test_canonical_form_is_stable_under_all_12_symmetries():
    rng = random.Random(5)
    sample = [rng.randrange(10**6) for _ in range(400)] + [0, 111111, 123456, 999999, 100400]
    for layout in sample:
        c = canonical(layout)
        images = pieces.images(layout)
        assert c == min(images) and images[0] == layout
        assert images[7] == orient(layout, 7)
        for img in images:
            assert canonical(img) == c
            # turning or mirroring an image stays in the same orbit
            assert pieces.rotate(img, 1) in images and pieces.mirror(img) in images


def test_symmetry_group_structure():
    layout = 123450  # no symmetry: 12 distinct images
    assert len({orient(layout, o) for o in range(12)}) == 12
    assert pieces.rotate(layout, 6) == layout
    assert pieces.mirror(pieces.mirror(layout)) == layout
    # a mirror then a turn is the mirror of the opposite turn
    assert pieces.mirror(pieces.rotate(layout, 1)) == pieces.rotate(pieces.mirror(layout), 5)
    assert len(pieces.distinct_orientations(111111)) == 1
    assert len(pieces.distinct_orientations(100100)) == 3


def test_piece_text_forms():
    assert parse_layout("b.-.-.bb.-.-") == 100400
    assert parse_layout("rg.gb.-.-.-.-") == 970000
    assert pieces.layout_text(970000) == "gr.bg.-.-.-.-"
    assert pieces.arrows(800000) == ((0, 1), (0, 3))
    # the documented tokens only: no empty token, no digit among tokens
    for bad in (
        "",
        "b.b",
        "x.-.-.-.-.-",
        "1234567",
        "b.-.-.-.-.",
        "b..-.-.-.-",
        "b.0.-.-.-.-",
        "b.1.-.-.-.-",
    ):
        with pytest.raises(Exception) as info:
            parse_layout(bad)
        assert "piece" in str(info.value)


# --- a test bench: small boards built in code ----------------------------------------------------

LINE = HexBoard.from_rows("line", "Line", [". . . . . . . . ."])  # a1 .. a9, bases a1 and a9
HOLED = HexBoard.from_rows("holed", "Holed", [". . # . . . # . ."])  # holes at a3 and a7
SET = (
    parse_layout("b.-.-.-.-.-"),  # 1: blue E
    parse_layout("g.-.-.-.-.-"),  # 2: green E
    parse_layout("r.-.-.-.-.-"),  # 3: red E
    parse_layout("bb.-.-.b.-.-"),  # 4: double blue E, blue W
    parse_layout("-.-.-.-.-.-"),  # 5: no arrows
    parse_layout("br.-.-.-.-.-"),  # 6: blue and red E
)


def eq_for(board=LINE) -> Equipment:
    return Equipment(board, (SET, SET))


def position(board, placed: dict[str, tuple], turn=0, circles=None, inv=None) -> Position:
    """``placed``: field name -> (colour, piece number, orientation[, expropriated])."""
    eq = eq_for(board)
    cells = {}
    for name, spec in placed.items():
        colour, number, o = spec[:3]
        ex = spec[3] if len(spec) > 3 else 0
        cells[board.parse_field(name)] = (colour, number - 1, o, ex)
    if inv is None:
        inv = tuple(
            tuple(i for i in range(len(SET)) if not any(p[:2] == (c, i) for p in cells.values()))
            for c in (0, 1)
        )
    if circles is None:
        circles = ((0,) * len(SET), (0,) * len(SET))
    return Position(eq, cells, inv, circles, turn)


def state_of(pos: Position, white_seat: int = 0) -> AmaktaState:
    return AmaktaState(pos.eq, PLAY, pos.circles, white_seat, pos)


def names(board, cells) -> list[str]:
    return sorted(board.name(c) for c in cells)


def texts(pos: Position, kind: str | None = None) -> list[str]:
    return [pos.move_text(m) for m in pos.moves() if kind is None or m.kind == kind]


# --- arrows and blocking -------------------------------------------------------------------------


def test_arrow_reach_blue_green_red():
    for number, target in ((1, "a5"), (2, "a6"), (3, "a7")):
        pos = position(LINE, {"a4": (0, number, 0)})
        views = pos.arrow_views(LINE.parse_field("a4"))
        assert [(LINE.name(v.target), v.blocked) for v in views] == [(target, False)]
        assert pos.counts()[LINE.parse_field(target)] == [1, 0]


def test_double_arrows_count_twice_and_mixed_doubles_reach_both():
    pos = position(LINE, {"a4": (0, 4, 0), "a8": (1, 6, 3)})  # bb E + b W on a4; b+r turned west on a8
    counts = {LINE.name(c): v for c, v in pos.counts().items()}
    assert counts["a3"] == [1, 0]
    assert counts["a7"] == [0, 1]  # the blue arrow of a8
    assert counts["a5"] == [2, 1]  # the double blue of a4 and the red of a8 (a7, a6 empty)


def test_blocking_by_pieces_and_holes():
    # a piece between blocks green and red; one on the target does not
    pos = position(LINE, {"a2": (0, 3, 0), "a4": (1, 5, 0)})
    (view,) = pos.arrow_views(LINE.parse_field("a2"))
    assert view.blocked and LINE.name(view.target) == "a5"
    assert LINE.parse_field("a5") not in pos.counts()
    pos = position(LINE, {"a2": (0, 3, 0), "a5": (1, 5, 0)})
    assert pos.counts()[LINE.parse_field("a5")] == [1, 0]
    # blue is never blocked: nothing lies between
    pos = position(LINE, {"a2": (0, 1, 0), "a3": (1, 5, 0)})
    assert pos.counts()[LINE.parse_field("a3")] == [1, 0]
    # a hole between blocks, a hole or the edge as target means the arrow points nowhere
    pos = position(HOLED, {"a2": (0, 2, 0)})  # green over the hole a3 to a4
    assert HOLED.parse_field("a4") not in pos.counts()
    pos = position(HOLED, {"a2": (0, 1, 0)})  # blue into the hole a3
    assert pos.arrow_views(HOLED.parse_field("a2"))[0].target is None
    pos = position(LINE, {"a8": (0, 3, 0)})  # red off the board
    assert pos.arrow_views(LINE.parse_field("a8"))[0].target is None
    assert LINE.parse_field("a8") not in pos.counts()


def test_pieces_do_not_point_at_their_own_field_and_base_arrows_are_permanent():
    pos = position(LINE, {})
    assert {LINE.name(c): v for c, v in pos.counts().items()} == {"a1": [1, 0], "a9": [0, 1]}
    assert {LINE.name(c): v for c, v in pos.control().items()} == {"a1": 0, "a9": 1}
    # a base arrow cannot be blocked: it comes from outside the board
    pos = position(LINE, {"a1": (0, 5, 0)})
    assert pos.counts()[LINE.parse_field("a1")] == [1, 0]


def test_control_stalemate_and_free_fields():
    pos = position(LINE, {"a3": (0, 1, 0), "a5": (1, 1, 3)})  # both blue arrows hit a4
    assert pos.counts()[LINE.parse_field("a4")] == [1, 1]
    assert pos.control()[LINE.parse_field("a4")] == -1
    assert LINE.parse_field("a6") not in pos.control()  # free
    pos = position(LINE, {"a3": (0, 4, 0), "a5": (1, 1, 3)})  # bb against b
    assert pos.control()[LINE.parse_field("a4")] == 0


def test_freedom_and_binding():
    # White's piece on a4 under one black arrow: bound; under one of each: bound (stalemate); free field: free
    pos = position(LINE, {"a4": (0, 5, 0), "a5": (1, 1, 3)})
    assert not pos.is_free(LINE.parse_field("a4"))
    pos = position(LINE, {"a4": (0, 5, 0), "a5": (1, 1, 3), "a3": (0, 1, 0)})
    assert pos.control()[LINE.parse_field("a4")] == -1 and not pos.is_free(LINE.parse_field("a4"))
    pos = position(LINE, {"a4": (0, 5, 0)})
    assert pos.is_free(LINE.parse_field("a4"))
    pos = position(LINE, {"a4": (0, 5, 0), "a3": (0, 1, 0)})
    assert pos.is_free(LINE.parse_field("a4"))


# --- circles -------------------------------------------------------------------------------------


def circles(white=None, black=None):
    w = [0] * len(SET)
    b = [0] * len(SET)
    for i, v in (white or {}).items():
        w[i - 1] = v
    for i, v in (black or {}).items():
        b[i - 1] = v
    return (tuple(w), tuple(b))


def test_reinforcement_counts_only_while_an_opposing_arrow_points_there():
    # White's blank piece 5 with reinforcement on a4, one black arrow from a5: 1:1 stalemate
    c = circles(white={5: 1})
    pos = position(LINE, {"a4": (0, 5, 0), "a5": (1, 1, 3)}, circles=c)
    assert pos.counts()[LINE.parse_field("a4")] == [1, 1]
    assert pos.control()[LINE.parse_field("a4")] == -1
    # no opposing arrow: the circle does not count, the field stays free
    pos = position(LINE, {"a4": (0, 5, 0)}, circles=c)
    assert LINE.parse_field("a4") not in pos.counts() and pos.is_free(LINE.parse_field("a4"))
    # an own arrow alone does not wake it either
    pos = position(LINE, {"a4": (0, 5, 0), "a3": (0, 1, 0)}, circles=c)
    assert pos.counts()[LINE.parse_field("a4")] == [1, 0]
    # a blocked opposing arrow does not count as pointing there
    pos = position(LINE, {"a4": (0, 5, 0), "a6": (1, 2, 3), "a5": (0, 5, 0)}, circles=c)
    assert LINE.parse_field("a4") not in pos.counts()


def test_damage_counts_for_the_opponent_only_while_an_opposing_arrow_points_there():
    c = circles(white={5: 2})
    # two own arrows against one: without the circle White would control a4; damage makes it 2:2
    pos = position(LINE, {"a4": (0, 5, 0), "a3": (0, 4, 0), "a5": (1, 1, 3)}, circles=c)
    assert pos.counts()[LINE.parse_field("a4")] == [2, 2]
    assert not pos.is_free(LINE.parse_field("a4"))
    # with no opposing arrow the damage circle sleeps: 2:0, White controls, the piece is free
    pos = position(LINE, {"a4": (0, 5, 0), "a3": (0, 4, 0)}, circles=c)
    assert pos.counts()[LINE.parse_field("a4")] == [2, 0]
    assert pos.is_free(LINE.parse_field("a4"))


def test_expropriated_pieces_lose_their_circle():
    c = circles(white={5: 1})
    pos = position(LINE, {"a4": (0, 5, 0, 1), "a3": (0, 1, 0)}, circles=c)  # now Black's
    assert pos.counts()[LINE.parse_field("a4")] == [1, 0]  # no reinforcement for anyone


# --- moves ---------------------------------------------------------------------------------------


def test_first_move_is_forced_onto_the_base():
    s = AmaktaState.new("hexagon", "standard")
    s = s.play(s.parse_move("circles:none")).play(Move("colour", colour=0))
    places = [m for m in s.legal_moves() if m.kind == PLACE]
    assert places and {s.eq.board.name(m.cell) for m in places} == {"e1"}
    kinds = {m.kind for m in s.legal_moves()}
    assert kinds == {PASS, PLACE}  # offering a draw and resigning are meta moves, not in the list
    # Black, too, can only start on its own base
    s = s.play(s.parse_move("place:1:e1:r0"))
    assert {s.eq.board.name(m.cell) for m in s.legal_moves() if m.kind == PLACE} == {"e9"}


def test_place_any_orientation_on_empty_controlled_fields_only():
    pos = position(LINE, {"a2": (0, 4, 0)})  # bb E hits a3 twice, b W hits a1 (base, White's)
    targets = {LINE.name(m.cell) for m in pos.moves() if m.kind == PLACE}
    assert targets == {"a1", "a3"}
    # every distinct orientation of piece 1 (blue E: 6 of them) is offered
    assert (
        len([m for m in pos.moves() if m.kind == PLACE and m.piece == 0 and LINE.name(m.cell) == "a3"]) == 6
    )
    s = state_of(pos)
    with pytest.raises(IllegalMoveError, match="not controlled"):
        s.parse_move("place:1:a5:r0")
    with pytest.raises(IllegalMoveError, match="not in White's inventory"):
        s.parse_move("place:4:a3:r0")


def test_rotate_take_relocate_need_a_free_own_piece():
    # a4 White blank with a black blue arrow on it: bound
    pos = position(LINE, {"a4": (0, 6, 0), "a5": (1, 1, 3)})
    assert not [
        m for m in pos.moves() if m.cell == LINE.parse_field("a4") and m.kind in (ROTATE, TAKE, RELOCATE)
    ]
    s = state_of(pos)
    with pytest.raises(IllegalMoveError, match="bound"):
        s.parse_move("take:a4")
    with pytest.raises(IllegalMoveError, match="not White's"):
        s.parse_move("take:a5")
    # free (nobody points at a3): rotate to the 5 other orientations (mirroring adds none), take, relocate
    pos = position(LINE, {"a3": (0, 6, 0)})  # blue+red E: hits a4 and a6
    got = texts(pos)
    assert "take:a3" in got
    assert sorted(t for t in got if t.startswith("rotate:a3")) == [f"rotate:a3:r{k}" for k in range(1, 6)]
    relocations = {t.split(":")[2] for t in got if t.startswith("relocate:a3")}
    assert relocations == {"a1", "a4", "a6"}  # a1 by the base arrow, a4 and a6 by the piece itself


def test_relocate_judged_before_the_move():
    # The piece's own arrows make a4 controlled: it may relocate there (judged before the move),
    # although once it has left a3 nothing points at a4 any more.
    pos = position(LINE, {"a3": (0, 1, 0)})
    assert "relocate:a3:a4:r0" in texts(pos)
    after = pos.apply(pos.moves()[texts(pos).index("relocate:a3:a4:r0")])
    assert LINE.name(next(iter(after.cells))) == "a4"


def test_replace_on_the_same_field_needs_control_of_it():
    # White's piece 4 (bb E, b W) on a4 points its blue W arrow at White's blank on a3
    pos = position(LINE, {"a3": (0, 5, 0), "a4": (0, 4, 0)})
    got = texts(pos, REPLACE)
    assert "replace:a3:1:r0" in got and all(t.startswith("replace:a3:") for t in got)
    # a4 itself is free but not controlled: it can be taken, not replaced
    assert "take:a4" in texts(pos) and not any(t.startswith("replace:a4") for t in got)
    move = pos.moves()[texts(pos).index("replace:a3:1:r0")]
    after = pos.apply(move)
    assert after.cells[LINE.parse_field("a3")] == (0, 0, 0, 0)
    assert 4 in after.inv[0] and 0 not in after.inv[0]


def test_expropriate_appropriate_remove_release_and_release_place():
    # Black's own piece 5 on a4 under White's double blue from a3: White controls a4
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (1, 5, 0)})
    got = texts(pos)
    assert "expropriate:a4" in got and "remove:a4" in got
    assert not any(t.startswith("appropriate:a4") for t in got)  # the blank piece has one orientation
    after = pos.apply(Move(EXPROPRIATE, LINE.parse_field("a4")))
    assert after.cells[LINE.parse_field("a4")] == (1, 4, 0, 1)  # marked, now White's
    removed = pos.apply(Move(REMOVE, LINE.parse_field("a4")))
    assert LINE.parse_field("a4") not in removed.cells
    assert removed.inv == pos.inv  # Black's piece 5 is in no hand: gone from the game
    assert removed.removed(1) == [4]
    # appropriate: expropriate and turn in one move (piece 1, blue E, turns 5 ways)
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (1, 1, 0)})
    assert sorted(t for t in texts(pos) if t.startswith("appropriate")) == [
        f"appropriate:a4:r{k}" for k in range(1, 6)
    ]
    # release: Black holds White's piece 2 by expropriation on a4, White controls a4
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (0, 2, 0, 1)})
    got = texts(pos)
    assert "release:a4" in got and "release-place:a4:1:r0" in got
    assert "expropriate:a4" not in got  # expropriated pieces cannot be expropriated again
    after = pos.apply(Move(RELEASE, LINE.parse_field("a4")))
    assert LINE.parse_field("a4") not in after.cells and after.removed(0) == [1]
    after = pos.apply(pos.moves()[got.index("release-place:a4:1:r0")])
    assert after.cells[LINE.parse_field("a4")] == (0, 0, 0, 0) and after.removed(0) == [1]


def test_illegal_expropriation_and_release_are_rejected():
    # Black's piece on a4 with no White control there
    pos = position(LINE, {"a4": (1, 5, 0)})
    s = state_of(pos)
    with pytest.raises(IllegalMoveError, match="not controlled"):
        s.parse_move("expropriate:a4")
    with pytest.raises(IllegalMoveError):
        s.parse_move("release:a4")
    # White's own piece cannot be expropriated by White
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (0, 5, 0)})
    with pytest.raises(IllegalMoveError, match="already White's"):
        state_of(pos).parse_move("expropriate:a4")


def test_illegal_remove_release_place_and_appropriate_are_rejected():
    def rejected(pos: Position, text: str, words: str) -> None:
        assert not any(t == text or t.startswith(text + ":") for t in texts(pos))  # not generated
        with pytest.raises(IllegalMoveError, match=words):
            state_of(pos).parse_move(text)

    # Black's own piece 1 on a4 and nothing of White's points there: no control, so no remove,
    # no appropriate
    free = position(LINE, {"a4": (1, 1, 0)})
    rejected(free, "remove:a4", "a4 is not controlled by White")
    rejected(free, "appropriate:a4:r1", "a4 is not controlled by White")
    # a stalemate is no control either: White's blue from a3 against Black's blue from a5
    even = position(LINE, {"a3": (0, 1, 0), "a4": (1, 1, 0), "a5": (1, 1, 3)})
    assert even.control()[LINE.parse_field("a4")] == -1
    rejected(even, "remove:a4", "not controlled")
    rejected(even, "appropriate:a4:r2", "not controlled")
    # controlled, but appropriating to the orientation it already has is a plain expropriation,
    # and an expropriated piece is released, not removed
    held = position(LINE, {"a3": (0, 4, 0), "a4": (1, 1, 0)})
    rejected(held, "appropriate:a4:r0", "already lies that way")
    marked = position(LINE, {"a3": (0, 4, 0), "a4": (0, 2, 0, 1)})  # Black holds White's piece 2
    rejected(marked, "remove:a4", "already expropriated")
    assert "release-place:a4:1:r0" in texts(marked)
    # release-and-place: without control; on a piece that is not expropriated; with a piece not in hand
    uncontrolled = position(LINE, {"a4": (0, 2, 0, 1)})
    rejected(uncontrolled, "release-place:a4:1:r0", "a4 is not controlled by White")
    rejected(held, "release-place:a4:1:r0", "not expropriated")
    rejected(marked, "release-place:a4:4:r0", "piece 4 is not in White's inventory")  # it is on a3
    # the moves themselves, not only their texts, are refused by play()
    with pytest.raises(IllegalMoveError):
        state_of(free).play(Move(REMOVE, LINE.parse_field("a4")))


def test_expropriated_pieces_taken_into_an_inventory_leave_the_game():
    # White owns Black's piece 5 by expropriation on a4 (free field): taking it removes it
    pos = position(LINE, {"a4": (1, 5, 0, 1)})
    assert "take:a4" in texts(pos)
    after = pos.apply(Move(TAKE, LINE.parse_field("a4")))
    assert not after.cells and after.inv == pos.inv
    assert after.removed(1) == [4]
    # replacing it removes it too
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (1, 5, 0, 1)})
    after = pos.apply(pos.moves()[texts(pos).index("replace:a4:1:r0")])
    assert after.cells[LINE.parse_field("a4")] == (0, 0, 0, 0) and after.removed(1) == [4]
    # relocating it keeps it in play
    pos = position(LINE, {"a3": (0, 4, 0), "a5": (1, 5, 0, 1)})
    assert any(t.startswith("relocate:a5:a4") for t in texts(pos))


def test_before_the_move_rule_with_a_damage_circle():
    # White's piece 5 with damage on a4: White 2 (bb from a3) against Black 1 (+1 damage): stalemate,
    # so it is bound; the same piece without the circle would be free.
    damaged = circles(white={5: 2})
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (0, 5, 0), "a5": (1, 1, 3)}, circles=damaged)
    assert "take:a4" not in texts(pos)
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (0, 5, 0), "a5": (1, 1, 3)})
    assert "take:a4" in texts(pos)
    # Black expropriates through a reinforcement it must first overcome: Black's reinforced piece 5 on
    # a4 under White's double arrow and Black's single one: 2 against 1+1 -> stalemate, not expropriable
    reinforced = circles(black={5: 1})
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (1, 5, 0), "a5": (1, 1, 3)}, circles=reinforced)
    assert "expropriate:a4" not in texts(pos)
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (1, 5, 0)}, circles=reinforced)
    # only White's arrows point there: 2 against 0+1 -> White controls and may expropriate
    assert "expropriate:a4" in texts(pos)


def test_pass_and_move_kinds_cover_the_eleven():
    kinds_seen = set()
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (1, 1, 0), "a2": (0, 1, 0)})
    kinds_seen |= {m.kind for m in pos.moves()}
    pos = position(LINE, {"a3": (0, 4, 0), "a4": (0, 2, 0, 1)})
    kinds_seen |= {m.kind for m in pos.moves()}
    assert kinds_seen >= {
        PASS,
        ROTATE,
        TAKE,
        PLACE,
        EXPROPRIATE,
        RELEASE,
        REPLACE,
        RELOCATE,
        APPROPRIATE,
        REMOVE,
        RELEASE_PLACE,
    }


def test_infinite_board_plays_far_from_the_origin():
    board = InfiniteBoard(40)
    eq = Equipment(board, (SET, SET))
    pos = Position.start(eq)
    assert {board.name(c) for c in pos.control()} == {"0,0", "40,0"}
    pos = Position(eq, {(-20, -4): (0, 3, 0, 0)}, ((0, 1, 2, 4, 5), tuple(range(6))), pos.circles, 0)
    assert pos.counts()[(-18, -4)] == [2, 0]
    assert board.name((-18, -4)) == "-9,-4"
    assert any(m.kind == PLACE and m.cell == (-18, -4) for m in pos.moves())
