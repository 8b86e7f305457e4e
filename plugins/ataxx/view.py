"""The Ataxx board on screen: a 7x7 wooden board, shaded stones, click or keyboard input, animations.

Input (only while ``ctx.interactive``):

- Mouse: click one of your stones to select it; its clone targets (filled dots in
  ``theme.target_near``) and jump targets (rings in ``theme.target_far``) light up. Click a target
  to play, or press on the stone and release on a target. Clicking another of your stones
  re-selects; clicking anywhere else (or the right button) deselects.
- Keyboard / gamepad: the first arrow key shows a cursor; arrows move it, Enter or Space selects a
  stone and then plays to a target. Backspace clears the selection. Escape clears it too, but the
  core uses Escape for its pause menu: it should hand Escape to the view only while
  :attr:`AtaxxView.has_selection` is True. The cursor hides again when the mouse moves.

Geometry is computed in :meth:`AtaxxView.layout`; surfaces (board, stones, markers) are built
lazily on the first draw after a layout or theme change and reused every frame.

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

import math
from dataclasses import dataclass

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.view import ACTIVATE_KEYS, ARROW_KEYS, CLEAR_KEYS, BoardView, ViewContext, darken, lighten, mix

from .board import DOUBLES, FILES, SINGLES, SIZE, STRIDE, Square, squares
from .rules import SEAT_NAMES, AtaxxMove, AtaxxState

Color = tuple[int, int, int]

#: Width of the coordinate frame around the 7x7 field, in cells.
FRAME = 0.56
#: Stone radius as a fraction of the cell.
STONE_RADIUS = 0.39
#: Animation lengths in seconds before the player's speed setting.
CLONE_TIME = 0.20
JUMP_TIME = 0.30
FLIP_TIME = 0.35
#: Flips start when the moving stone is this far through its own animation.
FLIP_DELAY = 0.6
#: Sprite scales are quantised to this many steps so scaled frames can be cached.
SCALE_STEPS = 32


def _ease_out_back(p: float) -> float:
    # A slight overshoot makes a clone "pop" into place.
    c = 1.6
    q = p - 1.0
    return 1.0 + (c + 1.0) * q * q * q + c * q * q


def _ease_in_out(p: float) -> float:
    return p * p * (3.0 - 2.0 * p)


def _blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft copy of ``surface``. Blurring cost grows with the radius, so wide blurs run on a
    shrunken copy: a blurred shadow has no detail to lose."""
    if radius < 1:
        return surface
    w, h = surface.get_size()
    k = max(1, radius // 3)
    small = pygame.transform.smoothscale(surface, (max(1, w // k), max(1, h // k))) if k > 1 else surface
    try:
        small = pygame.transform.gaussian_blur(small, max(1, radius // k))
    except (AttributeError, ValueError, pygame.error):  # very old pygame-ce: scaling alone softens
        pass
    return pygame.transform.smoothscale(small, (w, h)) if k > 1 else small


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """The display's pixel format blits fastest, but converting needs a display (tests may have none)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


@dataclass
class _Animation:
    before: AtaxxState
    after: AtaxxState
    move: AtaxxMove
    seat: int
    flips: list[Square]
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
        if self.flip_time <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.t - self.flip_start) / self.flip_time))


class AtaxxView(BoardView):
    """Renderer and controller for Ataxx; see the module docstring for the controls."""

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.cell = 1
        self.field = pygame.Rect(0, 0, SIZE, SIZE)  # the 7x7 squares
        self.outer = pygame.Rect(0, 0, SIZE, SIZE)  # field plus coordinate frame
        self._selected: Square | None = None
        self._pressed: Square | None = None
        self._hover: Square | None = None
        self._cursor: Square | None = None
        self._cursor_visible = False
        self._anim: _Animation | None = None
        # on_move and update get no context, so remember the last animation speed seen.
        self._speed = 1.0
        self._layout_gen = 0
        self._assets_key: tuple | None = None
        self._board_key: tuple | None = None
        self._still: pygame.Surface | None = None
        self._still_key: tuple | None = None
        self._base: pygame.Surface | None = None
        self._base_key: tuple | None = None
        self._board: pygame.Surface | None = None
        self._shadow: pygame.Surface | None = None
        self._shadow_pos = (0, 0)
        self._stones: list[pygame.Surface] = []
        self._ghosts: list[pygame.Surface] = []
        self._frames: dict[tuple[int, int, int], pygame.Surface] = {}
        self._marks: dict[str, pygame.Surface] = {}

    # --- geometry ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Fit a square board with its coordinate frame, centred, into ``rect``."""
        self.rect = pygame.Rect(rect)
        side = min(self.rect.width, self.rect.height)
        pad = max(2, side // 60)  # room for the board's drop shadow
        self.cell = max(4, int((side - 2 * pad) / (SIZE + 2 * FRAME)))
        frame = max(1, round(self.cell * FRAME))
        span = SIZE * self.cell
        self.outer = pygame.Rect(0, 0, span + 2 * frame, span + 2 * frame)
        self.outer.center = self.rect.center
        self.field = pygame.Rect(self.outer.x + frame, self.outer.y + frame, span, span)
        self._layout_gen += 1

    def square_rect(self, square: Square) -> pygame.Rect:
        """The screen rectangle of ``square`` (rank 7 at the top)."""
        f, r = square % STRIDE, square // STRIDE
        return pygame.Rect(
            self.field.x + f * self.cell, self.field.y + (SIZE - 1 - r) * self.cell, self.cell, self.cell
        )

    def square_center(self, square: Square) -> tuple[int, int]:
        """The pixel at the centre of ``square``."""
        return self.square_rect(square).center

    def square_at(self, pos: tuple[int, int]) -> Square | None:
        """The square under the pixel ``pos``, or None off the 7x7 field."""
        x, y = pos[0] - self.field.x, pos[1] - self.field.y
        if x < 0 or y < 0:
            return None
        f, row = x // self.cell, y // self.cell
        if f >= SIZE or row >= SIZE:
            return None
        return (SIZE - 1 - row) * STRIDE + f

    # --- state of the controller --------------------------------------------------------------

    @property
    def has_selection(self) -> bool:
        """True while a stone is selected: the core should then pass Escape to the view (which
        clears the selection) instead of opening its pause menu."""
        return self._selected is not None

    @property
    def selected(self) -> Square | None:
        return self._selected

    @property
    def animating(self) -> bool:
        return self._anim is not None

    def reset(self, state: GameState) -> None:
        self._anim = None
        self._selected = None
        self._pressed = None

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self._selected = None
        self._pressed = None
        self._anim = None
        if not (isinstance(before, AtaxxState) and isinstance(after, AtaxxState)):
            return
        if not isinstance(move, AtaxxMove) or move.to is None or self._speed <= 0:
            return
        seat = before.to_move
        flips = squares(SINGLES[move.to] & before.stones(1 - seat))
        move_time = (JUMP_TIME if move.is_jump else CLONE_TIME) * self._speed
        self._anim = _Animation(
            before,
            after,
            move,
            seat,
            flips,
            move_time=move_time,
            flip_start=move_time * FLIP_DELAY,
            flip_time=FLIP_TIME * self._speed,
        )

    def update(self, dt: float) -> None:
        if self._anim is not None:
            self._anim.t += dt
            if self._anim.t >= self._anim.total:
                self._anim = None

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        self._speed = ctx.anim_speed
        if not ctx.interactive or not isinstance(state, AtaxxState) or state.outcome is not None:
            return None
        if self._anim is not None:
            return None
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._hover = self.square_at(event.pos)
            self._cursor_visible = False
            return None
        if kind == pygame.MOUSEBUTTONDOWN:
            self._cursor_visible = False
            self._hover = self.square_at(event.pos)
            if event.button == 1:
                move = self._activate(self._hover, state)
                self._pressed = self._selected
                return move
            if event.button == 3:
                self._selected = None
            return None
        if kind == pygame.MOUSEBUTTONUP and event.button == 1:
            # Press on a stone, release on one of its targets: a drag plays the move too.
            pressed, self._pressed = self._pressed, None
            square = self.square_at(event.pos)
            if pressed is not None and pressed == self._selected and square is not None and square != pressed:
                move = self._move_between(pressed, square, state)
                if move is not None:
                    self._selected = None
                    return move
            return None
        if kind == pygame.KEYDOWN:
            return self._key(event.key, state)
        return None

    def _key(self, key: int, state: AtaxxState) -> Move | None:
        if key in CLEAR_KEYS:
            self._selected = None
            return None
        if key not in ARROW_KEYS and key not in ACTIVATE_KEYS:
            return None
        if not self._cursor_visible:
            # The first key only shows the cursor, where the player was last looking.
            self._cursor_visible = True
            start = self._selected if self._selected is not None else self._hover
            if start is None:
                start = self._cursor if self._cursor is not None else self._default_cursor(state)
            self._cursor = start
            return None
        if self._cursor is None:
            self._cursor = self._default_cursor(state)
        if key in ARROW_KEYS:
            dx, dy = ARROW_KEYS[key]
            f = min(SIZE - 1, max(0, self._cursor % STRIDE + dx))
            r = min(SIZE - 1, max(0, self._cursor // STRIDE + dy))
            self._cursor = r * STRIDE + f
            return None
        return self._activate(self._cursor, state)

    def _default_cursor(self, state: AtaxxState) -> Square:
        """The top-left stone of the side to move that can move (the centre if none can)."""
        own = squares(state.stones(state.to_move))
        movable = [s for s in own if (SINGLES[s] | DOUBLES[s]) & state.empty]
        if movable:
            return min(movable, key=lambda s: (-(s // STRIDE), s % STRIDE))
        return 3 * STRIDE + 3

    def _activate(self, square: Square | None, state: AtaxxState) -> AtaxxMove | None:
        """A click (or Enter) on ``square``: play to a target, (re)select a stone, or deselect."""
        if square is None:
            self._selected = None
            return None
        if self._selected is not None:
            move = self._move_between(self._selected, square, state)
            if move is not None:
                self._selected = None
                return move
        if (state.stones(state.to_move) >> square) & 1 and (SINGLES[square] | DOUBLES[square]) & state.empty:
            self._selected = square
        else:
            self._selected = None
        return None

    @staticmethod
    def _move_between(frm: Square, to: Square, state: AtaxxState) -> AtaxxMove | None:
        if not (state.stones(state.to_move) >> frm) & 1 or not (state.empty >> to) & 1:
            return None
        if (SINGLES[frm] >> to) & 1:
            move = AtaxxMove(None, to)
        elif (DOUBLES[frm] >> to) & 1:
            move = AtaxxMove(frm, to)
        else:
            return None
        return move if state.is_legal(move) else None

    # --- side panel -------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """Stone counts, and the halfmove clock under engine rules.

        >>> from tafel.games.ataxx import GAME
        >>> AtaxxView(GAME, GAME.resolve_options({})).status(AtaxxState.start(True), None)
        ['Red 2 stones', 'Blue 2 stones', 'Halfmove clock 0']
        """
        if not isinstance(state, AtaxxState):
            return []
        lines = []
        for seat, name in enumerate(SEAT_NAMES):
            n = state.count(seat)
            lines.append(f"{name} {n} stone{'' if n == 1 else 's'}")
        if state.engine_rules:
            lines.append(f"Halfmove clock {state.halfmove}")
        reps = state.repetitions() if state.halfmove else 1
        if reps > 1 and state.outcome is None:
            lines.append(f"Position seen {reps} times (3 ends the game)")
        return lines

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        self._speed = ctx.anim_speed
        if not isinstance(state, AtaxxState):
            return
        self._ensure_assets(state, ctx)

        anim = self._anim
        if anim is not None and state != anim.after and state != anim.before:
            anim = None
        shown = anim.after if anim is not None else state
        live = ctx.interactive and anim is None and shown.outcome is None

        last = ctx.last_move if ctx.show_last and isinstance(ctx.last_move, AtaxxMove) else None
        if last is not None and last.to is None:
            last = None
        selected = self._selected if live and self._selected_valid(shown) else None
        focus = None
        if live:
            focus = self._cursor if self._cursor_visible else self._hover
        hover = focus if focus is not None and not self._cursor_visible else None
        skip = 0
        if anim is not None:
            skip = 1 << anim.move.to  # type: ignore[operator]
            for sq in anim.flips:
                skip |= 1 << sq
        self._draw_still(surface, shown, skip, last, hover, selected, ctx)
        if anim is not None:
            self._draw_moving(surface, anim)

        if selected is not None:
            near, far = SINGLES[selected] & shown.empty, DOUBLES[selected] & shown.empty
            preview = focus is not None and bool(((near | far) >> focus) & 1)
            if ctx.show_legal:
                # The previewed target shows the ghost stone instead of its marker.
                skip = 1 << focus if preview else 0  # type: ignore[operator]
                for sq in squares(near & ~skip):
                    surface.blit(self._marks["near"], self.square_rect(sq))
                for sq in squares(far & ~skip):
                    surface.blit(self._marks["far"], self.square_rect(sq))
        else:
            preview = False
        if preview:
            # A ghost stone on the target under the pointer and rings on the stones it would flip.
            assert focus is not None
            surface.blit(self._ghosts[shown.to_move], self.square_rect(focus))
            for sq in squares(SINGLES[focus] & shown.stones(1 - shown.to_move)):
                surface.blit(self._marks["flip"], self.square_rect(sq))

        if isinstance(ctx.hint, AtaxxMove) and ctx.hint.to is not None and anim is None:
            self._draw_hint(surface, ctx.hint, ctx)
        if live and self._cursor_visible and self._cursor is not None:
            self._draw_cursor(surface, self._cursor, ctx)

    def _blit_board(self, surface: pygame.Surface) -> None:
        """The drop shadow and the board over it (drawn once into the kept empty board)."""
        assert self._board is not None and self._shadow is not None
        surface.blit(self._shadow, self._shadow_pos)
        surface.blit(self._board, self.outer.topleft)

    def _selected_valid(self, state: AtaxxState) -> bool:
        s = self._selected
        return s is not None and bool((state.stones(state.to_move) >> s) & 1)

    def _draw_still(
        self,
        surface: pygame.Surface,
        shown: AtaxxState,
        skip: int,
        last: AtaxxMove | None,
        hover: Square | None,
        selected: Square | None,
        ctx: ViewContext,
    ) -> None:
        """Board, last move, hover and selection marks and the resting stones, as one picture.

        The picture is kept, opaque (the background under the shadow included), and drawn again
        only when one of those changes: a board of forty-odd alpha-blended stones would
        otherwise be blended again every frame, for the same pixels.
        """
        assert self._shadow is not None
        area = self._shadow.get_rect(topleft=self._shadow_pos).union(self.outer).clip(surface.get_rect())
        key = (
            self._board_key,
            shown.stones(0),
            shown.stones(1),
            skip,
            last,
            hover,
            selected,
            ctx.theme.background,
            area,
            surface.get_size(),
        )
        if key != self._still_key or self._still is None:
            self._still_key = key
            # Screen-sized, so everything draws in screen coordinates; only ``area`` is used.
            if self._still is None or self._still.get_size() != surface.get_size():
                self._still = pygame.Surface(surface.get_size(), 0, surface)
                self._base = pygame.Surface(surface.get_size(), 0, surface)
                self._base_key = None
            still = self._still
            # The empty board on its background is kept too: a move redraws only on top of it.
            base_key = (self._board_key, ctx.theme.background, area)
            if base_key != self._base_key:
                self._base_key = base_key
                self._base.fill(ctx.theme.background, area)
                self._blit_board(self._base)
            still.blit(self._base, area, area)
            if last is not None:
                self._draw_last_move(still, last, ctx)
            if hover is not None:
                still.blit(self._marks["hover"], self.square_rect(hover))
            if selected is not None:
                still.blit(self._marks["selected"], self.square_rect(selected))
            for seat in (0, 1):
                sprite = self._stones[seat]
                for sq in squares(shown.stones(seat) & ~skip):
                    still.blit(sprite, self.square_rect(sq))
        surface.blit(self._still, area, area)

    def _draw_moving(self, surface: pygame.Surface, anim: _Animation) -> None:
        """The stones of a move being animated (the still picture leaves their squares empty)."""
        # Flipping stones: squash horizontally to nothing in the old colour, grow back in the new.
        p = anim.flip_progress()
        width = abs(math.cos(math.pi * p))
        seat = anim.seat if p >= 0.5 else 1 - anim.seat
        lift = 1.0 + 0.12 * math.sin(math.pi * p)
        for sq in anim.flips:
            self._blit_scaled(surface, seat, width * lift, lift, self.square_center(sq))
        # The moving stone last, on top.
        p = anim.move_progress()
        to_c = self.square_center(anim.move.to)  # type: ignore[arg-type]
        if anim.move.frm is None:
            s = max(0.0, _ease_out_back(p))
            self._blit_scaled(surface, anim.seat, s, s, to_c)
        else:
            fx, fy = self.square_center(anim.move.frm)
            e = _ease_in_out(p)
            pos = (round(fx + (to_c[0] - fx) * e), round(fy + (to_c[1] - fy) * e))
            lift = 1.0 + 0.18 * math.sin(math.pi * p)  # rises in mid-air, lands at full size
            self._blit_scaled(surface, anim.seat, lift, lift, pos)

    def _blit_scaled(
        self, surface: pygame.Surface, seat: int, sx: float, sy: float, center: tuple[int, int]
    ) -> None:
        kx, ky = round(sx * SCALE_STEPS), round(sy * SCALE_STEPS)
        if kx <= 0 or ky <= 0:
            return
        key = (seat, kx, ky)
        frame = self._frames.get(key)
        if frame is None:
            base = self._stones[seat]
            w, h = base.get_size()
            frame = pygame.transform.smoothscale(
                base, (max(1, round(w * kx / SCALE_STEPS)), max(1, round(h * ky / SCALE_STEPS)))
            )
            self._frames[key] = frame
        surface.blit(frame, frame.get_rect(center=center))

    def _draw_last_move(self, surface: pygame.Surface, move: AtaxxMove, ctx: ViewContext) -> None:
        width = max(2, self.cell // 20)
        radius = max(2, self.cell // 10)
        color = ctx.theme.last_move
        for sq in (move.frm, move.to):
            if sq is None:
                continue
            r = self.square_rect(sq).inflate(-width, -width)
            pygame.draw.rect(surface, color, r, width, border_radius=radius)
        if move.frm is not None:
            # The vacated square of a jump gets a small dot so "from" and "to" read apart.
            pygame.draw.circle(surface, color, self.square_center(move.frm), max(2, self.cell // 14))

    def _draw_hint(self, surface: pygame.Surface, move: AtaxxMove, ctx: ViewContext) -> None:
        pulse = 0.5 + 0.5 * math.sin(ctx.time * 5.0)
        color = mix(ctx.theme.hint, (255, 255, 255), 0.35 * pulse)
        width = max(2, self.cell // 14)
        inset = self.cell // 6 + round(pulse * self.cell / 24)
        to_c = self.square_center(move.to)  # type: ignore[arg-type]
        if move.frm is not None:
            # A ring around the stone to jump with; clones need no source (any neighbour clones).
            pygame.draw.circle(surface, color, self.square_center(move.frm), round(self.cell * 0.45), width)
        pygame.draw.circle(surface, color, to_c, max(3, self.cell // 12))
        r = self.square_rect(move.to).inflate(-2 * inset, -2 * inset)  # type: ignore[arg-type]
        pygame.draw.rect(surface, color, r, width, border_radius=max(3, self.cell // 8))

    def _draw_cursor(self, surface: pygame.Surface, square: Square, ctx: ViewContext) -> None:
        r = self.square_rect(square).inflate(-max(2, self.cell // 16), -max(2, self.cell // 16))
        width = max(2, self.cell // 16)
        arm = max(4, self.cell // 4)
        shadow = darken(ctx.theme.background, 0.3)
        for color, off in ((shadow, max(1, width // 2)), (ctx.theme.text, 0)):
            rr = r.move(off, off)
            for cx, cy, sx, sy in (
                (rr.left, rr.top, 1, 1),
                (rr.right - 1, rr.top, -1, 1),
                (rr.left, rr.bottom - 1, 1, -1),
                (rr.right - 1, rr.bottom - 1, -1, -1),
            ):
                pygame.draw.line(surface, color, (cx, cy), (cx + sx * arm, cy), width)
                pygame.draw.line(surface, color, (cx, cy), (cx, cy + sy * arm), width)

    # --- cached surfaces --------------------------------------------------------------------

    def _ensure_assets(self, state: AtaxxState, ctx: ViewContext) -> None:
        key = (self._layout_gen, ctx.theme)
        if key != self._assets_key:
            self._assets_key = key
            self._board_key = None
            self._build_sprites(ctx)
        board_key = (self._layout_gen, ctx.theme, state.gaps, ctx.fonts.scale, id(ctx.fonts))
        if board_key != self._board_key:
            self._board_key = board_key
            self._build_board(state.gaps, ctx)

    def _build_sprites(self, ctx: ViewContext) -> None:
        theme = ctx.theme
        c = self.cell
        self._frames = {}
        self._stones = [_fast(_stone_sprite(theme.seat(seat), c)) for seat in (0, 1)]
        self._ghosts = []
        for sprite in self._stones:
            ghost = sprite.copy()
            ghost.set_alpha(120)
            self._ghosts.append(ghost)
        marks: dict[str, pygame.Surface] = {}
        hover = pygame.Surface((c, c), pygame.SRCALPHA)
        hover.fill((255, 255, 255, 38))
        marks["hover"] = hover
        sel = pygame.Surface((c, c), pygame.SRCALPHA)
        sel.fill((*theme.highlight, 80))
        bw = max(2, c // 18)
        pygame.draw.rect(sel, (*theme.highlight, 230), sel.get_rect(), bw)
        marks["selected"] = sel
        marks["near"] = _marker(c, theme.target_near, ring=False)
        marks["far"] = _marker(c, theme.target_far, ring=True)
        marks["flip"] = _flip_ring(c, theme.highlight)
        self._marks = {k: _fast(v) for k, v in marks.items()}
        # A soft drop shadow under the whole board (it does not depend on the blockers).
        ow, oh = self.outer.size
        radius = max(3, (self.field.x - self.outer.x) // 2)
        blur = max(2, c // 6)
        shadow = pygame.Surface((ow + 4 * blur, oh + 4 * blur), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 150), (2 * blur, 2 * blur, ow, oh), border_radius=radius)
        self._shadow = _fast(_blur(shadow, blur))
        self._shadow_pos = (self.outer.x - 2 * blur + blur // 3, self.outer.y - 2 * blur + blur // 2)

    def _build_board(self, gaps: int, ctx: ViewContext) -> None:
        theme = ctx.theme
        c = self.cell
        ow, oh = self.outer.size
        frame = self.field.x - self.outer.x
        board = pygame.Surface((ow, oh), pygame.SRCALPHA)
        radius = max(3, frame // 2)
        # Frame: darker wood with a lighter bevel on top and a dark outline.
        pygame.draw.rect(board, darken(theme.board_dark, 0.35), board.get_rect(), border_radius=radius)
        pygame.draw.rect(board, theme.board_dark, board.get_rect().inflate(-2, -2), border_radius=radius)
        bevel = max(1, c // 40)
        pygame.draw.rect(
            board,
            lighten(theme.board_dark, 0.18),
            board.get_rect().inflate(-2, -2),
            bevel,
            border_radius=radius,
        )
        # Field: a faint checker keeps squares readable without competing with the stones.
        fx, fy = frame, frame
        light = lighten(theme.board, 0.07)
        for row in range(SIZE):
            for f in range(SIZE):
                color = light if (row + f) % 2 == 0 else theme.board
                board.fill(color, (fx + f * c, fy + row * c, c, c))
        for sq in squares(gaps):
            f, r = sq % STRIDE, sq // STRIDE
            _blocked_tile(board, pygame.Rect(fx + f * c, fy + (SIZE - 1 - r) * c, c, c), theme)
        line = max(1, c // 48)
        for i in range(SIZE + 1):
            off = i * c - line // 2
            board.fill(theme.grid, (fx + off, fy, line, SIZE * c))
            board.fill(theme.grid, (fx, fy + off, SIZE * c, line))
        edge = max(2, c // 24)
        pygame.draw.rect(
            board,
            darken(theme.grid, 0.2),
            (fx - edge, fy - edge, SIZE * c + 2 * edge, SIZE * c + 2 * edge),
            edge,
        )
        # Coordinates: files under the field, ranks left of it.
        px = max(6, round(frame * 0.5))
        font = ctx.fonts.get(max(1, round(px / ctx.fonts.scale)), bold=True)
        ink = darken(theme.board_dark, 0.55)
        for f in range(SIZE):
            text = font.render(FILES[f], True, ink)
            board.blit(text, text.get_rect(center=(fx + f * c + c // 2, fy + SIZE * c + frame // 2)))
        for r in range(SIZE):
            text = font.render(str(r + 1), True, ink)
            board.blit(text, text.get_rect(center=(frame // 2, fy + (SIZE - 1 - r) * c + c // 2)))
        _round_corners(board, radius)
        self._board = _fast(board)


# --- sprite painters (run once per layout, never per frame) ------------------------------------

_SS = 4  # supersampling factor: shapes are drawn large and smooth-scaled down for soft edges


def _stone_sprite(color: Color, cell: int) -> pygame.Surface:
    """A shaded disc with a soft shadow, ``cell`` pixels square."""
    size = cell * _SS
    out = pygame.Surface((cell, cell), pygame.SRCALPHA)
    radius = STONE_RADIUS * size
    cx = cy = size / 2

    shadow = pygame.Surface((cell, cell), pygame.SRCALPHA)
    pygame.draw.circle(
        shadow, (0, 0, 0, 120), (cell / 2 + cell * 0.035, cell / 2 + cell * 0.06), STONE_RADIUS * cell
    )
    out.blit(_blur(shadow, max(1, cell // 22)), (0, 0))

    big = pygame.Surface((size, size), pygame.SRCALPHA)
    # Rim, then a body whose gradient centre drifts towards the light (top left).
    pygame.draw.circle(big, darken(color, 0.5), (cx, cy), radius)
    pygame.draw.circle(big, darken(color, 0.28), (cx, cy + radius * 0.02), radius * 0.965)
    steps = max(12, int(radius / 3))
    lx, ly = cx - radius * 0.28, cy - radius * 0.32
    for i in range(steps):
        t = i / (steps - 1)
        r = radius * 0.94 * (1.0 - 0.78 * t)
        x = cx + (lx - cx) * t * 0.9
        y = cy + (ly - cy) * t * 0.9
        if t < 0.35:
            col = mix(darken(color, 0.2), color, t / 0.35)
        else:
            col = mix(color, lighten(color, 0.32), (t - 0.35) / 0.65)
        pygame.draw.circle(big, col, (x, y), r)
    # Specular highlight: a soft ellipse near the top left.
    gloss = pygame.Surface((size, size), pygame.SRCALPHA)
    gw, gh = radius * 0.9, radius * 0.55
    pygame.draw.ellipse(gloss, (255, 255, 255, 70), (cx - radius * 0.62, cy - radius * 0.78, gw, gh))
    big.blit(_blur(gloss, max(1, int(radius * 0.08))), (0, 0))
    out.blit(pygame.transform.smoothscale(big, (cell, cell)), (0, 0))
    return out


def _marker(cell: int, color: Color, ring: bool) -> pygame.Surface:
    """Clone targets are filled dots, jump targets rings: different shapes, not only colours."""
    size = cell * _SS
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    outline = (*darken(color, 0.55), 200)
    if ring:
        r = size * 0.2
        w = size * 0.06
        pygame.draw.circle(big, outline, c, r + w * 0.35, round(w * 1.7))
        pygame.draw.circle(big, (*color, 240), c, r, round(w))
    else:
        r = size * 0.14
        pygame.draw.circle(big, outline, c, r + size * 0.02)
        pygame.draw.circle(big, (*color, 240), c, r)
    return pygame.transform.smoothscale(big, (cell, cell))


def _flip_ring(cell: int, color: Color) -> pygame.Surface:
    size = cell * _SS
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    r = STONE_RADIUS * size + size * 0.035
    pygame.draw.circle(big, (*color, 220), (size / 2, size / 2), r, max(1, round(size * 0.035)))
    return pygame.transform.smoothscale(big, (cell, cell))


def _round_corners(surface: pygame.Surface, radius: int) -> None:
    """Cut smooth (anti-aliased) rounded corners into ``surface``'s alpha."""
    if radius < 2:
        return
    big = pygame.Surface((radius * _SS, radius * _SS), pygame.SRCALPHA)
    big.fill((255, 255, 255, 0))
    pygame.draw.circle(big, (255, 255, 255, 255), (radius * _SS, radius * _SS), radius * _SS)
    mask = pygame.transform.smoothscale(big, (radius, radius))  # the top-left corner
    w, h = surface.get_size()
    for flip_x, flip_y in ((False, False), (True, False), (False, True), (True, True)):
        corner = pygame.transform.flip(mask, flip_x, flip_y)
        pos = (w - radius if flip_x else 0, h - radius if flip_y else 0)
        surface.blit(corner, pos, special_flags=pygame.BLEND_RGBA_MULT)


def _blocked_tile(board: pygame.Surface, rect: pygame.Rect, theme) -> None:
    """A dark recessed tile: nothing can stand here (jumps may pass over it)."""
    inset = max(1, rect.width // 12)
    tile = rect.inflate(-2 * inset, -2 * inset)
    base = theme.blocked
    radius = max(2, rect.width // 10)
    pygame.draw.rect(board, darken(base, 0.45), tile, border_radius=radius)
    lip = max(1, rect.width // 22)
    inner = pygame.Rect(tile.x + lip, tile.y + lip, tile.width - lip, tile.height - lip)
    pygame.draw.rect(board, base, inner, border_radius=radius)
    # Light catches the lower-right edge of the recess.
    pygame.draw.rect(board, lighten(base, 0.12), tile, max(1, lip // 2), border_radius=radius)
    # Faint hatching across the tile.
    step = max(4, rect.width // 6)
    hatch = lighten(base, 0.07)
    clip = board.get_clip()
    board.set_clip(inner.inflate(-lip, -lip))
    for k in range(-inner.height, inner.width, step):
        pygame.draw.line(
            board,
            hatch,
            (inner.x + k, inner.bottom),
            (inner.x + k + inner.height, inner.y),
            max(1, rect.width // 40),
        )
    board.set_clip(clip)
