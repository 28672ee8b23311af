"""A league's leaderboard, derived from the facts every time it is asked for (and kept
per version of everything it reads): each attached event's standings give each player's
match record, whether they took part and their final place (``engine.leagues.event_entries``,
over the standings service's last stage); the directory's links (``player_people``) say which
person each event's player is — a merge re-points the links, so merged records add up at
once; the league's rule and best N make the leaderboard (``engine.leagues.leaderboard``).

A closed league answers with the leaderboard frozen when it was closed (``final``): a result
corrected afterwards, a merge or an event deleted changes nothing of it.

**Kept, never stale.** An event's entries are kept by (event, version); a leaderboard by its
*state*: the community's version (every change of the league, the directory's merges and
renames bump it), the league's, and each attached event's version — one cheap read. A new
result makes a new event version, hence a new state.

**Refreshed off the request path** (``latest_board``, what the public page shows). Deriving
the leaderboard again after a result (that event's standings, then the season's 10,000
entries ranked again) takes a few hundred milliseconds for a year of weekly events of 200
players. A view that finds the state moved does not pay it: it gets the league's newest
leaderboard derived so far — the one from before the result — and a refresh starts in a
thread of its own (one at a time per league; it derives again until the state it read is
the newest). Once the refresh has run, every view has the new leaderboard; between the
result and then (the refresh's time) a viewer sees the leaderboard as it was before the
result, its state saying so (the live page's stream, which asks ``wait=True``, sends the new
one as soon as it is derived). A server's first views do not pay the cold derivation of
every event either: ``warm_open_leagues`` derives every open league's leaderboard at
start-up, in the background. Everything else (the console, the CSV, the image, the API,
Discord) asks ``league_board``: exact, derived at once when the state moved."""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import Connection, select

from fairpair.engine.leagues import (
    BoardRow,
    EventEntry,
    EventScore,
    Leaderboard,
    event_entries,
    leaderboard,
)
from fairpair.engine.leagues import LeagueEvent as EngineEvent
from fairpair.gc_pause import paused_gc
from fairpair.service.communities.unit import CommunityRef, reading_community
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.leagues.leagues import League, LeagueEvent, find_league
from fairpair.store.database import Database
from fairpair.store.models import (
    CommunityRow,
    EventRow,
    LeagueEventRow,
    LeagueRow,
    PersonRow,
    PlayerPersonRow,
    PlayerRow,
)

#: Events' entries kept, twice per event (by player, by person): a year of weekly events of
#: a few leagues.
KEPT_EVENTS = 320
#: Leaderboards kept.
KEPT_BOARDS = 16
_EVENTS: OrderedDict[Hashable, dict[str, EventEntry]] = OrderedDict()
_BOARDS: OrderedDict[Hashable, LeagueBoard] = OrderedDict()
_LOCK = threading.Lock()
LOG = logging.getLogger("fairpair.leagues")
#: Each league's newest leaderboard derived in this process, by (database, community, key).
_LATEST: OrderedDict[Hashable, LeagueBoard] = OrderedDict()
#: The leagues whose refresh is under way: set when it is done.
_REFRESHING: dict[Hashable, threading.Event] = {}


@dataclass(frozen=True, slots=True)
class LeagueBoard:
    """A league and its leaderboard; ``final``: the frozen leaderboard of a closed league;
    ``state``: what it was derived from (equal states, equal leaderboards)."""

    league: League
    board: Leaderboard
    final: bool
    state: Hashable

    def event_names(self) -> dict[str, str]:
        return {e.slug: e.name for e in self.league.events}


def _kept(store: OrderedDict[Hashable, Any], key: Hashable, size: int, value: Any = None) -> Any:
    with _LOCK:
        if value is None:
            hit = store.get(key)
            if hit is not None:
                store.move_to_end(key)
            return hit
        store[key] = value
        while len(store) > size:
            store.popitem(last=False)
        return value


