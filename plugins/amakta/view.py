"""The Amakta board on screen: hex fields, arrow pieces, both inventories, and move input.

Drawing. Pieces are hexagons in their original colour (ivory White, charcoal Black) with
their arrows drawn from the centre towards each direction: blue, green and red, with one,
two or three bars across the shaft (the reach, readable without colour); a double arrow is
two arrows side by side. A violet ring is a reinforcement circle, a green ring damage; an
expropriated piece carries a beige disc and an outline in its new owner's colour. The bases
are marked with their owner's permanent arrow. White's inventory is drawn on White's side
(left, or below the board in a tall area), Black's on Black's side: every piece of the set
keeps its slot (in hand: solid; on the board: a faint outline; out of the game: crossed).

Help. Hovering a piece (or the keyboard cursor on it) draws its arrows to the fields they
point at; blocked arrows are dimmed with a cross on the blocker. ``C`` (or the Control
button) overlays control: fields tinted by who controls them, stalemates hatched violet,
the arrow counts White:Black in each field.

Input (while a human is to move). Every legal move is reachable with the mouse or keys:

- click a piece in your inventory (or ``Tab`` through them): the fields it can go to light
  up (place, replace, release-and-place); the piece follows the pointer as a preview;
  ``R`` / the wheel turns it (``Shift+R`` back), ``M`` mirrors it; click a field to play;
- click a piece on the board: a small list offers what can be done with it (rotate,
  take, relocate, replace, expropriate, appropriate, remove, release, release and place);
  choices needing an orientation show the piece in place to turn and mirror, confirmed
  with ``Enter`` or a click; relocate first asks for the target field;
- click a lit empty field with nothing selected: the list offers every piece that can be
  placed or relocated there;
- the bar below offers Pass (``P``), Offer draw (``O``), Resign (twice, ``Q``) and the
  control toggle; in the start phase and when a draw is offered its buttons choose.
- keyboard: the arrow keys move a cursor over the fields (``Enter``/``Space`` = click);
  in a list ``Up``/``Down`` and ``Enter``; ``Backspace`` or the right button cancels.
  Escape opens the core's pause menu.

>>> import pygame
>>> from tafel.games.amakta import GAME
>>> view = AmaktaView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1200, 800))
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from tafel import GameDef, GameState, Options
from tafel.view import BoardView, ViewContext

from .rules import catalog
from .rules.board import BLACK, DIRECTIONS, WHITE, Board
from .rules.engine import (
    APPROPRIATE,
    COLOUR_NAMES,
    EXPROPRIATE,
    PLACE,
    RELEASE,
    RELEASE_PLACE,
    RELOCATE,
    REMOVE,
    REPLACE,
    ROTATE,
    TAKE,
    Move,
)
from .rules.pieces import DIGIT_ARROWS, describe, digits, orient
from .rules.state import PLAY, AmaktaState

Color = tuple[int, int, int]

SQRT3 = math.sqrt(3.0)
#: Screen angle (radians, y down) of each direction E, NE, NW, W, SW, SE.
DIR_ANGLES = tuple(math.atan2(dy * 1.5, dx * SQRT3 / 2) for dx, dy in DIRECTIONS)
ARROW_COLOURS: dict[int, Color] = {1: (52, 118, 235), 2: (40, 168, 76), 3: (225, 58, 48)}
BODY = {WHITE: (236, 230, 212), BLACK: (46, 46, 54)}
EDGE = {WHITE: (150, 140, 118), BLACK: (120, 122, 136)}
OWNER_LINE = {WHITE: (250, 248, 240), BLACK: (12, 12, 16)}
REINFORCE_RING = (160, 84, 214)
DAMAGE_RING = (44, 176, 84)
EXPRO_DISC = (214, 192, 150)
FIELD = (196, 168, 120)
FIELD_EDGE = (120, 94, 60)
HOLE = (36, 30, 26)
CONTROL_TINT = {WHITE: (255, 255, 248, 150), BLACK: (16, 16, 24, 150), -1: (168, 80, 210, 120)}
CONTROL_EDGE = {WHITE: (255, 255, 250, 255), BLACK: (10, 10, 14, 255), -1: (150, 60, 200, 255)}
SUPERSAMPLE = 2

KEY_DIRS = {pygame.K_LEFT: (-2, 0), pygame.K_RIGHT: (2, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
CANCEL = (pygame.K_BACKSPACE, pygame.K_ESCAPE)

ACTION_LABELS = {
    ROTATE: "Rotate / mirror…",
    TAKE: "Take into hand",
    RELOCATE: "Relocate…",
    REPLACE: "Replace with a piece from hand…",
    EXPROPRIATE: "Expropriate",
    APPROPRIATE: "Expropriate and turn…",
    REMOVE: "Expropriate and take (removes it)",
    RELEASE: "Release (removes it)",
    RELEASE_PLACE: "Release and place a piece…",
}
ACTION_ORDER = (ROTATE, TAKE, RELOCATE, REPLACE, EXPROPRIATE, APPROPRIATE, REMOVE, RELEASE, RELEASE_PLACE)


#: cos and sin of each corner of a pointy-top hexagon (computed once: hexagons are drawn by the hundred).
_HEX_CORNERS = tuple(
    (math.cos(math.radians(60 * k - 30)), math.sin(math.radians(60 * k - 30))) for k in range(6)
)


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Corners of a pointy-top hexagon of circumradius ``r``.

    >>> [(round(x), round(y)) for x, y in hex_points(0, 0, 10)][:2]
    [(9, -5), (9, 5)]
    """
    return [(cx + r * c, cy + r * s) for c, s in _HEX_CORNERS]


def _mix(a: Color, b: Color, t: float) -> Color:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def rotate_step(o: int, step: int) -> int:
    """The orientation turned one direction further (``step`` +1 counter-clockwise, -1 back).

    >>> rotate_step(0, 1), rotate_step(5, 1), rotate_step(6, -1)
    (1, 0, 11)
    """
    return (o % 6 + step) % 6 + (6 if o >= 6 else 0)


def mirror_step(o: int) -> int:
    """The orientation whose layout is the mirror image (in the horizontal axis) of ``o``'s.

    >>> from tafel.games.amakta.rules.pieces import mirror, orient
    >>> all(orient(120034, mirror_step(o)) == mirror(orient(120034, o)) for o in range(12))
    True
    """
    k = o % 6
    return (-k) % 6 if o >= 6 else 6 + (-k) % 6


def render_piece(
    layout: int, colour: int, circle: int, expro_owner: int | None, radius: float, alpha: int = 255
) -> pygame.Surface:
    """A piece sprite of circumradius ``radius`` (supersampled, then scaled down smoothly)."""
    r = max(4.0, radius) * SUPERSAMPLE
    size = int(2 * r + 6)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    body = BODY[colour]
    pygame.draw.polygon(surf, body, hex_points(cx, cy, r * 0.93))
    edge = EDGE[colour] if expro_owner is None else OWNER_LINE[expro_owner]
    edge_w = max(2, int(r * (0.07 if expro_owner is None else 0.13)))
    pygame.draw.polygon(surf, edge, hex_points(cx, cy, r * 0.93 - edge_w / 2), edge_w)
    outline = (20, 20, 24) if colour == WHITE else (230, 230, 235)
    for d, digit in enumerate(digits(layout)):
        reaches = DIGIT_ARROWS[digit]
        if not reaches:
            continue
        offsets = (0.0,) if len(reaches) == 1 else (-0.17 * r, 0.17 * r)
        for off, reach in zip(offsets, reaches, strict=True):
            _arrow(
                surf, cx, cy, DIR_ANGLES[d], off, r, ARROW_COLOURS[reach], reach, outline, len(reaches) == 2
            )
    if circle:
        ring = REINFORCE_RING if circle == 1 else DAMAGE_RING
        pygame.draw.circle(surf, (15, 15, 20), (cx, cy), r * 0.3 + 2, max(2, int(r * 0.12)) + 4)
        pygame.draw.circle(surf, ring, (cx, cy), r * 0.3, max(2, int(r * 0.12)))
    if expro_owner is not None:
        pygame.draw.circle(surf, (60, 50, 40), (cx, cy), r * 0.2 + 2)
        pygame.draw.circle(surf, EXPRO_DISC, (cx, cy), r * 0.2)
        pygame.draw.circle(surf, OWNER_LINE[expro_owner], (cx, cy), r * 0.08)
    out_size = max(2, int(size / SUPERSAMPLE))
    small = pygame.transform.smoothscale(surf, (out_size, out_size))
    if alpha < 255:
        small.set_alpha(alpha)
    return small


