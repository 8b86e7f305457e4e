"""Ataxx's fast paths against a plain king-distance brute force.

The reference below knows nothing of bitboard shifts, padding, lane multiplications or move
tables: squares are (file, rank) pairs, a clone reaches king distance 1 and a jump distance 2.
Perft (cached and not), move counting, move lists and the search's moves and scores must all
agree with it on random positions: sparse, crowded, with blockers, with passes and endings.
"""

import random

import pytest

from tafel.games.ataxx.board import BOARD, SQUARES, STRIDE, jump_pairs
from tafel.games.ataxx.rules import (
    PASS,
    RED,
    AtaxxMove,
    AtaxxState,
    _count_moves,
    _has_move,
    _perft2,
    perft,
)
from tafel.games.ataxx.search import STONE, WIN, Engine, gen_moves, move_text

# --- the reference ---------------------------------------------------------------------------

CELLS = [(f, r) for r in range(7) for f in range(7)]


def _cells(bb):
    return {(s % STRIDE, s // STRIDE) for s in SQUARES if bb >> s & 1}


def _dist(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


#: The cells at king distance 1 and 2 of each cell.
RING = {(c, d): [x for x in CELLS if _dist(c, x) == d] for c in CELLS for d in (1, 2)}


def ref_moves(own, empty):
    """Every move of the stones ``own`` into the squares ``empty`` (sets of cells), as
    (from or None, to) pairs: one clone per reachable destination, one jump per origin."""
    moves = []
    for to in sorted(empty):
        if any(s in own for s in RING[to, 1]):
            moves.append((None, to))
        for s in RING[to, 2]:
            if s in own:
                moves.append((s, to))
    return moves


def ref_play(own, opp, empty, move):
    frm, to = move
    own, opp, empty = set(own), set(opp), set(empty)
    empty.discard(to)
    own.add(to)
    if frm is not None:
        own.discard(frm)
        empty.add(frm)
    flipped = {s for s in RING[to, 1] if s in opp}
    return own | flipped, opp - flipped, empty


def ref_perft(own, opp, empty, depth):
    """Paths of ``depth`` moves; a pass is a move, a finished game counts zero."""
    if depth == 0:
        return 1
    if not own or not opp or not empty:
        return 0
    moves = ref_moves(own, empty)
    if not moves:
        if not ref_moves(opp, empty):
            return 0
        return ref_perft(opp, own, empty, depth - 1)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        o, p, e = ref_play(own, opp, empty, m)
        total += ref_perft(p, o, e, depth - 1)
    return total


def ref_minimax(own, opp, empty, depth, ply=0):
    """Material-only negamax with the search's conventions for won, lost and drawn games."""
    if not own:
        return -WIN + ply
    diff = len(own) - len(opp)
    result = WIN - ply if diff > 0 else -WIN + ply if diff < 0 else 0
    if not empty:
        return result
    if depth == 0:
        return diff * STONE
    moves = ref_moves(own, empty)
    if not moves:
        if not ref_moves(opp, empty):
            return result
        return -ref_minimax(opp, own, empty, depth - 1, ply + 1)
    return max(
        -ref_minimax(p, o, e, depth - 1, ply + 1) for o, p, e in (ref_play(own, opp, empty, m) for m in moves)
    )


# --- random positions ------------------------------------------------------------------------


def _bits(cells):
    return sum(1 << (r * STRIDE + f) for f, r in cells)


def random_position(rng):
    """Stones and blockers scattered at a random density: from nearly empty to nearly full,
    so passes, captures of the last stone and full boards all turn up."""
    density = rng.choice((0.05, 0.15, 0.3, 0.5, 0.7, 0.85, 0.95))
    gap_rate = rng.choice((0.0, 0.0, 0.1, 0.3))
    red = blue = gaps = 0
    for s in SQUARES:
        x = rng.random()
        if x < gap_rate:
            gaps |= 1 << s
        elif rng.random() < density:
            if rng.random() < 0.5:
                red |= 1 << s
            else:
                blue |= 1 << s
    if not red:
        red = 1 << rng.choice([s for s in SQUARES if not (blue | gaps) >> s & 1] or [SQUARES[0]])
        blue &= ~red
        gaps &= ~red
    return AtaxxState(red, blue, gaps, rng.randrange(2))


def walled_position(rng, rings=(1, 2)):
    """A side whose every stone has no empty square at the given distances: with both rings
    walled it must pass (or the game is over when the other side is stuck too); with only
    ring 1 walled it can only jump."""
    cells = list(CELLS)
    rng.shuffle(cells)
    own = set(cells[: rng.randrange(1, 4)])
    near = {x for c in own for d in rings for x in RING[c, d]} - own
    opp = {x for x in near if rng.random() < 0.7}
    gaps = near - opp
    for c in set(CELLS) - own - near:
        x = rng.random()
        if x < 0.3:
            opp.add(c)
        elif x < 0.4:
            gaps.add(c)
    to_move = rng.randrange(2)
    red, blue = (own, opp) if to_move == RED else (opp, own)
    return AtaxxState(_bits(red), _bits(blue), _bits(gaps), to_move)


def _played_positions(count, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = AtaxxState.start()
        for _ in range(rng.randrange(0, 90)):
            moves = s.legal_moves()
            if not moves:
                break
            s = s.play_unchecked(rng.choice(moves))
        out.append(AtaxxState(s.red, s.blue, s.gaps, s.to_move))
    return out


def _sides(state):
    own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
    return own, opp, state.empty


def _as_cells(state):
    own, opp, empty = _sides(state)
    return _cells(own), _cells(opp), _cells(empty)


POSITIONS = (
    [random_position(random.Random(i)) for i in range(300)]
    + [walled_position(random.Random(i)) for i in range(30)]
    + [walled_position(random.Random(i), rings=(1,)) for i in range(20)]
    + _played_positions(60, seed=5)
)


# --- tests ---------------------------------------------------------------------------------


def test_positions_cover_the_awkward_cases():
    """The random set really holds forced passes, finished games and crowded boards."""
    passes = ends = crowded = 0
    for s in POSITIONS:
        own, opp, empty = _as_cells(s)
        if own and opp and empty and not ref_moves(own, empty) and ref_moves(opp, empty):
            passes += 1
        if not opp or not empty or (not ref_moves(own, empty) and not ref_moves(opp, empty)):
            ends += 1
        crowded += len(empty) <= 6
    assert passes >= 3 and ends >= 10 and crowded >= 20


def test_jump_pairs_and_move_counts():
    for s in POSITIONS:
        own, opp, empty = _sides(s)
        c_own, _, c_empty = _as_cells(s)
        expected_pairs = sum(1 for a in c_own for b in c_empty if _dist(a, b) == 2)
        assert jump_pairs(own, empty) == expected_pairs
        moves = ref_moves(c_own, c_empty)
        assert _count_moves(own, empty) == len(moves), s.to_text()
        assert _has_move(own, empty) == bool(moves)
        assert _has_move(opp, empty) == bool(ref_moves(_cells(opp), c_empty))


@pytest.mark.parametrize("home", [(3, 3), (0, 0), (6, 1), (1, 6)])
def test_each_single_reachable_square_counts(home):
    """A stone whose only empty square within reach is one given square, for each such square
    in turn: one move (a clone or a jump) and has_move; none once that square is filled too."""
    stone = _bits([home])
    near = [c for d in (1, 2) for c in RING[home, d]]
    for hole in near:
        empty = _bits([hole])
        assert _has_move(stone, empty) and _count_moves(stone, empty) == 1, (home, hole)
        assert jump_pairs(stone, empty) == (_dist(home, hole) == 2)
    far = BOARD & ~_bits(near) & ~stone
    assert not _has_move(stone, far) and _count_moves(stone, far) == 0


def test_move_lists_match_reference():
    """State.generate / legal_moves and the search's gen_moves list each move exactly once."""
    for s in POSITIONS:
        own, opp, empty = _sides(s)
        c_own, _, c_empty = _as_cells(s)
        expected = sorted(
            (-1 if frm is None else frm[1] * STRIDE + frm[0], to[1] * STRIDE + to[0])
            for frm, to in ref_moves(c_own, c_empty)
        )
        listed = s.generate()
        assert len(listed) == len(set(listed))
        assert sorted((-1 if m.frm is None else m.frm, m.to) for m in listed) == expected
        codes = gen_moves(own, opp, empty)
        assert len(codes) == len(set(codes))
        assert sorted(move_text(c) for c in codes) == sorted(m.text() for m in listed)
        if s.outcome is None and not expected:
            assert s.legal_moves() == [PASS]
        elif s.outcome is None:
            assert set(s.legal_moves()) == set(listed)


def test_move_objects_are_the_right_moves():
    """The shared move tables hold the move they are looked up for."""
    s = AtaxxState.from_fen("7/7/7/3x3/7/7/7 x 0 1")
    moves = s.generate()
    clones = sorted(m.text() for m in moves if not m.is_jump)
    jumps = sorted(m.text() for m in moves if m.is_jump)
    assert clones == ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    assert jumps[:3] == ["d4b2", "d4b3", "d4b4"] and len(jumps) == 16
    assert AtaxxMove.from_text("d4f6") in moves


def test_perft_two_plies_matches_reference():
    """The bulk last-two-plies count, move by move against the brute force."""
    for s in POSITIONS:
        own, opp, empty = _sides(s)
        c_own, c_opp, c_empty = _as_cells(s)
        expected = ref_perft(c_own, c_opp, c_empty, 2)
        assert perft(s, 2) == expected, s.to_text()
        if own and opp and empty:
            assert _perft2(own, opp, empty) == expected, s.to_text()


def test_perft_deeper_matches_reference():
    """Three plies (the general step above the bulk count), cached and not."""
    rng = random.Random(11)
    checked = 0
    for s in POSITIONS:
        c_own, c_opp, c_empty = _as_cells(s)
        # Keep the brute force quick: few moves, or a crowded board.
        if len(ref_moves(c_own, c_empty)) > 16 or rng.random() < 0.3:
            continue
        expected = ref_perft(c_own, c_opp, c_empty, 3)
        assert perft(s, 3, cache=False) == expected, s.to_text()
        assert perft(s, 3) == expected, s.to_text()
        checked += 1
    assert checked >= 40


@pytest.mark.parametrize(
    "fen,counts",
    [
        ("x5o/7/7/7/7/7/o5x x 0 1", (16, 256, 6460, 155888)),
        ("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", (14, 196, 4184, 86528)),
    ],
)
def test_published_counts_cached_and_not(fen, counts):
    s = AtaxxState.from_fen(fen)
    for depth, n in enumerate(counts, 1):
        assert perft(s, depth) == n
        assert perft(s, depth, cache=False) == n


def test_cache_agrees_on_played_positions():
    for s in _played_positions(5, seed=2):
        assert perft(s, 4) == perft(s, 4, cache=False), s.to_text()


def test_search_scores_match_reference_minimax():
    """The search's staged move generation (by gain, clones and jumps, last-ply cut-offs) finds
    the same material value as a brute force over the reference moves."""
    rng = random.Random(4)
    checked = 0
    for s in POSITIONS:
        own, opp, empty = _sides(s)
        c_own, c_opp, c_empty = _as_cells(s)
        if not own or not opp or not empty or not ref_moves(c_own, c_empty):
            continue
        n = len(ref_moves(c_own, c_empty))
        depth = 3 if n <= 10 else 2 if n <= 40 else 1
        if rng.random() < 0.6:
            continue
        result = Engine(None).search(own, opp, s.gaps, max_depth=depth)
        assert result.score == ref_minimax(c_own, c_opp, c_empty, depth), (s.to_text(), depth)
        checked += 1
    assert checked >= 40


def test_cache_keeps_depths_apart():
    """In two small pens, jumps there and back bring positions back four plies later, at
    another depth: the cache must keep those counts apart."""
    s = AtaxxState.from_fen("x2----/-------/-------/-------/-------/-------/----2o x 0 1")
    c_own, c_opp, c_empty = _as_cells(s)
    for depth in (7, 8):
        expected = ref_perft(c_own, c_opp, c_empty, depth)
        assert perft(s, depth) == perft(s, depth, cache=False) == expected
