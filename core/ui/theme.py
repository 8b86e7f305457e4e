"""Colours the core and plugins draw with. One place, so a colour-blind-safe palette is one switch."""

from __future__ import annotations

from dataclasses import dataclass, replace

Color = tuple[int, int, int]


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
    #: Seat colours, in seat order (Red/Black first). Games may use their own names for them.
    seats: tuple[Color, ...] = ((214, 48, 49), (40, 110, 220), (60, 170, 90), (235, 190, 40))
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
        return self.seats[index % len(self.seats)]


DEFAULT = Theme()
#: Okabe-Ito based palette, safe for the common colour-vision deficiencies.
COLORBLIND = replace(
    DEFAULT,
    seats=((213, 94, 0), (0, 114, 178), (0, 158, 115), (240, 228, 66)),
    target_near=(86, 180, 233),
    target_far=(230, 159, 0),
    last_move=(204, 121, 167),
    danger=(213, 94, 0),
    ok=(0, 158, 115),
)
