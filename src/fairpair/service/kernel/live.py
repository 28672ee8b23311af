"""The live seam: every change of an event is announced, so that open pages update.

``changing`` calls ``announce`` for each change that wrote something: on PostgreSQL it sends
``NOTIFY fairpair_events, 'SLUG VERSION'`` inside the change's transaction (delivered to every
listening process when, and only when, it commits); on both databases it then calls the
database's in-process listeners after the commit. Listeners (the web server's hub) receive
the slug, the event's new version, whether the change was *wide* (``Change.wide``: every
player's card moved; the payload ends ``wide``) and, when the change moved only a few
players' own pages, which (``players_moved``: row ids; the payload ends ``players=3,17``,
else ``None``: anyone's). The version lets them drop duplicates and stale news.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import NamedTuple

from sqlalchemy import Text, bindparam, cast, func, literal, select, text

from fairpair.service.kernel.change import LOCK_AND_BUMP, Change, EventRef
from fairpair.store.commit_with import commit_with
from fairpair.store.database import Database
from fairpair.store.models import EventRow

CHANNEL = "fairpair_events"
Listener = Callable[[str, int, bool, "frozenset[int] | None"], None]
#: The payload's last word when the change was wide.
WIDE = "wide"
#: The payload's last word names the players moved after this.
PLAYERS = "players="
#: What the players' own reports write: a self-report, its confirmation (which records the
#: match's result) or dispute, a result. Such a change moves only its table's two players'
#: pages (their card, record, notifications), and the seats of no one.
REPORTS_ONLY = frozenset(
    ("self_report.report", "self_report.confirm", "self_report.dispute", "result.report")
)
#: More players than this are announced as anyone's (a NOTIFY payload stays short).
MOST_NAMED = 16

_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class News(NamedTuple):
    """A committed change as listeners hear it."""

    slug: str
    version: int
    wide: bool = False
    players: frozenset[int] | None = None
    """The only players whose own pages moved (row ids); ``None``: anyone's."""


def players_moved(change: Change) -> frozenset[int] | None:
    """The players whose own pages ``change`` moved, when it did nothing but the players'
    reports or results at their tables (``REPORTS_ONLY``) and named them
    (``Change.touches``); else ``None`` (anyone's: a release, a pairing, an edit...)."""
    if not change.players or not change.actions <= REPORTS_ONLY or change.wide:
        return None
    return frozenset(change.players) if len(change.players) <= MOST_NAMED else None


def payload_of(news: News) -> str:
    """The NOTIFY payload of ``news``."""
    return f"{news.slug} {news.version}{_tail(news.wide, news.players)}"


def _tail(wide: bool, players: frozenset[int] | None) -> str:
    """What the payload says after the slug and version."""
    if wide:
        return f" {WIDE}"
    if players is not None:
        return f" {PLAYERS}{','.join(str(p) for p in sorted(players))}"
    return ""


def announce_in_transaction(change: Change) -> None:
    """On PostgreSQL: queue the NOTIFY for the change's commit."""
    if change.conn.dialect.name == "postgresql":
        news = News(change.event.slug, change.event.version, change.wide, players_moved(change))
        change.conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload_of(news)})


_BUMPED = LOCK_AND_BUMP.cte("bumped")
#: PostgreSQL: lock the event's row, bump its version and queue the NOTIFY of the new version
#: in one statement (the payload is ``payload_of``'s, its version the bumped one).
_BUMP_AND_NOTIFY = select(
    _BUMPED.c.id,
    _BUMPED.c.slug,
    _BUMPED.c.name,
    _BUMPED.c.version,
    func.pg_notify(
        bindparam("channel", type_=Text),
        _BUMPED.c.slug
        + literal(" ", Text)
        + cast(_BUMPED.c.version, Text)
        + bindparam("tail", type_=Text),
    ),
)


def bump_announce_and_commit(change: Change) -> EventRef:
    """PostgreSQL: lock the event's row, bump its version, queue the change's NOTIFY and
    commit, in one round trip (``unit.reporting``, at the end of a players' report: the row is
    locked only while the database runs the statement and the commit, ``store.commit_with``);
    the event as bumped."""
    row = commit_with(
        change.conn,
        _BUMP_AND_NOTIFY,
        {
            "event_slug": change.event.slug,
            "channel": CHANNEL,
            "tail": _tail(change.wide, players_moved(change)),
        },
    )
    return EventRef(*row[:4])  # id, slug, name, version (then the NOTIFY's empty answer)


def announce_committed(
    db: Database,
    slug: str,
    version: int,
    *,
    wide: bool = False,
    players: frozenset[int] | None = None,
) -> None:
    """After the commit: tell this process's listeners (a failing listener never undoes or
    breaks the change: it is the listener's problem)."""
    for listener in tuple(db.listeners):
        # A page that cannot update must not turn a change into an error.
        with contextlib.suppress(Exception):
            listener(slug, version, wide, players)


def listen(db: Database, listener: Listener) -> Callable[[], None]:
    """Call ``listener(slug, version, wide, players)`` after each change committed through ``db`` in
    this process; returns the function that stops it."""
    db.listeners.append(listener)

    def stop() -> None:
        if listener in db.listeners:
            db.listeners.remove(listener)

    return stop


def parse_payload(payload: str) -> News | None:
    """The news of a NOTIFY payload, ``None`` when it is not one."""
    words = payload.split(" ")
    if len(words) not in (2, 3):
        return None
    slug, version = words[0], words[1]
    if not slug or not version.isdigit():
        return None
    if len(words) == 2:
        return News(slug, int(version))
    last = words[2]
    if last == WIDE:
        return News(slug, int(version), True)
    named = last.removeprefix(PLAYERS).split(",")
    if last.startswith(PLAYERS) and all(p.isdigit() for p in named):
        return News(slug, int(version), False, frozenset(int(p) for p in named))
    return None


def event_versions(db: Database, slugs: set[str]) -> dict[str, int]:
    """The current version of each event in ``slugs`` (for a process that polls)."""
    from sqlalchemy import select

    with db.reading() as conn:
        rows = conn.execute(
            select(EventRow.slug, EventRow.version).where(EventRow.slug.in_(slugs))
        ).all()
    return {slug: version for slug, version in rows}


def notify_url(db: Database) -> str:
    """The libpq URL of ``db`` (PostgreSQL), for a connection that LISTENs."""
    return db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
