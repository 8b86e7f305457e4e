"""The AxxA solver: plans over the face-down pieces it cannot see.

It is given a seat's view only (face-down pieces unknown). Positions are simulated on a light
mutable copy (:class:`~tafel.games.axxa.world.World`); each candidate is played to the end of its
turn (turn or keep, which triplet, which piece pays follow a quick policy) and the position
reached is scored by :func:`~tafel.games.axxa.evaluation.position_value`, which uses only what a
player knows (face-down pieces count by their chances).

Four searches:

- **Exact** (``search="exact"``, solo; :mod:`~tafel.games.axxa.lookahead`): no sampling. What a
  candidate turns up is split into the number due, the next number and any other, by their
  chances among the unseen pieces; the turns after it are valued by their expected outcome,
  each of their moves split into "turns up the number due" or not. Every move is valued one turn
  ahead, then the best 12 two turns ahead, the best 4 of those three turns ahead and the best 3
  four turns ahead (the best two of each turn's moves going on), as far as the think time goes.
  No sample's luck can decide, so the same view always gets the same answer, and the same
  ranking serves every candidate.
- **Sampling** (easy and medium, and the competitive game): full deals consistent with the view
  (:meth:`AxxaState.determinize`; the unseen pieces are exchangeable, so a uniform shuffle of them
  is exactly what the view allows), the same deals for every candidate; weak moves are dropped
  as samples come in (successive halving); with ``deep`` the best few go one turn further, the
  next turn played by the greedy policy in another deal of the unseen pieces (:func:`next_turn`).
- **Determinized** (``search="pimc"``, no level uses it; :mod:`~tafel.games.axxa.pimc`):
  perfect-information Monte Carlo. Each sampled deal is searched knowing every piece, a turn or
  two beyond the candidate, the same deals for every candidate, the weaker half dropped as the
  samples come in. Knowing the deal in the turns after the candidate overrates positions with
  many chances (in a sample one of them always comes off), so it won no more than the exact
  search.
- **Rollout** (the hard level, solo; :mod:`~tafel.games.axxa.rollout`): the best ``width``
  moves one turn ahead (by the exact search's first stage), each played on sampled deals and the
  rest of every deal played out by a player that sees only its view (its moves the exact
  search's one turn ahead); valued by the share of deals won. The deals are drawn from a seed
  taken from the view, so the same view still gets the same answer for the same number of deals.

Measured (bench/axxa_solver.py, bench/RESULTS.md): the sampling search two turns deep won 78% of
deals 1-200; the exact search 74% of deals 1-200 at 0.3 s and 73.5% at 1 s; the determinized
search 73% of deals 1-88 at 0.3 s, where the exact search won 74%. Since payments count what
they may uncover (in the policy and in the search) and the evaluation the seen pieces of the
number due, the exact search wins 83.5% of deals 1-200 at 0.3 s and as many at 1 s; with a
blank turned up standing for the most common number it may be (``STAND_IN``), 86.0% at 0.3 s,
and 84.0% at 1 s with the search made 1.8 times as fast. The rollout search (the hard level)
wins 93.5% of deals 1-200 at 1 s and 91.5% at 0.3 s.

>>> from tafel import Limit
>>> from tafel.games.axxa.rules import AxxaState
>>> s = AxxaState.deal(11)
>>> solver = AxxaSolver("hard")
>>> move = solver.choose(s.view_for(0), Limit(time=60.0, nodes=3), random.Random(1))
>>> move in s.legal_moves(), solver.info["candidates"], solver.info["samples"]
(True, 4, 3)
>>> exact = AxxaSolver("hard", search="exact")
>>> n = len(s.legal_moves())
>>> move = exact.choose(s.view_for(0), Limit(time=60.0, nodes=n + 2), random.Random(1))
>>> move in s.legal_moves(), exact.info["candidates"], exact.info["samples"]
(True, 2, 0)
"""

from __future__ import annotations

import random
import time

from tafel import Agent, GameError, Limit, StopCheck

