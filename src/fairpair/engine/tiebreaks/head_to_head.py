"""Head-to-head (direct encounter). Source: FIDE Handbook C.07, Direct Encounter; seed 001
("None of the three played each other, so head-to-head can't separate them")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations

from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind
from fairpair.engine.tiebreaks.context import TiebreakContext, Value


def head_to_head(ctx: TiebreakContext, tied: Sequence[PlayerId]) -> Mapping[PlayerId, Value] | None:
    """Head-to-head: among exactly the players tied at this point, the points each scored in
    the matches they played against the others. It applies only when every tied player has
    met every other one, and only when it separates them (not all equal); otherwise it
    leaves the tie as it is and shows no value."""
    index = ctx.head_to_head_index
    if len(tied) < 2:
        return None
    for a, b in combinations(tied, 2):
        if (a, b) not in index:
            return None
    scores = {p: sum(index[(p, o)] for o in tied if o != p) for p in tied}
    if len(set(scores.values())) == 1:
        return None
    return {p: ctx.points(v) for p, v in scores.items()}


TIEBREAKS = (
    Tiebreak(
        "head_to_head",
        "Head-to-head",
        "H2H",
        ValueKind.POINTS,
        True,
        head_to_head.__doc__ or "",
        compute_among=head_to_head,
    ),
)
