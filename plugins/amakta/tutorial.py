"""Amakta's guided first game: the start, placing on controlled fields, arrows' reach, rotating,
relocating."""

from __future__ import annotations

from tafel import Tutorial, TutorialStep

TUTORIAL = Tutorial(
    intro="You are Player 1. Each step marks the field to use on the board.",
    steps=(
        TutorialStep(
            "circles:none",
            "Choose No circles: the best start for a first game.",
            rule="Player 1 gives the pieces their circles, then Player 2 chooses a colour. White moves "
            "first.",
            reply="colour:black",
        ),
        TutorialStep(
            "place:1:e1:r0",
            "You play White. Click piece 1 in your inventory, then your base e1 on the left.",
            rule="Each base has one permanent arrow of its owner, so your first piece goes on your own base.",
            reply="place:7:e9:r3",
        ),
        TutorialStep(
            "place:3:e2:r0",
            "Click piece 3 in your inventory, then e2: the field piece 1's arrow points at.",
            rule="Place: put a piece from your inventory on an empty field you control (more of your "
            "arrows point at it than of the other side's).",
            reply="place:2:e7:r0",
        ),
        TutorialStep(
            "place:2:e4:r0",
            "Click piece 2, then e4, two fields on, where piece 3's green arrow points.",
            rule="A blue arrow points at the next field, a green one two fields away, a red one three. "
            "A piece or a hole in between blocks it.",
            reply="place:4:e8:r0",
        ),
        TutorialStep(
            "rotate:e4:r1",
            "Click your piece on e4, choose Rotate, turn it once with R and confirm with Enter.",
            rule="Rotate: turn or mirror one of your free pieces (on a field you control or nobody "
            "does) on its field.",
            reply="rotate:e8:r1",
        ),
        TutorialStep(
            "relocate:e4:f4:r0",
            "Click your piece on e4, choose Relocate, then f4, and confirm it unturned.",
            rule="Take and place in one move: relocate a piece, replace one with another, and more.",
        ),
    ),
    outro="Well done! Put a piece on Black's base e9 to win; Black will try to reach yours.",
)
