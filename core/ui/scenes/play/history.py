"""The play screen's way through the game's moves: undo and redo (Ctrl+Z / Ctrl+Y), restart,
browsing the move list (a click on a move, or PgUp/PgDn, shows that position read-only; Enter
there plays on from it, a fork), and replays of finished games (play, pause, speed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from tafel.game import one_line
from tafel.i18n import _
from tafel.match import Match

if TYPE_CHECKING:
    from tafel.ui.scenes.play.scene import PlayScene


class History:
    """Undo, redo, restart, browse, fork and replay for one play scene."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        #: The position looked at in the move list (a ply), None for the live game.
        self.browse: int | None = 0 if scene.mode == "replay" else None
        self.replay_playing = scene.mode == "replay"
        self.replay_speed = 1.0
        self.replay_timer = 0.0

    @property
    def match(self) -> Match:
        return self.scene.match

    @property
    def shown_ply(self) -> int:
        """How many moves the shown position has (the live game, or the one browsed)."""
        return self.match.ply if self.browse is None else self.browse

    @property
    def browsing(self) -> bool:
        return self.browse is not None and self.scene.mode == "play"

    # --- taking moves back ---------------------------------------------------------------------

    def undo(self) -> bool:
        scene = self.scene
        if scene.mode != "play":
            return False
        if not self.match.undo_allowed:
            scene.toast(_("This game does not allow taking moves back."), error=True)
            return False
        if not self.match.can_undo:
            scene.toast(_("Nothing to undo."))
            return False
        turns = scene.turns
        turns.cancel()
        self.match.undo()
        # Taken back after the end: the game goes on, and its next end is reported again.
        turns.finished = turns.finished and self.match.state.is_over
        scene.reset_turn()
        scene.autosave()
        return True

    def redo(self) -> bool:
        scene = self.scene
        if scene.mode != "play":
            return False
        if not self.match.can_redo:
            scene.toast(_("Nothing to redo."))
            return False
        scene.turns.cancel()
        try:
            self.match.redo()
        except Exception as exc:
            scene.rules_failed("redo", exc)
            return False
        scene.reset_turn()
        scene.autosave()
        return True

    def restart(self, new_seed: bool = False) -> None:
        """The same game again from its start (a new random setup when ``new_seed``)."""
        scene = self.scene
        scene.turns.cancel()
        try:
            scene.match = self.match.restarted(new_seed=new_seed)
        except Exception as exc:
            scene.toast(_("Restart failed: {error}").format(error=one_line(exc)), error=True)
            return
        scene.turns.finished = False
        scene.rules_error = None
        scene.reset_turn()
        scene.autosave()

    # --- browsing the move list ----------------------------------------------------------------

    def browse_to(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (read-only); None or the last ply: the live game."""
        scene = self.scene
        if ply is not None:
            ply = max(0, min(self.match.ply, ply))
            if ply == self.match.ply and scene.mode == "play":
                ply = None
        old = self.shown_ply
        if ply == self.browse:
            return
        self.browse = ply
        new = self.shown_ply
        view = scene.view
        if new == old + 1:
            before, after = self.match.states[old], self.match.states[new]
            move = self.match.moves[old]
            scene.guard("on_move", view.on_move, before, move, after)
            scene.play_sound(scene.guard("sound_for", view.sound_for, before, move, after))
        else:
            scene.guard("reset", view.reset, scene.shown_state())

    def step_browse(self, delta: int) -> None:
        self.browse_to(self.shown_ply + delta)

    def back_to_live(self) -> None:
        self.browse_to(None)

    def fork_here(self) -> bool:
        """Play on from the browsed position: the later moves are dropped (Ctrl+Y brings them back)."""
        scene = self.scene
        if self.browse is None or scene.mode != "play":
            return False
        if not self.match.undo_allowed:
            scene.toast(_("This game does not allow taking moves back."), error=True)
            return False
        ply = self.browse
        turns = scene.turns
        turns.cancel()
        self.match.fork(ply)
        turns.finished = turns.finished and self.match.state.is_over
        scene.reset_turn()
        scene.autosave()
        scene.toast(
            _("Playing on from move {ply}.").format(ply=ply) if ply else _("Playing on from the start.")
        )
        return True

    # --- replays -------------------------------------------------------------------------------

    def toggle_replay(self) -> None:
        if self.shown_ply >= self.match.ply and not self.replay_playing:
            self.browse_to(0)
        self.replay_playing = not self.replay_playing
        self.replay_timer = 0.0

    def change_speed(self, delta: int) -> None:
        speeds = self.scene.REPLAY_SPEEDS
        i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.replay_speed))
        self.replay_speed = speeds[max(0, min(len(speeds) - 1, i + delta))]

    def update_replay(self, dt: float) -> None:
        if not self.replay_playing or self.scene.animating():
            return
        self.replay_timer += dt
        if self.replay_timer >= 1.0 / self.replay_speed:
            self.replay_timer = 0.0
            if self.shown_ply >= self.match.ply:
                self.replay_playing = False
            else:
                self.step_browse(1)

    # --- keys ----------------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool:
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
        if self.scene.mode == "replay":
            return self._replay_key(k)
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

    def _replay_key(self, k: int) -> bool:
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
            self.scene.leave()
            return True
        return False
