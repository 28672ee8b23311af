"""``fairpair round ...``: a saved event's round lifecycle (seed 004, "Running a round").

``generate`` makes a private draft (no round exists, players see nothing), ``draft`` shows it,
``rearrange`` swaps two players in it (or a player with the bye), ``regenerate`` pairs again,
``discard`` throws it away, ``release`` makes it the round (Scheduled), ``show`` prints a
released round (tables, toss, results, notes); then ``open``,
``complete``, ``revert`` (Open → Scheduled), ``delete`` (a Scheduled round), ``swap`` (two
players of a Scheduled round) and ``dates``. A round robin also has ``schedule`` (every round
of its Berger schedule) and ``release --all`` (every remaining round at once); ``clock`` runs
the round timer (start, pause, resume, add or remove time, reset) as the console does. Every
command takes ``--stage`` (default: the last stage).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

if TYPE_CHECKING:
    from fairpair.responses.clock import RoundClockView
    from fairpair.responses.drafts import SavedDraft
    from fairpair.responses.events import EventDetail, RoundItem, RoundView, StageItem
    from fairpair.responses.round_robin import RoundRobinSchedule
    from fairpair.service.kernel.connection import Database

GROUP = group(
    "round",
    "Draft, release, open, complete, revert, delete or swap a round of a saved event.",
)
Other = Annotated[
    str,
    Argument(
        metavar="OTHER", help="The other player's id or name ('bye': the bye).", show_default=False
    ),
]


# -- the draft ------------------------------------------------------------------------------


def _side(player: dict[str, Any]) -> tuple[str, str]:
    return str(player.get("name", player.get("id", ""))), str(player.get("points_exact", ""))


def colour_columns(first: str | None, a: tuple[str, str], b: tuple[str, str]) -> list[str]:
    """A chess table's White and Black names, from who plays first (``a``, ``b``: each
    side's id and name); blanks when nobody is shown as playing first."""
    if first == a[0]:
        return [a[1], b[1]]
    if first == b[0]:
        return [b[1], a[1]]
    return ["", ""]


