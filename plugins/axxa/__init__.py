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
from importlib.resources import files

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

from .notation import parse_position
from .rules import SOLO_TRIPLETS, AxxaMove, AxxaState, Rules
from .texts import N_, SEATS, _
from .tutorial import TUTORIAL

RULES = files(__package__).joinpath("RULES.md").read_text(encoding="utf-8")
#: The rules in German (a translation of RULES.md: the same diagrams and notation).
RULES_DE = files(__package__).joinpath("RULES.de.md").read_text(encoding="utf-8")

#: The seats of the team game, translated where they are shown (``GameDef.shown_names``).
TEAM_SEATS = (
    N_("Player 1 (team A)"),
    N_("Player 2 (team B)"),
    N_("Player 3 (team A)"),
    N_("Player 4 (team B)"),
)

OPTIONS = (
    Option(
        "mode",
        N_("Mode"),
        "choice",
        "solo",
        choices=(("solo", N_("Solo puzzle")), ("competitive", N_("Competitive"))),
        help=N_("Solve the puzzle alone, or compete for triplets with 2 to 4 players"),
    ),
    Option(
        "players",
        N_("Players"),
        "choice",
        2,
        choices=(
            (2, N_("2 players")),
            (3, N_("3 players")),
            (4, N_("4 players")),
            ("teams", N_("2 teams of 2")),
        ),
        help=N_("Seats in the competitive game; 2 teams of 2: seats 1 & 3 against 2 & 4, pooling triplets"),
        when=("mode", ("competitive",)),
    ),
    Option(
        "rotation",
        N_("Rotation"),
        "choice",
        "mandatory",
        choices=(("mandatory", N_("Always turned under")), ("choice", N_("Player chooses"))),
        help=N_("Whether the top piece of a moved stack must go to the bottom"),
    ),
    Option(
        "triplets",
        N_("Triplet shape"),
        "choice",
        "chain",
        choices=(("chain", N_("Any chain")), ("straight", N_("Straight lines only"))),
        help=N_("Any three touching spaces, or only three in a line"),
    ),
    Option(
        "seed",
        N_("Deal"),
        "int",
        0,
        minimum=0,
        maximum=2**31 - 1,
        help=N_("Number of the deal (0 = a new random deal)"),
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
        return list(TEAM_SEATS)
    n = rules.players
    return [N_("Solo")] if n == 1 else list(SEATS[:n])


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
    from .puzzle import known, records_variant
    from .records import SoloResult, record_game

    state = game.state
    if not isinstance(state, AxxaState) or not state.rules.solo or not game.human_seats:
        return []
    seed = state.seed if state.seed is not None else game.seed
    if seed is None:
        return [_("Not recorded: this game did not start from a numbered deal.")]
    rated = known(game.options, int(seed))
    result = SoloResult(
        seed=int(seed),
        triplets=state.triplets,
        paid=len(state.paid),
        undos=game.undos,
        match_id=game.match_id,
        difficulty=rated[0] if rated is not None else "",
    )
    news = record_game(result, game.options, variant=records_variant(game.options, int(seed)))
    # "deal 7: fewest undos 0" and the like, one card line per deal and overall.
    best = _("best result {result}").partition("{result}")[0]
    grouped: dict[str, list[str]] = {}
    for line in news:
        where, _sep, what = line.partition(": ")
        grouped.setdefault(where, []).append(what.removeprefix(best))
    return [
        _("New record, {where}: {what}").format(where=where, what=", ".join(whats))
        for where, whats in grouped.items()
    ]


def solo_records() -> RecordsTable:
    """The solo records for the Records screen: each rule variant's overall line, then its deals
    (the daily deals apart, newest first), each with its difficulty when known; above them the
    streaks and the win rates by difficulty."""
    from .puzzle import deal_name, known
    from .records import RecordSheet, variant_label

    sheet = RecordSheet.load()
    rows = []
    for key in sorted(sheet.variants, key=lambda k: (k != "chain/mandatory", k.startswith("daily/"), k)):
        variant = sheet.variants[key]
        label = variant_label(key)
        daily = key.startswith("daily/")
        shape, _sep, rotation = key.removeprefix("daily/").partition("/")
        rules = {"triplets": shape, "rotation": rotation}
        if variant.overall.played:
            rows.append(
                (_("All daily deals") if daily else _("All deals"), label, "", *variant.overall.cells())
            )
        if daily:
            ordered = sorted(variant.deals.items(), key=lambda kv: -kv[0])
        else:
            ordered = sorted(variant.deals.items(), key=lambda kv: (-kv[1].won, -kv[1].best, kv[0]))
        for seed, rec in ordered:
            rated = known(rules, seed)
            rows.append((deal_name(seed), label, _(rated[0]) if rated else "–", *rec.cells()))
    return RecordsTable(
        N_("solo records"),
        (
            (_("Deal"), 1.6),
            (_("Rules"), 1.1),
            (_("Difficulty"), 0.9),
            (_("Played"), 0.6),
            (_("Solved"), 0.6),
            (_("Best"), 0.7),
            (_("Fewest paid"), 0.9),
            (_("Fewest undos"), 0.8),
        ),
        tuple(rows),
        note=sheet.problem,
        empty=_("No solo games finished yet: solve a deal to set the first records."),
        summary=tuple(sheet.solo.lines()) if any(v.overall.played for v in sheet.variants.values()) else (),
    )


def _difficulty(options: Options, seed: int) -> tuple[str, float] | None:
    """A solo deal's difficulty (:func:`tafel.games.axxa.puzzle.difficulty`)."""
    from .puzzle import difficulty

    return difficulty(options, seed)


class AxxaGame(GameDef):
    """AxxA's GameDef: its words translate as any game's, and a hint's reason too, which the AI's
    process writes in English with the numbers in it (:func:`tafel.games.axxa.teach.translate_reason`)."""

    def translate(self, text: str) -> str:
        shown = super().translate(text)
        if shown != text or not text:
            return shown
        from .teach import translate_reason

        return translate_reason(text)


GAME = AxxaGame(
    id="axxa",
    title="AxxA",
    description=N_("Stack puzzle: move stacks to line up triplets 1 to 6, in order. Solo or competitive."),
    min_players=1,
    max_players=4,
    new_state=new_state,
    parse_position=lambda text, options: parse_position(text, rules_of(options)),
    options=OPTIONS,
    rules=RULES,
    translated_rules={"de": RULES_DE},
    version="1",
    view=".view:AxxaView",
    evaluate=evaluate,
    seat_count=seat_count,
    seat_names=seat_names,
    palette="four",
    random_setup=True,
    features=features,
    difficulty=_difficulty,
    on_finished=on_finished,
    records=solo_records,
    tutorial=TUTORIAL,
)

__all__ = ["GAME", "SOLO_TRIPLETS", "AxxaGame", "AxxaMove", "AxxaState", "Rules", "rules_of"]


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
            "AxxA solver: plays its best moves out on deals drawn from what it sees (the hint engine)",
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
    print(_("AxxA solo records ({variant}) in {path}").format(variant=variant, path=records_path()))
    if args.deal is not None:
        rec = sheet.deal(args.deal, variant)
        best = _("solved") if rec.best >= 6 else _("{n} of 6 triplets").format(n=rec.best)
        print(
            _("deal {seed}: {played} played, {won} solved, best {best}").format(
                seed=args.deal, played=rec.played, won=rec.won, best=best
            )
        )
        if rec.fewest_paid is not None:
            print(
                _("fewest pieces paid {paid}, fewest undos {undos}").format(
                    paid=rec.fewest_paid, undos=rec.fewest_undos
                )
            )
        return 0
    for line in sheet.lines(variant, limit=args.limit):
        print(line)
    return 0


@hookimpl
def register_commands(register: CommandRegistrar) -> None:
    register(CommandDef("axxa-records", "show the AxxA solo records", _configure_records, _run_records))
