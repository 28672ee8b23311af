"""``/api/v1/events/{slug}/rounds``: released rounds and their lifecycle, as in the console:
release the draft (Scheduled, public as Upcoming), open (In Progress), complete, revert,
delete, swap two players, set the dates."""

from __future__ import annotations

from fastapi import APIRouter, Response

from fairpair.api.answers import NextRound, RoundSwapped
from fairpair.api.bodies import Dates, Exchange
from fairpair.api.params import RoundNumber, Slug, StageQuery
from fairpair.responses.events import RoundItem, RoundView
from fairpair.service.event.events import show_event
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.rounds import flow
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import DbDep, Judge, Public

ROUTER = APIRouter(tags=["rounds"])


@ROUTER.get("/events/{slug}/rounds", response_model=list[RoundItem])
def list_rounds(slug: Slug, access: Public, db: DbDep, stage: StageQuery = None) -> list[RoundItem]:
    """The stage's released rounds: state, tables, results still missing, dates."""
    key = stage_key(db, slug, stage)
    return next(s.rounds for s in show_event(db, slug).stages if s.id == key)


@ROUTER.post("/events/{slug}/rounds", response_model=RoundView, status_code=201)
def release_draft(slug: Slug, access: Judge, db: DbDep, stage: StageQuery = None) -> RoundView:
    """Release the draft: the round and its matches are created, Scheduled (public)."""
    key = stage_key(db, slug, stage, to_pair=True)
    number = rounds.release(db, slug, actor=access.actor, stage=key)
    return round_view(db, slug, number, stage=key)


@ROUTER.post("/events/{slug}/rounds/next", response_model=NextRound)
def next_round(slug: Slug, access: Judge, db: DbDep, stage: StageQuery = None) -> NextRound:
    """The console's "Next round" in one transaction: complete the live round, pair the next
    one, release it and open it (refused, changing nothing, while a result is missing); a
    draft with a warning waits for review (``opened`` false)."""
    started = flow.next_round(db, slug, actor=access.actor, stage=stage)
    return NextRound(
        event=slug,
        stage=started.stage,
        round=started.round,
        name=started.name,
        opened=started.opened,
        completed=started.completed,
        completed_stage=started.completed_stage,
        warnings=list(started.warnings),
    )


@ROUTER.get("/events/{slug}/rounds/{number}", response_model=RoundView)
def show_round(
    slug: Slug, number: RoundNumber, access: Public, db: DbDep, stage: StageQuery = None
) -> RoundView:
    """A released round: tables (who plays first, results), byes, dates, the notes."""
    return round_view(db, slug, number, stage=stage)


@ROUTER.post("/events/{slug}/rounds/{number}/open", response_model=RoundView)
def open_round(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> RoundView:
    """Start a Scheduled round (In Progress): results can be reported."""
    rounds.open_round(db, slug, number, actor=access.actor, stage=stage)
    return round_view(db, slug, number, stage=stage)


@ROUTER.post("/events/{slug}/rounds/{number}/complete", response_model=RoundView)
def complete_round(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> RoundView:
    """Close an Open round once every match has a result (refused, with the count, before)."""
    rounds.complete_round(db, slug, number, actor=access.actor, stage=stage)
    return round_view(db, slug, number, stage=stage)


@ROUTER.post("/events/{slug}/rounds/{number}/revert", response_model=RoundView)
def revert_round(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> RoundView:
    """Put an Open round back to Scheduled (while no match has a result)."""
    rounds.revert_round(db, slug, number, actor=access.actor, stage=stage)
    return round_view(db, slug, number, stage=stage)


@ROUTER.delete("/events/{slug}/rounds/{number}", status_code=204, response_class=Response)
def delete_round(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> Response:
    """Delete a Scheduled round with its matches (generate it again)."""
    rounds.delete_round(db, slug, number, actor=access.actor, stage=stage)
    return Response(status_code=204)


@ROUTER.post("/events/{slug}/rounds/{number}/swap", response_model=RoundSwapped)
def swap_players(
    slug: Slug,
    number: RoundNumber,
    body: Exchange,
    access: Judge,
    db: DbDep,
    stage: StageQuery = None,
) -> RoundSwapped:
    """Exchange two players between the tables of a Scheduled round (tosses re-synced)."""
    changed = rounds.swap(
        db, slug, number, body.player, body.other, actor=access.actor, stage=stage
    )
    key = stage_key(db, slug, stage)
    return RoundSwapped(event=slug, stage=key, round=number, changed_tables=changed)


@ROUTER.put("/events/{slug}/rounds/{number}/dates", response_model=RoundView)
def set_dates(
    slug: Slug,
    number: RoundNumber,
    body: Dates,
    access: Judge,
    db: DbDep,
    stage: StageQuery = None,
) -> RoundView:
    """Set when the round starts and ends (a field left out stays as it is)."""
    current = round_view(db, slug, number, stage=stage)
    given = body.model_fields_set
    rounds.set_dates(
        db,
        slug,
        number,
        actor=access.actor,
        starts_at=body.starts_at if "starts_at" in given else current.starts_at,
        ends_at=body.ends_at if "ends_at" in given else current.ends_at,
        stage=stage,
    )
    return round_view(db, slug, number, stage=stage)
