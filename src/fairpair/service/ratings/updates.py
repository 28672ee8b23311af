"""Rating a community's events (docs/ratings.md "When ratings move").

A round's completion (or a correction in a completed round) plans a job
(``rounds.rating_job``); its handler, ``run_ratings_job``, rates the event again and then
every later event of the same game, in the community's order of events (when each was
created): **replaying from that event on**. Each event's rows are deleted and written
again in one transaction that holds the community's lock, from the facts alone — so a job
done twice (a worker that died before marking it done) writes the same rows, a corrected
result moves every later rating it should, and the unique row per person, event, game and
system makes a second copy impossible.

The same job replays the community after a change of its own that moves ratings (planned
by ``communities`` in that change's transaction, ``rounds.rating_job.plan_replay``): a merge
or a deletion in the directory (from the person's first event), an event attached (from it),
taken out (its rows go; from the next event) or restored into the community.
``rebuild`` replays the whole community (by hand); ``change_settings`` changes the
community's choices and rebuilds."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, delete, insert, select

from fairpair.engine.players import PlayerId
from fairpair.engine.ratings.period import Update, rate_event, unrated
from fairpair.engine.ratings.rated import RatedEvent, rated_event
from fairpair.engine.ratings.values import Rating, System
from fairpair.engine.tournament import Tournament
from fairpair.service.communities.unit import (
    CommunityChange,
    changing_community,
    reading_community,
)
from fairpair.service.jobs.schedule import Job
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.loading import load
from fairpair.service.ratings.settings import (
    ALL_GAMES,
    RatingSettings,
    checked,
    read_settings,
    write_settings,
)
from fairpair.store.database import Database
from fairpair.store.models import (
    CommunityEventRow,
    CommunityRow,
    EventRow,
    PlayerPersonRow,
    PlayerRow,
    RatingChangeRow,
)

#: Who the automatic updates are done by (they write no audit entry: not a person's change).
ACTOR = "ratings"


@dataclass(frozen=True, slots=True)
class _Event:
    id: int
    slug: str
    name: str
    version: int
    created_at: datetime

    @property
    def order(self) -> tuple[datetime, int]:
        return (self.created_at, self.id)


def game_of(tournament: Tournament, settings: RatingSettings) -> str:
    """The event's game: its first stage's ruleset preset (``ALL_GAMES`` when the community
    keeps one rating across its games)."""
    if not settings.per_game or not tournament.stages:
        return ALL_GAMES
    ruleset = tournament.stages[0].ruleset
    return (ruleset.base or ruleset.name)[:40]


def _events(conn: Connection, community_id: int) -> list[_Event]:
    rows = conn.execute(
        select(EventRow.id, EventRow.slug, EventRow.name, EventRow.version, EventRow.created_at)
        .join(CommunityEventRow, CommunityEventRow.event_id == EventRow.id)
        .where(CommunityEventRow.community_id == community_id)
        .order_by(EventRow.created_at, EventRow.id)
    ).all()
    return [_Event(r.id, r.slug, r.name, r.version, r.created_at) for r in rows]


@contextmanager
def facts_after_lock(db: Database, change: CommunityChange) -> Iterator[Connection]:
    """Where a replay reads the events' facts (their players, rounds, results and links to
    the directory): **one snapshot taken once the community's lock is held**.

    The lock serializes every writer of the community's ratings (two jobs, a job and a
    rebuild, a merge's replay): each waits for the one before it and then sees its rows.
    But the events themselves change under their own locks, not the community's: a later
    event of the community may be taking players and results while its earlier event's job
    replays through it. On PostgreSQL a write transaction reads each statement's own
    snapshot (``READ COMMITTED``), so loading such an event statement by statement could see
    a player's drop without the player (measured: a ``KeyError`` in nearly every replay
    while a player joined and left the later event). The facts are therefore read through a
    second, read-only ``REPEATABLE READ`` transaction begun after the lock: one consistent
    view of every event, which includes every rating row committed before the lock. The
    rating rows themselves are read and written on the change's connection (a replay reads
    the rows it has just written for the event before). SQLite: one writer at a time, and
    the write transaction is one snapshot already — the change's own connection."""
    if change.conn.dialect.name != "postgresql":
        yield change.conn
        return
    with db.reading() as snapshot:
        yield snapshot


