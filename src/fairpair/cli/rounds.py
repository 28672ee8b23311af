"""``fairpair rounds N``: how many Swiss rounds to play for N players (guidance only)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from fairpair.engine.pairing.recommended import expected_records, log2_rounds, magic_rounds
from fairpair.interop.standings_json import decimal


def _count(value: float | int) -> str:
    return f"{value:.1f}".removesuffix(".0")


def rounds(
    players: Annotated[int, typer.Argument(min=2, help="How many players (or teams).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Recommend rounds: ⌈log₂ N⌉, Magic's table for draw-heavy fields, and expected records."""
    log2 = log2_rounds(players)
    magic, playoff = magic_rounds(players)
    expected = {r: expected_records(players, r) for r in sorted({log2, magic})}
    if as_json:
        payload = {
            "players": players,
            "log2_rounds": log2,
            "magic_rounds": magic,
            "magic_playoff": playoff,
            "expected": {
                str(r): {str(e.losses): decimal(e.players) for e in rows}
                for r, rows in expected.items()
            },
        }
        typer.echo(json.dumps(payload, indent=2))
        return
    console = Console(highlight=False)
    console.print(
        f"[bold]{players} players[/bold]: {log2} rounds for one undefeated player (⌈log₂ N⌉)."
    )
    console.print(
        f"Draw-heavy fields (Magic Tournament Rules, Appendix E): {magic} rounds; "
        f"playoff {playoff}."
    )
    table = Table(title="Players expected on each record", title_justify="left")
    table.add_column("Rounds", justify="right")
    table.add_column("Undefeated", justify="right")
    table.add_column("One loss", justify="right")
    table.add_column("Two losses", justify="right")
    for r, rows in expected.items():
        cells = [_count(decimal(e.players)) for e in rows] + ["—"] * (3 - len(rows))
        table.add_row(str(r), *cells)
    console.print(table)
    console.print(
        "[dim]N × C(rounds, losses) ÷ 2^rounds: the field halving cleanly each round; byes, "
        "draws and drops move a few players. Guidance only — max rounds is the stage's.[/dim]"
    )
