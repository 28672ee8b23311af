"""``fairpair league new|list|show|attach|detach|edit|close|csv``: a community's leagues
(seasons) — league points per event from a rule, best N of M, the leaderboard
(docs/leagues.md)."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Annotated, Any

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group("league", "A community's leagues (seasons): points rules, leaderboards.")
Community = Annotated[
    str, Argument(metavar="COMMUNITY", help="The community's slug.", show_default=False)
]
League = Annotated[str, Argument(metavar="LEAGUE", help="The league's key.", show_default=False)]
Events = Annotated[
    list[str], Argument(metavar="EVENT...", help="Events' slugs.", show_default=False)
]


def _opt(name: str, help: str, metavar: str | None = None) -> Any:
    return Option(name, help=help, metavar=metavar, show_default=False)


Key = Annotated[str | None, _opt("--key", "Its key (default: made from the name).", "KEY")]
Starts = Annotated[str | None, _opt("--starts", "First day of the season.", "YYYY-MM-DD")]
Ends = Annotated[str | None, _opt("--ends", "Last day of the season.", "YYYY-MM-DD")]
Win = Annotated[str | None, _opt("--win", "League points a match won (default 3).", "POINTS")]
Draw = Annotated[str | None, _opt("--draw", "League points a match drawn (default 1).", "POINTS")]
Loss = Annotated[str | None, _opt("--loss", "League points a match lost (default 0).", "POINTS")]
Attend = Annotated[
    str | None, _opt("--attend", "For taking part in an event (default 0).", "POINTS")
]
Places = Annotated[
    str | None, _opt("--places", 'By final place: "10,8,6,4" (1st 10, 2nd 8…; beyond: 0).', "LIST")
]
Best = Annotated[str | None, _opt("--best", "Only a player's best N events count.", "N")]


def _day(text: str | None, where: str) -> date | None:
    from fairpair.cli.parsing import BadValue

    if text is None or not text.strip():
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise BadValue(where, f"{text!r} is not a date such as 2027-01-08") from None


def _rule(
    win: str | None,
    draw: str | None,
    loss: str | None,
    attend: str | None,
    places: str | None,
    best: str | None,
) -> dict[str, object]:
    given = {"win": win, "draw": draw, "loss": loss, "attend": attend, "places": places,
             "best": best}  # fmt: skip
    return {k: v for k, v in given.items() if v is not None}


def _said(run: options.Group, line: str, db: object, community: str, key: str) -> None:
    from fairpair.service.leagues.answers import league_item
    from fairpair.service.leagues.leagues import league

    run.done(line, league_item(league(db, community, key)))  # type: ignore[arg-type]


@command(GROUP, "new")
@handles_errors
def new(
    community: Community,
    name: Annotated[str, Argument(metavar="NAME", help="The league's name.")],
    *,
    key: Key = None,
    starts: Starts = None,
    ends: Ends = None,
    win: Win = None,
    draw: Draw = None,
    loss: Loss = None,
    attend: Attend = None,
    places: Places = None,
    best: Best = None,
    event: Annotated[
        list[str] | None, _opt("--event", "An event to count (repeat it).", "EVENT")
    ] = None,
    run: options.Change,
) -> None:
    """Start a league (a season) of a community, with its points rule."""
    from fairpair.service.leagues.leagues import create_league

    with run.database() as base:
        made = create_league(
            base, community, name, actor=run.who, key=key,
            starts=_day(starts, "--starts"), ends=_day(ends, "--ends"),
            rule=_rule(win, draw, loss, attend, places, best), events=event or (),
        )  # fmt: skip
        _said(run, f"league {made} of {community} started", base, community, made)


@command(GROUP, "edit")
@handles_errors
def edit(
    community: Community,
    league: League,
    *,
    name: Annotated[str | None, _opt("--name", "A new name.", "NAME")] = None,
    starts: Starts = None,
    ends: Ends = None,
    win: Win = None,
    draw: Draw = None,
    loss: Loss = None,
    attend: Attend = None,
    places: Places = None,
    best: Best = None,
    run: options.Change,
) -> None:
    """Change a league's name, dates or points rule (the rule's parts given; the others stay)."""
    from fairpair.service.leagues.leagues import KEEP, edit_league
    from fairpair.service.leagues.leagues import league as find

    with run.database() as base:
        changes = _rule(win, draw, loss, attend, places, best)
        rule: object = KEEP
        if changes:
            rule = {**find(base, community, league).rule.as_json(), **changes}
        edit_league(
            base, community, league, actor=run.who,
            name=KEEP if name is None else name,
            starts=KEEP if starts is None else _day(starts, "--starts"),
            ends=KEEP if ends is None else _day(ends, "--ends"),
            rule=rule,  # type: ignore[arg-type]
        )  # fmt: skip
        _said(run, f"league {league} changed", base, community, league)


@command(GROUP, "attach")
@handles_errors
def attach(community: Community, league: League, events: Events, run: options.Change) -> None:
    """Count events (of the community) in the league."""
    from fairpair.service.leagues.leagues import attach_events

    with run.database() as base:
        n = attach_events(base, community, league, events, actor=run.who)
        _said(run, f"{n} event(s) added to {league}", base, community, league)


@command(GROUP, "detach")
@handles_errors
def detach(
    community: Community,
    league: League,
    event: Annotated[str, Argument(metavar="EVENT", help="The event's slug.")],
    run: options.Change,
) -> None:
    """Stop counting an event in the league (the event itself stays)."""
    from fairpair.service.leagues.leagues import detach_event

    with run.database() as base:
        detach_event(base, community, league, event, actor=run.who)
        _said(run, f"{event} taken out of {league}", base, community, league)


@command(GROUP, "list")
@handles_errors
def list_(community: Community, run: options.Read) -> None:
    """The community's leagues, open ones first."""
    from fairpair.cli.saved import lines
    from fairpair.service.leagues.answers import league_list

    with run.database() as base:
        found = league_list(base, community)
    if run.as_json:
        run.done("", found)
        return
    lines(
        [
            f"{lg.key:20} {lg.name}  ({len(lg.events)} events"
            f"{', closed' if lg.closed_at else ''}) — {lg.rule.text}"
            for lg in found.leagues
        ]
        or [f"{community} has no league yet (fairpair league new {community} NAME)"]
    )


