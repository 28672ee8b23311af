"""Errors of reading outside files. Each names the place (file, line, field) and the reason."""

from __future__ import annotations

from fairpair.engine.errors import FairpairError
from fairpair.engine.validation import Problem


class UnreadableFile(FairpairError):
    """The file is missing, a folder, not readable, or not UTF-8."""

    code = "unreadable_file"


class MalformedJson(FairpairError):
    """The file is not well-formed JSON; ``where`` is ``FILE:LINE:COLUMN``."""

    code = "malformed_json"


class DocumentError(FairpairError):
    """The document breaks its schema: every problem with its field path (and its place in
    the organizer's words, ``Problem.place``)."""

    code = "invalid_document"

    def __init__(self, problems: list[Problem]) -> None:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first.where, first.reason + more)
        self.problems = problems


class UnwritableFile(UnreadableFile):
    """The file cannot be written (read-only, no permission, disk full): nothing was saved.

    A kind of ``UnreadableFile``: the same code (``unreadable_file``) and exit code (3)."""
