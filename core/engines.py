"""External engines: the player's list of them, and one engine process spoken to line by line.

The list is kept in ``engines.json`` in the data folder (beside ``settings.json``): each engine
has a name, the path of its program, the protocol it speaks (a game's
:class:`tafel.engine_protocol.EngineProtocol` name, such as ``uai``), the options as the
engine announced them, the values the player set, and its time control (``movetime_ms``, or a
clock ``clock_ms`` plus ``increment_ms``). A damaged file gives an empty list and one line on
stderr, never a failure.

:class:`EngineProcess` runs one engine as a subprocess. A thread reads its output into a queue,
so nothing here waits longer than the deadline it is given: no line by then is a hang, the end
of the output a crash (both :class:`EngineFailure`, with the last lines the engine wrote on
stderr). The play screen and ``arena`` never call it from their own loop: they go through
:mod:`tafel.engine_router`, which drives each engine from a thread of its own.

>>> c = EngineConfig.from_dict({"name": "Toy", "path": "/x/toy.py", "values": {"Hash": 16}})
>>> c.name, c.protocol, c.values, c.command()[1:] == [os.path.abspath("/x/toy.py")]
('Toy', 'uai', {'Hash': '16'}, True)
>>> EngineConfig.from_dict({"name": "", "path": "x"}) is None
True
"""

from __future__ import annotations

import collections
import json
import os
import queue
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tafel.ai.base import AgentDef, Limit
from tafel.datadir import atomic_write, data_dir, load_json_file
from tafel.engine_protocol import EngineOption, EngineProtocol, setoption_command
from tafel.game import GameError

FILE_NAME = "engines.json"
#: Seconds an engine has to answer its hello (``uaiok``) and ``isready``.
HANDSHAKE_TIMEOUT = 10.0
#: Seconds a stopped or quitting engine gets before it is killed.
QUIT_GRACE = 1.0


