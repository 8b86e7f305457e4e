"""What the play screen's parts may ask of the scene that holds them, and what they hand back.

The parts (:class:`~tafel.ui.scenes.play.turns.Turns`, :class:`~tafel.ui.scenes.play.history.History`,
:class:`~tafel.ui.scenes.play.panel.Panel`, :class:`~tafel.ui.scenes.play.guide.Guide`) never
hold the scene: each is given the match, the seats or the view it needs and its host
(:class:`TurnsHost`, :class:`HistoryHost`, :class:`PanelHost`, :class:`GuideHost`; the scene is
all of them, a :class:`PlayHost`): the few things only the screen can do (a note beside the board,
a sound, the autosave, a pause for an error, showing a position on the board). A move a part wants played is handed back as a
:class:`PlayMove`; the scene plays it into the match, so every move takes one way:
view or seat -> scene -> match -> scene -> view.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol, TypeVar, overload

from tafel.game import GameState, Move
from tafel.match import Match

T = TypeVar("T")
D = TypeVar("D")  # what a guarded call gives when the code raises


class Screen(Protocol):
    """What every part may ask of the screen: its mode, a note beside the board, a sound, a
    seat's name."""

    @property
    def mode(self) -> str:
        """``"play"``, ``"replay"`` or ``"demo"``."""
        ...

    def toast(self, text: str, error: bool = False) -> None:
        """A short note at the foot of the side panel, never over the board (``error``: framed red,
        with the "invalid" sound)."""
        ...

    def play_sound(self, name: str | None) -> None: ...

    def seat_name(self, seat: int) -> str: ...


class TurnsHost(Screen, Protocol):
    """What the turn controller asks of the screen."""

    def drop_toast(self, text: str) -> None:
        """Take the note ``text`` away (it is answered)."""
        ...

    def autosave(self) -> None:
        """Store the game (after every change)."""
        ...

    def autosave_failed(self, message: str) -> None: ...

    def error_pause(self, message: str) -> None:
        """Pause the game to show a failure (once per distinct message)."""
        ...

    def rules_failed(self, what: str, exc: BaseException) -> None:
        """The game's own rules code raised: the game stops with the error shown."""
        ...

    def next_demo(self) -> None:
        """The demo is over: the next one, or back to the menu."""
        ...


class HistoryHost(Screen, Protocol):
    """What the history asks of the screen: the board shows another position."""

    def show_step(self, before: GameState, move: Move, after: GameState) -> None:
        """The board shows ``move`` played (its animation and sound), while looking back."""
        ...

    def show_position(self) -> None:
        """The board shows the (browsed or live) position afresh, without a move."""
        ...

    def leave(self) -> None:
        """Close the screen (a replay, a demo)."""
        ...


class PanelHost(Screen, Protocol):
    """What the side panel asks of the screen: the game's own drawing code, guarded."""

    @overload
    def guard(self, what: str, fn: Callable[..., T], *args: object) -> T | None: ...
    @overload
    def guard(self, what: str, fn: Callable[..., T], *args: object, default: D) -> T | D: ...
    def guard(self, what: str, fn: Callable[..., object], *args: object, default: object = None) -> object:
        """``fn(*args)``, or ``default`` when the board view's (or the game's drawing) code
        raises; the error is shown."""
        ...


class GuideHost(Screen, Protocol):
    """What a guided first game asks of the screen."""

    def end_guide(self, relayout: bool = True) -> None:
        """The guided first game is over: its card goes (the board gets its room back)."""
        ...

    def start_match(self, match: Match) -> None:
        """A new game on a new play screen."""
        ...


class PlayHost(TurnsHost, HistoryHost, PanelHost, GuideHost, Protocol):
    """All the screen's services for its parts (the play scene implements them)."""


@dataclass
class Failures:
    """What failed on the screen, shown in the panel: the game's rules (the game stops) and
    the board view (the simple view can stand in). The scene writes it; the panel reads it."""

    rules: str | None = None
    view: str | None = None


@dataclass(frozen=True)
class PlayMove:
    """A move a part wants played: ``by`` the AI (or an engine, or a player elsewhere), a
    forced ``"pass"``, or the ``"guide"``'s scripted reply."""

    move: Move
    by: Literal["seat", "pass", "guide"]


@dataclass(frozen=True)
class ShowGameOver:
    """The game ended and its last move has been seen: the game-over card opens."""


#: What :meth:`tafel.ui.scenes.play.turns.Turns.advance` hands the scene.
TurnEvent = PlayMove | ShowGameOver