def _arrow(
    surf: pygame.Surface,
    cx: float,
    cy: float,
    angle: float,
    offset: float,
    r: float,
    colour: Color,
    reach: int,
    outline: Color,
    double: bool,
) -> None:
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    ox, oy = cx + px * offset, cy + py * offset
    start = 0.16 * r
    tip = 0.8 * r
    head = 0.3 * r
    half = (0.075 if double else 0.1) * r
    head_half = (0.16 if double else 0.24) * r
    base = tip - head

    def pt(along: float, side: float) -> tuple[float, float]:
        return (ox + ux * along + px * side, oy + uy * along + py * side)

    shape = [
        pt(start, -half),
        pt(base, -half),
        pt(base, -head_half),
        pt(tip, 0),
        pt(base, head_half),
        pt(base, half),
        pt(start, half),
    ]
    pygame.draw.polygon(surf, outline, shape, max(2, int(r * 0.05)))
    pygame.draw.polygon(surf, colour, shape)
    if r < 14 * SUPERSAMPLE:
        return  # too small for the reach bars: the colour says it
    # Bars across the shaft tell the reach without relying on colour: 1, 2 or 3.
    for k in range(reach):
        along = base - (0.07 + 0.09 * k) * r
        a, b = pt(along, -half), pt(along, half)
        pygame.draw.line(surf, outline, a, b, max(1, int(r * 0.03)))


class _Legal:
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


class _Button:
    def __init__(self, label: str, action: Callable[[], Move | None], key: int | None = None, primary=False):
        self.label = label
        self.action = action
        self.key = key
        self.primary = primary
        self.rect = pygame.Rect(0, 0, 0, 0)


def unaligned_surface(size: tuple[int, int], like: pygame.Surface | None = None) -> pygame.Surface:
    """A surface (in ``like``'s pixel format, if given) at least ``size`` large, whose rows are not a
    multiple of 16 bytes long; blit it with an area of ``size``.

    SDL copies rows that are 16-byte aligned on both sides with streaming stores, which bypass the
    cache: on the shared machine a 216x980 panel then takes 0.31 ms to blit instead of 0.07 ms.
    One spare column makes the rows unaligned and the copy an ordinary one.

    >>> unaligned_surface((216, 980), pygame.Surface((8, 8))).get_size()
    (217, 980)
    """
    w, h = size
    padded = (w + 1 if w % 4 == 0 else w, max(1, h))
    return pygame.Surface(padded) if like is None else pygame.Surface(padded, 0, like)


