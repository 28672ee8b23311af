"""A community's player directory: one record per person across all its events.

- ``search``: the records whose name (or key) holds the typed text, for "returning player"
  search-as-you-type (the most recently seen first);
- ``people``: the whole directory, each with how many events they played;
- ``rename``: a record's name (the events keep the name each was played under);
- ``merge``: two records that are the same person become one — every event's player linked
  to the one merged away is linked to the one kept (its history, league points and ratings
  follow, being derived from those links); the one merged away remembers where it went;
- ``forget``: deletion on request — the record's name is gone ("Forgotten player"), its
  events' players are renamed so too, and their results stay, so nobody else's tiebreaks
  move;
- ``person_events``: what a profile page shows (events played, places come from each
  event's standings).

Each is one change of the community, in its audit log. A merge and a deletion move
ratings (a merged person's events are rated as one person's; a forgotten player's birth date
was their FIDE junior K): each plans, in its own transaction, the community's rating replay
from the person's first event (``rounds.rating_job.plan_replay``, done by the ratings job)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, func, or_, select, update

from fairpair.engine.errors import Location
from fairpair.i18n import gettext
from fairpair.service.communities.unit import (
    CommunityChange,
    changing_community,
    reading_community,
)
from fairpair.service.kernel.errors import Refused, UnknownCommunity
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.rounds.rating_job import plan_replay
from fairpair.store.database import Database
from fairpair.store.models import (
    CommunityEventRow,
    EventRow,
    PersonRow,
    PlayerPersonRow,
    PlayerRow,
)

#: What a forgotten person is called everywhere (deletion on request).
FORGOTTEN = "Forgotten player"


@dataclass(frozen=True, slots=True)
class Person:
    """A record of the directory: its key, name, the events played, the last one's date."""

    key: str
    name: str
    events: int
    last_seen: datetime | None
    forgotten: bool = False


@dataclass(frozen=True, slots=True)
class PlayedEvent:
    """An event a person played: the event, the player's key and name there."""

    slug: str
    name: str
    created_at: datetime
    player: str
    played_as: str


def _person_id(conn: Connection, community_id: int, key: str) -> int:
    found = conn.execute(
        select(PersonRow.id).where(
            PersonRow.community_id == community_id,
            PersonRow.key == key,
            PersonRow.merged_into.is_(None),
        )
    ).scalar_one_or_none()
    if found is None:
        raise UnknownCommunity(
            Location(("person",)),
            gettext("no player %(key)r in the community's directory") % {"key": key},
        )
    return int(found)


def _listed(
    conn: Connection, community_id: int, match: str | None, limit: int | None
) -> list[Person]:
    played = (
        select(
            PlayerPersonRow.person_id.label("person_id"),
            func.count(PlayerPersonRow.id).label("events"),
            func.max(EventRow.created_at).label("last_seen"),
        )
        .join(PlayerRow, PlayerRow.id == PlayerPersonRow.player_id)
        .join(EventRow, EventRow.id == PlayerRow.event_id)
        .group_by(PlayerPersonRow.person_id)
        .subquery()
    )
    query = (
        select(
            PersonRow.key,
            PersonRow.name,
            PersonRow.forgotten_at,
            played.c.events,
            played.c.last_seen,
        )
        .outerjoin(played, played.c.person_id == PersonRow.id)
        .where(PersonRow.community_id == community_id, PersonRow.merged_into.is_(None))
    )
    if match:
        like = f"%{match.lower()}%"
        query = query.where(
            PersonRow.forgotten_at.is_(None),
            or_(func.lower(PersonRow.name).like(like), PersonRow.key.like(like)),
        )
        query = query.order_by(played.c.last_seen.desc().nulls_last(), PersonRow.name)
    else:
        query = query.order_by(func.lower(PersonRow.name), PersonRow.key)
    if limit is not None:
        query = query.limit(limit)
    return [
        Person(r.key, r.name, int(r.events or 0), r.last_seen, r.forgotten_at is not None)
        for r in conn.execute(query)
    ]


