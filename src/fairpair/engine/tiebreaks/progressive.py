"""Progressive (cumulative) score. Source: FIDE Handbook C.07, Progressive Score."""

from __future__ import annotations

from collections.abc import Mapping

from fairpair.engine.errors import N_
from fairpair.engine.ledger import progressive_points
from fairpair.engine.players import PlayerId
from fairpair.engine.tiebreaks.base import Tiebreak, ValueKind, defined
from fairpair.engine.tiebreaks.context import TiebreakContext, Value

#: The definition of ``progressive``, one message a paragraph (/help/tiebreaks).
PROGRESSIVE_TEXT = defined(
    N_(
        "Progressive score: the sum of the player's running score after each round (win, loss, "
        "win, draw in chess scoring → 1 + 1 + 2 + 2.5 = 6.5). Early points weigh more."
    ),
    N_("Every round of the stage counts, including rounds the player was not in (0 points)."),
)


def progressive(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Progressive score (its definition: ``PROGRESSIVE_TEXT``)."""
    return {pid: ctx.points(value) for pid, value in progressive_points(ctx.ledger).items()}


#: The definition of ``progressive_cut1``, one message a paragraph (/help/tiebreaks).
PROGRESSIVE_CUT1_TEXT = defined(
    N_(
        "Progressive score Cut-1: the progressive score without the running score after the "
        "first round of the stage (C.07 art. 14.1 applied to the progressive score: its least "
        "significant value is the first round's). Win, loss, win, draw → 1 + 2 + 2½ = 5½."
    ),
    N_("*Source:* C.07 art. 7.5, 14.1."),
)


def progressive_cut1(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Progressive score Cut-1 (its definition: ``PROGRESSIVE_CUT1_TEXT``)."""
    return {pid: ctx.points(value) for pid, value in progressive_points(ctx.ledger, 1).items()}


#: The definition of ``progressive_cut2``, one message a paragraph (/help/tiebreaks).
PROGRESSIVE_CUT2_TEXT = defined(
    N_(
        "Progressive score Cut-2 (PS/C2): the progressive score without the running scores "
        "after the stage's first two rounds. Win, loss, win, draw → 2 + 2½ = 4½."
    ),
    N_("*Source:* C.07 art. 7.5, 14.1."),
)


def progressive_cut2(ctx: TiebreakContext) -> Mapping[PlayerId, Value]:
    """Progressive score Cut-2 (its definition: ``PROGRESSIVE_CUT2_TEXT``)."""
    return {pid: ctx.points(value) for pid, value in progressive_points(ctx.ledger, 2).items()}


TIEBREAKS = (
    Tiebreak(
        "progressive",
        "Progressive score",
        "PS",
        ValueKind.POINTS,
        True,
        PROGRESSIVE_TEXT,
        progressive,
    ),
    Tiebreak(
        "progressive_cut1",
        "Progressive score Cut-1",
        "PS-C1",
        ValueKind.POINTS,
        True,
        PROGRESSIVE_CUT1_TEXT,
        progressive_cut1,
    ),
    Tiebreak(
        "progressive_cut2",
        "Progressive score Cut-2",
        "PS-C2",
        ValueKind.POINTS,
        True,
        PROGRESSIVE_CUT2_TEXT,
        progressive_cut2,
    ),
)