def draft_text(draft: SavedDraft, chess: bool = False) -> str:
    """The private draft for people: what it is, its warnings, the tables, the notes. A chess
    stage (``Stage.chess``) shows White and Black where another shows who plays first."""
    from fairpair.cli.saved import utc_text
    from fairpair.cli.screen import screen
    from fairpair.cli.table import Cell, Column, TextTable, draw, row
    from fairpair.cli.text import plural

    out = screen()
    head = [
        f"Draft of round {draft.round} (stage {draft.stage}) — private: no round exists yet, "
        "players see nothing",
        f"made by {draft.made_by} at {utc_text(draft.made_at)} UTC, version {draft.version}; "
        f"{plural(len(draft.pairings) + len(draft.pods), 'table')}"
        + (f", {plural(len(draft.byes), 'bye')}" if draft.byes else ""),
    ]
    if draft.warnings:
        head += ["", f"Warnings ({len(draft.warnings)}):"]
        head += [f"  ! {w}" for w in draft.warnings]
    else:
        head += ["", "Warnings: none (no rematch, no forbidden pair)"]
    if draft.repeat_pairing:
        head += ["No rematch-free draw exists: released, the round is labelled Repeat pairing"]
    if draft.moves:
        head += ["", "Moved by hand: " + "; ".join(draft.moves)]
    flagged = any(t.get("forced_rematch") or t.get("forbidden") for t in draft.pairings)
    tossed = any("toss" in t for t in draft.pairings)
    columns = [
        Column("Table", "right"),
        Column("Player"),
        Column("Pts", "right"),
        Column("Opponent"),
        Column("Pts", "right"),
    ]
    if flagged:
        columns.append(Column("Warning"))
    if tossed and chess:
        columns += [Column("White"), Column("Black")]
    elif tossed:
        columns.append(Column("Plays first"))
    names = {
        str(p["id"]): str(p["name"])
        for t in draft.pairings
        for p in (t["a"], t["b"])
        if isinstance(p, dict)
    }
    rows = []
    for t in draft.pairings:
        a, a_points = _side(t["a"])
        b, b_points = _side(t["b"])
        flags = [
            w
            for w, on in (
                ("forced rematch", t.get("forced_rematch")),
                ("forbidden pair", t.get("forbidden")),
            )
            if on
        ]
        extra: list[Cell | str] = [Cell(", ".join(flags), "bold red")] if flagged else []
        if tossed and chess:
            toss = t.get("toss") or {}
            first_id = str(toss["first"]) if "first" in toss else None
            white, black = colour_columns(first_id, (str(t["a"]["id"]), a), (str(t["b"]["id"]), b))
            extra += [f"{white} ({toss.get('reason', '')})" if toss else "", black]
        elif tossed:
            toss = t.get("toss") or {}
            first = names.get(str(toss.get("first", "")), str(toss.get("first", "")))
            extra.append(f"{first} ({toss.get('reason', '')})" if toss else "")
        rows.append(row(str(t["table"]), a, a_points, b, b_points, *extra))
    sitting_out = {n.get("player") for n in draft.notes if n.get("kind") == "round_robin_sit_out"}
    for bye in draft.byes:
        who, points = _side(bye["player"])
        kind = "bye" if bye.get("kind") == "pairing" else f"{bye.get('kind')} bye (assigned)"
        if bye["player"]["id"] in sitting_out:
            kind = "sits out (zero bye)"
        rows.append(row("", who, points, Cell(kind, "italic"), "", *([""] * (len(columns) - 5))))
    table = TextTable(f"Round {draft.round} (draft)", tuple(columns), tuple(rows))
    notes = [f"• {n.get('text', '')}" for n in draft.notes]
    if draft.pods:
        table = _pods_table(f"Round {draft.round} (draft)", draft.pods, draft.byes)
    body = "".join(out.clean(line) + "\n" for line in head) + "\n" + draw(table, out)
    body += "".join(out.clean(line) + "\n" for line in ("", "Why these pairings", *notes))
    return body


def _show_draft(
    draft: SavedDraft, as_json: bool, event: str, first: str | None = None, chess: bool = False
) -> None:
    if as_json:
        from fairpair.cli.output import print_json

        print_json(draft)
        return
    from fairpair.cli.screen import screen, write

    out = screen()
    text = out.clean(first) + "\n" if first else ""
    text += draft_text(draft, chess)
    text += (
        "\n"
        + out.clean(
            f"Next: fairpair round release {event} (or round rearrange {event} PLAYER OTHER, "
            f"round regenerate {event}, round discard {event})"
        )
        + "\n"
    )
    write(text)


@command(GROUP, "generate")
@handles_errors
def generate(event: options.Event, run: options.StageChange) -> None:
    """Pair the next round as a private draft: review it, then release it."""
    from fairpair.service.rounds.drafts import generate as make

    with run.database() as base:
        draft = make(base, event, actor=run.who, stage=run.stage)
        chess = _stage_of(base, event, draft.stage).chess
    _show_draft(draft, run.as_json, event, chess=chess)


@command(GROUP, "draft")
@handles_errors
def draft(event: options.Event, run: options.StageRead) -> None:
    """Show the private draft of the next round (warnings, tables, "Why these pairings")."""
    from fairpair.service.rounds.drafts import show_draft

    with run.database() as base:
        found = show_draft(base, event, stage=run.stage)
        chess = _stage_of(base, event, found.stage).chess
    _show_draft(found, run.as_json, event, chess=chess)


@command(GROUP, "show")
@handles_errors
def show(event: options.Event, number: options.Round, run: options.StageRead) -> None:
    """Show a released round: its tables (who plays first, results), byes, dates and the
    notes it was released with ("Why these pairings")."""
    from fairpair.service.rounds.repeats import round_view

    with run.database() as base:
        view = round_view(base, event, number, stage=run.stage)
        chess = _stage_of(base, event, view.stage).chess
    if run.as_json:
        from fairpair.cli.output import print_json

        print_json(view)
        return
    from fairpair.cli.screen import write

    write(round_text(view, chess))


