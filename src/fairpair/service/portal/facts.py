"""What every player's portal reads of one event version, worked out once and shared.

2,000 phones open the portal within a minute of a release: each needs the stage being
played, its standings (a rank, a record), where every player sits in each round and the
rounds' dates. All of it depends only on the event's version, so it is built once per
version at most, and only one build of an event runs at a time (the requests that arrive
while it is being built wait for that build, see ``event_facts``), on top of the shared
snapshot (``service.kernel.snapshots.loaded``); a player's own page then costs a few indexed
lookups. The newest facts of a few events are kept.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import Connection, bindparam, func, select

from fairpair.engine.players import PlayerId
from fairpair.engine.repeats import RepeatMatch, repeats_by_round
from fairpair.engine.rounds import Bye, Match, PodTable, Round
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.live import REPORTS_ONLY
from fairpair.service.kernel.loading import Loaded
from fairpair.service.kernel.snapshots import loaded
from fairpair.store.models import AuditRow, EventRow, RoundRow

#: When the event was made (part of the cache key), a statement built once.
_CREATED = select(EventRow.created_at).where(EventRow.id == bindparam("event_id"))
#: The event's newest audit entry: every change writes one. The changes of one event
#: commit one after another under its lock, so the entries' ids follow the commits — but
#: for the players' reports, which run side by side (``unit.reporting``); what is asked of
#: the ids is whether a change of *another* kind came since (``_OTHER_CHANGE``), and those
#: run alone, after every report under way.
_LAST_AUDIT = select(func.max(AuditRow.id)).where(AuditRow.event_id == bindparam("event_id"))
_OTHER_CHANGE = (
    select(AuditRow.id)
    .where(
        AuditRow.event_id == bindparam("event_id"),
        AuditRow.id > bindparam("after"),
        AuditRow.action.not_in(sorted(REPORTS_ONLY)),
    )
    .limit(1)
)
#: Events whose newest facts are kept.
SIZE = 4
Seat = Match | PodTable | Bye
"""Where a player is in a round: their match, their pod table, or their bye."""


@dataclass(frozen=True, slots=True)
class RoundSeats:
    """One round and, for each player in it, their table or bye."""

    round: Round
    seats: dict[PlayerId, Seat]


def seats_of(rnd: Round) -> RoundSeats:
    seats: dict[PlayerId, Seat] = {}
    for m in rnd.matches:
        seats[m.a] = m
        seats[m.b] = m
    for pod in rnd.pods:
        for player in pod.seats:
            seats[player] = pod
    for bye in rnd.byes:
        seats[bye.player] = bye
    return RoundSeats(rnd, seats)


@dataclass(frozen=True, slots=True)
class StageFacts:
    stage: Stage
    stage_id: int
    rounds: tuple[RoundSeats, ...]
    dates: dict[int, tuple[datetime | None, datetime | None]]
    drops: dict[PlayerId, int]
    _standings: list[Standings | None] = field(default_factory=list)
    _repeats: list[dict[int, tuple[RepeatMatch, ...]]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def standings(self, tournament: Tournament) -> Standings | None:
        """The stage's standings (computed on first use, once)."""
        with self._lock:
            if not self._standings:
                found = compute_standings(tournament, self.stage) if self.rounds else None
                self._standings.append(found)
            return self._standings[0]

    def repeats(self, number: int) -> tuple[RepeatMatch, ...]:
        """The repeat pairings of round ``number`` (``engine.repeats``; worked out for every
        round on first use, once)."""
        with self._lock:
            if not self._repeats:
                self._repeats.append(repeats_by_round(self.stage))
            return self._repeats[0].get(number, ())


@dataclass(frozen=True, slots=True)
class EventFacts:
    """One version of an event, as the portal reads it."""

    event: EventRef
    facts: Loaded
    current: str | None
    """The stage being played (``Tournament.stage()``), ``None`` for an event without one."""
    stages: dict[str, StageFacts]
    released: bool
    """Some round of some stage is released (check-in is over)."""
    names: dict[PlayerId, str]
    audit_id: int = 0
    """The event's newest audit entry when these facts were read (``recent_facts``)."""

    @property
    def tournament(self) -> Tournament:
        return self.facts.tournament


#: The newest facts built of each event (the key: the database's URL, the event's id and
#: creation time), the most recently used last; and the build under way for each event.
_NEWEST: OrderedDict[Hashable, EventFacts] = OrderedDict()
_BUILDING: dict[Hashable, Future[EventFacts]] = {}
_LOCK = threading.Lock()


