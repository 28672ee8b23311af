"""The service's refusals, each with a stable code (``fairpair.error_table`` maps it)."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError, Location


class UnknownEvent(FairpairError):
    """No saved event has that slug."""

    code = "unknown_event"


class UnknownCommunity(FairpairError):
    """No community has that slug (or no person of the community has that key)."""

    code = "unknown_community"


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


class ResultConflict(AlreadyRecorded):
    """An entry sent with an idempotency key for a match that someone else has recorded
    meanwhile with a different result: never overwritten, shown for a decision (keep what is
    recorded, or correct it to the entry). ``recorded`` is what is recorded (told from side a,
    "by" whom), ``version`` its version (a correction names it), ``entry`` what was sent."""

    def __init__(
        self,
        where: Location | str,
        reason: str,
        *,
        recorded: str,
        version: int,
        entry: str,
        command: str | None = None,
    ) -> None:
        super().__init__(where, reason, command=command)
        self.recorded = recorded
        self.version = version
        self.entry = entry


class StaleVersion(FairpairError):
    """The thing changed since the client read it (an optimistic version check failed)."""

    code = "stale_version"


class BadCredentials(FairpairError):
    """A login with a wrong username or password (never says which)."""

    code = "bad_credentials"


class NotAllowed(FairpairError):
    """The account may not do this here (no role in the event, or too low a role)."""

    code = "not_allowed"


class NotLoggedIn(FairpairError):
    """The action needs an account: log in, or send a bearer token."""

    code = "not_logged_in"


class TooManyAttempts(FairpairError):
    """Too many login attempts in a short time: wait, then try again."""

    code = "too_many_attempts"


class NotJoined(FairpairError):
    """A player's action without the player's pass of that event (its cookie, its personal
    link, its bearer token) — or with one that was revoked."""

    code = "not_joined"
