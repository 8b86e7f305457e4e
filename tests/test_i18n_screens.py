"""Every core screen in German, for each translated game (issue 19): no English text reaches the
screen, and no German label or title is cut where the English one is not.

The test goes through the screens a player meets (menu, setup, rules, records, play with the
side panel, pause, game over, review, statistics, saved games, settings) at 1280x720 and 800x600 with the in-process fake AI
worker, and records every line of text drawn through :class:`tafel.ui.fonts.Fonts` (``text`` and
``render``, which every screen and widget draws with) and every line the widgets' fitting cut
with an ellipsis (``fitted``). It fails when

- a line drawn in German is an English message of the core's catalog or of the game's own that
  has a German translation (the text was shown without ``_``), whole, as a wrapped piece of it or
  filled in (``{seat} to move``); and
- a bold line (button labels and titles) ends in "…" in German where the same place shows its
  English text whole; and
- any line ends in "…" in either language, at 1280x720 and, on the same tour, 800x600.

Games still to translate (``TODO`` in tests/test_i18n_games.py) are skipped.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tafel import i18n
from tafel.match import Match
from tafel.testing import load_registry
from tafel.ui.app import App
from tafel.ui.fonts import ELLIPSIS, Fonts
from tests.test_i18n_games import GAMES, TODO
from tests.ui_toygame import FakeWorker

ROOT = Path(__file__).resolve().parent.parent
CORE_PO = ROOT / "core" / "locale" / "de" / "LC_MESSAGES" / "tafel.po"
SIZE = (1280, 720)
#: Also drawn at these sizes, screen by screen, on the same tour (issue 19: 1280x720 and 800x600).
SMALLER = ((800, 600),)
FIELD = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def registry():
    return load_registry()


# --- the catalogs ---------------------------------------------------------------------------------


@dataclass
class Catalog:
    """The English messages that have a German translation, and every German text (to tell a
    German word that happens to be spelt like an English message from untranslated text)."""

    english: set[str] = field(default_factory=set)
    patterns: list[tuple[re.Pattern, str]] = field(default_factory=list)
    german: set[str] = field(default_factory=set)

    def add(self, po: Path) -> None:
        with po.open("rb") as f:
            catalog = read_po(f, locale="de")
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            self.german.update(s for s in strings if s)
            for msgid in ids:
                if not msgid or all(s == msgid for s in strings):
                    continue  # the same in both languages (a name, "Atoll")
                self.english.add(msgid)
                literal = FIELD.sub("", msgid)
                if FIELD.search(msgid) and len(literal.strip()) >= 8:
                    parts = [re.escape(p) for p in FIELD.split(msgid)]
                    self.patterns.append((re.compile("^" + "(.+?)".join(parts) + "$"), msgid))

    def english_in(self, line: str) -> str | None:
        """The English message ``line`` shows (whole, wrapped or filled in), or None."""
        text = line.rstrip(ELLIPSIS).strip()
        if not text or text in self.german:
            return None
        if text in self.english:
            return text
        for pattern, msgid in self.patterns:
            if pattern.match(text):
                return msgid
        if len(text.split()) >= 3 and not any(text in g for g in self.german):
            for msgid in self.english:
                if text in msgid:
                    return msgid
        return None


def catalog_for(folder: str) -> Catalog:
    catalog = Catalog()
    catalog.add(CORE_PO)
    catalog.add(ROOT / "plugins" / folder / "locale" / "de" / "LC_MESSAGES" / f"{folder}.po")
    return catalog


# --- recording what is drawn ----------------------------------------------------------------------


@dataclass
class Drawn:
    #: (screen, line) of every line drawn.
    lines: list[tuple[str, str]] = field(default_factory=list)
    #: (screen, text, what was drawn, bold): lines the fitting cut with an ellipsis.
    cut: list[tuple[str, str, str, bool]] = field(default_factory=list)
    screen: str = ""


@pytest.fixture
def drawn(monkeypatch) -> Drawn:
    return record_drawing(monkeypatch)


def record_drawing(monkeypatch) -> Drawn:
    """Record every line drawn and every line cut from now on (until the test ends)."""
    record = Drawn()
    text, render, fitted = Fonts.text, Fonts.render, Fonts.fitted

    def text_(self, line, *args, **kw):
        record.lines.append((record.screen, line))
        return text(self, line, *args, **kw)

    def render_(self, line, *args, **kw):
        record.lines.append((record.screen, line))
        return render(self, line, *args, **kw)

    def fitted_(self, line, size, width, bold=False, min_size=None):
        result = fitted(self, line, size, width, bold, min_size)
        if result[1].endswith(ELLIPSIS) and result[1] != line:
            record.cut.append((record.screen, line, result[1], bold))
        return result

    monkeypatch.setattr(Fonts, "text", text_)
    monkeypatch.setattr(Fonts, "render", render_)
    monkeypatch.setattr(Fonts, "fitted", fitted_)
    return record


# --- the tour -------------------------------------------------------------------------------------


def finished_match(game, seed: int = 7) -> Match:
    """A match people played out with random moves (a resignation if it runs long)."""
    options = game.resolve_options({})
    match = Match(game, options, seed=seed, players=["human"] * game.seats(options))
    rng = random.Random(seed)
    for _ in range(400):
        if match.state.outcome is not None:
            return match
        match.play(rng.choice(match.state.legal_moves()))
    match.play(match.state.parse_move("resign"))
    assert match.state.outcome is not None
    return match


def frames(app: App, record: Drawn, screen: str, count: int = 3, smaller: bool = True) -> None:
    """``count`` frames of ``screen`` at the tour's size, then (``smaller``) one at each of the
    SMALLER sizes (recorded as ``screen @ WxH``) and back: one walk through the screens serves
    every size. A resize draws the board again, so frames between moves skip it."""
    record.screen = screen
    for _ in range(count):
        app.step()
    assert app.scenes.top is not None
    for w, h in SMALLER if smaller else ():
        app.resize((w, h))
        record.screen = f"{screen} @ {w}x{h}"
        app.step()
        app.resize(SIZE)
        record.screen = screen


def tour(registry, game_id: str, lang: str, record: Drawn) -> None:
    """Every core screen with ``game_id``'s words, in ``lang``."""
    game = registry.game(game_id)
    app = App(registry, windowed=True, size=SIZE, worker=FakeWorker(registry), language=lang)
    try:
        menu = app.menu
        card = next(c for c in menu.cards if c.game is game)
        menu.focus.focus(card)
        menu._ensure_visible()
        frames(app, record, "menu")
        menu.open(card)
        frames(app, record, "setup")
        setup = app.scenes.top
        setup.show_rules()
        frames(app, record, "rules", 4)
        app.scenes.top.close()
        frames(app, record, "setup", 1, smaller=False)
        if game.records is not None:  # a puzzle's records, from setup
            setup.show_records()
            frames(app, record, "records")
            app.scenes.top.back()
            frames(app, record, "setup", 1, smaller=False)
        if game.tutorial is not None:
            setup.start_guided()
            frames(app, record, "tutorial", 4)
            app.back_to_menu()
            menu.open(card)
            frames(app, record, "setup", 1, smaller=False)
            setup = app.scenes.top
        setup.players = ["human"] * len(setup.players)  # AxxA solo has one seat
        setup.start()
        frames(app, record, "play")
        play = app.scenes.top
        rng = random.Random(3)
        for _ in range(4):
            moves = [
                m for m in play.match.state.legal_moves() if play.match.state.move_to_text(m) != "resign"
            ]
            if play.match.state.outcome is not None or not moves:
                break
            play.match.play(rng.choice(moves))
            play.reset_turn()
            frames(app, record, "play", 2, smaller=False)
        play.open_pause_menu()
        frames(app, record, "pause")
        app.scenes.top.resume_game()
        frames(app, record, "play", 1)
        over = app.start_match(finished_match(game))
        frames(app, record, "play", 2, smaller=False)
        for _ in range(300):
            if app.scenes.top is not over:
                break
            frames(app, record, "play", 1, smaller=False)
        frames(app, record, "game over")
        assert type(app.scenes.top).__name__ == "GameOverScene"
        over = app.scenes.top
        if game.records is not None and any(b.key == "records" for b in over.buttons):
            # The records again, with the game just played in them (the rows' figures and
            # the headings share the columns).
            over.records()
            frames(app, record, "records after the game")
            app.scenes.top.back()
            frames(app, record, "game over", 1, smaller=False)
        if over.play.match.ply > 0:  # the review graph, from the game-over card
            over.review()
            frames(app, record, "review")
            app.scenes.top.close()
        app.back_to_menu()
        frames(app, record, "menu", 2, smaller=False)
        for screen, opener in (
            ("statistics", menu.open_stats),
            ("saved games", menu.open_saves),
            ("history", menu.open_history),
            ("settings", menu.open_settings),
        ):
            opener()
            frames(app, record, screen)
            app.back_to_menu()
            frames(app, record, "menu", 1, smaller=False)
    finally:
        app.close()


