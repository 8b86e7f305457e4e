#!/usr/bin/env python3
"""A long Ataxx match in parts: both colours of each opening, on every core, resumed where it stopped.

A 400-game match at 1 s a move takes about 8 hours of this machine, longer than any one sitting.
``run`` plays the openings of ``--first`` to ``--first + --count`` of an opening file (both
colours each, with ``python main.py arena``), split into ``--jobs`` runs side by side, each
writing its games to a JSON-lines log in the match's folder as they end. Run again, it plays only
the openings the logs do not hold both games of. ``sum`` reads every log of the folder and prints
the result: games, W-D-L, forfeits, and the Elo with its 95% interval and the SPRT's LLR from
the game pairs (pentanomial), as ``arena --sprt`` does. A pair is the two games of one opening
played one after the other by one run; a game whose twin a stop cut off is counted in W-D-L only.

    python bench/ataxx_match.py run bench/matches/ataxx-hard-vs-former-1s hard former \\
        --movetime 1.0 --first 19 --count 181 --jobs 2
    python bench/ataxx_match.py sum bench/matches/ataxx-hard-vs-former-1s

``compare`` sets two matches against one another on the openings both have a pair of: A's score
of the two games of each opening in either match, the mean difference with its 95% interval. Two
versions of an engine, each matched against the same opponent, are compared opening by opening,
which takes out most of the openings' own spread.

    python bench/ataxx_match.py compare bench/matches/ataxx-hard4-vs-former-1s \\
        bench/matches/ataxx-hard5-vs-former-1s

The agents are any ``arena`` agents; the bench's own (``former``, ``hard-no-FEATURE``, ...) come
from ``bench/plugins`` (``TAFEL_PLUGIN_DIRS`` is set for the runs).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tafel.cli.sprt import Sprt  # noqa: E402

OPENINGS = ROOT / "bench" / "ataxx_openings.txt"


def read_openings(path: Path) -> list[str]:
    """The opening file's positions, one a line (blank lines and ``#`` comments left out)."""
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def read_games(folder: Path) -> list[dict]:
    """Every game of the folder's logs (a line cut short by a stop is left out)."""
    games = []
    for log in sorted(folder.glob("*.jsonl")):
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                games.append(json.loads(line))
            except ValueError:
                continue
    return games


def pairs_of(games: list[dict]) -> list[tuple[dict, dict]]:
    """The game pairs: an opening's game with A on the first seat and the next game of the same
    run, from the same start with A on the second seat (``arena`` plays them one after the other).

    A game whose twin was lost to a stop is in no pair: run again, its opening is played anew in
    both colours, and the stray game must not be paired with the new run's game of its colour.
    """
    pairs = []
    for first, second in itertools.pairwise(games):
        if (
            first.get("start") == second.get("start")
            and (first.get("a_seat"), second.get("a_seat")) == (0, 1)
            and second.get("game", 0) == first.get("game", 0) + 1
        ):
            pairs.append((first, second))
    return pairs


def summary(games: list[dict], sprt: Sprt) -> str:
    """The match's result as printed lines."""
    if not games:
        return "no games yet"
    agents = sorted({(g["agent_a"], g["agent_b"]) for g in games})
    paired = 0
    for first, second in pairs_of(games):
        sprt.add_pair(first["reward"], second["reward"])
        paired += 2
    for game in games:
        sprt.add_game(game["reward"])
    wins, draws, losses = sprt.wdl
    forfeits = sum(1 for g in games if g.get("forfeit"))
    plies = sum(g["plies"] for g in games) / len(games)
    seconds = sum(g.get("seconds", 0.0) for g in games) / len(games)
    names = ", ".join(f"{a} vs {b}" for a, b in agents)
    return "\n".join(
        [
            f"{names}: {len(games)} games ({paired} in pairs), W{wins} D{draws} L{losses},"
            f" {forfeits} forfeits, {plies:.0f} plies and {seconds:.0f} s a game",
            sprt.status(),
        ]
    )


def to_play(openings: list[str], first: int, count: int, games: list[dict]) -> list[int]:
    """The indices of the openings in ``first``..``first + count`` not yet played in both colours."""
    done = {first.get("start") for first, _ in pairs_of(games)}
    return [i for i in range(first, min(first + count, len(openings))) if openings[i] not in done]


