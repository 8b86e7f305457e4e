"""Atoll's guided first game: placing, chains, going round a block, reaching an island."""

from __future__ import annotations

from tafel import Tutorial, TutorialStep

from .texts import N_

TUTORIAL = Tutorial(
    intro=N_("You play Black and place first. Each step marks the cell to take on the board."),
    steps=(
        TutorialStep(
            "f6",
            N_("Place your first stone in the middle: click the empty cell f6."),
            rule=N_(
                "Players take turns placing one stone on any empty cell. Stones never move and are "
                "never captured."
            ),
            reply="h4",
        ),
        TutorialStep(
            "e6",
            N_("Click e6, next to your stone, towards your black island on the left."),
            rule=N_(
                "Your stones that touch form a chain. Black wins by joining two opposite black islands: "
                "left-upper with right-lower, or top-right with bottom-left."
            ),
            reply="d7",
        ),
        TutorialStep(
            "d6",
            N_("White stands in the way on d7. Go round it: click d6."),
            rule=N_("Each cell touches six others, so a chain can bend round a stone in its way."),
            reply="c7",
        ),
        TutorialStep(
            "c6",
            N_("White blocks again. Keep going: click c6."),
            rule=N_(
                "On move 2 White may instead take Black's first stone and swap colours (the pie rule): "
                "so do not open too strongly."
            ),
            reply="b7",
        ),
        TutorialStep(
            "b6",
            N_("Click b6: one more cell to your island."),
            rule=N_(
                "White wins by joining its own opposite islands: block White's chains as you build yours."
            ),
            reply="g5",
        ),
        TutorialStep(
            "a6",
            N_("Click a6: your chain now touches your left-upper island."),
            rule=N_("Island stones count as part of your chain. Now reach the right-lower island to win."),
        ),
    ),
    outro=N_(
        "Well done! Join your chain to the black island at the lower right to win; White will try "
        "to stop you."
    ),
)
