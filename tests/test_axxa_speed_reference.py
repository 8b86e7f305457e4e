"""AxxA's precomputed tables against a plain reading of the rules.

:mod:`tafel.games.axxa.board` answers "where can this stack go" and "which triplets lie here" from
tables of path masks and triplet shapes built once; here the same answers come from walking
the board step by step and trying every three spaces, on random boards.
"""

from __future__ import annotations

import random
from itertools import combinations

from tafel.games.axxa.board import (
    CELLS,
    cell_name,
    cells_of,
    completing,
    has_triple,
    is_cell,
    reach,
    triples_in,
    xy,
)

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def cell_at(x: int, y: int) -> int | None:
    c = y * 7 + x
    return c if 0 <= x < 7 and 0 <= y < 7 and is_cell(c) else None


def ref_reach(start: int, n: int, occupied: set[int]) -> set[int]:
    """Spaces exactly ``n`` orthogonal steps away, turning at most once by 90 degrees, every
    space entered on the board and empty."""
    out = set()
    x0, y0 = xy(start)
    for first in STEPS:
        turns = [(first[1], first[0]), (-first[1], -first[0])]
        for k in range(1, n + 1):  # k steps straight, then n - k after one turn
            for second in [first] if k == n else turns:
                x, y, ok = x0, y0, True
                for i in range(n):
                    dx, dy = first if i < k else second
                    x, y = x + dx, y + dy
                    c = cell_at(x, y)
                    if c is None or c in occupied:
                        ok = False
                        break
                if ok:
                    out.add(cell_at(x, y))
    return out


def touching(a: int, b: int) -> bool:
    (ax, ay), (bx, by) = xy(a), xy(b)
    return max(abs(ax - bx), abs(ay - by)) == 1


def is_chain(three: tuple[int, int, int]) -> bool:
    a, b, c = three
    return touching(a, b) + touching(a, c) + touching(b, c) >= 2


def is_line(three: tuple[int, int, int]) -> bool:
    (ax, ay), (bx, by), (cx, cy) = sorted(xy(c) for c in three)
    step = (bx - ax, by - ay)
    return max(abs(step[0]), abs(step[1])) == 1 and (cx - bx, cy - by) == step


def mask(cells) -> int:
    return sum(1 << c for c in cells)


def test_reach_matches_a_walk_over_the_board():
    rng = random.Random(4)
    for _ in range(300):
        occupied = set(rng.sample(CELLS, rng.randint(0, 14)))
        start = rng.choice(CELLS)
        occupied.discard(start)
        for n in range(1, 7):
            got = set(reach(start, n, mask(occupied)))
            assert got == ref_reach(start, n, occupied), (cell_name(start), n)


def test_triplets_and_completions_match_every_three_spaces():
    rng = random.Random(5)
    for _ in range(300):
        cells = rng.sample(CELLS, rng.randint(0, 9))
        m = mask(cells)
        for straight, shape in ((False, is_chain), (True, is_line)):
            expected = {mask(t) for t in combinations(sorted(cells), 3) if shape(t)}
            got = triples_in(m, straight)
            assert len(got) == len(set(got)) and set(got) == expected
            assert has_triple(m, straight) == bool(expected)
            completes = {
                c
                for c in CELLS
                if c not in cells and any(shape(t) for t in combinations(sorted([*cells, c]), 3) if c in t)
            }
            assert set(cells_of(completing(m, straight))) == completes
