"""Colours the core and plugins draw with. One place, so a colour-blind-safe palette is one switch.

A game names its seat colours by a *palette* (``GameDef.palette``): ``red-blue`` (the default),
``black-white`` (stones), ``contrast`` (crosses and noughts: warm against cool) or ``four`` (up
to four seats). Each palette gives the board's colours (what a view paints through
``theme.seat(i)``) and the panel's (the dots and names beside the board,
``theme.panel_seat(i)``): where a board colour cannot read on the dark panel, black stones, the
panel's is a lighter shade of it. Every panel colour has a contrast of 3:1 or more on the panel
(``check`` measures it), in the default and the colour-blind theme alike.

>>> theme = DEFAULT.with_palette("black-white")
>>> theme.seat(0), theme.panel_seat(0) != theme.seat(0)
((30, 30, 34), True)
>>> round(contrast(theme.panel_seat(0), theme.panel), 1) >= 3.0
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

Color = tuple[int, int, int]


@dataclass(frozen=True)
class SeatPalette:
    """Seat colours by seat: ``board`` for the pieces, ``panel`` (default: the same) for the panel."""

    name: str
    board: tuple[Color, ...]
    panel: tuple[Color, ...] = ()

    def __post_init__(self) -> None:
        if not self.panel:
            object.__setattr__(self, "panel", self.board)


def _palettes(*palettes: SeatPalette) -> dict[str, SeatPalette]:
    return {p.name: p for p in palettes}


#: Named seat palettes of the default theme.
PALETTES = _palettes(
    SeatPalette("red-blue", ((214, 48, 49), (40, 110, 220), (60, 170, 90), (235, 190, 40))),
    SeatPalette(
        "black-white",
        ((30, 30, 34), (240, 240, 236)),
        ((124, 128, 140), (240, 240, 236)),  # the black stone's panel dot: a slate that reads on the panel
    ),
    SeatPalette("contrast", ((230, 96, 40), (60, 150, 230))),
    SeatPalette("four", ((214, 48, 49), (40, 110, 220), (60, 170, 90), (235, 190, 40))),
)
#: The same palettes for colour-blind players (Okabe-Ito based).
COLORBLIND_PALETTES = _palettes(
    SeatPalette("red-blue", ((213, 94, 0), (30, 136, 204), (0, 158, 115), (240, 228, 66))),
    SeatPalette("black-white", ((30, 30, 34), (240, 240, 236)), ((124, 128, 140), (240, 240, 236))),
    SeatPalette("contrast", ((230, 159, 0), (86, 180, 233))),
    SeatPalette("four", ((213, 94, 0), (30, 136, 204), (0, 158, 115), (240, 228, 66))),
)


def luminance(color: Color) -> float:
    """The relative luminance of an sRGB colour (WCAG 2), 0 for black to 1 for white."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    """The WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white).

    >>> round(contrast((0, 0, 0), (255, 255, 255)), 1), contrast((9, 9, 9), (9, 9, 9))
    (21.0, 1.0)
    """
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@dataclass(frozen=True)
class Theme:
    background: Color = (22, 26, 34)
    panel: Color = (34, 40, 52)
    panel_edge: Color = (64, 74, 94)
    text: Color = (232, 234, 240)
    text_dim: Color = (150, 158, 175)
    accent: Color = (255, 196, 64)
    danger: Color = (232, 80, 80)
    ok: Color = (96, 200, 120)
    board: Color = (196, 160, 108)
    board_dark: Color = (168, 132, 84)
    grid: Color = (92, 68, 40)
    blocked: Color = (70, 60, 52)
    highlight: Color = (255, 235, 120)
    #: Move targets: near (e.g. a step) and far (e.g. a jump) targets drawn in distinct styles.
    target_near: Color = (120, 230, 140)
    target_far: Color = (110, 170, 255)
    last_move: Color = (255, 140, 60)
    hint: Color = (240, 90, 240)
    #: Seat colours, in seat order (Red/Black first): the board's colours of the palette in use
    #: (:meth:`with_palette`). Games may use their own names for them.
    seats: tuple[Color, ...] = PALETTES["red-blue"].board
    #: The panel's colours of the same seats (a black stone's is lighter than the board's).
    panel_seats: tuple[Color, ...] = PALETTES["red-blue"].panel
    #: The named palettes this theme offers (:data:`PALETTES`).
    palettes: dict[str, SeatPalette] = field(
        default_factory=lambda: dict(PALETTES), compare=False, hash=False
    )
    #: Light and dark stones for games with black/white pieces.
    stone_dark: Color = (30, 30, 34)
    stone_light: Color = (240, 240, 236)
    #: Screens: cards on the panel, buttons, the keyboard focus ring, the dimming veil of overlays.
    card: Color = (42, 49, 64)
    button: Color = (50, 58, 76)
    button_hover: Color = (66, 77, 100)
    button_primary: Color = (255, 196, 64)
    button_primary_text: Color = (30, 26, 18)
    focus: Color = (255, 208, 96)
    shadow: Color = (10, 12, 16)
    veil_alpha: int = 170
    disabled: Color = (92, 98, 112)

    def seat(self, index: int) -> Color:
        """The board colour of seat ``index``."""
        return self.seats[index % len(self.seats)]

    def panel_seat(self, index: int) -> Color:
        """The panel colour of seat ``index`` (a dot or a name beside the board)."""
        return self.panel_seats[index % len(self.panel_seats)]

    def on_panel(self, color: Color) -> Color:
        """The panel's shade of a board colour: a palette's board colour gives that palette's
        panel colour (a black stone a slate dot), any other colour itself."""
        for palette in (self.palettes.get(n) for n in sorted(self.palettes)):
            if palette is not None and color in palette.board:
                return palette.panel[palette.board.index(color)]
        return color

    def with_palette(self, name: str | None) -> Theme:
        """This theme with the seat colours of palette ``name`` (None or unknown: unchanged).
        The same theme and name give the very same object (the play screen asks every frame,
        and kept pictures compare their theme).

        >>> DEFAULT.with_palette("four") is DEFAULT.with_palette("four")
        True
        """
        palette = self.palettes.get(name) if name else None
        if palette is None:
            return self
        return _themed(self, palette)


@lru_cache(maxsize=64)
def _themed(theme: Theme, palette: SeatPalette) -> Theme:
    return replace(theme, seats=palette.board, panel_seats=palette.panel)


DEFAULT = Theme()
#: Okabe-Ito based palette, safe for the common colour-vision deficiencies.
COLORBLIND = replace(
    DEFAULT,
    seats=COLORBLIND_PALETTES["red-blue"].board,
    panel_seats=COLORBLIND_PALETTES["red-blue"].panel,
    palettes=dict(COLORBLIND_PALETTES),
    target_near=(86, 180, 233),
    target_far=(230, 159, 0),
    last_move=(204, 121, 167),
    danger=(213, 94, 0),
    ok=(0, 158, 115),
)
