"""A new game plugin from the template: ``python main.py new-game NAME [--dir PATH]``.

The template (``core/cli/templates/game/*.tmpl``, shipped as package data) is a complete
k-in-a-row game (tic-tac-toe at 3x3) with options, notation, an evaluation for the generic AI
and a board view, so the new game is playable and passes ``python main.py check NAME`` at once;
the author then edits it into their own game.

With ``--dir PATH`` it writes a Python project to PATH: ``pyproject.toml`` with the ``tafel``
entry point, the plugin package, ``tests/`` (the conformance suite and rules tests) and a
README; ``pip install -e PATH``, ``pytest PATH`` and ``tafel check NAME`` work without an edit.
Without it, it writes the plugin package alone into the user's plugin folder, which every
Tafel scans (playable at once, nothing to install).

>>> plugin_names("my-game")
PluginNames(id='my-game', package='my_game', title='My Game', cls='MyGame')
>>> plugin_names("7up")
Traceback (most recent call last):
...
tafel.cli.scaffold.ScaffoldError: game name '7up' must start with a letter and use only a-z, 0-9, '-' and '_'
"""

from __future__ import annotations

import keyword
import re
import sys
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from tafel.game import GameError

#: Template files of the plugin package, written without their ``.tmpl`` suffix.
TEMPLATE_FILES = ("__init__.py", "rules.py", "view.py", "RULES.md", "README.md")
#: Template files of the project around it (``--dir``): template name -> path in the project,
#: ``{package}`` filled in.
PROJECT_FILES = {
    "pyproject.toml": "pyproject.toml",
    "project_README.md": "README.md",
    "test_game.py": "tests/test_{package}.py",
    "conftest.py": "tests/conftest.py",
}
_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
#: Longest game id: it becomes a folder, a package and a file name.
MAX_NAME = 40
#: Package names a plugin must not take: they would hide the core, Tafel's folders or the
#: standard library when the plugin's folder is put on ``sys.path``.
_RESERVED = {"tafel", "core", "plugins", "tests", "bench", "examples", "main", "assets"}


class ScaffoldError(GameError):
    """A name or folder the scaffold cannot use; the message is one line."""


@dataclass(frozen=True)
class PluginNames:
    """The spellings of one new game: its id, Python package, title and class-name prefix."""

    id: str
    package: str
    title: str
    cls: str


def plugin_names(name: str, title: str | None = None) -> PluginNames:
    """Check ``name`` (the game id) and derive the other spellings from it."""
    if len(name) > MAX_NAME:
        raise ScaffoldError(f"game name {name[:20]!r}... is {len(name)} characters long; at most {MAX_NAME}")
    if not _NAME.match(name) or name.endswith(("-", "_")):
        raise ScaffoldError(f"game name {name!r} must start with a letter and use only a-z, 0-9, '-' and '_'")
    if title is not None and (
        not title.strip() or not title.isprintable() or any(c in title for c in '"\\{}')
    ):
        raise ScaffoldError(f"title {title!r} must be printable text without quotes, backslashes or braces")
    package = name.replace("-", "_")
    words = [w for w in re.split(r"[-_]", name) if w]
    cls = "".join(w[:1].upper() + w[1:] for w in words)
    return PluginNames(name, package, title or " ".join(w[:1].upper() + w[1:] for w in words), cls)


def check_package_name(package: str) -> None:
    """Refuse folder names that cannot be imported or would hide another module."""
    if not package.isidentifier() or keyword.iskeyword(package):
        raise ScaffoldError(f"the plugin folder name {package!r} is not a Python package name")
    if package in _RESERVED or package in sys.stdlib_module_names:
        raise ScaffoldError(
            f"the plugin folder name {package!r} would hide a module of that name; pick another"
        )


def render(text: str, names: PluginNames) -> str:
    """Fill the template's ``{{id}}``, ``{{package}}``, ``{{title}}`` and ``{{Class}}`` fields.

    >>> render("class {{Class}}State:  # {{title}} ({{id}})", plugin_names("go-moku"))
    'class GoMokuState:  # Go Moku (go-moku)'
    """
    return (
        text.replace("{{id}}", names.id)
        .replace("{{package}}", names.package)
        .replace("{{title}}", names.title)
        .replace("{{Class}}", names.cls)
    )


def template_text(filename: str) -> str:
    return (files("tafel.cli") / "templates" / "game" / f"{filename}.tmpl").read_text(encoding="utf-8")


def default_folder(names: PluginNames) -> Path:
    """``<data folder>/plugins/<package>``: the user's plugin folder, which every Tafel scans."""
    from tafel.plugins import user_plugin_dir

    return user_plugin_dir() / names.package


def write_plugin(
    name: str,
    folder: str | Path | None = None,
    *,
    title: str | None = None,
    taken: dict[str, str] | None = None,
    project: bool | None = None,
) -> tuple[PluginNames, Path, list[Path]]:
    """Write the template for game ``name``: a project in ``folder`` (``project``, the default
    when a folder is given) or the plugin package alone as ``folder`` (default: the user's
    plugin folder).

    ``taken`` maps game ids already registered to their plugins, so a new game cannot reuse
    one. Refuses to overwrite anything. Returns the names, the folder and the files written.
    """
    names = plugin_names(name, title)
    if taken and names.id in taken:
        raise ScaffoldError(
            f"a game with id {names.id!r} already exists (plugin {taken[names.id]}); pick another name"
        )
    project = folder is not None if project is None else project
    target = Path(folder) if folder is not None else default_folder(names)
    check_package_name(names.package if project else target.name)
    package = target / names.package if project else target
    texts = {package / f: render(template_text(f), names) for f in TEMPLATE_FILES}
    if project:
        for template, relative in PROJECT_FILES.items():
            texts[target / relative.format(package=names.package)] = render(template_text(template), names)
    try:
        _check_target(target)
        written: list[Path] = []
        for path, text in texts.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as exc:
        raise ScaffoldError(f"cannot write {_short(target)}: {exc.strerror or exc}") from None
    return names, target, written


def _check_target(target: Path) -> None:
    """Refuse a folder that holds anything, or a path whose parent is a file."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ScaffoldError(
            f"{_short(target)} already exists; refusing to overwrite it (choose another --dir)"
        )
    if target.parent.exists() and not target.parent.is_dir():
        raise ScaffoldError(f"{_short(target.parent)} is not a folder")


def _short(path: Path) -> str:
    """A path for one error line: long ones cut in the middle."""
    text = str(path)
    return text if len(text) <= 120 else f"{text[:60]}...{text[-50:]}"
