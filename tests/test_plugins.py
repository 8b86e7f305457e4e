"""Plugin discovery: folders, entry points, the allow-list, and broken plugins."""

import sys
import textwrap

import pytest

from tafel.plugins import load_registry
from tafel.registry import LoadSpec

GAME_PLUGIN = """
from tafel import GameDef, hookimpl
from tests.toy_nim import nim_def

@hookimpl
def register_games(register):
    register(nim_def("{gid}"))
"""


def _write(folder, name, body):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.py").write_text(textwrap.dedent(body))


def _spec(tmp_path, **kw):
    return LoadSpec(plugin_dirs=(str(tmp_path),), builtin=False, entry_points=False, **kw)


@pytest.fixture(autouse=True)
def _clean_modules():
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("tp_", "fake_ep_")):
            del sys.modules[name]


def test_folder_plugin_appears(tmp_path):
    _write(tmp_path, "tp_nim", GAME_PLUGIN.format(gid="nim-folder"))
    reg = load_registry(_spec(tmp_path))
    assert "nim-folder" in reg.games
    assert reg.games["nim-folder"].plugin == "tp_nim"
    assert reg.broken == []


def test_package_folder_plugin_appears(tmp_path):
    pkg = tmp_path / "tp_pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(GAME_PLUGIN.format(gid="nim-pkg"))
    reg = load_registry(_spec(tmp_path))
    assert "nim-pkg" in reg.games


def test_entry_point_plugin_appears(tmp_path, monkeypatch):
    site = tmp_path / "site"
    _write(site, "fake_ep_plugin", GAME_PLUGIN.format(gid="nim-ep"))
    dist = site / "fake_ep-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-ep\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[tafel]\nfake_ep = fake_ep_plugin\n")
    monkeypatch.syspath_prepend(str(site))
    reg = load_registry(LoadSpec(builtin=False, entry_points=True, allow=("fake_ep",)))
    assert "nim-ep" in reg.games
    assert reg.games["nim-ep"].plugin == "fake_ep"


def test_plugin_raising_on_import_is_broken_and_others_load(tmp_path):
    _write(tmp_path, "tp_good", GAME_PLUGIN.format(gid="nim-good"))
    _write(tmp_path, "tp_bad", "raise RuntimeError('boom at import')\n")
    reg = load_registry(_spec(tmp_path))
    assert "nim-good" in reg.games
    assert [b.name for b in reg.broken] == ["tp_bad"]
    assert "boom at import" in reg.broken[0].error
    assert "\n" not in reg.broken[0].error


def test_hook_raising_marks_plugin_broken(tmp_path):
    _write(
        tmp_path,
        "tp_hookfail",
        GAME_PLUGIN.format(gid="nim-half")
        + "\n@hookimpl\ndef register_agents(register):\n    raise ValueError('no agents today')\n",
    )
    _write(tmp_path, "tp_fine", GAME_PLUGIN.format(gid="nim-fine"))
    reg = load_registry(_spec(tmp_path))
    assert "nim-fine" in reg.games
    assert "nim-half" not in reg.games  # a broken plugin contributes nothing
    assert any(b.name == "tp_hookfail" and "no agents today" in b.error for b in reg.broken)


def test_duplicate_game_id_is_an_error_naming_both(tmp_path):
    _write(tmp_path, "tp_a", GAME_PLUGIN.format(gid="nim-dup"))
    _write(tmp_path, "tp_b", GAME_PLUGIN.format(gid="nim-dup"))
    reg = load_registry(_spec(tmp_path))
    assert "nim-dup" in reg.games
    (broken,) = reg.broken
    assert "already registered" in broken.error and "tp_a" in broken.error and "tp_b" in broken.error


def test_wrong_type_registered(tmp_path):
    _write(
        tmp_path,
        "tp_wrong",
        "from tafel import hookimpl\n@hookimpl\ndef register_games(register):\n    register({'id': 'x'})\n",
    )
    reg = load_registry(_spec(tmp_path))
    assert "not a GameDef" in reg.broken[0].error and "tp_wrong" in reg.broken[0].error


def test_misspelled_hook_is_reported(tmp_path):
    _write(
        tmp_path,
        "tp_typo",
        "from tafel import hookimpl\n@hookimpl\ndef register_gmaes(register):\n    pass\n",
    )
    reg = load_registry(_spec(tmp_path))
    assert reg.broken[0].name == "tp_typo"
    assert "register_gmaes is not a Tafel hook" in reg.broken[0].error


def test_bad_hook_signature_is_reported(tmp_path):
    _write(
        tmp_path,
        "tp_sig",
        "from tafel import hookimpl\n@hookimpl\ndef register_games(register, extra):\n    pass\n",
    )
    reg = load_registry(_spec(tmp_path))
    assert reg.broken[0].name == "tp_sig"


def test_allow_list(tmp_path):
    _write(tmp_path, "tp_one", GAME_PLUGIN.format(gid="nim-one"))
    _write(tmp_path, "tp_two", GAME_PLUGIN.format(gid="nim-two"))
    reg = load_registry(_spec(tmp_path, allow=("tp_two",)))
    assert set(reg.games) == {"nim-two"}


def test_allow_list_from_environment(monkeypatch):
    monkeypatch.setenv("TAFEL_PLUGINS", "nothing-here")
    reg = load_registry()
    assert reg.games == {}
    monkeypatch.setenv("TAFEL_PLUGINS", "ataxx")
    assert set(load_registry().games) == {"ataxx"}


def test_generic_agents_always_available(tmp_path):
    reg = load_registry(_spec(tmp_path, allow=()))
    names = {a.name for a in reg.agents}
    assert {"random", "greedy", "mcts", "alphabeta", "easy", "medium", "hard"} <= names


def test_game_specific_agent_hides_generic(registry):
    hard = registry.agent("hard", "ataxx")
    assert hard.games == ("ataxx",)
    assert registry.agent("random", "ataxx").games is None


def test_plugin_dirs_from_environment(tmp_path, monkeypatch):
    _write(tmp_path, "tp_envdir", GAME_PLUGIN.format(gid="nim-envdir"))
    monkeypatch.setenv("TAFEL_PLUGIN_DIRS", str(tmp_path))
    monkeypatch.setenv("TAFEL_PLUGINS", "tp_envdir")
    assert set(load_registry().games) == {"nim-envdir"}
