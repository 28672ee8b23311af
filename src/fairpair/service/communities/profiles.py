"""A player's profile in a community (issue 30, point 4): the events of the community they
played, the name they played under in each, and their place in each event's final standings
(from the event's own standings: a playoff's place where they reached it, else their rank in
the stage before); and their own data export (every record the community's events hold
about them, as JSON), asked for by the person and handed over by staff.

The place of an event is read stage by stage from the last: the first stage the player took
part in with a decided place or a rank gives it (a top 8's "3–4", else the Swiss rank of a
player who did not make the cut). A player who withdrew has no place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from fairpair.engine.results import ResultKind, Side
from fairpair.engine.rounds import Match, PodTable, RoundState
from fairpair.engine.stage import Stage
from fairpair.engine.standings import Standings, compute_standings
from fairpair.engine.tournament import Tournament
from fairpair.responses.communities import (
    ExportEvent,
    ExportMatch,
    PersonExport,
    PersonItem,
    Profile,
    ProfileEvent,
)
from fairpair.service.communities.directory import Person, PlayedEvent, person_events
from fairpair.service.communities.unit import reading_community
from fairpair.service.kernel.change import now
from fairpair.service.results.standings import standings
from fairpair.store.database import Database
from fairpair.store.models import EventRow, PersonRow, PlayerRow

#: A pod table's places as words ("2nd of 4").
_SUFFIX = {1: "st", 2: "nd", 3: "rd"}


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a player finished in one event."""

    place: str | None
    of: int
    record: str | None
    withdrew: bool
    state: str


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else _SUFFIX.get(n % 10, "th")
    return f"{n}{suffix}"


def _state(tournament: Tournament) -> str:
    states = [r.state for s in tournament.stages for r in s.rounds]
    if not states:
        return "upcoming"
    if all(s is RoundState.COMPLETED for s in states):
        return "past"
    return "running"


def _in(tournament: Tournament, stage: Stage, player: str) -> bool:
    return any(p.id == player for p in tournament.players_of(stage))


def placed(tournament: Tournament, last: Standings, player: str) -> Placed:
    """``player``'s place in ``tournament`` (``last``: its last stage's standings, as the
    standings service gives them)."""
    state = _state(tournament)
    of = len(tournament.players)
    played = [s for s in tournament.stages if s.rounds and _in(tournament, s, player)]
    tables = {
        s.id: last if s.id == last.stage.id else compute_standings(tournament, s) for s in played
    }
    rows = [tables[s.id].row(player) for s in played if player in tables[s.id]]
    if not rows:
        return Placed(None, of, None, False, state)
    first = rows[0]
    record = f"{first.wins}-{first.losses}-{first.draws}"
    for row in reversed(rows):
        if row.place is not None:
            return Placed(row.place.text, of, record, False, state)
        if row.dropped_after is not None:
            return Placed(None, of, record, True, state)
        if row.rank is not None:
            return Placed(str(row.rank), of, record, False, state)
    return Placed(None, of, record, False, state)


def _item(person: Person) -> PersonItem:
    return PersonItem(
        key=person.key,
        name=person.name,
        events=person.events,
        last_seen=person.last_seen,
        forgotten=person.forgotten,
    )


def profile(db: Database, community: str, key: str) -> Profile:
    """Record ``key``'s profile: the community's events they played, newest first, each with
    the name played under and the place in its standings."""
    with reading_community(db, community) as (_, found):
        name = found.name
    person, played = person_events(db, community, key)
    events = []
    for event in played:
        tournament, last = standings(db, event.slug)
        where = placed(tournament, last, event.player)
        events.append(
            ProfileEvent(
                slug=event.slug,
                name=event.name,
                created_at=event.created_at,
                state=where.state,
                player=event.player,
                played_as=event.played_as,
                place=where.place,
                of=where.of,
                record=where.record,
                withdrew=where.withdrew,
            )
        )
    return Profile(community=community, community_name=name, person=_item(person), events=events)


def _games(mine: int, theirs: int, draws: int) -> str:
    return f"{mine}-{theirs}" + (f"-{draws}" if draws else "")


