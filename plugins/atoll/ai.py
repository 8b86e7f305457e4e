"""Atoll AI: Monte Carlo tree search with fill playouts and RAVE, kept between moves.

Why this is fast in Python (about 22,000 iterations per CPU second from the empty board on the
project's shared machines, where the earlier per-child implementation managed about 6,500):

- Positions are two bitboards (Python ints) and a colour; the tree does not store states,
  each iteration replays its path from the root with one ``|`` per move.
- A playout does not play moves one by one. Atoll cannot be drawn and stones never go away,
  so the winner of a random game is the owner of the joined pair on the *full* board, and a
  random game is just a random split of the empty cells: the side to move gets a random half.
  The split is read off a bank of random permutations of the board (a prefix mask per length),
  and one flood fill over Black's stones names the winner (:meth:`Board.joins`).
- Nodes keep flat per-child lists indexed by the cell's place in the board's cell list
  ("dense index"; the swap is one more slot), so a move needs no lookup and nothing is shuffled.
- All-moves-as-first (AMAF) statistics cost a few big-integer additions per node, whatever the
  number of cells: a set of cells becomes one integer with a byte per cell ("packed", see
  :class:`Tables`), and adding it to a node's pending counts counts every cell of the set at
  once. The pending bytes become per-child lists (a C-level gather and ``map``) only when the
  node refreshes its selection values.
- Selection looks at a few candidates, not at every child. A refresh computes every child's value
  and keeps the best ``CANDIDATES``; between refreshes only the chosen child's own statistics
  change, so the best candidate is the best child for as long as it stays above the best of the
  others (``bound``). A node refreshes when that fails, and each time its visits double (at least
  every 255 visits, the capacity of a byte), so the AMAF rates it goes by are never far behind.
- A new node does not refresh at all at first: it borrows the candidates of the node two moves up
  (the same colour to move, two stones fewer), with their values as a prior, for its first
  ``INHERIT_VISITS`` visits. Its own AMAF rates would be noise by then anyway.

Selection is greedy on a blend of the child's own win rate and its AMAF rate, the RAVE rule:
every cell the side to move ends up owning in an iteration counts as a try of that cell. The
blend trusts AMAF while a child has few visits of its own (see :func:`pseudo_visits`), so even a
fresh node orders its children sensibly.

Tactics are exact, not sampled: each new node computes both sides' winning cells (cells that
join a pair at once). A side with a winning cell has won (the node is solved); a side facing one
must take it (the only child); facing two or more it has lost. Solved values climb the tree (a
move to a lost position wins, a node whose moves all lose is lost). At the root the same test
runs before any search, so no level ever leaves an immediate win on the table or ignores an
opponent's.

tests/test_atoll_speed_reference.py checks each of these shortcuts against plain code, and a
plain re-implementation of the whole search against this one, tree for tree.
"""

from __future__ import annotations

import math
import operator
import random
import time
from itertools import compress
from operator import add, truediv
from typing import Any

from tafel import Agent, GameState, Limit

from . import LEVEL_SECONDS
from .board import BLACK, WHITE, Bitboard, Board
from .rules import SWAP, AtollMove, AtollState, move_for
from .teach import explain

UNSOLVED, WON, LOST = 0, 1, -1
#: ``info["value"]`` of a solved root (the side to move wins or loses).
SOLVED_VALUE = {WON: 1.0, LOST: 0.0}

#: Value of a child with no statistics at all: high, so every child gets looked at once.
FIRST_PLAY = 1.0
#: The value of a move known to lose (it counts as lost a billion times): below every other child.
#: Occupied cells have value 0, below every legal child, whose values are above 0 thanks to the prior.
DEAD = -1.0
DEAD_VISITS = 1_000_000_000
#: RAVE equivalence K: the AMAF weight is beta = a / (a + n + n a / K) for a child with n visits of
#: its own and a AMAF samples, so its own average counts as much as the AMAF one after about K
#: visits. Tuned at 1000 iterations a move: 3000 beat 600 13-7, 150 lost 1-6 to 600, 10000 and
#: 3000 drew 10-10.
RAVE_EQUIVALENCE = 3000.0
#: A child node is made when its move is chosen again after this many visits.
EXPAND_AFTER = 2
#: Children a node chooses among between two refreshes of its values.
CANDIDATES = 6
#: A node refreshes its values after visits >> REFRESH_SHIFT more visits (at least 1, at most 255,
#: the capacity of a byte of pending AMAF counts): with 0, each time its visits double.
REFRESH_SHIFT = 0
#: A new node chooses among the candidates of the node two moves up (same colour to move), with
#: their values there as a prior, until it has had this many visits (at most 254: its pending
#: counts are bytes).
INHERIT_VISITS = 16
#: ... counting each borrowed value as this many visits.
INHERIT_WEIGHT = 8.0
#: Rough memory budget for the tree: nodes stop being added beyond it (searching goes on).
TREE_BYTES = 100_000_000


