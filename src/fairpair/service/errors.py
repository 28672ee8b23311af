"""The service's refusals, each with a stable code (``fairpair.error_table`` maps it)."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError


class UnknownEvent(FairpairError):
    """No saved event has that slug."""

    code = "unknown_event"


class EventExists(FairpairError):
    """An event with that slug exists already."""

    code = "event_exists"


class Refused(FairpairError):
    """The change breaks a rule of the event (a player dropped twice, no draft to release,
    a result for a bye, ...). The reason says which."""

    code = "refused"


class AlreadyRecorded(FairpairError):
    """Someone else recorded this match first; the reason says what is recorded."""

    code = "already_recorded"


class StaleVersion(FairpairError):
    """The thing changed since the client read it (an optimistic version check failed)."""

    code = "stale_version"
