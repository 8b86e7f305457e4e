"""Play online (menu): host a room or join one, then the game opens with the other seat played by
the person elsewhere (:mod:`tafel.net`).

Host: the game, this side's seat and name, and a broker (Settings' broker to start with; empty:
the broker inside Tafel, announced on the LAN). The room's code is shown large, with Copy; the guest types it. Join: the
code (typed or pasted), and the broker, or Find on the LAN, which fills in the broker of the
rooms announced there. Opening a room (scrypt, the broker, zeroconf) and looking on the LAN run
in a thread: the screen never waits. Once both sides are there, the play screen opens on a match
whose other seat is ``remote:NAME``, played through :class:`tafel.net.remote.RemoteSource`
(the play screen's ``remote:`` seat).
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from tafel.i18n import N_, _
from tafel.match import Match
from tafel.ui.scene import Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.engine_rows import EngineRow, Typing, choice_row, typed_row
from tafel.ui.scenes.play.shared import match_of_room
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.widgets import H1, H2, SMALL, Button, FocusList


def match_for(seat: Any) -> Match | None:
    """The match a play screen shows for a room (:class:`tafel.net.remote.RemoteSeat`): this side
    a person at the screen, the other ``remote:NAME``; None for a hidden game's guest, who cannot
    hold the whole game (it plays on the command line)."""
    view = seat.game
    host_game = seat.session.host_game
    if view is None or (host_game is None and view.commit is not None):
        return None
    mine = view.seat_of(seat.session.role)
    if mine is None:
        return None
    return match_of_room(view, mine, host_game)


def remote_sources(seat: Any) -> dict[str, Any]:
    """The play screen's move sources for a room: the other seat (``remote:``) is the room."""
    from tafel.net.remote import REMOTE_PREFIX, RemoteSource

    source = RemoteSource(seat)
    return {REMOTE_PREFIX: lambda: source}


