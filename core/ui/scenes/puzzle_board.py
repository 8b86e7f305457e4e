"""The puzzle room's board: the game's own :class:`~tafel.view.BoardView`, played on by the
person solving and by the room itself (the opponent's replies, a refutation, the solution).

It is the play screen in small, without its match: a state, the last move and the state before
it (marked as the play screen marks them), a queue of moves the room plays one after the other
with a pause between them (:meth:`PuzzleBoard.queue`), and the view's animations. The person may
move only while nothing is queued or animating (:attr:`PuzzleBoard.interactive`). A view that
fails shows a one-line message in place of the board; nothing raises out of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pygame

from tafel.game import GameDef, GameState, Move, Options, one_line
from tafel.i18n import _
from tafel.ui.widgets import H2, UI
from tafel.view import BoardView, ViewContext, make_view

#: Seconds between the moves the room plays (a reply, each move of a refutation or solution).
STEP_PAUSE = 0.7

#: What a guarded call of the view returns.
R = TypeVar("R")


def room_rects(ui: UI, size: tuple[int, int], share: float, widest: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A room's board and side panel (the puzzle room, an online room): under a headline, the
    panel at the right taking ``share`` of the width (at least 300, at most ``widest`` design
    pixels), the board the rest; both end above the key hints' strip."""
    w, h = size
    margin = ui.px(28)
    panel_w = max(ui.px(300), min(int(w * share), ui.px(widest)))
    top = ui.px(24) + ui.line_height(H2, True) + ui.px(12)
    height = h - top - ui.px(44)
    board = pygame.Rect(margin, top, w - panel_w - 3 * margin, height)
    return board, pygame.Rect(w - margin - panel_w, top, panel_w, height)


class PuzzleBoard:
    """A board for one puzzle at a time (see the module docstring)."""

    def __init__(self) -> None:
        self.view: BoardView | None = None
        self.game: GameDef | None = None
        self.options: Options = {}
        self.state: GameState | None = None
        self.previous: GameState | None = None
        self.last_move: Move | None = None
        self.solver = 0
        self.names: list[str] = []
        self.pending: list[Move] = []
        self.wait = 0.0
        self.time = 0.0
        self.hint: Move | None = None
        self.error: str | None = None
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.on_played: Callable[[Move], None] | None = None

    # --- the view, guarded ----------------------------------------------------------------

    def _call(self, what: str, fn: Callable[..., R], *args: object) -> R | None:
        try:
            return fn(*args)
        except Exception as exc:  # a plugin's view failed: say so in place of the board
            self.error = _("The board could not be drawn ({what}): {error}").format(
                what=what, error=one_line(exc)
            )
            self.view = None
            return None

    def show(self, game: GameDef, options: Options, state: GameState, solver: int) -> None:
        """A new position: the view is made again when the game or its options changed."""
        if self.game is not game or self.options != options or self.view is None and self.error is None:
            self.game, self.options, self.error = game, dict(options), None
            self.view = self._call("start", make_view, game, options)
            if self.view is not None:
                self._call("layout", self.view.layout, self.rect)
        self.names = [game.translate(n) for n in game.names(options)]
        self.solver = solver
        self.set_state(state)

    def set_state(
        self, state: GameState, previous: GameState | None = None, move: Move | None = None
    ) -> None:
        self.state, self.previous, self.last_move = state, previous, move
        self.pending, self.wait, self.hint = [], 0.0, None
        if self.view is not None:
            self._call("reset", self.view.reset, state)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        if self.view is not None:
            self._call("layout", self.view.layout, self.rect)

    # --- moves --------------------------------------------------------------------------------

    def play(self, move: Move) -> None:
        """Play ``move`` on the shown state now (animated by the view)."""
        if self.state is None:
            return
        before = self.state
        after = before.play(move)
        if self.view is not None:
            self._call("on_move", self.view.on_move, before, move, after)
        self.state, self.previous, self.last_move, self.hint = after, before, move, None
        if self.on_played is not None:
            self.on_played(move)

    def queue(self, moves: list[Move], first_pause: float = STEP_PAUSE) -> None:
        """Moves the room plays one after the other, ``STEP_PAUSE`` apart."""
        self.pending.extend(moves)
        self.wait = max(self.wait, first_pause)

    @property
    def busy(self) -> bool:
        return bool(self.pending) or bool(self.view is not None and self._animating())

    def _animating(self) -> bool:
        try:
            return bool(self.view.animating) if self.view is not None else False
        except Exception:
            return False

    @property
    def interactive(self) -> bool:
        return (
            self.state is not None
            and self.state.outcome is None
            and self.state.to_move == self.solver
            and not self.busy
        )

    def update(self, dt: float) -> None:
        self.time += dt
        if self.view is not None:
            self._call("update", self.view.update, dt)
        if not self.pending or self._animating():
            return
        self.wait -= dt
        if self.wait <= 0:
            move = self.pending.pop(0)
            self.wait = STEP_PAUSE
            try:
                self.play(move)
            except Exception as exc:  # a move of the set that does not replay: stop the queue
                self.pending.clear()
                self.error = one_line(exc)

    # --- input and drawing -------------------------------------------------------------------

    def context(self, ui: UI) -> ViewContext:
        return ViewContext(
            theme=ui.theme,
            fonts=ui.fonts,
            time=self.time,
            human_seats=frozenset({self.solver}),
            seat_names=self.names,
            last_move=self.last_move,
            previous=self.previous,
            interactive=self.interactive,
            hint=self.hint,
            mode="play",
        )

    def handle_event(self, event: pygame.event.Event, ui: UI) -> Move | None:
        """The move the person made on the board, if any (only while they may move)."""
        if self.view is None or self.state is None:
            return None
        ctx = self.context(ui)
        if not ctx.interactive:
            self._call("look", self.view.handle_view_event, event, self.state, ctx)
            return None
        move = self._call("input", self.view.handle_event, event, self.state, ctx)
        if move is not None and not self.state.is_legal(move):
            return None
        return move

    def draw(self, surface: pygame.Surface, ui: UI) -> None:
        t = ui.theme
        if self.view is None or self.state is None:
            pygame.draw.rect(surface, t.panel, self.rect, border_radius=ui.px(12))
            message = self.error or _("No board")
            for i, line in enumerate(ui.wrap(message, 24, self.rect.width - ui.px(40))[:6]):
                ui.draw_text(
                    surface,
                    line,
                    (self.rect.x + ui.px(20), self.rect.y + ui.px(20) + i * ui.px(30)),
                    24,
                    t.danger,
                )
            return
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self._call("draw", self.view.draw, surface, self.state, self.context(ui))
        surface.set_clip(clip)
