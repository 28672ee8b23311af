"""The options several commands share, written once (names, metavariables, help)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

#: The ruleset presets (``fairpair.engine.rulesets.PRESETS``; a test keeps them equal), named
#: here so that ``--help`` needs no engine import.
RULESETS = ("default", "mtg", "pokemon", "riftbound", "teamup", "fide")

File = Annotated[
    Path, typer.Argument(metavar="FILE", help="The tournament document (JSON).", show_default=False)
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
