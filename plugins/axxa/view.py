"""The AxxA board on screen: layered stacks, the number due, a tray of removed and paid pieces.

What it shows (always from the players' view: face-down pieces stay hidden here too):

- every stack as one to three layered tiles, so its height reads at a glance, the top number
  large on the top tile; pieces of the number due glow; known pieces under the top show as small
  numbered discs beside the stack (seen once, remembered);
- the number due in the board's top-left corner, triplets and payments in the other corners;
- beside the board, the removed triplets (one slot per number, the due one outlined, or per
  player in the competitive game), the pieces paid, and how many of each number are left in
  play (red when none is spare);
- when a stack is selected, every space it can reach: a dot, or a gold ring where the move
  surely forms a triplet of the number due, or a ring with the chance where the piece that turns
  up is still unknown; hovering a target shows the path;
- in the payment step, every top can be clicked; free ones (numbers done) are ticked, ones you
  cannot spare are marked red;
- animations for moves, removals and payments, and a celebration for "good" (two triplets in a
  turn) and "outstanding" (three) moves; the reason when the game ends.

Input (while ``ctx.interactive``): click a stack, then a target; click the pieces of the triplet
to take (one click suffices when it names a single triplet); click a piece to pay; Turn/Keep
buttons when the rotation is the player's choice. Keyboard/gamepad: arrows move a cursor, Enter
or Space acts like a click, T/K turn or keep, Backspace/Escape clear a selection.

>>> import pygame
>>> from tafel.games.axxa import GAME
>>> from tafel.games.axxa.board import cell_of
>>> view = AxxaView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1000, 700))
>>> view.cell_at(view.cell_center(cell_of("d4"))) == cell_of("d4")
True
>>> view.cell_at(view.cell_center(cell_of("a1"))) is None
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.view import BoardView, ViewContext

from .board import CELLS, SIZE, START_CELLS, Cell, cell_name, cells_of, is_cell, path_cells, xy
from .rules import (
    KEEP_MOVE,
    KNOWN,
    MOVE,
    PAY,
    PAYMENT,
    PER_NUMBER,
    REMOVE,
    SHIFT,
    SOLO_TRIPLETS,
    STACK,
    TAKE,
    TURN,
    TURN_MOVE,
    VALUE,
    AxxaMove,
    AxxaState,
    due_number,
)

Color = tuple[int, int, int]

#: One colour per number; the numerals are always drawn too, so colour is never the only cue.
NUMBER_COLORS: dict[int, Color] = {
    1: (226, 80, 70),
    2: (240, 150, 45),
    3: (226, 196, 40),
    4: (80, 174, 96),
    5: (66, 136, 226),
    6: (156, 96, 206),
}
BACK: Color = (92, 70, 52)
FACE: Color = (246, 240, 226)

#: Margin of coordinates around the 7x7 frame, in cells.
MARGIN = 0.34
#: Tile side and layer offset as fractions of a cell.
TILE = 0.74
LAYER = 0.085
#: Animation lengths in seconds before the player's speed setting.
STEP_TIME = 0.07
SLIDE_MIN = 0.18
VANISH_TIME = 0.55
VANISH_GAP = 0.3
PAY_TIME = 0.35
CELEBRATE_TIME = 1.6

_ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_CLEAR = (pygame.K_BACKSPACE, pygame.K_ESCAPE)


def _mix(a: Color, b: Color, t: float) -> Color:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def _dark(c: Color, t: float) -> Color:
    return _mix(c, (0, 0, 0), t)


def _light(c: Color, t: float) -> Color:
    return _mix(c, (255, 255, 255), t)


def _ease(p: float) -> float:
    return p * p * (3.0 - 2.0 * p)


def _score_line(view: AxxaState) -> str:
    """The triplets corner: progress solo, each seat's count, or the two teams' totals."""
    if view.rules.solo:
        return f"{view.triplets}/{SOLO_TRIPLETS}"
    if view.rules.teams:
        a, b = view.rules.side_totals(view.scores)[:2]
        return f"A {a}-{b} B"
    return "-".join(map(str, view.scores))


def _plural(n: int) -> str:
    return f"{n}s"


@dataclass
class _Piece:
    """A tile drawn on its own during an animation (moving, vanishing or being paid)."""

    value: int
    start: tuple[float, float]
    end: tuple[float, float]
    delay: float
    duration: float
    kind: str  # "vanish" or "pay"


@dataclass
class _Anim:
    """What a move animates: the stack sliding along its path, then triplets vanishing, a paid
    piece flying to the tray, and a celebration for good and outstanding moves."""

    before: AxxaState
    after: AxxaState
    slide_from: Cell | None = None
    slide_path: list[Cell] = field(default_factory=list)
    slide_stack: tuple[int, ...] = ()
    slide_time: float = 0.0
    pieces: list[_Piece] = field(default_factory=list)
    hidden: set[Cell] = field(default_factory=set)
    celebrate: str = ""
    celebrate_start: float = 0.0
    celebrate_time: float = 0.0
    sparks: list[tuple[float, float, float, float, Color]] = field(default_factory=list)
    t: float = 0.0

    @property
    def total(self) -> float:
        end = self.slide_time
        for p in self.pieces:
            end = max(end, p.delay + p.duration)
        if self.celebrate:
            end = max(end, self.celebrate_start + self.celebrate_time)
        return end


class AxxaView(BoardView):
    """Renderer and controller for AxxA; see the module docstring."""

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.cell = 10
        self.field = pygame.Rect(0, 0, 70, 70)
        self.outer = pygame.Rect(0, 0, 70, 70)
        self.tray = pygame.Rect(0, 0, 0, 0)
        self._selected: Cell | None = None
        self._picked: set[Cell] = set()
        self._hover: Cell | None = None
        self._cursor: Cell | None = None
        self._cursor_visible = False
        self._turn_focus = 0  # 0: turn under, 1: keep
        self._turn_buttons: list[tuple[pygame.Rect, AxxaMove]] = []
        self._hover_button: int | None = None
        self._anim: _Anim | None = None
        self._speed = 1.0
        self._seed: int | None = None
        self._cache_key: tuple | None = None
        self._sprites: dict[tuple, pygame.Surface] = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        self._tray_key: tuple | None = None
        self._tray_surface: pygame.Surface | None = None
        self._board: pygame.Surface | None = None
        self._still: pygame.Surface | None = None
        self._still_key: tuple | None = None
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self._view_src: GameState | None = None
        self._view: AxxaState | None = None
        self._last_celebration = ""

    # --- geometry -----------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Board square plus a tray beside it (right on wide areas, below on tall ones)."""
        self.rect = pygame.Rect(rect)
        w, h = self.rect.size
        wide = w >= h * 1.15
        if wide:
            side = int(min(h, w / 1.42))
            tray_w = max(0, min(int(side * 0.42), w - side - 12))
            total = side + 12 + tray_w
            x0 = self.rect.x + (w - total) // 2
            board_box = pygame.Rect(x0, self.rect.y + (h - side) // 2, side, side)
            self.tray = pygame.Rect(board_box.right + 12, board_box.y, tray_w, side)
        else:
            side = int(min(w, h / 1.3))
            tray_h = max(0, min(int(side * 0.3), h - side - 10))
            total = side + 10 + tray_h
            y0 = self.rect.y + (h - total) // 2
            board_box = pygame.Rect(self.rect.x + (w - side) // 2, y0, side, side)
            self.tray = pygame.Rect(
                self.rect.x + max(0, (w - side) // 2), board_box.bottom + 10, side, tray_h
            )
        self.cell = max(6, int(side / (SIZE + 2 * MARGIN)))
        span = SIZE * self.cell
        margin = int(self.cell * MARGIN)
        self.outer = pygame.Rect(0, 0, span + 2 * margin, span + 2 * margin)
        self.outer.center = board_box.center
        self.field = pygame.Rect(self.outer.x + margin, self.outer.y + margin, span, span)
        self._cache_key = None

    def cell_rect(self, cell: Cell) -> pygame.Rect:
        """The screen square of ``cell`` (rank 7 at the top)."""
        x, y = xy(cell)
        return pygame.Rect(
            self.field.x + x * self.cell, self.field.y + (SIZE - 1 - y) * self.cell, self.cell, self.cell
        )

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        return self.cell_rect(cell).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The board space under ``pos``, or None (outside, or a frame corner that is no space)."""
        x, y = pos[0] - self.field.x, pos[1] - self.field.y
        if x < 0 or y < 0 or x >= SIZE * self.cell or y >= SIZE * self.cell:
            return None
        cell = (SIZE - 1 - y // self.cell) * SIZE + x // self.cell
        return cell if is_cell(cell) else None

    def _corner(self, which: str) -> pygame.Rect:
        """The empty frame corner (two cells wide, one high) at ``which`` = tl, tr, bl or br."""
        c = self.cell
        inset = max(2, c // 14)
        x = self.field.x if which[1] == "l" else self.field.right - 2 * c
        y = self.field.y if which[0] == "t" else self.field.bottom - c
        return pygame.Rect(x + inset, y + inset, 2 * c - 2 * inset, c - 2 * inset)

    # --- controller state ---------------------------------------------------------------------

    @property
    def has_selection(self) -> bool:
        """True while a stack or triplet pieces are selected (Escape then clears them)."""
        return self._selected is not None or bool(self._picked)

    @property
    def selected(self) -> Cell | None:
        return self._selected

    @property
    def animating(self) -> bool:
        return self._anim is not None

    def reset(self, state: GameState) -> None:
        self._anim = None
        self._selected = None
        self._picked = set()
        self._turn_focus = 0
        if isinstance(state, AxxaState) and state.seed is not None:
            self._seed = state.seed

    def _visible(self, state: GameState) -> AxxaState:
        """The players' view of ``state`` (cached for the frame): never draw a hidden piece."""
        if state is not self._view_src:
            assert isinstance(state, AxxaState)
            if state.seed is not None:
                self._seed = state.seed
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
        if ctx is not None and isinstance(ctx.seed, int):
            return ctx.seed
        return self._seed

    # --- animation ------------------------------------------------------------------------------

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self._selected = None
        self._picked = set()
        self._turn_focus = 0
        self._anim = None
        if not (
            isinstance(before, AxxaState) and isinstance(after, AxxaState) and isinstance(move, AxxaMove)
        ):
            return
        for s in (before, after):
            if s.seed is not None:
                self._seed = s.seed
        speed = self._speed
        if speed <= 0:
            return
        vb = before.view_for(before.to_move)
        va = after.view_for(after.to_move) if after.outcome is None else after
        anim = _Anim(vb, va)
        t = 0.0
        if move.kind == SHIFT:
            frm, to = move.cells
            path = path_cells(frm, to, vb.top(frm), vb.occupied & ~(1 << frm))
            anim.slide_from = frm
            anim.slide_path = [frm] + (path or [to])
            anim.slide_stack = vb.stacks[frm]
            anim.slide_time = max(SLIDE_MIN, STEP_TIME * len(anim.slide_path)) * speed
            t = anim.slide_time
        # Triplets removed by this move vanish one after the other, in the order taken.
        tray = self._tray_target()
        for k, mask in enumerate(after.removed_now):
            value = due_number(vb.triplets + k)
            for c in cells_of(mask):
                pos = self.cell_center(c)
                anim.pieces.append(
                    _Piece(value, pos, tray, t + k * VANISH_GAP * speed, VANISH_TIME * speed, "vanish")
                )
        if move.kind == PAYMENT:
            (c,) = move.cells
            anim.pieces.append(
                _Piece(
                    vb.top(c), self.cell_center(c), self._tray_target(paid=True), 0.0, PAY_TIME * speed, "pay"
                )
            )
        if after.removed_now and after.chain >= 2 and (after.phase == MOVE or after.outcome is not None):
            anim.celebrate = "Outstanding!" if after.chain >= 3 else "Good move!"
            anim.celebrate_start = t + len(after.removed_now) * VANISH_GAP * speed
            anim.celebrate_time = CELEBRATE_TIME * max(0.5, speed)
            rng = random.Random(after.triplets * 7919 + after.chain)
            cx, cy = self.field.center
            for _ in range(70 if after.chain >= 3 else 40):
                ang = rng.random() * math.tau
                spd = (0.6 + rng.random()) * self.cell * 3.2
                color = NUMBER_COLORS[rng.randint(1, 6)]
                anim.sparks.append((cx, cy, math.cos(ang) * spd, math.sin(ang) * spd - self.cell, color))
            self._last_celebration = anim.celebrate
        if anim.total > 0:
            self._anim = anim

    def update(self, dt: float) -> None:
        if self._anim is not None:
            self._anim.t += dt
            if self._anim.t >= self._anim.total:
                self._anim = None

    def _tray_target(self, paid: bool = False) -> tuple[int, int]:
        if self.tray.width > 0 and self.tray.height > 0:
            return (self.tray.centerx, self.tray.y + self.tray.height * (0.62 if paid else 0.22))
        return self.outer.midright

    # --- input --------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        self._speed = ctx.anim_speed
        if not ctx.interactive or not isinstance(state, AxxaState) or self._anim is not None:
            return None
        view = self._visible(state)
        if view.outcome is not None:
            return None
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._hover = self.cell_at(event.pos)
            self._cursor_visible = False
            self._hover_button = self._button_at(event.pos)
            return None
        if kind == pygame.MOUSEBUTTONDOWN:
            self._cursor_visible = False
            if event.button == 1:
                if view.phase == TURN:
                    b = self._button_at(event.pos)
                    return self._turn_buttons[b][1] if b is not None else None
                self._hover = self.cell_at(event.pos)
                return self._activate(self._hover, view)
            if event.button == 3:
                self._clear()
            return None
        if kind == pygame.KEYDOWN:
            return self._key(event.key, view)
        return None

    def _clear(self) -> None:
        self._selected = None
        self._picked = set()

    def _button_at(self, pos: tuple[int, int]) -> int | None:
        for i, (rect, _move) in enumerate(self._turn_buttons):
            if rect.collidepoint(pos):
                return i
        return None

    def _key(self, key: int, view: AxxaState) -> Move | None:
        if key in _CLEAR:
            self._clear()
            return None
        if view.phase == TURN:
            if key == pygame.K_t:
                return TURN_MOVE
            if key == pygame.K_k:
                return KEEP_MOVE
            if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
                self._turn_focus = 1 - self._turn_focus
                return None
            if key in _ACTIVATE:
                return TURN_MOVE if self._turn_focus == 0 else KEEP_MOVE
            return None
        if key not in _ARROWS and key not in _ACTIVATE:
            return None
        if not self._cursor_visible:
            # The first key only shows the cursor, where the player was last looking.
            self._cursor_visible = True
            start = self._selected if self._selected is not None else self._hover
            self._cursor = start if start is not None else self._default_cursor(view)
            return None
        if self._cursor is None:
            self._cursor = self._default_cursor(view)
        if key in _ARROWS:
            self._cursor = self._step(self._cursor, *_ARROWS[key])
            return None
        return self._activate(self._cursor, view)

    @staticmethod
    def _step(cell: Cell, dx: int, dy: int) -> Cell:
        """The next space from ``cell`` in a direction, skipping the frame corners (which are no
        spaces); sideways to the nearest space in that row or column if straight on has none."""
        x, y = xy(cell)
        for dist in range(1, SIZE):
            nx, ny = x + dx * dist, y + dy * dist
            if not (0 <= nx < SIZE and 0 <= ny < SIZE):
                break
            if is_cell(ny * SIZE + nx):
                return ny * SIZE + nx
            # A corner: slide along the perpendicular to the nearest space.
            for side in (1, -1, 2, -2):
                sx, sy = (nx + side, ny) if dx == 0 else (nx, ny + side)
                if 0 <= sx < SIZE and 0 <= sy < SIZE and is_cell(sy * SIZE + sx):
                    return sy * SIZE + sx
        return cell

    def _default_cursor(self, view: AxxaState) -> Cell:
        if view.phase == MOVE:
            for c in CELLS:
                if view.destinations(c):
                    return c
        if view.phase == TAKE:
            cands = view.candidates()
            if cands:
                return cells_of(cands[0])[0]
        for c in CELLS:
            if view.stacks[c]:
                return c
        return 3 * SIZE + 3

    def _activate(self, cell: Cell | None, view: AxxaState) -> AxxaMove | None:
        """A click (or Enter) on ``cell`` in the current phase."""
        if cell is None:
            self._clear()
            return None
        if view.phase == MOVE:
            if self._selected is not None and cell in view.destinations(self._selected):
                move = AxxaMove.shift(self._selected, cell)
                self._selected = None
                return move
            if cell == self._selected:
                self._selected = None
            elif view.destinations(cell):
                self._selected = cell
            else:
                self._selected = None
            return None
        if view.phase == TAKE:
            cands = [set(cells_of(t)) for t in view.candidates()]
            if not any(cell in c for c in cands):
                self._picked = set()
                return None
            picked = self._picked ^ {cell}
            fits = [c for c in cands if picked <= c]
            if not fits:
                picked = {cell}
                fits = [c for c in cands if picked <= c]
            self._picked = picked
            if len(fits) == 1:
                self._picked = set()
                return AxxaMove.take(fits[0])
            return None
        if view.phase == PAY and view.stacks[cell]:
            return AxxaMove.pay(cell)
        return None

    def take_preview(self, view: AxxaState, cell: Cell | None) -> list[set[Cell]]:
        """The triplets a click on ``cell`` would still leave possible (one: the one it takes)."""
        cands = [set(cells_of(t)) for t in view.candidates()]
        if cell is None or not any(cell in c for c in cands):
            return [c for c in cands if self._picked <= c] if self._picked else []
        picked = self._picked ^ {cell}
        fits = [c for c in cands if picked <= c]
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
        lines = []
        due = view.due
        if view.rules.solo:
            lines.append("Solved!" if due > 6 else f"Number due: {_plural(due)}")
            lines.append(f"Triplets removed: {view.triplets} of {SOLO_TRIPLETS}")
        else:
            lines.append(f"Number due: {_plural(due)}")
            names = list(ctx.seat_names) if ctx is not None and ctx.seat_names else []
            scores = ", ".join(
                f"{names[i] if i < len(names) else f'Player {i + 1}'} {s}" for i, s in enumerate(view.scores)
            )
            lines.append(f"Triplets: {scores}")
            if view.rules.teams:
                a, b = view.rules.side_totals(view.scores)[:2]
                lines.append(f"Teams: A {a}, B {b}")
        lines.append(f"Pieces paid: {len(view.paid)}")
        undos, hints = (ctx.undos, ctx.hints) if ctx is not None else (0, 0)
        if view.rules.solo and (undos or hints):
            # Part of the score: the records keep the fewest undos of a solved deal.
            lines.append(f"Undos: {undos} · hints: {hints}")
        if view.outcome is not None:
            lines.append(view.outcome.reason[0].upper() + view.outcome.reason[1:])
        else:
            lines.append(_instruction(view, self._selected))
        return lines

    # --- drawing ------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        self._speed = ctx.anim_speed
        if not isinstance(state, AxxaState):
            return
        view = self._visible(state)
        self._ensure_assets(ctx)
        anim = self._anim
        if anim is not None and view != anim.after and view != anim.before:
            anim = self._anim = None
        shown = view
        sliding = anim is not None and anim.slide_from is not None and anim.t < anim.slide_time
        if sliding:
            shown = anim.before  # type: ignore[union-attr]
        live = ctx.interactive and anim is None and view.outcome is None

        focus = None
        if live:
            focus = self._cursor if self._cursor_visible else self._hover
        selected = self._selected if live and view.phase == MOVE and self._selected is not None else None
        if selected is not None and not view.stacks[selected]:
            selected = self._selected = None
        last = (
            ctx.last_move if ctx.show_last and anim is None and isinstance(ctx.last_move, AxxaMove) else None
        )
        skip = anim.slide_from if sliding else None  # type: ignore[union-attr]
        self._draw_still(surface, shown, last, selected, skip, ctx)
        self._draw_corners(surface, shown, ctx)
        # The number due glows on the stacks' tops, pulsing: drawn over the still picture.
        pulse = 0.5 + 0.5 * math.sin(ctx.time * 4.0)
        for cell in _DRAW_ORDER:
            stack = shown.stacks[cell]
            if cell != skip and stack and stack[-1] & VALUE == shown.due:
                self._draw_glow(surface, len(stack), self.cell_center(cell), pulse, ctx)
                self._draw_buried(surface, stack, self.cell_center(cell), ctx)

        if selected is not None and ctx.show_legal:
            self._draw_targets(surface, view, selected, focus, ctx)
        if live and view.phase == TAKE:
            self._draw_take(surface, view, focus, ctx)
        if live and view.phase == PAY:
            self._draw_pay(surface, view, focus, ctx)
        if live and view.phase == TURN:
            self._draw_turn(surface, view, ctx)
        else:
            self._turn_buttons = []

        if isinstance(ctx.hint, AxxaMove) and anim is None and view.outcome is None:
            self._draw_hint(surface, ctx.hint, view, ctx)

        if anim is not None:
            self._draw_anim(surface, anim, ctx)
        if live and self._cursor_visible and self._cursor is not None:
            self._draw_cursor(surface, self._cursor, ctx)
        self._draw_tray(surface, view if not sliding else shown, ctx)
        if view.outcome is not None and anim is None:
            self._draw_outcome(surface, view, ctx)

    # --- pieces ---------------------------------------------------------------------------------

    def _font(self, ctx: ViewContext, px: float, bold: bool = False) -> pygame.font.Font:
        return ctx.fonts.get(max(1, round(px / ctx.fonts.scale)), bold)

    def _text(self, font: pygame.font.Font, text: str, color: Color) -> pygame.Surface:
        """``font.render`` cached: the same labels are drawn every frame."""
        key = (id(font), text, tuple(color))
        surf = self._texts.get(key)
        if surf is None:
            if len(self._texts) > 600:
                self._texts.clear()
            surf = self._texts[key] = font.render(text, True, color)
        return surf

    def _tile(self, value: int, size: int, ctx: ViewContext, known: bool = True) -> pygame.Surface:
        """A piece seen from above: a numbered face, or the plain back of an unknown piece."""
        key = ("tile", value if known else 0, size)
        sprite = self._sprites.get(key)
        if sprite is not None:
            return sprite
        depth = max(2, size // 10)
        s = pygame.Surface((size, size + depth), pygame.SRCALPHA)
        radius = max(3, size // 6)
        if value and known:
            color = NUMBER_COLORS[value]
            side = _dark(color, 0.45)
            face = _mix(FACE, color, 0.22)
            rim = _dark(color, 0.15)
        else:
            side = _dark(BACK, 0.45)
            face = BACK
            rim = _light(BACK, 0.15)
        pygame.draw.rect(s, side, (0, depth, size, size), border_radius=radius)
        pygame.draw.rect(s, face, (0, 0, size, size), border_radius=radius)
        pygame.draw.rect(s, rim, (0, 0, size, size), max(1, size // 18), border_radius=radius)
        if value and known:
            color = NUMBER_COLORS[value]
            font = self._font(ctx, size * 0.62, bold=True)
            text = font.render(str(value), True, _dark(color, 0.45))
            s.blit(text, text.get_rect(center=(size // 2, int(size * 0.42))))
        else:
            # A faint pattern on the back, so a hidden piece never looks like an empty face.
            step = max(4, size // 5)
            pat = _light(BACK, 0.08)
            for k in range(step, 2 * size, step):
                pygame.draw.line(
                    s, pat, (max(0, k - size), min(size - 1, k)), (min(size - 1, k), max(0, k - size)), 1
                )
            pygame.draw.rect(s, rim, (0, 0, size, size), max(1, size // 18), border_radius=radius)
        if pygame.display.get_surface() is not None:
            s = s.convert_alpha()
        self._sprites[key] = s
        return s

    def _draw_still(
        self,
        surface: pygame.Surface,
        shown: AxxaState,
        last: AxxaMove | None,
        selected: Cell | None,
        skip: Cell | None,
        ctx: ViewContext,
    ) -> None:
        """The board with its stacks, the last move and the selection under them.

        Kept as one opaque picture (the background under the board's rounded corners included)
        and drawn again only when one of those changes: thirty-odd alpha-blended tiles a frame
        would otherwise cost more than all the rest of the frame.
        """
        assert self._board is not None
        key = (self._cache_key, shown.stacks, last, selected, skip, ctx.theme.background)
        if key != self._still_key or self._still is None:
            self._still_key = key
            still = self._still
            if still is None or still.get_size() != self.outer.size:
                still = pygame.Surface(self.outer.size)
                if pygame.display.get_surface() is not None:
                    still = still.convert()
                self._still = still
                self._base = still.copy()
                self._base_key = None
            # The empty board on its background is kept too: a move redraws only on top of it.
            base_key = (self._cache_key, ctx.theme.background)
            if base_key != self._base_key:
                self._base_key = base_key
                self._base.fill(ctx.theme.background)
                self._base.blit(self._board, (0, 0))
            still.blit(self._base, (0, 0))
            # The cell geometry is in screen coordinates: moved to the picture's for the drawing.
            ox, oy = self.outer.topleft
            self.field.move_ip(-ox, -oy)
            try:
                if last is not None:
                    self._draw_last_move(still, last, ctx)
                if selected is not None:
                    pygame.draw.rect(
                        still,
                        ctx.theme.highlight,
                        self.cell_rect(selected).inflate(-2, -2),
                        max(2, self.cell // 16),
                        border_radius=self.cell // 8,
                    )
                # Stacks, bottom rows first so the layered tiles overlap naturally.
                # A stack that glows gets its buried pieces drawn over the glow, every frame.
                for cell in _DRAW_ORDER:
                    stack = shown.stacks[cell]
                    if cell != skip and stack:
                        glows = stack[-1] & VALUE == shown.due
                        self._draw_stack(still, stack, self.cell_center(cell), ctx, buried=not glows)
            finally:
                self.field.move_ip(ox, oy)
        surface.blit(self._still, self.outer)

    def _draw_glow(
        self,
        surface: pygame.Surface,
        height: int,
        center: tuple[float, float],
        pulse: float,
        ctx: ViewContext,
    ) -> None:
        """The pulsing ring round a stack's top piece when it shows the number due."""
        size = int(self.cell * TILE)
        off = max(2, int(self.cell * LAYER))
        cx, cy = center
        y = cy + ((height - 1) / 2 - (height - 1)) * off
        glow = _mix(ctx.theme.accent, (255, 255, 255), 0.4 * pulse)
        pygame.draw.rect(
            surface,
            glow,
            pygame.Rect(int(cx - size / 2) - 2, int(y - size / 2) - 2, size + 4, size + 4),
            max(2, self.cell // 22),
            border_radius=max(3, size // 6) + 2,
        )

    def _draw_stack(
        self,
        surface: pygame.Surface,
        stack: tuple[int, ...],
        center: tuple[float, float],
        ctx: ViewContext,
        buried: bool = True,
    ) -> None:
        """A stack's shadow, tiles and height pips; with ``buried``, the known pieces under its top."""
        size = int(self.cell * TILE)
        off = max(2, int(self.cell * LAYER))
        h = len(stack)
        cx, cy = center
        # Shadow under the stack, wider for taller stacks.
        shadow = pygame.Rect(0, 0, size + 4, size // 3)
        shadow.center = (int(cx + 2), int(cy + size // 2 + off * (h - 1) / 2 + size // 10))
        sh = self._sprite_shadow(shadow.size)
        surface.blit(sh, shadow)
        for i, piece in enumerate(stack):
            top = i == h - 1
            y = cy + ((h - 1) / 2 - i) * off
            known = bool(piece & KNOWN) if top else False
            tile = self._tile(piece & VALUE, size, ctx, known=known)
            r = tile.get_rect()
            r.x = int(cx - size / 2)
            r.y = int(y - size / 2)
            surface.blit(tile, r)
        # Height pips on the top tile: one dot per piece in the stack.
        if h and stack[-1] & KNOWN:
            color = _dark(NUMBER_COLORS[stack[-1] & VALUE], 0.2)
            pr = max(2, size // 16)
            gap = pr * 3
            py = int(cy + ((h - 1) / 2 - (h - 1)) * off + size * 0.36)
            px0 = int(cx - (h - 1) * gap / 2)
            for k in range(h):
                pygame.draw.circle(surface, color, (px0 + k * gap, py), pr)
        if buried:
            self._draw_buried(surface, stack, center, ctx)

    def _draw_buried(
        self, surface: pygame.Surface, stack: tuple[int, ...], center: tuple[float, float], ctx: ViewContext
    ) -> None:
        """Known pieces below the top: small numbered discs on the right edge, top-most first."""
        size = int(self.cell * TILE)
        cx, cy = center
        buried = [p for p in reversed(stack[:-1])]
        if any(p & KNOWN for p in buried):
            rad = max(4, int(self.cell * 0.13))
            x = int(cx + size / 2 + rad * 0.35)
            y = int(cy - size / 2 + rad * 1.2)
            font = self._font(ctx, rad * 1.45, bold=True)
            for p in buried:
                if p & KNOWN:
                    color = NUMBER_COLORS[p & VALUE]
                    pygame.draw.circle(surface, _dark(color, 0.5), (x, y), rad + 1)
                    pygame.draw.circle(surface, _mix(FACE, color, 0.3), (x, y), rad)
                    text = self._text(font, str(p & VALUE), _dark(color, 0.5))
                    surface.blit(text, text.get_rect(center=(x, y + 1)))
                else:
                    pygame.draw.circle(surface, _dark(BACK, 0.4), (x, y), rad + 1)
                    pygame.draw.circle(surface, BACK, (x, y), rad)
                y += int(rad * 2.3)

    def _sprite_shadow(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("shadow", size)
        s = self._sprites.get(key)
        if s is None:
            s = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.ellipse(s, (0, 0, 0, 70), s.get_rect())
            self._sprites[key] = s
        return s

    # --- board --------------------------------------------------------------------------------------

    def _ensure_assets(self, ctx: ViewContext) -> None:
        key = (self.cell, self.outer.size, ctx.theme, ctx.fonts.scale, id(ctx.fonts))
        if key == self._cache_key:
            return
        self._cache_key = key
        self._sprites = {}
        self._texts = {}
        self._tray_key = None
        self._board = self._build_board(ctx)

    def _build_board(self, ctx: ViewContext) -> pygame.Surface:
        theme = ctx.theme
        c = self.cell
        board = pygame.Surface(self.outer.size, pygame.SRCALPHA)
        fx, fy = self.field.x - self.outer.x, self.field.y - self.outer.y
        radius = max(4, c // 5)
        start = set(START_CELLS)
        for cell in CELLS:
            x, y = xy(cell)
            r = pygame.Rect(fx + x * c, fy + (SIZE - 1 - y) * c, c, c)
            inner = r.inflate(-max(2, c // 16), -max(2, c // 16))
            color = (
                theme.board_dark
                if cell in start
                else (theme.board if (x + y) % 2 == 0 else _light(theme.board, 0.06))
            )
            pygame.draw.rect(board, _dark(color, 0.35), inner.move(0, max(1, c // 30)), border_radius=radius)
            pygame.draw.rect(board, color, inner, border_radius=radius)
            pygame.draw.rect(board, _dark(color, 0.2), inner, max(1, c // 40), border_radius=radius)
        # The 5x5 square gets a frame line so the start spaces read as "outside".
        sq = pygame.Rect(fx + c, fy + c, 5 * c, 5 * c)
        pygame.draw.rect(
            board, _dark(theme.board_dark, 0.3), sq.inflate(4, 4), max(2, c // 24), border_radius=radius
        )
        font = self._font(ctx, max(8, c * 0.26), bold=True)
        ink = theme.text_dim
        for x in range(SIZE):
            t = self._text(font, "abcdefg"[x], ink)
            board.blit(
                t,
                t.get_rect(center=(fx + x * c + c // 2, fy + SIZE * c + (self.field.y - self.outer.y) // 2)),
            )
        for y in range(SIZE):
            t = self._text(font, str(y + 1), ink)
            board.blit(t, t.get_rect(center=(fx // 2, fy + (SIZE - 1 - y) * c + c // 2)))
        if pygame.display.get_surface() is not None:
            board = board.convert_alpha()
        return board

    def _draw_corners(self, surface: pygame.Surface, view: AxxaState, ctx: ViewContext) -> None:
        """The number due (top left), triplets (top right), payments and deal (bottom)."""
        theme = ctx.theme
        c = self.cell
        r = self._corner("tl")
        pygame.draw.rect(surface, theme.panel, r, border_radius=c // 5)
        pygame.draw.rect(surface, theme.accent, r, max(2, c // 24), border_radius=c // 5)
        font = self._font(ctx, c * 0.22, bold=True)
        label = self._text(font, "DUE", theme.text_dim)
        surface.blit(label, label.get_rect(midleft=(r.x + c // 8, r.centery)))
        due = view.due
        size = int(c * 0.66)
        if due <= 6:
            tile = self._tile(due, size, ctx)
            surface.blit(tile, tile.get_rect(midright=(r.right - c // 8, r.centery)))
        else:
            t = self._text(self._font(ctx, c * 0.4, bold=True), "✓", theme.ok)
            surface.blit(t, t.get_rect(midright=(r.right - c // 6, r.centery)))
        small = self._font(ctx, c * 0.2)
        big = self._font(ctx, c * 0.34, bold=True)
        for which, head, value in (
            (
                "tr",
                "TRIPLETS",
                _score_line(view),
            ),
            ("bl", "PAID", str(len(view.paid))),
        ):
            r = self._corner(which)
            pygame.draw.rect(surface, theme.panel, r, border_radius=c // 5)
            h = self._text(small, head, theme.text_dim)
            v = self._text(big, value, theme.text)
            surface.blit(h, h.get_rect(midtop=(r.centerx, r.y + c // 14)))
            surface.blit(v, v.get_rect(midbottom=(r.centerx, r.bottom - c // 16)))
        seed = self.seed_of(view, ctx)
        if seed is None:
            return  # the core shows the deal elsewhere until the view learns it
        r = self._corner("br")
        pygame.draw.rect(surface, theme.panel, r, border_radius=c // 5)
        h = self._text(small, "DEAL", theme.text_dim)
        v = self._text(self._font(ctx, c * 0.28, bold=True), str(seed), theme.text)
        surface.blit(h, h.get_rect(midtop=(r.centerx, r.y + c // 14)))
        surface.blit(v, v.get_rect(midbottom=(r.centerx, r.bottom - c // 12)))

    # --- markers ----------------------------------------------------------------------------------

    def _draw_targets(
        self, surface: pygame.Surface, view: AxxaState, frm: Cell, focus: Cell | None, ctx: ViewContext
    ) -> None:
        theme = ctx.theme
        c = self.cell
        dests = view.destinations(frm)
        if focus in dests:
            path = path_cells(frm, focus, view.top(frm), view.occupied & ~(1 << frm))
            pts = [self.cell_center(frm)] + [self.cell_center(p) for p in path]
            if len(pts) > 1:
                pygame.draw.lines(surface, theme.highlight, False, pts, max(2, c // 14))
        font = self._font(ctx, c * 0.22, bold=True)
        for d in dests:
            center = self.cell_center(d)
            chance = view.triplet_chance(AxxaMove.shift(frm, d))
            if chance >= 1.0:
                pygame.draw.circle(
                    surface, _dark(theme.accent, 0.5), center, int(c * 0.34), max(3, c // 12) + 2
                )
                pygame.draw.circle(surface, theme.accent, center, int(c * 0.34), max(3, c // 12))
                t = self._text(font, "3!", theme.accent)
                surface.blit(t, t.get_rect(center=center))
            elif chance > 0.0:
                pygame.draw.circle(surface, theme.target_far, center, int(c * 0.3), max(2, c // 18))
                t = self._text(font, f"{round(100 * chance)}%", theme.target_far)
                surface.blit(t, t.get_rect(center=center))
            else:
                pygame.draw.circle(surface, _dark(theme.target_near, 0.5), center, int(c * 0.13) + 2)
                pygame.draw.circle(surface, theme.target_near, center, int(c * 0.13))
            if d == focus:
                pygame.draw.rect(
                    surface, theme.highlight, self.cell_rect(d).inflate(-4, -4), 2, border_radius=c // 8
                )

    def _draw_take(
        self, surface: pygame.Surface, view: AxxaState, focus: Cell | None, ctx: ViewContext
    ) -> None:
        theme = ctx.theme
        c = self.cell
        cands = view.candidates()
        cells = 0
        for t in cands:
            cells |= t
        for cell in cells_of(cells):
            pygame.draw.rect(
                surface,
                theme.accent,
                self.cell_rect(cell).inflate(-3, -3),
                max(2, c // 20),
                border_radius=c // 6,
            )
        preview = self.take_preview(view, focus)
        if len(preview) == 1:
            for cell in preview[0]:
                pygame.draw.circle(
                    surface, theme.highlight, self.cell_center(cell), int(c * 0.42), max(3, c // 12)
                )
        for cell in self._picked:
            pygame.draw.circle(surface, theme.ok, self.cell_center(cell), int(c * 0.45), max(3, c // 12))

    def _draw_pay(
        self, surface: pygame.Surface, view: AxxaState, focus: Cell | None, ctx: ViewContext
    ) -> None:
        theme = ctx.theme
        c = self.cell
        font = self._font(ctx, c * 0.24, bold=True)
        due = view.due
        for cell in CELLS:
            if not view.stacks[cell]:
                continue
            v = view.top(cell)
            spare = _spare(view, v)
            center = self.cell_center(cell)
            corner = (center[0] - int(c * 0.34), center[1] - int(c * 0.36))
            if spare <= 0:
                pygame.draw.circle(surface, theme.danger, corner, int(c * 0.12))
                t = self._text(font, "!", (255, 255, 255))
                surface.blit(t, t.get_rect(center=corner))
            elif view.rules.solo and v < due:
                pygame.draw.circle(surface, theme.ok, corner, int(c * 0.12))
                t = self._text(font, "✓", (255, 255, 255))
                surface.blit(t, t.get_rect(center=corner))
            if cell == focus:
                color = theme.danger if spare <= 0 else theme.highlight
                pygame.draw.rect(
                    surface,
                    color,
                    self.cell_rect(cell).inflate(-3, -3),
                    max(2, c // 16),
                    border_radius=c // 6,
                )

    def _draw_turn(self, surface: pygame.Surface, view: AxxaState, ctx: ViewContext) -> None:
        """Two buttons by the stack just moved: turn its top piece under, or keep it on top."""
        theme = ctx.theme
        c = self.cell
        moved = self.cell_rect(view.moved)
        pygame.draw.rect(
            surface, theme.highlight, moved.inflate(-2, -2), max(2, c // 16), border_radius=c // 8
        )
        labels = (("Turn under  T", TURN_MOVE), ("Keep  K", KEEP_MOVE))
        font = self._font(ctx, c * 0.24, bold=True)
        h = int(c * 0.5)
        widths = [font.size(text)[0] + c // 2 for text, _ in labels]
        total = sum(widths) + 8
        above = moved.y - h - 6 > self.field.y
        y = moved.y - h - 6 if above else moved.bottom + 6
        x = max(self.field.x, min(moved.centerx - total // 2, self.field.right - total))
        self._turn_buttons = []
        for i, (label, move) in enumerate(labels):
            r = pygame.Rect(x, y, widths[i], h)
            x += widths[i] + 8
            focused = self._turn_focus == i or self._hover_button == i
            pygame.draw.rect(surface, theme.shadow, r.move(2, 3), border_radius=h // 3)
            pygame.draw.rect(
                surface, theme.button_primary if focused else theme.button, r, border_radius=h // 3
            )
            color = theme.button_primary_text if focused else theme.text
            t = self._text(font, label, color)
            surface.blit(t, t.get_rect(center=r.center))
            self._turn_buttons.append((r, move))

    def _draw_last_move(self, surface: pygame.Surface, move: AxxaMove, ctx: ViewContext) -> None:
        if move.kind != SHIFT:
            return
        frm, to = move.cells
        color = ctx.theme.last_move
        pygame.draw.circle(surface, color, self.cell_center(frm), max(3, self.cell // 12))
        pygame.draw.rect(
            surface,
            color,
            self.cell_rect(to).inflate(-6, -6),
            max(2, self.cell // 24),
            border_radius=self.cell // 8,
        )

    def _draw_hint(self, surface: pygame.Surface, move: AxxaMove, view: AxxaState, ctx: ViewContext) -> None:
        pulse = 0.5 + 0.5 * math.sin(ctx.time * 5.0)
        color = _mix(ctx.theme.hint, (255, 255, 255), 0.35 * pulse)
        c = self.cell
        width = max(3, c // 14)
        if move.kind == SHIFT:
            frm, to = move.cells
            path = path_cells(frm, to, view.top(frm), view.occupied & ~(1 << frm))
            pts = [self.cell_center(frm)] + [self.cell_center(p) for p in (path or [to])]
            pygame.draw.lines(surface, color, False, pts, width)
            pygame.draw.circle(surface, color, self.cell_center(frm), int(c * 0.46), width)
            pygame.draw.rect(
                surface, color, self.cell_rect(to).inflate(-c // 5, -c // 5), width, border_radius=c // 6
            )
        elif move.kind in (REMOVE, PAYMENT):
            for cell in move.cells:
                pygame.draw.circle(surface, color, self.cell_center(cell), int(c * 0.46), width)
        else:
            font = self._font(ctx, c * 0.3, bold=True)
            t = self._text(font, "Hint: " + ("turn under" if move == TURN_MOVE else "keep"), color)
            surface.blit(t, t.get_rect(midbottom=(self.field.centerx, self.field.y - 2)))

    def _draw_cursor(self, surface: pygame.Surface, cell: Cell, ctx: ViewContext) -> None:
        r = self.cell_rect(cell).inflate(-max(2, self.cell // 16), -max(2, self.cell // 16))
        width = max(2, self.cell // 16)
        arm = max(4, self.cell // 4)
        for color, off in ((ctx.theme.shadow, max(1, width // 2)), (ctx.theme.text, 0)):
            rr = r.move(off, off)
            for cx, cy, sx, sy in (
                (rr.left, rr.top, 1, 1),
                (rr.right - 1, rr.top, -1, 1),
                (rr.left, rr.bottom - 1, 1, -1),
                (rr.right - 1, rr.bottom - 1, -1, -1),
            ):
                pygame.draw.line(surface, color, (cx, cy), (cx + sx * arm, cy), width)
                pygame.draw.line(surface, color, (cx, cy), (cx, cy + sy * arm), width)

    # --- animation drawing ------------------------------------------------------------------------

    def _draw_anim(self, surface: pygame.Surface, anim: _Anim, ctx: ViewContext) -> None:
        c = self.cell
        if anim.slide_from is not None and anim.t < anim.slide_time:
            p = _ease(min(1.0, anim.t / anim.slide_time)) if anim.slide_time else 1.0
            pts = [self.cell_center(x) for x in anim.slide_path]
            seg = p * (len(pts) - 1)
            i = min(len(pts) - 2, int(seg))
            f = seg - i
            a, b = pts[i], pts[i + 1]
            pos = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f - math.sin(math.pi * p) * c * 0.25)
            glows = anim.slide_stack[-1] & VALUE == anim.before.due
            self._draw_stack(surface, anim.slide_stack, pos, ctx, buried=not glows)
            if glows:
                self._draw_glow(surface, len(anim.slide_stack), pos, 0.0, ctx)
                self._draw_buried(surface, anim.slide_stack, pos, ctx)
            return
        for piece in anim.pieces:
            local = anim.t - piece.delay
            if local < 0:
                # Not gone yet: draw it in place.
                tile = self._tile(piece.value, int(c * TILE), ctx)
                surface.blit(tile, tile.get_rect(center=piece.start))
                continue
            if local > piece.duration:
                continue
            p = local / piece.duration
            e = _ease(p)
            x = piece.start[0] + (piece.end[0] - piece.start[0]) * e
            y = piece.start[1] + (piece.end[1] - piece.start[1]) * e - math.sin(math.pi * p) * c * 0.8
            size = max(4, int(c * TILE * (1.0 - 0.45 * e)))
            tile = self._tile(piece.value, size, ctx).copy()
            tile.set_alpha(int(255 * (1.0 - 0.6 * e)))
            surface.blit(tile, tile.get_rect(center=(int(x), int(y))))
            if piece.kind == "vanish" and p < 0.5:
                ring = int(c * (0.4 + 0.6 * p))
                pygame.draw.circle(
                    surface, ctx.theme.accent, piece.start, ring, max(1, int(c * 0.08 * (1 - 2 * p)))
                )
        if anim.celebrate and anim.t >= anim.celebrate_start:
            local = anim.t - anim.celebrate_start
            p = min(1.0, local / anim.celebrate_time)
            g = c * 2.2
            for sx, sy, vx, vy, color in anim.sparks:
                x = sx + vx * local
                y = sy + vy * local + g * local * local
                r = max(1, int(c * 0.09 * (1.0 - p)))
                pygame.draw.circle(surface, color, (int(x), int(y)), r)
            scale = min(1.0, local / 0.25)
            scale = 0.6 + 0.4 * scale + 0.06 * math.sin(local * 9)
            fit = min(
                1.0, self.field.width * 0.9 / max(1, self._font(ctx, c * 0.75, True).size(anim.celebrate)[0])
            )
            font = self._font(ctx, c * 0.75 * scale * fit, bold=True)
            text = font.render(anim.celebrate, True, ctx.theme.accent)
            shadow = font.render(anim.celebrate, True, ctx.theme.shadow)
            alpha = int(255 * (1.0 if p < 0.75 else (1.0 - p) / 0.25))
            text.set_alpha(alpha)
            shadow.set_alpha(alpha)
            rect = text.get_rect(center=self.field.center)
            surface.blit(shadow, rect.move(3, 4))
            surface.blit(text, rect)
            sub = (
                "two triplets in one turn"
                if anim.celebrate.startswith("Good")
                else "three triplets in one turn"
            )
            st = self._font(ctx, c * 0.3, bold=True).render(sub, True, ctx.theme.text)
            st.set_alpha(alpha)
            surface.blit(st, st.get_rect(midtop=(rect.centerx, rect.bottom + 4)))

    # --- tray -------------------------------------------------------------------------------------

    def _draw_tray(self, surface: pygame.Surface, view: AxxaState, ctx: ViewContext) -> None:
        """The tray beside the board, redrawn only when what it shows changes."""
        tray = self.tray
        if tray.width < 40 or tray.height < 40:
            return
        key = (
            view.due,
            view.paid,
            view.scores,
            view.to_move,
            view.outcome is None,
            tuple(view.in_play(n) for n in range(1, 7)),
            tuple(ctx.seat_names or ()),
            ctx.theme.background,
        )
        if key != self._tray_key or self._tray_surface is None:
            self._tray_key = key
            # Opaque, on the background the tray stands on: a plain copy costs half a blend.
            # The surface is made (and converted, which costs as much as a frame) once per size.
            surf = self._tray_surface
            if surf is None or surf.get_size() != tray.size:
                surf = pygame.Surface(tray.size)
                if pygame.display.get_surface() is not None:
                    surf = surf.convert()
            surf.fill(ctx.theme.background)
            self._paint_tray(surf, view, ctx, pygame.Rect((0, 0), tray.size))
            self._tray_surface = surf
        surface.blit(self._tray_surface, tray)

    def _paint_tray(
        self, surface: pygame.Surface, view: AxxaState, ctx: ViewContext, tray: pygame.Rect
    ) -> None:
        theme = ctx.theme
        pygame.draw.rect(surface, theme.card, tray, border_radius=max(6, self.cell // 6))
        pad = max(6, min(tray.width, tray.height) // 16)
        inner = tray.inflate(-2 * pad, -2 * pad)
        wide = tray.height > tray.width * 0.9
        if wide:
            h1 = int(inner.height * 0.46)
            removed = pygame.Rect(inner.x, inner.y, inner.width, h1)
            h2 = int(inner.height * 0.3)
            paid = pygame.Rect(inner.x, removed.bottom + pad, inner.width, h2)
            left = pygame.Rect(inner.x, paid.bottom + pad, inner.width, inner.bottom - paid.bottom - pad)
        else:
            w1 = int(inner.width * 0.36)
            removed = pygame.Rect(inner.x, inner.y, w1, inner.height)
            w2 = int(inner.width * 0.3)
            paid = pygame.Rect(removed.right + pad, inner.y, w2, inner.height)
            left = pygame.Rect(paid.right + pad, inner.y, inner.right - paid.right - pad, inner.height)
        self._draw_removed(surface, view, removed, ctx)
        self._draw_paid(surface, view, paid, ctx)
        self._draw_in_play(surface, view, left, ctx)

    def _heading(self, surface: pygame.Surface, text: str, rect: pygame.Rect, ctx: ViewContext) -> int:
        font = self._font(ctx, max(10, min(rect.width / 12, self.cell * 0.24)), bold=True)
        t = self._text(font, text, ctx.theme.text_dim)
        surface.blit(t, rect.topleft)
        return rect.y + t.get_height() + 4

    def _draw_removed(
        self, surface: pygame.Surface, view: AxxaState, rect: pygame.Rect, ctx: ViewContext
    ) -> None:
        y = self._heading(surface, "REMOVED", rect, ctx)
        theme = ctx.theme
        if view.rules.solo:
            rows, cols = (6, 1) if rect.height > rect.width * 0.9 else (3, 2)
            slot_h = (rect.bottom - y) / rows
            slot_w = rect.width / cols
            size = int(max(6, min(slot_h * 0.78, slot_w / 3.6)))
            due = view.due
            for n in range(1, 7):
                col, row = (n - 1) // rows, (n - 1) % rows
                x0 = int(rect.x + col * slot_w)
                y0 = int(y + row * slot_h + (slot_h - size) / 2)
                done = n < due
                for k in range(3):
                    r = pygame.Rect(x0 + k * int(size * 1.12), y0, size, size)
                    if done:
                        tile = self._tile(n, size, ctx)
                        surface.blit(tile, r)
                    else:
                        color = theme.accent if n == due else theme.panel_edge
                        pygame.draw.rect(
                            surface, color, r, max(1, size // 14), border_radius=max(2, size // 6)
                        )
                        if k == 1:
                            t = self._text(self._font(ctx, size * 0.55, bold=True), str(n), color)
                            surface.blit(t, t.get_rect(center=r.center))
            return
        names = list(getattr(ctx, "seat_names", ()) or [])
        n = view.players
        slot_h = (rect.bottom - y) / n
        units = max(1, round(max(9, min(slot_h * 0.3, self.cell * 0.24)) / ctx.fonts.scale))
        for seat in range(n):
            y0 = int(y + seat * slot_h)
            name = names[seat] if seat < len(names) else f"Player {seat + 1}"
            color = theme.seat(seat)
            mark = "▶ " if seat == view.to_move and view.outcome is None else ""
            line = f"{mark}{name}: {view.scores[seat]}"
            if view.rules.teams and "team" not in name:
                line = f"{mark}{name} ({'AB'[seat % 2]}): {view.scores[seat]}"
            t = self._text(ctx.fonts.fit(line, rect.width, units, bold=True), line, color)
            surface.blit(t, (rect.x, y0))
            size = int(max(5, min(slot_h * 0.45, rect.width / 14)))
            # One seat-coloured trio of chips per triplet taken.
            for k in range(view.scores[seat]):
                x = rect.x + k * int(size * 1.5)
                for j in range(3):
                    center = (x + size // 2, y0 + t.get_height() + 2 + size // 2 + (j - 1) * size // 3)
                    pygame.draw.circle(surface, _dark(color, 0.4), center, size // 3 + 1)
                    pygame.draw.circle(surface, color, center, size // 3)

    def _draw_paid(
        self, surface: pygame.Surface, view: AxxaState, rect: pygame.Rect, ctx: ViewContext
    ) -> None:
        y = self._heading(surface, f"PAID ({len(view.paid)})", rect, ctx)
        if not view.paid:
            return
        # The largest tiles with which room for 18 payments (the usual most) fits the area.
        room = max(18, len(view.paid))
        height = max(1, rect.bottom - y)
        size = 6
        for cols in range(3, 19):
            rows = math.ceil(room / cols)
            size = max(size, int(min(rect.width / (cols * 1.1), height / (rows * 1.15))))
        size = min(size, int(self.cell * 0.5))
        cols = max(1, int(rect.width // (size * 1.1)))
        for i, v in enumerate(view.paid):
            r = pygame.Rect(
                rect.x + (i % cols) * int(size * 1.1), y + (i // cols) * int(size * 1.15), size, size
            )
            if r.bottom > rect.bottom + size // 2:
                break
            surface.blit(self._tile(v, size, ctx), r)

    def _draw_in_play(
        self, surface: pygame.Surface, view: AxxaState, rect: pygame.Rect, ctx: ViewContext
    ) -> None:
        y = self._heading(surface, "LEFT IN PLAY", rect, ctx)
        theme = ctx.theme
        due = view.due
        avail = max(1, rect.bottom - y)
        # The grid (6x1, 3x2 or 2x3) that gives the largest tiles; each item is a tile and "x4".
        cols = max((6, 3, 2), key=lambda k: min(rect.width / k / 2.1, avail / math.ceil(6 / k) * 0.8))
        rows = math.ceil(6 / cols)
        cw = rect.width / cols
        ch = avail / rows
        size = int(max(6, min(ch * 0.8, cw / 2.1)))
        font = self._font(ctx, max(9, size * 0.7), bold=True)
        for n in range(1, 7):
            col, row = (n - 1) % cols, (n - 1) // cols
            x0 = int(rect.x + col * cw)
            y0 = int(y + row * ch + (ch - size) / 2)
            tile = self._tile(n, size, ctx)
            surface.blit(tile, (x0, y0))
            left = view.in_play(n)
            needed = (n >= due) if view.rules.solo else True
            color = theme.text_dim
            if needed and left == STACK:
                color = theme.danger
            elif needed and left < STACK and view.rules.solo:
                color = theme.danger
            elif n == due:
                color = theme.accent
            t = self._text(font, f"×{left}", color)
            surface.blit(t, t.get_rect(midleft=(x0 + size + 3, y0 + size // 2)))

    # --- end of game ----------------------------------------------------------------------------

    def _draw_outcome(self, surface: pygame.Surface, view: AxxaState, ctx: ViewContext) -> None:
        outcome = view.outcome
        assert outcome is not None
        theme = ctx.theme
        c = self.cell
        if view.rules.solo:
            title = "Solved!" if outcome.rewards[0] >= 1.0 else "Puzzle lost"
            color = theme.ok if outcome.rewards[0] >= 1.0 else theme.danger
        else:
            names = (
                list(ctx.seat_names) if ctx.seat_names else [f"Player {i + 1}" for i in range(view.players)]
            )
            winners = outcome.winners
            if not winners:
                title = "A draw"
            elif outcome.headline:
                title = outcome.headline.rstrip("!")
            else:
                title = " and ".join(names[w] for w in winners) + (" win" if len(winners) > 1 else " wins")
            color = theme.accent
        reason = outcome.reason[0].upper() + outcome.reason[1:]
        width = int(self.field.width * 0.86)
        small = self._font(ctx, c * 0.28)
        lines = _wrap(reason, small, width - c // 2)
        big = self._font(ctx, c * 0.55, bold=True)
        height = big.get_linesize() + len(lines) * small.get_linesize() + c // 2
        box = pygame.Rect(0, 0, width, height)
        box.center = self.field.center
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((*theme.panel, 238))
        surface.blit(veil, box)
        pygame.draw.rect(surface, color, box, max(2, c // 20), border_radius=c // 6)
        t = self._text(big, title, color)
        y = box.y + c // 6
        surface.blit(t, t.get_rect(midtop=(box.centerx, y)))
        y += big.get_linesize()
        for line in lines:
            rt = self._text(small, line, theme.text)
            surface.blit(rt, rt.get_rect(midtop=(box.centerx, y)))
            y += small.get_linesize()


def _wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels (at word boundaries)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and font.size(trial)[0] > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


#: Stacks are drawn from the top row down, so lower stacks overlap the ones behind them.
_DRAW_ORDER = tuple(sorted(CELLS, key=lambda c: (-(c // SIZE), c % SIZE)))


def _spare(view: AxxaState, n: int) -> int:
    """Pieces of ``n`` that can be paid without making the puzzle impossible."""
    if view.rules.solo and n < view.due:
        return PER_NUMBER
    return view.in_play(n) - STACK


def _instruction(view: AxxaState, selected: Cell | None) -> str:
    if view.phase == MOVE:
        if selected is not None:
            return f"Stack {cell_name(selected)} selected: pick a marked space (gold = triplet)"
        return "Move a stack: click it, then a marked space"
    if view.phase == TURN:
        return "Turn the top piece under (T) or keep it (K)?"
    if view.phase == TAKE:
        return f"Several triplets of {_plural(view.due)}: click the pieces to take"
    return "No triplet: pay with a face-up piece (click it)"
