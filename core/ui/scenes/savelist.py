"""Saved games and the history of finished games: the lists, naming a save, opening a replay."""

from __future__ import annotations

from typing import Any

import pygame

from tafel import saves
from tafel.i18n import N_, _, ngettext
from tafel.match import HUMAN
from tafel.ui.scenes.dialog import ConfirmScene, DialogScene
from tafel.ui.scenes.lists import ListRow, ListScene, action_dialog
from tafel.ui.widgets import BODY, Button


def result_text(info: saves.SaveInfo, translate: Any = None) -> str:
    """'Won', 'Lost', 'Draw' for the people who played, else who won; the game's reason through
    ``translate`` (its ``GameDef.translate``: a game that keeps its reasons in English is shown
    in the player's language).

    >>> from pathlib import Path
    >>> i = saves.SaveInfo(Path("x"), "history", "", "g", "G", 9, None, ["human", "hard"],
    ...                    {"winners": [1], "rewards": [0, 1], "reason": "no moves"})
    >>> result_text(i)
    'Lost · no moves'
    """
    result = info.result or {}
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    reason = str(result.get("reason") or "")
    if reason and translate is not None:
        reason = translate(reason)
    humans = [i for i, p in enumerate(info.players) if p == HUMAN]
    if len(info.players) > 1 and not winners:
        word = _("Draw")
    elif humans and (len(humans) < len(info.players) or len(info.players) == 1):
        word = _("Won") if any(w in humans for w in winners) else _("Lost")
    else:
        word = _("Seat {seats} won").format(seats=" & ".join(str(w + 1) for w in winners))
    return f"{word} · {reason}" if reason else word


class SavesScene(ListScene):
    """Autosaves and named saves; a row opens Resume / Delete."""

    title = N_("Saved games")
    columns = (
        (N_("Name"), 2.5),  # the longest autosave names ("Autospeichern · " and a long title) fit at 1280x720
        (N_("Game"), 1.3),
        (N_("Moves"), 0.6),
        (N_("Players"), 1.3),
        (N_("Saved"), 1.3),
    )
    empty_text = N_("No saved games yet: games save themselves after every move.")

    def rows(self) -> list[ListRow]:
        problems: list[str] = []
        out = []
        for info in saves.list_saves(problems):
            name = (
                _("Autosave · {game}").format(game=info.title) if info.kind == saves.AUTOSAVE else info.name
            )
            out.append(
                ListRow(
                    str(info.path),
                    [name, info.title, str(info.moves), info.opponents, info.date_text],
                    info,
                )
            )
        self.messages = problems
        return out

    def open(self, row: ListRow) -> None:
        info: saves.SaveInfo = row.payload
        moves = ngettext("{n} move", "{n} moves", info.moves).format(n=info.moves)
        lines = [f"{info.title} · {moves} · {info.opponents}", _("Saved {date}").format(date=info.date_text)]
        self.app.push(
            action_dialog(
                self.app,
                row.columns[0],
                lines,
                [
                    (N_("Resume"), lambda: self.app.resume_save(info.path), "primary"),
                    (N_("Delete"), lambda: self.delete(info), "danger"),
                ],
            )
        )

    def delete(self, info: saves.SaveInfo) -> None:
        def really() -> None:
            saves.delete(info.path)
            self.refresh()

        self.app.push(
            ConfirmScene(
                self.app, N_("Delete this save?"), info.name, really, yes=N_("Delete"), no=N_("Keep")
            )
        )