def _translated():
    for game_id, folder in GAMES.items():
        yield pytest.param(game_id, folder, id=game_id)
    for game_id, folder in TODO.items():
        yield pytest.param(game_id, folder, id=game_id, marks=pytest.mark.skip(reason="not translated yet"))


def test_the_check_knows_english_when_it_sees_it():
    catalog = catalog_for("atoll")
    assert catalog.english_in("Settings") == "Settings"
    assert catalog.english_in("Black (Player 1) to move") in (
        "{colour} ({seat}) to move",
        "{seat} ({player}) to move",
    )
    assert catalog.english_in("Play again…") == "Play again"
    assert catalog.english_in("Schwarz (Spieler 1) am Zug") is None
    assert catalog.english_in("Atoll") is None  # the same in German
    assert catalog.english_in("f7") is None
    back = English("atoll")
    assert back("Autospeichern · Atoll") == "Autosave · Atoll"
    assert back("Einstellungen") == "Settings"


@pytest.mark.parametrize("game_id,folder", list(_translated()))
def test_german_screens_show_no_english_and_cut_no_label(
    registry, drawn, game_id, folder, monkeypatch, tmp_path
):
    """One tour in English, one in German (each tour is a few seconds, so both checks share it):
    no English message reaches a German screen, and no German label or title is cut where the
    English one fits. Each tour has its own data folder: the history keeps a finished game's
    result in the language it was played in."""
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "en"))
    tour(registry, game_id, "en", drawn)
    english_cut = {(screen, line) for screen, line, _shown, bold in drawn.cut if bold}
    cut_in_english = list(drawn.cut)
    drawn.cut.clear()
    drawn.lines.clear()
    monkeypatch.setenv("TAFEL_DATA_DIR", str(tmp_path / "de"))
    tour(registry, game_id, "de", drawn)
    # No English text on any screen in German.
    catalog = catalog_for(folder)
    seen = {screen for screen, _line in drawn.lines}
    assert {"menu", "setup", "rules", "play", "pause", "game over", "statistics", "settings"} <= seen
    english = sorted(
        {
            f"{screen}: {line!r} (message {msgid!r})"
            for screen, line in drawn.lines
            if (msgid := catalog.english_in(line))
        }
    )
    assert not english, "English text on German screens:\n" + "\n".join(english)
    # No label or title cut in German where the English one fits.
    back = English(folder)
    cut = sorted(
        f"{screen}: {line!r} drawn as {shown!r}"
        for screen, line, shown, bold in drawn.cut
        if bold and (screen, back(line)) not in english_cut
    )
    assert not cut, "German labels and titles cut where the English ones fit:\n" + "\n".join(cut)
    # No text cut at all, in either language, at 1280x720 or 800x600: labels, titles, card
    # descriptions, list cells (the history's results too: a long one is shortened at a clause,
    # the whole text in its tooltip), notes.
    every = sorted(
        {
            f"{lang} {screen}: {line!r} drawn as {shown!r}"
            for lang, cuts in (("en", cut_in_english), ("de", drawn.cut))
            for screen, line, shown, _bold in cuts
        }
    )
    assert not every, "Text cut with an ellipsis:\n" + "\n".join(every)


