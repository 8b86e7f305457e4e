"""The room's own board: a spectator watching a room, and the guest of a game with hidden pieces.

A spectator (the ``watch`` code) holds the room's game read only: the board as the host last
published it, the players, whose turn, the host's clocks, the last moves in words, the end. The
guest of a game whose pieces are hidden from it (a game dealt by the host: the deal is the host's
secret) cannot hold the whole game the play screen needs, so it plays here on the position the
room shows: its moves go to the host, which checks them, and each new position comes back from
the room. Both see what the room says about the deal: sealed before the first move (the
commitment) and, at the end, whether the revealed deal matches it (:func:`tafel.net.remote.
deal_lines`).

The board is the game's own view (:class:`tafel.ui.scenes.puzzle_board.PuzzleBoard`, the play
screen in small); nothing here waits on the network (:meth:`RemoteSeat.poll` each frame).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from tafel.game import GameState, Move
from tafel.i18n import N_, _
from tafel.net.game import result_line, start_state
from tafel.net.remote import RemoteEvent, clock_line, deal_lines
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.play.shared import DECLINED_WORDS, OFFER_WORDS, room_result_line
from tafel.ui.scenes.puzzle_board import PuzzleBoard, room_rects
from tafel.ui.widgets import BODY, H2, SMALL, Button, FocusList, is_back

if TYPE_CHECKING:
    from tafel.net.guest import GuestView
    from tafel.net.remote import RemoteSeat

#: The last moves the panel lists, and the room's news it keeps.
SHOWN_MOVES = 8
SHOWN_NEWS = 3


class RoomBoardScene(Scene):
    """A room's board for a spectator (read only) or a hidden game's guest (see the module
    docstring). Leaving closes this side's connection to the room."""

    def __init__(self, app: Host, room: RemoteSeat) -> None:
        super().__init__(app)
        self.room = room
        self.board = PuzzleBoard()
        self._state: GameState | None = None
        self._round, self._plies = -1, 0
        self._view_time = 0.0
        #: Each ply's move in words as this side worded it (the notation where it could not).
        self._words: dict[int, str] = {}
        self.news: list[str] = []
        self.size = (1, 1)
        self.panel = pygame.Rect(0, 0, 1, 1)
        self.text_bottom = 0
        self.draw_button = Button(N_("Offer a draw"), lambda: self.room.request("draw"), key="draw")
        self.resign_button = Button(
            N_("Resign"), lambda: self.room.request("resign"), key="resign", kind="danger"
        )
        self.accept_button = Button(N_("Accept"), lambda: self._answer(True), key="accept", kind="primary")
        self.decline_button = Button(N_("Decline"), lambda: self._answer(False), key="decline")
        self.rematch_button = Button(
            N_("Ask for a rematch"), lambda: self.room.request("rematch"), key="rematch"
        )
        self.leave_button = Button(N_("Leave"), self.leave, key="leave")
        self.buttons: list[Button] = []
        self.focus: FocusList[Button] = FocusList([])
        self._set_buttons()

    @property
    def watching(self) -> bool:
        return self.room.seat is None

    # --- the room -------------------------------------------------------------------------------

    def _answer(self, yes: bool) -> None:
        view = self.room.game
        if view is not None and view.pending is not None:
            self.room.answer(str(view.pending.get("kind")), yes)

    def leave(self) -> None:
        self.room.close()
        if self.manager is not None:
            self.manager.pop()

    def exit(self) -> None:
        self.room.close()

    def _set_buttons(self) -> None:
        view = self.room.game
        mine = self.room.seat
        buttons: list[Button] = []
        if view is not None and mine is not None:
            pending = view.pending
            if pending is not None and pending.get("by") != mine:
                buttons = [self.accept_button, self.decline_button]
            elif view.status == "playing":
                buttons = [self.draw_button, self.resign_button]
            elif view.status == "over":
                buttons = [self.rematch_button]
        buttons.append(self.leave_button)
        if [b.key for b in buttons] != [b.key for b in self.buttons]:
            self.buttons = buttons
            self.focus.set_items(buttons, keep=False)
            if self.size != (1, 1):
                self.layout(self.size)

    def update(self, dt: float) -> None:
        for event in self.room.poll():
            self._note(event)
        self._follow(self.room.game)
        self._set_buttons()
        self.board.update(dt)

    def _note(self, event: RemoteEvent) -> None:
        """The room's news worth a line: who came or went, offers, answers, refusals."""
        data, view = event.data, self.room.game
        line = ""
        if event.kind in ("offer", "declined") and isinstance(data, dict) and view is not None:
            by = data.get("by")
            name = view.names[by] if by in (0, 1) else _("the other side")
            kind = str(data.get("kind"))
            if event.kind == "offer" and kind in OFFER_WORDS:
                line = _(OFFER_WORDS[kind][1]).format(name=name)
            elif event.kind == "declined" and kind in DECLINED_WORDS:
                line = _(DECLINED_WORDS[kind]).format(name=name)
        elif event.kind == "refused":
            line = _("The host refused: {why}").format(why=event.text)
        elif event.kind in ("connection", "problem"):
            line = event.text
        if line:
            self.news = [*self.news, line][-SHOWN_NEWS:]

    def _follow(self, view: GuestView | None) -> None:
        """Show the room's position when it changed: one ply more is shown as that move."""
        if view is None or view.state is self._state:
            return
        before, self._state, self._view_time = self._state, view.state, time.monotonic()
        mine = self.room.seat
        solver = mine if mine is not None else -1
        one_more, same = len(view.moves) == self._plies + 1, len(view.moves) == self._plies
        self._plies = len(view.moves)
        if before is None or view.round != self._round:
            self._round, self._words = view.round, _all_worded(view)
            self.board.show(view.game, view.options, view.state, solver)
            return
        move = _parsed(before, view.moves[-1]) if one_more else None
        if move is not None:
            self._words[len(view.moves) - 1] = _worded(before, move, view.moves[-1])
        elif not same:  # an undo or a resync: the moves as they now stand
            self._words = _all_worded(view)
        self.board.set_state(view.state, before, move)
        self.board.solver = solver

    # --- input ------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if is_back(event):
            self.leave()
            return True
        item = self.focus.handle_event(event)
        if item is not None:
            item.activate()
            return True
        view = self.room.game
        if view is None or self.watching or view.status != "playing" or not self.room.my_turn():
            return False
        move = self.board.handle_event(event, self.ui)
        if move is None or self.board.state is None:
            return False
        self.room.send(self.board.state.move_to_text(move))
        return True

    # --- layout and drawing ---------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        ui = self.ui
        board, self.panel = room_rects(ui, size, 0.34, 540)
        self.board.layout(board)
        inner = self.panel.inflate(-2 * ui.px(18), -2 * ui.px(18))
        bh, gap = ui.px(50), ui.px(10)
        # Two buttons a row where the panel is wide enough for their labels, else one.
        half = (inner.width - gap) // 2 - ui.px(20)
        fits = all(ui.text_width(_(b.label), BODY, True) <= half for b in self.buttons)
        cols = 2 if len(self.buttons) > 1 and fits else 1
        bw = (inner.width - (cols - 1) * gap) // cols
        rows = (len(self.buttons) + cols - 1) // cols
        y0 = inner.bottom - rows * bh - (rows - 1) * gap
        for i, b in enumerate(self.buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(inner.x + c * (bw + gap), y0 + r * (bh + gap), bw, bh)
            b.size = ui.fonts.fit_size(_(b.label), BODY, bw - ui.px(20), True)
        self.text_bottom = y0 - ui.px(12)

    def title(self) -> str:
        view = self.room.game
        game = view.game.translate(view.game.title) if view is not None else ""
        if self.watching:
            return _("Watching {game}").format(game=game) if game else _("Watching a room")
        return _("{game} online").format(game=game)

    def draw(self, surface: pygame.Surface) -> None:
        ui, t = self.ui, self.ui.theme
        surface.fill(t.background)
        width = self.size[0] - 2 * ui.px(28)
        ui.draw_text(surface, self.title(), (ui.px(28), ui.px(24)), H2, t.text, bold=True, max_width=width)
        view = self.room.game
        if view is None:
            ui.draw_text(surface, self.room.connection_text(), self.board.rect.topleft, BODY, t.text_dim)
        else:
            self.board.draw(surface, ui)
        ui.panel(surface, self.panel, t.panel, border=t.panel_edge, radius=18)
        inner = self.panel.inflate(-2 * ui.px(18), -2 * ui.px(18))
        y = inner.y
        for text, size, colour, bold in self.panel_lines(view):
            for line in ui.wrap(text, size, inner.width, bold)[:3]:
                if y + ui.line_height(size, bold) > self.text_bottom:
                    break
                y = ui.draw_text(
                    surface, line, (inner.x, y), size, colour, bold=bold, max_width=inner.width
                ).bottom
            y += ui.px(4)
        for b in self.buttons:
            b.draw(surface, ui)
        if self.is_top:
            keys = _("Esc leave") if self.watching else _("Play on the board · Esc leave")
            draw_hints(surface, ui, keys)

    def panel_lines(self, view: GuestView | None) -> list[tuple[str, int, tuple[int, int, int], bool]]:
        """The side panel's lines: (text, size, colour, bold)."""
        t = self.ui.theme
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
        lines.append((self.room.connection_text(), SMALL, t.text_dim, False))
        if view is None:
            return lines
        seat_names = [view.game.translate(n) for n in view.game.names(view.options)]
        for seat, name in enumerate(view.names):
            turn = view.status == "playing" and view.state.to_move == seat
            you = _(" (you)") if seat == self.room.seat else ""
            lines.append((f"{'▶ ' if turn else '   '}{seat_names[seat]}: {name}{you}", BODY, t.text, turn))
        away = self._away(view)
        if away:
            lines.append((_("waiting for {name}").format(name=away), SMALL, t.accent, False))
        clock = clock_line(view, self._view_time, lambda s: seat_names[s])
        if clock:
            lines.append((clock, SMALL, t.text, False))
        lines.extend((line, SMALL, t.accent, False) for line in deal_lines(view))
        if view.result is not None:
            lines.append((self._result_text(view, seat_names), BODY, t.accent, True))
        elif view.status == "waiting":
            lines.append((_("Waiting for the guest"), SMALL, t.text_dim, False))
        start = max(0, len(view.moves) - SHOWN_MOVES)
        for ply in range(start, len(view.moves)):
            words = self._words.get(ply, view.moves[ply])
            lines.append((f"{ply + 1}. {words}", SMALL, t.text_dim, False))
        lines.extend((news, SMALL, t.text_dim, False) for news in self.news)
        return lines

    def _away(self, view: GuestView) -> str:
        """The name of a player who left the room while the game runs (else empty)."""
        if view.status != "playing":
            return ""
        session = self.room.session
        if session.role == "spectator" and session.peer_online is False:
            return view.names[view.host_seat]
        if not view.guest_online and session.role == "spectator":
            return view.names[1 - view.host_seat]
        return ""

    def _result_text(self, view: GuestView, seat_names: list[str]) -> str:
        """The end in this side's language: the rules' outcome, else how the room ended it."""
        outcome = view.state.outcome
        if outcome is not None:
            return result_line(outcome, seat_names)
        return room_result_line(view, seat_names)

    def language_changed(self) -> None:
        view = self.room.game
        self._words = _all_worded(view) if view is not None else {}


def _all_worded(view: GuestView) -> dict[int, str]:
    """Every move of the room's game in words, replayed from its start (a hidden game's start is
    the host's secret: its moves keep their notation until they are played here)."""
    if view.commit is not None:
        return {}
    words: dict[int, str] = {}
    try:
        state = start_state(view.game, view.options, view.seed, view.start)
        for ply, text in enumerate(view.moves):
            move = state.parse_move(text)
            words[ply] = _worded(state, move, text)
            state = state.play(move)
    except Exception:  # noqa: BLE001, S110 - the rest keep their notation
        pass
    return words


def _parsed(state: GameState, text: str) -> Move | None:
    try:
        return state.parse_move(text)
    except Exception:  # noqa: BLE001 - the room's move in a view that cannot read it: no mark
        return None


def _worded(state: GameState, move: Move, text: str) -> str:
    try:
        return state.move_to_words(move)
    except Exception:  # noqa: BLE001 - a plugin's words that fail: the notation
        return text
