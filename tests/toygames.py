"""Tiny complete games for tests: every part of the game contract, nothing else.

- ``toy-tictactoe``: tic-tac-toe on bitboards, with an ``evaluate`` that sees threats.
- ``toy-nim``: normal-play Nim for 2-4 seats (taking the last object wins).
- ``toy-lightsout``: a solo 3x3 Lights Out with a seeded random setup and a move budget.
- ``toy-kuhn``: Kuhn poker, a two-seat game with hidden cards (views and determinization).

Other tests may wrap them in a plugin (see :func:`write_plugin`) or use :func:`toy_registry`.

>>> g = tictactoe_def()
>>> s = g.new_state(g.resolve_options(), None)
>>> for t in ["a1", "b1", "a2", "b2", "a3"]:
...     s = s.play(s.parse_move(t))
>>> s.outcome.winners, s.to_text()
((0,), 'x../xo./xo. o')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from tafel import GameDef, GameState, IllegalMoveError, NotationError, Option, Outcome

# --- tic-tac-toe -----------------------------------------------------------------------------

TTT_LINES = tuple(
    sum(1 << c for c in cells)
    for cells in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
)
TTT_FULL = (1 << 9) - 1


@dataclass(frozen=True)
class Cell:
    """A mark on cell 0..8 (a1 = 0 bottom-left, c3 = 8 top-right)."""

    index: int


TTT_MOVES = tuple(Cell(i) for i in range(9))


def cell_name(index: int) -> str:
    return "abc"[index % 3] + str(index // 3 + 1)


def _has_line(bits: int) -> bool:
    return any(bits & line == line for line in TTT_LINES)


def _threats(mine: int, theirs: int) -> int:
    """Lines where ``mine`` has two marks and the third cell is empty."""
    count = 0
    for line in TTT_LINES:
        if not line & theirs and (mine & line).bit_count() == 2:
            count += 1
    return count


@dataclass(frozen=True)
class TicTacToeState(GameState):
    """X (seat 0) moves first. Bitboards ``x`` and ``o``."""

    x: int = 0
    o: int = 0
    to_move: int = 0
    players = 2

    @cached_property
    def outcome(self) -> Outcome | None:
        if _has_line(self.x):
            return Outcome.win(0, 2, "three in a row")
        if _has_line(self.o):
            return Outcome.win(1, 2, "three in a row")
        if self.x | self.o == TTT_FULL:
            return Outcome.draw(2, "board full")
        return None

    def legal_moves(self) -> list[Cell]:
        if self.outcome is not None:
            return []
        taken = self.x | self.o
        return [m for m in TTT_MOVES if not taken >> m.index & 1]

    def play(self, move: Cell) -> TicTacToeState:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{cell_name(move.index)} is not empty")
        return self.play_unchecked(move)

    def play_unchecked(self, move: Cell) -> TicTacToeState:
        bit = 1 << move.index
        if self.to_move == 0:
            return TicTacToeState(self.x | bit, self.o, 1)
        return TicTacToeState(self.x, self.o | bit, 0)

    def repetition_key(self) -> tuple[int, int, int]:
        return (self.x, self.o, self.to_move)

    def to_text(self) -> str:
        rows = []
        for rank in (2, 1, 0):
            row = ""
            for file in range(3):
                i = rank * 3 + file
                row += "x" if self.x >> i & 1 else "o" if self.o >> i & 1 else "."
            rows.append(row)
        return "/".join(rows) + " " + "xo"[self.to_move]

    def move_to_text(self, move: Cell) -> str:
        return cell_name(move.index)

    def parse_move(self, text: str) -> Cell:
        t = text.strip().lower()
        if len(t) != 2 or t[0] not in "abc" or t[1] not in "123":
            raise NotationError(f"{text!r} is not a cell (a1..c3)")
        move = Cell((int(t[1]) - 1) * 3 + "abc".index(t[0]))
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{t} is not a legal move here")
        return move


def ttt_parse(text: str, options: dict | None = None) -> TicTacToeState:
    """A position from its text, e.g. ``'x../.o./... x'``."""
    try:
        board, side = text.split()
        rows = board.split("/")
        assert len(rows) == 3 and all(len(r) == 3 for r in rows) and side in ("x", "o")
    except (ValueError, AssertionError):
        raise NotationError(f"{text!r} is not a tic-tac-toe position") from None
    x = o = 0
    for r, row in enumerate(rows):
        for file, ch in enumerate(row):
            i = (2 - r) * 3 + file
            if ch == "x":
                x |= 1 << i
            elif ch == "o":
                o |= 1 << i
            elif ch != ".":
                raise NotationError(f"bad cell {ch!r} in {text!r}")
    return TicTacToeState(x, o, "xo".index(side))


def ttt_evaluate(state: TicTacToeState, seat: int) -> float:
    """Value for ``seat``: a threat of the side to move wins, a double threat of the other wins too."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.rewards[seat] * 2 - 1
    mine, theirs = (state.x, state.o) if seat == 0 else (state.o, state.x)
    my_threats, their_threats = _threats(mine, theirs), _threats(theirs, mine)
    if state.to_move == seat:
        if my_threats:
            return 0.9
        if their_threats >= 2:
            return -0.8
    else:
        if their_threats:
            return -0.9
        if my_threats >= 2:
            return 0.8
    open_mine = sum(1 for line in TTT_LINES if not line & theirs)
    open_theirs = sum(1 for line in TTT_LINES if not line & mine)
    return (open_mine - open_theirs) * 0.05