def _pods_table(title: str, pods: list[dict[str, Any]], byes: list[dict[str, Any]]) -> Any:
    """A pod stage's draft: one line per table, its seats in seat order (seat 1 first)."""
    from fairpair.cli.table import Cell, Column, TextTable, row

    columns = (Column("Table", "right"), Column("Seats (seat 1 plays first)"))
    rows = [
        row(
            str(p["table"]),
            ", ".join(f"{k}. {_side(s)[0]} ({_side(s)[1]})" for k, s in enumerate(p["seats"], 1)),
        )
        for p in pods
    ]
    rows += [row("", Cell(f"{_side(b['player'])[0]}: bye", "italic")) for b in byes]
    return TextTable(title, columns, tuple(rows))


def _round_pods_table(view: RoundView) -> Any:
    """A pod stage's released round: the seats in seat order, with the places once in."""
    from fairpair.cli.table import Cell, Column, TextTable, row

    columns = (
        Column("Table", "right"),
        Column("Seats (seat 1 plays first)"),
        Column("Places"),
    )
    rows = []
    for p in view.pods:
        seats = ", ".join(f"{k}. {s.name}" for k, s in enumerate(p.seats, 1))
        placed = [s for s in p.seats if s.place is not None]
        places: Cell | str = (
            ", ".join(f"{s.name} {s.place}" for s in sorted(placed, key=lambda s: s.place or 0))
            if len(placed) == len(p.seats)
            else Cell("—", "dim")
        )
        rows.append(row(str(p.table), seats, places))
    rows += [row("", Cell(f"{b.player.name}: bye", "italic"), "") for b in view.byes]
    return TextTable(f"Round {view.number}", columns, tuple(rows))


def round_text(view: RoundView, chess: bool = False) -> str:
    """A released round for people: state and dates, the tables, the byes, the notes. A
    chess stage (``Stage.chess``) shows White and Black where another shows who plays
    first."""
    from fairpair.cli.saved import utc_text
    from fairpair.cli.screen import screen
    from fairpair.cli.table import Cell, Column, TextTable, draw, row

    out = screen()
    shown = {"scheduled": "Upcoming", "open": "In Progress", "completed": "Completed"}
    head = [
        f"Round {view.number} (stage {view.stage}) — {view.state} ({shown[view.state]}); "
        + (f"{view.outstanding} result(s) missing" if view.outstanding else "every result in"),
    ]
    if view.starts_at or view.ends_at:
        start = utc_text(view.starts_at) if view.starts_at else "?"
        end = utc_text(view.ends_at) if view.ends_at else "?"
        head.append(f"from {start} to {end} UTC")
    if view.repeat_pairing:
        head += ["", "Repeat pairing: players who met earlier in the stage meet again"]
        head += [f"  {r.note}" for r in view.repeats]
    tossed = any(t.first for t in view.tables)
    columns = [Column("Table", "right"), Column("Player"), Column("Opponent"), Column("Result")]
    if tossed and chess:
        columns += [Column("White"), Column("Black")]
    elif tossed:
        columns.append(Column("Plays first"))
    rows = []
    for t in view.tables:
        result: Cell | str = t.result or (
            f"in progress {t.games_so_far.get('a', 0)}-{t.games_so_far.get('b', 0)}"
            if t.games_so_far
            else Cell("—", "dim")
        )
        extra: list[Cell | str] = []
        if tossed and chess:
            white, black = colour_columns(t.first, (t.a.id, t.a.name), (t.b.id, t.b.name))
            extra += [white + (" (manual)" if t.manual_toss else ""), black]
        elif tossed:
            first = t.a.name if t.first == t.a.id else t.b.name if t.first == t.b.id else ""
            extra.append(first + (" (manual)" if t.manual_toss else ""))
        rows.append(row(str(t.table), t.a.name, t.b.name, result, *extra))
    for bye in view.byes:
        kind = "bye" if bye.kind == "pairing" else f"{bye.kind} bye"
        rows.append(
            row("", bye.player.name, Cell(kind, "italic"), "", *([""] * (len(columns) - 4)))
        )
    table = TextTable(f"Round {view.number}", tuple(columns), tuple(rows))
    if view.pods:
        table = _round_pods_table(view)
    notes = [f"• {n.get('text', '')}" for n in view.notes]
    body = "".join(out.clean(line) + "\n" for line in head) + "\n" + draw(table, out)
    if notes:
        body += "".join(out.clean(line) + "\n" for line in ("", "Why these pairings", *notes))
    return body