def pseudo_visits(tries: float, wins: float, inv_k: float) -> tuple[float, float]:
    """AMAF statistics as pseudo-visits ``(x, y)``: a child's value is ``(w + x) / (n + y)``.

    That is the RAVE blend ``(1 - beta) w / n + beta wins / tries`` with
    ``beta = tries / (tries + n + n tries / K)``, divided through by ``c = 1 + tries / K``:
    the AMAF samples count as ``1 / c`` of a visit each, less and less as they pile up.

    >>> x, y = pseudo_visits(30, 18, 1 / 3000)
    >>> n, w = 10, 4
    >>> beta = 30 / (30 + n + n * 30 / 3000)
    >>> abs((w + x) / (n + y) - ((1 - beta) * w / n + beta * 18 / 30)) < 1e-12
    True
    """
    c = 1.0 + tries * inv_k
    return wins / c, tries / c


class Tables:
    """Per-board lookups for the search: dense indices, packed cell sets and random permutations.

    ``prefix[p][k]`` is the mask of the first ``k`` cells of permutation ``p``. The first ``h``
    empty cells of a uniformly random permutation are a uniformly random ``h``-subset of the
    empty cells; :meth:`split` finds the shortest prefix holding ``h`` of them.

    A *packed* set has byte ``i`` equal to bit ``i`` of the bitboard, so adding packed sets
    counts, for every cell at once, how many of the sets hold it (up to 255 per byte).

    >>> t = Tables.get(Board.get(11))
    >>> t.size, t.unpack(t.packed(t.board.playable_mask)) == (1,) * 104
    (104, True)
    >>> t.unpack(3 * t.packed(t.board.playable_mask) + t.one[5])[4:7]
    (3, 4, 3)
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
        #: The same with the swap's slot: no cell.
        self.bit_of_or_swap = self.bit_of + [0]
        self.dense_of = [-1] * board.bits
        for d, c in enumerate(cells):
            self.dense_of[c] = d
        #: The packed set of one cell, by dense index (the swap is no cell: 0).
        self.one = [1 << (8 * c) for c in cells] + [0]
        self._packed_bytes = board.bits
        self._digits_to_bytes = bytes.maketrans(b"01", b"\x00\x01")
        self._gather = operator.itemgetter(*cells)
        self.packed_ones = self.packed(board.playable_mask)

        if count is None:
            # A few MB on every board size; a power of two, so a random pick is one getrandbits.
            count = 1 << max(7, round(math.log2(100_000 / len(cells))))
        self.count = count
        self.count_bits = count.bit_length() - 1
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

    def packed(self, x: Bitboard) -> int:
        """The packed set of bitboard ``x``: its binary digits, read as bytes 0 and 1."""
        return int.from_bytes(format(x, "b").encode().translate(self._digits_to_bytes), "big")

    def unpack(self, packed: int) -> tuple[int, ...]:
        """The counts of a packed integer by dense index (each below 256)."""
        return self._gather(packed.to_bytes(self._packed_bytes, "little"))

    def split(self, empty: Bitboard, take: int, rng: random.Random) -> Bitboard:
        """A uniformly random subset of ``take`` cells of ``empty`` (``take`` at most their number)."""
        return self.split_with(self.prefix[rng.getrandbits(self.count_bits)], empty, take)

    @staticmethod
    def split_with(masks: list[Bitboard], empty: Bitboard, take: int) -> Bitboard:
        """The first ``take`` cells of ``empty`` in the order of the permutation of ``masks``.

        A prefix of length ``k`` holds at most ``k`` empty cells and each longer prefix at most one
        more, so jumping ahead by the shortfall never overshoots: on an empty board the first
        guess is right, and the shortfall shrinks fast on a busy one.
        """
        k = take
        got = (masks[k] & empty).bit_count()
        while got < take:
            k += take - got
            got = (masks[k] & empty).bit_count()
        return masks[k] & empty

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
        winner = BLACK if board.joins(black | fill_black, BLACK) else WHITE
        return winner, fill_black


class Node:
    """A position in the tree.

    Made small (the empty cells, whether the swap is legal, the tactics); a node gets its
    per-child lists when it is first chosen from (most leaves never are). By dense index:

    - ``n``/``w``: the child's visits and wins, for the side to move here;
    - ``an``/``aw``: its AMAF tries and wins as of the last refresh, plus a prior of one win in one
      try (occupied cells get the try, not the win, so their value is 0);
    - ``pa``/``pw``: the AMAF tries and wins since then, packed (a byte per cell).

    ``cd``/``cv`` are the candidates' dense indices and values, and ``cx``/``cy`` their AMAF
    statistics as pseudo-wins and pseudo-visits (a candidate's value is ``(w + cx) / (n + cy)``);
    ``bound`` is at least the value of every other child, ``next`` the visit count of the next
    scheduled refresh. ``kids`` holds the children made so far. Solved nodes (``solved`` WON or
    LOST for the side to move) are not searched; a won node keeps its winning child in ``best``.
    """

    __slots__ = (
        "kids", "visits", "solved", "best", "lost", "legal", "restricted", "empty", "swap_ok",
        "n", "w", "an", "aw", "pa", "pw", "cd", "cv", "cx", "cy", "bound", "next", "inherited",
    )  # fmt: skip

    def __init__(self, empty: Bitboard = 0, swap_ok: bool = False, solved: int = UNSOLVED, best: int = -1):
        self.kids: dict[int, Node] = {}
        self.visits = 0
        self.solved = solved
        self.best = best
        #: Children known to be won for the opponent, and the number of legal children.
        self.lost = 0
        self.legal = empty.bit_count() + swap_ok
        #: Only a forced move is legal here (it never refreshes, so its AMAF counts are never read).
        self.restricted = False
        self.empty = empty
        self.swap_ok = swap_ok
        # None until the node's first refresh (tested with ``is None``), a list from then on: the
        # search reads it only after, and the hot loops index it without a check.
        self.n: list[int] = None  # type: ignore[assignment]
        self.w: list[int] = []
        self.an: list[int] = []
        self.aw: list[int] = []
        self.pa = 0
        self.pw = 0
        self.cd: list[int] = [-1]
        self.cv: list[float] = [float("-inf")]  # below the bound: the first choice refreshes
        self.cx: list[float] = []
        self.cy: list[float] = []
        self.bound = 0.0
        self.next = 0
        #: The candidates and their priors are borrowed from a node two moves up (no ``an``/``aw`` yet).
        self.inherited = False


class Searcher:
    """One MCTS tree over positions of one board. ``search`` grows it, ``advance`` re-roots it."""

    def __init__(
        self, board: Board, rng: random.Random, rave: float | None = None, expand_after: int | None = None
    ) -> None:
        self.board = board
        self.rng = rng
        self.tables = Tables.get(board)
        #: RAVE equivalence (see RAVE_EQUIVALENCE).
        self.rave = RAVE_EQUIVALENCE if rave is None else rave
        #: A child node is made when its move is chosen again after this many visits.
        self.expand_after = EXPAND_AFTER if expand_after is None else expand_after
        self.root: Node | None = None
        self.root_key: tuple | None = None
        self.iterations = 0
        self.playouts = 0
        self.refreshes = 0
        self.nodes = 0
        # About 35 bytes a child slot (3.5 KB a node on the standard board, measured).
        self.max_nodes = max(2000, TREE_BYTES // (40 * (self.tables.size + 1)))
        # A colour can only have a winning cell once it has placed this many stones (each stone
        # brings it at most one step closer to joining a pair): below that, no flood is needed.
        self.threat_stones = [board.distance(0, 0, colour) - 1 for colour in (BLACK, WHITE)]

    # --- nodes -----------------------------------------------------------------------------

    def make_node(
        self, black: Bitboard, white: Bitboard, colour: int, pie: bool, source: Node | None = None
    ) -> Node:
        """The node of a position, with its tactics settled (see the module docstring).

        ``source``, a node two moves up with the same colour to move, lends its candidates and
        their AMAF rates until the new node has had INHERIT_VISITS visits of its own.
        """
        board = self.board
        empty = board.playable_mask & ~(black | white)
        stones = (black, white)
        self.nodes += 1
        node = Node(empty, pie and colour == WHITE)
        if stones[colour].bit_count() >= self.threat_stones[colour]:
            mine = board.winning_cells(stones[colour], colour, empty)
            if mine:
                node.solved, node.best = WON, self.tables.dense_of[(mine & -mine).bit_length() - 1]
                return node
        if stones[colour ^ 1].bit_count() >= self.threat_stones[colour ^ 1]:
            theirs = board.winning_cells(stones[colour ^ 1], colour ^ 1, empty)
            if theirs & (theirs - 1):
                node.solved = LOST  # two cells to stop, one stone to do it with
            elif theirs:
                self._restrict(node, self.tables.dense_of[theirs.bit_length() - 1])
                return node
        if source is not None and not node.solved and source.n is not None and not source.restricted:
            # (A forced source's only move is taken here.)
            self._inherit(node, source)
        return node

    def _inherit(self, node: Node, source: Node) -> None:
        """Start ``node`` with the candidates of ``source`` and their values as a prior.

        A node's own AMAF rates are noise for its first few playouts, while ``source`` has the
        same colour to move in a position two stones away, usually seen many times: its best
        moves are good first guesses, at almost no cost (no refresh). Each borrowed value counts
        as INHERIT_WEIGHT visits, so the node's own results soon count as much. Until its first
        refresh, after INHERIT_VISITS visits, the node chooses among these candidates only.
        """
        empty = node.empty
        bit_of = self.tables.bit_of_or_swap
        # Moves still open here (not the swap, not a move known to lose there).
        picked = [(d, v) for d, v in zip(source.cd, source.cv, strict=True) if empty & bit_of[d] and v > 0.0]
        if not picked:
            return
        size = self.tables.size
        node.n, node.w = [0] * (size + 1), [0] * (size + 1)
        node.cd = [d for d, _ in picked]
        node.cv = [v for _, v in picked]
        node.cx = [INHERIT_WEIGHT * v for v in node.cv]
        node.cy = [INHERIT_WEIGHT] * len(picked)
        node.bound = float("-inf")
        node.next = INHERIT_VISITS
        node.inherited = True

    def _restrict(self, node: Node, d: int) -> None:
        """Make ``d`` the only child of ``node``: it never refreshes (nor reads its AMAF counts)."""
        size = self.tables.size
        node.restricted = True
        node.legal = 1
        node.n, node.w = [0] * (size + 1), [0] * (size + 1)
        node.cd, node.cv = [d], [FIRST_PLAY]
        node.cx, node.cy = [1.0], [1.0]  # the prior only: one win in one try
        node.bound = float("-inf")
        node.next = 1 << 62

    def refresh(self, node: Node) -> None:
        """Bring the AMAF lists up to date, compute every child's value, pick the candidates."""
        t = self.tables
        size = t.size
        self.refreshes += 1
        if node.n is None or node.inherited:
            # The node's own lists, from its pending counts (at most INHERIT_VISITS samples, so no
            # byte overflows) and the prior, one win in one try, which goes to the legal cells only.
            if node.n is None:
                node.n, node.w = [0] * (size + 1), [0] * (size + 1)
            node.an = list(t.unpack(node.pa + t.packed_ones))
            node.aw = list(t.unpack(node.pw + t.packed(node.empty)))
            node.inherited = False
        else:
            if node.pa:
                node.an = list(map(add, node.an, t.unpack(node.pa)))
            if node.pw:
                node.aw = list(map(add, node.aw, t.unpack(node.pw)))
        node.pa = node.pw = 0
        n_, w_, an, aw = node.n, node.w, node.an, node.aw
        # The AMAF rate; 0 for occupied cells (below every legal child, above DEAD).
        values = list(map(truediv, aw, an))
        values.append((w_[size] + 1) / (n_[size] + 1) if node.swap_ok else 0.0)
        inv_k = 1.0 / self.rave
        for d in compress(range(size), n_):
            n = n_[d]
            if n >= DEAD_VISITS:
                values[d] = DEAD
            else:
                c = 1.0 + an[d] * inv_k  # see pseudo_visits
                values[d] = (w_[d] + aw[d] / c) / (n + an[d] / c)
        if n_[size] >= DEAD_VISITS:
            values[size] = DEAD
        # The candidates: the children above the (CANDIDATES + 1)-th best value, or when those
        # tie, the first few of the tied ones (as a plain argmax would break ties).
        bound = sorted(values)[-CANDIDATES - 1]
        cd = list(compress(range(size + 1), map(bound.__lt__, values)))
        if not cd:
            cd = list(compress(range(size + 1), map(bound.__eq__, values)))[:CANDIDATES]
        node.cd = cd
        node.cv = [values[d] for d in cd]
        # The swap has no AMAF statistics: its prior is one win in one try.
        priors = [pseudo_visits(an[d], aw[d], inv_k) if d < size else (1.0, 1.0) for d in cd]
        node.cx = [x for x, _ in priors]
        node.cy = [y for _, y in priors]
        node.bound = bound
        visits = node.visits
        node.next = visits + min(255, max(1, visits >> REFRESH_SHIFT))

    def set_root(self, state: AtollState) -> bool:
        """Search from ``state``; keep the old tree when ``state`` is one or two moves below its root.

        Returns True when a subtree was reused.
        """
        key = _key(state)
        reused = False
        if self.root is not None and self.root_key is not None:
            if key == self.root_key:
                reused = True
            else:
                node = self.root
                pos = self.root_key
                for _ in range(2):
                    child, pos = self._child_towards(node, pos, key)
                    if child is None:
                        break
                    node = child
                    if pos == key:
                        # Estimate what is left of the tree (for the memory budget) by visits.
                        self.nodes = int(self.nodes * node.visits / max(1, self.root.visits))
                        self.root, self.root_key = node, key
                        reused = True
                        break
        if not reused:
            self.nodes = 0
            self.root = self.make_node(state.stones[0], state.stones[1], state.colour, state.pie)
            self.root_key = key
        root = self.root
        assert root is not None
        if root.solved == UNSOLVED and root.n is None:
            self.refresh(root)  # so that best_index has lists even before any iteration
        return reused

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
        one = t.one
        packed = t.packed
        prefix = t.prefix
        count_bits = t.count_bits
        getrandbits = self.rng.getrandbits
        joins = board.joins
        playable = board.playable_mask
        packed_root_empty = packed(playable & ~(rb | rw))
        refresh = self.refresh
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
            path: list[tuple[Node, int, int, int, int]] = []  # node, candidate, child, mover colour, seat
            taken = 0  # packed set of the cells placed on the way down
            leaf = None  # the node made in this iteration, unless it is solved:
            made_solved = False  # then its parent learns it now
            winner = -1  # set when the iteration ends in a solved node
            while True:
                if node.solved:
                    winner = colour if node.solved == WON else colour ^ 1
                    break
                cv = node.cv
                best = max(cv)
                if best < node.bound or node.visits >= node.next:
                    refresh(node)
                    cv = node.cv
                    best = max(cv)
                j = cv.index(best)
                d = node.cd[j]
                path.append((node, j, d, colour, colour ^ swapped))
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
                    taken += one[d]
                child = node.kids.get(d)
                if child is None:
                    if node.n[d] >= expand_after and self.nodes < self.max_nodes:
                        # The node two moves up lends its statistics if the same colour moves there.
                        source = path[-2][0] if len(path) > 1 and path[-2][3] == colour else None
                        child = node.kids[d] = self.make_node(black, white, colour, pie, source)
                        if child.solved:
                            winner = colour if child.solved == WON else colour ^ 1
                            made_solved = True
                        else:
                            leaf = child
                    break
                node = child
            # --- playout: a random fill of the empty cells decides the winner
            if winner < 0:
                empty = playable & ~(black | white)
                take = (empty.bit_count() + 1) >> 1
                masks = prefix[getrandbits(count_bits)]
                k = take  # Tables.split_with, inline
                got = (masks[k] & empty).bit_count()
                while got < take:
                    k += take - got
                    got = (masks[k] & empty).bit_count()
                fill_black = masks[k] & empty
                if colour != BLACK:
                    fill_black ^= empty
                winner = BLACK if joins(black | fill_black, BLACK) else WHITE
                packed_black = packed(fill_black)
                # What each colour owns at the end, beyond the tree's stones: packed sets.
                later = [packed_black, packed_root_empty - taken - packed_black]
                self.playouts += 1
            else:
                later = [0, 0]
            # --- backup: the chosen child's visits and wins, AMAF counts for every cell at once
            winner_seat = winner ^ swapped
            if leaf is not None:
                leaf.visits += 1
                cells = later[colour]
                leaf.pa += cells
                if colour ^ swapped == winner_seat:
                    leaf.pw += cells
            for node, j, d, mover, seat in reversed(path):
                node.visits += 1
                # The cells the mover owns at the end, from this move on (one[size], the swap, is 0).
                cells = later[mover] + one[d]
                later[mover] = cells
                node.pa += cells
                n_ = node.n
                w_ = node.w
                n = n_[d] + 1
                n_[d] = n
                if seat == winner_seat:
                    w = w_[d] + 1
                    w_[d] = w
                    node.pw += cells
                else:
                    w = w_[d]
                node.cv[j] = (w + node.cx[j]) / (n + node.cy[j])
            if made_solved:
                self._climb(path)
        self.iterations += done

    def _climb(self, path: list[tuple[Node, int, int, int, int]]) -> None:
        """A node just made at the end of ``path`` is solved: its parent learns it, and so on up.

        A move into a lost position wins; a node whose moves all lead to won positions is lost.
        """
        for node, j, d, _, _ in reversed(path):
            if node.kids[d].solved == LOST:
                node.solved, node.best = WON, d
            else:
                node.lost += 1
                # Never chosen again while another move is open, whatever its AMAF rate.
                node.n[d] = DEAD_VISITS
                node.w[d] = 0
                node.cv[j] = DEAD
                if node.lost >= node.legal:
                    node.solved = LOST
            if not node.solved:
                break

    def legal_children(self, node: Node) -> list[int]:
        """Dense indices of the legal moves at ``node`` (the swap is ``tables.size``)."""
        t = self.tables
        out = [d for d, bit in enumerate(t.bit_of) if node.empty & bit]
        if node.restricted:
            out = node.cd[:]
        elif node.swap_ok:
            out.append(t.size)
        return out

    def best_index(self) -> int:
        """The root's move: a solved win, else the most visited child not known to lose."""
        root = self.root
        assert root is not None
        if root.solved == WON:
            return root.best
        n_ = root.n
        w_ = root.w
        assert n_ is not None
        best, best_score = -1, -2.0
        for d in self.legal_children(root):
            kid = root.kids.get(d)
            if kid is not None and kid.solved == WON:
                score = -1.0
            else:
                score = n_[d] + (w_[d] / n_[d] if n_[d] else 0.0) * 1e-3
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

    >>> from tafel import Limit
    >>> s = AtollState.start()
    >>> agent = AtollMCTS()
    >>> agent.choose(s, Limit(nodes=200), random.Random(1)) in s.legal_moves()
    True
    """

    def __init__(
        self,
        level: str = "custom",
        rave: float | None = None,
        reuse: bool = True,
        expand_after: int | None = None,
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
            move = move_for((mine & -mine).bit_length() - 1)
            self.info = {"reason": explain(state, move), "value": 1.0}
            return move
        theirs = board.winning_cells(state.stones[colour ^ 1], colour ^ 1, empty)
        if theirs:
            # One threat: the only move that does not lose. Two or more: lost whatever we do.
            move = move_for(theirs.bit_length() - 1)
            self.info = {"reason": explain(state, move)}
            if theirs & (theirs - 1):
                self.info["value"] = 0.0
            return move

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
        n = root.n[d] if root.n is not None else 0
        value = round(root.w[d] / n, 3) if root.solved == UNSOLVED and n else SOLVED_VALUE.get(root.solved)
        self.info = {
            "iterations": searcher.iterations - before_it,
            "playouts": searcher.playouts - before_po,
            "kept": kept if reused else 0,
            "nodes": searcher.nodes,
            "seconds": round(elapsed, 3),
            "value": value,
            "solved": {WON: "won", LOST: "lost"}.get(root.solved, ""),
        }
        if self.reuse:
            searcher.advance(d)
        else:
            self.searcher = None
        move = SWAP if d == searcher.tables.size else move_for(searcher.tables.cell_of[d])
        self.info["reason"] = explain(state, move)  # what a hint says the move does
        return move

    def describe(self) -> dict[str, Any]:
        return dict(self.info)
