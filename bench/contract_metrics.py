"""The core's shape, counted (issue 37): what a maintainer and a type checker see of it.

Prints five figures, each with its details below it:

- import cycles in ``tafel``, type-only (``if TYPE_CHECKING:``) imports included: the strongly
  connected groups of modules, with and without the play screen's package;
- references from a play-screen part to the scene: in ``tafel.ui.scenes.play``'s modules other than
  ``scene.py``, each use of ``self.scene`` (or of a local name bound to it) and each mention of
  ``PlayScene``;
- functions in the core over 80 lines (``def`` to its last line, docstring included);
- ``Any`` in the core's annotations: every occurrence inside a parameter's, a return's or a
  variable's annotation, a type alias, a ``cast``, a TypeVar's bound or default, or a type
  argument (``dict[str, Any]`` counts one); its imports don't count;
- plugin imports outside the public API: an import in ``plugins/`` or ``examples/`` of a ``tafel``
  module other than ``tafel``, ``tafel.view``, ``tafel.kit`` and ``tafel.testing``, or of a name
  not in that module's ``__all__`` (a game's own modules, and Amakta Infinit's of Amakta, aside).

    python bench/contract_metrics.py [--details]

Reads the sources only (``ast`` and grimp), so it runs in a second and needs no display.
"""

from __future__ import annotations

import argparse
import ast
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "core"
PLAY = CORE / "ui" / "scenes" / "play"
PUBLIC = ("tafel", "tafel.view", "tafel.kit", "tafel.testing")
LONG = 80
# The one import across games the rules allow (PLUGINS.md, "Variants").
CROSS_GAME = {"amakta_infinit": ("tafel.games.amakta",)}


class Figures:
    """What :func:`measure` counted (a plain class: the script is loaded without a package)."""

    def __init__(self) -> None:
        self.cycles: list[list[str]] = []
        self.cycles_outside_play: list[list[str]] = []
        self.scene_references: dict[str, int] = {}
        self.long_functions: list[str] = []
        self.any_by_file: dict[str, int] = {}
        self.plugin_imports: list[str] = []

    @property
    def any_total(self) -> int:
        return sum(self.any_by_file.values())


def _modules(folder: Path) -> Iterator[Path]:
    yield from sorted(p for p in folder.rglob("*.py") if "__pycache__" not in p.parts)


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


# -- import cycles -----------------------------------------------------------------------------


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(CORE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["tafel", *parts])


def _imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The core modules ``path`` (module ``name``) imports, at run time or for the type checker."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def nearest(target: str) -> None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                nearest(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                nearest(full if full in known else base)
    return found


def _strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's groups of more than one module (iterative: no recursion limit to meet)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def import_cycles(skip: str | None = None) -> list[list[str]]:
    """The core's import cycles, type-only imports included; ``skip`` leaves out a package's
    modules (and every import from or to them)."""
    paths = {_module_name(p): p for p in _modules(CORE)}
    if skip:
        paths = {n: p for n, p in paths.items() if n != skip and not n.startswith(skip + ".")}
    known = set(paths)
    edges = {name: _imports_of(path, name, known) for name, path in paths.items()}
    return _strongly_connected(edges)


# -- the play screen's parts and the scene -----------------------------------------------------


