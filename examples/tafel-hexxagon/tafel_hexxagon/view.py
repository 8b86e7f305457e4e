"""The Hexxagon board on screen: the kit's grid view on 61 flat-topped cells, with cut gems.

Click one of your gems, then a target: dots clone, rings jump (or drag the gem). Arrows move a
cursor (Up/Down along a file, Left/Right across the files keeping to the row), Enter picks and
plays, Backspace drops the pick; a gamepad's D-pad and A do the same.
"""

from __future__ import annotations

from tafel.kit import GridBoardView, HexGrid, gem

from .board import CELLS, FAR, FILES, NEAR, coords
from .rules import SEAT_NAMES, HexMove, _


class HexxagonView(GridBoardView):
    select_first = True  # pick a gem, then its target
    margin = 0.8

    def make_grid(self, options):
        return HexGrid({c: (q, -r) for c in CELLS for q, r in [coords(c)]})  # files are columns, ranks climb

    cell_at_pixel = GridBoardView.cell_at

    radius = property(lambda self: self.grid.size)

    def piece_at(self, state, cell):
        return 0 if state.ruby >> cell & 1 else 1 if state.sapphire >> cell & 1 else None

    def paint_piece(self, piece, size, theme):
        # Ruby is cut as a hexagon, Sapphire as an octagon: shapes, not only colours.
        return gem(theme.seat(piece), size, 6) if piece == 0 else gem(theme.seat(piece), size, 8, 22.5)

    def is_blocked(self, state, cell):
        return bool(state.gaps >> cell & 1)

    def labels(self):
        files = self.grid.rim_labels(0, lambda q: FILES[q], "last")
        return files + self.grid.rim_labels(1, lambda r: str(1 - r), "first")

    def can_select(self, state, cell):
        return bool(state.gems(state.to_move) >> cell & 1 and (NEAR[cell] | FAR[cell]) & state.empty)

    def move_for(self, state, frm, to):
        if frm is None or to is None:
            return None
        move = HexMove(None, to) if NEAR[frm] >> to & 1 else HexMove(frm, to) if FAR[frm] >> to & 1 else None
        ok = move is not None and state.gems(state.to_move) >> frm & 1 and state.is_legal(move)
        return move if ok else None

    def target_kind(self, move):
        return "far" if move.is_jump else "near"

    def status(self, state, ctx):
        """Gem counts, and a warning when a position is about to repeat a third time.

        >>> from tafel_hexxagon import GAME
        >>> HexxagonView(GAME, GAME.resolve_options({})).status(GAME.new_state(GAME.resolve_options({})), None)
        ['Ruby 3 gems', 'Sapphire 3 gems']
        """
        lines = []
        for name, n in zip(SEAT_NAMES, map(state.count, (0, 1)), strict=True):
            lines.append(_.ngettext("{name} {n} gem", "{name} {n} gems", n).format(name=_(name), n=n))
        if state.outcome is None and state.halfmove and (reps := state.repetitions()) > 1:
            lines.append(_("Position seen {n} times (3 ends the game)").format(n=reps))
        return lines
