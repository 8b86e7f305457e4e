"""External engines: the player's list of them, and one engine process spoken to line by line.

The list is kept in ``engines.json`` in the data folder (beside ``settings.json``): each engine
has a name, the path of its program, the protocol it speaks (a game's
:class:`tafel.engine_protocol.EngineProtocol` name, such as ``uai``), the options as the
engine announced them, the values the player set, and its time control (``movetime_ms``, or a
clock ``clock_ms`` plus ``increment_ms``). It is read like settings and saves
(:func:`load_engines`): a damaged file is moved aside, a bad entry skipped, each with one line
on stderr, never a failure.

:class:`EngineProcess` (:mod:`tafel.engine_process`, re-exported here) runs one engine as a
subprocess that a hostile engine cannot beat. The play screen and ``arena`` never call it from
their own loop: they go through :mod:`tafel.engine_router`, which drives each engine from a
thread of its own.

>>> c = EngineConfig.from_dict({"name": "Toy", "path": "/x/toy.py", "values": {"Hash": 16}})
>>> c.name, c.protocol, c.values, c.command()[1:] == [os.path.abspath("/x/toy.py")]
('Toy', 'uai', {'Hash': '16'}, True)
>>> EngineConfig.from_dict({"name": "", "path": "x"}) is None
True
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict

from tafel.ai.base import Agent, AgentDef, Limit
from tafel.datadir import atomic_write, data_dir, load_json_file
from tafel.engine_process import (
    HANDSHAKE_TIMEOUT,
    QUIT_GRACE,
    EngineFailure,
    EngineProcess,
    flood_text,
    shorten,
)
from tafel.engine_protocol import EngineOption, EngineProtocol, OptionEntry
from tafel.game import GameDef, GameError

__all__ = [
    "HANDSHAKE_TIMEOUT",
    "QUIT_GRACE",
    "EngineConfig",
    "EngineFailure",
    "EngineProcess",
    "entry_problem",
    "find_engine",
    "flood_text",
    "is_engine_agent",
    "load_engines",
    "probe",
    "resolve_engine",
    "save_engines",
    "shorten",
]

FILE_NAME = "engines.json"


class EngineEntry(TypedDict):
    """An :class:`EngineConfig` as engines.json keeps it (:meth:`EngineConfig.as_dict`)."""

    name: str
    path: str
    protocol: str
    args: list[str]
    options: list[OptionEntry]
    values: dict[str, str]
    movetime_ms: int
    clock_ms: int
    increment_ms: int
    id_name: str


@dataclass
class EngineConfig:
    """One configured engine (see the module docstring)."""

    name: str
    path: str
    protocol: str = "uai"
    args: list[str] = field(default_factory=list)
    #: The options the engine announced (``EngineOption.as_dict``), in its order.
    options: list[OptionEntry] = field(default_factory=list)
    #: Values the player set, sent as ``setoption`` after the hello.
    values: dict[str, str] = field(default_factory=dict)
    #: Milliseconds a move (``go movetime``), unless a clock is set.
    movetime_ms: int = 1000
    #: A clock per side in ms (``go wtime .. btime .. winc .. binc ..``); 0: movetime.
    clock_ms: int = 0
    increment_ms: int = 0
    #: The name the engine gave (``id name``).
    id_name: str = ""

    def command(self) -> list[str]:
        """The program and its arguments; a ``.py`` file runs with this Python. A path with a
        folder in it is made absolute (the engine runs in its own folder); a bare name is looked
        up on PATH."""
        path = os.path.abspath(self.path) if os.sep in self.path or "/" in self.path else self.path
        if path.endswith(".py"):
            return [sys.executable, path, *self.args]
        return [path, *self.args]

    def announced(self) -> list[EngineOption]:
        return [o for o in (EngineOption.from_dict(d) for d in self.options) if o is not None]

    def time_text(self) -> str:
        if self.clock_ms > 0:
            return f"clock {self.clock_ms / 1000:g} s + {self.increment_ms / 1000:g} s"
        return f"{self.movetime_ms} ms a move"

    def as_dict(self) -> EngineEntry:
        return {
            "name": self.name,
            "path": self.path,
            "protocol": self.protocol,
            "args": list(self.args),
            "options": list(self.options),
            "values": dict(self.values),
            "movetime_ms": self.movetime_ms,
            "clock_ms": self.clock_ms,
            "increment_ms": self.increment_ms,
            "id_name": self.id_name,
        }

    @classmethod
    def from_dict(cls, data: object) -> EngineConfig | None:
        """An engine from JSON; None when the entry cannot be used (:func:`entry_problem`)."""
        if not isinstance(data, dict) or entry_problem(data) is not None:
            return None

        def whole(key: str, default: int) -> int:
            value = data.get(key)
            return value if isinstance(value, int) else default

        options = [o.as_dict() for o in (EngineOption.from_dict(d) for d in data.get("options") or []) if o]
        values = data.get("values") or {}
        return cls(
            name=data["name"].strip(),
            path=data["path"],
            protocol=data.get("protocol") or "uai",
            args=list(data.get("args") or []),
            options=options,
            values={k: _value_text(v) for k, v in values.items()},
            movetime_ms=max(1, whole("movetime_ms", 1000)),
            clock_ms=whole("clock_ms", 0),
            increment_ms=whole("increment_ms", 0),
            id_name=data.get("id_name") or "",
        )


#: The longest name, path, argument or option value an entry of engines.json may have.
MAX_TEXT = 4096
#: Arguments, options and option values an entry may have at most.
MAX_ITEMS = 500


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _text_ok(value: object, empty: bool = False) -> bool:
    return (
        isinstance(value, str)
        and (empty or bool(value.strip()))
        and len(value) <= MAX_TEXT
        and "\0" not in value
    )


def _lists_problem(data: dict) -> str | None:
    """Why ``args``, ``options`` or ``values`` of an entry cannot be used, if they cannot."""
    args = data.get("args", [])
    if not isinstance(args, list) or len(args) > MAX_ITEMS or not all(_text_ok(a, empty=True) for a in args):
        return "args is not a list of texts"
    options = data.get("options", [])
    if (
        not isinstance(options, list)
        or len(options) > MAX_ITEMS
        or not all(isinstance(o, dict) for o in options)
    ):
        return "options is not a list of objects"
    values = data.get("values", {})
    if not isinstance(values, dict) or len(values) > MAX_ITEMS:
        return "values is not an object"
    for value in values.values():
        if not (isinstance(value, (int, float)) or _text_ok(value, empty=True)):
            return "values holds something that is no text or number"
    return None


def entry_problem(data: object) -> str | None:
    """Why an entry of engines.json cannot be used, in a few words; None when it can.

    >>> entry_problem({"name": "x", "path": "/x", "args": 5})
    'args is not a list of texts'
    >>> entry_problem({"name": "x", "path": "/x", "movetime_ms": -1}), entry_problem([])
    ('movetime_ms is not a whole number from 0 to 100000000', 'not a JSON object')
    """
    if not isinstance(data, dict):
        return "not a JSON object"
    for key in ("name", "path"):
        if not _text_ok(data.get(key)):
            return f"{key} is missing or not a text"
    for key in ("protocol", "id_name"):
        if data.get(key) is not None and not _text_ok(data[key], empty=True):
            return f"{key} is not a text"
    problem = _lists_problem(data)
    if problem is not None:
        return problem
    for key in ("movetime_ms", "clock_ms", "increment_ms"):
        value = data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**8:
            return f"{key} is not a whole number from 0 to 100000000"
    return None


# --- the list -----------------------------------------------------------------------------------


def engines_path() -> Path:
    return data_dir() / FILE_NAME


def _engines_file_problem(data: object) -> str | None:
    if not isinstance(data, dict):
        return "not a JSON object"
    if not isinstance(data.get("engines", []), list):
        return '"engines" is not a list'
    return None


#: Lines already said about each engines.json (each is said once, though the list is read often).
_said: set[tuple[str, str]] = set()


def _say_once(path: Path, line: str) -> None:
    if (str(path), line) not in _said and len(_said) < 1000:
        _said.add((str(path), line))
        print(f"tafel: {line}", file=sys.stderr)


def load_engines(path: Path | None = None) -> list[EngineConfig]:
    """The configured engines (empty when there is no file or it cannot be used).

    Read like settings and saves: a damaged file (bad JSON, not UTF-8, too large, not a list of
    engines) is moved aside to ``engines.json.corrupt`` with one line on stderr; an entry that
    cannot be used (a name that is no text, ``args`` that is no list, ...) or repeats a name is
    skipped with one line; the others are kept.
    """
    path = path or engines_path()
    data, problem = load_json_file(path, "engines file", limit=MAX_FILE, check=_engines_file_problem)
    if problem is not None:
        _say_once(path, f"{problem}; no engines configured")
        return []
    engines: list[EngineConfig] = []
    for number, item in enumerate((data or {}).get("engines") or [], 1):
        reason = entry_problem(item)
        config = EngineConfig.from_dict(item) if reason is None else None
        if config is not None and any(e.name.lower() == config.name.lower() for e in engines):
            reason, config = f"the name {shorten(config.name, 40)!r} is taken by an earlier engine", None
        if config is None:
            _say_once(path, f"engines file {path.name}: engine {number} skipped ({reason})")
            continue
        engines.append(config)
    return engines


#: The largest engines.json read.
MAX_FILE = 1024 * 1024


def save_engines(engines: list[EngineConfig], path: Path | None = None) -> bool:
    """Write the list; False (and a line on stderr) when the disk refuses."""
    path = path or engines_path()
    try:
        atomic_write(path, json.dumps({"engines": [e.as_dict() for e in engines]}, indent=2) + "\n")
    except OSError as exc:
        print(f"tafel: could not save the engines to {path}: {exc}", file=sys.stderr)
        return False
    return True


def find_engine(name: str, engines: list[EngineConfig] | None = None) -> EngineConfig | None:
    """The configured engine called ``name`` (any case)."""
    for config in load_engines() if engines is None else engines:
        if config.name.lower() == name.strip().lower():
            return config
    return None


ENGINE_PREFIX = "engine:"


def is_engine_agent(agent: str) -> bool:
    """Whether a player or agent name is an external engine: ``engine:NAME`` (configured) or
    ``PROTOCOL:PATH`` (``uai:/path/to/engine``); agents' own names have no colon."""
    return ":" in agent


