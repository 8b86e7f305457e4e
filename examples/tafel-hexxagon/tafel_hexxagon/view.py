"""The Hexxagon board on screen: a hexagonal plate of 61 cells, cut gems, mouse and keyboard input.

Input (only while ``ctx.interactive``):

- Mouse: click one of your gems to select it; its clone targets (dots) and jump targets
  (rings) light up, and hovering a target rings the gems it would turn. Click a target to
  play, or press on the gem and release on a target. Another of your gems re-selects;
  anywhere else (or the right button) deselects.
- Keyboard / gamepad: the first arrow key shows a cursor; Up/Down move along the file,
  Left/Right across the files keeping to the row; Enter or Space selects and plays;
  Backspace (or Escape while something is selected) clears the selection.

Geometry: flat-topped cells in files (columns) a..i. ``layout`` computes the cell radius and
centre; the plate, the cells and the labels are painted once per layout and theme into one
surface, the gems into sprites; ``draw`` only blits.

>>> import pygame
>>> from tafel_hexxagon import GAME
>>> from tafel_hexxagon.board import cell_of
>>> view = HexxagonView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 800, 600))
>>> view.cell_at_pixel(view.cell_center(cell_of("c4"))) == cell_of("c4")
True
>>> view.cell_at_pixel((0, 0)) is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.view import BoardView, ViewContext

from .board import (
    CELLS,
    FAR,
    FILES,
    NEAR,
    SIDE,
    SPAN,
    Cell,
    cell_at,
    cells,
    coords,
    on_board,
    rank_cells,
)
from .rules import SEAT_NAMES, HexMove, HexxagonState

Color = tuple[int, int, int]

SQRT3 = math.sqrt(3.0)
#: The plate's circumradius in cell radii: the cells need 8.08, the rest is the labelled rim.
PLATE = 9.0
#: Gem radius as a fraction of the cell radius.
GEM = 0.74
#: Animation lengths in seconds, before the player's speed setting.
CLONE_TIME = 0.2
JUMP_TIME = 0.32
FLIP_TIME = 0.34
FLIP_DELAY = 0.6
#: Scaled gem frames are cached in this many steps per unit scale.
SCALE_STEPS = 32
_SS = 3  # supersampling of painted sprites
_ARC = 7  # points per rounded corner (see _rounded): the upper-left edge is corners 3 to 5

_ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
_CLEAR = (pygame.K_BACKSPACE, pygame.K_ESCAPE)


def _mix(a: Color, b: Color, t: float) -> Color:
    t = min(1.0, max(0.0, t))
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _dark(c: Color, t: float) -> Color:
    return _mix(c, (0, 0, 0), t)


def _light(c: Color, t: float) -> Color:
    return _mix(c, (255, 255, 255), t)


def _polygon(cx: float, cy: float, radius: float, sides: int, turn: float = 0.0) -> list[tuple[float, float]]:
    """Corners of a regular polygon; ``turn`` in degrees (0: a corner points right)."""
    return [
        (
            cx + radius * math.cos(math.radians(turn + 360.0 * k / sides)),
            cy + radius * math.sin(math.radians(turn + 360.0 * k / sides)),
        )
        for k in range(sides)
    ]


def _rounded(points: list[tuple[float, float]], corner: float, steps: int = 6) -> list[tuple[float, float]]:
    """``points`` (a convex polygon) with each corner cut into an arc of radius about ``corner``."""
    out = []
    n = len(points)
    for i in range(n):
        px, py = points[i - 1]
        cx, cy = points[i]
        nx, ny = points[(i + 1) % n]
        a = (px - cx, py - cy)
        b = (nx - cx, ny - cy)
        la, lb = math.hypot(*a), math.hypot(*b)
        start = (cx + a[0] / la * corner, cy + a[1] / la * corner)
        end = (cx + b[0] / lb * corner, cy + b[1] / lb * corner)
        for k in range(steps + 1):
            t = k / steps
            # A quadratic Bezier through the corner: smooth enough for a bevelled edge.
            x = (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * cx + t * t * end[0]
            y = (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * cy + t * t * end[1]
            out.append((x, y))
    return out


def _blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft copy of ``surface``. Wide blurs run on a shrunken copy: a shadow has no detail to lose,
    and blurring a full-size board would take a noticeable moment on every resize."""
    if radius < 1:
        return surface
    w, h = surface.get_size()
    k = max(1, radius // 3)
    small = pygame.transform.smoothscale(surface, (max(1, w // k), max(1, h // k))) if k > 1 else surface
    try:
        small = pygame.transform.gaussian_blur(small, max(1, radius // k))
    except (AttributeError, ValueError, pygame.error):  # older pygame-ce: the scaling alone softens
        pass
    return pygame.transform.smoothscale(small, (w, h)) if k > 1 else small


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's format when there is a display (tests may have none)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


# --- sprites (painted once per layout) ----------------------------------------------------------


def _gem_sprite(color: Color, size: int, sides: int, turn: float) -> pygame.Surface:
    """A cut gem seen from above, ``size`` pixels square: a table, facets lit from the top left,
    a dark girdle and a soft shadow. Ruby is cut as a hexagon, Sapphire as an octagon, so the
    sides differ by shape as well as colour."""
    s = size * _SS
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = s * 0.5 * GEM * (1.0 if sides == 6 else 1.04)  # an octagon looks smaller than a hexagon
    cx = cy = s / 2
    shadow = pygame.Surface((s, s), pygame.SRCALPHA)
    pygame.draw.polygon(shadow, (0, 0, 0, 150), _polygon(cx + s * 0.03, cy + s * 0.05, radius, sides, turn))
    shadow = pygame.transform.smoothscale(shadow, (size, size))
    out.blit(_blur(shadow, max(1, size // 18)), (0, 0))

    big = pygame.Surface((s, s), pygame.SRCALPHA)
    outer = _polygon(cx, cy, radius, sides, turn)
    table = _polygon(cx - radius * 0.04, cy - radius * 0.05, radius * 0.52, sides, turn)
    pygame.draw.polygon(big, _dark(color, 0.55), outer)
    light = math.radians(-135.0)  # from the top left (screen y grows downwards)
    inner = _polygon(cx, cy, radius * 0.93, sides, turn)
    for k in range(sides):
        a, b = inner[k], inner[(k + 1) % sides]
        ta, tb = table[k], table[(k + 1) % sides]
        mid = math.radians(turn + 360.0 * (k + 0.5) / sides)
        facing = math.cos(mid - light)  # 1: faces the light, -1: turned away
        shade = _light(color, 0.45 * facing) if facing > 0 else _dark(color, -0.42 * facing)
        pygame.draw.polygon(big, shade, [a, b, tb, ta])
        # A thin bright edge between facets reads as a polished cut.
        pygame.draw.line(big, _light(color, 0.5), a, ta, max(1, _SS))
    pygame.draw.polygon(big, _light(color, 0.18), table)
    pygame.draw.polygon(big, _light(color, 0.55), table, max(1, _SS))
    # The glint: a small four-pointed star on the table's lit side.
    gx, gy = cx - radius * 0.22, cy - radius * 0.26
    arm, waist = radius * 0.2, radius * 0.045
    star = [
        (gx, gy - arm),
        (gx + waist, gy - waist),
        (gx + arm, gy),
        (gx + waist, gy + waist),
        (gx, gy + arm),
        (gx - waist, gy + waist),
        (gx - arm, gy),
        (gx - waist, gy - waist),
    ]
    pygame.draw.polygon(big, (255, 255, 255, 230), star)
    out.blit(pygame.transform.smoothscale(big, (size, size)), (0, 0))
    return out


def _hex_tile(
    radius: float, fill: tuple[int, ...] | None, edge: tuple[int, ...] | None, width: float
) -> pygame.Surface:
    """A flat-topped hexagon the size of a cell, filled and/or outlined (for markers)."""
    size = max(2, math.ceil(radius * 2))
    s = size * _SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    pts = _rounded(_polygon(s / 2, s / 2, radius * _SS * 0.92, 6), radius * _SS * 0.14)
    if fill is not None:
        pygame.draw.polygon(big, fill, pts)
    if edge is not None:
        pygame.draw.polygon(big, edge, pts, max(1, round(width * _SS)))
    return pygame.transform.smoothscale(big, (size, size))


def _dot(radius: float, color: Color, ring: bool) -> pygame.Surface:
    """Clone targets are filled dots, jump targets rings: different shapes, not only colours."""
    size = max(2, math.ceil(radius * 2))
    s = size * _SS
    big = pygame.Surface((s, s), pygame.SRCALPHA)
    c = (s / 2, s / 2)
    outline = (*_dark(color, 0.55), 210)
    if ring:
        r, w = s * 0.26, s * 0.075
        pygame.draw.circle(big, outline, c, r + w * 0.35, round(w * 1.7))
        pygame.draw.circle(big, (*color, 240), c, r, round(w))
    else:
        r = s * 0.17
        pygame.draw.circle(big, outline, c, r + s * 0.025)
        pygame.draw.circle(big, (*color, 240), c, r)
    return pygame.transform.smoothscale(big, (size, size))


def _ease_out_back(p: float) -> float:
    q = p - 1.0
    return 1.0 + 2.6 * q * q * q + 1.6 * q * q


def _ease(p: float) -> float:
    return p * p * (3.0 - 2.0 * p)


@dataclass
class _Animation:
    after: HexxagonState
    move: HexMove
    seat: int
    flips: list[Cell]
    move_time: float
    flip_start: float
    flip_time: float
    t: float = 0.0

    @property
    def total(self) -> float:
        return max(self.move_time, self.flip_start + self.flip_time if self.flips else 0.0)

    def move_progress(self) -> float:
        return min(1.0, self.t / self.move_time) if self.move_time > 0 else 1.0

    def flip_progress(self) -> float:
        return min(1.0, max(0.0, (self.t - self.flip_start) / self.flip_time)) if self.flip_time > 0 else 1.0


class HexxagonView(BoardView):
    """Renderer and controller for Hexxagon; see the module docstring for the controls."""

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.radius = 1.0
        self.center = (0.0, 0.0)
        self._gen = 0
        self._selected: Cell | None = None
        self._pressed: Cell | None = None
        self._hover: Cell | None = None
        self._cursor: Cell | None = None
        self._cursor_shown = False
        #: Screen height (in rows) Left/Right try to keep, so the cursor runs along a row.
        self._row_y = 0.0
        self._anim: _Animation | None = None
        self._speed = 1.0
        self._board_key: tuple | None = None
        self._board: pygame.Surface | None = None
        self._board_pos = (0, 0)
        self._sprite_key: tuple | None = None
        self._gems: list[pygame.Surface] = []
        self._frames: dict[tuple[int, int, int], pygame.Surface] = {}
        self._marks: dict[str, pygame.Surface] = {}

    # --- geometry ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the plate (a pointy-topped hexagon round the cells), centred, into ``rect``."""
        self.rect = pygame.Rect(rect)
        plate_w, plate_h = PLATE * SQRT3, PLATE * 2.0
        # 3 % of room for the plate's shadow.
        self.radius = max(3.0, min(self.rect.width / plate_w, self.rect.height / plate_h) * 0.97)
        self.center = (float(self.rect.centerx), float(self.rect.centery))
        self._gen += 1

    def cell_center(self, cell: Cell) -> tuple[int, int]:
        """The pixel at the centre of ``cell``."""
        x, y = self._center_f(*coords(cell))
        return round(x), round(y)

    def _center_f(self, q: float, r: float) -> tuple[float, float]:
        mid = SIDE - 1
        return (
            self.center[0] + (q - mid) * 1.5 * self.radius,
            self.center[1] - (r - q / 2 - mid / 2) * SQRT3 * self.radius,
        )

    @staticmethod
    def _row_of(cell: Cell) -> float:
        q, r = coords(cell)
        return r - q / 2

    def cell_at_pixel(self, pos: tuple[int, int]) -> Cell | None:
        """The cell under the pixel ``pos``, or None off the cells."""
        mid = SIDE - 1
        qf = (pos[0] - self.center[0]) / (1.5 * self.radius) + mid
        rf = -(pos[1] - self.center[1]) / (SQRT3 * self.radius) + qf / 2 + mid / 2
        # Round in cube coordinates (x = q, z = -r, y = r - q): the nearest cell centre.
        x, z = qf, -rf
        y = -x - z
        rx, ry, rz = round(x), round(y), round(z)
        dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
        if dx > dy and dx > dz:
            rx = -ry - rz
        elif dy <= dz:
            rz = -rx - ry
        q, r = rx, -rz
        return cell_at(q, r) if on_board(q, r) else None

    # --- controller state -------------------------------------------------------------------

    @property
    def has_selection(self) -> bool:
        return self._selected is not None

    @property
    def animating(self) -> bool:
        return self._anim is not None

    def reset(self, state: GameState) -> None:
        self._anim = None
        self._selected = None
        self._pressed = None

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self._selected = self._pressed = None
        self._anim = None
        if not isinstance(before, HexxagonState) or not isinstance(after, HexxagonState):
            return
        if not isinstance(move, HexMove) or move.to is None or self._speed <= 0:
            return
        move_time = (JUMP_TIME if move.is_jump else CLONE_TIME) * self._speed
        self._anim = _Animation(
            after,
            move,
            before.to_move,
            before.flips(move),
            move_time,
            move_time * FLIP_DELAY,
            FLIP_TIME * self._speed,
        )

    def sound_for(self, before: GameState, move: Move, after: GameState) -> str | None:
        """Turning gems sounds like a capture; a plain clone or jump like a move."""
        if isinstance(before, HexxagonState) and isinstance(move, HexMove) and before.flips(move):
            return "capture"
        return "move"

    def update(self, dt: float) -> None:
        if self._anim is not None:
            self._anim.t += dt
            if self._anim.t >= self._anim.total:
                self._anim = None

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        self._speed = ctx.anim_speed
        if not ctx.interactive or not isinstance(state, HexxagonState) or state.outcome is not None:
            return None
        if self._anim is not None:
            return None
        if event.type == pygame.MOUSEMOTION:
            self._hover = self.cell_at_pixel(event.pos)
            self._cursor_shown = False
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self._cursor_shown = False
            self._hover = self.cell_at_pixel(event.pos)
            if event.button == 1:
                move = self._activate(self._hover, state)
                self._pressed = self._selected
                return move
            if event.button == 3:
                self._selected = None
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # Press on a gem, release on one of its targets: a drag plays the move too.
            pressed, self._pressed = self._pressed, None
            cell = self.cell_at_pixel(event.pos)
            if pressed is not None and pressed == self._selected and cell is not None and cell != pressed:
                move = self._move_between(pressed, cell, state)
                if move is not None:
                    self._selected = None
                    return move
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key, state)
        return None

    def _key(self, key: int, state: HexxagonState) -> Move | None:
        if key in _CLEAR:
            self._selected = None
            return None
        arrows = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
        if key not in arrows and key not in _ACTIVATE:
            return None
        if not self._cursor_shown or self._cursor is None:
            # The first key only shows the cursor, where the player was last looking.
            self._cursor_shown = True
            start = self._selected if self._selected is not None else self._hover
            self._cursor = start if start is not None else self._default_cursor(state)
            self._row_y = self._row_of(self._cursor)
            return None
        if key in _ACTIVATE:
            return self._activate(self._cursor, state)
        q, r = coords(self._cursor)
        if key in (pygame.K_UP, pygame.K_DOWN):
            dr = 1 if key == pygame.K_UP else -1
            if on_board(q, r + dr):
                self._cursor = cell_at(q, r + dr)
                self._row_y = self._row_of(self._cursor)
            return None
        dq = 1 if key == pygame.K_RIGHT else -1
        options = [cell_at(q + dq, r + dr) for dr in (0, dq) if on_board(q + dq, r + dr)]
        if options:
            # Of the two cells across (half a row up and half a row down) take the one nearer the
            # row the player started on; ties go down, so the cursor zigzags along the row.
            self._cursor = min(options, key=lambda c: (abs(self._row_of(c) - self._row_y), self._row_of(c)))
        return None

    def _default_cursor(self, state: HexxagonState) -> Cell:
        """The side to move's gem nearest the top left that can move (the centre if none can)."""
        own = cells(state.gems(state.to_move))
        movable = [c for c in own if (NEAR[c] | FAR[c]) & state.empty]
        if not movable:
            return cell_at(SIDE - 1, SIDE - 1)
        return min(movable, key=lambda c: (-self._row_of(c), coords(c)[0]))

    def _activate(self, cell: Cell | None, state: HexxagonState) -> HexMove | None:
        """A click (or Enter) on ``cell``: play to a target, (re)select a gem, or deselect."""
        if cell is None:
            self._selected = None
            return None
        if self._selected is not None:
            move = self._move_between(self._selected, cell, state)
            if move is not None:
                self._selected = None
                return move
        if state.gems(state.to_move) >> cell & 1 and (NEAR[cell] | FAR[cell]) & state.empty:
            self._selected = cell
        else:
            self._selected = None
        return None

    @staticmethod
    def _move_between(frm: Cell, to: Cell, state: HexxagonState) -> HexMove | None:
        if NEAR[frm] >> to & 1:
            move = HexMove(None, to)
        elif FAR[frm] >> to & 1:
            move = HexMove(frm, to)
        else:
            return None
        return move if state.gems(state.to_move) >> frm & 1 and state.is_legal(move) else None

    # --- side panel -------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """Gem counts, and a warning when a position is about to repeat a third time.

        >>> from tafel_hexxagon import GAME
        >>> HexxagonView(GAME, GAME.resolve_options({})).status(HexxagonState.start(), None)
        ['Ruby 3 gems', 'Sapphire 3 gems']
        """
        if not isinstance(state, HexxagonState):
            return []
        lines = [
            f"{name} {state.count(seat)} gem{'' if state.count(seat) == 1 else 's'}"
            for seat, name in enumerate(SEAT_NAMES)
        ]
        reps = state.repetitions() if state.halfmove else 1
        if reps > 1 and state.outcome is None:
            lines.append(f"Position seen {reps} times (3 ends the game)")
        return lines

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        self._speed = ctx.anim_speed
        if not isinstance(state, HexxagonState):
            return
        self._ensure(state, ctx)
        surface.blit(self._board, self._board_pos)
        anim = self._anim if self._anim is not None and self._anim.after == state else None
        interactive = ctx.interactive and anim is None and state.outcome is None

        if ctx.show_last and isinstance(ctx.last_move, HexMove) and ctx.last_move.to is not None:
            for cell in (ctx.last_move.frm, ctx.last_move.to):
                if cell is not None:
                    self._blit_mark(surface, "last", cell)
        selected = self._selected if interactive and self._selected is not None else None
        if selected is not None and not state.gems(state.to_move) >> selected & 1:
            selected = None
        if interactive and self._hover is not None and self._hover != selected and not self._cursor_shown:
            if state.gems(state.to_move) >> self._hover & 1:
                self._blit_mark(surface, "hover", self._hover)
        if selected is not None:
            self._blit_mark(surface, "selected", selected)

        self._draw_gems(surface, state, anim)

        if selected is not None and ctx.show_legal:
            empty = state.empty
            for cell in cells(NEAR[selected] & empty):
                self._blit_mark(surface, "near", cell)
            for cell in cells(FAR[selected] & empty):
                self._blit_mark(surface, "far", cell)
            target = self._cursor if self._cursor_shown else self._hover
            if target is not None and self._move_between(selected, target, state) is not None:
                for cell in cells(NEAR[target] & state.gems(1 - state.to_move)):
                    self._blit_mark(surface, "flip", cell)
        if isinstance(ctx.hint, HexMove) and ctx.hint.to is not None and anim is None:
            self._draw_hint(surface, ctx.hint, ctx)
        if interactive and self._cursor_shown and self._cursor is not None:
            self._blit_mark(surface, "cursor", self._cursor)

    def _draw_gems(self, surface: pygame.Surface, state: HexxagonState, anim: _Animation | None) -> None:
        skip = 0
        if anim is not None:
            skip = 1 << anim.move.to  # type: ignore[operator]
            for c in anim.flips:
                skip |= 1 << c
        for seat in (0, 1):
            sprite = self._gems[seat]
            for c in cells(state.gems(seat) & ~skip):
                surface.blit(sprite, sprite.get_rect(center=self.cell_center(c)))
        if anim is None:
            return
        # Turning gems: squash to an edge in the old colour, widen again in the new one.
        p = anim.flip_progress()
        seat = anim.seat if p >= 0.5 else 1 - anim.seat
        lift = 1.0 + 0.12 * math.sin(math.pi * p)
        for c in anim.flips:
            self._blit_scaled(surface, seat, abs(math.cos(math.pi * p)) * lift, lift, self.cell_center(c))
        p = anim.move_progress()
        to = self.cell_center(anim.move.to)  # type: ignore[arg-type]
        if anim.move.frm is None:
            k = max(0.0, _ease_out_back(p))
            self._blit_scaled(surface, anim.seat, k, k, to)
        else:
            fx, fy = self.cell_center(anim.move.frm)
            e = _ease(p)
            lift = 1.0 + 0.22 * math.sin(math.pi * p)  # it rises in mid-air and lands
            pos = (
                round(fx + (to[0] - fx) * e),
                round(fy + (to[1] - fy) * e - self.radius * 0.5 * math.sin(math.pi * p)),
            )
            self._blit_scaled(surface, anim.seat, lift, lift, pos)

    def _blit_scaled(
        self, surface: pygame.Surface, seat: int, sx: float, sy: float, center: tuple[int, int]
    ) -> None:
        kx, ky = round(sx * SCALE_STEPS), round(sy * SCALE_STEPS)
        if kx <= 0 or ky <= 0:
            return
        frame = self._frames.get((seat, kx, ky))
        if frame is None:
            w, h = self._gems[seat].get_size()
            size = (max(1, round(w * kx / SCALE_STEPS)), max(1, round(h * ky / SCALE_STEPS)))
            frame = pygame.transform.smoothscale(self._gems[seat], size)
            self._frames[(seat, kx, ky)] = frame
        surface.blit(frame, frame.get_rect(center=center))

    def _blit_mark(self, surface: pygame.Surface, name: str, cell: Cell) -> None:
        mark = self._marks[name]
        surface.blit(mark, mark.get_rect(center=self.cell_center(cell)))

    def _draw_hint(self, surface: pygame.Surface, move: HexMove, ctx: ViewContext) -> None:
        pulse = 0.5 + 0.5 * math.sin(ctx.time * 5.0)
        color = _light(ctx.theme.hint, 0.35 * pulse)
        width = max(2, round(self.radius / 9))
        for cell, scale in ((move.to, 0.78 + 0.06 * pulse), (move.frm, 0.95)):
            if cell is None:
                continue
            x, y = self.cell_center(cell)
            pts = _polygon(x, y, self.radius * scale, 6)
            pygame.draw.polygon(surface, color, pts, width)

    # --- cached surfaces --------------------------------------------------------------------

    def _ensure(self, state: HexxagonState, ctx: ViewContext) -> None:
        theme = ctx.theme
        key = (self._gen, theme)
        if key != self._sprite_key:
            self._sprite_key = key
            self._build_sprites(ctx)
        board_key = (self._gen, theme, state.gaps, ctx.fonts.scale, id(ctx.fonts))
        if board_key != self._board_key:
            self._board_key = board_key
            self._build_board(state.gaps, ctx)

    def _build_sprites(self, ctx: ViewContext) -> None:
        theme = ctx.theme
        size = max(4, math.ceil(self.radius * 2))
        self._gems = [
            _fast(_gem_sprite(theme.seat(0), size, 6, 0.0)),
            _fast(_gem_sprite(theme.seat(1), size, 8, 22.5)),
        ]
        self._frames = {}
        r = self.radius
        w = max(1.5, r / 10)
        marks = {
            "hover": _hex_tile(r, (255, 255, 255, 46), None, 0),
            "selected": _hex_tile(r, (*theme.highlight, 70), (*theme.highlight, 235), w * 1.2),
            "last": _hex_tile(r, None, (*theme.last_move, 235), w),
            "cursor": _hex_tile(r * 1.03, None, (*theme.text, 255), w * 1.4),
            "near": _dot(r, theme.target_near, ring=False),
            "far": _dot(r, theme.target_far, ring=True),
            "flip": _hex_tile(r * 0.86, None, (*theme.highlight, 200), w * 0.9),
        }
        self._marks = {k: _fast(v) for k, v in marks.items()}

    def _build_board(self, gaps: int, ctx: ViewContext) -> None:
        """The plate with its rim, the cells in three tints, blocked cells and the coordinates."""
        theme = ctx.theme
        r = self.radius
        plate_r = PLATE * r
        shadow = max(2, round(r * 0.35))
        w = math.ceil(plate_r * SQRT3) + 4 * shadow
        h = math.ceil(plate_r * 2) + 4 * shadow
        ox, oy = self.center[0] - w / 2, self.center[1] - h / 2
        self._board_pos = (round(ox), round(oy))
        # Painted at twice the size and scaled down for smooth edges (huge windows: at 1x).
        s = 2 if w * h < 1_500_000 else 1
        big = pygame.Surface((w * s, h * s), pygame.SRCALPHA)

        def at(x: float, y: float) -> tuple[float, float]:
            return ((x - self._board_pos[0]) * s, (y - self._board_pos[1]) * s)

        def plate_at(scale: int, dx: float = 0.0, dy: float = 0.0) -> list[tuple[float, float]]:
            x, y = self.center[0] - self._board_pos[0] + dx, self.center[1] - self._board_pos[1] + dy
            return _rounded(_polygon(x * scale, y * scale, plate_r * scale, 6, 30.0), r * scale * 0.9)

        board = pygame.Surface((w, h), pygame.SRCALPHA)
        drop = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(drop, (0, 0, 0, 140), plate_at(1, shadow * 0.3, shadow * 0.6))
        board.blit(_blur(drop, max(1, shadow // 2)), (0, 0))
        cx, cy = at(*self.center)
        plate = plate_at(s)
        rim = _dark(theme.board_dark, 0.42)
        pygame.draw.polygon(big, _dark(rim, 0.35), plate)
        inner = _rounded(_polygon(cx, cy, (plate_r - r * 0.12) * s, 6, 30.0), r * s * 0.8)
        pygame.draw.polygon(big, rim, inner)
        pygame.draw.polygon(big, _light(rim, 0.16), inner, max(1, round(r * s / 14)))
        # The bed the cells sit in: a slightly darker hexagon just round them.
        bed = _rounded(_polygon(cx, cy, (plate_r - r * 0.95) * s, 6, 30.0), r * s * 0.6)
        pygame.draw.polygon(big, _dark(rim, 0.25), bed)

        tints = (_light(theme.board, 0.1), theme.board, _dark(theme.board, 0.08))
        for c in CELLS:
            q, rr = coords(c)
            x, y = at(*self._center_f(q, rr))
            pts = _rounded(_polygon(x, y, r * s * 0.94, 6), r * s * 0.12)
            if gaps >> c & 1:
                self._paint_blocked(big, x, y, r * s, theme)
                continue
            base = tints[(q + rr) % 3]
            pygame.draw.polygon(big, _dark(base, 0.35), pts)
            top = _rounded(_polygon(x, y - r * s * 0.025, r * s * 0.88, 6), r * s * 0.1)
            pygame.draw.polygon(big, base, top)
            # A light upper-left edge gives each cell a little relief.
            pygame.draw.lines(
                big, _light(base, 0.22), False, top[_ARC * 3 + 3 : _ARC * 5 + 4], max(1, round(r * s / 20))
            )

        # Coordinates on the rim: files below the lowest cell of each file, ranks up and left of
        # the first cell of each rank.
        px = max(6, round(r * 0.62))
        font = ctx.fonts.get(max(1, round(px / ctx.fonts.scale)), bold=True)
        ink = _light(rim, 0.55)
        labels = []
        for q in range(SPAN):
            low = min(rr for rr in range(SPAN) if on_board(q, rr))
            labels.append((FILES[q], q, low - 0.66))
        for rr in range(SPAN):
            first = coords(rank_cells(rr)[0])[0]
            labels.append((str(rr + 1), first - 0.66, rr))
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        for text, q, rr in labels:
            x, y = self._center_f(q, rr)
            img = font.render(text, True, ink)
            layer.blit(
                img, img.get_rect(center=(round(x - self._board_pos[0]), round(y - self._board_pos[1])))
            )
        board.blit(pygame.transform.smoothscale(big, (w, h)) if s > 1 else big, (0, 0))
        board.blit(layer, (0, 0))
        self._board = _fast(board)

    @staticmethod
    def _paint_blocked(big: pygame.Surface, x: float, y: float, r: float, theme) -> None:
        """A dark recessed cell: nothing can stand here, but gems may jump over it."""
        base = theme.blocked
        pygame.draw.polygon(big, _dark(base, 0.5), _rounded(_polygon(x, y, r * 0.94, 6), r * 0.12))
        pygame.draw.polygon(big, base, _rounded(_polygon(x + r * 0.03, y + r * 0.05, r * 0.8, 6), r * 0.1))
        # Three short grooves across the recess, like a grate.
        for k in (-1, 0, 1):
            a = (x - r * 0.42 + k * r * 0.1, y + k * r * 0.3 + r * 0.05)
            b = (x + r * 0.42 + k * r * 0.1, y + k * r * 0.3 + r * 0.05)
            pygame.draw.line(big, _dark(base, 0.3), a, b, max(1, round(r / 10)))
