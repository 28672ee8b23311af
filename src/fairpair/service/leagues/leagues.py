"""A community's leagues (seasons): make one with its points rule and dates, change it,
attach its events (events of the community only; when the league is made or later) and take
one out, close it — its leaderboard frozen as it stood — and list them (docs/leagues.md).

Each change is one change of the community (``communities.unit.changing_community``: the
community's row is locked and its version goes up), written in the community's audit log.
A closed league refuses every change: its final leaderboard is kept (``board``), and a new
season is a new league."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from fairpair import i18n
from fairpair.engine.errors import Location
from fairpair.engine.leagues import PointsRule, rule_of
from fairpair.i18n import gettext
from fairpair.service.communities.unit import (
    CommunityChange,
    changing_community,
    reading_community,
)
from fairpair.service.kernel.errors import Refused
from fairpair.service.kernel.slugs import checked_slug, slug_of
from fairpair.service.kernel.text_rules import has_control, refuse_hidden
from fairpair.service.leagues.errors import UnknownLeague
from fairpair.store.database import Database
from fairpair.store.models import (
    CommunityEventRow,
    CommunityRow,
    EventRow,
    LeagueEventRow,
    LeagueRow,
)


@dataclass(frozen=True, slots=True)
class LeagueEvent:
    """An event of a league: its slug, name and date (its start date, else the day it was
    made), in the season's order."""

    slug: str
    name: str
    day: date


@dataclass(frozen=True, slots=True)
class League:
    """A league as it is now: its community, key, name, dates, rule, events, and when it
    was closed (``None``: open)."""

    id: int
    community: str
    community_name: str
    key: str
    name: str
    starts: date | None
    ends: date | None
    rule: PointsRule
    created_at: datetime
    closed_at: datetime | None
    version: int
    events: tuple[LeagueEvent, ...]

    @property
    def closed(self) -> bool:
        return self.closed_at is not None

    @property
    def dates(self) -> str:
        """ "4 Jan 2027 – 28 Mar 2027", "from 4 Jan 2027", or "" (the current language's)."""
        return season_dates(self.starts, self.ends)


def season_dates(starts: date | None, ends: date | None) -> str:
    """A season's dates in the current language (``fairpair.i18n``, Babel's date formats):
    "4 Jan 2027 – 28 Mar 2027", "from 4 Jan 2027", "until 28 Mar 2027", or ""."""
    if starts and ends:
        return i18n.days(starts, ends)
    if starts:
        return i18n.gettext("from %(when)s") % {"when": i18n.day(starts)}
    if ends:
        return i18n.gettext("until %(when)s") % {"when": i18n.day(ends)}
    return ""


class _Keep:
    """A field an edit leaves as it is."""


KEEP: Any = _Keep()


def _checked_name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 200 or has_control(name):
        raise Refused(Location(("name",)), gettext("a league's name has 1-200 characters"))
    refuse_hidden(name, Location(("name",)), gettext("a league's name"))
    return name


def _checked_dates(starts: date | None, ends: date | None) -> None:
    if starts is not None and ends is not None and ends < starts:
        raise Refused(
            Location(("ends",)),
            gettext("the season ends (%(ends_isoformat)s) before it starts (%(starts_isoformat)s)")
            % {"ends_isoformat": ends.isoformat(), "starts_isoformat": starts.isoformat()},
        )


def _rule(rule: PointsRule | Mapping[str, object]) -> PointsRule:
    return rule if isinstance(rule, PointsRule) else rule_of(rule)


def _unknown(community: str, key: str) -> UnknownLeague:
    return UnknownLeague(
        Location(("league",)),
        f"no league {key!r} in community {community!r}",
        command=f"fairpair league list {community}",
    )


def _row(conn: Connection, community_id: int, community: str, key: str) -> Any:
    row = conn.execute(
        select(LeagueRow).where(LeagueRow.community_id == community_id, LeagueRow.key == key)
    ).first()
    if row is None:
        raise _unknown(community, key)
    return row


def open_league_row(change: CommunityChange, key: str) -> Any:
    row = _row(change.conn, change.community.id, change.community.slug, key)
    if row.closed_at is not None:
        raise Refused(
            Location(("league",)),
            gettext("the league %(key)s is closed: its leaderboard is final (start a new league)")
            % {"key": key},
        )
    return row


def _bump(change: CommunityChange, league_id: int, **values: Any) -> None:
    change.conn.execute(
        update(LeagueRow)
        .where(LeagueRow.id == league_id)
        .values(version=LeagueRow.version + 1, **values)
    )


