"""The options several commands share, written once (names, metavariables, help), and the
groups of them a saved-event command takes as one parameter (``Change``: ``--db``, ``--as``,
``--json``; ``StageChange`` adds ``--stage``; ``Read`` and ``StageRead`` for commands that
change nothing)."""

from __future__ import annotations

import dataclasses
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Annotated, Any

from fairpair.cli.params import Argument, Option

if TYPE_CHECKING:
    from fairpair.service.kernel.connection import Database

#: The ruleset presets (``fairpair.engine.rulesets.PRESETS``; a test keeps them equal), named
#: here so that ``--help`` needs no engine import.
RULESETS = (
    "default",
    "mtg",
    "pokemon",
    "riftbound",
    "teamup",
    "fide",
    "fide_2024",
    "round_robin",
    "pods",
)

#: A file the command reads, as typed (``str``: ``pathlib``, 4 ms of a start, is not needed to
#: open it; the readers take any path).
File = Annotated[
    str,
    Argument(
        metavar="FILE",
        help="The tournament document (JSON) or a FIDE TRF file (.trf).",
        show_default=False,
    ),
]
Json = Annotated[bool, Option("--json", help="Print the documented JSON.")]
StageId = Annotated[
    str | None, Option(metavar="ID", help="The stage id (default: the last stage).")
]
All = Annotated[bool, Option("--all", help="Show every player (default: the top 50).")]
Page = Annotated[
    int | None,
    Option("--page", metavar="N", min=1, help="Show page N of the table (50 players a page)."),
]

# -- saved events ------------------------------------------------------------------------------

Event = Annotated[
    str,
    Argument(
        metavar="EVENT", help="The saved event's slug (`fairpair event list`).", show_default=False
    ),
]
Db = Annotated[
    str | None,
    Option(
        "--db",
        metavar="URL",
        help="The database: sqlite:///FILE or postgresql://USER@HOST/DB (default: "
        "$FAIRPAIR_DATABASE_URL, else a SQLite file in your data folder).",
        show_default=False,
    ),
]
Actor = Annotated[
    str | None,
    Option(
        "--as",
        metavar="NAME",
        help="Who makes the change, for the audit log (default: $FAIRPAIR_ACTOR, else your "
        "user name).",
        show_default=False,
    ),
]
Stage = Annotated[
    str | None,
    Option("--stage", metavar="ID", help="The stage id (default: the last stage)."),
]
Round = Annotated[
    int,
    Argument(metavar="N", min=1, help="The round number.", show_default=False),
]
Player = Annotated[
    str,
    Argument(metavar="PLAYER", help="A player's id or exact name.", show_default=False),
]
Source = Annotated[
    str,
    Argument(
        metavar="EVENT|FILE",
        help="A tournament document (a path that exists) or a saved event's slug.",
        show_default=False,
    ),
]


# -- option groups -----------------------------------------------------------------------------


class Group:
    """Options a command takes together, as one parameter (``run: options.StageChange``): the
    command line (``fairpair.cli.command_line``) lists each of the group's fields as an option
    of its own where that parameter stands (so ``-h`` shows them there, as if written one by
    one) and hands the command the group. What the groups share: the database of ``--db``, and
    saying what happened."""

    db: str | None
    as_json: bool

    def database(self) -> AbstractContextManager[Database]:
        """The database of ``--db`` (else ``$FAIRPAIR_DATABASE_URL``, else the default SQLite
        file), migrated; closed when the block ends."""
        from fairpair.cli.saved import database

        return database(self.db)

    def done(self, line: str, payload: Any) -> None:
        """Say what happened: ``line`` for people, ``payload`` with ``--json``."""
        from fairpair.cli.saved import done

        done(line, payload, self.as_json)


class _Acting:
    actor: str | None

    @property
    def who(self) -> str:
        """Who makes the change (``--as``, else ``$FAIRPAIR_ACTOR``, else the user name)."""
        from fairpair.cli.saved import actor_of

        return actor_of(self.actor)


@dataclasses.dataclass(frozen=True)
class Read(Group):
    """``--db``, ``--json``: a command that names no actor (it reads, or changes what no
    audit log follows: accounts, tokens)."""

    db: Db = None
    as_json: Json = False


@dataclasses.dataclass(frozen=True)
class StageRead(Group):
    """``--stage``, ``--db``, ``--json``: a command that reads a stage of a saved event."""

    stage: Stage = None
    db: Db = None
    as_json: Json = False


@dataclasses.dataclass(frozen=True)
class Change(_Acting, Group):
    """``--db``, ``--as``, ``--json``: a command that changes a saved event."""

    db: Db = None
    actor: Actor = None
    as_json: Json = False


@dataclasses.dataclass(frozen=True)
class StageChange(_Acting, Group):
    """``--stage``, ``--db``, ``--as``, ``--json``: a command that changes a stage of a saved
    event."""

    stage: Stage = None
    db: Db = None
    actor: Actor = None
    as_json: Json = False
