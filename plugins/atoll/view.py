"""The Atoll board on screen: flat-topped hexes, islands of solid stones, mouse and keyboard play.

Input (only while ``ctx.interactive``):

- Mouse: the cell under the pointer is highlighted with a ghost stone; a click places there.
  On move 2, when the pie rule allows it, clicking Black's stone swaps (so does the key S).
- Keyboard / gamepad: the first arrow key (or Enter) shows a cursor. Up and down move along a column;
  left and right step to the next column, zig-zagging so the cursor keeps to the row it
  started on. Enter or Space places at the cursor (on Black's first stone: swaps). The
  cursor hides again when the mouse moves.

All geometry (cell centres, hex polygons, the board picture with its coordinates) is computed
in :meth:`AtollView.layout` or on the first draw after it; a frame only blits.

>>> import pygame
>>> from tafel.games.atoll import GAME
>>> view = AtollView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1000, 800))
>>> f7 = view.board.parse_cell("f7")
>>> view.cell_at(view.centre[f7]) == f7
True
>>> view.cell_at((0, 0)) is None
True
"""

from __future__ import annotations

import math
from collections import deque

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.view import ACTIVATE_KEYS, ARROW_KEYS, BoardView, ViewContext, mix

from .board import BLACK, COLOR_NAMES, COLUMN_LETTERS, WHITE, Board, Cell
from .rules import SEAT_NAMES, SWAP, AtollMove, AtollState, move_for

Color = tuple[int, int, int]
SQRT3 = math.sqrt(3.0)

