"""``fairpair event new|list|show|edit``: saved events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

if TYPE_CHECKING:
    from fairpair.responses.events import EventDetail

GROUP = group("event", "Saved events: create one, list them, show one, edit its details.")


@command(GROUP, "new")
@handles_errors
def new(
    name: Annotated[str, Argument(metavar="NAME", help="The event's name.", show_default=False)],
    slug: Annotated[
        str | None,
        Option(
            "--slug",
            metavar="SLUG",
            help="Its short name on the command line (default: made from the name).",
        ),
    ] = None,
    ruleset: Annotated[
        str | None,
        Option(
            "--ruleset",
            metavar="NAME",
            help="The Swiss stage's ruleset: "
            + ", ".join(options.RULESETS)
            + " (default: default).",
        ),
    ] = None,
    community: Annotated[
        str | None,
        Option(
            "--community",
            metavar="COMMUNITY",
            help="Attach it to this community at once (fairpair community list).",
        ),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Create an event with one Swiss stage ('swiss'); prints its slug."""
    from fairpair.service.accounts.logins import account_named, owned_by
    from fairpair.service.event.events import create_event

    preset = None
    if ruleset is not None:
        from fairpair.engine.rulesets import get_ruleset

        preset = get_ruleset(ruleset, "--ruleset")
    with run.database() as base:
        owner = account_named(base, run.who)
        if community is not None:
            from fairpair.service.communities.communities import community_view

            community_view(base, community)  # an unknown community makes no event
        made = create_event(
            base, name, actor=run.who, slug=slug, ruleset=preset, owner=owner.id if owner else None
        )
        if community is not None:
            from fairpair.service.communities.communities import attach_event

            attach_event(base, community, made, actor=run.who)
    where = f", an event of {community}" if community else ""
    run.done(
        f"created event {made} ({name.strip()}): one Swiss stage 'swiss', ruleset "
        f"{preset.name if preset else 'default'}{where}; {owned_by(owner, run.who, made)}. "
        f"Next: fairpair player add {made} NAME",
        {"event": made, "owner": owner.username if owner else None, "community": community},
    )


@command(GROUP, "list")
@handles_errors
def list_(run: options.Read) -> None:
    """List the saved events, newest first."""
    from fairpair.service.event.events import list_events

    with run.database() as base:
        found = list_events(base)
    if run.as_json:
        from fairpair.cli.output import print_json

        print_json(found)
        return
    from fairpair.cli.screen import screen, write
    from fairpair.cli.table import Column, TextTable, draw, row

    out = screen()
    if not found.events:
        write(out.clean("no events yet: fairpair event new NAME (or fairpair demo)") + "\n")
        return
    table = TextTable(
        "Events",
        (
            Column("Event"),
            Column("Name"),
            Column("Players", "right"),
            Column("Rounds", "right", drop=2),
            Column("Changed (UTC)", drop=1),
        ),
        tuple(
            row(e.slug, e.name, str(e.players), str(e.rounds), _when(e.changed_at))
            for e in found.events
        ),
    )
    write(draw(table, out))


def _when(moment: object) -> str:
    from fairpair.cli.saved import utc_text

    return utc_text(moment)


@command(GROUP, "show")
@handles_errors
def show(event: options.Event, run: options.Read) -> None:
    """Show an event: its players (check-in, drops) and its stages' rounds."""
    from fairpair.service.event.events import show_event

    with run.database() as base:
        detail = show_event(base, event)
    if run.as_json:
        from fairpair.cli.output import print_json

        print_json(detail)
        return
    render(detail)


