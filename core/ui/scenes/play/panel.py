"""The play screen's side panel (right of the board, or below it on tall windows): the seats and
whose turn it is, the view's status lines, errors with their ways out, the move list and the
buttons. Also the notes drawn over the board: toasts and banners.

The move list is painted once into a kept picture and copied while it stays the same; a move
played paints only the rows it changes (:mod:`tafel.ui.scenes.play.move_list`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from tafel.i18n import N_, _, format_number
from tafel.match import player_label
from tafel.ui.scenes.play.fallback import FallbackView
from tafel.ui.scenes.play.move_list import MoveListPainting, MovesKey
from tafel.ui.widgets import BODY, H3, SMALL, TINY, Button

if TYPE_CHECKING:
    from tafel.ui.scenes.play.scene import PlayScene


class Panel(MoveListPainting):
    """The side panel of one play scene, its buttons and its move list (painted as
    :class:`~tafel.ui.scenes.play.move_list.MoveListPainting` says)."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        history, turns = scene.history, scene.turns
        self.list_scroll = 0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self._move_rows: list[tuple[pygame.Rect, int]] = []
        self._moves_key: MovesKey | None = None
        self._moves_image: pygame.Surface | None = None
        self._moves_local: list[tuple[pygame.Rect, int]] = []
        #: The empty card the list is painted on (parts of the list are restored from it).
        self._moves_blank: pygame.Surface | None = None
        self.undo_button = Button(N_("Undo"), history.undo, key="undo", size=SMALL)
        self.redo_button = Button(N_("Redo"), history.redo, key="redo", size=SMALL)
        self.hint_button = Button(N_("Hint"), turns.request_hint, key="hint", size=SMALL)
        self.hint_label = N_("Hint")
        self.menu_button = Button(N_("Menu"), scene.open_pause_menu, key="menu", size=SMALL)
        self.takeover_button = Button(
            N_("Play it myself"), turns.take_over, key="takeover", size=SMALL, kind="primary"
        )
        self.retry_button = Button(N_("Retry"), turns.retry_ai, key="retry", size=SMALL)
        self.simple_button = Button(N_("Simple board"), scene.use_fallback_view, key="simple", size=SMALL)
        self.fork_button = Button(
            N_("Play from here"), history.fork_here, key="fork", size=SMALL, kind="primary"
        )
        self.live_button = Button(N_("Back to game"), history.back_to_live, key="live", size=SMALL)
        self.prev_button = Button("◀", lambda: history.step_browse(-1), key="prev", size=SMALL)
        self.next_button = Button("▶", lambda: history.step_browse(1), key="next", size=SMALL)
        self.playpause_button = Button(
            N_("Pause"), history.toggle_replay, key="playpause", size=SMALL, kind="primary"
        )
        self.slower_button = Button(N_("Slower"), lambda: history.change_speed(-1), key="slower", size=SMALL)
        self.faster_button = Button(N_("Faster"), lambda: history.change_speed(1), key="faster", size=SMALL)
        self.back_button = Button(N_("Back"), scene.leave, key="back", size=SMALL)
        self._visible: list[Button] = []

    @property
    def ui(self) -> Any:
        return self.scene.ui

    def seat_color(self, seat: int) -> tuple[int, int, int]:
        """The panel colour of ``seat``: the game's own (stone colours) or the theme's."""
        s = self.scene
        theme = s.app.ui.theme.with_palette(s.match.game.palette)
        color = s.guard("seat_color", s.match.state.seat_color, seat, theme, default=None)
        return theme.on_panel(tuple(color)) if color else theme.panel_seat(seat)

    def layout(self) -> None:
        """Place the buttons at the bottom of the panel (``scene.panel_rect``)."""
        s = self.scene
        ui = self.ui
        bh = ui.px(54)
        gap = ui.px(12)
        inner = s.panel_rect.inflate(-2 * ui.px(22), -2 * ui.px(22))
        bw = (inner.width - gap) // 2
        shortcuts = (N_("Undo  Ctrl+Z"), N_("Redo  Ctrl+Y"), N_("Hint  H"), N_("Menu  Esc"))
        # The keys are named when every such label fits (German labels are longer).
        wide = bw > ui.px(200) and all(ui.text_width(_(k), SMALL, True) + ui.px(28) <= bw for k in shortcuts)
        if s.mode == "replay":
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
        if s.mode == "demo":
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
        s = self.scene
        if event.type == pygame.MOUSEMOTION:
            for b in self._visible:
                b.hovered = b.enabled and b.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self._visible:
                if b.enabled and b.rect.collidepoint(event.pos):
                    s.play_sound("select")
                    b.activate()
                    return True
            for rect, ply in self._move_rows:
                if rect.collidepoint(event.pos):
                    s.history.browse_to(ply)
                    return True
            if s.panel_rect.collidepoint(event.pos):
                return True
        if event.type == pygame.MOUSEWHEEL and self.list_rect.collidepoint(pygame.mouse.get_pos()):
            self.list_scroll = max(0, self.list_scroll + event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The panel: seats, whose turn, the view's status lines, errors, moves, buttons."""
        s, turns, history = self.scene, self.scene.turns, self.scene.history
        ui = self.ui
        t = ui.theme
        panel = s.panel_rect
        ui.panel(surface, panel, t.panel, border=t.panel_edge, radius=20)
        pad = ui.px(22)
        x = panel.x + pad
        width = panel.width - 2 * pad
        y = panel.y + pad
        state = s.match.states[history.shown_ply]
        over = state.is_over
        visible: list[Button] = []

        title = s.match.game.translate(s.match.game.title) + (" · replay" if s.mode == "replay" else "")
        r = ui.draw_text(surface, title, (x, y), H3, t.text, bold=True, max_width=width)
        y = r.bottom + ui.px(12)

        winners = state.outcome.winners if over else ()
        row_h = ui.px(56)
        for seat in range(s.match.seats):
            row = pygame.Rect(x, y, width, row_h)
            active = not over and seat == state.to_move
            if active:
                pygame.draw.rect(surface, t.button_hover, row, border_radius=ui.px(12))
                pygame.draw.rect(surface, t.accent, row, ui.px(2), border_radius=ui.px(12))
            rad = ui.px(12)
            color = self.seat_color(seat)
            pygame.draw.circle(surface, color, (row.x + ui.px(16) + rad, row.centery), rad)
            if sum(color) > 600 or sum(color) < 120:  # a white or black stone needs an outline
                pygame.draw.circle(surface, t.text_dim, (row.x + ui.px(16) + rad, row.centery), rad, 1)
            name_x = row.x + ui.px(16) + 2 * rad + ui.px(14)
            if turns.thinking and turns.ai_seat == seat and history.browse is None:
                dots = "." * (int(s.time * 3) % 4)
                right = _("thinking") + f"{dots:<3}"
                color = t.accent
                # A pulsing ring round the seat colour while the AI thinks.
                pulse = 0.5 + 0.5 * math.sin(s.time * 6)
                pygame.draw.circle(
                    surface,
                    t.accent,
                    (row.x + ui.px(16) + rad, row.centery),
                    rad + ui.px(3) + int(pulse * ui.px(4)),
                    max(1, ui.px(2)),
                )
            elif over and seat in winners:
                right, color = _("winner"), t.ok
            else:
                right, color = player_label(s.match.players[seat]), t.text_dim
            right_w = (
                ui.text_width(_("thinking") + "...", SMALL)
                if color == t.accent and right.startswith(_("thinking"))
                else ui.text_width(right, SMALL)
            )
            right_w = min(right_w, width // 2)
            ui.draw_text(
                surface,
                right,
                (row.right - ui.px(14) - right_w, row.centery),
                SMALL,
                color,
                anchor="midleft",
                max_width=right_w,
            )
            ui.draw_text(
                surface,
                s.seat_name(seat),
                (name_x, row.centery),
                BODY,
                t.text,
                bold=active,
                anchor="midleft",
                max_width=row.right - ui.px(28) - right_w - name_x,
                min_size=SMALL - 2,  # a long German seat name in a narrow window
            )
            y += row_h + ui.px(6)

        y += ui.px(6)
        if s.mode == "replay":
            state_word = _("playing") if history.replay_playing else _("paused")
            turn = _("Move {ply} of {total} · {state} · {speed}/s").format(
                ply=history.shown_ply,
                total=s.match.ply,
                state=state_word,
                speed=format_number(history.replay_speed),
            )
        elif history.browse is not None:
            turn = _("Looking at move {ply} of {total}").format(ply=history.browse, total=s.match.ply)
        elif over:
            turn = _("Game over")
        elif turns.pass_timer is not None:
            turn = _("{seat} passes").format(seat=s.seat_name(state.to_move))
        elif s.match.is_human(state.to_move):
            turn = _("{seat} to move").format(seat=s.seat_name(state.to_move))
        else:
            turn = _("{seat} ({player}) to move").format(
                seat=s.seat_name(state.to_move), player=player_label(s.match.players[state.to_move])
            )
        # Two lines when it must ("Spieler 2 (KI mittel) am Zug" in a narrow panel).
        box = pygame.Rect(x, y, width, 2 * ui.line_height(BODY, True))
        r = ui.draw_wrapped(surface, turn, box, BODY, t.accent, bold=True, valign="top")
        y = r.bottom + ui.px(6)

        if history.browse is not None and s.mode == "play":
            bh = ui.px(50)
            bw = (width - ui.px(10)) // 2
            self.fork_button.rect = pygame.Rect(x, y + ui.px(4), bw, bh)
            self.live_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(4), bw, bh)
            self.fork_button.enabled = s.match.undo_allowed
            visible += [self.fork_button, self.live_button]
            y += bh + ui.px(12)

        lines: list[str] = []
        lines += list(s.guard("status", s.view.status, s.shown_state(), s.ctx, default=[]) or [])
        describe = s.guard("describe", state.describe, default="")
        if describe:
            lines.append(s.match.game.translate(str(describe)))
        if s.match.texts and s.mode == "play" and history.browse is None:
            lines.append(_("Last move: {move}").format(move=s.match.texts[-1]))
        if s.match.hints and s.mode == "play":
            lines.append(_("Hints used: {n}").format(n=s.match.hints))
        if turns.hint is not None and history.browse is None:
            lines.append(turns.hint_text)  # the move, why, and the win chance
        lines += turns.engine_lines()
        shown = 0
        for line in lines:
            for part in ui.wrap(str(line), SMALL, width)[:2]:
                if shown < 7:
                    r = ui.draw_text(surface, part, (x, y), SMALL, t.text, max_width=width)
                    y = r.bottom + ui.px(2)
                    shown += 1

        error = s.rules_error or turns.ai_error or s.view_error
        if error and s.mode == "play":
            y += ui.px(8)
            lh = ui.line_height(SMALL)
            for line in ui.wrap(error, SMALL, width)[:4]:
                ui.draw_text(surface, line, (x, y), SMALL, t.danger, max_width=width)
                y += lh
            bh = ui.px(50)
            if turns.ai_error and not s.rules_error:
                bw = (width - ui.px(10)) // 2
                self.takeover_button.rect = pygame.Rect(x, y + ui.px(6), bw, bh)
                self.retry_button.rect = pygame.Rect(x + bw + ui.px(10), y + ui.px(6), bw, bh)
                visible += [self.takeover_button, self.retry_button]
                y += bh + ui.px(14)
            elif s.view_error and not isinstance(s.view, FallbackView):
                self.simple_button.rect = pygame.Rect(x, y + ui.px(6), width, bh)
                visible.append(self.simple_button)
                y += bh + ui.px(14)

        y += ui.px(10)
        top_button = min(b.rect.y for b in self._bottom_buttons())
        bottom = top_button - ui.px(14)
        self._move_rows = []
        if bottom - y > ui.px(60):
            ui.draw_text(surface, _("Moves").upper(), (x, y), TINY, t.accent, bold=True)
            y += ui.line_height(TINY, True) + ui.px(4)
            self.list_rect = pygame.Rect(x, y, width, bottom - y)
            self._draw_moves(surface, self.list_rect)
        else:
            self.list_rect = pygame.Rect(0, 0, 0, 0)

        if s.mode == "replay":
            self.playpause_button.label = N_("Pause") if history.replay_playing else N_("Play")
            self.prev_button.enabled = history.shown_ply > 0
            self.next_button.enabled = history.shown_ply < s.match.ply
            self.slower_button.enabled = history.replay_speed > s.REPLAY_SPEEDS[0]
            self.faster_button.enabled = history.replay_speed < s.REPLAY_SPEEDS[-1]
        else:
            self.undo_button.enabled = s.match.can_undo and s.mode == "play"
            self.redo_button.enabled = s.match.can_redo and s.mode == "play"
            self.hint_button.enabled = s.mode == "play" and s.interactive and turns.hint_pending is None
            self.hint_button.label = N_("Thinking…") if turns.hint_pending is not None else self.hint_label
        visible += self._bottom_buttons()
        for b in visible:
            b.draw(surface, ui)
        self._visible = visible

    def _bottom_buttons(self) -> list[Button]:
        s = self.scene
        if s.mode == "replay":
            return [
                self.prev_button,
                self.playpause_button,
                self.next_button,
                self.slower_button,
                self.faster_button,
                self.back_button,
            ]
        if s.mode == "demo":
            return [self.menu_button]
        return [self.undo_button, self.redo_button, self.hint_button, self.menu_button]


def draw_banner(ui: Any, surface: pygame.Surface, board: pygame.Rect, text: str) -> None:
    """A line at the bottom of the board ("Looking back: ...", the demo's "press any key")."""
    t = ui.theme
    w = min(ui.text_width(text, BODY, True) + ui.px(60), board.width)
    box = pygame.Rect(0, 0, w, ui.px(56))
    box.midbottom = (board.centerx, board.bottom - ui.px(8))
    ui.panel(surface, box, t.card, border=t.accent, radius=14)
    ui.draw_text(
        surface, text, box.center, BODY, t.accent, bold=True, anchor="center", max_width=w - ui.px(30)
    )


def draw_toasts(ui: Any, surface: pygame.Surface, board: pygame.Rect, toasts: list[list[Any]]) -> None:
    """The short notes at the top of the board, one under the other (errors framed in red)."""
    t = ui.theme
    y = board.y + ui.px(16)
    for text, _left, error in toasts:
        w = min(ui.text_width(text, BODY) + ui.px(48), board.width - ui.px(40))
        # A long note (a hint's reason, in German above all) takes up to three lines, not a cut.
        inner = w - ui.px(30)
        size, lines = ui.wrapped(text, BODY, (inner, 3 * ui.line_height(BODY)), max_lines=3)
        box = pygame.Rect(0, 0, w, max(ui.px(58), len(lines) * ui.line_height(size) + ui.px(22)))
        box.midtop = (board.centerx, y)
        ui.panel(surface, box, t.card, border=t.danger if error else t.accent, radius=14)
        ui.draw_wrapped(surface, text, box.inflate(-ui.px(30), 0), BODY, t.text, max_lines=3, align="center")
        y = box.bottom + ui.px(10)
