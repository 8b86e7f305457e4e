"""The Amakta engine's fast paths against a plain reading of the rules.

:class:`~tafel.games.amakta.rules.engine.Position` counts arrows from precomputed rays and
orientation tables and generates moves in one sweep; here the same figures come from the rules
text written out the slow way (walk each arrow field by field, try every orientation of every
piece), on random positions of every shipped board and set, circles and expropriated pieces
included. Counts, control, the move set and the position after a move must all agree.
"""

from __future__ import annotations

import random

import pytest

from tafel.games.amakta.rules import catalog
from tafel.games.amakta.rules.board import DIRECTIONS
from tafel.games.amakta.rules.engine import Equipment, Position
from tafel.games.amakta.rules.pieces import arrows, orient

BOARDS = ("hexagon", "holes", "small")
SETS = ("standard", "beginner")


def ref_counts(pos: Position) -> dict[int, list[int]]:
    """Arrows of White and Black at each field: pieces' unblocked arrows, base arrows, circles."""
    board, cells = pos.eq.board, pos.cells
    counts: dict[int, list[int]] = {}
    for cell, (col, idx, ori, ex) in cells.items():
        owner = col ^ ex
        x, y = board.xy(cell)
        for d, reach in arrows(orient(pos.eq.sets[col][idx], ori)):
            dx, dy = DIRECTIONS[d]
            between = [board.cell_at((x + k * dx, y + k * dy)) for k in range(1, reach)]
            if any(c is None or c in cells for c in between):
                continue  # a hole or a piece on the way blocks the arrow
            target = board.cell_at((x + reach * dx, y + reach * dy))
            if target is None:
                continue  # off the board or a hole: the arrow points nowhere
            counts.setdefault(target, [0, 0])[owner] += 1
    for colour, base in enumerate(board.bases):
        counts.setdefault(base, [0, 0])[colour] += 1
    arrows_only = {c: list(v) for c, v in counts.items()}
    for cell, (col, idx, _ori, ex) in cells.items():
        circle = 0 if ex else pos.circles[col][idx]
        # A circle counts only while a real opposing arrow points at its field.
        if circle and arrows_only.get(cell, [0, 0])[1 - col] > 0:
            counts[cell][col if circle == 1 else 1 - col] += 1
    return counts


def ref_moves(pos: Position) -> set[tuple]:
    """Every move as (kind, fields, piece laid out as it would lie), from the rules' move list."""
    me, cells, eq = pos.turn, pos.cells, pos.eq
    control = {c: (0 if w > b else 1 if b > w else -1) for c, (w, b) in ref_counts(pos).items()}

    def layouts(col: int, idx: int) -> set[int]:
        return {orient(eq.sets[col][idx], o) for o in range(12)}

    out: set[tuple] = {("pass",)}
    empty = [c for c in eq.board.fields if c not in cells and control.get(c) == me]
    hand = pos.inv[me]
    for i in hand:
        for lay in layouts(me, i):
            out.update(("place", c, i, lay) for c in empty)
    for c, (col, idx, ori, ex) in cells.items():
        state = control.get(c)
        if col ^ ex == me:
            if state is not None and state != me:
                continue  # bound: neither on a free field nor on one its owner controls
            current = orient(eq.sets[col][idx], ori)
            out.update(("rotate", c, lay) for lay in layouts(col, idx) if lay != current)
            out.add(("take", c))
            if state == me:  # take, then place on the same (controlled) field
                out.update(("replace", c, i, lay) for i in hand for lay in layouts(me, i))
            out.update(("relocate", c, t, lay) for t in empty for lay in layouts(col, idx))
        elif state == me:
            if not ex:
                out.update({("expropriate", c), ("remove", c)})
                current = orient(eq.sets[col][idx], ori)
                out.update(("appropriate", c, lay) for lay in layouts(col, idx) if lay != current)
            else:
                out.add(("release", c))
                out.update(("release-place", c, i, lay) for i in hand for lay in layouts(me, i))
    return out


def engine_moves(pos: Position) -> list[tuple]:
    out, eq, me = [], pos.eq, pos.turn
    for m in pos.moves():
        k = m.kind
        if k == "pass":
            out.append(("pass",))
        elif k in ("take", "expropriate", "remove", "release"):
            out.append((k, m.cell))
        elif k in ("place", "replace", "release-place"):
            out.append((k, m.cell, m.piece, orient(eq.sets[me][m.piece], m.orient)))
        else:
            col, idx, _o, _ex = pos.cells[m.cell]
            lay = orient(eq.sets[col][idx], m.orient)
            out.append((k, m.cell, lay) if k in ("rotate", "appropriate") else (k, m.cell, m.to, lay))
    return out