def _print_board(community: str, league: str, run: options.Read, top: int | None) -> None:
    from fairpair.cli.saved import lines
    from fairpair.service.leagues.answers import leaderboard_answer

    with run.database() as base:
        found = leaderboard_answer(base, community, league)
    if run.as_json:
        run.done("", found)
        return
    head = found.league
    said = [
        f"{head.name} — {'final' if found.final else 'leaderboard'} "
        f"({len(head.events)} events; {head.rule.text})"
    ]
    rows = found.rows if top is None else found.rows[:top]
    for r in rows:
        said.append(
            f"{r.rank:>4}. {r.name:30} {r.points_text:>6}  "
            f"{r.played} played, {r.counted} counted, {r.wins}-{r.losses}-{r.draws}"
        )
    if not found.rows:
        said.append("nobody has played an event of the league yet")
    lines(said)


@command(GROUP, "show")
@handles_errors
def show(
    community: Community,
    league: League,
    top: Annotated[
        int | None, Option("--top", metavar="N", min=1, help="Only the first N rows.")
    ] = None,
    *,
    run: options.Read,
) -> None:
    """The league's leaderboard (final once the season is closed)."""
    _print_board(community, league, run, top)


@command(GROUP, "close")
@handles_errors
def close(community: Community, league: League, run: options.Change) -> None:
    """Close the season: its leaderboard as it stands becomes final."""
    from fairpair.service.leagues.answers import leaderboard_response
    from fairpair.service.leagues.closing import close_league

    with run.database() as base:
        final = close_league(base, community, league, actor=run.who)
    leader = final.board.rows[0].name if final.board.rows else "nobody"
    run.done(f"league {league} closed: {leader} leads", leaderboard_response(final))


@command(GROUP, "csv")
@handles_errors
def csv(
    community: Community,
    league: League,
    out: Annotated[
        Path | None, _opt("--out", "Write to this file (default: print it).", "FILE")
    ] = None,
    *,
    run: options.Read,
) -> None:
    """The leaderboard as CSV (one column per event; dropped events in parentheses)."""
    from fairpair.cli.saved import lines
    from fairpair.service.leagues.csv_export import leaderboard_csv

    with run.database() as base:
        text = leaderboard_csv(base, community, league)
    if out is not None:
        out.write_text(text, encoding="utf-8")
        run.done(f"wrote {out}", {"path": str(out)})
        return
    lines(text.splitlines())
