"""Why a move: the one-line reason an Ataxx hint gives, from what the move does on the board.

The AI's process writes the reason in English with its numbers in it (``info["reason"]``); the
screen shows it in the player's language through the game's :data:`REASONS` (``GameDef.reasons``,
:func:`tafel.i18n.reword`). What is said, the first that holds: the game ends (won or drawn),
the opponent is wiped out, stones are captured (and how many the best reply takes back), a
threat is cut down, or the move adds a stone or moves one without giving a capture away.

>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.from_fen("x5o/7/7/7/7/7/o5x x 0 1")
>>> explain(s, s.parse_move("b6")), explain(s, s.parse_move("a7c5"))
('adds a stone, and no reply captures any of yours', 'jumps where no reply captures anything')
>>> s = AtaxxState.from_fen("x5o/1oo4/7/7/7/7/o5x x 0 1")
>>> explain(s, s.parse_move("b7")), explain(s, s.parse_move("a6"))
('captures 2 stones, and no reply captures any back', 'captures 1 stone; the best reply takes back 3')
>>> s = AtaxxState.from_fen("7/1oo4/x6/7/7/7/7 x 0 1")
>>> explain(s, s.parse_move("b5"))
'captures the last 2 stones: the opponent is wiped out'
"""

from __future__ import annotations

from .board import DOUBLES, SINGLES, squares
from .rules import AtaxxMove, AtaxxState
from .texts import N_

WINS = N_("ends the game with a win, {mine} stones to {theirs}")
DRAWS = N_("ends the game in a draw, {mine} stones each")
ENDS = N_("ends the game, {mine} stones to {theirs}: no move does better")
WIPES_OUT = N_("captures the last {n} stones: the opponent is wiped out")
WIPES_OUT_ONE = N_("captures the last stone: the opponent is wiped out")
CAPTURES_CLEAN = N_("captures {n} stones, and no reply captures any back")
CAPTURES_CLEAN_ONE = N_("captures 1 stone, and no reply captures any back")
CAPTURES_ONE = N_("captures {n} stones; the best reply takes back 1")
CAPTURES = N_("captures {n} stones; the best reply takes back {k}")
CAPTURES_ONE_STONE = N_("captures 1 stone; the best reply takes back {k}")
CUTS = N_("cuts the opponent's best capture from {before} to {after} stones")
ADDS_SAFE = N_("adds a stone, and no reply captures any of yours")
ADDS = N_("adds a stone; the best reply captures {k}")
JUMPS_SAFE = N_("jumps where no reply captures anything")
JUMPS = N_("jumps; the best reply captures {k}")
ONLY_MOVE = N_("the only move")
PASSES = N_("no move but a pass")
#: Every reason, for the game's ``reasons`` (the catalog's German for each).
REASONS = (
    WINS,
    DRAWS,
    ENDS,
    WIPES_OUT,
    WIPES_OUT_ONE,
    CAPTURES_CLEAN,
    CAPTURES_CLEAN_ONE,
    CAPTURES_ONE,
    CAPTURES,
    CAPTURES_ONE_STONE,
    CUTS,
    ADDS_SAFE,
    ADDS,
    JUMPS_SAFE,
    JUMPS,
    ONLY_MOVE,
    PASSES,
)


def best_capture(attacker: int, victim: int, empty: int) -> int:
    """The most stones of ``victim`` one move of ``attacker`` captures (0: none, or no move).

    >>> from tafel.games.ataxx.board import square_of
    >>> bit = lambda *names: sum(1 << square_of(n) for n in names)
    >>> best_capture(bit("a1"), bit("c2", "c3"), bit("b2", "b3", "d3"))
    2
    """
    best = 0
    for to in squares(empty):
        if (SINGLES[to] | DOUBLES[to]) & attacker:
            best = max(best, (SINGLES[to] & victim).bit_count())
    return best


def explain(state: AtaxxState, move: AtaxxMove) -> str:
    """What ``move`` does for the side to move in ``state``, in English (see the module)."""
    if move.is_pass:
        return PASSES
    if len(state.legal_moves()) == 1:
        return ONLY_MOVE
    me = state.to_move
    after = state.play_unchecked(move)
    mine, theirs = after.stones(me), after.stones(1 - me)
    n = (SINGLES[move.to] & state.stones(1 - me)).bit_count()  # type: ignore[index]
    if after.outcome is not None:
        a, b = mine.bit_count(), theirs.bit_count()
        if not theirs:
            return WIPES_OUT_ONE if n == 1 else WIPES_OUT.format(n=n)
        if a != b:
            return (WINS if a > b else ENDS).format(mine=a, theirs=b)
        return DRAWS.format(mine=a)
    k = best_capture(theirs, mine, after.empty)
    if n:
        if k == 0:
            return CAPTURES_CLEAN_ONE if n == 1 else CAPTURES_CLEAN.format(n=n)
        if n == 1:
            return CAPTURES_ONE_STONE.format(k=k)
        return CAPTURES_ONE.format(n=n) if k == 1 else CAPTURES.format(n=n, k=k)
    before = best_capture(state.stones(1 - me), state.stones(me), state.empty)
    if before >= 2 and k < before:
        return CUTS.format(before=before, after=k)
    if move.is_jump:
        return JUMPS_SAFE if k == 0 else JUMPS.format(k=k)
    return ADDS_SAFE if k == 0 else ADDS.format(k=k)
