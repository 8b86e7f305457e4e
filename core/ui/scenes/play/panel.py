"""The play screen's side panel (right of the board, or below it on tall windows): the seats and
whose turn it is, the view's status lines, errors with their ways out, the move list and the
buttons, the hint's card (until the position changes) and the screen's notes (toasts) at its foot:
nothing of the panel's is drawn over the board. The banners ("Looking back", the demo's) are
drawn on the board's bottom edge.

The move list is painted once into a kept picture and copied while it stays the same; a move
played paints only the rows it changes (:mod:`tafel.ui.scenes.play.move_list`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import pygame

from tafel.game import GameState
from tafel.i18n import N_, _, format_number
from tafel.match import Match
from tafel.ui.scenes.play.fallback import FallbackView
from tafel.ui.scenes.play.history import History
from tafel.ui.scenes.play.host import Failures, PanelHost
from tafel.ui.scenes.play.move_list import MoveListPainting, MovesKey
from tafel.ui.scenes.play.turns import Turns
from tafel.ui.widgets import BODY, H3, SMALL, TINY, UI, Button
from tafel.view import BoardView, ViewContext
from tafel.words import fitting_words, match_words

if TYPE_CHECKING:
    from tafel.ui.theme import Color

Action = Callable[[], object]


@dataclass
class Toast:
    """A short note over the board: its text, the seconds it has ``left``, framed red when an
    ``error``. Indexed as ``(text, left, error)`` too."""

    text: str
    left: float
    error: bool = False

    def __getitem__(self, index: int) -> str | float | bool:
        return (self.text, self.left, self.error)[index]


@dataclass(frozen=True)
class PanelActions:
    """What the panel's buttons and move rows do (the scene's own actions)."""

    undo: Action
    redo: Action
    hint: Action
    menu: Action
    take_over: Action
    retry: Action
    simple: Action
    fork: Action
    live: Action
    step_browse: Callable[[int], object]
    browse_to: Callable[[int], object]
    playpause: Action
    change_speed: Callable[[int], object]
    back: Action


@dataclass(frozen=True)
class PanelFrame:
    """What the panel shows this frame besides the match, the turn and the history: the
    screen's clock, whether a person may move and the view (its status lines)."""

    time: float
    interactive: bool
    view: BoardView
    #: The state the view shows and the context it is drawn with (for ``BoardView.status``).
    shown: GameState
    ctx: ViewContext
    #: True while a menu or a card covers the screen (the game waits: no "thinking" shown).
    paused: bool = False


