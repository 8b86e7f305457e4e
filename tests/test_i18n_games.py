"""Translations of the built-in games (issue 19, stage 2): each game's catalog knows every text the
game shows (its `_()`-marked strings, and the words of its GameDef and tutorial that the core
translates through ``GameDef.translate``), and its rules come in German."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from tafel import i18n
from tafel.testing import language, load_registry

ROOT = Path(__file__).resolve().parent.parent
FIELDS = re.compile(r"\{[^{}]*\}")
#: game id -> plugin folder; the games whose texts are translated so far.
GAMES = {
    "amakta": "amakta",
    "amakta-infinit": "amakta_infinit",
    "ataxx": "ataxx",
    "atoll": "atoll",
    "axxa": "axxa",
}
#: Games still to translate (stage 2 goes on): their tests are expected to fail.
TODO: dict[str, str] = {}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def registry():
    return load_registry()


def _game_texts(game) -> list[str]:
    """The words of a GameDef the core shows through ``GameDef.translate``."""
    texts = [game.title, game.description]
    for opt in game.options:
        texts += [opt.label, opt.help] + [label for _value, label in opt.choices]
    texts += list(game.names(game.resolve_options({})))
    texts += list(game.reasons)  # a hint's reasons, reworded from the AI's English
    if game.tutorial is not None:
        texts += [game.tutorial.intro, game.tutorial.outro]
        for step in game.tutorial.steps:
            texts += [step.say, step.rule]
    return [t for t in texts if t]


def _marked(folder: Path) -> list[str | tuple[str, ...]]:
    found = []
    for _f, _l, message, _c, _ctx in extract_from_dir(
        str(folder), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS
    ):
        found.append(message if isinstance(message, str) else tuple(message))
    return found


def _cases():
    for game_id, folder in GAMES.items():
        yield pytest.param(game_id, folder, id=game_id)
    for game_id, folder in TODO.items():
        yield pytest.param(game_id, folder, id=game_id, marks=pytest.mark.xfail(reason="not translated yet"))


@pytest.mark.parametrize("game_id,folder", list(_cases()))
def test_every_text_of_the_game_has_a_german_translation(registry, game_id, folder):
    po = ROOT / "plugins" / folder / "locale" / "de" / "LC_MESSAGES" / f"{folder}.po"
    assert po.is_file(), f"no German catalog at {po}"
    with po.open("rb") as f:
        catalog = read_po(f, locale="de")
    assert not catalog.fuzzy
    game = registry.game(game_id)
    problems = []
    for msgid in [*_game_texts(game), *_marked(ROOT / "plugins" / folder)]:
        key = msgid if isinstance(msgid, str) else msgid[0]
        entry = catalog.get(key)
        if entry is None:
            problems.append(f"missing: {msgid!r}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            problems.append(f"fuzzy or empty: {msgid!r}")
        source = msgid if isinstance(msgid, tuple) else (msgid,)
        for text in strings:
            if text and sorted(FIELDS.findall(text)) != sorted(FIELDS.findall(source[-1])):
                problems.append(f"fields differ: {msgid!r} -> {text!r}")
    assert not problems, "\n".join(problems)
    with language("de"):
        assert game.translate(game.description) != game.description
        assert game.rules_text() != game.rules, "no German rules (GameDef.translated_rules)"


def test_the_core_shows_a_games_words_in_its_language(registry):
    game = registry.game("amakta")
    options = game.resolve_options({})
    assert game.shown_names(options) == ["Player 1", "Player 2"]
    with language("de"):
        assert game.shown_names(options) == ["Spieler 1", "Spieler 2"]
        assert game.translate(game.option("board").label) == "Spielfeld"
        assert game.translate("no such words") == "no such words"
        assert game.rules_text().startswith("Amakta ist ein Strategiespiel")
    assert game.rules_text() == game.rules


def test_outcome_and_status_in_german(registry):
    game = registry.game("amakta")
    with language("de"):
        state = game.new_state(game.resolve_options({}), None)
        assert state.describe() == "Spieler 1 weist die Kreise zu"
        state = state.play(state.parse_move("resign"))
        assert state.outcome.reason == "Spieler 1 hat aufgegeben"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, timeout=60
    )


def test_command_line_rules_and_list_in_german():
    rules = _run("--lang", "de", "rules", "amakta")
    assert rules.returncode == 0, rules.stderr
    assert rules.stdout.startswith("Amakta ist ein Strategiespiel")
    assert "Enteignen" in rules.stdout and "Expropriate:" not in rules.stdout
    english = _run("--lang", "en", "rules", "amakta")
    assert english.stdout.startswith("Amakta is a strategy game")
    listed = _run("--lang", "de", "list")
    assert "Pfeilsteine kämpfen um die Kontrolle der Felder" in listed.stdout
