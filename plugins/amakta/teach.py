"""Why a move: the one-line reason an Amakta hint gives, from the terms the evaluation weighs.

The AI's process writes the reason in English with its numbers in it (``info["reason"]``); the
screen shows it in the player's language through the game's :data:`REASONS` (``GameDef.reasons``,
:func:`tafel.i18n.reword`). Amakta Infinit plays with the same agent, so its hints say the same.
What is said, the first that holds (the terms of :mod:`~tafel.games.amakta.evaluate`, counted as a
player counts them): the move occupies the opponent's base; it ends the opponent's control of
your base; it takes control of the opponent's base (a threat to win next move); it wins a piece;
it takes pieces out of the opponent's control; it widens your control; else the balance of fields.

>>> from tafel.games.amakta.rules.state import AmaktaState
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
>>> move = next(m for m in s.legal_moves() if s.play(m).outcome is not None)
>>> explain(s, move)
"occupies the opponent's base and wins"
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1")
>>> explain(s, s.legal_moves()[0])
'passes: fields controlled, you 2, the opponent 1'
"""

from __future__ import annotations

from .rules.engine import Move, Position
from .rules.state import CIRCLES_NONE, PLAY, AmaktaState
from .texts import N_

WINS = N_("occupies the opponent's base and wins")
DEFENDS = N_("ends the opponent's control of your base, which threatened to win")
THREATENS = N_("takes control of the opponent's base: a threat to occupy it next move")
WINS_PIECE = N_("wins a piece: pieces owned, you {mine}, the opponent {theirs}")
SAFER = N_("takes {n} of your pieces out of the opponent's control")
SAFER_ONE = N_("takes a piece of yours out of the opponent's control")
WIDENS = N_("widens your control: fields controlled, you {mine}, the opponent {theirs}")
BALANCE = N_("keeps the best balance of fields controlled: you {mine}, the opponent {theirs}")
PASSES = N_("passes: fields controlled, you {mine}, the opponent {theirs}")
NO_CIRCLES = N_("keeps to the plain game, as beginners play it")
TAKES_WHITE = N_("takes White, which moves first")
ONLY_MOVE = N_("the only move")
#: Every reason, for the game's ``reasons`` (the catalog's German for each).
REASONS = (
    WINS,
    DEFENDS,
    THREATENS,
    WINS_PIECE,
    SAFER,
    SAFER_ONE,
    WIDENS,
    BALANCE,
    PASSES,
    NO_CIRCLES,
    TAKES_WHITE,
    ONLY_MOVE,
)


def _fields(pos: Position, colour: int) -> tuple[int, int]:
    """Fields controlled by ``colour`` and by the opponent."""
    ctrl = list(pos.control().values())
    return ctrl.count(colour), ctrl.count(1 - colour)


def _owned(pos: Position, colour: int) -> tuple[int, int]:
    """Pieces ``colour`` and the opponent own (in hand or on the board, expropriated ones changed)."""
    owned = [len(pos.inv[0]), len(pos.inv[1])]
    for col, _idx, _ori, ex in pos.cells.values():
        owned[col ^ ex] += 1
    return owned[colour], owned[1 - colour]


def _exposed(pos: Position, colour: int) -> int:
    """``colour``'s pieces on fields the opponent controls (it may expropriate them)."""
    ctrl = pos.control()
    return sum(1 for cell, p in pos.cells.items() if p[0] ^ p[3] == colour and ctrl.get(cell) == 1 - colour)


def explain(state: AmaktaState, move: Move) -> str:
    """What ``move`` does for the side to move in ``state``, in English (see the module)."""
    if state.phase != PLAY:
        if move == CIRCLES_NONE:
            return NO_CIRCLES
        if move.kind == "colour" and move.colour == 0:
            return TAKES_WHITE
        return ONLY_MOVE if len(state.legal_moves()) == 1 else ""
    before, me = state.pos, state.pos.turn
    after_state = state.play_unchecked(move)
    if after_state.outcome is not None and after_state.outcome.winners == (state.to_move,):
        return WINS
    after = after_state.pos
    bases = before.eq.board.bases
    mine, theirs = _fields(after, me)
    if before.control().get(bases[me]) == 1 - me and after.control().get(bases[me]) != 1 - me:
        return DEFENDS
    if before.control().get(bases[1 - me]) != me and after.control().get(bases[1 - me]) == me:
        return THREATENS
    owned, owned_before = _owned(after, me), _owned(before, me)
    if owned[0] - owned[1] > owned_before[0] - owned_before[1]:
        return WINS_PIECE.format(mine=owned[0], theirs=owned[1])
    saved = _exposed(before, me) - _exposed(after, me)
    if saved > 0:
        return SAFER_ONE if saved == 1 else SAFER.format(n=saved)
    if move.kind == "pass":
        return PASSES.format(mine=mine, theirs=theirs)
    was = _fields(before, me)
    if mine - theirs > was[0] - was[1]:
        return WIDENS.format(mine=mine, theirs=theirs)
    return BALANCE.format(mine=mine, theirs=theirs)
