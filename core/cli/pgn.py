"""Games as PGN, for ``arena --pgn FILE``: the export format board-game engine tools read (as in chess).

Each game has the seven-tag roster's Event, Site, Date, Round, White, Black and Result, then
``FEN`` and ``SetUp "1"`` with the start position (the game's ``to_text``), ``PlyCount`` and,
for a game lost to an engine's failure, ``Termination`` ("rules infraction" for an illegal
move or a crash, "time forfeit" for a hang). White is the first seat, Black the
second. The moves are the game's move texts, numbered per move pair, ended by the result and
the reason as a comment.

>>> game = PgnGame({"White": "hard", "Black": "Toy", "Result": "1-0", "FEN": "x5o/7/7/7/7/7/o5x x 0 1"},
...                ["g2", "a1a3", "f1"], "Red wins: no stones left")
>>> text = format_game(game)
>>> print(text.splitlines()[-1])
1. g2 a1a3 2. f1 {Red wins: no stones left} 1-0
>>> back = read_pgn(text)[0]
>>> back.moves, back.tags["White"], back.tags["SetUp"], back.comment
(['g2', 'a1a3', 'f1'], 'hard', '1', 'Red wins: no stones left')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TAG_ORDER = ("Event", "Site", "Date", "Round", "White", "Black", "Result", "FEN", "SetUp", "PlyCount")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")


@dataclass
class PgnGame:
    """One game: its tags, its move texts, and the comment after the last move (the reason)."""

    tags: dict[str, str]
    moves: list[str] = field(default_factory=list)
    comment: str = ""

    @property
    def result(self) -> str:
        return self.tags.get("Result", "*")


def result_of(rewards: tuple[float, float] | list[float]) -> str:
    """The PGN result from the two seats' rewards.

    >>> result_of((1.0, 0.0)), result_of([0.0, 1.0]), result_of((0.5, 0.5))
    ('1-0', '0-1', '1/2-1/2')
    """
    first, second = rewards[0], rewards[1]
    return "1-0" if first > second else "0-1" if second > first else "1/2-1/2"


def _quote(value: str) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def format_game(game: PgnGame) -> str:
    """The game as PGN text (tags, a blank line, the movetext; no trailing blank line)."""
    tags = dict(game.tags)
    tags.setdefault("Result", "*")
    if "FEN" in tags:
        tags.setdefault("SetUp", "1")
    tags.setdefault("PlyCount", str(len(game.moves)))
    ordered = [k for k in TAG_ORDER if k in tags] + [k for k in tags if k not in TAG_ORDER]
    lines = [f'[{key} "{_quote(tags[key])}"]' for key in ordered]
    words: list[str] = []
    for i, move in enumerate(game.moves):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(move)
    if game.comment:
        words.append("{" + game.comment.replace("}", ")") + "}")
    words.append(tags["Result"])
    return "\n".join(lines) + "\n\n" + " ".join(words)


_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_TOKEN = re.compile(r"\{[^}]*\}|;[^\n]*|\S+")


def read_pgn(text: str) -> list[PgnGame]:
    """Every game of a PGN text: tags, moves (numbers, results and annotations left out) and the
    last comment. Variations in parentheses are skipped."""
    games: list[PgnGame] = []
    tags: dict[str, str] = {}
    movetext: list[str] = []

    def flush() -> None:
        if tags or movetext:
            games.append(_parse_moves(dict(tags), " ".join(movetext)))
        tags.clear()
        movetext.clear()

    for line in text.splitlines():
        stripped = line.strip()
        match = _TAG.match(stripped)
        if match:
            if movetext:
                flush()
            tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        elif stripped and not stripped.startswith("%"):
            movetext.append(stripped)
    flush()
    return games


def _parse_moves(tags: dict[str, str], movetext: str) -> PgnGame:
    game = PgnGame(tags)
    depth = 0
    for token in _TOKEN.findall(movetext):
        if token.startswith("{"):
            if depth == 0:
                game.comment = token[1:-1].strip()
            continue
        if token.startswith(";"):
            continue
        depth += token.count("(") - token.count(")")
        token = token.strip("()")
        if depth > 0 or not token or token in RESULTS or token.startswith("$"):
            continue
        token = re.sub(r"^\d+\.+", "", token)  # "12." or "12...g2"
        token = token.rstrip("!?+#")
        if token:
            game.moves.append(token)
    return game