def tictactoe_def() -> GameDef:
    return GameDef(
        id="toy-tictactoe",
        title="Toy Tic-tac-toe",
        description="Three in a row (test game).",
        min_players=2,
        max_players=2,
        new_state=lambda options, seed: TicTacToeState(),
        parse_position=ttt_parse,
        evaluate=ttt_evaluate,
        seat_names=lambda options: ["X", "O"],
    )


# --- Nim -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take ``count`` objects from pile ``pile`` (0-based); written ``2:3`` (pile 2, 1-based)."""

    pile: int
    count: int


@dataclass(frozen=True)
class NimState(GameState):
    piles: tuple[int, ...] = (3, 4, 5)
    to_move: int = 0
    players: int = 2
    #: Seat that took the last object; the winner once every pile is empty.
    last: int = -1

    @cached_property
    def outcome(self) -> Outcome | None:
        if any(self.piles):
            return None
        return Outcome.win(self.last, self.players, "took the last object")

    def legal_moves(self) -> list[Take]:
        return [Take(p, c) for p, size in enumerate(self.piles) for c in range(1, size + 1)]

    def play(self, move: Take) -> NimState:
        if not (0 <= move.pile < len(self.piles) and 1 <= move.count <= self.piles[move.pile]):
            raise IllegalMoveError(f"cannot take {move.count} from pile {move.pile + 1}")
        return self.play_unchecked(move)

    def play_unchecked(self, move: Take) -> NimState:
        piles = list(self.piles)
        piles[move.pile] -= move.count
        return NimState(tuple(piles), (self.to_move + 1) % self.players, self.players, self.to_move)

    def repetition_key(self) -> tuple:
        return (self.piles, self.to_move)

    def to_text(self) -> str:
        return f"{'-'.join(map(str, self.piles))} {self.to_move + 1}/{self.players} {self.last + 1}"

    def move_to_text(self, move: Take) -> str:
        return f"{move.pile + 1}:{move.count}"

    def parse_move(self, text: str) -> Take:
        try:
            pile, count = (int(t) for t in text.split(":"))
        except ValueError:
            raise NotationError(f"{text!r} is not a Nim move (pile:count)") from None
        move = Take(pile - 1, count)
        self.play(move)
        return move


def nim_parse(text: str, options: dict) -> NimState:
    try:
        piles_text, seat_text, last_text = text.split()
        piles = tuple(int(p) for p in piles_text.split("-"))
        seat, players = (int(t) for t in seat_text.split("/"))
        last = int(last_text) - 1
        assert 1 <= seat <= players and all(p >= 0 for p in piles)
    except (ValueError, AssertionError):
        raise NotationError(f"{text!r} is not a Nim position") from None
    return NimState(piles, seat - 1, players, last)


def nim_evaluate(state: NimState, seat: int) -> float:
    """Exact for two seats: a zero nim-sum is lost for the side to move."""
    if state.outcome is not None:
        return state.outcome.rewards[seat] * 2 - 1
    if state.players != 2:
        return 0.0
    nim_sum = 0
    for p in state.piles:
        nim_sum ^= p
    good_for_mover = 0.5 if nim_sum else -0.5
    return good_for_mover if state.to_move == seat else -good_for_mover


