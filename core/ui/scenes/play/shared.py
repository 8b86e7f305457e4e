"""A game shared with a player elsewhere (online play), on the play screen.

The room's game (the host's, :mod:`tafel.net`) is the true one; this screen's match follows it.
Each frame :meth:`SharedTable.sync` sends the move made here (``SharedGame.follow``), takes the
room's news, and brings the board back to the room's game when they differ: an undo the other
side allowed, a move the host refused, a rematch (a new match, the seats swapped), a reconnect.
The other side's moves themselves come the way every seat's do, through the turn controller.

Undo, draw offers, resign and rematch are requests to the room: the other side accepts or
declines in a dialog (:meth:`SharedHost.ask_player`), and a move is taken back here only once
the room has taken it back. A game the room ends without the rules (a resignation, an agreed
draw, a clock that ran out) keeps its last position; :attr:`SharedTable.result` says how it ended.

The part holds no screen: it is given the seats' shared source, the match and a
:class:`SharedHost` (the scene).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from tafel.i18n import N_, _
from tafel.match import HUMAN, Match
from tafel.ui.scenes.play.seats import SharedGame

if TYPE_CHECKING:
    from tafel.net.game import HostGame
    from tafel.net.guest import GuestView
    from tafel.net.remote import RemoteEvent

#: The offers' wording in the other side's dialog: title, line, the yes button.
OFFER_WORDS = {
    "undo": (N_("Take back a move?"), N_("{name} asks to take back their last move."), N_("Allow")),
    "draw": (N_("A draw?"), N_("{name} offers a draw."), N_("Accept the draw")),
    "rematch": (N_("A rematch?"), N_("{name} asks for a rematch."), N_("Play again")),
}
#: What this side sees when the other side says no.
DECLINED_WORDS = {
    "undo": N_("{name} did not allow the take-back."),
    "draw": N_("{name} declined the draw."),
    "rematch": N_("{name} declined the rematch."),
}
#: What this side sees when it asked.
ASKED_WORDS = {
    "undo": N_("Asked {name} to take back your last move…"),
    "draw": N_("Draw offered to {name}…"),
    "rematch": N_("Asked {name} for a rematch…"),
}


class SharedHost(Protocol):
    """What the shared game asks of the play screen."""

    def toast(self, text: str, error: bool = False) -> None: ...

    def ask_player(
        self, title: str, line: str, yes: str, no: str, on_yes: Callable[[], None], on_no: Callable[[], None]
    ) -> None:
        """A dialog over the game: the other side's offer, answered yes or no."""
        ...

    def adopt(self, match: Match) -> None:
        """Show ``match`` (the room's game) instead of the one shown."""
        ...

    def game_ended_elsewhere(self) -> None:
        """The room ended the game without the rules (resign, agreed draw, time)."""
        ...


def match_of_room(
    view: GuestView, mine: int, host_game: HostGame | None = None, base: Match | None = None
) -> Match:
    """The match a play screen shows for the room's game ``view`` (:class:`tafel.net.guest.
    GuestView`): seat ``mine`` a person here, the other ``remote:NAME``, the room's moves played.
    ``host_game``: the host's own :class:`tafel.net.game.HostGame` (its seed and start)."""
    from tafel.net.remote import REMOTE_PREFIX

    players = [HUMAN, HUMAN]
    players[1 - mine] = REMOTE_PREFIX + (view.names[1 - mine] or "?")
    source = host_game if host_game is not None else view
    match = Match(view.game, source.options, seed=source.seed, position=source.start, players=players)
    match.replay(list(view.moves))
    if base is not None:
        match.id = base.id  # the same game, brought back to the room's moves
    return match


def room_result_line(view: GuestView, names: list[str], draw_offered: bool = False) -> str:
    """How the room ended a game the rules had not ended, in this side's language: the host's
    line is in the host's (``Blue wins: Red resigned``). A loser whose clock shows no time left
    ran out of it, any other loser resigned; a draw after an offer was agreed (another draw, the
    host's ply limit, keeps the host's words)."""
    from tafel.game import Outcome
    from tafel.net.game import result_line

    result = view.result
    if result is None:  # the room's game goes on
        return ""
    rewards = tuple(result.rewards)
    if len(rewards) != 2 or len(names) < 2:
        return str(result.line)
    if rewards[0] == rewards[1]:
        reason = _("draw agreed") if draw_offered else str(result.reason)
        return result_line(Outcome(rewards, reason), names)
    loser = 0 if rewards[0] < rewards[1] else 1
    left = (view.clock or {}).get("left") if isinstance(view.clock, dict) else None
    timed_out = isinstance(left, list) and len(left) == 2 and float(left[loser]) <= 0.0
    words = _("{name} ran out of time") if timed_out else _("{name} resigned")
    return result_line(Outcome(rewards, words.format(name=names[loser])), names)


