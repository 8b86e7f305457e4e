"""The pause menu over a running game (Esc): Resume, Undo, Save, Load, Rules, Settings, then set
apart below a line the rows that end or leave the game: the game's own actions (Offer a draw,
Resign), Restart, Back to menu, Quit. The harmless rows come first in every game, so a click
learnt in one game lands on a harmless row or one that asks in another (the card's rows
get smaller with the game's own rows, so they cannot keep their pixels). Nothing is lost by one click: Restart, a game
action that ends the game (Resign, Accept the draw), Back to menu and Quit ask first while a
game is under way, the focus on the safe answer. When a game plugin failed, the same card shows
the error with the ways out (play the AI's seat yourself, retry, another AI level, the simple
board) and Save game."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from tafel.i18n import N_, _, ngettext
from tafel.ui.scenes.dialog import ConfirmScene, DialogScene
from tafel.ui.widgets import Button

if TYPE_CHECKING:
    from tafel.game import GameState, Move
    from tafel.match import Match
    from tafel.ui.scene import Host
    from tafel.ui.scenes.play.history import History
    from tafel.ui.scenes.play.turns import Turns
    from tafel.view import BoardView


class PauseScene(DialogScene):
    """Esc or Resume goes back to the game."""

    def __init__(self, app: Host, play: PausedGame, error: str | None = None) -> None:
        # ``app``: the arcade (tafel.ui.app.App), as every dialog takes it; naming its type here
        # would close an import cycle (the app opens the play screen, which opens this card).
        self.play = play
        self.error = error
        title, lines, buttons = self._contents()
        super().__init__(app, title, lines, buttons, on_back=self.resume_game)
        self.apart = self._first_apart()

    def _first_apart(self) -> str | None:
        """The first row of the group that ends or leaves the game (None on the error card)."""
        if self.error:
            return None
        keys = [b.key for b in self.buttons]
        return next((k for k in keys if k == "restart" or str(k).startswith(("meta:", "online:"))), None)

    def language_changed(self) -> None:
        """The line and the game's own labels (resign, draw) were made in the old language."""
        key = getattr(self.focus.focused, "key", None)
        self.title, self.lines, self.buttons = self._contents()
        self.apart = self._first_apart()
        self.focus.set_items(self.buttons)
        if key is not None:
            self.focus.focus(key)

    def _contents(self) -> tuple[str, list[str], list[Button]]:
        """The title, lines and buttons, in the current language."""
        play, error = self.play, self.error
        match = play.match
        resume = Button(N_("Resume"), self.resume_game, kind="primary", key="resume")
        save = Button(N_("Save game…"), self.save, key="save")
        menu = Button(N_("Back to menu"), self.menu, key="menu")
        quit_ = Button(N_("Quit"), self.quit, kind="danger", key="quit")
        if error:
            buttons = []
            if play.turns.ai_error and not play.rules_error:
                buttons += [
                    Button(N_("Play it myself"), self.take_over, kind="primary", key="takeover"),
                    Button(
                        N_("Retry the engine") if _engine_failed(play) else N_("Retry the AI"),
                        self.retry,
                        key="retry",
                    ),
                ]
                # Or another AI level plays the seat (one that hangs or fails may be the only bad one).
                for level in play.turns.other_levels():
                    buttons.append(
                        Button(
                            _("Let the {level} AI play").format(level=_(level)),
                            partial(self.use_level, level),
                            key=f"level:{level}",
                        )
                    )
                resume.kind = "normal"
            elif play.view_error and not play.rules_error and not _is_fallback(play.view):
                buttons.append(Button(N_("Simple board"), self.simple, kind="primary", key="simple"))
                resume.kind = "normal"
            buttons += [resume, save, menu, quit_]
            lines = [error, N_("The game is saved: you can keep it, and Continue in the menu resumes it.")]
            title = N_("An engine failed") if _engine_failed(play) else N_("A game plugin failed")
        else:
            buttons = [
                resume,
                self._undo_button(),
                save,
                Button(N_("Load game…"), self.load, key="load"),
                Button(N_("Rules"), self.rules, key="rules", enabled=bool(match.game.rules.strip())),
                Button(N_("Settings"), self.settings, key="settings"),
            ]
            # Below a line: what ends or leaves the game. First the game's own actions made from
            # the menu rather than the board (resign, offer or answer a draw), open to a human
            # whose turn it is.
            state = match.state
            if not state.is_over and state.to_move in match.human_seats and play.mode == "play":
                for i, (label, move) in enumerate(_meta_moves(state)):
                    label = match.game.translate(label)
                    buttons.append(Button(label, partial(self.meta, move, label), key=f"meta:{i}"))
            # An online game's requests to the other side (offer a draw, resign, a rematch).
            online = play.table_actions()
            for key, label, action, ends in online:
                buttons.append(Button(label, partial(self.table, action, label, ends), key=key))
            if not online:  # an online game starts again as a rematch, asked above
                buttons.append(Button(N_("Restart"), self.restart, key="restart"))
            buttons += [menu, quit_]
            moves = len(match.texts)
            played = ngettext("{n} move played", "{n} moves played", moves).format(n=moves)
            lines = [f"{match.game.translate(match.game.title)} · {played}"]
            title = N_("Paused")
        return title, lines, buttons

    def resume_game(self) -> None:
        self.close()

    def meta(self, move: Move, label: str = "") -> None:
        """A game action from the menu; one that ends the game (resign, accept a draw) asks first."""

        def act() -> None:
            self.close()
            self.play.human_move(move)

        if not _ends_game(self.play.match.state, move):
            act()
            return
        self.app.push(
            ConfirmScene(
                self.app,
                _("{action}?").format(action=label) if label else N_("End the game?"),
                N_("This ends the game."),
                act,
                yes=label or N_("End the game"),
                no=N_("Keep playing"),
            )
        )

    def table(self, action: Callable[[], object], label: str, ends: bool) -> None:
        """An online game's request (:meth:`tafel.ui.scenes.play.PlayScene.table_actions`); one that
        ends the game (resign) asks first."""

        def act() -> None:
            self.close()
            action()

        if not ends:
            act()
            return
        self.app.push(
            ConfirmScene(
                self.app,
                _("{action}?").format(action=label),
                N_("This ends the game."),
                act,
                yes=label,
                no=N_("Keep playing"),
            )
        )

    def _undo_button(self) -> Button:
        """Undo the last move, or, right after a restart, the restart (the old game back)."""
        if self.play.history.replaced is not None and not self.play.match.can_undo:
            return Button(N_("Undo restart"), self.undo, key="undo")
        return Button(N_("Undo move"), self.undo, key="undo", enabled=self.play.match.can_undo)

    def undo(self) -> None:
        self.close()
        self.play.undo()

    def take_over(self) -> None:
        self.close()
        self.play.turns.take_over()

    def retry(self) -> None:
        self.close()
        self.play.turns.retry_ai()

    def use_level(self, level: str) -> None:
        self.close()
        self.play.turns.use_level(level)

    def simple(self) -> None:
        self.close()
        self.play.use_fallback_view()

    def restart(self) -> None:
        """The same game from its start; a game under way asks first (its moves would be lost)."""

        def act() -> None:
            self.close()
            self.play.restart()

        match = self.play.match
        moves = len(match.texts)
        if moves == 0 or match.state.is_over or self.play.mode != "play":
            act()
            return
        lost = ngettext("{n} move played would be lost.", "{n} moves played would be lost.", moves).format(
            n=moves
        )
        self.app.push(
            ConfirmScene(
                self.app, N_("Restart this game?"), lost, act, yes=N_("Restart"), no=N_("Keep playing")
            )
        )

    def save(self) -> None:
        from tafel.ui.scenes.savelist import SaveNameScene

        self.app.push(SaveNameScene(self.app, self.play.match))

    def load(self) -> None:
        from tafel.ui.scenes.savelist import SavesScene

        self.app.push(SavesScene(self.app))

    def rules(self) -> None:
        from tafel.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.play.match.game))

    def settings(self) -> None:
        from tafel.ui.scenes.settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def _leave(self, then: Callable[[], object], title: str) -> None:
        match = self.play.match
        asks = getattr(self.app.settings, "confirm_leave", True)
        if not asks or match.state.is_over or self.play.mode != "play" or not match.texts:
            then()
            return
        self.app.push(
            ConfirmScene(
                self.app,
                title,
                _leave_note(self.play),
                then,
                yes=N_("Leave"),
                no=N_("Stay"),
            )
        )

    def menu(self) -> None:
        self._leave(self.app.back_to_menu, N_("Leave this game?"))

    def quit(self) -> None:
        self._leave(self.app.quit, N_("Quit Tafel?"))


