"""The board kit: public building blocks for board views, and a complete view for grid games.

A plugin imports these from ``tafel.kit`` (PLUGINS.md lists them): grids (square and hex cells,
pixel to cell, cursor steps, rim labels), motion (easing, tweens, ready piece animations),
pieces (stones, gems, tiles, crosses, rings, sprite caches), overlays (marks, targets, hints,
chains), layers (kept pictures), widgets (buttons, choice rows, tooltips, context menus: the ones
the core's own screens use) and :class:`GridBoardView`.

>>> import tafel.kit
>>> {"GridBoardView", "HexGrid", "SquareGrid", "Motion", "Layer", "stone"} <= set(tafel.kit.__all__)
True
"""

from tafel.kit.boards import paint_board, plate
from tafel.kit.grid_view import GridBoardView
from tafel.kit.grids import Cursor, Grid, HexGrid, SquareGrid, hexagon, rectangle
from tafel.kit.layers import KeptArea, Layer, ScreenLayer, unaligned_surface
from tafel.kit.motion import (
    Capture,
    Drop,
    Flip,
    Jump,
    Motion,
    PieceAnimation,
    Place,
    Pose,
    Remove,
    Slide,
    Tween,
    arc,
    diff_animations,
    ease_in,
    ease_in_out,
    ease_out,
    ease_out_back,
    linear,
)
from tafel.kit.overlays import (
    arrow,
    blit_centered,
    cell_mark,
    draw_chain,
    draw_cursor,
    draw_hint,
    pulse,
    target,
)
from tafel.kit.pieces import (
    Sprites,
    blur,
    cross,
    fast,
    gem,
    polygon,
    ring,
    rounded,
    stone,
    stroke,
    supersampled,
    tile,
)
from tafel.kit.widgets import Button, ChoiceRow, ContextMenu, FocusList, Skin, Tooltip, Widget

__all__ = [
    "Button", "ChoiceRow", "ContextMenu", "FocusList", "Skin", "Tooltip", "Widget",
    "Capture", "Cursor", "Drop", "Flip", "Grid", "GridBoardView", "HexGrid", "Jump", "KeptArea", "Layer", "Motion",
    "PieceAnimation", "Place", "Pose", "Remove", "ScreenLayer", "Slide", "SquareGrid", "Sprites", "Tween",
    "arc", "arrow", "blit_centered", "blur", "cell_mark", "cross", "diff_animations", "draw_chain",
    "draw_cursor", "draw_hint", "ease_in", "ease_in_out", "ease_out", "ease_out_back", "fast", "gem",
    "hexagon", "linear", "paint_board", "plate", "polygon", "pulse", "rectangle", "ring", "rounded",
    "stone", "stroke", "supersampled", "target", "tile", "unaligned_surface",
]  # fmt: skip

# Forms: a group of controls with a default and a focus, tiles, a number field, rows and grids.
from tafel.kit.forms import Form, NumberField, Tile, choices, grid, paragraph, pixels, split  # noqa: E402

__all__ += ["Form", "NumberField", "Tile", "grid", "paragraph", "pixels", "split"]

# Travelling and flying pieces, celebrations and text at pixel sizes (issue 15).
from tafel.kit.effects import Celebration  # noqa: E402
from tafel.kit.motion import Fly, Travel  # noqa: E402
from tafel.kit.text import card, label  # noqa: E402

__all__ += ["Celebration", "Fly", "Travel", "card", "label"]

# Markers: an arrow at the edge of a view towards what is off screen.
from tafel.kit.markers import edge_marker  # noqa: E402

__all__ += ["choices", "edge_marker"]

# Hex boards in rows (doubled coordinates), panels beside a board, mended pictures, camera drags
# (issue 15).
from tafel.kit.hexboard import DoubledHexGrid, dashed, hex_points, x_mark  # noqa: E402
from tafel.kit.layers import KeptPanel, MendedBoard  # noqa: E402
from tafel.kit.panels import BoardLayout, Texts, board_layout, button_row, slot_grid, tip  # noqa: E402
from tafel.kit.panning import CameraDrag  # noqa: E402

__all__ += ["BoardLayout", "CameraDrag", "DoubledHexGrid", "KeptPanel", "MendedBoard", "Texts"]
__all__ += ["board_layout", "button_row", "dashed", "hex_points", "slot_grid", "tip", "x_mark"]
from tafel.kit.controls import CellControls  # noqa: E402

__all__ += ["CellControls"]
from tafel.kit.boards import KeptBoard  # noqa: E402

__all__ += ["KeptBoard"]
