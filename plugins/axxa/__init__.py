"""AxxA (Hajo Buecken, 1989) for Tafel: the solo stacking puzzle, its competitive variant, a solver.

This module only registers; the renderer and the solver are imported when used, so listing
games stays fast.

>>> opts = GAME.resolve_options({"seed": 7})
>>> s = GAME.new_state(opts, None)
>>> s.seed, s.due, len(s.legal_moves()) > 0
(7, 1, True)
>>> GAME.seats(GAME.resolve_options({"mode": "competitive", "players": 3}))
3
>>> GAME.names(GAME.resolve_options({"mode": "competitive", "players": "teams"}))[:2]
['Player 1 (team A)', 'Player 2 (team B)']
"""

from __future__ import annotations

import random

from tafel import (
    AgentDef,
    AgentRegistrar,
    CommandDef,
    CommandRegistrar,
    FinishedGame,
    GameDef,
    GameRegistrar,
    GameState,
    Limit,
    Option,
    Options,
    RecordsTable,
    hookimpl,
    whole_number,
)

from .rules import SOLO_TRIPLETS, AxxaMove, AxxaState, Rules, parse_position

RULES = """\
AxxA is a puzzle of stacks and numbers: 36 pieces, six each of 1 to 6, start shuffled face down \
in 12 stacks of three on the spaces around a 5x5 board. Only the top piece of each stack shows.

Your aim: bring three pieces of the same number onto three spaces that touch one another in a \
chain (side by side or corner to corner: straight, diagonal and bent shapes all count) and remove \
them. Triplets go in order: first three 1s, then three 2s, and so on up to the 6s.

A turn:
- Move one stack exactly as many spaces as its top number, along the lines, with at most one \
right-angle turn. A stack never jumps over or lands on another stack. (A stack showing 5 or 6 in \
the centre cannot move.)
- Then the top piece of the moved stack goes to the bottom, showing the next piece. (Option: you \
may choose whether to turn it.)
- If three pieces of the number due now show in a chain, they are removed. If that uncovers a \
triplet of the next number, it goes too, at no cost: two triplets in one turn is a "good" move, \
three an "outstanding" one. When several triplets are possible, you choose which three to take.
- A turn that removes no triplet of the number due must be paid for: take one face-up piece of \
your choice off the board. That can uncover the piece beneath; a triplet it shows is removed \
after your next move, which then costs nothing.

Pieces you have seen stay known to you after they go to the bottom of a stack; the others stay \
secret, also to the solver, which has to guess like you.

Solo: you win when the 6s are removed. You lose when the number due can no longer be completed \
(fewer than three of it left in play) or when no stack can move.

Competitive (2 to 4 players, or two teams of two): players take turns; each keeps the triplets \
they remove (after the 6s the 1s are due again). In teams, seats 1 and 3 play against seats 2 and \
4, and partners pool their triplets. The game ends when no stack of three pieces is left, or \
earlier when no stack can move or the number due can no longer be completed. Most triplets wins.

Options: straight lines only (triplets must lie in a row, column or diagonal line); rotation as \
a choice; the deal's seed (0 = a new random deal), so a deal can be replayed and shared.

Notation: stack moves c1-c4; turn / keep; take:b2,c2,c3; pay:d3.
"""

OPTIONS = (
    Option(
        "mode",
        "Mode",
        "choice",
        "solo",
        choices=(("solo", "Solo puzzle"), ("competitive", "Competitive")),
        help="Solve the puzzle alone, or compete for triplets with 2 to 4 players",
    ),
    Option(
        "players",
        "Players",
        "choice",
        2,
        choices=(
            (2, "2 players"),
            (3, "3 players"),
            (4, "4 players"),
            ("teams", "2 teams of 2"),
        ),
        help="Seats in the competitive game; 2 teams of 2: seats 1 & 3 against 2 & 4, pooling triplets",
        when=("mode", ("competitive",)),
    ),
    Option(
        "rotation",
        "Rotation",
        "choice",
        "mandatory",
        choices=(("mandatory", "Always turned under"), ("choice", "Player chooses")),
        help="Whether the top piece of a moved stack must go to the bottom",
    ),
    Option(
        "triplets",
        "Triplet shape",
        "choice",
        "chain",
        choices=(("chain", "Any chain"), ("straight", "Straight lines only")),
        help="Any three touching spaces, or only three in a line",
    ),
    Option(
        "seed",
        "Deal",
        "int",
        0,
        minimum=0,
        maximum=2**31 - 1,
        help="Number of the deal (0 = a new random deal)",
    ),
)


def rules_of(options: Options) -> Rules:
    solo = options.get("mode", "solo") == "solo"
    players = options.get("players", 2)
    teams = not solo and players == "teams"
    return Rules(
        players=1 if solo else 4 if teams else int(players),
        rotation_choice=options.get("rotation") == "choice",
        straight=options.get("triplets") == "straight",
        teams=teams,
    )


def new_state(options: Options, seed: int | None = None) -> AxxaState:
    """The deal given by the seed option, else by ``seed``, else a fresh random one."""
    chosen = options.get("seed") or seed
    if chosen is None:
        chosen = random.randrange(1, 1_000_000)
    return AxxaState.deal(int(chosen), rules_of(options))


def seat_count(options: Options) -> int:
    return rules_of(options).players


def seat_names(options: Options) -> list[str]:
    rules = rules_of(options)
    if rules.teams:
        return ["Player 1 (team A)", "Player 2 (team B)", "Player 3 (team A)", "Player 4 (team B)"]
    n = rules.players
    return ["Solo"] if n == 1 else [f"Player {i + 1}" for i in range(n)]


