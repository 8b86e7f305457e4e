"""A new game plugin from the template: ``python main.py new-game NAME [--dir PATH]``.

The template (``core/templates/game/*.tmpl``, shipped as package data) is a complete
tic-tac-toe with options, notation, an evaluation for the generic AI and a board view, so the
new game is playable and passes ``python main.py check NAME`` at once; the author then
edits it into their own game.

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

#: Template files, written without their ``.tmpl`` suffix.
TEMPLATE_FILES = ("__init__.py", "rules.py", "view.py", "RULES.md", "README.md")
_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")
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
    return files("tafel.cli").joinpath("templates", "game", filename + ".tmpl").read_text(encoding="utf-8")


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
) -> tuple[PluginNames, Path, list[Path]]:
    """Write the template plugin for game ``name`` into ``folder`` (default: the user's plugin folder).

    ``taken`` maps game ids already registered to their plugins, so a new game cannot reuse
    one. Refuses to overwrite anything. Returns the names, the folder and the files written.
    """
    names = plugin_names(name, title)
    if taken and names.id in taken:
        raise ScaffoldError(
            f"a game with id {names.id!r} already exists (plugin {taken[names.id]}); pick another name"
        )
    target = Path(folder) if folder is not None else default_folder(names)
    check_package_name(target.name)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise ScaffoldError(f"{target} already exists; refusing to overwrite it (choose another --dir)")
    if target.parent.exists() and not target.parent.is_dir():
        raise ScaffoldError(f"{target.parent} is not a folder")
    texts = {filename: render(template_text(filename), names) for filename in TEMPLATE_FILES}
    try:
        target.mkdir(parents=True, exist_ok=True)
        written = []
        for filename, text in texts.items():
            path = target / filename
            path.write_text(text, encoding="utf-8")
            written.append(path)
    except OSError as exc:
        raise ScaffoldError(f"cannot write {target}: {exc.strerror or exc}") from None
    return names, target, written
