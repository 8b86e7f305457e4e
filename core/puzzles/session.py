"""One try at a puzzle, move by move: what the puzzle room's screen asks after each of the
person's moves (the command line checks a whole answer at once with
:func:`tafel.puzzles.puzzle.check_answer`, by the same rules).

>>> from tests.ui_toygame import toy_game_def
>>> from tafel.puzzles.puzzle import Puzzle
>>> game = toy_game_def()
>>> p = Puzzle("t", game.id, {}, "x../.x./o.. x", ("c3",), 0, 1200.0)
>>> attempt = Attempt(game, p)
>>> state = attempt.state
>>> attempt.answer(state.parse_move("b1")), attempt.result
('wrong', 'failed')
>>> attempt = Attempt(game, p); attempt.answer(attempt.state.parse_move("c3")), attempt.result
('solved', 'solved')
"""

from __future__ import annotations

from tafel.game import GameDef, GameState, Move
from tafel.puzzles.puzzle import Puzzle
from tafel.puzzles.support import support_of

CORRECT, SOLVED, WRONG = "correct", "solved", "wrong"


class Attempt:
    """A try at ``puzzle``: :meth:`answer` takes the person's moves one at a time. ``result`` is
    None while it runs, then ``"solved"`` or ``"failed"``; a hint or the solution shown makes a
    solve count as failed for the rating (``helped``)."""

    def __init__(self, game: GameDef, puzzle: Puzzle) -> None:
        self.game = game
        self.puzzle = puzzle
        self.states = puzzle.states(game)
        self.index = 0  # the line's place of the person's next move
        self.result: str | None = None
        self.helped = False
        self.rated = True  # a retry is not
        self.wrong: Move | None = None

    @property
    def state(self) -> GameState:
        """The position where the person is to move now."""
        return self.states[self.index]

    def expected(self) -> Move:
        state = self.state
        return state.parse_move(self.puzzle.line[self.index])

    def reply(self) -> Move | None:
        """The opponent's answer in the line after the person's last correct move (None at the end)."""
        if self.index - 1 >= len(self.puzzle.line) or self.index == 0:
            return None
        state = self.states[self.index - 1]
        return state.parse_move(self.puzzle.line[self.index - 1])

    def answer(self, move: Move) -> str:
        """``"correct"`` (the opponent's reply comes next), ``"solved"`` or ``"wrong"``."""
        if self.result is not None:
            return WRONG if self.result == "failed" else SOLVED
        state = self.state
        expected = self.expected()
        after = state.play(move)
        outcome = after.outcome
        support = support_of(self.game)
        same = move == expected or (
            support is not None and support.key_of(state, move) == support.key_of(state, expected)
        )
        if outcome is not None and state.to_move in outcome.winners:
            same = True  # a move that wins at once is as good as the line's
        elif same and after.repetition_key() != self.states[self.index + 1].repetition_key():
            same = move != expected and support is not None  # the same idea: the line goes on
        if not same:
            self.result, self.wrong = "failed", move
            return WRONG
        if outcome is not None or self.index + 1 >= len(self.puzzle.line):
            self.result = "solved"
            return SOLVED
        self.index += 2
        return CORRECT

    def give_up(self) -> None:
        """The solution is shown: the try ends failed unless already over."""
        self.helped = True
        if self.result is None:
            self.result = "failed"

    @property
    def counts_as_solved(self) -> bool:
        return self.result == "solved" and not self.helped
