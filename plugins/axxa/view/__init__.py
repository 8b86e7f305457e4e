"""The AxxA board on screen: layered stacks, the number due, a tray of removed and paid pieces.

It always shows the players' view (face-down pieces stay hidden here too): every stack as one to
three layered tiles, so its height reads at a glance, the top number large, the number due
glowing, known pieces under the top as small discs beside the stack (:mod:`.pieces`); the number
due, triplets, payments and the deal in the frame's corners, the reach of a selected stack, the
triplets to take, the payment marks, the last move and hints (:mod:`.board`); beside the board,
the tray, and at the end the outcome card (:mod:`.tray`; not in still pictures, where the core
writes the outcome under the board); the animations of moves, removals and
payments and a celebration for two or three triplets in a turn (:mod:`.motion`).

Input (while ``ctx.interactive``): click a stack, then a target; click the pieces of the triplet
to take (one click suffices when it names a single triplet); click a piece to pay; Turn/Keep
buttons when the rotation is the player's choice. Keyboard/gamepad: arrows move a cursor, Enter
or Space acts like a click, T/K turn or keep, Backspace/Escape clear a selection.

It is built from the board kit (``tafel.kit``): a square grid with the kit's cell controls
(mouse, keyboard cursor, gamepad), kept pictures, sprites, motion, effects, buttons and text.

>>> import pygame
>>> from tafel.games.axxa import GAME
>>> from tafel.games.axxa.board import cell_of
>>> view = AxxaView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1000, 700))
>>> view.cell_at(view.cell_center(cell_of("d4"))) == cell_of("d4")
True
>>> view.cell_at(view.corner("bl").center) is None  # a frame corner (a1, b1) is no space
True
"""

from __future__ import annotations

from typing import cast

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.kit import (
    CellControls,
    Cursor,
    FocusList,
    KeptBoard,
    Motion,
    ScreenLayer,
    SquareGrid,
    draw_cursor,
    pulse,
)
from tafel.view import ACTIVATE_KEYS, ARROW_KEYS, CLEAR_KEYS, BoardView, ViewContext

from ..board import CELLS, SIZE, Cell, cell_name, cells_of, xy
from ..rules import (
    KEEP_MOVE,
    MOVE,
    PAY,
    SHIFT,
    SOLO_TRIPLETS,
    TAKE,
    TURN,
    TURN_MOVE,
    VALUE,
    AxxaMove,
    AxxaState,
)
from ..texts import N_, _, seat_name
from . import board, tray
from .motion import animations, draw_motion, sliding
from .pieces import NUMBER_COLORS, Stacks

__all__ = ["NUMBER_COLORS", "AxxaView"]

