"""``fairpair demo``: a sample tournament's standings, to see fairpair work in one command."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from fairpair.cli.errors import handles_errors
from fairpair.cli.standings import render
from fairpair.engine.standings import compute_standings
from fairpair.interop.document import parse_document
from fairpair.interop.standings_json import standings_json


def demo_document() -> str:
    """The bundled demo tournament document (JSON text)."""
    return files("fairpair.data").joinpath("demo-tournament.json").read_text(encoding="utf-8")


@handles_errors
def demo(
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    document: Annotated[
        bool, typer.Option("--document", help="Print the demo tournament document instead.")
    ] = False,
) -> None:
    """Show the standings of a bundled demo tournament (try `--document > demo.json`)."""
    text = demo_document()
    if document:
        typer.echo(text, nl=False)
        return
    tournament = parse_document(json.loads(text))
    table = compute_standings(tournament)
    if as_json:
        typer.echo(json.dumps(standings_json(table, tournament.name), indent=2, ensure_ascii=False))
        return
    stage = tournament.stage()
    console = Console(highlight=False)
    console.print(
        render(
            table,
            f"{escape(tournament.name)} — {escape(stage.name)}, after round {table.after_round} "
            f"({stage.ruleset.name})",
        )
    )
    console.print(
        "[dim]Next: `fairpair demo --document > demo.json`, then "
        "`fairpair standings demo.json --ruleset mtg` or `fairpair validate demo.json`.[/dim]"
    )
