"""The Amakta rules as a module of their own, for this plugin and for variants that import it.

- :mod:`.pieces`: piece geometry (arrows per direction, the 12 symmetries, canonical forms,
  the 86185 pieces), independent of any board;
- :mod:`.board`: hex coordinates, finite boards with holes, board files (the unbounded board is
  Amakta Infinit's, in that plugin);
- :mod:`.sets`: piece sets as data;
- :mod:`.engine`: control, freedom and the eleven moves on any board (:class:`Position`);
- :mod:`.state`: standard Amakta as a game state (start phase, draws, resignation, notation);
- :mod:`.catalog`: the shipped board and set files.
"""

from .board import BLACK, DIRECTIONS, WHITE, Board, DataError, HexBoard
from .engine import COLOUR_NAMES, Equipment, Move, Position
from .pieces import PIECE_COUNT, canonical, count_canonical
from .sets import PieceSet
from .state import AmaktaState

__all__ = [
    "BLACK",
    "COLOUR_NAMES",
    "DIRECTIONS",
    "PIECE_COUNT",
    "WHITE",
    "AmaktaState",
    "Board",
    "DataError",
    "Equipment",
    "HexBoard",
    "Move",
    "PieceSet",
    "Position",
    "canonical",
    "count_canonical",
]
