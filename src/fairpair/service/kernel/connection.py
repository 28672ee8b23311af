"""Opening the database a saved event lives in, for the interfaces (CLI, web, API).

The interfaces never import ``store/``: they open the database here and hand it to the use
cases. ``Database`` is re-exported for their type hints.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from fairpair.store.database import Database

__all__ = ["Database", "open_database", "opened"]


@contextmanager
def opened(url: str | None) -> Iterator[Database]:
    """The database of ``url`` (else ``$FAIRPAIR_DATABASE_URL``, else the default SQLite
    file), migrated to the newest schema; closed when the block ends."""
    db = Database.open(url)
    try:
        yield db
    finally:
        db.close()


def open_database(url: str | None) -> Database:
    """The database of ``url``, migrated; the caller closes it (a server, at shutdown)."""
    return Database.open(url)