from .board import CELLS, Cell
from .calibration import win_chance
from .evaluation import (
    _continue,
    _value,
    finish_turn,
    heuristic,
    position_value,
    resolve,
    simple_evaluation,
    unseen,
)
from .lookahead import exact_choice
from .pimc import pimc_choice
from .rollout import rollout_choice
from .rules import KNOWN, PAY, AxxaMove, AxxaState
from .teach import ONLY_MOVE, explain
from .world import World, has_triplet

# --- the agent ----------------------------------------------------------------------------------

#: Per level: the search (``exact`` or ``sample``); for the sampling search the most sampled deals
#: per decision (or fewer, when the think time ends the search first), whether weak moves are
#: dropped as samples come in, to sample the rest more, and (solo only) how many of the best
#: moves after ``shallow`` deals are looked at two turns deep over the remaining deals (0: none);
#: for the exact search the ``widths`` of its stages (two, three, four turns ahead), ``beam``
#: (moves of each later turn looked at further) and ``pay_deep`` (payments valued beyond their
#: own turn too). The competitive game always samples. ``search="pimc"`` (no level; for the
#: bench) takes ``width`` (moves in the race, the best by the view one turn ahead), ``turns``
#: (turns searched knowing the sampled deal after the candidate's), ``beam``, ``first_cut`` and
#: ``keep`` (samples before the first halving; moves never dropped below) and ``peek`` (False:
#: the payments and values in a sample use only what the player would have seen by then);
#: ``search="rollout"`` takes ``width`` (moves played out, the best one turn ahead).
LEVELS: dict[str, dict[str, object]] = {
    "easy": {"search": "sample", "samples": 3, "prune": False, "deep": 0, "shallow": 0},
    "medium": {"search": "sample", "samples": 24, "prune": True, "deep": 0, "shallow": 0},
    # The sampling search with 64 deals two turns deep (about 0.25 s a move) won 78% of deals
    # 1-200; the exact search, with payments valued by what they may uncover, 83.5% of deals
    # 1-200 at 0.3 s and at 1 s alike (with STAND_IN: 86.0% at 0.3 s, 84.0% at 1 s), and the
    # same view always gets the same answer (bench/RESULTS.md). The rollout search, the exact
    # search's best 4 moves played out on sampled deals by a player that sees only its view,
    # wins 93.5% of deals 1-200 at 1 s and 91.5% at 0.3 s (median decisions 0.98 s and 0.295 s
    # of CPU). The exact search's settings stay for ``search="exact"``.
    "hard": {
        "search": "rollout",
        "width": 4,
        "widths": (12, 4, 3),
        "beam": 2,
        "pay_deep": True,
        "samples": 128,
        "prune": True,
        "deep": 4,
        "shallow": 64,
    },
}
DEFAULT_TIME = {"easy": 0.05, "medium": 0.3, "hard": 1.0}
#: Samples before the first pruning; then after every doubling. Never fewer moves than this.
FIRST_CUT = 8
KEEP_AT_LEAST = 4
#: Deals of the two-turn stage needed for its answer to replace the one-turn one.
MIN_DEEP = 8
#: The exact search values a stage's first two moves whatever the clock, and a deep stage's move
#: can take seconds; past the think time and this much more (seconds, or this share of the think
#: time if more) it ends at once, inside the AI worker's watchdog allowance (the think time and
#: 2 s, or a quarter of it). At 1 s a move 1.2% of decisions had gone past 2.5 s of CPU, and 3 of
#: 5,520 past 3 s; at 0.3 s none past 1.8 s (bench/RESULTS.md).
OVERRUN = 1.5
OVERRUN_SHARE = 0.2
#: The rollout search's race ends this share of the think time early: it reads the clock between
#: play-outs (about 5 ms each), and at 1 s a move its median decision took 1.003 s without it.
ROLLOUT_EARLY = 0.02


