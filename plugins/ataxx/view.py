"""The Ataxx board on screen: the kit's grid view on a 7x7 wooden board with shaded stones.

Input (only while ``ctx.interactive``):

- Mouse: click one of your stones to select it; its clone targets (filled dots in
  ``theme.target_near``) and jump targets (rings in ``theme.target_far``) light up. Click a target
  to play, or press on the stone and release on a target. Clicking another of your stones
  re-selects; clicking anywhere else (or the right button) deselects. With no stone selected, a
  click on the empty square a hint marks plays the hint (the marked square answers the click).
- Keyboard / gamepad: the first arrow key shows a cursor; arrows move it, Enter or Space selects a
  stone and then plays to a target. Backspace clears the selection. Escape clears it too, but the
  core uses Escape for its pause menu: it should hand Escape to the view only while
  :attr:`AtaxxView.has_selection` is True. The cursor hides again when the mouse moves.

Everything else (layout, kept pictures, the clone, jump and flip animations, hint, last move)
is :class:`tafel.kit.GridBoardView`'s.

>>> import pygame
>>> from tafel.games.ataxx import GAME
>>> from tafel.games.ataxx.board import square_of
>>> view = AtaxxView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 820, 600))
>>> view.square_at(view.square_center(square_of("c5"))) == square_of("c5")
True
>>> view.square_at((0, 0)) is None
True
"""

from __future__ import annotations

import pygame

from tafel import GameState
from tafel.kit import GridBoardView, SquareGrid, supersampled
from tafel.view import BoardView, ViewContext

from .board import DOUBLES, FILES, SINGLES, SIZE, SQUARES, STRIDE
from .rules import SEAT_NAMES, AtaxxMove, AtaxxState
from .texts import _


class AtaxxView(GridBoardView):
    """Renderer and controller for Ataxx; see the module docstring for the controls."""

    select_first = True
    margin = 0.56  # the coordinate frame round the field, in cells
    pad = 0.02
    hover_all = True
    from_dot = 1 / 14

    def make_grid(self, options):
        return SquareGrid({sq: (sq % STRIDE, sq // STRIDE) for sq in SQUARES})

    def piece_at(self, state, cell):
        return 0 if state.red >> cell & 1 else 1 if state.blue >> cell & 1 else None

    def is_blocked(self, state, cell):
        return bool(state.gaps >> cell & 1)

    def labels(self):
        files = self.grid.rim_labels(0, FILES.__getitem__, "last", 0.78)
        return files + self.grid.rim_labels(1, lambda r: str(r + 1), "first", 0.78)

    def handle_event(self, event, state, ctx):
        """The kit's clicks, and one more: the hinted empty square, clicked with no stone
        selected, plays the hint (a player who clicks where the hint points means that move)."""
        hint = ctx.hint
        if (
            hint is not None
            and self.selected is None
            and ctx.interactive
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not self.motion.busy
            and self.cell_at(event.pos) == hint.to
            and state.is_legal(hint)
        ):
            return hint
        return super().handle_event(event, state, ctx)

    def can_select(self, state, cell):
        return bool(state.stones(state.to_move) >> cell & 1 and (SINGLES[cell] | DOUBLES[cell]) & state.empty)

    def move_for(self, state, frm, to):
        if (
            frm is None
            or to is None
            or not (state.stones(state.to_move) >> frm & 1 and state.empty >> to & 1)
        ):
            return None
        move = (
            AtaxxMove(None, to)
            if SINGLES[frm] >> to & 1
            else AtaxxMove(frm, to)
            if DOUBLES[frm] >> to & 1
            else None
        )
        return move if move is not None and state.is_legal(move) else None

    def target_kind(self, move):
        return "far" if move.is_jump else "near"

    def make_marks(self, theme):
        """Square marks filling the cell; a ring round the stones a move would flip."""
        c = self.cell

        def square(fill, edge=(0, 0, 0, 0), width=0, inset=0):
            mark = pygame.Surface((c, c), pygame.SRCALPHA)
            mark.fill(fill)
            pygame.draw.rect(
                mark, edge, mark.get_rect().inflate(-inset, -inset), width, border_radius=inset * 2
            )
            return mark

        def ring(big, ss):
            pygame.draw.circle(
                big, (*theme.highlight, 220), (c * ss / 2,) * 2, 0.425 * c * ss, round(0.035 * c * ss)
            )

        return super().make_marks(theme) | {
            "hover": square((255, 255, 255, 38)),
            "selected": square((*theme.highlight, 80), (*theme.highlight, 230), max(2, c // 18)),
            "last": square((0, 0, 0, 0), theme.last_move, max(2, c // 20), max(2, c // 20)),
            "flip": supersampled((c, c), ring),
        }

    # Every move sounds the same, flips or not.
    sound_for = BoardView.sound_for

    # --- the names the tests and the GUI know -------------------------------------------------

    square_center = GridBoardView.cell_center
    square_at = GridBoardView.cell_at
    square_rect = GridBoardView.cell_rect

    @property
    def cell(self) -> int:
        """A square's side in pixels."""
        return round(self.grid.size)

    @property
    def field(self) -> pygame.Rect:
        """The 7x7 squares on the screen."""
        return self.square_rect(SQUARES[SIZE * (SIZE - 1)]).union(self.square_rect(SQUARES[SIZE - 1]))

    # --- side panel ---------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """Stone counts, and the halfmove clock under engine rules.

        >>> from tafel.games.ataxx import GAME
        >>> AtaxxView(GAME, GAME.resolve_options({})).status(AtaxxState.start(True), None)
        ['Red 2 stones', 'Blue 2 stones', 'Halfmove clock 0']
        """
        if not isinstance(state, AtaxxState):
            return []
        lines = [
            _.ngettext("{side} {n} stone", "{side} {n} stones", state.count(s)).format(
                side=_(name), n=state.count(s)
            )
            for s, name in enumerate(SEAT_NAMES)
        ]
        if state.engine_rules:
            lines.append(_("Halfmove clock {n}").format(n=state.halfmove))
        reps = state.repetitions() if state.halfmove else 1
        if reps > 1 and state.outcome is None:
            lines.append(_("Position seen {n} times (3 ends the game)").format(n=reps))
        return lines