def first_event(conn: Connection, community_id: int, person_id: int) -> int | None:
    """The community's first event (in its order: when each was created) that person
    ``person_id`` played, if any."""
    found = conn.execute(
        select(EventRow.id)
        .join(PlayerRow, PlayerRow.event_id == EventRow.id)
        .join(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
        .join(CommunityEventRow, CommunityEventRow.event_id == EventRow.id)
        .where(
            PlayerPersonRow.person_id == person_id,
            CommunityEventRow.community_id == community_id,
        )
        .order_by(EventRow.created_at, EventRow.id)
        .limit(1)
    ).scalar_one_or_none()
    return int(found) if found is not None else None


def _replay(change: CommunityChange, person_id: int, what: str) -> None:
    """Plan the ratings' replay from person ``person_id``'s first event (none: nothing)."""
    start = first_event(change.conn, change.community.id, person_id)
    if start is not None:
        community = change.community
        plan_replay(
            change.conn,
            community.id,
            start,
            f"ratings:{what}:{community.id}:{community.version}",
            change.at,
            f"{what} in the directory",
        )


def people(db: Database, community: str) -> list[Person]:
    """The community's directory, by name."""
    with reading_community(db, community) as (conn, found):
        return _listed(conn, found.id, None, None)


def search(db: Database, community: str, typed: str, *, limit: int = 10) -> list[Person]:
    """The records whose name or key holds ``typed`` (case apart), most recently seen first."""
    typed = typed.strip()
    if not typed:
        return []
    with reading_community(db, community) as (conn, found):
        return _listed(conn, found.id, typed, limit)


def person_events(db: Database, community: str, key: str) -> tuple[Person, list[PlayedEvent]]:
    """Record ``key`` and the community's events it played, newest first."""
    with reading_community(db, community) as (conn, found):
        person_id = _person_id(conn, found.id, key)
        row = conn.execute(
            select(PersonRow.key, PersonRow.name, PersonRow.forgotten_at).where(
                PersonRow.id == person_id
            )
        ).one()
        played = conn.execute(
            select(
                EventRow.slug,
                EventRow.name,
                EventRow.created_at,
                PlayerRow.key,
                PlayerRow.name.label("as_name"),
            )
            .join(PlayerRow, PlayerRow.event_id == EventRow.id)
            .join(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
            .join(CommunityEventRow, CommunityEventRow.event_id == EventRow.id)
            .where(
                PlayerPersonRow.person_id == person_id,
                CommunityEventRow.community_id == found.id,
            )
            .order_by(EventRow.created_at.desc(), EventRow.id.desc())
        ).all()
    events = [PlayedEvent(p.slug, p.name, p.created_at, p.key, p.as_name) for p in played]
    last = events[0].created_at if events else None
    return Person(row.key, row.name, len(events), last, row.forgotten_at is not None), events


def rename(db: Database, community: str, key: str, name: str, *, actor: str) -> None:
    """Record ``key`` is called ``name`` from now on (the events keep their own names)."""
    name = name.strip()
    if not name or len(name) > 200 or has_control(name):
        raise Refused(Location(("name",)), gettext("a player's name has 1-200 characters"))
    refuse_hidden(name, Location(("name",)), gettext("a player's name"))
    with changing_community(db, community, actor) as change:
        person_id = _person_id(change.conn, change.community.id, key)
        before = change.conn.execute(
            select(PersonRow.name).where(PersonRow.id == person_id)
        ).scalar_one()
        change.conn.execute(update(PersonRow).where(PersonRow.id == person_id).values(name=name))
        change.audit("person.rename", f"person {key}", {"name": before}, {"name": name})


def merge(db: Database, community: str, kept: str, gone: str, *, actor: str) -> int:
    """Records ``kept`` and ``gone`` are the same person: every event's player of ``gone``
    becomes ``kept``'s; ``gone`` remembers it was merged. Refused for one record with itself
    and for two records seen in one event (two players of one event are two people). How
    many events' players moved."""
    if kept == gone:
        raise Refused(Location(("gone",)), gettext("a record cannot be merged with itself"))
    with changing_community(db, community, actor) as change:
        conn = change.conn
        keep_id = _person_id(conn, change.community.id, kept)
        gone_id = _person_id(conn, change.community.id, gone)
        events = {
            pid: set(
                conn.execute(
                    select(PlayerRow.event_id)
                    .join(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
                    .where(PlayerPersonRow.person_id == pid)
                ).scalars()
            )
            for pid in (keep_id, gone_id)
        }
        both = events[keep_id] & events[gone_id]
        if both:
            slugs = conn.execute(select(EventRow.slug).where(EventRow.id.in_(both))).scalars()
            raise Refused(
                Location(("gone",)),
                gettext(
                    "%(kept)s and %(gone)s both played in %(join_sorted_slugs)s: "
                    "two players of one event are two people"
                )
                % {"kept": kept, "gone": gone, "join_sorted_slugs": ", ".join(sorted(slugs))},
            )
        moved = conn.execute(
            update(PlayerPersonRow)
            .where(PlayerPersonRow.person_id == gone_id)
            .values(person_id=keep_id)
        ).rowcount
        discord = conn.execute(
            select(PersonRow.discord_user).where(PersonRow.id == gone_id)
        ).scalar_one()
        conn.execute(
            update(PersonRow)
            .where(PersonRow.id == gone_id)
            .values(merged_into=keep_id, discord_user=None)
        )
        if discord:
            conn.execute(
                update(PersonRow)
                .where(PersonRow.id == keep_id, PersonRow.discord_user.is_(None))
                .values(discord_user=discord)
            )
        change.audit(
            "person.merge", f"person {kept}", before={"merged": gone}, after={"events": moved}
        )
        _replay(change, keep_id, "merge")
        return int(moved)


def forget(db: Database, community: str, key: str, *, actor: str) -> int:
    """Delete record ``key`` on the person's request: its name becomes ``FORGOTTEN`` here and
    in every event of the community it played (their results stay: the other players'
    tiebreaks do not move). How many events' players were renamed."""
    with changing_community(db, community, actor) as change:
        conn = change.conn
        person_id = _person_id(conn, change.community.id, key)
        players = select(PlayerPersonRow.player_id).where(PlayerPersonRow.person_id == person_id)
        renamed = conn.execute(
            update(PlayerRow)
            .where(PlayerRow.id.in_(players))
            .values(name=FORGOTTEN, contact=None, team=None, fide_id=None, birth_date=None)
        ).rowcount
        # the key was made from the name: it goes too (the record's pages and links with it)
        conn.execute(
            update(PersonRow)
            .where(PersonRow.id == person_id)
            .values(
                key=f"forgotten-{person_id}",
                name=FORGOTTEN,
                discord_user=None,
                forgotten_at=change.at,
            )
        )
        change.audit("person.forget", f"person {key}", after={"events": renamed})
        _replay(change, person_id, "forget")
        return int(renamed)
