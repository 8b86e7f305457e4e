"""Guided first games: the tutorial a game may declare (``GameDef.tutorial``, a
:class:`tafel.game.Tutorial`), checked and played out.

A tutorial is a start (a position, options, a seed) and a few steps on a real board. Each step
is the move the learner makes (in the game's notation), the words that ask for it, optionally
the rule it shows, and optionally the reply the other seat plays at once. The learner is the
seat to move at the start. After the last step the game goes on as a normal game against the AI.

>>> t = Tutorial(steps=(TutorialStep("b2", "Take the centre.", rule="Any empty cell."),))
>>> check_shape(t)
>>> check_shape(Tutorial(steps=()))
Traceback (most recent call last):
...
ValueError: tutorial: give at least one step
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tafel.game import GameDef, GameError, GameState, Move, Options, Tutorial, TutorialStep

__all__ = ["Lesson", "check_shape", "play_out"]


@dataclass
class Lesson:
    """A tutorial played out: the start, and every scripted move in order (the learner's and the
    replies), each with its step; ``states[i]`` is the position before ``moves[i]``."""

    tutorial: Tutorial
    options: Options
    seed: int | None
    learner: int
    states: list[GameState] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    #: The step (index into ``tutorial.steps``) of each move.
    steps: list[int] = field(default_factory=list)
    #: True where the learner makes the move, False for a reply.
    by_learner: list[bool] = field(default_factory=list)

    @property
    def start(self) -> GameState:
        return self.states[0]

    @property
    def end(self) -> GameState:
        return self.states[-1]

    def step_at(self, ply: int) -> TutorialStep | None:
        """The step under way after ``ply`` scripted moves (None once they are all played)."""
        return self.tutorial.steps[self.steps[ply]] if ply < len(self.moves) else None


def check_shape(tutorial: object) -> None:
    """The parts' types and the steps' texts, without playing anything (done at registration so
    a mistake names the plugin). Raises TypeError or ValueError with a one-line message."""
    if not isinstance(tutorial, Tutorial):
        raise TypeError(f"tutorial must be a Tutorial, got {type(tutorial).__name__}")
    if not isinstance(tutorial.steps, (tuple, list)):
        raise TypeError(
            f"tutorial: steps must be a tuple of TutorialStep, got {type(tutorial.steps).__name__}"
        )
    if not tutorial.steps:
        raise ValueError("tutorial: give at least one step")
    if tutorial.position is not None and not isinstance(tutorial.position, str):
        raise TypeError("tutorial: position must be a str or None")
    if isinstance(tutorial.options, str) or not all(
        isinstance(o, str) and "=" in o for o in tutorial.options
    ):
        raise TypeError("tutorial: options must be a tuple of 'KEY=VALUE' texts")
    if tutorial.seed is not None and (not isinstance(tutorial.seed, int) or tutorial.seed < 1):
        raise ValueError(f"tutorial: seed must be a whole number from 1, got {tutorial.seed!r}")
    for name in ("intro", "outro"):
        if not isinstance(getattr(tutorial, name), str):
            raise TypeError(f"tutorial: {name} must be a str")
    for n, step in enumerate(tutorial.steps, 1):
        _check_step(n, step)


def _check_step(n: int, step: object) -> None:
    """Step ``n`` (from 1): a :class:`TutorialStep` of texts, with a move and the words asking it."""
    if not isinstance(step, TutorialStep):
        raise TypeError(f"tutorial step {n}: must be a TutorialStep, got {type(step).__name__}")
    for name in ("move", "say", "rule", "reply"):
        if not isinstance(getattr(step, name), str):
            raise TypeError(f"tutorial step {n}: {name} must be a str")
    if not step.move.strip():
        raise ValueError(f"tutorial step {n}: give the move to make")
    if not step.say.strip():
        raise ValueError(f"tutorial step {n}: give the words that ask for the move")


def play_out(game: GameDef) -> Lesson:
    """Play ``game.tutorial`` out with the game's own rules. Raises GameError (one line, naming
    the step) for a move the game does not accept, a step asked of the learner when it is not
    their turn, or a game that ends before the last step (a normal game must follow)."""
    tutorial = game.tutorial
    if tutorial is None:
        raise GameError(f"{game.id} has no tutorial")
    check_shape(tutorial)
    where = "tutorial start"
    try:
        options = game.resolve_options(game.parse_options(list(tutorial.options)))
        seed = tutorial.seed if tutorial.seed is not None else (1 if game.random_setup else None)
        if tutorial.position:
            state = game.parse_position(tutorial.position, options)
        else:
            state = game.new_state(options, seed)
        lesson = Lesson(tutorial, options, seed if game.random_setup else None, state.to_move, [state])
        for n, step in enumerate(tutorial.steps):
            where = f"tutorial step {n + 1}"
            if state.is_over:
                raise GameError("the game is already over")
            if state.to_move != lesson.learner:
                raise GameError("it is not the learner's turn (add a reply to the step before)")
            for text, mine in ((step.move, True), (step.reply, False)):
                if not mine and not text.strip():
                    continue
                if not mine and state.to_move == lesson.learner:
                    raise GameError(f"reply {text!r}: it is the learner's turn again")
                move = state.parse_move(text.strip())
                state = state.play(move)
                lesson.moves.append(move)
                lesson.texts.append(text.strip())
                lesson.steps.append(n)
                lesson.by_learner.append(mine)
                lesson.states.append(state)
        if state.is_over:
            raise GameError("the game ends with the last step; a normal game must follow")
    except GameError as exc:
        raise GameError(f"{game.id} {where}: {exc}") from None
    return lesson
