"""``fairpair community new|list|show|attach|detach|staff|people|merge|rename-person|forget|
export-person``: a store, a club or a Discord server as the home of its events, its staff
(whose role reaches every event of it) and its player directory (docs/communities.md)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group(
    "community",
    "Communities: a store's, club's or Discord server's events, staff, players.",
)
Community = Annotated[
    str,
    Argument(
        metavar="COMMUNITY",
        help="The community's slug (`fairpair community list`).",
        show_default=False,
    ),
]
Key = Annotated[
    str,
    Argument(
        metavar="KEY",
        help="A record of the player directory (`fairpair community people COMMUNITY`).",
        show_default=False,
    ),
]


class Kind(StrEnum):
    STORE = "store"
    CLUB = "club"
    DISCORD = "discord"
    OTHER = "other"


@command(GROUP, "new")
@handles_errors
def new(
    name: Annotated[
        str, Argument(metavar="NAME", help="The community's name.", show_default=False)
    ],
    kind: Annotated[
        Kind,
        Option("--kind", metavar="KIND", help="store, club, discord or other."),
    ] = Kind.STORE,
    slug: Annotated[
        str | None,
        Option("--slug", metavar="SLUG", help="Its slug (default: made from the name)."),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Create a community (the account named by --as, when there is one, owns it)."""
    from fairpair.service.accounts.logins import account_named
    from fairpair.service.communities.answers import community_detail
    from fairpair.service.communities.communities import create_community

    with run.database() as base:
        owner = account_named(base, run.who)
        made = create_community(
            base,
            name,
            actor=run.who,
            kind=kind.value,
            slug=slug,
            owner=owner.id if owner else None,
        )
        shown = community_detail(base, made)
    who = f"owned by {owner.username}" if owner else "no owner account yet"
    run.done(
        f"created community {made} ({shown.name}, a {kind.value}); {who}. "
        f"Next: fairpair community attach {made} EVENT",
        shown,
    )


@command(GROUP, "list")
@handles_errors
def list_(run: options.Change) -> None:
    """Every community, by name, with the role of the account named by --as in each."""
    from fairpair.cli.saved import lines
    from fairpair.service.accounts.logins import account_named
    from fairpair.service.communities.answers import community_list

    with run.database() as base:
        who = account_named(base, run.who)
        found = community_list(base, who.id if who else None, every=True)
    if run.as_json:
        run.done("", found)
        return
    lines(
        [
            f"{c.slug}  {c.name}  ({c.kind}" + (f", you are {c.role}" if c.role else "") + ")"
            for c in found.communities
        ]
        or ["no community yet: fairpair community new NAME"]
    )


@command(GROUP, "show")
@handles_errors
def show(community: Community, run: options.Read) -> None:
    """A community: its events (running, upcoming, past) and its directory's size."""
    from fairpair.cli.saved import lines, utc_text
    from fairpair.service.communities.answers import community_detail

    with run.database() as base:
        shown = community_detail(base, community)
    if run.as_json:
        run.done("", shown)
        return
    out = [f"{shown.name} ({shown.slug}, {shown.kind}): {shown.people} players in the directory"]
    for state in ("running", "upcoming", "past"):
        listed = [e for e in shown.events if e.state == state]
        out.append(f"{state}: {len(listed)}")
        out += [
            f"  {e.slug}  {e.name}  ({e.players} players, {e.rounds} rounds, "
            f"{utc_text(e.created_at)})"
            for e in listed
        ]
    lines(out)


@command(GROUP, "attach")
@handles_errors
def attach(community: Community, event: options.Event, run: options.Change) -> None:
    """Attach an event to the community: its players join the directory."""
    from fairpair.service.communities.communities import attach_event

    with run.database() as base:
        linked = attach_event(base, community, event, actor=run.who)
    run.done(
        f"{event} is an event of {community}: {linked} players linked to the directory",
        {"community": community, "event": event, "linked": linked},
    )


@command(GROUP, "detach")
@handles_errors
def detach(community: Community, event: options.Event, run: options.Change) -> None:
    """Take an event out of the community (its players' records stay)."""
    from fairpair.service.communities.communities import detach_event

    with run.database() as base:
        detach_event(base, community, event, actor=run.who)
    run.done(
        f"{event} is no longer an event of {community}", {"community": community, "event": event}
    )