@command(GROUP, "rearrange")
@handles_errors
def rearrange(
    event: options.Event, player: options.Player, other: Other, run: options.StageChange
) -> None:
    """Swap two players' places in the draft (or a player with the one who has the bye)."""
    from fairpair.service.rounds.drafts import rearrange as move

    with run.database() as base:
        found = move(base, event, player, other, actor=run.who, stage=run.stage)
        chess = _stage_of(base, event, found.stage).chess
    _show_draft(found, run.as_json, event, f"swapped {player} and {other} in the draft", chess)


@command(GROUP, "regenerate")
@handles_errors
def regenerate(event: options.Event, run: options.StageChange) -> None:
    """Pair the next round again (the field as it is now), replacing the draft."""
    from fairpair.service.rounds.drafts import regenerate as again

    with run.database() as base:
        found = again(base, event, actor=run.who, stage=run.stage)
        chess = _stage_of(base, event, found.stage).chess
    said = "paired again: the new draft replaces the old one"
    _show_draft(found, run.as_json, event, said, chess)


@command(GROUP, "discard")
@handles_errors
def discard(event: options.Event, run: options.StageChange) -> None:
    """Throw the draft away (nobody saw it)."""
    from fairpair.service.rounds.drafts import discard as drop

    with run.database() as base:
        key = _stage_key(base, event, run.stage, to_pair=True)
        number = drop(base, event, actor=run.who, stage=run.stage)
    run.done(
        f"discarded the draft of round {number} of stage {key}",
        {"event": event, "stage": key, "round": number, "draft": None},
    )


# -- the round ------------------------------------------------------------------------------


def _detail(base: Database, event: str) -> EventDetail:
    from fairpair.service.event.events import show_event

    return show_event(base, event)


def _stage_of(base: Database, event: str, stage: str | None) -> StageItem:
    """The stage named, else the service's default stage, as the event shows it."""
    key = _stage_key(base, event, stage)
    return next(s for s in _detail(base, event).stages if s.id == key)


def _stage_key(base: Database, event: str, stage: str | None, *, to_pair: bool = False) -> str:
    """The stage named, else the service's default (``to_pair``: the stage to pair next)."""
    from fairpair.service.kernel.lookup import stage_key

    return stage_key(base, event, stage, to_pair=to_pair)


def _round_of(base: Database, event: str, stage: str | None, number: int) -> tuple[str, RoundItem]:
    found = _stage_of(base, event, stage)
    return found.id, next(r for r in found.rounds if r.number == number)


def _payload(event: str, key: str, rnd: RoundItem) -> dict[str, Any]:
    return {"event": event, "stage": key, **rnd.model_dump(mode="json")}


@command(GROUP, "next")
@handles_errors
def next_round(event: options.Event, run: options.StageChange) -> None:
    """The common path in one step: complete the live round, pair the next one, release it
    and open it (one transaction: refused, changing nothing, while a result is missing); a
    draft with a warning (a forced rematch, a forbidden pair) stops for review."""
    from fairpair.service.rounds.flow import next_round as start

    with run.database() as base:
        started = start(base, event, actor=run.who, stage=run.stage)
    before = (
        f"completed round {started.completed} of stage {started.completed_stage}; "
        if started.completed is not None
        else ""
    )
    if started.opened:
        line = (
            f"{before}{started.name} (round {started.round} of stage {started.stage}) is open: "
            f"report results with fairpair result report {event} {started.round} TABLE RESULT"
        )
    else:
        line = (
            f"{before}the draft of {started.name} waits for review ("
            + "; ".join(started.warnings)
            + f"): fairpair round draft {event}, then fairpair round release {event}"
        )
    run.done(
        line,
        {
            "event": event,
            "stage": started.stage,
            "round": started.round,
            "name": started.name,
            "opened": started.opened,
            "completed": started.completed,
            "completed_stage": started.completed_stage,
            "warnings": list(started.warnings),
        },
    )