class Layer:
    """A part of the picture kept as drawn, blitted back while its key stays the same.

    ``show`` blits the kept pixels when ``key`` matches; otherwise the caller draws the part
    as usual and calls ``keep``, which copies the drawn rectangle once the same key has been
    drawn twice in a row: the frame that brings a change (a move, a click) is the busiest, so
    it only draws, and the copy waits for the next one. Copying what was drawn (rather than
    drawing into a separate surface) keeps every pixel identical, antialiased text included;
    it assumes what lies under the rectangle is the same each frame (the core fills the
    background before the view draws), so keys carry the theme.

    A change to a small part can instead be drawn over the shown picture and copied back
    with ``update``, then declared with ``mark``.

    >>> surface = pygame.Surface((20, 20))
    >>> layer = Layer()
    >>> for frame in range(3):
    ...     if not layer.show(surface, "red"):
    ...         _ = surface.fill((200, 0, 0), (0, 0, 10, 10))
    ...         layer.keep(surface, pygame.Rect(0, 0, 10, 10), "red")
    ...     _ = surface.fill((0, 0, 0))
    >>> layer.show(surface, "red"), tuple(surface.get_at((5, 5))), layer.show(surface, "blue")
    (True, (200, 0, 0, 255), False)
    """

    __slots__ = ("key", "image", "rect", "parts", "_drawn")

    def __init__(self) -> None:
        self.key: Any = None
        self.image: pygame.Surface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: The caller's notes on what the kept picture shows (see AmaktaView._draw_kept_panel).
        self.parts: Any = None
        self._drawn: Any = None

    def show(self, surface: pygame.Surface, key: Any) -> bool:
        if self.image is None or key != self.key:
            return False
        surface.blit(self.image, self.rect, ((0, 0), self.rect.size))
        return True

    def keep(self, surface: pygame.Surface, rect: pygame.Rect, key: Any) -> None:
        if key != self._drawn:
            self._drawn = key
            return
        rect = pygame.Rect(rect).clip(surface.get_rect())
        if rect.width <= 0 or rect.height <= 0:
            self.image = None
            return
        image = self.image
        if image is None or image.get_height() != rect.height or self.rect.width != rect.width:
            # A new surface only for a new size: fresh memory costs more than the copy itself.
            image = self.image = unaligned_surface(rect.size, surface)
        self.rect = rect
        image.blit(surface, (0, 0), rect)
        self.key = key
        self.parts = None  # a new picture: the caller's notes are for the old one

    def update(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Copy ``rect`` of ``surface`` (drawn again over the kept picture) into the kept picture."""
        rect = pygame.Rect(rect).clip(self.rect)
        self.image.blit(surface, rect.move(-self.rect.x, -self.rect.y), rect)

    def mark(self, key: Any) -> None:
        """The kept picture now shows ``key`` (it was mended with ``update``)."""
        self.key = self._drawn = key


class AmaktaView(BoardView):
    """Renderer and controller for Amakta; see the module docstring."""

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.board: Board = catalog.board(options.get("board", catalog.DEFAULT_BOARD))
        self.size = 10.0
        self.origin = (0.0, 0.0)
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.inv_rects = {WHITE: pygame.Rect(0, 0, 1, 1), BLACK: pygame.Rect(0, 0, 1, 1)}
        self.bar_rect = pygame.Rect(0, 0, 1, 1)
        self.slots: dict[int, list[pygame.Rect]] = {WHITE: [], BLACK: []}
        self.slot_radius = 10.0
        self.wide = True
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self._geo_key: tuple | None = None
        self._sprites: dict[tuple, pygame.Surface] = {}
        self._texts: dict[tuple, pygame.Surface] = {}
        # Parts of the picture kept between frames (see Layer): the bare board, the board with
        # its pieces, each inventory; and the control tints (a translucent layer of their own:
        # the control, the occupied fields, the view key and the layer).
        self._bare_layer = Layer()
        self._board_layer = Layer()
        #: What the board's kept picture was drawn for, and how each field looks in it.
        self._board_looks: tuple[tuple, dict] | None = None
        self._inv_layers = {WHITE: Layer(), BLACK: Layer()}
        #: Copies of empty panels (see _draw_kept_panel), by their layer.
        self._empty_panels: dict[int, tuple] = {}
        self._control: tuple[Any, Any, tuple, pygame.Surface] | None = None
        self._legal: _Legal | None = None
        # Idle-time piece pictures (see _prewarm); _busy: this frame drew more than kept pictures.
        self._warm_pos: Any = None
        self._warm: Any = iter(())
        self._busy = False
        self.show_control = False
        self.buttons: list[_Button] = []
        self.button_focus: int | None = None
        self.menu: list[tuple[str, Callable[[], Move | None]]] = []
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_focus = 0
        self.menu_anchor: Any = None
        self._clear()
        self.hover_cell: Any = None
        self.hover_slot: tuple[int, int] | None = None
        self.cursor: Any = None
        self.cursor_visible = False
        self.resign_armed = 0.0
        self.time = 0.0
        self.message = ""
        self._state: AmaktaState | None = None

    # --- controller state -------------------------------------------------------------------

    def _clear(self) -> None:
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
        self._clear()
        self._legal = None

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self._clear()
        self._legal = None
        self.resign_armed = 0.0

    def update(self, dt: float) -> None:
        self.time += dt
        if self.resign_armed > 0:
            self.resign_armed = max(0.0, self.resign_armed - dt)

    # --- geometry ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._geo_key = None
        self._geometry()

    def _set_board(self, board: Board) -> None:
        if board is not self.board:
            self.board = board
            self._geo_key = None

    def _geometry(self) -> None:
        key = (tuple(self.rect), id(self.board), self._piece_counts())
        if key == self._geo_key:
            return
        self._geo_key = key
        self._sprites.clear()
        self._layout_areas()
        xs = [self.board.xy(c)[0] for c in self.board.fields] + [x for x, _ in self.board.holes]
        ys = [self.board.xy(c)[1] for c in self.board.fields] + [y for _, y in self.board.holes]
        xmin, xmax, ymin, ymax = min(xs), max(xs), min(ys), max(ys)
        span_w = (xmax - xmin) * SQRT3 / 2 + SQRT3 + 0.6  # in units of the hex radius, labels included
        span_h = (ymax - ymin) * 1.5 + 2 + 0.4
        area = self.board_area
        self.size = max(4.0, min(area.width / span_w, area.height / span_h))
        s = self.size
        width = (xmax - xmin) * SQRT3 / 2 * s
        height = (ymax - ymin) * 1.5 * s
        ox = area.centerx - width / 2 - xmin * SQRT3 / 2 * s
        oy = area.centery - height / 2 - ymin * 1.5 * s
        self.origin = (ox, oy)
        for colour in (WHITE, BLACK):
            self.slots[colour] = self._grid(self.inv_rects[colour], self._count(colour))

    def _layout_areas(self, inventories: bool = True) -> None:
        """The bar, the prompt line, the inventories (beside the board in a wide area, above and
        below it in a tall one) and the board area in ``self.rect``. Without ``inventories`` the
        board area takes their room too."""
        rect = self.rect
        self.wide = rect.width >= rect.height * 1.25
        bar_h = max(26, min(56, int(rect.height * 0.055)))
        self.bar_rect = pygame.Rect(rect.x, rect.bottom - bar_h, rect.width, bar_h)
        # A narrow bar has no room for the prompt beside its buttons: give it a line of its own.
        prompt_h = 0 if self.wide else max(16, int(bar_h * 0.6))
        self.prompt_rect = pygame.Rect(rect.x, self.bar_rect.y - prompt_h, rect.width, prompt_h)
        body = pygame.Rect(rect.x, rect.y, rect.width, rect.height - bar_h - prompt_h - 4)
        if not inventories:
            self.inv_rects = {WHITE: pygame.Rect(0, 0, 0, 0), BLACK: pygame.Rect(0, 0, 0, 0)}
            self.board_area = body
        elif self.wide:
            col_w = int(min(max(body.width * 0.15, 90), body.width * 0.22))
            self.inv_rects = {
                WHITE: pygame.Rect(body.x, body.y, col_w, body.height),
                BLACK: pygame.Rect(body.right - col_w, body.y, col_w, body.height),
            }
            self.board_area = pygame.Rect(
                body.x + col_w + 6, body.y, body.width - 2 * col_w - 12, body.height
            )
        else:
            row_h = int(min(max(body.height * 0.14, 56), body.height * 0.2))
            self.inv_rects = {
                BLACK: pygame.Rect(body.x, body.y, body.width, row_h),
                WHITE: pygame.Rect(body.x, body.bottom - row_h, body.width, row_h),
            }
            self.board_area = pygame.Rect(body.x, body.y + row_h + 4, body.width, body.height - 2 * row_h - 8)

    def _piece_counts(self) -> tuple[int, int]:
        state = self._state
        if state is None:
            n = len(catalog.piece_set(self.options.get("set", catalog.DEFAULT_SET)))
            return (n, n)
        return (len(state.eq.sets[0]), len(state.eq.sets[1]))

    def _count(self, colour: int) -> int:
        return self._piece_counts()[colour]

    def _grid(self, rect: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Slots for ``n`` pieces in ``rect`` below a title line, as large as they fit."""
        self.slot_radius, cols, cw, ch, inner = self._grid_fit(rect, n)
        out = []
        for i in range(n):
            r, c = divmod(i, cols)
            out.append(pygame.Rect(int(inner.x + c * cw), int(inner.y + r * ch), int(cw), int(ch)))
        return out

    def _grid_fit(self, rect: pygame.Rect, n: int) -> tuple[float, int, float, float, pygame.Rect]:
        """(piece radius, columns, slot width and height, the slots' area) of ``_grid``."""
        title_h = (
            max(16, int(min(rect.height, rect.width) * 0.12)) if not self.wide else max(18, rect.width // 7)
        )
        inner = pygame.Rect(rect.x + 4, rect.y + title_h, rect.width - 8, rect.height - title_h - 4)
        best = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            cw, ch = inner.width / cols, inner.height / rows
            radius = min(cw / SQRT3, ch / 2.0) * 0.9
            if best is None or radius > best[0]:
                best = (radius, cols, rows, cw, ch)
        radius, cols, _rows, cw, ch = best  # type: ignore[misc]
        return max(4.0, radius * 0.86), cols, cw, ch, inner

    def cell_center(self, cell: Any) -> tuple[float, float]:
        x, y = self.board.xy(cell)
        return (self.origin[0] + x * SQRT3 / 2 * self.size, self.origin[1] + y * 1.5 * self.size)

    def cell_at(self, pos: tuple[int, int]) -> Any:
        """The field under the pixel ``pos``, or None."""
        if not self.board_area.collidepoint(pos):
            return None
        s = self.size
        fy = (pos[1] - self.origin[1]) / (1.5 * s)
        fx = (pos[0] - self.origin[0]) / (SQRT3 / 2 * s)
        best, best_d = None, None
        for y in (math.floor(fy), math.ceil(fy)):
            for x in (math.floor(fx) - 1, math.floor(fx), math.ceil(fx), math.ceil(fx) + 1):
                cell = self.board.cell_at((x, y))
                if cell is None:
                    continue
                cx, cy = self.cell_center(cell)
                d = (cx - pos[0]) ** 2 + (cy - pos[1]) ** 2
                if best_d is None or d < best_d:
                    best, best_d = cell, d
        if best is None or best_d > (s * 0.95) ** 2:  # type: ignore[operator]
            return None
        return best

    def slot_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        for colour in (WHITE, BLACK):
            for i, r in enumerate(self.slots[colour]):
                if r.collidepoint(pos):
                    return colour, i
        return None

    # --- helpers ----------------------------------------------------------------------------

    def _legal_for(self, state: AmaktaState) -> _Legal:
        if self._legal is None or self._legal.state is not state:
            self._legal = _Legal(state)
        return self._legal

    def _sprite(
        self, layout: int, colour: int, circle: int, expro_owner: int | None, radius: float, alpha=255
    ):
        # The exact radius: a board piece and an inventory piece a hair smaller must not share a picture.
        key = (layout, colour, circle, expro_owner, radius, alpha)
        surf = self._sprites.get(key)
        if surf is None:
            if len(self._sprites) > 600:
                self._sprites.clear()
            surf = render_piece(layout, colour, circle, expro_owner, radius, alpha)
            self._sprites[key] = surf
        return surf

    def _blit_piece(self, surface, center, layout, colour, circle, expro_owner, radius, alpha=255) -> None:
        sprite = self._sprite(layout, colour, circle, expro_owner, radius, alpha)
        surface.blit(sprite, sprite.get_rect(center=(int(center[0]), int(center[1]))))

    def _font(self, ctx: ViewContext, pixels: float, bold: bool = False) -> pygame.font.Font:
        scale = ctx.fonts.scale or 1.0
        return ctx.fonts.get(max(6, int(pixels / scale)), bold)

    def _render(
        self, ctx, text: str, pixels: float, colour, bold: bool = False, max_w=None
    ) -> pygame.Surface:
        """``text`` rendered (shrunk until it fits ``max_w``), cached: the same lines are drawn every frame."""
        key = (text, pixels, tuple(colour), bold, max_w, ctx.fonts.scale)
        img = self._texts.get(key)
        if img is None:
            font = self._font(ctx, pixels, bold)
            if max_w is not None:
                width = font.size(text)[0]
                if width > max_w and pixels > 8:
                    # Text width grows with the font size: jump near the fitting size, then
                    # step down (each size tried is a font to open).
                    top, pixels = pixels, max(8, int(pixels * max_w / width))
                    while pixels + 1 < top and self._font(ctx, pixels + 1, bold).size(text)[0] <= max_w:
                        pixels += 1
                    font = self._font(ctx, pixels, bold)
                    while font.size(text)[0] > max_w and pixels > 8:
                        pixels -= 1
                        font = self._font(ctx, pixels, bold)
            img = font.render(text, True, colour)
            if len(self._texts) > 3000:
                self._texts.clear()
            self._texts[key] = img
        return img

    def _text(self, surface, ctx, text, pixels, colour, pos, anchor="topleft", bold=False, max_w=None):
        img = self._render(ctx, text, pixels, colour, bold, max_w)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surface.blit(img, r)
        return r

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        if not isinstance(state, AmaktaState):
            return
        self._state = state
        self._set_board(state.eq.board)
        self._geometry()
        self._busy = False
        live = ctx.interactive and state.outcome is None
        self._draw_play(surface, state, ctx, live)
        if not live and not self._busy and state.phase == PLAY and state.outcome is None:
            self._prewarm(state.pos)

    def _prewarm(self, pos) -> None:
        """While the AI thinks and nothing changes on screen, make one piece picture its move may
        need (so the frame that shows the move has less to do): the mover's pieces in hand and on
        the board in every orientation, the other side's pieces expropriated."""
        if self._warm_pos is not pos:
            self._warm_pos = pos
            self._warm = self._warm_candidates(pos)
        for key in self._warm:
            if key not in self._sprites:
                self._sprite(*key)
                return

    def _warm_candidates(self, pos):
        eq, me, s = pos.eq, pos.turn, self.size
        for col, idx, ori, ex in pos.cells.values():
            if col ^ ex != me:  # expropriated by the mover (or given back)
                flipped = (col, idx, ori, 1 - ex)
                yield (
                    orient(eq.sets[col][idx], ori),
                    col,
                    pos.circle(flipped),
                    None if ex else col ^ 1,
                    s,
                    255,
                )
        for col, idx, _ori, ex in pos.cells.values():
            if col ^ ex == me:
                for o in eq.orients[col][idx]:
                    yield (
                        orient(eq.sets[col][idx], o),
                        col,
                        pos.circle((col, idx, o, ex)),
                        (col ^ ex) if ex else None,
                        s,
                        255,
                    )
        for idx in pos.inv[me]:
            for o in eq.orients[me][idx]:
                yield (orient(eq.sets[me][idx], o), me, pos.circles[me][idx], None, s, 255)

    def _draw_play(self, surface: pygame.Surface, state: AmaktaState, ctx: ViewContext, live: bool) -> None:
        """The play screen: the board and its pieces, the help over them, the inventories and the bar."""
        if not live and self.mode is not None:
            self._clear()
        # The legal moves are listed only for a human's turn: a new state from the AI must not
        # cost the frame a move generation.
        legal = self._legal_for(state) if live else None
        pos = state.pos
        s = self.size
        theme = ctx.theme
        moving_from = self.sel_cell if self.mode in ("relocate",) else None
        faded = frozenset(
            c for c in (moving_from, self.target if self.mode == "orient" else None) if c in pos.cells
        )
        targets = frozenset(self._targets(legal)) if live else frozenset()
        self._draw_board(surface, ctx, pos, self._last_cells(ctx), targets, faded)
        if self.show_control:
            self._draw_control(surface, ctx, pos.control(), pos.counts(), pos.cells)
        if live and self.sel_cell is not None and self.sel_cell in pos.cells:
            cx, cy = self.cell_center(self.sel_cell)
            pygame.draw.polygon(surface, theme.highlight, hex_points(cx, cy, s * 0.98), max(2, int(s * 0.09)))
        # hover help and previews
        focus = self.cursor if self.cursor_visible else self.hover_cell
        preview = self._preview(state, legal, focus) if live else None
        if preview is not None:
            cell, piece = preview
            self._draw_arrows(surface, ctx, pos, cell, piece)
            col, idx, o, _ex = piece
            self._blit_piece(
                surface,
                self.cell_center(cell),
                orient(pos.eq.sets[col][idx], o),
                col,
                pos.circles[col][idx],
                None,
                s,
                215,
            )
        elif focus is not None and focus in pos.cells:
            self._draw_arrows(surface, ctx, pos, focus, None)
        if live and self.cursor_visible and self.cursor is not None:
            cx, cy = self.cell_center(self.cursor)
            pygame.draw.polygon(surface, theme.focus, hex_points(cx, cy, s * 1.0), max(2, int(s * 0.08)))
        if ctx.hint is not None and isinstance(ctx.hint, Move):
            for cell in (ctx.hint.cell, ctx.hint.to):
                if cell is not None and self.board.is_field(cell):
                    cx, cy = self.cell_center(cell)
                    pygame.draw.polygon(
                        surface, theme.hint, hex_points(cx, cy, s * 0.95), max(2, int(s * 0.1))
                    )
        self._finish_board(surface, ctx, state)
        for colour in (WHITE, BLACK):
            self._draw_inventory(surface, ctx, state, legal, colour, live)
        self._draw_bar(surface, ctx, state, legal, live)
        if self.mode == "menu" and self.menu:
            self._draw_menu(surface, ctx)
        if self.mode != "menu":
            shown = focus is not None and self._draw_focus_tooltip(surface, ctx, state, focus)
            if not shown and self.hover_slot is not None:
                self._draw_slot_tooltip(surface, ctx, state, *self.hover_slot)

    def _finish_board(self, surface: pygame.Surface, ctx: ViewContext, state: AmaktaState) -> None:
        """Called after everything drawn over the board (a subclass may add to it or end a clip)."""

    def _draw_focus_tooltip(
        self, surface: pygame.Surface, ctx: ViewContext, state: AmaktaState, focus
    ) -> bool:
        """The tooltip of the field under the pointer or the cursor; False when it has none (then an
        inventory slot under the pointer may show one)."""
        if focus not in state.pos.cells:
            return False
        self._draw_tooltip(surface, ctx, state, focus)
        return True

    def _last_cells(self, ctx: ViewContext) -> set:
        move = ctx.last_move
        if not ctx.show_last or not isinstance(move, Move):
            return set()
        return {c for c in (move.cell, move.to) if c is not None and self.board.is_field(c)}

    def _targets(self, legal: _Legal) -> set:
        if self.mode == "hand" and self.sel_piece is not None:
            return set(legal.hand_targets.get(self.sel_piece, ()))
        if self.mode == "relocate":
            return set(legal.relocate.get(self.sel_cell, ()))
        if self.mode == "orient" and self.target is not None:
            return {self.target}
        return set()

    def _preview(self, state: AmaktaState, legal: _Legal, focus: Any):
        """(cell, piece) to show as a ghost: the selected piece where it would go."""
        pos = state.pos
        me = pos.turn
        if self.mode == "hand" and self.sel_piece is not None:
            if focus in legal.hand_targets.get(self.sel_piece, ()):
                return focus, (me, self.sel_piece, self.orient, 0)
            return None
        if self.mode == "relocate" and focus in legal.relocate.get(self.sel_cell, ()):
            col, idx, _o, ex = pos.cells[self.sel_cell]
            return focus, (col, idx, self.orient, ex)
        if self.mode == "orient" and self.target is not None:
            if self.kind in (ROTATE, APPROPRIATE):
                col, idx, _o, ex = pos.cells[self.target]
                return self.target, (col, idx, self.orient, ex)
            if self.kind == RELOCATE:
                col, idx, _o, ex = pos.cells[self.sel_cell]
                return self.target, (col, idx, self.orient, ex)
            if self.sel_piece is not None:
                return self.target, (me, self.sel_piece, self.orient, 0)
        return None

    def _draw_arrows(self, surface, ctx, pos, cell, piece) -> None:
        s = self.size
        start = self.cell_center(cell)
        views = pos.arrow_views(cell, piece)
        for av in views:
            colour = ARROW_COLOURS[av.reach]
            if av.target is None:
                # Pointing at a hole or off the board: a dim dashed stub ending in a cross.
                dx, dy = DIRECTIONS[av.direction]
                end = (start[0] + dx * SQRT3 / 2 * s * av.reach, start[1] + dy * 1.5 * s * av.reach)
                dim = _mix(colour, (90, 90, 90), 0.65)
                _dashed(surface, dim, start, end, max(2, int(s * 0.07)), s * 0.25)
                k = s * 0.18
                w = max(2, int(s * 0.07))
                pygame.draw.line(surface, dim, (end[0] - k, end[1] - k), (end[0] + k, end[1] + k), w)
                pygame.draw.line(surface, dim, (end[0] - k, end[1] + k), (end[0] + k, end[1] - k), w)
                continue
            end = self.cell_center(av.target)
            if av.blocked:
                dim = _mix(colour, (90, 90, 90), 0.65)
                _dashed(surface, dim, start, end, max(2, int(s * 0.07)), s * 0.25)
                blocker = next(
                    (
                        c
                        for c in pos.eq.board.rays[cell][av.direction][: av.reach - 1]
                        if c in pos.cells and c != cell
                    ),
                    None,
                )
                if blocker is not None:
                    bx, by = self.cell_center(blocker)
                    k = s * 0.25
                    w = max(2, int(s * 0.09))
                    pygame.draw.line(surface, (200, 40, 40), (bx - k, by - k), (bx + k, by + k), w)
                    pygame.draw.line(surface, (200, 40, 40), (bx - k, by + k), (bx + k, by - k), w)
            else:
                pygame.draw.line(surface, colour, start, end, max(2, int(s * 0.09)))
                pygame.draw.circle(
                    surface, colour, (int(end[0]), int(end[1])), int(s * 0.55), max(2, int(s * 0.1))
                )

    def _draw_control(self, surface, ctx, ctrl, counts, occupied) -> None:
        """Tints on empty fields (drawn under the pieces), rings round occupied ones and the counts
        (drawn over them). The translucent layer is made once per position and view, over the
        board only (not the whole window)."""
        s = self.size
        area = self._overlay_rect().clip(surface.get_rect())
        key = (self._view_key(), tuple(area))
        kept = self._control
        if kept is not None and kept[0] is ctrl and kept[1] is occupied and kept[2] == key:
            layer = kept[3]
        else:
            layer = pygame.Surface(area.size, pygame.SRCALPHA)
            ox, oy = area.topleft
            for cell, who in ctrl.items():
                if not self.board.is_field(cell):
                    continue
                cx, cy = self.cell_center(cell)
                cx, cy = cx - ox, cy - oy
                if cell in occupied:
                    pygame.draw.polygon(
                        layer, CONTROL_EDGE[who], hex_points(cx, cy, s * 0.99), max(3, int(s * 0.13))
                    )
                    continue
                pygame.draw.polygon(layer, CONTROL_TINT[who], hex_points(cx, cy, s * 0.92))
                pygame.draw.polygon(
                    layer, CONTROL_EDGE[who], hex_points(cx, cy, s * 0.8), max(2, int(s * 0.08))
                )
                if who == -1:
                    for k in (-0.4, 0.0, 0.4):
                        pygame.draw.line(
                            layer,
                            (120, 40, 160, 200),
                            (cx - s * 0.5, cy + s * (k + 0.25)),
                            (cx + s * 0.5, cy + s * (k - 0.25)),
                            max(1, int(s * 0.06)),
                        )
            self._control = (ctrl, occupied, key, layer)
        surface.blit(layer, area)
        if s >= 14:
            for cell, (w, b) in counts.items():
                if not self.board.is_field(cell):
                    continue
                cx, cy = self.cell_center(cell)
                img = self._render(ctx, f"{w}:{b}", s * 0.38, (255, 226, 110), True)
                r = img.get_rect(center=(int(cx), int(cy + s * 0.6)))
                pygame.draw.rect(surface, (20, 20, 24), r.inflate(6, 2), border_radius=4)
                surface.blit(img, r)

    def _view_key(self) -> tuple:
        """What places the fields on the screen (layouts and, in a subclass, a camera)."""
        return (self._geo_key, self.size, self.origin)

    def _overlay_rect(self) -> pygame.Rect:
        """The part of the screen overlays over the fields may cover."""
        return self._board_bounds()

    def _draw_board(self, surface, ctx, pos, last: set, targets: frozenset, faded: frozenset) -> None:
        """Fields, holes and bases, the last move's fields tinted, the names of the empty fields,
        the move targets and the pieces (``faded`` ones see-through). Two kept pictures: the bare
        board until the layout changes, and the whole until the position or the selection does;
        after a move the whole is mended field by field (see ``_mend_board``)."""
        s = self.size
        base_key = (self._view_key(), ctx.theme, surface.get_size())
        labels = s >= 15 and not self.show_control
        key = (base_key, pos, frozenset(last), labels, targets, faded, ctx.fonts.scale)
        layer = self._board_layer
        if layer.show(surface, key):
            return
        self._busy = True
        # How each field looks: what stands on it, its circle, tint, target ring, fading.
        looks = {
            cell: (
                pos.cells.get(cell),
                pos.circle(pos.cells[cell]) if cell in pos.cells else None,
                cell in last,
                cell in targets,
                cell in faded,
            )
            for cell in self.board.fields
        }
        kept = self._board_looks
        bare = self._bare_layer
        if (
            layer.image is not None
            and kept is not None
            and kept[0] == (base_key, labels, ctx.fonts.scale)
            and bare.image is not None
            and bare.key == base_key
        ):
            # The kept picture, mended on the screen; the mended squares go back into it.
            layer.show(surface, layer.key)
            changed = {cell for cell, look in looks.items() if kept[1][cell] != look}
            for square in self._mend_board(surface, ctx, pos, changed, last, labels, targets, faded):
                layer.update(surface, square)
            layer.mark(key)
            self._board_looks = ((base_key, labels, ctx.fonts.scale), looks)
            return
        self._paint_board(surface, ctx, pos, base_key, last, labels, targets, faded)
        layer.keep(surface, self._board_bounds(), key)
        if layer.key is key:
            self._board_looks = ((base_key, labels, ctx.fonts.scale), looks)

    def _paint_board(self, surface, ctx, pos, base_key, last, labels, targets, faded) -> None:
        s = self.size
        if not self._bare_layer.show(surface, base_key):
            for cell in self.board.fields:
                self._draw_field(surface, cell)
            for x, y in self.board.holes:
                cx, cy = self.origin[0] + x * SQRT3 / 2 * s, self.origin[1] + y * 1.5 * s
                pygame.draw.polygon(surface, HOLE, hex_points(cx, cy, s * 0.9))
                pygame.draw.polygon(surface, (70, 60, 50), hex_points(cx, cy, s * 0.9), max(1, int(s * 0.06)))
            self._draw_bases(surface, ctx)
            self._bare_layer.keep(surface, self._board_bounds(), base_key)
        self._draw_field_marks(surface, ctx, pos, last, labels, self.board.fields)
        self._draw_targets_and_pieces(surface, ctx, pos, targets, faded)

    def _mend_board(self, surface, ctx, pos, changed: set, last, labels, targets, faded) -> list[pygame.Rect]:
        """Draw the ``changed`` fields again over the kept picture of the board; the squares drawn.
        Round each field, a square that holds the field and its piece's picture is put back from
        the bare board and everything that reaches into it drawn again, clipped to it, in the
        order of a full drawing: the square then holds what a full drawing would (soft edges
        included)."""
        bare = self._bare_layer
        fields = self.board.fields
        centres = {cell: self.cell_center(cell) for cell in fields}
        half = int(self.size) + 4  # a piece's picture is 2 * size + 3 pixels wide
        clip = surface.get_clip()
        squares = []
        for cell in changed:
            cx, cy = centres[cell]
            square = pygame.Rect(int(cx) - half, int(cy) - half, 2 * half, 2 * half).clip(bare.rect)
            near = {c for c, (x, y) in centres.items() if abs(x - cx) < 2 * half and abs(y - cy) < 2 * half}
            surface.set_clip(square.clip(clip))
            surface.blit(bare.image, square, square.move(-bare.rect.x, -bare.rect.y))
            self._draw_field_marks(surface, ctx, pos, [c for c in last if c in near], labels, near)
            self._draw_targets_and_pieces(surface, ctx, pos, targets & near, faded, near)
            squares.append(square)
        surface.set_clip(clip)
        return squares

    def _draw_field(self, surface, cell: Any) -> None:
        cx, cy = self.cell_center(cell)
        pts = hex_points(cx, cy, self.size * 0.97)
        pygame.draw.polygon(surface, FIELD, pts)
        pygame.draw.polygon(surface, FIELD_EDGE, pts, max(1, int(self.size * 0.05)))

    def _draw_field_marks(self, surface, ctx, pos, last, labels: bool, cells) -> None:
        """The last move's tint and the names of the empty fields, on ``cells``."""
        s = self.size
        # The tint lies inside the field's edge and clear of its neighbours; only a base's ring
        # reaches into it, and was drawn over it.
        tint = _mix(FIELD, ctx.theme.last_move, 0.45)
        for cell in last:
            cx, cy = self.cell_center(cell)
            pygame.draw.polygon(surface, tint, hex_points(cx, cy, s * 0.9))
            if cell in self.board.bases:
                self._draw_base_ring(surface, self.board.bases.index(cell))
        if labels:
            colour = _mix(FIELD, (60, 40, 20), 0.55)
            for cell in cells:
                if cell in pos.cells:
                    continue
                cx, cy = self.cell_center(cell)
                self._text(surface, ctx, self.board.name(cell), s * 0.36, colour, (cx, cy), "center")

    def _draw_targets_and_pieces(
        self, surface, ctx, pos, targets: frozenset, faded: frozenset, only: set | None = None
    ) -> None:
        """Rings on the fields a selection can go to, then the pieces (``faded`` ones see-through),
        on every field or ``only`` on some."""
        s = self.size
        for cell in targets:
            cx, cy = self.cell_center(cell)
            pygame.draw.polygon(
                surface, ctx.theme.target_near, hex_points(cx, cy, s * 0.86), max(2, int(s * 0.1))
            )
        for cell, (col, idx, ori, ex) in pos.cells.items():
            if (only is not None and cell not in only) or not self._in_view(cell):
                continue
            self._blit_piece(
                surface,
                self.cell_center(cell),
                orient(pos.eq.sets[col][idx], ori),
                col,
                pos.circle((col, idx, ori, ex)),
                (col ^ ex) if ex else None,
                s,
                110 if cell in faded else 255,
            )

    def _in_view(self, cell: Any) -> bool:
        """Whether a piece on ``cell`` can be seen (on a finite board, always)."""
        return True

    def _board_bounds(self) -> pygame.Rect:
        """Every pixel the board layer draws: fields, holes, and the base arrows outside the board."""
        s = self.size
        xs, ys = [], []
        for x, y in [self.board.xy(c) for c in self.board.fields] + list(self.board.holes):
            xs.append(self.origin[0] + x * SQRT3 / 2 * s)
            ys.append(self.origin[1] + y * 1.5 * s)
        x0, x1 = int(min(xs) - 1.5 * s) - 3, int(max(xs) + 1.5 * s) + 3
        y0, y1 = int(min(ys) - 1.05 * s) - 3, int(max(ys) + 1.05 * s) + 3
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def _draw_base_ring(self, surface, colour: int) -> None:
        cx, cy = self.cell_center(self.board.bases[colour])
        s = self.size
        pygame.draw.polygon(surface, OWNER_LINE[colour], hex_points(cx, cy, s * 0.97), max(2, int(s * 0.12)))

    def _draw_bases(self, surface, ctx) -> None:
        s = self.size
        for colour, base in enumerate(self.board.bases):
            cx, cy = self.cell_center(base)
            ring = OWNER_LINE[colour]
            self._draw_base_ring(surface, colour)
            # The permanent base arrow, pointing in from outside the board.
            angle = math.pi if colour == WHITE else 0.0
            ux = math.cos(angle)
            tip = (cx + ux * s * 0.93, cy)
            back = (cx + ux * s * 1.45, cy)
            pygame.draw.line(surface, ring, back, tip, max(2, int(s * 0.12)))
            pygame.draw.polygon(
                surface,
                ring,
                [
                    (tip[0] - ux * s * 0.02, tip[1]),
                    (tip[0] + ux * s * 0.25, cy - s * 0.2),
                    (tip[0] + ux * s * 0.25, cy + s * 0.2),
                ],
            )

    def _draw_inventory(
        self, surface, ctx, state: AmaktaState, legal: _Legal | None, colour: int, live: bool
    ) -> None:
        """A colour's pieces in their slots, kept as drawn (see ``_draw_kept_panel``)."""
        rect = self.inv_rects[colour]
        theme = ctx.theme
        pos = state.pos
        me = pos.turn if state.phase == PLAY else None
        frame = theme.highlight if (live and legal.play and colour == me) else theme.panel_edge
        seat = state.seat_of(colour) if state.white_seat is not None else None
        who = COLOUR_NAMES[colour] + (
            f" · {state.seat_label(seat).split('(')[-1].rstrip(')')}" if seat is not None else ""
        )
        slots = self.slots[colour]
        title_h = slots[0].y - rect.y if slots else 20
        hand = set(pos.inv[colour])
        on_board = {p[1] for p in pos.cells.values() if p[0] == colour}
        next_circle = None
        if state.phase in ("circles-same", "circles-each"):
            next_circle = state.next_circle()
        parts: dict[Any, tuple] = {
            "title": ((rect.x, rect.y, rect.width, title_h), f"{who} · {len(hand)} in hand", title_h)
        }
        for i, slot in enumerate(slots):
            selected = live and self.sel_piece == i and colour == me and self.mode in ("hand", "orient")
            pickable = live and colour == me and self._slot_pickable(legal, i)
            accent = next_circle == (colour, i) or (
                state.phase == "circles-same" and next_circle and next_circle[1] == i
            )
            where = "hand" if i in hand else ("board" if i in on_board else "out")
            parts[i] = (
                tuple(slot),
                pos.eq.sets[colour][i],
                state.circles[colour][i] or 0,
                where,
                bool(selected or (self.hover_slot == (colour, i) and pickable)),
                bool(accent),
                bool(pickable),
                bool(selected),
            )

        def paint_bg(target: pygame.Surface) -> None:
            pygame.draw.rect(target, theme.panel, rect, border_radius=8)
            pygame.draw.rect(target, frame, rect, 2, border_radius=8)

        def paint_part(target: pygame.Surface, name: Any, part: tuple) -> None:
            if name == "title":
                _r, text, h = part
                self._text(
                    target,
                    ctx,
                    text,
                    max(10, h * 0.55),
                    theme.text,
                    (rect.x + 8, rect.y + h * 0.2),
                    max_w=rect.width - 12,
                )
            else:
                self._paint_slot(target, ctx, colour, name, *part)

        # Where each part draws. A part is painted again alone only while everything of it stays
        # inside its rectangle (a picture cut by the clip would blend its edge differently), and
        # the kept picture takes in whatever reaches out of the panel.
        r = self.slot_radius
        title = self._render(
            ctx, parts["title"][1], max(10, title_h * 0.55), theme.text, max_w=rect.width - 12
        )
        reach = {"title": title.get_rect(topleft=(rect.x + 8, int(rect.y + title_h * 0.2)))}
        half = max(int(r) + 4, int(r * 1.05) + max(2, int(r * 0.12)) + 2)
        for i, slot in enumerate(slots):
            number = self._render(ctx, str(i + 1), max(9, r * 0.5), theme.text_dim)
            cx, cy = slot.centerx, int(slot.centery - r * 0.08)
            reach[i] = pygame.Rect(cx - half, cy - half, 2 * half, 2 * half).union(
                number.get_rect(topleft=(slot.x + 3, slot.y + 1))
            )
        mendable = all(pygame.Rect(parts[name][0]).contains(area) for name, area in reach.items())
        base = (self._panel_key(surface, ctx, colour), frame)
        self._draw_kept_panel(
            surface,
            self._inv_layers[colour],
            base,
            parts,
            paint_bg,
            paint_part,
            rect.unionall(list(reach.values())),
            mendable,
        )

    def _panel_key(self, surface: pygame.Surface, ctx: ViewContext, colour: int) -> tuple:
        """Where a colour's panel and its slots are and what they are drawn with."""
        return (
            tuple(self.inv_rects[colour]),
            tuple(map(tuple, self.slots[colour])),
            self.slot_radius,
            ctx.theme,
            ctx.fonts.scale,
            surface.get_size(),
        )

    def _paint_slot(
        self, surface, ctx, colour, i, slot, layout, circle, where, lit, accent, pickable, selected
    ) -> None:
        theme = ctx.theme
        slot = pygame.Rect(slot)
        r = self.slot_radius
        center = (slot.centerx, slot.centery - r * 0.08)
        if lit:
            pygame.draw.rect(surface, theme.button_hover, slot.inflate(-2, -2), border_radius=6)
        if accent:
            pygame.draw.rect(surface, theme.accent, slot.inflate(-2, -2), 3, border_radius=6)
        if where == "hand":
            self._blit_piece(surface, center, layout, colour, circle, None, r)
            if pickable:
                pygame.draw.polygon(
                    surface, theme.target_near, hex_points(*center, r * 1.0), max(2, int(r * 0.08))
                )
            if selected:
                pygame.draw.polygon(
                    surface, theme.highlight, hex_points(*center, r * 1.05), max(2, int(r * 0.12))
                )
        elif where == "board":
            pygame.draw.polygon(
                surface, _mix(theme.panel, BODY[colour], 0.25), hex_points(*center, r * 0.9), 2
            )
        else:
            pygame.draw.polygon(
                surface, _mix(theme.panel, BODY[colour], 0.15), hex_points(*center, r * 0.9), 1
            )
            k = r * 0.45
            pygame.draw.line(
                surface, theme.danger, (center[0] - k, center[1] - k), (center[0] + k, center[1] + k), 2
            )
            pygame.draw.line(
                surface, theme.danger, (center[0] - k, center[1] + k), (center[0] + k, center[1] - k), 2
            )
        self._text(surface, ctx, str(i + 1), max(9, r * 0.5), theme.text_dim, (slot.x + 3, slot.y + 1))

    def _draw_kept_panel(
        self, surface, layer: Layer, base, parts: dict, paint_bg, paint_part, rect, mendable: bool = True
    ) -> None:
        """A panel made of ``parts`` (name: (rectangle, what it shows...)), kept as drawn (see
        Layer) over ``rect``. When only some parts changed, the kept picture is shown and those
        parts painted again over it: each part's rectangle is put back from a copy of the empty
        panel, the part painted and copied back into the kept picture. ``mendable`` says each
        part stays inside its rectangle; ``base`` is what the whole panel depends on (where it is,
        its frame, the theme), ``paint_bg`` paints the empty panel."""
        key = (base, tuple(parts.items()))
        if layer.show(surface, key):
            return
        self._busy = True
        kept = layer.parts
        empty = self._empty_panels.get(id(layer))
        if (
            mendable
            and layer.image is not None
            and kept is not None
            and kept[0] == base
            and kept[1].keys() == parts.keys()
            and empty is not None
            and empty[0] == base
        ):
            layer.show(surface, layer.key)
            _base, image, at = empty
            for name, part in parts.items():
                if kept[1][name] == part:
                    continue
                area = pygame.Rect(part[0])
                surface.blit(image, area, area.move(-at.x, -at.y))
                paint_part(surface, name, part)
                layer.update(surface, area)
            layer.mark(key)
            layer.parts = (base, parts)
            return
        paint_bg(surface)
        if mendable and (empty is None or empty[0] != base):
            at = pygame.Rect(rect).clip(surface.get_rect())
            image = unaligned_surface(at.size, surface)
            image.blit(surface, (0, 0), at)
            self._empty_panels[id(layer)] = (base, image, at)
        for name, part in parts.items():
            paint_part(surface, name, part)
        layer.keep(surface, rect, key)
        if layer.key is key:
            layer.parts = (base, parts)

    def _slot_pickable(self, legal: _Legal, idx: int) -> bool:
        if self.mode == "pick":
            return any(
                m.kind == self.kind and m.cell == self.sel_cell and m.piece == idx
                for m in legal.by_cell.get(self.sel_cell, ())
            )
        return idx in legal.hand_targets

    def _draw_bar(self, surface, ctx, state: AmaktaState, legal: _Legal, live: bool) -> None:
        theme = ctx.theme
        bar = self.bar_rect
        self.buttons = self._make_buttons(state, legal) if live else []
        h = bar.height - 6
        font_px = max(10, h * 0.45)
        x = bar.x
        for i, b in enumerate(self.buttons):
            w = int(self._font(ctx, font_px).size(b.label)[0] + h * 0.8)
            b.rect = pygame.Rect(x, bar.y + 3, w, h)
            x += w + 6
            hovered = b.rect.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
            focus = self.button_focus == i
            fill = (
                theme.button_primary
                if b.primary
                else (theme.button_hover if hovered or focus else theme.button)
            )
            pygame.draw.rect(surface, fill, b.rect, border_radius=6)
            if focus:
                pygame.draw.rect(surface, theme.focus, b.rect, 2, border_radius=6)
            colour = theme.button_primary_text if b.primary else theme.text
            self._text(surface, ctx, b.label, font_px, colour, b.rect.center, "center")
        prompt = self.message or self._prompt(state, legal, live)
        if not prompt:
            return
        px = max(11, h * 0.4)
        colour = theme.accent if self.message else theme.text_dim
        if self.prompt_rect.height:
            line = self.prompt_rect
            self._text(
                surface,
                ctx,
                prompt,
                max(11, line.height * 0.75),
                colour,
                (line.x + 4, line.centery),
                "midleft",
                max_w=line.width - 8,
            )
        else:
            self._text(
                surface, ctx, prompt, px, colour, (x + 8, bar.centery), "midleft", max_w=bar.right - x - 12
            )

    def _prompt(self, state: AmaktaState, legal: _Legal, live: bool) -> str:
        if state.outcome is not None:
            return state.outcome.reason
        if not live:
            return state.describe()
        if state.offer is not None:
            return f"{state.seat_label(state.offer)} offers a draw"
        if state.phase != PLAY:
            return state.describe()
        if self.mode == "hand":
            return f"Piece {self.sel_piece + 1}: click a lit field · R / wheel turn · M mirror · Backspace cancels"
        if self.mode == "relocate":
            return "Relocate: click a lit field · R / wheel turn · M mirror · Backspace cancels"
        if self.mode == "orient":
            return "Turn with R / wheel, mirror with M, confirm with Enter or a click · Backspace cancels"
        if self.mode == "pick":
            return "Choose the piece from your hand (lit)"
        return f"{state.describe()}: pick a piece in hand or on the board · C control"

    def _make_buttons(self, state: AmaktaState, legal: _Legal) -> list[_Button]:
        out: list[_Button] = []

        def move_button(label, move, key=None, primary=False):
            out.append(_Button(label, lambda m=move: m, key, primary))

        kinds = legal.kinds
        if state.offer is not None:
            move_button("Accept draw", kinds["accept-draw"], pygame.K_a, True)
            move_button("Decline draw", kinds["decline-draw"], pygame.K_d)
        elif state.phase == "circles":
            move_button("No circles", kinds["circles-none"], pygame.K_1, True)
            move_button("Same for both…", kinds["circles-same"], pygame.K_2)
            move_button("Piece by piece…", kinds["circles-each"], pygame.K_3)
        elif state.phase in ("circles-same", "circles-each"):
            for m in legal.moves:
                if m.kind == "circle":
                    label = ("None", "Reinforcement", "Damage")[m.orient]
                    move_button(label, m, (pygame.K_1, pygame.K_2, pygame.K_3)[m.orient], m.orient == 0)
            move_button("Rest: none", kinds["circles-done"], pygame.K_4)
        elif state.phase == "colour":
            for m in legal.moves:
                if m.kind == "colour":
                    move_button(
                        f"Play {COLOUR_NAMES[m.colour]}", m, (pygame.K_w, pygame.K_b)[m.colour], m.colour == 0
                    )
        elif "pass" in kinds:
            move_button("Pass", kinds["pass"], pygame.K_p)
        if "offer-draw" in kinds:
            move_button("Offer draw", kinds["offer-draw"], pygame.K_o)
        if "resign" in kinds:
            armed = self.resign_armed > 0
            out.append(
                _Button(
                    "Really resign?" if armed else "Resign", self._resign(kinds["resign"]), pygame.K_q, armed
                )
            )
        if state.phase == PLAY:
            out.append(
                _Button("Control: on" if self.show_control else "Control", self._toggle_control, pygame.K_c)
            )
        return out

    def _resign(self, move: Move) -> Callable[[], Move | None]:
        def act() -> Move | None:
            if self.resign_armed > 0:
                return move
            self.resign_armed = 3.0
            return None

        return act

    def _toggle_control(self) -> None:
        self.show_control = not self.show_control
        return None

    def _draw_menu(self, surface, ctx) -> None:
        theme = ctx.theme
        s = max(self.size, 14)
        line_h = int(max(20, min(40, s * 0.75)))
        font_px = line_h * 0.6
        widths = [self._font(ctx, font_px).size(label)[0] for label, _ in self.menu]
        w = int(max(widths) + line_h)
        h = line_h * len(self.menu) + 8
        ax, ay = (
            self.cell_center(self.menu_anchor) if self.menu_anchor is not None else self.board_area.center
        )
        x = int(ax + s * 0.9)
        y = int(ay - h / 2)
        if x + w > self.rect.right:
            x = int(ax - s * 0.9 - w)
        y = max(self.rect.y, min(y, self.bar_rect.y - h))
        self.menu_rect = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surface, theme.shadow, self.menu_rect.move(3, 4), border_radius=8)
        pygame.draw.rect(surface, theme.card, self.menu_rect, border_radius=8)
        pygame.draw.rect(surface, theme.panel_edge, self.menu_rect, 2, border_radius=8)
        for i, (label, _act) in enumerate(self.menu):
            r = self._menu_item_rect(i)
            if i == self.menu_focus:
                pygame.draw.rect(surface, theme.button_hover, r, border_radius=5)
            self._text(surface, ctx, label, font_px, theme.text, (r.x + line_h * 0.4, r.centery), "midleft")

    def _menu_item_rect(self, i: int) -> pygame.Rect:
        line_h = (self.menu_rect.height - 8) // max(1, len(self.menu))
        return pygame.Rect(
            self.menu_rect.x + 4, self.menu_rect.y + 4 + i * line_h, self.menu_rect.width - 8, line_h
        )

    def _draw_slot_tooltip(self, surface, ctx, state: AmaktaState, colour: int, idx: int) -> None:
        pos = state.pos
        if idx >= len(pos.eq.sets[colour]):
            return
        circle = ("", " · reinforcement", " · damage")[state.circles[colour][idx] or 0]
        where = (
            "in hand"
            if idx in pos.inv[colour]
            else (
                "on the board"
                if any(p[:2] == (colour, idx) for p in pos.cells.values())
                else "out of the game"
            )
        )
        text = f"{COLOUR_NAMES[colour]} {idx + 1}: {describe(pos.eq.sets[colour][idx])}{circle} · {where}"
        slot = self.slots[colour][idx]
        self._tooltip(surface, ctx, text, (slot.centerx, slot.y))

    def _tooltip(self, surface, ctx, text: str, anchor: tuple[int, int]) -> None:
        font_px = max(11, min(22, self.size * 0.45))
        font = self._font(ctx, font_px)
        tw, th = font.size(text)
        r = pygame.Rect(0, 0, tw + 12, th + 6)
        r.midbottom = (int(anchor[0]), int(anchor[1]))
        r.clamp_ip(self.rect)
        pygame.draw.rect(surface, ctx.theme.card, r, border_radius=5)
        pygame.draw.rect(surface, ctx.theme.panel_edge, r, 1, border_radius=5)
        surface.blit(self._render(ctx, text, font_px, ctx.theme.text), (r.x + 6, r.y + 3))

    def _draw_tooltip(self, surface, ctx, state: AmaktaState, cell) -> None:
        pos = state.pos
        col, idx, _ori, ex = pos.cells[cell]
        owner = col ^ ex
        circle = ("", " · reinforcement", " · damage")[pos.circle((col, idx, 0, ex))]
        free = "free" if pos.is_free(cell) else "bound"
        mark = f" · expropriated by {COLOUR_NAMES[owner]}" if ex else ""
        text = f"{self.board.name(cell)}: {COLOUR_NAMES[col]} {idx + 1} · {free}{circle}{mark}"
        cx, cy = self.cell_center(cell)
        self._tooltip(surface, ctx, text, (cx, cy - self.size * 1.05))

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        if not isinstance(state, AmaktaState) or not ctx.interactive or state.outcome is not None:
            return None
        self._state = state
        self._set_board(state.eq.board)
        self._geometry()
        legal = self._legal_for(state)
        if not self.buttons:
            self.buttons = self._make_buttons(state, legal)
        if event.type == pygame.MOUSEMOTION:
            self.cursor_visible = False
            self.hover_cell = self.cell_at(event.pos)
            self.hover_slot = self.slot_at(event.pos)
            if self.mode == "menu" and self.menu_rect.collidepoint(event.pos):
                for i in range(len(self.menu)):
                    if self._menu_item_rect(i).collidepoint(event.pos):
                        self.menu_focus = i
            return None
        if event.type == pygame.MOUSEWHEEL:
            if self.mode in ("hand", "relocate", "orient"):
                self.orient = rotate_step(self.orient, 1 if event.y > 0 else -1)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self._clear()
                return None
            if event.button == 4 or event.button == 5:
                if self.mode in ("hand", "relocate", "orient"):
                    self.orient = rotate_step(self.orient, 1 if event.button == 4 else -1)
                return None
            if event.button != 1:
                return None
            return self._click(event.pos, state, legal)
        if event.type == pygame.KEYDOWN:
            return self._key(event, state, legal)
        return None

    def _click(self, pos: tuple[int, int], state: AmaktaState, legal: _Legal) -> Move | None:
        self.message = ""
        if self.mode == "menu":
            if self.menu_rect.collidepoint(pos):
                for i in range(len(self.menu)):
                    if self._menu_item_rect(i).collidepoint(pos):
                        return self._choose_menu(i)
                return None
            self._clear()
        for b in self.buttons:
            if b.rect.collidepoint(pos):
                return self._press(b)
        slot = self.slot_at(pos)
        if slot is not None:
            return self._slot(slot, state, legal)
        cell = self.cell_at(pos)
        if cell is not None:
            return self._field(cell, state, legal)
        if self.mode is not None:
            self._clear()
        return None

    def _press(self, button: _Button) -> Move | None:
        move = button.action()
        if move is not None:
            self._clear()
        return move

    def _slot(self, slot: tuple[int, int], state: AmaktaState, legal: _Legal) -> Move | None:
        colour, idx = slot
        if not legal.play or colour != state.pos.turn:
            return None
        if self.mode == "pick":
            if self._slot_pickable(legal, idx):
                self.sel_piece = idx
                self.mode = "orient"
                self.target = self.sel_cell
                self.orient = 0
            return None
        if idx in legal.hand_targets:
            if self.mode == "hand" and self.sel_piece == idx:
                self._clear()
                return None
            self._clear()
            self.mode = "hand"
            self.sel_piece = idx
            self.orient = 0
        return None

    def _field(self, cell: Any, state: AmaktaState, legal: _Legal) -> Move | None:
        pos = state.pos
        if self.mode == "hand" and self.sel_piece is not None:
            if cell in legal.hand_targets.get(self.sel_piece, ()):
                kind = (
                    PLACE
                    if cell not in pos.cells
                    else (REPLACE if pos.cells[cell][0] ^ pos.cells[cell][3] == pos.turn else RELEASE_PLACE)
                )
                move = legal.find(kind, cell, None, self.sel_piece, self.orient)
                if move is not None:
                    self._clear()
                    return move
            self._clear()
        elif self.mode == "relocate":
            if cell in legal.relocate.get(self.sel_cell, ()):
                move = legal.find(RELOCATE, self.sel_cell, cell, None, self.orient)
                self._clear()
                return move
            self._clear()
            return None
        elif self.mode == "orient":
            if cell == self.target:
                return self._confirm_orient(legal)
            self._clear()
            return None
        elif self.mode == "pick":
            self._clear()
            return None
        if not legal.play:
            return None
        return self._open_menu(cell, state, legal)

    def _open_menu(self, cell: Any, state: AmaktaState, legal: _Legal) -> Move | None:
        pos = state.pos
        items: list[tuple[str, Callable[[], Move | None]]] = []
        moves = legal.by_cell.get(cell, [])
        kinds = {m.kind for m in moves}
        for kind in ACTION_ORDER:
            if kind in kinds:
                items.append((ACTION_LABELS[kind], self._action(kind, cell, state, legal)))
        if cell not in pos.cells:
            for m in legal.into.get(cell, []):
                if m.kind == PLACE and not any(
                    lbl.startswith(f"Place piece {m.piece + 1}…") for lbl, _ in items
                ):
                    items.append((f"Place piece {m.piece + 1}…", self._place_here(cell, m.piece)))
                elif m.kind == RELOCATE:
                    label = f"Move the piece from {self.board.name(m.cell)} here…"
                    if not any(lbl == label for lbl, _ in items):
                        items.append((label, self._relocate_here(m.cell, cell, pos)))
        if not items:
            return None
        self._clear()
        self.sel_cell = cell if cell in pos.cells else None
        self.mode = "menu"
        self.menu = items
        self.menu_focus = 0
        self.menu_anchor = cell
        return None

    def _action(self, kind: str, cell: Any, state: AmaktaState, legal: _Legal) -> Callable[[], Move | None]:
        pos = state.pos

        def act() -> Move | None:
            ori = pos.cells[cell][2]
            if kind in (TAKE, EXPROPRIATE, REMOVE, RELEASE):
                return legal.find(kind, cell)
            self._clear()
            self.sel_cell = cell
            self.kind = kind
            if kind in (ROTATE, APPROPRIATE):
                self.mode = "orient"
                self.target = cell
                self.orient = rotate_step(ori, 1)
            elif kind == RELOCATE:
                self.mode = "relocate"
                self.orient = ori
            else:  # replace, release-place: choose the piece first
                self.mode = "pick"
            return None

        return act

    def _place_here(self, cell: Any, piece: int) -> Callable[[], Move | None]:
        def act() -> Move | None:
            self._clear()
            self.mode = "orient"
            self.kind = PLACE
            self.sel_piece = piece
            self.target = cell
            return None

        return act

    def _relocate_here(self, src: Any, cell: Any, pos) -> Callable[[], Move | None]:
        def act() -> Move | None:
            self._clear()
            self.mode = "orient"
            self.kind = RELOCATE
            self.sel_cell = src
            self.target = cell
            self.orient = pos.cells[src][2]
            return None

        return act

    def _choose_menu(self, i: int) -> Move | None:
        if not 0 <= i < len(self.menu):
            return None
        _label, act = self.menu[i]
        move = act()
        if move is not None:
            self._clear()
        return move

    def _confirm_orient(self, legal: _Legal) -> Move | None:
        kind = self.kind
        if kind in (ROTATE, APPROPRIATE):
            move = legal.find(kind, self.target, None, None, self.orient)
        elif kind == RELOCATE:
            move = legal.find(RELOCATE, self.sel_cell, self.target, None, self.orient)
        else:
            move = legal.find(kind, self.target, None, self.sel_piece, self.orient)
        if move is None:
            self.message = "That is how the piece lies now: turn it (R, wheel) or mirror it (M) first"
            return None
        self._clear()
        return move

    def _key(self, event: pygame.event.Event, state: AmaktaState, legal: _Legal) -> Move | None:
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key in CANCEL:
            self._clear()
            self.button_focus = None
            return None
        if self.mode == "menu":
            if key in (pygame.K_UP, pygame.K_DOWN):
                self.menu_focus = (self.menu_focus + (1 if key == pygame.K_DOWN else -1)) % len(self.menu)
                return None
            if key in ACTIVATE:
                return self._choose_menu(self.menu_focus)
            if pygame.K_1 <= key <= pygame.K_9:
                return self._choose_menu(key - pygame.K_1)
            return None
        if self.mode in ("hand", "relocate", "orient"):
            if key == pygame.K_r:
                self.orient = rotate_step(self.orient, -1 if shift else 1)
                return None
            if key == pygame.K_m:
                self.orient = mirror_step(self.orient)
                return None
            if self.mode == "orient" and key in ACTIVATE and not self.cursor_visible:
                return self._confirm_orient(legal)
        if key == pygame.K_TAB and legal.play:
            return self._tab(state, legal, -1 if shift else 1)
        if key in KEY_DIRS and self.board.finite:
            if self.button_focus is not None and key in (pygame.K_LEFT, pygame.K_RIGHT) and not legal.play:
                step = 1 if key == pygame.K_RIGHT else -1
                self.button_focus = (self.button_focus + step) % max(1, len(self.buttons))
                return None
            if not legal.play:
                self.button_focus = 0 if self.button_focus is None else self.button_focus
                return None
            self._move_cursor(KEY_DIRS[key])
            return None
        if key in ACTIVATE:
            if self.button_focus is not None and self.buttons:
                return self._press(self.buttons[self.button_focus % len(self.buttons)])
            if self.cursor_visible and self.cursor is not None:
                return self._field(self.cursor, state, legal)
            if self.mode in ("hand", "relocate") and self.hover_cell is not None:
                return self._field(
                    self.hover_cell, state, legal
                )  # Enter confirms the preview under the pointer
            if not legal.play and self.buttons:
                return self._press(self.buttons[0])
            return None
        for b in self.buttons:
            if b.key is not None and b.key == key:
                return self._press(b)
        return None

    def _tab(self, state: AmaktaState, legal: _Legal, step: int) -> Move | None:
        pickable = sorted(legal.hand_targets)
        if self.mode == "pick":
            pickable = [i for i in sorted(state.pos.inv[state.pos.turn]) if self._slot_pickable(legal, i)]
        if not pickable:
            return None
        current = self.sel_piece if self.sel_piece in pickable else None
        if current is None:
            nxt = pickable[0] if step > 0 else pickable[-1]
        else:
            nxt = pickable[(pickable.index(current) + step) % len(pickable)]
        if self.mode == "pick":
            self.sel_piece = nxt
            self.mode = "orient"
            self.target = self.sel_cell
            self.orient = 0
            return None
        self._clear()
        self.mode = "hand"
        self.sel_piece = nxt
        return None

    def _move_cursor(self, delta: tuple[int, int]) -> None:
        board = self.board
        if self.cursor is None or not self.cursor_visible:
            self.cursor_visible = True
            if self.cursor is None:
                self.cursor = board.bases[self._state.pos.turn if self._state is not None else 0]
            return
        x, y = board.xy(self.cursor)
        dx, dy = delta
        if dy == 0:
            for k in range(1, 30):
                cell = board.cell_at((x + dx * k, y))
                if cell is not None:
                    self.cursor = cell
                    return
            return
        for k in range(1, 30):
            row = y + dy * k
            options = [c for c in board.fields if board.xy(c)[1] == row]
            if options:
                self.cursor = min(options, key=lambda c: abs(board.xy(c)[0] - x))
                return

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
        lines = []
        pos = state.pos
        for colour in (WHITE, BLACK):
            seat = state.seat_of(colour)
            who = f"Player {seat + 1}" if state.white_seat is not None else "?"
            lines.append(
                f"{COLOUR_NAMES[colour]}: {who}, {len(pos.inv[colour])} in hand, {len(pos.removed(colour))} out"
            )
        reps = state.repetitions()
        if reps > 1 and state.outcome is None:
            lines.append(f"Situation seen {reps} times (3 draws)")
        if state.offer is not None:
            lines.append(f"Draw offered by Player {state.offer + 1}")
        lines.append("Keys: R turn, M mirror, C control, P pass, Tab hand")
        return lines


def _dashed(surface, colour, start, end, width, dash) -> None:
    x0, y0 = start
    x1, y1 = end
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 1:
        return
    n = max(1, int(length / dash))
    for k in range(0, n, 2):
        a = k / n
        b = min(1.0, (k + 1) / n)
        pygame.draw.line(
            surface,
            colour,
            (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
            (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
            width,
        )
