"""The one error the store raises itself: the database cannot be used."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError, Location


class DatabaseUnavailable(FairpairError):
    """The database cannot be opened or reached (a bad URL, a server down, a locked file).
    ``url`` (its password hidden) is part of the reason; the location is ``database``."""

    code = "database_unavailable"

    def __init__(self, url: str, reason: str) -> None:
        super().__init__(Location(("database",)), f"{url}: {reason}" if url else reason)
        self.url = url


class NulInText(FairpairError):
    """A text holds a NUL byte (``\\x00``): no field may hold one (PostgreSQL's text columns
    refuse it; SQLite would keep it and every page would show it). Raised before the
    statement reaches the database, on both backends alike, so nothing is written."""

    code = "nul_in_text"

    def __init__(self) -> None:
        super().__init__(
            Location(), "a value holds a NUL byte (\\x00), which no name, id or note may hold"
        )
