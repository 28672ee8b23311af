"""FIDE TRF files and saved events: import a file as a new event (keeping its layout), and
export an event as a TRF file — the same bytes back while its facts are unchanged."""

from __future__ import annotations

from fairpair.interop.trf import TrfEvent, TrfLayout, encode_trf, write_trf
from fairpair.service.event.events import export_event_source, import_event
from fairpair.store.database import Database

FORMAT = "trf"


def import_trf(
    db: Database,
    event: TrfEvent,
    *,
    actor: str,
    slug: str | None = None,
    owner: int | None = None,
) -> str:
    """A new event holding the file's facts and its layout; its slug."""
    return import_event(
        db,
        event.tournament,
        actor=actor,
        slug=slug,
        owner=owner,
        source=(FORMAT, event.layout.to_json()),
    )


def export_trf(db: Database, slug: str) -> bytes:
    """Event ``slug`` as a TRF file (its stage being played); the imported file's header
    lines and spelling when it came from one. ``NotExportable`` when TRF cannot hold it."""
    tournament, body = export_event_source(db, slug, FORMAT)
    layout = TrfLayout.from_json(body) if body is not None else None
    return encode_trf(write_trf(tournament, layout), layout)
