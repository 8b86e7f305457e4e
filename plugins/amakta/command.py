"""``python main.py amakta-pieces``: count the pieces, or show pieces from their codes.

- no argument: enumerates every piece up to rotation and mirroring and prints the count (86185);
- ``CODE ...``: shows each piece: a six-digit layout (``100400``) or the dotted form
  (``b.-.-.bb.-.-``), or ``#N`` for piece number N (0-based) of the enumeration;
- ``--set ID``: shows the pieces of a set file.
"""

from __future__ import annotations

import argparse

from tafel import CommandDef, GameError, whole_number

from .rules import pieces
from .rules.pieces import canonical, describe, distinct_orientations, layout_text, parse_layout


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("codes", nargs="*", metavar="CODE", help="piece layouts (100400 or b.-.-.bb.-.-) or #N")
    p.add_argument("--set", dest="set_id", default=None, help="show the pieces of this set")


def show_piece(layout: int, label: str = "") -> list[str]:
    """Lines describing one piece: code, canonical form, number, symmetry, arrows, a drawing."""
    c = canonical(layout)
    head = f"{label}{layout:06d}  {layout_text(layout)}"
    lines = [
        head,
        f"  canonical {c:06d} ({layout_text(c)}), piece #{pieces.piece_index(layout)} of {pieces.PIECE_COUNT}",
        f"  {_orientations(len(distinct_orientations(layout)))}; arrows: {describe(layout)}",
    ]
    lines += ["    " + row for row in pieces.ascii_art(layout)]
    return lines


def _orientations(n: int) -> str:
    """``1 distinct orientation``, ``6 distinct orientations``."""
    return f"{n} distinct orientation{'' if n == 1 else 's'}"


def _run(args: argparse.Namespace, registry) -> int:
    if args.set_id:
        from .rules import catalog

        ps = catalog.piece_set(args.set_id)
        print(f"{ps.title}: {len(ps)} pieces")
        for i, layout in enumerate(ps.layouts, 1):
            for line in show_piece(layout, f"{i:>2}. "):
                print(line)
        return 0
    if not args.codes:
        count = pieces.count_canonical()
        print(f"{count} pieces up to rotation and mirroring")
        return 0
    for code in args.codes:
        if code.startswith("#"):
            try:
                number = whole_number(0, pieces.PIECE_COUNT - 1)(code[1:])
            except argparse.ArgumentTypeError:
                raise GameError(
                    f"{code!r}: write #N with a piece number from 0 to {pieces.PIECE_COUNT - 1}"
                ) from None
            layout = pieces.piece_at(number)
        else:
            layout = parse_layout(code)
        for line in show_piece(layout):
            print(line)
    return 0


PIECES_COMMAND = CommandDef(
    name="amakta-pieces",
    help="Amakta: count all pieces (86185) or show pieces from their codes",
    configure=_configure,
    run=_run,
)
