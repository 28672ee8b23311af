"""One change of a community, one transaction: ``changing_community`` locks the community's
row (by bumping its version) and writes the community's audit entries with the change;
``reading_community`` is one consistent read.

A change that is also an event's (attaching an event, registering a returning player) runs
inside the event's own ``changing`` and calls ``lock_community`` there: the event first,
then its community — always in that order, so two changes never wait for each other in a
circle."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.kernel.change import now
from fairpair.service.kernel.errors import UnknownCommunity
from fairpair.store.database import Database
from fairpair.store.models import CommunityAuditRow, CommunityRow


@dataclass(frozen=True, slots=True)
class CommunityRef:
    id: int
    slug: str
    name: str
    kind: str
    version: int


@dataclass
class CommunityChange:
    """The open transaction of one change of a community."""

    conn: Connection
    community: CommunityRef
    actor: str
    at: datetime = field(default_factory=now)
    _audits: list[dict[str, Any]] = field(default_factory=list)

    def audit(self, action: str, subject: str, before: Any = None, after: Any = None) -> None:
        """Append what changed to the community's audit log (written with the change)."""
        self._audits.append(
            {
                "community_id": self.community.id,
                "at": self.at,
                "actor": self.actor,
                "action": action,
                "subject": subject,
                "before": before,
                "after": after,
            }
        )

    def flush(self) -> None:
        if self._audits:
            rows, self._audits = self._audits, []
            self.conn.execute(insert(CommunityAuditRow), rows)


_COLUMNS = (CommunityRow.id, CommunityRow.slug, CommunityRow.name, CommunityRow.kind)
_LOCK = (
    update(CommunityRow)
    .where(CommunityRow.slug == bindparam("community_slug"))
    .values(version=CommunityRow.version + 1)
    .returning(*_COLUMNS, CommunityRow.version)
)


def _ref(row: Any) -> CommunityRef:
    return CommunityRef(row.id, row.slug, row.name, row.kind, row.version)


def _unknown(slug: str) -> UnknownCommunity:
    return UnknownCommunity(
        Location(("community",)), gettext("no community %(slug)r") % {"slug": slug}
    )


def find_community(conn: Connection, slug: str) -> CommunityRef:
    """Community ``slug`` as it is now (refused, naming it, when there is none)."""
    row = conn.execute(
        select(*_COLUMNS, CommunityRow.version).where(CommunityRow.slug == slug)
    ).first()
    if row is None:
        raise _unknown(slug)
    return _ref(row)


def lock_community(conn: Connection, slug: str) -> CommunityRef:
    """Lock community ``slug``'s row for this transaction (its version goes up by one)."""
    row = conn.execute(_LOCK, {"community_slug": slug}).first()
    if row is None:
        raise _unknown(slug)
    return _ref(row)


@contextmanager
def changing_community(db: Database, slug: str, actor: str) -> Iterator[CommunityChange]:
    """The write transaction of one change of community ``slug``."""
    with db.writing() as conn:
        change = CommunityChange(conn, lock_community(conn, slug), actor)
        yield change
        change.flush()


@contextmanager
def reading_community(db: Database, slug: str) -> Iterator[tuple[Connection, CommunityRef]]:
    """A consistent read of community ``slug``."""
    with db.reading() as conn:
        yield conn, find_community(conn, slug)
