"""Monte Carlo tree search (UCT) for any game, from the GameState API alone.

Each iteration walks down the tree by UCB1, adds one node, finishes the game with random
moves (at most ``playout_cap`` plies; a cut-off game is scored with ``GameDef.evaluate``
mapped to [0, 1], or 0.5 without it) and credits every node with the reward of the seat
that moved into it. Rewards come per seat from :attr:`Outcome.rewards`, so the same code
plays solo puzzles (seat 0 maximises its own reward), two-player and 3-4 player games.

States that hide something (``has_hidden_information``) are searched by single-observer
information-set MCTS: every iteration samples a full state with ``view.determinize(rng)``
and walks a tree keyed by moves, counting for each child how often it was available.

The budget is :class:`Limit` ``time`` and/or ``nodes`` (iterations); ``stop()`` is polled
every few iterations. After a move the agent keeps its tree and, on the next call, reuses
the subtree of the position it is asked about when it finds it a few plies down.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from tafel.ai.base import Agent, Limit, StopCheck
from tafel.game import GameDef, GameError, GameState, Move

#: Budget used when the limit sets neither time nor nodes.
DEFAULT_LIMIT = Limit(time=0.3)
#: How many nodes the search for a reusable subtree may look at.
REUSE_SCAN = 4000


class _Node:
    """A tree node. ``seat`` moved into it (None at the root); ``value`` sums that seat's rewards."""

    __slots__ = ("move", "parent", "seat", "state", "children", "untried", "visits", "value", "avail", "kids")

    def __init__(self, move: Move, parent: _Node | None, seat: int | None, state: GameState | None) -> None:
        self.move = move
        self.parent = parent
        self.seat = seat
        self.state = state
        self.children: list[_Node] = []
        # Perfect information: moves not expanded yet (built from ``state``).
        self.untried: list[Move] = list(state.legal_moves()) if state is not None else []
        self.visits = 0
        self.value = 0.0
        # Information sets: how often this node was selectable, and children by move.
        self.avail = 0
        self.kids: dict[Move, _Node] = {}


