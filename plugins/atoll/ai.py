"""Atoll AI: Monte Carlo tree search with fill playouts and RAVE, kept between moves.

Why this is fast in Python:

- Positions are two bitboards (Python ints) and a colour; the tree does not store states,
  each iteration replays its path from the root with one ``|`` per move.
- A playout does not play moves one by one. Atoll cannot be drawn and stones never go away,
  so the winner of a random game is the owner of the joined pair on the *full* board, and a
  random game is just a random split of the empty cells: the side to move gets a random half.
  The split is read off a bank of random permutations of the board (a prefix mask per length;
  a binary search finds the prefix holding exactly half of the empty cells), and one flood
  fill over Black's stones names the winner.
- Nodes keep flat per-child lists indexed by the cell's place in the board's cell list
  ("dense index"; the swap is one more slot), so a move needs no lookup, nothing is shuffled,
  and selection is one ``max`` over a list of cached child values.

Selection is greedy on a blend of the child's own win rate and its all-moves-as-first (AMAF)
rate, the RAVE rule: every cell the side to move ends up owning in an iteration counts as a try
of that cell. The blend trusts AMAF while a child has few visits of its own, so even a fresh
node orders its children sensibly; values change only when their statistics do, which is why
they can be cached.

Tactics are exact, not sampled: each new node computes both sides' winning cells (cells that
join a pair at once). A side with a winning cell has won (the node is solved); a side facing one
must take it (the only child); facing two or more it has lost. Solved values climb the tree (a
move to a lost position wins, a node whose moves all lose is lost). At the root the same test
runs before any search, so no level ever leaves an immediate win on the table or ignores an
opponent's.
"""

from __future__ import annotations

import random
import time
from typing import Any

from core import Agent, GameState, Limit

from . import LEVEL_SECONDS
from .board import BLACK, WHITE, Bitboard, Board
from .rules import SWAP, AtollMove, AtollState, move_for

UNSOLVED, WON, LOST = 0, 1, -1

#: Value of a child with no statistics at all: high, so every child gets looked at once.
FIRST_PLAY = 1.0
#: RAVE equivalence K: the AMAF weight is beta = a / (a + n + n a / K) for a child with n visits of
#: its own and a AMAF samples, so its own average counts as much as the AMAF one after about K
#: visits. Tuned at 1000 iterations a move: 3000 beat 600 13-7, 150 lost 1-6 to 600, 10000 and
#: 3000 drew 10-10.
RAVE_EQUIVALENCE = 3000.0
#: Rough memory budget for the tree: nodes stop being added beyond it (searching goes on).
TREE_BYTES = 100_000_000


