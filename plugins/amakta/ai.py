"""The Amakta AI: the core's alpha-beta (:class:`tafel.ai.alphabeta.AlphaBetaAgent`) with Amakta's
evaluation, plus the start phase and draw offers.

Amakta positions have hundreds of moves (every piece in hand, in every orientation, on every
controlled field), so a full-width search reaches depth 1 or 2 at best. The levels use the
core search's selective plans instead: a node ranks all its moves by the static
:func:`~tafel.games.amakta.evaluate.evaluate` one ply deep (which sees a base threat: a side that
can occupy the opponent's base at once is nearly winning) and searches only the best few
deeper; the last ply looks at every move, with cut-offs.

Levels (think times 0.05, 0.3 and 1 s):

- ``easy``: one ply (every move by the evaluation) with a large random bonus per move, so it
  often misses the best move and sometimes the answer to a threat;
- ``medium``: one ply with a small bonus (every move, and whether the opponent could then
  occupy our base at once): varied but sound choices;
- ``hard``: one ply, then two plies (its best 8, 16 and 32 moves against every reply), then
  three (best 8, their best 4 replies, every answer) while time remains.

Each answers within its think time: the search polls the clock and returns the best move of
the last finished plan (or of the unfinished one once it has searched the previous best).
The search sees repetition draws (the state carries its history); as a guard the AI still
never walks into one while its search says it is ahead.

Outside play: as the circle assigner the AI plays without circles (the beginners' default),
as the colour chooser it takes White (the first move), and it accepts a draw offer when it
judges its own position clearly worse.

>>> import random
>>> from tafel import Limit
>>> from tafel.games.amakta.rules.state import AmaktaState
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
>>> move = AmaktaAgent("easy").choose(s, Limit(time=1.0), random.Random(1))  # d6 doubles on d7
>>> print(s.play(move).outcome.reason)
White occupies Black's base
"""

from __future__ import annotations

import random
import time
from typing import TypedDict, cast

from tafel import Agent, AlphaBetaAgent, Limit

from .evaluate import evaluate
from .rules.engine import Move
from .rules.state import ACCEPT_DRAW, CIRCLES_NONE, DECLINE_DRAW, PLAY, AmaktaState
from .teach import explain


class Level(TypedDict):
    """One level's settings (see :data:`LEVELS`)."""

    time: float
    plans: tuple[tuple[int, tuple[int, ...]], ...]
    noise: float


#: Per level: think time (s), search plans ((depth, widths) tried in order while time remains;
#: see :mod:`tafel.ai.alphabeta`) and the root noise (a random bonus up to this per move, in
#: evaluation units: ordinary positions lie within +-0.9).
LEVELS: dict[str, Level] = {
    "easy": {"time": 0.05, "plans": ((1, ()),), "noise": 0.2},
    "medium": {"time": 0.3, "plans": ((1, ()),), "noise": 0.012},
    "hard": {
        "time": 1.0,
        "plans": ((1, ()), (2, (8,)), (2, (16,)), (2, (32,)), (3, (8, 4))),
        "noise": 0.002,
    },
}
#: The search gets this share of the think time (the rest: the trip back to the caller).
TIME_SHARE = 0.92
#: Accept a draw offer when our evaluation (in [-1, 1]) is below this.
ACCEPT_BELOW = -0.25


class AmaktaAgent(Agent):
    """The easy / medium / hard Amakta player (any Amakta board; Amakta Infinit plays with it)."""

    def __init__(self, level: str = "medium") -> None:
        super().__init__()
        if level not in LEVELS:
            raise ValueError(f"unknown Amakta level {level!r}")
        from . import GAME

        self.level = level
        self.config = LEVELS[level]
        self.search = AlphaBetaAgent(
            GAME,
            default_limit=Limit(time=self.config["time"]),
            plans=self.config["plans"],
            noise=self.config["noise"],
        )

    def reset(self) -> None:
        self.search.reset()

    def choose(self, state: AmaktaState, limit: Limit, rng: random.Random, stop=None) -> Move:  # type: ignore[override]
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        if state.offer is not None:
            base = state._replace(offer=None)
            value = evaluate(base, state.to_move)
            self.info = {"draw-offer": round(value, 3)}
            return ACCEPT_DRAW if value < ACCEPT_BELOW else DECLINE_DRAW
        if state.phase != PLAY:
            move = self._start_move(state, moves)
            self.info = {"reason": explain(state, move)}  # what a hint says the move does
            return move
        return self._play(state, limit, rng, stop)

    @staticmethod
    def _start_move(state: AmaktaState, moves: list[Move]) -> Move:
        if CIRCLES_NONE in moves:
            return CIRCLES_NONE
        for m in moves:
            if m.kind == "colour" and m.colour == 0:
                return m
        for m in moves:
            if m.kind == "circles-done":
                return m
        return moves[0]

    def _play(self, state: AmaktaState, limit: Limit, rng: random.Random, stop) -> Move:
        start = time.perf_counter()
        if limit.time is None and limit.depth is None and limit.nodes is None:
            limit = Limit(time=self.config["time"])
        if limit.time is not None:
            limit = Limit(time=limit.time * TIME_SHARE, depth=limit.depth, nodes=limit.nodes)
        # (Draw offers and resignations are meta moves, not legal moves: the tree holds none.)
        move = cast(Move, self.search.choose(state, limit, rng, stop))  # a move of Amakta's state
        info = dict(self.search.info)
        move = self._avoid_repetition(state, move, info.get("score"))
        info["moves"] = len(state.pos.moves())
        info["reason"] = explain(state, move)  # what a hint says the move does
        info["time"] = round(time.perf_counter() - start, 3)
        self.info = info
        return move

    @staticmethod
    def _avoid_repetition(state: AmaktaState, move: Move, value: float | None) -> Move:
        """Do not walk into a repetition draw while ahead: play the best other move by the evaluation."""
        if value is None or value <= 0:
            return move
        after = state.play_unchecked(move)
        if after.outcome is None or not after.outcome.is_draw:
            return move
        seat = state.to_move
        best, best_value = move, -float("inf")
        for m in state.pos.moves():
            nxt = state.play_unchecked(m)
            if nxt.outcome is not None:
                if nxt.outcome.rewards[seat] == 1.0:
                    return m
                continue
            v = evaluate(nxt, seat)
            if v > best_value:
                best, best_value = m, v
        return best
