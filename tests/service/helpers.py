"""Helpers for the service tests: a snapshot of every table, "refused and nothing changed",
and a driver that checks each change wrote exactly one audit entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import select

from fairpair.engine.errors import FairpairError
from fairpair.service.kernel import audit
from fairpair.store.database import Database
from fairpair.store.models import metadata

Snapshot = dict[str, list[tuple[Any, ...]]]


def snapshot(db: Database) -> Snapshot:
    """Every row of every table of the schema, ordered by primary key."""
    out: Snapshot = {}
    with db.reading() as conn:
        for table in metadata.sorted_tables:
            query = select(table).order_by(*table.primary_key.columns)
            out[table.name] = [tuple(row) for row in conn.execute(query)]
    return out


def refused(db: Database, code: str, *parts: str, call: Callable[[], object]) -> FairpairError:
    """``call()`` is refused with an error of ``code`` whose reason contains every one of
    ``parts``, and the database is exactly as it was before (every row of every table)."""
    before = snapshot(db)
    with pytest.raises(FairpairError) as caught:
        call()
    error = caught.value
    assert error.code == code, f"code {error.code!r}, not {code!r}: {error}"
    for part in parts:
        assert part in error.reason, f"{part!r} not in the reason: {error.reason!r}"
    after = snapshot(db)
    changed = [name for name in before if before[name] != after[name]]
    assert not changed, f"a refusal changed the tables {changed}"
    return error


class Audited:
    """Runs the changes of one event and checks that each wrote exactly one audit entry,
    by ``actor``, with the expected action (and subject, when given)."""

    def __init__(self, db: Database, slug: str, actor: str) -> None:
        self.db, self.slug, self.actor = db, slug, actor
        entries = audit.audit_log(db, slug, limit=1).entries
        self.last = entries[-1].id if entries else 0
        self.count = len(audit.audit_log(db, slug).entries)

    def __call__(
        self,
        action: str,
        fn: Callable[..., Any],
        *args: Any,
        subject: str | None = None,
        **kwargs: Any,
    ) -> Any:
        value = fn(self.db, self.slug, *args, actor=self.actor, **kwargs)
        entries = audit.audit_log(self.db, self.slug, limit=2).entries
        new = [e for e in entries if e.id > self.last]
        assert len(new) == 1, f"{action}: {len(new)} new audit entries ({new})"
        entry = new[0]
        assert entry.action == action, f"{entry.action!r} written for {action!r}"
        assert entry.actor == self.actor
        if subject is not None:
            assert entry.subject == subject, entry.subject
        self.last = entry.id
        self.count += 1
        return value

    def silent(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """A call that changes nothing: no audit entry."""
        value = fn(self.db, self.slug, *args, actor=self.actor, **kwargs)
        entries = audit.audit_log(self.db, self.slug, limit=1).entries
        assert entries[-1].id == self.last, f"an entry was written: {entries[-1]}"
        return value

    def entry(self) -> Any:
        """The last audit entry."""
        return audit.audit_log(self.db, self.slug, limit=1).entries[-1]
