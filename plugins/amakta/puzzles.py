"""Amakta puzzles: move values that see a win in one or two, and the themes of a solution, for
Amakta's ``GameDef.puzzles`` (:class:`tafel.PuzzleSupport`, made in the plugin's ``__init__``,
which imports this module only when puzzles are asked for).

A move's value (:func:`score_moves`) is 1 when it occupies the opponent's base, or (three plies
and more) when it wins in two by force: after it the opponent cannot occupy our base at once, and
every reply leaves us able to occupy theirs. It is 0 when the opponent can occupy our base at once
after it, else 0.5 plus 0.4 times the game's evaluation. Only the fastest wins count: where a
move wins at once, the slower ones are valued by the evaluation. Three plies look for the win in two among
the moves that take control of the opponent's base (a win needs it); four plies, the confirming
search, also try every reply to the twelve best other moves, whatever they control; five plies
(the tests' deeper check of a shipped set) to every other move.

The generator's speed (the standard set's fourteen pieces make hundreds of moves a position):
:func:`candidate` tells it where no move can be worth a win, without valuing every move, and
who controls a base is counted on the few fields whose arrows can reach it (:func:`base_control`),
not on the whole board.

Themes: ``base`` (the line occupies the base), ``threat`` (its first move takes control of the
base the opponent then cannot hold), the kind of the first move (``placement``, ``rotation``,
``expropriation``, ``relocation``, ``removal``, ``appropriation``, ``replacement``), ``defence`` (the opponent threatened our base before).

>>> from tafel.games.amakta.rules.state import AmaktaState
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
>>> candidate(s)
True
>>> best = score_moves(s, 3)
>>> best.sort(key=lambda mv: -mv[1]); s.move_to_text(best[0][0]), best[0][1]
('...', 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import cast

from tafel import GameState, Move

from .evaluate import SCALE, can_win_now, evaluate, score
from .rules.engine import PASS, REINFORCE, Position
from .rules.engine import Move as AmaktaMove
from .rules.state import AmaktaState

#: The theme of the first move's kind.
KIND_THEMES = {
    "place": "placement",
    "rotate": "rotation",
    "expropriate": "expropriation",
    "relocate": "relocation",
    "remove": "removal",
    "appropriate": "appropriation",
    "replace": "replacement",
    "release-place": "replacement",
}
#: Other moves whose every reply the confirming search tries.
VERIFY_OTHERS = 12


# --- the opponent's base alone: who controls it, without computing the whole board -----------------

#: Per board: for each base, the fields an arrow could reach it from, each with the arrows
#: (direction, reach) that do and the fields between that would block them.
_sources: dict[int, tuple[dict, ...]] = {}


def _base_sources(board) -> tuple[dict, ...]:
    """``({source: [(direction, reach, blockers)]}, ...)`` for White's base and Black's."""
    key = id(board)
    kept = _sources.get(key)
    if kept is not None:
        return kept
    found: tuple[dict, ...] = tuple({} for _ in board.bases)
    for cell in board.fields:
        for direction, ray in enumerate(board.rays[cell]):
            for reach, target in enumerate(ray, start=1):
                for which, base in enumerate(board.bases):
                    if target == base:
                        found[which].setdefault(cell, []).append((direction, reach, tuple(ray[: reach - 1])))
    _sources[key] = found
    return found


def base_control(pos: Position, colour: int) -> int:
    """Who controls ``colour``'s base (0 White, 1 Black, -1 neither), as ``pos.control()`` says,
    counting only the arrows that can reach it: a few fields instead of the whole board.

    >>> from tafel.games.amakta.rules.state import AmaktaState
    >>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
    >>> base_control(s.pos, 1) == s.pos.control().get(s.pos.eq.board.bases[1]), base_control(s.pos, 1)
    (True, 0)
    """
    board = pos.eq.board
    if not board.finite:
        return pos.control().get(board.bases[colour], -1)
    if pos._ctrl is not None:  # computed already: nothing to save
        return pos._ctrl.get(board.bases[colour], -1)
    cells = pos.cells
    table = pos.eq.arrows
    counts = [0, 0]
    counts[colour] += 1  # the base's own arrow
    for source, arrows in _base_sources(board)[colour].items():
        piece = cells.get(source)
        if piece is None:
            continue
        col, idx, ori, ex = piece
        own = table[col][idx][ori]
        for direction, reach, blockers in arrows:
            if any(b in cells for b in blockers):
                continue
            counts[col ^ ex] += own.count((direction, reach))
    piece = cells.get(board.bases[colour])
    if piece is not None and not piece[3]:
        col, idx = piece[0], piece[1]
        circle = pos.circles[col][idx]
        if circle and counts[1 - col]:
            counts[col if circle == REINFORCE else 1 - col] += 1
    white, black = counts
    return 0 if white > black else 1 if black > white else -1


def can_win_at_once(pos: Position) -> bool:
    """:func:`can_win_now`, asking first who controls the opponent's base (no control, no win)."""
    me = pos.turn
    if base_control(pos, 1 - me) != me:
        return False
    return can_win_now(pos)