#: Margin of coordinates around the 7x7 frame, in cells.
MARGIN = 0.34
#: What to do now, by phase (MOVE, TURN, TAKE, PAY).
TO_DO = (
    N_("Move a stack: click it, then a marked space"),
    N_("Turn the top piece under (T) or keep it (K)?"),
    N_("Several triplets of {n}s: click the pieces to take"),
    N_("No triplet: pay with a face-up piece (click it)"),
)
#: Stacks are drawn from the top row down, so lower stacks overlap the ones behind them.
DRAW_ORDER = tuple(sorted(CELLS, key=lambda c: (-(c // SIZE), c % SIZE)))


class AxxaView(CellControls, BoardView):
    """Renderer and controller for AxxA; see the module docstring."""

    # The kit's controls hold this game's cells: spaces, ints.
    hover: Cell | None
    selected: Cell | None

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        # The spaces on the kit's square grid; the cursor slips round the frame's empty corners.
        self.grid = SquareGrid({c: xy(c) for c in CELLS}, sidestep=2)
        self.cursor, self.motion, self.stacks = Cursor(self.grid), Motion(), Stacks()
        self.picked: set[Cell] = set()  # pieces of a triplet to take, clicked so far
        self.turn_buttons = [
            board.TurnButton(N_("Turn under  T"), lambda: TURN_MOVE, key="turn"),
            board.TurnButton(N_("Keep  K"), lambda: KEEP_MOVE, key="keep"),
        ]
        self._turn = FocusList(self.turn_buttons, horizontal=True)
        self._moved: tuple[AxxaState, AxxaState] | None = None  # the animated move's two sides
        self._seed: int | None = None
        self.layout(self.rect)  # sizes until the core lays the view out
        # Kept pictures: the board with its resting stacks (the empty board too), the tray.
        self._kept, self._tray = KeptBoard(base=True), ScreenLayer()
        self._view_src: GameState | None = None
        self._view: AxxaState | None = None

    # --- geometry -----------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Board square plus a tray beside it (right on wide areas, below on tall ones)."""
        self.rect = pygame.Rect(rect)
        w, h = self.rect.size
        if w >= h * 1.15:
            side = int(min(h, w / 1.42))
            tray_w = max(0, min(int(side * 0.42), w - side - 12))
            x0 = self.rect.x + (w - (side + 12 + tray_w)) // 2
            board_box = pygame.Rect(x0, self.rect.y + (h - side) // 2, side, side)
            self.tray = pygame.Rect(board_box.right + 12, board_box.y, tray_w, side)
        else:
            side = int(min(w, h / 1.3))
            tray_h = max(0, min(int(side * 0.3), h - side - 10))
            y0 = self.rect.y + (h - (side + 10 + tray_h)) // 2
            board_box = pygame.Rect(self.rect.x + (w - side) // 2, y0, side, side)
            self.tray = pygame.Rect(board_box.x, board_box.bottom + 10, side, tray_h)
        self.cell = max(6, int(side / (SIZE + 2 * MARGIN)))
        span, margin = SIZE * self.cell, int(self.cell * MARGIN)
        self.outer = pygame.Rect(0, 0, span + 2 * margin, span + 2 * margin)
        self.outer.center = board_box.center
        self.field = pygame.Rect(self.outer.x + margin, self.outer.y + margin, span, span)
        self.grid.place(self.field.topleft, self.cell)
        self._centers = {c: self.grid.rect(c).center for c in CELLS}  # asked for often each frame
        self._assets: tuple | None = None

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        """The centre pixel of ``cell``'s square (pygame's rounding: down on odd sizes)."""
        return self._centers[cell]

    def corner(self, which: str) -> pygame.Rect:
        """The empty frame corner (two cells wide, one high) at ``which`` = tl, tr, bl or br."""
        c = self.cell
        inset = max(2, c // 14)
        x = self.field.x if which[1] == "l" else self.field.right - 2 * c
        y = self.field.y if which[0] == "t" else self.field.bottom - c
        return pygame.Rect(x + inset, y + inset, 2 * c - 2 * inset, c - 2 * inset)

    def tray_target(self, paid: bool = False) -> tuple[float, float]:
        """Where removed (or paid) pieces fly to."""
        if self.tray.width > 0 and self.tray.height > 0:
            return (self.tray.centerx, self.tray.y + self.tray.height * (0.62 if paid else 0.22))
        return self.outer.midright

    # --- controller state ---------------------------------------------------------------------

    @property
    def has_selection(self) -> bool:
        """True while a stack or triplet pieces are selected (Escape then clears them)."""
        return self.selected is not None or bool(self.picked)

    @property
    def animating(self) -> bool:
        return self.motion.busy

    def clear(self, turn: bool = False) -> None:
        self.selected, self.picked = None, set()
        if turn:
            self._turn.focus("turn")

    def reset(self, state: GameState) -> None:
        self.motion.stop()
        self.clear(turn=True)
        if isinstance(state, AxxaState) and state.seed is not None:
            self._seed = state.seed

    def _visible(self, state: GameState) -> AxxaState:
        """The players' view of ``state`` (cached for the frame): never draw a hidden piece."""
        if state is not self._view_src:
            assert isinstance(state, AxxaState)
            self._seed = state.seed if state.seed is not None else self._seed
            self._view_src = state
            self._view = state.view_for(state.to_move) if state.outcome is None else state
        assert self._view is not None
        return self._view

    def seed_of(self, state: GameState, ctx: ViewContext | None) -> int | None:
        """The deal number to show: from the state, the options, the core (``ctx.seed``),
        or one seen in a full state earlier (views leave it out). The options come before the
        core's seed, as in ``new_state``: the deal option names the deal when it is set."""
        if isinstance(state, AxxaState) and state.seed is not None:
            return state.seed
        if self.options.get("seed"):
            return int(self.options["seed"])
        return ctx.seed if ctx is not None and isinstance(ctx.seed, int) else self._seed

    # --- animation ------------------------------------------------------------------------------

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self.clear(turn=True)
        self.motion.stop()
        if not (
            isinstance(before, AxxaState) and isinstance(after, AxxaState) and isinstance(move, AxxaMove)
        ):
            return
        self._seed = next((s.seed for s in (after, before) if s.seed is not None), self._seed)
        shown = after.view_for(after.to_move) if after.outcome is None else after
        self._moved = (before.view_for(before.to_move), shown)
        self.motion.start(animations(self, before, move, after))

    def update(self, dt: float) -> None:
        self.motion.update(dt)

    # --- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        self.motion.speed = ctx.anim_speed
        if not ctx.interactive or not isinstance(state, AxxaState) or self.motion.busy:
            return None
        view = self._visible(state)
        if view.outcome is not None:
            return None
        turn = view.phase == TURN
        if event.type == pygame.MOUSEMOTION:
            for button in self.turn_buttons:
                button.hovered = turn and button.rect.collidepoint(event.pos)
        if turn and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.cursor.hide()
            clicked = self._turn.handle_event(event)
            return clicked.activate() if clicked is not None else None
        if turn and event.type == pygame.KEYDOWN and event.key not in CLEAR_KEYS:
            if event.key in (pygame.K_t, pygame.K_k):
                return TURN_MOVE if event.key == pygame.K_t else KEEP_MOVE
            if event.key in ARROW_KEYS:
                self._turn.move(1)
            elif event.key in ACTIVATE_KEYS:
                return cast(board.TurnButton, self._turn.focused).activate()  # a turn always has its buttons
            return None
        if self._hinted_click(event, view, ctx.hint):
            self.clear()
            return ctx.hint  # type: ignore[return-value]
        return self.cell_event(event, view)

    def _hinted_click(self, event: pygame.event.Event, view: AxxaState, hint: object) -> bool:
        """A click, with no stack picked, on the empty space a hinted shift goes to: the player
        means the hint (the marked space answers the click)."""
        return (
            isinstance(hint, AxxaMove)
            and hint.kind == SHIFT
            and view.phase == MOVE
            and self.selected is None
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.cell_at(event.pos) == hint.cells[1]
            and hint.cells[1] in view.destinations(hint.cells[0])
        )

    def default_cursor(self, view: AxxaState) -> Cell:  # type: ignore[override]  # AxxA's states
        """A stack that can move, a piece to take, else any stack (else the centre)."""
        if view.phase == TAKE and view.candidates():
            return cells_of(view.candidates()[0])[0]
        movable = [c for c in CELLS if view.phase == MOVE and view.destinations(c)]
        return next(iter(movable), next((c for c in CELLS if view.stacks[c]), 3 * SIZE + 3))

    def activate(self, cell: Cell | None, view: AxxaState) -> AxxaMove | None:  # type: ignore[override]
        """A click (or Enter) on ``cell`` in the current phase."""
        if cell is None:
            self.clear()
        elif view.phase == MOVE:
            if self.selected is not None and cell in view.destinations(self.selected):
                move, self.selected = AxxaMove.shift(self.selected, cell), None
                return move
            self.selected = cell if cell != self.selected and view.destinations(cell) else None
        elif view.phase == TAKE:
            cands = [set(cells_of(t)) for t in view.candidates()]
            if not any(cell in c for c in cands):
                self.picked = set()
                return None
            self.picked = self.picked ^ {cell} if any(self.picked ^ {cell} <= c for c in cands) else {cell}
            fits = [c for c in cands if self.picked <= c]
            if len(fits) == 1:
                self.picked = set()
                return AxxaMove.take(fits[0])
        elif view.phase == PAY and view.stacks[cell]:
            return AxxaMove.pay(cell)
        return None

    def take_preview(self, view: AxxaState, cell: Cell | None) -> list[set[Cell]]:
        """The triplets a click on ``cell`` would still leave possible (one: the one it takes)."""
        cands = [set(cells_of(t)) for t in view.candidates()]
        if cell is None or not any(cell in c for c in cands):
            return [c for c in cands if self.picked <= c] if self.picked else []
        fits = [c for c in cands if self.picked ^ {cell} <= c]
        return fits or [c for c in cands if cell in c]

    # --- side panel -------------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """The number due, progress, payments and what to do now.

        >>> from tafel.games.axxa import GAME
        >>> v = AxxaView(GAME, GAME.resolve_options({}))
        >>> v.status(AxxaState.deal(5), None)[:3]
        ['Number due: 1s', 'Triplets removed: 0 of 6', 'Pieces paid: 0']
        """
        if not isinstance(state, AxxaState):
            return []
        view = self._visible(state)
        due, solo = view.due, view.rules.solo
        lines = [_("Solved!") if solo and due > 6 else _("Number due: {n}s").format(n=due)]
        if solo:
            lines.append(_("Triplets removed: {n} of {total}").format(n=view.triplets, total=SOLO_TRIPLETS))
        else:
            names = list(ctx.seat_names) if ctx is not None and ctx.seat_names else []
            names += [seat_name(i) for i in range(len(names), len(view.scores))]
            scores = ", ".join(f"{names[i]} {s}" for i, s in enumerate(view.scores))
            lines.append(_("Triplets: {scores}").format(scores=scores))
            if view.rules.teams:
                a, b = view.rules.side_totals(view.scores)[:2]
                lines.append(_("Teams: A {a}, B {b}").format(a=a, b=b))
        lines.append(_("Pieces paid: {n}").format(n=len(view.paid)))
        undos, hints = (ctx.undos, ctx.hints) if ctx is not None else (0, 0)
        if solo and (undos or hints):
            # Part of the score: the records keep the fewest undos of a solved deal.
            lines.append(_("Undos: {undos} · hints: {hints}").format(undos=undos, hints=hints))
        if view.outcome is not None:
            lines.append(view.outcome.reason[0].upper() + view.outcome.reason[1:])
        elif view.phase == MOVE and self.selected is not None:
            picked = _("Stack {space} selected: pick a marked space (gold = triplet)")
            lines.append(picked.format(space=cell_name(self.selected)))
        elif self._persons_turn(view, ctx):
            lines.append(_(TO_DO[view.phase]).format(n=due))
        return lines

    @staticmethod
    def _persons_turn(state: AxxaState, ctx: ViewContext | None) -> bool:
        """True when the what-to-do line is for a person here: a game played on at this screen,
        a person's seat to move (never during the AI's turn, a replay or a look back)."""
        if ctx is None:
            return True
        return ctx.mode == "play" and not ctx.browsing and state.to_move in ctx.human_seats

    # --- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        self.motion.speed = ctx.anim_speed
        if not isinstance(state, AxxaState):
            return
        view = self._visible(state)
        assets = (self.cell, self.outer.size, ctx.theme, ctx.fonts.scale, id(ctx.fonts))
        if assets != self._assets:
            self._assets, self.stacks.cell = assets, self.cell
            self.stacks.forget()
        if self.motion.busy and self._moved is not None and view not in self._moved:
            self.motion.stop()  # another position is shown: the move's animation is over
        moving = self.motion.busy
        travel = sliding(self)
        moved = cast("tuple[AxxaState, AxxaState]", self._moved)  # set while a move travels
        shown = moved[0] if travel is not None else view
        live = ctx.interactive and not moving and view.outcome is None
        cursor = cast("Cell | None", self.cursor.cell) if live and self.cursor.shown else None
        focus = (cursor if self.cursor.shown else self.hover) if live else None
        selected = self.selected if live and view.phase == MOVE else None
        if selected is not None and not view.stacks[selected]:
            selected = self.selected = None
        last = ctx.last_move if ctx.show_last and not moving and isinstance(ctx.last_move, AxxaMove) else None
        skip = travel.path[0] if travel is not None else None
        self._draw_still(surface, shown, last, selected, skip, ctx)
        board.draw_corners(self, surface, shown, ctx)
        # The number due glows on the stacks' tops, pulsing: drawn over the still picture.
        glow = pulse(ctx.time, 4.0)
        for cell in DRAW_ORDER:
            stack = shown.stacks[cell]
            if cell != skip and stack and stack[-1] & VALUE == shown.due:
                self.stacks.glow(surface, len(stack), self.cell_center(cell), glow, ctx)
                self.stacks.buried(surface, stack, self.cell_center(cell), ctx)
        if isinstance(ctx.hint, AxxaMove) and not moving and view.outcome is None:
            # Under the targets: their chance labels stay readable over the hint's path.
            board.draw_hint(self, surface, ctx.hint, view, ctx)
        if selected is not None and ctx.show_legal:
            board.draw_targets(self, surface, view, selected, focus, ctx)
        if live and view.phase in (TAKE, PAY):
            (board.draw_take if view.phase == TAKE else board.draw_pay)(self, surface, view, focus, ctx)
        for button in self.turn_buttons:
            button.rect = pygame.Rect(0, 0, 0, 0)
        if live and view.phase == TURN:
            board.draw_turn(self, surface, view, ctx)
        if moving:
            draw_motion(self, surface, moved[0].due, ctx)
        if cursor is not None:
            draw_cursor(surface, self.grid, cursor, ctx.theme.text, ctx.theme.shadow)
        if self.tray.width >= 40 and self.tray.height >= 40:
            key = (assets, tray.tray_key(shown, ctx))
            self._tray.blit(surface, key, self.tray, lambda s: tray.paint_tray(self, s, shown, ctx))
        if view.outcome is not None and not moving and not ctx.still:
            # A still picture (a rules diagram, ``render``) shows the ending's board: the core
            # writes the outcome under it.
            tray.draw_outcome(self, surface, view, ctx)

    def _draw_still(
        self, surface, shown: AxxaState, last: AxxaMove | None, selected, skip, ctx: ViewContext
    ) -> None:
        """The board with its stacks, the last move and the selection under them.

        Kept as one opaque picture (the background under the board's rounded corners included)
        and drawn again only when one of those changes: thirty-odd alpha-blended tiles a frame
        would otherwise cost more than all the rest of the frame. The empty board on its
        background is kept too: a move redraws only on top of it.
        """

        def paint(still: pygame.Surface) -> None:
            if last is not None:
                board.draw_last_move(self, still, last, ctx)
            if selected is not None:
                board.rect(
                    self, still, selected, ctx.theme.highlight, 2, max(2, self.cell // 16), self.cell // 8
                )
            # Stacks, bottom rows first so the layered tiles overlap naturally.
            # A stack that glows gets its buried pieces drawn over the glow, every frame.
            for cell in DRAW_ORDER:
                stack = shown.stacks[cell]
                if cell != skip and stack:
                    glows = stack[-1] & VALUE == shown.due
                    self.stacks.stack(still, stack, self.cell_center(cell), ctx, buried=not glows)

        picture = lambda b: board.paint_board(self, b, ctx)  # noqa: E731
        key = (shown.stacks, shown.due, last, selected, skip)
        self._kept.blit(surface, self.outer, self._assets, picture, ctx.theme.background, key, paint)
