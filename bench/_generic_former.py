"""The generic alpha-beta as it was before issue 40, item 8 (core/ai/alphabeta.py at 7823ac7), frozen as
the yardstick of ``bench/generic_match.py`` (agent ``generic-former`` in bench/plugins/generic_bench_agents.py).
"""

# ruff: noqa

from __future__ import annotations

import random
import time
from collections.abc import Hashable

from tafel.ai.base import Agent, Limit, StopCheck, score_value
from tafel.ai.mcts import MCTSAgent
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

Plan = tuple[int, tuple[int, ...]]


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
            if self._fallback is None:
                self._fallback = MCTSAgent(self.game, default_limit=self.default_limit)
            move = self._fallback.choose(state, limit, rng, stop)
            self.info = dict(self._fallback.info, fallback="mcts")
            return move
        if len(moves) == 1:
            self.info = {"depth": 0, "nodes": 0, "forced": True}
            return moves[0]
        if limit.time is None and limit.depth is None and limit.nodes is None:
            limit = self.default_limit
        start = time.perf_counter()
        self._deadline = limit.deadline(start)
        self._max_nodes = limit.nodes
        self._stop = stop
        self.nodes = 0
        if len(self.tt) > TT_LIMIT:
            self.tt.clear()
        # Old history scores fade so the ordering follows the current position.
        self.history = (
            {m: v >> 2 for m, v in self.history.items() if v >> 2} if len(self.history) < 100_000 else {}
        )

        root_moves = list(moves)
        rng.shuffle(root_moves)  # equal moves are then picked at random, not by generation order
        entry = self.tt.get(state.repetition_key())
        if entry is not None and entry[3] in root_moves:
            root_moves.remove(entry[3])
            root_moves.insert(0, entry[3])
        jitter = {m: rng.uniform(0.0, self.noise) for m in root_moves} if self.noise > 0 else None
        max_depth = limit.depth if limit.depth is not None else MAX_DEPTH
        if self.plans:
            schedule = [p for p in self.plans if p[0] <= max_depth] or [(max_depth, ())]
        else:
            schedule = [(depth, self.widths) for depth in range(1, max_depth + 1)]
        self._ranks.clear()
        self._ranked = 0
        best_move, best_value, completed, solved = root_moves[0], None, 0, False
        done_widths: tuple[int, ...] = ()
        try:
            for index, (depth, widths) in enumerate(schedule):
                if index > 0 and stop is not None and stop():
                    break
                # The first iteration always finishes (only stop() ends it), so there is a searched move.
                self._timed = index > 0
                self._horizon = 0
                self._partial = None
                self._widths = widths
                self._pruned = False
                searched = root_moves
                try:
                    if depth >= 2 and widths and widths[0] < len(root_moves):
                        if completed == 0:  # no order from an earlier iteration: the static look
                            root_moves = self._rank(state, 0, root_moves, len(root_moves))
                        searched = root_moves[: widths[0]]
                        self._pruned = True
                        self._horizon += 1
                    value, move, scores = self._root(state, depth, searched, jitter)
                except _Abort:
                    if self._partial is not None:
                        best_move = self._partial
                    break
                best_move, best_value, completed, done_widths = move, value, depth, widths
                # Searched moves by value; the others keep their order behind them.
                root_moves.sort(key=lambda m: -scores.get(m, -float("inf")))
                if value >= WIN_BOUND or self._horizon == 0 or (value <= -WIN_BOUND and not self._pruned):
                    solved = not self._pruned
                    break
                if self._deadline is not None and time.perf_counter() - start > 0.6 * (
                    self._deadline - start
                ):
                    break  # the next iteration would not finish in time
        finally:
            self._ranks.clear()
        self.info = {
            "depth": completed,
            "nodes": self.nodes,
            "score": round(best_value, 3) + 0.0 if best_value is not None else None,
            "value": score_value(best_value, WIN_BOUND),
            "solved": solved,
            "time": round(time.perf_counter() - start, 3),
            "tt": len(self.tt),
        }
        if self._keep:
            self.info["widths"] = done_widths
            self.info["ranked"] = self._ranked
        return best_move

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
        for move in moves:
            bonus = jitter[move] if jitter is not None else 0.0
            # The move is picked when value + bonus beats alpha: search against alpha - bonus.
            value = self._child(state, state.play_unchecked(move), depth, alpha - bonus, beta, 1)
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

    def _best_moves(self, state: GameState, key: Hashable, ply: int) -> list[Move]:
        """The node's moves ranked by the static look (the widest width of them), kept for this choose."""
        ranked = self._ranks.get(key)
        if ranked is None:
            ranked = self._rank(state, ply, state.legal_moves(), self._keep)
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

    def _search(self, state: GameState, depth: int, alpha: float, beta: float, ply: int) -> float:
        """Negamax value of the unfinished ``state`` for ``state.to_move``."""
        self.nodes += 1
        if self.nodes & 127 == 0:
            self._check()
        key = state.repetition_key()
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth:
                # Table values of proven results are relative to their node; make them root-relative.
                if e_value > WIN_BOUND:
                    e_value -= ply
                elif e_value < -WIN_BOUND:
                    e_value += ply
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and e_value >= beta)
                    or (e_flag == UPPER and e_value <= alpha)
                ):
                    if e_depth < SOLVED_DEPTH:
                        self._horizon += 1
                    return e_value
        if depth <= 0:
            self._horizon += 1
            return self._leaf(state)

        history = self.history
        horizon_before = self._horizon
        widths = self._widths
        if depth >= 2 and ply < len(widths):
            ranked = self._best_moves(state, key, ply)
            moves = ranked[: widths[ply]]
            if len(moves) < len(state.legal_moves()):
                self._horizon += 1  # pruned: the value is no proof
                self._pruned = True
        elif history:
            # Copies: a state may hand out its own cached list.
            moves = sorted(state.legal_moves(), key=lambda m: -history.get(m, 0))
        else:
            moves = list(state.legal_moves())
        if tt_move is not None and tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)

        alpha0 = alpha
        best_value, best_move = -float("inf"), moves[0]
        for move in moves:
            value = self._child(state, state.play_unchecked(move), depth, alpha, beta, ply + 1)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        history[move] = history.get(move, 0) + depth * depth
                        break
        flag = UPPER if best_value <= alpha0 else LOWER if best_value >= beta else EXACT
        stored = best_value
        if stored > WIN_BOUND:
            stored += ply
        elif stored < -WIN_BOUND:
            stored -= ply
        self.tt[key] = (depth if self._horizon != horizon_before else SOLVED_DEPTH, stored, flag, best_move)
        return best_value

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
