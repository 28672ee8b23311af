"""``/api/v1/events/{slug}/toss``: the Toss table (who played first each round, toss wins,
rate, balance, manual count), flipping one table's toss by hand, and recalculating a
round's automatic tosses (manual picks are kept)."""

from __future__ import annotations

from fastapi import APIRouter

from fairpair.api.answers import TossFlipped, TossRecalculated
from fairpair.api.bodies import TossFlip
from fairpair.api.params import RoundNumber, Slug, StageQuery, TableNumber
from fairpair.responses.toss import TossTableResponse, toss_response
from fairpair.service.rounds import toss as tosses
from fairpair.web.access import DbDep, Judge, Public

ROUTER = APIRouter(tags=["toss"])


@ROUTER.get("/events/{slug}/toss", response_model=TossTableResponse)
def show_toss_table(
    slug: Slug, access: Public, db: DbDep, stage: StageQuery = None
) -> TossTableResponse:
    tournament, table = tosses.toss_table(db, slug, stage=stage)
    return toss_response(table, tournament)


@ROUTER.post("/events/{slug}/toss/{number}/{table}/flip", response_model=TossFlipped)
def flip_toss(
    slug: Slug,
    number: RoundNumber,
    table: TableNumber,
    body: TossFlip,
    access: Judge,
    db: DbDep,
    stage: StageQuery = None,
) -> TossFlipped:
    """Set who plays first at a table by hand (never overwritten by a recalculation)."""
    who = tosses.flip(db, slug, number, table, actor=access.actor, stage=stage, first=body.first)
    return TossFlipped(event=slug, round=number, table=table, first=who, manual=True)


@ROUTER.post("/events/{slug}/toss/{number}/recalculate", response_model=TossRecalculated)
def recalculate_tosses(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> TossRecalculated:
    """Compute the round's automatic tosses again; the tables whose toss changed."""
    changed = tosses.recalculate(db, slug, number, actor=access.actor, stage=stage)
    return TossRecalculated(event=slug, round=number, changed_tables=changed)
