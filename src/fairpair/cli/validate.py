"""``fairpair validate FILE``: check a tournament document and say what is wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from fairpair.cli.errors import handles_errors
from fairpair.interop.document import load_document


@handles_errors
def validate(
    file: Annotated[Path, typer.Argument(help="The tournament document (JSON).")],
) -> None:
    """Check a tournament document: schema, players, pairings, results. Exit 0 when valid."""
    tournament = load_document(file)
    rounds = sum(len(s.rounds) for s in tournament.stages)
    Console(highlight=False).print(
        f"[green]valid:[/green] {escape(str(file))} — {escape(tournament.name)}: "
        f"{len(tournament.players)} players, {len(tournament.stages)} stage(s), {rounds} round(s)"
    )
