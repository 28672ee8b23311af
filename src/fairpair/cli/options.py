"""The options several commands share, written once (names, metavariables, help)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

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
