"""Ataxx's guided first game: clones, jumps, captures and a counter-attack, from the start; it
ends on Blue's counter-attack, explained, with the learner to move."""

from __future__ import annotations

from tafel import Tutorial, TutorialStep

TUTORIAL = Tutorial(
    intro="You play Red and move first. Each step marks the move to make on the board.",
    steps=(
        TutorialStep(
            "f2",
            "Click your red stone on g1, then the empty square f2 next to it.",
            rule="Clone: move to a square next to your stone (diagonals too). The stone stays and a new "
            "one appears, so you gain a stone.",
            reply="b2",
        ),
        TutorialStep(
            "a7c5",
            "Now click your stone on a7 and jump two squares to c5.",
            rule="Jump: move to a square exactly two away, in any direction. The stone leaves its square.",
            reply="c3",
        ),
        TutorialStep(
            "c4",
            "Blue came to c3. Click c5, then c4, right next to Blue's stone.",
            rule="After your move, every enemy stone on the eight squares around the square you reached "
            "turns to your colour.",
            reply="b3",
        ),
        TutorialStep(
            "b4",
            "Blue turned c3 and c4 back! Strike again: click c5, then b4, and take three stones.",
            rule="Stones change colour as often as they are surrounded: count what you win, and what "
            "you leave open to the other side.",
            reply="c2",
        ),
        TutorialStep(
            "f2d2",
            "Click your stone on f2 and jump to d2: it turns c2 and c3.",
            rule="A jump captures too, but it leaves its old square empty.",
            # Blue's counter-attack is played and explained here, not left to the AI right
            # after "Well done" (the learner answers it in the game that follows).
            reply="b3d3",
        ),
    ),
    outro="Well done! Blue struck back: its jump to d3 turned four of your stones, so count what "
    "each move leaves open. Your move now: strike back. The game ends when a side has no stones "
    "or no one can move: most stones wins.",
)
