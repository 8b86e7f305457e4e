"""Amakta as a game: start phase, ends, notation round trips, data files, the command, the AI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tafel import IllegalMoveError, Limit, NotationError
from tafel.cli import main
from tafel.cli.conformance import check_game
from tafel.games.amakta import GAME
from tafel.games.amakta.ai import AmaktaAgent
from tafel.games.amakta.evaluate import can_win_now, evaluate
from tafel.games.amakta.rules import catalog
from tafel.games.amakta.rules.board import DataError, load_board
from tafel.games.amakta.rules.sets import load_set
from tafel.games.amakta.rules.state import AmaktaState

ROOT = Path(__file__).resolve().parent.parent


def new(board="small", set_id="beginner") -> AmaktaState:
    return GAME.new_state(GAME.resolve_options({"board": board, "set": set_id}), None)


def play(state: AmaktaState, *texts: str) -> AmaktaState:
    for text in texts:
        state = state.play(state.parse_move(text))
    return state


def started(board="small", set_id="beginner", colour="black") -> AmaktaState:
    """Circles none, seat 1 takes ``colour``."""
    return play(new(board, set_id), "circles:none", f"colour:{colour}")


# --- start phase ---------------------------------------------------------------------------------


def test_start_phase_no_circles_and_colour_choice():
    s = new()
    assert s.to_move == 0 and s.phase == "circles" and s.outcome is None
    s = play(s, "circles:none")
    assert s.phase == "colour" and s.to_move == 1
    assert all(v == 0 for c in s.circles for v in c)
    w = play(s, "colour:white")
    assert w.white_seat == 1 and w.to_move == 1  # seat 1 chose White and moves first
    b = play(s, "colour:black")
    assert b.white_seat == 0 and b.to_move == 0
    assert b.describe() == "White to move (Player 1)"


def test_start_phase_same_for_both_piece_by_piece():
    s = play(new(), "circles:same")
    assert s.phase == "circles-same"
    texts = [s.move_to_text(m) for m in s.legal_moves()]
    assert texts[:4] == ["circle:1:none", "circle:1:reinforce", "circle:1:damage", "circles:done"]
    s = play(s, "circle:1:reinforce", "circle:2:damage")
    assert s.circles[0][:2] == (1, 2) and s.circles[1][:2] == (1, 2)
    s = play(s, "circles:done")
    assert s.phase == "colour" and s.circles[0] == (1, 2, 0, 0, 0, 0) == s.circles[1]


def test_start_phase_each_piece_separately():
    s = play(new(), "circles:each")
    for i in range(1, 7):
        s = play(s, f"circle:w{i}:{'damage' if i == 3 else 'none'}")
    assert s.phase == "circles-each"
    assert [s.move_to_text(m) for m in s.legal_moves()][0] == "circle:b1:none"
    for i in range(1, 7):
        s = play(s, f"circle:b{i}:{'reinforce' if i == 6 else 'none'}")
    assert s.phase == "colour"
    assert s.circles == ((0, 0, 2, 0, 0, 0), (0, 0, 0, 0, 0, 1))
    s = play(s, "colour:white")
    assert s.pos.circles == s.circles and s.phase == "play"


def test_play_moves_before_the_start_are_rejected():
    with pytest.raises(IllegalMoveError, match="after the circles"):
        new().parse_move("place:1:d1:r0")
    with pytest.raises(IllegalMoveError):
        new().parse_move("colour:white")


# --- ends ----------------------------------------------------------------------------------------


def test_occupying_the_opponents_base_wins():
    # White's double blue on d6 points twice at Black's base d7: White controls it and places there.
    s = AmaktaState.from_text("board=small set=beginner white=1 cells=w4r0@d6/w1r0@d1 turn=white")
    assert can_win_now(s.pos)
    s = play(s, "place:2:d7:r0")
    assert s.outcome is not None and s.outcome.winners == (1,)  # seat 1 plays White
    assert s.outcome.reason == "White occupies Black's base" and s.legal_moves() == []


def test_winning_with_an_expropriated_piece():
    # Black's own piece sits on its base d7; White controls d7 and expropriates it: White occupies it.
    s = AmaktaState.from_text("board=small set=beginner cells=w4r0@d6/b1r0@d7 turn=white")
    s = play(s, "expropriate:d7")
    assert s.outcome.winners == (0,) and "occupies" in s.outcome.reason


def test_two_passes_in_a_row_draw_by_repetition():
    s = started()
    s = play(s, "pass")
    assert s.outcome is None and s.repetitions() == 2
    s = play(s, "pass")
    assert s.outcome is not None and s.outcome.is_draw
    assert s.outcome.reason == "the same situation for the third time"


def test_repetition_counts_situations_not_the_side_to_move():
    s = started()
    s = play(s, "place:1:d1:r0", "pass", "take:d1")  # back to the start situation, Black to move
    assert s.repetitions() == 2 and s.outcome is None
    s = play(s, "pass")  # White to move, same situation: third time
    assert s.outcome.is_draw


def test_expropriation_clears_the_repetition_history():
    s = AmaktaState.from_text(
        "board=small set=beginner cells=w4r0@d2/b5r0@d3 turn=white "
        "seen=w4r0@d2:1.2.3.5.6/1.2.3.4.5.6;w4r0@d2/b5r0@d3:1.2.3.5.6/1.2.3.4.6"
    )
    assert len(s.history) == 2 and s.repetitions() == 2  # the second situation is the current one
    assert play(s, "expropriate:d3").history == ()
    assert len(play(s, "pass").history) == 3


def test_repetition_compares_situations_exactly():
    s = play(started(), "place:1:d1:r0", "pass")
    key = s.pos.key()
    # a situation with the same hash but other contents (a collision) does not count
    collision = (key[0], frozenset(), key[2])
    assert s._replace(history=(collision, collision)).repetitions() == 1
    assert s._replace(history=(key, key)).outcome.is_draw
    # the same piece turned another way is another situation
    turned = play(s, "rotate:d1:r1", "pass")  # w1r0@d1 seen twice, w1r1@d1 once before now
    assert turned.pos.key() != key and turned.history.count(key) == 2 and turned.repetitions() == 2
    # the history is written exactly in the position text and read back the same
    text = play(turned, "rotate:d1:r0").to_text()
    assert "seen=-:1.2.3.4.5.6/1.2.3.4.5.6;w1r0@d1:2.3.4.5.6/1.2.3.4.5.6;" in text
    back = AmaktaState.from_text(text)
    assert back.to_text() == text and back.repetitions() == 3 and back.outcome.is_draw


def test_agreed_draw_and_declined_offer():
    s = started()
    offer = play(s, "offer-draw")
    assert offer.to_move == 1 and offer.offer == 0
    assert [offer.move_to_text(m) for m in offer.legal_moves()] == ["accept-draw", "decline-draw"]
    agreed = play(offer, "accept-draw")
    assert agreed.outcome.is_draw and agreed.outcome.reason == "draw agreed"
    declined = play(offer, "decline-draw")
    assert declined.to_move == 0 and declined.outcome is None
    assert [label for label, _ in declined.meta_moves()] == ["Resign"]  # one offer a turn
    with pytest.raises(IllegalMoveError, match="one offer a turn"):
        declined.parse_move("offer-draw")
    after = play(declined, "place:1:d1:r0")
    assert [label for label, _ in after.meta_moves()] == ["Offer a draw", "Resign"]
    assert declined.repetitions() == 1  # offers are not moves of the game


def test_resignation_any_time():
    s = play(new(), "resign")
    assert s.outcome.winners == (1,) and s.outcome.reason == "Player 1 resigned"
    s = play(started(colour="white"), "resign")  # seat 1 plays White and is to move
    assert s.outcome.winners == (0,) and s.outcome.reason == "White (Player 2) resigned"
    s = play(started(), "offer-draw", "resign")  # answering an offer by resigning
    assert s.outcome.winners == (0,)


def test_meta_moves_are_listed_for_a_pause_menu_not_as_legal_moves():
    for s in (new(), play(new(), "circles:same"), started()):
        assert [label for label, _ in s.meta_moves()] == ["Offer a draw", "Resign"]
        assert not {m.kind for m in s.legal_moves()} & {"offer-draw", "resign"}
        # still playable (saves and replays hold them)
        for _label, move in s.meta_moves():
            assert not s.is_legal(move) and s.parse_move(s.move_to_text(move)) == move
            assert s.play(move) != s
    s = play(started(), "offer-draw")
    assert [label for label, _ in s.meta_moves()] == ["Accept the draw", "Decline the draw", "Resign"]
    assert [m.kind for m in s.legal_moves()] == ["accept-draw", "decline-draw"]
    over = play(s, "resign")
    assert over.meta_moves() == [] and over.legal_moves() == []
    with pytest.raises(IllegalMoveError, match="over"):
        over.parse_move("resign")
    with pytest.raises(IllegalMoveError, match="waits for an answer"):
        s.parse_move("offer-draw")


def test_perft_counts_game_moves_only(capsys):
    assert main(["perft", "amakta", "1"]) == 0
    assert "depth 1 nodes 3" in capsys.readouterr().out  # circles none, same, each
    s = started("hexagon", "standard")
    assert main(["perft", "amakta", "1", "--position", s.to_text()]) == 0
    n = len(s.legal_moves())
    assert f"depth 1 nodes {n}" in capsys.readouterr().out
    assert n == 1 + len([m for m in s.legal_moves() if m.kind == "place"])  # pass and the placements


# --- notation ------------------------------------------------------------------------------------


def random_states(n_games=3, plies=60, seed=4):
    rng = random.Random(seed)
    for _g in range(n_games):
        s = new("hexagon", "standard")
        for _ in range(plies):
            yield s
            moves = [m for m in s.legal_moves() if m.kind not in ("resign", "offer-draw", "accept-draw")]
            if not moves:
                break
            # favour placements so positions fill up
            places = [m for m in moves if m.kind == "place"]
            s = s.play(rng.choice(places) if places and rng.random() < 0.6 else rng.choice(moves))
        yield s


def test_position_and_move_notation_round_trip():
    seen_kinds = set()
    for s in random_states():
        text = s.to_text()
        back = GAME.parse_position(text, GAME.resolve_options({}))
        assert back.to_text() == text
        assert back.repetitions() == s.repetitions()
        for m in s.legal_moves()[:: max(1, len(s.legal_moves()) // 40)]:
            t = s.move_to_text(m)
            assert " " not in t and s.parse_move(t) == m
            seen_kinds.add(m.kind)
    assert {"place", "pass", "rotate", "take", "relocate"} <= seen_kinds


def test_position_text_of_special_states_round_trip():
    base = started()
    states = [
        new(),
        play(new(), "circles:same", "circle:1:damage"),
        play(new(), "circles:each", "circle:w1:reinforce"),
        play(new(), "circles:none"),
        play(base, "offer-draw"),
        play(base, "offer-draw", "decline-draw"),
        play(base, "resign"),
        play(base, "offer-draw", "accept-draw"),
        play(base, "pass"),
        AmaktaState.from_text(
            "board=holes set=standard cells=w3r2mx@e2/b14r0@c1 inv=1.2/- turn=black white=1"
        ),
    ]
    for s in states:
        back = AmaktaState.from_text(s.to_text())
        assert back.to_text() == s.to_text()
        assert [back.move_to_text(m) for m in back.legal_moves()] == [
            s.move_to_text(m) for m in s.legal_moves()
        ]
        assert (back.outcome is None) == (s.outcome is None)


def test_spaces_are_accepted_when_reading_moves():
    s = started()
    assert s.parse_move("place 1 d1 r0") == s.parse_move("place:1:d1:r0")
    assert s.parse_move("  PASS ") == s.parse_move("pass")
    # orientations that give the same layout name the same move
    assert s.parse_move("place:1:d1:r3") == s.parse_move("place:1:d1:r0")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump:d1",
        "place:1:d1",
        "place:9:d1:r0",
        "place:1:z9:r0",
        "place:1:d1:r7",
        "place:1:d1:x",
        "take",
        "circle:1:purple",
        "colour:red",
        "rotate:d1:r1",
    ],
)
def test_bad_move_texts_are_one_line_errors(text):
    s = started()
    with pytest.raises((NotationError, IllegalMoveError)) as info:
        s.parse_move(text)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    "text,words",
    [
        ("board=small", "needs board"),
        ("board=moon set=beginner", "unknown board"),
        ("board=small set=beginner cells=w9r0@d1", "bad piece number"),
        ("board=small set=beginner cells=w1r0@z9", "not a field"),
        ("board=small set=beginner cells=w1r0@d1/w2r0@d1", "two pieces"),
        ("board=small set=beginner cells=w1r0@d1 inv=1/-", "both in hand and on the board"),
        ("board=small set=beginner circles=0000", "circles"),
        ("board=small set=beginner phase=colour white=0", "white="),
        ("board=small set=beginner draw=maybe", "draw="),
        ("board=small set=beginner seen=xyz", "seen="),
        ("board=small set=beginner colour=white", "unknown position key"),
        ("board=small set=beginner cells", "key=value"),
    ],
)
def test_bad_positions_are_rejected(text, words):
    with pytest.raises(NotationError) as info:
        AmaktaState.from_text(text)
    assert words in str(info.value) and "\n" not in str(info.value)


# --- data files ----------------------------------------------------------------------------------


def test_shipped_boards_and_sets_load():
    boards = catalog.boards()
    assert {"hexagon", "small", "holes"} <= set(boards)
    assert len(boards["hexagon"].fields) == 61 and not boards["hexagon"].holes
    assert len(boards["holes"].fields) == 56 and len(boards["holes"].holes) == 5
    sets = catalog.sets()
    assert len(sets["beginner"]) < len(sets["standard"])
    assert [v for v, _ in GAME.option("board").choices] == list(boards)
    assert [v for v, _ in GAME.option("set").choices] == list(sets)


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@pytest.mark.parametrize(
    "data,words",
    [
        ("{not json", "not valid JSON (line 1"),
        ([1, 2], "must hold a JSON object"),
        ({"rows": ["."]}, "missing key 'name'"),
        ({"name": "x", "rows": ["."], "colour": 1}, "unknown key 'colour'"),
        ({"name": "x", "rows": ". . ."}, "'rows' must be a list"),
        ({"name": "x", "rows": [". .", ". ."]}, "odd number of rows"),
        ({"name": "x", "rows": [". x ."]}, "has 'x'"),
        ({"name": "x", "rows": [". o ."]}, "has 'o'; use '.' for a field, '#' for a hole"),
        ({"name": "x", "rows": ["  . .", ". . .", "  . ."]}, "off the hex grid"),
        ({"name": "x", "rows": [" . . .", ". . . .", " . ."]}, "not symmetric top to bottom"),
        ({"name": "x", "rows": [". # . ."]}, "not symmetric left to right"),
        ({"name": "x", "rows": ["# . #"]}, "middle row must start and end with a field"),
        ({"name": 3, "rows": ["."]}, "'name' must be a string"),
    ],
)
def test_board_files_are_validated(tmp_path, data, words):
    path = write(tmp_path, "bad.json", data)
    with pytest.raises(DataError) as info:
        load_board(path)
    message = str(info.value)
    assert message.startswith("board bad.json:") and words in message and "\n" not in message


@pytest.mark.parametrize(
    "data,words",
    [
        ({"name": "x", "pieces": []}, "'pieces' is empty"),
        ({"name": "x", "pieces": "b.-.-.-.-.-"}, "must be a list"),
        ({"name": "x", "pieces": ["b.-.-.-.-.-", "-.-.-.b.-.-"]}, "pieces 1 and 2 are the same piece"),
        ({"name": "x", "pieces": ["b.-.-"]}, "piece 1"),
        ({"name": "x", "pieces": ["q.-.-.-.-.-"]}, "direction E has 'q'"),
        ({"name": "x", "pieces": [7]}, "piece 1 must be a string"),
        ({"name": "x", "pieces": ["b.-.-.-.-.-"] * 0 + [f"{i:06d}" for i in range(41)]}, "at most 40"),
    ],
)
def test_set_files_are_validated(tmp_path, data, words):
    path = write(tmp_path, "bad.json", data)
    with pytest.raises(DataError) as info:
        load_set(path)
    message = str(info.value)
    assert message.startswith("set bad.json:") and words in message and "\n" not in message


def test_new_data_files_drop_in(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "sets").mkdir()
    write(tmp_path / "boards", "tiny.json", {"name": "Tiny", "rows": [" . . ", ". # .", " . . "]})
    write(tmp_path / "sets", "duo.json", {"name": "Duo", "pieces": ["b.-.-.-.-.-", "100100"]})
    assert list(catalog.boards(tmp_path)) == ["tiny"] and len(catalog.sets(tmp_path)["duo"]) == 2


# --- the command, conformance, the AI -------------------------------------------------------------


def test_amakta_pieces_command(capsys):
    assert main(["amakta-pieces"]) == 0
    assert capsys.readouterr().out.strip() == "86185 pieces up to rotation and mirroring"
    assert main(["amakta-pieces", "b.-.-.bb.-.-", "#5"]) == 0
    out = capsys.readouterr().out
    assert "100400  b.-.-.bb.-.-" in out and "canonical 001004" in out and "000005" in out
    assert "6 distinct orientations;" in out  # turns only: b.-.-.bb.-.- is its own mirror image
    assert main(["amakta-pieces", "111111", "000000"]) == 0
    out = capsys.readouterr().out
    assert out.count("1 distinct orientation;") == 2 and "orientations" not in out
    assert main(["amakta-pieces", "nonsense"]) == 2
    assert "error: piece 'nonsense'" in capsys.readouterr().err


def test_command_line_replays_a_random_game():
    """A seeded random game on the holes board with the standard set, its move texts passed through
    ``python main.py show``: the command reaches the same position."""
    rng = random.Random(11)
    s = new("holes", "standard")
    texts = []
    while len(texts) < 60 and s.outcome is None:
        moves = s.legal_moves()
        places = [m for m in moves if m.kind == "place"]
        move = rng.choice(places) if places and rng.random() < 0.5 else rng.choice(moves)
        texts.append(s.move_to_text(move))
        s = s.play(move)
    assert len(texts) == 60 and len(s.pos.cells) > 4 and s.history  # a game under way
    assert {t.split(":")[0] for t in texts} >= {"place", "rotate", "take"}
    result = subprocess.run(
        [sys.executable, "main.py", "show", "amakta", "--option", "board=holes", "--option", "set=standard"]
        + ["--moves", *texts],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"position: {s.to_text()}"
    assert lines[2] == "legal: " + " ".join(s.move_to_text(m) for m in s.legal_moves())


def test_cli_show_and_perft(capsys):
    assert (
        main(
            [
                "show",
                "amakta",
                "-o",
                "board=small",
                "-o",
                "set=beginner",
                "--moves",
                "circles:none",
                "colour:white",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    legal = next(line for line in out.splitlines() if line.startswith("legal: "))
    assert "to-move: Player 2" in out and "place:1:d1:r0" in legal and "offer-draw" not in legal
    assert main(["perft", "amakta", "-o", "set=beginner", "-o", "board=small", "2"]) == 0
    # depth 1: circles none/same/each; depth 2: 2 colours + (3 circles + done) twice
    assert "depth 2 nodes 10" in capsys.readouterr().out


@pytest.mark.parametrize("options", [{}, {"board": "holes", "set": "beginner"}])
def test_conformance_short(options):
    report = check_game(GAME, options, games=1, max_plies=60, deep_every=4)
    assert report.ok, report.lines()


def test_ai_levels_play_legal_moves_and_take_a_win():
    s = AmaktaState.from_text("board=small set=beginner white=1 cells=w4r0@d6/w1r0@d1 turn=white")
    for level in ("easy", "medium", "hard"):
        agent = AmaktaAgent(level)
        move = agent.choose(s, Limit(depth=2), random.Random(1))
        assert s.play(move).outcome.winners == (1,)


def test_ai_start_phase_and_draw_offers():
    agent = AmaktaAgent("medium")
    rng = random.Random(2)
    s = new()
    assert s.move_to_text(agent.choose(s, Limit(depth=1), rng)) == "circles:none"
    s = play(s, "circles:none")
    assert s.move_to_text(agent.choose(s, Limit(depth=1), rng)) == "colour:white"
    # offered a draw in a lost position it accepts, in a won one it declines
    lost = AmaktaState.from_text(
        "board=small set=beginner cells=w4r0@d6/w1r0@d1/w2r0@c2/w3r0@e2 turn=black draw=offer0"
    )
    assert evaluate(lost._replace(offer=None), 1) < 0
    assert lost.move_to_text(agent.choose(lost, Limit(depth=1), rng)) == "accept-draw"
    won = AmaktaState.from_text(
        "board=small set=beginner cells=w4r0@d6/w1r0@d1/w2r0@c2/w3r0@e2 turn=black draw=offer1"
    )
    assert won.move_to_text(agent.choose(won, Limit(depth=1), rng)) == "decline-draw"


def test_ai_blocks_an_immediate_threat():
    # White threatens d7 (double blue from d6); Black must answer, e.g. by taking... Black to move
    s = AmaktaState.from_text("board=small set=beginner cells=w4r0@d6/w1r0@d1/b1r0@d7 turn=black")
    # Black's piece on its own base can be expropriated by White next move: Black must not leave it so.
    agent = AmaktaAgent("hard")
    move = agent.choose(s, Limit(depth=2), random.Random(3))
    after = s.play(move)
    assert not can_win_now(after.pos) or after.outcome is not None