def _entries(conn: Connection, event: Any) -> dict[str, EventEntry]:
    """Event ``event``'s entries by player key (kept by its version)."""
    key = (conn.engine.url.render_as_string(), event.id, event.created_at, event.version)
    hit: dict[str, EventEntry] | None = _kept(_EVENTS, key, KEPT_EVENTS)
    if hit is not None:
        return hit
    ref = EventRef(event.id, event.slug, event.name, event.version)
    made = {str(k): v for k, v in event_entries(loaded(conn, ref).tournament).items()}
    _kept(_EVENTS, key, KEPT_EVENTS, made)
    return made


def _event_rows(conn: Connection, league_id: int) -> list[Any]:
    return list(
        conn.execute(
            select(
                EventRow.id,
                EventRow.slug,
                EventRow.name,
                EventRow.version,
                EventRow.created_at,
            )
            .join(LeagueEventRow, LeagueEventRow.event_id == EventRow.id)
            .where(LeagueEventRow.league_id == league_id)
        ).all()
    )


def state_of(conn: Connection, community: CommunityRef, league_id: int) -> Hashable:
    """What a league's leaderboard is derived from, as a key (one read of the events)."""
    row = conn.execute(
        select(LeagueRow.version, LeagueRow.created_at).where(LeagueRow.id == league_id)
    ).one()
    events = tuple(sorted((e.id, e.version, e.created_at) for e in _event_rows(conn, league_id)))
    return (
        conn.engine.url.render_as_string(),
        community.id,
        community.version,
        league_id,
        row.created_at,
        row.version,
        events,
    )


def _linked(
    conn: Connection, community: CommunityRef, event: Any
) -> tuple[tuple[EventEntry, ...], dict[str, str]]:
    """Event ``event``'s entries under their people's keys, and those people's names (kept
    by the event's version and the community's: a merge or a rename bumps the latter)."""
    key = (
        conn.engine.url.render_as_string(),
        "linked",
        event.id,
        event.created_at,
        event.version,
        community.version,
    )
    hit: tuple[tuple[EventEntry, ...], dict[str, str]] | None = _kept(_EVENTS, key, KEPT_EVENTS)
    if hit is not None:
        return hit
    people = {
        r.key: (r.person, r.name)
        for r in conn.execute(
            select(PlayerRow.key, PersonRow.key.label("person"), PersonRow.name)
            .join(PlayerPersonRow, PlayerPersonRow.player_id == PlayerRow.id)
            .join(PersonRow, PersonRow.id == PlayerPersonRow.person_id)
            .where(PlayerRow.event_id == event.id)
        )
    }
    entries: list[EventEntry] = []
    names: dict[str, str] = {}
    for player, entry in _entries(conn, event).items():
        found = people.get(player)
        if found is None:  # not linked to the directory (the event left the community)
            continue
        names[found[0]] = found[1]
        entries.append(
            EventEntry(found[0], entry.wins, entry.draws, entry.losses, True, entry.place)
        )
    made = (tuple(entries), names)
    _kept(_EVENTS, key, KEPT_EVENTS, made)
    return made


def _live(
    conn: Connection, community: CommunityRef, league: League, previous: LeagueBoard | None
) -> Leaderboard:
    rows = {r.slug: r for r in _event_rows(conn, league.id)}
    names: dict[str, str] = {}
    season: list[EngineEvent] = []
    for event in league.events:
        entries, named = _linked(conn, community, rows[event.slug])
        names.update(named)
        season.append(EngineEvent(event.slug, entries))
    before = previous.board if previous is not None and not previous.final else None
    return leaderboard(league.rule, season, names, previous=before)


