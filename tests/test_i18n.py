"""Translations (issue 19): the core's German catalog is complete, the command line follows
``--lang``, the Settings switch changes the screens at once, and a plugin brings its own catalog."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from tafel import i18n, translations
from tafel.testing import key, language
from tafel.ui.app import App
from tafel.ui.scenes.settings import SettingsScene
from tests.ui_toygame import FakeWorker, make_registry

ROOT = Path(__file__).resolve().parent.parent
CORE_PO = ROOT / "core" / "locale" / "de" / "LC_MESSAGES" / "tafel.po"
FIELDS = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test leaves the arcade speaking English, as the others expect."""
    yield
    i18n.set_language("en")


def _core_messages() -> dict[str | tuple[str, ...], list[str]]:
    found: dict[str | tuple[str, ...], list[str]] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(ROOT / "core"), method_map=[("**.py", "python")], keywords=DEFAULT_KEYWORDS
    ):
        found.setdefault(message if isinstance(message, str) else tuple(message), []).append(
            f"core/{filename}:{lineno}"
        )
    return found


def test_every_core_text_has_a_german_translation():
    """Babel's extraction over core/ against the catalog: nothing missing, fuzzy or empty, and each
    translation keeps the message's {fields}."""
    with CORE_PO.open("rb") as f:
        catalog = read_po(f, locale="de")
    problems = []
    for msgid, where in _core_messages().items():
        entry = catalog.get(msgid if isinstance(msgid, str) else msgid[0])
        if entry is None:
            problems.append(f"missing: {msgid!r} ({where[0]})")
            continue
        if entry.fuzzy:
            problems.append(f"fuzzy: {msgid!r}")
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            problems.append(f"untranslated: {msgid!r}")
        source = msgid if isinstance(msgid, tuple) else (msgid,)
        for text in strings:
            if text and sorted(FIELDS.findall(text)) != sorted(FIELDS.findall(source[-1])):
                problems.append(f"fields differ: {msgid!r} -> {text!r}")
    assert not problems, "\n".join(problems)
    assert not catalog.fuzzy, "the catalog's header is marked fuzzy"


def test_language_from_flag_environment_setting_and_system(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "TAFEL_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.choose_language() == "de"
    assert i18n.choose_language(setting="en") == "en"
    monkeypatch.setenv("TAFEL_LANG", "en")
    assert i18n.choose_language(setting="de") == "en"
    assert i18n.choose_language("de", setting="en") == "de"
    monkeypatch.delenv("TAFEL_LANG")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert i18n.choose_language() == "en"  # a language Tafel does not speak: English


def test_numbers_and_dates_in_the_local_format():
    from datetime import datetime

    moment = datetime(2026, 3, 9, 14, 5)
    with language("de"):
        assert i18n.format_number(12345.5) == "12.345,5"
        assert i18n.format_datetime(moment) == "09.03.2026 14:05"
    assert i18n.format_number(12345.5) == "12,345.5"
    assert i18n.format_datetime(moment) == "2026-03-09 14:05"


def test_command_line_lang_de_list_show_and_errors():
    """``python main.py --lang de ...``: the core's words in German; machine output unchanged."""

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True, timeout=60
        )

    listed = run("--lang", "de", "list")
    assert listed.returncode == 0, listed.stderr
    assert "Spieler 2" in listed.stdout and "Plugin ataxx" in listed.stdout
    assert "players" not in listed.stdout

    german, english = (
        run("--lang", "de", "show", "ataxx", "-m", "f1"),
        run("--lang", "en", "show", "ataxx", "-m", "f1"),
    )
    assert german.stdout.splitlines()[0].startswith("Stellung: ")
    assert english.stdout.splitlines()[0].startswith("position: ")
    # Positions and moves are the same in every language.
    assert german.stdout.splitlines()[0].split(": ", 1)[1] == english.stdout.splitlines()[0].split(": ", 1)[1]
    assert german.stdout.splitlines()[2].split(": ", 1)[1] == english.stdout.splitlines()[2].split(": ", 1)[1]

    bad = run("--lang", "de", "show", "no-such-game")
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: unbekanntes Spiel 'no-such-game'")


