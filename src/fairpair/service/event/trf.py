"""FIDE TRF files and saved events: import a file as a new event (keeping its layout and its
header's details), and export an event as a TRF file — the same bytes back while its facts
and details are unchanged; the event's details (``event.details``) in the header records."""

from __future__ import annotations

from sqlalchemy import select

from fairpair.engine.tournament import Tournament
from fairpair.interop.trf import TrfEvent, TrfLayout, encode_trf, write_trf
from fairpair.responses.event_details import EventDetails
from fairpair.service.event.details import checked_details, report_details
from fairpair.service.event.events import import_event
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.kernel.unit import reading
from fairpair.store.database import Database
from fairpair.store.models import EventSourceRow

FORMAT = "trf"


def importable_details(details: EventDetails) -> EventDetails:
    """A file's details as the event can hold them: a field the console would refuse (a
    federation that is not three letters, a city too long, an end before the start) is left
    out rather than refusing the file — its line stays in the file's layout as written."""
    current = details
    for _ in range(len(EventDetails.model_fields) + 1):
        try:
            return checked_details(current)
        except Refused as refused:
            field = str(refused.location.path[0]) if refused.location.path else ""
            if field not in EventDetails.model_fields:
                break
            current = current.model_copy(update={field: EventDetails.model_fields[field].default})
    return EventDetails()


def import_trf(
    db: Database,
    event: TrfEvent,
    *,
    actor: str,
    slug: str | None = None,
    owner: int | None = None,
) -> str:
    """A new event holding the file's facts, its layout and its details; its slug."""
    return import_event(
        db,
        event.tournament,
        actor=actor,
        slug=slug,
        owner=owner,
        source=(FORMAT, event.layout.to_json()),
        details=importable_details(event.details),
    )


def export_trf(db: Database, slug: str) -> bytes:
    """Event ``slug`` as a TRF file (its stage being played) with its details in the header;
    the imported file's header lines and spelling when it came from one. ``NotExportable``
    when TRF cannot hold it."""
    with reading(db, slug) as (conn, event):
        body = conn.execute(
            select(EventSourceRow.body).where(
                EventSourceRow.event_id == event.id, EventSourceRow.format == FORMAT
            )
        ).scalar_one_or_none()
        tournament: Tournament = loaded(conn, event).tournament
        stage = tournament.stage()
        details = report_details(
            conn,
            event,
            stage.id,
            stage.format.value,
            len(stage.rounds),
            fill=body is None,
        )
    layout = TrfLayout.from_json(body) if body is not None else None
    return encode_trf(write_trf(tournament, layout, stage.id, details), layout)
