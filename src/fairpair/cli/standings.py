"""``fairpair standings FILE``: the standings table of a tournament document."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from fairpair.cli.errors import handles_errors
from fairpair.engine.points_text import points_text
from fairpair.engine.rulesets import get_ruleset
from fairpair.engine.standings import Standings, compute_standings
from fairpair.interop.document import load_document
from fairpair.interop.standings_json import display, standings_json, status_of

BADGES = {
    "withdrawn": "[dim italic](Withdrew)[/dim italic]",
    "advanced": "[green](Advanced)[/green]",
    "eliminated": "[red](Eliminated)[/red]",
}


def render(standings: Standings, title: str) -> Table:
    """The Rich table: #, Player, Pts, tiebreaks in order, record, Played, F if any."""
    table = Table(title=title, title_justify="left", header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("Player")
    table.add_column("Pts", justify="right")
    for tb in standings.tiebreaks:
        table.add_column(tb.short, justify="right", header_style="bold cyan")
    draws = standings.has_draws
    table.add_column("W-D-L" if draws else "W-L", justify="center")
    table.add_column("Played", justify="right")
    forfeits = standings.has_forfeits
    if forfeits:
        table.add_column("F", justify="right")
    for row in standings.rows:
        record = f"{row.wins}-{row.draws}-{row.losses}" if draws else f"{row.wins}-{row.losses}"
        name = escape(row.player.name)
        status = status_of(standings, row)
        cells = [
            str(row.rank) if row.rank is not None else "",
            f"{name} {BADGES[status]}" if status else name,
            points_text(row.points),
            *(display(v, tb) for tb, v in zip(standings.tiebreaks, row.tiebreaks, strict=True)),
            record,
            str(row.played),
        ]
        if forfeits:
            cells.append(str(row.forfeits) if row.forfeits else "")
        table.add_row(*cells, style="dim" if row.dropped else None)
    return table


@handles_errors
def standings(
    file: Annotated[Path, typer.Argument(help="The tournament document (JSON).")],
    ruleset: Annotated[
        str | None,
        typer.Option(help="Rank with this preset instead of the stage's ruleset."),
    ] = None,
    stage: Annotated[str | None, typer.Option(help="The stage id (default: the last).")] = None,
    after_round: Annotated[
        int | None,
        typer.Option("--after-round", min=0, help="Standings as they were after round N."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the documented JSON.")] = False,
) -> None:
    """Print the standings: points, then the tiebreaks in order; ties share a rank."""
    tournament = load_document(file)
    chosen = tournament.stage(stage)
    if ruleset is not None:
        chosen = replace(chosen, ruleset=get_ruleset(ruleset, "--ruleset"))
    table = compute_standings(tournament, chosen, after_round)
    if as_json:
        typer.echo(json.dumps(standings_json(table, tournament.name), indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False)
    if not table.rows:
        console.print(
            f"{escape(tournament.name)} — {escape(chosen.name)}: no completed match yet, "
            "so nobody is ranked. Pair round 1 with `fairpair pair FILE`."
        )
        return
    title = (
        f"{escape(tournament.name)} — {escape(chosen.name)}, after round {table.after_round} "
        f"({chosen.ruleset.name})"
    )
    console.print(render(table, title))
