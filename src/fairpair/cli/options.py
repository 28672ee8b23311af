"""The options several commands share, written once (names, metavariables, help), and the
groups of them a saved-event command takes as one parameter (``Change``: ``--db``, ``--as``,
``--json``; ``StageChange`` adds ``--stage``; ``Read`` and ``StageRead`` for commands that
change nothing)."""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

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

File = Annotated[
    Path,
    typer.Argument(
        metavar="FILE",
        help="The tournament document (JSON) or a FIDE TRF file (.trf).",
        show_default=False,
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Print the documented JSON.")]
StageId = Annotated[
    str | None, typer.Option(metavar="ID", help="The stage id (default: the last stage).")
]
All = Annotated[bool, typer.Option("--all", help="Show every player (default: the top 50).")]
Page = Annotated[
    int | None,
    typer.Option(
        "--page", metavar="N", min=1, help="Show page N of the table (50 players a page)."
    ),
]

# -- saved events ------------------------------------------------------------------------------

Event = Annotated[
    str,
    typer.Argument(
        metavar="EVENT", help="The saved event's slug (`fairpair event list`).", show_default=False
    ),
]
Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help="The database: sqlite:///FILE or postgresql://USER@HOST/DB (default: "
        "$FAIRPAIR_DATABASE_URL, else a SQLite file in your data folder).",
        show_default=False,
    ),
]
Actor = Annotated[
    str | None,
    typer.Option(
        "--as",
        metavar="NAME",
        help="Who makes the change, for the audit log (default: $FAIRPAIR_ACTOR, else your "
        "user name).",
        show_default=False,
    ),
]
Stage = Annotated[
    str | None,
    typer.Option("--stage", metavar="ID", help="The stage id (default: the last stage)."),
]
Round = Annotated[
    int,
    typer.Argument(metavar="N", min=1, help="The round number.", show_default=False),
]
Player = Annotated[
    str,
    typer.Argument(metavar="PLAYER", help="A player's id or exact name.", show_default=False),
]
Source = Annotated[
    Path,
    typer.Argument(
        metavar="EVENT|FILE",
        help="A tournament document (a path that exists) or a saved event's slug.",
        show_default=False,
    ),
]


# -- option groups -----------------------------------------------------------------------------


class Group:
    """Options a command takes together, as one parameter (``run: options.StageChange``):
    ``spread`` lists each of the group's fields as an option of its own where that parameter
    stands (so ``--help`` shows them there, as if written one by one) and hands the command
    the group. What the groups share: the database of ``--db``, and saying what happened."""

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


def _fields(group: type[Group]) -> tuple[dataclasses.Field[Any], ...]:
    assert dataclasses.is_dataclass(group), group  # every group is a dataclass
    return dataclasses.fields(group)


def spread(command: Callable[..., Any]) -> Callable[..., Any]:
    """``command`` as Typer reads it: each parameter typed with a ``Group`` becomes the
    group's options, in their order, where that parameter stands; a call gathers them back
    into the group. A command without a group is returned as it is."""
    signature = inspect.signature(command, eval_str=True)
    groups = {
        p.name: p.annotation
        for p in signature.parameters.values()
        if isinstance(p.annotation, type) and issubclass(p.annotation, Group)
    }
    if not groups:
        return command
    members: dict[str, list[str]] = {}
    parameters: list[inspect.Parameter] = []
    for p in signature.parameters.values():
        if p.name not in groups:
            parameters.append(p)
            continue
        hints = typing.get_type_hints(groups[p.name], include_extras=True)
        fields = _fields(groups[p.name])
        members[p.name] = [f.name for f in fields]
        parameters += [
            inspect.Parameter(f.name, p.kind, default=f.default, annotation=hints[f.name])
            for f in fields
        ]
    spread_out = signature.replace(parameters=parameters)  # refuses a name given twice

    @wraps(command)
    def gathered(**given: Any) -> Any:
        for name, members_of in members.items():
            given[name] = groups[name](**{m: given.pop(m) for m in members_of})
        return command(**given)

    gathered.__dict__["__signature__"] = spread_out  # what inspect.signature, so Typer, reads
    gathered.__annotations__ = {p.name: p.annotation for p in parameters}
    return gathered
