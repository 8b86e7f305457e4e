"""The command line: ``python main.py [--windowed] [--size WxH] [COMMAND ...]``.

With no command the arcade opens. Every user-facing action is also a command here, so rules
and AI can be checked without a screen. Plugins add commands through ``register_commands``.

Bad input (unknown game, bad position, illegal move, bad option) prints one line starting
with ``error:`` to stderr and exits with code 2. A bug in a plugin's code (a game's rules
during ``show``, ``perft`` or ``arena``, a plugin's command) prints one ``error:`` line naming
the plugin and exits with code 1. Output that cannot be written (a full disk, a closed pipe)
ends the command with one ``error:`` line (on stderr, if it can still take it) and exit code
74, never blaming a plugin for it (:mod:`tafel.cli.output`). ``error:`` is the same in every
language, the message after it is translated; a terminal that cannot show a character gets a
readable stand-in (``ä`` as ``ae``).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tafel import i18n
from tafel.commands import CommandError
from tafel.game import GameDef, GameError, GameState, Options
from tafel.i18n import _
from tafel.numbers import parse_whole, seed_number, whole_number
from tafel.plugins import PluginFailure
from tafel.registry import Registry

if TYPE_CHECKING:
    from tafel.match import Match

EXIT_BAD_INPUT = 2
#: A plugin's code failed (a bug in a game's rules, a plugin command that raised).
EXIT_PLUGIN_FAILED = 1
#: Writing the output failed: a full disk, a closed pipe or terminal (sysexits' EX_IOERR).
EXIT_OUTPUT_FAILED = 74
#: What every error line starts with, in every language: scripts look for it.
ERROR_PREFIX = "error: "


#: The longest error message printed whole; a longer one (it quotes a 100 KB argument) keeps its
#: start and its end, which names what was expected.
MAX_ERROR = 400


def error_line(message: object) -> str:
    """One error line: the machine-readable ``error:`` (never translated), then the message
    (translated where it was made) on one line, at most :data:`MAX_ERROR` characters.

    >>> error_line("unknown game 'x'")
    "error: unknown game 'x'"
    >>> line = error_line("bad position '" + "x" * 5000 + "' (like x5o/7/7/7/7/7/o5x x 0 1)")
    >>> len(line) < 450, line.endswith("x' (like x5o/7/7/7/7/7/o5x x 0 1)"), "(5,046 characters)" in line
    (True, True, True)
    """
    text = " ".join(str(message).split())
    if len(text) > MAX_ERROR:
        cut = f" ... ({len(text):,} characters) ... "
        text = text[: MAX_ERROR // 2] + cut + text[-(MAX_ERROR // 2 - len(cut)) :]
    return ERROR_PREFIX + text


#: Bad command-line input; the message is printed as one line (plugin commands raise it too).
CliError = CommandError


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments (a bad number, a missing game) give one ``error:`` line and exit code 2,
    like every other bad input; subcommands' parsers, plugins' included, are of this class."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, error_line(" ".join(message.split())) + "\n")


def parse_position_text(text: str) -> str:
    """``--position``: a position in the game's notation, never empty (leave it out instead)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty (leave --position out for the usual start)")
    return text


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        size = parse_whole(w), parse_whole(h)
    except (ValueError, argparse.ArgumentTypeError):
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None
    if min(size) < 200 or max(size) > 16384:
        raise argparse.ArgumentTypeError(f"size {text} is out of range (200..16384 per side)")
    return size


