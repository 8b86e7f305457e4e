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

from tafel.cli.arena import ArenaResult, GameRecord, run_arena
from tafel.cli.files import open_append, read_input, shown_name
from tafel.cli.pgn import PgnGame, format_game, result_of
from tafel.cli.sprt import Sprt
from tafel.commands import CommandError
from tafel.engines import find_engine, is_engine_agent, shorten
from tafel.game import GameDef, GameError, Options
from tafel.numbers import decimal_number, seed_number, whole_number
from tafel.plugins import plugin_code

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
        engine = find_engine(name) if game.engine_protocol is not None else None
        if engine is not None:
            return f"engine:{engine.name}"
        raise


def _openings(path: str, game: GameDef, options: Options) -> list[str]:
    """The openings of ``--openings``: a text file (size, encoding and line length guarded),
    each line a position the game accepts; errors quote a bad line shortened."""
    lines = [line.strip() for line in read_input(path, "openings")]
    openings = [line for line in lines if line and not line.startswith("#")]
    if not openings:
        raise CommandError(f"{shown_name(path)} holds no openings")
    for number, text in enumerate(openings, 1):
        try:
            game.parse_position(text, options)
        except GameError as exc:
            raise CommandError(
                f"{shown_name(path)}: opening {number} ({shorten(text, 60)!r}): {shorten(str(exc))}"
            ) from None
    return openings


def _sprt(args: argparse.Namespace, seats: int) -> Sprt | None:
    if args.sprt is None:
        return None
    if seats != 2:
        raise CommandError("--sprt needs a game of two seats")
    try:
        return Sprt.parse(args.sprt)
    except ValueError as exc:
        raise CommandError(f"--sprt: {exc}") from None


class _Recorder:
    """What happens as each game ends: the log line, the PGN, the SPRT's line; and the result so
    far, shown when the run is stopped."""

    def __init__(self, args: argparse.Namespace, game: GameDef, options: Options, sprt: Sprt | None) -> None:
        self.args, self.game, self.options, self.sprt = args, game, options, sprt
        self.so_far: ArenaResult | None = None
        self.today = datetime.date.today().strftime("%Y.%m.%d")
        self.log = open_append(args.log, "log")
        try:
            self.pgn = open_append(args.pgn, "PGN file")
        except CommandError:
            self.close()
            raise

    def progress(self, line: str) -> None:
        if not self.args.quiet:
            print(line, flush=True)

    def on_game(self, record: GameRecord, moves: list[str], result: ArenaResult) -> None:
        self.so_far = result
        if self.log is not None:
            entry = {"arena": self.game.id, "agent_a": self.args.agent_a, "agent_b": self.args.agent_b}
            self.log.write(json.dumps({**entry, **record.as_dict(), "moves": moves}) + "\n")
        if self.pgn is not None and result.seats == 2:
            self.pgn.write(format_game(self._pgn_game(record, moves)) + "\n\n")
        if self.sprt is not None:
            self.sprt.add_game(record.reward)
            if record.index % 2 == 1:
                self.sprt.add_pair(result.rewards[-2], result.rewards[-1])
                self.progress(self.sprt.status())

    def _pgn_game(self, record: GameRecord, moves: list[str]) -> PgnGame:
        args, game = self.args, self.game
        players = [args.agent_a, args.agent_b] if record.a_seat == 0 else [args.agent_b, args.agent_a]
        rewards = (
            [record.reward, 1 - record.reward] if record.a_seat == 0 else [1 - record.reward, record.reward]
        )
        start = record.start
        if start is None:
            with plugin_code(game.plugin, f"game {game.id}"):
                start = game.new_state(self.options, record.seed if game.random_setup else None).to_text()
        tags = {"Event": f"Tafel arena: {game.title}", "Site": "Tafel", "Date": self.today}
        tags.update(Round=str(record.index + 1), White=players[0], Black=players[1])
        tags.update(Result="*" if record.capped else result_of(rewards), FEN=start, SetUp="1")
        if record.forfeit is not None:
            tags["Termination"] = "time forfeit" if record.forfeit == "hang" else "rules infraction"
        return PgnGame(tags, list(moves), record.reason)

    def stop(self, result: ArenaResult) -> bool:
        return self.sprt is not None and self.sprt.verdict is not None

    def close(self) -> None:
        for f in (self.log, getattr(self, "pgn", None)):
            if f is not None:
                f.close()


def run(args: argparse.Namespace, registry: Registry, game: GameDef, options: Options) -> int:
    """The command, once the game and its options are known (see the module docstring)."""
    with plugin_code(game.plugin, f"game {game.id}"):
        seats = game.seats(options)
        names = game.names(options)
    if args.agent_b is None:
        if seats > 1:
            raise CommandError(f"{game.id} has {seats} seats: name a second agent")
        args.agent_b = args.agent_a  # a solo game: the one agent plays alone
    args.agent_a, args.agent_b = (_agent_name(n, game, registry) for n in (args.agent_a, args.agent_b))
    sprt = _sprt(args, seats)
    openings = _openings(args.openings, game, options) if args.openings else []
    recorder = _Recorder(args, game, options, sprt)
    try:
        result = _play(args, registry, game, options, openings, recorder)
    finally:
        recorder.close()
    if result is None:
        return 130
    for line in result.format(elo=sprt is None):
        print(line)
    if sprt is not None:
        print(sprt.status())
        print(sprt.verdict_text())
    if openings:
        print(
            f"{len(openings)} opening(s) from {shown_name(args.openings)}, each with both colours;"
            f" {names[0]} moves first"
        )
    return 0


def _play(
    args: argparse.Namespace,
    registry: Registry,
    game: GameDef,
    options: Options,
    openings: list[str],
    recorder: _Recorder,
) -> ArenaResult | None:
    """The match (None when Ctrl-C stopped it); the engines are ended before it returns."""
    from tafel.ai.worker import AIWorker
    from tafel.engine_router import EngineRouter

    ai = AIWorker(registry.spec)
    worker = EngineRouter(ai, registry)
    try:
        return run_arena(
            registry,
            game.id,
            args.agent_a,
            args.agent_b,
            games=args.games,
            movetime=args.movetime,
            seed=args.seed,
            options=options,
            progress=recorder.progress,
            on_game=recorder.on_game,
            worker=worker,
            openings=openings,
            stop=recorder.stop,
        )
    except BaseException as exc:
        # Ctrl-C, a full disk or a plugin's bug: the games played so far still count, and are shown.
        if recorder.so_far is not None:
            so_far = recorder.so_far
            print(f"stopped after {so_far.games} of {args.games} games; the games played:", flush=True)
            for line in so_far.format(elo=recorder.sprt is None):
                print(line, flush=True)
        if isinstance(exc, KeyboardInterrupt):
            return None
        raise
    finally:
        worker.close_engines(wait=ENGINE_CLOSE_WAIT)  # none outlives the command
        ai.close()
