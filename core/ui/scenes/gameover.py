"""The game-over card: who won and why, the scores, Play again / Undo / Menu. The final board stays
visible: the card sits over the side panel, without dimming the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from tafel.i18n import N_, _, format_number
from tafel.ui.picture import headline
from tafel.ui.scenes.dialog import DialogScene
from tafel.ui.widgets import BODY, SMALL, TINY, Button

if TYPE_CHECKING:
    from tafel.match import Match
    from tafel.review import Review
    from tafel.ui.scene import Host
    from tafel.ui.scenes.play.turns import Turns


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else format_number(value)


class GameOverScene(DialogScene):
    veil = False
    WIDTH = 560

    def __init__(self, app: Host, play: FinishedPlay) -> None:
        # ``app``: the arcade (tafel.ui.app.App), as every dialog takes it; naming its type here
        # would close an import cycle (the app opens the play screen, which opens this card).
        self.play = play
        match = play.match
        self.outcome = match.state.outcome
        self.names = match.seat_names
        buttons = [Button(N_("Play again"), self.again, kind="primary", key="again")]
        if match.game.random_setup and match.start_position is None and match.human_seats:
            # Puzzles and shuffled setups: the same deal once more, to do better.
            buttons.append(Button(N_("Same setup again"), self.same, key="same"))
        if match.can_undo and match.human_seats:
            buttons.append(Button(N_("Undo last move"), self.undo, key="undo"))
        if match.game.records is not None and match.human_seats:
            buttons.append(Button(N_("Records"), self.records, key="records"))
        if match.ply > 0:
            buttons.append(Button(N_("Review"), self.review, key="review"))
            self._review: Review | None = None  # kept, so reopening goes on where it stopped
        buttons.append(Button(N_("Menu"), self.menu, key="menu"))
        title, lines = self._texts()
        super().__init__(
            app, title, lines, buttons, on_back=self.menu, hints=N_("↑↓ choose · Enter select · Esc menu")
        )

    def _texts(self) -> tuple[str, list[str]]:
        """The headline and the lines under it, in the current language."""
        match = self.play.match
        # The game's own words (reason, headline) through its catalog (GameDef.translate).
        reason = match.game.translate(self.outcome.reason) if self.outcome is not None else ""
        reason = reason[:1].upper() + reason[1:]
        title = (
            match.game.translate(headline(self.outcome, self.names))
            if self.outcome is not None
            else N_("Game over")
        )
        news = list(self.play.turns.finish_news)
        return title, ([reason] if reason else []) + news

    def language_changed(self) -> None:
        self.names = self.play.match.seat_names
        self.title, self.lines = self._texts()

    def region(self, size: tuple[int, int]) -> pygame.Rect:
        panel = self.play.panel_rect
        return panel if panel.width >= self.ui.px(300) else pygame.Rect(0, 0, *size)

    #: The key hints' lines inside the card (see ``layout``); empty: at the window's bottom.
    _hint_lines: list[str] = []

    def layout(self, size: tuple[int, int]) -> None:
        """The card, and in the side panel its key hints under its buttons, inside the card: at
        the window's bottom they would be written over the final board (a tray beside it, in a
        small window). Where the panel has no room for them, they stay at the bottom."""
        super().layout(size)
        self._hint_lines = []
        region = self.region(size)
        if region == pygame.Rect(0, 0, *size) or not self.hints:
            return
        ui = self.ui
        width = self.card.width - 2 * ui.px(14)
        # Broken between the hints (at " · "), not inside one ("Esc" / "Menu" on two lines).
        lines: list[str] = []
        for part in _(self.hints).split(" · "):
            joined = f"{lines[-1]} · {part}" if lines else part
            if lines and ui.text_width(joined, TINY) <= width:
                lines[-1] = joined
            else:
                lines.append(part)
        if any(ui.text_width(line, TINY) > width for line in lines):
            lines = ui.wrap(_(self.hints), TINY, width)
        extra = len(lines) * ui.line_height(TINY) + ui.px(2)
        room = region.inflate(0, -ui.px(16))
        if len(lines) > 2 or self.card.height + extra > room.height:
            return
        card = pygame.Rect(self.card.x, 0, self.card.width, self.card.height + extra)
        card.centery = room.centery
        card.clamp_ip(room)
        dy = card.y - self.card.y
        for b in self.buttons:
            b.rect.y += dy
        self.card, self._hint_lines = card, lines

    def body_height(self, width: int) -> int:
        h = super().body_height(width)
        scores = self.outcome.scores if self.outcome is not None else None
        if scores:
            h += self.ui.px(16) + len(scores) * self.ui.px(44)
        return h

    def draw_body(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        ui = self.ui
        t = ui.theme
        y = super().draw_body(surface, x, y, width)
        outcome = self.outcome
        if outcome is None or not outcome.scores:
            return y
        scores = outcome.scores
        y += ui.px(16)
        winners = outcome.winners
        for seat, score in enumerate(scores):
            row = pygame.Rect(x, y, width, ui.px(40))
            if seat in winners:
                pygame.draw.rect(surface, t.button_hover, row, border_radius=ui.px(10))
            rad = ui.px(10)
            pygame.draw.circle(surface, t.seat(seat), (row.x + ui.px(14) + rad, row.centery), rad)
            name = self.names[seat] if seat < len(self.names) else _("Player {n}").format(n=seat + 1)
            value = _score(score)
            vw = ui.text_width(value, BODY, True)
            ui.draw_text(
                surface,
                name,
                (row.x + ui.px(24) + 2 * rad, row.centery),
                SMALL + 2,
                t.text,
                anchor="midleft",
                max_width=row.width - vw - ui.px(70),
            )
            ui.draw_text(
                surface,
                value,
                (row.right - ui.px(14), row.centery),
                BODY,
                t.accent,
                bold=True,
                anchor="midright",
            )
            y += ui.px(44)
        return y

    def draw(self, surface: pygame.Surface) -> None:
        # Dim only the side panel under the card; the final board stays bright.
        ui = self.ui
        region = self.region(surface.get_size())
        if region != surface.get_rect():
            shade = pygame.Surface(region.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, (*ui.theme.shadow, 150), shade.get_rect(), border_radius=ui.px(20))
            surface.blit(shade, region.topleft)
        else:
            ui.veil(surface, 110)
        if not self._hint_lines:
            super().draw(surface)
            return
        hints, self.hints = self.hints, ""  # drawn in the card, below
        try:
            super().draw(surface)
        finally:
            self.hints = hints
        if self.is_top:
            y = self.card.bottom - ui.px(12) - len(self._hint_lines) * ui.line_height(TINY)
            for line in self._hint_lines:
                y = ui.draw_text(
                    surface, line, (self.card.centerx, y), TINY, ui.theme.text_dim, anchor="midtop"
                ).bottom

    def again(self) -> None:
        self.close()
        self.play.restart(new_seed=True)

    def same(self) -> None:
        self.close()
        self.play.restart(new_seed=False)

    def undo(self) -> None:
        self.close()
        self.play.undo()

    def records(self) -> None:
        from tafel.ui.scenes.records import open_records

        open_records(self.app, self.play.match.game)

    def review(self) -> None:
        """The graph of each position's value (:mod:`tafel.ui.scenes.review`)."""
        from tafel.ui.scenes.review import ReviewScene

        scene = ReviewScene(self.app, self.play.match, self._review)
        self._review = scene.review
        self.app.push(scene)

    def menu(self) -> None:
        self.app.back_to_menu()


class FinishedPlay(Protocol):
    """What the game-over card needs of the play screen (:class:`tafel.ui.scenes.play.PlayScene`):
    the match, what the game said at its end (``turns.finish_news``), where the panel is (the
    card sits over it) and the screen's own actions."""

    match: Match
    turns: Turns
    panel_rect: pygame.Rect

    def undo(self) -> bool: ...

    def restart(self, new_seed: bool = False) -> None: ...