def evaluate(state: GameState, seat: int) -> float:
    """Heuristic value for ``seat`` in [-1, 1] (for the generic agents): progress, or triplet lead."""
    from .solver import heuristic

    assert isinstance(state, AxxaState)
    return heuristic(state, seat)


def features(options: Options) -> frozenset[str]:
    """Undo is part of the solo puzzle (and counted in its records); in the competitive game it
    would let a player look under a stack and take the move back, so it is off there."""
    return frozenset() if options.get("mode", "solo") == "solo" else frozenset({"no-undo"})


def on_finished(game: FinishedGame) -> list[str]:
    """Record a finished solo game a person played; the lines name the records it set."""
    from .records import SoloResult, record_game

    state = game.state
    if not isinstance(state, AxxaState) or not state.rules.solo or not game.human_seats:
        return []
    seed = state.seed if state.seed is not None else game.seed
    if seed is None:
        return ["Not recorded: this game did not start from a numbered deal."]
    result = SoloResult(
        seed=int(seed),
        triplets=state.triplets,
        paid=len(state.paid),
        undos=game.undos,
        match_id=game.match_id,
    )
    news = record_game(result, game.options)
    # "deal 7: fewest undos 0" and the like, one card line per deal and overall.
    grouped: dict[str, list[str]] = {}
    for line in news:
        where, _, what = line.partition(": ")
        grouped.setdefault(where, []).append(what.replace("best result ", ""))
    return [f"New record, {where}: {', '.join(whats)}" for where, whats in grouped.items()]


def records() -> RecordsTable:
    """The solo records for the Records screen: each rule variant's overall line, then its deals."""
    from .records import RecordSheet, variant_label

    sheet = RecordSheet.load()
    rows = []
    for key in sorted(sheet.variants, key=lambda k: (k != "chain/mandatory", k)):
        variant = sheet.variants[key]
        label = variant_label(key)
        if variant.overall.played:
            rows.append(("All deals", label, *variant.overall.cells()))
        ordered = sorted(variant.deals.items(), key=lambda kv: (-kv[1].won, -kv[1].best, kv[0]))
        rows += [(f"Deal {seed}", label, *rec.cells()) for seed, rec in ordered]
    return RecordsTable(
        "solo records",
        (
            ("Deal", 1.0),
            ("Rules", 1.3),
            ("Played", 0.6),
            ("Solved", 0.6),
            ("Best", 0.9),
            ("Fewest paid", 0.8),
            ("Fewest undos", 0.8),
        ),
        tuple(rows),
        note=sheet.problem,
        empty="No solo games finished yet: solve a deal to set the first records.",
    )


GAME = GameDef(
    id="axxa",
    title="AxxA",
    description="Stack puzzle: move stacks to line up triplets 1 to 6, in order. Solo or competitive.",
    min_players=1,
    max_players=4,
    new_state=new_state,
    parse_position=lambda text, options: parse_position(text, rules_of(options)),
    options=OPTIONS,
    rules=RULES,
    version="1",
    view=".view:AxxaView",
    evaluate=evaluate,
    seat_count=seat_count,
    seat_names=seat_names,
    random_setup=True,
    features=features,
    on_finished=on_finished,
    records=records,
)

__all__ = ["GAME", "SOLO_TRIPLETS", "AxxaMove", "AxxaState", "Rules", "rules_of"]


@hookimpl
def register_games(register: GameRegistrar) -> None:
    register(GAME)


def _agent(level: str):
    def factory(game: GameDef):
        from .solver import AxxaSolver

        return AxxaSolver(level)

    return factory


@hookimpl
def register_agents(register: AgentRegistrar) -> None:
    from tafel import LEVEL_TIME

    for level in ("easy", "medium", "hard"):
        register(
            AgentDef(
                level,
                f"AxxA solver, {level}",
                _agent(level),
                games=("axxa",),
                default_limit=Limit(time=LEVEL_TIME[level]),
            )
        )
    register(
        AgentDef(
            "axxa-solver",
            "AxxA solver: samples the face-down pieces and plans each turn (the hint engine)",
            _agent("hard"),
            games=("axxa",),
            default_limit=Limit(time=LEVEL_TIME["hard"]),
        )
    )


def _configure_records(parser) -> None:
    parser.add_argument(
        "--deal", type=whole_number(1, 2**31 - 1), default=None, help="show one deal's records"
    )
    parser.add_argument("--triplets", choices=("chain", "straight"), default="chain")
    parser.add_argument("--rotation", choices=("mandatory", "choice"), default="mandatory")
    parser.add_argument("--limit", type=whole_number(1, 10_000), default=10, help="how many deals to list")


def _run_records(args, registry) -> int:
    from .records import RecordSheet, records_path, variant_key

    sheet = RecordSheet.load()
    variant = variant_key({"triplets": args.triplets, "rotation": args.rotation})
    print(f"AxxA solo records ({variant}) in {records_path()}")
    if args.deal is not None:
        rec = sheet.deal(args.deal, variant)
        best = "solved" if rec.best >= 6 else f"{rec.best} of 6 triplets"
        print(f"deal {args.deal}: {rec.played} played, {rec.won} solved, best {best}")
        if rec.fewest_paid is not None:
            print(f"fewest pieces paid {rec.fewest_paid}, fewest undos {rec.fewest_undos}")
        return 0
    for line in sheet.lines(variant, limit=args.limit):
        print(line)
    return 0


@hookimpl
def register_commands(register: CommandRegistrar) -> None:
    register(CommandDef("axxa-records", "show the AxxA solo records", _configure_records, _run_records))