#: Room for the coordinates around the cells, in hex radii.
MARGIN = 1.05
#: Stone radius as a fraction of the hex's inner radius.
STONE = 0.84
#: Animation lengths in seconds before the player's speed setting.
PLACE_TIME = 0.22
CHAIN_TIME = 1.5
#: Part of CHAIN_TIME spent drawing the chain from island to island (the rest holds it).
CHAIN_DRAW = 0.7


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """The display's pixel format blits fastest, but converting needs a display (tests may have none)."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def winning_chain(state: AtollState) -> list[Cell]:
    """The shortest chain of the winner's stones (island stones included) joining the pair it won
    with, from one island to the other: the cells to highlight. Empty while the game runs."""
    if state.winner is None:
        return []
    board = state.board
    colour = state.winner
    own = state.stones[colour] | board.island_mask[colour]
    for a, b, _ in board.pairs[colour]:
        if not board.flood(a, own) & b:
            continue
        start = board.cells_of(a)
        prev: dict[Cell, Cell | None] = {c: None for c in start}
        queue = deque(start)
        while queue:
            cell = queue.popleft()
            if b >> cell & 1:
                chain = [cell]
                while prev[chain[-1]] is not None:
                    chain.append(prev[chain[-1]])  # type: ignore[arg-type]
                return chain[::-1]
            for n in board.neighbours[cell]:
                if own >> n & 1 and n not in prev:
                    prev[n] = cell
                    queue.append(n)
    return []


class AtollView(BoardView):
    """Renderer and controller for Atoll; see the module docstring for the controls."""

    def __init__(self, game: GameDef, options: Options) -> None:
        super().__init__(game, options)
        self.board = Board.get(int(options.get("size", 11)))
        self.radius = 10.0  # hex circumradius in pixels
        self.centre: dict[Cell, tuple[int, int]] = {}
        self.polygons: dict[Cell, list[tuple[float, float]]] = {}
        self.outer = pygame.Rect(0, 0, 1, 1)
        self._origin = (0.0, 0.0)
        self._layout_gen = 0
        self._assets_key: tuple | None = None
        self._board_surface: pygame.Surface | None = None
        self._stones: list[pygame.Surface] = []
        self._ghosts: list[pygame.Surface] = []
        self._hex_marks: dict[str, pygame.Surface] = {}
        self._hover: Cell | None = None
        self._cursor: Cell | None = None
        self._cursor_visible = False
        self._cursor_row: int | None = None  # the half-row left/right moves keep to
        self._speed = 1.0
        # Animations: the stone being placed, and the winning chain.
        self._place: tuple[Cell, int] | None = None
        self._place_t = 0.0
        self._place_total = 0.0
        self._chain: list[Cell] = []
        self._chain_state: AtollState | None = None
        self._chain_t = 0.0
        self._chain_total = 0.0
        self._swap_flash = 0.0

    # --- geometry ---------------------------------------------------------------------------

    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board, its islands and the coordinates into ``rect``, centred."""
        self.rect = pygame.Rect(rect)
        n = self.board.size
        # Cell centres: x = 1.5 R c, y = (sqrt3 / 2) R r, for c in 0..n+1 and r in 0..2n.
        width_r = 1.5 * (n + 1) + 2.0 + 2 * MARGIN
        height_r = SQRT3 * (n + 1) + 2 * MARGIN
        pad = 4
        radius = min((self.rect.width - 2 * pad) / width_r, (self.rect.height - 2 * pad) / height_r)
        self.radius = max(3.0, radius)
        R = self.radius
        w, h = round(width_r * R), round(height_r * R)
        self.outer = pygame.Rect(0, 0, w, h)
        self.outer.center = self.rect.center
        x0 = self.outer.x + (MARGIN + 1.0) * R
        y0 = self.outer.y + (MARGIN + SQRT3 / 2) * R
        self._origin = (x0, y0)
        self.centre = {}
        self.polygons = {}
        for cell, (c, r) in self.board.coords.items():
            x, y = x0 + 1.5 * R * c, y0 + SQRT3 / 2 * R * r
            self.centre[cell] = (round(x), round(y))
            self.polygons[cell] = [
                (x + R * math.cos(math.pi / 3 * k), y + R * math.sin(math.pi / 3 * k)) for k in range(6)
            ]
        self._layout_gen += 1

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        """The cell (playable or island) whose hex holds the pixel ``pos``, or None."""
        R = self.radius
        x0, y0 = self._origin
        fc = (pos[0] - x0) / (1.5 * R)
        fr = (pos[1] - y0) / (SQRT3 / 2 * R)
        best, best_d = None, 1e18
        for c in range(math.floor(fc) - 1, math.floor(fc) + 3):
            for r in range(math.floor(fr) - 2, math.floor(fr) + 4):
                cell = self.board.index.get((c, r))
                if cell is None:
                    continue
                cx, cy = x0 + 1.5 * R * c, y0 + SQRT3 / 2 * R * r
                d = (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2
                if d < best_d:
                    best, best_d = cell, d
        if best is None:
            return None
        cx, cy = self.centre[best]
        dx, dy = abs(pos[0] - cx), abs(pos[1] - cy)
        # Inside the flat-topped hex: within the top and bottom edges and the four slanted ones.
        if dy <= SQRT3 / 2 * R + 0.5 and SQRT3 * dx + dy <= SQRT3 * R + 0.5:
            return best
        return None

    @property
    def cursor(self) -> Cell | None:
        """The keyboard cursor's cell while it is shown, else None."""
        return self._cursor if self._cursor_visible else None

    @property
    def hover(self) -> Cell | None:
        """The cell under the mouse pointer (islands included), else None."""
        return self._hover

    # --- animations -------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        return self._place is not None or self._chain_t < self._chain_total

    def reset(self, state: GameState) -> None:
        self._place = None
        self._chain = []
        self._chain_state = None
        self._chain_t = self._chain_total = 0.0
        self._swap_flash = 0.0

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self.reset(after)
        if not isinstance(after, AtollState) or not isinstance(move, AtollMove):
            return
        if move.is_swap:
            self._swap_flash = 1.2 * self._speed
        elif self._speed > 0:
            self._place = (move.cell, before.colour if isinstance(before, AtollState) else BLACK)
            self._place_t = 0.0
            self._place_total = PLACE_TIME * self._speed
        if after.winner is not None:
            self._chain = winning_chain(after)
            self._chain_state = after
            self._chain_t = 0.0
            self._chain_total = CHAIN_TIME * self._speed

    def update(self, dt: float) -> None:
        if self._place is not None:
            self._place_t += dt
            if self._place_t >= self._place_total:
                self._place = None
        elif self._chain_t < self._chain_total:
            self._chain_t = min(self._chain_total, self._chain_t + dt)
        if self._swap_flash > 0:
            self._swap_flash = max(0.0, self._swap_flash - dt)

    # --- input ------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        self._speed = ctx.anim_speed
        if not ctx.interactive or not isinstance(state, AtollState) or state.outcome is not None:
            return None
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self._hover = self.cell_at(event.pos)
            self._cursor_visible = False
            return None
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._cursor_visible = False
            self._hover = self.cell_at(event.pos)
            return self._activate(self._hover, state)
        if kind == pygame.KEYDOWN:
            if event.key == pygame.K_s:
                return SWAP if state.swap_available else None
            if event.key not in ARROW_KEYS and event.key not in ACTIVATE_KEYS:
                return None
            if not self._cursor_visible:
                # The first key only shows the cursor, where the player was looking, so a stray
                # Enter (or gamepad A) never places a stone the player has not seen highlighted.
                self._cursor_visible = True
                if self._hover is not None and self._hover in self.board.playable_set:
                    self._cursor = self._hover
                elif self._cursor is None:
                    self._cursor = self._default_cursor()
                self._cursor_row = None
                return None
            if self._cursor is None:
                self._cursor = self._default_cursor()
            if event.key in ARROW_KEYS:
                self._cursor = self.step(self._cursor, event.key)
                return None
            return self._activate(self._cursor, state)
        return None

    def _default_cursor(self) -> Cell:
        """The playable cell nearest the middle of the board."""
        n = self.board.size
        mid = ((n + 1) // 2, n if ((n + 1) // 2) % 2 == n % 2 else n - 1)
        return self.board.index[mid]

    def step(self, cell: Cell, key: int) -> Cell:
        """The cursor's next cell for an arrow key (it stays put at the edge).

        >>> from tafel.games.atoll import GAME
        >>> v = AtollView(GAME, GAME.resolve_options({}))
        >>> b = v.board
        >>> names = []
        >>> cell = b.parse_cell("a5")
        >>> for _ in range(4):
        ...     cell = v.step(cell, pygame.K_RIGHT)
        ...     names.append(b.name(cell))
        >>> names
        ['b5', 'c5', 'd5', 'e5']
        >>> b.name(v.step(b.parse_cell("f7"), pygame.K_UP)), b.name(v.step(b.parse_cell("f10"), pygame.K_UP))
        ('f8', 'f10')
        """
        board = self.board
        c, r = board.coords[cell]
        playable = board.playable_set
        if key in (pygame.K_UP, pygame.K_DOWN):
            self._cursor_row = None
            nxt = board.index.get((c, r - 2 if key == pygame.K_UP else r + 2))
            return nxt if nxt in playable else cell
        if self._cursor_row is None:
            self._cursor_row = r
        dc = 1 if key == pygame.K_RIGHT else -1
        options = [board.index.get((c + dc, r + dr)) for dr in (-1, 1)]
        options = [o for o in options if o in playable]
        if not options:
            return cell
        # Keep to the starting row: of the two cells up and down in the next column, the one
        # nearer it; on a tie the one with the same row number, so a5 -> b5 -> c5 as labelled.
        target = self._cursor_row
        n = board.size

        def number(o: Cell) -> int:
            return (2 * n - 2 - board.coords[o][1]) // 2 + 1

        here = number(cell)
        return min(options, key=lambda o: (abs(board.coords[o][1] - target), number(o) != here))

    def _activate(self, cell: Cell | None, state: AtollState) -> Move | None:
        if cell is None:
            return None
        if state.swap_available and state.stones[BLACK] >> cell & 1:
            return SWAP
        if cell in self.board.playable_set and state.empty >> cell & 1:
            return move_for(cell)
        return None

    # --- side panel -------------------------------------------------------------------------

    def status(self, state: GameState, ctx: ViewContext) -> list[str]:
        """Who plays which colour, stones placed, the swap, and the cell under the pointer.

        >>> from tafel.games.atoll import GAME
        >>> s = AtollState.start()
        >>> AtollView(GAME, GAME.resolve_options({})).status(s.play(s.parse_move("f7")), None)[:3]
        ['Black: Player 1, White: Player 2', '1 stone placed, 103 empty cells', 'Swap available: click the black stone or press S']
        """
        if not isinstance(state, AtollState):
            return []
        black_seat = SEAT_NAMES[state.seat_of(BLACK)]
        white_seat = SEAT_NAMES[state.seat_of(WHITE)]
        lines = [f"Black: {black_seat}, White: {white_seat}"]
        placed = state.placed
        free = state.empty.bit_count()
        lines.append(f"{placed} stone{'' if placed == 1 else 's'} placed, {free} empty cells")
        if state.swap_available:
            lines.append("Swap available: click the black stone or press S")
        elif state.swapped and placed == 1 and state.colour == WHITE:
            lines.append(f"Swapped: {black_seat} took the black stone")
        if state.winner is not None:
            lines.append(f"{COLOR_NAMES[state.winner]} joined {state.win_label}")
        focus = self._cursor if self._cursor_visible else self._hover
        if focus is not None and focus in self.board.playable_set:
            lines.append(f"Cell {self.board.name(focus)}")
        return lines

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        self._speed = ctx.anim_speed
        if not isinstance(state, AtollState):
            return
        if state.board is not self.board or not self.centre:
            # A position of another board size (or a draw before any layout): lay out for it.
            self.board = state.board
            self.layout(self.rect)
        self._ensure_assets(ctx)
        assert self._board_surface is not None
        surface.blit(self._board_surface, self.outer)
        theme = ctx.theme
        R = self.radius

        placing = self._place
        for colour in (BLACK, WHITE):
            sprite = self._stones[colour]
            half = sprite.get_width() // 2
            for cell in self.board.cells_of(state.stones[colour]):
                if placing is not None and cell == placing[0]:
                    continue
                x, y = self.centre[cell]
                surface.blit(sprite, (x - half, y - half))
        if placing is not None:
            self._draw_placing(surface, placing)

        if ctx.show_last and ctx.last_move is not None and placing is None:
            self._draw_last(surface, state, ctx.last_move, ctx)

        live = ctx.interactive and state.outcome is None and not self.animating
        focus = None
        if live:
            focus = self._cursor if self._cursor_visible else self._hover
        if focus is not None:
            if state.swap_available and state.stones[BLACK] >> focus & 1:
                # Hovering Black's first stone offers the swap: ring it in the mover's colour.
                pulse = 0.5 + 0.5 * math.sin(ctx.time * 6.0)
                color = mix(theme.highlight, theme.accent, pulse)
                pygame.draw.circle(surface, color, self.centre[focus], round(R * 0.86), max(2, round(R / 7)))
            elif focus in self.board.playable_set and state.empty >> focus & 1:
                poly = self.polygons[focus]
                mark = self._hex_marks["hover"]
                surface.blit(mark, (poly[3][0], poly[4][1]))
                ghost = self._ghosts[state.colour]
                x, y = self.centre[focus]
                surface.blit(ghost, (x - ghost.get_width() // 2, y - ghost.get_height() // 2))
        if live and self._cursor_visible and self._cursor is not None:
            pygame.draw.polygon(surface, theme.text, self._inset(self._cursor, 0.9), max(2, round(R / 6)))
        if ctx.hint is not None and isinstance(ctx.hint, AtollMove) and state.outcome is None:
            self._draw_hint(surface, state, ctx.hint, ctx)
        if state.winner is not None:
            self._draw_chain(surface, state, ctx)

    def _inset(self, cell: Cell, scale: float) -> list[tuple[float, float]]:
        cx, cy = self.centre[cell]
        return [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in self.polygons[cell]]

    def _draw_placing(self, surface: pygame.Surface, placing: tuple[Cell, int]) -> None:
        cell, colour = placing
        p = min(1.0, self._place_t / self._place_total) if self._place_total > 0 else 1.0
        # The stone drops in: a little large and faint, settling to full size.
        scale = 1.0 + 0.35 * (1.0 - p) ** 2
        sprite = self._stones[colour]
        size = max(1, round(sprite.get_width() * scale))
        frame = pygame.transform.smoothscale(sprite, (size, size))
        frame.set_alpha(round(120 + 135 * p))
        x, y = self.centre[cell]
        surface.blit(frame, (x - size // 2, y - size // 2))

    def _draw_last(self, surface: pygame.Surface, state: AtollState, move: Move, ctx: ViewContext) -> None:
        if not isinstance(move, AtollMove):
            return
        R = self.radius
        if move.is_swap:
            cells = self.board.cells_of(state.stones[BLACK])
            if len(cells) != 1:
                return
            cell = cells[0]
            width = max(2, round(R / 7))
            pulse = self._swap_flash / 1.2 if self._speed > 0 else 0.0
            pygame.draw.circle(
                surface, ctx.theme.last_move, self.centre[cell], round(R * (0.8 + 0.25 * pulse)), width
            )
            return
        if move.cell not in self.centre:
            return
        colour = WHITE if state.stones[WHITE] >> move.cell & 1 else BLACK
        x, y = self.centre[move.cell]
        dot = max(3, round(R * 0.2))
        edge = ctx.theme.stone_dark if colour == WHITE else ctx.theme.stone_light
        pygame.draw.circle(surface, edge, (x, y), dot + max(1, round(R / 14)))
        pygame.draw.circle(surface, ctx.theme.last_move, (x, y), dot)

    def _draw_hint(
        self, surface: pygame.Surface, state: AtollState, move: AtollMove, ctx: ViewContext
    ) -> None:
        pulse = 0.5 + 0.5 * math.sin(ctx.time * 5.0)
        color = mix(ctx.theme.hint, (255, 255, 255), 0.35 * pulse)
        R = self.radius
        if move.is_swap:
            cells = self.board.cells_of(state.stones[BLACK])
            if not cells:
                return
            cell = cells[0]
        else:
            cell = move.cell
        if cell not in self.centre:
            return
        width = max(2, round(R / 7))
        pygame.draw.polygon(surface, color, self._inset(cell, 0.78 + 0.08 * pulse), width)

    def _draw_chain(self, surface: pygame.Surface, state: AtollState, ctx: ViewContext) -> None:
        if self._chain_state is not state:
            # A finished game shown without its last move (undo, a picked position): no animation.
            self._chain = winning_chain(state)
            self._chain_state = state
            self._chain_t = self._chain_total = 0.0
        chain = self._chain
        if not chain:
            return
        R = self.radius
        if self._chain_total > 0:
            p = min(1.0, self._chain_t / (self._chain_total * CHAIN_DRAW))
        else:
            p = 1.0
        shown = max(1, math.ceil(p * len(chain)))
        glow = ctx.theme.highlight
        width = max(3, round(R * 0.22))
        points = [self.centre[c] for c in chain[:shown]]
        if len(points) > 1:
            pygame.draw.lines(surface, mix(glow, (0, 0, 0), 0.45), False, points, width + 4)
            pygame.draw.lines(surface, glow, False, points, width)
        pulse = 0.5 + 0.5 * math.sin(ctx.time * 4.0)
        ring = max(2, round(R / 8))
        for cell in chain[:shown]:
            pygame.draw.circle(surface, glow, self.centre[cell], round(R * (0.78 + 0.06 * pulse)), ring)
        for cell in (chain[0], chain[-1]) if p >= 1.0 else (chain[0],):
            pygame.draw.circle(surface, glow, self.centre[cell], round(R * 0.3))

    # --- cached surfaces --------------------------------------------------------------------

    def _ensure_assets(self, ctx: ViewContext) -> None:
        key = (self._layout_gen, ctx.theme, id(ctx.fonts), ctx.fonts.scale)
        if key == self._assets_key:
            return
        self._assets_key = key
        theme = ctx.theme
        R = self.radius
        self._stones = [_fast(_stone(theme.stone_dark, R, True)), _fast(_stone(theme.stone_light, R, False))]
        self._ghosts = []
        for sprite in self._stones:
            ghost = sprite.copy()
            ghost.set_alpha(110)
            self._ghosts.append(ghost)
        hover = pygame.Surface((math.ceil(2 * R) + 1, math.ceil(SQRT3 * R) + 1), pygame.SRCALPHA)
        pts = [
            (R + R * math.cos(math.pi / 3 * k), SQRT3 / 2 * R + R * math.sin(math.pi / 3 * k))
            for k in range(6)
        ]
        pygame.draw.polygon(hover, (*theme.highlight, 70), pts)
        self._hex_marks = {"hover": _fast(hover)}
        self._board_surface = self._paint_board(ctx)

    def _paint_board(self, ctx: ViewContext) -> pygame.Surface:
        """The static picture: water, cells, islands with their stones, coastline and coordinates."""
        theme = ctx.theme
        R = self.radius
        board = self.board
        out = pygame.Surface(self.outer.size, pygame.SRCALPHA)
        ox, oy = self.outer.topleft

        def local(points):
            return [(x - ox, y - oy) for x, y in points]

        water = mix(theme.background, (40, 110, 150), 0.55)
        pygame.draw.rect(out, water, out.get_rect(), border_radius=max(4, round(R * 0.6)))
        pygame.draw.rect(
            out,
            mix(water, (255, 255, 255), 0.12),
            out.get_rect(),
            max(1, round(R / 10)),
            border_radius=max(4, round(R * 0.6)),
        )
        sand = mix(theme.board, (255, 236, 190), 0.35)
        line = max(1, round(R / 16))
        for cell in board.playable:
            pts = local(self.polygons[cell])
            pygame.draw.polygon(out, theme.board, pts)
            pygame.draw.polygon(out, theme.grid, pts, line)
        for isl in board.islands:
            for c, r in isl.cells:
                pts = local(self.polygons[board.index[(c, r)]])
                pygame.draw.polygon(out, sand, pts)
                pygame.draw.polygon(out, mix(sand, theme.grid, 0.4), pts, line)
        # Coastlines: the edges of the play area and of each island, drawn thick.
        coast = mix(theme.grid, (0, 0, 0), 0.3)
        thick = max(2, round(R / 6))
        dirs = [(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)]  # edge k faces dirs[k]
        groups = [set(board.playable)] + [{board.index[cr] for cr in isl.cells} for isl in board.islands]
        for group in groups:
            for cell in group:
                c, r = board.coords[cell]
                pts = local(self.polygons[cell])
                for k, (dc, dr) in enumerate(dirs):
                    if board.index.get((c + dc, r + dr)) not in group:
                        pygame.draw.line(out, coast, pts[k], pts[(k + 1) % 6], thick)
        # Island stones: solid stones in the owners' colours.
        stones = [_stone(theme.stone_dark, R, True), _stone(theme.stone_light, R, False)]
        for isl in board.islands:
            sprite = stones[isl.owner]
            half = sprite.get_width() // 2
            for c, r in isl.cells:
                x, y = self.centre[board.index[(c, r)]]
                out.blit(sprite, (x - ox - half, y - oy - half))
        # Coordinates: letters above and below each column, numbers beside the outer columns.
        px = max(7, round(R * 0.62))
        font = ctx.fonts.get(max(1, round(px / ctx.fonts.scale)), bold=True)
        ink = mix(water, (255, 255, 255), 0.75)
        n = board.size
        top_y = oy + (MARGIN * 0.5) * R
        bottom_y = oy + self.outer.height - (MARGIN * 0.5) * R
        x0, y0 = self._origin
        for c in range(1, n + 1):
            label = font.render(COLUMN_LETTERS[c - 1], True, ink)
            x = x0 + 1.5 * R * c - ox
            out.blit(label, label.get_rect(center=(x, top_y - oy)))
            out.blit(label, label.get_rect(center=(x, bottom_y - oy)))
        for side_c, text_x in ((1, (MARGIN * 0.5) * R), (n, self.outer.width - (MARGIN * 0.5) * R)):
            for number in range(1, board.column_rows[side_c] + 1):
                r = 2 * n - 2 - 2 * (number - 1) - (side_c % 2)
                label = font.render(str(number), True, ink)
                y = y0 + SQRT3 / 2 * R * r - oy
                out.blit(label, label.get_rect(center=(text_x, y)))
        return _fast(out)


# --- sprite painters (run once per layout, never per frame) ------------------------------------

_SS = 4  # supersampling: shapes are drawn large and smooth-scaled down for soft edges


def _stone(color: Color, radius: float, dark: bool) -> pygame.Surface:
    """A shaded stone for a hex of circumradius ``radius``."""
    r = STONE * radius * SQRT3 / 2
    size = max(4, math.ceil(2 * r + 4))
    big = pygame.Surface((size * _SS, size * _SS), pygame.SRCALPHA)
    cx = cy = size * _SS / 2
    R = r * _SS
    pygame.draw.circle(big, (0, 0, 0, 90), (cx + R * 0.06, cy + R * 0.1), R)
    rim = mix(color, (0, 0, 0), 0.45) if not dark else mix(color, (255, 255, 255), 0.12)
    pygame.draw.circle(big, rim, (cx, cy), R)
    steps = max(8, int(R / 6))
    lx, ly = cx - R * 0.3, cy - R * 0.35
    top = mix(color, (255, 255, 255), 0.35 if dark else 0.6)
    for i in range(steps):
        t = i / (steps - 1)
        rr = R * 0.93 * (1.0 - 0.8 * t)
        x = cx + (lx - cx) * t
        y = cy + (ly - cy) * t
        pygame.draw.circle(big, mix(color, top, t * t), (x, y), rr)
    return pygame.transform.smoothscale(big, (size, size))
