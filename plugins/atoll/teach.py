"""Why a move: the one-line reason an Atoll hint gives, from the shortest chains on the board.

The AI's process writes the reason in English with its numbers in it (``info["reason"]``); the
screen shows it in the player's language through the game's :data:`REASONS` (``GameDef.reasons``,
:func:`tafel.i18n.reword`). What is said, the first that holds: the move joins a pair of islands,
blocks the opponent's join, or faces two of them; it makes one or two threats to join; else how
it changes the stones each side still needs (:meth:`~tafel.games.atoll.board.Board.distance`).

>>> from tafel.games.atoll.rules import AtollState
>>> s = AtollState.start()
>>> explain(s, s.parse_move("f6"))
'shortens your chain: 9 more stones join your islands, the opponent needs 10'
>>> s = AtollState.from_text("9/10/1w1w1w3/10/9/bbbbbbbb2/9/1w1w1w4/9/2w1w5/9 b -")
>>> explain(s, s.parse_move("f10")), explain(s, s.parse_move("f9"))
('threatens to join your islands next move', 'threatens two joins at once: the opponent cannot block both')
"""

from __future__ import annotations

from .rules import AtollMove, AtollState
from .texts import N_

JOINS = N_("joins your islands and wins")
BLOCKS_JOIN = N_("blocks the one cell where the opponent would join its islands")
LOST = N_("the opponent threatens two joins: no move stops both")
SWAPS = N_("takes the opening stone (the pie rule): it is too strong to play against")
DOUBLE_THREAT = N_("threatens two joins at once: the opponent cannot block both")
THREAT = N_("threatens to join your islands next move")
BOTH = N_("shortens your chain to {mine} more stones and lengthens the opponent's to {theirs}")
SHORTENS = N_("shortens your chain: {mine} more stones join your islands, the opponent needs {theirs}")
BLOCKS = N_("blocks: the opponent now needs {theirs} more stones, you need {mine}")
KEEPS = N_("keeps the most chances: you need {mine} more stones, the opponent {theirs}")
#: Every reason, for the game's ``reasons`` (the catalog's German for each).
REASONS = (JOINS, BLOCKS_JOIN, LOST, SWAPS, DOUBLE_THREAT, THREAT, BOTH, SHORTENS, BLOCKS, KEEPS)


def explain(state: AtollState, move: AtollMove) -> str:
    """What ``move`` does for the side to move in ``state``, in English (see the module)."""
    if move.is_swap:
        return SWAPS
    board, me = state.board, state.colour
    mine, theirs, empty = state.stones[me], state.stones[me ^ 1], state.empty
    bit = 1 << move.cell
    if board.winning_cells(mine, me, empty) & bit:
        return JOINS
    threats = board.winning_cells(theirs, me ^ 1, empty)
    if threats:
        return BLOCKS_JOIN if threats & bit and not threats & (threats - 1) else LOST
    mine_after = mine | bit
    made = board.winning_cells(mine_after, me, empty & ~bit)
    if made:
        return DOUBLE_THREAT if made & (made - 1) else THREAT
    need = board.distance(mine_after, theirs, me)
    had = board.distance(mine, theirs, me)
    them = board.distance(theirs, mine_after, me ^ 1)
    them_before = board.distance(theirs, mine, me ^ 1)
    if need < had and them > them_before:
        return BOTH.format(mine=need, theirs=them)
    if need < had:
        return SHORTENS.format(mine=need, theirs=them)
    if them > them_before:
        return BLOCKS.format(mine=need, theirs=them)
    return KEEPS.format(mine=need, theirs=them)