def _people(conn: Connection, event_id: int) -> dict[PlayerId, int]:
    """The event's players linked to a record of the directory: player key → person id."""
    return {
        r.key: int(r.person_id)
        for r in conn.execute(
            select(PlayerRow.key, PlayerPersonRow.person_id)
            .join(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
            .where(PlayerRow.event_id == event_id)
        )
    }


def _before(
    conn: Connection,
    community_id: int,
    game: str,
    system: System,
    order: dict[int, int],
    event: _Event,
    people: set[int],
) -> tuple[dict[int, Rating], dict[int, int]]:
    """Each person's rating after their last rated event before ``event`` (same game and
    system), and how many rated events of it they missed since (Glicko-2's idle periods).
    ``order``: each event of the community → its place in the community's order."""
    mine = (
        RatingChangeRow.community_id == community_id,
        RatingChangeRow.game == game,
        RatingChangeRow.system == system.value,
    )
    here = order[event.id]
    rated = conn.execute(select(RatingChangeRow.event_id).where(*mine).distinct()).scalars()
    periods = sorted(order[e] for e in rated if e in order and order[e] < here)
    index = {place: k for k, place in enumerate(periods)}
    last: dict[int, Any] = {}
    if people:
        for row in conn.execute(
            select(*RatingChangeRow.__table__.c).where(*mine, RatingChangeRow.person_id.in_(people))
        ):
            place = order.get(row.event_id)
            if place is None or place >= here:
                continue
            known = last.get(row.person_id)
            if known is None or order[known.event_id] < place:
                last[row.person_id] = row
    ratings: dict[int, Rating] = {}
    idle: dict[int, int] = {}
    for person, row in last.items():
        ratings[person] = Rating(
            row.after_value,
            row.after_deviation,
            row.after_volatility,
            row.total_games,
            row.peak,
        )
        idle[person] = len(periods) - 1 - index[order[row.event_id]]
    return ratings, idle


def _juniors(tournament: Tournament, year: int) -> set[PlayerId]:
    """FIDE's juniors: players whose 18th birthday is in or after the event's year."""
    out: set[PlayerId] = set()
    for p in tournament.players:
        born = (p.birth_date or "")[:4]
        if born.isdigit() and int(born) + 18 >= year:
            out.add(p.id)
    return out


def _rate_one(
    conn: Connection,
    facts: Connection,
    community_id: int,
    settings: RatingSettings,
    order: dict[int, int],
    event: _Event,
    at: datetime,
) -> int:
    """Rate ``event`` again (its rows replaced, on ``conn``; its facts read on ``facts``);
    how many rows it has now."""
    conn.execute(
        delete(RatingChangeRow).where(
            RatingChangeRow.community_id == community_id, RatingChangeRow.event_id == event.id
        )
    )
    tournament = load(facts, EventRef(event.id, event.slug, event.name, event.version)).tournament
    rated = rated_event(tournament)
    if not rated.games and not rated.pods:
        return 0
    people = _people(facts, event.id)
    game = game_of(tournament, settings)
    registered = {p.id: p.rating for p in tournament.players}
    rows: list[dict[str, Any]] = []
    for system in settings.systems:
        games = system is settings.match_system
        pods = system is System.OPENSKILL and settings.pods
        part = RatedEvent(rated.games if games else (), rated.pods if pods else (), rated.rounds)
        players = {p for p in part.players if p in people}
        if not players:
            continue
        before, idle = _before(
            conn, community_id, game, system, order, event, {people[p] for p in players}
        )
        by_player = {p: before[people[p]] for p in players if people[p] in before}
        if system is System.ELO:  # a club player starts from their registered rating
            for p in players - set(by_player):
                by_player[p] = unrated(System.ELO, registered.get(p))
        updates = rate_event(
            system,
            part,
            by_player,
            idle={p: idle.get(people[p], 0) for p in players},
            juniors=_juniors(tournament, event.created_at.year),
        )
        rows.extend(
            _row(community_id, game, system, people[p], event.id, u, rated.rounds, at)
            for p, u in updates.items()
            if p in people
        )
    if rows:
        conn.execute(insert(RatingChangeRow), rows)
    return len(rows)


def _row(
    community_id: int,
    game: str,
    system: System,
    person: int,
    event_id: int,
    u: Update,
    rounds: int,
    at: datetime,
) -> dict[str, Any]:
    return {
        "community_id": community_id,
        "game": game,
        "system": system.value,
        "person_id": person,
        "event_id": event_id,
        "before_value": u.before.value,
        "before_deviation": u.before.deviation,
        "before_volatility": u.before.volatility,
        "after_value": u.after.value,
        "after_deviation": u.after.deviation,
        "after_volatility": u.after.volatility,
        "games": u.games,
        "total_games": u.after.games,
        "peak": u.after.peak,
        "score": u.score,
        "expected": u.expected,
        "k": u.k,
        "rounds": rounds,
        "rated_at": at,
    }


def replay(
    change: CommunityChange, from_event: int | None = None, *, facts: Connection | None = None
) -> int:
    """Rate community ``change.community``'s events again from event ``from_event`` on
    (``None``: all of them), in order; the rows written. ``facts``: where the events' facts
    are read (``facts_after_lock``; default: the change's connection)."""
    conn, community = change.conn, change.community
    facts = facts if facts is not None else conn
    settings = read_settings(conn, community.id)
    events = _events(conn, community.id)
    start = 0
    if from_event is not None:
        found = [k for k, e in enumerate(events) if e.id == from_event]
        if not found:  # the event left the community: its rows go, later ones are redone
            conn.execute(
                delete(RatingChangeRow).where(
                    RatingChangeRow.community_id == community.id,
                    RatingChangeRow.event_id == from_event,
                )
            )
            gone = conn.execute(
                select(EventRow.created_at).where(EventRow.id == from_event)
            ).scalar_one_or_none()
            if gone is None:  # the event itself is gone: every event again
                return replay(change, None, facts=facts)
            later = [k for k, e in enumerate(events) if e.order > (gone, from_event)]
            start = later[0] if later else len(events)
        else:
            start = found[0]
    else:
        conn.execute(delete(RatingChangeRow).where(RatingChangeRow.community_id == community.id))
    order = {e.id: k for k, e in enumerate(events)}
    written = 0
    for event in events[start:]:
        written += _rate_one(conn, facts, community.id, settings, order, event, change.at)
    return written


def run_ratings_job(db: Database, job: Job) -> None:
    """The ratings job of a round's completion or a correction (``rounds.rating_job``):
    replay the community's ratings from the job's event on."""
    payload = job.payload or {}
    community_id = int(payload.get("community", 0))
    with db.reading() as conn:
        slug = conn.execute(
            select(CommunityRow.slug).where(CommunityRow.id == community_id)
        ).scalar_one_or_none()
    if slug is None:
        return  # the community is gone, and its ratings with it
    with changing_community(db, slug, ACTOR) as change, facts_after_lock(db, change) as facts:
        replay(change, int(payload.get("event", 0)) or None, facts=facts)


def rebuild(db: Database, community: str, *, actor: str) -> int:
    """Rate every event of ``community`` again, from the first; the rows written."""
    with changing_community(db, community, actor) as change, facts_after_lock(db, change) as facts:
        written = replay(change, facts=facts)
        change.audit("ratings.rebuild", f"community {community}", after={"rows": written})
        return written


def change_settings(
    db: Database, community: str, changes: dict[str, Any], *, actor: str
) -> RatingSettings:
    """Change ``community``'s rating choices (refused, naming the field, when one is not
    one of them) and rate its events again under them."""
    with changing_community(db, community, actor) as change:
        before = read_settings(change.conn, change.community.id)
        after = checked(before, changes)
        if after == before:
            return after
        write_settings(change.conn, change.community.id, after)
        with facts_after_lock(db, change) as facts:
            written = replay(change, facts=facts)
        change.audit(
            "ratings.settings",
            f"community {community}",
            before=before.as_dict(),
            after=after.as_dict() | {"rows": written},
        )
        return after


def rating_settings(db: Database, community: str) -> RatingSettings:
    """``community``'s rating choices."""
    with reading_community(db, community) as (conn, found):
        return read_settings(conn, found.id)
