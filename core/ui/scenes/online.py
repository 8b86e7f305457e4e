"""Play online (menu): host a room or join one, then the game opens with the other seat played by
the person elsewhere (:mod:`tafel.net`).

Host: the game (a game whose default has another number of seats is offered with the choice
that makes it a two-player game: a solo game's competitive mode), this side's seat, the clock the host keeps
(none, or a base and increment), the name, and a broker (Settings' broker to start with; empty:
the broker inside Tafel, announced on the LAN). The room's code is shown large, with Copy, and
its spectator code (``watch`` and six words) with its own Copy; a game with hidden pieces says
that its deal is sealed (the commitment) and checked at the end. Join: the code (typed or
pasted; a spectator code watches, read only), and the broker, or Find on the LAN, which fills in
the broker of the rooms announced there. Opening a room (scrypt, the broker, zeroconf) and looking on the LAN run
in a thread: the screen never waits. Once both sides are there, the play screen opens on a match
whose other seat is ``remote:NAME``, played through :class:`tafel.net.remote.RemoteSource`
(the play screen's ``remote:`` seat); a spectator, and the guest of a game with hidden pieces
(who cannot hold the whole game), get the room's board (:mod:`tafel.ui.scenes.online_room`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from tafel.game import GameDef, Options
from tafel.i18n import N_, _
from tafel.match import Match
from tafel.registry import Registry
from tafel.ui.scene import Host, Scene
from tafel.ui.scenes.dialog import draw_hints
from tafel.ui.scenes.engine_rows import EngineRow, Typing, choice_row, typed_row
from tafel.ui.scenes.play.shared import match_of_room
from tafel.ui.scenes.rows_screen import RowsScreen
from tafel.ui.widgets import H1, H2, SMALL, Button, FocusList

if TYPE_CHECKING:
    from tafel.ai.messages import MoveWorker
    from tafel.net.broker import LanRoom
    from tafel.net.remote import RemoteSeat

#: The clocks a host may keep: (base seconds, seconds added a move); None: no clock.
CLOCKS: tuple[tuple[float, float] | None, ...] = (
    None,
    (180.0, 2.0),
    (300.0, 3.0),
    (600.0, 5.0),
    (900.0, 10.0),
    (1800.0, 0.0),
)


def clock_label(clock: tuple[float, float] | None) -> str:
    """``No clock``, ``5 min + 3 s`` (the CLI's ``--clock 5+3``)."""
    if clock is None:
        return _("No clock")
    base, increment = clock
    return _("{minutes} min + {seconds} s").format(minutes=f"{base / 60:g}", seconds=f"{increment:g}")


@dataclass(frozen=True)
class Table:
    """A game a room can play: the game and the options that make it a two-player game."""

    game: GameDef
    given: Options

    def title(self) -> str:
        title = self.game.translate(self.game.title)
        for option in self.game.options:
            if option.key in self.given:
                label = dict(option.choices).get(self.given[option.key], "")
                if label:
                    title += " · " + self.game.translate(label)
        return title

    @property
    def options(self) -> Options:
        return self.game.resolve_options(self.given)


def two_player_tables(registry: Registry) -> list[Table]:
    """The games a room can play: each game whose default has two seats, and a game whose default
    has another number with each single choice that gives two (a solo game's competitive mode)."""
    tables: list[Table] = []
    for game in sorted(registry.games.values(), key=lambda g: g.title.lower()):
        if game.seats(game.resolve_options({})) == 2:
            tables.append(Table(game, {}))
            continue
        for option in game.options:
            for value, _label in option.choices:
                if value == option.default:
                    continue
                try:
                    if game.seats(game.resolve_options({option.key: value})) == 2:
                        tables.append(Table(game, {option.key: value}))
                except Exception:  # noqa: BLE001, S112 - a plugin's options that do not resolve: not offered
                    continue
    return tables


def match_for(seat: RemoteSeat) -> Match | None:
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


def remote_sources(seat: RemoteSeat) -> dict[str, Callable[[], MoveWorker]]:
    """The play screen's move sources for a room: the other seat (``remote:``) is the room."""
    from tafel.net.remote import REMOTE_PREFIX, RemoteSource

    source = RemoteSource(seat)
    return {REMOTE_PREFIX: lambda: source}


class OnlineScene(Typing, RowsScreen, Scene):
    """Host a room or join one (see the module docstring)."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.tables = two_player_tables(app.registry)
        self.game_index, self.seat_index, self.clock_index = 0, 0, 0
        self.name, self.code = "", ""
        #: The broker Host and Join use: the one in Settings (empty: the broker inside Tafel).
        self.broker = str(getattr(app.settings, "broker", "") or "")
        self.error = ""
        self.status = ""
        self.room: RemoteSeat | None = None
        self._job: threading.Thread | None = None
        # What the open's thread gives back: ("ok", a room or the LAN's rooms) or ("error", line).
        self._result: list[tuple[str, RemoteSeat | list[LanRoom] | str]] = []
        self.rows: list[EngineRow] = [
            choice_row("game", N_("Game"), self.game_title, self.next_game),
            choice_row("seat", N_("Your seat"), self.seat_text, lambda d: self.flip_seat()),
            choice_row("clock", N_("Clock"), self.clock_text, self.next_clock),
            self._typed("name", N_("Your name"), "name", N_("Player")),
            self._typed("broker", N_("Broker"), "broker", N_("this computer, on the LAN")),
            self._typed("code", N_("Room code (to join)"), "code", N_("six words, or watch and six")),
        ]
        for row in self.rows:
            if row.typed:
                row.on_activate = lambda r=row: self.begin_edit(r)
        self.host_button = Button(N_("Open a room"), self.host, key="host", kind="primary")
        self.join_button = Button(N_("Join"), self.join, key="join")
        self.find_button = Button(N_("Search the LAN"), self.find, key="find")
        self.copy_button = Button(N_("Copy code"), self.copy, key="copy", kind="primary")
        self.copy_watch_button = Button(N_("Copy spectator code"), self.copy_watch, key="copy-watch")
        self.back_button = Button(N_("Back"), self.back, key="back")
        self.buttons = [self.host_button, self.join_button, self.find_button, self.back_button]
        self.focus = FocusList([*self.rows, *self.buttons])
        self.focus.focus("host")

    # Kept for callers that knew the screen's games before tables (a game and its options).
    @property
    def games(self) -> list[GameDef]:
        return [t.game for t in self.tables]

    def _typed(self, key: str, label: str, attr: str, empty: str) -> EngineRow:
        def commit(text: str) -> None:
            setattr(self, attr, text.strip()[:200])

        def shown() -> str:
            return str(getattr(self, attr)) or _(empty)

        return typed_row(
            key, label, shown, lambda d: None, commit, editable=lambda: getattr(self, attr), arrows=False
        )

    def _room_opened(self, room: RemoteSeat) -> None:
        """Once a room is open its codes are what matters: Copy code, Copy spectator code, Back."""
        self.room = room
        self.buttons = [self.copy_button, self.copy_watch_button, self.back_button]
        self.focus.set_items([*self.rows, *self.buttons])
        self.focus.focus("copy")
        if self.size != (1, 1):
            self.layout(self.size)

    # --- choices ----------------------------------------------------------------------------

    @property
    def table(self) -> Table | None:
        return self.tables[self.game_index] if self.tables else None

    def game_title(self) -> str:
        return self.table.title() if self.table is not None else "-"

    def next_game(self, step: int) -> None:
        if self.tables:
            self.game_index = (self.game_index + step) % len(self.tables)

    def seat_text(self) -> str:
        table = self.table
        if table is None:
            return "-"
        return table.game.shown_names(table.options)[self.seat_index]

    def flip_seat(self) -> None:
        self.seat_index = 1 - self.seat_index

    def clock_text(self) -> str:
        return clock_label(CLOCKS[self.clock_index])

    def next_clock(self, step: int) -> None:
        self.clock_index = (self.clock_index + step) % len(CLOCKS)

    # --- actions (in a thread) --------------------------------------------------------------

    def _run(self, what: str, work: Callable[[], RemoteSeat | list[LanRoom]]) -> None:
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
        table = self.table
        if table is None:
            return
        from tafel.net.remote import host_room

        game, options, broker, name, seat = (
            table.game,
            table.options,
            self.broker or None,
            self.name,
            self.seat_index,
        )
        clock, registry = CLOCKS[self.clock_index], self.app.registry
        self._run(
            _("Opening the room…"),
            lambda: host_room(game, options, registry.game, name=name, seat=seat, broker=broker, clock=clock),
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
        if self.room is not None:
            self._to_clipboard(self.room.code, _("The code is on the clipboard"))

    def copy_watch(self) -> None:
        if self.room is not None:
            self._to_clipboard(self.room.spectator_code, _("The spectator code is on the clipboard"))

    def _to_clipboard(self, text: str, done: str) -> None:
        try:
            if not pygame.scrap.get_init():
                pygame.scrap.init()
            pygame.scrap.put_text(text)
            self.status, self.error = done, ""
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
            if kind == "error" or isinstance(value, str):
                self.error, self.status = str(value), ""
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
        if view is None:
            return
        if room.session.role == "spectator" or view.status == "playing" and match_for(room) is None:
            # A spectator watches at once; a hidden game's guest plays on the room's own board.
            from tafel.ui.scenes.online_room import RoomBoardScene

            self.room = None  # the room's board has it now
            self.app.push(RoomBoardScene(self.app, room))
        elif view.status == "playing":
            match = match_for(room)
            assert match is not None
            self.room = None  # the play screen's remote seat has it now
            self.app.start_match(match, sources=remote_sources(room))

    def _found(self, rooms: list[LanRoom]) -> None:
        from tafel.net.game import shown_name

        if not rooms:
            self.status = _("No rooms on the LAN")
            return
        first = rooms[0]
        self.broker = first.url
        self.status = "; ".join(f"{r.game} · {shown_name(r.host_name, True)}" for r in rooms[:4])

    def deal_note(self) -> str:
        """A game with hidden pieces: the deal is sealed before the first move (its commitment)."""
        room = self.room
        view = room.game if room is not None else None
        if view is None or view.commit is None:
            return ""
        return _(
            "Hidden pieces: the deal is sealed now (commitment {commit}…) and shown at the end, so the guest can check it was fixed before the first move."
        ).format(commit=view.commit[:12])

    # --- layout and drawing -------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        ui = self.ui
        inner = self._card(size)
        top = self.card.y + self.pad + ui.line_height(H1, True) + ui.px(12)
        bh = ui.px(64)
        by = self.card.bottom - self.pad - bh
        self._place_buttons(self.buttons, by, bh, inner, max_width=300)
        self.info_y = by - ui.px(12)
        bottom = self.info_y - self._info_height()
        self.rows_rect = pygame.Rect(self.card.x + self.pad, top, inner, max(ui.px(60), bottom - top))
        self.heading_h = 0
        self.content_h = self._stack(len(self.rows), ui.px(58), ui.px(8), ())
        self._clamp()
        self._place()

    def _info_height(self) -> int:
        """Room under the rows for the codes, the broker, the deal's note, status and error."""
        ui = self.ui
        if self.room is None:  # the status and an error only: the rows take the rest
            return 3 * ui.line_height(SMALL) + ui.px(12)
        return ui.line_height(H2, True) + 8 * ui.line_height(SMALL) + ui.px(12)

    def heading(self, i: int) -> str:
        return ""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.editing is not None:
            used = self.edit_event(event)
            self._ensure_visible()
            return used
        return super().handle_event(event)

    def _sideways(self, focused: object, step: int) -> bool:
        if focused in self.buttons:
            self.focus.move(step)
            return True
        return bool(super()._sideways(focused, step))  # type: ignore[misc]

    def _draw_item(self, surface: pygame.Surface, item: EngineRow) -> None:
        self.draw_row(surface, item, self.app.time)

    def draw(self, surface: pygame.Surface) -> None:
        ui, t = self.ui, self.ui.theme
        ui.panel(surface, self.card, t.panel, border=t.panel_edge, radius=24)
        x, y = self.card.x + self.pad, self.card.y + self.pad
        inner = self.card.width - 2 * self.pad
        ui.draw_text(surface, _("Play online"), (x, y), H1, t.text, bold=True, max_width=inner)
        self.draw_rows(surface)
        y = self.info_y - self._info_height() + ui.px(12)
        room = self.room
        if room is not None:
            code = _("Code: {code}").format(code=room.code)
            # The code must show whole (long words at 800x600): smaller type, never cut.
            y = ui.draw_text(
                surface, code, (x, y), H2, t.accent, bold=True, max_width=inner, min_size=SMALL
            ).bottom
            watch = _("Spectators: {code}").format(code=room.spectator_code)
            y = ui.draw_text(surface, watch, (x, y), SMALL, t.text, max_width=inner).bottom
            where = _("Broker: {url}").format(url=room.broker_url)
            y = ui.draw_text(surface, where, (x, y), SMALL, t.text_dim, max_width=inner).bottom
            note = self.deal_note()
            if note:
                for line in ui.wrap(note, SMALL, inner)[:3]:
                    y = ui.draw_text(surface, line, (x, y), SMALL, t.text_dim, max_width=inner).bottom
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