def event_facts(conn: Connection, event: EventRef) -> EventFacts:
    """The portal's facts of ``event`` as this read transaction sees it, or as a later one
    saw it: the facts of a version at least as new.

    **One build per event at a time** in a process. A request that finds a build under way
    waits for it; if that build is of an older version than its own, it builds next (the
    other waiters of newer versions then share its build). While results flow — 60 self-
    reports a second is 60 versions a second — a build per version, each started at once,
    was 60 builds a second running side by side (each 0.1–0.5 s for 4,000 players) and
    every portal, and every report beside them, waited for all of them; now the builds
    follow one another, each of the newest version, and a request waits for at most two."""
    created = conn.execute(_CREATED, {"event_id": event.id}).scalar()
    key = (conn.engine.url.render_as_string(), event.id, created)
    while True:
        with _LOCK:
            newest = _NEWEST.get(key)
            if newest is not None and newest.event.version >= event.version:
                _NEWEST.move_to_end(key)
                return newest
            pending = _BUILDING.get(key)
            if pending is None:
                mine = _BUILDING[key] = Future()
                break
        made = pending.result()  # a failed build fails its waiters too, as it failed
        if made.event.version >= event.version:
            return made
    try:
        made = _build(conn, event)
    except BaseException as error:
        with _LOCK:
            del _BUILDING[key]
        mine.set_exception(error)
        raise
    with _LOCK:
        del _BUILDING[key]
        newest = _NEWEST.get(key)
        if newest is None or newest.event.version < made.event.version:
            _NEWEST[key] = made
        _NEWEST.move_to_end(key)
        while len(_NEWEST) > SIZE:
            _NEWEST.popitem(last=False)
    mine.set_result(made)
    return made


def recent_facts(conn: Connection, event: EventRef) -> EventFacts:
    """The portal's newest facts of ``event`` when every change since they were read is a
    player's own report (``REPORTS_ONLY``: a self-report, a confirmation, a dispute, a result
    at a table), else ``event_facts``. The caller reads the player's own table afresh (its
    result, its report, the two players' records and points): only what other tables'
    results move — a rank — may be behind, until the next build (``web.portal_warm``
    builds again once the results pause, and at least every minute while they keep
    coming).

    Why: while results flow every self-report is a new version, and a card or a live mark
    built on the facts of *its* version read the whole event again and computed its
    standings again for every version — with 300 portals open, 60 reports a second made
    the reports' p99 11 s (benchmarks/players.py --watchers 300)."""
    created = conn.execute(_CREATED, {"event_id": event.id}).scalar()
    key = (conn.engine.url.render_as_string(), event.id, created)
    with _LOCK:
        newest = _NEWEST.get(key)
        _VIEWED[event.slug] = time.monotonic()
    if newest is not None:
        if newest.event.version >= event.version:
            return newest
        later = conn.execute(
            _OTHER_CHANGE, {"event_id": event.id, "after": newest.audit_id}
        ).first()
        if later is None:
            return newest
    return event_facts(conn, event)


#: When each event's portal was last read in this process (``viewed_within``).
_VIEWED: dict[str, float] = {}


def viewed_within(slug: str, seconds: float) -> bool:
    """Some player's portal of event ``slug`` was read in this process in the last
    ``seconds`` (its facts are worth building again while the event changes)."""
    with _LOCK:
        seen = _VIEWED.get(slug)
    return seen is not None and time.monotonic() - seen <= seconds


def _build(conn: Connection, event: EventRef) -> EventFacts:
    facts = loaded(conn, event)
    t = facts.tournament
    dates: dict[int, dict[int, tuple[datetime | None, datetime | None]]] = {}
    ids = facts.stage_ids
    if ids:
        for r in conn.execute(
            select(RoundRow.stage_id, RoundRow.number, RoundRow.starts_at, RoundRow.ends_at).where(
                RoundRow.stage_id.in_(list(ids.values()))
            )
        ):
            dates.setdefault(r.stage_id, {})[r.number] = (r.starts_at, r.ends_at)
    stages = {
        s.id: StageFacts(
            s,
            ids[s.id],
            tuple(seats_of(r) for r in s.rounds),
            dates.get(ids[s.id], {}),
            t.drop_rounds(s),
        )
        for s in t.stages
    }
    current = t.stage().id if t.stages else None
    names = {p.id: p.name for p in t.players}
    audit_id = conn.execute(_LAST_AUDIT, {"event_id": event.id}).scalar() or 0
    released = any(s.rounds for s in t.stages)
    return EventFacts(event, facts, current, stages, released, names, int(audit_id))
