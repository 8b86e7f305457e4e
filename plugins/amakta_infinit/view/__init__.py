"""The Amakta Infinit screen: the auction, the piece editor, and play under a camera.

It extends the Amakta view (:class:`tafel.games.amakta.view.AmaktaView`) through its documented
hooks only: pieces, arrows, the control overlay, inventories, the action menus and the move input
are the same; what differs is where fields are (``grid``: the kit's hex grid under a camera;
``sync``, ``arrange``, ``view_key``, ``draw_board``, ``finish_board``...) and what comes before
play (``draw_start_phase``, ``start_phase_event``). What the screens show and the keys: the
plugin's README ("The screen"). Modules: :mod:`.view` (the camera and play),
:mod:`.fields` (the unbounded board), :mod:`.auction`, :mod:`.editor`, :mod:`.sets` (the sets
beside the editor) and :mod:`.parts` (sizes, keys, the world mapping).

>>> import pygame
>>> from tafel.games.amakta_infinit import GAME
>>> view = InfinitView(GAME, GAME.resolve_options({}))
>>> view.layout(pygame.Rect(0, 0, 1200, 800))
>>> view.cell_at(view.cell_center((4, 2))), view.cell_at(view.cell_center((-7, -3)))
((4, 2), (-7, -3))
"""

from .parts import world
from .view import InfinitView

__all__ = ["InfinitView", "world"]
