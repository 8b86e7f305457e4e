"""The play screen: the plugin's board view left of a side panel (or above it on tall windows).

The scene routes input (to the panel, the move list's keys, the view) and draws in order: the
board, the panel, the toasts and banners over the board. Its parts do the rest: the turn
controller (:mod:`.turns`: AI requests, hints, forced passes, game-over timing), the history
(:mod:`.history`: undo, redo, browse, replay, fork) and the panel (:mod:`.panel`). Humans play
through the view: a move it returns is checked against ``legal_moves()`` before it is played.

The worker is injected (``worker=``) so tests can answer synchronously. Errors raised by the
view (in draw, handle_event, ...), the game's rules or its AI are caught: the game pauses with
the error shown (once per distinct error), the panel keeps it, and the player can save, switch
to a simple built-in view listing the legal moves (:mod:`.fallback`), or play the failed AI
seat. The game is autosaved after every move (:mod:`tafel.saves`); a finished game goes to the
history and the statistics.

The same scene replays a finished game (``mode="replay"``) and shows the attract mode's AI
demos (``mode="demo"``).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from typing import Any

import pygame

from tafel.game import GameState, one_line
from tafel.i18n import _
from tafel.match import Match
from tafel.ui.scene import Scene
from tafel.ui.scenes.play.fallback import FallbackView, draw_view_failure, make_view
from tafel.ui.scenes.play.guide import Guide
from tafel.ui.scenes.play.history import History
from tafel.ui.scenes.play.panel import Panel, draw_banner, draw_toasts
from tafel.ui.scenes.play.turns import MoveWorker, Turns
from tafel.view import BoardView, ViewContext

_FAILED = object()


class _Kept:
    """An attribute one of the scene's parts keeps, read (and written) through the scene too."""

    def __init__(self, part: str, name: str) -> None:
        self.part = part
        self.name = name

    def __get__(self, scene: Any, owner: type | None = None) -> Any:
        if scene is None:
            return self
        return getattr(getattr(scene, self.part), self.name)

    def __set__(self, scene: Any, value: Any) -> None:
        setattr(getattr(scene, self.part), self.name, value)


def _kept(**parts: str) -> Callable[[type], type]:
    """Give the class the named attributes of its parts (``part="name name ..."``)."""

    def add(cls: type) -> type:
        for part, names in parts.items():
            for name in names.split():
                setattr(cls, name, _Kept(part, name))
        return cls

    return add


