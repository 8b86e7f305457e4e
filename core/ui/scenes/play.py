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

Errors raised by the view (in draw, handle_event, ...), the game's rules or its AI are caught:
the game pauses with the error shown (once per distinct error), the panel keeps it, and the
player can save, switch to a simple built-in view listing the legal moves, or play the failed
AI seat. The game is autosaved after every move (:mod:`tafel.saves`); a finished game goes to
the history and the statistics.

Undo/redo (Ctrl+Z / Ctrl+Y), hints (H: the hard agent's move for the human to move, counted in
the match), and the move list: a click on a move or PgUp/PgDn shows that position read-only,
Enter there resumes from it. The same scene replays a finished game (``mode="replay"``) and
shows the attract mode's AI demos (``mode="demo"``).
"""

from __future__ import annotations

import math
import sys
import traceback
from collections.abc import Callable
from typing import Any

import pygame

from tafel.ai.base import LEVEL_TIME, Limit
from tafel.game import GameError, GameState, Move, one_line
from tafel.match import HUMAN, Match, player_label
from tafel.ui.scene import Scene
from tafel.ui.widgets import BODY, H3, SMALL, TINY, Button
from tafel.view import BoardView, ViewContext

_FAILED = object()


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
    """One match on screen: played (``mode="play"``), replayed from the history (``"replay"``)
    or shown as an AI demo by the attract mode (``"demo"``)."""

    #: Seconds a forced pass is announced before it is played.
    PASS_DELAY = 1.2
    #: An AI move is shown no sooner than this after its turn began (AI against AI stays watchable).
    AI_MIN_DELAY = 0.35
    #: Pause between the last move's animation and the game-over card.
    GAME_OVER_DELAY = 0.6
    TOAST_TIME = 2.6
    #: Seconds the worker may sit idle with our request unanswered before we call it lost.
    AI_LOST_AFTER = 3.0
    #: The agent asked for hints.
    HINT_AGENT = "hard"
    #: Replay speeds in moves per second.
    REPLAY_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
    #: A demo game stays this long on its final position, and ends after DEMO_MAX seconds anyway.
    DEMO_END_DELAY = 3.0
    DEMO_MAX = 120.0

    def __init__(self, app: Any, match: Match, worker: Any = None, *, mode: str = "play") -> None:
        super().__init__(app)
        self.match = match
        self.mode = mode
        self._worker = worker
        self.time = 0.0
        self.view_error: str | None = None
        #: A failure of the game's own rules code (the game stops; it can still be saved).
        self.rules_error: str | None = None
        self._reported: set[str] = set()
        self._pause_for: str | None = None
        self._paused_errors: set[str] = set()
        self.ai_pending: int | None = None
        self.ai_seat: int | None = None
        self.ai_wait = 0.0
        self.ai_idle = 0.0
        self.ai_move: Move | None = None
        self.ai_error: str | None = None
        self.ai_info: dict[str, Any] = {}
        self.hint: Move | None = None
        self.hint_pending: int | None = None
        #: Results dropped because they answered an older request (for tests and the curious).
        self.dropped_results = 0
        self.pass_timer: float | None = None
        self.toasts: list[list[Any]] = []
        self.over_timer = 0.0
        self.over_shown = False
        self.finished = False
        #: What the game said when this game ended (new records), for the game-over card.
        self.finish_news: list[str] = []
        self.list_scroll = 0
        #: The position looked at in the move list (a ply), None for the live game.
        self.browse: int | None = 0 if mode == "replay" else None
        self.replay_playing = mode == "replay"
        self.replay_speed = 1.0
        self.replay_timer = 0.0
        self.autosave_failed = False
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self._move_rows: list[tuple[pygame.Rect, int]] = []
        self._moves_key: tuple | None = None
        self._moves_image: pygame.Surface | None = None
        self._moves_local: list[tuple[pygame.Rect, int]] = []
        ui = app.ui
        self.ctx = ViewContext(theme=ui.theme, fonts=ui.fonts)
        self.undo_button = Button("Undo", self.undo, key="undo", size=SMALL)
        self.redo_button = Button("Redo", self.redo, key="redo", size=SMALL)
        self.hint_button = Button("Hint", self.request_hint, key="hint", size=SMALL)
        self.hint_label = "Hint"
        self.menu_button = Button("Menu", self.pause, key="menu", size=SMALL)
        self.takeover_button = Button(
            "Play it myself", self.take_over, key="takeover", size=SMALL, kind="primary"
        )
        self.retry_button = Button("Retry", self.retry_ai, key="retry", size=SMALL)
        self.simple_button = Button("Simple board", self.use_fallback_view, key="simple", size=SMALL)
        self.fork_button = Button("Play from here", self.fork_here, key="fork", size=SMALL, kind="primary")
        self.live_button = Button("Back to game", self.back_to_live, key="live", size=SMALL)
        self.prev_button = Button("◀", lambda: self.step_browse(-1), key="prev", size=SMALL)
        self.next_button = Button("▶", lambda: self.step_browse(1), key="next", size=SMALL)
        self.playpause_button = Button(
            "Pause", self.toggle_replay, key="playpause", size=SMALL, kind="primary"
        )
        self.slower_button = Button("Slower", lambda: self.change_speed(-1), key="slower", size=SMALL)
        self.faster_button = Button("Faster", lambda: self.change_speed(1), key="faster", size=SMALL)
        self.back_button = Button("Back", self.leave, key="back", size=SMALL)
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
            self._pause_for = None
            return FallbackView(game, options, f"The board view failed to start: {one_line(exc)}")

    def _view_failed(self, what: str, exc: BaseException) -> None:
        message = f"Board view error ({what}): {one_line(exc)}"
        self.view_error = message
        if message not in self._reported:
            # Print each distinct failure once: the screen shows one line, developers get the trace.
            self._reported.add(message)
            print(f"tafel: {message}", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
        self._error_pause(message)

    def _error_pause(self, message: str) -> None:
        """Pause the game to show a plugin failure (once per distinct message); done in
        ``update`` because failures also happen while drawing."""
        if self.mode == "play" and message not in self._paused_errors:
            self._paused_errors.add(message)
            self._pause_for = message

    def _guard(self, what: str, fn: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        try:
            return fn(*args)
        except Exception as exc:  # a plugin bug must never crash the arcade
            self._view_failed(what, exc)
            return default

    def _rules_failed(self, what: str, exc: BaseException) -> None:
        message = f"The game's rules failed ({what}): {one_line(exc)}"
        self._cancel_ai()
        self.rules_error = message
        if message not in self._reported:
            self._reported.add(message)
            print(f"tafel: {message}", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)
        self._error_pause(message)

    def _animating(self) -> bool:
        return bool(self._guard("animating", lambda: self.view.animating, default=False))

    def use_fallback_view(self) -> None:
        self.view = FallbackView(self.match.game, self.match.options, self.view_error or "")
        self.view_error = None
        self.view.layout(self.board_rect.copy())

    # --- state helpers ------------------------------------------------------------------------

    @property
    def settings(self) -> Any:
        return self.app.settings

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

    @property
    def shown_ply(self) -> int:
        """How many moves the shown position has (the live game, or the one browsed)."""
        return self.match.ply if self.browse is None else self.browse

    def shown_state(self) -> GameState:
        """What the screen shows: the whole state, or a human's view of it in hidden-information
        games (replays show everything)."""
        state = self.match.states[self.shown_ply]
        if self.mode == "replay":
            return state
        try:
            hidden = state.has_hidden_information
        except Exception:
            hidden = False
        seat = self.viewer_seat()
        if hidden and seat is not None and not state.is_over:
            return state.view_for(seat)
        return state

    @property
    def browsing(self) -> bool:
        return self.browse is not None and self.mode == "play"

    @property
    def interactive(self) -> bool:
        state = self.match.state
        return (
            self.mode == "play"
            and self.browse is None
            and self.rules_error is None
            and self.is_top
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
        ply = self.shown_ply
        ctx.theme = self.ui.theme
        ctx.fonts = self.ui.fonts
        ctx.time = self.time
        ctx.human_seats = self.match.human_seats
        ctx.seat_names = self.match.seat_names
        ctx.last_move = self.match.moves[ply - 1] if ply > 0 else None
        ctx.previous = self.match.states[ply - 1] if ply > 0 else None
        ctx.interactive = self.interactive
        ctx.hint = self.hint if self.browse is None else None
        settings = self.settings
        ctx.show_legal = bool(settings.show_legal)
        ctx.show_last = bool(settings.show_last)
        ctx.anim_speed = float(settings.anim_speed)
        ctx.extra["seed"] = self.match.seed
        ctx.extra["hints"] = self.match.hints
        ctx.extra["undos"] = self.match.undos
        ctx.extra["browsing"] = self.browse is not None
        ctx.extra["mode"] = self.mode

    def toast(self, text: str, error: bool = False) -> None:
        self.toasts = [t for t in self.toasts if t[0] != text][-2:]
        self.toasts.append([text, self.TOAST_TIME, error])
        if error:
            self._sound("invalid")

    def _sound(self, name: str | None) -> None:
        if self.mode != "demo":
            self.app.sound.play(name)

    # --- saving -------------------------------------------------------------------------------

    def autosave(self) -> None:
        """Store the game after every change (not replays and demos). The file is written in the
        background (:data:`tafel.saves.writer`); a failure shows one notice and the game goes on."""
        if self.mode != "play" or not getattr(self.app, "autosave_enabled", True):
            return
        from tafel import saves

        try:
            if not self.match.state.is_over:
                saves.autosave_later(self.match)
        except Exception as exc:  # e.g. options that are not JSON
            self._autosave_failed(one_line(exc))

    def _autosave_failed(self, message: str) -> None:
        if not self.autosave_failed:
            self.autosave_failed = True
            self.toast(f"Saving failed: {message}", error=True)

    def _finish(self) -> None:
        """The game just ended: history, statistics, the autosave goes (once per match)."""
        if self.finished or self.mode != "play":
            return
        self.finished = True
        self._report_finish()
        if not getattr(self.app, "autosave_enabled", True):
            return
        from tafel import saves, stats

        match = self.match
        outcome = match.state.outcome
        try:
            saves.finish_later(match)
            if outcome is not None:
                players = list(match.players)
                saves.writer.submit(lambda: stats.record_result(match.game.id, match.id, players, outcome))
        except Exception as exc:
            self._autosave_failed(one_line(exc))

    def _report_finish(self) -> None:
        """Tell the game a game with people at the screen ended (``GameDef.on_finished``, where
        games keep records); its lines ("New record: ...") go on the game-over card."""
        self.finish_news = []
        hook = self.match.game.on_finished
        if hook is None or not self.match.human_seats or self.match.state.outcome is None:
            return
        try:
            self.finish_news = [str(line) for line in hook(self.match.finished()) or ()][:6]
        except Exception as exc:  # the plugin's records failed: the game itself is fine
            self.toast(f"{self.match.game.title}: records not kept: {one_line(exc)}", error=True)

    # --- actions ------------------------------------------------------------------------------

    def play_move(self, move: Move) -> bool:
        """Play ``move`` for whoever is to move; False (and a toast) if the game refuses it."""
        before = self.match.state
        try:
            after = self.match.play(move)
        except GameError as exc:
            self.toast(str(exc), error=True)
            return False
        except Exception as exc:  # the plugin's play() itself failed
            self._rules_failed("play", exc)
            return False
        self._guard("on_move", self.view.on_move, before, move, after)
        self._sound(self._guard("sound_for", self.view.sound_for, before, move, after, default="move"))
        self.ai_pending = self.ai_move = None
        self.hint = None
        self.hint_pending = None
        self.pass_timer = None
        self.over_timer = 0.0
        self.list_scroll = 0
        self.autosave()
        return True

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        """The panel colour of ``seat``: the game's own (stone colours) or the theme's."""
        theme = self.app.ui.theme
        color = self._guard("seat_color", self.match.state.seat_color, seat, theme, default=None)
        return tuple(color) if color else theme.seat(seat)

    def human_move(self, move: Move) -> bool:
        try:
            legal = self.shown_state().legal_moves()
        except Exception as exc:
            self.toast(f"Cannot list the legal moves: {one_line(exc)}", error=True)
            return False
        if move not in legal and move not in self._meta_of_shown():
            self.toast("That move is not legal here.", error=True)
            return False
        return self.play_move(move)

    def _meta_of_shown(self) -> list[Move]:
        """The meta moves (resign, a draw offer) of the shown state: played like moves, though
        not among its legal moves."""
        try:
            return [m for _label, m in self.shown_state().meta_moves()]
        except Exception:  # the pause menu shows none either
            return []

    def _cancel_ai(self) -> None:
        pending = self.ai_pending is not None or self.ai_move is not None or self.hint_pending is not None
        if self._worker is not None and pending:
            try:
                self._worker.cancel()
            except Exception:
                pass
        self.ai_pending = self.ai_move = None
        self.hint_pending = None
        self.ai_error = None

    def _reset_turn(self) -> None:
        self._cancel_ai()
        self.pass_timer = None
        self.over_timer = 0.0
        self.over_shown = False
        self.list_scroll = 0
        self.toasts = []
        self.view_error = None
        self.hint = None
        self.browse = None
        self._guard("reset", self.view.reset, self.shown_state())

    def undo(self) -> bool:
        if self.mode != "play":
            return False
        if not self.match.undo_allowed:
            self.toast("This game does not allow taking moves back.", error=True)
            return False
        if not self.match.can_undo:
            self.toast("Nothing to undo.")
            return False
        self._cancel_ai()
        self.match.undo()
        # Taken back after the end: the game goes on, and its next end is reported again.
        self.finished = self.finished and self.match.state.is_over
        self._reset_turn()
        self.autosave()
        return True

    def redo(self) -> bool:
        if self.mode != "play":
            return False
        if not self.match.can_redo:
            self.toast("Nothing to redo.")
            return False
        self._cancel_ai()
        try:
            self.match.redo()
        except Exception as exc:
            self._rules_failed("redo", exc)
            return False
        self._reset_turn()
        self.autosave()
        return True

    def restart(self, new_seed: bool = False) -> None:
        """The same game again from its start (a new random setup when ``new_seed``)."""
        self._cancel_ai()
        try:
            self.match = self.match.restarted(new_seed=new_seed)
        except Exception as exc:
            self.toast(f"Restart failed: {one_line(exc)}", error=True)
            return
        self.finished = False
        self.rules_error = None
        self._reset_turn()
        self.autosave()

    def take_over(self) -> None:
        """A human plays the seat whose AI failed."""
        seat = self.match.state.to_move
        if not self.match.is_human(seat):
            self.match.players[seat] = HUMAN
            self.toast(f"You play {self.seat_name(seat)} now.")
        self.ai_error = None
        self.ai_pending = self.ai_move = None
        self.autosave()

    def retry_ai(self) -> None:
        self.ai_error = None

    def request_hint(self) -> bool:
        """Ask the hard agent for a move for the human to move; shown until the next move."""
        if self.mode != "play" or not self.interactive:
            self.toast("Hints are for your turn.", error=True)
            return False
        if self.hint_pending is not None:
            return False
        if self.hint is not None:
            self.toast("The hint is on the board.")
            return False
        state = self.match.state
        try:
            limit = self._limit_for(self.HINT_AGENT)
            generation = self.worker.request(
                self.match.ai_request(state.to_move, limit=limit, agent=self.HINT_AGENT)
            )
        except Exception as exc:
            self.toast(f"No hint: {one_line(exc)}", error=True)
            return False
        self.hint_pending = generation
        self.ai_idle = 0.0
        self.toast("Thinking of a hint…")
        return True

    def pause(self, error: str | None = None) -> None:
        from tafel.ui.scenes.pause import PauseScene

        if self.mode != "play":
            self.leave()
            return
        if self.is_top:
            self.app.push(PauseScene(self.app, self, error=error))

    def leave(self) -> None:
        """Close a replay (back to the history) or a demo (back to the menu)."""
        if self.manager is not None:
            self.manager.remove(self)

    def show_game_over(self) -> None:
        from tafel.ui.scenes.gameover import GameOverScene

        self.over_shown = True
        outcome = self.match.state.outcome
        humans = self.match.human_seats
        if outcome is not None and humans:
            if outcome.is_draw:
                self._sound("draw")
            else:
                self._sound("win" if any(s in outcome.winners for s in humans) else "loss")
        self.app.push(GameOverScene(self.app, self))

    # --- browsing the move list ------------------------------------------------------------------

    def browse_to(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (read-only); None or the last ply: the live game."""
        if ply is not None:
            ply = max(0, min(self.match.ply, ply))
            if ply == self.match.ply and self.mode == "play":
                ply = None
        old = self.shown_ply
        if ply == self.browse:
            return
        self.browse = ply
        new = self.shown_ply
        if new == old + 1:
            before, after = self.match.states[old], self.match.states[new]
            self._guard("on_move", self.view.on_move, before, self.match.moves[old], after)
            self._sound(self._guard("sound_for", self.view.sound_for, before, self.match.moves[old], after))
        else:
            self._guard("reset", self.view.reset, self.shown_state())

    def step_browse(self, delta: int) -> None:
        self.browse_to(self.shown_ply + delta)

    def back_to_live(self) -> None:
        self.browse_to(None)

    def fork_here(self) -> bool:
        """Play on from the browsed position: the later moves are dropped (Ctrl+Y brings them back)."""
        if self.browse is None or self.mode != "play":
            return False
        if not self.match.undo_allowed:
            self.toast("This game does not allow taking moves back.", error=True)
            return False
        ply = self.browse
        self._cancel_ai()
        self.match.fork(ply)
        self.finished = self.finished and self.match.state.is_over
        self._reset_turn()
        self.autosave()
        self.toast(f"Playing on from move {ply}." if ply else "Playing on from the start.")
        return True

    # --- replays ---------------------------------------------------------------------------------

    def toggle_replay(self) -> None:
        if self.shown_ply >= self.match.ply and not self.replay_playing:
            self.browse_to(0)
        self.replay_playing = not self.replay_playing
        self.replay_timer = 0.0

    def change_speed(self, delta: int) -> None:
        speeds = self.REPLAY_SPEEDS
        i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.replay_speed))
        self.replay_speed = speeds[max(0, min(len(speeds) - 1, i + delta))]

    def _update_replay(self, dt: float) -> None:
        if not self.replay_playing or self._animating():
            return
        self.replay_timer += dt
        if self.replay_timer >= 1.0 / self.replay_speed:
            self.replay_timer = 0.0
            if self.shown_ply >= self.match.ply:
                self.replay_playing = False
            else:
                self.step_browse(1)

    # --- scene hooks ----------------------------------------------------------------------------

    def enter(self) -> None:
        self._guard("reset", self.view.reset, self.shown_state())
        if self.mode != "replay" and any(p != HUMAN for p in self.match.players):
            # Start the worker process (it loads the plugins) while the first human move is made.
            try:
                start = getattr(self.worker, "start", None)
                if start is not None:
                    start()
            except Exception as exc:
                self.ai_error = f"The AI could not start: {one_line(exc)}"
        self.autosave()

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
        wide = bw > ui.px(200)
        if self.mode == "replay":
            third = (inner.width - 2 * gap) // 3
            row1 = inner.bottom - 2 * bh - gap
            for i, b in enumerate((self.prev_button, self.playpause_button, self.next_button)):
                b.rect = pygame.Rect(inner.x + i * (third + gap), row1, third, bh)
            for i, b in enumerate((self.slower_button, self.faster_button, self.back_button)):
                b.rect = pygame.Rect(inner.x + i * (third + gap), inner.bottom - bh, third, bh)
            self.undo_button.rect = self.prev_button.rect
            return
        row1 = inner.bottom - 2 * bh - gap
        self.undo_button.rect = pygame.Rect(inner.x, row1, bw, bh)
        self.redo_button.rect = pygame.Rect(inner.x + bw + gap, row1, bw, bh)
        self.hint_button.rect = pygame.Rect(inner.x, inner.bottom - bh, bw, bh)
        self.menu_button.rect = pygame.Rect(inner.x + bw + gap, inner.bottom - bh, bw, bh)
        if self.mode == "demo":
            self.menu_button.rect = pygame.Rect(inner.x, inner.bottom - bh, inner.width, bh)
            self.menu_button.label = "Back to menu"
            return
        self.undo_button.label = "Undo  Ctrl+Z" if wide else "Undo"
        self.redo_button.label = "Redo  Ctrl+Y" if wide else "Redo"
        self.hint_label = self.hint_button.label = "Hint  H" if wide else "Hint"
        self.menu_button.label = "Menu  Esc" if wide else "Menu"

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.mode == "demo":
            return self._demo_event(event)
        if event.type == pygame.KEYDOWN:
            if self._browse_key(event):
                return True
            if event.key == pygame.K_ESCAPE:
                # Escape (gamepad B) first backs out of a half-made move, then pauses.
                if self.interactive and getattr(self.view, "has_selection", False):
                    self._guard(
                        "handle_event", self.view.handle_event, event, self.shown_state(), self._ctx_now()
                    )
                    return True
                self.pause()
                return True
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_z and ctrl:
                self.undo()
                return True
            if (
                event.key == pygame.K_y or event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT
            ) and ctrl:
                self.redo()
                return True
            if event.key == pygame.K_h and not ctrl and self.mode == "play":
                self.request_hint()
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
                    self._sound("select")
                    b.activate()
                    return True
            for rect, ply in self._move_rows:
                if rect.collidepoint(event.pos):
                    self.browse_to(ply)
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
        elif getattr(self.view, "handle_view_event", None) is not None and self._guard(
            "handle_view_event", self.view.handle_view_event, event, self.shown_state(), self._ctx_now()
        ):
            return True
        return False

    def _browse_key(self, event: pygame.event.Event) -> bool:
        """Keys of the move list: PgUp/PgDn (gamepad shoulders) always; while looking back also
        the arrows, Home/End, Enter (resume from here) and Esc (back to the game)."""
        k = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if k == pygame.K_PAGEUP:
            self.step_browse(-1)
            return True
        if k == pygame.K_PAGEDOWN:
            self.step_browse(1)
            return True
        if self.mode == "replay":
            if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.toggle_replay()
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.replay_playing = False
                self.step_browse(-1 if k == pygame.K_LEFT else 1)
                return True
            if k in (
                pygame.K_UP,
                pygame.K_DOWN,
                pygame.K_PLUS,
                pygame.K_MINUS,
                pygame.K_KP_PLUS,
                pygame.K_KP_MINUS,
            ):
                self.change_speed(1 if k in (pygame.K_UP, pygame.K_PLUS, pygame.K_KP_PLUS) else -1)
                return True
            if k in (pygame.K_HOME, pygame.K_END):
                self.replay_playing = False
                self.browse_to(0 if k == pygame.K_HOME else self.match.ply)
                return True
            if k == pygame.K_ESCAPE:
                self.leave()
                return True
            return False
        if self.browse is None:
            return False
        if k in (pygame.K_LEFT, pygame.K_UP):
            self.step_browse(-1)
        elif k in (pygame.K_RIGHT, pygame.K_DOWN):
            self.step_browse(1)
        elif k == pygame.K_HOME:
            self.browse_to(0)
        elif k in (pygame.K_END, pygame.K_ESCAPE):
            self.back_to_live()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.fork_here()
        else:
            return False
        return True

    def _demo_event(self, event: pygame.event.Event) -> bool:
        """Any key, click or button ends the demo."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL, pygame.TEXTINPUT):
            self.leave()
            return True
        if event.type == pygame.MOUSEMOTION:
            rel = getattr(event, "rel", (0, 0))
            if abs(rel[0]) + abs(rel[1]) > 3:
                self.leave()
                return True
        return False

    def _ctx_now(self) -> ViewContext:
        self._update_ctx()
        return self.ctx

    # --- frame update ---------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        if self.mode == "play":
            from tafel import saves

            for error in saves.writer.take_errors():
                self._autosave_failed(error)
        self._guard("update", self.view.update, dt)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        if self._pause_for is not None:
            message, self._pause_for = self._pause_for, None
            self.pause(error=message)
            return
        if self.mode == "replay":
            self._update_replay(dt)
            return
        self._poll_ai(dt)
        if self.rules_error is not None:
            return
        try:
            self._advance(dt)
        except Exception as exc:  # the plugin's state code failed (outcome, legal_moves, ...)
            self._rules_failed("turn", exc)

    def _advance(self, dt: float) -> None:
        if self.mode == "demo" and self.time > self.DEMO_MAX:
            self._next_demo()
            return
        if self.browse is not None:
            return  # the game waits while the player looks back
        state = self.match.state
        animating = self._animating()
        if state.is_over:
            if not animating:
                self._finish()
            if not animating and not self.over_shown:
                self.over_timer += dt
                if self.mode == "demo":
                    if self.over_timer >= self.DEMO_END_DELAY:
                        self._next_demo()
                elif self.over_timer >= self.GAME_OVER_DELAY:
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

    def _next_demo(self) -> None:
        menu = getattr(self.app, "menu", None)
        if menu is not None and hasattr(menu, "next_demo"):
            menu.next_demo(self)
        else:
            self.leave()

    def _limit_for(self, agent: str) -> Limit | None:
        """The agent's own budget scaled by the think-time setting (None: the agent's default)."""
        factor = float(getattr(self.settings, "think_factor", 1.0))
        if self.mode == "demo" or abs(factor - 1.0) < 1e-9:
            return None
        try:
            default = self.app.registry.agent(agent, self.match.game.id).default_limit
        except Exception:
            return None
        base = default.time if default.time is not None else LEVEL_TIME.get(agent)
        if base is None:
            return None
        return Limit(time=base * factor, depth=default.depth, nodes=default.nodes)

    def _request_ai(self, seat: int) -> None:
        try:
            worker = self.worker
            agent = self.match.players[seat]
            generation = worker.request(self.match.ai_request(seat, limit=self._limit_for(agent)))
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
                self.hint_pending = None
                return
            if result is None:
                break
            self._ai_result(result)
        waiting = self.ai_pending is not None and self.ai_move is None
        if waiting or self.hint_pending is not None:
            busy = bool(getattr(worker, "busy", True))
            self.ai_idle = 0.0 if busy else self.ai_idle + dt
            if self.ai_idle > self.AI_LOST_AFTER:
                if waiting:
                    self._ai_failed("The AI stopped without answering.")
                else:
                    self.hint_pending = None
                    self.toast("No hint: the AI did not answer.", error=True)

    def _ai_result(self, result: Any) -> None:
        if self.hint_pending is not None and result.generation == self.hint_pending:
            self._hint_result(result)
            return
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
        except Exception as exc:
            self._rules_failed("parse_move", exc)
            return
        self.ai_move = move
        self.ai_info = dict(result.info or {})

    def _hint_result(self, result: Any) -> None:
        self.hint_pending = None
        self.toasts = [t for t in self.toasts if not t[0].startswith("Thinking of a hint")]
        if result.error or not result.move_text:
            self.toast(f"No hint: {result.error or 'the AI found no move'}", error=True)
            return
        try:
            move = self.match.state.parse_move(result.move_text)
        except Exception as exc:
            self.toast(f"No hint: {one_line(exc)}", error=True)
            return
        self.hint = move
        self.match.hints += 1
        self._sound("hint")
        self.toast(f"Hint: {result.move_text}")
        self.autosave()

    def _ai_failed(self, message: str) -> None:
        self._cancel_ai()
        self.ai_error = message
        if self.mode == "demo":
            self._next_demo()
        else:
            self._error_pause(message)

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self._update_ctx()
        shown = self.shown_state()
        if self._guard("draw", self.view.draw, surface, shown, self.ctx, default=_FAILED) is _FAILED:
            self._draw_view_failure(surface)
        self._draw_panel(surface)
        self._draw_toasts(surface)
        if self.mode == "demo":
            self._draw_banner(surface, "Demo · press any key")
        elif self.browse is not None and self.mode == "play":
            self._draw_banner(surface, f"Looking back: move {self.browse} of {self.match.ply}")

    def _draw_banner(self, surface: pygame.Surface, text: str) -> None:
        ui = self.ui
        t = ui.theme
        w = min(ui.text_width(text, BODY, True) + ui.px(60), self.board_rect.width)
        box = pygame.Rect(0, 0, w, ui.px(56))
        box.midbottom = (self.board_rect.centerx, self.board_rect.bottom - ui.px(8))
        ui.panel(surface, box, t.card, border=t.accent, radius=14)
        ui.draw_text(
            surface, text, box.center, BODY, t.accent, bold=True, anchor="center", max_width=w - ui.px(30)
        )

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
        state = self.match.states[self.shown_ply]
        over = state.is_over
        visible: list[Button] = []

        title = self.match.game.title + (" · replay" if self.mode == "replay" else "")
        r = ui.draw_text(surface, title, (x, y), H3, t.text, bold=True, max_width=width)
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
            color = self.seat_color(seat)
            pygame.draw.circle(surface, color, (row.x + ui.px(16) + rad, row.centery), rad)
            if sum(color) > 600 or sum(color) < 120:  # a white or black stone needs an outline
                pygame.draw.circle(surface, t.text_dim, (row.x + ui.px(16) + rad, row.centery), rad, 1)
            name_x = row.x + ui.px(16) + 2 * rad + ui.px(14)
            if self.thinking and self.ai_seat == seat and self.browse is None:
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
        if self.mode == "replay":
            state_word = "playing" if self.replay_playing else "paused"
            turn = f"Move {self.shown_ply} of {self.match.ply} · {state_word} · {self.replay_speed:g}/s"
        elif self.browse is not None:
            turn = f"Looking at move {self.browse} of {self.match.ply}"
        elif over:
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

        if self.browse is not None and self.mode == "play":
            bh = ui.px(50)
            bw = (width - ui.px(10)) // 2
            self.fork_button.rect = pygame.Rect(x, y + ui.px(4), bw, bh)
            self.live_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(4), bw, bh)
            self.fork_button.enabled = self.match.undo_allowed
            visible += [self.fork_button, self.live_button]
            y += bh + ui.px(12)

        lines: list[str] = []
        lines += list(self._guard("status", self.view.status, self.shown_state(), self.ctx, default=[]) or [])
        describe = self._guard("describe", state.describe, default="")
        if describe:
            lines.append(str(describe))
        if self.match.texts and self.mode == "play" and self.browse is None:
            lines.append(f"Last move: {self.match.texts[-1]}")
        if self.match.hints and self.mode == "play":
            lines.append(f"Hints used: {self.match.hints}")
        shown = 0
        for line in lines:
            for part in ui.wrap(str(line), SMALL, width)[:2]:
                if shown < 7:
                    r = ui.draw_text(surface, part, (x, y), SMALL, t.text, max_width=width)
                    y = r.bottom + ui.px(2)
                    shown += 1

        error = self.rules_error or self.ai_error or self.view_error
        if error and self.mode == "play":
            y += ui.px(8)
            lh = ui.line_height(SMALL)
            for line in ui.wrap(error, SMALL, width)[:4]:
                ui.draw_text(surface, line, (x, y), SMALL, t.danger, max_width=width)
                y += lh
            bh = ui.px(50)
            if self.ai_error and not self.rules_error:
                bw = (width - ui.px(10)) // 2
                self.takeover_button.rect = pygame.Rect(x, y + ui.px(6), bw, bh)
                self.retry_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(6), bw, bh)
                visible += [self.takeover_button, self.retry_button]
                y += bh + ui.px(14)
            elif self.view_error and not isinstance(self.view, FallbackView):
                self.simple_button.rect = pygame.Rect(x, y + ui.px(6), width, bh)
                visible.append(self.simple_button)
                y += bh + ui.px(14)

        y += ui.px(10)
        top_button = min(b.rect.y for b in self._bottom_buttons())
        bottom = top_button - ui.px(14)
        self._move_rows = []
        if bottom - y > ui.px(60):
            ui.draw_text(surface, "MOVES", (x, y), TINY, t.accent, bold=True)
            y += ui.line_height(TINY, True) + ui.px(4)
            self.list_rect = pygame.Rect(x, y, width, bottom - y)
            self._draw_moves(surface, self.list_rect)
        else:
            self.list_rect = pygame.Rect(0, 0, 0, 0)

        if self.mode == "replay":
            self.playpause_button.label = "Pause" if self.replay_playing else "Play"
            self.prev_button.enabled = self.shown_ply > 0
            self.next_button.enabled = self.shown_ply < self.match.ply
            self.slower_button.enabled = self.replay_speed > self.REPLAY_SPEEDS[0]
            self.faster_button.enabled = self.replay_speed < self.REPLAY_SPEEDS[-1]
        else:
            self.undo_button.enabled = self.match.can_undo and self.mode == "play"
            self.redo_button.enabled = self.match.can_redo and self.mode == "play"
            self.hint_button.enabled = self.mode == "play" and self.interactive and self.hint_pending is None
            self.hint_button.label = "Thinking…" if self.hint_pending is not None else self.hint_label
        visible += self._bottom_buttons()
        for b in visible:
            b.draw(surface, ui)
        self._visible = visible

    def _bottom_buttons(self) -> list[Button]:
        if self.mode == "replay":
            return [
                self.prev_button,
                self.playpause_button,
                self.next_button,
                self.slower_button,
                self.faster_button,
                self.back_button,
            ]
        if self.mode == "demo":
            return [self.menu_button]
        return [self.undo_button, self.redo_button, self.hint_button, self.menu_button]

    def _draw_moves(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ui = self.ui
        t = ui.theme
        texts = self.match.texts
        lh = ui.line_height(SMALL)
        rows = max(1, rect.height // lh)
        current = self.shown_ply - 1  # the move that led to the shown position
        if self.browse is not None and current >= 0:
            # Keep the looked-at move in sight.
            first_end = len(texts) - self.list_scroll
            if current >= first_end:
                self.list_scroll = len(texts) - current - 1
            elif current < first_end - rows:
                self.list_scroll = len(texts) - current - rows
        self.list_scroll = max(0, min(self.list_scroll, len(texts) - rows))
        end = len(texts) - self.list_scroll
        start = max(0, end - rows)
        seats = tuple(getattr(self.match.states[i], "to_move", 0) for i in range(start, end))
        key = (
            rect.size,
            tuple(texts[start:end]),
            start,
            len(texts),
            seats,
            tuple(self.seat_color(seat) for seat in set(seats)),
            current,
            self.browse is not None,
            t,
            ui.scale,
        )
        # The list is painted once into a kept picture and copied while it stays the same: dozens
        # of text blits a frame would otherwise cost more than the board.
        if key != self._moves_key or self._moves_image is None:
            self._moves_key = key
            image = self._moves_image
            if image is None or image.get_size() != rect.size:
                image = self._moves_image = pygame.Surface(rect.size, 0, surface)
            image.fill(t.panel)
            self._moves_local = self._paint_moves(image, image.get_rect(), start, end, current)
        surface.blit(self._moves_image, rect)
        self._move_rows.extend((row.move(rect.topleft), ply) for row, ply in self._moves_local)

    def _paint_moves(
        self, surface: pygame.Surface, rect: pygame.Rect, start: int, end: int, current: int
    ) -> list[tuple[pygame.Rect, int]]:
        """Paint moves ``start`` to ``end`` of the list into ``rect``; returns (row, ply) pairs."""
        ui = self.ui
        t = ui.theme
        texts = self.match.texts
        lh = ui.line_height(SMALL)
        rows = max(1, rect.height // lh)
        painted: list[tuple[pygame.Rect, int]] = []
        pygame.draw.rect(surface, t.card, rect, border_radius=ui.px(10))
        if not texts:
            ui.draw_text(surface, "No moves yet", (rect.x + ui.px(14), rect.y + ui.px(8)), SMALL, t.text_dim)
            return painted
        y = rect.y + ui.px(4)
        num_w = ui.text_width(f"{len(texts)}.", SMALL) + ui.px(10)
        for i in range(start, end):
            seat = getattr(self.match.states[i], "to_move", 0)
            marked = i == current
            row = pygame.Rect(rect.x + ui.px(4), y, rect.width - ui.px(12), lh)
            if marked and (self.browse is not None):
                pygame.draw.rect(surface, t.button_hover, row, border_radius=ui.px(6))
            painted.append((row, i + 1))
            ui.draw_text(
                surface, f"{i + 1}.", (rect.x + ui.px(12) + num_w, y), SMALL, t.text_dim, anchor="topright"
            )
            cx = rect.x + ui.px(22) + num_w + ui.px(6)
            pygame.draw.circle(surface, self.seat_color(seat), (cx, y + lh // 2), ui.px(7))
            ui.draw_text(
                surface,
                texts[i],
                (cx + ui.px(16), y),
                SMALL,
                t.accent if marked else (t.text if i <= current else t.text_dim),
                bold=marked,
                max_width=rect.right - cx - ui.px(30),
            )
            y += lh
        bar = pygame.Rect(rect.x, rect.y, rect.width - ui.px(4), rows * lh)
        ui.scrollbar(surface, bar, start * lh, len(texts) * lh)
        return painted

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
