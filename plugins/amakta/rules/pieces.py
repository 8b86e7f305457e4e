"""Amakta pieces as geometry: arrows per direction, the 12 symmetries, canonical forms.

A piece has, in each of the six hex directions, no arrow, one arrow (blue reaches 1 field,
green 2, red 3) or two arrows (an unordered pair of colours). That is 10 states per
direction, written as one digit:

====  =====  ====  =====
digit arrows digit arrows
====  =====  ====  =====
0     none   5     gg
1     b      6     rr
2     g      7     bg
3     r      8     br
4     bb     9     gr
====  =====  ====  =====

A **layout** is the six digits in direction order E, NE, NW, W, SW, SE (counter-clockwise
on screen, rows horizontal) read as one decimal number, so ``100000`` is a single blue
arrow pointing east. Rotating turns every arrow one direction further; mirroring reflects
the piece in the horizontal axis (NE <-> SE, NW <-> SW). An **orientation** is an int
0..11: rotation ``o % 6`` after a mirror when ``o >= 6``. The **canonical** form of a
piece is the smallest layout among its 12 images; there are exactly 86185 of them
(Burnside: (10^6 + 2*10 + 2*10^2 + 10^3 + 3*10^4 + 3*10^3) / 12).

The readable text of a layout joins the six direction tokens with dots: ``-`` for none, a
colour (``b``, ``g``, ``r``) for one arrow, two for a double arrow (``bb``, ``bg`` ... written
smallest reach first; ``gb``, ``rb`` and ``rg`` are read too). Nothing else is read: an empty
token or a digit among tokens is an error (the six digits are a form of their own):

>>> layout_text(100400)
'b.-.-.bb.-.-'
>>> parse_layout("b.-.-.bb.-.-"), parse_layout("100400")
(100400, 100400)
>>> canonical(1), canonical(100000)
(1, 1)
>>> rotate(100000, 1), mirror(10000)
(10000, 1)
>>> count_canonical()
86185
"""

from __future__ import annotations

from functools import lru_cache

from tafel import NotationError

#: Direction names in layout order (counter-clockwise, starting east).
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
#: Arrows (as reach: 1 blue, 2 green, 3 red) of each direction digit.
DIGIT_ARROWS: tuple[tuple[int, ...], ...] = (
    (),
    (1,),
    (2,),
    (3,),
    (1, 1),
    (2, 2),
    (3, 3),
    (1, 2),
    (1, 3),
    (2, 3),
)
#: Readable token of each direction digit.
DIGIT_TOKENS = ("-", "b", "g", "r", "bb", "gg", "rr", "bg", "br", "gr")
_TOKEN_DIGIT = {t: d for d, t in enumerate(DIGIT_TOKENS)}
_TOKEN_DIGIT.update({"gb": 7, "rb": 8, "rg": 9})  # a pair of colours in either order
COLOUR_NAMES = {1: "blue", 2: "green", 3: "red"}
#: Number of distinct pieces up to rotation and mirroring (the sheet's note).
PIECE_COUNT = 86185
LAYOUTS = 10**6
#: The 12 orientations: 0..5 rotations, 6..11 mirror then rotation.
ORIENTATIONS = tuple(range(12))


