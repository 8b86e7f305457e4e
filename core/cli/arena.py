"""Arena: agents play each other in-process, and the result says who is stronger and by how much.

Two seats: agent A plays seat 0 in even games and seat 1 in odd ones. Three or four seats: A
takes seat ``i % seats`` in game i and B every other seat. One seat: A plays alone and the
result is its win rate. Game i is seeded with ``seed + i`` (random setups and the agents'
rng), so a run is repeatable when the agents are limited by nodes or depth rather than time.

>>> r = ArenaResult("nim", "mcts", "random", seats=2, wins=30, draws=0, losses=10, rewards=[1.0] * 30 + [0.0] * 10)
>>> r.score
0.75
>>> round(r.elo()[0])
191
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tafel.ai.base import Agent, Limit
from tafel.game import GameError, GameState
from tafel.registry import Registry

#: Plies after which a game is stopped and counted as a draw, unless run_arena is told otherwise.
DEFAULT_MAX_PLIES = 2000


def elo_from_score(score: float) -> float:
    """Elo difference that gives ``score`` (expected points per game) by the logistic model.

    >>> elo_from_score(0.5), round(elo_from_score(0.75), 1)
    (0.0, 190.8)
    """
    return 400.0 * math.log10(score / (1.0 - score))


@dataclass
class GameRecord:
    """One arena game: A's seat and reward, how it ended, how long it took."""

    index: int
    seed: int
    a_seat: int
    reward: float
    plies: int
    reason: str
    capped: bool = False
    seconds: float = 0.0


@dataclass
class ArenaResult:
    """Counts for agent A against agent B (or alone in a solo game: wins are solved puzzles)."""

    game_id: str
    agent_a: str
    agent_b: str
    seats: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    #: A's reward per game, from Outcome.rewards (0.5 for a capped game).
    rewards: list[float] = field(default_factory=list)
    #: Games stopped at the ply cap (counted as draws).
    capped: int = 0
    max_plies: int = DEFAULT_MAX_PLIES
    movetime: float | None = None
    seed: int = 0
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def solo(self) -> bool:
        return self.seats == 1

    @property
    def score(self) -> float:
        """A's mean reward: (wins + draws / 2) / games for two seats; the share of seats beaten in
        ranked multi-seat games; the mean progress in a solo game."""
        if not self.rewards:
            return 0.0
        return sum(self.rewards) / len(self.rewards)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def elo(self) -> tuple[float, float]:
        """(Elo difference of A over B, its 95% error margin), by the logistic formula.

        A score of 0 or 1 has no finite Elo: the score is clamped to [e, 1 - e] with
        e = 0.5 / (games + 1), as if A had lost (or won) half a game more, and the bounds of
        the interval likewise.
        """
        n = len(self.rewards)
        if n == 0:
            return 0.0, 0.0
        eps = 0.5 / (n + 1)
        clamp = lambda x: min(max(x, eps), 1.0 - eps)  # noqa: E731
        s = clamp(self.score)
        diff = elo_from_score(s)
        # With the clamped score a clean sweep still gets a margin.
        variance = sum((r - s) ** 2 for r in self.rewards) / n
        margin_score = 1.959964 * math.sqrt(variance / n)
        low = elo_from_score(clamp(s - margin_score))
        high = elo_from_score(clamp(s + margin_score))
        return diff, (high - low) / 2

    def format(self) -> list[str]:
        """Printable summary lines."""
        time_text = f", {self.movetime:g} s a move" if self.movetime else ""
        lines = []
        if self.solo:
            lines.append(f"{self.game_id}: {self.agent_a} alone, {self.games} games{time_text}")
            lines.append(
                f"won {self.wins} of {self.games} ({100 * self.win_rate:.0f}%), mean reward {self.score:.3f}"
            )
        else:
            versus = f"{self.agent_a} vs {self.agent_b}"
            if self.seats > 2:
                versus += f" ({self.agent_b} in the other {self.seats - 1} seats)"
            lines.append(f"{self.game_id}: {versus}, {self.games} games{time_text}")
            lines.append(
                f"{self.agent_a}: {self.wins} wins, {self.draws} draws, {self.losses} losses, score {self.score:.3f}"
            )
            diff, margin = self.elo()
            lines.append(f"Elo difference {diff:+.0f} +/- {margin:.0f} (95%)")
            if self.seats > 2:
                # With winner-takes-all rewards the score is a win rate, to compare with a fair share.
                lines.append(f"win rate {100 * self.win_rate:.0f}% (fair share {100 / self.seats:.0f}%)")
        if self.capped:
            counted = "unsolved" if self.solo else "draws"
            lines.append(f"{self.capped} game(s) stopped at {self.max_plies} plies, counted as {counted}")
        lines.append(f"seeds {self.seed}..{self.seed + self.games - 1}, {self.seconds:.1f} s")
        return lines