class EngineFailure(Exception):
    """An engine failed: ``kind`` is "crash" (would not start, stopped, broke the protocol) or
    "hang" (no answer in time); the message is one line for the screen."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass
class EngineConfig:
    """One configured engine (see the module docstring)."""

    name: str
    path: str
    protocol: str = "uai"
    args: list[str] = field(default_factory=list)
    #: The options the engine announced (``EngineOption.as_dict``), in its order.
    options: list[dict[str, Any]] = field(default_factory=list)
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

    def as_dict(self) -> dict[str, Any]:
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
    def from_dict(cls, data: Any) -> EngineConfig | None:
        """An engine from JSON; None when its name or path is missing (bad parts get defaults)."""
        if not isinstance(data, dict):
            return None
        name, path = data.get("name"), data.get("path")
        if not isinstance(name, str) or not name.strip() or not isinstance(path, str) or not path:
            return None

        def whole(key: str, default: int) -> int:
            value = data.get(key)
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10**8
            return value if ok else default

        options = [o.as_dict() for o in (EngineOption.from_dict(d) for d in data.get("options") or []) if o]
        values = data.get("values") if isinstance(data.get("values"), dict) else {}
        return cls(
            name=name.strip(),
            path=path,
            protocol=str(data.get("protocol") or "uai"),
            args=[a for a in data.get("args") or [] if isinstance(a, str)],
            options=options,
            values={str(k): str(v) for k, v in values.items()},
            movetime_ms=max(1, whole("movetime_ms", 1000)),
            clock_ms=whole("clock_ms", 0),
            increment_ms=whole("increment_ms", 0),
            id_name=str(data.get("id_name") or ""),
        )


# --- the list -----------------------------------------------------------------------------------


def engines_path() -> Path:
    return data_dir() / FILE_NAME


def load_engines(path: Path | None = None) -> list[EngineConfig]:
    """The configured engines (empty when there is no file or it cannot be used)."""
    path = path or engines_path()
    if not path.exists():
        return []
    data, problem = load_json_file(
        path, "engines file", check=lambda d: None if isinstance(d, dict) else "not a JSON object"
    )
    if problem is not None:
        print(f"tafel: {problem}; no engines configured", file=sys.stderr)
        return []
    engines: list[EngineConfig] = []
    for item in (data or {}).get("engines") or []:
        config = EngineConfig.from_dict(item)
        if config is not None and all(e.name.lower() != config.name.lower() for e in engines):
            engines.append(config)
    return engines


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

    def factory(game: Any) -> Any:
        raise GameError(f"{name} is an external engine: it plays through the engine router")

    return AgentDef(name, "external engine", factory, default_limit=Limit())


def engine_players(game: Any) -> list[str]:
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


# --- one engine process -------------------------------------------------------------------------


class EngineProcess:
    """One engine program as a subprocess; lines in and out, never waiting past a deadline."""

    def __init__(self, config: EngineConfig, protocol: EngineProtocol) -> None:
        self.config = config
        self.protocol = protocol
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: collections.deque[str] = collections.deque(maxlen=20)
        self.id_name = ""
        self.options: list[EngineOption] = []
        self.closed = False
        try:
            self.proc = subprocess.Popen(
                config.command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
                cwd=os.path.dirname(os.path.abspath(config.path)) if os.path.isfile(config.path) else None,
            )
        except OSError as exc:
            raise EngineFailure("crash", f"cannot start {config.path}: {exc.strerror or exc}") from None
        for target, stream in ((self._read, self.proc.stdout), (self._read_errors, self.proc.stderr)):
            threading.Thread(target=target, args=(stream,), daemon=True, name="engine-io").start()

    def _read(self, stream) -> None:
        try:
            for line in stream:
                self.lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        self.lines.put(None)

    def _read_errors(self, stream) -> None:
        try:
            for line in stream:
                if line.strip():
                    self.stderr.append(line.rstrip())
        except (OSError, ValueError):
            pass

    def crashed(self) -> EngineFailure:
        """The failure of an engine whose output ended."""
        try:
            code = self.proc.wait(QUIT_GRACE)
        except subprocess.TimeoutExpired:
            code = None
        self.closed = True
        time.sleep(0.02)  # the last stderr lines
        said = f": {self.stderr[-1]}" if self.stderr else ""
        how = f"exit code {code}" if code is not None else "its output closed"
        return EngineFailure("crash", f"the engine stopped ({how}){said}")

    def send(self, line: str) -> None:
        if self.closed:
            raise EngineFailure("crash", "the engine is not running")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise self.crashed() from None

    def read(self, deadline: float) -> str:
        """The next line; EngineFailure("hang") at ``deadline`` (time.monotonic), "crash" at the
        end of the output."""
        wait = deadline - time.monotonic()
        try:
            line = self.lines.get(timeout=max(wait, 0.0)) if wait > 0 else self.lines.get_nowait()
        except queue.Empty:
            raise EngineFailure("hang", "the engine did not answer in time") from None
        if line is None:
            self.lines.put(None)  # every later read sees the end too
            raise self.crashed()
        return line

    def handshake(self, timeout: float = HANDSHAKE_TIMEOUT) -> None:
        """The hello (id and options up to ``uaiok``), the player's option values, ``isready``."""
        deadline = time.monotonic() + timeout
        self.send(self.protocol.hello)
        try:
            while True:
                line = self.read(deadline)
                if line.strip() == self.protocol.hello_ok:
                    break
                if line.startswith("id name "):
                    self.id_name = line[len("id name ") :].strip()
                option = EngineOption.parse(line)
                if option is not None:
                    self.options.append(option)
            known = {o.name.lower() for o in self.options}
            for name, value in self.config.values.items():
                if name.lower() in known:
                    self.send(setoption_command(name, value))
            self.ready(deadline)
        except EngineFailure as exc:
            if exc.kind == "hang":
                self.close()
                raise EngineFailure("hang", f"no {self.protocol.hello_ok} within {timeout:g} s") from None
            raise

    def ready(self, deadline: float) -> None:
        self.send("isready")
        while self.read(deadline).strip() != "readyok":
            pass

    def close(self) -> None:
        """``quit``, then kill if the engine is still there after a short grace."""
        if self.proc.poll() is None:
            try:
                if not self.closed:
                    assert self.proc.stdin is not None
                    self.proc.stdin.write("quit\n")
                    self.proc.stdin.flush()
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(QUIT_GRACE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                try:
                    self.proc.wait(QUIT_GRACE)
                except subprocess.TimeoutExpired:
                    pass
        self.closed = True
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass

    def kill(self) -> None:
        try:
            self.proc.kill()
            self.proc.wait(QUIT_GRACE)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.close()


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
