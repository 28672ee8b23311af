"""``fairpair pair FILE``: the draft of the next round, with "Why these pairings".

``draft_json`` is the documented JSON (docs/pairing.md "JSON output"); ``render_draft`` is the
terminal view. Both take the draft and the points before the round, so other commands (the
toss) can add their own columns or fields around them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from fairpair.cli import options
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

if TYPE_CHECKING:
    from fairpair.cli.table import TextTable

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
) -> tuple[TextTable, list[str]]:
    """The pairings table (table, player, points, opponent, points, flags, who plays first)
    and the notes, one sentence each."""
    from fairpair.cli.table import Cell, Column, TextTable, row

    names = {p.id: p.name for p in tournament.players}
    stage_name = next((s.name for s in tournament.stages if s.id == draft.stage_id), draft.stage_id)
    flagged = any(t.forced_rematch or t.forbidden for t in draft.pairings)
    columns = [
        Column("Table", "right"),
        Column("Player"),
        Column("Pts", "right"),
        Column("Opponent"),
        Column("Pts", "right"),
    ]
    if flagged:
        columns.append(Column("Warning"))
    if tosses is not None:
        columns.append(Column("Plays first"))
    rows = []
    for i, t in enumerate(draft.pairings):
        flags = []
        if t.forced_rematch:
            flags.append("forced rematch")
        if t.forbidden:
            flags.append("forbidden pair")
        first = []
        if tosses is not None:
            toss = tosses[i]
            first.append(f"{names.get(toss.first, toss.first)} ({toss.reason.value})")
        rows.append(
            row(
                str(t.table),
                names.get(t.a, t.a),
                points_text(points.get(t.a, Fraction(0))),
                names.get(t.b, t.b),
                points_text(points.get(t.b, Fraction(0))),
                *([Cell(", ".join(flags), "bold red")] if flagged else []),
                *first,
            )
        )
    for b in draft.byes:
        kind = "bye" if b.kind.value == "pairing" else f"{b.kind.value} bye (assigned)"
        rows.append(
            row(
                "",
                names.get(b.player, b.player),
                points_text(points.get(b.player, Fraction(0))),
                Cell(kind, "italic"),
                "",
                *([""] if flagged else []),
                *([""] if tosses is not None else []),
            )
        )
    title = f"{tournament.name} — {stage_name}, round {draft.round_number} (draft)"
    lines = [f"• {render_note(n, names)}" for n in draft.notes]
    return TextTable(title, tuple(columns), tuple(rows)), lines


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


class Method(StrEnum):
    """``--method`` (the engine's ``PairingMethod``; a test keeps them equal)."""

    ADJACENT = "adjacent"
    SLIDE = "slide"
    FOLD = "fold"
    RANDOM = "random"


@handles_errors
def pair(
    file: options.File,
    as_json: options.Json = False,
    method: Annotated[
        Method | None,
        typer.Option(
            metavar="METHOD",
            help="Pair inside score groups this way: adjacent, slide, fold or random "
            "(default: the stage's method).",
            case_sensitive=False,
        ),
    ] = None,
    stage: options.StageId = None,
    save: Annotated[
        bool,
        typer.Option(
            "--save",
            help="Add the drafted round (no results yet) to FILE; otherwise nothing is saved.",
        ),
    ] = False,
) -> None:
    """Draft the next round: pairings, bye and the notes that explain them.

    With --save the whole output is made before the file is written, so a save that reports
    success has written the round, and one that fails (exit 3) left the file untouched.
    """
    from fairpair.cli.output import json_text
    from fairpair.cli.screen import screen, write
    from fairpair.cli.table import draw

    tournament = load_document(file)
    chosen = tournament.stage(stage)
    draft = pair_next_round(
        tournament, chosen, method=PairingMethod(method.value) if method else None
    )
    points = points_before(tournament, chosen, draft)
    tosses = draft_tosses(tournament, chosen, draft)
    out = screen()
    if as_json:
        text = json_text(draft_json(tournament, draft, points, tosses), out.encoding)
    else:
        drawn, notes = render_draft(tournament, draft, points, tosses)
        text = draw(drawn, out) + "".join(
            out.clean(line) + "\n" for line in ("", "Why these pairings", *notes)
        )
    if save:
        saved = (
            f"saved: round {draft.round_number} added to {file}; "
            "enter each match's result there, then pair the next round."
        )
        if not as_json:
            text += "\n" + out.clean(saved) + "\n"
        save_document(with_round(tournament, chosen, draft, tosses), file)
    write(text)
