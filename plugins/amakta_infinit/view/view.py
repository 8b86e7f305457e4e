"""The Infinit view: the camera, the phases before play through the Amakta view's hooks, play."""

from __future__ import annotations

from typing import Any, cast

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.games.amakta.rules.board import BLACK, WHITE
from tafel.games.amakta.rules.engine import COLOUR_NAMES
from tafel.games.amakta.rules.engine import Move as AMove
from tafel.games.amakta.rules.pieces import digits, from_digits
from tafel.games.amakta.rules.state import PLAY, SEAT_NAMES
from tafel.games.amakta.view import FIELD, KEY_DIRS, AmaktaView
from tafel.kit import CameraDrag, DoubledHexGrid, KeptArea, hex_points
from tafel.view import ACTIVATE_KEYS as ACTIVATE
from tafel.view import CLEAR_KEYS as CANCEL
from tafel.view import Camera, ViewContext, mix

from ..state import BID, CREATION, DRAW_MOVES, InfinitState, bid_cap, board
from ..texts import _
from ..values import CREATE, normal, warm_up
from .auction import Auction
from .editor import Editor
from .fields import Fields
from .parts import DRAG_THRESHOLD, HOLD_PAN, HOLD_ZOOM, LABEL_SIZE, world
from .sets import Sets


