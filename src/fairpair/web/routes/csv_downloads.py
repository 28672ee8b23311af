"""CSV downloads (docs/csv.md): the console's pairings, standings and results of an event
(staff: Viewer), and the public pages' standings and pairings (anyone: what those pages
show). Each is one read of the service (``service/event/csv_exports.py``), as UTF-8 text."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from fairpair.interop.csv import CsvTable
from fairpair.service.event.csv_exports import csv_file_name, event_csv
from fairpair.service.kernel.connection import Database
from fairpair.web.access import DbDep, Public, Viewer

ROUTER = APIRouter(include_in_schema=False)
StageQuery = Annotated[str | None, Query(max_length=80)]
RoundQuery = Annotated[int | None, Query(ge=1, le=10_000)]


def _download(
    db: Database, slug: str, table: CsvTable, stage: str | None, number: int | None
) -> Response:
    text = event_csv(db, slug, table, stage=stage, round_number=number)
    name = csv_file_name(slug, table, number)
    return Response(
        content=text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@ROUTER.get("/console/{slug}/csv/{table}")
def console_csv(
    slug: str,
    table: CsvTable,
    access: Viewer,
    db: DbDep,
    stage: StageQuery = None,
    round: RoundQuery = None,
) -> Response:
    """``pairings`` (of ``round``, default the latest), ``standings`` (after ``round``,
    default every round) or ``results`` (every match)."""
    return _download(db, slug, table, stage, round)


@ROUTER.get("/e/{slug}/standings.csv")
def public_standings_csv(
    slug: str, access: Public, db: DbDep, stage: StageQuery = None
) -> Response:
    return _download(db, slug, CsvTable.STANDINGS, stage, None)


@ROUTER.get("/e/{slug}/pairings.csv")
def public_pairings_csv(
    slug: str, access: Public, db: DbDep, stage: StageQuery = None, round: RoundQuery = None
) -> Response:
    return _download(db, slug, CsvTable.PAIRINGS, stage, round)