def create_league(
    db: Database,
    community: str,
    name: str,
    *,
    actor: str,
    key: str | None = None,
    starts: date | None = None,
    ends: date | None = None,
    rule: PointsRule | Mapping[str, object] | None = None,
    events: Sequence[str] = (),
) -> str:
    """A new league (season) of ``community`` called ``name`` (its key made from the name
    unless given), with ``rule`` (default: 3 a win, 1 a draw) and ``events`` attached; its
    key."""
    name = _checked_name(name)
    _checked_dates(starts, ends)
    chosen_rule = _rule(rule if rule is not None else PointsRule())
    with changing_community(db, community, actor) as change:
        conn = change.conn
        taken = set(
            conn.execute(
                select(LeagueRow.key).where(LeagueRow.community_id == change.community.id)
            ).scalars()
        )
        if key is not None:
            chosen = checked_slug(key)
            if chosen in taken:
                raise Refused(
                    Location(("key",)),
                    gettext("the community has a league %(chosen)r") % {"chosen": chosen},
                )
        else:
            base, n = slug_of(name), 1
            chosen = base
            while chosen in taken:
                n += 1
                chosen = f"{base}-{n}"
        league_id = conn.execute(
            insert(LeagueRow)
            .values(
                community_id=change.community.id,
                key=chosen,
                name=name,
                starts=starts,
                ends=ends,
                rule=chosen_rule.as_json(),
                created_at=change.at,
                version=1,
            )
            .returning(LeagueRow.id)
        ).scalar_one()
        change.audit(
            "league.create",
            f"league {chosen}",
            after={"name": name, "rule": chosen_rule.text, **_dates_json(starts, ends)},
        )
        if events:
            added = _attach(change, league_id, chosen, starts, ends, events)
            change.audit("league.attach", f"league {chosen}", after={"events": added})
    return chosen


def _dates_json(starts: date | None, ends: date | None) -> dict[str, str | None]:
    return {
        "starts": starts.isoformat() if starts else None,
        "ends": ends.isoformat() if ends else None,
    }


def edit_league(
    db: Database,
    community: str,
    key: str,
    *,
    actor: str,
    name: str = KEEP,
    starts: date | None = KEEP,
    ends: date | None = KEEP,
    rule: PointsRule | Mapping[str, object] = KEEP,
) -> bool:
    """Change a league's name, dates or rule (the fields given); refused once it is closed.
    Whether anything changed."""
    with changing_community(db, community, actor) as change:
        row = open_league_row(change, key)
        old_rule = rule_of(row.rule)
        new_name: str = row.name if name is KEEP else _checked_name(name)
        new_starts: date | None = row.starts if starts is KEEP else starts
        new_ends: date | None = row.ends if ends is KEEP else ends
        new_rule = old_rule if rule is KEEP else _rule(rule)
        _checked_dates(new_starts, new_ends)
        before = {"name": row.name, **_dates_json(row.starts, row.ends), "rule": old_rule.text}
        after = {"name": new_name, **_dates_json(new_starts, new_ends), "rule": new_rule.text}
        if before == after and new_rule == old_rule:
            return False
        _bump(
            change,
            row.id,
            name=new_name,
            starts=new_starts,
            ends=new_ends,
            rule=new_rule.as_json(),
        )
        change.audit("league.edit", f"league {key}", before, after)
        return True


def _day(row: Any) -> date:
    day: date = row.start_date if row.start_date is not None else row.created_at.date()
    return day


def _attach(
    change: CommunityChange,
    league_id: int,
    key: str,
    starts: date | None,
    ends: date | None,
    events: Iterable[str],
) -> list[str]:
    conn = change.conn
    wanted = list(dict.fromkeys(e.strip() for e in events if e.strip()))
    if not wanted:
        raise Refused(
            Location(("events",)), gettext("name at least one event to add to the league")
        )
    rows = {
        r.slug: r
        for r in conn.execute(
            select(
                EventRow.id,
                EventRow.slug,
                EventRow.start_date,
                EventRow.created_at,
                CommunityEventRow.community_id,
            )
            .outerjoin(CommunityEventRow, CommunityEventRow.event_id == EventRow.id)
            .where(EventRow.slug.in_(wanted))
        )
    }
    already = set(
        conn.execute(
            select(EventRow.slug)
            .join(LeagueEventRow, LeagueEventRow.event_id == EventRow.id)
            .where(LeagueEventRow.league_id == league_id)
        ).scalars()
    )
    for slug in wanted:
        found = rows.get(slug)
        if found is None or found.community_id != change.community.id:
            said = (
                gettext("%(slug)r is no event: a league counts events of %(name)s only")
                if found is None
                else gettext(
                    "%(slug)r is an event of another community (or none): a league counts "
                    "events of %(name)s only"
                )
            )
            raise Refused(
                Location(("events",)),
                said % {"slug": slug, "name": change.community.name},
            )
        if slug in already:
            raise Refused(
                Location(("events",)),
                gettext("event %(slug)s is in the league %(key)s already")
                % {"slug": slug, "key": key},
            )
        day = _day(found)
        if (starts is not None and day < starts) or (ends is not None and day > ends):
            raise Refused(
                Location(("events",)),
                gettext("event %(slug)s is on %(day)s, outside the season (%(starts)s to %(ends)s)")
                % {
                    "slug": slug,
                    "day": day.isoformat(),
                    "starts": _dates_json(starts, ends)["starts"] or "…",
                    "ends": _dates_json(starts, ends)["ends"] or "…",
                },
            )
    conn.execute(
        insert(LeagueEventRow),
        [{"league_id": league_id, "event_id": rows[s].id} for s in wanted],
    )
    return wanted


