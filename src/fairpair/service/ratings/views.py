"""What the ratings' pages, the CLI and the API show (docs/ratings.md):

- ``rating_list``: a community's current ratings in one game and system, best first;
- ``rating_history``: one person's rating before and after each event, per game and system,
  with the points of a small chart (the profile page's partial);
- ``event_ratings``: one event's changes (FIDE Elo: games, score, expected score, K);
- ``rated_events``: the community's rated events, newest first.

A person's current rating is their last row's "after"; merged-away records are left out
(their events follow the record they were merged into once the ratings are rebuilt)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, select

from fairpair.engine.errors import Location
from fairpair.engine.ratings.values import Rating, System, rank_value
from fairpair.i18n import gettext
from fairpair.service.communities.unit import reading_community
from fairpair.service.kernel.errors import UnknownCommunity
from fairpair.service.ratings.settings import RatingSettings, read_settings
from fairpair.store.database import Database
from fairpair.store.models import EventRow, PersonRow, RatingChangeRow

#: Glicko-2: a rating whose deviation is above this is provisional (shown "?").
PROVISIONAL_RD = 110.0


def shown(system: System, value: float) -> str:
    """A rating as people read it: Glicko-2 and Elo whole, OpenSkill's μ to one decimal."""
    return f"{value:.1f}" if system is System.OPENSKILL else f"{round(value)}"


@dataclass(frozen=True, slots=True)
class RatedPerson:
    rank: int
    key: str
    name: str
    system: System
    rating: float
    deviation: float | None
    games: int
    events: int
    last_event: str
    provisional: bool

    @property
    def shown(self) -> str:
        return shown(self.system, self.rating)


@dataclass(frozen=True, slots=True)
class RatingList:
    community: str
    name: str
    game: str
    games: tuple[str, ...]
    system: System
    systems: tuple[System, ...]
    settings: RatingSettings
    people: tuple[RatedPerson, ...]
    events: tuple[RatedEvent, ...]


@dataclass(frozen=True, slots=True)
class RatedEvent:
    slug: str
    name: str
    created_at: datetime
    players: int


@dataclass(frozen=True, slots=True)
class HistoryPoint:
    event: str
    event_name: str
    at: datetime
    before: float
    after: float
    games: int
    score: float
    expected: float | None
    k: int | None
    system: System

    @property
    def change(self) -> float:
        return self.after - self.before

    @property
    def shown_before(self) -> str:
        return shown(self.system, self.before)

    @property
    def shown_after(self) -> str:
        return shown(self.system, self.after)

    @property
    def shown_change(self) -> str:
        if self.system is System.OPENSKILL:
            return f"{self.change:+.1f}"
        delta = round(self.after) - round(self.before)
        return f"{delta:+d}" if delta else "±0"


@dataclass(frozen=True, slots=True)
class Chart:
    """A small line chart as SVG coordinates (no script): the polyline's points, a dot per
    event with its label, the axis' lowest and highest values."""

    width: int
    height: int
    line: str
    dots: tuple[tuple[float, float, str], ...]
    low: str
    high: str


@dataclass(frozen=True, slots=True)
class RatingSeries:
    game: str
    system: System
    points: tuple[HistoryPoint, ...]
    chart: Chart

    @property
    def label(self) -> str:
        return f"{self.system.label} · {self.game}"

    @property
    def current(self) -> str:
        return self.points[-1].shown_after if self.points else ""


@dataclass(frozen=True, slots=True)
class RatingHistory:
    community: str
    person: str
    name: str
    series: tuple[RatingSeries, ...]


def _person(conn: Connection, community_id: int, key: str) -> tuple[int, str]:
    row = conn.execute(
        select(PersonRow.id, PersonRow.name, PersonRow.merged_into).where(
            PersonRow.community_id == community_id, PersonRow.key == key
        )
    ).first()
    if row is None:
        raise UnknownCommunity(
            Location(("person",)),
            gettext("no player %(key)r in the community's directory") % {"key": key},
        )
    return int(row.id), str(row.name)


