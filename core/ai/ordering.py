"""Move ordering helpers of the generic searches (:mod:`tafel.ai.alphabeta`)."""

from __future__ import annotations

from tafel.game import Move


def in_front(moves: list[Move], first: tuple[Move | None, ...]) -> list[Move]:
    """``moves`` with those of ``first`` that are among them in front, in ``first``'s order; one
    pass, moves compared by hash (a list scan would call ``__eq__`` per move).

    >>> in_front(["a", "b", "c", "d"], ("c", None, "x", "a"))
    ['c', 'a', 'b', 'd']
    """
    wanted = {m: i for i, m in enumerate(first) if m is not None}
    if not wanted:
        return moves
    front: list[Move | None] = [None] * len(first)
    rest = []
    for move in moves:
        index = wanted.get(move)
        if index is None:
            rest.append(move)
        else:
            front[index] = move
    return [m for m in front if m is not None] + rest
