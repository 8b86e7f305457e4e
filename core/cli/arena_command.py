"""``python main.py arena``: agents and external engines against each other, with openings, an
SPRT that stops the match early, and the games as PGN.

Agents are registered ones (``hard``, ``mcts``), configured engines (``engine:NAME`` or just
``NAME``, from Settings, Engines) or engine programs (``uai:PATH``; the prefix is the game's
engine protocol). Each move is searched in the AI worker under the arcade's watchdog, or by the
engine's own process (:mod:`tafel.engine_router`). Each game is printed (and with ``--log``
written as a JSON line, with ``--pgn`` as PGN) as it ends, so an interrupted run keeps them.

``--openings FILE``: one start position a line (the game's position text, a FEN where the game writes one; empty
lines and lines starting with ``#`` are skipped); each opening is played twice, A with each
colour. ``--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05``: after each pair of games the running Elo
with its 95% interval and the log-likelihood ratio are printed, and the match stops once the
LLR leaves its bounds (:mod:`tafel.cli.sprt` says which formulas).
"""

from __future__ import annotations

import argparse
import datetime
import json
from typing import TYPE_CHECKING

from tafel.commands import CommandError
from tafel.engines import find_engine, is_engine_agent
from tafel.game import GameDef, GameError, Options
from tafel.numbers import decimal_number, seed_number, whole_number

if TYPE_CHECKING:
    from tafel.registry import Registry

#: Seconds the engines get to quit when the match ends, before their process groups are killed.
ENGINE_CLOSE_WAIT = 3.0


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("game")
    p.add_argument("agent_a", help="an agent (hard, mcts, ...), a configured engine or uai:PATH")
    p.add_argument("agent_b", nargs="?", help="the other seats' agent (one-seat games: leave out)")
    p.add_argument("--games", type=whole_number(1, 100_000), default=10)
    p.add_argument(
        "--movetime",
        type=decimal_number(0.001, 3600, what="seconds"),
        default=None,
        help="seconds per move, 0.001 to 3600 (default: the agents' own)",
    )
    p.add_argument("--seed", type=seed_number(), default=1)
    p.add_argument("--option", "-o", action="append", metavar="K=V")
    p.add_argument("--quiet", "-q", action="store_true", help="print only the summary")
    p.add_argument(
        "--log", metavar="FILE", default=None, help="append each game to FILE as it ends (JSON lines)"
    )
    p.add_argument("--openings", metavar="FILE", default=None, help="start positions, one a line (FEN)")
    p.add_argument(
        "--sprt",
        nargs="+",
        metavar="K=V",
        default=None,
        help="stop early on an SPRT: elo0=0 elo1=10 alpha=0.05 beta=0.05",
    )
    p.add_argument("--pgn", metavar="FILE", default=None, help="append each game to FILE as PGN")


def _agent_name(name: str, game: GameDef, registry: Registry) -> str:
    """A registered agent as it is; a configured engine's bare name as ``engine:NAME``."""
    if is_engine_agent(name):
        if game.engine_protocol is None:
            raise CommandError(f"{game.id} declares no engine protocol: engines cannot play it")
        return name
    try:
        registry.agent(name, game.id)
        return name
    except GameError:
        if game.engine_protocol is not None and find_engine(name) is not None:
            return f"engine:{find_engine(name).name}"
        raise


def _openings(path: str, game: GameDef, options: Options) -> list[str]:
    try:
        with open(path, encoding="utf-8") as f:
            lines = [line.strip() for line in f]
    except OSError as exc:
        raise CommandError(f"cannot read the openings {path}: {exc.strerror or exc}") from None
    openings = [line for line in lines if line and not line.startswith("#")]
    if not openings:
        raise CommandError(f"{path} holds no openings")
    for number, text in enumerate(openings, 1):
        try:
            game.parse_position(text, options)
        except GameError as exc:
            raise CommandError(f"{path}: opening {number} ({text!r}): {exc}") from None
    return openings


def _open(path: str, what: str):
    try:
        return open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise CommandError(f"cannot write the {what} {path}: {exc.strerror or exc}") from None