def _pick(
    settings: RatingSettings, games: list[tuple[str, str]], game: str | None, system: str | None
) -> tuple[str, System]:
    """The game and system a list shows: as asked, else the most played of the first
    system of the community's."""
    systems = [s.value for s in settings.systems] or [s.value for s in System]
    if system is not None and system not in [s.value for s in System]:
        raise UnknownCommunity(
            Location(("system",)),
            gettext("no rating system %(system)r (glicko2, elo, openskill)") % {"system": system},
        )
    chosen_system = system or next(
        (s for s in systems if any(g[1] == s for g in games)), systems[0]
    )
    known = [g for g, s in games if s == chosen_system]
    if game is not None and game not in known and known:
        raise UnknownCommunity(
            Location(("game",)),
            gettext("no ratings of game %(game)r (known: %(join_known)s)")
            % {"game": game, "join_known": ", ".join(known)},
        )
    return (game or (known[0] if known else "all")), System(chosen_system)


def rating_list(
    db: Database, community: str, *, game: str | None = None, system: str | None = None
) -> RatingList:
    """Community ``community``'s ratings in ``game`` and ``system`` (left out: its most
    rated game, its matches' system), best first."""
    with reading_community(db, community) as (conn, found):
        settings = read_settings(conn, found.id)
        pairs = conn.execute(
            select(RatingChangeRow.game, RatingChangeRow.system, func.count())
            .where(RatingChangeRow.community_id == found.id)
            .group_by(RatingChangeRow.game, RatingChangeRow.system)
            .order_by(func.count().desc(), RatingChangeRow.game)
        ).all()
        games = [(p.game, p.system) for p in pairs]
        chosen, chosen_system = _pick(settings, games, game, system)
        rows = conn.execute(
            select(
                RatingChangeRow.person_id,
                RatingChangeRow.after_value,
                RatingChangeRow.after_deviation,
                RatingChangeRow.total_games,
                EventRow.name.label("event_name"),
                PersonRow.key,
                PersonRow.name,
            )
            .join(EventRow, EventRow.id == RatingChangeRow.event_id)
            .join(PersonRow, PersonRow.id == RatingChangeRow.person_id)
            .where(
                RatingChangeRow.community_id == found.id,
                RatingChangeRow.game == chosen,
                RatingChangeRow.system == chosen_system.value,
                PersonRow.merged_into.is_(None),
                PersonRow.forgotten_at.is_(None),
            )
            .order_by(EventRow.created_at, EventRow.id)
        ).all()
        events = conn.execute(
            select(
                EventRow.slug,
                EventRow.name,
                EventRow.created_at,
                func.count(RatingChangeRow.id),
            )
            .join(RatingChangeRow, RatingChangeRow.event_id == EventRow.id)
            .where(
                RatingChangeRow.community_id == found.id,
                RatingChangeRow.game == chosen,
                RatingChangeRow.system == chosen_system.value,
            )
            .group_by(EventRow.id, EventRow.slug, EventRow.name, EventRow.created_at)
            .order_by(EventRow.created_at.desc(), EventRow.id.desc())
        ).all()
        name = found.name
    last: dict[int, Any] = {}
    count: dict[int, int] = {}
    for r in rows:
        last[r.person_id] = r
        count[r.person_id] = count.get(r.person_id, 0) + 1
    ordered = sorted(
        last.values(),
        key=lambda r: (
            -rank_value(chosen_system, Rating(r.after_value, r.after_deviation)),
            r.name.casefold(),
        ),
    )
    people = tuple(
        RatedPerson(
            k,
            r.key,
            r.name,
            chosen_system,
            r.after_value,
            r.after_deviation,
            r.total_games,
            count[r.person_id],
            r.event_name,
            chosen_system is System.GLICKO2 and (r.after_deviation or 0) > PROVISIONAL_RD,
        )
        for k, r in enumerate(ordered, start=1)
    )
    known_games = tuple(dict.fromkeys(g for g, s in games if s == chosen_system.value))
    known_systems = tuple(dict.fromkeys(System(s) for _, s in games))
    return RatingList(
        community,
        name,
        chosen,
        known_games,
        chosen_system,
        known_systems,
        settings,
        people,
        tuple(RatedEvent(e.slug, e.name, e.created_at, int(e[3])) for e in events),
    )


#: The chart's size (CSS pixels; the SVG scales to its box).
CHART_WIDTH, CHART_HEIGHT, PAD = 320, 120, 12


