"""``fairpair pair FILE``: the draft of the next round, with "Why these pairings".

``draft_json`` is the documented JSON (docs/pairing.md "JSON output"); ``render_draft`` is the
terminal view. Both take the draft and the points before the round, so other commands (the
toss) can add their own columns or fields around them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

from fairpair.cli import options
from fairpair.cli.ending import keep_until_exit
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option
from fairpair.cli.tournament_files import load_tournament
from fairpair.engine.formats import pair_next_round, stage_to_pair
from fairpair.engine.pairing import PairingDraft, render_note
from fairpair.engine.players import PlayerId
from fairpair.engine.points_text import points_text
from fairpair.engine.rounds import Toss
from fairpair.engine.stage import PairingMethod, Stage
from fairpair.engine.tournament import Tournament

if TYPE_CHECKING:
    from fairpair.cli.table import TextTable


def points_before(
    tournament: Tournament, stage: Stage, draft: PairingDraft
) -> Mapping[PlayerId, Fraction]:
    """Each player's points before the drafted round (empty in round 1): the standings the
    engine ranked the round by, carried on the draft (no second standings computation)."""
    return draft.points_before


def draft_tosses(
    tournament: Tournament, stage: Stage, draft: PairingDraft
) -> tuple[Toss, ...] | None:
    """Who plays first at each table (docs/toss.md), or ``None`` when the stage has no toss.

    A stage with the toss switched off has none (``toss_applies`` needs it on): the toss's
    engine is loaded only for a stage that has it switched on (~4 ms of every ``pair``)."""
    if not stage.toss.enabled:
        return None
    from fairpair.engine.toss import assign_tosses, ranks_of, toss_applies

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
    is docs/schemas/pairing-draft.schema.json): ``fairpair.responses.draft``'s model as
    JSON-ready values (``draft_data``: built as plain data). With the toss on, each pairing
    also has ``toss: {first, reason, manual}`` (docs/toss.md). ``points`` default to the
    draft's ``points_before``."""
    from fairpair.responses.draft_data import draft_data  # only for --json

    return draft_data(tournament, draft, points, tosses)


def render_draft(
    tournament: Tournament,
    draft: PairingDraft,
    points: Mapping[PlayerId, Fraction],
    tosses: Sequence[Toss] | None = None,
    chess: bool = False,
) -> tuple[TextTable, list[str]]:
    """The pairings table (table, player, points, opponent, points, flags, who plays first —
    White and Black for a chess stage, ``Stage.chess``) and the notes, one sentence each."""
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
    if tosses is not None and chess:
        columns += [Column("White"), Column("Black")]
    elif tosses is not None:
        columns.append(Column("Plays first"))
    rows = []
    for i, t in enumerate(draft.pairings):
        flags = []
        if t.forced_rematch:
            flags.append("forced rematch")
        if t.forbidden:
            flags.append("forbidden pair")
        first = []
        if tosses is not None and chess:
            toss = tosses[i]
            black = t.b if toss.first == t.a else t.a
            first += [f"{names.get(toss.first, toss.first)} ({toss.reason.value})"]
            first += [names.get(black, black)]
        elif tosses is not None:
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
                *([""] * (2 if chess else 1) if tosses is not None else []),
            )
        )
    title = f"{tournament.name} — {stage_name}, round {draft.round_number} (draft)"
    lines = [f"• {render_note(n, names)}" for n in draft.notes]
    return TextTable(title, tuple(columns), tuple(rows)), lines


class Method(StrEnum):
    """``--method`` (the engine's ``PairingMethod``; a test keeps them equal)."""

    ADJACENT = "adjacent"
    SLIDE = "slide"
    FOLD = "fold"
    RANDOM = "random"
    DUTCH = "dutch"


@handles_errors
def pair(
    file: options.File,
    as_json: options.Json = False,
    method: Annotated[
        Method | None,
        Option(
            metavar="METHOD",
            help="Pair inside score groups this way: adjacent, slide, fold or random; or "
            "dutch, the FIDE Dutch system for the whole round (default: the stage's method).",
            case_sensitive=False,
        ),
    ] = None,
    stage: options.StageId = None,
    save: Annotated[
        bool,
        Option(
            "--save",
            help="Add the drafted round (no results yet) to FILE; otherwise nothing is saved.",
        ),
    ] = False,
) -> None:
    """Draft the next round: pairings, bye and the notes that explain them.

    With --save the whole output is made before the file is written, so a save that reports
    success has written the round, and one that fails (exit 3) left the file untouched.
    """
    from fairpair.cli.output import json_bytes, json_text
    from fairpair.cli.screen import screen, write, write_bytes

    if save:
        from fairpair.interop.files import is_trf

        if is_trf(file):
            from fairpair.interop.errors import UnwritableFile

            raise UnwritableFile(
                str(file),
                "is a TRF file: --save adds rounds to JSON documents only (nothing was saved; "
                "`fairpair import` it to play on as a saved event)",
            )
    tournament = load_tournament(file)
    chosen = stage_to_pair(tournament, stage)
    draft = pair_next_round(
        tournament, chosen, method=PairingMethod(method.value) if method else None
    )
    points = points_before(tournament, chosen, draft)
    tosses = draft_tosses(tournament, chosen, draft)
    out = screen()
    data: bytes | None = None  # the JSON as the stream takes it, when it takes bytes as they are
    if as_json:
        payload = draft_json(tournament, draft, points, tosses)
        data = json_bytes(payload, out.encoding)
        text = json_text(payload, out.encoding) if data is None else ""
    else:
        from fairpair.cli.table import draw

        drawn, notes = render_draft(tournament, draft, points, tosses, chosen.chess)
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
        # The round as released, untracked (the file derives its state from the results),
        # added to the file without touching anything else in it.
        from fairpair.engine.changes import release_round  # only with --save
        from fairpair.interop.save import save_with_new_round

        released = release_round(tournament, draft, tosses=tosses, state=None)
        new_round = released.stage(draft.stage_id).rounds[-1]

        save_with_new_round(file, draft.stage_id, new_round)
    if data is not None:
        write_bytes(data)
    else:
        write(text)
    keep_until_exit(tournament, draft, data, text)
