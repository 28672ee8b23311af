"""One table: each kind of error, by its stable code, with its exit code and HTTP status.

The command line (``fairpair.cli.errors``) and, later, the HTTP API read this table and
nothing else; docs/cli.md shows it. An error's code is its class's ``code`` (the nearest
class that declares one), so a new subclass shares its base's row until it gets its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum

from fairpair.engine.errors import FairpairError


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
    #: Someone changed the same thing first (a result already recorded, a stale version, a
    #: slug taken): read it again.
    CONFLICT = 9
    #: The database cannot be opened or reached (a bad URL, a server down).
    DATABASE = 10
    #: ``fairpair check-pairings``: a round's recorded pairing or colours differ from the
    #: pairing system's (not an error: the answer to the question asked).
    PAIRINGS_DIFFER = 11


@dataclass(frozen=True, slots=True)
class ErrorKind:
    code: str
    exit: ExitCode
    http: int
    meaning: str


def _kinds(*rows: tuple[str, ExitCode, int, str]) -> dict[str, ErrorKind]:
    return {code: ErrorKind(code, exit, http, meaning) for code, exit, http, meaning in rows}


#: The table, by stable code. docs/cli.md "Errors" shows it (a test keeps them equal).
ERROR_TABLE: dict[str, ErrorKind] = _kinds(
    ("unreadable_file", ExitCode.UNREADABLE, 422, "the file could not be read or written"),
    ("malformed_json", ExitCode.MALFORMED, 400, "the file is not well-formed JSON"),
    ("invalid_document", ExitCode.INVALID, 422, "the document breaks its schema"),
    ("invalid_result", ExitCode.INVALID, 422, "a result that cannot happen"),
    ("invalid_stage", ExitCode.INVALID, 422, "a stage's settings contradict each other"),
    ("inconsistent", ExitCode.INCONSISTENT, 422, "the facts contradict each other"),
    ("unknown_tiebreak", ExitCode.UNKNOWN_NAME, 404, "no tiebreak of that name"),
    ("unknown_ruleset", ExitCode.UNKNOWN_NAME, 404, "no ruleset of that name"),
    ("unknown_stage", ExitCode.UNKNOWN_NAME, 404, "no stage with that id"),
    ("unknown_round", ExitCode.UNKNOWN_NAME, 404, "no round with that number"),
    ("unknown_table", ExitCode.UNKNOWN_NAME, 404, "no table or match with that id"),
    ("unknown_player", ExitCode.UNKNOWN_NAME, 404, "no player with that id"),
    ("pairing_refused", ExitCode.REFUSED, 409, "the next round cannot be generated"),
    ("round_cap_reached", ExitCode.REFUSED, 409, "the stage has played its max rounds"),
    ("round_still_open", ExitCode.REFUSED, 409, "an earlier round still misses results"),
    ("nobody_to_pair", ExitCode.REFUSED, 409, "fewer than two players can be paired"),
    ("weight_limit", ExitCode.REFUSED, 409, "the round is beyond one exact matching"),
    ("no_dutch_pairing", ExitCode.REFUSED, 409, "no pairing keeps the Dutch absolute criteria"),
    ("whole_round_method", ExitCode.REFUSED, 409, "the Dutch system pairs only a Swiss stage"),
    ("lifecycle_refused", ExitCode.REFUSED, 409, "the round cannot move to that state now"),
    ("toss_unavailable", ExitCode.REFUSED, 409, "the toss does not apply"),
    ("unknown_event", ExitCode.UNKNOWN_NAME, 404, "no saved event with that slug"),
    ("unknown_community", ExitCode.UNKNOWN_NAME, 404, "no community (or person) by that name"),
    ("unknown_league", ExitCode.UNKNOWN_NAME, 404, "no league (season) by that key"),
    ("invalid_league_rule", ExitCode.INVALID, 422, "a league's points rule cannot be used"),
    ("refused", ExitCode.REFUSED, 409, "the change breaks a rule of the event"),
    ("already_recorded", ExitCode.CONFLICT, 409, "the match already has a result"),
    ("stale_version", ExitCode.CONFLICT, 409, "it changed since it was read"),
    ("event_exists", ExitCode.CONFLICT, 409, "an event with that slug exists"),
    ("bad_credentials", ExitCode.REFUSED, 401, "wrong username or password"),
    ("not_logged_in", ExitCode.REFUSED, 401, "the action needs an account or a token"),
    ("not_allowed", ExitCode.REFUSED, 403, "the account has no role that allows it here"),
    ("too_many_attempts", ExitCode.REFUSED, 429, "too many attempts: wait, then try again"),
    ("not_joined", ExitCode.REFUSED, 401, "the action needs the player's pass: join the event"),
    ("database_unavailable", ExitCode.DATABASE, 503, "the database cannot be used"),
    ("bad_value", ExitCode.USAGE, 400, "a value on the command line cannot be read"),
    ("invalid_csv", ExitCode.INVALID, 422, "a row of a CSV file cannot be read"),
    ("invalid_trf", ExitCode.INVALID, 422, "a line of a FIDE TRF file cannot be read"),
    ("not_exportable", ExitCode.REFUSED, 422, "the event has facts the file format cannot hold"),
    ("invalid_backup", ExitCode.INVALID, 422, "a backup file is damaged, or newer than fairpair"),
    ("nul_in_text", ExitCode.INVALID, 422, "a value holds a NUL byte"),
    ("error", ExitCode.INTERNAL, 500, "an error without its own kind (a bug)"),
    ("internal_error", ExitCode.INTERNAL, 500, "an unexpected internal error (a bug)"),
)


def _codes(error: BaseException) -> list[str]:
    """The codes of ``error``'s classes, its own first, then its bases'."""
    if not isinstance(error, FairpairError):
        return ["internal_error"]
    out: list[str] = []
    for cls in type(error).__mro__:
        own = vars(cls).get("code")
        if isinstance(own, str) and own not in out:
            out.append(own)
    return out or ["error"]


def code_of(error: BaseException) -> str:
    """The stable code of ``error``: the nearest class's own ``code``; ``internal_error`` for
    anything that is not a fairpair error."""
    return _codes(error)[0]


def kind_of(error: BaseException) -> ErrorKind:
    """The row of ``error``: its own code's, else its nearest base class's (so a new kind of
    refusal keeps its base's exit code until it has a row), always with its own code."""
    codes = _codes(error)
    for code in codes:
        kind = ERROR_TABLE.get(code)
        if kind is not None:
            return kind if code == codes[0] else replace(kind, code=codes[0])
    return replace(ERROR_TABLE["internal_error"], code=codes[0])