@command(GROUP, "release")
@handles_errors
def release(
    event: options.Event,
    run: options.StageChange,
    every: Annotated[
        bool,
        Option(
            "--all",
            help="A round robin: release every round not released yet, together (no draft).",
        ),
    ] = False,
) -> None:
    """Make the draft the round: its matches are created, Scheduled (public as Upcoming).
    With --all (a round robin), every remaining round of the schedule is released at once."""
    from fairpair.cli.saved import names
    from fairpair.cli.text import plural
    from fairpair.service.rounds.lifecycle import release as make

    if every:
        _release_all(event, run)
        return
    with run.database() as base:
        number = make(base, event, actor=run.who, stage=run.stage)
        key, rnd = _round_of(base, event, run.stage, number)
    run.done(
        f"released round {number} of stage {key}: {plural(rnd.tables, 'table')}, "
        f"bye: {names(rnd.byes)}. Next: fairpair round open {event} {number}",
        _payload(event, key, rnd),
    )


def _release_all(event: str, run: options.StageChange) -> None:
    from fairpair.service.rounds.round_robin import release_all

    with run.database() as base:
        numbers = release_all(base, event, actor=run.who, stage=run.stage)
        found = _stage_of(base, event, run.stage)
    released = [r for r in found.rounds if r.number in numbers]
    listed = ", ".join(str(n) for n in numbers)
    run.done(
        f"released round{'s' if len(numbers) != 1 else ''} {listed} of stage {found.id} "
        f"together. Next: fairpair round open {event} {numbers[0]}",
        {
            "event": event,
            "stage": found.id,
            "rounds": [r.model_dump(mode="json") for r in released],
        },
    )


@command(GROUP, "schedule")
@handles_errors
def schedule(event: options.Event, run: options.StageRead) -> None:
    """Show a round robin's whole schedule: the Berger numbers, every round's games (the
    first-named plays first), who sits out, and each released round's state and results."""
    from fairpair.service.rounds.round_robin import schedule_view

    with run.database() as base:
        view = schedule_view(base, event, stage=run.stage)
    if run.as_json:
        from fairpair.cli.output import print_json

        print_json(view)
        return
    from fairpair.cli.screen import write

    write(schedule_text(view))


def schedule_text(view: RoundRobinSchedule) -> str:
    """The schedule for people: numbers, then one block per round."""
    from fairpair.cli.screen import screen

    out = screen()
    cycles = "double" if view.cycles == 2 else "single"
    lines = [
        f"Round robin {view.stage} ({cycles}, FIDE Berger tables): "
        f"{len(view.rounds)} rounds, numbers by {view.numbers_from.replace('_', ' ')}",
    ]
    for p in view.players:
        left = (
            f" (withdrew after round {p.withdrawn_after})" if p.withdrawn_after is not None else ""
        )
        lines.append(f"  {p.number:>2}  {p.name}{left}")
    for r in view.rounds:
        where = f"cycle {r.cycle}, " if view.cycles == 2 else ""
        where += f"Berger round {r.cycle_round}"
        head = f"Round {r.number}" + (f" ({where})" if where else "") + f": {r.state}"
        lines.append("")
        lines.append(head)
        for g in r.games:
            result = f"  {g.result}" if g.result else ""
            lines.append(
                f"  table {g.table}: {g.first.number} {g.first.name} - "
                f"{g.second.number} {g.second.name}{result}"
            )
        if r.sits_out is not None:
            lines.append(f"  sits out: {r.sits_out.number} {r.sits_out.name}")
    return "".join(out.clean(line) + "\n" for line in lines)


