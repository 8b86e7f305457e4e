"""The puzzle generator: engine games searched for positions where exactly one move wins.

:func:`mine` plays games between two copies of the game's own move values
(``PuzzleSupport.score_moves``), from a few random opening plies on, the movers now and then
(``mistakes``) taking the second- or third-best move so that positions with a tactic come up. At every position
it asks whether exactly one move is decisive: the best move's value at least ``win_at``, the
second best at least ``gap`` worse and below ``win_at``. A candidate is confirmed by the deeper
``verify_depth`` search (the same move must be the only decisive one there), then played on to a
solution line: the opponent's best reply, and the solver's next move as long as it is again the
only decisive one, up to ``max_line`` solver moves. The game's ``themes`` hook names the tactic.

Everything comes from ``random.Random(seed)`` and depth-limited searches, so a seed gives the
same set (``--budget`` may cut it short, then it is a prefix of that set).

Two things keep games with hundreds of moves a position affordable: the game's ``candidate``
hook rules out cheaply the positions where no move can win, so the search runs only where one
may; and with ``sample`` the movers between candidates choose among that many random moves valued
by ``GameDef.evaluate`` instead of searching every move.

:meth:`Miner.run_games` looks at played games instead (the player's history,
``puzzles mine GAME --from-history``): every position of each game is a place to look, with the
game's own options.

The starting rating is measured (:mod:`tafel.puzzles.difficulty`).

>>> from tests.ui_toygame import toy_game_def
>>> from tafel.puzzles.support import PuzzleSupport
>>> game = toy_game_def()
>>> game.puzzles = PuzzleSupport(depth=2, verify_depth=3, opening=2, min_moves=3)
>>> found = mine(game, count=2, seed=5)
>>> len(found), len(found[0].states(game)) == len(found[0].line) + 1
(2, True)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from tafel.game import GameDef, GameState, Move
from tafel.puzzles.difficulty import measure, rating_of
from tafel.puzzles.puzzle import Puzzle
from tafel.puzzles.support import PuzzleSupport, quick_scores, support_of

#: Plies a mined game runs at most.
MAX_PLIES = 200
#: Positions of one game kept apart by at least this many plies (no near-copies).
SPACING = 4
#: Puzzles taken from one game at most (variety: different openings and middle games).
PER_GAME = 3
#: Games played at most per puzzle asked for (a game that never yields one ends the search).
GAMES_PER_PUZZLE = 40


@dataclass
class Candidate:
    """A position with one decisive move, its values at the mining depth."""

    state: GameState
    best: Move
    best_value: float
    second_value: float


def decisive(
    support: PuzzleSupport, scores: list[tuple[Move, float]], state: GameState | None = None
) -> bool:
    """True when only the first of ``scores`` (best first) is decisive. Moves with the same
    ``PuzzleSupport.move_key`` as the first (in ``state``) are the same idea, not a second move.

    >>> s = PuzzleSupport(win_at=0.9, gap=0.3, min_moves=2)
    >>> decisive(s, [("a", 1.0), ("b", 0.6)]), decisive(s, [("a", 1.0), ("b", 0.95)]), decisive(s, [("a", 1.0)])
    (True, False, False)
    """
    if len(scores) < max(2, support.min_moves):
        return False
    best_move, best = scores[0]
    if best < support.win_at:
        return False
    first = support.key_of(state, best_move) if state is not None else best_move
    for move, value in scores[1:]:
        if state is not None and support.key_of(state, move) == first:
            continue
        return value < support.win_at and best - value >= support.gap
    return False


#: A played game to look at: its options (as given to ``resolve_options``) and its states, first to last.
PlayedGame = tuple[Mapping[str, object], Sequence[GameState]]


class Miner:
    """Mines one game; :meth:`run` returns the puzzles (see the module docstring). ``options``
    and ``sample`` stand in for the support's own (``--option``, ``--sample``); ``trim=False``
    keeps positions whole (``--no-trim``, as sets mined before the hook were)."""

    def __init__(
        self,
        game: GameDef,
        seed: int,
        log: Callable[[str], None] | None = None,
        options: Mapping[str, object] | None = None,
        sample: int | None = None,
        trim: bool = True,
    ) -> None:
        support = support_of(game)
        if support is None:
            raise ValueError(f"{game.id} has no puzzles (GameDef.puzzles)")
        self.game = game
        self.support: PuzzleSupport = support
        self.seed = seed
        self.rng = random.Random(seed)
        self.given = dict(support.options) if options is None else dict(options)
        self.options = game.resolve_options(self.given)
        self.sample = support.sample if sample is None else sample
        self.trim = trim  # False: positions kept whole, the trim hook not asked
        self.log = log or (lambda line: None)
        self.seen: set[str] = set()
        self.found: list[Puzzle] = []
        self.games = 0  # games played or read so far
        self.searched = 0  # positions searched at the mining depth
        self.positions = 0  # positions looked at
        #: CPU seconds a position's confirmation may take (None: no limit); see :meth:`confirm`.
        self.position_budget: float | None = None
        self.over_budget = 0  # confirmations cut short or dropped by it

    def scores(self, state: GameState, depth: int) -> list[tuple[Move, float]]:
        return self.support.move_scores(self.game, state, depth)

    def run(self, count: int, deadline: float | None = None) -> list[Puzzle]:
        """Up to ``count`` puzzles; they are in :attr:`found` as they come (an interrupted run
        keeps what it found)."""
        found = self.found = []
        games = self.games = 0
        while len(found) < count and games < GAMES_PER_PUZZLE * count:
            if deadline is not None and time.monotonic() > deadline:
                self.log(f"time is up after {games} games")
                break
            games += 1
            self.games = games
            for puzzle in self.play_one(count - len(found), deadline):
                self._keep(puzzle, count)
        return found

    def run_games(
        self, played: Iterable[PlayedGame], count: int, deadline: float | None = None
    ) -> list[Puzzle]:
        """Up to ``count`` puzzles from games already played (each its options and states), at
        most :data:`PER_GAME` a game, positions :data:`SPACING` plies apart."""
        self.found = []
        for options, states in played:
            if len(self.found) >= count or (deadline is not None and time.monotonic() > deadline):
                break
            self.games += 1
            given = dict(options)
            taken = 0
            last = -SPACING
            for ply, state in enumerate(states):
                if taken >= min(PER_GAME, count - len(self.found)) or state.outcome is not None:
                    break
                if ply - last < SPACING:
                    continue
                self.positions += 1
                if not self.support.is_candidate(state):
                    continue
                self.searched += 1
                puzzle = self.look(state, self.scores(state, self.support.depth), given)
                if puzzle is not None:
                    self._keep(puzzle, count)
                    taken += 1
                    last = ply
        return self.found

    def _keep(self, puzzle: Puzzle, count: int) -> None:
        self.found.append(puzzle)
        self.log(
            f"{len(self.found)}/{count} {puzzle.id} {' '.join(puzzle.line)} [{', '.join(puzzle.themes)}] "
            f"{round(puzzle.rating)}"
        )

    def look(
        self, state: GameState, scores: list[tuple[Move, float]], options: dict[str, object]
    ) -> Puzzle | None:
        """The puzzle at ``state`` (``scores`` at the mining depth), if there is one."""
        if not decisive(self.support, scores, state):
            return None
        return self.confirm(state, scores, options)

    def play_one(self, wanted: int, deadline: float | None) -> list[Puzzle]:
        """One engine game; the puzzles found in it."""
        rng = self.rng
        game_seed = rng.randrange(2**31)
        state = self.game.new_state(self.options, game_seed if self.game.random_setup else None)
        for _ in range(self.support.opening):
            moves = state.legal_moves()
            if not moves:
                return []
            state = state.play(rng.choice(moves))
        found: list[Puzzle] = []
        last = -SPACING
        for ply in range(MAX_PLIES):
            if state.outcome is not None or len(found) >= min(wanted, PER_GAME):
                break
            if deadline is not None and time.monotonic() > deadline:
                break
            self.positions += 1
            searched = self.support.is_candidate(state)
            if searched or not self.sample:
                scores = self.scores(state, self.support.depth)
                self.searched += 1
            else:
                scores = self.sampled(state)
            if not scores:
                break
            if searched and len(found) < PER_GAME and ply - last >= SPACING:
                puzzle = self.look(state, scores, self.given)
                if puzzle is not None:
                    found.append(puzzle)
                    last = ply
            state = state.play(self.pick(scores))
        return found

    def sampled(self, state: GameState) -> list[tuple[Move, float]]:
        """At most ``sample`` random moves of ``state``, valued by the game's evaluation."""
        moves = state.legal_moves()
        if len(moves) > self.sample:
            moves = self.rng.sample(moves, self.sample)
        return quick_scores(self.game, state, moves)

    def pick(self, scores: list[tuple[Move, float]]) -> Move:
        """The mover's choice: usually the best, sometimes the second or third (a mistake)."""
        if len(scores) > 1 and self.rng.random() < self.support.mistakes:
            return scores[self.rng.randrange(1, min(3, len(scores)))][0]
        return scores[0][0]

    def confirm(
        self, state: GameState, scores: list[tuple[Move, float]], options: Mapping[str, object] | None = None
    ) -> Puzzle | None:
        """The puzzle at ``state`` if the deeper search agrees, with its line; else None.

        With :attr:`position_budget`, a position whose confirming search alone took longer is
        dropped, and the line stops growing once it is spent (a shorter line is still a puzzle:
        its first move was confirmed). Either is logged and counted: the same seed then gives
        the same set only where the budget did not cut."""
        if self.trim:
            state = self.support.trimmed(state)
        key = state.to_text()
        if key in self.seen:
            return None
        started = time.process_time()
        deep = self.scores(state, self.support.verify_depth)
        if not decisive(self.support, deep, state) or deep[0][0] != scores[0][0]:
            return None
        self.seen.add(key)
        budget = self.position_budget
        if budget is not None and time.process_time() - started > budget:
            self.over_budget += 1
            self.log(
                f"dropped after {time.process_time() - started:.1f} s (over the position budget): {key[:60]}"
            )
            return None
        limit = started + budget if budget is not None else None
        return self.make(
            state, self.line(state, scores[0][0], limit), deep, self.given if options is None else options
        )

    def line(self, state: GameState, first: Move, limit: float | None = None) -> list[Move]:
        """The solution from ``state``: ``first``, then the opponent's best reply and the solver's
        next move while it is again the only decisive one, up to ``max_line`` solver moves (and
        while the CPU clock is before ``limit``)."""
        moves = [first]
        solver = state.to_move
        current = state.play(first)
        while current.outcome is None and (len(moves) + 1) // 2 < self.support.max_line:
            if limit is not None and time.process_time() > limit:
                self.over_budget += 1
                self.log(f"line cut at {len(moves)} moves (over the position budget)")
                break
            replies = self.scores(current, self.support.verify_depth)
            if not replies or current.to_move == solver:
                break
            after_reply = current.play(replies[0][0])
            if after_reply.outcome is not None or after_reply.to_move != solver:
                break
            ours = self.scores(after_reply, self.support.verify_depth)
            finishing = _winning_now(after_reply, [m for m, v in ours if v >= self.support.win_at])
            if finishing is not None:  # a move that wins at once ends the line (any such move counts)
                moves += [replies[0][0], finishing]
                break
            if not decisive(self.support, ours, after_reply):
                break
            moves += [replies[0][0], ours[0][0]]
            current = after_reply.play(ours[0][0])
        return moves

    def make(
        self,
        state: GameState,
        moves: list[Move],
        deep: list[tuple[Move, float]],
        options: Mapping[str, object],
    ) -> Puzzle:
        texts = []
        node = state
        for move in moves:
            texts.append(node.move_to_text(move))
            node = node.play(move)
        themes = self.support.theme_names(state, moves)
        solver_moves = (len(moves) + 1) // 2
        themes.append("one-move" if solver_moves == 1 else "short" if solver_moves == 2 else "long")
        difficulty = measure(self.support, self.game, state, moves[0], solver_moves, deep)
        position = state.to_text()
        digest = hashlib.sha1(f"{self.game.id}|{position}|{' '.join(texts)}".encode()).hexdigest()[:6]
        search = (
            f"found at depth {self.support.depth}, verified at depth {self.support.verify_depth}: "
            f"best {deep[0][1]:.2f}, second {deep[1][1]:.2f}"
        )
        return Puzzle(
            digest,
            self.game.id,
            dict(options),
            position,
            tuple(texts),
            state.to_move,
            rating_of(difficulty),
            tuple(dict.fromkeys(themes)),
            search,
            difficulty=difficulty.to_json(),
        )


def _winning_now(state: GameState, moves: list[Move]) -> Move | None:
    """The first of ``moves`` that wins the game at once for the side to move, if any."""
    for move in moves:
        outcome = state.play(move).outcome
        if outcome is not None and state.to_move in outcome.winners:
            return move
    return None


def mine(game: GameDef, count: int, seed: int, budget: float | None = None, log=None) -> list[Puzzle]:
    """Up to ``count`` puzzles of ``game`` from ``seed`` (see the module docstring); ``budget``:
    seconds at most."""
    deadline = time.monotonic() + budget if budget is not None else None
    return Miner(game, seed, log).run(count, deadline)
