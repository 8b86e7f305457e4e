"""Ataxx moves as the search's ints: codes, generation, making a move, text.

A clone is its destination square plus ``CLONE`` (``to | 63 << 6``), a jump is ``frm << 6 |
to``, a pass is ``PASS_CODE``. Positions are ``(own, opp)``: the stones of the side to move
and of the other side, on the padded board of :mod:`tafel.games.ataxx.board`.

>>> from tafel.games.ataxx.rules import AtaxxState
>>> s = AtaxxState.start()
>>> code = gen_moves(s.red, s.blue, s.empty)[0]
>>> move_text(code), gain(code, s.blue)
('f1', 1)
"""

from __future__ import annotations

from .board import DOUBLE_OFFSETS, SINGLES, square_name

CLONE = 63 << 6
PASS_CODE = 0xFFF

POS_JUMPS = tuple(off for off in DOUBLE_OFFSETS if off > 0)
NEG_JUMPS = tuple(-off for off in DOUBLE_OFFSETS if off < 0)
#: Move codes indexed by the bit length of a bitboard whose highest square is the destination
#: (gen_moves walks targets from the top: fewer steps than isolating the lowest bit): the
#: clone to each square, and per jump offset the jump landing there. Entries on padding, or
#: whose origin is off the board, are never looked up: no stone stands there.
_BIT_BELOW = [0] + [1 << s for s in range(64)]
_CLONE_CODES_BY_LENGTH = [0] + [CLONE | to for to in range(64)]
#: (Offsets in reverse order: gen_moves builds its list backwards.)
_JUMP_CODES_UP = tuple(
    (off, [0] + [((to - off) & 63) << 6 | to for to in range(64)]) for off in reversed(POS_JUMPS)
)
_JUMP_CODES_DOWN = tuple(
    (off, [0] + [((to + off) & 63) << 6 | to for to in range(64)]) for off in reversed(NEG_JUMPS)
)


def move_text(code: int) -> str:
    """The UAI text of a move code.

    >>> move_text(3 | CLONE), move_text(0 << 6 | 20), move_text(PASS_CODE)
    ('d1', 'a1c3', '0000')
    """
    if code == PASS_CODE:
        return "0000"
    to = code & 63
    frm = code >> 6
    if frm == 63:
        return square_name(to)
    return square_name(frm) + square_name(to)


def gen_moves(own: int, opp: int, empty: int) -> list[int]:
    """Every clone and jump (no pass) as move codes, in a fixed order (clones, then jumps).

    >>> from tafel.games.ataxx.rules import AtaxxState
    >>> s = AtaxxState.start()
    >>> len(gen_moves(s.red, s.blue, s.empty))
    16
    """
    # Built backwards and reversed once, as AtaxxState.generate does.
    moves: list[int] = []
    append = moves.append
    bits = _BIT_BELOW
    for off, table in _JUMP_CODES_DOWN:
        targets = own >> off & empty
        while targets:
            n = targets.bit_length()
            targets ^= bits[n]
            append(table[n])
    for off, table in _JUMP_CODES_UP:
        targets = own << off & empty
        while targets:
            n = targets.bit_length()
            targets ^= bits[n]
            append(table[n])
    h = own | own << 1 | own >> 1
    targets = (h | h << 9 | h >> 9) & empty
    table = _CLONE_CODES_BY_LENGTH
    while targets:
        n = targets.bit_length()
        targets ^= bits[n]
        append(table[n])
    moves.reverse()
    return moves


def make_move(own: int, opp: int, code: int) -> tuple[int, int]:
    """``(own, opp)`` after the mover plays ``code`` (still from the mover's view)."""
    if code == PASS_CODE:
        return own, opp
    to = code & 63
    low = 1 << to
    flips = SINGLES[to] & opp
    frm = code >> 6
    if frm == 63:
        return own | low | flips, opp ^ flips
    return (own ^ (1 << frm)) | low | flips, opp ^ flips


def gain(code: int, opp: int) -> int:
    """The stones a move wins against ``opp``: 2 per flip, 1 more for a clone."""
    to = code & 63
    flips = (SINGLES[to] & opp).bit_count()
    return 2 * flips + (1 if code >> 6 == 63 else 0)
