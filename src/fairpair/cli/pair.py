"""``fairpair pair FILE``: the draft of the next round, with "Why these pairings".

``draft_json`` is the documented JSON (docs/pairing.md "JSON output"); ``render_draft`` is the
terminal view. Both take the draft and the points before the round, so other commands (the
toss) can add their own columns or fields around them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from fairpair.cli.errors import handles_errors
from fairpair.engine.pairing import PairingDraft, pair_next_round, render_note
from fairpair.engine.players import PlayerId
from fairpair.engine.points_text import points_text
from fairpair.engine.rounds import Toss
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.standings import compute_standings
from fairpair.engine.toss import assign_tosses, toss_applies
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import load_document
from fairpair.interop.save import save_document
from fairpair.interop.standings_json import decimal, exact_text

JSON_FORMAT = "fairpair-pairing-draft"
JSON_VERSION = 1


def points_before(
    tournament: Tournament, stage: Stage, draft: PairingDraft
) -> dict[PlayerId, Fraction]:
    """Each player's points before the drafted round (0 in round 1)."""
    if draft.round_number == 1:
        return {}
    table = compute_standings(tournament, stage, draft.round_number - 1)
    return {row.player.id: row.points for row in table.rows}


def _player(
    pid: PlayerId, names: Mapping[PlayerId, str], points: Mapping[PlayerId, Fraction]
) -> dict[str, Any]:
    value = points.get(pid, Fraction(0))
    return {
        "id": pid,
        "name": names.get(pid, pid),
        "points": decimal(value),
        "points_exact": exact_text(value),
    }


def draft_tosses(
    tournament: Tournament, stage: Stage, draft: PairingDraft
) -> tuple[Toss, ...] | None:
    """Who plays first at each table (docs/toss.md), or ``None`` when the stage has no toss."""
    if not toss_applies(stage):
        return None
    return assign_tosses(
        tournament, stage, draft.round_number, [(p.a, p.b) for p in draft.pairings]
    )


def draft_json(
    tournament: Tournament,
    draft: PairingDraft,
    points: Mapping[PlayerId, Fraction],
    tosses: Sequence[Toss] | None = None,
) -> dict[str, Any]:
    """The draft as the stable JSON structure documented in docs/pairing.md; with the toss on,
    each pairing also has ``toss: {first, reason, manual}`` (docs/toss.md)."""
    names = {p.id: p.name for p in tournament.players}
    out: dict[str, Any] = {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "tournament": tournament.name,
        "stage": draft.stage_id,
        "round": draft.round_number,
        "pairings": [
            {
                "table": t.table,
                "a": _player(t.a, names, points),
                "b": _player(t.b, names, points),
                "forced_rematch": t.forced_rematch,
                "forbidden": t.forbidden,
            }
            for t in draft.pairings
        ],
        "byes": [
            {"player": _player(b.player, names, points), "kind": b.kind.value} for b in draft.byes
        ],
        "notes": [
            {
                "kind": n.kind.value,
                "players": list(n.players),
                "detail": n.detail,
                "text": render_note(n, names),
            }
            for n in draft.notes
        ],
    }
    for entry, toss in zip(out["pairings"], tosses or (), strict=False):
        entry["toss"] = {"first": toss.first, "reason": toss.reason.value, "manual": toss.manual}
    return out


def render_draft(
    tournament: Tournament,
    draft: PairingDraft,
    points: Mapping[PlayerId, Fraction],
    tosses: Sequence[Toss] | None = None,
) -> list[RenderableType]:
    """The pairings table (table, player, points, opponent, points, flags) and the notes."""
    names = {p.id: escape(p.name) for p in tournament.players}
    stage_name = next((s.name for s in tournament.stages if s.id == draft.stage_id), draft.stage_id)
    flagged = any(t.forced_rematch or t.forbidden for t in draft.pairings)
    table = Table(
        title=(
            f"{escape(tournament.name)} — {escape(stage_name)}, round {draft.round_number} (draft)"
        ),
        title_justify="left",
        header_style="bold",
    )
    table.add_column("Table", justify="right")
    table.add_column("Player")
    table.add_column("Pts", justify="right")
    table.add_column("Opponent")
    table.add_column("Pts", justify="right")
    if flagged:
        table.add_column("Warning")
    if tosses is not None:
        table.add_column("Plays first")
    for i, t in enumerate(draft.pairings):
        flags = []
        if t.forced_rematch:
            flags.append("[bold red]forced rematch[/bold red]")
        if t.forbidden:
            flags.append("[bold red]forbidden pair[/bold red]")
        first = []
        if tosses is not None:
            toss = tosses[i]
            first.append(f"{names.get(toss.first, toss.first)} [dim]({toss.reason.value})[/dim]")
        table.add_row(
            str(t.table),
            names.get(t.a, t.a),
            points_text(points.get(t.a, Fraction(0))),
            names.get(t.b, t.b),
            points_text(points.get(t.b, Fraction(0))),
            *([", ".join(flags)] if flagged else []),
            *first,
        )
    for b in draft.byes:
        kind = "bye" if b.kind.value == "pairing" else f"{b.kind.value} bye (assigned)"
        table.add_row(
            "",
            names.get(b.player, b.player),
            points_text(points.get(b.player, Fraction(0))),
            f"[italic]{kind}[/italic]",
        )
    why = Text("Why these pairings", style="bold")
    plain = {p.id: p.name for p in tournament.players}
    lines = [Text(f"• {render_note(n, plain)}") for n in draft.notes]
    return [table, Text(""), why, *lines]


def with_round(
    tournament: Tournament, stage: Stage, draft: PairingDraft, tosses: Sequence[Toss] | None
) -> Tournament:
    """``tournament`` with the drafted round added to ``stage`` (matches without results)."""
    played = draft.to_round()
    if tosses is not None:
        played = replace(
            played,
            matches=tuple(replace(m, toss=t) for m, t in zip(played.matches, tosses, strict=True)),
        )
    updated = replace(stage, rounds=(*stage.rounds, played))
    stages = tuple(updated if s.id == stage.id else s for s in tournament.stages)
    return replace(tournament, stages=stages)


@handles_errors
def pair(
    file: Annotated[Path, typer.Argument(help="The tournament document (JSON).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the documented JSON.")] = False,
    method: Annotated[
        PairingMethod | None,
        typer.Option(help="Pair inside score groups this way (default: the stage's method)."),
    ] = None,
    stage: Annotated[str | None, typer.Option(help="The stage id (default: the last).")] = None,
    save: Annotated[
        bool,
        typer.Option(
            "--save",
            help="Add the drafted round (no results yet) to FILE; otherwise nothing is saved.",
        ),
    ] = False,
) -> None:
    """Draft the next round: pairings, bye and the notes that explain them."""
    tournament = load_document(file)
    chosen = tournament.stage(stage)
    draft = pair_next_round(tournament, chosen, method=method)
    points = points_before(tournament, chosen, draft)
    tosses = draft_tosses(tournament, chosen, draft)
    if save:
        save_document(with_round(tournament, chosen, draft, tosses), file)
    if as_json:
        payload = draft_json(tournament, draft, points, tosses)
        typer.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    console = Console(highlight=False)
    console.print(Group(*render_draft(tournament, draft, points, tosses)))
    if save:
        console.print(
            f"\n[green]saved:[/green] round {draft.round_number} added to {escape(str(file))}; "
            "enter each match's result there, then pair the next round."
        )