def run(args: argparse.Namespace, registry: Registry, game: GameDef, options: Options) -> int:
    from tafel.ai.worker import AIWorker
    from tafel.cli.arena import ArenaResult, run_arena
    from tafel.cli.pgn import PgnGame, format_game, result_of
    from tafel.cli.sprt import Sprt
    from tafel.engine_router import EngineRouter
    from tafel.plugins import plugin_code

    with plugin_code(game.plugin, f"game {game.id}"):
        seats = game.seats(options)
        names = game.names(options)
    if args.agent_b is None:
        if seats > 1:
            raise CommandError(f"{game.id} has {seats} seats: name a second agent")
        args.agent_b = args.agent_a  # a solo game: the one agent plays alone
    args.agent_a, args.agent_b = (_agent_name(n, game, registry) for n in (args.agent_a, args.agent_b))
    sprt = None
    if args.sprt is not None:
        if seats != 2:
            raise CommandError("--sprt needs a game of two seats")
        try:
            sprt = Sprt.parse(args.sprt)
        except ValueError as exc:
            raise CommandError(f"--sprt: {exc}") from None
    openings = _openings(args.openings, game, options) if args.openings else []
    log = _open(args.log, "log") if args.log else None
    pgn = _open(args.pgn, "PGN file") if args.pgn else None
    so_far: list[ArenaResult] = []
    today = datetime.date.today().strftime("%Y.%m.%d")

    def progress(line: str) -> None:
        if not args.quiet:
            print(line, flush=True)

    def on_game(record, moves, result) -> None:
        so_far[:] = [result]
        if log is not None:
            entry = {"arena": game.id, "agent_a": args.agent_a, "agent_b": args.agent_b, **record.as_dict()}
            log.write(json.dumps({**entry, "moves": moves}) + "\n")
            log.flush()
        if pgn is not None and seats == 2:
            players = [args.agent_a, args.agent_b] if record.a_seat == 0 else [args.agent_b, args.agent_a]
            rewards = (
                [record.reward, 1 - record.reward]
                if record.a_seat == 0
                else [1 - record.reward, record.reward]
            )
            start = record.start
            if start is None:
                with plugin_code(game.plugin, f"game {game.id}"):
                    start = game.new_state(options, record.seed if game.random_setup else None).to_text()
            tags = {"Event": f"Tafel arena: {game.title}", "Site": "Tafel", "Date": today}
            tags.update(Round=str(record.index + 1), White=players[0], Black=players[1])
            tags.update(Result="*" if record.capped else result_of(rewards), FEN=start, SetUp="1")
            if record.forfeit is not None:
                tags["Termination"] = "time forfeit" if record.forfeit == "hang" else "rules infraction"
            pgn.write(format_game(PgnGame(tags, list(moves), record.reason)) + "\n\n")
            pgn.flush()
        if sprt is not None:
            sprt.add_game(record.reward)
            if record.index % 2 == 1:
                sprt.add_pair(result.rewards[-2], result.rewards[-1])
                progress(sprt.status())

    def stop(result) -> bool:
        return sprt is not None and sprt.verdict is not None

    worker = EngineRouter(AIWorker(registry.spec), registry)
    try:
        result = run_arena(
            registry,
            game.id,
            args.agent_a,
            args.agent_b,
            games=args.games,
            movetime=args.movetime,
            seed=args.seed,
            options=options,
            progress=progress,
            on_game=on_game,
            worker=worker,
            openings=openings,
            stop=stop,
        )
    except BaseException as exc:
        # Ctrl-C or a plugin's bug: the games played so far still count, and are shown.
        if so_far:
            print(f"stopped after {so_far[0].games} of {args.games} games; the games played:", flush=True)
            for line in so_far[0].format(elo=sprt is None):
                print(line, flush=True)
        if isinstance(exc, KeyboardInterrupt):
            return 130
        raise
    finally:
        worker.close_engines(wait=ENGINE_CLOSE_WAIT)  # none outlives the command
        worker.inner.close()
        for f in (log, pgn):
            if f is not None:
                f.close()
    for line in result.format(elo=sprt is None):
        print(line)
    if sprt is not None:
        print(sprt.status())
        print(sprt.verdict_text())
    if openings:
        print(
            f"{len(openings)} opening(s) from {args.openings}, each with both colours; {names[0]} moves first"
        )
    return 0
