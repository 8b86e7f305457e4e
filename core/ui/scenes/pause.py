"""The pause menu over a running game (Esc): Resume, Undo, Save, Load, Restart, Rules, Settings,
Back to menu, Quit. When a game plugin failed, the same card shows the error with the ways out
(play the AI's seat yourself, retry, another AI level, the simple board) and Save game."""

from __future__ import annotations

from typing import Any

from tafel.i18n import N_, _, ngettext
from tafel.ui.scenes.dialog import ConfirmScene, DialogScene
from tafel.ui.widgets import Button


class PauseScene(DialogScene):
    """Esc or Resume goes back to the game."""

    def __init__(self, app: Any, play: Any, error: str | None = None) -> None:
        self.play = play
        self.error = error
        title, lines, buttons = self._contents()
        super().__init__(app, title, lines, buttons, on_back=self.resume_game)

    def language_changed(self) -> None:
        """The line and the game's own labels (resign, draw) were made in the old language."""
        key = getattr(self.focus.focused, "key", None)
        self.title, self.lines, self.buttons = self._contents()
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
            if play.ai_error and not play.rules_error:
                buttons += [
                    Button(N_("Play it myself"), self.take_over, kind="primary", key="takeover"),
                    Button(N_("Retry the AI"), self.retry, key="retry"),
                ]
                # Or another AI level plays the seat (one that hangs or fails may be the only bad one).
                for level in play.other_levels():
                    buttons.append(
                        Button(
                            _("Let AI {level} play").format(level=_(level)),
                            lambda lv=level: self.use_level(lv),
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
            buttons = [resume]
            # Game actions made from the menu rather than the board (resign, offer or answer a draw),
            # open to a human whose turn it is.
            state = match.state
            if not state.is_over and state.to_move in match.human_seats and play.mode == "play":
                for i, (label, move) in enumerate(_meta_moves(state)):
                    label = match.game.translate(label)
                    buttons.append(Button(label, lambda m=move: self.meta(m), key=f"meta:{i}"))
            buttons += [
                Button(N_("Undo move"), self.undo, key="undo", enabled=match.can_undo),
                save,
                Button(N_("Load game…"), self.load, key="load"),
                Button(N_("Restart"), self.restart, key="restart"),
                Button(N_("Rules"), self.rules, key="rules", enabled=bool(match.game.rules.strip())),
                Button(N_("Settings"), self.settings, key="settings"),
                menu,
                quit_,
            ]
            moves = len(match.texts)
            played = ngettext("{n} move played", "{n} moves played", moves).format(n=moves)
            lines = [f"{match.game.translate(match.game.title)} · {played}"]
            title = N_("Paused")
        return title, lines, buttons

    def resume_game(self) -> None:
        self.close()

    def meta(self, move: Any) -> None:
        self.close()
        self.play.human_move(move)

    def undo(self) -> None:
        self.close()
        self.play.undo()

    def take_over(self) -> None:
        self.close()
        self.play.take_over()

    def retry(self) -> None:
        self.close()
        self.play.retry_ai()

    def use_level(self, level: str) -> None:
        self.close()
        self.play.use_level(level)

    def simple(self) -> None:
        self.close()
        self.play.use_fallback_view()

    def restart(self) -> None:
        self.close()
        self.play.restart()

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

    def _leave(self, then: Any, title: str) -> None:
        over = self.play.match.state.is_over
        if not getattr(self.app.settings, "confirm_leave", False) or over or self.play.mode != "play":
            then()
            return
        self.app.push(
            ConfirmScene(
                self.app,
                title,
                N_("Your game is saved: Continue in the main menu resumes it."),
                then,
                yes=N_("Leave"),
                no=N_("Stay"),
            )
        )

    def menu(self) -> None:
        self._leave(self.app.back_to_menu, N_("Leave this game?"))

    def quit(self) -> None:
        self._leave(self.app.quit, N_("Quit Tafel?"))


def _is_fallback(view: Any) -> bool:
    from tafel.ui.scenes.play.fallback import FallbackView

    return isinstance(view, FallbackView)


def _meta_moves(state: Any) -> list[tuple[str, Any]]:
    try:
        return list(state.meta_moves())
    except Exception:  # a plugin bug here must not keep the pause menu from opening
        return []


def _engine_failed(play: Any) -> bool:
    """Whether the failure is an external engine's (its seat's player), not the game plugin's."""
    from tafel.engines import is_engine_agent

    seat = getattr(play.turns, "ai_seat", None)
    return (
        bool(play.ai_error)
        and not play.rules_error
        and seat is not None
        and is_engine_agent(play.match.players[seat])
    )
