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
from fairpair.engine.toss import assign_tosses, ranks_of, toss_applies
from fairpair.engine.tournament import Tournament
from fairpair.interop.document import load_document
from fairpair.interop.save import save_document


def points_before(
    tournament: Tournament, stage: Stage, draft: PairingDraft
) -> Mapping[PlayerId, Fraction]:
    """Each player's points before the drafted round (empty in round 1): the standings the
    engine ranked the round by, carried on the draft (no second standings computation)."""
    return draft.points_before


def draft_tosses(
    tournament: Tournament, stage: Stage, draft: PairingDraft
) -> tuple[Toss, ...] | None:
    """Who plays first at each table (docs/toss.md), or ``None`` when the stage has no toss."""
    if not toss_applies(stage):
        return None
    return assign_tosses(
        tournament,
        stage,
        draft.round_number,
        [(p.a, p.b) for p in draft.pairings],
        ranks=ranks_of(draft.standings),
    )


def draft_json(
    tournament: Tournament,
    draft: PairingDraft,
    points: Mapping[PlayerId, Fraction] | None = None,
    tosses: Sequence[Toss] | None = None,
) -> dict[str, Any]:
    """The draft as the documented JSON (docs/pairing.md "JSON output", version 2; its schema
    is docs/schemas/pairing-draft.schema.json): ``fairpair.responses.draft``'s model, dumped to
    JSON-ready values. With the toss on, each pairing also has ``toss: {first, reason,
    manual}`` (docs/toss.md). ``points`` default to the draft's ``points_before``."""
    from fairpair.responses.draft import draft_model  # pydantic models: only for --json

    return draft_model(tournament, draft, points, tosses).model_dump(mode="json")


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
