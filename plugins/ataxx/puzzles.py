"""Ataxx puzzles: every move valued by the engine (exact root scores), and the themes a
solution shows, for Ataxx's ``GameDef.puzzles`` (:class:`tafel.PuzzleSupport`, made in the
plugin's ``__init__``, which imports this module only when puzzles are asked for).

Themes: ``jump`` or ``clone`` (the first move), ``big-capture`` (it flips five stones or more),
``not-greedy`` (another move would flip more), ``wipe-out`` (the line takes the opponent's last
stone), ``blocked`` (the opponent is left without a move), ``endgame`` (a dozen empty squares
or fewer).

>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.from_fen("x5o/7/7/7/7/7/o6 x 0 1")
>>> scores = score_moves(s, 2)
>>> len(scores) == len(s.legal_moves()), max(v for _m, v in scores) <= 1.0
(True, True)
>>> themes(s, [s.legal_moves()[0]])
['clone']
"""

from __future__ import annotations

from collections.abc import Sequence

from tafel import GameState, Move

from .ai import position_keys, to_move_obj, win_chance
from .rules import RED, AtaxxState
from .search import Engine


def score_moves(state: GameState, depth: int) -> list[tuple[Move, float]]:
    """Every move with its value for the side to move: the engine's exact score of each root move
    ``depth`` plies deep (a fresh engine, so the answer depends on nothing else), as a win chance."""
    assert isinstance(state, AtaxxState)
    if state.is_forced_pass():
        return [(m, 0.5) for m in state.legal_moves()]
    own, opp = (state.red, state.blue) if state.to_move == RED else (state.blue, state.red)
    result = Engine().search(
        own, opp, state.gaps, max_depth=depth, seen=position_keys(state), root_scores=True
    )
    scores = result.root_scores or [(result.move, result.score)]
    return [(to_move_obj(code), win_chance(score)) for code, score in scores]


def _flips(state: AtaxxState, move) -> int:
    after = state.play(move)
    seat = state.to_move
    return after.count(seat) - state.count(seat) - (0 if move.is_jump else 1)


def themes(state: GameState, line: Sequence[Move]) -> list[str]:
    assert isinstance(state, AtaxxState)
    first = line[0]
    names = ["jump" if first.is_jump else "clone"]  # type: ignore[attr-defined]
    flips = _flips(state, first)
    if flips >= 5:
        names.append("big-capture")
    if any(_flips(state, m) > flips for m in state.legal_moves() if not m.is_pass):
        names.append("not-greedy")
    end: GameState = state
    for move in line:
        end = end.play(move)
    assert isinstance(end, AtaxxState)
    solver = state.to_move
    if end.count(1 - solver) == 0:
        names.append("wipe-out")
    elif end.outcome is None and end.is_forced_pass() or (end.outcome is not None and end.empty):
        names.append("blocked")
    if state.empty.bit_count() <= 12:
        names.append("endgame")
    return names


__all__ = ["score_moves", "themes"]