def render(detail: EventDetail) -> None:
    from fairpair.cli.screen import screen, write
    from fairpair.cli.table import Cell, Column, TextTable, draw, row
    from fairpair.cli.text import plural

    out = screen()
    present = sum(p.checked_in for p in detail.players)
    head = (
        f"{detail.name} ({detail.slug}): {plural(len(detail.players), 'player')}, "
        f"{present} checked in"
    )
    players = TextTable(
        "Players",
        (
            Column("Id"),
            Column("Player"),
            Column("Seed", "right", drop=3),
            Column("Rating", "right", drop=4),
            Column("Team", drop=5),
            Column("Checked in", "center", drop=2),
            Column("Status", drop=1),
        ),
        tuple(
            row(
                p.id,
                p.name,
                "" if p.seed is None else str(p.seed),
                "" if p.rating is None else str(p.rating),
                p.team or "",
                "yes" if p.checked_in else "no",
                Cell(
                    ""
                    if p.dropped_after is None
                    else "dropped before round 1"
                    if p.dropped_after == 0
                    else f"dropped after round {p.dropped_after}",
                    "dim italic",
                ),
                style="dim" if p.dropped_after is not None else None,
            )
            for p in detail.players
        ),
    )
    text = out.clean(head) + "\n\n"
    text += draw(players, out) if detail.players else out.clean("no players yet") + "\n"
    for s in detail.stages:
        cap = "no max rounds" if s.max_rounds is None else f"max {plural(s.max_rounds, 'round')}"
        draft = (
            f"; a private draft of round {s.draft_round} is waiting "
            f"(fairpair round draft {detail.slug})"
            if s.draft_round is not None
            else ""
        )
        cut = ""
        if s.cut_from is not None:
            cut = (
                f"; the top cut of {s.cut_from}, not drawn yet"
                if s.seated is None
                else f"; the top {s.seated} of {s.cut_from}"
            )
        done = "; finished" if s.finished else ""
        title = f"Stage {s.id} ({s.name}): {s.format}, ruleset {s.ruleset}, {cap}{cut}{draft}{done}"
        if not s.rounds:
            text += "\n" + out.clean(title + "; no round released yet") + "\n"
            continue
        rounds = TextTable(
            title,
            (
                Column("Round", "right"),
                Column("State"),
                Column("Tables", "right"),
                Column("Results missing", "right"),
                Column("Byes", drop=1),
                Column("Starts (UTC)", drop=3),
                Column("Ends (UTC)", drop=2),
            ),
            tuple(
                row(
                    str(r.number),
                    r.state + (" (Repeat pairing)" if r.repeat_pairing else ""),
                    str(r.tables),
                    str(r.outstanding),
                    ", ".join(r.byes),
                    _when(r.starts_at),
                    _when(r.ends_at),
                )
                for r in s.rounds
            ),
        )
        text += "\n" + draw(rounds, out)
    write(text)


def _day(text: str, option: str) -> object:
    """``text`` as a date (``YYYY-MM-DD``); empty clears; a bad one is refused, naming
    ``option``."""
    from datetime import date

    from fairpair.engine.errors import Location
    from fairpair.service.kernel.errors import Refused

    if not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip().replace("/", "-"))
    except ValueError:
        raise Refused(Location((option,)), f"{text!r} is not a date (YYYY-MM-DD)") from None


@command(GROUP, "edit")
@handles_errors
def edit(
    event: options.Event,
    name: Annotated[str | None, Option("--name", metavar="NAME", help="Rename it.")] = None,
    city: Annotated[
        str | None, Option("--city", metavar="CITY", help="Where it is played.")
    ] = None,
    federation: Annotated[
        str | None,
        Option("--federation", metavar="FED", help="Three letters (ITA, USA)."),
    ] = None,
    start: Annotated[
        str | None, Option("--start", metavar="DATE", help="Start date (YYYY-MM-DD).")
    ] = None,
    end: Annotated[
        str | None, Option("--end", metavar="DATE", help="End date (YYYY-MM-DD).")
    ] = None,
    chief_arbiter: Annotated[
        str | None, Option("--chief-arbiter", metavar="NAME", help="The chief arbiter.")
    ] = None,
    deputy: Annotated[
        list[str] | None,
        Option(
            "--deputy",
            metavar="NAME",
            help="A deputy arbiter (repeat for each; replaces the list; '' clears it).",
        ),
    ] = None,
    time_control: Annotated[
        str | None,
        Option("--time-control", metavar="TEXT", help="Time control, e.g. 90'+30\"."),
    ] = None,
    kind: Annotated[
        str | None,
        Option(
            "--type", metavar="TEXT", help="Type of tournament (default from the stage format)."
        ),
    ] = None,
    language: Annotated[
        str | None,
        Option(
            "--language",
            metavar="LANG",
            help="The event's default language (en, es, pt_BR, fr, de, it, ja; '' clears it).",
        ),
    ] = None,
    round_date: Annotated[
        list[str] | None,
        Option(
            "--round-date",
            metavar="DATE",
            help="Round dates in order, round 1 first (repeat; '-' for a round without one; "
            "replaces the list).",
        ),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Set an event's details for its FIDE report (TRF header 022-132): only the options
    given change; an empty value clears one."""
    from fairpair.service.event.details import set_event_details

    changes: dict[str, object] = {}
    for key, value in (
        ("name", name),
        ("city", city),
        ("federation", federation),
        ("chief_arbiter", chief_arbiter),
        ("time_control", time_control),
        ("tournament_type", kind),
        ("language", language),
    ):
        if value is not None:
            changes[key] = value
    if start is not None:
        changes["start_date"] = _day(start, "--start")
    if end is not None:
        changes["end_date"] = _day(end, "--end")
    if deputy is not None:
        changes["deputy_arbiters"] = tuple(d for d in deputy if d.strip())
    if round_date is not None:
        changes["round_dates"] = tuple(
            None if d.strip() in ("", "-") else _day(d, "--round-date") for d in round_date
        )
    with run.database() as base:
        details = set_event_details(base, event, changes, actor=run.who)
    shown = details.model_dump(mode="json", exclude_defaults=True)
    said = ", ".join(f"{k} {v}" for k, v in shown.items()) or "none set"
    run.done(f"details of {event}: {said}", {"event": event, "details": shown})
