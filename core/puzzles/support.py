"""What a game hands the puzzle room: :class:`PuzzleSupport`, the value of ``GameDef.puzzles``.

The core never names a game: everything game-specific about puzzles comes through this record.
Only ``themes`` and a shipped set are really the game's; ``score_moves`` has a generic default
(the core's alpha-beta with ``GameDef.evaluate`` on every move), which a game with a faster engine
replaces.

Each hook is a function or, like ``GameDef.view``, a ``"module:function"`` text imported when it is
first called (``".puzzles:score_moves"`` is relative to the plugin's package), so that a plugin's
``__init__`` names its puzzle code without importing it. :func:`support_of` gives a game's
support with that package filled in; the core reads ``GameDef.puzzles`` through it.

>>> from tests.ui_toygame import toy_game_def
>>> game = toy_game_def()
>>> support = PuzzleSupport()
>>> state = game.new_state(game.resolve_options({}), None)
>>> scores = support.move_scores(game, state, 1)
>>> len(scores) == len(state.legal_moves()), all(0.0 <= v <= 1.0 for _m, v in scores)
(True, True)
"""

from __future__ import annotations

import dataclasses
import importlib
import random
import re
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tafel.game import GameDef, GameState, Move, one_line
from tafel.i18n import N_, _

#: The themes the generator gives every puzzle: how many moves the solver makes.
LENGTH_THEMES = {"one-move": N_("One move"), "short": N_("Two moves"), "long": N_("Three moves or more")}

#: ``score_moves(state, depth)``: every legal move of ``state`` with its value for the side to
#: move in [0, 1] (1 a sure win, 0.5 even, 0 a sure loss), searched ``depth`` plies deep, best first.
ScoreMoves = Callable[[GameState, int], Sequence[tuple[Move, float]]]
#: ``themes(state, line)``: the theme names a solution ``line`` (moves from ``state``) shows.
Themes = Callable[[GameState, Sequence[Move]], Sequence[str]]
#: ``candidate(state)``: False only where no move can be worth ``win_at`` at the mining depth.
Candidate = Callable[[GameState], bool]
#: ``trim(state)``: the state a puzzle keeps of a game's position (the same play ahead).
Trim = Callable[[GameState], GameState]
#: ``move_key(state, move)``: moves with the same key are one idea.
MoveKey = Callable[[GameState, Move], Hashable]

#: The hooks that may be named by a ``"module:function"`` text.
HOOKS = ("score_moves", "themes", "move_key", "candidate", "trim")
_HOOK_NAME = re.compile(r"\.*[A-Za-z_][\w.]*:[A-Za-z_]\w*\Z|\.+:[A-Za-z_]\w*\Z")
_imported: dict[tuple[str, str], Callable[..., Any]] = {}


