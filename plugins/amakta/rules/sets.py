"""Piece sets: a fixed collection of distinct pieces, as data.

A set is a tuple of *reference layouts* (see :mod:`.pieces`): the layout a piece shows in
orientation 0, as the set file draws it. Pieces are numbered from 1 in notation. Two pieces
of a set may not be the same piece up to rotation and mirroring.

>>> s = PieceSet.from_texts("demo", "Demo", ["b.-.-.b.-.-", "g.-.-.-.-.-"])
>>> len(s), s.layouts
(2, (100100, 200000))
>>> PieceSet.from_texts("bad", "Bad", ["b.-.-.-.-.-", "-.b.-.-.-.-"])
Traceback (most recent call last):
...
tafel.games.amakta.rules.board.DataError: set bad: pieces 1 and 2 are the same piece up to rotation and mirroring
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tafel import NotationError

from .board import DataError, check_keys, read_json
from .pieces import canonical, parse_layout

SET_KEYS = {"name", "description", "order", "pieces"}
#: Most pieces a set file may hold (inventories are drawn in full).
MAX_SET_SIZE = 40


@dataclass(frozen=True)
class PieceSet:
    id: str
    title: str
    layouts: tuple[int, ...]
    description: str = ""
    order: int = 100

    def __len__(self) -> int:
        return len(self.layouts)

    @classmethod
    def from_texts(
        cls, set_id: str, title: str, pieces: Sequence[Any], description: str = "", order: int = 100
    ) -> PieceSet:
        where = f"set {set_id}"
        if not pieces:
            raise DataError(f"{where}: 'pieces' is empty")
        if len(pieces) > MAX_SET_SIZE:
            raise DataError(f"{where}: {len(pieces)} pieces, at most {MAX_SET_SIZE}")
        layouts = []
        seen: dict[int, int] = {}
        for i, text in enumerate(pieces, 1):
            if not isinstance(text, str):
                raise DataError(f"{where}: piece {i} must be a string such as 'b.-.-.bb.-.-'")
            try:
                layout = parse_layout(text)
            except NotationError as exc:
                raise DataError(f"{where}: piece {i}: {exc}") from None
            c = canonical(layout)
            if c in seen:
                raise DataError(
                    f"{where}: pieces {seen[c]} and {i} are the same piece up to rotation and mirroring"
                )
            seen[c] = i
            layouts.append(layout)
        return cls(set_id, title, tuple(layouts), description, order)


def set_from_data(set_id: str, data: dict[str, Any]) -> PieceSet:
    """A set from a parsed set file; see ``data/README.md`` for the format."""
    where = f"set {set_id}"
    check_keys(data, SET_KEYS, ("name", "pieces"), where)
    if not isinstance(data["pieces"], list):
        raise DataError(f"{where}: 'pieces' must be a list of piece strings")
    return PieceSet.from_texts(
        set_id, data["name"], data["pieces"], data.get("description", ""), data.get("order", 100)
    )


def load_set(path: Path) -> PieceSet:
    """A set file (``<id>.json``), validated."""
    data = read_json(path, "set")
    try:
        return set_from_data(path.stem, data)
    except DataError as exc:
        raise DataError(str(exc).replace(f"set {path.stem}:", f"set {path.name}:", 1)) from None
