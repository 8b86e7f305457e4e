"""Alpha-beta search (negamax) for two-player games of perfect information.

Iterative deepening runs until the time limit, a fixed ``Limit.depth`` or a node budget; a
new iteration starts while less than ``LAST_START`` (85%) of the time is used, and an
unfinished one still counts once it has searched the previous best move (searched first) or
found a move better on a null window, so more time never makes the choice worse. A
transposition table keyed on ``state.repetition_key()`` keeps values and best moves between
iterations and moves. Moves are ordered by the table's move, then at nodes ``order_depth`` (3)
or more plies from the frontier by the *static look* (``evaluate`` of each child for the
mover, kept for one ``choose``); elsewhere the ply's two killers come next, then the rest by a
history score (moves that caused cut-offs; at the frontier in the game's order); the root by
the previous iteration's scores (the first: the static look). When the game checks a move
itself (its state overrides ``is_legal``), the table's move and the killers are searched
before the node's move list is made, so a node that cuts off on one of them never makes it:
the list is most of a node's cost in a game written in Python. Moves after the first are
searched on a null window first (principal variation search, the root included). Nodes one
ply from the frontier evaluate their children in line, without a table look-up. Late move
reductions (``reduce=True``) are off by default: they reach a ply deeper but did not play
better in the bench's matches (bench/RESULTS.md).

Leaves use ``GameDef.evaluate(state, to_move)`` (0 without it); finished games use their
outcome, wins sooner and losses later preferred. A game that names a leaf's forcing moves
(``GameState.forcing_moves()``: a win to take, a threat to stop) has them searched on past
the depth, up to ``QUIESCENCE_PLIES`` (a quiescence search without standing pat: those moves
are all the position offers); such lines are no proof. Games where a side may move twice in
a row are handled (the value only flips sign when the side to move changes). When a search
ends without reaching any leaf by depth the game is solved and deepening stops.

Games with hundreds of moves a position reach depth 1 or 2 at full width. For them the agent
offers a *selective* search (forward pruning) and root noise, all off by default:

- ``widths=(w0, w1, ...)``: in an iteration of depth ``d`` a node at ply ``i`` (the root is
  ply 0) with at least 2 plies left searches only its best ``widths[i]`` moves. They are ranked
  by a one-ply static look: each child's outcome, or ``evaluate(child, mover)``. Plies past
  the widths and the frontier (1 ply left) stay full width, with the usual cut-offs. The
  root takes its best ``widths[0]`` by the previous iteration's order (searched moves by
  their values, then the rest as before; the static look when no iteration ran yet). The
  ranked lists are kept per position for one ``choose`` (bounded), so deepening does not
  redo them. A pruned node's value is not a proof: nothing under it counts as solved, and a
  loss found with pruning does not end the deepening.
- ``plans=((depth, widths), ...)``: the iterations to run, in order, while time remains,
  instead of depths 1, 2, 3 ... with ``widths`` (e.g. widen, then go deeper:
  ``((1, ()), (2, (8,)), (2, (16,)), (3, (8, 4)))``); ``Limit.depth`` skips deeper plans.
- ``noise``: each root move gets a fixed random bonus in ``[0, noise]`` (drawn from the
  ``rng`` given to ``choose``) added to its value when picking, so a weak level makes varied,
  imperfect choices (values are in [-1, 1] for evaluations, about 1000 for wins).

The clock is polled every 128 nodes (children ranked count as nodes), so a timed search
answers within its limit plus a few milliseconds of evaluation.

For other seat counts, or views with hidden parts, the agent hands over to :mod:`mcts`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from tafel.ai.base import Agent, Limit, StopCheck, score_value
from tafel.ai.mcts import MCTSAgent
from tafel.ai.ordering import in_front
from tafel.game import GameDef, GameError, GameState, Move, Outcome

DEFAULT_LIMIT = Limit(time=0.3)
#: Value of a win at the root; a win n plies away scores WIN - n.
WIN = 1000.0
#: Values beyond this are proven wins or losses.
WIN_BOUND = 500.0
MAX_DEPTH = 64
#: Table depth of an entry whose subtree reached no depth-limited leaf: valid at any depth.
SOLVED_DEPTH = 1 << 20
EXACT, LOWER, UPPER = 0, 1, 2
#: The table is cleared at the start of a move when it grows beyond this many entries.
TT_LIMIT = 1_000_000
#: Ranked move lists kept during one ``choose`` (selective search); the cache is emptied when full.
RANK_LIMIT = 20_000

#: The width of the null windows of the principal variation search (values are floats); the
#: most moves a node ranked only for order keeps (all).
NULL_WINDOW, MAX_MOVES = 1e-9, 1 << 30

#: A new iteration starts while less than this share of the time is used: an unfinished one
#: still plays a better move it found, and fills the table for the next move.
LAST_START = 0.85

#: The most plies of forcing moves searched past a leaf.
QUIESCENCE_PLIES = 8

Plan = tuple[int, tuple[int, ...]]


@dataclass
class _Result:
    """A search's move, value, last finished depth (and widths), and whether the value is proven."""

    move: Move
    value: float | None = None
    depth: int = 0
    widths: tuple[int, ...] = ()
    solved: bool = False


