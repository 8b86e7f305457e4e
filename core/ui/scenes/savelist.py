"""Saved games and the history of finished games: the lists, naming a save, opening a replay."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from tafel import i18n, saves
from tafel.datadir import read_json
from tafel.i18n import N_, _, ngettext
from tafel.match import HUMAN, Match
from tafel.quoting import printable
from tafel.ui.scene import Host
from tafel.ui.scenes.dialog import ConfirmScene, DialogScene
from tafel.ui.scenes.lists import ListRow, ListScene, action_dialog
from tafel.ui.widgets import BODY, Button

if TYPE_CHECKING:
    from tafel.registry import Registry


def result_text(
    info: saves.SaveInfo,
    translate: Callable[[str], str] | None = None,
    reason: str | None = None,
    names: list[str] | None = None,
) -> str:
    """'Won', 'Lost', 'Draw' for the people who played, else who won, by the game's seat ``names``
    ("Red won"; "Seat 1 won" only without them); the game's reason (the kept one, or ``reason``:
    the replayed one, see :class:`ReasonsNow`) through ``translate`` (its ``GameDef.translate``: a
    game that keeps its reasons in English is shown in the player's language).

    >>> from pathlib import Path
    >>> i = saves.SaveInfo(Path("x"), "history", "", "g", "G", 9, None, ["human", "hard"],
    ...                    {"winners": [1], "rewards": [0, 1], "reason": "no moves"})
    >>> result_text(i), result_text(i, reason="stuck")
    ('Lost · no moves', 'Lost · stuck')
    >>> i.players = ["easy", "hard"]
    >>> result_text(i, names=["Black", "White"]), result_text(i)
    ('White won · no moves', 'Seat 2 won · no moves')
    """
    result = info.result or {}
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    if reason is None:
        reason = str(result.get("reason") or "")
    if reason and translate is not None:
        reason = translate(reason)
    humans = [i for i, p in enumerate(info.players) if p == HUMAN]
    if len(info.players) > 1 and not winners:
        word = _("Draw")
    elif humans and (len(humans) < len(info.players) or len(info.players) == 1):
        word = _("Won") if any(w in humans for w in winners) else _("Lost")
    elif names is not None and all(w < len(names) for w in winners):
        word = _("{names} won").format(names=" & ".join(names[w] for w in winners))
    else:
        word = _("Seat {seats} won").format(seats=" & ".join(str(w + 1) for w in winners))
    return f"{word} · {reason}" if reason else word


#: Where a reason may be cut short for a narrow column: before a colon's explanation, a
#: parenthesis, a semicolon's or a dash's second part (a comma is not: "joined west, upper to
#: east, lower" cut at its comma would say something else).
_CLAUSE = re.compile(r": | \(|; | [–—] ")


def shorter_results(text: str) -> list[str]:
    """Shorter forms of a result (``result_text``) for a narrow column, longest first: the reason
    cut before each of its later clauses, then the word alone. The history's row shows the first
    that fits whole, its tooltip and its dialog the whole result.

    >>> shorter_results("Lost · the 1s can no longer be completed: only 2 left (0 of 6 removed)")
    ['Lost · the 1s can no longer be completed: only 2 left', 'Lost · the 1s can no longer be completed', 'Lost']
    >>> shorter_results("Won · no stack can move"), shorter_results("Draw")
    (['Won'], [])
    """
    word, sep, reason = text.partition(" · ")
    if not sep:
        return []
    cuts = [m.start() for m in _CLAUSE.finditer(reason) if m.start() > 0]
    return [f"{word} · {reason[:cut]}" for cut in reversed(cuts)] + [word]


class ReasonsNow:
    """A finished game's reason in the language of now, for games whose rules translate the
    reason when the outcome is made (kept in the language the game was played in).

    The kept record says its language (``result["lang"]``); a reason kept in another language
    (or in an unknown one, from before that was kept) is made again by replaying the game's
    moves: the final state's outcome speaks the language of now. Only rows on screen ask
    (:meth:`lookup`), and a replay runs on a background thread (a long game's replay takes tens
    of milliseconds, longer than a frame), so the row shows the kept text until it is done.
    Answers are cached per file and language (a state may cache its outcome's text, so the text
    is cached, not the state). None means: show the kept text (same language, the game is not
    installed or has another version, the moves do not replay, or the replay ends otherwise).
    Reading is plain (a file is never moved aside here: the list already read it).
    """

    #: (path, mtime_ns, language) -> reason or None; shared by every opening of the history.
    cache: dict[tuple[str, int, str], str | None] = {}
    CACHE_MAX = 1000
    _cond = threading.Condition()
    _queue: dict[tuple[str, int, str], saves.SaveInfo] = {}
    _thread: threading.Thread | None = None

    def __init__(self, registry: Registry) -> None:
        self.registry = registry

    @staticmethod
    def needed(info: saves.SaveInfo) -> bool:
        """Whether the kept reason may be in another language than the one of now."""
        result = info.result or {}
        return bool(result.get("reason")) and result.get("lang") != i18n.current()

    def lookup(self, info: saves.SaveInfo) -> tuple[bool, str | None]:
        """(done, reason): done False while the replay is on its way (it is asked for here)."""
        if not self.needed(info):
            return True, None
        try:
            key = (str(info.path), info.path.stat().st_mtime_ns, i18n.current())
        except OSError:
            return True, None
        cls = type(self)
        with cls._cond:
            if key in cls.cache:
                return True, cls.cache[key]
            cls._queue[key] = info
            if cls._thread is None or not cls._thread.is_alive():
                cls._thread = threading.Thread(target=self._run, name="tafel-history", daemon=True)
                cls._thread.start()
        return False, None

    def reason(self, info: saves.SaveInfo) -> str | None:
        """The replayed reason if it is known now, else None (the kept text)."""
        return self.lookup(info)[1]

    def _run(self) -> None:
        cls = type(self)
        while True:
            with cls._cond:
                if not cls._queue:
                    cls._thread = None
                    cls._cond.notify_all()
                    return
                key, info = next(iter(cls._queue.items()))
            reason = self._replay(info) if key[2] == i18n.current() else None
            with cls._cond:
                cls._queue.pop(key, None)
                if key[2] == i18n.current():  # not switched meanwhile: the text is in that language
                    if len(cls.cache) >= cls.CACHE_MAX:
                        cls.cache.clear()
                    cls.cache[key] = reason

    @classmethod
    def wait(cls, timeout: float = 10.0) -> bool:
        """Until every asked replay is done (for tests and tools); False after ``timeout``."""
        with cls._cond:
            return cls._cond.wait_for(lambda: cls._thread is None and not cls._queue, timeout)

    def _replay(self, info: saves.SaveInfo) -> str | None:
        try:
            data = read_json(info.path, saves.MAX_SAVE_BYTES)
            game = self.registry.games.get(data.get("game"))
            if game is None or data.get("version") != game.version:
                return None
            # Who played does not change how the game ended (and an engine no longer set up
            # must not stop the replay): the seats are left to their defaults. Only the state
            # of now is kept (not a match's list of every state: less for the garbage
            # collector to walk), and the thread lets the frames run between moves (a long
            # game's replay otherwise holds the interpreter for many milliseconds at a time).
            start = Match(
                game, data.get("options") or {}, seed=data.get("seed"), position=data.get("position")
            )
            state = start.state
            for text in data.get("moves") or ():
                state = state.play(state.parse_move(text))
                time.sleep(0)
            outcome = state.outcome
        except Exception:  # a damaged file or a plugin's bug: the kept text is shown
            return None
        kept = (info.result or {}).get("winners")
        if outcome is None or (isinstance(kept, list) and list(outcome.winners) != kept):
            return None
        return outcome.reason


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
        # The result gets the most room (a game's reason in German runs long; too long for two
        # lines, it is shortened at a clause, see shorter_results); the others fit their longest
        # texts at 800x600 (a two-word title, "am selben Gerät", a date and time).
        (N_("Game"), 1.3),
        (N_("Result"), 2.6),
        (N_("Players"), 1.3),
        (N_("Moves"), 0.6),
        (N_("Played"), 1.3),
    )
    empty_text = N_("Finished games appear here, to watch again.")

    def __init__(self, app: Host) -> None:
        self.reasons = ReasonsNow(app.registry)
        self._stale: set[str] = set()  # rows whose result may still speak another language
        super().__init__(app)

    def _translate(self, info: saves.SaveInfo) -> Callable[[str], str] | None:
        game = self.app.registry.games.get(info.game_id)
        return game.translate if game is not None else None

    def _names(self, info: saves.SaveInfo) -> list[str] | None:
        """The game's seat names (its default setup's, in the language of now), None when the
        game is not installed or its names do not fit the seats played."""
        game = self.app.registry.games.get(info.game_id)
        if game is None:
            return None
        try:
            names = game.shown_names(game.resolve_options())
        except Exception:  # a plugin's bug: the seat numbers still say who won
            return None
        return names if len(names) == len(info.players) else None

    def _result(self, info: saves.SaveInfo, reason: str | None = None) -> str:
        return result_text(info, self._translate(info), reason, self._names(info))

    def rows(self) -> list[ListRow]:
        problems: list[str] = []
        out = []
        for info in saves.list_history(problems):
            result = self._result(info)  # the kept text until drawn
            columns = [info.title, result, info.opponents, str(info.moves), info.date_text]
            out.append(ListRow(str(info.path), columns, info, shorter={1: shorter_results(result)}))
        self._stale = {row.key for row in out if self.reasons.needed(row.payload)}
        self.messages = problems
        return out

    def language_changed(self) -> None:
        self.refresh()

    def _draw_item(self, surface: pygame.Surface, item: ListRow) -> None:
        # Lazily, only for rows on screen: a reason kept in another language is replayed in the
        # background; the row shows the kept text until the replay is done.
        if item.key in self._stale:
            done, reason = self.reasons.lookup(item.payload)
            if done:
                result = self._result(item.payload, reason)
                item.columns[1], item.shorter[1] = result, shorter_results(result)
                self._stale.discard(item.key)
        super()._draw_item(surface, item)

    def open(self, row: ListRow) -> None:
        info: saves.SaveInfo = row.payload
        self.app.push(
            action_dialog(
                self.app,
                info.title,
                [
                    self._result(info, self.reasons.reason(info)),
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

    def __init__(self, app: Host, match: Match) -> None:
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
                _("There is a save named “{name}” already.").format(name=printable(name, saves.NAME_SHOWN)),
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
            _("Saved as “{name}” ({file})").format(name=printable(name, saves.NAME_SHOWN), file=path.name)
        )

    def cancel(self) -> None:
        self.close()
