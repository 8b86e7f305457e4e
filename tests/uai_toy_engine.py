"""A tiny UAI engine for the tests: plays the first legal move (Ataxx rules from tafel).

    python tests/uai_toy_engine.py [MODE]

MODE: ``first`` (default) plays the first legal move; ``last`` the last one (so two toys play
different games); ``crash`` exits with code 3 at its first ``go``; ``illegal`` answers ``a1a1``;
``hang`` never answers ``go``; ``mute`` never answers ``uai``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(mode: str) -> int:
    from tafel.games.ataxx.rules import AtaxxState

    state = AtaxxState.start()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command == "uai":
            if mode == "mute":
                continue
            print(f"id name Toy {mode}")
            print("id author Tafel tests")
            print("option name Hash type spin default 16 min 1 max 64")
            print("option name Style type combo default solid var solid var wild")
            print("uaiok")
        elif command == "isready":
            print("readyok")
        elif command == "position":
            fen, moves = line.split(" moves ") if " moves " in line else (line, "")
            state = AtaxxState.from_fen(fen.split(" fen ", 1)[1].strip())
            for text in moves.split():
                state = state.play(state.parse_move(text))
        elif command == "go":
            if mode == "crash":
                print("info string about to crash", flush=True)
                print("toy engine: crashing on purpose", file=sys.stderr, flush=True)
                return 3
            if mode == "hang":
                continue
            legal = sorted(state.move_to_text(m) for m in state.legal_moves()) or ["0000"]
            move = legal[-1] if mode == "last" else legal[0]
            if mode == "illegal":
                move = "a1a1"
            print(f"info depth 1 score cp {state.count(state.to_move) * 100} nodes {len(legal)} pv {move}")
            print(f"bestmove {move}")
        elif command == "quit":
            return 0
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "first"))