def ref_apply(pos: Position, move) -> tuple[dict, tuple]:
    """Board (field -> (colour, index, layout, mark)) and hands after ``move``, from the rules."""
    eq, me = pos.eq, pos.turn
    board = {c: (col, i, orient(eq.sets[col][i], o), ex) for c, (col, i, o, ex) in pos.cells.items()}
    hands = [set(pos.inv[0]), set(pos.inv[1])]

    def into_hand(piece) -> None:
        col, i, _lay, ex = piece
        if not ex:  # an expropriated piece that ends in an inventory leaves the game
            hands[me].add(i)

    def put(i: int, o: int) -> tuple:
        hands[me].discard(i)
        return (me, i, orient(eq.sets[me][i], o), 0)

    k, c = move.kind, move.cell
    if k in ("take", "remove"):
        if k == "remove":
            col, i, lay, _ = board[c]
            board[c] = (col, i, lay, 1)  # expropriate, then take
        into_hand(board.pop(c))
    elif k == "place":
        board[c] = put(move.piece, move.orient)
    elif k == "rotate":
        col, i, _lay, ex = board[c]
        board[c] = (col, i, orient(eq.sets[col][i], move.orient), ex)
    elif k == "relocate":
        col, i, _lay, ex = board.pop(c)
        board[move.to] = (col, i, orient(eq.sets[col][i], move.orient), ex)
    elif k == "replace":
        into_hand(board.pop(c))
        board[c] = put(move.piece, move.orient)
    elif k in ("expropriate", "appropriate"):
        col, i, lay, _ = board[c]
        board[c] = (col, i, orient(eq.sets[col][i], move.orient) if k == "appropriate" else lay, 1)
    elif k in ("release", "release-place"):
        del board[c]
        if k == "release-place":
            board[c] = put(move.piece, move.orient)
    return board, (tuple(sorted(hands[0])), tuple(sorted(hands[1])))


def random_position(eq: Equipment, n: int, rng: random.Random) -> Position:
    fields = list(eq.board.fields)
    rng.shuffle(fields)
    cells, used = {}, (set(), set())
    for c in fields[: rng.randint(0, min(2 * n, 20))]:
        col = rng.randrange(2)
        free = [i for i in range(n) if i not in used[col]]
        if not free:
            continue
        i = rng.choice(free)
        used[col].add(i)
        cells[c] = (col, i, eq.normal(col, i, rng.randrange(12)), int(rng.random() < 0.25))
    hands = tuple(tuple(i for i in range(n) if i not in used[c] and rng.random() < 0.7) for c in (0, 1))
    circles = tuple(tuple(rng.choice((0, 0, 1, 2)) for _ in range(n)) for _ in (0, 1))
    return Position(eq, cells, hands, circles, rng.randrange(2))


@pytest.mark.parametrize("board_id", BOARDS)
@pytest.mark.parametrize("set_id", SETS)
def test_counts_control_and_moves_match_the_plain_rules(board_id, set_id):
    pieces = catalog.piece_set(set_id)
    eq = Equipment(catalog.board(board_id), (pieces.layouts, pieces.layouts))
    rng = random.Random(f"{board_id}/{set_id}")
    moves_seen = 0
    for _ in range(120):
        pos = random_position(eq, len(pieces.layouts), rng)
        assert {c: list(v) for c, v in pos.counts().items()} == ref_counts(pos)
        expected = ref_moves(pos)
        got = engine_moves(pos)
        assert len(got) == len(set(got)), "the engine lists a move twice"
        assert set(got) == expected
        moves_seen += len(got)
        # The position after a few of the moves, every kind among them over the run.
        for move in rng.sample(pos.moves(), min(6, len(pos.moves()))):
            after = pos.apply(move)
            board, hands = ref_apply(pos, move)
            shown = {
                c: (col, i, orient(eq.sets[col][i], o), ex) for c, (col, i, o, ex) in after.cells.items()
            }
            assert (shown, after.inv, after.turn) == (board, hands, 1 - pos.turn), pos.move_text(move)
    assert moves_seen > 1000
