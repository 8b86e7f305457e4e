"""Atoll AI: Monte Carlo tree search with fill playouts, kept between moves.

Why this is fast in Python:

- Positions are two bitboards (Python ints) and a colour; the tree does not store states,
  each iteration replays its path from the root with one ``|`` per move.
- A playout does not play moves one by one. Atoll cannot be drawn and stones never go away,
  so the winner of a random game is the owner of the joined pair on the *full* board, and a
  random game is just a random split of the empty cells: the side to move gets a random half.
  The split is read off a bank of random permutations of the board (a prefix mask per length;
  a binary search finds the prefix holding exactly half of the empty cells), and one flood
  fill over Black's stones names the winner.
- Nodes keep flat per-child lists (moves, visits, wins); nothing is shuffled per node: the
  untried children are taken in a random rotation of the board order.

Tactics are exact, not sampled: each new node computes both sides' winning cells (cells that
join a pair at once). A side with a winning cell wins (the node is solved); a side facing one
must take it (the only child); facing two or more it has lost. Solved values climb the tree
(a move to a lost position wins, a node whose moves all lose is lost), so no level ever leaves
an immediate win on the table or ignores an opponent's.

Children are chosen by UCT blended with all-moves-as-first statistics (RAVE): every cell the
side to move ends up owning in a playout counts as a try of that cell, which gives new nodes a
useful ordering after a handful of playouts.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from core import Agent, GameState, Limit

from .board import BLACK, WHITE, Bitboard, Board
from .rules import SWAP, AtollMove, AtollState, move_for

#: Think time per level (seconds) when the caller gives no limit. Mirrors plugins.atoll.LEVEL_SECONDS.
LEVEL_SECONDS = {"easy": 0.1, "medium": 0.5, "hard": 2.0, "custom": 1.0}

UNSOLVED, WON, LOST = 0, 1, -1


class Playouts:
    """Random fills of one board from a bank of permutations.

    ``prefix[p][k]`` is the mask of the first ``k`` cells of permutation ``p``. The first ``h``
    empty cells of a uniformly random permutation are a uniformly random ``h``-subset of the
    empty cells, so a binary search over ``k`` gives a fair random half at the cost of a few
    ``&`` and ``bit_count`` operations.
    """

    _cache: dict[int, Playouts] = {}

    @classmethod
    def get(cls, board: Board) -> Playouts:
        bank = cls._cache.get(board.size)
        if bank is None:
            bank = cls._cache[board.size] = cls(board)
        return bank

    def __init__(self, board: Board, count: int | None = None, seed: int = 0xA7011) -> None:
        self.board = board
        if count is None:
            # About 6 MB on every board size; more permutations on the small board.
            count = max(128, 100_000 // len(board.playable))
        rng = random.Random(seed)
        cells = list(board.playable)
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
        self.length = len(cells)

    def split(self, empty: Bitboard, take: int, rng: random.Random) -> Bitboard:
        """A uniformly random subset of ``take`` cells of ``empty``."""
        masks = self.prefix[rng.randrange(self.count)]
        lo, hi = take, self.length  # the prefix of length k holds at most k empty cells
        while lo < hi:
            mid = (lo + hi) >> 1
            if (masks[mid] & empty).bit_count() < take:
                lo = mid + 1
            else:
                hi = mid
        return masks[lo] & empty

    def black_wins(self, black: Bitboard, white: Bitboard, colour: int, rng: random.Random) -> tuple[bool, Bitboard]:
        """Fill the board at random from this position (``colour`` to move); does Black win?

        Returns the answer and Black's stones on the full board.
        """
        board = self.board
        empty = board.playable_mask & ~(black | white)
        n = empty.bit_count()
        mover = self.split(empty, (n + 1) >> 1, rng)
        full_black = black | (mover if colour == BLACK else empty & ~mover)
        return board.connected(full_black, BLACK) is not None, full_black


class Node:
    """A position in the tree. Child statistics are flat lists indexed like ``moves``.

    ``w[i]`` counts wins of the side to move here after its move ``moves[i]``; ``an``/``aw`` are
    the all-moves-as-first counts of the same moves.
    """

    __slots__ = ("moves", "bits", "n", "w", "an", "aw", "kids", "visits", "tried", "solved", "best", "lost")

    def __init__(self, moves: list[int], solved: int = UNSOLVED, best: int = -1) -> None:
        k = len(moves)
        self.moves = moves
        self.bits = [(1 << m) if m >= 0 else 0 for m in moves]
        self.n = [0] * k
        self.w = [0.0] * k
        self.an = [0] * k
        self.aw = [0.0] * k
        self.kids: list[Node | None] = [None] * k
        self.visits = 0
        self.tried = 0
        #: WON / LOST for the side to move here once known, with ``best`` the winning child.
        self.solved = solved
        self.best = best
        #: Children known to be won for the opponent.
        self.lost = 0


class Searcher:
    """One MCTS tree over positions of one board. ``search`` grows it, ``advance`` re-roots it."""

    def __init__(
        self,
        board: Board,
        rng: random.Random,
        exploration: float = 0.25,
        rave: float = 600.0,
    ) -> None:
        self.board = board
        self.rng = rng
        self.bank = Playouts.get(board)
        self.c = exploration
        #: RAVE equivalence: after about this many visits a child's own average weighs as much
        #: as its all-moves-as-first average.
        self.rave = rave
        self.root: Node | None = None
        self.root_key: tuple | None = None
        self.iterations = 0
        self.playouts = 0

    # --- nodes -----------------------------------------------------------------------------

    def make_node(self, black: Bitboard, white: Bitboard, colour: int, pie: bool) -> Node:
        board = self.board
        empty = board.playable_mask & ~(black | white)
        stones = (black, white)
        mine = board.winning_cells(stones[colour], colour, empty)
        if mine:
            cell = (mine & -mine).bit_length() - 1
            return Node([cell], WON, 0)
        theirs = board.winning_cells(stones[colour ^ 1], colour ^ 1, empty)
        if theirs:
            cells = board.cells_of(theirs)
            return Node(cells, LOST if len(cells) > 1 else UNSOLVED)
        moves = board.cells_of(empty)
        if moves:
            # A random rotation of the board order: the order untried children are tried in.
            k = self.rng.randrange(len(moves))
            moves = moves[k:] + moves[:k]
        if pie and colour == WHITE:
            moves.append(-1)
        return Node(moves)

    def set_root(self, state: AtollState) -> bool:
        """Search from ``state``; keep the old tree when ``state`` is one or two moves below its root.

        Returns True when a subtree was reused.
        """
        key = _key(state)
        if self.root is not None and self.root_key is not None:
            if key == self.root_key:
                return True
            node, pos = self.root, self.root_key
            for _ in range(2):
                node, pos = self._child_towards(node, pos, key)
                if node is None:
                    break
                if pos == key:
                    self.root, self.root_key = node, key
                    return True
        self.root = self.make_node(state.stones[0], state.stones[1], state.colour, state.pie)
        self.root_key = key
        return False

    def _child_towards(self, node: Node, pos: tuple, key: tuple) -> tuple[Node | None, tuple]:
        black, white, colour, swapped, pie = pos
        nb, nw, _, nswapped, _ = key
        if black & ~nb or white & ~nw:
            return None, pos
        if nswapped != swapped and black == nb and white == nw and -1 in node.moves:
            i = node.moves.index(-1)
            return node.kids[i], (black, white, WHITE, not swapped, False)
        new = (nb & ~black) if colour == BLACK else (nw & ~white)
        if new.bit_count() == 0:
            return None, pos
        low = new & -new
        cell = low.bit_length() - 1
        if cell not in node.moves:
            return None, pos
        i = node.moves.index(cell)
        if colour == BLACK:
            black |= low
        else:
            white |= low
        return node.kids[i], (black, white, colour ^ 1, swapped, pie and colour == BLACK)

    # --- search ------------------------------------------------------------------------------

    def search(self, deadline: float | None, max_iterations: int | None, stop=None) -> None:
        root = self.root
        assert root is not None and self.root_key is not None
        rb, rw, rcolour, rswapped, rpie = self.root_key
        board = self.board
        bank = self.bank
        rng = self.rng
        c = self.c
        rave = self.rave
        log = math.log
        sqrt = math.sqrt
        done = 0
        clock = time.perf_counter
        while True:
            if root.solved != UNSOLVED:
                break
            if max_iterations is not None and done >= max_iterations:
                break
            if done & 31 == 0 and done:
                if deadline is not None and clock() >= deadline:
                    break
                if stop is not None and stop():
                    break
            done += 1
            # --- selection and expansion
            node = root
            black, white, colour, swapped, pie = rb, rw, rcolour, rswapped, rpie
            path: list[tuple[Node, int, int, int]] = []  # node, child, mover colour, mover seat
            leaf_result = -1  # winner colour when the leaf is solved
            just_solved = False  # the leaf was solved when it was made (its parent learns it now)
            while True:
                if node.solved != UNSOLVED:
                    leaf_result = colour if node.solved == WON else colour ^ 1
                    break
                if rave:
                    i = _select_rave(node, c, rave, log, sqrt)
                elif node.tried < len(node.moves):
                    i = node.tried
                    node.tried += 1
                else:
                    i = _select(node, c, log, sqrt)
                path.append((node, i, colour, colour ^ swapped))
                cell = node.moves[i]
                if cell < 0:
                    swapped ^= 1
                    colour = WHITE
                    pie = False
                else:
                    if colour == BLACK:
                        black |= 1 << cell
                    else:
                        white |= 1 << cell
                        pie = False
                    colour ^= 1
                child = node.kids[i]
                if child is None:
                    child = node.kids[i] = self.make_node(black, white, colour, pie)
                    if child.solved != UNSOLVED:
                        leaf_result = colour if child.solved == WON else colour ^ 1
                        just_solved = True
                    break
                node = child
            # --- playout
            if leaf_result < 0:
                win, full_black = bank.black_wins(black, white, colour, rng)
                winner = BLACK if win else WHITE
                self.playouts += 1
            else:
                winner = leaf_result
                full_black = black if winner == BLACK else board.playable_mask & ~white
            # --- backup, with solved values climbing the path
            winner_seat = winner ^ swapped
            full_white = board.playable_mask & ~full_black
            for node, i, mover, seat in reversed(path):
                r = 1.0 if seat == winner_seat else 0.0
                node.visits += 1
                node.n[i] += 1
                node.w[i] += r
                if rave:
                    owned = full_black if mover == BLACK else full_white
                    an = node.an
                    aw = node.aw
                    j = 0
                    for b in node.bits:
                        if owned & b:
                            an[j] += 1
                            aw[j] += r
                        j += 1
                if just_solved and node.solved == UNSOLVED:
                    # Solved values climb: a move into a lost position wins; all moves won for
                    # the opponent lose. Each child is counted once, when it becomes solved.
                    if node.kids[i].solved == LOST:
                        node.solved, node.best = WON, i
                    else:
                        node.lost += 1
                        if node.lost == len(node.moves):
                            node.solved = LOST
                    just_solved = node.solved != UNSOLVED
                else:
                    just_solved = False
        self.iterations += done

    def best_index(self) -> int:
        root = self.root
        assert root is not None
        if root.solved == WON:
            return root.best
        # Most visited, avoiding children known to lose.
        best, best_n = -1, -1.0
        for i, n in enumerate(root.n):
            kid = root.kids[i]
            score = float(n)
            if kid is not None and kid.solved == WON:
                score = -1.0 + n * 1e-9
            elif root.n[i] and kid is not None:
                score += root.w[i] / root.n[i] * 1e-3
            if score > best_n:
                best, best_n = i, score
        return best

    def advance(self, i: int) -> None:
        """Make the child ``i`` of the root the new root (after playing its move)."""
        root = self.root
        assert root is not None and self.root_key is not None
        black, white, colour, swapped, pie = self.root_key
        cell = root.moves[i]
        if cell < 0:
            key = (black, white, WHITE, not swapped, False)
        elif colour == BLACK:
            key = (black | 1 << cell, white, WHITE, swapped, pie)
        else:
            key = (black, white | 1 << cell, BLACK, swapped, False)
        self.root = root.kids[i]
        self.root_key = key if self.root is not None else None


def _key(state: AtollState) -> tuple:
    return (state.stones[0], state.stones[1], state.colour, state.swapped, state.pie)


def _select_rave(node: Node, c: float, rave: float, log, sqrt) -> int:
    """UCT on the child's average blended with its all-moves-as-first average.

    The blend weight of the AMAF average, ``a / (a + n + n * a / rave)``, starts at 1 and falls
    as the child's own visits ``n`` grow. Children with no sample at all come first.
    """
    lg = log(node.visits + 1)
    best, best_v = 0, -1.0
    n_, w_, an_, aw_ = node.n, node.w, node.an, node.aw
    for j in range(len(n_)):
        n = n_[j]
        a = an_[j]
        if a:
            if n:
                beta = a / (a + n + n * a / rave)
                v = (1.0 - beta) * w_[j] / n + beta * aw_[j] / a + c * sqrt(lg / n)
            else:
                v = aw_[j] / a + c * sqrt(lg)
        elif n:
            v = w_[j] / n + c * sqrt(lg / n)
        else:
            return j
        if v > best_v:
            best, best_v = j, v
    return best


def _select(node: Node, c: float, log, sqrt) -> int:
    """Plain UCT (every child has been tried once)."""
    lg = log(node.visits)
    best, best_v = 0, -1.0
    n_, w_ = node.n, node.w
    for j in range(len(n_)):
        n = n_[j]
        v = w_[j] / n + c * sqrt(lg / n)
        if v > best_v:
            best, best_v = j, v
    return best


class AtollMCTS(Agent):
    """The Atoll levels: one MCTS, with think time per level.

    ``choose`` plays an immediate win at once, takes the only cell that stops an immediate
    loss at once, and otherwise searches, reusing the subtree of the previous move.
    """

    def __init__(self, level: str = "custom", exploration: float = 0.25, rave: float = 600.0, reuse: bool = True):
        super().__init__()
        self.level = level
        self.exploration = exploration
        self.rave_k = rave
        self.reuse = reuse
        self.searcher: Searcher | None = None

    def reset(self) -> None:
        self.searcher = None

    def choose(self, state: GameState, limit: Limit, rng: random.Random, stop=None) -> AtollMove:
        assert isinstance(state, AtollState)
        start = time.perf_counter()
        if not state.legal_moves():
            raise ValueError("the game is over: no move to choose")
        board = state.board
        colour = state.colour
        empty = state.empty
        mine = board.winning_cells(state.stones[colour], colour, empty)
        if mine:
            self.info = {"reason": "immediate win"}
            return move_for((mine & -mine).bit_length() - 1)
        theirs = board.winning_cells(state.stones[colour ^ 1], colour ^ 1, empty)
        if theirs and theirs & (theirs - 1) == 0:
            self.info = {"reason": "forced block"}
            return move_for(theirs.bit_length() - 1)

        searcher = self.searcher
        if searcher is None or searcher.board is not board or not self.reuse:
            searcher = self.searcher = Searcher(board, rng, self.exploration, self.rave_k)
        searcher.rng = rng
        reused = searcher.set_root(state)
        before_it, before_po = searcher.iterations, searcher.playouts
        seconds = limit.time
        if seconds is None and limit.nodes is None:
            seconds = LEVEL_SECONDS.get(self.level, 1.0)
        deadline = None if seconds is None else start + seconds
        searcher.search(deadline, limit.nodes, stop)
        i = searcher.best_index()
        root = searcher.root
        assert root is not None
        cell = root.moves[i]
        elapsed = time.perf_counter() - start
        iters = searcher.iterations - before_it
        self.info = {
            "iterations": iters,
            "playouts": searcher.playouts - before_po,
            "tree": root.visits,
            "reused": reused,
            "seconds": round(elapsed, 3),
            "value": round(root.w[i] / root.n[i], 3) if root.n[i] else None,
            "solved": {WON: "won", LOST: "lost"}.get(root.solved, ""),
        }
        if self.reuse:
            searcher.advance(i)
        else:
            self.searcher = None
        return SWAP if cell < 0 else move_for(cell)

    def describe(self) -> dict[str, Any]:
        return dict(self.info)
