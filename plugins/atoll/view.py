"""The Atoll board on screen: the kit's grid view on flat-topped hexes, with islands and coastlines.

Input (only while ``ctx.interactive``):

- Mouse: the cell under the pointer is highlighted with a ghost stone; a click places there.
  On move 2, when the pie rule allows it, clicking Black's stone swaps (so does the key S).
- Keyboard / gamepad: the first arrow key (or Enter) shows a cursor. Up and down move along a column;
  left and right step to the next column, zig-zagging so the cursor keeps to the row it
  started on. Enter or Space places at the cursor (on Black's first stone: swaps). The
  cursor hides again when the mouse moves.

The board (water, cells, islands with their stones, coastlines, coordinates) is painted once per
layout by :meth:`AtollView.paint`; :class:`tafel.kit.GridBoardView` does the rest.

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
from collections.abc import Hashable

import pygame

from tafel import GameDef, GameState, Move, Options
from tafel.kit import Cursor, Drop, GridBoardView, HexGrid, cell_mark, pulse, supersampled
from tafel.view import ViewContext, mix

from .board import BLACK, COLUMN_LETTERS, WHITE, Board, Cell
from .rules import SEAT_NAMES, SWAP, AtollMove, AtollState
from .rules import move_for as placing
from .texts import _

Color = tuple[int, int, int]
SQRT3 = math.sqrt(3.0)

#: Stone radius as a fraction of the hex's inner radius.
STONE = 0.84
#: Seconds the winning chain takes, before the player's speed setting.
CHAIN_TIME = 1.5


def winning_chain(state: AtollState) -> list[Cell]:
    """The shortest chain of the winner's stones (island stones included) joining the pair it won
    with, from one island to the other: the cells to highlight. Empty while the game runs."""
    if state.winner is None:
        return []
    board = state.board
    own = state.stones[state.winner] | board.island_mask[state.winner]
    for a, b, _label in board.pairs[state.winner]:
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


class _Rows(HexGrid):
    """The cursor's cells (the playable ones). Up and down along a column; left and right to the
    next column's cell nearer the row the walk started on, keeping the row's number on a tie."""

    def __init__(self, board: Board) -> None:
        self.board = board
        super().__init__({cell: _axial(board.coords[cell]) for cell in board.playable})

    def step(self, cell, dx, dy, keep=None):
        """>>> b = Board.get(11); rows = _Rows(b); cell, keep, names = b.parse_cell("a5"), None, []
        >>> for _ in range(4):
        ...     cell, keep = rows.step(cell, 1, 0, keep)
        ...     names.append(b.name(cell))
        >>> names, b.name(rows.step(b.parse_cell("f7"), 0, 1)[0]), b.name(rows.step(b.parse_cell("f10"), 0, 1)[0])
        (['b5', 'c5', 'd5', 'e5'], 'f8', 'f10')
        """
        board, (c, r) = self.board, self.board.coords[cell]
        if dx == 0:
            nxt = board.index.get((c, r - 2 * dy))
            return (nxt if nxt in self else cell), None
        keep = r if keep is None else keep
        options = [o for dr in (-1, 1) if (o := board.index.get((c + dx, r + dr))) in self]

        def number(o: Cell) -> int:
            return (2 * board.size - 2 - board.coords[o][1]) // 2 + 1

        if not options:
            return cell, keep
        return min(options, key=lambda o: (abs(board.coords[o][1] - keep), number(o) != number(cell))), keep


def _axial(coord: tuple[int, int]) -> tuple[int, int]:
    """Atoll's (column, doubled row) as the kit's axial (q, r)."""
    return coord[0], (coord[1] - coord[0]) // 2


class AtollView(GridBoardView):
    """Renderer and controller for Atoll; see the module docstring for the controls."""

    margin = 1.05  # room for the coordinates round the cells, in hex radii
    pad = 0.005
    chain_time = CHAIN_TIME
    chain_size = 0.5  # rings round the stones

    def __init__(self, game: GameDef, options: Options) -> None:
        self.board = Board.get(int(options.get("size", 11)))
        super().__init__(game, options)
        self.cursor = Cursor(_Rows(self.board))
        self._flash = 0.0  # the swap's ring, fading
        self._won: tuple[AtollState | None, list[Cell]] = (None, [])

    def make_grid(self, options):
        return HexGrid({cell: _axial(c) for cell, c in self.board.coords.items()})

    def outline(self):
        x, y, w, h = self.grid.bounds(self.margin)
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]

    @property
    def centre(self) -> dict[Hashable, tuple[int, int]]:
        """Every cell's (islands included) centre pixel."""
        return {cell: self.grid.center(cell) for cell in self.grid.cells}

    # --- the game's hooks ---------------------------------------------------------------------

    def piece_at(self, state, cell):
        return (
            BLACK if state.stones[BLACK] >> cell & 1 else WHITE if state.stones[WHITE] >> cell & 1 else None
        )

    def paint_piece(self, piece, size, theme):
        """A shaded stone (Atoll's own: matte, lit from the top left)."""
        color, dark = (theme.stone_dark, True) if piece == BLACK else (theme.stone_light, False)
        r = STONE * self.grid.size * SQRT3 / 2
        side = max(4, math.ceil(2 * r + 4))

        def paint(big, ss):
            c, R = side * ss / 2, r * ss
            pygame.draw.circle(big, (0, 0, 0, 90), (c + R * 0.06, c + R * 0.1), R)
            pygame.draw.circle(
                big, mix(color, (255, 255, 255), 0.12) if dark else mix(color, (0, 0, 0), 0.45), (c, c), R
            )
            steps, top = max(8, int(R / 6)), mix(color, (255, 255, 255), 0.35 if dark else 0.6)
            for i in range(steps):
                t = i / (steps - 1)
                pygame.draw.circle(
                    big,
                    mix(color, top, t * t),
                    (c - R * 0.3 * t, c - R * 0.35 * t),
                    R * 0.93 * (1.0 - 0.8 * t),
                )

        return supersampled((side, side), paint)

    def move_cells(self, move):
        return None, (None if move.is_swap else move.cell)

    def move_for(self, state, frm, to):
        if to is None or state.outcome is not None:
            return None
        if state.swap_available and state.stones[BLACK] >> to & 1:
            return SWAP
        return placing(to) if to in self.board.playable_set and state.empty >> to & 1 else None

    def winning_cells(self, state):
        if self._won[0] is not state:
            self._won = (state, winning_chain(state))
        return self._won[1]

    def animations(self, before, move, after):
        return [] if move.is_swap else [Drop(move.cell, before.colour)]

    def default_cursor(self, state):
        n, c = self.board.size, (self.board.size + 1) // 2
        return self.board.index[(c, n if c % 2 == n % 2 else n - 1)]

    def make_marks(self, theme):
        return super().make_marks(theme) | {
            "hover": cell_mark(self.grid, fill=(*theme.highlight, 70), scale=1.0, corner=0.0),
            "last": pygame.Surface((1, 1), pygame.SRCALPHA),  # a dot on the stone instead: draw_over
        }

    # --- the controller -----------------------------------------------------------------------

    def reset(self, state: GameState) -> None:
        super().reset(state)
        self._flash = 0.0

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        super().on_move(before, move, after)
        self._flash = 1.2 * self.motion.speed if isinstance(move, AtollMove) and move.is_swap else 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self._flash = max(0.0, self._flash - dt)

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_s and ctx.interactive:
            return SWAP if isinstance(state, AtollState) and state.swap_available else None
        move = super().handle_event(event, state, ctx)
        if self.hover not in self.board.playable_set:  # islands are no cells to point at
            self.hover = None
        return move

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
        black_seat, white_seat = _(SEAT_NAMES[state.seat_of(BLACK)]), _(SEAT_NAMES[state.seat_of(WHITE)])
        placed, empty = state.placed, state.empty.bit_count()
        lines = [
            _("Black: {black}, White: {white}").format(black=black_seat, white=white_seat),
            _.ngettext("{n} stone placed", "{n} stones placed", placed).format(n=placed)
            + ", "
            + _.ngettext("{n} empty cell", "{n} empty cells", empty).format(n=empty),
        ]
        if state.swap_available:
            lines.append(_("Swap available: click the black stone or press S"))
        elif state.swapped and placed == 1 and state.colour == WHITE:
            lines.append(_("Swapped: {seat} took the black stone").format(seat=black_seat))
        if state.winner is not None:
            lines.append(state.joined())
        focus = self.cursor.cell if self.cursor.shown else self.hover
        if focus is not None and focus in self.board.playable_set:
            lines.append(_("Cell {cell}").format(cell=self.board.name(focus)))
        return lines

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        if isinstance(state, AtollState) and state.board is not self.board:
            # A position of another board size: lay out for it.
            self.board = state.board
            self.grid, self.cursor = self.make_grid(self.options), Cursor(_Rows(self.board))
            self.layout(self.rect)
        if isinstance(state, AtollState):
            super().draw(surface, state, ctx)

    def draw_over(self, surface, state, ctx) -> None:
        """The last stone's dot (a ring on Black's stone after a swap), the swap offer and hint."""
        R, theme = self.grid.size, ctx.theme
        black = self.board.cells_of(state.stones[BLACK])
        move = ctx.last_move
        if ctx.show_last and isinstance(move, AtollMove) and not self.motion.busy:
            if move.is_swap and len(black) == 1:
                flash = self._flash / 1.2 if self.motion.speed > 0 else 0.0
                at, radius = self.grid.center(black[0]), round(R * (0.8 + 0.25 * flash))
                pygame.draw.circle(surface, theme.last_move, at, radius, max(2, round(R / 7)))
            elif not move.is_swap and move.cell in self.grid:
                dot, at = max(3, round(R * 0.2)), self.grid.center(move.cell)
                edge = theme.stone_dark if state.stones[WHITE] >> move.cell & 1 else theme.stone_light
                pygame.draw.circle(surface, edge, at, dot + max(1, round(R / 14)))
                pygame.draw.circle(surface, theme.last_move, at, dot)
        live = ctx.interactive and state.outcome is None and not self.animating
        focus = (self.cursor.cell if self.cursor.shown else self.hover) if live else None
        if focus is not None and state.swap_available and state.stones[BLACK] >> focus & 1:
            # Hovering Black's first stone offers the swap: ring it in the mover's colour.
            color = mix(theme.highlight, theme.accent, pulse(ctx.time, 6.0))
            pygame.draw.circle(surface, color, self.grid.center(focus), round(R * 0.86), max(2, round(R / 7)))
        if ctx.hint == SWAP and black and state.outcome is None:
            color = mix(theme.hint, (255, 255, 255), 0.35 * pulse(ctx.time))
            pygame.draw.polygon(
                surface,
                color,
                self.grid.polygon(black[0], 0.78 + 0.08 * pulse(ctx.time)),
                max(2, round(R / 7)),
            )

    def paint(self, surface, state, ctx) -> None:
        """The static picture: water, cells, islands with their stones, coastline and coordinates."""
        theme, R, board, grid = ctx.theme, self.grid.size, self.board, self.grid
        ox, oy = self.outer.topleft

        def local(points):
            return [(x - ox, y - oy) for x, y in points]

        water = mix(theme.background, (40, 110, 150), 0.55)
        corner = max(4, round(R * 0.6))
        (ax, ay), (bx, by) = local(grid.to_screen(p) for p in self.outline()[::2])
        sea = pygame.Rect(round(ax), round(ay), round(bx - ax), round(by - ay))
        pygame.draw.rect(surface, water, sea, border_radius=corner)
        pygame.draw.rect(
            surface,
            mix(water, (255, 255, 255), 0.12),
            sea,
            max(1, round(R / 10)),
            border_radius=corner,
        )
        sand, line = mix(theme.board, (255, 236, 190), 0.35), max(1, round(R / 16))
        for cell in board.playable:
            pygame.draw.polygon(surface, theme.board, local(grid.polygon(cell)))
            pygame.draw.polygon(surface, theme.grid, local(grid.polygon(cell)), line)
        islands = [[board.index[cr] for cr in isl.cells] for isl in board.islands]
        for cells in islands:
            for cell in cells:
                pygame.draw.polygon(surface, sand, local(grid.polygon(cell)))
                pygame.draw.polygon(surface, mix(sand, theme.grid, 0.4), local(grid.polygon(cell)), line)
        # Coastlines: the edges of the play area and of each island, drawn thick.
        coast, thick = mix(theme.grid, (0, 0, 0), 0.3), max(2, round(R / 6))
        dirs = [(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)]  # edge k faces dirs[k]
        for group in [set(board.playable)] + [set(cells) for cells in islands]:
            for cell in group:
                (c, r), pts = board.coords[cell], local(grid.polygon(cell))
                for k, (dc, dr) in enumerate(dirs):
                    if board.index.get((c + dc, r + dr)) not in group:
                        pygame.draw.line(surface, coast, pts[k], pts[(k + 1) % 6], thick)
        for isl, cells in zip(board.islands, islands, strict=True):
            sprite = self.paint_piece(isl.owner, 0, theme)
            for cell in cells:
                x, y = grid.center(cell)
                surface.blit(sprite, sprite.get_rect(center=(x - ox, y - oy)))
        # Coordinates: letters above and below each column, numbers beside the outer columns.
        font = ctx.fonts.get(max(1, round(max(7, round(R * 0.62)) / ctx.fonts.scale)), bold=True)
        ink, n, (x0, y0, w, h) = mix(water, (255, 255, 255), 0.75), board.size, grid.bounds(self.margin)
        half = self.margin / 2
        labels: list[tuple[str, float, float]] = [
            (COLUMN_LETTERS[c - 1], 1.5 * c, y) for c in range(1, n + 1) for y in (y0 + half, y0 + h - half)
        ]
        for side_c, side_x in ((1, x0 + half), (n, x0 + w - half)):
            for number in range(1, board.column_rows[side_c] + 1):
                labels.append((str(number), side_x, SQRT3 / 2 * (2 * n - 2 - 2 * (number - 1) - side_c % 2)))
        for text, label_x, label_y in labels:
            label = font.render(text, True, ink)
            sx, sy = grid.to_screen((label_x, label_y))
            surface.blit(label, label.get_rect(center=(sx - ox, sy - oy)))
