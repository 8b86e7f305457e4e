"""The puzzle record, a set of them as shipped data, and checking an answer.

A :class:`Puzzle` is a position where exactly one move wins (or keeps a decisive advantage) and
the solution line from there: the solver's moves and the opponent's best replies between them,
in the game's notation. A set is a JSON file (see :func:`set_to_json`), written by the generator
and shipped in a game's plugin; it is read as untrusted data: an entry that is malformed, names
another game, or whose position or line does not replay is skipped with one line saying why.

>>> from tests.ui_toygame import toy_game_def
>>> game = toy_game_def()
>>> p = Puzzle("toy-1", game.id, {}, ".../.../... x", ("b2", "a1", "c1"), 0, 1500.0, ("centre",), "test")
>>> puzzles, problems = parse_set(game, set_to_json(game.id, [p], {"seed": 1}))
>>> [q.id for q in puzzles], problems
(['toy-1'], [])
>>> parse_set(game, '{"format": "tafel-puzzles", "game": "tictactoe-toy", "puzzles": [{"id": "x"}]}')[1]
['puzzle x: missing position']
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from tafel.datadir import FileProblem, parse_json
from tafel.game import GameDef, GameError, GameState, Move, one_line
from tafel.puzzles.support import support_of

FORMAT = "tafel-puzzles"
#: A set file larger than this is refused (the shipped ones are a few hundred kB).
MAX_SET_BYTES = 4 * 1024 * 1024
MAX_PUZZLES = 20_000
DIFFICULTY_KEYS = ("depth", "moves", "margin")
_ID = re.compile(r"^[A-Za-z0-9_.-]{1,40}$")


class _PuzzleJson(TypedDict, total=False):
    #: How hard it measured (:mod:`tafel.puzzles.difficulty`): ``depth``, ``moves``, ``margin``.
    difficulty: dict[str, float]


class PuzzleJson(_PuzzleJson):
    """A puzzle as a set keeps it (:meth:`Puzzle.to_json`)."""

    id: str
    options: dict[str, object]
    position: str
    line: list[str]
    to_move: int
    rating: int
    themes: list[str]
    search: str


@dataclass(frozen=True)
class Puzzle:
    """One puzzle. ``line``: the solution in notation from ``position``, the solver's moves at even
    places and the opponent's replies at odd ones (it ends with a solver's move); ``to_move``: the
    solver's seat; ``rating``: the starting rating; ``search``: how it was found and verified;
    ``difficulty``: what the rating was measured from (:mod:`tafel.puzzles.difficulty`), if known."""

    id: str
    game: str
    options: Mapping[str, object]
    position: str
    line: tuple[str, ...]
    to_move: int
    rating: float
    themes: tuple[str, ...] = ()
    search: str = ""
    extra: Mapping[str, object] = field(default_factory=dict)
    difficulty: Mapping[str, float] = field(default_factory=dict)

    def to_json(self) -> PuzzleJson:
        data: PuzzleJson = {
            "id": self.id,
            "options": dict(self.options),
            "position": self.position,
            "line": list(self.line),
            "to_move": self.to_move,
            "rating": round(self.rating),
            "themes": list(self.themes),
            "search": self.search,
        }
        if self.difficulty:
            data["difficulty"] = dict(self.difficulty)
        return data

    def start(self, game: GameDef) -> GameState:
        """The puzzle's position (raises GameError subclasses for a bad one)."""
        return game.parse_position(self.position, game.resolve_options(dict(self.options)))

    def states(self, game: GameDef) -> list[GameState]:
        """The position and the states after each move of the line."""
        state = self.start(game)
        states = [state]
        for text in self.line:
            state = state.play(state.parse_move(text))
            states.append(state)
        return states

    @property
    def solver_moves(self) -> int:
        return (len(self.line) + 1) // 2


@dataclass(frozen=True)
class Verdict:
    """An answer checked: ``correct``; else ``index`` is the first wrong move's place in the line
    and ``refutation`` the opponent's best answer to it and what follows (notation)."""

    correct: bool
    index: int = -1
    played: str = ""
    expected: str = ""
    refutation: tuple[str, ...] = ()


def check_answer(game: GameDef, puzzle: Puzzle, answer: Sequence[str], refute=None) -> Verdict:
    """Compare ``answer`` (the solver's moves only, or the whole line) with the solution.

    A move counts when it is the solution's or leads to the same position (another spelling).
    The answer may stop early only as a prefix of the solver's moves: ``correct`` needs all of
    them. ``refute(state)`` gives the refutation line after a wrong move (notation).
    """
    states = puzzle.states(game)
    answer = list(answer)
    if len(answer) == len(puzzle.line) and len(puzzle.line) > 1:
        answer = answer[::2]  # the whole line was typed, replies included
    for k, text in enumerate(answer):
        index = 2 * k
        if index >= len(puzzle.line):
            break
        state = states[index]
        try:
            move = state.parse_move(text)
        except GameError:
            return Verdict(False, index, text, puzzle.line[index])
        after = state.play(move)
        outcome = after.outcome
        if outcome is not None and state.to_move in outcome.winners:
            return Verdict(True)  # a move that wins at once is as good as the line's
        expected = state.parse_move(puzzle.line[index])
        support = support_of(game)
        if (
            support is not None
            and move != expected
            and support.key_of(state, move) == support.key_of(state, expected)
        ):
            after = state.play(expected)  # the same idea (PuzzleSupport.move_key): the line goes on
        if after.repetition_key() != states[index + 1].repetition_key():
            refutation = tuple(refute(after)) if refute is not None and after.outcome is None else ()
            return Verdict(False, index, state.move_to_text(move), puzzle.line[index], refutation)
    if len(answer) < puzzle.solver_moves:
        return Verdict(False, 2 * len(answer), "", puzzle.line[2 * len(answer)])
    return Verdict(True)


