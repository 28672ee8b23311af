"""``fairpair toss FILE``: the Toss table of a stage — who played first, round by round.

The JSON (``--json``) is documented in docs/toss.md ("The Toss table as JSON").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from fairpair.cli.errors import handles_errors
from fairpair.engine.toss import BalanceClass, TossEntry, TossRow, TossTable, TossTag, toss_table
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import load_document

#: Rich styles of the balance classes: green at 0, amber at ±1, red at ±2 or more.
BALANCE_STYLE = {
    BalanceClass.OK: "bold green",
    BalanceClass.WARN: "bold dark_orange",
    BalanceClass.ALERT: "bold red",
}
TAG_STYLE = {
    TossTag.FIRST: "bold white on blue",
    TossTag.SECOND: "grey50",
    TossTag.BYE: "bold black on grey70",
    TossTag.UNTOSSED: "yellow",
}
MANUAL_MARK = "*"


def balance_text(balance: int) -> str:
    return f"{balance:+d}" if balance else "0"


def rate_percent(row: TossRow) -> float | None:
    """The rate as a percentage rounded to 0.1 (display only; the engine keeps a Fraction)."""
    rate = row.rate
    return None if rate is None else round(float(rate * 100), 1)


def cell_text(entry: TossEntry | None) -> Text:
    if entry is None:
        return Text("")
    text = Text(entry.tag.value, style=TAG_STYLE[entry.tag])
    if entry.manual:
        text.append(MANUAL_MARK, style="bold magenta")
    if entry.tag in (TossTag.FIRST, TossTag.SECOND) and not entry.counted:
        text.stylize("dim strike")
    return text


def render(table: TossTable, title: str) -> Table:
    """Player, one column per round, Wins, Matches, Rate, Balance, Manual."""
    out = Table(title=title, title_justify="left", header_style="bold")
    out.add_column("Player")
    for number in table.rounds:
        out.add_column(f"R{number}", justify="center")
    for name in ("Wins", "Matches", "Rate", "Balance", "Manual"):
        out.add_column(name, justify="right")
    for row in table.rows:
        rate = rate_percent(row)
        out.add_row(
            escape(row.player.name),
            *(cell_text(c) for c in row.cells),
            str(row.wins),
            str(row.matches),
            "—" if rate is None else f"{rate:.1f}%",
            Text(balance_text(row.balance), style=BALANCE_STYLE[row.balance_class]),
            str(row.manual) if row.manual else "",
        )
    out.caption = (
        f"T played first · - did not · B bye · ? no toss recorded · {MANUAL_MARK} set by hand"
        " · struck out: not played at the table, not counted"
    )
    out.caption_justify = "left"
    return out


def _cell_json(number: int, entry: TossEntry | None) -> dict[str, Any]:
    if entry is None:
        return {"round": number, "tag": None}
    return {
        "round": number,
        "tag": entry.tag.value,
        "opponent": entry.opponent,
        "reason": entry.reason.value if entry.reason is not None else None,
        "manual": entry.manual,
        "counted": entry.counted,
    }


def toss_json(table: TossTable, tournament: Tournament) -> dict[str, Any]:
    """The documented JSON of the Toss table (docs/toss.md)."""
    stage = table.stage
    return {
        "tournament": tournament.name,
        "stage": {
            "id": stage.id,
            "name": stage.name,
            "format": stage.format.value,
            "toss": {
                "enabled": stage.toss.enabled,
                "policy": stage.toss.policy.value,
                "applies": table.enabled,
            },
        },
        "rounds": list(table.rounds),
        "max_abs_balance": table.max_abs_balance,
        "players": [
            {
                "id": row.player.id,
                "name": row.player.name,
                "rounds": [_cell_json(n, c) for n, c in zip(table.rounds, row.cells, strict=True)],
                "toss_wins": row.wins,
                "matches": row.matches,
                "rate": rate_percent(row),
                "balance": row.balance,
                "balance_class": row.balance_class.value,
                "manual": row.manual,
            }
            for row in table.rows
        ],
    }


@handles_errors
def toss(
    file: Annotated[Path, typer.Argument(help="The tournament document (JSON).")],
    stage: Annotated[str | None, typer.Option(help="The stage id (default: the last).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the documented JSON.")] = False,
) -> None:
    """Print the Toss table: who played first each round, toss wins, rate and balance."""
    tournament = load_document(file)
    chosen = tournament.stage(stage)
    table = toss_table(tournament, chosen)
    if as_json:
        typer.echo(json.dumps(toss_json(table, tournament), indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False)
    policy = chosen.toss.policy.value
    title = f"{escape(tournament.name)} — {escape(chosen.name)}: toss ({policy})"
    console.print(render(table, title))
    if not table.enabled:
        console.print(
            f"[yellow]note:[/yellow] the deterministic toss is off for stage {chosen.id!r}: "
            "players roll at the table; only tosses recorded in the file are shown."
        )
