"""``fairpair toss``: the Toss table of a stage — who played first, round by round — of a
document or a saved event (``toss table EVENT-or-FILE``, or just ``toss EVENT-or-FILE``), and
a saved event's manual flip (``toss flip``) and recalculation (``toss recalc``).

The JSON (``--json``) is ``fairpair.responses.toss`` (docs/toss.md, "The Toss table as JSON").
Every marker is text (``T``, ``-``, ``B``, ``?``, ``*`` set by hand, ``(T)`` not counted);
colours only add emphasis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

if TYPE_CHECKING:
    from fairpair.cli.table import Cell, TextTable
    from fairpair.engine.toss import TossEntry, TossRow, TossTable

#: Emphasis of the balance classes: green at 0, amber at ±1, red at ±2 or more.
BALANCE_STYLE = {"ok": "bold green", "warn": "bold dark_orange", "alert": "bold red"}
TAG_STYLE = {"T": "bold white on blue", "-": "grey50", "B": "bold black on grey70", "?": "yellow"}
MANUAL_MARK = "*"
CAPTION = (
    f"T played first · - did not · B bye · ? no toss recorded · {MANUAL_MARK} set by hand"
    " · (T) in brackets: not played at the table, not counted"
)


def balance_text(balance: int) -> str:
    return f"{balance:+d}" if balance else "0"


def cell(entry: TossEntry | None) -> Cell:
    from fairpair.cli.table import Cell
    from fairpair.engine.toss import TossTag

    if entry is None:
        return Cell("")
    text = entry.tag.value + (MANUAL_MARK if entry.manual else "")
    if entry.tag in (TossTag.FIRST, TossTag.SECOND) and not entry.counted:
        return Cell(f"({text})", "dim strike")
    return Cell(text, TAG_STYLE.get(entry.tag.value))


def table(toss: TossTable, title: str, rows: tuple[TossRow, ...] | None = None) -> TextTable:
    """Player, one column per round, Wins, Matches, Rate, Balance, Manual. A narrow terminal
    loses Manual, then Rate, then the earliest rounds, then Matches and Wins."""
    from fairpair.cli.table import Cell, Column, TextTable, row
    from fairpair.responses.toss import rate_percent

    count = len(toss.rounds)
    columns = [
        Column("Player"),
        *(Column(f"R{n}", "center", drop=10 + count - i) for i, n in enumerate(toss.rounds)),
        Column("Wins", "right", drop=2),
        Column("Matches", "right", drop=3),
        Column("Rate", "right", drop=count + 20),
        Column("Balance", "right"),
        Column("Manual", "right", drop=count + 21),
    ]
    out = []
    for r in toss.rows if rows is None else rows:
        rate = rate_percent(r)
        out.append(
            row(
                r.player.name,
                *(cell(c) for c in r.cells),
                str(r.wins),
                str(r.matches),
                "—" if rate is None else f"{rate:.1f}%",
                Cell(balance_text(r.balance), BALANCE_STYLE[r.balance_class.value]),
                str(r.manual) if r.manual else "",
            )
        )
    return TextTable(title, tuple(columns), tuple(out), (CAPTION,))


GROUP = group(
    "toss",
    "The Toss table (fairpair toss FILE, or toss table EVENT-or-FILE); a saved event's "
    "manual flip and recalculation.",
    default="table",
)


@command(GROUP, "table")
@handles_errors
def toss(
    file: options.Source,
    stage: options.StageId = None,
    show_all: options.All = False,
    page: options.Page = None,
    as_json: options.Json = False,
    db: options.Db = None,
) -> None:
    """Print the Toss table: who played first each round, toss wins, rate and balance."""
    from fairpair.cli.saved import is_document

    document = is_document(file)
    if document:
        from fairpair.cli.tournament_files import load_tournament
        from fairpair.engine.toss import toss_table

        tournament = load_tournament(file)
        chosen = tournament.stage(stage)
        result = toss_table(tournament, chosen)
    else:
        from fairpair.cli.saved import database
        from fairpair.service.rounds.toss import toss_table as saved_table

        with database(db) as base:
            tournament, result = saved_table(base, str(file), stage=stage)
        chosen = tournament.stage(stage)
    if as_json:
        from fairpair.cli.output import print_json
        from fairpair.responses.toss import toss_response

        print_json(toss_response(result, tournament))
        return
    from fairpair.cli.paging import page_of
    from fairpair.cli.screen import screen, write
    from fairpair.cli.table import draw

    out = screen()
    rows, note = page_of(result.rows, show_all, page)
    title = f"{tournament.name} — {chosen.name}: toss ({chosen.toss.policy.value})"
    text = draw(table(result, title, tuple(rows)), out)
    if note:
        text += out.clean(note) + "\n"
    if not result.enabled:
        text += (
            out.clean(
                f"note: the deterministic toss is off for stage {chosen.id!r}: players roll at the "
                f"table; only tosses recorded in the {'file' if document else 'event'} are shown."
            )
            + "\n"
        )
    write(text)


@command(GROUP, "flip")
@handles_errors
def flip(
    event: options.Event,
    number: options.Round,
    table_number: Annotated[
        int, Argument(metavar="TABLE", min=1, help="The table.", show_default=False)
    ],
    first: Annotated[
        str | None,
        Option("--first", metavar="PLAYER", help="Who plays first (default: the other player)."),
    ] = None,
    *,
    run: options.StageChange,
) -> None:
    """Set who plays first at a table by hand (never overwritten by a recalculation)."""
    from fairpair.service.rounds.toss import flip as set_first

    with run.database() as base:
        who = set_first(
            base, event, number, table_number, actor=run.who, stage=run.stage, first=first
        )
    run.done(
        f"round {number} table {table_number}: {who} plays first (set by hand)",
        {"event": event, "round": number, "table": table_number, "first": who, "manual": True},
    )


@command(GROUP, "recalc")
@handles_errors
def recalc(event: options.Event, number: options.Round, run: options.StageChange) -> None:
    """Compute a round's automatic tosses again (tosses set by hand are kept)."""
    from fairpair.cli.saved import tables_text
    from fairpair.service.rounds.toss import recalculate

    with run.database() as base:
        changed = recalculate(base, event, number, actor=run.who, stage=run.stage)
    said = tables_text(changed) if changed else "no toss changed"
    run.done(
        f"recalculated the tosses of round {number}: {said}",
        {"event": event, "round": number, "changed_tables": changed},
    )
