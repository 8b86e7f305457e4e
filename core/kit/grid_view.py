"""A complete board view for games on a grid: the game declares its grid and how a piece looks.

:class:`GridBoardView` draws the board, the pieces at rest (one kept picture), the animations of
every move, legal targets, hover, selection, the last move, hints, the keyboard cursor and a
winning chain; it turns clicks, drags, arrow keys and Enter (so a gamepad too) into moves. A
game subclasses it and overrides a few small hooks (python-chess style)::

    class MyView(GridBoardView):
        def make_grid(self, options):
            return SquareGrid({n: (n % 3, n // 3) for n in range(9)})

        def piece_at(self, state, cell):
            return state.owner(cell)  # a seat, or None for an empty cell

Moves are found by their cells: :meth:`move_cells` reads ``move.frm`` and ``move.to`` (or
``move.cell``); :meth:`move_for` picks the legal move between two cells. With
``select_first`` a player picks a piece, then one of its targets (or drags); without it a
click on a cell plays there.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Hashable, Sequence

import pygame

from tafel.game import GameDef, GameState, Move, Options
from tafel.kit.boards import KeptBoard, paint_board, plate
from tafel.kit.controls import CellControls
from tafel.kit.grids import Cursor, Grid, HexGrid, SquareGrid
from tafel.kit.motion import Jump, Motion, PieceAnimation, Slide, Tween, diff_animations, ease_out
from tafel.kit.overlays import blit_centered, cell_mark, draw_chain, draw_cursor, draw_hint, target
from tafel.kit.pieces import Sprites, stone
from tafel.ui.theme import Theme
from tafel.view import BoardView, ViewContext, darken

Cell = Hashable
Piece = Hashable

__all__ = ["GridBoardView"]


class GridBoardView(CellControls, BoardView):
    """A board view for a grid game; override the hooks under "the game's hooks"."""

    #: From-to moves: pick a piece, then its target. False: a click on a cell plays there.
    select_first = False
    #: Room round the cells for the frame and its labels, in cell units (a hex's radius, a square).
    margin = 0.56
    #: How a piece travels between two cells: Jump or Slide.
    mover: type[Slide] = Jump
    #: Seconds the winning chain takes to draw itself (before the speed setting).
    chain_time = 0.9
    #: The winning chain's size (its rings' radius is about 0.8 of it), a share of the piece's box.
    chain_size = 0.433
    #: Room round the board for its shadow, a share of the board's width.
    pad = 0.015
    #: Mark every cell under the pointer (False: only pieces that can be picked, or playable cells).
    hover_all = False
    #: The dot on the cell the last move left, its radius in cell units.
    from_dot = 1 / 7

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.grid: Grid = self.make_grid(options)
        self.cursor = Cursor(self.grid)
        self.motion = Motion()
        self.selected: Cell | None = None
        self.hover: Cell | None = None
        self.outer = pygame.Rect(0, 0, 1, 1)  # the board's picture, shadow included
        self._pressed: Cell | None = None
        self._gen = 0
        self._sprites = Sprites()
        self._marks: dict[str, pygame.Surface] = {}
        self._marks_key: tuple[Hashable, ...] | None = None
        self._kept = KeptBoard()  # the board and the pieces at rest
        self._board = self._kept.board  # the board's own picture
        self._known: list[
            tuple[GameState, dict[Cell, Piece], dict[tuple[Cell | None, Cell | None], Move]]
        ] = []  # recent states: pieces and moves
        self._moved: GameState | None = None  # the state the running animations lead to
        self._chain: Tween | None = None

    # --- the game's hooks ---------------------------------------------------------------------

    @abstractmethod
    def make_grid(self, options: Options) -> Grid:
        """The grid of cells (made once; a :class:`SquareGrid` or :class:`HexGrid`)."""

    @abstractmethod
    def piece_at(self, state: GameState, cell: Cell) -> Piece | None:
        """What stands on ``cell``: any hashable value :meth:`paint_piece` knows (a seat), or None."""

    def paint_piece(self, piece: Piece, size: int, theme: Theme) -> pygame.Surface:
        """A picture of ``piece``, ``size`` pixels square (kept per size). Default: a stone in the
        colour of seat ``piece``."""
        return stone(theme.seat(int(piece)), size)  # type: ignore[call-overload]

    def move_cells(self, move: Move) -> tuple[Cell | None, Cell | None]:
        """The cells a move goes from and to (``frm`` and ``to``, or ``cell``); None where it has none."""
        return getattr(move, "frm", None), getattr(move, "to", getattr(move, "cell", None))

    def move_for(self, state: GameState, frm: Cell | None, to: Cell) -> Move | None:
        """The legal move from ``frm`` (None: no piece picked) to ``to``, or None."""
        return self._moves(state).get((frm, to))

    def can_select(self, state: GameState, cell: Cell) -> bool:
        """True when the player may pick ``cell``'s piece (it has a move)."""
        return any(frm == cell for frm, _ in self._moves(state))

    def target_kind(self, move: Move) -> str:
        """How a legal target is marked: ``"near"`` (a dot) or ``"far"`` (a ring)."""
        return "near"

    def is_blocked(self, state: GameState, cell: Cell) -> bool:
        """True for a cell nothing may stand on (drawn as a dark recess)."""
        return False

    def winning_cells(self, state: GameState) -> Sequence[Cell]:
        """The cells to join with a glowing chain when the game is won (in order), or none."""
        return ()

    def labels(self) -> list[tuple[str, tuple[float, float]]]:
        """Coordinate labels on the rim, in world units (see :meth:`Grid.rim_labels`)."""
        return []

    def animations(self, before: GameState, move: Move, after: GameState) -> list[PieceAnimation]:
        """The animations of ``move``; by default what changed between the two positions."""
        frm, to = self.move_cells(move)
        return diff_animations(self.pieces(before), self.pieces(after), frm, to, self.mover)

    def paint(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        """The board's picture into ``surface`` (``self.outer`` on the screen); once per layout,
        theme and :meth:`board_key`. Override to paint a board of your own."""
        blocked = [c for c in self.grid.cells if self.is_blocked(state, c)]
        px = max(6, round(self.grid.size * (0.62 if isinstance(self.grid, HexGrid) else self.margin / 2)))
        font = ctx.fonts.get(max(1, round(px / ctx.fonts.scale)), bold=True)
        outline = self.outline()
        paint_board(surface, self.grid, outline, self.outer.topleft, ctx.theme, blocked, self.labels(), font)

    def outline(self) -> list[tuple[float, float]]:
        """The board's outline in world units, which :meth:`layout` fits (default: :func:`plate`)."""
        return plate(self.grid, self.margin)

    def board_key(self, state: GameState) -> Hashable:
        """What of ``state`` the board's picture shows (by default its blocked cells)."""
        return tuple(c for c in self.grid.cells if self.is_blocked(state, c))

    # --- geometry -----------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board (its frame and a shadow's room) into ``rect``, centred."""
        super().layout(rect)
        if self.grid.camera is not None:
            self.grid.camera.set_viewport(self.rect)
            self.outer = pygame.Rect(self.rect)
        else:
            outline = self.outline()
            x0, y0 = min(p[0] for p in outline), min(p[1] for p in outline)
            w, h = max(p[0] for p in outline) - x0, max(p[1] for p in outline) - y0
            pad = self.pad * max(w, h)
            area = (x0 - pad, y0 - pad, w + 2 * pad, h + 2 * pad)
            self.outer = self.grid.fit(self.rect, area, whole=isinstance(self.grid, SquareGrid))
        self._gen += 1

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.grid.center(cell)

    def cell_at(self, pos: Sequence[float]) -> Cell | None:
        return self.grid.cell_at(pos)

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        return self.grid.rect(cell)

    def piece_box(self) -> int:
        """The pixel size of a piece's sprite: a square cell, or a hex's width."""
        return max(4, math.ceil(self.grid.size * (1 if isinstance(self.grid, SquareGrid) else 2)))

    # --- what the states hold (kept for a few recent states) ----------------------------------

    def _facts(
        self, state: GameState
    ) -> tuple[dict[Cell, Piece], dict[tuple[Cell | None, Cell | None], Move]]:
        for known, pieces, moves in self._known:
            if known is state:
                return pieces, moves
        pieces = {c: p for c in self.grid.cells if (p := self.piece_at(state, c)) is not None}
        moves = {}
        for move in state.legal_moves() if state.outcome is None else ():
            moves.setdefault(self.move_cells(move), move)
        self._known = [(state, pieces, moves), *self._known[:3]]
        return pieces, moves

    def pieces(self, state: GameState) -> dict[Cell, Piece]:
        """Every piece of ``state`` by cell."""
        return self._facts(state)[0]

    def _moves(self, state: GameState) -> dict[tuple[Cell | None, Cell | None], Move]:
        return self._facts(state)[1]

    def targets(self, state: GameState, frm: Cell) -> dict[Cell, str]:
        """The cells the piece on ``frm`` may go to, each with its :meth:`target_kind`."""
        found = {to: self.move_for(state, frm, to) for to in self.grid.cells}
        return {to: self.target_kind(m) for to, m in found.items() if m is not None}

    # --- the controller -----------------------------------------------------------------------

    @property
    def has_selection(self) -> bool:
        return self.selected is not None

    @property
    def animating(self) -> bool:
        return self.motion.busy or (self._chain is not None and not self._chain.done)

    def reset(self, state: GameState) -> None:
        self.motion.stop()
        self.selected = self._pressed = self._chain = None

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self.reset(after)
        self.motion.start(self.animations(before, move, after))
        self._moved = after
        if self.motion.speed > 0 and self.winning_cells(after):
            self._chain = Tween(self.chain_time * self.motion.speed, self.motion.length, ease_out)

    def update(self, dt: float) -> None:
        self.motion.update(dt)
        if self._chain is not None:
            self._chain.update(dt)
        if self.grid.camera is not None:
            self.grid.camera.update(dt)

    def sound_for(self, before: GameState, move: Move, after: GameState) -> str | None:
        """``"capture"`` when other pieces than the mover change, else ``"move"``."""
        frm, to = self.move_cells(move)
        old, new = self.pieces(before), self.pieces(after)
        changed = {c for c in set(old) | set(new) if old.get(c) != new.get(c)} - {frm, to}
        return "capture" if changed else "move"

    def handle_view_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> bool:
        return self.grid.camera.handle_event(event) if self.grid.camera is not None else False

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        self.motion.speed = ctx.anim_speed
        if self.grid.camera is not None and self.grid.camera.handle_event(event):
            return None
        if not ctx.interactive or state.outcome is not None or self.motion.busy:
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # Press on a piece, release on one of its targets: a drag plays the move too.
            pressed, self._pressed = self._pressed, None
            cell = self.cell_at(event.pos)
            if pressed is not None and pressed == self.selected and cell is not None and cell != pressed:
                move = self.move_for(state, pressed, cell)
                if move is not None:
                    self.selected = None
                    return move
            return None
        move = self.cell_event(event, state)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.selected
        return move

    def default_cursor(self, state: GameState) -> Cell:
        """Where the cursor first shows: the top-left piece that can move, else the middle cell."""
        cells = [c for c in self.grid.cells if self.select_first and self.can_select(state, c)]
        if cells:
            return min(cells, key=lambda c: self.grid.center(c)[::-1])
        cx, cy = self.rect.center
        return min(self.grid.cells, key=lambda c: math.dist(self.grid.center(c), (cx, cy)))

    def activate(self, cell: Cell | None, state: GameState) -> Move | None:
        """A click (or Enter) on ``cell``: play there, or pick, re-pick or drop a piece (the mouse,
        keys and gamepad are :class:`tafel.kit.controls.CellControls`'s)."""
        if cell is None:
            self.selected = None
            return None
        if not self.select_first:
            return self.move_for(state, None, cell)
        if self.selected is not None:
            move = self.move_for(state, self.selected, cell)
            if move is not None:
                self.selected = None
                return move
        self.selected = cell if self.can_select(state, cell) else None
        return None

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        self.motion.speed = ctx.anim_speed
        self._ensure_marks(ctx)
        moving = self.motion.busy and state is self._moved
        live = ctx.interactive and not moving and state.outcome is None
        selected, focus, targets, hover, preview = self._pointing(state, live)
        last = self.move_cells(ctx.last_move) if ctx.show_last and ctx.last_move is not None else (None, None)
        hidden = self.motion.hidden if moving else frozenset()
        self._draw_still(surface, state, ctx, hidden, last, hover, selected)
        if moving:
            self._draw_moving(surface, ctx)
        self.draw_over(surface, state, ctx)
        if ctx.show_legal:
            for cell, kind in targets.items():
                if not (preview is not None and cell == focus):
                    blit_centered(surface, self._marks[kind], self.grid.center(cell))
        if preview is not None:
            self._draw_preview(surface, state, preview, focus, ctx)
        hint = self.move_cells(ctx.hint) if ctx.hint is not None and not moving else (None, None)
        if hint[1] is not None or hint[0] is not None:
            draw_hint(surface, self.grid, hint[0], hint[1], ctx.theme.hint, ctx.time)
        if live and self.cursor.shown and self.cursor.cell is not None:
            draw_cursor(
                surface, self.grid, self.cursor.cell, ctx.theme.text, darken(ctx.theme.background, 0.3)
            )
        chain = self.winning_cells(state) if state.outcome is not None and not moving else ()
        if chain:
            progress = self._chain.value if self._chain is not None and state is self._moved else 1.0
            points = [self.grid.center(c) for c in chain]
            draw_chain(
                surface, points, ctx.theme.highlight, self.piece_box() * self.chain_size, progress, ctx.time
            )

    def _pointing(
        self, state: GameState, live: bool
    ) -> tuple[Cell | None, Cell | None, dict[Cell, str], Cell | None, Move | None]:
        """What the player points at, for this frame: the selected cell, the focused one (cursor
        or mouse), the selection's targets, the cell to light as hovered and the move to preview."""
        selected = (
            self.selected
            if live and self.selected is not None and self.can_select(state, self.selected)
            else None
        )
        focus = (self.cursor.cell if self.cursor.shown else self.hover) if live else None
        targets = self.targets(state, selected) if selected is not None else {}
        hover = None
        if focus is not None and not self.cursor.shown and focus != selected and focus not in targets:
            if self.hover_all or (self.select_first and self.can_select(state, focus)):
                hover = focus
        preview = (
            self.move_for(state, selected if self.select_first else None, focus)
            if focus is not None
            else None
        )
        if preview is not None and self.select_first and selected is None:
            preview = None
        if (self.hover_all or not self.select_first) and preview is not None and not self.cursor.shown:
            hover = focus
        return selected, focus, targets, hover, preview

    def _draw_moving(self, surface: pygame.Surface, ctx: ViewContext) -> None:
        """The pieces in flight of the move being shown, over the still board."""
        box = self.piece_box()
        for pose in self.motion.poses(lambda c: self.grid.center(c), self.grid.size):
            self._sprite(pose.piece, ctx)  # made (and kept) first: the scaled frame is of it
            frame = self._sprites.scaled((pose.piece, ctx.theme), box, pose.sx, pose.sy)
            if frame is not None:
                if pose.alpha < 255:
                    frame = frame.copy()
                    frame.set_alpha(pose.alpha)
                blit_centered(surface, frame, pose.at)

    def draw_over(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        """Draw the game's own marks over the pieces (every frame), under the targets, hint,
        cursor and winning chain. Default: nothing."""

    def _draw_preview(
        self, surface: pygame.Surface, state: GameState, move: Move, focus: Cell, ctx: ViewContext
    ) -> None:
        """A ghost of the piece a move would put on ``focus``, rings on the pieces it would turn."""
        after = state.play(move)
        piece = self.piece_at(after, focus)
        if piece is not None and self.piece_at(state, focus) is None:
            ghost = self._sprite(piece, ctx).copy()
            ghost.set_alpha(110)
            blit_centered(surface, ghost, self.grid.center(focus))
        old, new = self.pieces(state), self.pieces(after)
        for cell in old:
            if cell != focus and new.get(cell) is not None and new[cell] != old[cell]:
                blit_centered(surface, self._marks["flip"], self.grid.center(cell))

    def _sprite(self, piece: Piece, ctx: ViewContext) -> pygame.Surface:
        return self._sprites.get(
            (piece, ctx.theme), self.piece_box(), lambda size: self.paint_piece(piece, size, ctx.theme)
        )

    def _draw_still(
        self,
        surface: pygame.Surface,
        state: GameState,
        ctx: ViewContext,
        hidden: frozenset[Cell],
        last: tuple[Cell | None, Cell | None],
        hover: Cell | None,
        selected: Cell | None,
    ) -> None:
        """Board, last move, hover and selection marks and the resting pieces, as one kept picture."""
        board_key = (
            self._gen,
            ctx.theme,
            self.board_key(state),
            id(ctx.fonts),
            ctx.fonts.scale,
            self.grid.size,
        )
        pieces = self.pieces(state)
        resting = tuple(sorted(((c, p) for c, p in pieces.items() if c not in hidden), key=repr))

        def paint(still: pygame.Surface) -> None:
            for cell in last:
                if cell is not None and cell in self.grid:
                    blit_centered(still, self._marks["last"], self.grid.center(cell))
            if last[0] is not None and last[1] is not None:
                pygame.draw.circle(
                    still,
                    ctx.theme.last_move,
                    self.grid.center(last[0]),
                    max(2, round(self.grid.size * self.from_dot)),
                )
            for cell, name in ((hover, "hover"), (selected, "selected")):
                if cell is not None:
                    blit_centered(still, self._marks[name], self.grid.center(cell))
            for cell, piece in resting:
                blit_centered(still, self._sprite(piece, ctx), self.grid.center(cell))

        area = self.outer.clip(self.rect) if self.grid.camera else self.outer
        board = lambda s: self.paint(s, state, ctx)  # noqa: E731
        key = (resting, last, hover, selected)
        self._kept.blit(surface, area, board_key, board, ctx.theme.background, key, paint)

    def _ensure_marks(self, ctx: ViewContext) -> None:
        key = (self._gen, ctx.theme, self.grid.size)
        if key != self._marks_key:
            self._marks_key = key
            self._sprites.clear()
            self._marks = self.make_marks(ctx.theme)

    def make_marks(self, theme: Theme) -> dict[str, pygame.Surface]:
        """The marks, each blitted centred on its cell: ``hover``, ``selected``, ``last``, ``flip`` (a
        piece a move would turn) and the targets ``near`` and ``far``. Made once per layout and
        theme; override to change some (``super().make_marks(theme) | {...}``)."""
        g = self.grid
        dot = self.piece_box() if isinstance(g, SquareGrid) else round(self.piece_box() * 1.25)
        return {
            "hover": cell_mark(g, fill=(255, 255, 255, 46)),
            "selected": cell_mark(g, fill=(*theme.highlight, 70), edge=(*theme.highlight, 235), width=0.12),
            "last": cell_mark(g, edge=(*theme.last_move, 235), width=0.1),
            "flip": cell_mark(g, edge=(*theme.highlight, 200), width=0.09, scale=0.8),
            "near": target(dot, theme.target_near, ring=False),
            "far": target(dot, theme.target_far, ring=True),
        }
