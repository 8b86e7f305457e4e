"""The board kit: public building blocks for board views, and a complete view for grid games.

A plugin imports these from ``tafel.kit`` itself, never from its submodules (``__all__`` is the
public part; PLUGINS.md, "The public API", lists them), one module a concern:

- ``grids``: square and hex cells (any set of cells, holes, unbounded under a camera), pixel to
  cell, cursor steps, rim labels; ``hexboard``: hex boards in rows (doubled coordinates);
- ``motion``: easing, tweens, ready piece animations (place, slide, jump, flip, remove, capture,
  travel, fly); ``effects``: a celebration;
- ``pieces``: stones, gems, tiles, crosses, rings, sprite caches; ``overlays``: marks, targets,
  hints, chains, the keyboard cursor; ``markers``: arrows towards what is off screen;
- ``layers`` and ``boards``: kept pictures (a long-lived view draws what a fresh one draws);
- ``widgets``: buttons, choice rows, tooltips, context menus (the ones the core's own screens
  use); ``forms``: groups of controls with a focus, tiles, number fields; ``panels``: the
  panels beside a board; ``text``: text at pixel sizes;
- ``controls`` (mouse, keyboard and gamepad on cells), ``panning`` (clicks and drags under a
  camera), and :class:`GridBoardView`, a complete view from a few hooks;
- notation: cell names (``square_name``, ``parse_square``, ``hex_name``, ``parse_hex``) and
  :class:`BoardText`, a board as FEN-like text (from :mod:`tafel.notation`, public from
  ``tafel`` as well, since a game's rules do not import the kit).

>>> import tafel.kit
>>> {"GridBoardView", "HexGrid", "SquareGrid", "Motion", "Layer", "stone"} <= set(tafel.kit.__all__)
True
"""

from tafel.kit.boards import KeptBoard, paint_board, plate
from tafel.kit.controls import CellControls
from tafel.kit.effects import Celebration
from tafel.kit.forms import Form, NumberField, Tile, choices, grid, paragraph, pixels, split
from tafel.kit.grid_view import GridBoardView
from tafel.kit.grids import Cursor, Grid, HexGrid, SquareGrid, hexagon, rectangle
from tafel.kit.hexboard import SQRT3, DoubledHexGrid, dashed, hex_points, x_mark
from tafel.kit.layers import KeptArea, KeptPanel, Layer, MendedBoard, ScreenLayer, unaligned_surface
from tafel.kit.markers import edge_marker
from tafel.kit.motion import (
    Capture,
    Drop,
    Flip,
    Fly,
    Jump,
    Motion,
    PieceAnimation,
    Place,
    Pose,
    Remove,
    Slide,
    Travel,
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
from tafel.kit.panels import BoardLayout, Texts, board_layout, button_row, slot_grid, tip
from tafel.kit.panning import CameraDrag
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
from tafel.kit.text import card, font, label
from tafel.kit.widgets import Button, ChoiceRow, ContextMenu, FocusList, Skin, Tooltip, Widget, is_activate
from tafel.notation import BoardText, hex_name, parse_hex, parse_square, square_name

__all__ = [
    "BoardLayout", "Button", "CameraDrag", "Capture", "Celebration", "CellControls", "ChoiceRow",
    "ContextMenu", "Cursor", "DoubledHexGrid", "Drop", "Flip", "Fly", "FocusList", "Form", "Grid",
    "GridBoardView", "HexGrid", "Jump", "KeptArea", "KeptBoard", "KeptPanel", "Layer", "MendedBoard",
    "Motion", "NumberField", "PieceAnimation", "Place", "Pose", "Remove", "SQRT3", "ScreenLayer", "Skin",
    "Slide", "Sprites", "SquareGrid", "Texts", "Tile", "Tooltip", "Travel", "Tween", "Widget", "arc",
    "arrow", "blit_centered", "blur", "board_layout", "button_row", "card", "cell_mark", "choices",
    "cross", "dashed", "diff_animations", "draw_chain", "draw_cursor", "draw_hint", "ease_in",
    "ease_in_out", "ease_out", "ease_out_back", "edge_marker", "fast", "font", "gem", "grid",
    "hex_points", "hexagon", "is_activate", "label", "linear", "paint_board", "paragraph", "pixels",
    "plate", "polygon", "pulse", "rectangle", "ring", "rounded", "slot_grid", "split", "stone", "stroke",
    "supersampled", "target", "tile", "tip", "unaligned_surface", "x_mark",
    # notation (tafel.notation, also public from tafel for rules modules)
    "BoardText", "hex_name", "parse_hex", "parse_square", "square_name",
]  # fmt: skip
