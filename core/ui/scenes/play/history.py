"""The play screen's way through the game's moves: undo and redo (Ctrl+Z / Ctrl+Y), browsing
the move list (a click on a move, or PgUp/PgDn, shows that position read-only; Enter there plays
on from it, a fork), and replays of finished games (play, pause, speed). A restart is the
scene's (it makes a new match and gives it to its parts); the game it replaced is kept here
until a person moves in the new one, and Undo brings it back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

import pygame

from tafel.i18n import _
from tafel.match import Match
from tafel.ui.scenes.play.host import HistoryHost


class History:
    """Undo, redo, fork, browse and replay for one play screen, given the match and a
    :class:`~.host.HistoryHost`. Undo, redo and fork change the match and return True; the scene
    then starts the turn afresh (it cancels the search, shows the position, saves)."""

    #: Replay speeds in moves per second.
    REPLAY_SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)

    def __init__(self, host: HistoryHost, match: Match) -> None:
        self.host = host
        #: The match looked through (the scene gives the new one on a restart).
        self.match = match
        replay = host.mode == "replay"
        #: The position looked at in the move list (a ply), None for the live game.
        self.browse: int | None = 0 if replay else None
        self.replay_playing = replay
        self.replay_speed = 1.0
        self.replay_timer = 0.0
        #: The game a restart replaced, until a person moves in the new one: Undo brings it back
        #: (the scene keeps it in the autosave until then).
        self.replaced: Match | None = None

    @property
    def shown_ply(self) -> int:
        """How many moves the shown position has (the live game, or the one browsed)."""
        return self.match.ply if self.browse is None else self.browse

    @property
    def browsing(self) -> bool:
        return self.browse is not None and self.host.mode == "play"

    # --- taking moves back ---------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether Undo does something: moves to take back, or a restart to take back."""
        return self.match.can_undo or self.replaced is not None

    def keep_replaced(self, old: Match) -> bool:
        """A restart replaced ``old``: keep it for Undo when it was a game under way that allows
        taking moves back (a restart of the restarted game keeps the first). True when kept."""
        if old.ply and not old.state.is_over and old.undo_allowed:
            self.replaced = old
        return self.replaced is not None

    def undo(self) -> bool:
        """Take the last moves back (to a person's turn); False, with a note, when it cannot."""
        host = self.host
        if host.mode != "play":
            return False
        if not self.match.undo_allowed:
            host.toast(_("This game does not allow taking moves back."), error=True)
            return False
        if not self.match.can_undo:
            host.toast(_("Nothing to undo."))
            return False
        self.match.undo()
        return True

    def redo(self) -> bool:
        """Play again the moves the last undo took back; False, with a note, when there are none.
        The game's own errors propagate (the scene stops the game)."""
        if self.host.mode != "play":
            return False
        if not self.match.can_redo:
            self.host.toast(_("Nothing to redo."))
            return False
        self.match.redo()
        return True

    # --- browsing the move list ----------------------------------------------------------------

    def browse_to(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (read-only); None or the last ply: the live game."""
        if ply is not None:
            ply = max(0, min(self.match.ply, ply))
            if ply == self.match.ply and self.host.mode == "play":
                ply = None
        old = self.shown_ply
        if ply == self.browse:
            return
        self.browse = ply
        new = self.shown_ply
        if new == old + 1:
            self.host.show_step(self.match.states[old], self.match.moves[old], self.match.states[new])
        else:
            self.host.show_position()

    def step_browse(self, delta: int) -> None:
        self.browse_to(self.shown_ply + delta)

    def back_to_live(self) -> None:
        self.browse_to(None)

    def fork_here(self) -> int | None:
        """Play on from the browsed position: the later moves are dropped (Ctrl+Y brings them
        back). Returns the ply played on from (None: not possible here)."""
        if self.browse is None or self.host.mode != "play":
            return None
        if not self.match.undo_allowed:
            self.host.toast(_("This game does not allow taking moves back."), error=True)
            return None
        ply = self.browse
        self.match.fork(ply)
        return ply

    @staticmethod
    def fork_note(ply: int) -> str:
        """The note after playing on from move ``ply``."""
        return _("Playing on from move {ply}.").format(ply=ply) if ply else _("Playing on from the start.")

    # --- replays -------------------------------------------------------------------------------

    def toggle_replay(self) -> None:
        if self.shown_ply >= self.match.ply and not self.replay_playing:
            self.browse_to(0)
        self.replay_playing = not self.replay_playing
        self.replay_timer = 0.0

    def change_speed(self, delta: int) -> None:
        speeds = self.REPLAY_SPEEDS
        i = min(range(len(speeds)), key=lambda k: abs(speeds[k] - self.replay_speed))
        self.replay_speed = speeds[max(0, min(len(speeds) - 1, i + delta))]

    def update_replay(self, dt: float, animating: Callable[[], bool]) -> None:
        """The replay moves on by ``dt`` seconds (``animating``: the board is still busy)."""
        if not self.replay_playing or animating():
            return
        self.replay_timer += dt
        if self.replay_timer >= 1.0 / self.replay_speed:
            self.replay_timer = 0.0
            if self.shown_ply >= self.match.ply:
                self.replay_playing = False
            else:
                self.step_browse(1)

    # --- keys ----------------------------------------------------------------------------------

    def handle_key(self, event: pygame.event.Event) -> bool | Literal["fork"]:
        """Keys of the move list: PgUp/PgDn (gamepad shoulders) always; while looking back also
        the arrows, Home/End, Enter (resume from here: ``"fork"``, for the scene to do) and Esc
        (back to the game). True when used."""
        k = event.key
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        if k == pygame.K_PAGEUP:
            self.step_browse(-1)
            return True
        if k == pygame.K_PAGEDOWN:
            self.step_browse(1)
            return True
        if self.host.mode == "replay":
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
            return "fork"  # the scene plays on from here (the turn starts afresh)
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
            self.host.leave()
            return True
        return False
