"""What a game hands the puzzle room: :class:`PuzzleSupport`, the value of ``GameDef.puzzles``.

The core never names a game: everything game-specific about puzzles comes through this record.
Only ``themes`` and a shipped set are really the game's; ``score_moves`` has a generic default
(the core's alpha-beta with ``GameDef.evaluate`` on every move), which a game with a faster engine
replaces.

>>> from tests.ui_toygame import toy_game_def
>>> game = toy_game_def()
>>> support = PuzzleSupport()
>>> state = game.new_state(game.resolve_options({}), None)
>>> scores = support.move_scores(game, state, 1)
>>> len(scores) == len(state.legal_moves()), all(0.0 <= v <= 1.0 for _m, v in scores)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from tafel.game import GameDef, GameState, Move
from tafel.i18n import N_, _

#: The themes the generator gives every puzzle: how many moves the solver makes.
LENGTH_THEMES = {"one-move": N_("One move"), "short": N_("Two moves"), "long": N_("Three moves or more")}

#: ``score_moves(state, depth)``: every legal move of ``state`` with its value for the side to
#: move in [0, 1] (1 a sure win, 0.5 even, 0 a sure loss), searched ``depth`` plies deep, best first.
ScoreMoves = Callable[[GameState, int], Sequence[tuple[Move, float]]]
#: ``themes(state, line)``: the theme names a solution ``line`` (moves from ``state``) shows.
Themes = Callable[[GameState, Sequence[Move]], Sequence[str]]


@dataclass(frozen=True)
class PuzzleSupport:
    """A game's puzzles (``GameDef.puzzles``).

    - ``score_moves(state, depth)``: see :data:`ScoreMoves`; None: the generic alpha-beta.
    - ``themes(state, line)``: theme names (short, lower-case, e.g. ``"wipe-out"``) for a
      solution; ``theme_labels`` names each for people (``N_``-marked English; ``translate``
      turns one into the player's language at draw time).
    - ``data``: the shipped set, a file name in the plugin's package (``"puzzles.json"``).
    - ``depth``/``verify_depth``: the generator's search and the deeper one that confirms a
      puzzle. ``win_at``: the least value of a decisive move; ``gap``: how much worse the
      second-best move must be (and it must stay below ``win_at``).
    - ``options``: the options the generator plays with; ``opening``: random plies before the
      engines take over (variety); ``max_line``: the solver's moves at most in a solution;
      ``min_moves``: fewer legal moves than this is no puzzle (nothing to find); ``mistakes``:
      how often a mover in the generator's games takes its second or third move (tactics come
      from mistakes); ``move_key(state, move)``: moves with the same key are one idea (e.g. any
      piece placed on the same field), so neither counts as a second winning move and the answer
      may be either.
    """

    score_moves: ScoreMoves | None = None
    themes: Themes | None = None
    theme_labels: Mapping[str, str] = field(default_factory=dict)
    translate: Callable[[str], str] | None = None
    data: str = "puzzles.json"
    depth: int = 2
    verify_depth: int = 3
    win_at: float = 0.9
    gap: float = 0.3
    options: Mapping[str, object] = field(default_factory=dict)
    opening: int = 6
    max_line: int = 3
    min_moves: int = 6
    mistakes: float = 0.25
    move_key: Callable[[GameState, Move], Hashable] | None = None

    def move_scores(self, game: GameDef, state: GameState, depth: int) -> list[tuple[Move, float]]:
        """Every move of ``state`` with its value for the side to move, best first."""
        if self.score_moves is not None:
            scores = list(self.score_moves(state, depth))
        else:
            scores = generic_scores(game, state, depth)
        scores.sort(key=lambda pair: -pair[1])
        return scores

    def key_of(self, state: GameState, move: Move) -> Hashable:
        return self.move_key(state, move) if self.move_key is not None else move

    def theme_names(self, state: GameState, line: Sequence[Move]) -> list[str]:
        if self.themes is None:
            return []
        return [str(t) for t in self.themes(state, line)]

    def theme_label(self, theme: str) -> str:
        """``theme`` for people, in their language."""
        if theme in LENGTH_THEMES:
            return _(LENGTH_THEMES[theme])
        label = self.theme_labels.get(theme, theme)
        return self.translate(label) if self.translate is not None else label


def _value_after(state: GameState, seat: int) -> float | None:
    outcome = state.outcome
    if outcome is None:
        return None
    return float(outcome.rewards[seat])


def generic_scores(game: GameDef, state: GameState, depth: int) -> list[tuple[Move, float]]:
    """Each move's value for the mover: a finished game's reward, else one minus what the core's
    alpha-beta (``GameDef.evaluate``) gives the opponent ``depth - 1`` plies deep."""
    from tafel.ai.alphabeta import AlphaBetaAgent
    from tafel.ai.base import Limit

    agent = AlphaBetaAgent(game)
    seat = state.to_move
    scores = []
    for move in state.legal_moves():
        child = state.play(move)
        value = _value_after(child, seat)
        if value is None:
            if depth <= 1:
                value = 0.5 + 0.5 * game.evaluate(child, seat) if game.evaluate else 0.5
            else:
                agent.choose(child, Limit(depth=depth - 1), random.Random(0))
                other = agent.info.get("value")
                value = 1.0 - float(other) if other is not None else 0.5
                if child.to_move == seat:
                    value = 1.0 - value
        scores.append((move, max(0.0, min(1.0, value))))
    return scores
