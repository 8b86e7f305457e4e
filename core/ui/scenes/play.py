"""The play screen: the plugin's board view left of a side panel (or above it on tall windows).

Each frame the scene advances the view's animations, collects AI results and moves the game
on: once nothing animates, an AI seat gets a request to the worker, a forced pass is
announced and played after a short pause, and a finished game opens the game-over overlay.
Humans play through the view: a move it returns is checked against ``legal_moves()`` before
it is played.

The worker is injected (``worker=``) so tests can answer synchronously. Every request carries a
generation number; a result whose generation is not the one awaited (it was asked before an
undo, restart or a return to the menu) is dropped. An AI error never leaves "thinking..."
on screen: the panel shows it and offers to play the seat yourself or to retry.

Errors raised by the view (in draw, handle_event, ...) are caught and shown in the panel; the
player can switch to a simple built-in view listing the legal moves.
"""

from __future__ import annotations

import math
import sys
import traceback
from collections.abc import Callable
from typing import Any

import pygame

from core.game import GameError, GameState, Move
from core.match import HUMAN, Match, player_label
from core.ui.scene import Scene
from core.ui.widgets import BODY, H3, SMALL, TINY, Button
from core.view import BoardView, ViewContext

_FAILED = object()


def one_line(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".strip()
    return text.splitlines()[0] if text else type(exc).__name__


class FallbackView(BoardView):
    """A plain view for games without a working board view: the position in notation and the
    legal moves as a list (arrows + Enter, or a click)."""

    def __init__(self, game: Any, options: dict, reason: str = "") -> None:
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

        line(f"{self.game.title}: simple view", ctx.fonts.get(28, True), t.text)
        if self.reason:
            line(self.reason, small, t.danger)
        try:
            position = state.to_text()
        except Exception as exc:
            position = f"(position unavailable: {one_line(exc)})"
        line(position, small, t.text_dim)
        y += font.get_linesize() // 2
        moves = state.legal_moves() if not state.is_over else []
        self.cursor = min(self.cursor, max(0, len(moves) - 1))
        self._items = []
        if ctx.interactive:
            line("Your move (arrows + Enter, or click):", font, t.accent)
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


class PlayScene(Scene):
    """One match on screen."""

    #: Seconds a forced pass is announced before it is played.
    PASS_DELAY = 1.2
    #: An AI move is shown no sooner than this after its turn began (AI against AI stays watchable).
    AI_MIN_DELAY = 0.35
    #: Pause between the last move's animation and the game-over card.
    GAME_OVER_DELAY = 0.6
    TOAST_TIME = 2.6
    #: Seconds the worker may sit idle with our request unanswered before we call it lost.
    AI_LOST_AFTER = 3.0

    def __init__(self, app: Any, match: Match, worker: Any = None) -> None:
        super().__init__(app)
        self.match = match
        self._worker = worker
        self.time = 0.0
        self.view_error: str | None = None
        self._reported: set[str] = set()
        self.ai_pending: int | None = None
        self.ai_seat: int | None = None
        self.ai_wait = 0.0
        self.ai_idle = 0.0
        self.ai_move: Move | None = None
        self.ai_error: str | None = None
        self.ai_info: dict[str, Any] = {}
        #: Results dropped because they answered an older request (for tests and the curious).
        self.dropped_results = 0
        self.pass_timer: float | None = None
        self.toasts: list[list[Any]] = []
        self.over_timer = 0.0
        self.over_shown = False
        self.list_scroll = 0
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        ui = app.ui
        self.ctx = ViewContext(theme=ui.theme, fonts=ui.fonts)
        self.undo_button = Button("Undo", self.undo, key="undo", size=SMALL)
        self.menu_button = Button("Menu", self.pause, key="menu", size=SMALL)
        self.takeover_button = Button(
            "Play it myself", self.take_over, key="takeover", size=SMALL, kind="primary"
        )
        self.retry_button = Button("Retry", self.retry_ai, key="retry", size=SMALL)
        self.simple_button = Button("Simple board", self.use_fallback_view, key="simple", size=SMALL)
        self._visible: list[Button] = []
        self.view = self._make_view()

    # --- the view, guarded --------------------------------------------------------------------

    def _make_view(self) -> BoardView:
        game, options = self.match.game, self.match.options
        if game.make_view is None:
            return FallbackView(game, options, "This game has no board view.")
        try:
            view = game.make_view()
            if isinstance(view, type):
                view = view(game, options)
            return view
        except Exception as exc:
            self._view_failed("make_view", exc)
            # The simple view says why it is there; no need to repeat it in the panel.
            self.view_error = None
            return FallbackView(game, options, f"The board view failed to start: {one_line(exc)}")

    def _view_failed(self, what: str, exc: BaseException) -> None:
        message = f"Board view error ({what}): {one_line(exc)}"
        self.view_error = message
        if message not in self._reported:
            # Print each distinct failure once: the screen shows one line, developers get the trace.
            self._reported.add(message)
            print(f"tafel: {message}", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)

    def _guard(self, what: str, fn: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # a plugin bug must never crash the arcade
            self._view_failed(what, exc)
            return default

    def _animating(self) -> bool:
        return bool(self._guard("animating", lambda: self.view.animating, default=False))

    def use_fallback_view(self) -> None:
        self.view = FallbackView(self.match.game, self.match.options, self.view_error or "")
        self.view_error = None
        self.view.layout(self.board_rect.copy())

    # --- state helpers ------------------------------------------------------------------------

    @property
    def worker(self) -> Any:
        if self._worker is None:
            self._worker = self.app.get_worker()
        return self._worker

    def viewer_seat(self) -> int | None:
        humans = sorted(self.match.human_seats)
        if not humans:
            return None
        to_move = self.match.state.to_move
        return to_move if to_move in humans else humans[0]

    def shown_state(self) -> GameState:
        """What the screen shows: the whole state, or a human's view of it in hidden-information games."""
        state = self.match.state
        try:
            hidden = state.has_hidden_information
        except Exception:
            hidden = False
        seat = self.viewer_seat()
        if hidden and seat is not None and not state.is_over:
            return state.view_for(seat)
        return state

    @property
    def interactive(self) -> bool:
        state = self.match.state
        return (
            self.is_top
            and not state.is_over
            and self.match.is_human(state.to_move)
            and self.pass_timer is None
            and not state.is_forced_pass()
            and not self._animating()
        )

    @property
    def thinking(self) -> bool:
        return self.ai_pending is not None

    def seat_name(self, seat: int) -> str:
        names = self.match.seat_names
        return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"

    def _update_ctx(self) -> None:
        ctx = self.ctx
        ctx.theme = self.ui.theme
        ctx.fonts = self.ui.fonts
        ctx.time = self.time
        ctx.human_seats = self.match.human_seats
        ctx.seat_names = self.match.seat_names
        ctx.last_move = self.match.last_move
        ctx.previous = self.match.previous
        ctx.interactive = self.interactive

    def toast(self, text: str, error: bool = False) -> None:
        self.toasts = [t for t in self.toasts if t[0] != text][-2:]
        self.toasts.append([text, self.TOAST_TIME, error])

    # --- actions ------------------------------------------------------------------------------

    def play_move(self, move: Move) -> bool:
        """Play ``move`` for whoever is to move; False (and a toast) if the game refuses it."""
        before = self.match.state
        try:
            after = self.match.play(move)
        except GameError as exc:
            self.toast(str(exc), error=True)
            return False
        self._guard("on_move", self.view.on_move, before, move, after)
        self.ai_pending = self.ai_move = None
        self.pass_timer = None
        self.over_timer = 0.0
        self.list_scroll = 0
        return True

    def human_move(self, move: Move) -> bool:
        try:
            legal = self.shown_state().legal_moves()
        except Exception as exc:
            self.toast(f"Cannot list the legal moves: {one_line(exc)}", error=True)
            return False
        if move not in legal:
            self.toast("That move is not legal here.", error=True)
            return False
        return self.play_move(move)

    def _cancel_ai(self) -> None:
        if self._worker is not None and (self.ai_pending is not None or self.ai_move is not None):
            try:
                self._worker.cancel()
            except Exception:
                pass
        self.ai_pending = self.ai_move = None
        self.ai_error = None

    def _reset_turn(self) -> None:
        self._cancel_ai()
        self.pass_timer = None
        self.over_timer = 0.0
        self.over_shown = False
        self.list_scroll = 0
        self.toasts = []
        self.view_error = None
        self._guard("reset", self.view.reset, self.shown_state())

    def undo(self) -> bool:
        if not self.match.can_undo:
            self.toast("Nothing to undo.")
            return False
        self._cancel_ai()
        self.match.undo()
        self._reset_turn()
        return True

    def restart(self, new_seed: bool = False) -> None:
        """The same game again from its start (a new random setup when ``new_seed``)."""
        self._cancel_ai()
        try:
            self.match = self.match.restarted(new_seed=new_seed)
        except Exception as exc:
            self.toast(f"Restart failed: {one_line(exc)}", error=True)
            return
        self._reset_turn()

    def take_over(self) -> None:
        """A human plays the seat whose AI failed."""
        seat = self.match.state.to_move
        if not self.match.is_human(seat):
            self.match.players[seat] = HUMAN
            self.toast(f"You play {self.seat_name(seat)} now.")
        self.ai_error = None
        self.ai_pending = self.ai_move = None

    def retry_ai(self) -> None:
        self.ai_error = None

    def pause(self) -> None:
        from core.ui.scenes.pause import PauseScene

        if self.is_top:
            self.app.push(PauseScene(self.app, self))

    def show_game_over(self) -> None:
        from core.ui.scenes.gameover import GameOverScene

        self.over_shown = True
        self.app.push(GameOverScene(self.app, self))

    # --- scene hooks ----------------------------------------------------------------------------

    def enter(self) -> None:
        self._guard("reset", self.view.reset, self.shown_state())
        if any(p != HUMAN for p in self.match.players):
            # Start the worker process (it loads the plugins) while the first human move is made.
            try:
                start = getattr(self.worker, "start", None)
                if start is not None:
                    start()
            except Exception as exc:
                self.ai_error = f"The AI could not start: {one_line(exc)}"

    def exit(self) -> None:
        self._cancel_ai()

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        w, h = size
        m = ui.px(24)
        if w >= h * 1.2:
            pw = int(min(max(w * 0.25, ui.px(420)), ui.px(600), w * 0.45))
            self.panel_rect = pygame.Rect(w - m - pw, m, pw, h - 2 * m)
            self.board_rect = pygame.Rect(m, m, self.panel_rect.x - 2 * m, h - 2 * m)
        else:
            ph = int(min(max(h * 0.34, ui.px(330)), h * 0.5))
            self.panel_rect = pygame.Rect(m, h - m - ph, w - 2 * m, ph)
            self.board_rect = pygame.Rect(m, m, w - 2 * m, self.panel_rect.y - 2 * m)
        self._guard("layout", self.view.layout, self.board_rect.copy())
        bh = ui.px(54)
        gap = ui.px(12)
        inner = self.panel_rect.inflate(-2 * ui.px(22), -2 * ui.px(22))
        bw = (inner.width - gap) // 2
        self.undo_button.rect = pygame.Rect(inner.x, inner.bottom - bh, bw, bh)
        self.menu_button.rect = pygame.Rect(inner.x + bw + gap, inner.bottom - bh, bw, bh)
        self.undo_button.label = "Undo  Ctrl+Z" if bw > ui.px(200) else "Undo"
        self.menu_button.label = "Menu  Esc" if bw > ui.px(200) else "Menu"

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                # Escape (gamepad B) first backs out of a half-made move, then pauses.
                if self.interactive and getattr(self.view, "has_selection", False):
                    self._guard("handle_event", self.view.handle_event, event, self.shown_state(), self._ctx_now())
                    return True
                self.pause()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if self.ai_error is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.take_over()
                return True
            if self.ai_error is not None and event.key == pygame.K_r:
                self.retry_ai()
                return True
        if event.type == pygame.MOUSEMOTION:
            for b in self._visible:
                b.hovered = b.enabled and b.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self._visible:
                if b.enabled and b.rect.collidepoint(event.pos):
                    b.activate()
                    return True
            if self.panel_rect.collidepoint(event.pos):
                return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.list_scroll = max(0, self.list_scroll + event.y)
            return True
        if self.interactive:
            move = self._guard(
                "handle_event", self.view.handle_event, event, self.shown_state(), self._ctx_now()
            )
            if move is not None:
                self.human_move(move)
                return True
        return False

    def _ctx_now(self) -> ViewContext:
        self._update_ctx()
        return self.ctx

    # --- frame update ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        self._guard("update", self.view.update, dt)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        self._poll_ai(dt)
        self._advance(dt)

    def _advance(self, dt: float) -> None:
        state = self.match.state
        animating = self._animating()
        if state.is_over:
            if not animating and not self.over_shown:
                self.over_timer += dt
                if self.over_timer >= self.GAME_OVER_DELAY:
                    self.show_game_over()
            return
        if animating:
            return
        if state.is_forced_pass():
            if self.pass_timer is None:
                self.pass_timer = self.PASS_DELAY
                self.toast(f"{self.seat_name(state.to_move)} cannot move and passes.")
                return
            self.pass_timer -= dt
            if self.pass_timer <= 0:
                self.pass_timer = None
                moves = state.legal_moves()
                if moves:
                    self.play_move(moves[0])
            return
        if self.match.is_human(state.to_move) or self.ai_error is not None:
            return
        if self.ai_pending is None:
            self._request_ai(state.to_move)
            return
        self.ai_wait += dt
        if self.ai_move is not None and self.ai_wait >= self.AI_MIN_DELAY:
            move = self.ai_move
            self.ai_move = None
            if not self.play_move(move):
                self._ai_failed(f"The AI's move was refused: {self.toasts[-1][0] if self.toasts else move!r}")

    def _request_ai(self, seat: int) -> None:
        try:
            worker = self.worker
            generation = worker.request(self.match.ai_request(seat))
        except Exception as exc:
            self._ai_failed(f"The AI could not start: {one_line(exc)}")
            return
        self.ai_pending = generation
        self.ai_seat = seat
        self.ai_wait = 0.0
        self.ai_idle = 0.0

    def _poll_ai(self, dt: float) -> None:
        worker = self._worker
        if worker is None:
            return
        for _ in range(64):
            try:
                result = worker.poll()
            except Exception as exc:
                if self.ai_pending is not None:
                    self._ai_failed(f"The AI worker failed: {one_line(exc)}")
                return
            if result is None:
                break
            self._ai_result(result)
        if self.ai_pending is not None and self.ai_move is None:
            busy = bool(getattr(worker, "busy", True))
            self.ai_idle = 0.0 if busy else self.ai_idle + dt
            if self.ai_idle > self.AI_LOST_AFTER:
                self._ai_failed("The AI stopped without answering.")

    def _ai_result(self, result: Any) -> None:
        if self.ai_pending is None or self.ai_move is not None or result.generation != self.ai_pending:
            self.dropped_results += 1
            return
        agent = player_label(self.match.players[self.ai_seat]) if self.ai_seat is not None else "AI"
        if result.error:
            self._ai_failed(f"{agent} failed: {result.error}")
            return
        if not result.move_text:
            self._ai_failed(f"{agent} returned no move.")
            return
        try:
            move = self.match.state.parse_move(result.move_text)
        except GameError as exc:
            self._ai_failed(f"{agent} played {result.move_text!r}: {exc}")
            return
        self.ai_move = move
        self.ai_info = dict(result.info or {})

    def _ai_failed(self, message: str) -> None:
        self._cancel_ai()
        self.ai_error = message

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self._update_ctx()
        shown = self.shown_state()
        if self._guard("draw", self.view.draw, surface, shown, self.ctx, default=_FAILED) is _FAILED:
            self._draw_view_failure(surface)
        self._draw_panel(surface)
        self._draw_toasts(surface)

    def _draw_view_failure(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        box = self.board_rect.inflate(-ui.px(80), 0)
        inner = box.width - ui.px(60)
        details = ui.wrap(self.view_error or "", SMALL, inner)[:3]
        pad = ui.px(30)
        box.height = (
            2 * pad
            + ui.line_height(H3, True)
            + len(details) * (ui.line_height(SMALL) + ui.px(6))
            + ui.px(16)
            + ui.line_height(SMALL)
        )
        box.center = self.board_rect.center
        ui.panel(surface, box, t.panel, border=t.danger)
        r = ui.draw_text(
            surface,
            "The board could not be drawn",
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
            "Use “Simple board” in the panel to keep playing.",
            (box.centerx, r.bottom + ui.px(16)),
            SMALL,
            t.text,
            anchor="midtop",
            max_width=inner,
        )

    def _draw_panel(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        panel = self.panel_rect
        ui.panel(surface, panel, t.panel, border=t.panel_edge, radius=20)
        pad = ui.px(22)
        x = panel.x + pad
        width = panel.width - 2 * pad
        y = panel.y + pad
        state = self.match.state
        over = state.is_over
        visible: list[Button] = []

        r = ui.draw_text(surface, self.match.game.title, (x, y), H3, t.text, bold=True, max_width=width)
        y = r.bottom + ui.px(12)

        winners = state.outcome.winners if over else ()
        row_h = ui.px(56)
        for seat in range(self.match.seats):
            row = pygame.Rect(x, y, width, row_h)
            active = not over and seat == state.to_move
            if active:
                pygame.draw.rect(surface, t.button_hover, row, border_radius=ui.px(12))
                pygame.draw.rect(surface, t.accent, row, ui.px(2), border_radius=ui.px(12))
            rad = ui.px(12)
            pygame.draw.circle(surface, t.seat(seat), (row.x + ui.px(16) + rad, row.centery), rad)
            name_x = row.x + ui.px(16) + 2 * rad + ui.px(14)
            if self.thinking and self.ai_seat == seat:
                dots = "." * (int(self.time * 3) % 4)
                right = f"thinking{dots:<3}"
                color = t.accent
                # A pulsing ring round the seat colour while the AI thinks.
                pulse = 0.5 + 0.5 * math.sin(self.time * 6)
                pygame.draw.circle(
                    surface,
                    t.accent,
                    (row.x + ui.px(16) + rad, row.centery),
                    rad + ui.px(3) + int(pulse * ui.px(4)),
                    max(1, ui.px(2)),
                )
            elif over and seat in winners:
                right, color = "winner", t.ok
            else:
                right, color = player_label(self.match.players[seat]), t.text_dim
            right_w = (
                ui.text_width("thinking...", SMALL)
                if right.startswith("thinking")
                else ui.text_width(right, SMALL)
            )
            right_w = min(right_w, width // 2)
            ui.draw_text(
                surface,
                right,
                (row.right - ui.px(14) - right_w, row.centery),
                SMALL,
                color,
                anchor="midleft",
                max_width=right_w,
            )
            ui.draw_text(
                surface,
                self.seat_name(seat),
                (name_x, row.centery),
                BODY,
                t.text,
                bold=active,
                anchor="midleft",
                max_width=row.right - ui.px(28) - right_w - name_x,
            )
            y += row_h + ui.px(6)

        y += ui.px(6)
        if over:
            turn = "Game over"
        elif self.pass_timer is not None:
            turn = f"{self.seat_name(state.to_move)} passes"
        elif self.match.is_human(state.to_move):
            turn = f"{self.seat_name(state.to_move)} to move"
        else:
            turn = (
                f"{self.seat_name(state.to_move)} ({player_label(self.match.players[state.to_move])}) to move"
            )
        r = ui.draw_text(surface, turn, (x, y), BODY, t.accent, bold=True, max_width=width)
        y = r.bottom + ui.px(6)

        lines: list[str] = []
        lines += list(self._guard("status", self.view.status, self.shown_state(), self.ctx, default=[]) or [])
        describe = self._guard("describe", self.match.state.describe, default="")
        if describe:
            lines.append(str(describe))
        if self.match.texts:
            lines.append(f"Last move: {self.match.texts[-1]}")
        shown = 0
        for line in lines:
            for part in ui.wrap(str(line), SMALL, width)[:2]:
                if shown < 7:
                    r = ui.draw_text(surface, part, (x, y), SMALL, t.text, max_width=width)
                    y = r.bottom + ui.px(2)
                    shown += 1

        error = self.ai_error or self.view_error
        if error:
            y += ui.px(8)
            lh = ui.line_height(SMALL)
            for line in ui.wrap(error, SMALL, width)[:4]:
                ui.draw_text(surface, line, (x, y), SMALL, t.danger, max_width=width)
                y += lh
            bh = ui.px(50)
            if self.ai_error:
                bw = (width - ui.px(10)) // 2
                self.takeover_button.rect = pygame.Rect(x, y + ui.px(6), bw, bh)
                self.retry_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(6), bw, bh)
                visible += [self.takeover_button, self.retry_button]
            elif not isinstance(self.view, FallbackView):
                self.simple_button.rect = pygame.Rect(x, y + ui.px(6), width, bh)
                visible.append(self.simple_button)
            y += bh + ui.px(14)

        y += ui.px(10)
        bottom = self.undo_button.rect.y - ui.px(14)
        if bottom - y > ui.px(60):
            ui.draw_text(surface, "MOVES", (x, y), TINY, t.accent, bold=True)
            y += ui.line_height(TINY, True) + ui.px(4)
            self.list_rect = pygame.Rect(x, y, width, bottom - y)
            self._draw_moves(surface, self.list_rect)
        else:
            self.list_rect = pygame.Rect(0, 0, 0, 0)

        self.undo_button.enabled = self.match.can_undo
        visible += [self.undo_button, self.menu_button]
        for b in visible:
            b.draw(surface, ui)
        self._visible = visible

    def _draw_moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ui = self.ui
        t = ui.theme
        texts = self.match.texts
        lh = ui.line_height(SMALL)
        rows = max(1, rect.height // lh)
        pygame.draw.rect(surface, t.card, rect, border_radius=ui.px(10))
        if not texts:
            ui.draw_text(surface, "No moves yet", (rect.x + ui.px(14), rect.y + ui.px(8)), SMALL, t.text_dim)
            return
        self.list_scroll = max(0, min(self.list_scroll, len(texts) - rows))
        end = len(texts) - self.list_scroll
        start = max(0, end - rows)
        y = rect.y + ui.px(4)
        num_w = ui.text_width(f"{len(texts)}.", SMALL) + ui.px(10)
        for i in range(start, end):
            seat = getattr(self.match.states[i], "to_move", 0)
            latest = i == len(texts) - 1
            ui.draw_text(
                surface, f"{i + 1}.", (rect.x + ui.px(12) + num_w, y), SMALL, t.text_dim, anchor="topright"
            )
            cx = rect.x + ui.px(22) + num_w + ui.px(6)
            pygame.draw.circle(surface, t.seat(seat), (cx, y + lh // 2), ui.px(7))
            ui.draw_text(
                surface,
                texts[i],
                (cx + ui.px(16), y),
                SMALL,
                t.accent if latest else t.text,
                bold=latest,
                max_width=rect.right - cx - ui.px(30),
            )
            y += lh
        bar = pygame.Rect(rect.x, rect.y, rect.width - ui.px(4), rows * lh)
        ui.scrollbar(surface, bar, start * lh, len(texts) * lh)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        ui = self.ui
        t = ui.theme
        y = self.board_rect.y + ui.px(16)
        for text, _left, error in self.toasts:
            w = min(ui.text_width(text, BODY) + ui.px(48), self.board_rect.width - ui.px(40))
            box = pygame.Rect(0, 0, w, ui.px(58))
            box.midtop = (self.board_rect.centerx, y)
            ui.panel(surface, box, t.card, border=t.danger if error else t.accent, radius=14)
            ui.draw_text(
                surface, text, box.center, BODY, t.text, anchor="center", max_width=box.width - ui.px(30)
            )
            y = box.bottom + ui.px(10)