def _move(action: str, event: str, number: int, run: options.StageChange, said: str) -> None:
    """Open, complete or revert round ``number``; say so (``said``, formatted)."""
    from fairpair.service.rounds import lifecycle as rounds

    change = {
        "open": rounds.open_round,
        "complete": rounds.complete_round,
        "revert": rounds.revert_round,
    }[action]
    with run.database() as base:
        change(base, event, number, actor=run.who, stage=run.stage)
        key, rnd = _round_of(base, event, run.stage, number)
    run.done(said.format(n=number, stage=key, event=event), _payload(event, key, rnd))


@command(GROUP, "open")
@handles_errors
def open_(event: options.Event, number: options.Round, run: options.StageChange) -> None:
    """Start a Scheduled round (In Progress): results can be reported."""
    _move(
        "open",
        event,
        number,
        run,
        "opened round {n} of stage {stage}: it is in progress; report results with "
        "fairpair result report {event} {n} TABLE RESULT",
    )


@command(GROUP, "complete")
@handles_errors
def complete(event: options.Event, number: options.Round, run: options.StageChange) -> None:
    """Close an Open round once every match has a result."""
    _move(
        "complete",
        event,
        number,
        run,
        "completed round {n} of stage {stage}. Next: fairpair standings {event}, "
        "or fairpair round generate {event}",
    )


@command(GROUP, "revert")
@handles_errors
def revert(event: options.Event, number: options.Round, run: options.StageChange) -> None:
    """Put an Open round back to Scheduled (while no match has a result)."""
    _move(
        "revert",
        event,
        number,
        run,
        "reverted round {n} of stage {stage} to scheduled (games in progress were reset)",
    )


@command(GROUP, "delete")
@handles_errors
def delete(event: options.Event, number: options.Round, run: options.StageChange) -> None:
    """Delete a Scheduled round with its matches (generate it again)."""
    from fairpair.service.rounds.lifecycle import delete_round

    with run.database() as base:
        key = _stage_key(base, event, run.stage)
        delete_round(base, event, number, actor=run.who, stage=run.stage)
    run.done(
        f"deleted round {number} of stage {key}. Next: fairpair round generate {event}",
        {"event": event, "stage": key, "round": number, "deleted": True},
    )


@command(GROUP, "swap")
@handles_errors
def swap(
    event: options.Event,
    number: options.Round,
    player: options.Player,
    other: Other,
    run: options.StageChange,
) -> None:
    """Exchange two players between the pairings of a Scheduled round (tosses re-synced)."""
    from fairpair.cli.saved import tables_text
    from fairpair.service.rounds.lifecycle import swap as exchange

    with run.database() as base:
        changed = exchange(base, event, number, player, other, actor=run.who, stage=run.stage)
        key = _stage_key(base, event, run.stage)
    run.done(
        f"swapped {player} and {other} in round {number} of stage {key}: {tables_text(changed)}",
        {"event": event, "stage": key, "round": number, "changed_tables": changed},
    )


@command(GROUP, "dates")
@handles_errors
def dates(
    event: options.Event,
    number: options.Round,
    start: Annotated[
        str | None,
        Option(
            "--start",
            metavar="ISO",
            help="When it starts: ISO 8601 (2026-12-05T10:00, UTC unless an offset is given), "
            "or none.",
        ),
    ] = None,
    end: Annotated[
        str | None,
        Option("--end", metavar="ISO", help="When it ends (its deadline), or none."),
    ] = None,
    *,
    run: options.StageChange,
) -> None:
    """Set a round's start and end (what is not given stays as it is)."""
    from fairpair.cli.parsing import BadValue, parse_moment
    from fairpair.service.rounds.lifecycle import set_dates

    if start is None and end is None:
        raise BadValue("dates", "give --start ISO, --end ISO, or both")
    starts = parse_moment(start, "--start") if start is not None else None
    ends = parse_moment(end, "--end") if end is not None else None
    with run.database() as base:
        found = _stage_of(base, event, run.stage)
        current = next((r for r in found.rounds if r.number == number), None)
        if current is not None:
            starts = current.starts_at if start is None else starts
            ends = current.ends_at if end is None else ends
        set_dates(
            base, event, number, actor=run.who, starts_at=starts, ends_at=ends, stage=run.stage
        )
        key, rnd = _round_of(base, event, run.stage, number)

    def shown(moment: Any) -> str:
        return moment.isoformat() if moment is not None else "not set"

    run.done(
        f"round {number} of stage {key}: starts {shown(rnd.starts_at)}, ends {shown(rnd.ends_at)}",
        _payload(event, key, rnd),
    )


