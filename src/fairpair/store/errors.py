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
