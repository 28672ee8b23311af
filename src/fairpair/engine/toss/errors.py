"""Why a toss operation is refused."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError


class TossUnavailable(FairpairError):
    """The stage does not use the deterministic toss (it is off, or the stage is not a Swiss),
    or the round or table named does not exist."""

    code = "toss_unavailable"
