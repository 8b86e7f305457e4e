"""The boards and sets shipped as data files in the package (``tafel.games.amakta``, folder ``data``) (format: ``data/README.md``).

Files are read once and validated; a broken file raises :class:`DataError` naming it, so a
new board or set drops in without code and a mistake in one is reported in one line.

>>> sorted(boards())[:2], "standard" in sets()
(['hexagon', 'holes'], True)
>>> board("nope")
Traceback (most recent call last):
...
tafel.games.amakta.rules.board.DataError: unknown board 'nope' (boards: hexagon, holes, small)
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from .board import DataError, HexBoard, load_board
from .sets import PieceSet, load_set

#: The shipped data, found through importlib.resources (an installed package is a real folder).
DATA_DIR = Path(str(files("tafel.games.amakta") / "data"))
DEFAULT_BOARD = "hexagon"
DEFAULT_SET = "standard"


@lru_cache(maxsize=4)
def _boards(folder: Path) -> dict[str, HexBoard]:
    found = {p.stem: load_board(p) for p in sorted((folder / "boards").glob("*.json"))}
    return dict(sorted(found.items(), key=lambda kv: (getattr(kv[1], "order", 100), kv[0])))


@lru_cache(maxsize=4)
def _sets(folder: Path) -> dict[str, PieceSet]:
    found = {p.stem: load_set(p) for p in sorted((folder / "sets").glob("*.json"))}
    return dict(sorted(found.items(), key=lambda kv: (kv[1].order, kv[0])))


def boards(folder: Path = DATA_DIR) -> dict[str, HexBoard]:
    """Every board file, by id (the file name), in their ``order``."""
    return _boards(folder)


def sets(folder: Path = DATA_DIR) -> dict[str, PieceSet]:
    """Every set file, by id, in their ``order``."""
    return _sets(folder)


def board(board_id: str) -> HexBoard:
    found = boards()
    if board_id not in found:
        raise DataError(f"unknown board {board_id!r} (boards: {', '.join(sorted(found))})")
    return found[board_id]


def piece_set(set_id: str) -> PieceSet:
    found = sets()
    if set_id not in found:
        raise DataError(f"unknown set {set_id!r} (sets: {', '.join(sorted(found))})")
    return found[set_id]
