"""The one error the store raises itself: the database cannot be used."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError


class DatabaseUnavailable(FairpairError):
    """The database cannot be opened or reached (a bad URL, a server down, a locked file)."""

    code = "database_unavailable"
