"""The Amakta board on screen: hex fields, arrow pieces, both inventories, and move input.

What the screen shows and how every move is made with the mouse, the keys or a gamepad: the
plugin's README ("The screen").

Hooks for variants (Amakta Infinit uses them and nothing else): a subclass of
:class:`AmaktaView` may override

- the board transform: ``grid``, the fields' geometry (a kit
  :class:`~tafel.kit.hexboard.DoubledHexGrid`; ``arrange`` fits one into the board area, a
  variant may put one under a camera), through which ``cell_center`` and ``cell_at`` go;
  ``arrange()`` (places the areas and the board: call ``layout_areas()``, set ``board_area``,
  ``size``, ``slots``; ``geo_key`` is what the arrangement was made for, None asks for a new
  one), ``view_key()`` (what places the fields on screen, for kept pictures), ``in_view(cell)``
  and ``overlay_rect()`` (where overlays over the fields may draw);
- the board picture: ``draw_board(surface, ctx, pos, last, targets, faded)`` and
  ``finish_board(surface, ctx, state)`` (after everything over the board: end a clip, add marks);
- panels: ``piece_counts()`` (slots per side), ``draw_inventory(...)``, ``draw_slot_tooltip(...)``,
  ``draw_focus_tooltip(...)``, ``prompt(state, legal, live)`` and ``status``;
- start-phase screens: ``sync(state, ctx)`` (called before each draw and event),
  ``draw_start_phase(surface, state, ctx, live)`` and ``start_phase_event(event, state, ctx)``.

It may call ``draw_text``, ``render_text``, ``font`` (the kit's :class:`~tafel.kit.panels.Texts`),
``blit_piece``, ``sprite``, ``draw_tooltip``, ``draw_piece_tooltip``, ``draw_bar``,
``draw_bases``, ``draw_targets_and_pieces``, ``draw_play``, ``panel_key``, ``slot_grid``,
``grid_fit``, ``layout_areas``, ``legal_for`` and ``clear_selection``, and read the attributes
set in ``__init__`` (``state``, ``board``, ``board_area``, ``inv_rects``, ``slots``,
``inv_layers``, ``busy``, ``mode``, ``cursor``, ``cursor_keep``...).

Modules: :mod:`.view` (layout, play screen, hooks), :mod:`.board` (the board picture),
:mod:`.panels` (inventories, bar, tooltips), :mod:`.menu` (the legal moves indexed, input, the
move menu), :mod:`.pieces` (piece pictures, colours).

>>> import pygame
>>> from tafel.games.amakta import GAME
>>> view = AmaktaView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1200, 800))
"""

from .menu import ACTION_LABELS, ACTION_ORDER, Legal
from .pieces import ARROW_COLOURS, BODY, DIR_ANGLES, FIELD, FIELD_EDGE, KEY_DIRS, hex_points, render_piece
from .view import AmaktaView

__all__ = [
    "ACTION_LABELS", "ACTION_ORDER", "ARROW_COLOURS", "BODY", "DIR_ANGLES", "FIELD", "FIELD_EDGE", "KEY_DIRS",
    "AmaktaView", "Legal", "hex_points", "render_piece",
]  # fmt: skip