def nim_def() -> GameDef:
    return GameDef(
        id="toy-nim",
        title="Toy Nim",
        description="Take from one pile; whoever takes the last object wins (test game).",
        min_players=2,
        max_players=4,
        options=(
            Option("players", "Players", "int", 2, minimum=2, maximum=4),
            Option("piles", "Piles", "text", "3-4-5"),
        ),
        new_state=lambda options, seed: NimState(
            tuple(int(p) for p in options["piles"].split("-")), 0, options["players"]
        ),
        parse_position=nim_parse,
        evaluate=nim_evaluate,
        seat_count=lambda options: options["players"],
    )


# --- Lights Out (solo) -----------------------------------------------------------------------


def _press_mask(i: int) -> int:
    mask = 1 << i
    row, col = divmod(i, 3)
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            mask |= 1 << (r * 3 + c)
    return mask


PRESS = tuple(_press_mask(i) for i in range(9))


@dataclass(frozen=True)
class LightsState(GameState):
    """Lit cells as bits; pressing a cell toggles it and its orthogonal neighbours."""

    lit: int = 0
    moves_left: int = 4
    to_move: int = 0
    players = 1

    @cached_property
    def outcome(self) -> Outcome | None:
        if self.lit == 0:
            return Outcome((1.0,), "all lights off")
        if self.moves_left == 0:
            # Progress for a lost puzzle: the share of lights off, kept below a win.
            return Outcome((0.9 * (1 - self.lit.bit_count() / 9),), "out of moves")
        return None

    def legal_moves(self) -> list[Cell]:
        return [] if self.outcome is not None else list(TTT_MOVES)

    def play(self, move: Cell) -> LightsState:
        if self.outcome is not None or not 0 <= move.index < 9:
            raise IllegalMoveError("no such press")
        return self.play_unchecked(move)

    def play_unchecked(self, move: Cell) -> LightsState:
        return LightsState(self.lit ^ PRESS[move.index], self.moves_left - 1)

    def repetition_key(self) -> tuple[int, int]:
        return (self.lit, self.moves_left)

    def to_text(self) -> str:
        return f"{self.lit:09b} {self.moves_left}"

    def move_to_text(self, move: Cell) -> str:
        return cell_name(move.index)

    def parse_move(self, text: str) -> Cell:
        move = TicTacToeState().parse_move(text)
        if self.outcome is not None:
            raise IllegalMoveError("the puzzle is over")
        return move


def lights_new(options: dict, seed: int | None) -> LightsState:
    """Presses 2..3 distinct cells from dark, so a solution of that length always exists."""
    rng = random.Random(seed)
    lit = 0
    while lit == 0:
        for i in rng.sample(range(9), rng.randint(2, 3)):
            lit ^= PRESS[i]
    return LightsState(lit, options["moves"])


def lights_parse(text: str, options: dict) -> LightsState:
    try:
        bits, left = text.split()
        return LightsState(int(bits, 2), int(left))
    except ValueError:
        raise NotationError(f"{text!r} is not a Lights Out position") from None


def lights_def() -> GameDef:
    return GameDef(
        id="toy-lightsout",
        title="Toy Lights Out",
        description="Switch every light off within the move budget (test game).",
        min_players=1,
        max_players=1,
        options=(Option("moves", "Moves", "int", 4, minimum=1, maximum=20),),
        new_state=lights_new,
        parse_position=lights_parse,
        evaluate=lambda state, seat: 1 - 2 * state.lit.bit_count() / 9,
        random_setup=True,
    )


# --- Kuhn poker (hidden information) ---------------------------------------------------------

CARDS = "JQK"
KUHN_END = ("pp", "bb", "bp", "pbp", "pbb")


