"""Errors of reading and writing FIDE TRF files. Each problem names the file, the line and
the column (``FILE:LINE:COLUMN``, columns counted from 1 as the TRF specification counts
them) and the reason; a file with any problem imports nothing."""

from __future__ import annotations

from dataclasses import dataclass

from fairpair.engine.errors import FairpairError


@dataclass(frozen=True, slots=True)
class TrfProblem:
    """One problem: ``where`` is ``FILE:LINE:COLUMN``; ``place`` says it in the organizer's
    words ("player 3, round 2, result")."""

    where: str
    reason: str
    place: str = ""


class TrfError(FairpairError):
    """A TRF file that cannot be read: a column that is not where the format puts it, an
    unknown result code, an opponent number out of range. Carries every problem found."""

    code = "invalid_trf"

    def __init__(self, problems: list[TrfProblem]) -> None:
        first = problems[0]
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first.where, first.reason + more)
        self.problems = problems


class TrfContradiction(TrfError):
    """The lines contradict each other: A played B but B's line says C, the colours or the
    results of one game do not match, the points are not what the results add up to."""

    code = "inconsistent"


class TrfUnknownTiebreak(TrfError):
    """A tie-break code (records 202/212) fairpair does not have."""

    code = "unknown_tiebreak"


class NotExportable(FairpairError):
    """The event holds something the TRF format cannot say (a pod table, a skipped match,
    points that are not tenths): nothing was written."""

    code = "not_exportable"