class AxxaSolver(Agent):
    """Chooses a move from the view; see the module docstring. ``level`` is easy, medium or
    hard; keyword ``params`` override the level's (see :data:`LEVELS`; ``clock="cpu"`` puts the
    think time on the process's CPU clock, for fair benchmarks on a busy machine).

    Sampling search: every sampled deal scores all moves still in the race (the same deals for
    every move, so differences between moves are not the luck of the draw). After 8 deals, and
    then after every doubling, the weaker half of the moves is dropped (keeping at least 4), so
    the think time goes to the moves that matter. With ``deep`` set (solo), after ``shallow``
    deals the best ``deep`` moves go on alone, each deal now playing the next turn too
    (:func:`next_turn`). The search ends at ``limit.time`` (the level's default time if unset),
    at ``limit.nodes`` sampled deals in all, or when ``stop()`` says so. The exact search ends
    its stages at the same time or ``stop()``; for it ``limit.nodes`` counts the moves valued,
    by all its stages (the first values every move, whatever the limit). The rollout search (the
    hard level) ends at the think time, a little early (:data:`ROLLOUT_EARLY`), at
    ``limit.nodes`` deals, at ``stop()``, or once no other move can catch up with the leader.

    After ``choose``, ``info`` holds ``samples`` (deals sampled; 0 for the exact search),
    ``playouts`` (candidate moves valued, summed over the samples or the exact search's stages:
    the bench's "moves per second"), ``deep_samples`` (deals of the two-turn stage; for the
    exact search the moves valued beyond one turn), ``moves``, ``candidates`` (moves left in the
    race), ``value``, ``time`` and ``reason`` (what the move sets up, for a hint); ``forced``
    when there was only one legal move. The value is an expected result (triplets removed / 6
    and a part of a sixth; for the rollout search the mean of its best move's play-outs). The
    rollout search (the hard level's, the hints' and the review's) also gives ``share_won``, the
    share of its play-outs won, and ``win_chance``: its value read by
    :func:`~tafel.games.axxa.calibration.win_chance`, the chance of winning the deal measured for
    it (bench/axxa_calibration.py), which hints and the review show. The other searches' values
    are on other scales and give no win chance, nor does a rollout search stopped before its
    first deal.
    """

    def __init__(self, level: str = "hard", **params: object) -> None:
        super().__init__()
        if level not in LEVELS:
            raise ValueError(f"unknown solver level {level!r} (easy, medium, hard)")
        self.level = level
        self.params = dict(LEVELS[level], **params)

    def choose(  # type: ignore[override]  # it plays AxxA's states only (its AgentDef's games)
        self, state: AxxaState, limit: Limit, rng: random.Random, stop: StopCheck | None = None
    ) -> AxxaMove:
        moves = state.legal_moves()
        if not moves:
            raise GameError("no legal move: the game is over")
        now = time.thread_time if self.params.get("clock") == "cpu" else time.perf_counter
        start = now()
        if len(moves) == 1:
            self.info = {"samples": 0, "playouts": 0, "forced": True, "time": 0.0, "reason": ONLY_MOVE}
            return moves[0]
        view = state.view_for(state.to_move)
        budget = limit.time if limit.time is not None else DEFAULT_TIME[self.level]
        deadline = start + budget
        cap = int(self.params["samples"])  # type: ignore[call-overload]
        if limit.nodes is not None:
            cap = min(cap, limit.nodes)
        if self.params["search"] == "pimc" and state.rules.solo:
            return self._pimc(
                view, moves, state, cap if limit.nodes is not None else None, start, now, deadline, stop
            )
        if self.params["search"] == "rollout" and state.rules.solo:
            return self._rollout(
                view, moves, state, cap if limit.nodes is not None else None, start, now, deadline, stop
            )
        if self.params["search"] == "exact" and state.rules.solo:
            return self._exact(
                view, moves, state, cap if limit.nodes is not None else None, start, now, deadline, stop
            )
        prune = bool(self.params["prune"])
        seat = state.to_move
        moved = state.moved
        total = {m: 0.0 for m in moves}
        alive = list(moves)
        samples = 0
        playouts = 0
        next_cut = FIRST_CUT
        # Solo, at the levels that look a turn further: first every move one turn ahead over
        # ``shallow`` deals (pruning as it goes), then the best ``deep`` of them two turns ahead
        # over the rest of the deals.
        deep = int(self.params["deep"]) if state.rules.solo else 0  # type: ignore[call-overload]
        first = min(cap, int(self.params["shallow"])) if deep else cap  # type: ignore[call-overload]
        while True:
            base = World.from_state(view.determinize(rng))
            for move in alive:
                w = base.copy()
                _continue(w, move, moved)
                total[move] += _value(w, seat)
            samples += 1
            playouts += len(alive)
            if samples >= first or now() >= deadline or (stop is not None and stop()):
                break
            if prune and samples >= next_cut and len(alive) > KEEP_AT_LEAST:
                alive.sort(key=lambda m: -total[m])
                alive = alive[: max(KEEP_AT_LEAST, (len(alive) + 1) // 2)]
                next_cut *= 2
        alive.sort(key=lambda m: (-total[m], moves.index(m)))
        best = alive[0]
        value = total[best] / samples
        deep_samples = 0
        if deep and len(alive) > 1 and samples < cap and now() < deadline:
            if stop is None or not stop():
                alive = alive[:deep]
                deeper = {m: 0.0 for m in alive}
                while samples < cap:
                    base = World.from_state(view.determinize(rng))
                    for move in alive:
                        w = base.copy()
                        _continue(w, move, moved)
                        if not w.finished():
                            next_turn(w, seat, rng)
                        deeper[move] += _value(w, seat)
                    samples += 1
                    deep_samples += 1
                    playouts += len(alive)
                    if now() >= deadline or (stop is not None and stop()):
                        break
                if deep_samples >= MIN_DEEP:  # else time ran out: the one-turn choice stands
                    best = max(alive, key=lambda m: (deeper[m], -moves.index(m)))
                    value = deeper[best] / deep_samples
        self.info = {
            "samples": samples,
            # Candidate moves played out to the end of the turn (or of the next one, for the
            # deals of the second stage) and scored, over all samples.
            "playouts": playouts,
            "deep_samples": deep_samples,
            "moves": len(moves),
            "candidates": len(alive),
            "value": round(value, 3),
            "time": round(now() - start, 3),
            # What the move sets up, in words: a hint's reason.
            "reason": explain(view, best),
        }
        return best

    def _pimc(self, view, moves, state, nodes, start, now, deadline, stop) -> AxxaMove:
        """The determinized search (solo): see :func:`~tafel.games.axxa.pimc.pimc_choice`."""
        p = self.params
        best, value, samples, valued, last = pimc_choice(
            view,
            moves,
            state.moved,
            state.to_move,
            int(p.get("width", 12)),  # type: ignore[call-overload]
            int(p.get("turns", 1)),  # type: ignore[call-overload]
            int(p["beam"]),  # type: ignore[call-overload]
            lambda: now() >= deadline or (stop is not None and stop()),
            nodes,
            int(p.get("first_cut", 8)),  # type: ignore[call-overload]
            int(p.get("keep", 3)),  # type: ignore[call-overload]
            bool(p.get("peek", True)),
        )
        self.info = _info(view, best, value, samples, valued, samples, len(moves), last, now() - start)
        return best

    def _rollout(self, view, moves, state, nodes, start, now, deadline, stop) -> AxxaMove:
        """The rollout search (solo): see :func:`~tafel.games.axxa.rollout.rollout_choice`."""
        # A play-out started just before the deadline ends after it: the race ends ROLLOUT_EARLY
        # of the think time early, so that the decision keeps to its time.
        end = deadline - ROLLOUT_EARLY * (deadline - start)
        best, won, value, samples, valued, alive = rollout_choice(
            view,
            moves,
            state.moved,
            state.to_move,
            int(self.params.get("width", 4)),  # type: ignore[call-overload]
            lambda: now() >= end or (stop is not None and stop()),
            nodes,
            lambda: end - now(),
        )
        self.info = _info(view, best, value, samples, valued, samples, len(moves), alive, now() - start)
        # The win chance is the value read by the calibration (fitted on this search at 1 s);
        # the play-outs' own share of deals won is the base player's, lower than the solver's.
        # Stopped before its first deal, the value is the one-turn ranking's, on another scale.
        self.info["share_won"] = round(won, 3)
        if samples:
            self.info["win_chance"] = win_chance(value, view.triplets, len(view.paid))
        return best

    def _exact(self, view, moves, state, nodes, start, now, deadline, stop) -> AxxaMove:
        """The exact search (solo): see :func:`~tafel.games.axxa.lookahead.exact_choice`."""
        widths = [int(x) for x in self.params["widths"]]  # type: ignore[attr-defined]
        if state.phase == PAY and not self.params["pay_deep"]:
            widths = []
        if nodes is not None:
            # ``limit.nodes`` counts moves valued, by every stage: the first values them all.
            left = nodes - len(moves)
            capped = []
            for x in widths:
                x = min(x, left)
                if x < 2:
                    break
                capped.append(x)
                left -= x
            widths = capped
        # Past the think time and OVERRUN more (or when asked to stop) the search ends at once,
        # well inside the AI worker's watchdog allowance.
        overrun = deadline + max(OVERRUN, OVERRUN_SHARE * (deadline - start))
        best, value, looked, last = exact_choice(
            view,
            moves,
            state.moved,
            state.to_move,
            widths,
            lambda: now() >= deadline or (stop is not None and stop()),
            int(self.params["beam"]),  # type: ignore[call-overload]
            lambda: now() >= overrun or (stop is not None and stop()),
        )
        self.info = _info(view, best, value, 0, len(moves) + looked, looked, len(moves), last, now() - start)
        return best


def redeal(w: World, rng: random.Random) -> World:
    """A copy of ``w`` with every piece nobody has seen dealt anew from the unseen ones."""
    counts, _total = unseen(w)
    bag = [n for n in range(1, 7) for _ in range(counts[n])]
    rng.shuffle(bag)
    d = w.copy()
    st = d.st
    i = 0
    for c in CELLS:
        s = st[c]
        if s and not all(p & KNOWN for p in s):
            new = []
            for p in s:
                if p & KNOWN:
                    new.append(p)
                else:
                    new.append(bag[i])
                    i += 1
            st[c] = tuple(new)
    return d


def _best_shift(w: World, seat: int) -> tuple[Cell, Cell] | None:
    best = None
    best_v = -1.0
    for frm, to in w.shifts():
        t = w.copy()
        t.shift(frm, to, True)
        finish_turn(t, resolve(t))
        v = _value(t, seat)
        if v > best_v:
            best_v, best = v, (frm, to)
    return best


def next_turn(w: World, seat: int, rng: random.Random) -> None:
    """Play the next turn on ``w`` by the one-turn greedy policy (every stack move played to the
    end of the turn and scored by :func:`_value`, the best kept). The policy judges the moves in
    another deal of the unseen pieces (:func:`redeal`), so its choice cannot see what a move will
    turn up in this one; then the chosen move is played here."""
    move = _best_shift(redeal(w, rng), seat)
    if move is not None:
        w.shift(*move)
        finish_turn(w, resolve(w))


__all__ = [
    "AxxaSolver",
    "World",
    "finish_turn",
    "has_triplet",
    "heuristic",
    "position_value",
    "redeal",
    "resolve",
    "simple_evaluation",
]


def _info(view, best, value, samples, playouts, deep_samples, moves, candidates, spent) -> dict:
    """What a search tells of its decision (:attr:`AxxaSolver.info`), with the hint's reason and
    the win chance its value reads as."""
    return {
        "samples": samples,
        "playouts": playouts,
        "deep_samples": deep_samples,
        "moves": moves,
        "candidates": candidates,
        "value": round(value, 3),
        "time": round(spent, 3),
        "reason": explain(view, best),
    }