def _leave_note(play: PausedGame) -> str:
    """What leaving keeps: the autosave, or for an online game what becomes of its room."""
    shared = getattr(play, "shared", None)
    if shared is not None:
        return str(shared.leave_note())
    return N_("Your game is saved: Continue in the main menu resumes it.")


def _is_fallback(view: BoardView) -> bool:
    from tafel.ui.scenes.play.fallback import FallbackView

    return isinstance(view, FallbackView)


def _ends_game(state: GameState, move: Move) -> bool:
    """Whether playing ``move`` ends the game (a resignation, an accepted draw); True when the game
    cannot say (asking once too often loses nothing)."""
    try:
        return state.play(move).outcome is not None
    except Exception:
        return True


def _meta_moves(state: GameState) -> list[tuple[str, Move]]:
    try:
        return list(state.meta_moves())
    except Exception:  # a plugin bug here must not keep the pause menu from opening
        return []


def _engine_failed(play: PausedGame) -> bool:
    """Whether the failure is an external engine's (its seat's player), not the game plugin's."""
    from tafel.engines import is_engine_agent

    seat = play.turns.ai_seat
    return (
        bool(play.turns.ai_error)
        and not play.rules_error
        and seat is not None
        and is_engine_agent(play.match.players[seat])
    )


class PausedGame(Protocol):
    """What the pause menu needs of the play screen (:class:`tafel.ui.scenes.play.PlayScene`):
    the match, the turn (an AI's failure and the ways out of it), the view, and the screen's
    own actions."""

    match: Match
    turns: Turns
    history: History
    view: BoardView

    @property
    def mode(self) -> str: ...

    @property
    def rules_error(self) -> str | None: ...

    @property
    def view_error(self) -> str | None: ...

    def human_move(self, move: Move) -> bool: ...

    def undo(self) -> bool: ...

    def restart(self, new_seed: bool = False) -> None: ...

    def use_fallback_view(self) -> None: ...

    def table_actions(self) -> list[tuple[str, str, Callable[[], object], bool]]: ...