@dataclass(frozen=True)
class PuzzleSupport:
    """A game's puzzles (``GameDef.puzzles``).

    Each hook may be a function or a ``"module:function"`` text (``".puzzles:themes"``: in the
    plugin's package, which :func:`support_of` fills in as ``package``).

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
    - ``candidate(state)``: optional and cheap: False only where no move can be worth
      ``win_at`` at ``depth`` (the generator then skips the search there); ``sample``: the
      generator's movers, away from candidates, choose among this many random moves valued by
      ``GameDef.evaluate`` instead of searching every move (0: every move at ``depth``). Both
      make mining a game with hundreds of moves a position affordable.
    - ``trim(state)``: optional: the state a puzzle keeps of a game's position, what a few
      plies ahead cannot need left out (a game may drop its repetition history, which made a
      position's text kilobytes long); the generator confirms the puzzle on that state.
    """

    score_moves: ScoreMoves | str | None = None
    themes: Themes | str | None = None
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
    move_key: MoveKey | str | None = None
    candidate: Candidate | str | None = None
    trim: Trim | str | None = None
    sample: int = 0
    #: The package a relative hook text is imported from (set by :func:`support_of`).
    package: str = ""

    def __post_init__(self) -> None:
        for name in HOOKS:
            hook = getattr(self, name)
            if hook is None or callable(hook):
                continue
            if not isinstance(hook, str) or not _HOOK_NAME.match(hook):
                raise TypeError(
                    f"PuzzleSupport.{name} must be a function or 'module:function' (like '.puzzles:{name}'), "
                    f"got {hook!r}"
                )

    def hook(self, name: str) -> Callable[..., Any] | None:
        """The hook ``name`` (one of :data:`HOOKS`) as a function, imported now if it is named by
        a text; None when not given. Raises ImportError naming the hook when it cannot be found.

        >>> PuzzleSupport(move_key="operator:is_not").hook("move_key")
        <built-in function is_not>
        """
        hook = getattr(self, name)
        if hook is None or callable(hook):
            return hook
        key = (self.package if hook.startswith(".") else "", hook)
        found = _imported.get(key)
        if found is None:
            found = _imported[key] = _import_hook(name, hook, self.package)
        return found

    def move_scores(self, game: GameDef, state: GameState, depth: int) -> list[tuple[Move, float]]:
        """Every move of ``state`` with its value for the side to move, best first."""
        score_moves = self.hook("score_moves")
        if score_moves is not None:
            scores = list(score_moves(state, depth))
        else:
            scores = generic_scores(game, state, depth)
        scores.sort(key=lambda pair: -pair[1])
        return scores

    def key_of(self, state: GameState, move: Move) -> Hashable:
        move_key = self.hook("move_key")
        return move_key(state, move) if move_key is not None else move

    def theme_names(self, state: GameState, line: Sequence[Move]) -> list[str]:
        themes = self.hook("themes")
        if themes is None:
            return []
        return [str(t) for t in themes(state, line)]

    def trimmed(self, state: GameState) -> GameState:
        """``state`` as a puzzle keeps it (the ``trim`` hook's; ``state`` itself without one)."""
        trim = self.hook("trim")
        return state if trim is None else trim(state)

    def is_candidate(self, state: GameState) -> bool:
        """The ``candidate`` hook's answer (True without one: every position is searched)."""
        candidate = self.hook("candidate")
        return True if candidate is None else bool(candidate(state))

    def theme_label(self, theme: str) -> str:
        """``theme`` for people, in their language."""
        if theme in LENGTH_THEMES:
            return _(LENGTH_THEMES[theme])
        label = self.theme_labels.get(theme, theme)
        return self.translate(label) if self.translate is not None else label


def _import_hook(name: str, text: str, package: str) -> Callable[..., Any]:
    module_name, _, function_name = text.partition(":")
    if module_name.startswith(".") and not package:
        raise ImportError(f"puzzle hook {name} {text!r} is relative, but no package is known (support_of)")
    try:
        module = importlib.import_module(module_name, package or None)
    except ImportError as exc:
        raise ImportError(f"puzzle hook {name} {text!r}: {one_line(exc)}") from exc
    found = getattr(module, function_name, None)
    if not callable(found):
        raise ImportError(f"puzzle hook {name} {text!r}: {module.__name__} has no function {function_name}")
    return found


def support_of(game: GameDef) -> PuzzleSupport | None:
    """``game``'s :class:`PuzzleSupport` (``GameDef.puzzles``) with the plugin's package filled in,
    so that hooks named relatively (``".puzzles:themes"``) can be imported; None without puzzles.

    >>> from tests.ui_toygame import toy_game_def
    >>> game = toy_game_def(); game.package = "tests"; game.puzzles = PuzzleSupport(themes=".x:y")
    >>> support_of(game).package
    'tests'
    """
    support = game.puzzles
    if not isinstance(support, PuzzleSupport):
        return None
    if not support.package and game.package:
        support = game.puzzles = dataclasses.replace(support, package=game.package)
    return support


def _value_after(state: GameState, seat: int) -> float | None:
    outcome = state.outcome
    if outcome is None:
        return None
    return float(outcome.rewards[seat])


def evaluated(game: GameDef, state: GameState, seat: int) -> float:
    """``state``'s value for ``seat`` in [0, 1] by ``GameDef.evaluate`` (0.5 without one)."""
    return 0.5 + 0.5 * game.evaluate(state, seat) if game.evaluate is not None else 0.5


def quick_scores(game: GameDef, state: GameState, moves: Sequence[Move]) -> list[tuple[Move, float]]:
    """``moves`` of ``state`` valued by what follows at once: a finished game's reward, else
    :func:`evaluated`; best first (what the generator's movers use with ``sample``)."""
    seat = state.to_move
    scores = []
    for move in moves:
        child = state.play(move)
        value = _value_after(child, seat)
        scores.append((move, max(0.0, min(1.0, evaluated(game, child, seat) if value is None else value))))
    scores.sort(key=lambda pair: -pair[1])
    return scores


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
                value = evaluated(game, child, seat)
            else:
                agent.choose(child, Limit(depth=depth - 1), random.Random(0))
                other = agent.info.get("value")
                value = 1.0 - float(other) if other is not None else 0.5
                if child.to_move == seat:
                    value = 1.0 - value
        scores.append((move, max(0.0, min(1.0, value))))
    return scores
