"""Rules with diagrams: the markup a game's rules text (``GameDef.rules``) may embed.

A diagram is a fenced block named ``diagram``, one ``key: value`` per line::

    ```diagram
    position: x5o/7/7/7/7/7/o5x x 0 1
    moves: f2
    caption: A clone: the stone on g1 copies itself to f2.
    ```

``position`` (the game's own notation; left out: the start), ``moves`` (move texts played from
it, separated by spaces; the last one is the move the diagram shows: marked, and animated on the
rules screen), ``options`` (``K=V`` pairs, separated by spaces; the rest are the defaults),
``seed`` (a random setup's deal, when no position is given) and ``caption`` (one line under
the picture). A line that starts with a space continues the value above it. The block may
also be fenced with ``~~~diagram`` and ``~~~``. Everything outside
the blocks is the rules text as before. The rules screen draws each diagram with the game's own
view; ``python main.py rules GAME`` prints the text (a diagram as its caption and position) and
``rules GAME --render DIR`` writes each one as a PNG.

>>> blocks = parse_rules("Intro.\\n```diagram\\nposition: 9 b\\nmoves: a1\\n  b2\\ncaption: Two.\\n```\\nEnd.")
>>> [type(b).__name__ for b in blocks]
['str', 'Diagram', 'str']
>>> blocks[1].moves, blocks[1].caption, blocks[1].line
(('a1', 'b2'), 'Two.', 2)
>>> parse_rules("```diagram\\nwhere: a1\\n```")
Traceback (most recent call last):
...
tafel.game.NotationError: rules line 2: unknown diagram key 'where' (keys: position, moves, options, seed, caption)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tafel.game import GameDef, GameError, GameState, Move, NotationError, Options

__all__ = ["KEYS", "Diagram", "DiagramSetup", "diagrams", "parse_rules", "rules_as_text", "set_up"]

#: The keys a diagram block takes.
KEYS = ("position", "moves", "options", "seed", "caption")


@dataclass(frozen=True)
class Diagram:
    """One diagram of a rules text, as written (``line``: where its block starts, from 1)."""

    position: str | None = None
    moves: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    seed: int | None = None
    caption: str = ""
    line: int = 0
    #: Its place among the text's diagrams, from 1.
    number: int = 0

    def describe(self) -> str:
        """The diagram in words, for a terminal: caption, then the position and moves."""
        lines = [f"[Diagram {self.number}: {self.caption or 'no caption'}]"]
        lines.append(f"  position: {self.position or 'the start'}")
        if self.options:
            lines.append(f"  options: {' '.join(self.options)}")
        if self.moves:
            lines.append(f"  moves: {' '.join(self.moves)}")
        return "\n".join(lines)


@dataclass
class DiagramSetup:
    """A diagram played out: the options, every state from the first to the shown one, and the
    moves between them (``states[-1]`` is shown; ``moves[-1]`` is its last move)."""

    options: Options
    states: list[GameState]
    moves: list[Move] = field(default_factory=list)

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def last_move(self) -> Move | None:
        return self.moves[-1] if self.moves else None

    @property
    def previous(self) -> GameState | None:
        return self.states[-2] if len(self.states) > 1 else None


def _diagram(fields: dict[str, str], line: int, number: int) -> Diagram:
    seed = None
    if fields.get("seed"):
        text = fields["seed"]
        if not text.isascii() or not text.isdigit() or int(text) < 1:
            raise NotationError(
                f"rules line {line}: diagram seed must be a whole number from 1, got {text!r}"
            )
        seed = int(text)
    return Diagram(
        position=fields.get("position") or None,
        moves=tuple(fields.get("moves", "").split()),
        options=tuple(fields.get("options", "").split()),
        seed=seed,
        caption=fields.get("caption", ""),
        line=line,
        number=number,
    )


def parse_rules(text: str) -> list[str | Diagram]:
    """The rules text cut into text (str, the lines between diagrams) and diagrams, in order.

    Raises NotationError (one line, naming the line) for an unknown key, a line that is not
    ``key: value``, or a block that is never closed.
    """
    blocks: list[str | Diagram] = []
    lines = text.replace("\r", "").split("\n")
    prose: list[str] = []
    i = 0
    while i < len(lines):
        raw = lines[i]
        fence = raw.strip()[:3]
        if raw.strip() not in ("```diagram", "~~~diagram"):
            prose.append(raw)
            i += 1
            continue
        start = i + 1
        fields: dict[str, str] = {}
        last = None
        i += 1
        while True:
            if i >= len(lines):
                raise NotationError(f"rules line {start}: the diagram block is not closed with {fence}")
            body = lines[i]
            i += 1
            if body.strip() == fence:
                break
            if not body.strip():
                continue
            if body[:1].isspace() and last is not None:
                fields[last] = (fields[last] + " " + body.strip()).strip()
                continue
            key, colon, value = body.partition(":")
            key = key.strip()
            if not colon:
                raise NotationError(
                    f"rules line {i}: a diagram line must be 'key: value', got {body.strip()!r}"
                )
            if key not in KEYS:
                raise NotationError(f"rules line {i}: unknown diagram key {key!r} (keys: {', '.join(KEYS)})")
            fields[key] = value.strip()
            last = key
        if prose:
            blocks.append("\n".join(prose))
            prose = []
        number = sum(isinstance(b, Diagram) for b in blocks) + 1
        blocks.append(_diagram(fields, start, number))
    if prose:
        blocks.append("\n".join(prose))
    return blocks


def diagrams(text: str) -> list[Diagram]:
    """Only the diagrams of a rules text."""
    return [b for b in parse_rules(text) if isinstance(b, Diagram)]


def rules_as_text(text: str) -> str:
    """The rules for a terminal: the text, each diagram as its caption and position."""
    out = []
    for block in parse_rules(text):
        out.append(block.describe() if isinstance(block, Diagram) else block)
    return "\n".join(out)


def set_up(game: GameDef, diagram: Diagram) -> DiagramSetup:
    """Play a diagram out with the game's own rules: its options (the rest are the defaults,
    whatever a game in progress uses), its position, each move. Raises GameError (one line,
    naming the diagram) for anything the game does not accept."""
    where = f"diagram {diagram.number} (rules line {diagram.line})"
    try:
        options = game.resolve_options(game.parse_options(list(diagram.options)))
        if diagram.position:
            state = game.parse_position(diagram.position, options)
        else:
            seed = diagram.seed if diagram.seed is not None else (1 if game.random_setup else None)
            state = game.new_state(options, seed)
        states, moves = [state], []
        for text in diagram.moves:
            move = state.parse_move(text)
            state = state.play(move)
            states.append(state)
            moves.append(move)
    except GameError as exc:
        try:
            named = type(exc)(f"{where}: {exc}")
        except TypeError:  # an error class of a game's own with other arguments
            named = GameError(f"{where}: {exc}")
        raise named from None
    return DiagramSetup(options, states, moves)


def check_all(game: GameDef) -> list[DiagramSetup]:
    """Every diagram of the game's rules, played out (GameError at the first that fails)."""
    return [set_up(game, d) for d in diagrams(game.rules or "")]
