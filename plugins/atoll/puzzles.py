"""Atoll puzzles: an exact threat search for the move values, and the themes of a solution,
for Atoll's ``GameDef.puzzles`` (:class:`tafel.PuzzleSupport`, made in the plugin's
``__init__``, which imports this module only when puzzles are asked for).

A move's value (:func:`score_moves`) is 1 when it wins by force within the search's plies, 0
when it lets the opponent join at once, and otherwise 0.5 plus a fifth of the shortest-connection
balance (the game's ``evaluate``). The forced wins come from *winning cells* (a cell where one
more stone joins a pair): a side with one has won; a side facing two cannot stop both; facing one,
it must take it. So:

- three plies (win in two): a move leaving two or more winning cells while the opponent has none;
- five plies: also a move leaving one winning cell, which the opponent must take, after which a
  win in two follows (a forcing line; quiet moves are valued at three plies);
- seven plies (the tests' deeper check of a shipped set): forcing lines one threat longer.

Only the fastest wins count: where a move joins at once, or wins in fewer plies, the slower
ones are valued by the evaluation (a puzzle's solution is the one fastest win).

Themes: ``connection`` (the line joins a pair), ``double-threat`` (its first move leaves two
winning cells), ``forcing`` (a threat the opponent must answer comes first), ``pie`` (the
position is right after the pie rule's swap).

>>> from tafel.games.atoll.rules import AtollState
>>> s = AtollState.start()
>>> scores = score_moves(s, 3)
>>> len(scores) == len(s.legal_moves()), all(0.25 <= v <= 0.75 for _m, v in scores)
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from tafel import GameState, Move

from .board import Board
from .rules import AtollMove, AtollState, move_for


def _cells(board: Board, stones: tuple[int, int], colour: int, empty: int) -> int:
    return board.winning_cells(stones[colour], colour, empty)


def _with(stones: tuple[int, int], colour: int, cell: int) -> tuple[int, int]:
    bit = 1 << cell
    return (stones[0] | bit, stones[1]) if colour == 0 else (stones[0], stones[1] | bit)


def wins(board: Board, stones: tuple[int, int], colour: int, plies: int) -> bool:
    """Whether ``colour``, to move, joins a pair by force within ``plies`` plies (1, 3 or 5)."""
    empty = board.playable_mask & ~(stones[0] | stones[1])
    if _cells(board, stones, colour, empty):
        return True
    if plies < 3:
        return False
    theirs = _cells(board, stones, colour ^ 1, empty)
    if theirs & (theirs - 1):
        return False
    candidates = board.cells_of(theirs) if theirs else board.cells_of(empty)
    return any(_move_wins(board, stones, colour, cell, plies) for cell in candidates)


def _move_wins(board: Board, stones: tuple[int, int], colour: int, cell: int, plies: int) -> bool:
    """Whether ``colour`` playing ``cell`` (no immediate join, the opponent not joining at once
    before it) wins within ``plies`` plies by force."""
    after = _with(stones, colour, cell)
    empty = board.playable_mask & ~(after[0] | after[1])
    if _cells(board, after, colour ^ 1, empty):
        return False  # the opponent joins first
    mine = _cells(board, after, colour, empty)
    if mine & (mine - 1):
        return True
    if plies < 5 or not mine:
        return False
    block = _with(after, colour ^ 1, mine.bit_length() - 1)
    return wins(board, block, colour, plies - 2)


def score_moves(state: GameState, depth: int) -> list[tuple[Move, float]]:
    """Every move with its value for the side to move (see the module docstring)."""
    from . import evaluate

    assert isinstance(state, AtollState)
    board, colour, seat = state.board, state.colour, state.to_move
    stones = state.stones
    empty = state.empty
    mine_now = _cells(board, stones, colour, empty)
    theirs_now = _cells(board, stones, colour ^ 1, empty)
    longest = min(7, depth if depth % 2 else depth - 1)
    scores: list[tuple[Move, float]] = []
    open_cells: list[tuple[AtollMove, int]] = []
    for move in state.legal_moves():
        if move.is_swap:
            scores.append((move, 0.5))
            continue
        cell = move.cell
        if mine_now >> cell & 1:
            scores.append((move, 1.0))
        elif theirs_now & ~(1 << cell):
            # The opponent joins next (blocking one of two cells is a try all the same).
            scores.append((move, 0.01 if theirs_now >> cell & 1 else 0.0))
        else:
            open_cells.append((move, cell))
    # The fastest wins only: three plies for every move first, five only where none wins in three.
    winners: set[int] = set()
    plies = 3
    while not mine_now and not winners and plies <= longest:
        winners = {cell for _move, cell in open_cells if _move_wins(board, stones, colour, cell, plies)}
        plies += 2
    for open_move, cell in open_cells:
        value = 1.0 if cell in winners else 0.5 + 0.2 * evaluate(state.play_unchecked(open_move), seat)
        scores.append((open_move, value))
    return scores


def themes(state: GameState, line: Sequence[Move]) -> list[str]:
    assert isinstance(state, AtollState)
    names: list[str] = []
    end: GameState = state
    for move in line:
        end = end.play(move)
    assert isinstance(end, AtollState)
    if end.winner is not None:
        names.append("connection")
    first = line[0]
    assert isinstance(first, AtollMove)
    if not first.is_swap:
        after = state.play(first)
        mine = _cells(state.board, after.stones, state.colour, after.empty)
        if mine & (mine - 1):
            names.append("double-threat")
        elif mine and len(line) > 1:
            names.append("forcing")
    if state.swapped and state.placed <= 3:
        names.append("pie")
    return names


__all__ = ["move_for", "score_moves", "themes", "wins"]
