"""What the server's readiness check and metrics read of the database itself: the schema's
revision (one small query) and the state of this process's connection pool (no query)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import QueuePool

from fairpair.store.database import Database
from fairpair.store.migrate import HEAD

#: The migration the code expects the database to be at.
SCHEMA_HEAD = HEAD


def schema_revision(db: Database) -> str | None:
    """The revision the database records (``None``: none, or not one). Raises
    ``DatabaseUnavailable`` when the database cannot be reached."""
    with db.glance() as conn:
        try:
            rows = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
        except DBAPIError:  # no such table: a database fairpair never migrated
            return None
    return str(rows[0]) if len(rows) == 1 else None


@dataclass(frozen=True, slots=True)
class PoolStatus:
    #: Connections the pool may hold at once (its size and the overflow it allows).
    capacity: int
    #: Connections open now (in use or idle in the pool).
    open: int
    #: Connections in use now (checked out of the pool).
    checked_out: int


def pool_status(db: Database) -> PoolStatus | None:
    """This process's pool of connections (``None``: a pool that keeps no count, as an
    in-memory SQLite database's single shared connection)."""
    pool = db.engine.pool
    if not isinstance(pool, QueuePool):
        return None
    overflow = max(0, int(getattr(pool, "_max_overflow", 0)))
    checked_out = pool.checkedout()
    return PoolStatus(pool.size() + overflow, pool.checkedin() + checked_out, checked_out)