def parse_players(
    spec: str | Sequence[str], game: GameDef, options: Options, registry: Registry
) -> list[str]:
    """Seat list from ``human ai:hard`` (separate words) or ``human,ai:hard`` (commas), or both
    mixed: 'human' or an agent name per seat."""
    seats = game.seats(options)
    words = [spec] if isinstance(spec, str) else list(spec)
    entries = [e.strip() for word in words for e in word.split(",") if e.strip()]
    if len(entries) != seats:
        raise CliError(
            f"--players needs {seats} entries for {game.id} with these options, got {len(entries)}"
        )
    out = []
    for entry in entries:
        if entry == "human":
            out.append("human")
            continue
        if entry.startswith("ai:"):
            name = entry[3:]
        elif entry.startswith("agent:"):
            name = entry[6:]
        else:
            raise CliError(f"player {entry!r} must be human, ai:LEVEL or agent:NAME")
        registry.agent(name, game.id)  # raises UnknownAgentError with the known names
        out.append(name)
    return out


def build_state(
    game: GameDef, options: Options, position: str | None, moves: Sequence[str], seed: int | None
) -> tuple[GameState, list[str]]:
    """The state after ``moves`` from ``position`` (or the start); raises GameError on bad input."""
    state = game.parse_position(position, options) if position else game.new_state(options, seed)
    played = []
    for text in moves:
        for part in text.split():
            move = state.parse_move(part)
            played.append(state.move_to_text(move))
            state = state.play(move)
    return state, played


def outcome_text(state: GameState, names: Sequence[str]) -> str:
    outcome = state.outcome
    if outcome is None:
        return _("ongoing")
    if outcome.winners and len(outcome.rewards) > 1:
        who = _(" and ").join(names[w] for w in outcome.winners)
        result = _("{who} wins").format(who=who)
    elif len(outcome.rewards) == 1:
        result = _("won") if outcome.winners else _("lost")
    else:
        result = _("draw")
    scores = ""
    if outcome.scores is not None:
        scores = (
            " ("
            + ", ".join(f"{names[i]} {i18n.format_number(s)}" for i, s in enumerate(outcome.scores))
            + ")"
        )
    return f"{result}: {outcome.reason}{scores}"


# --- commands -----------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace, registry: Registry) -> int:
    for game in sorted(registry.games.values(), key=lambda g: g.id):
        players, plugin = _("players"), _("plugin")
        title = game.translate(game.title)
        print(f"{game.id:<16} {title:<22} {players} {game.players_label:<5} {plugin} {game.plugin}")
        if game.description:
            print(f"{'':<16} {game.translate(game.description)}")
    broken_word = _("BROKEN")
    for broken in registry.broken:
        print(f"{broken.name:<16} {broken_word}: {broken.error}")
    return 0


def _game_and_options(args: argparse.Namespace, registry: Registry) -> tuple[GameDef, Options]:
    game = registry.game(args.game)
    return game, game.parse_options(args.option or [])


def _setup_seed(args: argparse.Namespace, game: GameDef, options: Options) -> int | None:
    """The seed of a random setup: ``--seed``, else the game's own ``seed`` option, else a fresh
    one, printed so the same setup can be asked for again."""
    if not game.random_setup or args.position:
        return args.seed
    seed = args.seed if args.seed is not None else options.get("seed")
    if not seed:
        seed = random.randrange(1, 1_000_000)
        print(_("seed: {seed} (the same setup again: --seed {seed})").format(seed=seed))
        if isinstance(options.get("seed"), int):
            options["seed"] = seed  # the game's own option names the deal too
    return seed


def cmd_show(args: argparse.Namespace, registry: Registry) -> int:
    game, options = _game_and_options(args, registry)
    seed = _setup_seed(args, game, options)
    state, _played = build_state(game, options, args.position, args.moves or [], seed)
    names = game.shown_names(options)  # in the language of the labels ("am Zug: Blau")
    view = state.view_for(state.to_move) if state.has_hidden_information else state
    # The labels follow the language; positions and moves are the same in every language.
    print(_("position:"), view.to_text())
    print(_("to-move:"), names[state.to_move] if state.outcome is None else "-")
    print(_("legal:") + " " + " ".join(view.move_to_text(m) for m in view.legal_moves()))
    print(_("outcome:"), outcome_text(state, names))
    return 0