def engine_player(config: EngineConfig) -> str:
    """The player name a seat played by ``config`` gets (``engine:NAME``)."""
    return ENGINE_PREFIX + config.name


def engine_agent(name: str) -> AgentDef:
    """An agent definition for an engine name in ``arena`` (its default limit: the engine's own
    time control). It plays only through :class:`tafel.engine_router.EngineRouter`."""

    def factory(game: GameDef) -> Agent:
        raise GameError(f"{name} is an external engine: it plays through the engine router")

    return AgentDef(name, "external engine", factory, default_limit=Limit())


def engine_players(game: GameDef) -> list[str]:
    """The players setup offers for ``game``: each configured engine speaking its protocol."""
    protocol = getattr(game, "engine_protocol", None)
    if protocol is None:
        return []
    return [engine_player(c) for c in load_engines() if c.protocol.lower() == protocol.name.lower()]


def resolve_engine(agent: str, protocol: str, engines: list[EngineConfig] | None = None) -> EngineConfig:
    """The engine an agent name means: ``engine:NAME`` or a configured ``NAME``, or
    ``PROTOCOL:PATH`` for a program not in the list. EngineFailure("crash") when there is none."""
    head, sep, rest = agent.partition(":")
    if sep and head.lower() == protocol.lower():
        if not rest:
            raise EngineFailure("crash", f"{agent}: give the engine's path after {head}:")
        return EngineConfig(name=Path(rest).name or rest, path=rest, protocol=protocol)
    name = rest if sep and head.lower() == "engine" else agent
    config = find_engine(name, engines)
    if config is None:
        raise EngineFailure("crash", f"no engine called {name!r} is configured (Settings, Engines)")
    if config.protocol.lower() != protocol.lower():
        raise EngineFailure("crash", f"engine {config.name} speaks {config.protocol}, this game {protocol}")
    return config


def probe(path: str, protocol: EngineProtocol, timeout: float = HANDSHAKE_TIMEOUT) -> EngineConfig:
    """Start the program at ``path``, read its name and options, and stop it: a new list entry
    (named as the engine calls itself). Raises EngineFailure. Blocks: call it from a thread."""
    config = EngineConfig(name=Path(path).stem or path, path=path, protocol=protocol.name)
    process = EngineProcess(config, protocol)
    try:
        process.handshake(timeout)
    finally:
        process.close()
    config.id_name = process.id_name
    config.name = process.id_name or config.name
    config.options = [o.as_dict() for o in process.options]
    return config