@dataclass(frozen=True)
class KuhnState(GameState):
    """Each seat holds one of J, Q, K; actions ``p`` (pass/fold) and ``b`` (bet/call).

    Both ante one chip; a bet is one more. Rewards map the chip result -2..2 to 0..1.
    A view has the other seat's card as -1 (unknown).
    """

    cards: tuple[int, int] = (0, 1)
    history: str = ""
    players = 2

    @property
    def to_move(self) -> int:
        return len(self.history) % 2

    @cached_property
    def outcome(self) -> Outcome | None:
        h = self.history
        if h not in KUHN_END:
            return None
        if h in ("bp", "pbp"):  # the seat that passed last folded to a bet
            winner = (len(h) - 2) % 2
            stake, reason = 1, "fold"
        else:
            if -1 in self.cards:
                return None  # a view cannot settle a showdown; games reveal cards then
            winner = 0 if self.cards[0] > self.cards[1] else 1
            stake, reason = (2 if "b" in h else 1), "showdown"
        chips = [stake if s == winner else -stake for s in (0, 1)]
        return Outcome(tuple((c + 2) / 4 for c in chips), reason, tuple(chips))

    @property
    def is_over(self) -> bool:
        return self.history in KUHN_END

    def legal_moves(self) -> list[str]:
        return [] if self.history in KUHN_END else ["p", "b"]

    def play(self, move: str) -> KuhnState:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"{move!r} is not legal here")
        return self.play_unchecked(move)

    def play_unchecked(self, move: str) -> KuhnState:
        return KuhnState(self.cards, self.history + move)

    def to_text(self) -> str:
        hand = "".join("?" if c < 0 else CARDS[c] for c in self.cards)
        return f"{hand} {self.history or '-'}"

    def move_to_text(self, move: str) -> str:
        return move

    def parse_move(self, text: str) -> str:
        if text not in ("p", "b"):
            raise NotationError(f"{text!r} is not p or b")
        self.play(text)
        return text

    @property
    def has_hidden_information(self) -> bool:
        return True

    def view_for(self, seat: int) -> KuhnState:
        if self.history in KUHN_END:
            return self
        cards = tuple(c if s == seat else -1 for s, c in enumerate(self.cards))
        return KuhnState(cards, self.history)

    def determinize(self, rng: random.Random) -> KuhnState:
        if -1 not in self.cards:
            return self
        known = [c for c in self.cards if c >= 0]
        pool = [c for c in range(3) if c not in known]
        cards = tuple(c if c >= 0 else pool.pop(rng.randrange(len(pool))) for c in self.cards)
        return KuhnState(cards, self.history)


def kuhn_new(options: dict, seed: int | None) -> KuhnState:
    cards = random.Random(seed).sample(range(3), 2)
    return KuhnState((cards[0], cards[1]))


def kuhn_parse(text: str, options: dict) -> KuhnState:
    try:
        hand, history = text.split()
        cards = tuple(-1 if ch == "?" else CARDS.index(ch) for ch in hand)
        history = "" if history == "-" else history
        assert len(cards) == 2 and set(history) <= {"p", "b"}
    except (ValueError, AssertionError):
        raise NotationError(f"{text!r} is not a Kuhn poker position") from None
    return KuhnState(cards, history)


def kuhn_def() -> GameDef:
    return GameDef(
        id="toy-kuhn",
        title="Toy Kuhn poker",
        description="One card each, one bet (test game with hidden cards).",
        min_players=2,
        max_players=2,
        new_state=kuhn_new,
        parse_position=kuhn_parse,
        random_setup=True,
    )


# --- helpers for tests -----------------------------------------------------------------------


def game_defs() -> list[GameDef]:
    return [tictactoe_def(), nim_def(), lights_def(), kuhn_def()]


def toy_registry():
    """A registry with the toy games and the generic agents, loaded without pluggy."""
    from tafel import AgentRegistrar
    from tafel.ai import generic
    from tafel.registry import Registry

    reg = Registry()
    for game in game_defs():
        reg.add_game("toygames", game)
    generic.register_agents(AgentRegistrar("tafel.ai.generic", reg.add_agent))
    return reg


PLUGIN_SOURCE = '''
"""Toy games for tests, as a plugin a worker process can load."""
from tafel import GameRegistrar, hookimpl
from tests import toygames


@hookimpl
def register_games(register: GameRegistrar) -> None:
    for game in toygames.game_defs():
        register(game)
'''


def write_plugin(folder: Path, name: str = "toyplugin", extra: str = "") -> Path:
    """Write a plugin module registering the toy games (plus ``extra`` source) into ``folder``."""
    path = Path(folder) / f"{name}.py"
    path.write_text(PLUGIN_SOURCE + extra)
    return Path(folder)
