"""The leagues' own refusal: a league key the community does not have."""

from __future__ import annotations

from typing import ClassVar

from fairpair.engine.errors import FairpairError


class UnknownLeague(FairpairError):
    """No league (season) by that key in the community."""

    code: ClassVar[str] = "unknown_league"