class Tables:
    """Per-board lookups for the search: dense indices and a bank of random permutations.

    ``prefix[p][k]`` is the mask of the first ``k`` cells of permutation ``p``. The first ``h``
    empty cells of a uniformly random permutation are a uniformly random ``h``-subset of the
    empty cells, so a binary search over ``k`` gives a fair random half at the cost of a few
    ``&`` and ``bit_count`` operations.

    >>> t = Tables.get(Board.get(11))
    >>> t.size, len(t.dense_cells(t.board.playable_mask))
    (104, 104)
    """

    _cache: dict[int, Tables] = {}

    @classmethod
    def get(cls, board: Board) -> Tables:
        tables = cls._cache.get(board.size)
        if tables is None:
            tables = cls._cache[board.size] = cls(board)
        return tables

    def __init__(self, board: Board, count: int | None = None, seed: int = 0xA7011) -> None:
        self.board = board
        cells = list(board.playable)
        #: Number of playable cells; dense index ``size`` is the swap.
        self.size = len(cells)
        self.cell_of = list(cells)
        self.bit_of = [1 << c for c in cells]
        self.dense_of = [-1] * board.bits
        for d, c in enumerate(cells):
            self.dense_of[c] = d
        # Bytes of a bitboard -> dense indices of the playable cells in that byte.
        self.nbytes = (board.bits + 7) // 8
        self.byte_dense: list[list[tuple[int, ...]]] = []
        for i in range(self.nbytes):
            row = []
            for byte in range(256):
                row.append(
                    tuple(
                        self.dense_of[8 * i + k]
                        for k in range(8)
                        if byte >> k & 1 and 8 * i + k < board.bits and self.dense_of[8 * i + k] >= 0
                    )
                )
            self.byte_dense.append(row)

        if count is None:
            # A few MB on every board size; more permutations on the small board.
            count = max(128, 100_000 // len(cells))
        rng = random.Random(seed)
        self.prefix: list[list[Bitboard]] = []
        for _ in range(count):
            rng.shuffle(cells)
            masks = [0]
            acc = 0
            for c in cells:
                acc |= 1 << c
                masks.append(acc)
            self.prefix.append(masks)
        self.count = count

    def dense_cells(self, x: Bitboard) -> list[int]:
        """Dense indices of the playable cells in ``x`` (a byte at a time)."""
        out: list[int] = []
        table = self.byte_dense
        for i, byte in enumerate(x.to_bytes(self.nbytes, "little")):
            if byte:
                out += table[i][byte]
        return out

    def split(self, empty: Bitboard, take: int, rng: random.Random) -> Bitboard:
        """A uniformly random subset of ``take`` cells of ``empty``."""
        masks = self.prefix[rng.randrange(self.count)]
        lo, hi = take, self.size  # the prefix of length k holds at most k empty cells
        while lo < hi:
            mid = (lo + hi) >> 1
            if (masks[mid] & empty).bit_count() < take:
                lo = mid + 1
            else:
                hi = mid
        return masks[lo] & empty

    def playout(
        self, black: Bitboard, white: Bitboard, colour: int, rng: random.Random
    ) -> tuple[int, Bitboard]:
        """Fill the board at random from this position (``colour`` to move).

        Returns the winner's colour and the cells Black got in the fill.
        """
        board = self.board
        empty = board.playable_mask & ~(black | white)
        mover = self.split(empty, (empty.bit_count() + 1) >> 1, rng)
        fill_black = mover if colour == BLACK else empty ^ mover
        winner = BLACK if board.connected(black | fill_black, BLACK) is not None else WHITE
        return winner, fill_black


class Node:
    """A position in the tree, with per-child lists indexed by dense index.

    ``n``/``w`` are the child's visits and wins (for the side to move here), ``an``/``aw`` its
    all-moves-as-first visits and wins, ``v`` the cached selection value (-1 for an illegal
    child). ``kids`` holds the children made so far. Solved nodes (``solved`` WON or LOST for the
    side to move) have no lists; a won node keeps its winning child in ``best``.
    """

    __slots__ = ("v", "n", "w", "an", "aw", "kids", "visits", "solved", "best", "lost", "legal", "restricted")

    def __init__(self, solved: int = UNSOLVED, best: int = -1) -> None:
        self.kids: dict[int, Node] = {}
        self.visits = 0
        self.solved = solved
        self.best = best
        #: Children known to be won for the opponent, and the number of legal children.
        self.lost = 0
        self.legal = 0
        #: Only forced moves are legal here (AMAF statistics are not kept).
        self.restricted = False


class Searcher:
    """One MCTS tree over positions of one board. ``search`` grows it, ``advance`` re-roots it."""

    def __init__(
        self, board: Board, rng: random.Random, rave: float = RAVE_EQUIVALENCE, expand_after: int = 1
    ) -> None:
        self.board = board
        self.rng = rng
        self.tables = Tables.get(board)
        #: RAVE equivalence (see RAVE_EQUIVALENCE).
        self.rave = rave
        #: A child node is made when its move is chosen again after this many visits.
        self.expand_after = expand_after
        self.root: Node | None = None
        self.root_key: tuple | None = None
        self.template: list[float] = []
        self.iterations = 0
        self.playouts = 0
        self.nodes = 0
        self.max_nodes = max(2000, TREE_BYTES // (80 * (self.tables.size + 1)))

    # --- nodes -----------------------------------------------------------------------------

    def make_node(self, black: Bitboard, white: Bitboard, colour: int, pie: bool, placed: list[int]) -> Node:
        """The node of a position ``placed`` (dense indices) below the root."""
        board = self.board
        t = self.tables
        size = t.size
        empty = board.playable_mask & ~(black | white)
        stones = (black, white)
        self.nodes += 1
        mine = board.winning_cells(stones[colour], colour, empty)
        if mine:
            return Node(WON, t.dense_of[(mine & -mine).bit_length() - 1])
        theirs = board.winning_cells(stones[colour ^ 1], colour ^ 1, empty)
        node = Node()
        if theirs:
            if theirs & (theirs - 1):
                node.solved = LOST  # two cells to stop, one stone to do it with
                return node
            v = [-1.0] * (size + 1)
            v[t.dense_of[theirs.bit_length() - 1]] = FIRST_PLAY
            node.restricted = True
            node.legal = 1
        else:
            v = self.template.copy()
            for d in placed:
                v[d] = -1.0
            node.legal = empty.bit_count()
            if pie and colour == WHITE:
                v[size] = FIRST_PLAY
                node.legal += 1
        node.v = v
        node.n = [0] * (size + 1)
        node.w = [0] * (size + 1)
        node.an = [0] * (size + 1)
        node.aw = [0] * (size + 1)
        return node

    def set_root(self, state: AtollState) -> bool:
        """Search from ``state``; keep the old tree when ``state`` is one or two moves below its root.

        Returns True when a subtree was reused.
        """
        key = _key(state)
        t = self.tables
        empty = state.empty
        self.template = [FIRST_PLAY if empty & b else -1.0 for b in t.bit_of] + [-1.0]
        if self.root is not None and self.root_key is not None:
            if key == self.root_key:
                return True
            node: Node | None = self.root
            pos = self.root_key
            for _ in range(2):
                node, pos = self._child_towards(node, pos, key)
                if node is None:
                    break
                if pos == key:
                    # Estimate what is left of the tree (for the memory budget) by visits.
                    self.nodes = int(self.nodes * node.visits / max(1, self.root.visits))
                    self.root, self.root_key = node, key
                    return True
        self.nodes = 0
        self.root = self.make_node(state.stones[0], state.stones[1], state.colour, state.pie, [])
        self.root_key = key
        return False

    def _child_towards(self, node: Node, pos: tuple, key: tuple) -> tuple[Node | None, tuple]:
        """The child of ``node`` (at ``pos``) on the way to the position ``key``, and its position."""
        black, white, colour, swapped, pie = pos
        nb, nw, _, nswapped, _ = key
        if black & ~nb or white & ~nw:
            return None, pos
        if nswapped != swapped:
            if black != nb or white != nw or not (pie and colour == WHITE):
                return None, pos
            return node.kids.get(self.tables.size), (black, white, WHITE, not swapped, False)
        new = (nb & ~black) if colour == BLACK else (nw & ~white)
        if not new:
            return None, pos
        low = new & -new
        d = self.tables.dense_of[low.bit_length() - 1]
        if colour == BLACK:
            black |= low
        else:
            white |= low
        return node.kids.get(d), (black, white, colour ^ 1, swapped, pie and colour == BLACK)

    # --- search ------------------------------------------------------------------------------

    def search(self, deadline: float | None, max_iterations: int | None, stop=None) -> None:
        """Run iterations until the deadline, the iteration count, ``stop()`` or a solved root."""
        root = self.root
        assert root is not None and self.root_key is not None
        rb, rw, rcolour, rswapped, rpie = self.root_key
        board = self.board
        t = self.tables
        size = t.size
        bit_of = t.bit_of
        playable = board.playable_mask
        connected = board.connected
        split = t.split
        dense_cells = t.dense_cells
        rng = self.rng
        inv_k = 1.0 / self.rave
        expand_after = self.expand_after
        clock = time.perf_counter
        done = 0
        while root.solved == UNSOLVED:
            if max_iterations is not None and done >= max_iterations:
                break
            if done & 31 == 0 and done:
                if deadline is not None and clock() >= deadline:
                    break
                if stop is not None and stop():
                    break
            done += 1
            # --- selection (and expansion of one node)
            node = root
            black, white, colour, swapped, pie = rb, rw, rcolour, rswapped, rpie
            path: list[tuple[Node, int, int, int]] = []  # node, child, mover colour, mover seat
            placed: list[int] = []
            winner = -1  # set when the iteration ends in a solved node
            just_solved = False  # ... which was solved when it was made (its parent learns it now)
            while True:
                if node.solved:
                    winner = colour if node.solved == WON else colour ^ 1
                    break
                v = node.v
                d = v.index(max(v))
                path.append((node, d, colour, colour ^ swapped))
                if d == size:
                    # The swap: the seats trade colours, White (now Player 1) moves.
                    swapped ^= 1
                    colour = WHITE
                    pie = False
                else:
                    if colour == BLACK:
                        black |= bit_of[d]
                    else:
                        white |= bit_of[d]
                        pie = False
                    colour ^= 1
                    placed.append(d)
                child = node.kids.get(d)
                if child is None:
                    if node.n[d] >= expand_after and self.nodes < self.max_nodes:
                        child = node.kids[d] = self.make_node(black, white, colour, pie, placed)
                        if child.solved:
                            winner = colour if child.solved == WON else colour ^ 1
                            just_solved = True
                        else:
                            path.append((child, -1, colour, colour ^ swapped))
                    break
                node = child
            # --- playout: a random fill of the empty cells decides the winner
            if winner < 0:
                empty = playable & ~(black | white)
                mover = split(empty, (empty.bit_count() + 1) >> 1, rng)
                fill_black = mover if colour == BLACK else empty ^ mover
                winner = BLACK if connected(black | fill_black, BLACK) is not None else WHITE
                later = [dense_cells(fill_black), dense_cells(empty ^ fill_black)]
                self.playouts += 1
            else:
                later = [[], []]
            # --- backup, with AMAF and solved values climbing the path
            winner_seat = winner ^ swapped
            for node, d, mover, seat in reversed(path):
                r = 1 if seat == winner_seat else 0
                node.visits += 1
                n_ = node.n
                w_ = node.w
                v = node.v
                an = node.an
                aw = node.aw
                if d >= 0:
                    n_[d] += 1
                    w_[d] += r
                    if d < size:
                        later[mover].append(d)
                if not node.restricted:
                    for e in later[mover]:
                        a = an[e] + 1
                        an[e] = a
                        if r:
                            aw[e] += 1
                        n = n_[e]
                        if n:
                            beta = a / (a + n + n * a * inv_k)
                            v[e] = (1.0 - beta) * w_[e] / n + beta * aw[e] / a
                        else:
                            v[e] = aw[e] / a
                if d >= 0:
                    a = an[d]
                    n = n_[d]
                    if a:
                        beta = a / (a + n + n * a * inv_k)
                        v[d] = (1.0 - beta) * w_[d] / n + beta * aw[d] / a
                    else:
                        v[d] = w_[d] / n
                if just_solved and not node.solved:
                    # Each child is counted once, when it becomes solved: a move into a lost
                    # position wins; when every move leads to a won one, this node is lost.
                    if node.kids[d].solved == LOST:
                        node.solved, node.best = WON, d
                    else:
                        node.lost += 1
                        # Never chosen again while another move is open: a loss seen a billion
                        # times keeps its value at 0 whatever its AMAF rate does.
                        n_[d] = 1_000_000_000
                        w_[d] = 0
                        v[d] = 0.0
                        if node.lost >= node.legal:
                            node.solved = LOST
                    just_solved = bool(node.solved)
                else:
                    just_solved = False
        self.iterations += done

    def best_index(self) -> int:
        """The root's move: a solved win, else the most visited child not known to lose."""
        root = self.root
        assert root is not None
        if root.solved == WON:
            return root.best
        n_ = root.n
        v = root.v
        best, best_score = -1, -2.0
        for d in range(len(n_)):
            if v[d] == -1.0:
                continue  # illegal here
            kid = root.kids.get(d)
            if kid is not None and kid.solved == WON:
                score = -1.0
            else:
                score = n_[d] + (root.w[d] / n_[d] if n_[d] else 0.0) * 1e-3
            if score > best_score:
                best, best_score = d, score
        return best

    def advance(self, d: int) -> None:
        """Make the child ``d`` of the root the new root (after playing its move)."""
        root = self.root
        assert root is not None and self.root_key is not None
        black, white, colour, swapped, pie = self.root_key
        if d == self.tables.size:
            key = (black, white, WHITE, not swapped, False)
        elif colour == BLACK:
            key = (black | self.tables.bit_of[d], white, WHITE, swapped, pie)
        else:
            key = (black, white | self.tables.bit_of[d], BLACK, swapped, False)
        self.root = root.kids.get(d)
        self.root_key = key if self.root is not None else None


def _key(state: AtollState) -> tuple:
    return (state.stones[0], state.stones[1], state.colour, state.swapped, state.pie)


class AtollMCTS(Agent):
    """The Atoll levels: one MCTS; levels differ by think time.

    ``choose`` plays an immediate win at once, takes the only cell that stops an immediate
    loss at once, and otherwise searches, reusing the subtree of the previous move.

    >>> from core import Limit
    >>> s = AtollState.start()
    >>> agent = AtollMCTS()
    >>> agent.choose(s, Limit(nodes=200), random.Random(1)) in s.legal_moves()
    True
    """

    def __init__(
        self, level: str = "custom", rave: float = RAVE_EQUIVALENCE, reuse: bool = True, expand_after: int = 1
    ):
        super().__init__()
        self.level = level
        self.rave = rave
        self.reuse = reuse
        self.expand_after = expand_after
        self.searcher: Searcher | None = None

    def reset(self) -> None:
        self.searcher = None

    def choose(self, state: GameState, limit: Limit, rng: random.Random, stop=None) -> AtollMove:
        assert isinstance(state, AtollState)
        start = time.perf_counter()
        if state.winner is not None:
            raise ValueError("the game is over: no move to choose")
        board = state.board
        colour = state.colour
        empty = state.empty
        mine = board.winning_cells(state.stones[colour], colour, empty)
        if mine:
            self.info = {"reason": "immediate win"}
            return move_for((mine & -mine).bit_length() - 1)
        theirs = board.winning_cells(state.stones[colour ^ 1], colour ^ 1, empty)
        if theirs:
            # One threat: the only move that does not lose. Two or more: lost whatever we do.
            self.info = {"reason": "forced block" if not theirs & (theirs - 1) else "lost"}
            return move_for(theirs.bit_length() - 1)

        searcher = self.searcher
        if searcher is None or searcher.board is not board or not self.reuse:
            searcher = self.searcher = Searcher(board, rng, self.rave, self.expand_after)
        searcher.rng = rng
        reused = searcher.set_root(state)
        root = searcher.root
        assert root is not None
        kept = root.visits
        before_it, before_po = searcher.iterations, searcher.playouts
        seconds = limit.time
        if seconds is None and limit.nodes is None:
            seconds = LEVEL_SECONDS.get(self.level, 1.0)  # no limit given: the level's time
        deadline = None if seconds is None else start + seconds
        searcher.search(deadline, limit.nodes, stop)
        d = searcher.best_index()
        elapsed = time.perf_counter() - start
        self.info = {
            "iterations": searcher.iterations - before_it,
            "playouts": searcher.playouts - before_po,
            "kept": kept if reused else 0,
            "nodes": searcher.nodes,
            "seconds": round(elapsed, 3),
            "value": round(root.w[d] / root.n[d], 3) if root.solved == UNSOLVED and root.n[d] else None,
            "solved": {WON: "won", LOST: "lost"}.get(root.solved, ""),
        }
        if self.reuse:
            searcher.advance(d)
        else:
            self.searcher = None
        return SWAP if d == searcher.tables.size else move_for(searcher.tables.cell_of[d])

    def describe(self) -> dict[str, Any]:
        return dict(self.info)