class Panel(MoveListPainting):
    """The side panel of one play screen, its buttons and its move list (painted as
    :class:`~tafel.ui.scenes.play.move_list.MoveListPainting` says). It reads the match, the turn
    and the history it is given; its buttons do the scene's ``actions``."""

    def __init__(
        self,
        ui: UI,
        host: PanelHost,
        match: Match,
        turns: Turns,
        history: History,
        actions: PanelActions,
        failures: Failures,
    ) -> None:
        self.ui = ui
        self.host = host
        #: The match shown (the scene gives the new one on a restart).
        self.match = match
        self.turns = turns
        self.history = history
        self.actions = actions
        #: What failed (the scene keeps it; an error drawing this frame shows at once).
        self.failures = failures
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.list_scroll = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        #: The move list's rows on screen and the ply each shows (a click browses to it).
        self.move_rows: list[tuple[pygame.Rect, int]] = []
        self._moves_key: MovesKey | None = None
        self._moves_image: pygame.Surface | None = None
        self._moves_local: list[tuple[pygame.Rect, int]] = []
        #: The empty card the list is painted on (parts of the list are restored from it).
        self._moves_blank: pygame.Surface | None = None
        a = actions
        self.undo_button = Button(N_("Undo"), a.undo, key="undo", size=SMALL)
        self.redo_button = Button(N_("Redo"), a.redo, key="redo", size=SMALL)
        self.hint_button = Button(N_("Hint"), a.hint, key="hint", size=SMALL)
        self.hint_label = N_("Hint")
        self.menu_button = Button(N_("Menu"), a.menu, key="menu", size=SMALL)
        self.takeover_button = Button(
            N_("Play it myself"), a.take_over, key="takeover", size=SMALL, kind="primary"
        )
        self.retry_button = Button(N_("Retry"), a.retry, key="retry", size=SMALL)
        self.simple_button = Button(N_("Simple board"), a.simple, key="simple", size=SMALL)
        self.fork_button = Button(N_("Play from here"), a.fork, key="fork", size=SMALL, kind="primary")
        self.live_button = Button(N_("Back to game"), a.live, key="live", size=SMALL)
        self.prev_button = Button("◀", lambda: a.step_browse(-1), key="prev", size=SMALL)
        self.next_button = Button("▶", lambda: a.step_browse(1), key="next", size=SMALL)
        self.playpause_button = Button(N_("Pause"), a.playpause, key="playpause", size=SMALL, kind="primary")
        self.slower_button = Button(N_("Slower"), lambda: a.change_speed(-1), key="slower", size=SMALL)
        self.faster_button = Button(N_("Faster"), lambda: a.change_speed(1), key="faster", size=SMALL)
        self.back_button = Button(N_("Back"), a.back, key="back", size=SMALL)
        #: The buttons drawn in the last frame (the ones a click may press).
        self.visible: list[Button] = []
        #: Where the hint's card and the notes (toasts) were drawn in the last frame: in the
        #: panel, never over the board (tests check it at every window size).
        self.hint_rect: pygame.Rect | None = None
        self.toast_rects: list[pygame.Rect] = []
        #: Where each seat's connection line (a person elsewhere) was drawn in the last frame, by
        #: seat: tests check it is whole at every window size and in every language.
        self.note_rects: dict[int, pygame.Rect] = {}
        #: The lines that connection was drawn in (one, or more under the name in a narrow panel).
        self.note_lines: dict[int, list[str]] = {}

    @property
    def mode(self) -> str:
        return self.host.mode

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        """The panel colour of ``seat``: the game's own (stone colours) or the theme's."""
        theme = self.ui.theme.with_palette(self.match.game.palette)
        color = self.host.guard("seat_color", self.match.state.seat_color, seat, theme, default=None)
        # tuple(): a plugin's list compares equal to no palette colour.
        return theme.on_panel(cast("Color", tuple(color))) if color else theme.panel_seat(seat)

    def layout(self, rect: pygame.Rect) -> None:
        """Place the buttons at the bottom of the panel, which takes ``rect``."""
        self.rect = pygame.Rect(rect)
        ui = self.ui
        bh = ui.px(54)
        gap = ui.px(12)
        inner = self.rect.inflate(-2 * ui.px(22), -2 * ui.px(22))
        bw = (inner.width - gap) // 2
        shortcuts = (N_("Undo  Ctrl+Z"), N_("Redo  Ctrl+Y"), N_("Hint  H"), N_("Menu  Esc"))
        # The keys are named when every such label fits (German labels are longer).
        wide = bw > ui.px(200) and all(ui.text_width(_(k), SMALL, True) + ui.px(28) <= bw for k in shortcuts)
        if self.mode == "replay":
            third = (inner.width - 2 * gap) // 3
            row1 = inner.bottom - 2 * bh - gap
            for i, b in enumerate((self.prev_button, self.playpause_button, self.next_button)):
                b.rect = pygame.Rect(inner.x + i * (third + gap), row1, third, bh)
            for i, b in enumerate((self.slower_button, self.faster_button, self.back_button)):
                b.rect = pygame.Rect(inner.x + i * (third + gap), inner.bottom - bh, third, bh)
            self.undo_button.rect = self.prev_button.rect
            return
        row1 = inner.bottom - 2 * bh - gap
        self.undo_button.rect = pygame.Rect(inner.x, row1, bw, bh)
        self.redo_button.rect = pygame.Rect(inner.x + bw + gap, row1, bw, bh)
        self.hint_button.rect = pygame.Rect(inner.x, inner.bottom - bh, bw, bh)
        self.menu_button.rect = pygame.Rect(inner.x + bw + gap, inner.bottom - bh, bw, bh)
        if self.mode == "demo":
            self.menu_button.rect = pygame.Rect(inner.x, inner.bottom - bh, inner.width, bh)
            self.menu_button.label = N_("Back to menu")
            return
        self.undo_button.label = shortcuts[0] if wide else N_("Undo")
        self.redo_button.label = shortcuts[1] if wide else N_("Redo")
        self.hint_label = self.hint_button.label = shortcuts[2] if wide else N_("Hint")
        self.menu_button.label = shortcuts[3] if wide else N_("Menu")

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mouse on the panel: buttons, a click on a move (browse to it), the wheel over the
        move list. True when used."""
        if event.type == pygame.MOUSEMOTION:
            for b in self.visible:
                b.hovered = b.enabled and b.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.visible:
                if b.enabled and b.rect.collidepoint(event.pos):
                    self.host.play_sound("select")
                    b.activate()
                    return True
            for rect, ply in self.move_rows:
                if rect.collidepoint(event.pos):
                    self.actions.browse_to(ply)
                    return True
            if self.rect.collidepoint(event.pos):
                return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.list_scroll = max(0, self.list_scroll + event.y)
            return True
        return False

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, frame: PanelFrame) -> None:
        """The panel: seats, whose turn, the view's status lines, errors, moves, buttons."""
        ui = self.ui
        t = ui.theme
        ui.panel(surface, self.rect, t.panel, border=t.panel_edge, radius=20)
        pad = ui.px(22)
        x, width = self.rect.x + pad, self.rect.width - 2 * pad
        state = self.match.states[self.history.shown_ply]
        visible: list[Button] = []
        y = self._draw_title(surface, x, self.rect.y + pad, width)
        y = self._draw_seats(surface, x, y, width, state, frame)
        y = self._draw_turn(surface, x, y + ui.px(6), width, self._turn_state(state, frame))
        y = self._place_browse_buttons(x, y, width, visible)
        y = self._draw_hint(surface, x, y, width)
        y = self._draw_lines(surface, x, y, width, self._status_lines(state, frame, width))
        y = self._draw_error(surface, x, y, width, frame, visible)
        self._draw_move_list(surface, x, y + ui.px(10), width)
        self._update_bottom_buttons(frame.interactive)
        visible += self._bottom_buttons()
        for b in visible:
            b.draw(surface, ui)
        self.visible = visible

    def _draw_title(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        ui, game = self.ui, self.match.game
        title = game.translate(game.title) + (" · replay" if self.mode == "replay" else "")
        r = ui.draw_text(surface, title, (x, y), H3, ui.theme.text, bold=True, max_width=width)
        return r.bottom + ui.px(12)

    def _draw_seats(
        self, surface: pygame.Surface, x: int, y: int, width: int, state: GameState, frame: PanelFrame
    ) -> int:
        """A row per seat: its colour, its name, and who plays it (or "thinking", "winner"). A
        person elsewhere's connection ("Ann · connected") goes on a second line under the seat's
        name when it does not fit beside it (a narrow window, German), never cut."""
        ui = self.ui
        self.note_rects, self.note_lines = {}, {}
        row_h = ui.px(56)
        for seat in range(self.match.seats):
            note = self.turns.seat_note(seat) if not state.is_over else None
            below = self._note_below(seat, note, width) if note is not None else []
            lines_h = ui.line_height(BODY, True) + len(below) * ui.line_height(SMALL) + ui.px(10)
            row = pygame.Rect(x, y, width, max(row_h, lines_h) if below else row_h)
            self._draw_seat(surface, row, seat, state, frame.time, frame.paused, below)
            y += row.height + ui.px(6)
        return y

    def _name_x(self, row_x: int) -> int:
        """Where a seat's name starts: after the seat's colour."""
        ui = self.ui
        return row_x + ui.px(16) + 2 * ui.px(12) + ui.px(14)

    def _note_below(self, seat: int, note: str, width: int) -> list[str]:
        """The lines of ``note`` under the seat's name, or none when it fits on the row right of
        the name (measured bold, as the seat to move is drawn, so the row keeps its shape as the
        turn passes). A long name (up to 40 letters) wraps onto a further line, never cut."""
        ui = self.ui
        name_w = ui.text_width(self.host.seat_name(seat), BODY, True)
        room = width - ui.px(14) - (self._name_x(0) + name_w + ui.px(14))
        if ui.text_width(note, SMALL) <= room:
            return []
        return ui.wrap(note, SMALL, width - ui.px(14) - self._name_x(0))

    def _seat_right(self, seat: int, state: GameState, time: float, paused: bool) -> tuple[str, Color]:
        """The right-hand words of a seat's row and their colour."""
        t = self.ui.theme
        note = self.turns.seat_note(seat)  # a person elsewhere: the connection, not "thinking"
        thinking = self.turns.thinking and self.turns.ai_seat == seat and self.history.browse is None
        if note is not None and not state.is_over:
            return note, t.accent
        if thinking and paused:  # the game waits under a menu: nobody is thinking on screen
            return _("paused"), t.text_dim
        if thinking:
            dots = "." * (int(time * 3) % 4)
            return _("thinking") + f"{dots:<3}", t.accent
        if state.is_over and seat in state.outcome.winners:  # type: ignore[union-attr]
            return _("winner"), t.ok
        return self.turns.player_label(seat), t.text_dim

    def _draw_seat(
        self,
        surface: pygame.Surface,
        row: pygame.Rect,
        seat: int,
        state: GameState,
        time: float,
        paused: bool,
        note_below: list[str] | None = None,
    ) -> None:
        ui = self.ui
        t = ui.theme
        active = not state.is_over and seat == state.to_move
        if active:
            pygame.draw.rect(surface, t.button_hover, row, border_radius=ui.px(12))
            pygame.draw.rect(surface, t.accent, row, ui.px(2), border_radius=ui.px(12))
        rad = ui.px(12)
        center = (row.x + ui.px(16) + rad, row.centery)
        color = self.seat_color(seat)
        pygame.draw.circle(surface, color, center, rad)
        if sum(color) > 600 or sum(color) < 120:  # a white or black stone needs an outline
            pygame.draw.circle(surface, t.text_dim, center, rad, 1)
        name_x = self._name_x(row.x)
        right, color = self._seat_right(seat, state, time, paused)
        thinking_word = color == t.accent and right.startswith(_("thinking"))
        if thinking_word:
            # A pulsing ring round the seat colour while the AI thinks.
            pulse = 0.5 + 0.5 * math.sin(time * 6)
            pygame.draw.circle(
                surface, t.accent, center, rad + ui.px(3) + int(pulse * ui.px(4)), max(1, ui.px(2))
            )
        if note_below:
            self._draw_two_line_seat(surface, row, seat, name_x, note_below, active)
            return
        right_w = (
            ui.text_width(_("thinking") + "...", SMALL) if thinking_word else ui.text_width(right, SMALL)
        )
        right_w = min(right_w, row.width // 2)
        drawn = ui.draw_text(
            surface,
            right,
            (row.right - ui.px(14) - right_w, row.centery),
            SMALL,
            color,
            anchor="midleft",
            max_width=right_w,
        )
        if right == self.turns.seat_note(seat):
            self.note_rects[seat], self.note_lines[seat] = drawn, [right]
        ui.draw_text(
            surface,
            self.host.seat_name(seat),
            (name_x, row.centery),
            BODY,
            t.text,
            bold=active,
            anchor="midleft",
            max_width=row.right - ui.px(28) - right_w - name_x,
            min_size=SMALL - 2,  # a long German seat name in a narrow window
        )

    def _draw_two_line_seat(
        self, surface: pygame.Surface, row: pygame.Rect, seat: int, name_x: int, note: list[str], active: bool
    ) -> None:
        """A seat's name with a person elsewhere's connection on the lines under it."""
        ui = self.ui
        t = ui.theme
        name_h, note_h = ui.line_height(BODY, True), ui.line_height(SMALL)
        top = row.centery - (name_h + len(note) * note_h) // 2
        width = row.right - ui.px(14) - name_x
        ui.draw_text(
            surface,
            self.host.seat_name(seat),
            (name_x, top + name_h // 2),
            BODY,
            t.text,
            bold=active,
            anchor="midleft",
            max_width=width,
            min_size=SMALL - 2,
        )
        drawn = [
            ui.draw_text(
                surface,
                line,
                (name_x, top + name_h + i * note_h + note_h // 2),
                SMALL,
                t.accent,
                anchor="midleft",
            )
            for i, line in enumerate(note)
        ]
        self.note_rects[seat] = drawn[0].unionall(drawn[1:])
        self.note_lines[seat] = note

    def turn_line(self, state: GameState) -> str:
        """Whose turn it is (or where the replay is, the position looked at, the game's end)."""
        history, match = self.history, self.match
        if self.mode == "replay":
            return _("Move {ply} of {total} · {state} · {speed}/s").format(
                ply=history.shown_ply,
                total=match.ply,
                state=_("playing") if history.replay_playing else _("paused"),
                speed=format_number(history.replay_speed),
            )
        if history.browse is not None:
            return _("Looking at move {ply} of {total}").format(ply=history.browse, total=match.ply)
        if state.is_over or self.turns.ended_by_room:
            return _("Game over")
        seat = self.host.seat_name(state.to_move)
        if self.turns.pass_timer is not None:
            return _("{seat} passes").format(seat=seat)
        if match.is_human(state.to_move):
            return _("{seat} to move").format(seat=seat)
        return _("{seat} ({player}) to move").format(seat=seat, player=self.turns.player_label(state.to_move))

    def _turn_state(self, state: GameState, frame: PanelFrame) -> GameState:
        """The position whose turn line is said: while the last move of a game is still being
        drawn, the one before it ("Game over" only once the last stone is down)."""
        ply = self.history.shown_ply
        animating = bool(self.host.guard("animating", lambda: frame.view.animating, default=False))
        if state.is_over and animating and ply > 0 and self.mode != "replay":
            return self.match.states[ply - 1]
        return state

    def _draw_turn(self, surface: pygame.Surface, x: int, y: int, width: int, state: GameState) -> int:
        ui = self.ui
        # Two lines when it must ("Spieler 2 (KI mittel) am Zug" in a narrow panel).
        box = pygame.Rect(x, y, width, 2 * ui.line_height(BODY, True))
        r = ui.draw_wrapped(
            surface, self.turn_line(state), box, BODY, ui.theme.accent, bold=True, valign="top"
        )
        return r.bottom + ui.px(6)

    def _place_browse_buttons(self, x: int, y: int, width: int, visible: list[Button]) -> int:
        """While looking back: Play from here, Back to game."""
        if self.history.browse is None or self.mode != "play":
            return y
        ui = self.ui
        bh = ui.px(50)
        bw = (width - ui.px(10)) // 2
        self.fork_button.rect = pygame.Rect(x, y + ui.px(4), bw, bh)
        self.live_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(4), bw, bh)
        self.fork_button.enabled = self.match.undo_allowed
        visible += [self.fork_button, self.live_button]
        return y + bh + ui.px(12)

    def _status_lines(self, state: GameState, frame: PanelFrame, width: int) -> list[str]:
        """The view's status lines, the game's description, the last move, hints, engines. The
        last move is cut to one line (before a later clause): a line that wrapped on one move and
        not the next would make the move list below it jump."""
        host, match, turns = self.host, self.match, self.turns
        live = self.history.browse is None
        lines: list[str] = list(host.guard("status", frame.view.status, frame.shown, frame.ctx) or [])
        describe = host.guard("describe", state.describe, default="")
        if describe:
            lines.append(match.game.translate(str(describe)))
        if match.texts and self.mode == "play" and live:
            words = match_words(match.states, match.moves, len(match.moves) - 1)
            line = _("Last move: {move}")
            one_line = lambda text: len(self.ui.wrap(line.format(move=text), SMALL, width)) == 1  # noqa: E731
            lines.append(line.format(move=fitting_words(words, one_line)))
        if match.hints and self.mode == "play":
            lines.append(_("Hints used: {n}").format(n=match.hints))
        return lines + turns.engine_lines()

    def _draw_hint(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        """The hint's card: the move in words, why, its value; it stays until the position
        changes (the turn forgets the hint on every move, undo or restart)."""
        self.hint_rect = None
        turns = self.turns
        if (
            turns.hint is None
            or self.history.browse is not None
            or self.mode != "play"
            or not turns.hint_text
        ):
            return y
        ui, t = self.ui, self.ui.theme
        pad = ui.px(10)
        text = turns.hint_text
        size = SMALL
        parts = keep_units(ui.wrap(text, size, width - 2 * pad))
        if len(parts) > 4:  # a long German reason in a narrow panel: smaller, still whole
            size = TINY
            parts = keep_units(ui.wrap(text, size, width - 2 * pad))
        lh = ui.line_height(size)
        box = pygame.Rect(x, y + ui.px(4), width, len(parts) * lh + 2 * pad)
        ui.panel(surface, box, t.card, border=t.accent, radius=12)
        ty = box.y + pad
        for part in parts:
            ui.draw_text(surface, part, (box.x + pad, ty), size, t.text)
            ty += lh
        self.hint_rect = box
        return box.bottom + ui.px(8)

    def _draw_lines(self, surface: pygame.Surface, x: int, y: int, width: int, lines: list[str]) -> int:
        """The status lines, each one whole (never a sentence cut off): smaller when they do not
        fit above the buttons; a line without room left is left out whole."""
        ui = self.ui
        # Room kept for the move list below (see _draw_move_list): its gaps, its heading and three
        # rows (a long German status in a small window had left it one).
        kept = ui.px(30) + ui.line_height(TINY, True) + 3 * ui.line_height(SMALL)
        bottom = min(b.rect.y for b in self._bottom_buttons()) - kept
        size = SMALL
        wrapped = [ui.wrap(str(line), size, width) for line in lines]
        if sum(len(w) for w in wrapped) * ui.line_height(size) > bottom - y:
            size = TINY
            wrapped = [ui.wrap(str(line), size, width) for line in lines]
        lh = ui.line_height(size)
        for parts in wrapped:
            if y + len(parts) * lh > bottom:
                break
            for part in parts:
                ui.draw_text(surface, part, (x, y), size, ui.theme.text)
                y += lh
        return y + ui.px(2)

    def draw_toasts(self, surface: pygame.Surface, toasts: list[Toast]) -> None:
        """The screen's short notes at the foot of the panel, above its buttons, the newest at
        the bottom: over the move list for a moment, never over the board."""
        self.toast_rects = []
        if not toasts:
            return
        ui, t = self.ui, self.ui.theme
        pad = ui.px(22)
        inner = self.rect.inflate(-2 * pad, 0)
        y = min(b.rect.y for b in self._bottom_buttons()) - ui.px(10)
        top = self.rect.y + pad
        for toast in reversed(toasts):
            size = SMALL
            lines = keep_units(ui.wrap(toast.text, size, inner.width - ui.px(24)))
            if len(lines) > 4:
                size = TINY
                lines = keep_units(ui.wrap(toast.text, size, inner.width - ui.px(24)))
            lh = ui.line_height(size)
            box = pygame.Rect(inner.x, 0, inner.width, len(lines) * lh + ui.px(20))
            box.bottom = y
            if box.y < top:
                break
            ui.panel(surface, box, t.card, border=t.danger if toast.error else t.accent, radius=12)
            ty = box.y + ui.px(10)
            for line in lines:
                ui.draw_text(surface, line, (box.centerx, ty), size, t.text, anchor="midtop")
                ty += lh
            self.toast_rects.append(box)
            y = box.y - ui.px(8)

    def _draw_error(
        self, surface: pygame.Surface, x: int, y: int, width: int, frame: PanelFrame, visible: list[Button]
    ) -> int:
        """A failure (the rules, the AI, the board view) and its ways out."""
        ai_error, failures = self.turns.ai_error, self.failures
        error = failures.rules or ai_error or failures.view
        #: The error's lines as drawn (the tests read them: none may be left out).
        self.error_lines: list[str] = []
        if not error or self.mode != "play":
            return y
        ui = self.ui
        y += ui.px(8)
        size = SMALL
        lines = ui.wrap(error, size, width)
        if len(lines) > 4:  # a long message (an engine's, in German): smaller, and whole
            size = TINY
            lines = ui.wrap(error, size, width)
        lh = ui.line_height(size)
        self.error_lines = lines[:7]
        for line in self.error_lines:
            ui.draw_text(surface, line, (x, y), size, ui.theme.danger, max_width=width)
            y += lh
        bh = ui.px(50)
        if ai_error and not failures.rules:
            bw = (width - ui.px(10)) // 2
            self.takeover_button.rect = pygame.Rect(x, y + ui.px(6), bw, bh)
            self.retry_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(6), bw, bh)
            visible += [self.takeover_button, self.retry_button]
            y += bh + ui.px(14)
        elif failures.view and not isinstance(frame.view, FallbackView):
            self.simple_button.rect = pygame.Rect(x, y + ui.px(6), width, bh)
            visible.append(self.simple_button)
            y += bh + ui.px(14)
        return y

    def _draw_move_list(self, surface: pygame.Surface, x: int, y: int, width: int) -> None:
        """The move list between ``y`` and the buttons, when there is room for it."""
        ui = self.ui
        top_button = min(b.rect.y for b in self._bottom_buttons())
        bottom = top_button - ui.px(14)
        self.move_rows = []
        if bottom - y > ui.px(60):
            ui.draw_text(surface, _("Moves").upper(), (x, y), TINY, ui.theme.accent, bold=True)
            y += ui.line_height(TINY, True) + ui.px(4)
            self.list_rect = pygame.Rect(x, y, width, bottom - y)
            self._draw_moves(surface, self.list_rect)
        else:
            self.list_rect = pygame.Rect(0, 0, 0, 0)

    def _update_bottom_buttons(self, interactive: bool) -> None:
        """The buttons' labels and whether they may be pressed now."""
        history, match, mode = self.history, self.match, self.mode
        if mode == "replay":
            speeds = history.REPLAY_SPEEDS
            self.playpause_button.label = N_("Pause") if history.replay_playing else N_("Play")
            self.prev_button.enabled = history.shown_ply > 0
            self.next_button.enabled = history.shown_ply < match.ply
            self.slower_button.enabled = history.replay_speed > speeds[0]
            self.faster_button.enabled = history.replay_speed < speeds[-1]
            return
        hint_pending = self.turns.hint_pending is not None
        self.undo_button.enabled = history.can_undo and mode == "play"
        self.redo_button.enabled = match.can_redo and mode == "play"
        self.hint_button.enabled = mode == "play" and interactive and not hint_pending
        self.hint_button.label = N_("Thinking…") if hint_pending else self.hint_label

    def _bottom_buttons(self) -> list[Button]:
        if self.mode == "replay":
            return [
                self.prev_button,
                self.playpause_button,
                self.next_button,
                self.slower_button,
                self.faster_button,
                self.back_button,
            ]
        if self.mode == "demo":
            return [self.menu_button]
        return [self.undo_button, self.redo_button, self.hint_button, self.menu_button]


def draw_banner(ui: UI, surface: pygame.Surface, board: pygame.Rect, text: str) -> None:
    """A line at the bottom of the board ("Looking back: ...", the demo's "press any key")."""
    t = ui.theme
    w = min(ui.text_width(text, BODY, True) + ui.px(60), board.width)
    box = pygame.Rect(0, 0, w, ui.px(56))
    box.midbottom = (board.centerx, board.bottom - ui.px(8))
    ui.panel(surface, box, t.card, border=t.accent, radius=14)
    ui.draw_text(
        surface, text, box.center, BODY, t.accent, bold=True, anchor="center", max_width=w - ui.px(30)
    )


def keep_units(lines: list[str]) -> list[str]:
    """Wrapped lines where a unit never starts a line alone: German "100 %" stays together (the
    number goes down to its sign).

    >>> keep_units(["Gewinnchance 100", "%"]), keep_units(["value 50%"])
    (['Gewinnchance', '100 %'], ['value 50%'])
    """
    out: list[str] = []
    for line in lines:
        if out and line.startswith("%") and " " in out[-1]:
            head, _sep, number = out[-1].rpartition(" ")
            out[-1], line = head, f"{number} {line}"
        out.append(line)
    return out