class SharedTable:
    """The play screen's side of a shared game (see the module docstring)."""

    def __init__(self, host: SharedHost, source: SharedGame, match: Match) -> None:
        self.host = host
        self.source = source
        self.match = match
        #: The room's result when the room, not the rules, ended the game (else None).
        self.result: str | None = None
        self._round: int | None = None
        self._resync = False
        self._draw_offered = False  # a draw offer was open this round (a draw now was agreed)

    # --- names -----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.source.name_of(seat) or _("the other side")

    @property
    def other(self) -> int:
        mine = self.source.my_seat
        return 1 - mine if mine is not None else 1

    # --- each frame -------------------------------------------------------------------------------

    def sync(self) -> None:
        """Send this side's move, take the room's news, bring the board back to the room's game."""
        match = self.match
        movers = [state.to_move for state in match.states[:-1]]
        self.source.follow(list(match.texts), movers)
        for event in self.source.news():
            self._event(event)
        view = self.source.game
        if view is None or self.source.my_seat is None:
            return
        if self._round is None:
            self._round = view.round
        if view.round != self._round:
            self._round, self.result, self._draw_offered = view.round, None, False
            self._adopt(view, new_round=True)
            return
        room, board = list(view.moves), list(match.texts)
        ahead_by_other = (
            len(room) == len(board) + 1 and room[:-1] == board and match.state.to_move == self.other
        )
        mine_pending = (
            len(board) == len(room) + 1 and board[:-1] == room and movers[-1] == self.source.my_seat
        )
        if self._resync:
            self._resync = False
            if room != board:
                self._adopt(view)
                return
        if room != board and not ahead_by_other and not (mine_pending and view.status == "playing"):
            self._adopt(view)
        elif view.result is not None and not match.state.is_over and room == board and self.result is None:
            self.result = room_result_line(view, match.seat_names, self._draw_offered)
            self.host.game_ended_elsewhere()

    def _adopt(self, view: GuestView, new_round: bool = False) -> None:
        mine = self.source.my_seat
        assert mine is not None
        try:
            match = match_of_room(view, mine, base=None if new_round else self.match)
        except Exception as exc:  # the room's moves do not fit this side's rules
            self.host.toast(_("The online game could not be shown: {error}").format(error=exc), error=True)
            return
        self.match = match
        self.host.adopt(match)
        if new_round:
            self.host.toast(
                _("A new game with {name}: you play {seat}.").format(
                    name=self.name(self.other), seat=match.seat_names[mine]
                )
            )

    def _event(self, event: RemoteEvent) -> None:
        kind, data = event.kind, event.data
        mine = self.source.my_seat
        if kind == "offer" and isinstance(data, dict):
            self._draw_offered = data.get("kind") == "draw"
        if kind == "offer" and isinstance(data, dict) and data.get("by") != mine:
            self._offered(str(data.get("kind")))
        elif kind == "declined" and isinstance(data, dict) and data.get("by") != mine:
            words = DECLINED_WORDS.get(str(data.get("kind")))
            if words:
                self.host.toast(_(words).format(name=self.name(self.other)), error=True)
        elif kind == "undo":
            self._resync = True  # taken back in the room: the board follows
            self.host.toast(_("A move was taken back."))
        elif kind == "refused":
            self._resync = True  # the board goes back to the room's game
            self.host.toast(_("The host refused: {why}").format(why=event.text), error=True)
        elif kind == "connection":
            self.host.toast(event.text, error=data is False or (isinstance(data, tuple) and not data[0]))
        elif kind == "problem":
            self.host.toast(str(data), error=True)

    def _offered(self, kind: str) -> None:
        words = OFFER_WORDS.get(kind)
        if words is None:
            return
        title, line, yes = words
        name = self.name(self.other)
        self.host.ask_player(
            _(title),
            _(line).format(name=name),
            _(yes),
            _("Decline"),
            lambda: self.source.answer(kind, True),
            lambda: self.source.answer(kind, False),
        )

    # --- this side's requests -------------------------------------------------------------------

    def ask(self, kind: str) -> bool:
        """Ask the other side for ``kind`` (undo, draw, rematch) or resign; True when sent."""
        view = self.source.game
        if view is None:
            self.host.toast(_("Not connected to the room yet."), error=True)
            return False
        self.source.ask(kind)
        words = ASKED_WORDS.get(kind)
        if words:
            self.host.toast(_(words).format(name=self.name(self.other)))
        return True

    def leave_note(self) -> str:
        """What leaving the game does to the room (the pause menu's question says it)."""
        view = self.source.game
        if view is not None and view.host_seat == self.source.my_seat:
            return _("You host this room: leaving closes it, and {name} cannot go on.").format(
                name=self.name(self.other)
            )
        return _("The room keeps the game: the same code takes you back to it.")

    def pause_actions(self) -> list[tuple[str, str, Callable[[], object], bool]]:
        """The pause menu's rows for the shared game: (key, label, action, ends the game)."""
        view = self.source.game
        if view is None:
            return []
        if view.status == "over" or self.match.state.is_over:
            return [("online:rematch", _("Ask for a rematch"), lambda: self.ask("rematch"), False)]
        if view.status != "playing":
            return []
        return [
            ("online:draw", _("Offer a draw"), lambda: self.ask("draw"), False),
            ("online:resign", _("Resign"), lambda: self.ask("resign"), True),
        ]
