"""A static evaluation of Amakta positions: control balance, base threats and defence, material.

:func:`score` works on a bare :class:`~tafel.games.amakta.rules.engine.Position` (any board, so
Amakta Infinit can use it) and returns points for a colour; :func:`evaluate` is the
``GameDef.evaluate`` hook: the same for a seat, squashed into [-0.9, 0.9], except that a
position where the side to move can occupy the opponent's base at once (:func:`can_win_now`)
is worth nearly a win for it (:data:`NEAR_WIN`): a search then sees a base threat one ply
before the win itself.

Terms, each "mine minus the opponent's":

- **control**: fields controlled, weighted up the nearer they lie to the opponent's base
  (where the game is won);
- **base pressure**: arrows at the opponent's base against the one permanent arrow and
  the defenders there; controlling it is a threat to win on the next move;
- **material**: pieces owned (on the board or in hand); a removed piece is lost for good and
  an expropriated one changes sides;
- **vulnerability**: own pieces on fields the opponent controls can be expropriated, and
  bound pieces cannot move.

>>> from tafel.games.amakta.rules.state import AmaktaState
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1")
>>> score(s.pos, 0) > score(s.pos, 1)
True
>>> can_win_now(AmaktaState.from_text("board=small set=beginner cells=w1r0@d6/w4r3@d5 turn=white").pos)
False
>>> threat = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
>>> can_win_now(threat.pos), evaluate(threat, 0), evaluate(threat, 1)
(True, 0.98, -0.98)
"""

from __future__ import annotations

import math

from .rules.board import BLACK, WHITE
from .rules.engine import Position

CONTROL = 1.0
#: Extra weight of a controlled field next to the opponent's base (falls off linearly).
PROGRESS = 1.5
PRESSURE = 2.0
THREAT = 8.0
MATERIAL = 4.0
EXPOSED = 2.5
BOUND = 0.7
SCALE = 25.0
#: :func:`evaluate` of ordinary positions stays within this (below a base threat's value).
SPREAD = 0.9
#: :func:`evaluate` for the side to move when it can occupy the opponent's base at once.
NEAR_WIN = 0.98

_weights: dict[tuple[int, int], dict] = {}


def _progress(pos: Position, colour: int, cell) -> float:
    board = pos.eq.board
    target = board.bases[1 - colour]
    span = max(1, board.distance(board.bases[0], board.bases[1]))
    d = board.distance(cell, target)
    return 1.0 + PROGRESS * max(0.0, 1.0 - d / span)


def _weight_table(pos: Position) -> tuple[dict, dict]:
    board = pos.eq.board
    if not board.finite:
        return ({}, {})
    key = (id(board), 0)
    table = _weights.get(key)
    if table is None:
        table = {c: {cell: _progress(pos, c, cell) for cell in board.fields} for c in (WHITE, BLACK)}
        _weights[key] = table
    return table[WHITE], table[BLACK]


def score(pos: Position, colour: int) -> float:
    """Points for ``colour`` (positive: better for ``colour``), unbounded."""
    counts = pos.counts()
    ctrl = pos.control()
    cells = pos.cells
    board = pos.eq.board
    tables = _weight_table(pos)
    total = [0.0, 0.0]
    for cell, who in ctrl.items():
        if who < 0:
            continue
        table = tables[who]
        w = table.get(cell)
        if w is None:
            w = _progress(pos, who, cell)
        total[who] += CONTROL * w
    for c in (WHITE, BLACK):
        o = 1 - c
        base = board.bases[o]
        mine, theirs = counts.get(base, (0, 0))[c], counts.get(base, (0, 0))[o]
        if mine > theirs:
            total[c] += THREAT
        else:
            total[c] += PRESSURE * mine - 0.5 * PRESSURE * max(0, theirs - 1)
    owned = [len(pos.inv[0]), len(pos.inv[1])]
    for cell, (col, _idx, _ori, ex) in cells.items():
        owner = col ^ ex
        owned[owner] += 1
        state = ctrl.get(cell)
        if state is None or state == owner:
            continue
        if state == 1 - owner:
            # An own piece there can be expropriated; an expropriated one released.
            total[owner] -= EXPOSED
        else:
            total[owner] -= BOUND
    total[0] += MATERIAL * owned[0]
    total[1] += MATERIAL * owned[1]
    return total[colour] - total[1 - colour]


def can_win_now(pos: Position) -> bool:
    """True when the colour to move has a move that occupies the opponent's base."""
    me = pos.turn
    base = pos.eq.board.bases[1 - me]
    if pos.control().get(base) != me:
        return False
    piece = pos.cells.get(base)
    if piece is None:
        if pos.inv[me]:
            return True
        # Relocate one of our free pieces there.
        return any(p[0] ^ p[3] == me and pos.is_free(c) for c, p in pos.cells.items())
    col, _idx, _ori, ex = piece
    if col ^ ex == me:
        return True
    if not ex:
        return True  # expropriate it where it stands
    return bool(pos.inv[me])  # release it and place one of ours


def evaluate(state, seat: int) -> float:
    """``GameDef.evaluate``: the value for ``seat`` in [-1, 1] (0 before play starts): +-:data:`NEAR_WIN`
    when the side to move can occupy the opponent's base at once, else the score squashed into
    +-:data:`SPREAD`."""
    if state.phase != "play":
        return 0.0
    colour = 0 if state.white_seat == seat else 1
    pos = state.pos
    if can_win_now(pos):
        return NEAR_WIN if pos.turn == colour else -NEAR_WIN
    return SPREAD * math.tanh(score(pos, colour) / SCALE)
