"""engines.json read like settings and saves (issue 42, item 6): a damaged file is moved aside
as ``.corrupt`` with one line, a bad entry is skipped with one line and the others kept; neither
``arena`` nor Settings, Engines fails over it."""

from __future__ import annotations

import json

import pytest

from tafel.engines import engines_path, load_engines
from tafel.testing import run_command

GOOD = {"name": "Good", "path": "/bin/true"}


def write(data) -> None:
    path = engines_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize(
    "data", [{"engines": 5}, [1, 2], '{"engines": [', "\xff"], ids=["not-a-list", "array", "cut", "bad"]
)
def test_a_damaged_file_is_moved_aside_with_one_line(capsys, data):
    if data == "\xff":
        engines_path().parent.mkdir(parents=True, exist_ok=True)
        engines_path().write_bytes(b"\xff\xfe{")
    else:
        write(data)
    assert load_engines() == []
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "engines.json is damaged" in err[0] and "engines.json.corrupt" in err[0]
    assert not engines_path().exists() and engines_path().with_name("engines.json.corrupt").exists()


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        ({"name": "A", "path": "/x", "options": 5}, "options is not a list"),
        ({"name": "A", "path": "/x", "args": 5}, "args is not a list"),
        ({"name": "A", "path": "/x", "values": [1]}, "values is not an object"),
        ({"name": 5, "path": "/x"}, "name is missing"),
        ({"name": "A", "path": "/x", "movetime_ms": "fast"}, "movetime_ms"),
        ({"name": "A", "path": "/x\x00y"}, "path"),
        ({"name": "good", "path": "/x"}, "taken"),
        (7, "not a JSON object"),
    ],
)
def test_a_bad_entry_is_skipped_with_one_line_and_the_rest_kept(capsys, entry, words):
    write({"engines": [GOOD, entry]})
    assert [e.name for e in load_engines()] == ["Good"]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "engine 2 skipped" in err[0] and words in err[0], err
    load_engines()  # read again (setup reads it often): said once
    assert capsys.readouterr().err == ""
    assert engines_path().exists()  # a file with one bad entry is not moved aside


@pytest.mark.parametrize("data", [{"engines": 5}, {"engines": [{"name": "A", "path": "x", "args": 5}]}])
def test_arena_names_no_traceback_over_a_damaged_file(capsys, data):
    write(data)
    assert run_command(["arena", "ataxx", "A", "random", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("error: ") and "Traceback" not in "".join(err)


def test_settings_engines_opens_over_a_damaged_file(registry, capsys):
    from tafel.ui.app import App
    from tests.test_engines_screen import open_engines
    from tests.ui_toygame import FakeWorker

    write({"engines": [GOOD, {"name": "B", "path": "/x", "options": 5}, {"name": "C", "args": 5}]})
    app = App(registry, windowed=True, size=(1280, 720), worker=FakeWorker(registry))
    try:
        screen = open_engines(app)
        app.step()
        assert [e.name for e in screen.engines] == ["Good"]
        screen.draw(app.screen)
    finally:
        app.close()
