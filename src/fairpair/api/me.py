"""The player's own API (``/api/v1/events/{slug}/me``): bearer ``fpp_`` player tokens —
my report, confirm or dispute the opponent's (``fairpair.service.results.self_reports``).

- ``GET …/me/report``: where my current match stands (``MyReport``);
- ``POST …/me/report`` ``{"won": 2, "lost": 1, "drawn": 0}`` (games, from my side) → 201;
- ``POST …/me/confirm`` ``{}`` → 200 (the opponent's report becomes the result);
- ``POST …/me/dispute`` ``{"won": 1, "lost": 2, "drawn": 0}`` (what I say it was) → 200.

Optional guards: ``round`` / ``table`` (the match the client shows: a stale client cannot
report the next round's) and ``version`` (the report the client answers: one changed since
is refused, ``stale_version``). Errors are the API's (``{"error": {...}}``)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal, cast

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from fairpair.api.params import Slug
from fairpair.responses.events import Side
from fairpair.service.results import self_reports
from fairpair.service.results.current_match import Score
from fairpair.service.results.self_reports import ReportState
from fairpair.web.access import DbDep, Player

ROUTER = APIRouter(tags=["me"])

GamesCount = Annotated[int, Field(ge=0, le=99, description="Games, from my side.")]
Version = Annotated[int, Field(ge=1, le=1_000_000_000)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class MyGames(_Body):
    """A score told from my side."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"won": 2, "lost": 1, "drawn": 0}]}
    )
    won: GamesCount
    lost: GamesCount
    drawn: GamesCount = 0


class MyReportBody(MyGames):
    round: Annotated[int, Field(ge=1, le=10_000)] | None = None
    table: Annotated[int, Field(ge=1, le=100_000)] | None = None


class MyConfirmBody(_Body):
    version: Version | None = None


class MyDisputeBody(MyGames):
    version: Version | None = None


class Games(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    won: int
    lost: int
    drawn: int
    text: str


ReportStateName = Literal["none", "pending", "confirmed", "disputed", "resolved"]


class MyReport(BaseModel):
    """Where my current match stands. ``state``: ``none`` (nobody reported), ``pending``,
    ``confirmed``, ``disputed`` (a judge settles it), ``resolved`` (a judge did); ``mine``:
    the report is my own; ``reported`` / ``disputed``: the report and the opponent's version,
    from my side; ``can_report`` false with ``why_not`` when I have nothing to report;
    ``choices``: the scores the match format allows at one tap."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    event: str
    round: int | None
    table: int | None
    opponent: Side | None
    state: ReportStateName
    mine: bool
    reported: Games | None
    disputed: Games | None
    reported_at: datetime | None
    confirm_by: datetime | None
    version: int | None
    result: str | None
    can_report: bool
    why_not: str | None
    match_format: str | None
    choices: list[Games]


def _games(score: Score | None) -> Games | None:
    if score is None:
        return None
    return Games(won=score.won, lost=score.lost, drawn=score.drawn, text=score.text)


def answer(slug: str, state: ReportState) -> MyReport:
    opponent = (
        Side(id=state.opponent_key, name=state.opponent)
        if state.opponent_key is not None and state.opponent is not None
        else None
    )
    return MyReport(
        event=slug,
        round=state.round,
        table=state.table,
        opponent=opponent,
        state=cast(ReportStateName, state.state),
        mine=state.mine,
        reported=_games(state.reported),
        disputed=_games(state.disputed),
        reported_at=state.reported_at,
        confirm_by=state.confirm_by,
        version=state.version,
        result=state.result,
        can_report=state.can_report,
        why_not=state.why_not,
        match_format=state.match_format,
        choices=[g for g in map(_games, state.choices) if g is not None],
    )


def _key(access: Player) -> str | None:
    assert access.player is not None
    return access.player.player_key


# The endpoints are async and make their one call to the service in a worker thread: a
# sync endpoint costs a second hop to a worker thread to validate its answer (FastAPI
# validates a sync endpoint's answer in the thread pool), under load a queue of its own.


@ROUTER.get("/events/{slug}/me/report", response_model=MyReport)
async def my_report(slug: Slug, access: Player, db: DbDep) -> MyReport:
    """Where my current match stands: nobody reported, my report waiting for the opponent,
    the opponent's to confirm or dispute, disputed, or its result."""
    state = await run_in_threadpool(self_reports.report_state, db, slug, _key(access))
    return answer(slug, state)


@ROUTER.post("/events/{slug}/me/report", response_model=MyReport, status_code=201)
async def report_mine(slug: Slug, body: MyReportBody, access: Player, db: DbDep) -> MyReport:
    """Report my current match (games from my side). The opponent reporting the same
    confirms it; another score disputes it; reporting again replaces a pending report."""
    state = await run_in_threadpool(
        self_reports.report_own,
        db,
        slug,
        _key(access),
        body.won,
        body.lost,
        body.drawn,
        actor=access.actor,
        round=body.round,
        table=body.table,
    )
    return answer(slug, state)


@ROUTER.post("/events/{slug}/me/confirm", response_model=MyReport)
async def confirm_theirs(slug: Slug, body: MyConfirmBody, access: Player, db: DbDep) -> MyReport:
    """Confirm the opponent's report: it becomes the match's result."""
    state = await run_in_threadpool(
        self_reports.confirm_report,
        db,
        slug,
        _key(access),
        actor=access.actor,
        version=body.version,
    )
    return answer(slug, state)


@ROUTER.post("/events/{slug}/me/dispute", response_model=MyReport)
async def dispute_theirs(slug: Slug, body: MyDisputeBody, access: Player, db: DbDep) -> MyReport:
    """Dispute the opponent's report, saying what it was (from my side): a judge settles
    it (the Resolution Queue)."""
    state = await run_in_threadpool(
        self_reports.dispute_report,
        db,
        slug,
        _key(access),
        body.won,
        body.lost,
        body.drawn,
        actor=access.actor,
        version=body.version,
    )
    return answer(slug, state)