ProgressCallback = Callable[[str], None]
MoveCallback = Callable[[int, GameState, str, int], None]


def run_arena(
    registry: Registry,
    game_id: str,
    agent_a: str,
    agent_b: str,
    games: int = 10,
    movetime: float | None = None,
    seed: int | None = None,
    options: dict | None = None,
    progress: ProgressCallback | None = None,
    *,
    limit: Limit | None = None,
    on_move: MoveCallback | None = None,
    max_plies: int = DEFAULT_MAX_PLIES,
) -> ArenaResult:
    """Play ``games`` games of ``game_id`` between two registered agents; see the module docstring.

    ``movetime`` is seconds a move for both agents (None: each agent's default limit);
    ``limit`` overrides it with any :class:`Limit` (node or depth limits make runs repeatable).
    ``progress(line)`` gets a printable line after each game (the result so far is in
    ``records``), ``on_move(game_index, state, move_text, seat)`` is called before each move. A game still running after ``max_plies``
    plies is stopped and counted as a draw.
    """
    game = registry.game(game_id)
    resolved = game.resolve_options(options or {})
    seats = game.seats(resolved)
    def_a = registry.agent(agent_a, game_id)
    def_b = registry.agent(agent_b, game_id)
    if seed is None:
        seed = random.randrange(1_000_000)
    if limit is not None:
        limit_a = limit_b = limit
    elif movetime is not None:
        limit_a = limit_b = Limit(time=movetime)
    else:
        limit_a, limit_b = def_a.default_limit, def_b.default_limit
    result = ArenaResult(game_id, agent_a, agent_b, seats, max_plies=max_plies, movetime=movetime, seed=seed)
    seat_names = game.names(resolved)
    began = time.perf_counter()
    for index in range(games):
        game_seed = seed + index
        a_seat = index % seats
        agents: list[Agent] = []
        limits: list[Limit] = []
        for s in range(seats):
            if s == a_seat:
                agents.append(def_a.factory(game))
                limits.append(limit_a)
            else:
                agents.append(def_b.factory(game))
                limits.append(limit_b)
        rng = random.Random(game_seed)
        state = game.new_state(resolved, game_seed if game.random_setup else None)
        start = time.perf_counter()
        plies = 0
        while state.outcome is None and plies < max_plies:
            seat = state.to_move
            view = state.view_for(seat)
            move = agents[seat].choose(view, limits[seat], rng, None)
            name = agent_a if seat == a_seat else agent_b
            try:
                text = view.move_to_text(move)
                if on_move is not None:
                    on_move(index, state, text, seat)
                # A view's move goes through its text, which the real state must accept.
                state = state.play(move) if view is state else state.play(state.parse_move(text))
            except GameError as exc:
                raise GameError(
                    f"arena game {index + 1}: agent {name} chose an illegal move: {exc}"
                ) from None
            plies += 1
        seconds = time.perf_counter() - start
        outcome = state.outcome
        before = (result.wins, result.draws, result.losses)
        if outcome is None:
            result.capped += 1
            capped, reason = True, f"stopped after {plies} plies"
            if seats == 1:
                result.losses += 1  # a puzzle has no draw: unfinished is unsolved
                reward = 0.0
            else:
                result.draws += 1
                reward = 0.5
        else:
            reward, reason, capped = outcome.rewards[a_seat], outcome.reason, False
            if seats == 1:
                if reward >= 1.0:
                    result.wins += 1
                else:
                    result.losses += 1
            elif outcome.winners == (a_seat,) or reward >= 1.0:
                # Full reward is a win, also when shared (a team's partners both get 1).
                result.wins += 1
            elif a_seat in outcome.winners or outcome.is_draw:
                result.draws += 1
            else:
                result.losses += 1
        result.rewards.append(reward)
        result.records.append(GameRecord(index, game_seed, a_seat, reward, plies, reason, capped, seconds))
        result.seconds = time.perf_counter() - began
        if progress is not None:
            if seats == 1:
                verdict = "solved" if reward >= 1.0 else "unsolved"
            else:
                counts = (result.wins, result.draws, result.losses)
                verdict = "won" if counts[0] > before[0] else "drew" if counts[1] > before[1] else "lost"
                verdict = f"as {seat_names[a_seat]} {verdict}"
            progress(
                f"game {index + 1}/{games}: {agent_a} {verdict} ({reason}, {plies} plies, {seconds:.1f} s),"
                f" score {result.score:.3f}"
            )
    return result
