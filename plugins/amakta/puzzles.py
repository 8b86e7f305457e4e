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

Themes: ``base`` (the line occupies the base), ``threat`` (its first move takes control of the
base the opponent then cannot hold), the kind of the first move (``placement``, ``rotation``,
``expropriation``, ``relocation``, ``removal``, ``appropriation``, ``replacement``), ``defence`` (the opponent threatened our base before).

>>> from tafel.games.amakta.rules.state import AmaktaState
>>> s = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1/w4r0@d6 turn=white")
>>> best = score_moves(s, 3)
>>> best.sort(key=lambda mv: -mv[1]); s.move_to_text(best[0][0]), best[0][1]
('...', 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tafel import GameState, Move

from .evaluate import SCALE, can_win_now, evaluate, score
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


def _won(child: AmaktaState, seat: int) -> bool:
    outcome = child.outcome
    return outcome is not None and seat in outcome.winners


def _wins_in_two(child: AmaktaState, seat: int) -> bool:
    """After our move (``child``, the opponent to move): does every reply let us occupy their base?"""
    if child.outcome is not None or can_win_now(child.pos):
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
        if after.to_move != seat or not can_win_now(after.pos):
            return False
    return True


def _controls_their_base(child: AmaktaState, colour: int) -> bool:
    pos = child.pos
    return pos.control().get(pos.eq.board.bases[1 - colour]) == colour


def score_moves(state: GameState, depth: int) -> list[tuple[Move, float]]:
    """Every move with its value for the side to move (see the module docstring)."""
    assert isinstance(state, AmaktaState)
    moves = state.legal_moves()
    if state.phase != "play" or state.offer is not None:
        return [(m, 0.5) for m in moves]
    seat = state.to_move
    colour = state.pos.turn
    # Only the fastest wins count: where one move wins at once, no slower win is looked for.
    deep = depth >= 3 and not can_win_now(state.pos)
    scores: list[tuple[Move, float]] = []
    for move in moves:
        child = state.play_unchecked(move)
        if child.outcome is not None:
            value = float(child.outcome.rewards[seat])
        elif can_win_now(child.pos):
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
            move, value = scores[i]
            if 0.1 < value < 1.0 and _wins_in_two(state.play_unchecked(move), seat):
                scores[i] = (move, 1.0)
    return scores


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
        end = end.play(move)
    if end.outcome is not None and state.to_move in end.outcome.winners:
        names.append("base")
    first = line[0]
    after = state.play(first)
    if len(line) > 1 and after.outcome is None and _controls_their_base(after, state.pos.turn):
        names.append("threat")
    kind = KIND_THEMES.get(getattr(first, "kind", ""))
    if kind is not None:
        names.append(kind)
    if _controls_their_base(state, 1 - state.pos.turn):
        names.append("defence")
    return names


__all__ = ["move_key", "score_moves", "themes"]
