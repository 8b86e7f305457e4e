"""The Amakta view: the parts put together, the layout, the play screen and the hooks for variants.

:class:`AmaktaView` is made of :class:`~.board.BoardPainter` (the board), :class:`~.panels.Panels`
(inventories, bar, tooltips) and :class:`~.menu.MoveInput` (mouse, keys, the move menu). A variant
subclasses it and overrides only the hooks the package's ``__init__`` lists.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, cast

import pygame

from tafel import GameDef, GameState, Options
from tafel.kit import (
    SQRT3,
    Button,
    DoubledHexGrid,
    KeptPanel,
    Layer,
    MendedBoard,
    Texts,
    board_layout,
    slot_grid,
)
from tafel.view import BoardView, ViewContext

from ..rules import catalog
from ..rules.board import BLACK, WHITE, Board
from ..rules.engine import APPROPRIATE, COLOUR_NAMES, RELOCATE, ROTATE, Move
from ..rules.pieces import orient
from ..rules.state import PLAY, AmaktaState
from ..texts import _
from .board import BoardPainter
from .menu import Legal, MoveInput
from .panels import Panels


class AmaktaView(BoardPainter, Panels, MoveInput, BoardView):
    """Renderer and controller for Amakta; see the package's docstring (and its hooks for variants)."""

    #: Make piece pictures while the AI thinks (see ``_prewarm``).
    warm_pieces = True

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.board: Board = catalog.board(options.get("board", catalog.DEFAULT_BOARD))
        #: The fields' geometry (the kit's hex grid in doubled coordinates, fitted in ``arrange``).
        self.grid = DoubledHexGrid({})
        self.size, self.slot_radius, self.wide, self.geo_key = 10.0, 10.0, True, None
        self.board_area, self.bar_rect = pygame.Rect(0, 0, 1, 1), pygame.Rect(0, 0, 1, 1)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.inv_rects = {WHITE: pygame.Rect(0, 0, 1, 1), BLACK: pygame.Rect(0, 0, 1, 1)}
        self.slots: dict[int, list[pygame.Rect]] = {WHITE: [], BLACK: []}
        self.sprites: dict[tuple, pygame.Surface] = {}
        self.texts = Texts()
        # Parts of the picture kept between frames: the board (mended field by field), each
        # inventory (mended slot by slot) and the control tints (a translucent layer of their own).
        self.board_layer = MendedBoard()
        self.inv_layers = {WHITE: KeptPanel(), BLACK: KeptPanel()}
        self.control_layer = Layer()
        self._legal: Legal | None = None
        # Idle-time piece pictures (see _prewarm); busy: this frame drew more than kept pictures.
        self._warm_pos: Any = None
        self._warm: Any = iter(())
        self.busy = self.show_control = self.cursor_visible = False
        self.buttons: list[Button] = []
        self.button_focus: int | None = None
        self.menu: list[tuple[str, Callable[[], Move | None]]] = []
        self.menu_rect, self.menu_focus, self.menu_anchor = pygame.Rect(0, 0, 0, 0), 0, None
        self.clear_selection()
        self.hover_cell: Any = None
        self.hover_slot: tuple[int, int] | None = None
        #: Where this frame's tooltip was drawn (None: none), always off the board.
        self.tip_rect: pygame.Rect | None = None
        #: The keyboard cursor's field, and the screen column it keeps (see the kit grid's ``step``).
        self.cursor: Any = None
        self.cursor_keep: float | None = None
        self.resign_armed = 0.0
        self.state: AmaktaState | None = None

    # --- controller state -------------------------------------------------------------------

    def clear_selection(self) -> None:
        #: None, "hand" (an inventory piece is chosen), "menu", "orient", "relocate", "pick"
        self.mode: str | None = None
        self.sel_cell: Any = None
        self.sel_piece: int | None = None
        self.kind: str | None = None
        self.target: Any = None
        self.orient = 0
        self.menu = []
        self.message = ""

    @property
    def has_selection(self) -> bool:
        """True while something is selected (the core may hand Escape to the view to clear it)."""
        return self.mode is not None

    def reset(self, state: GameState) -> None:
        self.clear_selection()
        self._legal = None

    def on_move(self, before: GameState, move: Hashable, after: GameState) -> None:
        self.reset(after)
        self.resign_armed = 0.0

    def update(self, dt: float) -> None:
        self.resign_armed = max(0.0, self.resign_armed - dt)

    # --- geometry ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.geo_key = None
        self.arrange()

    def arrange(self) -> None:
        key = (tuple(self.rect), id(self.board), self.piece_counts())
        if key == self.geo_key:
            return
        self.geo_key = key
        self.sprites.clear()
        self.layout_areas()
        board = self.board
        self.grid = DoubledHexGrid({c: board.xy(c) for c in board.fields})
        # In units of the hex radius: a field's half on each side, and room for the labels.
        xys = [board.xy(c) for c in board.fields] + list(board.holes)
        self.grid.fit_xy(self.board_area, xys, (SQRT3 + 0.6, 2 + 0.4))
        self.size = self.grid.scale
        for colour in (WHITE, BLACK):
            self.slots[colour] = self.slot_grid(self.inv_rects[colour], self.piece_count(colour))

    def layout_areas(self, inventories: bool = True) -> None:
        """The bar, the prompt line, the inventories and the board area in ``self.rect`` (see
        :func:`tafel.kit.panels.board_layout`). Without ``inventories`` the board takes their room."""
        self.wide, self.bar_rect, self.prompt_rect, self.board_area, panels = board_layout(
            self.rect, inventories
        )
        self.inv_rects = {WHITE: panels[0], BLACK: panels[1]}

    def piece_counts(self) -> tuple[int, int]:
        state = self.state
        if state is None:
            n = len(catalog.piece_set(self.options.get("set", catalog.DEFAULT_SET)))
            return (n, n)
        return (len(state.eq.sets[0]), len(state.eq.sets[1]))

    def piece_count(self, colour: int) -> int:
        return self.piece_counts()[colour]

    def slot_grid(self, rect: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Slots for ``n`` pieces in ``rect`` below a title line, as large as they fit."""
        self.slot_radius, slots = self.grid_fit(rect, n)
        return slots

    def grid_fit(self, rect: pygame.Rect, n: int) -> tuple[float, list[pygame.Rect]]:
        """(piece radius, slots) of ``slot_grid``."""
        title_h = max(18, rect.width // 7) if self.wide else max(16, int(min(rect.height, rect.width) * 0.12))
        inner = pygame.Rect(rect.x + 4, rect.y + title_h, rect.width - 8, rect.height - title_h - 4)
        unit, slots = slot_grid(inner, n, (SQRT3, 2.0))
        return max(4.0, unit * 0.9 * 0.86), slots

    def cell_center(self, cell: Any) -> tuple[float, float]:
        return self.grid.point(cell)

    def cell_at(self, pos: tuple[int, int]) -> Any:
        """The field under the pixel ``pos``, or None."""
        return self.grid.cell_at(pos) if self.board_area.collidepoint(pos) else None

    def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for colour in (WHITE, BLACK):
            for i, r in enumerate(self.slots[colour]):
                if r.collidepoint(pos):
                    return colour, i
        return None

    # --- helpers ----------------------------------------------------------------------------

    def legal_for(self, state: AmaktaState) -> Legal:
        if self._legal is None or self._legal.state is not state:
            self._legal = Legal(state)
        return self._legal

    # --- drawing ----------------------------------------------------------------------------

    def sync(self, state: AmaktaState, ctx: ViewContext) -> None:
        """Hook: take in the state about to be drawn or to receive an event (its board; the layout)."""
        self.state = state
        if state.eq.board is not self.board:
            self.board, self.geo_key = state.eq.board, None
        self.arrange()

    def draw_start_phase(self, surface: pygame.Surface, state: AmaktaState, ctx: ViewContext, live: bool):
        """Hook: draw a variant's own screen for a phase before play; True when it drew one (then the
        play screen is not drawn). Amakta's start phase (circles, colours) is the play screen's bar."""
        return False

    def start_phase_event(self, event: pygame.event.Event, state: AmaktaState, ctx: ViewContext):
        """Hook: an event for a variant's own start-phase screen: ``(True, move or None)`` when the
        screen took it, ``(False, None)`` to let the play screen's input have it."""
        return False, None

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        if not isinstance(state, AmaktaState):
            return
        self.sync(state, ctx)
        self.busy = False
        self.tip_rect = None
        live = ctx.interactive and state.outcome is None
        if self.draw_start_phase(surface, state, ctx, live):
            return
        self.draw_play(surface, state, ctx, live)
        if self.warm_pieces and not live and not self.busy and state.phase == PLAY and state.outcome is None:
            self._prewarm(state.pos)

    def _prewarm(self, pos) -> None:
        """While the AI thinks and nothing changes on screen, make one piece picture its move may
        need (so the frame that shows the move has less to do): the mover's pieces in hand and on
        the board in every orientation, the other side's pieces expropriated."""
        if self._warm_pos is not pos:
            self._warm_pos = pos
            self._warm = self._warm_candidates(pos)
        for key in self._warm:
            if key not in self.sprites:
                self.sprite(*key)
                return

    def _warm_candidates(self, pos):
        eq, me, s = pos.eq, pos.turn, self.size
        for col, idx, ori, ex in pos.cells.values():
            if col ^ ex != me:  # expropriated by the mover (or given back)
                circle = pos.circle((col, idx, ori, 1 - ex))
                yield (orient(eq.sets[col][idx], ori), col, circle, None if ex else col ^ 1, s, 255)
        for col, idx, _ori, ex in pos.cells.values():
            if col ^ ex == me:
                for o in eq.orients[col][idx]:
                    circle = pos.circle((col, idx, o, ex))
                    yield (orient(eq.sets[col][idx], o), col, circle, (col ^ ex) if ex else None, s, 255)
        for idx in pos.inv[me]:
            for o in eq.orients[me][idx]:
                yield (orient(eq.sets[me][idx], o), me, pos.circles[me][idx], None, s, 255)

    def draw_play(self, surface: pygame.Surface, state: AmaktaState, ctx: ViewContext, live: bool) -> None:
        """The play screen: the board and its pieces, the help over them, the inventories and the bar."""
        if not live and self.mode is not None:
            self.clear_selection()
        # The legal moves are listed only for a human's turn: a new state from the AI must not
        # cost the frame a move generation.
        legal = self.legal_for(state) if live else None
        pos, s, theme = state.pos, self.size, ctx.theme
        moving = (
            self.sel_cell if self.mode == "relocate" else None,
            self.target if self.mode == "orient" else None,
        )
        faded = frozenset(c for c in moving if c in pos.cells)
        targets = frozenset(self._targets(cast(Legal, legal))) if live else frozenset()
        self.draw_board(surface, ctx, pos, self._last_cells(ctx), targets, faded)
        if self.show_control:
            self._draw_control(surface, ctx, pos.control(), pos.counts(), pos.cells)
        if live and self.sel_cell is not None and self.sel_cell in pos.cells:
            self._ring(surface, self.sel_cell, theme.highlight, 0.98, 0.09)
        # hover help and previews
        focus = self.cursor if self.cursor_visible else self.hover_cell
        preview = self._preview(state, cast(Legal, legal), focus) if live else None
        if preview is not None:
            (cell, (col, idx, o, _ex)) = preview
            self._draw_arrows(surface, ctx, pos, cell, preview[1])
            layout = orient(pos.eq.sets[col][idx], o)
            self.blit_piece(surface, self.cell_center(cell), layout, col, pos.circles[col][idx], None, s, 215)
        elif focus is not None and focus in pos.cells:
            self._draw_arrows(surface, ctx, pos, focus, None)
        if live and self.cursor_visible and self.cursor is not None:
            self._ring(surface, self.cursor, theme.focus, 1.0, 0.08)
        if isinstance(ctx.hint, Move):
            ghost = self.hint_ghost(state, ctx.hint) if preview is None else None
            if ghost is not None:  # which piece, turned how: drawn where the hint puts it
                (cell, (col, idx, o, ex)) = ghost
                layout = orient(pos.eq.sets[col][idx], o)
                self.blit_piece(
                    surface, self.cell_center(cell), layout, col, pos.circles[col][idx], None, s, 170
                )
            for cell in (ctx.hint.cell, ctx.hint.to):
                if cell is not None and self.board.is_field(cell):
                    self._ring(surface, cell, theme.hint, 0.95, 0.1)
        self.finish_board(surface, ctx, state)
        for colour in (WHITE, BLACK):
            self.draw_inventory(surface, ctx, state, legal, colour, live)
        self.draw_bar(surface, ctx, state, legal, live)  # type: ignore[arg-type]  # None when not live
        if self.mode == "menu" and self.menu:
            self._draw_menu(surface, ctx)
        if self.mode != "menu":
            shown = focus is not None and self.draw_focus_tooltip(surface, ctx, state, focus)
            if not shown and self.hover_slot is not None:
                self.draw_slot_tooltip(surface, ctx, state, *self.hover_slot)

    def finish_board(self, surface: pygame.Surface, ctx: ViewContext, state: AmaktaState) -> None:
        """Called after everything drawn over the board (a subclass may add to it or end a clip)."""

    def draw_focus_tooltip(self, surface: pygame.Surface, ctx: ViewContext, state: AmaktaState, focus):
        """The tooltip of the field under the pointer or the cursor; False when it has none (then an
        inventory slot under the pointer may show one)."""
        if focus not in state.pos.cells:
            return False
        self.draw_piece_tooltip(surface, ctx, state, focus)
        return True

    def _last_cells(self, ctx: ViewContext) -> set:
        move = ctx.last_move
        if not ctx.show_last or not isinstance(move, Move):
            return set()
        return {c for c in (move.cell, move.to) if c is not None and self.board.is_field(c)}

    def _targets(self, legal: Legal) -> set:
        if self.mode == "hand" and self.sel_piece is not None:
            return set(legal.hand_targets.get(self.sel_piece, ()))
        if self.mode == "relocate":
            return set(legal.relocate.get(self.sel_cell, ()))
        if self.mode == "orient" and self.target is not None:
            return {self.target}
        return set()

    def hint_ghost(self, state: AmaktaState, hint: Move):
        """(cell, piece) the hint shows as a ghost: the piece it places, turns or moves, lying
        as the hint turns it, on the field it goes to; None for a move without a piece.

        >>> from tafel.games.amakta import GAME
        >>> view = AmaktaView(GAME, GAME.resolve_options({}))
        >>> state = AmaktaState.from_text("board=small set=beginner cells=w1r0@d1")
        >>> hint = next(m for m in state.legal_moves() if m.kind == "place" and m.orient == 2)
        >>> view.hint_ghost(state, hint) == (hint.cell, (state.pos.turn, hint.piece, 2, 0))
        True
        """
        cells, o = state.pos.cells, hint.orient
        if o is None or hint.cell is None:
            return None
        if hint.piece is not None and hint.kind not in (ROTATE, APPROPRIATE, RELOCATE):
            return hint.cell, (state.pos.turn, hint.piece, o, 0)
        source = cells.get(hint.cell)
        if source is None:
            return None
        col, idx, _o, ex = source
        return (hint.to if hint.kind == RELOCATE and hint.to is not None else hint.cell), (col, idx, o, ex)

    def _preview(self, state: AmaktaState, legal: Legal, focus: Any):
        """(cell, piece) to show as a ghost: the selected piece where it would go."""
        cells, me, o = state.pos.cells, state.pos.turn, self.orient
        if self.mode == "hand" and self.sel_piece is not None:
            return (
                (focus, (me, self.sel_piece, o, 0))
                if focus in legal.hand_targets.get(self.sel_piece, ())
                else None
            )
        if self.mode == "relocate" and focus in legal.relocate.get(self.sel_cell, ()):
            col, idx, _o, ex = cells[self.sel_cell]
            return focus, (col, idx, o, ex)
        if self.mode == "orient" and self.target is not None:
            if self.kind in (ROTATE, APPROPRIATE, RELOCATE):
                col, idx, _o, ex = cells[self.target if self.kind != RELOCATE else self.sel_cell]
                return self.target, (col, idx, o, ex)
            if self.sel_piece is not None:
                return self.target, (me, self.sel_piece, o, 0)
        return None

    # --- side panel ---------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """Phase, who plays which colour, pieces in hand and out of the game, repetitions.

        >>> from tafel.games.amakta import GAME
        >>> view = AmaktaView(GAME, GAME.resolve_options({}))
        >>> view.status(AmaktaState.from_text("board=small set=beginner cells=w1r0@d1"), None)[:2]
        ['White: Player 1, 5 in hand, 0 out', 'Black: Player 2, 6 in hand, 0 out']
        """
        if not isinstance(state, AmaktaState):
            return []
        lines, pos = [], state.pos
        for colour in (WHITE, BLACK):
            seat = state.seat_of(colour)
            hand, out = len(pos.inv[colour]), len(pos.removed(colour))
            if state.white_seat is None:  # the circles' assignment decides who plays which colour
                text = _("{colour}: {hand} in hand, {out} out")
                lines.append(text.format(colour=_(COLOUR_NAMES[colour]), hand=hand, out=out))
                continue
            who = _("Player {n}").format(n=seat + 1)
            text = _("{colour}: {who}, {hand} in hand, {out} out")
            lines.append(text.format(colour=_(COLOUR_NAMES[colour]), who=who, hand=hand, out=out))
        reps = state.repetitions()
        if reps > 1 and state.outcome is None:
            lines.append(_("Situation seen {n} times (3 draws)").format(n=reps))
        if state.offer is not None:
            lines.append(_("Draw offered by Player {n}").format(n=state.offer + 1))
        lines.append(_("Keys: R turn, M mirror, C control, P pass, Tab hand"))
        return lines
