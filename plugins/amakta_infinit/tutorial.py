"""Amakta Infinit's guided first game: the auction, creating a set, the first placements."""

from __future__ import annotations

from tafel import Tutorial, TutorialStep

TUTORIAL = Tutorial(
    intro="You are Player 1: first you bid, then you build your own pieces, then you play.",
    steps=(
        TutorialStep(
            "bid:40",
            "Bid 40 points for Black: the bid is set for you, so press Raise to 40.",
            rule="The players bid for Black's points, each bid higher; the other may accept the last bid "
            "and play Black with it. The last bidder plays White.",
            reply="accept",
        ),
        TutorialStep(
            "create:bb.-.-.-.-.-",
            "You play White. Create your first piece: a double blue arrow pointing east.",
            rule="A piece carries arrows: blue points at the next field, green two away, red three. Its "
            "value in points grows with its arrows.",
            reply="create:b.-.-.b.-.-",
        ),
        TutorialStep(
            "create:b.g.-.-.-.-:reinforce",
            "Create a piece with a blue arrow east, a green one north-east and a violet circle.",
            rule="A violet circle counts as one more of your arrows on the piece's field, while an "
            "opposing arrow points there.",
            reply="create:r.-.-.-.-.-",
        ),
        TutorialStep(
            "close",
            "Two pieces are enough for now: close your set.",
            rule="Players create pieces in turn until both close their sets; no set holds the same piece "
            "twice.",
            reply="close",
        ),
        TutorialStep(
            "place:1:0,0:r0",
            "Play begins. Click piece 1, then your base 0,0.",
            rule="Each base has one permanent arrow of its owner, so the first piece goes on your own base.",
            reply="place:1:6,0:r0",
        ),
        TutorialStep(
            "place:2:1,0:r0",
            "Click piece 2, then 1,0: the field your double blue arrow points at.",
            rule="Place a piece on an empty field you control: more of your arrows point at it than of "
            "the other side's.",
        ),
    ),
    outro="Well done! The rest is Amakta: put a piece on Black's base at 6,0 to win.",
)