@pytest.fixture
def app(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("TAFEL_LANG", "en")
    registry = make_registry(tmp_path_factory.mktemp("i18n_plugins"))
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    app.step()
    yield app
    app.close()


def test_settings_switch_changes_the_menu_without_restart(app):
    menu = app.menu
    assert menu.settings_button.label == "Settings"
    app.menu.open_settings()
    app.step()
    settings = app.scenes.top
    assert isinstance(settings, SettingsScene)
    assert settings.focus.focused.key == "language"
    # System language -> English -> Deutsch, each taking effect at once.
    app.step(events=[key(pygame.K_RIGHT)])
    assert app.settings.language == "en" and i18n.current() == "en"
    app.step(events=[key(pygame.K_RIGHT)])
    assert app.settings.language == "de" and i18n.current() == "de"
    assert settings.back_button.label == "Zurück"
    app.step(events=[key(pygame.K_ESCAPE)])
    app.step()
    assert app.scenes.top is menu
    assert menu.settings_button.label == "Einstellungen"
    assert menu.quit_button.label == "Beenden"
    # Kept for the next start (the saved setting), and back to English the same way.
    assert '"language": "de"' in _settings_file().read_text()
    menu.open_settings()
    app.step()
    app.step(events=[key(pygame.K_LEFT)])
    assert i18n.current() == "en"
    app.step(events=[key(pygame.K_ESCAPE)])
    app.step()
    assert menu.settings_button.label == "Settings"


def _settings_file() -> Path:
    from tafel.settings import settings_path

    return settings_path()


PLUGIN = '''
"""A third-party plugin with a catalog of its own (locale/de/LC_MESSAGES/toyhello.po)."""
from tafel import CommandDef, hookimpl, translations

_ = translations(__package__)


def run(args, registry):
    print(_("Hello from the toy plugin"))
    print(_.ngettext("{n} stone", "{n} stones", 3).format(n=3))
    return 0


@hookimpl
def register_commands(register):
    register(CommandDef("toy-hello", "greet", lambda parser: None, run))
'''

PO = r"""
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Hello from the toy plugin"
msgstr "Hallo vom Spielzeug-Plugin"

msgid "{n} stone"
msgid_plural "{n} stones"
msgstr[0] "{n} Stein"
msgstr[1] "{n} Steine"
"""


def test_a_third_party_plugin_brings_its_own_catalog(tmp_path, monkeypatch, capsys):
    package = tmp_path / "toyhello"
    (package / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(PLUGIN))
    (package / "locale" / "de" / "LC_MESSAGES" / "toyhello.po").write_text(PO, encoding="utf-8")
    monkeypatch.setenv("TAFEL_PLUGIN_DIRS", str(tmp_path))
    from tafel.testing import run_command

    assert run_command(["--lang", "de", "toy-hello"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Hallo vom Spielzeug-Plugin", "3 Steine"]
    assert run_command(["--lang", "en", "toy-hello"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Hello from the toy plugin", "3 stones"]
    # The plugin's domain is its own: the core's words are not in it, nor its words in the core's.
    with language("de"):
        assert translations("toyhello")("Settings") == "Settings"
        assert i18n._("Hello from the toy plugin") == "Hello from the toy plugin"


def test_the_cores_default_seat_names_follow_the_language():
    from tafel import GameDef

    game = GameDef("g", "G", "", 2, 2, None, None)
    with language("de"):
        assert game.shown_names({}) == ["Spieler 1", "Spieler 2"]
    assert game.shown_names({}) == ["Player 1", "Player 2"]
    assert game.names({}) == ["Player 1", "Player 2"]  # machine output stays as it is


def test_a_plugins_damaged_catalog_leaves_its_texts_in_english_with_one_line(tmp_path, monkeypatch, capsys):
    """A .po that is not UTF-8 ended `tafel --lang de list` with a traceback."""
    import importlib

    from tafel.i18n import language, translations

    folder = tmp_path / "broken_catalog_game" / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (tmp_path / "broken_catalog_game" / "__init__.py").write_text("")
    (folder / "broken_catalog_game.po").write_bytes(b'msgid "Red"\nmsgstr "\xff\xfe Rot"\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    _ = translations("broken_catalog_game")
    with language("de"):
        assert _("Red") == "Red" and _("Blue") == "Blue"
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("tafel: the de catalog of broken_catalog_game cannot be read")
