"""The console's per-round reporting view: who has been notified, who has not reported.

``GET /console/{slug}/reporting?stage=S&round=N`` (staff, viewer and up): the round's
planned notices (round open, halfway, 24 h before the deadline; done or when due), then
each player — their table, whether they have reported (nothing, a report waiting for
confirmation, a dispute, a result), and each notice made for them: when, read or not, and
every delivery's channel and state (sent, pending, failed with why, gone). The players
still to report come first. Default: the current round of the stage being played."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request
from fastapi.responses import Response
from fastapi.routing import APIRouter

from fairpair.service.event.events import show_event
from fairpair.service.kernel.lookup import stage_key
from fairpair.service.notices.report import round_notices
from fairpair.web.access import DbDep, Viewer
from fairpair.web.console import console_page

ROUTER = APIRouter(include_in_schema=False)


@ROUTER.get("/console/{slug}/reporting")
def reporting_tab(
    request: Request,
    slug: str,
    access: Viewer,
    db: DbDep,
    stage: Annotated[str | None, Query(max_length=80)] = None,
    round: Annotated[int | None, Query(ge=1, le=10_000)] = None,
) -> Response:
    event = show_event(db, slug, with_players=False)
    key = stage_key(db, slug, stage) if event.stages else None
    found = next((s for s in event.stages if s.id == key), None)
    numbers = [r.number for r in found.rounds] if found else []
    number = round if round is not None else (numbers[-1] if numbers else None)
    report = round_notices(db, slug, number, stage=key) if number is not None else None
    players = sorted(report.players, key=lambda p: not p.outstanding) if report else []
    return console_page(
        request,
        access,
        db,
        slug,
        "console/reporting.html",
        tab="reporting",
        event=event,
        stage=found,
        numbers=numbers,
        report=report,
        players=players,
    )
