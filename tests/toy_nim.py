"""A tiny complete game for plugin-loading tests: Nim, take 1-3 stones, taking the last one wins."""

from __future__ import annotations

from tafel import GameDef, GameState, IllegalMoveError, NotationError, Option, Outcome


class NimState(GameState):
    players = 2

    def __init__(self, pile: int, to_move: int = 0) -> None:
        self.pile = pile
        self.to_move = to_move

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NimState) and (self.pile, self.to_move) == (other.pile, other.to_move)

    def __hash__(self) -> int:
        return hash((self.pile, self.to_move))

    def legal_moves(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.pile]

    def play(self, move: int) -> NimState:
        if move not in self.legal_moves():
            raise IllegalMoveError(f"cannot take {move} from {self.pile}")
        return NimState(self.pile - move, 1 - self.to_move)

    @property
    def outcome(self) -> Outcome | None:
        if self.pile:
            return None
        return Outcome.win(1 - self.to_move, 2, "took the last stone")

    def to_text(self) -> str:
        return f"{self.pile} {self.to_move}"

    def move_to_text(self, move: int) -> str:
        return f"take{move}"

    def parse_move(self, text: str) -> int:
        if not text.startswith("take") or not text[4:].isdigit():
            raise NotationError(f"{text!r} is not a Nim move (take1..take3)")
        move = int(text[4:])
        if move not in self.legal_moves():
            raise IllegalMoveError(f"cannot take {move} from {self.pile}")
        return move


def parse(text: str, options) -> NimState:
    try:
        pile, side = (int(x) for x in text.split())
    except ValueError:
        raise NotationError(f"bad Nim position {text!r}") from None
    if pile < 0 or side not in (0, 1):
        raise NotationError(f"bad Nim position {text!r}")
    return NimState(pile, side)


def nim_def(game_id: str = "nim") -> GameDef:
    return GameDef(
        id=game_id,
        title="Nim",
        description="Take one to three stones; whoever takes the last stone wins.",
        min_players=2,
        max_players=2,
        new_state=lambda options, seed: NimState(options["pile"]),
        parse_position=parse,
        options=(Option("pile", "Stones", "int", 10, minimum=1, maximum=50),),
        rules="Take one to three stones. Whoever takes the last stone wins.",
        evaluate=lambda state, seat: 0.0,
    )
