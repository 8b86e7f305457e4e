"""Atoll's guided first game: placing, chains, going round a block, reaching an island."""

from __future__ import annotations

from tafel import Tutorial, TutorialStep

TUTORIAL = Tutorial(
    intro="You play Black and place first. Each step marks the cell to take on the board.",
    steps=(
        TutorialStep(
            "f6",
            "Place your first stone in the middle: click the empty cell f6.",
            rule="Players take turns placing one stone on any empty cell. Stones never move and are "
            "never captured.",
            reply="h4",
        ),
        TutorialStep(
            "e6",
            "Click e6, next to your stone, towards your black island on the left.",
            rule="Your stones that touch form a chain. Black wins by joining two opposite black islands: "
            "left-upper with right-lower, or top-right with bottom-left.",
            reply="d7",
        ),
        TutorialStep(
            "d6",
            "White stands in the way on d7. Go round it: click d6.",
            rule="Each cell touches six others, so a chain can bend round a stone in its way.",
            reply="c7",
        ),
        TutorialStep(
            "c6",
            "White blocks again. Keep going: click c6.",
            rule="On move 2 White may instead take Black's first stone and swap colours (the pie rule): "
            "so do not open too strongly.",
            reply="b7",
        ),
        TutorialStep(
            "b6",
            "Click b6: one more cell to your island.",
            rule="White wins by joining its own opposite islands: block White's chains as you build yours.",
            reply="g5",
        ),
        TutorialStep(
            "a6",
            "Click a6: your chain now touches your left-upper island.",
            rule="Island stones count as part of your chain. Now reach the right-lower island to win.",
        ),
    ),
    outro="Well done! Join your chain to the black island at the lower right to win; White will try "
    "to stop you.",
)