class OnlineScene(Typing, RowsScreen, Scene):
    """Host a room or join one (see the module docstring)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        reg = app.registry
        self.games = [
            g
            for g in sorted(reg.games.values(), key=lambda g: g.title.lower())
            if g.seats(g.resolve_options({})) == 2
        ]
        self.game_index, self.seat_index = 0, 0
        self.name, self.code = "", ""
        #: The broker Host and Join use: the one in Settings (empty: the broker inside Tafel).
        self.broker = str(getattr(app.settings, "broker", "") or "")
        self.error = ""
        self.status = ""
        self.room: Any = None  # the RemoteSeat once a room is open
        self._job: threading.Thread | None = None
        self._result: list[Any] = []
        self.rows: list[EngineRow] = [
            choice_row("game", N_("Game"), self.game_title, self.next_game),
            choice_row("seat", N_("Your seat"), self.seat_text, lambda d: self.flip_seat()),
            self._typed("name", N_("Your name"), "name", N_("Player")),
            self._typed("broker", N_("Broker"), "broker", N_("this computer, on the LAN")),
            self._typed("code", N_("Room code (to join)"), "code", N_("six words")),
        ]
        for row in self.rows:
            if row.typed:
                row.on_activate = lambda r=row: self.begin_edit(r)
        self.host_button = Button(N_("Open a room"), self.host, key="host", kind="primary")
        self.join_button = Button(N_("Join"), self.join, key="join")
        self.find_button = Button(N_("Search the LAN"), self.find, key="find")
        self.copy_button = Button(N_("Copy code"), self.copy, key="copy", kind="primary")
        self.back_button = Button(N_("Back"), self.back, key="back")
        self.buttons = [self.host_button, self.join_button, self.find_button, self.back_button]
        self.focus = FocusList([*self.rows, *self.buttons])
        self.focus.focus("host")

    def _typed(self, key: str, label: str, attr: str, empty: str) -> EngineRow:
        def commit(text: str) -> None:
            setattr(self, attr, text.strip()[:200])

        def shown() -> str:
            return getattr(self, attr) or _(empty)

        return typed_row(
            key, label, shown, lambda d: None, commit, editable=lambda: getattr(self, attr), arrows=False
        )

    def _room_opened(self, room: Any) -> None:
        """Once a room is open its code is what matters: Copy code and Back are the buttons."""
        self.room = room
        self.buttons = [self.copy_button, self.back_button]
        self.focus.set_items([*self.rows, *self.buttons])
        self.focus.focus("copy")
        if self.size != (1, 1):
            self.layout(self.size)

    # --- choices ----------------------------------------------------------------------------

    def game_title(self) -> str:
        return self.games[self.game_index].translate(self.games[self.game_index].title) if self.games else "-"

    def next_game(self, step: int) -> None:
        if self.games:
            self.game_index = (self.game_index + step) % len(self.games)

    def seat_text(self) -> str:
        if not self.games:
            return "-"
        game = self.games[self.game_index]
        return game.shown_names(game.resolve_options({}))[self.seat_index]

    def flip_seat(self) -> None:
        self.seat_index = 1 - self.seat_index

    # --- actions (in a thread) --------------------------------------------------------------

    def _run(self, what: str, work: Any) -> None:
        if self._job is not None or self.room is not None:
            return
        self.error, self.status, self._result = "", what, []

        def job() -> None:
            try:
                self._result.append(("ok", work()))
            except Exception as exc:  # noqa: BLE001 - one line on the screen, never a crash
                self._result.append(("error", str(exc) or type(exc).__name__))

        self._job = threading.Thread(target=job, name="tafel-online-open", daemon=True)
        self._job.start()

    def host(self) -> None:
        if not self.games:
            return
        from tafel.net.remote import host_room

        game, broker, name, seat = (
            self.games[self.game_index],
            self.broker or None,
            self.name,
            self.seat_index,
        )
        registry = self.app.registry
        self._run(
            _("Opening the room…"),
            lambda: host_room(
                game, game.resolve_options({}), registry.game, name=name, seat=seat, broker=broker
            ),
        )

    def join(self) -> None:
        if not self.code:
            self.error = _("Type the room code first")
            return
        from tafel.net.remote import join_room

        code, broker, name, registry = self.code, self.broker or None, self.name, self.app.registry
        self._run(_("Joining…"), lambda: join_room(code, registry.game, name=name, broker=broker))

    def find(self) -> None:
        from tafel.net.broker import browse

        self._run(_("Looking on the LAN…"), lambda: browse(4.0))

    def copy(self) -> None:
        if self.room is None:
            return
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            pygame.scrap.put_text(self.room.code)
            self.status = _("The code is on the clipboard")
        except (pygame.error, AttributeError) as exc:
            self.error = _("No clipboard here: {error}").format(error=exc)

    def back(self) -> None:
        if self.room is not None:
            self.room.close()
            self.room = None
        super().back()

    # --- frames -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._job is not None and self._result:
            kind, value = self._result[0]
            self._job = None
            if kind == "error":
                self.error, self.status = value, ""
            elif isinstance(value, list):  # the LAN rooms
                self._found(value)
            else:
                self._room_opened(value)
        room = self.room
        if room is None:
            return
        room.poll()
        self.status = room.connection_text()
        view = room.game
        if view is not None and view.status == "playing":
            match = match_for(room)
            if match is None:
                self.error = _("This game hides pieces from the guest: join it on the command line")
                return
            self.room = None  # the play screen's remote seat has it now
            self.app.start_match(match, sources=remote_sources(room))

    def _found(self, rooms: list[Any]) -> None:
        if not rooms:
            self.status = _("No rooms on the LAN")
            return
        first = rooms[0]
        self.broker = first.url
        self.status = "; ".join(f"{r.game} · {r.host_name}" for r in rooms[:4])

    # --- layout and drawing -------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size)
        top = self.card.y + self.pad + ui.line_height(H1, True) + ui.px(12)
        bh = ui.px(64)
        by = self.card.bottom - self.pad - bh
        self._place_buttons(self.buttons, by, bh, inner, max_width=300)
        self.info_y = by - ui.px(12)
        bottom = self.info_y - 3 * ui.line_height(SMALL) - ui.line_height(H2, True) - ui.px(12)
        self.rows_rect = pygame.Rect(self.card.x + self.pad, top, inner, max(ui.px(60), bottom - top))
        self.heading_h = 0
        self.content_h = self._stack(len(self.rows), ui.px(58), ui.px(8), ())
        self._clamp()
        self._place()

    def heading(self, i: int) -> str:
        return ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            used = self.edit_event(event)
            self._ensure_visible()
            return used
        return super().handle_event(event)

    def _sideways(self, focused: Any, step: int) -> bool:
        if focused in self.buttons:
            self.focus.move(step)
            return True
        return super()._sideways(focused, step)  # type: ignore[misc]

    def _draw_item(self, surface: pygame.Surface, item: Any) -> None:
        self.draw_row(surface, item, self.app.time)

    def draw(self, surface: pygame.Surface) -> None:
        ui, t = self.ui, self.ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        x, y = self.card.x + self.pad, self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        ui.draw_text(surface, _("Play online"), (x, y), H1, t.text, bold=True, max_width=inner)
        self.draw_rows(surface)
        y = self.info_y - 3 * ui.line_height(SMALL) - ui.line_height(H2, True)
        room = self.room
        if room is not None:
            code = _("Code: {code}").format(code=room.code)
            y = ui.draw_text(surface, code, (x, y), H2, t.accent, bold=True, max_width=inner).bottom
            where = _("Broker: {url}").format(url=room.broker_url)
            y = ui.draw_text(surface, where, (x, y), SMALL, t.text_dim, max_width=inner).bottom
        else:
            y += ui.line_height(H2, True) + ui.line_height(SMALL)
        if self.status:
            y = ui.draw_text(surface, self.status, (x, y), SMALL, t.text, max_width=inner).bottom
        if self.error:
            ui.draw_text(surface, self.error, (x, y), SMALL, t.danger, max_width=inner)
        for b in self.buttons:
            b.draw(surface, ui)
        if self.editing is not None:
            hints = _("Type the value · Enter confirm · Esc cancel")
        else:
            hints = _("↑↓ choose · ←→ change · Enter type a value · Esc back")
        if self.is_top:
            draw_hints(surface, ui, hints)
