"""Arena: agents play each other in-process, and the result says who is stronger and by how much.

Two seats: agent A plays seat 0 in even games and seat 1 in odd ones. Three or four seats: A
takes seat ``i % seats`` in game i and B every other seat. One seat: A plays alone and the
result is its win rate. Game i is seeded with ``seed + i`` (random setups and the agents'
rng), so a run is repeatable when the agents are limited by nodes or depth rather than time.

Given an AI ``worker`` (:class:`tafel.ai.worker.AIWorker`, as the ``arena`` command does), the
agents search in its process under the arcade's own watchdog: a move that does not come within
the think time plus the grace, an agent that raises or kills its process, or an illegal move
loses that game for the agent's side (its seat gets reward 0, the others 1), the game is
recorded with what happened (``GameRecord.forfeit``) and the run goes on; the summary says how
many games were lost that way. Without a worker the agents run in this process (tests,
benches): a raising agent or an illegal move forfeits the game the same way, a hang cannot be
caught. A bug in the game's own code (new_state, play, outcome, notation) stops the run with a
:class:`tafel.plugins.PluginFailure` naming the plugin; ``on_game`` has seen every game played
before it.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tafel.ai.base import Limit
from tafel.cli.arena_game import ArenaMatch, ArenaWorker, GameRecord, MoveCallback, play_game
from tafel.engines import engine_agent, is_engine_agent
from tafel.plugins import plugin_code
from tafel.registry import Registry

__all__ = ["DEFAULT_MAX_PLIES", "ArenaResult", "GameRecord", "elo_from_score", "run_arena"]

#: Plies after which a game is stopped and counted as a draw, unless run_arena is told otherwise.
DEFAULT_MAX_PLIES = 2000


def elo_from_score(score: float) -> float:
    """Elo difference that gives ``score`` (expected points per game) by the logistic model.

    >>> elo_from_score(0.5), round(elo_from_score(0.75), 1)
    (0.0, 190.8)
    """
    return 400.0 * math.log10(score / (1.0 - score))


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
    def forfeits(self) -> list[GameRecord]:
        """The games lost to a hang or a crash."""
        return [r for r in self.records if r.forfeit is not None]

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

    def format(self, elo: bool = True) -> list[str]:
        """Printable summary lines; ``elo=False`` leaves out the Elo line (where an SPRT prints
        its own, by pairs of games, a second figure by another model would only confuse)."""
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
            if elo:
                diff, margin = self.elo()
                lines.append(f"Elo difference {diff:+.0f} +/- {margin:.0f} (95%)")
            if self.seats > 2:
                # With winner-takes-all rewards the score is a win rate, to compare with a fair share.
                lines.append(f"win rate {100 * self.win_rate:.0f}% (fair share {100 / self.seats:.0f}%)")
        if self.capped:
            counted = "unsolved" if self.solo else "draws"
            lines.append(f"{self.capped} game(s) stopped at {self.max_plies} plies, counted as {counted}")
        forfeits = self.forfeits
        if forfeits:
            hangs = sum(1 for r in forfeits if r.forfeit == "hang")
            kinds = [f"{hangs} hung"] if hangs else []
            if len(forfeits) - hangs:
                kinds.append(f"{len(forfeits) - hangs} crashed")
            lines.append(f"{len(forfeits)} game(s) lost to a hang or crash ({', '.join(kinds)}):")
            for r in forfeits[:5]:
                lines.append(f"  game {r.index + 1} (seed {r.seed}): {r.reason}")
            if len(forfeits) > 5:
                lines.append(f"  and {len(forfeits) - 5} more")
        lines.append(f"seeds {self.seed}..{self.seed + self.games - 1}, {self.seconds:.1f} s")
        return lines


ProgressCallback = Callable[[str], None]
#: ``on_game(record, moves, result)``: a game just finished (``moves``: its move texts,
#: ``result``: the counts so far, this game included).
GameCallback = Callable[[GameRecord, list[str], "ArenaResult"], None]


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
    on_game: GameCallback | None = None,
    max_plies: int = DEFAULT_MAX_PLIES,
    worker: ArenaWorker | None = None,
    openings: Sequence[str] = (),
    stop: Callable[[ArenaResult], bool] | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``game_id`` between two registered agents; see the module docstring.

    ``movetime`` is seconds a move for both agents (None: each agent's default limit);
    ``limit`` overrides it with any :class:`Limit` (node or depth limits make runs repeatable).
    ``progress(line)`` gets a printable line after each game (the result so far is in
    ``records``), ``on_move(game_index, state, move_text, seat)`` is called before each move,
    ``on_game(record, moves, result)`` once a game is over. A game still running after ``max_plies``
    plies is stopped and counted as a draw. ``worker`` (an AIWorker for ``registry.spec``) runs
    the agents in its process, under its watchdog (an :class:`tafel.engine_router.EngineRouter`
    round it also plays external engines, ``engine:NAME`` or ``uai:PATH``). With ``openings``
    (position texts) games ``2k`` and ``2k + 1`` start from opening ``k`` (round the list), A
    playing each colour once; ``stop(result)`` after a game ends the run early when it says so.
    """
    game = registry.game(game_id)
    with plugin_code(game.plugin, f"game {game_id}"):
        resolved = game.resolve_options(options or {})
        seats = game.seats(resolved)
        seat_names = game.names(resolved)
    defs = tuple(
        engine_agent(n) if is_engine_agent(n) else registry.agent(n, game_id) for n in (agent_a, agent_b)
    )
    match = ArenaMatch(
        game, resolved, (agent_a, agent_b), defs, _limits(defs, limit, movetime), on_move, max_plies, worker
    )
    if seed is None:
        seed = random.randrange(1_000_000)
    result = ArenaResult(game_id, agent_a, agent_b, seats, max_plies=max_plies, movetime=movetime, seed=seed)
    began = time.perf_counter()
    for index in range(games):
        opening = openings[(index // seats) % len(openings)] if openings else None
        start = time.perf_counter()
        record, moves = play_game(match, index, seed + index, index % seats, opening)
        record.seconds, record.start = time.perf_counter() - start, opening
        before = (result.wins, result.draws, result.losses)
        _count(result, record)
        result.rewards.append(record.reward)
        result.records.append(record)
        result.seconds = time.perf_counter() - began
        if on_game is not None:
            on_game(record, moves, result)
        if progress is not None:
            progress(_progress_line(result, record, before, seat_names[record.a_seat], games))
        if stop is not None and stop(result):
            break
    return result


def _limits(defs: tuple, limit: Limit | None, movetime: float | None) -> tuple[Limit, Limit]:
    """A's and B's limits: ``limit``, else ``movetime`` seconds a move, else each agent's own."""
    if limit is not None:
        return limit, limit
    if movetime is not None:
        return Limit(time=movetime), Limit(time=movetime)
    return defs[0].default_limit, defs[1].default_limit


def _progress_line(
    result: ArenaResult, record: GameRecord, before: tuple, a_seat_name: str, games: int
) -> str:
    """The line printed as a game ends: how A did, and the score so far."""
    if result.seats == 1:
        verdict = "solved" if record.reward >= 1.0 else "unsolved"
    else:
        counts = (result.wins, result.draws, result.losses)
        verdict = "won" if counts[0] > before[0] else "drew" if counts[1] > before[1] else "lost"
        verdict = f"as {a_seat_name} {verdict}"
    return (
        f"game {record.index + 1}/{games}: {result.agent_a} {verdict} ({record.reason}, {record.plies} plies,"
        f" {record.seconds:.1f} s), score {result.score:.3f}"
    )


def _count(result: ArenaResult, record: GameRecord) -> None:
    """Count a finished game for A: a win, a draw or a loss."""
    if record.capped:
        result.capped += 1
    if record.verdict == "win":
        result.wins += 1
    elif record.verdict == "draw":
        result.draws += 1
    else:
        result.losses += 1