def compute_board(conn: Connection, community: CommunityRef, league: League) -> LeagueBoard:
    """League ``league``'s leaderboard read with ``conn`` (its frozen one when closed)."""
    if league.closed:
        final = conn.execute(select(LeagueRow.final).where(LeagueRow.id == league.id)).scalar()
        return _from_json(league, final)
    state = state_of(conn, community, league.id)
    hit: LeagueBoard | None = _kept(_BOARDS, state, KEPT_BOARDS)
    if hit is not None and hit.league == league:
        return hit
    known = _known(conn.engine.url.render_as_string(), community.slug, league.key)
    previous: LeagueBoard | None = _kept(_LATEST, known, KEPT_BOARDS)  # reused where alike
    made = LeagueBoard(league, _live(conn, community, league, previous), False, state)
    _kept(_LATEST, known, KEPT_BOARDS, made)
    return _kept(_BOARDS, state, KEPT_BOARDS, made)  # type: ignore[no-any-return]


def league_board(db: Database, community: str, key: str) -> LeagueBoard:
    """League ``key``'s leaderboard now (a closed league's: as it was closed)."""
    with reading_community(db, community) as (conn, found):
        return compute_board(conn, found, find_league(conn, found, key))


def _known(url: str, community: str, key: str) -> Hashable:
    """A league's key in ``_LATEST`` and ``_REFRESHING``."""
    return (url, community, key)


def _of(db: Database, community: str, key: str) -> Hashable:
    return _known(db.engine.url.render_as_string(), community, key)


#: Called after a refresh in the background (a server's: ``web.long_lived.keep_long_lived``,
#: the leaderboard just derived left out of the collector's full passes), or nothing.
Settle = Callable[[], None] | None


def _refresh(db: Database, community: str, key: str, done: threading.Event, settle: Settle) -> None:
    known = _of(db, community, key)
    try:
        while True:  # again while results came meanwhile: until the newest is derived
            # the season's entries are ~100,000 small objects: the collector paused while
            # they are made (a full pass in the middle stopped the views beside it for
            # 0.3 s), as the players' pages' builder does (``fairpair.gc_pause``)
            with paused_gc():
                made = league_board(db, community, key)
            if league_state(db, community, key) == made.state:
                break
        if settle is not None:
            settle()
    except Exception:  # the league is gone, the database busy: the next view asks again
        LOG.warning("league %s/%s: could not refresh", community, key, exc_info=True)
    finally:
        with _LOCK:
            _REFRESHING.pop(known, None)
        done.set()


def _refreshing(db: Database, community: str, key: str, settle: Settle) -> threading.Event:
    """The refresh of the league under way, started when there is none."""
    known = _of(db, community, key)
    with _LOCK:
        running = _REFRESHING.get(known)
        if running is not None:
            return running
        running = _REFRESHING[known] = threading.Event()
    threading.Thread(
        target=_refresh,
        args=(db, community, key, running, settle),
        name=f"fairpair-league-{key}",
        daemon=True,
    ).start()
    return running


def latest_board(
    db: Database, community: str, key: str, *, wait: bool = False, settle: Settle = None
) -> LeagueBoard:
    """League ``key``'s leaderboard for a view: the one of its current state when it has
    been derived; else (``wait`` off) the newest derived so far while a refresh derives the
    current one in the background. ``wait``: the current one, waiting for the refresh under
    way (or deriving it) — never two derivations of one league at once. A league not derived
    yet in this process is derived (or waited for) by the first view. ``settle``: called
    after a refresh in the background."""
    with reading_community(db, community) as (conn, found):
        league = find_league(conn, found, key)
        if league.closed:
            return compute_board(conn, found, league)
        state = state_of(conn, found, league.id)
        hit: LeagueBoard | None = _kept(_BOARDS, state, KEPT_BOARDS)
    if hit is not None and hit.league == league:
        return hit
    newest: LeagueBoard | None = _kept(_LATEST, _of(db, community, key), KEPT_BOARDS)
    running = _refreshing(db, community, key, settle)
    same = newest is not None and (newest.league.id, newest.league.created_at) == (
        league.id,
        league.created_at,
    )  # this league's, not one of the same key made again since
    if newest is not None and same and not wait:
        return newest
    running.wait()
    return league_board(db, community, key)  # kept by its state by now: a lookup


