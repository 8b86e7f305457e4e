#!/usr/bin/env python3
"""Does a change keep the built-in games' notation? Read and write a corpus before and after it.

    python bench/notation_corpus.py write before.json [GAME ...] [--saves DIR]
    (change the code)
    python bench/notation_corpus.py write after.json [GAME ...] [--saves DIR]
    python bench/notation_corpus.py compare before.json after.json

The corpus of each game: the positions of seeded random games (per option set), its puzzle file's
positions and the positions of every save file in ``--saves`` replayed move by move. For each
position it records what ``parse_position`` makes of the text (the text written back, or the
error's class), the same for about 30 mutations of the text (a character changed or dropped,
digits split or joined, capitals, blanks), and every legal move's text with what ``parse_move``
makes of it, of its capitals and of some probes ("a0", "h8", "pass", ...). ``compare`` counts the
entries both files have and names those that read differently. Issue 40 used it to move Ataxx,
Atoll and AxxA onto the kit's notation helpers with nothing read or written differently.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
OPTIONS: dict[str, list[dict]] = {
    "ataxx": [{}],
    "atoll": [{}, {"size": 15}, {"pie": False}],
    "axxa": [{}, {"mode": "competitive", "players": 3}, {"mode": "competitive", "rotation": "choice"}],
    "amakta": [{}],
    "amakta-infinit": [{}],
}
PROBES = ["a1", "A1", " a1 ", "a0", "a01", "a10", "h8", "g7", "z1", "1a", "", "pass", "0000", "swap"]
PROBES += ["a1a1", "a1c3", "A1C3", "c1:x", "e4", "b12", "k11", "f7", "F7"]


def outcome(read: Callable[[], str]) -> list[str]:
    """``["ok", text]``, or the class of the error raised."""
    from tafel import GameError

    try:
        return ["ok", read()]
    except GameError as exc:
        return [type(exc).__name__]
    except Exception as exc:  # a crash is a finding too
        return ["CRASH", type(exc).__name__, str(exc)]


def mutations(text: str, rng: random.Random) -> list[str]:
    out = {text.upper(), text.lower(), f" {text} ", text[:-1], text + "/", text.replace("/", "//", 1)}
    for old, new in [("1", "01"), ("7", "16"), ("7", "43"), ("2", "11"), ("9", "45"), ("1", "0")]:
        out.add(text.replace(old, new, 1))
    for old in "xobwr":
        out.add(text.replace(old, old.upper(), 1))
    for _ in range(12):
        i = rng.randrange(len(text))
        out.add(text[:i] + rng.choice("0123456789xo-bwrBXOqz/ .") + text[i + 1 :])
        out.add(text[:i] + text[i + 1 :])
    return sorted(out)


def texts_of(game, saves: list[dict], rng: random.Random) -> tuple[list[tuple[dict, str]], int]:
    texts = []
    for given in OPTIONS.get(game.id, [{}]):
        options = game.resolve_options(given)
        for seed in range(12):
            state = game.new_state(options, seed if game.random_setup else None)
            for _ply in range(60):
                texts.append((options, state.to_text()))
                if not state.legal_moves():
                    break
                state = state.play(rng.choice(state.legal_moves()))
    puzzles = ROOT / "plugins" / game.id.replace("-", "_") / "puzzles.json"
    if puzzles.exists():
        for puzzle in json.loads(puzzles.read_text(encoding="utf-8"))["puzzles"]:
            texts.append((game.resolve_options(puzzle.get("options", {})), puzzle["position"]))
    replayed = 0
    for record in saves:
        options = game.resolve_options(record.get("options") or {})
        if record.get("position"):
            state = game.parse_position(record["position"], options)
        else:
            state = game.new_state(options, record.get("seed"))
        for move in record.get("moves", []):
            state = state.play(state.parse_move(move))
            texts.append((options, state.to_text()))
        replayed += 1
    return texts, replayed


def write(out: Path, games: list[str], saves_dir: Path | None) -> None:
    from tafel.testing import load_registry

    registry = load_registry()
    saves: dict[str, list[dict]] = {}
    for path in sorted(saves_dir.rglob("*.json")) if saves_dir else []:
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(record, dict) and record.get("format") == "tafel-save":
            saves.setdefault(record.get("game", ""), []).append(record)
    corpus = {}
    for gid in games or list(OPTIONS):
        game, rng = registry.game(gid), random.Random(gid)
        texts, replayed = texts_of(game, saves.get(gid, []), rng)
        entry: dict = {"saves": replayed, "positions": {}, "mutations": {}, "moves": {}}
        for options, text in texts:
            prefix = json.dumps(options, sort_keys=True) + " "
            if prefix + text in entry["positions"]:
                continue
            read = outcome(lambda g=game, o=options, t=text: g.parse_position(t, o).to_text())
            entry["positions"][prefix + text] = read
            if read[0] != "ok":
                continue
            for bad in mutations(text, rng):
                read = outcome(lambda g=game, o=options, t=bad: g.parse_position(t, o).to_text())
                entry["mutations"][prefix + bad] = read
            state = game.parse_position(text, options)
            written = [state.move_to_text(m) for m in state.legal_moves()]
            probes = written[:40] + [t.upper() for t in written[:10]] + PROBES
            entry["moves"][prefix + text] = [
                written,
                {p: outcome(lambda s=state, p=p: s.move_to_text(s.parse_move(p))) for p in probes},
            ]
        corpus[gid] = entry
        counts = ", ".join(f"{len(entry[k])} {k}" for k in ("positions", "mutations", "moves"))
        print(f"{gid}: {counts}, {replayed} saves replayed", file=sys.stderr)
    out.write_text(json.dumps(corpus, sort_keys=True), encoding="utf-8")


def compare(before_path: Path, after_path: Path) -> int:
    before, after = (json.loads(p.read_text(encoding="utf-8")) for p in (before_path, after_path))
    differ = 0
    for gid in sorted(set(before) & set(after)):
        print(f"{gid}: saves replayed {before[gid]['saves']} / {after[gid]['saves']}")
        for part in ("positions", "mutations", "moves"):
            common = sorted(set(before[gid][part]) & set(after[gid][part]))
            changed = [k for k in common if before[gid][part][k] != after[gid][part][k]]
            differ += len(changed)
            print(f"  {part}: {len(common)} compared, {len(changed)} read differently")
            for key in changed[:5]:
                print(f"    {key[:100]}: {before[gid][part][key]} -> {after[gid][part][key]}"[:300])
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write", help="write the corpus as the code reads it now")
    w.add_argument("out", type=Path)
    w.add_argument("games", nargs="*", help=f"default: {', '.join(OPTIONS)}")
    w.add_argument("--saves", type=Path, help="a folder of save files to replay (searched recursively)")
    c = sub.add_parser("compare", help="compare two corpora: exit 1 when an entry reads differently")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.command == "write":
        write(args.out, args.games, args.saves)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
