"""``/api/v1/events/{slug}/rounds/{number}/clock``: a round's timer, as the console's buttons
run it (``service.rounds.clock``): read it, start it at N minutes, pause, resume, add or take
away time, take it away. The timer runs while the round is In Progress; each change is one
transaction with its audit entry, and the big screen and the public pages follow live."""

from __future__ import annotations

from fastapi import APIRouter, Response

from fairpair.api.bodies import ClockAdd, ClockStart
from fairpair.api.params import RoundNumber, Slug, StageQuery
from fairpair.responses.clock import RoundClockView
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.rounds import clock
from fairpair.web.access import DbDep, Judge, Public

ROUTER = APIRouter(tags=["rounds"])
PATH = "/events/{slug}/rounds/{number}/clock"


@ROUTER.get(PATH, response_model=RoundClockView)
def show_clock(
    slug: Slug, number: RoundNumber, access: Public, db: DbDep, stage: StageQuery = None
) -> RoundClockView:
    """The round's timer now: running (until ``ends_at``), paused (``left_seconds``) or off."""
    return clock.clock_view(db, slug, number, stage=stage_key(db, slug, stage))


@ROUTER.post(PATH + "/start", response_model=RoundClockView)
def start_clock(
    slug: Slug,
    number: RoundNumber,
    body: ClockStart,
    access: Judge,
    db: DbDep,
    stage: StageQuery = None,
) -> RoundClockView:
    """Start the timer of a round In Progress at ``minutes`` (a running or paused timer
    starts again)."""
    key = stage_key(db, slug, stage)
    clock.start_clock(db, slug, number, minutes=body.minutes, actor=access.actor, stage=key)
    return clock.clock_view(db, slug, number, stage=key)


@ROUTER.post(PATH + "/pause", response_model=RoundClockView)
def pause_clock(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> RoundClockView:
    """Pause the running timer (the seconds left are kept)."""
    key = stage_key(db, slug, stage)
    clock.pause_clock(db, slug, number, actor=access.actor, stage=key)
    return clock.clock_view(db, slug, number, stage=key)


@ROUTER.post(PATH + "/resume", response_model=RoundClockView)
def resume_clock(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> RoundClockView:
    """Run the paused timer again from the seconds it had left."""
    key = stage_key(db, slug, stage)
    clock.resume_clock(db, slug, number, actor=access.actor, stage=key)
    return clock.clock_view(db, slug, number, stage=key)


@ROUTER.post(PATH + "/add", response_model=RoundClockView)
def add_time(
    slug: Slug,
    number: RoundNumber,
    body: ClockAdd,
    access: Judge,
    db: DbDep,
    stage: StageQuery = None,
) -> RoundClockView:
    """Add ``minutes`` to the timer, running or paused (negative: take time away)."""
    key = stage_key(db, slug, stage)
    clock.extend_clock(db, slug, number, minutes=body.minutes, actor=access.actor, stage=key)
    return clock.clock_view(db, slug, number, stage=key)


@ROUTER.delete(PATH, status_code=204, response_class=Response)
def reset_clock(
    slug: Slug, number: RoundNumber, access: Judge, db: DbDep, stage: StageQuery = None
) -> Response:
    """Take the timer away (the big screen falls back to the round's dates)."""
    clock.reset_clock(db, slug, number, actor=access.actor, stage=stage_key(db, slug, stage))
    return Response(status_code=204)