def chart_of(points: tuple[HistoryPoint, ...]) -> Chart:
    """A line through the rating before the first event and after each one."""
    if not points:
        return Chart(CHART_WIDTH, CHART_HEIGHT, "", (), "", "")
    system = points[0].system
    values = [points[0].before, *(p.after for p in points)]
    labels = [f"before {points[0].event_name}: {points[0].shown_before}"] + [
        f"{p.event_name}: {p.shown_after} ({p.shown_change})" for p in points
    ]
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    step = (CHART_WIDTH - 2 * PAD) / max(len(values) - 1, 1)
    coords = [
        (
            round(PAD + k * step, 1),
            round(CHART_HEIGHT - PAD - (v - low) / span * (CHART_HEIGHT - 2 * PAD), 1),
        )
        for k, v in enumerate(values)
    ]
    return Chart(
        CHART_WIDTH,
        CHART_HEIGHT,
        " ".join(f"{x},{y}" for x, y in coords),
        tuple((x, y, label) for (x, y), label in zip(coords, labels, strict=True)),
        shown(system, low),
        shown(system, high),
    )


def _history(conn: Connection, community_id: int, person_id: int) -> tuple[RatingSeries, ...]:
    rows = conn.execute(
        select(
            RatingChangeRow.game,
            RatingChangeRow.system,
            RatingChangeRow.before_value,
            RatingChangeRow.after_value,
            RatingChangeRow.games,
            RatingChangeRow.score,
            RatingChangeRow.expected,
            RatingChangeRow.k,
            EventRow.slug,
            EventRow.name,
            EventRow.created_at,
        )
        .join(EventRow, EventRow.id == RatingChangeRow.event_id)
        .where(
            RatingChangeRow.community_id == community_id,
            RatingChangeRow.person_id == person_id,
        )
        .order_by(EventRow.created_at, EventRow.id)
    ).all()
    grouped: dict[tuple[str, str], list[HistoryPoint]] = {}
    for r in rows:
        system = System(r.system)
        grouped.setdefault((r.game, r.system), []).append(
            HistoryPoint(
                r.slug,
                r.name,
                r.created_at,
                r.before_value,
                r.after_value,
                r.games,
                r.score,
                r.expected,
                r.k,
                system,
            )
        )
    return tuple(
        RatingSeries(game, System(system), tuple(points), chart_of(tuple(points)))
        for (game, system), points in sorted(grouped.items(), key=lambda i: -len(i[1]))
    )


def rating_history(db: Database, community: str, person_key: str) -> RatingHistory:
    """Person ``person_key``'s rating before and after each event of ``community``, per game
    and system (most events first) — what the profile page's ratings partial shows."""
    with reading_community(db, community) as (conn, found):
        person_id, name = _person(conn, found.id, person_key)
        return RatingHistory(community, person_key, name, _history(conn, found.id, person_id))


@dataclass(frozen=True, slots=True)
class EventChange:
    key: str
    name: str
    point: HistoryPoint
    game: str


@dataclass(frozen=True, slots=True)
class EventRatings:
    community: str
    community_name: str
    event: str
    event_name: str
    changes: tuple[EventChange, ...]


def event_ratings(db: Database, community: str, event: str) -> EventRatings:
    """Event ``event``'s rating changes in ``community``, biggest gain first (FIDE Elo: with
    each player's games, score, expected score and K — the rating change per event)."""
    with reading_community(db, community) as (conn, found):
        head = conn.execute(
            select(EventRow.id, EventRow.name).where(EventRow.slug == event)
        ).first()
        if head is None:
            raise UnknownCommunity(
                Location(("event",)), gettext("no event %(event)r") % {"event": event}
            )
        rows = conn.execute(
            select(
                RatingChangeRow.game,
                RatingChangeRow.system,
                RatingChangeRow.before_value,
                RatingChangeRow.after_value,
                RatingChangeRow.games,
                RatingChangeRow.score,
                RatingChangeRow.expected,
                RatingChangeRow.k,
                EventRow.created_at,
                PersonRow.key,
                PersonRow.name,
            )
            .join(EventRow, EventRow.id == RatingChangeRow.event_id)
            .join(PersonRow, PersonRow.id == RatingChangeRow.person_id)
            .where(RatingChangeRow.community_id == found.id, RatingChangeRow.event_id == head.id)
        ).all()
        name = found.name
    changes = [
        EventChange(
            r.key,
            r.name,
            HistoryPoint(
                event,
                head.name,
                r.created_at,
                r.before_value,
                r.after_value,
                r.games,
                r.score,
                r.expected,
                r.k,
                System(r.system),
            ),
            r.game,
        )
        for r in rows
    ]
    changes.sort(key=lambda c: (c.point.system.value, -c.point.change, c.name.casefold()))
    return EventRatings(community, name, event, head.name, tuple(changes))
