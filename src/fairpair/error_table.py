"""One table: each kind of error, its stable code, its exit code and its HTTP status.

The command line (``fairpair.cli.errors``) and, later, the HTTP API read this table and
nothing else; docs/cli.md shows it. An error is matched by its class, most specific first
(``kind_of`` walks the class's MRO), so a new subclass inherits its base's row until it gets
its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from fairpair.engine.errors import (
    FairpairError,
    InvalidResult,
    InvalidTournament,
    PairingRefused,
    UnknownRound,
    UnknownRuleset,
    UnknownStage,
    UnknownTiebreak,
)
from fairpair.engine.toss.errors import TossUnavailable
from fairpair.interop.errors import DocumentError, MalformedJson, UnreadableFile


class ExitCode(IntEnum):
    """Exit codes of the ``fairpair`` command (docs/cli.md "Exit codes")."""

    OK = 0
    #: Something unexpected went wrong inside fairpair (a bug: please report it).
    INTERNAL = 1
    #: The command line itself was wrong (unknown option, missing argument, N out of range).
    USAGE = 2
    #: The file could not be read or written (missing, a folder, no permission, not UTF-8).
    UNREADABLE = 3
    #: The file is not well-formed JSON.
    MALFORMED = 4
    #: The document does not follow the schema (a missing field, a wrong type, a bad value).
    INVALID = 5
    #: The facts contradict each other (unknown player, a player paired twice in a round).
    INCONSISTENT = 6
    #: An unknown tiebreak, ruleset, stage or round was named.
    UNKNOWN_NAME = 7
    #: The next round cannot be generated, or the toss does not apply (round cap, nobody to pair).
    REFUSED = 8


@dataclass(frozen=True, slots=True)
class ErrorKind:
    code: str
    exit: ExitCode
    http: int
    meaning: str


#: The table, most specific classes first. docs/cli.md "Errors" prints it.
ERROR_TABLE: dict[type[Exception], ErrorKind] = {
    UnreadableFile: ErrorKind(
        "unreadable_file", ExitCode.UNREADABLE, 422, "the file could not be read or written"
    ),
    MalformedJson: ErrorKind(
        "malformed_json", ExitCode.MALFORMED, 400, "the file is not well-formed JSON"
    ),
    DocumentError: ErrorKind(
        "invalid_document", ExitCode.INVALID, 422, "the document breaks its schema"
    ),
    InvalidResult: ErrorKind(
        "invalid_result", ExitCode.INVALID, 422, "a result that cannot happen"
    ),
    InvalidTournament: ErrorKind(
        "inconsistent_facts", ExitCode.INCONSISTENT, 422, "the facts contradict each other"
    ),
    UnknownTiebreak: ErrorKind(
        "unknown_tiebreak", ExitCode.UNKNOWN_NAME, 404, "no tiebreak of that name"
    ),
    UnknownRuleset: ErrorKind(
        "unknown_ruleset", ExitCode.UNKNOWN_NAME, 404, "no ruleset of that name"
    ),
    UnknownStage: ErrorKind("unknown_stage", ExitCode.UNKNOWN_NAME, 404, "no stage with that id"),
    UnknownRound: ErrorKind(
        "unknown_round", ExitCode.UNKNOWN_NAME, 404, "no round with that number"
    ),
    PairingRefused: ErrorKind(
        "pairing_refused", ExitCode.REFUSED, 409, "the next round cannot be generated"
    ),
    TossUnavailable: ErrorKind(
        "toss_unavailable", ExitCode.REFUSED, 409, "the toss does not apply"
    ),
    FairpairError: ErrorKind(
        "error", ExitCode.INTERNAL, 500, "an error without its own kind (a bug)"
    ),
}

#: Any other exception: a bug in fairpair.
INTERNAL = ErrorKind("internal_error", ExitCode.INTERNAL, 500, "an unexpected internal error")


def kind_of(error: BaseException) -> ErrorKind:
    """The row of ``error``: its own class's, else its nearest base class's."""
    for cls in type(error).__mro__:
        kind = ERROR_TABLE.get(cls)
        if kind is not None:
            return kind
    return INTERNAL