def _is_self_scene(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr in ("scene", "_scene")
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def scene_references(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    aliases = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and _is_self_scene(node.value)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and (
            _is_self_scene(node.value) or (isinstance(node.value, ast.Name) and node.value.id in aliases)
        ):
            count += 1
        elif isinstance(node, ast.Name) and node.id == "PlayScene":
            count += 1
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("play.scene"):
            count += 1
        elif isinstance(node, ast.Constant) and node.value == "PlayScene":
            count += 1
    return count


# -- long functions ----------------------------------------------------------------------------


def long_functions(limit: int = LONG) -> list[str]:
    found = []
    for path in _modules(CORE):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                length = (node.end_lineno or node.lineno) - first + 1
                if length > limit:
                    found.append(f"{_rel(path)}:{node.lineno} {node.name} ({length} lines)")
    return found


# -- Any in annotations ------------------------------------------------------------------------


def _count_any(node: ast.AST | None) -> int:
    if node is None:
        return 0
    count = 0
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and sub.id == "Any":
            count += 1
        elif isinstance(sub, ast.Attribute) and sub.attr == "Any":
            count += 1
        elif isinstance(sub, ast.Constant) and isinstance(sub.value, str) and sub is not node:
            count += _count_string(sub.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        count += _count_string(node.value)
    return count


def _count_string(text: str) -> int:
    try:
        return _count_any(ast.parse(text, mode="eval").body)
    except SyntaxError:
        return 0


def any_in_annotations(path: Path) -> int:
    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            args = node.args
            every = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
            count += sum(_count_any(a.annotation) for a in every if a is not None)
            count += _count_any(node.returns)
        elif isinstance(node, ast.AnnAssign):
            count += _count_any(node.annotation)
        elif isinstance(node, ast.Assign) and _count_any(node.value) and _is_type_expression(node.value):
            count += _count_any(node.value)  # an alias: Row = dict[str, Any]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cast":
            count += _count_any(node.args[0]) if node.args else 0
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "TypeVar":
            count += sum(_count_any(k.value) for k in node.keywords)  # bound=, default=
        elif getattr(node, "type_params", None) or isinstance(node, getattr(ast, "TypeAlias", ())):
            count += _count_any(getattr(node, "value", None))
    return count


def _is_type_expression(node: ast.AST) -> bool:
    return isinstance(node, (ast.Subscript, ast.BinOp, ast.Name, ast.Attribute))


# -- plugin imports ----------------------------------------------------------------------------


def public_names() -> dict[str, set[str]]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import importlib

    return {name: set(importlib.import_module(name).__all__) for name in PUBLIC}


def _plugin_roots() -> Iterator[tuple[Path, str]]:
    """Each game's folder and its import name."""
    for folder in sorted((ROOT / "plugins").iterdir()):
        if (folder / "__init__.py").exists():
            yield folder, f"tafel.games.{folder.name}"
    for folder in sorted((ROOT / "examples").glob("*/*")):
        if (folder / "__init__.py").exists():
            yield folder, folder.name
    yield ROOT / "plugins" / "__init__.py", "tafel.games"


def plugin_imports(api: dict[str, set[str]]) -> list[str]:
    wrong = []
    for root, own in _plugin_roots():
        files = [root] if root.is_file() else list(_modules(root))
        allowed_games = (own, *CROSS_GAME.get(own.rpartition(".")[2], ()))
        for path in files:
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                for line in _wrong_imports(node, api, allowed_games):
                    wrong.append(f"{_rel(path)}:{node.lineno} {line}")
    return wrong


def _outside(module: str, allowed_games: tuple[str, ...]) -> bool:
    own = any(module == g or module.startswith(g + ".") for g in allowed_games)
    return (module == "tafel" or module.startswith("tafel.")) and not own


def _wrong_imports(node: ast.AST, api: dict[str, set[str]], allowed_games: tuple[str, ...]) -> list[str]:
    if isinstance(node, ast.Import):
        return [
            f"import {a.name}"
            for a in node.names
            if _outside(a.name, allowed_games) and a.name not in api and not a.name.startswith("tafel.games")
        ]
    if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
        return []
    module = node.module
    if not _outside(module, allowed_games):
        return []
    if module not in api:
        return [f"from {module} import {', '.join(a.name for a in node.names)}"]
    return [f"from {module} import {a.name}" for a in node.names if a.name not in api[module]]


# -- the report --------------------------------------------------------------------------------


def measure() -> Figures:
    figures = Figures()
    figures.cycles = import_cycles()
    figures.cycles_outside_play = import_cycles(skip="tafel.ui.scenes.play")
    figures.scene_references = {
        _rel(p): n
        for p in _modules(PLAY)
        if p.name not in ("scene.py", "__init__.py") and (n := scene_references(p))
    }
    figures.long_functions = long_functions()
    figures.any_by_file = {_rel(p): n for p in _modules(CORE) if (n := any_in_annotations(p))}
    figures.plugin_imports = plugin_imports(public_names())
    return figures


def report(figures: Figures, details: bool) -> str:
    lines = [
        f"import cycles in tafel (TYPE_CHECKING imports included): {len(figures.cycles)}"
        f" ({len(figures.cycles_outside_play)} outside tafel.ui.scenes.play)",
        f"references from a play-screen part to the scene: {sum(figures.scene_references.values())}",
        f"functions in core over {LONG} lines: {len(figures.long_functions)}",
        f"Any in core annotations: {figures.any_total}",
        f"plugin imports outside the public API's __all__: {len(figures.plugin_imports)}",
    ]
    if details:
        lines += ["", "cycles:"] + [f"  {len(c)}: {' '.join(c)}" for c in figures.cycles]
        lines += ["scene references:"] + [f"  {n:4d} {f}" for f, n in figures.scene_references.items()]
        lines += ["long functions:"] + [f"  {f}" for f in figures.long_functions]
        by_count = sorted(figures.any_by_file.items(), key=lambda item: -item[1])
        lines += ["Any by file:"] + [f"  {n:4d} {f}" for f, n in by_count]
        lines += ["plugin imports:"] + [f"  {f}" for f in figures.plugin_imports]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--details", action="store_true", help="list what each figure counts")
    args = parser.parse_args(argv)
    print(report(measure(), args.details))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
