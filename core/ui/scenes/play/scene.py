"""The play screen: the plugin's board view left of a side panel (or above it on tall windows).

The scene routes input (to the panel, the move list's keys, the view), plays every move into the
match and draws in order: the board, the panel, the toasts and banners over the board. Its parts
do the rest, each given what it needs (the match, the seats, a :class:`~.host.PlayHost`: this
scene) and none holding the scene: the turn controller (:mod:`.turns`: the seats' requests,
hints, forced passes, game-over timing), the history (:mod:`.history`: undo, redo, browse,
replay, fork), the panel (:mod:`.panel`) and a guided first game (:mod:`.guide`).

A move takes one way whoever makes it: the view returns a person's move, or a seat's source (the
AI worker, an engine, a player elsewhere; :mod:`.seats`) answers through the turn controller,
which hands the move back; :meth:`PlayScene.play_move` plays it into the match, where it is
checked (``Match.play``: the game's ``play`` raises for an illegal move), then the view is told
(its animation, its sound) and the game is saved.

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
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, TypeVar, overload

import pygame

from tafel.game import GameDef, GameError, GameState, IllegalMoveError, Move, one_line
from tafel.i18n import _
from tafel.match import HUMAN, Match
from tafel.tutorial import Lesson, play_out
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.play.fallback import FallbackView, draw_view_failure, make_view
from tafel.ui.scenes.play.guide import Guide
from tafel.ui.scenes.play.history import History
from tafel.ui.scenes.play.host import Failures, PlayMove, ShowGameOver, TurnEvent
from tafel.ui.scenes.play.panel import Panel, PanelActions, PanelFrame, Toast, draw_banner
from tafel.ui.scenes.play.seats import MoveSource, MoveWorker, Seats
from tafel.ui.scenes.play.shared import SharedTable
from tafel.ui.scenes.play.turns import Turns
from tafel.view import BoardView, ViewContext

if TYPE_CHECKING:
    from tafel.settings import Settings

__all__ = ["MoveWorker", "PlayScene", "start_guided"]

T = TypeVar("T")
D = TypeVar("D")  # what a guarded call gives when the code raises


class PlayScene(Scene):
    """One match on screen: played (``mode="play"``), replayed from the history (``"replay"``)
    or shown as an AI demo by the attract mode (``"demo"``)."""

    #: Seconds a note stays over the board.
    TOAST_TIME = 2.6

    def __init__(
        self,
        app: Host,
        match: Match,
        worker: MoveSource | None = None,
        *,
        mode: str = "play",
        sources: Mapping[str, Callable[[], MoveSource]] | None = None,
    ) -> None:
        """``worker``: the AI worker (default: the app's, made on first use); ``sources``: more
        move sources by the player prefix they play (``{"remote:": ...}``: a player elsewhere),
        besides the engines' (``"engine:"``)."""
        super().__init__(app)
        self.app: Host = app
        self.match = match
        self.mode = mode
        self.time = 0.0
        self.failures = Failures()
        self._reported: set[str] = set()
        self._pause_for: str | None = None
        self._paused_errors: set[str] = set()
        self.toasts: list[Toast] = []
        self.autosave_failed_once = False
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.panel_rect = pygame.Rect(0, 0, 1, 1)
        #: What the view was last told (a snapshot made for each frame and each event).
        self.ctx = ViewContext(theme=app.ui.theme, fonts=app.ui.fonts)
        seats = Seats(worker, app.get_worker, {"engine:": self._engine_router, **(sources or {})})
        seats.open_for(match.players if mode == "play" else [])
        shared = seats.shared()
        #: A game shared with a player elsewhere (online play, :mod:`.shared`), else None.
        self.shared = SharedTable(self, shared, match) if shared is not None else None
        self.turns = Turns(
            self,
            match,
            seats,
            registry=app.registry,
            settings=app.settings,
            autosave_enabled=lambda: bool(getattr(app, "autosave_enabled", True)),
        )
        self.history = History(self, match)
        self.panel = Panel(
            app.ui, self, match, self.turns, self.history, self._panel_actions(), self.failures
        )
        #: A guided first game under way (:mod:`.guide`), else None.
        self.guide: Guide | None = None
        self.view = self._make_view()

    def _engine_router(self) -> MoveSource:
        """Seats played by external engines (``engine:NAME``) ask them (:mod:`tafel.engine_router`)."""
        from tafel.engine_router import EngineRouter

        return EngineRouter(None, self.app.registry)

    def _panel_actions(self) -> PanelActions:
        turns, history = self.turns, self.history
        return PanelActions(
            undo=self.undo,
            redo=self.redo,
            hint=self.request_hint,
            menu=self.open_pause_menu,
            take_over=turns.take_over,
            retry=turns.retry_ai,
            simple=self.use_fallback_view,
            fork=self.fork_here,
            live=history.back_to_live,
            step_browse=history.step_browse,
            browse_to=history.browse_to,
            playpause=history.toggle_replay,
            change_speed=history.change_speed,
            back=self.leave,
        )

    # --- the failures shown ---------------------------------------------------------------------

    @property
    def view_error(self) -> str | None:
        """The board view's failure, shown in the panel."""
        return self.failures.view

    @view_error.setter
    def view_error(self, message: str | None) -> None:
        self.failures.view = message

    @property
    def rules_error(self) -> str | None:
        """A failure of the game's own rules code (the game stops; it can still be saved)."""
        return self.failures.rules

    @rules_error.setter
    def rules_error(self, message: str | None) -> None:
        self.failures.rules = message

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

    @overload
    def guard(self, what: str, fn: Callable[..., T], *args: object) -> T | None: ...
    @overload
    def guard(self, what: str, fn: Callable[..., T], *args: object, default: D) -> T | D: ...
    def guard(self, what: str, fn: Callable[..., object], *args: object, default: object = None) -> object:
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

    def show_step(self, before: GameState, move: Move, after: GameState) -> None:
        """The board plays ``move`` (looking back a move further: its animation and sound)."""
        self.guard("on_move", self.view.on_move, before, move, after)
        self.play_sound(self.guard("sound_for", self.view.sound_for, before, move, after))

    def show_position(self) -> None:
        """The board shows the shown position afresh (no animation)."""
        self.guard("reset", self.view.reset, self.shown_state())

    # --- state helpers ------------------------------------------------------------------------

    @property
    def settings(self) -> Settings:
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
            and (self.shared is None or self.shared.result is None)
        )

    def seat_name(self, seat: int) -> str:
        names = self.match.seat_names
        return names[seat] if 0 <= seat < len(names) else _("Player {n}").format(n=seat + 1)

    def view_context(self) -> ViewContext:
        """What the view is told now: a snapshot, made afresh for each frame and each event."""
        browse = self.history.browse
        ply = self.history.shown_ply
        match = self.match
        hint = self.turns.hint if browse is None else None
        if self.guide is not None and browse is None:
            hint = self.guide.expected()  # the move the guided step asks for
        settings = self.settings
        return ViewContext(
            theme=self.ui.theme.with_palette(match.game.palette),
            fonts=self.ui.fonts,
            time=self.time,
            human_seats=match.human_seats,
            seat_names=tuple(match.seat_names),
            last_move=match.moves[ply - 1] if ply > 0 else None,
            previous=match.states[ply - 1] if ply > 0 else None,
            interactive=self.interactive,
            hint=hint,
            show_legal=bool(settings.show_legal),
            show_last=bool(settings.show_last),
            anim_speed=float(settings.anim_speed),
            seed=match.seed,
            hints=match.hints,
            undos=match.undos,
            browsing=browse is not None,
            mode=self.mode,
        )

    def _ctx_now(self) -> ViewContext:
        self.ctx = self.view_context()
        return self.ctx

    def toast(self, text: str, error: bool = False) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, self.TOAST_TIME, error))
        if error:
            self.play_sound("invalid")

    def drop_toast(self, text: str) -> None:
        self.toasts = [t for t in self.toasts if t.text != text]

    def play_sound(self, name: str | None) -> None:
        if self.mode != "demo":
            self.app.sound.play(name)

    # --- saving -------------------------------------------------------------------------------

    def autosave(self) -> None:
        """Store the game after every change (not replays and demos). The file is written in the
        background (:data:`tafel.saves.writer`); a failure shows one notice and the game goes on."""
        if self.mode != "play" or not getattr(self.app, "autosave_enabled", True) or self.shared is not None:
            return  # an online game lives in its room (the host keeps it), not in Continue
        if self.history.replaced is not None:
            return  # the game a restart replaced stays in Continue until a person moves in the new one
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

    # --- moves: each enters the match here ----------------------------------------------------

    def human_move(self, move: Move) -> bool:
        """Play a move a person made (on the board, or from the pause menu: resign, offer a
        draw); False, with a note, when the match refuses it."""
        if self.guide is not None and not self.guide.allows(move):
            return False
        return self.play_move(move, by_person=True)

    def play_move(self, move: Move, *, by_person: bool = False) -> bool:
        """Play ``move`` for whoever is to move: the match checks it (False and a note when it
        is refused), the view animates it, the game is saved."""
        before = self.match.state
        try:
            after = self.match.play(move)
        except IllegalMoveError as exc:
            self.toast(_("That move is not legal here.") if by_person else str(exc), error=True)
            return False
        except GameError as exc:
            self.toast(str(exc), error=True)
            return False
        except Exception as exc:  # the plugin's play() itself failed
            self.rules_failed("play", exc)
            return False
        view = self.view
        self.guard("on_move", view.on_move, before, move, after)
        self.play_sound(self.guard("sound_for", view.sound_for, before, move, after, default="move"))
        self.turns.moved()
        self.panel.list_scroll = 0
        if by_person:
            self.history.replaced = None  # a move in the new game: the restart is for good
        self.autosave()
        return True

    def _apply(self, event: TurnEvent) -> None:
        """Do what the turn controller asks: play a seat's (or a pass's, a guide's) move, or
        open the game-over card."""
        if isinstance(event, ShowGameOver):
            self.show_game_over()
        elif isinstance(event, PlayMove) and not self.play_move(event.move) and event.by == "seat":
            self.turns.refused(event.move, self.toasts[-1].text if self.toasts else None)

    def request_hint(self) -> bool:
        """Ask for a hint for the person to move (H, the Hint button)."""
        return self.turns.request_hint(self.interactive, guided=self.guide is not None)

    # --- the position changes -------------------------------------------------------------------

    def reset_turn(self) -> None:
        """The position changed under the player (undo, redo, restart, fork): the live game is
        shown afresh."""
        self.turns.reset()
        self.panel.list_scroll = 0
        self.toasts = []
        self.view_error = None
        self.history.browse = None
        self.guard("reset", self.view.reset, self.shown_state())

    def _taken_back(self) -> None:
        """Moves were taken back (undo, fork): the turn starts afresh, and a game taken back
        after its end goes on (its next end is reported again)."""
        turns = self.turns
        turns.cancel()
        turns.finished = turns.finished and self.match.state.is_over
        self.reset_turn()
        self.autosave()

    def undo(self) -> bool:
        """Ctrl+Z, the Undo button: the last moves back to a person's turn (online: a request the
        other side allows or declines; the board follows the room once it is taken back)."""
        if self.shared is not None:  # not after the room ended the game (resign, a draw)
            return self.match.can_undo and self.shared.result is None and self.shared.ask("undo")
        if self.history.replaced is not None and not self.match.can_undo:
            return self.undo_restart()
        if not self.history.undo():
            return False
        self._taken_back()
        return True

    def redo(self) -> bool:
        """Ctrl+Y, the Redo button: the moves the last undo took back, again."""
        if self.shared is not None:
            return False  # the room's game is the true one: nothing waits to be redone here
        try:
            if not self.history.redo():
                return False
        except Exception as exc:
            self.rules_failed("redo", exc)
            return False
        self.turns.cancel()
        self.reset_turn()
        self.autosave()
        return True

    def fork_here(self) -> bool:
        """Play on from the position looked at (Enter, Play from here)."""
        if self.shared is not None:
            self.toast(_("An online game goes on from its last move."), error=True)
            return False
        ply = self.history.fork_here()
        if ply is None:
            return False
        self._taken_back()
        self.toast(History.fork_note(ply))
        return True

    def restart(self, new_seed: bool = False) -> None:
        """The same game again from its start (a new random setup when ``new_seed``); online, a
        finished game asks the other side for a rematch."""
        if self.shared is not None:
            if self.match.state.is_over or self.shared.result is not None:
                self.shared.ask("rematch")
            else:
                self.toast(
                    _("Offer a draw or resign first: an online game restarts as a rematch."), error=True
                )
            return
        self.turns.cancel()
        old = self.match
        try:
            match = self.match.restarted(new_seed=new_seed)
        except Exception as exc:
            self.toast(_("Restart failed: {error}").format(error=one_line(exc)), error=True)
            return
        self._show_match(match)
        if self.guide is not None:
            self.guide.follow(match)
        self.turns.finished = False
        self.rules_error = None
        self.reset_turn()
        if self.history.keep_replaced(old):
            self.toast(_("Game restarted. Undo (Ctrl+Z) brings the old game back."))
        self.autosave()

    def undo_restart(self) -> bool:
        """Undo right after a restart: the game it replaced comes back, as it was."""
        old = self.history.replaced
        if old is None:
            return False
        self.history.replaced = None
        self.turns.cancel()
        self._show_match(old)
        if self.guide is not None:
            self.guide.follow(old)
        self.turns.finished = False
        self.reset_turn()
        self.autosave()
        self.toast(_("The game before the restart is back."))
        return True

    def _show_match(self, match: Match) -> None:
        self.match = self.turns.match = self.history.match = self.panel.match = match
        if self.shared is not None:
            self.shared.match = match

    # --- a game shared with a player elsewhere (SharedHost) -------------------------------------

    def adopt(self, match: Match) -> None:
        """The room's game replaces the one shown (an undo allowed, a refused move, a rematch)."""
        self.turns.cancel()
        self._show_match(match)
        self.turns.finished = match.state.is_over
        self.turns.ended_by_room = None
        self.reset_turn()
        top = self.manager.top if self.manager is not None else None
        if top is not self and getattr(top, "play", None) is self and not match.state.is_over:
            top.close()  # type: ignore[union-attr]  # a game-over card of the game before

    def ask_player(
        self, title: str, line: str, yes: str, no: str, on_yes: Callable[[], None], on_no: Callable[[], None]
    ) -> None:
        """The other side's offer: a dialog over the game, answered yes or no."""
        from tafel.ui.scenes.dialog import DialogScene
        from tafel.ui.widgets import Button

        def answer(then: Callable[[], None]) -> None:
            dialog.close()
            then()

        buttons = [
            Button(yes, lambda: answer(on_yes), kind="primary", key="yes"),
            Button(no, lambda: answer(on_no), key="no"),
        ]
        dialog = DialogScene(self.app, title, [line], buttons, on_back=lambda: answer(on_no))
        self.play_sound("hint")
        self.app.push(dialog)

    def game_ended_elsewhere(self) -> None:
        """The room ended the game without the rules (a resignation, an agreed draw, a clock)."""
        assert self.shared is not None
        self.turns.cancel()
        self.turns.ended_by_room = self.shared.result
        self.toast(self.shared.result or _("Game over"))
        self.play_sound("draw")

    def table_actions(self) -> list[tuple[str, str, Callable[[], object], bool]]:
        """Rows the pause menu adds for a shared game (offer a draw, resign, a rematch)."""
        return self.shared.pause_actions() if self.shared is not None else []

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

    def next_demo(self) -> None:
        """The demo is over: the menu shows the next one (or the demo just closes)."""
        menu = getattr(self.app, "menu", None)
        if menu is not None and hasattr(menu, "next_demo"):
            menu.next_demo(self)
        else:
            self.leave()

    def start_guide(self, lesson: Lesson) -> Guide:
        """Play ``lesson`` here, step by step (:mod:`.guide`)."""
        self.guide = Guide(self, self.ui, self.match, lesson)
        return self.guide

    def end_guide(self, relayout: bool = True) -> None:
        self.guide = None
        if relayout:
            self.app.relayout()

    def start_match(self, match: Match) -> None:
        self.app.start_match(match)

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
            self.toasts[-1].left = 3 * self.TOAST_TIME  # a longer message, and news to the player
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
        self.panel.layout(self.panel_rect)

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
                self.human_move(move)
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
        used = self.history.handle_key(event)
        if used == "fork":
            self.fork_here()
        if used:
            return True
        if event.key == pygame.K_ESCAPE:
            # Escape (gamepad B) first backs out of a half-made move, then pauses.
            if self.interactive and getattr(self.view, "has_selection", False):
                self.guard("handle_event", self.view.handle_event, event, self.shown_state(), self._ctx_now())
                return True
            self.open_pause_menu()
            return True
        return self._command_key(event)

    def _command_key(self, event: pygame.event.Event) -> bool:
        """Ctrl+Z / Ctrl+Y, H, and Enter / R after an AI failure."""
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_z and ctrl:
            self.undo()
            return True
        if (event.key == pygame.K_y or event.key == pygame.K_z and event.mod & pygame.KMOD_SHIFT) and ctrl:
            self.redo()
            return True
        if event.key == pygame.K_h and not ctrl and self.mode == "play":
            self.request_hint()
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
            toast.left -= dt
        self.toasts = [t for t in self.toasts if t.left > 0]
        if self._pause_for is not None:
            message, self._pause_for = self._pause_for, None
            self.open_pause_menu(error=message)
            return
        if self.mode == "replay":
            self.history.update_replay(dt, self.animating)
            return
        if self.shared is not None:
            self.shared.sync()
        self.turns.poll(dt)
        if self.rules_error is not None:
            return
        try:
            event = self.turns.advance(
                dt,
                time=self.time,
                browsing=self.history.browse is not None,
                animating=self.animating,
                guide=self.guide,
            )
            if event is not None:
                self._apply(event)
        except Exception as exc:  # the plugin's state code failed (outcome, legal_moves, ...)
            self.rules_failed("turn", exc)

    def _draw_view(self, surface: pygame.Surface, shown: GameState, ctx: ViewContext) -> bool:
        self.view.draw(surface, shown, ctx)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self._ctx_now()
        shown = self.shown_state()
        if not self.guard("draw", self._draw_view, surface, shown, ctx, default=False):
            draw_view_failure(self.ui, surface, self.board_rect, self.view_error)
        frame = PanelFrame(
            time=self.time,
            interactive=ctx.interactive,
            view=self.view,
            shown=shown,
            ctx=ctx,
            paused=not self.is_top,
        )
        self.panel.draw(surface, frame)
        if self.guide is not None:
            self.guide.draw(surface)
        self.panel.draw_toasts(surface, self.toasts)  # beside the board, never over it
        browse = self.history.browse
        if self.mode == "demo":
            draw_banner(self.ui, surface, self.board_rect, _("Demo · press any key"))
        elif self.turns.ended_by_room and browse is None:
            draw_banner(self.ui, surface, self.board_rect, self.turns.ended_by_room)
        elif browse is not None and self.mode == "play":
            draw_banner(
                self.ui,
                surface,
                self.board_rect,
                _("Looking back: move {ply} of {total}").format(ply=browse, total=self.match.ply),
            )


def start_guided(app: Host, game: GameDef, players: Sequence[str] = ()) -> PlayScene:
    """Play ``game``'s tutorial: the learner (the seat to move at its start) is the person; the
    other seats keep the AI chosen in ``players`` (a person's seat gets the default level), for
    the game that follows. Raises GameError when the tutorial does not play out."""
    lesson = play_out(game)
    level = str(getattr(getattr(app, "settings", None), "ai_level", "medium") or "medium")
    seats = lesson.start.players
    chosen = list(players)[:seats] + [level] * max(0, seats - len(players))
    chosen = [HUMAN if i == lesson.learner else (p if p != HUMAN else level) for i, p in enumerate(chosen)]
    tutorial = lesson.tutorial
    match = Match(game, lesson.options, seed=lesson.seed, position=tutorial.position, players=chosen)
    scene = app.start_match(match)
    assert isinstance(scene, PlayScene)
    scene.start_guide(lesson)
    app.relayout()
    return scene