def refreshed(db: Database, community: str, key: str, timeout: float | None = None) -> bool:
    """Wait for the league's refresh under way, if any (``timeout`` seconds at most);
    whether none is under way now."""
    with _LOCK:
        running = _REFRESHING.get(_of(db, community, key))
    return running is None or running.wait(timeout)


def warm_open_leagues(db: Database, settle: Settle = None) -> int:
    """Derive every open league's leaderboard (a server's start: its first visitors do not
    wait for the cold derivation of every event); how many."""
    with db.reading() as conn:
        open_ones = conn.execute(
            select(CommunityRow.slug, LeagueRow.key)
            .join(LeagueRow, LeagueRow.community_id == CommunityRow.id)
            .where(LeagueRow.closed_at.is_(None))
            .order_by(LeagueRow.id.desc())
        ).all()
    for community, key in open_ones:
        _refreshing(db, community, key, settle).wait()
    return len(open_ones)


def start_warming(db: Database, settle: Settle = None) -> threading.Thread:
    """``warm_open_leagues`` in a thread of its own (a server's start-up: it serves meanwhile;
    a view of a league being derived waits for that derivation, never makes a second)."""

    def warm() -> None:
        try:
            warm_open_leagues(db, settle)
        except Exception:  # the database went away (a server stopped at once): no matter
            LOG.warning("leagues: could not warm the leaderboards", exc_info=True)

    thread = threading.Thread(target=warm, name="fairpair-leagues-warm", daemon=True)
    thread.start()
    return thread


def league_state(db: Database, community: str, key: str) -> Hashable:
    """What league ``key``'s leaderboard is derived from now (for a live page: a different
    state, a new leaderboard)."""
    with reading_community(db, community) as (conn, found):
        row = conn.execute(
            select(LeagueRow.id, LeagueRow.closed_at).where(
                LeagueRow.community_id == found.id, LeagueRow.key == key
            )
        ).first()
        if row is None:
            return (found.id, found.version, key)
        return state_of(conn, found, row.id)


# -- the frozen leaderboard (closing) ---------------------------------------------------


def as_json(board: LeagueBoard) -> dict[str, Any]:
    """A leaderboard as the league keeps it when it is closed."""
    return {
        "events": [[e.slug, e.name, e.day.isoformat()] for e in board.league.events],
        "rows": [
            {
                "rank": r.rank,
                "person": r.person,
                "name": r.name,
                "points": str(r.points),
                "played": r.played,
                "counted": r.counted,
                "wins": r.wins,
                "draws": r.draws,
                "losses": r.losses,
                "best": str(r.best_event),
                "scores": [
                    [s.event, str(s.points), s.counted, s.wins, s.draws, s.losses, s.place]
                    for s in r.scores
                ],
            }
            for r in board.board.rows
        ],
    }


def _from_json(league: League, final: Any) -> LeagueBoard:
    data = final if isinstance(final, dict) else {"events": [], "rows": []}
    events = tuple(
        LeagueEvent(slug, name, date.fromisoformat(day)) for slug, name, day in data["events"]
    )
    rows = tuple(
        BoardRow(
            rank=int(r["rank"]),
            person=r["person"],
            name=r["name"],
            points=Fraction(r["points"]),
            played=int(r["played"]),
            counted=int(r["counted"]),
            wins=int(r["wins"]),
            draws=int(r["draws"]),
            losses=int(r["losses"]),
            best_event=Fraction(r["best"]),
            scores=tuple(
                EventScore(e, Fraction(p), bool(c), int(w), int(d), int(lo), pl)
                for e, p, c, w, d, lo, pl in r["scores"]
            ),
        )
        for r in data["rows"]
    )
    frozen = League(
        league.id,
        league.community,
        league.community_name,
        league.key,
        league.name,
        league.starts,
        league.ends,
        league.rule,
        league.created_at,
        league.closed_at,
        league.version,
        events,
    )
    board = Leaderboard(league.rule, tuple(e.slug for e in events), rows)
    return LeagueBoard(frozen, board, True, ("final", league.id, league.version))