class HistoryScene(ListScene):
    """Finished games, newest first; a row opens Watch replay / Delete."""

    title = N_("History")
    columns = (
        (N_("Game"), 1.3),
        (N_("Result"), 2.4),
        (N_("Players"), 1.4),
        (N_("Moves"), 0.6),
        (N_("Played"), 1.3),
    )
    empty_text = N_("Finished games appear here, to watch again.")

    def _translate(self, info: saves.SaveInfo) -> Any:
        game = self.app.registry.games.get(info.game_id)
        return game.translate if game is not None else None

    def rows(self) -> list[ListRow]:
        problems: list[str] = []
        out = [
            ListRow(
                str(info.path),
                [
                    info.title,
                    result_text(info, self._translate(info)),
                    info.opponents,
                    str(info.moves),
                    info.date_text,
                ],
                info,
            )
            for info in saves.list_history(problems)
        ]
        self.messages = problems
        return out

    def open(self, row: ListRow) -> None:
        info: saves.SaveInfo = row.payload
        self.app.push(
            action_dialog(
                self.app,
                info.title,
                [
                    result_text(info, self._translate(info)),
                    " · ".join(
                        [
                            info.opponents,
                            ngettext("{n} move", "{n} moves", info.moves).format(n=info.moves),
                            info.date_text,
                        ]
                    ),
                ],
                [
                    (N_("Watch replay"), lambda: self.replay(info), "primary"),
                    (N_("Delete"), lambda: self.delete(info), "danger"),
                ],
            )
        )

    def replay(self, info: saves.SaveInfo) -> None:
        try:
            match = saves.load(info.path, self.app.registry)
        except saves.SaveError as exc:
            self.app.notify(str(exc))
            self.refresh()
            return
        self.app.watch_replay(match)

    def delete(self, info: saves.SaveInfo) -> None:
        def really() -> None:
            saves.delete(info.path)
            self.refresh()

        self.app.push(
            ConfirmScene(
                self.app, N_("Delete this game?"), info.title, really, yes=N_("Delete"), no=N_("Keep")
            )
        )


class SaveNameScene(DialogScene):
    """Type a name (or keep the suggested one) and press Enter to save the game."""

    def __init__(self, app: Any, match: Any) -> None:
        self.match = match
        self.name = saves.default_name(match)
        buttons = [
            Button(N_("Save"), self.save, kind="primary", key="save"),
            Button(N_("Cancel"), self.cancel, key="cancel"),
        ]
        super().__init__(
            app,
            N_("Save game"),
            [N_("Name of the save:")],
            buttons,
            hints=N_("Type a name · Enter save · Esc cancel"),
        )
        self.field = pygame.Rect(0, 0, 1, 1)

    def enter(self) -> None:
        pygame.key.start_text_input()

    def exit(self) -> None:
        pygame.key.stop_text_input()

    def body_height(self, width: int) -> int:
        return super().body_height(width) + self.ui.px(80)

    def draw_body(self, surface: pygame.Surface, x: int, y: int, width: int) -> int:
        ui = self.ui
        t = ui.theme
        y = super().draw_body(surface, x, y, width) + ui.px(10)
        self.field = pygame.Rect(x, y, width, ui.px(60))
        pygame.draw.rect(surface, t.background, self.field, border_radius=ui.px(10))
        pygame.draw.rect(surface, t.focus, self.field, ui.px(2), border_radius=ui.px(10))
        caret = "|" if int(self.app.time * 2) % 2 == 0 else " "
        ui.draw_text(
            surface,
            self.name + caret,
            (self.field.x + ui.px(14), self.field.centery),
            BODY,
            t.text,
            anchor="midleft",
            max_width=self.field.width - ui.px(28),
        )
        return self.field.bottom

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT:
            if len(self.name) < 60:
                self.name += "".join(ch for ch in event.text if ch.isprintable())
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.name = self.name[:-1]
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return True  # typed as text (TEXTINPUT), not a button press
        return super().handle_event(event)

    def save(self) -> None:
        """Save under the typed name; when a save of that name exists, ask before replacing it."""
        name = saves.clean_name(self.name) or saves.default_name(self.match)
        try:
            taken = saves.named_save_path(name) is not None
        except OSError:
            taken = False
        if not taken:
            self._write(name, replace=False)
            return
        self.app.push(
            ConfirmScene(
                self.app,
                N_("Replace this save?"),
                _("There is a save named “{name}” already.").format(
                    name=saves.printable(name, saves.NAME_SHOWN)
                ),
                lambda: self._write(name, replace=True),
                yes=N_("Replace"),
                no=N_("Keep it"),
            )
        )

    def _write(self, name: str, *, replace: bool) -> None:
        try:
            path = saves.save_named(self.match, name, replace=replace)
        except saves.SaveExists:  # saved meanwhile (another Tafel): ask, as for any taken name
            self.save()
            return
        except OSError as exc:
            self.app.notify(_("Could not save: {error}").format(error=exc))
            self.app.sound.play("invalid")
            return
        self.close()
        self.app.notify(
            _("Saved as “{name}” ({file})").format(
                name=saves.printable(name, saves.NAME_SHOWN), file=path.name
            )
        )

    def cancel(self) -> None:
        self.close()
