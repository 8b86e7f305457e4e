"""Finding and loading plugins.

Three sources, in this order:

1. the core's own default plugins (the generic AI agents), registered like any other;
2. built-in plugins: the packages in ``tafel.games`` (``plugins/``); extra folders given to
   :func:`load_registry` hold packages or modules too, imported by their bare name from their
   own files, the folder never put on ``sys.path`` (see :func:`import_folder_plugin`); only
   the plugins the allow-list names are imported;
3. installed packages that declare an entry point in the group ``tafel``.

``TAFEL_PLUGINS`` (comma-separated names) limits loading to an allow-list;
``TAFEL_PLUGIN_DIRS`` (``os.pathsep``-separated folders) adds plugin folders;
``TAFEL_NO_ENTRY_POINTS=1`` keeps installed third-party plugins out (the test suite uses it).

A plugin that fails to import, or whose hook raises, becomes a :class:`BrokenPlugin` with
its error; the others load normally. ``SystemExit`` counts as a failure like any other (a
plugin calling ``sys.exit()`` breaks itself, not Tafel); only Ctrl-C goes through.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import importlib.util
import os
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from types import ModuleType

import pluggy

from tafel import hookspecs
from tafel.commands import CommandError
from tafel.datadir import data_dir
from tafel.game import GameError, one_line
from tafel.registry import BrokenPlugin, LoadSpec, PluginError, Registry

ENTRY_POINT_GROUP = "tafel"
#: The distribution whose entry points are the built-in games (declared in pyproject.toml).
DISTRIBUTION = "tafel"
BUILTIN_PACKAGE = "tafel.games"
DEFAULT_PLUGINS = ("tafel.ai.generic", "tafel.cli.authoring")

HOOK_NAMES = ("register_games", "register_agents", "register_commands")


class PluginFailure(Exception):
    """A plugin's code raised where it must not (a game's rules during ``show``, ``perft`` or
    ``arena``, a command's own code): one line naming the plugin, the exception as the cause.

    >>> str(PluginFailure("mygame", "game my-game", ZeroDivisionError("division by zero")))
    'plugin mygame failed (game my-game): ZeroDivisionError: division by zero'
    """

    def __init__(self, plugin: str, where: str, exc: BaseException | str) -> None:
        self.plugin = plugin
        self.where = where
        context = f" ({where})" if where else ""
        what = exc if isinstance(exc, str) else one_line(exc)
        super().__init__(f"plugin {plugin} failed{context}: {what}")


#: What a plugin's code may raise on purpose: bad input in words (a game's notation errors, a
#: command's CommandError), the player's Ctrl-C, and output closed early (``| head``).
#: Anything else is the plugin's bug.
_PASSED_THROUGH = (KeyboardInterrupt, GeneratorExit, BrokenPipeError, GameError, CommandError, PluginFailure)


@contextmanager
def plugin_code(plugin: str, where: str = "") -> Iterator[None]:
    """Run a plugin's code: any exception it raises, ``SystemExit`` included, becomes a
    :class:`PluginFailure` naming ``plugin`` (GameError, CommandError and Ctrl-C pass as they are).

    >>> with plugin_code("demo", "game demo"):
    ...     raise SystemExit(3)
    Traceback (most recent call last):
    ...
    tafel.plugins.PluginFailure: plugin demo failed (game demo): SystemExit: 3
    """
    try:
        yield
    except _PASSED_THROUGH:
        raise
    except BaseException as exc:  # noqa: BLE001 - a plugin's sys.exit() is its bug, not an exit
        raise PluginFailure(plugin, where, exc) from exc


#: Module name of each plugin loaded (third-party and built-in, not the core's defaults) -> plugin.
_PLUGIN_MODULES: dict[str, str] = {}


def plugin_in_traceback(exc: BaseException) -> str | None:
    """The plugin whose code raised ``exc``: the innermost frame of its traceback that runs a
    loaded plugin's module (or one of its submodules); None when no plugin code was running.

    >>> plugin_in_traceback(ValueError("no traceback"))
    """
    found = None
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__")
        if isinstance(module, str):
            for prefix, plugin in _PLUGIN_MODULES.items():
                if module == prefix or module.startswith(prefix + "."):
                    found = plugin
                    break
        tb = tb.tb_next
    return found


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, pluggy.PluginValidationError):
        # pluggy explains a bad hook signature over several lines; keep them all, on one.
        text = f"{type(exc).__name__}: {exc}".strip()
        return "; ".join(line.strip() for line in text.splitlines() if line.strip())
    return one_line(exc)


def _folder_plugins(folder: Path) -> list[str]:
    names: list[str] = []
    if not folder.is_dir():
        return names
    for entry in sorted(folder.iterdir()):
        if entry.name.startswith(("_", ".")):
            continue
        if entry.is_dir() and (entry / "__init__.py").exists():
            names.append(entry.name)
        elif entry.suffix == ".py":
            names.append(entry.stem)
    return names


def _entry_points() -> list[importlib.metadata.EntryPoint]:
    return list(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))


def _is_builtin(ep: importlib.metadata.EntryPoint) -> bool:
    dist = getattr(ep, "dist", None)
    return dist is not None and dist.name == DISTRIBUTION and ep.value.startswith(BUILTIN_PACKAGE + ".")


def builtin_plugins() -> list[tuple[str, Callable[[], object]]]:
    """The built-in games as (name, importer): the ``tafel`` entry points of Tafel's own
    distribution, declared in ``pyproject.toml`` exactly as a third-party plugin declares its own.

    Run from a source tree that was never installed, there are no such entry points; the
    packages in ``tafel.games`` stand in for them then.
    """
    found = [(ep.name, ep.load) for ep in _entry_points() if _is_builtin(ep)]
    if found:
        return found
    import pkgutil

    package = importlib.import_module(BUILTIN_PACKAGE)
    return [
        (info.name, partial(importlib.import_module, f"{BUILTIN_PACKAGE}.{info.name}"))
        for info in pkgutil.iter_modules(package.__path__)
        if not info.name.startswith("_")
    ]


#: Names this loader imported from plugin folders (and may import again from another folder).
_FOLDER_IMPORTS: set[str] = set()


def _inside(file: str | None, own: Path) -> bool:
    if not file:
        return False
    path = Path(file).resolve()
    own = own.resolve()
    return path == own or own in path.parents


def import_folder_plugin(name: str, folder: Path) -> ModuleType:
    """Import plugin ``name`` (a package or module) from ``folder`` without putting the folder
    on ``sys.path``, so no file in it can ever shadow the standard library or a dependency
    (a ``json.py`` beside a plugin stays unread).

    The plugin is imported under its bare name, so its own absolute imports (``import
    tictac.rules``) and relative imports work. A name that is already a module (``json``,
    ``pygame``, another plugin's) is refused: the plugin must be renamed.
    """
    package = folder / name
    own = package if package.is_dir() else folder / f"{name}.py"
    loaded = sys.modules.get(name)
    if loaded is not None and _inside(getattr(loaded, "__file__", None), own):
        return loaded  # this very plugin, imported before (a second registry in one process)
    if loaded is not None and name in _FOLDER_IMPORTS:
        # A plugin of that name from another folder, loaded by an earlier registry in this
        # process: forget it (and its submodules) so this folder's own files are imported.
        for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
            del sys.modules[key]
        loaded = None
    try:
        other = loaded or (None if name in sys.stdlib_module_names else importlib.util.find_spec(name))
    except (ImportError, ValueError):
        other = None
    if name in sys.stdlib_module_names or (
        other is not None
        and not _inside(getattr(other, "origin", None) or getattr(other, "__file__", None), own)
    ):
        raise PluginError(
            f"plugin {name}: the name is already taken by an installed module; rename the plugin folder"
        )
    if package.is_dir():
        spec = importlib.util.spec_from_file_location(
            name, package / "__init__.py", submodule_search_locations=[str(package)]
        )
    else:
        spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    if spec is None or spec.loader is None:
        raise PluginError(f"plugin {name}: cannot be imported from {folder}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _FOLDER_IMPORTS.add(name)
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def allow_list_from_env() -> tuple[str, ...] | None:
    raw = os.environ.get("TAFEL_PLUGINS", "").strip()
    if not raw:
        return None
    return tuple(name.strip() for name in raw.split(",") if name.strip())


def user_plugin_dir() -> Path:
    """``plugins`` in the per-user data folder: scanned like ``TAFEL_PLUGIN_DIRS``, and where
    ``new-game`` writes by default, so a new game is listed at once."""
    return data_dir() / "plugins"


def default_spec() -> LoadSpec:
    dirs = tuple(d for d in os.environ.get("TAFEL_PLUGIN_DIRS", "").split(os.pathsep) if d.strip())
    if user_plugin_dir().is_dir():
        dirs += (str(user_plugin_dir()),)
    return LoadSpec(
        plugin_dirs=dirs,
        allow=allow_list_from_env(),
        entry_points=os.environ.get("TAFEL_NO_ENTRY_POINTS", "") not in ("1", "true", "yes"),
    )


#: The registrar each hook receives, and the registry method it hands items to.
#: Each hook's registrar class, and the registry's method that checks and keeps an item.
_REGISTRARS: dict[str, tuple[type[hookspecs.Registrar], str]] = {
    "register_games": (hookspecs.GameRegistrar, "add_game"),
    "register_agents": (hookspecs.AgentRegistrar, "add_agent"),
    "register_commands": (hookspecs.CommandRegistrar, "add_command"),
}


class _Loader:
    def __init__(self, spec: LoadSpec) -> None:
        self.spec = spec
        self.registry = Registry(spec=spec)
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.modules: list[tuple[str, ModuleType]] = []

    def allowed(self, name: str) -> bool:
        return self.spec.allow is None or name in self.spec.allow

    def broken(self, name: str, exc: BaseException) -> None:
        detail = "".join(traceback.format_exception(exc))
        self.registry.broken.append(BrokenPlugin(name, _one_line(exc), detail))

    def add_module(self, name: str, importer, source: str) -> None:
        if not self.allowed(name):
            return
        if self.pm.has_plugin(name) or any(n == name for n, _ in self.modules):
            # Listed under a name of its own, so the plugin already loaded stays intact.
            self.broken(
                f"{name} ({source})",
                PluginError(f"plugin {name}: another plugin of that name is already loaded; rename one"),
            )
            return
        try:
            module = importer()
            self.check_hooks(name, module)
            self.pm.register(module, name=name)
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - a broken plugin (sys.exit() too) never stops Tafel
            self.broken(name, exc)
            return
        self.modules.append((name, module))
        if isinstance(getattr(module, "__name__", None), str):
            _PLUGIN_MODULES[module.__name__] = name

    def check_hooks(self, name: str, module: ModuleType) -> None:
        # pluggy only complains about unknown hooks at check_pending(); do it per plugin so
        # a misspelled hook marks just that plugin broken, with its name.
        marker = hookspecs.PROJECT + "_impl"
        found = False
        for attr in dir(module):
            func = getattr(module, attr, None)
            if getattr(func, marker, None) is not None:
                if attr not in HOOK_NAMES:
                    raise PluginError(
                        f"plugin {name}: {attr} is not a Tafel hook (hooks: {', '.join(HOOK_NAMES)})"
                    )
                found = True
            elif attr in HOOK_NAMES and callable(func):
                # Without the marker pluggy silently ignores the function: say so.
                raise PluginError(
                    f"plugin {name}: {attr} is not marked @hookimpl (from tafel import hookimpl)"
                )
        if not found:
            raise PluginError(
                f"plugin {name}: implements no Tafel hook (mark register_games or another of "
                f"{', '.join(HOOK_NAMES)} with @hookimpl)"
            )

    def load_sources(self) -> None:
        for dotted in DEFAULT_PLUGINS:
            # Default plugins are part of the core and always load, whatever the allow-list.
            try:
                module = importlib.import_module(dotted)
                self.pm.register(module, name=dotted)
                self.modules.append((dotted, module))
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001
                self.broken(dotted, exc)
        if self.spec.builtin:
            for name, importer in builtin_plugins():
                self.add_module(name, importer, "built-in")
        for folder in self.spec.plugin_dirs:
            path = Path(folder).expanduser().resolve()
            for name in _folder_plugins(path):
                self.add_module(name, lambda n=name, p=path: import_folder_plugin(n, p), str(path))
        if self.spec.entry_points:
            for ep in _entry_points():
                if not _is_builtin(ep):
                    self.add_module(ep.name, ep.load, "entry point")

    def registrar(self, hook: str, plugin: str, module: object) -> hookspecs.Registrar:
        """The ``register`` object a plugin's hook receives: exactly one item per call."""
        kind, method = _REGISTRARS[hook]
        add = getattr(self.registry, method)
        package = getattr(module, "__package__", None) or ""
        if hook == "register_games":
            return kind(plugin, lambda name, game: add(name, game, package), package)
        return kind(plugin, add, package)

    def call(self, hook: str) -> None:
        caller = getattr(self.pm.hook, hook)
        # Load order (the core's defaults, built-in, extra folders, entry points), not pluggy's
        # last-registered-first: on a duplicate id the newcomer is the broken one, so a third-party
        # plugin can never knock out the core's generic agents or commands.
        for impl in caller.get_hookimpls():
            name = impl.plugin_name
            if any(b.name == name for b in self.registry.broken):
                continue
            try:
                result = impl.function(self.registrar(hook, name, impl.plugin))
                if result is not None:
                    raise PluginError(
                        f"plugin {name}: {hook} returned a {type(result).__name__}; it must call "
                        "register(item) for each item and return nothing"
                    )
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001 - sys.exit() in a hook breaks that plugin only
                self.broken(name, exc)
                self.drop(name)

    def check_commands(self) -> None:
        """Give each plugin command's ``configure`` a parser of its own now: one that raises (or
        exits) marks its plugin broken here, instead of taking every command down later."""
        for command in list(self.registry.commands.values()):
            if command.plugin in DEFAULT_PLUGINS:
                continue
            try:
                command.configure(argparse.ArgumentParser(prog=f"tafel {command.name}", add_help=True))
            except KeyboardInterrupt:
                raise
            except BaseException as exc:  # noqa: BLE001
                self.broken(
                    command.plugin,
                    PluginError(f"plugin {command.plugin}: command {command.name}: {_one_line(exc)}"),
                )
                self.drop(command.plugin)

    def drop(self, name: str) -> None:
        """Forget whatever a plugin registered before it raised, so it shows only as broken."""
        reg = self.registry
        reg.games = {k: g for k, g in reg.games.items() if g.plugin != name}
        reg.agents = [a for a in reg.agents if a.plugin != name]
        reg.commands = {k: c for k, c in reg.commands.items() if c.plugin != name}

    def run(self, with_commands: bool) -> Registry:
        self.load_sources()
        self.call("register_games")
        self.call("register_agents")
        if with_commands:
            self.call("register_commands")
            self.check_commands()
        broken = {b.name for b in self.registry.broken}
        self.registry.plugins = [n for n, _ in self.modules if n not in broken]
        return self.registry


def load_registry(
    spec: LoadSpec | None = None,
    *,
    plugin_dirs: Iterable[str | os.PathLike[str]] = (),
    with_commands: bool = True,
) -> Registry:
    """Load every plugin and return what they registered.

    >>> reg = load_registry()
    >>> "random" in [a.name for a in reg.agents]
    True
    """
    if spec is None:
        spec = default_spec()
    extra = tuple(str(p) for p in plugin_dirs)
    if extra:
        spec = LoadSpec(spec.plugin_dirs + extra, spec.allow, spec.entry_points, spec.builtin)
    return _Loader(spec).run(with_commands)
