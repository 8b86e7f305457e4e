"""Atoll AI: every fast path against plain reference code, on random positions.

The search's speed comes from bit tricks: a factored flood fill names the winner of a full board,
random fills are read off permutation prefixes, AMAF counts are bytes of big integers turned into
lists by a C-level gather, candidates are picked with C-level passes, floods are skipped while a
colour has too few stones to threaten anything. Each is checked against the obvious code
(breadth-first search over neighbour lists, walking a permutation, counting cell by cell), and a
plain re-implementation of the whole search, fed the same random numbers, must grow exactly the
same tree.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from tafel.games.atoll import ai
from tafel.games.atoll.ai import DEAD, DEAD_VISITS, LOST, UNSOLVED, WON, Searcher, Tables
from tafel.games.atoll.board import BLACK, SIZES, WHITE, Board
from tafel.games.atoll.rules import SWAP, AtollState, move_for

# --- plain references ----------------------------------------------------------------------


def bfs_joins(board: Board, stones: int, colour: int) -> bool:
    """Breadth-first search over neighbour lists from one island of each pair to the other."""
    own = {c for c in board.coords if (stones | board.island_mask[colour]) >> c & 1}
    for a, b, _ in board.pairs[colour]:
        start = [c for c in own if a >> c & 1]
        seen, queue = set(start), deque(start)
        while queue:
            c = queue.popleft()
            if b >> c & 1:
                return True
            for m in board.neighbours[c]:
                if m in own and m not in seen:
                    seen.add(m)
                    queue.append(m)
    return False


def permutation(masks: list[int]) -> list[int]:
    """The cell order behind a list of prefix masks."""
    return [(masks[k + 1] ^ masks[k]).bit_length() - 1 for k in range(len(masks) - 1)]


def bits(cells) -> int:
    return sum(1 << c for c in cells)


def random_stones(rng: random.Random, board: Board, density: float) -> tuple[int, int]:
    """Black and White stones, each cell taken with probability ``density`` (half each colour)."""
    black = white = 0
    for c in board.playable:
        r = rng.random()
        if r < density / 2:
            black |= 1 << c
        elif r < density:
            white |= 1 << c
    return black, white


# --- the pieces ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_joins_equals_breadth_first_search(size):
    board = Board.get(size)
    tables = Tables.get(board)
    rng = random.Random(size)
    for i in range(150):
        black, white = random_stones(rng, board, rng.random())
        for colour, stones in ((BLACK, black), (WHITE, white)):
            assert board.joins(stones, colour) == bfs_joins(board, stones, colour)
            assert board.joins(stones, colour) == (board.connected(stones, colour) is not None)
        # A full board: exactly one colour has joined a pair, and the playout names it.
        winner, fill_black = tables.playout(black, white, BLACK if i % 2 else WHITE, rng)
        empty = board.playable_mask & ~(black | white)
        full_black, full_white = black | fill_black, white | (empty & ~fill_black)
        joined = [bfs_joins(board, full_black, BLACK), bfs_joins(board, full_white, WHITE)]
        assert joined == [winner == BLACK, winner == WHITE]


@pytest.mark.parametrize("size", SIZES)
def test_split_is_the_first_empty_cells_of_a_permutation(size):
    board = Board.get(size)
    tables = Tables.get(board)
    rng = random.Random(100 + size)
    for _ in range(200):
        black, white = random_stones(rng, board, rng.random())
        empty = board.playable_mask & ~(black | white)
        count = empty.bit_count()
        take = rng.randint(0, count)
        masks = tables.prefix[rng.randrange(tables.count)]
        expected = bits([c for c in permutation(masks) if empty >> c & 1][:take])
        assert Tables.split_with(masks, empty, take) == expected
    # The playout gives the side to move the larger half.
    black, white = random_stones(rng, board, 0.3)
    empty = board.playable_mask & ~(black | white)
    for colour in (BLACK, WHITE):
        _, fill_black = tables.playout(black, white, colour, rng)
        mine = fill_black if colour == BLACK else empty & ~fill_black
        assert mine.bit_count() == (empty.bit_count() + 1) // 2


@pytest.mark.parametrize("size", SIZES)
def test_packed_sets_count_cells_by_dense_index(size):
    board = Board.get(size)
    tables = Tables.get(board)
    rng = random.Random(200 + size)
    counts = [0] * tables.size
    total = 0
    for _ in range(255):  # the most a byte holds
        x = bits(c for c in board.playable if rng.random() < 0.5)
        assert tables.unpack(tables.packed(x)) == tuple(x >> c & 1 for c in tables.cell_of)
        for d, c in enumerate(tables.cell_of):
            counts[d] += x >> c & 1
        total += tables.packed(x)
    assert tables.unpack(total) == tuple(counts)
    assert all(
        tables.unpack(tables.one[d]) == tuple(int(e == d) for e in range(tables.size)) for d in range(5)
    )


@pytest.mark.parametrize("size", SIZES)
def test_no_winning_cell_below_the_threat_count(size):
    """The search skips the winning-cell floods while a colour has too few stones: never wrongly."""
    board = Board.get(size)
    searcher = Searcher(board, random.Random(0))
    rng = random.Random(300 + size)
    for colour in (BLACK, WHITE):
        need = searcher.threat_stones[colour]
        # Fewest stones that make a winning cell: one short of a shortest chain.
        assert need == board.distance(0, 0, colour) - 1
        for _ in range(100):
            stones = bits(rng.sample(board.playable, rng.randrange(need)))
            empty = board.playable_mask & ~stones
            assert board.winning_cells(stones, colour, empty) == 0


# --- the search against a plain one -----------------------------------------------------------


class PlainNode:
    """A node of the plain search: the position itself, exact AMAF counts, no packing."""

    def __init__(self, state: AtollState, tables: Tables) -> None:
        self.state = state
        self.kids: dict[int, PlainNode] = {}
        self.visits = 0
        self.solved, self.best, self.lost = UNSOLVED, -1, 0
        self.restricted = self.inherited = False
        self.legal = [tables.size if m == SWAP else tables.dense_of[m.cell] for m in state.legal_moves()]
        self.n: list[int] | None = None
        self.w: list[int] = []
        self.an: list[int] = []
        self.aw: list[int] = []
        self.cx: list[float] = []
        self.cy: list[float] = []
        # Every AMAF sample since the node was made, cell by cell.
        self.amaf_n = [0] * tables.size
        self.amaf_w = [0] * tables.size
        self.cd, self.cv, self.bound, self.next = [-1], [float("-inf")], 0.0, 0


class PlainSearch:
    """The search of plugins/atoll/ai.py written the slow, obvious way (same rules, same random numbers)."""

    def __init__(self, state: AtollState, rng: random.Random) -> None:
        self.board = state.board
        self.tables = Tables.get(self.board)
        self.rng = rng
        self.inv_k = 1.0 / ai.RAVE_EQUIVALENCE
        self.root_state = state
        self.root = self.make_node(state, None)
        if self.root.solved == UNSOLVED and self.root.n is None:
            self.refresh(self.root)

    def make_node(self, state: AtollState, source: PlainNode | None) -> PlainNode:
        t = self.tables
        size = t.size
        node = PlainNode(state, t)
        colour = state.colour
        mine = self.board.winning_cells(state.stones[colour], colour, state.empty)  # no shortcut
        if mine:
            node.solved, node.best = WON, t.dense_of[min(self.board.cells_of(mine))]
            return node
        theirs = self.board.cells_of(
            self.board.winning_cells(state.stones[colour ^ 1], colour ^ 1, state.empty)
        )
        if len(theirs) > 1:
            node.solved = LOST
            return node
        if theirs:
            node.restricted, node.legal = True, [t.dense_of[theirs[0]]]
            node.n, node.w = [0] * (size + 1), [0] * (size + 1)
            node.cd, node.cv, node.bound, node.next = [node.legal[0]], [1.0], float("-inf"), 1 << 62
            node.cx, node.cy = [1.0], [1.0]
            return node
        if source is not None and source.n is not None and not source.restricted:
            picked = [j for j, d in enumerate(source.cd) if d < size and d in node.legal and source.cv[j] > 0]
            if picked:
                node.n, node.w = [0] * (size + 1), [0] * (size + 1)
                node.cd = [source.cd[j] for j in picked]
                node.cv = [source.cv[j] for j in picked]
                node.cx = [ai.INHERIT_WEIGHT * value for value in node.cv]
                node.cy = [ai.INHERIT_WEIGHT] * len(picked)
                node.bound, node.next, node.inherited = float("-inf"), ai.INHERIT_VISITS, True
        return node

    def refresh(self, node: PlainNode) -> None:
        size = self.tables.size
        if node.n is None:
            node.n, node.w = [0] * (size + 1), [0] * (size + 1)
        node.inherited = False
        node.an = [1 + node.amaf_n[d] for d in range(size)]
        node.aw = [(1 if d in node.legal else 0) + node.amaf_w[d] for d in range(size)]
        values = [node.aw[d] / node.an[d] for d in range(size)]
        values.append((node.w[size] + 1) / (node.n[size] + 1) if size in node.legal else 0.0)
        for d in range(size + 1):
            if node.n[d] >= DEAD_VISITS:
                values[d] = DEAD
            elif node.n[d] and d < size:
                # The RAVE blend, with the AMAF samples as pseudo-visits.
                c = 1.0 + node.an[d] * self.inv_k
                values[d] = (node.w[d] + node.aw[d] / c) / (node.n[d] + node.an[d] / c)
        bound = sorted(values)[-ai.CANDIDATES - 1]
        cd = [d for d in range(size + 1) if values[d] > bound]
        if not cd:
            cd = [d for d in range(size + 1) if values[d] == bound][: ai.CANDIDATES]
        node.cd, node.cv, node.bound = cd, [values[d] for d in cd], bound
        node.cx, node.cy = [], []
        for d in cd:
            c = 1.0 + node.an[d] * self.inv_k if d < size else 1.0
            node.cx.append(node.aw[d] / c if d < size else 1.0)
            node.cy.append(node.an[d] / c if d < size else 1.0)
        node.next = node.visits + min(255, max(1, node.visits >> ai.REFRESH_SHIFT))

    def iterate(self) -> None:
        t = self.tables
        size = t.size
        node, state = self.root, self.root_state
        path = []
        winner = None
        just_solved = False
        while True:
            if node.solved:
                winner = state.colour if node.solved == WON else state.colour ^ 1
                break
            if max(node.cv) < node.bound or node.visits >= node.next:
                self.refresh(node)
            j = node.cv.index(max(node.cv))
            d = node.cd[j]
            assert d in node.legal
            path.append((node, j, d, state.colour, state.to_move))
            state = state.play(SWAP if d == size else move_for(t.cell_of[d]))
            child = node.kids.get(d)
            if child is None:
                if node.n[d] >= ai.EXPAND_AFTER:
                    source = path[-2][0] if len(path) > 1 and path[-2][3] == state.colour else None
                    child = node.kids[d] = self.make_node(state, source)
                    if child.solved:
                        winner = state.colour if child.solved == WON else state.colour ^ 1
                        just_solved = True
                    else:
                        path.append((child, -1, -1, state.colour, state.to_move))
                break
            node = child
        later: dict[int, list[int]] = {BLACK: [], WHITE: []}
        if winner is None:
            empty = [
                c for c in permutation(t.prefix[self.rng.getrandbits(t.count_bits)]) if state.empty >> c & 1
            ]
            half = (len(empty) + 1) // 2
            fills = {state.colour: empty[:half], state.colour ^ 1: empty[half:]}
            winner = (
                BLACK if bfs_joins(self.board, state.stones[BLACK] | bits(fills[BLACK]), BLACK) else WHITE
            )
            later = {colour: [t.dense_of[c] for c in cells] for colour, cells in fills.items()}
        winner_seat = winner ^ state.swapped
        for node, j, d, mover, seat in reversed(path):
            won = seat == winner_seat
            node.visits += 1
            if j >= 0:
                node.n[d] += 1
                node.w[d] += won
                node.cv[j] = (node.w[d] + node.cx[j]) / (node.n[d] + node.cy[j])
                if d < size:
                    later[mover].append(d)
            # Every node counts, forced ones too (they never read their counts).
            for e in later[mover]:
                node.amaf_n[e] += 1
                node.amaf_w[e] += won
            if just_solved and not node.solved:
                if node.kids[d].solved == LOST:
                    node.solved, node.best = WON, d
                else:
                    node.lost += 1
                    node.n[d], node.w[d], node.cv[j] = DEAD_VISITS, 0, DEAD
                    if node.lost >= len(node.legal):
                        node.solved = LOST
                just_solved = bool(node.solved)
            else:
                just_solved = False


def assert_same_tree(searcher: Searcher, fast: ai.Node, plain: PlainNode, depth: int = 0) -> int:
    """Compare two trees node by node; returns the number of nodes compared."""
    t = searcher.tables
    where = f"at depth {depth}, position {plain.state.to_text()}"
    assert fast.empty == plain.state.empty, where
    assert sorted(searcher.legal_children(fast)) == sorted(plain.legal), where
    for name in ("visits", "solved", "lost", "restricted", "inherited", "n", "w"):
        assert getattr(fast, name) == getattr(plain, name), f"{name} {where}"
    if fast.solved == WON:
        assert fast.best == plain.best, where
    if fast.solved == UNSOLVED and fast.n is not None:
        for name in ("an", "aw", "cd", "cv", "cx", "cy", "bound", "next"):
            assert getattr(fast, name) == getattr(plain, name), f"{name} {where}"
    # AMAF counts: the lists as of the last refresh plus the pending bytes are the exact counts.
    pending_n, pending_w = t.unpack(fast.pa), t.unpack(fast.pw)
    if fast.an:
        legal = [int(fast.empty >> c & 1) for c in t.cell_of]
        assert [a + p - 1 for a, p in zip(fast.an, pending_n, strict=True)] == plain.amaf_n, where
        assert [a + p - g for a, p, g in zip(fast.aw, pending_w, legal, strict=True)] == plain.amaf_w, where
    else:
        assert list(pending_n) == plain.amaf_n and list(pending_w) == plain.amaf_w, where
    assert fast.kids.keys() == plain.kids.keys(), where
    return 1 + sum(assert_same_tree(searcher, fast.kids[d], plain.kids[d], depth + 1) for d in fast.kids)


# Black to move wins in three plies (see tests/test_atoll_ai.py): solved values climb the tree.
DOUBLE_THREAT = AtollState.from_cells(
    ["f10", "f9", "f8", "f7", "f4", "f3", "f2", "f1", "g4"], [f"k{n}" for n in range(1, 10)]
)


def _after_f6() -> AtollState:
    s = AtollState.start()
    return s.play(s.parse_move("f6"))  # White may swap: the swap child is searched too


# From an AI game: both sides are close, the tree is full of forced moves and solved nodes.
TENSE = AtollState.from_text("4b4/3wb5/2wb5/2w7/bbw4w1/w1bwww4/2bbw4/1bb1bw1bb1/3w3w1/5ww3/4bbwb1 b -")


@pytest.mark.parametrize(
    "make_state, iterations, min_nodes",
    [
        (AtollState.start, 700, 100),  # the root refreshes after 255 visits without one: a full byte
        (_after_f6, 500, 50),
        (lambda: DOUBLE_THREAT, 300, 5),  # solved in a few iterations
        (lambda: TENSE, 400, 50),
        (lambda: AtollState.start(15), 250, 20),
    ],
    ids=["empty", "swap", "double-threat", "tense", "size-15"],
)
def test_search_grows_the_same_tree_as_a_plain_search(make_state, iterations, min_nodes):
    state = make_state()
    searcher = Searcher(state.board, random.Random(11))
    searcher.set_root(state)
    searcher.search(None, iterations)
    plain = PlainSearch(state, random.Random(11))
    for _ in range(iterations):
        if plain.root.solved:
            break
        plain.iterate()
    compared = assert_same_tree(searcher, searcher.root, plain.root)
    assert compared >= min_nodes
