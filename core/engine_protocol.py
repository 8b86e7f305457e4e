"""How a game talks to external engines: a UCI-like line protocol, declared by the game.

A game that external engines can play declares ``GameDef.engine_protocol`` with an
:class:`EngineProtocol`. The protocol is UCI's, under the game's own name (``uai``, say): the
hello command is the name (``uai``, answered by ``id ...``, ``option ...`` lines and ``uaiok``),
a new game is ``uainewgame``, and the rest is shared::

    isready -> readyok
    setoption name <name> [value <value>]
    position fen <the game's to_text()> [moves <move texts> ...]
    go movetime <ms> | go wtime <ms> btime <ms> winc <ms> binc <ms>
    info depth <d> score cp <n> | mate <n> nodes <n> pv <moves ...>
    bestmove <move text>
    stop / quit

Positions are the game's own text (``GameState.to_text``), moves its move texts
(``move_to_text`` / ``parse_move``), so a game needs no code beyond the declaration. The core
runs the engines (:mod:`tafel.engines`); this module only writes and reads the lines.

>>> p = EngineProtocol("uai")
>>> p.hello_ok, p.new_game
('uaiok', 'uainewgame')
>>> p.position_command("x5o/7/7/7/7/7/o5x x 0 1", ["g2", "a1a3"])
'position fen x5o/7/7/7/7/7/o5x x 0 1 moves g2 a1a3'
>>> p.go_command(movetime_ms=250)
'go movetime 250'
>>> p.go_command(clocks=(60000, 59000), increments=(1000, 1000))
'go wtime 60000 btime 59000 winc 1000 binc 1000'
>>> parse_info("info depth 5 score cp -31 nodes 1200 nps 90000 pv a7b6 g1f2")["pv"]
'a7b6 g1f2'
>>> parse_bestmove("bestmove f2 ponder a6"), parse_bestmove("info depth 1")
('f2', None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TextIO, TypedDict

from tafel.quoting import printable


@dataclass(frozen=True)
class EngineProtocol:
    """A game's engine protocol: UCI's lines under the game's name (see the module docstring).

    ``sides`` are the clock letters of the seats in ``go`` (seat 0 ``w``: ``wtime``/``winc``).
    """

    name: str
    sides: tuple[str, ...] = ("w", "b")

    @property
    def hello(self) -> str:
        return self.name

    @property
    def hello_ok(self) -> str:
        return f"{self.name}ok"

    @property
    def new_game(self) -> str:
        return f"{self.name}newgame"

    def position_command(self, start_text: str, moves: list[str]) -> str:
        """``position fen <start> [moves ...]``."""
        line = f"position fen {start_text}"
        return f"{line} moves {' '.join(moves)}" if moves else line

    def go_command(
        self,
        movetime_ms: int | None = None,
        clocks: tuple[int, ...] | None = None,
        increments: tuple[int, ...] | None = None,
    ) -> str:
        """``go movetime N`` or ``go wtime .. btime .. winc .. binc ..`` (times in ms)."""
        if clocks is None:
            return f"go movetime {max(1, int(movetime_ms or 1000))}"
        parts = ["go"]
        for side, ms in zip(self.sides, clocks, strict=False):
            parts += [f"{side}time", str(max(0, int(ms)))]
        for side, ms in zip(self.sides, increments or (0,) * len(clocks), strict=False):
            parts += [f"{side}inc", str(max(0, int(ms)))]
        return " ".join(parts)


def setoption_command(name: str, value: object) -> str:
    """``setoption name <name> value <value>`` (a button: no value).

    >>> setoption_command("Hash", 16), setoption_command("Clear Hash", None)
    ('setoption name Hash value 16', 'setoption name Clear Hash')
    """
    if value is None:
        return f"setoption name {name}"
    if isinstance(value, bool):
        value = "true" if value else "false"
    return f"setoption name {name} value {value}"


#: An ``info`` line read: numbers by name (``depth``, ``nodes``), texts (``score``, ``pv``, ``string``).
EngineInfo = dict[str, int | str]

_INFO_NUMBERS = ("depth", "seldepth", "nodes", "nps", "time", "multipv", "hashfull")


def parse_info(line: str) -> EngineInfo | None:
    """An ``info`` line as a dict: numbers by name, ``score`` as text (``cp 31``, ``mate 3``),
    ``pv`` and ``string`` as the rest of the line; None for any other line.

    >>> parse_info("info depth 3 score mate -2 pv f1")
    {'depth': 3, 'score': 'mate -2', 'pv': 'f1'}
    >>> parse_info("info string hello there")
    {'string': 'hello there'}
    """
    words = line.split()
    if not words or words[0] != "info":
        return None
    info: EngineInfo = {}
    i = 1
    while i < len(words):
        word = words[i]
        if word in ("pv", "string"):
            info[word] = " ".join(words[i + 1 :])
            break
        if word == "score" and i + 2 < len(words):
            info["score"] = f"{words[i + 1]} {words[i + 2]}"
            i += 3
            while i < len(words) and words[i] in ("lowerbound", "upperbound"):
                i += 1
            continue
        if word in _INFO_NUMBERS and i + 1 < len(words):
            try:
                info[word] = int(words[i + 1])
            except ValueError:
                pass
            i += 2
            continue
        i += 1
    return info


def info_text(info: Mapping[str, object]) -> str:
    """One short line for the side panel: depth, score and the principal variation.

    >>> info_text({"depth": 7, "score": "cp 120", "pv": "f2 a7b5 g1e3 b6"})
    'depth 7 · +1.20 · f2 a7b5 g1e3 b6'
    >>> info_text({"depth": 2, "score": "mate -3"})
    'depth 2 · mated in 3'
    """
    parts = []
    if "depth" in info:
        parts.append(f"depth {info['depth']}")
    score = str(info.get("score", ""))
    kind, _, number = score.partition(" ")
    try:
        value = int(number)
    except ValueError:
        value = None
    if kind == "cp" and value is not None:
        parts.append(f"{value / 100:+.2f}")
    elif kind == "mate" and value is not None:
        parts.append(f"mate in {value}" if value > 0 else f"mated in {-value}")
    if info.get("pv"):
        parts.append(str(info["pv"]))
    return " · ".join(parts)


def parse_bestmove(line: str) -> str | None:
    """The move of a ``bestmove`` line; None for any other line."""
    words = line.split()
    if len(words) >= 2 and words[0] == "bestmove":
        return words[1]
    return None


class OptionEntry(TypedDict):
    """An :class:`EngineOption` as engines.json keeps it (:meth:`EngineOption.as_dict`)."""

    name: str
    type: str
    default: str | None
    min: int | None
    max: int | None
    vars: list[str]


@dataclass(frozen=True)
class EngineOption:
    """An option as the engine announced it (``option name Hash type spin default 16 min 1 max 64``).

    >>> o = EngineOption.parse("option name Move Overhead type spin default 8 min 0 max 100")
    >>> o.name, o.type, o.default, o.min, o.max
    ('Move Overhead', 'spin', '8', 0, 100)
    >>> EngineOption.parse("option name Style type combo default solid var solid var wild").vars
    ('solid', 'wild')
    """

    name: str
    type: str
    default: str | None = None
    min: int | None = None
    max: int | None = None
    vars: tuple[str, ...] = ()

    @classmethod
    def parse(cls, line: str) -> EngineOption | None:
        words = line.split()
        if len(words) < 3 or words[0] != "option" or words[1] != "name":
            return None
        keys = ("type", "default", "min", "max", "var")
        fields: dict[str, list[str]] = {"name": []}
        current = "name"
        values: list[str] = []
        for word in words[2:]:
            if word in keys:
                if current == "var":
                    values.append(" ".join(fields.pop("var", [])))
                current = word
                fields.setdefault(word, [])
                if word == "var":
                    fields["var"] = []
                continue
            fields.setdefault(current, []).append(word)
        if current == "var":
            values.append(" ".join(fields.pop("var", [])))
        name = " ".join(fields["name"])
        if not name:
            return None

        def number(key: str) -> int | None:
            try:
                return int(" ".join(fields.get(key, [])))
            except ValueError:
                return None

        default = " ".join(fields["default"]) if "default" in fields else None
        kind = " ".join(fields.get("type", [])) or "string"
        return cls(name, kind, default, number("min"), number("max"), tuple(values))

    def as_dict(self) -> OptionEntry:
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "min": self.min,
            "max": self.max,
            "vars": list(self.vars),
        }

    @classmethod
    def from_dict(cls, data: object) -> EngineOption | None:
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            return None
        ints = {k: data.get(k) if isinstance(data.get(k), int) else None for k in ("min", "max")}
        default = data.get("default")
        return cls(
            data["name"],
            str(data.get("type") or "string"),
            None if default is None else str(default),
            ints["min"],
            ints["max"],
            tuple(str(v) for v in data.get("vars") or () if isinstance(v, str)),
        )

    def describe(self) -> str:
        """How the Engines screen shows it: ``Hash (spin 1..64, default 16)``."""
        detail = self.type
        if self.min is not None and self.max is not None:
            detail += f" {self.min}..{self.max}"
        if self.vars:
            detail += ": " + "/".join(self.vars)
        if self.default not in (None, ""):
            detail += f", default {self.default}"
        return f"{self.name} ({detail})"


#: Characters of one line after which the input counts as no text of lines (``/dev/zero``):
#: reading it through would only burn a processor for ever.
MAX_DROPPED_LINE = 16 * 1024 * 1024


def bounded_lines(
    stream: TextIO, limit: int, too_long: Callable[[str], None], give_up: int = MAX_DROPPED_LINE
) -> Iterator[str]:
    """The lines of ``stream``, none longer than ``limit`` characters: a longer one is read
    through to its end in pieces and dropped, ``too_long(its first 20 characters)`` once for it
    (escaped: no control character reaches a terminal). An engine, or any program reading
    commands, stays small whatever arrives on its input. A line still going after ``give_up``
    characters raises EOFError: the input is no text of lines, and ``tafel uai < /dev/zero``
    ends with one error line rather than reading for ever.

    >>> import io
    >>> said = []
    >>> list(bounded_lines(io.StringIO("uai\\n" + "x" * 50 + "\\nisready\\n"), 10, said.append))
    ['uai\\n', 'isready\\n']
    >>> said
    ['xxxxxxxxxxx']
    >>> said.clear(); list(bounded_lines(io.StringIO("\\0" * 30 + "\\n"), 10, said.append)), said
    ([], ['\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00\\\\x00'])
    >>> list(bounded_lines(io.StringIO("\\0" * 100), 10, said.append, give_up=50))
    Traceback (most recent call last):
    EOFError: a line over 50 characters: the input is no text of lines
    """
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line.endswith("\n"):
            yield line
            continue
        too_long(printable(line[:20]))
        dropped = len(line)
        while line and not line.endswith("\n"):
            if dropped > give_up:
                raise EOFError(f"a line over {give_up} characters: the input is no text of lines")
            line = stream.readline(limit)
            dropped += len(line)
        if not line:
            return