class InfinitView(Auction, Editor, Sets, Fields, AmaktaView):
    """Renderer and controller for Amakta Infinit; see the module docstring."""

    warm_pieces = False

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.board = board(int(options.get("distance", 6)))
        self.camera = Camera(zoom=20.0, min_zoom=1.5, max_zoom=140.0, pan_buttons=(2, 3), keys=True)
        self.grid = DoubledHexGrid(None, self.camera)
        self.drag = CameraDrag(self.camera, DRAG_THRESHOLD, HOLD_PAN, HOLD_ZOOM)
        self._framed = self._interactive = False
        self._clip: pygame.Rect | None = None
        # What the field picture, the auction card and the editor keep (see their mixins).
        self._bg: pygame.Surface | None = None
        self._bg_key: tuple | None = None
        self._labels: dict[tuple[str, int], pygame.Surface] = {}
        self._backdrop, self._auction_layer, self._editor_layer = KeptArea(), KeptArea(), KeptArea()
        self._editor_made: tuple[tuple, list] | None = None
        self.widgets: list = []
        self.mouse = (-1, -1)
        # The piece editor: the arrows' digits, the circle, the chosen direction.
        self.edit, self.edit_circle, self.edit_dir = [0] * 6, 0, 0
        self.close_armed = self._value_y = self._circle_title_y = 0.0
        # The auction: the bid to raise to, the state it was set for; a hint taken in.
        self.bid_value, self.typed = 0, ""
        self._bid_state: InfinitState | None = None
        self._hinted: Any = None
        self.hint_text = ""
        # The creation moves take a second or two to list the first time: do it while the
        # auction runs, for as many points as Black can get.
        warm_up(bid_cap(int(options.get("points", 60))))

    # --- board and state ------------------------------------------------------------------------

    def piece_counts(self) -> tuple[int, int]:
        return (0, 0) if self.state is None else (len(self.state.eq.sets[0]), len(self.state.eq.sets[1]))

    def _phase(self) -> str:
        return self.state.phase if isinstance(self.state, InfinitState) else BID

    def sync(self, state: InfinitState, ctx: ViewContext) -> None:  # type: ignore[override]  # the variant's state
        """The hook before each draw and event: the board, the layout, the camera's home."""
        self.state = state
        if state.eq.board is not self.board:
            self.board, self._framed, self.geo_key = state.eq.board, False, None
        self.arrange()
        self.camera.home = self._home(state)
        if not self._framed:
            self._frame(animate=False)
        self.size = self.camera.zoom

    def _home(self, state: InfinitState | None = None) -> tuple[float, float, float, float]:
        """The world rectangle round both bases and every piece."""
        points = [world(c) for c in (*self.board.bases, *(state.pos.cells if state is not None else ()))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return (min(xs) - 2.0, min(ys) - 2.2, max(xs) - min(xs) + 4.0, max(ys) - min(ys) + 4.4)

    def _frame(self, animate: bool = True) -> None:
        state = self.state if isinstance(self.state, InfinitState) else None
        self.camera.frame(self._home(state), margin=0.04, animate=animate, max_zoom=60.0)
        self._framed = True

    # --- geometry ---------------------------------------------------------------------------------

    def arrange(self) -> None:
        key = (tuple(self.rect), self.piece_counts(), self._phase())
        if key == self.geo_key:
            return
        self.geo_key = key
        # Nothing in hand during the auction: the auction card gets the whole area.
        self.layout_areas(inventories=self._phase() != BID)
        self.board_area.size = (max(1, self.board_area.width), max(1, self.board_area.height))
        self.camera.set_viewport(self.board_area)
        for colour in (WHITE, BLACK):
            n = self.piece_count(colour)
            self.slots[colour] = self.slot_grid(self._slots_rect(colour), n) if n else []
        self._bg_key = None

    def _slots_rect(self, colour: int) -> pygame.Rect:
        rect = self.inv_rects[colour]
        if self._phase() == CREATION:
            # Room for a second title line (the points left).
            extra = self._set_line(rect)
            rect = pygame.Rect(rect.x, rect.y + extra, rect.width, rect.height - extra)
        return rect

    def _visible(self, cell: Any, margin: float = 1.0) -> bool:
        x, y = self.cell_center(cell)
        m = self.size * margin
        a = self.board_area
        return a.x - m <= x <= a.right + m and a.y - m <= y <= a.bottom + m

    # --- time -------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        self.close_armed = max(0.0, self.close_armed - dt)
        if not self._interactive and self._phase() == PLAY:
            # Pan and zoom with held keys and a dragging mouse while the core sends no events (AI turns).
            self.drag.hold(dt, self.board_area)
        self.camera.update(dt)

    @property
    def _dragged(self) -> bool:
        """Whether the left button drags the board now (not a click)."""
        return self.drag.dragged

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        super().on_move(before, move, after)
        self.typed, self.close_armed = "", 0.0
        if not isinstance(after, InfinitState) or not isinstance(move, AMove):
            return
        if move.kind == CREATE and move.piece == normal(from_digits(self.edit)):
            self.edit, self.edit_circle = [0] * 6, 0
        self.state = after
        if isinstance(before, InfinitState) and before.phase != PLAY and after.phase == PLAY:
            self.geo_key = None
            self.arrange()
            self._frame()
        elif after.phase == PLAY and any(
            not self._visible(c, -0.5) for c in (move.cell, move.to) if isinstance(c, tuple)
        ):
            self._frame()  # the move happened off screen: show it

    # --- drawing ----------------------------------------------------------------------------------

    def draw_start_phase(  # type: ignore[override]  # the variant's state
        self, surface: pygame.Surface, state: InfinitState, ctx: ViewContext, live: bool
    ):
        """The hook for the phases before play: the auction card, then the piece editor."""
        self._interactive = ctx.interactive
        if state.phase == PLAY:
            return False
        if state.phase == BID:
            self._sync_bid(state)
            self._take_hint(ctx)
            self.widgets = self._auction_widgets(state, ctx, live and state.offer is None)
            self._draw_auction(surface, state, ctx, live)
        else:
            self.busy = False
            for colour in (WHITE, BLACK):
                self._draw_set(surface, ctx, state, colour)
            if not live and not self.busy and state.offer is None:
                self._prewarm_sets(state)
            self._take_hint(ctx)
            self.widgets = self._editor_widgets(state, ctx, live and state.offer is None)
            self._draw_editor(surface, state, ctx, live)
        if state.offer is not None or state.outcome is not None:
            self.draw_bar(surface, ctx, state, self.legal_for(state) if live else None, live)  # type: ignore[arg-type]
        elif live:  # the keys only for whoever may press them: not in rule diagrams, not on an AI's turn
            bar, text = self.bar_rect, self._start_prompt(state, ctx)
            at, px = (bar.x + 6, bar.centery), max(11, bar.height * 0.4)
            self.draw_text(surface, ctx, text, px, ctx.theme.text_dim, at, "midleft", max_w=bar.width - 12)
        return True

    def _take_hint(self, ctx: ViewContext) -> None:
        """A hinted bid or piece goes into the auction card or the editor (once per hint)."""
        hint = ctx.hint
        if not isinstance(hint, AMove) or hint is self._hinted:
            return
        self._hinted = hint
        if hint.kind == BID:
            self.bid_value, self.typed = hint.piece, ""
        elif hint.kind == CREATE:
            # A creation move names its piece and circle.
            self.edit, self.edit_circle = list(digits(cast(int, hint.piece))), cast(int, hint.orient)
        elif hint.kind in ("accept", "close"):
            self.hint_text = _("Hint: accept the bid") if hint.kind == "accept" else _("Hint: close your set")

    def _start_prompt(self, state: InfinitState, ctx: ViewContext) -> str:
        if self.hint_text and ctx.hint is not None:
            return self.hint_text
        if state.phase == BID:
            return _("Up/Down +-1 · PgUp/PgDn +-10 · digits type a bid · Enter raises · A accepts")
        return _(
            "Left/Right direction · Up/Down or 0-9 its arrows · C circle · Enter create · X X close the set"
        )

    def view_key(self) -> tuple:
        cam = self.camera
        return (self.geo_key, tuple(self.board_area), cam.x, cam.y, cam.zoom)

    def overlay_rect(self) -> pygame.Rect:
        return pygame.Rect(self.board_area)

    def draw_board(self, surface, ctx, pos, last: set, targets: frozenset, faded: frozenset) -> None:
        """The visible fields (kept as drawn while the camera rests), the last move, the bases, the
        targets and the pieces in view, clipped to the board area until ``finish_board``."""
        self._clip = surface.get_clip()
        surface.set_clip(self.board_area)
        self._draw_fields(surface, ctx)
        tint = mix(FIELD, ctx.theme.last_move, 0.45)
        for cell in last:
            pygame.draw.polygon(surface, tint, hex_points(*self.cell_center(cell), self.size * 0.9))
        self.draw_bases(surface, ctx)
        self.draw_targets_and_pieces(surface, ctx, pos, targets, faded)

    def in_view(self, cell: Any) -> bool:
        return self._visible(cell)

    def finish_board(self, surface: pygame.Surface, ctx: ViewContext, state) -> None:
        self._draw_edge_markers(surface, ctx, state)
        surface.set_clip(self._clip)
        pygame.draw.rect(surface, ctx.theme.panel_edge, self.board_area, 1)

    def draw_focus_tooltip(self, surface: pygame.Surface, ctx: ViewContext, state, focus) -> bool:
        """A piece's tooltip, or an empty field's name when the names are too small to be written."""
        if focus in state.pos.cells:
            self.draw_piece_tooltip(surface, ctx, state, focus)
        elif self.size < LABEL_SIZE and self.board_area.collidepoint(self.mouse) and not self._dragged:
            cx, cy = self.cell_center(focus)
            text = _("field {field}").format(field=self.board.name(focus))
            self.draw_tooltip(surface, ctx, text, (cx, cy - self.size * 1.05))
        return True

    def prompt(self, state, legal, live: bool) -> str:
        if (
            live
            and state.phase == PLAY
            and self.mode is None
            and state.offer is None
            and state.outcome is None
        ):
            text = _("{status}: pick a piece in hand or on the board · drag to pan · F frame · C control")
            return text.format(status=state.describe())
        return super().prompt(state, legal, live)

    # --- input ------------------------------------------------------------------------------------

    def wants_key(self, key: int, state: GameState) -> bool:
        """PgUp/PgDn step the bid by ten in the auction (the move list browses by them in play)."""
        return (
            isinstance(state, InfinitState)
            and state.phase == BID
            and key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN)
        )

    def handle_view_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> bool:
        """While the AI moves or after the game, the wheel still zooms (held keys and drags are
        polled in ``update``)."""
        if not isinstance(state, InfinitState) or state.phase != PLAY or event.type != pygame.MOUSEWHEEL:
            return False
        return bool(self.camera.handle_event(event))

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> AMove | None:
        """Play under the camera (drags, the wheel, keys that pan); the phases before play come
        through the ``start_phase_event`` hook."""
        if not isinstance(state, InfinitState) or not ctx.interactive or state.outcome is not None:
            return None
        self._interactive = True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if state.phase != PLAY:
            return super().handle_event(event, state, ctx)
        self.sync(state, ctx)
        return self._play_event(event, state, ctx)

    def start_phase_event(  # type: ignore[override]  # the variant's state
        self, event: pygame.event.Event, state: InfinitState, ctx: ViewContext
    ):
        """The hook for events before play: the auction card's and the editor's (unless a draw
        offer waits: then the bar's buttons answer it)."""
        if state.offer is None and state.phase == BID:
            self.widgets = self._auction_widgets(state, ctx, True)
            return True, self._auction_event(event, state)
        if state.offer is None and state.phase == CREATION:
            self.widgets = self._editor_widgets(state, ctx, True)
            return True, self._editor_event(event, state)
        return False, None

    def _play_event(self, event: pygame.event.Event, state: InfinitState, ctx: ViewContext) -> AMove | None:
        """Drags pan and a press that stays is a click (see :class:`tafel.kit.panning.CameraDrag`);
        the wheel zooms unless it turns a piece; keys pan, frame and bring out the cursor."""
        cam = self.camera
        clicked = event.type == pygame.MOUSEBUTTONDOWN
        menu = self.mode == "menu" and clicked and self.menu_rect.collidepoint(event.pos)
        turning = self.mode in ("hand", "relocate", "orient")  # the wheel turns the piece
        taken = self.drag.handle(event, self.board_area, free=not menu, wheel=not turning, pointer=self.mouse)
        if event.type == pygame.MOUSEMOTION:
            self.size = cam.zoom
        if taken is not None:
            return super().handle_event(taken, state, ctx) if isinstance(taken, pygame.event.Event) else None
        if event.type == pygame.KEYDOWN and self.mode != "menu":
            key = event.key
            if key in (pygame.K_f, pygame.K_HOME):
                self._frame()
                return None
            # The arrows pan, unless the keyboard cursor is out (Shift + arrows, or Enter / the
            # gamepad's A with nothing to confirm): then they move it. Backspace puts it away.
            if key in KEY_DIRS and (event.mod & pygame.KMOD_SHIFT or self.cursor_visible):
                self._cursor_step(state, KEY_DIRS[key])
                return None
            if key in CANCEL and self.cursor_visible and self.mode is None:
                self.cursor_visible = False
                return None
            free = self.button_focus is None and (self.mode is None or self.hover_cell is None)
            if key in ACTIVATE and not self.cursor_visible and free and self.legal_for(state).play:
                self._cursor_step(state, (0, 0))
                return None
            if cam.handle_event(event):
                return None
        return super().handle_event(event, state, ctx)

    @property
    def has_selection(self) -> bool:
        """A half-made move or the keyboard cursor: Escape (gamepad B) clears it before pausing."""
        return self.mode is not None or self.cursor_visible

    def _cursor_step(self, state: InfinitState, delta: tuple[int, int]) -> None:
        """Show the cursor (on the mover's base if it is in view, else mid-screen) or move it one
        field along the kit grid (up and down zig-zag round the column); the camera follows."""
        if self.cursor is None or not self.cursor_visible:
            self.cursor_visible, self.cursor_keep = True, None
            base = self.board.bases[state.pos.turn]
            if self.cursor is None or not self._visible(self.cursor, -1.0):
                self.cursor = base if self._visible(base, -1.0) else self.cell_at(self.board_area.center)
        else:
            self.cursor, self.cursor_keep = self.grid.step(self.cursor, *delta, self.cursor_keep)
        if not self._visible(self.cursor, -1.0):
            self.camera.move_to(world(self.cursor))

    # --- side panel ---------------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """The phase's figures and, in play, the 86185-move draw counter.

        >>> from tafel.games.amakta_infinit import GAME
        >>> view = InfinitView(GAME, GAME.resolve_options({}))
        >>> s = InfinitState.from_text("distance=3 points=20/20 sets=100000/100000 cells=w1r0@0,0 quiet=12")
        >>> view.status(s, None)
        ['White = Player 1: 0 in hand, 0 out', 'Black = Player 2: 1 in hand, 0 out', 'Quiet moves: 12 of 86185']
        """
        if not isinstance(state, InfinitState):
            return []
        lines = []
        if state.phase == BID:
            bids = ", ".join(str(b) for b in state.bids[-6:]) or _("none yet")
            text = _("White's points: {points} · bases {n} apart")
            lines.append(text.format(points=state.points[0], n=state.distance))
            lines.append(
                _("Bids for Black: {bids} (cap {cap})").format(bids=bids, cap=bid_cap(state.points[0]))
            )
        for colour in (WHITE, BLACK) if state.phase != BID else ():
            who = {"colour": _(COLOUR_NAMES[colour]), "seat": _(SEAT_NAMES[state.seat_of(colour)])}
            n = len(state.pieces[colour])
            if state.phase == PLAY:
                hand, out = len(state.pos.inv[colour]), len(state.pos.removed(colour))
                text = _("{colour} = {seat}: {hand} in hand, {out} out").format(**who, hand=hand, out=out)
            elif state.closed[colour]:
                text = _.ngettext(
                    "{colour} = {seat}: {n} piece, closed", "{colour} = {seat}: {n} pieces, closed", n
                )
            else:
                text = _.ngettext(
                    "{colour} = {seat}: {n} piece, {left} points left",
                    "{colour} = {seat}: {n} pieces, {left} points left",
                    n,
                )
            lines.append(text.format(**who, n=n, left=state.remaining(colour)))
        if state.phase == PLAY:
            # The draw counter: moves in a row without an expropriation or release.
            lines.append(_("Quiet moves: {n} of {limit}").format(n=state.quiet, limit=DRAW_MOVES))
            reps = state.repetitions()
            if reps > 1 and state.outcome is None:
                lines.append(_("Situation seen {n} times (3 draws)").format(n=reps))
        if state.offer is not None:
            lines.append(_("Draw offered by {seat}").format(seat=_(SEAT_NAMES[state.offer])))
        return lines


__all__ = ["InfinitView"]
