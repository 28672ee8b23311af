"""Secrets the whole installation shares and keeps across restarts (``server_keys``): made
once by whichever process asks first; every other process, and every restart, reads the
same value. The key that signs player cookies lives here (a restart must not log every
player out), and web push's VAPID key pair."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from fairpair.service.kernel.change import now
from fairpair.store.database import Database
from fairpair.store.models import ServerKeyRow


def server_key(db: Database, name: str, make: Callable[[], str]) -> str:
    """The key ``name``; made with ``make()`` if there is none yet (first writer wins)."""
    known: dict[str, str] = vars(db).setdefault("_server_keys", {})
    cached = known.get(name)
    if cached is not None:
        return cached
    with db.reading() as conn:
        value = conn.execute(
            select(ServerKeyRow.value).where(ServerKeyRow.name == name)
        ).scalar_one_or_none()
    if value is None:
        with db.writing() as conn:
            upsert = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
            conn.execute(
                upsert(ServerKeyRow)
                .values(name=name, value=make(), created_at=now())
                .on_conflict_do_nothing(index_elements=[ServerKeyRow.name])
            )
            value = conn.execute(
                select(ServerKeyRow.value).where(ServerKeyRow.name == name)
            ).scalar_one()
    known[name] = value
    return value
