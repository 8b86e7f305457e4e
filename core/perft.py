"""Move-path counting (perft): the standard check of a move generator against published numbers."""

from __future__ import annotations

from tafel.game import GameState


def perft(state: GameState, depth: int) -> int:
    """Number of move sequences of length ``depth`` from ``state``; a finished game counts zero.

    Works for any game through the state API; games may offer a faster one in ``GameDef.perft``.
    """
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play_unchecked(m), depth - 1) for m in moves)