def _match(stage: str, number: int, match: Match, me: str, names: dict[str, str]) -> ExportMatch:
    side = Side.A if match.a == me else Side.B
    other = match.b if side is Side.A else match.a
    result = match.result
    games = None
    if result is None:
        outcome = "pending"
    else:
        if result.games is not None:
            g = result.games if side is Side.A else result.games.flipped()
            games = _games(g.a, g.b, g.draws)
        if result.kind is ResultKind.FORFEIT:
            outcome = "forfeit win" if result.winner is side else "forfeit loss"
        elif result.kind is ResultKind.DOUBLE_FORFEIT:
            outcome = "double forfeit"
        elif result.kind is ResultKind.SKIPPED:
            outcome = "skipped"
        elif result.winner is None:
            outcome = "draw"
        else:
            outcome = "win" if result.winner is side else "loss"
    return ExportMatch(
        stage=stage,
        round=number,
        table=match.table,
        opponents=[names.get(other, other)],
        outcome=outcome,
        games=games,
    )


def _pod(stage: str, number: int, pod: PodTable, me: str, names: dict[str, str]) -> ExportMatch:
    seat = pod.seats.index(me)
    outcome = "pending"
    if pod.places is not None:
        outcome = f"{ordinal(pod.places[seat])} of {len(pod.seats)}"
    return ExportMatch(
        stage=stage,
        round=number,
        table=pod.table,
        opponents=[names.get(p, p) for p in pod.seats if p != me],
        outcome=outcome,
        games=None,
    )


def matches_of(tournament: Tournament, me: str) -> list[ExportMatch]:
    """Every table ``me`` sat at, every bye, in stage and round order."""
    names = {p.id: p.name for p in tournament.players}
    out: list[ExportMatch] = []
    for stage in tournament.stages:
        for r in stage.rounds:
            out += [_match(stage.id, r.number, m, me, names) for m in r.matches if me in (m.a, m.b)]
            out += [_pod(stage.id, r.number, p, me, names) for p in r.pods if me in p.seats]
            out += [
                ExportMatch(
                    stage=stage.id,
                    round=r.number,
                    table=None,
                    opponents=[],
                    outcome=f"bye ({b.kind.value})",
                    games=None,
                )
                for b in r.byes
                if b.player == me
            ]
    return out


def _registration(db: Database, event: PlayedEvent) -> dict[str, Any]:
    with db.reading() as conn:
        row = conn.execute(
            select(
                PlayerRow.key,
                PlayerRow.name,
                PlayerRow.team,
                PlayerRow.contact,
                PlayerRow.rating,
                PlayerRow.registered_at,
                PlayerRow.checked_in_at,
            )
            .join(EventRow, EventRow.id == PlayerRow.event_id)
            .where(EventRow.slug == event.slug, PlayerRow.key == event.player)
        ).one()
    return {
        "id": row.key,
        "name": row.name,
        "team": row.team,
        "contact": row.contact,
        "rating": row.rating,
        "registered_at": row.registered_at,
        "checked_in_at": row.checked_in_at,
    }


def export_person(db: Database, community: str, key: str) -> PersonExport:
    """Everything the community's events hold about record ``key`` (their own data, handed
    over on request): the record, and each event's registration, place and tables."""
    with reading_community(db, community) as (conn, found):
        record = conn.execute(
            select(PersonRow.created_at, PersonRow.discord_user).where(
                PersonRow.community_id == found.id, PersonRow.key == key
            )
        ).first()
        name = found.name
    person, played = person_events(db, community, key)
    events = []
    for event in played:
        tournament, last = standings(db, event.slug)
        where = placed(tournament, last, event.player)
        player = _registration(db, event)
        player["dropped"] = where.withdrew
        events.append(
            ExportEvent(
                slug=event.slug,
                name=event.name,
                created_at=event.created_at,
                player=player,
                place=where.place,
                of=where.of,
                matches=matches_of(tournament, event.player),
            )
        )
    return PersonExport(
        written_at=now(),
        community={"slug": community, "name": name},
        person={
            "key": person.key,
            "name": person.name,
            "created_at": record.created_at if record is not None else None,
            "discord_user": record.discord_user if record is not None else None,
            "forgotten": person.forgotten,
        },
        events=events,
    )