def _no_evaluation(state: GameState, seat: int) -> float:
    """The leaves' value in a game without ``evaluate``: even."""
    return 0.0


class _Abort(Exception):
    """Time, node budget or ``stop()`` ended the search."""


class AlphaBetaAgent(Agent):
    """Negamax with alpha-beta, iterative deepening and a transposition table; see the module docstring."""

    def __init__(
        self,
        game: GameDef | None = None,
        *,
        default_limit: Limit = DEFAULT_LIMIT,
        widths: tuple[int, ...] = (),
        plans: tuple[Plan, ...] = (),
        noise: float = 0.0,
        order: bool | None = None,
        reduce: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.evaluate = game.evaluate if game is not None else None
        self.default_limit = default_limit
        if any(w < 1 for w in widths) or any(d < 1 or any(w < 1 for w in ws) for d, ws in plans):
            raise ValueError("search depths and widths must be at least 1")
        self.widths = tuple(widths)
        self.plans = tuple((d, tuple(ws)) for d, ws in plans)
        self.noise = noise
        #: Order the moves of nodes two or more plies from the frontier by the static look
        #: (``evaluate`` of each child); default: on unless the search is selective, whose
        #: ranked nodes are ordered anyway.
        self.order = not (widths or plans) if order is None else order
        self._killers: list[list[Move | None]] = []
        #: Nodes this many plies or more from the frontier are ordered by the static look.
        self.order_depth = 3
        #: Late move reductions (nodes ``reduce_depth`` plies or more from the frontier search moves
        #: after the first ``reduce_after`` a ply shallower first); off by default: see the docstring.
        self.reduce = bool(reduce)
        self.reduce_depth = 3
        self.reduce_after = 3
        #: Two killer moves a ply order the frontier's moves.
        self.killers = True
        #: The table's move and the killers are tried before a node's moves are made when the
        #: game checks a move itself (its state overrides ``GameState.is_legal``).
        self._staged = False
        #: Leaves are searched on by their forcing moves when the game names them (it overrides
        #: ``GameState.forcing_moves``).
        self._forcing = False
        # Ranked lists keep as many moves as the widest width asks.
        self._keep = max([*self.widths, *(w for _d, ws in self.plans for w in ws)], default=0)
        self._ranks: dict[Hashable, list[Move]] = {}
        self._ranked = 0
        self._widths: tuple[int, ...] = ()
        self._pruned = False
        self.tt: dict[Hashable, tuple[int, float, int, Move]] = {}
        self.history: dict[Move, int] = {}
        self.nodes = 0
        self._fallback: MCTSAgent | None = None
        self._deadline: float | None = None
        self._max_nodes: int | None = None
        self._stop: StopCheck | None = None
        self._timed = False
        self._horizon = 0
        self._partial: Move | None = None

    def reset(self) -> None:
        self.tt.clear()
        self.history.clear()
        if self._fallback is not None:
            self._fallback.reset()

    # --- entry point ---------------------------------------------------------------------------

    def choose(
        self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> Move:
        moves = state.legal_moves()
        if not moves:
            raise GameError("no legal move: the game is over")
        if state.players != 2 or state.has_hidden_information:
            return self._hand_over(state, limit, rng, stop)
        if len(moves) == 1:
            self.info = {"depth": 0, "nodes": 0, "forced": True}
            return moves[0]
        if limit.time is None and limit.depth is None and limit.nodes is None:
            limit = self.default_limit
        start = time.perf_counter()
        self._begin(limit, stop, start)
        self._staged = type(state).is_legal is not GameState.is_legal
        self._forcing = type(state).forcing_moves is not GameState.forcing_moves
        root_moves = self._root_order(state, moves, rng)
        jitter = {m: rng.uniform(0.0, self.noise) for m in root_moves} if self.noise > 0 else None
        try:
            result = self._deepen(state, root_moves, self._schedule(limit), jitter, start)
        finally:
            self._ranks.clear()
        self.info = self._report(result, start)
        return result.move

    def _hand_over(self, state: GameState, limit: Limit, rng: random.Random, stop: StopCheck | None) -> Move:
        """Other seat counts and hidden information: MCTS plays instead."""
        if self._fallback is None:
            self._fallback = MCTSAgent(self.game, default_limit=self.default_limit)
        move = self._fallback.choose(state, limit, rng, stop)
        self.info = dict(self._fallback.info, fallback="mcts")
        return move

    def _begin(self, limit: Limit, stop: StopCheck | None, start: float) -> None:
        """Reset the per-move budget, counters and tables."""
        self._deadline = limit.deadline(start)
        self._max_nodes = limit.nodes
        self._stop = stop
        self._timed = False  # the root's static look and the first iteration always finish
        self.nodes = 0
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        # Old history scores fade so the ordering follows the current position.
        self.history = (
            {m: v >> 2 for m, v in self.history.items() if v >> 2} if len(self.history) < 100_000 else {}
        )
        self._killers = [[None, None] for _ in range(MAX_DEPTH + 2)]
        self._ranks.clear()
        self._ranked = 0

    def _root_order(self, state: GameState, moves: list[Move], rng: random.Random) -> list[Move]:
        """The root's moves for the first iteration: shuffled (equal moves are then picked at
        random, not by generation order), best first by the static look when the search orders by
        ``evaluate``, the table's move from the last search first of all."""
        root_moves = list(moves)
        rng.shuffle(root_moves)
        if self.order and self.evaluate is not None:
            root_moves = self._rank(state, 0, root_moves, len(root_moves))
        entry = self.tt.get(state.repetition_key())
        if entry is not None and entry[3] in root_moves:
            root_moves.remove(entry[3])
            root_moves.insert(0, entry[3])
        return root_moves

    def _schedule(self, limit: Limit) -> list[Plan]:
        """The iterations to run: the plans, or depths 1, 2, 3 ... with the widths."""
        max_depth = limit.depth if limit.depth is not None else MAX_DEPTH
        if self.plans:
            return [p for p in self.plans if p[0] <= max_depth] or [(max_depth, ())]
        return [(depth, self.widths) for depth in range(1, max_depth + 1)]

    def _deepen(
        self,
        state: GameState,
        root_moves: list[Move],
        schedule: list[Plan],
        jitter: dict[Move, float] | None,
        start: float,
    ) -> _Result:
        """Run the iterations while the budget lasts; the last finished one's move, or a better
        move of an unfinished one."""
        result = _Result(root_moves[0])
        for index, (depth, widths) in enumerate(schedule):
            if index > 0 and self._stop is not None and self._stop():
                break
            # The first iteration always finishes (only stop() ends it), so there is a searched move.
            self._timed = index > 0
            try:
                value, move, scores = self._iteration(state, depth, widths, root_moves, result.depth, jitter)
            except _Abort:
                if self._partial is not None:
                    result.move = self._partial
                break
            result = _Result(move, value, depth, widths)
            # Searched moves by value; the others keep their order behind them.
            root_moves.sort(key=lambda m: -scores.get(m, -float("inf")))
            if value >= WIN_BOUND or self._horizon == 0 or (value <= -WIN_BOUND and not self._pruned):
                result.solved = not self._pruned
                break
            if self._deadline is not None and time.perf_counter() - start > LAST_START * (
                self._deadline - start
            ):
                break  # too little time left for the next iteration's first move
        return result

    def _iteration(
        self,
        state: GameState,
        depth: int,
        widths: tuple[int, ...],
        root_moves: list[Move],
        completed: int,
        jitter: dict[Move, float] | None,
    ) -> tuple[float, Move, dict[Move, float]]:
        """One iteration of the deepening, to ``depth`` with ``widths``; see :meth:`_root`."""
        self._horizon = 0
        self._partial = None
        self._widths = widths
        self._pruned = False
        searched = root_moves
        if depth >= 2 and widths and widths[0] < len(root_moves):
            if completed == 0:  # no order from an earlier iteration: the static look
                root_moves[:] = self._rank(state, 0, root_moves, len(root_moves))
            searched = root_moves[: widths[0]]
            self._pruned = True
            self._horizon += 1
        return self._root(state, depth, searched, jitter)

    def _report(self, result: _Result, start: float) -> dict:
        """``info`` after a search (see :attr:`tafel.ai.base.Agent.info`)."""
        info: dict[str, object] = {
            "depth": result.depth,
            "nodes": self.nodes,
            "score": round(result.value, 3) + 0.0 if result.value is not None else None,
            "value": score_value(result.value, WIN_BOUND),
            "solved": result.solved,
            "time": round(time.perf_counter() - start, 3),
            "tt": len(self.tt),
        }
        if self._keep:
            info["widths"] = result.widths
            info["ranked"] = self._ranked
        return info

    # --- search --------------------------------------------------------------------------------

    def _check(self) -> None:
        if self._stop is not None and self._stop():
            raise _Abort
        if not self._timed:
            return
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise _Abort
        if self._max_nodes is not None and self.nodes >= self._max_nodes:
            raise _Abort

    def _root(
        self, state: GameState, depth: int, moves: list[Move], jitter: dict[Move, float] | None
    ) -> tuple[float, Move, dict[Move, float]]:
        """(value, move, scores): the best move by value plus its jitter, its value without it, and
        every searched move's value plus jitter (for the next iteration's order)."""
        alpha, beta = -float("inf"), float("inf")
        scores: dict[Move, float] = {}
        best_value, best_move, best_raw = -float("inf"), moves[0], -float("inf")
        for index, move in enumerate(moves):
            bonus = jitter[move] if jitter is not None else 0.0
            # The move is picked when value + bonus beats alpha: search against alpha - bonus.
            child = state.play_unchecked(move)
            if index == 0 or depth < 2:
                value = self._child(state, child, depth, alpha - bonus, beta, 1)
            else:
                # Principal variation search: a null window shows most moves are no better; one
                # that is gets its value in full, and is the choice should time end meanwhile.
                value = self._child(state, child, depth, alpha - bonus, alpha - bonus + NULL_WINDOW, 1)
                if value >= alpha - bonus + NULL_WINDOW:
                    self._partial = move
                    value = self._child(state, child, depth, alpha - bonus, beta, 1)
            picked = value + bonus
            scores[move] = picked
            if picked > best_value:
                best_value, best_move, best_raw = picked, move, value
                self._partial = move
            if picked > alpha:
                alpha = picked
        self.tt[state.repetition_key()] = (
            depth if self._horizon else SOLVED_DEPTH,
            best_raw,
            EXACT,
            best_move,
        )
        return best_raw, best_move, scores

    def _rank(self, state: GameState, ply: int, moves: list[Move], keep: int) -> list[Move]:
        """``moves`` best first by the one-ply static look for the side to move (stable for ties),
        the first ``keep`` of them."""
        mover = state.to_move
        evaluate = self.evaluate
        values = []
        for move in moves:
            self.nodes += 1
            if self.nodes & 127 == 0:
                self._check()
            child = state.play_unchecked(move)
            outcome = child.outcome
            if outcome is not None:
                value = self._terminal(outcome, mover, ply + 1)
            elif evaluate is None:
                value = 0.0
            else:
                value = float(evaluate(child, mover))
                value = -1.0 if value < -1.0 else 1.0 if value > 1.0 else value
            values.append(value)
        self._ranked += 1
        order = sorted(range(len(moves)), key=lambda i: -values[i])
        return [moves[i] for i in order[:keep]]

    def _ranked_moves(self, state: GameState, key: Hashable, ply: int) -> list[Move]:
        """The node's moves ranked by the static look, kept for this choose (all of them when
        the search orders by it, else the widest width)."""
        ranked = self._ranks.get(key)
        if ranked is None:
            keep = MAX_MOVES if self.order else self._keep
            ranked = self._rank(state, ply, state.legal_moves(), keep)
            if len(self._ranks) >= RANK_LIMIT:
                self._ranks.clear()
            self._ranks[key] = ranked
        return ranked

    def _child(
        self, parent: GameState, child: GameState, depth: int, alpha: float, beta: float, ply: int
    ) -> float:
        """Value of ``child`` for the side to move in ``parent``."""
        outcome = child.outcome
        if outcome is not None:
            return self._terminal(outcome, parent.to_move, ply)
        if child.to_move == parent.to_move:
            return self._search(child, depth - 1, alpha, beta, ply)
        return -self._search(child, depth - 1, -beta, -alpha, ply)

    def _probe(
        self, key: Hashable, depth: int, alpha: float, beta: float, ply: int
    ) -> tuple[float | None, Move]:
        """(the table's value when it settles the node, else None; the table's best move or None)."""
        entry = self.tt.get(key)
        if entry is None:
            return None, None
        e_depth, e_value, e_flag, tt_move = entry
        if e_depth < depth:
            return None, tt_move
        # Table values of proven results are relative to their node; make them root-relative.
        if e_value > WIN_BOUND:
            e_value -= ply
        elif e_value < -WIN_BOUND:
            e_value += ply
        if e_flag == EXACT or (e_flag == LOWER and e_value >= beta) or (e_flag == UPPER and e_value <= alpha):
            if e_depth < SOLVED_DEPTH:
                self._horizon += 1
            return e_value, tt_move
        return None, tt_move

    def _moves(
        self, state: GameState, key: Hashable, depth: int, ply: int, tt_move: Move | None
    ) -> Iterator[Move]:
        """The node's moves in search order, lazily: a selective node's best by the static look,
        or (``order_depth`` plies or more from the frontier) all of them by it; elsewhere the
        table's move and the ply's killers first, then the rest by history (at the frontier in
        the game's order). When the game checks a move itself (it overrides ``is_legal``) the
        table's move and the killers are tried before the move list is made: most nodes that
        cut off do so on one of them and never generate their moves."""
        widths = self._widths
        if depth >= 2 and ply < len(widths):
            moves = self._ranked_moves(state, key, ply)[: widths[ply]]
            if len(moves) < len(state.legal_moves()):
                self._horizon += 1  # pruned: the value is no proof
                self._pruned = True
            yield from in_front(moves, (tt_move,)) if tt_move is not None else moves
            return
        if depth >= self.order_depth and self.order and self.evaluate is not None:
            moves = self._ranked_moves(state, key, ply)
            yield from in_front(list(moves), (tt_move,)) if tt_move is not None else moves
            return
        killers = self._killers[min(ply, MAX_DEPTH + 1)] if self.killers else (None, None)
        if not self._staged:
            # Copies: a state may hand out its own cached list.
            moves = list(state.legal_moves())
            if depth >= 2 and self.history:
                history = self.history
                moves.sort(key=lambda m: -history.get(m, 0))
            yield from in_front(moves, (tt_move, *killers))
            return
        yield from self._known_first(state, depth, (tt_move, *killers))

    def _known_first(self, state: GameState, depth: int, known: tuple[Move | None, ...]) -> Iterator[Move]:
        """The ``known`` moves that are legal here (the table's move, the killers), then the
        move list without them, by history away from the frontier."""
        tried: list[Move] = []
        for move in known:
            if move is None or move in tried:
                continue
            try:
                legal = state.is_legal(move)
            except Exception:  # a check that trips over a move of another kind or phase: no
                legal = False
            if legal:
                tried.append(move)
                yield move
        moves = list(state.legal_moves())
        for move in tried:
            try:
                moves.remove(move)
            except ValueError:  # is_legal and legal_moves disagree: searched twice, no harm
                pass
        if depth >= 2 and self.history:
            history = self.history
            moves.sort(key=lambda m: -history.get(m, 0))
        yield from moves

    def _search(self, state: GameState, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax value of the unfinished ``state`` for ``state.to_move``."""
        self.nodes += 1
        if self.nodes & 127 == 0:
            self._check()
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, QUIESCENCE_PLIES if self._forcing else 0)
        key = state.repetition_key()
        settled, tt_move = self._probe(key, depth, alpha, beta, ply)
        if settled is not None:
            return settled
        if depth == 1:
            return self._frontier(state, key, alpha, beta, ply, tt_move)
        horizon_before = self._horizon
        alpha0 = alpha
        reduce = self.reduce and depth >= self.reduce_depth
        best_value, best_move = -float("inf"), None
        index = 0
        for move in self._moves(state, key, depth, ply, tt_move):
            child = state.play_unchecked(move)
            if index == 0:
                value = self._child(state, child, depth, alpha, beta, ply + 1)
            else:
                # Principal variation search: prove the move no better on a null window first,
                # late moves of deep nodes a ply shallower (searched again in full when they fail high).
                reduced = reduce and index >= self.reduce_after
                value = self._child(state, child, depth - reduced, alpha, alpha + NULL_WINDOW, ply + 1)
                if reduced and value >= alpha + NULL_WINDOW:
                    value = self._child(state, child, depth, alpha, alpha + NULL_WINDOW, ply + 1)
                if alpha + NULL_WINDOW <= value < beta:
                    value = self._child(state, child, depth, alpha, beta, ply + 1)
            index += 1
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._cut_off(move, depth, ply)
                        break
        return self._conclude(state, key, depth, ply, alpha0, beta, best_value, best_move, horizon_before)

    def _frontier(
        self, state: GameState, key: Hashable, alpha: float, beta: float, ply: int, tt_move: Move | None
    ) -> float:
        """A node one ply from the frontier: its children evaluated in line (most of a search's
        nodes are these leaves), plain alpha-beta (a null window saves nothing on a leaf)."""
        horizon_before = self._horizon
        alpha0 = alpha
        mover = state.to_move
        evaluate = self.evaluate or _no_evaluation
        best_value, best_move = -float("inf"), None
        for move in self._moves(state, key, 1, ply, tt_move):
            self.nodes += 1
            if self.nodes & 127 == 0:
                self._check()
            child = state.play_unchecked(move)
            outcome = child.outcome
            if outcome is not None:
                value = self._terminal(outcome, mover, ply + 1)
            elif self._forcing:
                if child.to_move == mover:
                    value = self._quiesce(child, alpha, beta, ply + 1, QUIESCENCE_PLIES)
                else:
                    value = -self._quiesce(child, -beta, -alpha, ply + 1, QUIESCENCE_PLIES)
            else:
                self._horizon += 1
                value = float(evaluate(child, child.to_move))
                value = -1.0 if value < -1.0 else 1.0 if value > 1.0 else value
                if child.to_move != mover:
                    value = -value
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._cut_off(move, 1, ply)
                        break
        return self._conclude(state, key, 1, ply, alpha0, beta, best_value, best_move, horizon_before)

    def _quiesce(self, state: GameState, alpha: float, beta: float, ply: int, left: int) -> float:
        """Value of the unfinished leaf ``state`` for its side to move: ``evaluate`` when the game
        calls it quiet (``forcing_moves()`` None or empty), else the best of its forcing moves,
        searched on the same way for up to ``left`` plies (a quiescence search)."""
        moves = state.forcing_moves() if left > 0 else None
        self._horizon += 1  # a leaf, or a line the game chose: no proof either way
        if not moves:
            return self._leaf(state)
        self._pruned = True  # a loss seen along the game's lines does not end the deepening
        mover = state.to_move
        best_value = -float("inf")
        for move in moves:
            self.nodes += 1
            if self.nodes & 127 == 0:
                self._check()
            child = state.play_unchecked(move)
            outcome = child.outcome
            if outcome is not None:
                value = self._terminal(outcome, mover, ply + 1)
            elif child.to_move == mover:
                value = self._quiesce(child, alpha, beta, ply + 1, left - 1)
            else:
                value = -self._quiesce(child, -beta, -alpha, ply + 1, left - 1)
            if value > best_value:
                best_value = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best_value

    def _conclude(
        self,
        state: GameState,
        key: Hashable,
        depth: int,
        ply: int,
        alpha0: float,
        beta: float,
        value: float,
        move: Move | None,
        horizon_before: int,
    ) -> float:
        """Store a searched node's value (a bound when it fell outside the window it was given) and
        best move; a node that reached no depth-limited leaf is solved (valid at any depth)."""
        if move is None:  # no move although unfinished: a broken game; nothing to search
            return self._leaf(state)
        flag = UPPER if value <= alpha0 else LOWER if value >= beta else EXACT
        self._store(key, depth if self._horizon != horizon_before else SOLVED_DEPTH, ply, value, flag, move)
        return value

    def _cut_off(self, move: Move, depth: int, ply: int) -> None:
        """A move refuted the opponent's: it goes up the history and among the ply's killers."""
        self.history[move] = self.history.get(move, 0) + depth * depth
        killers = self._killers[min(ply, MAX_DEPTH + 1)]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move

    def _store(self, key: Hashable, depth: int, ply: int, value: float, flag: int, move: Move) -> None:
        """Keep a node's value (proven results relative to the node) and best move."""
        if value > WIN_BOUND:
            value += ply
        elif value < -WIN_BOUND:
            value -= ply
        self.tt[key] = (depth, value, flag, move)

    def _leaf(self, state: GameState) -> float:
        if self.evaluate is None:
            return 0.0
        value = float(self.evaluate(state, state.to_move))
        return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value

    @staticmethod
    def _terminal(outcome: Outcome, seat: int, ply: int) -> float:
        reward = outcome.rewards[seat]
        if reward >= 1.0:
            return WIN - ply
        if reward <= 0.0:
            return -WIN + ply
        return (reward - 0.5) * 2 * (WIN_BOUND - 1)
