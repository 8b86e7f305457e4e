"""A tiny game for the UI tests: tic-tac-toe with a board view played by mouse clicks or keys.

Cells are numbered 0..8 row by row from the top; in notation a column letter and a row
number from the top (``a1`` top-left, ``c3`` bottom-right). Options exercise every kind the
setup screen offers: who starts (choice, "random" uses the seed), misère (bool), a forced
pass after N marks (int, for the core's automatic pass), and a free text label.

>>> g = toy_game_def()
>>> s = g.new_state(g.resolve_options(), 1)
>>> for t in ["a1", "b1", "a2", "b2", "a3"]:
...     s = s.play(s.parse_move(t))
>>> s.outcome.winners, s.outcome.reason
((0,), 'three in a row')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from tafel import AgentDef, GameDef, GameState, IllegalMoveError, NotationError, Option, Outcome
from tafel.ai.base import Agent
from tafel.view import BoardView

GAME_ID = "tictactoe-toy"
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "xo"


@dataclass(frozen=True, order=True)
class Mark:
    """A mark on ``cell`` (0..8), or the pass (cell -1)."""

    cell: int

    @property
    def is_pass(self) -> bool:
        return self.cell < 0


PASS = Mark(-1)


def cell_name(cell: int) -> str:
    return "abc"[cell % 3] + str(cell // 3 + 1)


@dataclass(frozen=True)
class ToyState(GameState):
    board: tuple[int, ...] = (-1,) * 9
    to_move: int = 0
    misere: bool = False
    #: After this many marks the side to move must pass once (0: never).
    pass_at: int = 0
    passed: bool = False
    label: str = ""
    players: int = 2

    @property
    def marks(self) -> int:
        return sum(1 for c in self.board if c >= 0)

    def _must_pass(self) -> bool:
        return self.pass_at > 0 and self.marks == self.pass_at and not self.passed

    def legal_moves(self) -> list[Mark]:
        if self.outcome is not None:
            return []
        if self._must_pass():
            return [PASS]
        return [Mark(i) for i, c in enumerate(self.board) if c < 0]

    def is_forced_pass(self) -> bool:
        return self.outcome is None and self._must_pass()

    def play(self, move: Mark) -> ToyState:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{self.move_to_text(move)} is not legal here")
        if move.is_pass:
            return ToyState(self.board, 1 - self.to_move, self.misere, self.pass_at, True, self.label)
        board = list(self.board)
        board[move.cell] = self.to_move
        return ToyState(tuple(board), 1 - self.to_move, self.misere, self.pass_at, self.passed, self.label)

    @property
    def outcome(self) -> Outcome | None:
        for a, b, c in LINES:
            if self.board[a] >= 0 and self.board[a] == self.board[b] == self.board[c]:
                winner = self.board[a]
                if self.misere:
                    return Outcome.win(1 - winner, 2, "three in a row (misère)", self._scores())
                return Outcome.win(winner, 2, "three in a row", self._scores())
        if all(c >= 0 for c in self.board):
            return Outcome.draw(2, "board full", self._scores())
        return None

    def _scores(self) -> tuple[int, int]:
        return (self.board.count(0), self.board.count(1))

    def to_text(self) -> str:
        rows = ["".join("." if c < 0 else MARKS[c] for c in self.board[r * 3 : r * 3 + 3]) for r in range(3)]
        return "/".join(rows) + " " + MARKS[self.to_move]

    def move_to_text(self, move: Mark) -> str:
        return "pass" if move.is_pass else cell_name(move.cell)

    def parse_move(self, text: str) -> Mark:
        t = text.strip().lower()
        if t == "pass":
            move = PASS
        elif len(t) == 2 and t[0] in "abc" and t[1] in "123":
            move = Mark("abc".index(t[0]) + 3 * (int(t[1]) - 1))
        else:
            raise NotationError(f"not a move: {text!r}")
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{t} is not legal here")
        return move

    def describe(self) -> str:
        return f"{self.label}: {self.marks} marks" if self.label else f"{self.marks} marks"


def new_state(options: dict, seed: int | None) -> ToyState:
    first = options["first"]
    if first == "random":
        first = random.Random(seed).choice(["x", "o"])
    return ToyState(
        to_move=MARKS.index(first),
        misere=options["misere"],
        pass_at=options["pass_after"],
        label=options["label"],
    )


def parse_position(text: str, options: dict) -> ToyState:
    try:
        board_text, side = text.split()
        rows = board_text.split("/")
        if len(rows) != 3 or any(len(r) != 3 for r in rows) or side not in MARKS:
            raise ValueError
        board = tuple(-1 if ch == "." else MARKS.index(ch) for ch in "".join(rows))
    except ValueError:
        raise NotationError(f"not a tic-tac-toe position: {text!r}") from None
    return ToyState(
        board, MARKS.index(side), options["misere"], options["pass_after"], False, options["label"]
    )


class ToyView(BoardView):
    """Three by three cells; click a cell, or move the cursor with arrows and press Enter."""

    ANIM = 0.15

    def __init__(self, game: GameDef, options: dict) -> None:
        super().__init__(game, options)
        self.cells: list[pygame.Rect] = []
        self.cursor = 4
        self.anim = 0.0
        self.fail_draw = False
        self.fail_event = False
        self.moves_seen = 0

    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        side = int(min(rect.width, rect.height) * 0.9)
        cell = side // 3
        x0 = rect.centerx - cell * 3 // 2
        y0 = rect.centery - cell * 3 // 2
        self.cells = [pygame.Rect(x0 + (i % 3) * cell, y0 + (i // 3) * cell, cell, cell) for i in range(9)]

    def reset(self, state: GameState) -> None:
        self.anim = 0.0

    def on_move(self, before: GameState, move: Mark, after: GameState) -> None:
        self.moves_seen += 1
        self.anim = self.ANIM

    def update(self, dt: float) -> None:
        self.anim = max(0.0, self.anim - dt)

    @property
    def animating(self) -> bool:
        return self.anim > 0

    def cell_center(self, cell: int) -> tuple[int, int]:
        return self.cells[cell].center

    def draw(self, surface: pygame.Surface, state: ToyState, ctx) -> None:
        if self.fail_draw:
            raise RuntimeError("toy view cannot draw")
        theme = ctx.theme
        board = self.cells[0].union(self.cells[8])
        pygame.draw.rect(surface, theme.board, board.inflate(12, 12), border_radius=10)
        for i, rect in enumerate(self.cells):
            pygame.draw.rect(surface, theme.grid, rect, 2)
            if ctx.last_move is not None and getattr(ctx.last_move, "cell", -1) == i and ctx.show_last:
                pygame.draw.rect(surface, theme.last_move, rect.inflate(-6, -6), 3)
            owner = state.board[i]
            pad = rect.width // 5
            if owner == 0:
                inner = rect.inflate(-2 * pad, -2 * pad)
                pygame.draw.line(surface, theme.seat(0), inner.topleft, inner.bottomright, 8)
                pygame.draw.line(surface, theme.seat(0), inner.topright, inner.bottomleft, 8)
            elif owner == 1:
                pygame.draw.circle(surface, theme.seat(1), rect.center, rect.width // 2 - pad, 8)
            if ctx.interactive and i == self.cursor:
                pygame.draw.rect(surface, theme.highlight, rect.inflate(-10, -10), 3, border_radius=6)

    def handle_event(self, event: pygame.event.Event, state: ToyState, ctx) -> Mark | None:
        if self.fail_event:
            raise RuntimeError("toy view cannot read input")
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.cells):
                if rect.collidepoint(event.pos) and Mark(i) in state.legal_moves():
                    self.cursor = i
                    return Mark(i)
        elif event.type == pygame.KEYDOWN:
            dx, dy = {
                pygame.K_LEFT: (-1, 0),
                pygame.K_RIGHT: (1, 0),
                pygame.K_UP: (0, -1),
                pygame.K_DOWN: (0, 1),
            }.get(event.key, (0, 0))
            if dx or dy:
                x, y = self.cursor % 3, self.cursor // 3
                self.cursor = min(2, max(0, y + dy)) * 3 + min(2, max(0, x + dx))
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE) and Mark(self.cursor) in state.legal_moves():
                return Mark(self.cursor)
        return None

    def status(self, state: ToyState, ctx) -> list[str]:
        return [f"Empty cells: {9 - state.marks}"]


class FirstMoveAgent(Agent):
    """Plays the first legal move: predictable, for tests."""

    def choose(self, state, limit, rng, stop=None):
        return state.legal_moves()[0]


def toy_game_def() -> GameDef:
    return GameDef(
        id=GAME_ID,
        title="Toy Tic-Tac-Toe",
        description="Three in a row on a three by three board; a tiny game for the interface tests.",
        min_players=2,
        max_players=2,
        new_state=new_state,
        parse_position=parse_position,
        options=(
            Option(
                "first", "First player", "choice", "x", choices=(("x", "X"), ("o", "O"), ("random", "Random"))
            ),
            Option("misere", "Misère", "bool", False),
            Option("pass_after", "Forced pass after", "int", 0, minimum=0, maximum=8),
            Option("label", "Label", "text", ""),
        ),
        rules="Players take turns marking an empty cell.\n\nThree marks in a row, column or diagonal win. "
        "A full board without a line is a draw.\n\n"
        + "\n\n".join(f"Rule paragraph {i}: " + "lorem " * 40 for i in range(12)),
        view=ToyView,
        seat_names=lambda options: ["X", "O"],
        random_setup=True,
    )


def toy_agents() -> list[AgentDef]:
    return [AgentDef("first", "plays the first legal move", lambda game: FirstMoveAgent(), games=(GAME_ID,))]


#: Source of a plugin module registering the toy game (tests write it into a temporary folder).
PLUGIN_SOURCE = """
from tafel import AgentRegistrar, GameRegistrar, hookimpl
from tests.ui_toygame import toy_agents, toy_game_def


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(toy_game_def())


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    for agent in toy_agents():
        register(agent)
