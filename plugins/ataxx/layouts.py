"""Named board layouts: the classic empty board and blocker boards from the Ataxx tradition."""

from __future__ import annotations

from .texts import N_

#: (key, label, FEN board part). The first is the default; setup shows the label translated.
LAYOUTS: tuple[tuple[str, str, str], ...] = (
    ("classic", N_("Classic (no blockers)"), "x5o/7/7/7/7/7/o5x"),
    ("pillars", N_("Four pillars"), "x5o/7/2-1-2/7/2-1-2/7/o5x"),
    ("diamond", N_("Diamond"), "x5o/7/3-3/2-1-2/3-3/7/o5x"),
    ("quincunx", N_("Quincunx"), "x5o/7/2-1-2/3-3/2-1-2/7/o5x"),
    ("fortress", N_("Fortress"), "x2-2o/3-3/2---2/7/2---2/3-3/o2-2x"),
    ("cross", N_("Cross"), "x5o/3-3/3-3/1--1--1/3-3/3-3/o5x"),
    ("corridors", N_("Corridors"), "x5o/1-3-1/7/7/7/1-3-1/o5x"),
)


def layout_fen(key: str) -> str:
    for k, _, board in LAYOUTS:
        if k == key:
            return f"{board} x 0 1"
    raise KeyError(key)
