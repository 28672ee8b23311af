"""What a picture refuses: a page that does not exist, a picture too big to draw. Both
carry the code ``refused`` (``fairpair.error_table``: exit code 8, HTTP 409)."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError


class NoSuchPage(FairpairError):
    """A page number past the last page (or below 1), a page size or a top below 1."""

    code = "refused"


class TooLarge(FairpairError):
    """The picture would be taller than ``theme.MAX_HEIGHT`` (a bracket of hundreds)."""

    code = "refused"