class English:
    """A German line back in English, through the core's catalog and the game's: a message whole,
    or filled in (``Autospeicherung · Atoll`` -> ``Autosave · Atoll``); else the line as it is."""

    def __init__(self, folder: str) -> None:
        self.whole: dict[str, str] = {}
        self.filled: list[tuple[re.Pattern, str]] = []
        for po in (CORE_PO, ROOT / "plugins" / folder / "locale" / "de" / "LC_MESSAGES" / f"{folder}.po"):
            with po.open("rb") as f:
                for message in read_po(f, locale="de"):
                    if not (message.id and isinstance(message.id, str) and message.string):
                        continue
                    self.whole.setdefault(message.string, message.id)
                    if FIELD.search(message.string):
                        parts = [re.escape(p) for p in FIELD.split(message.string)]
                        names = [n.strip("{}") for n in FIELD.findall(message.string)]
                        pattern = "".join(
                            part + (f"(?P<{name}>.+?)" if i < len(names) else "")
                            for i, (part, name) in enumerate(zip(parts, [*names, ""], strict=True))
                        )
                        if len(names) == len(set(names)) and all(n.isidentifier() for n in names):
                            self.filled.append((re.compile(f"^{pattern}$"), message.id))

    def __call__(self, line: str) -> str:
        if line in self.whole:
            return self.whole[line]
        for pattern, msgid in self.filled:
            found = pattern.match(line)
            if found:
                return msgid.format(**{k: self.whole.get(v, v) for k, v in found.groupdict().items()})
        return line


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_side_panel_with_an_ai_seat_fits_a_small_window(registry, drawn, lang):
    """The tour seats people only; an AI seat makes the panel's longest lines ("Spieler 2 (KI
    mittel) am Zug", the seat's level beside its name): none is cut at 800x600."""
    for game_id in GAMES:
        game = registry.game(game_id)
        app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry), language=lang)
        try:
            app.menu.open(next(c for c in app.menu.cards if c.game is game))
            app.step()
            setup = app.scenes.top
            if len(setup.players) < 2:
                continue  # a solo puzzle has no AI seat to show
            setup.players = ["human"] + ["medium"] * (len(setup.players) - 1)
            setup.start()
            play = app.scenes.top
            play.match.play(play.match.state.legal_moves()[0])
            play.reset_turn()
            frames(app, drawn, f"{game_id} play", 2, smaller=False)
        finally:
            app.close()
    assert {screen for screen, _line in drawn.lines} >= {f"{g} play" for g in GAMES if g != "axxa"}
    cut = sorted({f"{screen}: {line!r} drawn as {shown!r}" for screen, line, shown, _bold in drawn.cut})
    assert not cut, "Text cut with an ellipsis:\n" + "\n".join(cut)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_long_note_over_the_board_is_not_cut(registry, drawn, lang):
    """A hint with its reason and chance, or the longest notice, over a small window's board:
    on more lines, never cut."""
    from tafel.i18n import _
    from tafel.ui.scenes.play.hint import hint_text

    game = registry.game("axxa")
    app = App(registry, windowed=True, size=(800, 600), worker=FakeWorker(registry), language=lang)
    try:
        app.start_match(Match(game, game.resolve_options({}), seed=3, players=["human"]))
        frames(app, drawn, "play", 1, smaller=False)
        play = app.scenes.top
        info = {"reason": "sets up a triplet of 2s and keeps the 3s in reach", "win_chance": 0.625}
        play.toast(hint_text("c1-c4", info, solo=True, translate=game.translate))
        notice = _("Engine {name} is not configured any more (Settings, Engines): AI medium plays {seat}.")
        play.toast(notice.format(name="Stockfish-Ataxx 1.0", seat=play.seat_name(0)), error=True)
        frames(app, drawn, "note", 2, smaller=False)
    finally:
        app.close()
    shown = [line for screen, line in drawn.lines if screen == "note"]
    assert any(line.startswith(_("Hint: {move}").format(move="c1-c4")[:4]) for line in shown), shown
    cut = sorted({f"{line!r} drawn as {shown!r}" for _s, line, shown, _bold in drawn.cut})
    assert not cut, "Text cut with an ellipsis:\n" + "\n".join(cut)
