"""Exit codes of the ``fairpair`` command, one per kind of failure (docs/cli.md lists them)."""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    OK = 0
    #: Something unexpected went wrong inside fairpair (a bug: please report it).
    INTERNAL = 1
    #: The command line itself was wrong (unknown option, missing argument) — Typer's code.
    USAGE = 2
    #: The file could not be read (missing, a folder, no permission, not UTF-8).
    UNREADABLE = 3
    #: The file is not well-formed JSON.
    MALFORMED = 4
    #: The document does not follow the schema (a missing field, a wrong type, a bad value).
    INVALID = 5
    #: The facts contradict each other (unknown player, a player paired twice in a round).
    INCONSISTENT = 6
    #: An unknown tiebreak, ruleset or stage was named.
    UNKNOWN_NAME = 7
    #: The next round cannot be generated (round cap reached, nobody to pair).
    REFUSED = 8
