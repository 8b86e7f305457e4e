"""AxxA's guided first game (solo, deal 5): moving by the top number, paying, the first triplet."""

from __future__ import annotations

from tafel import Tutorial, TutorialStep

from .texts import N_

TUTORIAL = Tutorial(
    seed=5,
    intro=N_("A solo puzzle: remove three 1s, then three 2s, and so on up to the 6s."),
    steps=(
        TutorialStep(
            "g3-e5",
            N_("Click the stack on g3 (it shows a 4), then e5: two spaces left, two up."),
            rule=N_(
                "A stack moves exactly as many spaces as its top number, with at most one right-angle "
                "turn; then its top piece goes underneath."
            ),
        ),
        TutorialStep(
            "pay:c1",
            N_("No three 1s were joined, so the turn costs a piece: click the 4 on c1 to pay with it."),
            rule=N_(
                "A turn that removes no triplet of the number due is paid with a face-up piece of your "
                "choice."
            ),
        ),
        TutorialStep(
            "a4-f5",
            N_("Click the 6 on a4, then f5: five spaces right, one up. Watch the 1s."),
            rule=N_(
                "Three pieces of the number due that touch in a chain (straight, diagonal or bent) are "
                "removed."
            ),
        ),
        TutorialStep(
            "c1-c3",
            N_("The 2s are due now. Click the 2 on c1, then c3, two spaces up."),
            rule=N_(
                "Triplets go in order: the 1s, then the 2s, and so on. A stack never jumps over or lands "
                "on another."
            ),
        ),
        TutorialStep(
            "pay:g5",
            N_("Pay for this turn with the 1 on g5."),
            rule=N_("Paying can uncover the piece beneath it: pay with a piece you do not need."),
        ),
    ),
    outro=N_("Well done! Three 2s can be joined in one move now: find it. You win when the 6s are gone."),
)
