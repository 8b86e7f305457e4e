"""The legal moves of one state, indexed for the controller."""

from __future__ import annotations

from typing import Any

from ..rules.engine import PLACE, RELEASE_PLACE, RELOCATE, REPLACE, Move
from ..rules.state import PLAY, AmaktaState


class Legal:
    """The legal moves of one state, indexed for the controller."""

    def __init__(self, state: AmaktaState) -> None:
        self.state = state
        self.moves = list(state.legal_moves())
        self.set = set(self.moves)
        self.by_cell: dict[Any, list[Move]] = {}
        self.hand_targets: dict[int, set[Any]] = {}
        self.relocate: dict[Any, set[Any]] = {}
        self.into: dict[Any, list[Move]] = {}
        self.kinds: dict[str, Move] = {}
        self.play = state.phase == PLAY and state.offer is None
        for m in self.moves:
            if m.kind in (PLACE, REPLACE, RELEASE_PLACE):
                self.hand_targets.setdefault(m.piece, set()).add(m.cell)
            if m.kind == RELOCATE:
                self.relocate.setdefault(m.cell, set()).add(m.to)
            if m.kind in (PLACE, RELOCATE):
                self.into.setdefault(m.to if m.kind == RELOCATE else m.cell, []).append(m)
            if m.cell is not None and m.kind != PLACE:
                self.by_cell.setdefault(m.cell, []).append(m)
            self.kinds.setdefault(m.kind, m)
        for _label, m in state.meta_moves():  # offer a draw, resign: not moves of the game
            self.kinds.setdefault(m.kind, m)

    def find(
        self, kind: str, cell: Any = None, to: Any = None, piece: int | None = None, o: int | None = None
    ):
        """The legal move with these parts (orientation normalised), or None."""
        pos = self.state.pos
        if o is not None:
            if kind in (PLACE, REPLACE, RELEASE_PLACE):
                o = pos.eq.normal(pos.turn, piece, o)
            else:
                col, idx, _ori, _ex = pos.cells[cell]
                o = pos.eq.normal(col, idx, o)
        move = Move(kind, cell, to, piece, o)
        return move if move in self.set else None