# --- sets ---------------------------------------------------------------------------------------


def set_to_json(game_id: str, puzzles: Sequence[Puzzle], about: Mapping[str, object]) -> str:
    """A set as JSON text: one puzzle a line, so diffs of regenerated sets stay readable."""
    head = {"format": FORMAT, "version": 1, "game": game_id, **dict(about)}
    lines = [json.dumps(p.to_json(), ensure_ascii=False, separators=(",", ":")) for p in puzzles]
    body = ",\n".join(lines)
    head_text = json.dumps(head, ensure_ascii=False)[:-1]
    return f'{head_text}, "puzzles": [\n{body}\n]}}\n'


def _entry(game: GameDef, raw: object, index: int) -> Puzzle:
    """One entry as a puzzle; raises ValueError/GameError with the reason."""
    if not isinstance(raw, dict):
        raise ValueError(f"entry {index} is not an object")
    pid = raw.get("id")
    if not isinstance(pid, str) or not _ID.match(pid):
        raise ValueError(f"entry {index}: bad id")
    position = raw.get("position")
    if not isinstance(position, str) or not position:
        raise ValueError(f"puzzle {pid}: missing position")
    line = raw.get("line")
    if not isinstance(line, list) or not line or not all(isinstance(m, str) for m in line):
        raise ValueError(f"puzzle {pid}: missing line")
    if len(line) % 2 == 0 or len(line) > 15:
        raise ValueError(f"puzzle {pid}: the line must end with the solver's move")
    options = raw.get("options", {})
    if not isinstance(options, dict):
        raise ValueError(f"puzzle {pid}: bad options")
    rating = raw.get("rating", 1500)
    if isinstance(rating, bool) or not isinstance(rating, (int, float)) or not 100 <= rating <= 4000:
        raise ValueError(f"puzzle {pid}: bad rating")
    themes = raw.get("themes", [])
    if not isinstance(themes, list) or not all(isinstance(t, str) and len(t) <= 40 for t in themes):
        raise ValueError(f"puzzle {pid}: bad themes")
    search = raw.get("search", "")
    difficulty = raw.get("difficulty", {})
    if not isinstance(difficulty, dict) or not all(
        k in DIFFICULTY_KEYS and isinstance(v, (int, float)) and not isinstance(v, bool)
        for k, v in difficulty.items()
    ):
        raise ValueError(f"puzzle {pid}: bad difficulty")
    puzzle = Puzzle(
        pid, game.id, options, position, tuple(line), 0, float(rating), tuple(themes), str(search)[:200]
    )
    states = puzzle.states(game)  # raises GameError for a position or move that does not replay
    if any(s.outcome is not None for s in states[:-1]):
        raise ValueError(f"puzzle {pid}: the game ends inside the line")
    return Puzzle(
        pid,
        game.id,
        options,
        position,
        puzzle.line,
        states[0].to_move,
        puzzle.rating,
        puzzle.themes,
        puzzle.search,
        difficulty=difficulty,
    )


def parse_set(game: GameDef, text: str) -> tuple[list[Puzzle], list[str]]:
    """The usable puzzles of a set's JSON text, and one line per entry skipped (or for the file)."""
    try:
        data = parse_json(text)
    except FileProblem as exc:
        return [], [f"puzzle set: {exc.reason}"]
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return [], ["puzzle set: not a Tafel puzzle set"]
    if data.get("game") != game.id:
        return [], [f"puzzle set: for game {data.get('game')!r}, not {game.id}"]
    entries = data.get("puzzles")
    if not isinstance(entries, list):
        return [], ["puzzle set: no puzzles"]
    puzzles: list[Puzzle] = []
    problems: list[str] = []
    seen: set[str] = set()
    for index, raw in enumerate(entries[:MAX_PUZZLES]):
        try:
            puzzle = _entry(game, raw, index)
        except (ValueError, GameError) as exc:
            problems.append(str(exc) if not isinstance(exc, GameError) else f"entry {index}: {one_line(exc)}")
            continue
        if puzzle.id in seen:
            problems.append(f"puzzle {puzzle.id}: a second puzzle with this id")
            continue
        seen.add(puzzle.id)
        puzzles.append(puzzle)
    return puzzles, problems


_cache: dict[str, tuple[list[Puzzle], list[str]]] = {}


def load_shipped(game: GameDef) -> tuple[list[Puzzle], list[str]]:
    """The set shipped in ``game``'s plugin (``PuzzleSupport.data``), checked once per run."""
    support = support_of(game)
    if support is None:
        return [], [f"{game.id} has no puzzles"]
    key = f"{game.id}:{game.package}:{support.data}"
    if key not in _cache:
        _cache[key] = _read_shipped(game, support.data)
    return _cache[key]


def _read_shipped(game: GameDef, name: str) -> tuple[list[Puzzle], list[str]]:
    from importlib.resources import files

    try:
        resource = files(game.package).joinpath(name)
        raw = resource.read_bytes()
    except (OSError, ModuleNotFoundError, TypeError, ValueError) as exc:
        return [], [f"puzzle set of {game.id}: {one_line(exc)}"]
    if len(raw) > MAX_SET_BYTES:
        return [], [f"puzzle set of {game.id}: larger than {MAX_SET_BYTES // (1024 * 1024)} MB"]
    return parse_set(game, raw.decode("utf-8", errors="replace"))


def move_list(state: GameState, moves: Sequence[Move]) -> list[str]:
    """``moves`` played from ``state`` as notation texts."""
    texts = []
    for move in moves:
        texts.append(state.move_to_text(move))
        state = state.play(move)
    return texts
