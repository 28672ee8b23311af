"""``/api/v1/events/{slug}/results``: report a match's result, correct one (audited, with a
reason), and the matches still waiting for one.

The contract other clients rely on: ``POST`` with ``{"round": 3, "table": 12, "result":
"2-1"}`` (optional ``"stage"``; the result told from side a, read by
``fairpair.interop.typed_text.parse_result``: ``draw``, ``½-½``, ``=`` are draws) answers 201
with the recorded match — with a ``note`` when there is something to know (a draw of a
best-of-three without its games: GW% counts no games for it); ``PUT`` with ``{"round",
"table", "result", "reason"}`` corrects it. A ``POST`` may carry an ``Idempotency-Key`` header
(8 to 100 letters, digits or ``-_.:``): the same key sent again is answered with the first
answer and records nothing; with a key, a match recorded meanwhile by someone else with the
same result is answered as recorded, and with a different one is refused (409) naming both."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header

from fairpair.api.answers import Outstanding, OutstandingMatch, RecordedMatch
from fairpair.api.bodies import ResultCorrection, ResultReport
from fairpair.api.params import Slug, StageQuery
from fairpair.interop.typed_text import parse_result
from fairpair.service.event.events import show_event
from fairpair.service.results import recording as results
from fairpair.service.rounds.repeats import round_view
from fairpair.web.access import DbDep, Judge, Public

ROUTER = APIRouter(tags=["results"])


def _answer(slug: str, recorded: results.Recorded) -> RecordedMatch:
    return RecordedMatch(
        event=slug,
        round=recorded.round,
        table=recorded.table,
        match=recorded.match_id,
        a=recorded.a,
        b=recorded.b,
        result=recorded.result,
        version=recorded.version,
        note=recorded.note,
        autopilot=recorded.autopilot.text if recorded.autopilot is not None else None,
    )


@ROUTER.post(
    "/events/{slug}/results",
    response_model=RecordedMatch,
    response_model_exclude_none=True,  # "note" only when there is something to know
    status_code=201,
)
def report_result(
    slug: Slug,
    body: ResultReport,
    access: Judge,
    db: DbDep,
    idempotency_key: Annotated[str | None, Header(max_length=100)] = None,
) -> RecordedMatch:
    """Report a match's result (the first report wins; a second is told what is recorded).
    With an ``Idempotency-Key`` header, a retry of the same key gets the first answer."""
    result = parse_result(body.result, "result")
    recorded = results.report(
        db,
        slug,
        body.round,
        result,
        actor=access.actor,
        table=body.table,
        stage=body.stage,
        key=idempotency_key,
    )
    return _answer(slug, recorded)


@ROUTER.put(
    "/events/{slug}/results", response_model=RecordedMatch, response_model_exclude_none=True
)
def correct_result(slug: Slug, body: ResultCorrection, access: Judge, db: DbDep) -> RecordedMatch:
    """Change a recorded result: an explicit correction, written to the audit log."""
    result = parse_result(body.result, "result")
    recorded = results.correct(
        db,
        slug,
        body.round,
        body.table,
        result,
        actor=access.actor,
        reason=body.reason,
        version=body.version,
        stage=body.stage,
    )
    assert recorded is not None  # a result was given, so one is recorded
    return _answer(slug, recorded)


@ROUTER.get("/events/{slug}/results/outstanding", response_model=Outstanding)
def outstanding_matches(
    slug: Slug, access: Public, db: DbDep, stage: StageQuery = None
) -> Outstanding:
    """The matches of released rounds not completed yet that have no result (of ``stage``
    when given, else of every stage)."""
    found: list[OutstandingMatch] = []
    for item in show_event(db, slug).stages:
        if stage is not None and item.id != stage:
            continue
        for rnd in item.rounds:
            if rnd.state == "completed" or not rnd.outstanding:
                continue
            view = round_view(db, slug, rnd.number, stage=item.id)
            found += [
                OutstandingMatch(
                    stage=item.id, round=rnd.number, table=t.table, match=t.id, a=t.a, b=t.b
                )
                for t in view.tables
                if t.result is None
            ]
    return Outstanding(event=slug, count=len(found), matches=found)
