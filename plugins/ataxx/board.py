"""Ataxx bitboards on plain ints.

Squares are ints in a padded layout: ``square = rank * STRIDE + file`` with files 0..6 (a..g),
ranks 0..6 (1..7) and two always-empty padding files per rank. Because a step of one or two
files off the board lands on padding, shifting a whole bitboard needs no wrap masks: the
result is simply ANDed with the empty squares, which never include padding.

>>> square_name(square_of("c5"))
'c5'
>>> bin(SINGLES[square_of("a1")]).count("1")
3
>>> bin(DOUBLES[square_of("d4")]).count("1")
16
>>> jump_pairs(1 << square_of("a1"), BOARD)  # a1 reaches the 5 squares at distance 2
5
"""

from __future__ import annotations

from tafel import parse_square
from tafel import square_name as cell_name

SIZE = 7
STRIDE = 9
FILES = "abcdefg"

Square = int
Bitboard = int

SQUARES: tuple[Square, ...] = tuple(r * STRIDE + f for r in range(SIZE) for f in range(SIZE))
#: Every real square; padding bits are never set.
BOARD: Bitboard = sum(1 << s for s in SQUARES)

#: Offsets of the 8 squares at king distance 1 and the 16 at king distance exactly 2.
SINGLE_OFFSETS: tuple[int, ...] = tuple(
    dy * STRIDE + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
DOUBLE_OFFSETS: tuple[int, ...] = tuple(
    dy * STRIDE + dx for dy in range(-2, 3) for dx in range(-2, 3) if max(abs(dx), abs(dy)) == 2
)


def square_of(name: str) -> Square:
    """The square named like ``"c5"`` (Tafel's square names); a NotationError, which is a
    ValueError, for anything else.

    >>> square_of("a1"), square_of("g7")
    (0, 60)
    """
    file, rank = parse_square(name, SIZE, SIZE)
    return rank * STRIDE + file


def square_name(square: Square) -> str:
    """The name of a square: ``c5``."""
    return cell_name(square % STRIDE, square // STRIDE)


def file_of(square: Square) -> int:
    return square % STRIDE


def rank_of(square: Square) -> int:
    return square // STRIDE


def _ring(square: Square, distance: int) -> Bitboard:
    f, r = file_of(square), rank_of(square)
    bb = 0
    for dy in range(-distance, distance + 1):
        for dx in range(-distance, distance + 1):
            if max(abs(dx), abs(dy)) != distance:
                continue
            ff, rr = f + dx, r + dy
            if 0 <= ff < SIZE and 0 <= rr < SIZE:
                bb |= 1 << (rr * STRIDE + ff)
    return bb


#: Per square (indexed by square, padding entries 0): king-distance-1 and -2 neighbourhoods.
SINGLES: list[Bitboard] = [0] * (SIZE * STRIDE)
DOUBLES: list[Bitboard] = [0] * (SIZE * STRIDE)
for _s in SQUARES:
    SINGLES[_s] = _ring(_s, 1)
    DOUBLES[_s] = _ring(_s, 2)


def shift(bb: Bitboard, offset: int) -> Bitboard:
    return bb << offset if offset > 0 else bb >> -offset


def dilate(bb: Bitboard) -> Bitboard:
    """Every square at king distance 1 from some square of ``bb`` (padding may be set; AND it away)."""
    return bb << 1 | bb >> 1 | bb << 8 | bb >> 8 | bb << 9 | bb >> 9 | bb << 10 | bb >> 10


def squares(bb: Bitboard) -> list[Square]:
    """The squares of ``bb``, lowest first."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


# --- counting jumps with one multiplication -------------------------------------------------
#
# ``a * JUMP_SPREAD`` lays 16 copies of ``a`` side by side, copy i shifted by the i-th jump
# offset, each in its own ``JUMP_LANE``-bit lane; ``b * JUMP_REPEAT`` lays 16 unshifted copies
# of ``b`` in the same lanes. ANDing the two and counting bits counts the pairs (x in a, y in b)
# at king distance exactly 2 - the number of jumps from ``a`` into ``b`` - in four C-speed
# big-int operations instead of 16 shifts, ANDs and popcounts. Lanes are ordered by offset and
# 63 + 20 bits wide, so copies never overlap and carry into each other: the product is exact.

JUMP_LANE = SIZE * STRIDE + 2 * STRIDE + 2
JUMP_SPREAD: int = sum(
    1 << (i * JUMP_LANE + 2 * STRIDE + 2 + off) for i, off in enumerate(sorted(DOUBLE_OFFSETS))
)
JUMP_REPEAT: int = sum(1 << (i * JUMP_LANE + 2 * STRIDE + 2) for i in range(len(DOUBLE_OFFSETS)))


def jump_pairs(a: Bitboard, b: Bitboard) -> int:
    """Pairs (x in ``a``, y in ``b``) at king distance exactly 2 (jumps from ``a`` into ``b``).

    >>> jump_pairs(1 << square_of("d4"), BOARD), jump_pairs(BOARD, 1 << square_of("d4"))
    (16, 16)
    """
    return (a * JUMP_SPREAD & b * JUMP_REPEAT).bit_count()