"""

#: Source of a plugin that fails to import, to check the menu lists it greyed.
BROKEN_SOURCE = """
raise ImportError("needs the missing package 'unobtainium'")
"""


# --- an in-process AI worker for the UI tests ------------------------------------------------------------


@dataclass
class FakeResult:
    """Same fields as the worker's ``AIResult``."""

    generation: int
    move_text: str | None
    error: str | None = None
    info: dict | None = None


class FakeWorker:
    """Answers AI requests synchronously with the first legal move of the position it rebuilds.

    ``hold=True`` keeps answers back until :meth:`release`, to test late (stale) results;
    ``error`` makes every answer an error. Unlike the real worker it never drops stale
    results itself, so the tests see the play scene do it.
    """

    def __init__(self, registry, *, hold: bool = False, error: str | None = None, idle: bool = False) -> None:
        from collections import deque

        self.registry = registry
        self.hold = hold
        self.error = error
        #: Never answer and report not busy (a worker that lost the request).
        self.idle = idle
        self.generation = 0
        self.requests: list = []
        self.held: list[FakeResult] = []
        self.results = deque()
        self.cancels = 0
        self.closed = False

    def request(self, req) -> int:
        self.generation += 1
        self.requests.append(req)
        if self.idle:
            return self.generation
        result = self.answer(self.generation, req)
        (self.held if self.hold else self.results).append(result)
        return self.generation

    def answer(self, generation: int, req) -> FakeResult:
        if self.error:
            return FakeResult(generation, None, self.error, {})
        game = self.registry.game(req.game_id)
        options = game.resolve_options(req.options)
        if req.start_position is not None:
            state = game.parse_position(req.start_position, options)
        else:
            state = game.new_state(options, req.seed)
        for text in req.moves:
            state = state.play(state.parse_move(text))
        # The first legal move whatever the agent: fast and predictable.
        move = state.legal_moves()[0]
        return FakeResult(generation, state.move_to_text(move), None, {"agent": req.agent})

    def release(self) -> None:
        self.results.extend(self.held)
        self.held.clear()

    def poll(self):
        return self.results.popleft() if self.results else None

    def cancel(self) -> None:
        self.cancels += 1

    @property
    def busy(self) -> bool:
        return bool(self.held)

    def close(self) -> None:
        self.closed = True


# --- helpers for the UI tests ----------------------------------------------------------------------------


def make_registry(folder):
    """A registry with only the toy game (and the core's generic agents), plus one broken plugin."""
    from pathlib import Path

    from tafel.plugins import load_registry
    from tafel.registry import LoadSpec

    folder = Path(folder)
    (folder / "toyplugin.py").write_text(PLUGIN_SOURCE)
    (folder / "brokenplugin.py").write_text(BROKEN_SOURCE)
    return load_registry(LoadSpec(plugin_dirs=(str(folder),), builtin=False, entry_points=False))


# The event helpers and run_until live in the test kit; imported here for older imports.
from tests.kit import click, key, run_until  # noqa: E402,F401