@command(GROUP, "staff")
@handles_errors
def staff(
    community: Community,
    action: Annotated[
        str | None,
        Argument(
            metavar="[grant USER ROLE | revoke USER]",
            help="grant USER ROLE (owner, judge, viewer) or revoke USER; nothing: the list.",
            show_default=False,
        ),
    ] = None,
    words: Annotated[
        list[str] | None, Argument(metavar="", show_default=False, hidden=True)
    ] = None,
    *,
    run: options.Change,
) -> None:
    """The community's staff; grant or revoke a role (it reaches every event of it)."""
    from fairpair.cli.saved import lines
    from fairpair.service.communities import staff as community_staff
    from fairpair.service.communities.answers import community_staff as staff_answer
    from fairpair.service.kernel.errors import Refused

    given = list(words or [])
    with run.database() as base:
        if action is None:
            shown = staff_answer(base, community)
            if run.as_json:
                run.done("", shown)
                return
            lines([f"{m.role:7} {m.username}  ({m.name})" for m in shown.staff])
            return
        if action == "grant" and len(given) == 2:
            made = community_staff.grant(base, community, given[0], given[1], actor=run.who)
            line = f"{given[0]} is {made.label} of {community} (and of each of its events)"
        elif action == "revoke" and len(given) == 1:
            community_staff.revoke(base, community, given[0], actor=run.who)
            line = f"{given[0]} is no longer staff of {community}"
        else:
            raise Refused("action", "say grant USER ROLE, or revoke USER (or nothing: the list)")
        shown = staff_answer(base, community)
    run.done(line, shown)


@command(GROUP, "people")
@handles_errors
def people(
    community: Community,
    search: Annotated[
        str | None,
        Option("--search", metavar="TEXT", help="Only the records whose name holds TEXT."),
    ] = None,
    *,
    run: options.Read,
) -> None:
    """The player directory (by name), or the records matching --search."""
    from fairpair.cli.saved import lines, utc_text
    from fairpair.service.communities.answers import person_list

    with run.database() as base:
        found = person_list(base, community, search)
    if run.as_json:
        run.done("", found)
        return
    lines(
        [
            f"{p.key}  {p.name}  ({p.events} events"
            + (f", last {utc_text(p.last_seen)}" if p.last_seen else "")
            + ")"
            for p in found.people
        ]
        or ["nobody matches" if search else "the directory is empty"]
    )


@command(GROUP, "merge")
@handles_errors
def merge(
    community: Community,
    kept: Annotated[str, Argument(metavar="KEPT", help="The record kept.", show_default=False)],
    gone: Annotated[
        str,
        Argument(metavar="GONE", help="The record merged into it.", show_default=False),
    ],
    run: options.Change,
) -> None:
    """Two records are the same person: GONE's events become KEPT's."""
    from fairpair.responses.communities import MergeAnswer
    from fairpair.service.communities.directory import merge as merged

    with run.database() as base:
        moved = merged(base, community, kept, gone, actor=run.who)
    run.done(
        f"{gone} merged into {kept}: {moved} events moved",
        MergeAnswer(community=community, kept=kept, gone=gone, moved=moved),
    )


@command(GROUP, "rename-person")
@handles_errors
def rename_person(
    community: Community,
    key: Key,
    name: Annotated[
        str, Argument(metavar="NAME", help="The record's new name.", show_default=False)
    ],
    run: options.Change,
) -> None:
    """Rename a record (each event keeps the name it was played under)."""
    from fairpair.service.communities.directory import rename

    with run.database() as base:
        rename(base, community, key, name, actor=run.who)
    run.done(f"{key} is called {name.strip()}", {"community": community, "key": key, "name": name})


@command(GROUP, "forget")
@handles_errors
def forget(community: Community, key: Key, run: options.Change) -> None:
    """Delete a record on the person's request: their name goes from every event of the
    community they played; their results stay (nobody else's tiebreaks move)."""
    from fairpair.service.communities.directory import FORGOTTEN
    from fairpair.service.communities.directory import forget as forgotten

    with run.database() as base:
        renamed = forgotten(base, community, key, actor=run.who)
    run.done(
        f"{key} deleted on request: now {FORGOTTEN!r} in {renamed} events",
        {"community": community, "key": key, "events": renamed},
    )


@command(GROUP, "export-person")
@handles_errors
def export_person(community: Community, key: Key, run: options.Read) -> None:
    """A player's own data (JSON): their record, each event's registration, place and tables."""
    from fairpair.cli.output import print_json
    from fairpair.service.communities.profiles import export_person as exported

    with run.database() as base:
        data = exported(base, community, key)
    print_json(data)