def digits(layout: int) -> tuple[int, ...]:
    """The six direction digits of ``layout``, E first.

    >>> digits(100400)
    (1, 0, 0, 4, 0, 0)
    """
    if not 0 <= layout < LAYOUTS:
        raise ValueError(f"layout {layout} is not six digits")
    return tuple((layout // 10 ** (5 - i)) % 10 for i in range(6))


def from_digits(ds: tuple[int, ...] | list[int]) -> int:
    value = 0
    for d in ds:
        value = value * 10 + d
    return value


def rotate(layout: int, steps: int = 1) -> int:
    """``layout`` turned ``steps`` directions counter-clockwise (E -> NE)."""
    ds = digits(layout)
    out = [0] * 6
    for i, d in enumerate(ds):
        out[(i + steps) % 6] = d
    return from_digits(out)


def mirror(layout: int) -> int:
    """``layout`` reflected in the horizontal axis: E and W stay, NE <-> SE, NW <-> SW."""
    ds = digits(layout)
    out = [0] * 6
    for i, d in enumerate(ds):
        out[(6 - i) % 6] = d
    return from_digits(out)


def orient(layout: int, orientation: int) -> int:
    """``layout`` in orientation 0..11 (mirror first when >= 6, then rotate by ``orientation % 6``)."""
    if not 0 <= orientation < 12:
        raise ValueError(f"orientation {orientation} is not 0..11")
    if orientation >= 6:
        layout = mirror(layout)
    return rotate(layout, orientation % 6)


def images(layout: int) -> tuple[int, ...]:
    """The 12 images of ``layout``, by orientation."""
    return _images(layout)


@lru_cache(maxsize=65536)
def _images(layout: int) -> tuple[int, ...]:
    ds = digits(layout)
    out = []
    for o in ORIENTATIONS:
        src = ds if o < 6 else tuple(ds[(6 - i) % 6] for i in range(6))
        k = o % 6
        out.append(from_digits([src[(i - k) % 6] for i in range(6)]))
    return tuple(out)


def canonical(layout: int) -> int:
    """The canonical (smallest) layout of the piece: the same for all 12 images."""
    return min(_images(layout))


def distinct_orientations(layout: int) -> tuple[int, ...]:
    """The orientations that give different layouts, each the first one giving its layout.

    >>> distinct_orientations(0), len(distinct_orientations(100000)), len(distinct_orientations(120000))
    ((0,), 6, 12)
    """
    seen: dict[int, int] = {}
    for o, img in enumerate(_images(layout)):
        seen.setdefault(img, o)
    return tuple(sorted(seen.values()))


def normal_orientation(layout: int, orientation: int) -> int:
    """The first orientation giving the same layout as ``orientation`` (symmetric pieces have several)."""
    imgs = _images(layout)
    return imgs.index(imgs[orientation])


def arrows(layout: int) -> tuple[tuple[int, int], ...]:
    """Every arrow of ``layout`` as (direction, reach), double arrows twice.

    >>> arrows(400003)
    ((0, 1), (0, 1), (5, 3))
    """
    return _arrows(layout)


@lru_cache(maxsize=65536)
def _arrows(layout: int) -> tuple[tuple[int, int], ...]:
    return tuple((d, reach) for d, digit in enumerate(digits(layout)) for reach in DIGIT_ARROWS[digit])


def layout_text(layout: int) -> str:
    """The readable form: six tokens, E first, joined by dots."""
    return ".".join(DIGIT_TOKENS[d] for d in digits(layout))


def parse_layout(text: str) -> int:
    """A layout from its readable form (``b.-.-.bb.-.-``) or its six digits (``100400``).

    Raises NotationError with a one-line reason.
    """
    t = text.strip().lower()
    if len(t) == 6 and t.isascii() and t.isdigit():
        return int(t)
    parts = t.split(".")
    if len(parts) != 6:
        raise NotationError(
            f"piece {text!r}: give six digits or six direction tokens joined by dots (E,NE,NW,W,SW,SE)"
        )
    out = []
    for name, token in zip(DIRECTION_NAMES, parts, strict=True):
        if token not in _TOKEN_DIGIT:
            raise NotationError(
                f"piece {text!r}: direction {name} has {token!r}; use -, b, g, r, bb, gg, rr, bg, br or gr"
            )
        out.append(_TOKEN_DIGIT[token])
    return from_digits(out)


def describe(layout: int) -> str:
    """Words for the arrows: ``'blue E, 2 blue W'``; ``'no arrows'`` for the empty piece."""
    parts = []
    for name, digit in zip(DIRECTION_NAMES, digits(layout), strict=True):
        reach = DIGIT_ARROWS[digit]
        if not reach:
            continue
        if len(reach) == 2 and reach[0] == reach[1]:
            parts.append(f"2 {COLOUR_NAMES[reach[0]]} {name}")
        else:
            parts.append(" + ".join(COLOUR_NAMES[r] for r in reach) + f" {name}")
    return ", ".join(parts) if parts else "no arrows"


def canonical_pieces() -> list[int]:
    """Every canonical layout, ascending: one per piece up to rotation and mirroring.

    Each layout not yet marked is the smallest of its orbit (a smaller member would have
    marked it), so marking the orbit of every new one enumerates the orbits once.
    """
    return list(_canonical_table())


@lru_cache(maxsize=1)
def _canonical_table() -> tuple[int, ...]:
    seen = bytearray(LAYOUTS)
    out = []
    for layout in range(LAYOUTS):
        if seen[layout]:
            continue
        out.append(layout)
        for img in _images_nocache(layout):
            seen[img] = 1
    return tuple(out)


def _images_nocache(layout: int) -> tuple[int, ...]:
    d0, d1, d2, d3, d4, d5 = (
        layout // 100000,
        layout // 10000 % 10,
        layout // 1000 % 10,
        layout // 100 % 10,
        layout // 10 % 10,
        layout % 10,
    )
    ds = (d0, d1, d2, d3, d4, d5)
    ms = (d0, d5, d4, d3, d2, d1)
    out = []
    for src in (ds, ms):
        for k in range(6):
            out.append(
                src[-k % 6] * 100000
                + src[(1 - k) % 6] * 10000
                + src[(2 - k) % 6] * 1000
                + src[(3 - k) % 6] * 100
                + src[(4 - k) % 6] * 10
                + src[(5 - k) % 6]
            )
    return tuple(out)


def count_canonical() -> int:
    """How many pieces exist up to rotation and mirroring (by enumeration, cached)."""
    return len(_canonical_table())


def burnside_count() -> int:
    """The same number by Burnside's lemma: the mean number of layouts each symmetry fixes.

    >>> burnside_count()
    86185
    """
    states = len(DIGIT_ARROWS)
    rotations = sum(states ** _gcd(k, 6) for k in range(6))
    # Mirrors through two opposite corners fix those two directions and pair the other four;
    # mirrors through edge midpoints pair all six.
    mirrors = 3 * states**4 + 3 * states**3
    return (rotations + mirrors) // 12


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def piece_index(layout: int) -> int:
    """Position of the piece's canonical layout in :func:`canonical_pieces` (0-based)."""
    import bisect

    table = _canonical_table()
    c = canonical(layout)
    return bisect.bisect_left(table, c)


def piece_at(index: int) -> int:
    """The canonical layout at ``index`` of :func:`canonical_pieces`."""
    table = _canonical_table()
    if not 0 <= index < len(table):
        raise NotationError(f"piece number {index} is outside 0..{len(table) - 1}")
    return table[index]


def ascii_art(layout: int) -> list[str]:
    """A small drawing: the piece in the middle, each arrow's colours at its direction.

    >>> print("\\n".join(ascii_art(100400)))
      .   .
    bb  O  b
      .   .
    """
    ds = digits(layout)

    def tok(i: int) -> str:
        return DIGIT_TOKENS[ds[i]] if ds[i] else "."

    top = f"{tok(2):>3} {tok(1):>3}"
    mid = f"{tok(3):>2}  O  {tok(0)}"
    bottom = f"{tok(4):>3} {tok(5):>3}"
    return [top.rstrip(), mid.rstrip(), bottom.rstrip()]
