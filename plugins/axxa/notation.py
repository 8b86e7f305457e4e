"""Reading AxxA positions: the text :meth:`~tafel.games.axxa.rules.AxxaState.to_text` writes.

The text lists the stacks (``cell:pieces`` bottom to top; a digit is a piece the players know,
``[..]`` holds pieces still face down, ``?`` a face-down piece of unknown number), then the
fields ``due``, ``seat``, ``phase`` (``moved`` in phase ``turn``), ``chain``, ``scores``,
``paid`` and ``seed`` (see :mod:`tafel.games.axxa.rules`). Anything else, or a position the
rules cannot reach (too many pieces of a number, a hidden top, a due number that does not
match the triplets removed), is a NotationError with a one-line reason.

>>> parse_stack("[35]2", "c1") == (3, 5, 2 | KNOWN)
True
>>> try:
...     parse_position("c1:[35]", Rules())
... except NotationError as e:
...     print(e)
c1: the top piece is always face up, but '[35]' hides it
"""

from __future__ import annotations

from tafel import NotationError

from .board import SIZE, space_of
from .rules import (
    KNOWN,
    NUMBERS,
    PAY,
    PHASES,
    SOLO_TRIPLETS,
    STACK,
    TAKE,
    TOTAL,
    TURN,
    VALUE,
    AxxaState,
    Rules,
)


def parse_stack(text: str, where: str) -> tuple[int, ...]:
    """The pieces of a stack's text, bottom to top (``where`` names it in errors)."""
    pieces = []
    inside = False
    for ch in text:
        if ch == "[" and not inside:
            inside = True
        elif ch == "]" and inside:
            inside = False
        elif ch == "?" and not inside:
            pieces.append(0)
        elif ch in "123456":
            pieces.append(int(ch) if inside else int(ch) | KNOWN)
        else:
            raise NotationError(f"{where}: {text!r} is not a stack (digits 1-6, [face down], ?)")
    if inside:
        raise NotationError(f"{where}: unclosed '[' in {text!r}")
    if not 1 <= len(pieces) <= STACK:
        raise NotationError(f"{where}: a stack holds 1 to {STACK} pieces, not {len(pieces)}")
    if not pieces[-1] & KNOWN:
        raise NotationError(f"{where}: the top piece is always face up, but {text!r} hides it")
    return tuple(pieces)


def parse_position(text: str, rules: Rules) -> AxxaState:
    """A state from :meth:`AxxaState.to_text`; raises NotationError for anything else.

    >>> s = AxxaState.deal(3)
    >>> parse_position(s.to_text(), Rules()) == s
    True
    """
    stacks: list[tuple[int, ...]] = [() for _ in range(SIZE * SIZE)]
    fields: dict[str, str] = {}
    for token in text.split():
        key, sep, value = token.partition(":")
        key = key.lower()
        if not sep or not value:
            raise NotationError(f"{token!r} should look like key:value (e.g. c1:[35]2 or due:1)")
        if key in ("due", "seat", "phase", "moved", "chain", "scores", "paid", "seed"):
            if key in fields:
                raise NotationError(f"{key} is given twice")
            fields[key] = value
            continue
        try:
            cell = space_of(key)
        except ValueError:
            raise NotationError(f"{key!r} is neither a space of the board nor a field name") from None
        if stacks[cell]:
            raise NotationError(f"two stacks on {key}")
        stacks[cell] = parse_stack(value, key)
    missing = [k for k in ("due", "seat", "phase", "scores", "paid") if k not in fields]
    if missing:
        raise NotationError(f"position lacks {', '.join(missing)}")
    try:
        scores = tuple(int(v) for v in fields["scores"].split(","))
        seat = int(fields["seat"]) - 1
        chain = int(fields.get("chain", "0"))
        seed = None if fields.get("seed", "-") == "-" else int(fields["seed"])
        paid = () if fields["paid"] == "-" else tuple(int(ch) for ch in fields["paid"])
    except ValueError:
        raise NotationError("scores, seat, chain, paid and seed are numbers") from None
    if len(scores) != rules.players:
        raise NotationError(f"scores has {len(scores)} entries for {rules.players} seat(s)")
    if min(scores) < 0 or chain < 0 or any(p not in NUMBERS for p in paid):
        raise NotationError("scores and chain cannot be negative; paid pieces are 1-6")
    if not 0 <= seat < rules.players:
        raise NotationError(f"seat {seat + 1} is not one of 1..{rules.players}")
    phase_text = fields["phase"].lower()
    if phase_text not in PHASES:
        raise NotationError(f"phase {phase_text!r} is not one of {', '.join(PHASES)}")
    phase = PHASES.index(phase_text)
    moved = -1
    if phase == TURN:
        if not rules.rotation_choice:
            raise NotationError("phase turn needs the rotation option 'choice'")
        try:
            moved = space_of(fields.get("moved", ""))
        except ValueError:
            raise NotationError("phase turn needs moved:<space> naming the stack just moved") from None
        if len(stacks[moved]) < 2:
            raise NotationError("the stack to turn needs two or more pieces")
    elif "moved" in fields:
        raise NotationError("moved: belongs to phase turn only")
    state = AxxaState(rules, tuple(stacks), seat, phase, moved, chain, scores, paid, seed)
    due_text = fields["due"]
    want = state.due
    if due_text != (str(want) if want <= 6 else "-"):
        raise NotationError(f"due:{due_text} does not match the {state.triplets} triplet(s) removed")
    if rules.solo and state.triplets > SOLO_TRIPLETS:
        raise NotationError(f"a solo game has at most {SOLO_TRIPLETS} triplets")
    counts = [0] * 8
    pieces = 0
    for s in stacks:
        for p in s:
            counts[p & VALUE] += 1
            pieces += 1
    for n in NUMBERS:
        if counts[n] > state.in_play(n):
            raise NotationError(f"too many {n}s: {counts[n]} on the board, {state.in_play(n)} in play")
    if pieces != sum(state.in_play(n) for n in NUMBERS):
        raise NotationError(
            f"{pieces} pieces on the board, but {TOTAL} minus the paid and removed ones leaves "
            f"{sum(state.in_play(n) for n in NUMBERS)}"
        )
    if phase == TAKE and len(state.candidates()) < 2:
        raise NotationError("phase take needs two or more possible triplets of the number due")
    if phase == PAY and not state.occupied:
        raise NotationError("phase pay needs a piece on the board")
    return state