def _near_base(board, colour: int) -> frozenset:
    """The fields a move must touch to change who controls ``colour``'s base: the base, the
    fields its arrows come from and those between."""
    sources = _base_sources(board)[colour]
    near = {board.bases[colour], *sources}
    for arrows in sources.values():
        for _direction, _reach, blockers in arrows:
            near.update(blockers)
    return frozenset(near)


def candidate(state: GameState) -> bool:
    """False only where no move is worth a win at the generator's depth (three plies): the side to
    move can neither occupy the opponent's base now nor take control of it with a move (a win in
    two needs that). Cheap: only the moves that touch the base's surroundings are tried, and for
    each only the base's control is counted (:func:`base_control`)."""
    assert isinstance(state, AmaktaState)
    if state.phase != "play" or state.offer is not None or state.outcome is not None:
        return False
    pos = state.pos
    me = pos.turn
    their = 1 - me
    if base_control(pos, their) == me or not pos.eq.board.finite:
        return True  # a win at once, or control held (kept by some move): the search decides
    near = _near_base(pos.eq.board, their)
    for move in pos.moves():
        if move.kind == PASS or (move.cell not in near and move.to not in near):
            continue
        if base_control(pos.apply(move), their) == me:
            return True
    return False


def _won(child: AmaktaState, seat: int) -> bool:
    outcome = child.outcome
    return outcome is not None and seat in outcome.winners


def _wins_in_two(child: AmaktaState, seat: int) -> bool:
    """After our move (``child``, the opponent to move): does every reply let us occupy their base?"""
    if child.outcome is not None or can_win_at_once(child.pos):
        return False
    replies = child.legal_moves()
    if not replies:
        return False
    for reply in replies:
        after = child.play_unchecked(reply)
        if after.outcome is not None:
            if not _won(after, seat):
                return False
            continue
        if after.to_move != seat or not can_win_at_once(after.pos):
            return False
    return True


def _controls_their_base(child: AmaktaState, colour: int) -> bool:
    return base_control(child.pos, 1 - colour) == colour


def score_moves(state: GameState, depth: int) -> list[tuple[Move, float]]:
    """Every move with its value for the side to move (see the module docstring)."""
    assert isinstance(state, AmaktaState)
    moves = state.legal_moves()
    if state.phase != "play" or state.offer is not None:
        return [(m, 0.5) for m in moves]
    seat = state.to_move
    colour = state.pos.turn
    # Only the fastest wins count: where one move wins at once, no slower win is looked for.
    deep = depth >= 3 and not can_win_at_once(state.pos)
    scores: list[tuple[Move, float]] = []
    for move in moves:
        child = state.play_unchecked(move)
        if child.outcome is not None:
            value = float(child.outcome.rewards[seat])
        elif can_win_at_once(child.pos):
            value = 0.01 * (1.0 + math.tanh(score(child.pos, colour) / SCALE))  # lost: the stubbornest first
        elif deep and _controls_their_base(child, colour) and _wins_in_two(child, seat):
            value = 1.0
        else:
            value = 0.5 + 0.4 * evaluate(child, seat)
        scores.append((move, value))
    if deep and depth >= 4:
        order = sorted(range(len(scores)), key=lambda i: -scores[i][1])
        others = order[1:] if depth >= 5 else order[1 : 1 + VERIFY_OTHERS]
        for i in others:
            other, value = scores[i]
            if 0.1 < value < 1.0 and _wins_in_two(state.play_unchecked(cast(AmaktaMove, other)), seat):
                scores[i] = (other, 1.0)
    return scores


def trim(state: GameState) -> GameState:
    """The position without its repetition history: a puzzle's few plies cannot bring a
    situation back a third time, and the history made a standard-set position's text kilobytes
    long (the generator confirms the puzzle on this state).

    >>> from tafel.games.amakta.rules.state import AmaktaState
    >>> s = AmaktaState.new("small", "beginner")
    >>> trim(s) is s
    True
    """
    assert isinstance(state, AmaktaState)
    return state._replace(history=()) if state.history else state


def move_key(state: GameState, move: Move) -> object:
    """Moves that end on the same field are one idea (occupying the base with this piece or that,
    placed or moved there, turned this way or that)."""
    to = getattr(move, "to", None)
    return to if to is not None else getattr(move, "cell", None)


def themes(state: GameState, line: Sequence[Move]) -> list[str]:
    assert isinstance(state, AmaktaState)
    names: list[str] = []
    end = state
    for move in line:
        end = end.play(cast(AmaktaMove, move))
    if end.outcome is not None and state.to_move in end.outcome.winners:
        names.append("base")
    first = line[0]
    after = state.play(cast(AmaktaMove, first))
    if len(line) > 1 and after.outcome is None and _controls_their_base(after, state.pos.turn):
        names.append("threat")
    kind = KIND_THEMES.get(getattr(first, "kind", ""))
    if kind is not None:
        names.append(kind)
    if _controls_their_base(state, 1 - state.pos.turn):
        names.append("defence")
    return names


__all__ = ["base_control", "candidate", "move_key", "score_moves", "themes", "trim"]
