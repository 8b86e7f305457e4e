"""When a game's board view fails: the simple view that can stand in for it, and the card shown
where the board could not be drawn.

This module imports nothing of the play scene, so other screens (the pause menu) can tell the
simple view apart without importing the scene.
"""

from __future__ import annotations

import pygame

from tafel.game import GameDef, GameState, Move, Options, one_line
from tafel.i18n import _
from tafel.ui.widgets import H3, SMALL, UI
from tafel.view import BoardView, ViewContext
from tafel.view import make_view as board_view


class FallbackView(BoardView):
    """A plain view for games without a working board view: the position in notation and the
    legal moves as a list (arrows + Enter, or a click)."""

    def __init__(self, game: GameDef, options: Options, reason: str = "") -> None:
        super().__init__(game, options)
        self.reason = reason
        self.cursor = 0
        self._cols = 1
        self._items: list[tuple[pygame.Rect, Move]] = []

    def reset(self, state: GameState) -> None:
        self.cursor = 0

    def on_move(self, before: GameState, move: Move, after: GameState) -> None:
        self.cursor = 0

    def draw(self, surface: pygame.Surface, state: GameState, ctx: ViewContext) -> None:
        ui_px = max(0.3, self.rect.height / 1000)
        t = ctx.theme
        pygame.draw.rect(surface, t.panel, self.rect, border_radius=int(16 * ui_px))
        x, y = self.rect.x + int(24 * ui_px), self.rect.y + int(20 * ui_px)
        width = self.rect.width - int(48 * ui_px)
        font = ctx.fonts.get(24)
        small = ctx.fonts.get(20)

        def line(text: str, f: pygame.font.Font, color) -> None:
            nonlocal y
            while text and f.size(text)[0] > width:
                text = text[:-2] + "…" if len(text) > 2 else ""
            surface.blit(f.render(text, True, color), (x, y))
            y += f.get_linesize()

        line(_("{game}: simple view").format(game=self.game.title), ctx.fonts.get(28, True), t.text)
        if self.reason:
            line(self.reason, small, t.danger)
        try:
            position = state.to_text()
        except Exception as exc:
            position = _("(position unavailable: {error})").format(error=one_line(exc))
        line(position, small, t.text_dim)
        y += font.get_linesize() // 2
        moves = state.legal_moves() if not state.is_over else []
        self.cursor = min(self.cursor, max(0, len(moves) - 1))
        self._items = []
        if ctx.interactive:
            line(_("Your move (arrows + Enter, or click):"), font, t.accent)
        texts = []
        for move in moves:
            try:
                texts.append(state.move_to_text(move))
            except Exception:
                texts.append(repr(move))
        # The moves in a grid, row by row, scrolled so the cursor stays in sight.
        lh = font.get_linesize()
        col_w = max([font.size(text)[0] for text in texts] + [lh]) + int(28 * ui_px)
        cols = max(1, min(len(texts), width // col_w)) if texts else 1
        self._cols = cols
        rows = max(1, (self.rect.bottom - y) // lh - 1)
        total_rows = (len(texts) + cols - 1) // cols
        first = max(0, min(self.cursor // cols - rows // 2, total_rows - rows))
        for i in range(first * cols, min(len(texts), (first + rows) * cols)):
            rect = pygame.Rect(
                x + (i % cols) * col_w, y + (i // cols - first) * lh, col_w - int(8 * ui_px), lh
            )
            if ctx.interactive and i == self.cursor:
                pygame.draw.rect(surface, t.button_hover, rect, border_radius=6)
            surface.blit(font.render(texts[i], True, t.text), (rect.x + 8, rect.y))
            self._items.append((rect, moves[i]))

    def handle_event(self, event: pygame.event.Event, state: GameState, ctx: ViewContext) -> Move | None:
        moves = state.legal_moves()
        if not moves:
            return None
        if event.type == pygame.KEYDOWN:
            steps = {
                pygame.K_LEFT: -1,
                pygame.K_RIGHT: 1,
                pygame.K_UP: -self._cols,
                pygame.K_DOWN: self._cols,
            }
            if event.key in steps:
                self.cursor = (self.cursor + steps[event.key]) % len(moves)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                return moves[min(self.cursor, len(moves) - 1)]
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, move in self._items:
                if rect.collidepoint(event.pos):
                    return move
        return None


def make_view(game: GameDef, options: Options) -> tuple[BoardView, BaseException | None]:
    """The game's board view, or the simple view when the game has none or its view fails to
    start (then also the error)."""
    try:
        view = board_view(game, options)
    except Exception as exc:
        return FallbackView(
            game, options, _("The board view failed to start: {error}").format(error=one_line(exc))
        ), exc
    if view is None:
        return FallbackView(game, options, _("This game has no board view.")), None
    return view, None


def draw_view_failure(ui: UI, surface: pygame.Surface, board: pygame.Rect, error: str | None) -> None:
    """The card shown where the board should be when the board view failed to draw."""
    t = ui.theme
    box = board.inflate(-ui.px(80), 0)
    inner = box.width - ui.px(60)
    details = ui.wrap(error or "", SMALL, inner)[:3]
    pad = ui.px(30)
    box.height = (
        2 * pad
        + ui.line_height(H3, True)
        + len(details) * (ui.line_height(SMALL) + ui.px(6))
        + ui.px(16)
        + ui.line_height(SMALL)
    )
    box.center = board.center
    ui.panel(surface, box, t.panel, border=t.danger)
    r = ui.draw_text(
        surface,
        _("The board could not be drawn"),
        (box.centerx, box.y + pad),
        H3,
        t.danger,
        bold=True,
        anchor="midtop",
        max_width=inner,
    )
    for line in details:
        r = ui.draw_text(
            surface,
            line,
            (box.centerx, r.bottom + ui.px(6)),
            SMALL,
            t.text_dim,
            anchor="midtop",
            max_width=inner,
        )
    ui.draw_text(
        surface,
        _("Use “Simple board” in the panel to keep playing."),
        (box.centerx, r.bottom + ui.px(16)),
        SMALL,
        t.text,
        anchor="midtop",
        max_width=inner,
    )
