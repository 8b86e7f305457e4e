"""Why a move in the auction and the creation: the one-line reason an Amakta Infinit hint gives
(in play the hint is Amakta's, with Amakta's reasons: :mod:`tafel.games.amakta.teach`).

The AI's process writes the reason in English with its numbers in it (``info["reason"]``); the
screen shows it in the player's language through the game's reasons (``GameDef.reasons``).

>>> ACCEPTS.format(bid=70, fair=68)
'accepts: 70 points are worth playing Black (about 68 make up for the first move)'
"""

from __future__ import annotations

from .texts import N_

ACCEPTS = N_("accepts: {bid} points are worth playing Black (about {fair} make up for the first move)")
OPENS = N_("opens low: about {fair} points make Black as good as White with the first move")
RAISES = N_("raises: about {fair} points make Black as good as White with the first move")
CREATES = N_("creates the next of {n} planned pieces: {points} points left to spend")
CLOSES = N_("closes the set: the points left buy no piece worth having")
#: The reasons of the auction and the creation (play adds Amakta's).
REASONS = (ACCEPTS, OPENS, RAISES, CREATES, CLOSES)
