"""The pause menu over a running game (Esc): Resume, Undo, Restart, Rules, Back to menu, Quit."""

from __future__ import annotations

from typing import Any

from core.ui.scenes.dialog import DialogScene
from core.ui.widgets import Button


class PauseScene(DialogScene):
    """Esc or Resume goes back to the game."""

    def __init__(self, app: Any, play: Any) -> None:
        self.play = play
        match = play.match
        buttons = [
            Button("Resume", self.resume_game, kind="primary", key="resume"),
            Button("Undo move", self.undo, key="undo", enabled=match.can_undo),
            Button("Restart", self.restart, key="restart"),
            Button("Rules", self.rules, key="rules", enabled=bool(match.game.rules.strip())),
            Button("Back to menu", self.menu, key="menu"),
            Button("Quit", self.quit, kind="danger", key="quit"),
        ]
        moves = len(match.texts)
        line = f"{match.game.title} · {moves} move{'s' if moves != 1 else ''} played"
        super().__init__(app, "Paused", [line], buttons, on_back=self.resume_game)

    def resume_game(self) -> None:
        self.close()

    def undo(self) -> None:
        self.close()
        self.play.undo()

    def restart(self) -> None:
        self.close()
        self.play.restart()

    def rules(self) -> None:
        from core.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.play.match.game))

    def menu(self) -> None:
        self.app.back_to_menu()

    def quit(self) -> None:
        self.app.quit()