def runs_of(indices: list[int], jobs: int) -> list[list[int]]:
    """``indices`` cut into ``jobs`` nearly equal runs of consecutive openings."""
    size = -(-len(indices) // max(1, jobs))
    return [indices[i : i + size] for i in range(0, len(indices), size)] if indices else []


def cmd_run(args: argparse.Namespace) -> int:
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    openings = read_openings(Path(args.openings))
    todo = to_play(openings, args.first, args.count, read_games(folder))
    if not todo:
        print("every opening asked for is played")
        return 0
    env = dict(os.environ, TAFEL_PLUGIN_DIRS=str(ROOT / "bench" / "plugins"))
    procs = []
    for run in runs_of(todo, args.jobs):
        name = f"openings-{run[0]:03d}-{run[-1]:03d}"
        chunk = folder / f"{name}.txt"
        chunk.write_text("".join(openings[i] + "\n" for i in run), encoding="utf-8")
        # Game i of a run starts from its opening i // 2; seeded as in one long match (from 1:
        # arena takes no seed 0).
        command = [
            sys.executable,
            str(ROOT / "main.py"),
            "arena",
            "ataxx",
            args.agent_a,
            args.agent_b,
            "--movetime",
            str(args.movetime),
            "--games",
            str(2 * len(run)),
            "--openings",
            str(chunk),
            "--seed",
            str(2 * run[0] + 1),
            "--log",
            str(folder / f"games-{run[0]:03d}-{run[-1]:03d}.jsonl"),
        ]
        print(f"openings {run[0]} to {run[-1]}: {len(run) * 2} games", flush=True)
        out = open(folder / f"{name}.out", "a", encoding="utf-8")  # noqa: SIM115 - kept for the run
        procs.append((subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env), out, name))
    failed = 0
    for proc, out, name in procs:
        if proc.wait() != 0:
            failed += 1
            print(f"error: the run of {name} failed (exit {proc.returncode}); see {folder / name}.out")
        out.close()
    print(summary(read_games(folder), Sprt.parse(args.sprt)))
    return 1 if failed else 0


def pair_scores(games: list[dict]) -> dict[str, float]:
    """A's score (0 to 2) of each opening's pair of games, by start (the last pair if several)."""
    return {first["start"]: first["reward"] + second["reward"] for first, second in pairs_of(games)}


def comparison(before: list[dict], after: list[dict]) -> str:
    """``after``'s pairs against ``before``'s on the openings both matches have a pair of.

    >>> a = [{"start": s, "a_seat": i, "game": i + 1, "reward": r} for s, i, r in
    ...      [("x", 0, 1.0), ("x", 1, 0.0), ("y", 0, 1.0), ("y", 1, 1.0)]]
    >>> b = [{"start": s, "a_seat": i, "game": i + 1, "reward": r} for s, i, r in
    ...      [("x", 0, 1.0), ("x", 1, 1.0), ("y", 0, 1.0), ("y", 1, 1.0)]]
    >>> print(comparison(a, b))
    2 openings in both: A scored 3.0 then 4.0 of 4; +0.500 a pair [-0.480, +1.480] (95%)
    """
    old, new = pair_scores(before), pair_scores(after)
    shared = [start for start in old if start in new]
    if not shared:
        return "no opening has a pair in both matches"
    diffs = [new[start] - old[start] for start in shared]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    half = 1.96 * (var / n) ** 0.5
    return (
        f"{n} openings in both: A scored {sum(old[s] for s in shared):.1f} then"
        f" {sum(new[s] for s in shared):.1f} of {2 * n}; {mean:+.3f} a pair"
        f" [{mean - half:+.3f}, {mean + half:+.3f}] (95%)"
    )


def cmd_compare(args: argparse.Namespace) -> int:
    print(comparison(read_games(Path(args.before)), read_games(Path(args.after))))
    return 0


def cmd_sum(args: argparse.Namespace) -> int:
    print(summary(read_games(Path(args.folder)), Sprt.parse(args.sprt)))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="play the openings not yet played")
    run.add_argument("folder")
    run.add_argument("agent_a")
    run.add_argument("agent_b")
    run.add_argument("--movetime", type=float, default=1.0)
    run.add_argument("--openings", default=str(OPENINGS))
    run.add_argument("--first", type=int, default=0, help="the first opening (0-based)")
    run.add_argument("--count", type=int, default=200, help="how many openings (two games each)")
    run.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    run.add_argument("--sprt", nargs="+", default=["elo0=0", "elo1=25"], metavar="K=V")
    run.set_defaults(func=cmd_run)
    total = sub.add_parser("sum", help="the result of the folder's games")
    total.add_argument("folder")
    total.add_argument("--sprt", nargs="+", default=["elo0=0", "elo1=25"], metavar="K=V")
    total.set_defaults(func=cmd_sum)
    compare = sub.add_parser("compare", help="two matches' pairs on the openings both played")
    compare.add_argument("before")
    compare.add_argument("after")
    compare.set_defaults(func=cmd_compare)
    args = parser.parse_args()
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
