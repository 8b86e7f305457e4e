"""Amakta's moves in words, for people: ``piece 14 to e1, turned 120°`` for ``place:14:e1:r2``.

The notation (:meth:`~.rules.engine.Position.move_text`) stays what saves and engines use; these
words are what the move list, hints and the review show. Amakta Infinit names its play moves
with the same function and its own catalog (``tr``), so each plugin's words come from its own
``.po`` file.

An orientation is said in degrees of turn from the piece's drawing in the inventory (``r2``:
two sixths, 120°), ``mirrored`` for the mirror image (``r2m``); the unturned piece needs no words.

>>> from tafel.games.amakta.rules.engine import Move
>>> tr = str
>>> orientation_words(0, tr), orientation_words(2, tr), orientation_words(8, tr), orientation_words(6, tr)
('', 'turned 120°', 'mirrored, turned 120°', 'mirrored')
>>> play_words(Move("place", 1, piece=13, orient=2), lambda c: "e1", tr)
'piece 14 to e1, turned 120°'
>>> play_words(Move("relocate", 1, 2, orient=0), lambda c: "b5" if c == 1 else "e9", tr)
'b5 to e9'
"""

from __future__ import annotations

from collections.abc import Callable

from .rules.engine import (
    APPROPRIATE,
    COLOUR_NAMES,
    EXPROPRIATE,
    PASS,
    PLACE,
    RELEASE,
    RELEASE_PLACE,
    RELOCATE,
    REMOVE,
    REPLACE,
    ROTATE,
    TAKE,
    Move,
)
from .texts import N_

Translate = Callable[[str], str]

#: The words of the moves that act on one field.
FIELD_WORDS = {
    TAKE: N_("take {field} back"),
    EXPROPRIATE: N_("expropriate {field}"),
    RELEASE: N_("release {field}"),
    REMOVE: N_("remove {field}"),
}
#: The start phase's and the meta moves' words.
KIND_WORDS = {
    "circles-none": N_("no circles"),
    "circles-same": N_("the same circles for both"),
    "circles-each": N_("circles for each colour"),
    "circles-done": N_("no circle for the rest"),
    "offer-draw": N_("offers a draw"),
    "accept-draw": N_("accepts the draw"),
    "decline-draw": N_("declines the draw"),
    "resign": N_("resigns"),
}
CIRCLE_WORDS = (N_("without a circle"), N_("with reinforcement"), N_("with damage"))


def orientation_words(orient: int, tr: Translate) -> str:
    """How a piece lies, in words ('' for the unturned piece)."""
    turn, mirrored = orient % 6, orient >= 6
    if turn and mirrored:
        return tr("mirrored, turned {degrees}°").format(degrees=60 * turn)
    if turn:
        return tr("turned {degrees}°").format(degrees=60 * turn)
    return tr("mirrored") if mirrored else ""


def _with_orientation(words: str, orient: int | None, tr: Translate) -> str:
    lying = orientation_words(orient or 0, tr)
    return f"{words}, {lying}" if lying else words


def play_words(move: Move, name: Callable[[object], str], tr: Translate) -> str:
    """A play move in words; ``name`` names a field (``e1``, or ``3,0`` on Infinit's board)."""
    kind = move.kind
    if kind == PASS:
        return tr("pass")
    if kind in FIELD_WORDS:
        return tr(FIELD_WORDS[kind]).format(field=name(move.cell))
    if kind == PLACE:
        words = tr("piece {n} to {field}").format(n=move.the_piece() + 1, field=name(move.cell))
        return _with_orientation(words, move.orient, tr)
    if kind == RELOCATE:
        words = tr("{frm} to {to}").format(frm=name(move.cell), to=name(move.to))
        return _with_orientation(words, move.orient, tr)
    if kind in (ROTATE, APPROPRIATE):
        verb = tr("turn {field}") if kind == ROTATE else tr("appropriate {field}")
        words = verb.format(field=name(move.cell))
        lying = orientation_words(move.orient or 0, tr) or tr("turned back to 0°")
        return f"{words}, {lying}"
    if kind == REPLACE:
        words = tr("piece {n} replaces {field}").format(field=name(move.cell), n=move.the_piece() + 1)
        return _with_orientation(words, move.orient, tr)
    if kind == RELEASE_PLACE:
        words = tr("release {field}, piece {n} there").format(field=name(move.cell), n=move.the_piece() + 1)
        return _with_orientation(words, move.orient, tr)
    return kind


def setup_words(move: Move, tr: Translate) -> str | None:
    """A start-phase or meta move of standard Amakta in words; None for a play move."""
    kind = move.kind
    if kind in KIND_WORDS:
        return tr(KIND_WORDS[kind])
    if kind == "circle":
        circle = tr(CIRCLE_WORDS[move.orient or 0])
        if move.colour is None:
            return tr("piece {n} {circle}").format(n=move.the_piece() + 1, circle=circle)
        return tr("piece {n} of {colour} {circle}").format(
            colour=tr(COLOUR_NAMES[move.the_colour()]), n=move.the_piece() + 1, circle=circle
        )
    if kind == "colour":
        return tr("plays {colour}").format(colour=tr(COLOUR_NAMES[move.the_colour()]))
    return None


__all__ = ["orientation_words", "play_words", "setup_words"]