def attach_events(
    db: Database, community: str, key: str, events: Sequence[str], *, actor: str
) -> int:
    """Events ``events`` (slugs of the community's events) count in league ``key`` from now
    on; how many were added. Refused, changing nothing, for an event of another community,
    one already in the league, one dated outside the season, or a closed league."""
    with changing_community(db, community, actor) as change:
        row = open_league_row(change, key)
        added = _attach(change, row.id, key, row.starts, row.ends, events)
        _bump(change, row.id)
        change.audit("league.attach", f"league {key}", after={"events": added})
        return len(added)


def detach_event(db: Database, community: str, key: str, event: str, *, actor: str) -> None:
    """Event ``event`` no longer counts in league ``key`` (the event itself is untouched)."""
    with changing_community(db, community, actor) as change:
        row = open_league_row(change, key)
        event_id = change.conn.execute(
            select(EventRow.id).where(EventRow.slug == event)
        ).scalar_one_or_none()
        gone = (
            change.conn.execute(
                delete(LeagueEventRow).where(
                    LeagueEventRow.league_id == row.id, LeagueEventRow.event_id == event_id
                )
            ).rowcount
            if event_id is not None
            else 0
        )
        if not gone:
            raise Refused(
                Location(("event",)),
                gettext("event %(event)s is not in the league %(key)s")
                % {"event": event, "key": key},
            )
        _bump(change, row.id)
        change.audit("league.detach", f"league {key}", before={"event": event})


def league_events(conn: Connection, league_id: int) -> tuple[LeagueEvent, ...]:
    """The league's events in the season's order (by date, then as made)."""
    rows = conn.execute(
        select(EventRow.slug, EventRow.name, EventRow.start_date, EventRow.created_at)
        .join(LeagueEventRow, LeagueEventRow.event_id == EventRow.id)
        .where(LeagueEventRow.league_id == league_id)
    ).all()
    ordered = sorted(rows, key=lambda r: (_day(r), r.created_at, r.slug))
    return tuple(LeagueEvent(r.slug, r.name, _day(r)) for r in ordered)


def _league(conn: Connection, community: Any, row: Any) -> League:
    return League(
        id=row.id,
        community=community.slug,
        community_name=community.name,
        key=row.key,
        name=row.name,
        starts=row.starts,
        ends=row.ends,
        rule=rule_of(row.rule),
        created_at=row.created_at,
        closed_at=row.closed_at,
        version=row.version,
        events=league_events(conn, row.id),
    )


def find_league(conn: Connection, community: Any, key: str) -> League:
    """League ``key`` of ``community`` (a ``CommunityRef``) read with ``conn``."""
    return _league(conn, community, _row(conn, community.id, community.slug, key))


def league(db: Database, community: str, key: str) -> League:
    """League ``key`` of ``community`` as it is now."""
    with reading_community(db, community) as (conn, found):
        return find_league(conn, found, key)


def leagues_of(db: Database, community: str) -> list[League]:
    """The community's leagues: open ones first, newest first."""
    with reading_community(db, community) as (conn, found):
        rows = conn.execute(select(LeagueRow).where(LeagueRow.community_id == found.id)).all()
        made = [_league(conn, found, r) for r in rows]
    return sorted(
        made, key=lambda lg: (lg.closed, -(lg.starts or lg.created_at.date()).toordinal(), -lg.id)
    )


def leagues_of_event(db: Database, event: str) -> list[tuple[str, str, str]]:
    """The open leagues event ``event`` counts in: (community, key, name), newest first."""
    with db.reading() as conn:
        rows = conn.execute(
            select(CommunityRow.slug, LeagueRow.key, LeagueRow.name)
            .join(LeagueRow, LeagueRow.community_id == CommunityRow.id)
            .join(LeagueEventRow, LeagueEventRow.league_id == LeagueRow.id)
            .join(EventRow, EventRow.id == LeagueEventRow.event_id)
            .where(EventRow.slug == event, LeagueRow.closed_at.is_(None))
            .order_by(LeagueRow.id.desc())
        ).all()
    return [(r.slug, r.key, r.name) for r in rows]
