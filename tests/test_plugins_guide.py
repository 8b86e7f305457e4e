"""PLUGINS.md: every code sample runs, and the guide names every part of the plugin contract.

Python blocks whose first line is ``# file: PATH`` (and other blocks preceded by
``<!-- file: PATH -->``) are written into a throwaway plugin folder; that folder stands in for
Tafel's ``plugins/`` while every other Python block is executed in order, and the test
functions those blocks define are called. A block whose first line is
``# file: PATH (continued)`` adds to the file (the board view is built in steps); each sample
runs with the files as the guide has built them up to that point.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import re
import shlex
import sys
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import tafel.plugins
from tafel import GameDef, GameState, hookspecs
from tafel.cli import build_parser
from tafel.plugins import HOOK_NAMES, load_registry
from tafel.registry import LoadSpec
from tafel.view import BoardView, ViewContext

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "PLUGINS.md"
FENCE = re.compile(
    r"(?:^<!--\s*file:\s*(?P<marker>\S+)\s*-->\n)?^```(?P<lang>\w*)\n(?P<body>.*?)^```$", re.S | re.M
)


@dataclass
class Block:
    lang: str
    path: str | None
    body: str
    line: int
    continued: bool = False


def blocks() -> Iterator[Block]:
    text = GUIDE.read_text(encoding="utf-8")
    for m in FENCE.finditer(text):
        body, path = m["body"], m["marker"]
        first = body.splitlines()[0] if body.strip() else ""
        continued = False
        if m["lang"] == "python" and first.startswith("# file: "):
            path = first[len("# file: ") :].strip()
            continued = path.endswith(" (continued)")
            path = path.removesuffix(" (continued)")
        line = text.count("\n", 0, m.start("body")) + 1
        yield Block(m["lang"], path, body, line, continued)


def python_blocks() -> list[Block]:
    return [b for b in blocks() if b.lang == "python"]


def files(until: int | None = None) -> dict[str, str]:
    """The guide's files as built by the blocks before line ``until`` (a file not begun by then:
    as the whole guide builds it)."""
    built: dict[str, str] = {}
    early: dict[str, str] = {}
    for block in blocks():
        if block.path:
            built[block.path] = built.get(block.path, "") + block.body if block.continued else block.body
            if until is None or block.line < until:
                early[block.path] = built[block.path]
    return built | early


def write_files(folder: Path, until: int | None = None) -> bool:
    """Write the guide's files (see :func:`files`); True when one changed."""
    changed = False
    for path, body in files(until).items():
        target = folder / path
        if not target.exists() or target.read_text(encoding="utf-8") != body:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
            changed = True
    return changed


def forget_plugins(folder: Path) -> None:
    """Drop the guide's plugin modules, so they are imported afresh from the folder."""
    names = {p.name.removesuffix(".py") for p in folder.iterdir()} | {"oops"}
    for name in [n for n in sys.modules if n.split(".")[0] in names]:
        del sys.modules[name]


@pytest.fixture
def guide_plugins(tmp_path, monkeypatch):
    """The guide's files in a plugin folder that ``load_registry()`` uses instead of Tafel's."""
    folder = tmp_path / "plugins"
    write_files(folder)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # files change between samples
    spec = LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=False)
    monkeypatch.setattr(tafel.plugins, "default_spec", lambda: spec)
    monkeypatch.chdir(tmp_path)
    yield folder
    forget_plugins(folder)


def run_block(block: Block) -> dict:
    # Leading newlines make tracebacks point at the guide's own line numbers.
    code = compile("\n" * (block.line - 1) + block.body, str(GUIDE), "exec")
    namespace: dict = {"__name__": f"plugins_guide_line_{block.line}"}
    exec(code, namespace)
    return namespace