# -- the round timer ---------------------------------------------------------------------------

#: What ``round clock`` does: show the timer, or change it as the console's buttons do.
CLOCK_ACTIONS = ("show", "start", "pause", "resume", "add", "remove", "reset")


def clock_text(view: RoundClockView) -> str:
    """A round's timer for people: "round 4 of stage swiss: running, 49:58 left (time up at
    2026-12-05 14:32 UTC)"."""
    from fairpair.cli.saved import utc_text

    where = f"round {view.round} of stage {view.stage}"
    if view.state == "off":
        why = "" if view.round_state == "open" else " (the timer runs while the round is open)"
        return f"{where}: no timer{why}"
    left = view.left_seconds or 0
    shown = (
        f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}"
        if left >= 3600
        else (f"{left // 60}:{left % 60:02d}")
    )
    if view.state == "paused":
        return f"{where}: paused, {shown} left"
    return f"{where}: running, {shown} left (time up at {utc_text(view.ends_at)} UTC)"


@command(GROUP, "clock")
@handles_errors
def clock(
    event: options.Event,
    action: Annotated[
        str,
        Argument(
            metavar="ACTION",
            help="show (the default), start MINUTES, pause, resume, add MINUTES, "
            "remove MINUTES (time taken away), reset (no timer).",
        ),
    ] = "show",
    minutes: Annotated[
        int | None,
        Argument(metavar="MINUTES", help="For start, add and remove.", show_default=False),
    ] = None,
    number: Annotated[
        int | None,
        Option(
            "--round",
            metavar="N",
            min=1,
            help="The round (default: the stage's round In Progress).",
            show_default=False,
        ),
    ] = None,
    *,
    run: options.StageChange,
) -> None:
    """The round timer the big screen and the public pages show, as the console runs it:
    start it at MINUTES, pause, resume, add or remove time, reset. It runs while the round is
    In Progress."""
    from fairpair.cli.parsing import BadValue
    from fairpair.service.rounds import clock as timer

    if action not in CLOCK_ACTIONS:
        raise BadValue("ACTION", f"{action!r}: one of {', '.join(CLOCK_ACTIONS)}")
    timed = action in ("start", "add", "remove")
    if timed and minutes is None:
        raise BadValue(
            "MINUTES", f"{action} needs the minutes: fairpair round clock EVENT {action} 5"
        )
    if not timed and minutes is not None:
        raise BadValue("MINUTES", f"{action} takes no minutes")
    with run.database() as base:
        if number is None:
            key, number = timer.live_round(base, event, stage=run.stage)
        else:
            key = _stage_key(base, event, run.stage)
        given = minutes or 0
        if action == "start":
            timer.start_clock(base, event, number, minutes=given, actor=run.who, stage=key)
        elif action in ("add", "remove"):
            more = given if action == "add" else -given
            timer.extend_clock(base, event, number, minutes=more, actor=run.who, stage=key)
        elif action == "pause":
            timer.pause_clock(base, event, number, actor=run.who, stage=key)
        elif action == "resume":
            timer.resume_clock(base, event, number, actor=run.who, stage=key)
        elif action == "reset":
            timer.reset_clock(base, event, number, actor=run.who, stage=key)
        view = timer.clock_view(base, event, number, stage=key)
    run.done(clock_text(view), view)
