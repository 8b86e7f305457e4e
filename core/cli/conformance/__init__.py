"""The shared conformance suite every game must pass.

It plays seeded random games through the whole state API and checks what the core relies
on:

- the definition: option defaults valid, seat count and names agree with the start state;
- moves exist exactly while the game runs, every listed move plays (legal moves stay legal),
  a move that is not listed is refused with a :class:`tafel.game.GameError`, ``legal_moves``
  is stable, ``play_unchecked`` agrees with ``play``;
- ``play`` leaves the old state untouched, and every state of a game still reads the same at
  its end (undo goes back to the very same state); replaying the move texts reproduces every
  state (so undo, saves and the AI worker see the same game);
- move and position notation round-trip, bad text is rejected with a GameError;
- outcomes are well formed (one reward per seat in [0, 1], a reason, scores per seat);
- ``evaluate`` (for the generic agents) returns finite numbers, and the greedy agent picks
  legal moves;
- the renderer (``view=True``): the board view draws every state reached at several window
  sizes without error and without changing the state, plays every move's animation to its
  end, answers a few clicks and key presses with legal moves only, and gives side-panel
  lines as strings.

A crash in the game's code is a failure naming the place (``rules.py:88 in legal_moves``),
never an exception out of :func:`check_game`. ``python main.py check GAME`` runs
:func:`check_game_fully` and prints :meth:`Report.lines`.

>>> from tafel.plugins import load_registry
>>> registry = load_registry()
>>> report = check_game(registry.game(sorted(registry.games)[0]), games=1, max_plies=30)
>>> report.ok, report.failures
(True, [])
"""

from tafel.cli.conformance.games import check_game, check_game_fully, option_variants
from tafel.cli.conformance.report import WINDOW_SIZES, Report
from tafel.cli.conformance.view import check_view

__all__ = ["WINDOW_SIZES", "Report", "check_game", "check_game_fully", "check_view", "option_variants"]