def cmd_perft(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.perft import perft as generic_perft

    game, options = _game_and_options(args, registry)
    if args.depth < 1:
        raise CliError("perft depth must be at least 1")
    state, _played = build_state(game, options, args.position, [], _setup_seed(args, game, options))
    counter = game.perft or generic_perft
    total = 0
    start = time.perf_counter()
    for depth in range(1, args.depth + 1):
        nodes = counter(state, depth)
        total += nodes
        print(f"depth {depth} nodes {nodes}", flush=True)
    elapsed = time.perf_counter() - start
    print(f"time {elapsed:.3f} s, {total / max(elapsed, 1e-9):,.0f} nodes/s")
    return 0


def cmd_arena(args: argparse.Namespace, registry: Registry) -> int:
    """Agents and engines against each other (:mod:`tafel.cli.arena_command`)."""
    from tafel.cli import arena_command

    return arena_command.run(args, registry, *_game_and_options(args, registry))


def cmd_saves(args: argparse.Namespace, registry: Registry) -> int:
    """List saved and autosaved games (``--history``: finished games)."""
    from tafel import saves

    problems: list[str] = []
    items = saves.list_history(problems) if args.history else saves.list_saves(problems)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    if not items:
        print(_("no finished games yet") if args.history else _("no saved games"))
        return 0
    rows = [("NAME", "GAME", "MOVES", "PLAYERS", "DATE")]
    for item in items:
        title = registry.games[item.game_id].title if item.game_id in registry.games else item.title
        rows.append((item.label, title, str(item.moves), item.opponents, item.date_text))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    for r in rows:
        print(
            "  ".join(c.ljust(widths[i]) if i != 2 else c.rjust(widths[i]) for i, c in enumerate(r)).rstrip()
        )
    return 0


def cmd_play(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.ui.app import StartRequest, run

    start: Match | StartRequest | None = None
    if getattr(args, "resume", None) is not None:
        from tafel import saves

        if args.game:
            raise CliError("give either a game or --resume, not both")
        name = None if args.resume == "" else args.resume
        start = saves.load(saves.find(name).path, registry)  # SaveError is a GameError: one line
    elif args.game:
        game, options = _game_and_options(args, registry)
        seats = game.seats(options)
        spec = args.players or ["human"] * seats
        players = parse_players(spec, game, options, registry)
        seed = args.seed
        # Check the position and moves now, so bad input fails here with one line, not on screen.
        build_state(game, options, args.position, args.moves or [], seed)
        start = StartRequest(
            game_id=game.id,
            options=options,
            players=players,
            seed=seed,
            position=args.position,
            moves=list(args.moves or []),
        )
    return run(
        registry, windowed=args.windowed, size=args.size, start=start, language=getattr(args, "lang", None)
    )


def cmd_render(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.cli import render

    game, options = _game_and_options(args, registry)
    return render.run(args, game, options, _setup_seed(args, game, options))


def cmd_review(args: argparse.Namespace, registry: Registry) -> int:
    from tafel.cli import review

    game, options = _game_and_options(args, registry)
    return review.run(args, registry, game, options, _setup_seed(args, game, options))


# --- parser -------------------------------------------------------------------------------


def _add_game_args(p: argparse.ArgumentParser, position: bool = True, moves: bool = True) -> None:
    p.add_argument("game", help="game id (see `list`)")
    p.add_argument("--option", "-o", action="append", metavar="K=V", help="game option, repeatable")
    p.add_argument("--seed", type=seed_number(), default=None, help="seed for games with a random setup")
    if position:
        p.add_argument(
            "--position",
            "-p",
            type=parse_position_text,
            default=None,
            help="start from this position (game notation)",
        )
    if moves:
        p.add_argument("--moves", "-m", nargs="*", default=[], help="moves to play first, in notation")


def build_parser(registry: Registry) -> argparse.ArgumentParser:
    # The name a person typed: the installed script's, or the repository's main.py.
    prog = "tafel" if Path(sys.argv[0]).name == "tafel" else "python main.py"
    parser = OneLineParser(prog=prog, description="Tafel, a board-game arcade.")
    parser.add_argument("--windowed", action="store_true", help="start in a window instead of full screen")
    parser.add_argument("--size", type=parse_size, default=None, metavar="WxH", help="window size")
    parser.add_argument(
        "--lang",
        choices=i18n.CODES,
        default=None,
        help="language of the screens and messages (default: TAFEL_LANG, the setting, the system)",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_game_commands(sub)
    _add_play_command(sub)
    _add_document_commands(sub)
    _add_online_commands(sub)
    _add_puzzle_commands(sub)
    for command in registry.commands.values():
        p = sub.add_parser(command.name, help=command.help)
        command.configure(p)
        p.set_defaults(func=command.run)
    return parser


def _add_game_commands(sub) -> None:
    """``list``, ``show``, ``perft``, ``arena``, ``saves``: the games and their rules as text."""
    p = sub.add_parser("list", help="list the games found, and broken plugins")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("show", help="print a position, its legal moves and outcome")
    _add_game_args(p)
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("perft", help="count move paths to a depth")
    _add_game_args(p, moves=False)
    p.add_argument("depth", type=whole_number(1, 64))
    p.set_defaults(func=cmd_perft)

    from tafel.cli import arena_command

    p = sub.add_parser("arena", help="play AI agents and engines against each other")
    arena_command.configure(p)
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("saves", help="list saved and autosaved games (or --history: finished games)")
    p.add_argument("--history", action="store_true", help="list finished games instead")
    p.set_defaults(func=cmd_saves)


def _add_play_command(sub) -> None:
    p = sub.add_parser("play", help="open the arcade, or go straight into a game")
    p.add_argument("game", nargs="?")
    p.add_argument("--option", "-o", action="append", metavar="K=V")
    p.add_argument(
        "--players",
        nargs="+",
        default=None,
        metavar="SEAT",
        help="one entry per seat, as separate words or comma-separated: human, ai:easy|medium|hard"
        " or agent:NAME (e.g. --players human ai:hard)",
    )
    p.add_argument("--seed", type=seed_number(), default=None)
    p.add_argument("--position", "-p", type=parse_position_text, default=None)
    p.add_argument("--moves", "-m", nargs="*", default=[])
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="NAME",
        help="resume a saved game (default: the latest autosave; see `saves`)",
    )
    p.set_defaults(func=cmd_play)


def _add_document_commands(sub) -> None:
    """``render``, ``rules``, ``tutorial``, ``review``: pictures and texts of a game."""
    from tafel.cli import render, review, rules, tutorial

    p = sub.add_parser("render", help="draw a position with the game's own board as a PNG")
    _add_game_args(p)
    render.configure(p)
    p.set_defaults(func=cmd_render)

    p = sub.add_parser("rules", help="print a game's rules (--render DIR: its diagrams as PNGs)")
    rules.configure(p)
    p.set_defaults(func=rules.run)

    p = sub.add_parser("tutorial", help="print a game's guided first game, step by step")
    tutorial.configure(p)
    p.set_defaults(func=tutorial.run)

    p = sub.add_parser("review", help="value each position of a game with the hard AI, as a table")
    _add_game_args(p)
    review.configure(p)
    p.set_defaults(func=cmd_review)


def _add_online_commands(sub) -> None:
    """``host``, ``join``: a game with someone elsewhere (:mod:`tafel.cli.online`)."""
    from tafel.cli import online

    p = sub.add_parser("host", help="host a game for someone elsewhere: prints the room code")
    online.configure_host(p)
    p.set_defaults(func=online.run_host)

    p = sub.add_parser("join", help="join a room by its code (a spectator code watches)")
    online.configure_join(p)
    p.set_defaults(func=online.run_join)


def _add_puzzle_commands(sub) -> None:
    """``puzzles``, ``puzzle``: positions with one winning move (:mod:`tafel.cli.puzzles`)."""
    from tafel.cli import puzzles

    p = sub.add_parser("puzzles", help="make (mine) or list a game's puzzles")
    puzzles.configure_puzzles(p)
    p = sub.add_parser("puzzle", help="show a puzzle, or check an answer (exit 1 when wrong)")
    puzzles.configure_puzzle(p)


def _plugin_guard(args: argparse.Namespace, registry: Registry) -> contextlib.AbstractContextManager:
    """Whose code the command runs: ``show`` and ``perft`` the game's plugin's, a plugin command
    its plugin's (``arena`` guards the game's code itself). Its failures name that plugin."""
    from tafel.plugins import DEFAULT_PLUGINS, plugin_code

    if args.command in ("show", "perft", "render", "rules", "review", "tutorial"):
        game = registry.games.get(getattr(args, "game", None) or "")
        if game is not None:
            return plugin_code(game.plugin, f"game {game.id}")
    command = registry.commands.get(args.command or "")
    if command is not None and command.plugin not in DEFAULT_PLUGINS:
        return plugin_code(command.plugin, f"command {command.name}")
    return contextlib.nullcontext()


def _lang_flag(argv: Sequence[str]) -> str | None:
    """The value of the last ``--lang X`` or ``--lang=X`` (argparse keeps the last too; no
    command has a ``--lang`` of its own), up to a ``--``.

    >>> _lang_flag(["--lang", "de", "--lang=en", "show", "GAME"]), _lang_flag(["list"])
    ('en', None)
    """
    value = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command line (default: the process's arguments); returns the exit code: 0 done, 1 a
    check failed, 2 bad input (one ``error:`` line on stderr), 74 output that could not be written
    (see the module docstring)."""
    from tafel.cli.output import OutputError, guarded_streams, output_failed

    argv = list(sys.argv[1:] if argv is None else argv)
    with guarded_streams():
        try:
            code = _run(argv)
            for stream in (sys.stdout, sys.stderr):
                if stream is not None:
                    stream.flush()  # a full disk shows here, not at the interpreter's exit
            return code
        except OutputError as exc:
            return output_failed(exc, EXIT_OUTPUT_FAILED)


def _say_error(message: object) -> None:
    """The ``error:`` line on stderr (a stderr that cannot take it is an output failure)."""
    print(error_line(message), file=sys.stderr)


def _run(argv: list[str]) -> int:
    from tafel.cli.output import OutputError, foreign_failure, require_stdout, stream_failure
    from tafel.plugins import load_registry

    # The language first, so that even a bad argument's error speaks it.
    i18n.set_language(i18n.choose_language(_lang_flag(argv)))
    registry = load_registry()
    parser = build_parser(registry)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, or bad arguments: one error: line (OneLineParser)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else EXIT_BAD_INPUT)
    if args.command is None:
        args.game = None
        args.func = cmd_play
    elif args.command != "play":
        require_stdout()
    # Global options may also be given after `play`.
    for name in ("windowed", "size"):
        if not hasattr(args, name):
            setattr(args, name, None)
    try:
        with _plugin_guard(args, registry):
            return int(args.func(args, registry) or 0)
    except OutputError:
        raise
    except (GameError, CliError) as exc:
        _say_error(exc)
        return EXIT_BAD_INPUT
    except PluginFailure as exc:  # a plugin's bug: one line naming it, no traceback
        failed_stream = stream_failure(exc)
        if failed_stream is not None:  # it was the disk or the pipe, not the plugin
            raise OutputError(failed_stream) from None
        _say_error(exc)
        return EXIT_PLUGIN_FAILED
    except KeyboardInterrupt:
        return 130
    except (SystemExit, Exception) as exc:
        failure = foreign_failure(exc, f"command {args.command or 'play'}")  # raises the core's own bugs
        _say_error(failure)
        return EXIT_PLUGIN_FAILED