def test_the_guide_has_its_parts():
    python = python_blocks()
    files = {b.path for b in blocks() if b.path}
    assert {
        "four_in_a_row/__init__.py",
        "four_in_a_row/rules.py",
        "four_in_a_row/view.py",
        "four_in_a_row/RULES.md",
    } <= files
    assert len([b for b in python if not b.path]) >= 8


def test_every_python_sample_runs(guide_plugins, capsys):
    ran = 0
    for block in python_blocks():
        if block.path:
            continue
        if write_files(guide_plugins, block.line):  # the files as built so far
            forget_plugins(guide_plugins)
        namespace = run_block(block)
        for name, func in list(namespace.items()):
            if name.startswith("test_") and callable(func):
                func()
        ran += 1
    out = capsys.readouterr().out
    assert ran >= 8
    # The command sample printed a grid with the three discs dropped (d, d, c).
    assert ". . . o . . .\n. . x x . . .\na b c d e f g\n" in out


def test_the_guide_plugin_loads_whole(guide_plugins):
    registry = load_registry()
    assert registry.broken == []
    assert "four-in-a-row" in registry.games
    assert registry.agent("centre", "four-in-a-row").plugin == "four_in_a_row"
    assert "four-board" in registry.commands


def _hints(func: Callable) -> dict:
    names = {
        "GameRegistrar": hookspecs.GameRegistrar,
        "AgentRegistrar": hookspecs.AgentRegistrar,
        "CommandRegistrar": hookspecs.CommandRegistrar,
    }
    return typing.get_type_hints(func, globalns=names)


def test_hook_signatures_match_the_core():
    block = next(b for b in python_blocks() if "def register_games(register: GameRegistrar" in b.body)
    namespace = run_block(block)
    for name in HOOK_NAMES:
        documented, real = namespace[name], getattr(hookspecs, name)
        assert list(inspect.signature(documented).parameters) == list(inspect.signature(real).parameters)
        assert _hints(documented) == _hints(real), name


def _public(cls: type) -> set[str]:
    names = {n for n in vars(cls) if not n.startswith("_")}
    return names | set(getattr(cls, "__annotations__", {}))


@pytest.mark.parametrize(
    "what,names",
    [
        ("GameDef field", {f.name for f in dataclasses.fields(GameDef)}),
        ("ViewContext field", {f.name for f in dataclasses.fields(ViewContext)} | {"anim"}),
        ("BoardView member", _public(BoardView) | {"__init__"}),
        # Helpers built on the rest need no words of their own.
        ("GameState member", _public(GameState) - {"parse_move_or_none", "is_over"}),
        ("hook", set(HOOK_NAMES)),
    ],
)
def test_the_guide_names_every_part_of_the_contract(what, names):
    text = GUIDE.read_text(encoding="utf-8")
    missing = sorted(n for n in names if f"`{n}" not in text and f".{n}" not in text)
    assert not missing, f"PLUGINS.md does not mention {what}(s): {', '.join(missing)}"


def test_command_lines_in_the_guide_parse(guide_plugins):
    parser = build_parser(load_registry())
    lines = [
        line.split("#")[0].strip()
        for block in blocks()
        if block.lang == "sh"
        for line in block.body.splitlines()
        if line.startswith(("python main.py ", "tafel "))
    ]
    assert len(lines) >= 8
    for line in lines:
        argv = shlex.split(line)[2 if line.startswith("python") else 1 :]
        try:
            parser.parse_args(argv)
        except SystemExit:  # argparse reports the problem on stderr
            pytest.fail(f"PLUGINS.md: `{line}` is not a valid command line")
    assert isinstance(parser, argparse.ArgumentParser)


def test_packaging_sample_is_valid_toml_with_the_entry_point():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    (block,) = [b for b in blocks() if b.lang == "toml"]
    data = tomllib.loads(block.body)
    entry = data["project"]["entry-points"]["tafel"]
    assert entry == {"four_in_a_row": "four_in_a_row"}
    assert data["tool"]["setuptools"]["packages"] == ["four_in_a_row"]