class MCTSAgent(Agent):
    """UCT with random playouts; see the module docstring.

    ``exploration`` is the UCB1 constant (rewards lie in [0, 1]); ``playout_cap`` the most
    random plies after the tree before the position is scored with ``evaluate``.
    """

    def __init__(
        self,
        game: GameDef | None = None,
        *,
        default_limit: Limit = DEFAULT_LIMIT,
        exploration: float = 1.0,
        playout_cap: int = 100,
        reuse: bool = True,
    ) -> None:
        super().__init__()
        self.evaluate: Callable[[GameState, int], float] | None = game.evaluate if game is not None else None
        self.default_limit = default_limit
        self.exploration = exploration
        self.playout_cap = playout_cap
        self.reuse = reuse
        self._root: _Node | None = None
        self._played: _Node | None = None

    def reset(self) -> None:
        self._root = None
        self._played = None

    # --- the search ----------------------------------------------------------------------------

    def choose(
        self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise GameError("no legal move: the game is over")
        if len(moves) == 1:
            self.info = {"iterations": 0, "forced": True}
            return moves[0]
        if limit.time is None and limit.nodes is None:
            limit = self.default_limit
        start = time.perf_counter()
        deadline = limit.deadline(start)
        max_iterations = limit.nodes
        if state.has_hidden_information:
            return self._choose_hidden(state, moves, deadline, max_iterations, rng, stop, start)

        root = self._reused_root(state)
        reused = root.visits if root is not None else 0
        if root is None:
            root = _Node(None, None, None, state)
        iterations = 0
        while True:
            if max_iterations is not None and iterations >= max_iterations:
                break
            if deadline is not None and iterations and time.perf_counter() >= deadline:
                break
            if stop is not None and iterations & 15 == 15 and stop():
                break
            self._iterate(root, rng)
            iterations += 1

        best = max(root.children, key=lambda n: (n.visits, n.value / n.visits if n.visits else 0.0))
        self._root, self._played = root, best
        self.info = {
            "iterations": iterations,
            "reused": reused,
            "visits": best.visits,
            "value": round(best.value / best.visits, 3) if best.visits else None,
            "time": round(time.perf_counter() - start, 3),
        }
        return best.move

    def _iterate(self, root: _Node, rng: random.Random) -> None:
        node = root
        c = self.exploration
        # Selection: down through fully expanded nodes by UCB1.
        while not node.untried and node.children:
            log_n = math.log(node.visits)
            best = None
            best_u = -1.0
            for child in node.children:
                u = child.value / child.visits + c * math.sqrt(log_n / child.visits)
                if u > best_u:
                    best_u, best = u, child
            node = best  # type: ignore[assignment]
        # Expansion: one untried move, picked at random (swap-remove keeps it O(1)).
        if node.untried:
            untried = node.untried
            i = int(rng.random() * len(untried))
            move = untried[i]
            untried[i] = untried[-1]
            untried.pop()
            state = node.state
            child = _Node(move, node, state.to_move, state.play_unchecked(move))  # type: ignore[union-attr]
            node.children.append(child)
            node = child
        rewards = self._playout(node.state, rng)  # type: ignore[arg-type]
        back: _Node | None = node
        while back is not None:
            back.visits += 1
            if back.seat is not None:
                back.value += rewards[back.seat]
            back = back.parent

    def _playout(self, state: GameState, rng: random.Random) -> tuple[float, ...]:
        rand = rng.random
        for _ in range(self.playout_cap):
            outcome = state.outcome
            if outcome is not None:
                return outcome.rewards
            moves = state.legal_moves()
            state = state.play_unchecked(moves[int(rand() * len(moves))])
        outcome = state.outcome
        if outcome is not None:
            return outcome.rewards
        return self._cutoff(state)

    def _cutoff(self, state: GameState) -> tuple[float, ...]:
        """Rewards of an unfinished playout: the heuristic per seat mapped from [-1, 1] to [0, 1]."""
        if self.evaluate is None:
            return (0.5,) * state.players
        values = []
        for seat in range(state.players):
            v = float(self.evaluate(state, seat))
            v = -1.0 if v < -1.0 else 1.0 if v > 1.0 else v
            values.append((v + 1.0) / 2.0)
        return tuple(values)

    # --- tree reuse ----------------------------------------------------------------------------

    def _reused_root(self, state: GameState) -> _Node | None:
        """The node of the last tree that holds ``state``, detached, or None.

        Looks at the last root (asked again) and below the move played, a few plies deep;
        a node matches when its position text is the same. The node takes the given state,
        which is the real one (same text, but history the text may not show).
        """
        old, played = self._root, self._played
        self._root = self._played = None
        if not self.reuse or old is None:
            return None
        text = state.to_text()
        if old.state is not None and old.state.to_text() == text:
            found: _Node | None = old
        else:
            found = None
            frontier = [played] if played is not None else []
            depth_left = 2 * max(2, state.players)
            scanned = 0
            while frontier and found is None and depth_left >= 0 and scanned < REUSE_SCAN:
                nxt = []
                for node in frontier:
                    scanned += 1
                    if (
                        node.state is not None
                        and node.state.to_move == state.to_move
                        and (node.state.to_text() == text)
                    ):
                        found = node
                        break
                    nxt.extend(node.children)
                frontier = nxt
                depth_left -= 1
        if found is None:
            return None
        legal = state.legal_moves()
        known = [c.move for c in found.children] + list(found.untried)
        if len(known) != len(legal) or any(m not in legal for m in known):
            return None
        found.parent = None
        found.move = None
        found.seat = None
        found.state = state
        return found

    # --- hidden information ------------------------------------------------------------------

    def _choose_hidden(
        self,
        view: GameState,
        moves: list[Move],
        deadline: float | None,
        max_iterations: int | None,
        rng: random.Random,
        stop: StopCheck | None,
        start: float,
    ) -> Move:
        root = _Node(None, None, None, None)
        iterations = 0
        while True:
            if max_iterations is not None and iterations >= max_iterations:
                break
            if deadline is not None and iterations and time.perf_counter() >= deadline:
                break
            if stop is not None and iterations & 15 == 15 and stop():
                break
            self._iterate_hidden(root, view.determinize(rng), rng)
            iterations += 1
        candidates = [root.kids[m] for m in moves if m in root.kids]
        if not candidates:
            self.info = {"iterations": iterations}
            return moves[rng.randrange(len(moves))]
        best = max(candidates, key=lambda n: (n.visits, n.value / n.visits if n.visits else 0.0))
        self.info = {
            "iterations": iterations,
            "visits": best.visits,
            "value": round(best.value / best.visits, 3) if best.visits else None,
            "time": round(time.perf_counter() - start, 3),
        }
        return best.move

    def _iterate_hidden(self, root: _Node, world: GameState, rng: random.Random) -> None:
        node = root
        c = self.exploration
        while world.outcome is None:
            legal = world.legal_moves()
            kids = node.kids
            untried = [m for m in legal if m not in kids]
            if untried:
                move = untried[int(rng.random() * len(untried))]
                child = _Node(move, node, world.to_move, None)
                child.avail = 1
                kids[move] = child
                world = world.play_unchecked(move)
                node = child
                break
            best = None
            best_u = -1.0
            for move in legal:
                child = kids[move]
                child.avail += 1
                u = child.value / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if u > best_u:
                    best_u, best = u, child
            world = world.play_unchecked(best.move)  # type: ignore[union-attr]
            node = best  # type: ignore[assignment]
        rewards = self._playout(world, rng)
        back: _Node | None = node
        while back is not None:
            back.visits += 1
            if back.seat is not None:
                back.value += rewards[back.seat]
            back = back.parent