# What the parts keep that the pause and game-over cards, the benches and the tests read.
@_kept(
    turns="_worker worker thinking ai_pending ai_error hint hint_pending dropped_results pass_timer"
    " over_shown finish_news take_over retry_ai other_levels use_level play_move human_move",
    history="browse shown_ply replay_playing replay_speed undo redo restart",
    panel="undo_button redo_button hint_button menu_button fork_button takeover_button simple_button"
    " playpause_button list_rect list_scroll _move_rows _visible",
)
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

    def __init__(
        self, app: Any, match: Match, worker: MoveWorker | None = None, *, mode: str = "play"
    ) -> None:
        super().__init__(app)
        self.match = match
        self.mode = mode
        self.time = 0.0
        self.view_error: str | None = None
        #: A failure of the game's own rules code (the game stops; it can still be saved).
        self.rules_error: str | None = None
        self._reported: set[str] = set()
        self._pause_for: str | None = None
        self._paused_errors: set[str] = set()
        self.toasts: list[list[Any]] = []
        self.autosave_failed_once = False
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        ui = app.ui
        self.ctx = ViewContext(theme=ui.theme, fonts=ui.fonts)
        self.turns = Turns(self, worker)
        self.history = History(self)
        self.panel = Panel(self)
        #: A guided first game under way (:mod:`.guide`), else None.
        self.guide: Guide | None = None
        self.view = self._make_view()

    # --- the view, guarded --------------------------------------------------------------------

    def _make_view(self) -> BoardView:
        view, failed = make_view(self.match.game, self.match.options)
        if failed is not None:
            self._view_failed("start", failed)
            # The simple view says why it is there; no need to repeat it in the panel.
            self.view_error = None
            self._pause_for = None
        return view

    def _view_failed(self, what: str, exc: BaseException) -> None:
        message = _("Board view error ({what}): {error}").format(what=what, error=one_line(exc))
        self.view_error = message
        self._report(message, exc)
        self.error_pause(message)

    def _report(self, message: str, exc: BaseException) -> None:
        """Print each distinct failure once: the screen shows one line, developers get the trace."""
        if message not in self._reported:
            self._reported.add(message)
            print(f"tafel: {message}", file=sys.stderr)
            traceback.print_exception(exc, file=sys.stderr)

    def error_pause(self, message: str) -> None:
        """Pause the game to show a plugin failure (once per distinct message); done in
        ``update`` because failures also happen while drawing."""
        if self.mode == "play" and message not in self._paused_errors:
            self._paused_errors.add(message)
            self._pause_for = message

    def guard(self, what: str, fn: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        """``fn(*args)``, or ``default`` when the view's code raises (the error is shown)."""
        try:
            return fn(*args)
        except Exception as exc:  # a plugin bug must never crash the arcade
            self._view_failed(what, exc)
            return default

    def rules_failed(self, what: str, exc: BaseException) -> None:
        message = _("The game's rules failed ({what}): {error}").format(what=what, error=one_line(exc))
        self.turns.cancel()
        self.rules_error = message
        self._report(message, exc)
        self.error_pause(message)

    def animating(self) -> bool:
        return bool(self.guard("animating", lambda: self.view.animating, default=False))

    def language_changed(self) -> None:
        """A view may keep the words it wrote on its pictures (a status line, labels on the
        board): a new view shows the same position in the new language."""
        if isinstance(self.view, FallbackView):
            return
        self.view = self._make_view()
        self.guard("layout", self.view.layout, self.board_rect.copy())
        self.guard("reset", self.view.reset, self.shown_state())

    def use_fallback_view(self) -> None:
        self.view = FallbackView(self.match.game, self.match.options, self.view_error or "")
        self.view_error = None
        self.view.layout(self.board_rect.copy())

    # --- state helpers ------------------------------------------------------------------------

    @property
    def settings(self) -> Any:
        return self.app.settings

    def viewer_seat(self) -> int | None:
        humans = sorted(self.match.human_seats)
        if not humans:
            return None
        to_move = self.match.state.to_move
        return to_move if to_move in humans else humans[0]

    def shown_state(self) -> GameState:
        """What the screen shows: the whole state, or a human's view of it in hidden-information
        games (replays show everything)."""
        state = self.match.states[self.history.shown_ply]
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
    def interactive(self) -> bool:
        state = self.match.state
        return (
            self.mode == "play"
            and self.history.browse is None
            and self.rules_error is None
            and self.is_top
            and not state.is_over
            and self.match.is_human(state.to_move)
            and self.turns.pass_timer is None
            and not state.is_forced_pass()
            and not self.animating()
            and (self.guide is None or self.guide.lets_play)
        )

    def seat_name(self, seat: int) -> str:
        names = self.match.seat_names
        return names[seat] if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)

    def _update_ctx(self) -> None:
        ctx = self.ctx
        browse = self.history.browse
        ply = self.history.shown_ply
        ctx.theme = self.ui.theme.with_palette(self.match.game.palette)
        ctx.fonts = self.ui.fonts
        ctx.time = self.time
        ctx.human_seats = self.match.human_seats
        ctx.seat_names = self.match.seat_names
        ctx.last_move = self.match.moves[ply - 1] if ply > 0 else None
        ctx.previous = self.match.states[ply - 1] if ply > 0 else None
        ctx.interactive = self.interactive
        ctx.hint = self.turns.hint if browse is None else None
        if self.guide is not None and browse is None:
            ctx.hint = self.guide.expected()  # the move the guided step asks for
        settings = self.settings
        ctx.show_legal = bool(settings.show_legal)
        ctx.show_last = bool(settings.show_last)
        ctx.anim_speed = float(settings.anim_speed)
        ctx.seed = self.match.seed
        ctx.hints = self.match.hints
        ctx.undos = self.match.undos
        ctx.browsing = browse is not None
        ctx.mode = self.mode

    def _ctx_now(self) -> ViewContext:
        self._update_ctx()
        return self.ctx

    def toast(self, text: str, error: bool = False) -> None:
        self.toasts = [t for t in self.toasts if t[0] != text][-2:]
        self.toasts.append([text, self.TOAST_TIME, error])
        if error:
            self.play_sound("invalid")

    def play_sound(self, name: str | None) -> None:
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
            self.autosave_failed(one_line(exc))

    def autosave_failed(self, message: str) -> None:
        if not self.autosave_failed_once:
            self.autosave_failed_once = True
            self.toast(_("Saving failed: {error}").format(error=message), error=True)

    # --- the position changes --------------------------------------------------------------

    def reset_turn(self) -> None:
        """The position changed under the player (undo, redo, restart, fork): the live game is
        shown afresh."""
        self.turns.reset()
        self.panel.list_scroll = 0
        self.toasts = []
        self.view_error = None
        self.history.browse = None
        self.guard("reset", self.view.reset, self.shown_state())

    # --- other screens --------------------------------------------------------------------------

    def open_pause_menu(self, error: str | None = None) -> None:
        """The pause menu (Esc, the Menu button; ``error``: a plugin failed). A replay or a demo
        closes instead."""
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

        self.turns.over_shown = True
        outcome = self.match.state.outcome
        humans = self.match.human_seats
        if outcome is not None and humans:
            if outcome.is_draw:
                self.play_sound("draw")
            else:
                self.play_sound("win" if any(s in outcome.winners for s in humans) else "loss")
        self.app.push(GameOverScene(self.app, self))

    # --- scene hooks ----------------------------------------------------------------------------

    def enter(self) -> None:
        # A resumed game whose engine is no longer configured: a Tafel level took its seat.
        for seat, name in getattr(self.match, "missing_engines", ()):
            self.toast(
                _(
                    "Engine {name} is not configured any more (Settings, Engines): AI medium plays {seat}."
                ).format(name=name, seat=self.seat_name(seat)),
                error=True,
            )
            self.toasts[-1][1] = 3 * self.TOAST_TIME  # a longer message, and news to the player
        self.match.missing_engines = []
        self.guard("reset", self.view.reset, self.shown_state())
        self.turns.start()
        self.autosave()

    def exit(self) -> None:
        self.turns.cancel()
        self.turns.close()

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
        if self.guide is not None:
            self.board_rect = self.guide.layout(self.board_rect)
        self.guard("layout", self.view.layout, self.board_rect.copy())
        self.panel.layout()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.mode == "demo":
            return self._demo_event(event)
        if self.guide is not None and self.guide.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and self._key(event):
            return True
        if self.panel.handle_event(event):
            return True
        if self.interactive:
            move = self.guard(
                "handle_event", self.view.handle_event, event, self.shown_state(), self._ctx_now()
            )
            if move is not None:
                self.turns.human_move(move)
                return True
        elif getattr(self.view, "handle_view_event", None) is not None and self.guard(
            "handle_view_event", self.view.handle_view_event, event, self.shown_state(), self._ctx_now()
        ):
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        """The screen's own keys: the move list's, Esc, Ctrl+Z / Ctrl+Y, H, and the ways out of
        an AI failure (Enter: play it yourself, R: retry). A key the view wants for itself
        (``BoardView.wants_key``) goes to the view instead of the move list."""
        if self.interactive and self.guard("wants_key", self.view.wants_key, event.key, self.shown_state()):
            return False
        if self.history.handle_key(event):
            return True
        if event.key == pygame.K_ESCAPE:
            # Escape (gamepad B) first backs out of a half-made move, then pauses.
            if self.interactive and getattr(self.view, "has_selection", False):
                self.guard("handle_event", self.view.handle_event, event, self.shown_state(), self._ctx_now())
                return True
            self.open_pause_menu()
            return True
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_z and ctrl:
            self.history.undo()
            return True
        if (event.key == pygame.K_y or event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT) and ctrl:
            self.history.redo()
            return True
        if event.key == pygame.K_h and not ctrl and self.mode == "play":
            self.turns.request_hint()
            return True
        if self.turns.ai_error is not None and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.turns.take_over()
            return True
        if self.turns.ai_error is not None and event.key == pygame.K_r:
            self.turns.retry_ai()
            return True
        return False

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

    def update(self, dt: float) -> None:
        self.time += dt
        if self.mode == "play":
            from tafel import saves

            for error in saves.writer.take_errors():
                self.autosave_failed(error)
        self.guard("update", self.view.update, dt)
        for toast in self.toasts:
            toast[1] -= dt
        self.toasts = [t for t in self.toasts if t[1] > 0]
        if self._pause_for is not None:
            message, self._pause_for = self._pause_for, None
            self.open_pause_menu(error=message)
            return
        if self.mode == "replay":
            self.history.update_replay(dt)
            return
        self.turns.poll(dt)
        if self.rules_error is not None:
            return
        try:
            self.turns.advance(dt)
        except Exception as exc:  # the plugin's state code failed (outcome, legal_moves, ...)
            self.rules_failed("turn", exc)

    def draw(self, surface: pygame.Surface) -> None:
        self._update_ctx()
        shown = self.shown_state()
        if self.guard("draw", self.view.draw, surface, shown, self.ctx, default=_FAILED) is _FAILED:
            draw_view_failure(self.ui, surface, self.board_rect, self.view_error)
        self._draw_panel(surface)
        if self.guide is not None:
            self.guide.draw(surface)
        draw_toasts(self.ui, surface, self.board_rect, self.toasts)
        browse = self.history.browse
        if self.mode == "demo":
            draw_banner(self.ui, surface, self.board_rect, _("Demo · press any key"))
        elif browse is not None and self.mode == "play":
            draw_banner(
                self.ui,
                surface,
                self.board_rect,
                _("Looking back: move {ply} of {total}").format(ply=browse, total=self.match.ply),
            )

    def _draw_panel(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)
