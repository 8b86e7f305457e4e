#!/usr/bin/env python3
"""The generic alpha-beta against its former self (issue 40, item 8): a match at a fixed time a move.

Both agents play each of ``--games / 2`` openings once with each colour. The openings are the
game's start after four random plies (seeded, so every run plays the same ones). ``alphabeta``
is today's generic search (:mod:`tafel.ai.alphabeta`); ``generic-former`` the one before
issue 40 (bench/_generic_former.py, from bench/plugins/generic_bench_agents.py). The games are
Hexxagon (examples/tafel-hexxagon) and the game ``new-game`` writes (``--template``: written to a
temporary folder first), or any installed game. The arena prints each game and its summary; the
script then the game pairs' Elo with its 95% interval (pentanomial, as fastchess and
``arena --sprt`` report it). ``--sprt elo0=.. elo1=..`` stops early; ``--log`` keeps the games.

    nice -n 10 python bench/generic_match.py hexxagon --games 200 --movetime 0.3
    nice -n 10 python bench/generic_match.py --template --games 200 --movetime 0.3 -o size=7
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TEMPLATE_ID = "bench-template"


def openings(game_id: str, count: int, options: list[str], plies: int = 4, seed: int = 40) -> list[str]:
    """``count`` distinct unfinished positions ``plies`` random moves from the start."""
    from tafel.testing import load_registry

    game = load_registry().game(game_id)
    resolved = game.parse_options(options) if options else game.resolve_options({})
    rng, found = random.Random(seed), []
    for _attempt in range(count * 50):
        state = game.new_state(resolved, None)
        for _ in range(plies):
            state = state.play(rng.choice(state.legal_moves()))
            if state.outcome is not None:
                break
        text = state.to_text()
        if state.outcome is None and text not in found:
            found.append(text)
        if len(found) == count:
            break
    return found


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", default="hexxagon")
    p.add_argument("--template", action="store_true", help="the game new-game writes")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--movetime", type=float, default=0.3)
    p.add_argument("--option", "-o", action="append", default=[])
    p.add_argument("--agents", nargs=2, default=("alphabeta", "generic-former"))
    p.add_argument("--plies", type=int, default=4, help="random plies from the start to each opening")
    p.add_argument("--sprt", nargs="+", metavar="K=V", help="stop early: passed on to arena --sprt")
    p.add_argument("--log", help="append each game to this file (JSON lines): passed on to arena --log")
    p.add_argument("--summary", metavar="LOG", help="only print the pairs' Elo of an earlier --log")
    args = p.parse_args(argv)
    if args.summary:
        print(pair_summary(Path(args.summary)))
        return 0
    work = Path(tempfile.mkdtemp(prefix="generic-match-"))
    dirs = [str(ROOT / "bench" / "plugins"), str(ROOT / "examples" / "tafel-hexxagon")]
    game_id = args.game
    if args.template:
        from tafel.cli.scaffold import write_plugin

        write_plugin(TEMPLATE_ID, work / "plugins" / TEMPLATE_ID.replace("-", "_"), project=False)
        dirs.append(str(work / "plugins"))
        game_id = TEMPLATE_ID
    os.environ["TAFEL_PLUGIN_DIRS"] = os.pathsep.join(dirs)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    book = work / "openings.txt"
    book.write_text(
        "\n".join(openings(game_id, max(1, args.games // 2), args.option, args.plies)) + "\n",
        encoding="utf-8",
    )
    command = [sys.executable, str(ROOT / "main.py"), "arena", game_id, *args.agents]
    command += ["--games", str(args.games), "--movetime", str(args.movetime), "--openings", str(book)]
    for option in args.option:
        command += ["--option", option]
    if args.sprt:
        command += ["--sprt", *args.sprt]
    log = Path(args.log) if args.log else work / "games.jsonl"
    command += ["--log", str(log)]
    print(" ".join(command), flush=True)
    code = subprocess.call(command)
    if log.exists():
        print(pair_summary(log))
    return code


def pair_summary(log: Path) -> str:
    """W-D-L, the game pairs (each opening with both colours) as pentanomial counts, and the
    Elo with its 95% interval from the pairs (:mod:`tafel.cli.sprt`, fastchess's figure) of the
    games in an arena ``--log``; also ``python bench/generic_match.py --summary LOG``."""
    from tafel.cli.sprt import Sprt

    games = sorted((json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()), key=_number)
    test, pairs = Sprt(elo0=0, elo1=100), [0] * 5
    for first, second in zip(games[::2], games[1::2], strict=False):
        test.add_pair(first["reward"], second["reward"])
        pairs[round((first["reward"] + second["reward"]) * 2)] += 1
    rewards = [g["reward"] for g in games]
    wins, draws = rewards.count(1.0), rewards.count(0.5)
    elo, low, high = test.elo()
    return (
        f"{games[0]['agent_a']} vs {games[0]['agent_b']}: {len(games)} games, W{wins} D{draws} "
        f"L{len(games) - wins - draws}, pairs (0, 1/4, 1/2, 3/4, 1) {pairs}, "
        f"Elo {elo:+.0f} [{low:+.0f}, {high:+.0f}] (95%, pentanomial)"
    )


def _number(game: dict) -> int:
    return int(game["game"])


if __name__ == "__main__":
    sys.exit(main())
