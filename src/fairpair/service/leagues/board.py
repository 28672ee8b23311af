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
result makes a new event version, hence a new state."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
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
from fairpair.service.communities.unit import CommunityRef, reading_community
from fairpair.service.kernel.change import EventRef
from fairpair.service.kernel.snapshots import loaded
from fairpair.service.leagues.leagues import League, LeagueEvent, find_league
from fairpair.store.database import Database
from fairpair.store.models import (
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


def _live(conn: Connection, community: CommunityRef, league: League) -> Leaderboard:
    rows = {r.slug: r for r in _event_rows(conn, league.id)}
    names: dict[str, str] = {}
    season: list[EngineEvent] = []
    for event in league.events:
        entries, named = _linked(conn, community, rows[event.slug])
        names.update(named)
        season.append(EngineEvent(event.slug, entries))
    return leaderboard(league.rule, season, names)


def compute_board(conn: Connection, community: CommunityRef, league: League) -> LeagueBoard:
    """League ``league``'s leaderboard read with ``conn`` (its frozen one when closed)."""
    if league.closed:
        final = conn.execute(select(LeagueRow.final).where(LeagueRow.id == league.id)).scalar()
        return _from_json(league, final)
    state = state_of(conn, community, league.id)
    hit: LeagueBoard | None = _kept(_BOARDS, state, KEPT_BOARDS)
    if hit is not None and hit.league == league:
        return hit
    made = LeagueBoard(league, _live(conn, community, league), False, state)
    return _kept(_BOARDS, state, KEPT_BOARDS, made)  # type: ignore[no-any-return]


def league_board(db: Database, community: str, key: str) -> LeagueBoard:
    """League ``key``'s leaderboard now (a closed league's: as it was closed)."""
    with reading_community(db, community) as (conn, found):
        return compute_board(conn, found, find_league(conn, found, key))


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
