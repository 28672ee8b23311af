"""The live seam: every change of an event is announced, so that open pages update.

``changing`` calls ``announce`` for each change that wrote something: on PostgreSQL it sends
``NOTIFY fairpair_events, 'SLUG VERSION'`` inside the change's transaction (delivered to every
listening process when, and only when, it commits); on both databases it then calls the
database's in-process listeners after the commit. Listeners (the web server's hub) receive
the slug, the event's new version and whether the change was *wide* (``Change.wide``: every
player's card moved; the payload ends ``wide``); the version lets them drop duplicates and
stale news.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from sqlalchemy import text

from fairpair.service.unit import Change
from fairpair.store.database import Database

CHANNEL = "fairpair_events"
Listener = Callable[[str, int, bool], None]
#: The payload's last word when the change was wide.
WIDE = "wide"

_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def announce_in_transaction(change: Change) -> None:
    """On PostgreSQL: queue the NOTIFY for the change's commit."""
    if change.conn.dialect.name == "postgresql":
        payload = f"{change.event.slug} {change.event.version}"
        change.conn.execute(
            _NOTIFY,
            {"channel": CHANNEL, "payload": f"{payload} {WIDE}" if change.wide else payload},
        )


def announce_committed(db: Database, slug: str, version: int, *, wide: bool = False) -> None:
    """After the commit: tell this process's listeners (a failing listener never undoes or
    breaks the change: it is the listener's problem)."""
    for listener in tuple(db.listeners):
        # A page that cannot update must not turn a change into an error.
        with contextlib.suppress(Exception):
            listener(slug, version, wide)


def listen(db: Database, listener: Listener) -> Callable[[], None]:
    """Call ``listener(slug, version, wide)`` after each change committed through ``db`` in
    this process; returns the function that stops it."""
    db.listeners.append(listener)

    def stop() -> None:
        if listener in db.listeners:
            db.listeners.remove(listener)

    return stop


def parse_payload(payload: str) -> tuple[str, int, bool] | None:
    """``(slug, version, wide)`` of a NOTIFY payload, ``None`` when it is not one."""
    words = payload.split(" ")
    wide = len(words) == 3 and words[2] == WIDE
    if len(words) != 2 and not wide:
        return None
    slug, version = words[0], words[1]
    return (slug, int(version), wide) if slug and version.isdigit() else None


def event_versions(db: Database, slugs: set[str]) -> dict[str, int]:
    """The current version of each event in ``slugs`` (for a process that polls)."""
    from sqlalchemy import select

    from fairpair.store.models import EventRow

    with db.reading() as conn:
        rows = conn.execute(
            select(EventRow.slug, EventRow.version).where(EventRow.slug.in_(slugs))
        ).all()
    return {slug: version for slug, version in rows}


def notify_url(db: Database) -> str:
    """The libpq URL of ``db`` (PostgreSQL), for a connection that LISTENs."""
    return db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
