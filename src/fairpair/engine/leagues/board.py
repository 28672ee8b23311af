"""The leaderboard of a season: each player's league points over its events, best N of M,
ranked with documented tiebreakers (docs/leagues.md).

Input, per event of the season (in the season's order): per player — a person's key — the
matches won, drawn and lost there, whether they took part, and their final place. Output:
one row per player who took part in at least one event, best first.

**Counting (best N of M).** Each event a player took part in gives its total under the
rule (``PointsRule.event_points``). With ``best = N`` only the player's N highest event
totals count (among equal totals, the earlier event is the one counted); the others are
*dropped* — shown, not added. Without ``best`` every event counts.

**Order.** The leaderboard is ordered by, in turn:

1. league points (the counted total), more first;
2. events played (taken part in), more first;
3. match wins over the whole season (every event, counted or dropped), more first;
4. countback: the counted event totals compared from the best down (the better best
   event first; equal, the better second-best, and so on);

players still equal on all four share a rank ("1, 2, 2, 4") and are listed by name, then
key — a name orders the list but never decides a place.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from fairpair.engine.leagues.rule import PointsRule


@dataclass(frozen=True, slots=True)
class EventEntry:
    """One player's part in one event: the match record (a bye as the event counts it),
    whether they took part, and their final place (``None``: none, e.g. withdrew)."""

    person: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    attended: bool = True
    place: int | None = None


@dataclass(frozen=True, slots=True)
class LeagueEvent:
    """One event of the season: its key (a slug) and its players' entries."""

    key: str
    entries: tuple[EventEntry, ...]


@dataclass(frozen=True, slots=True)
class EventScore:
    """A player's league points from one event; ``counted``: added to the total (not
    dropped by best N)."""

    event: str
    points: Fraction
    counted: bool
    wins: int
    draws: int
    losses: int
    place: int | None


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int
    person: str
    name: str
    points: Fraction
    played: int
    counted: int
    wins: int
    draws: int
    losses: int
    best_event: Fraction
    scores: tuple[EventScore, ...]
    """The events the player took part in, in the season's order."""

    def score(self, event: str) -> EventScore | None:
        for s in self.scores:
            if s.event == event:
                return s
        return None


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rule: PointsRule
    events: tuple[str, ...]
    rows: tuple[BoardRow, ...]

    def row(self, person: str) -> BoardRow | None:
        for r in self.rows:
            if r.person == person:
                return r
        return None


def counted_events(totals: Sequence[Fraction], best: int | None) -> frozenset[int]:
    """The indexes of ``totals`` that count: all, or the ``best`` highest (the earlier of
    equal totals first)."""
    if best is None or best >= len(totals):
        return frozenset(range(len(totals)))
    order = sorted(range(len(totals)), key=lambda i: (-totals[i], i))
    return frozenset(order[:best])


def _order_key(row: BoardRow) -> tuple[Fraction, int, int, tuple[Fraction, ...]]:
    counted = sorted((s.points for s in row.scores if s.counted), reverse=True)
    return (-row.points, -row.played, -row.wins, tuple(-p for p in counted))


def leaderboard(
    rule: PointsRule, events: Sequence[LeagueEvent], names: Mapping[str, str] | None = None
) -> Leaderboard:
    """The season's leaderboard under ``rule`` (``names``: a person's name by key; the key
    when missing)."""
    names = names or {}
    mine: dict[str, list[EventScore]] = {}
    for event in events:
        seen: set[str] = set()
        for e in event.entries:
            if not e.attended or e.person in seen:
                continue
            seen.add(e.person)
            points = rule.event_points(e.wins, e.draws, e.losses, True, e.place)
            mine.setdefault(e.person, []).append(
                EventScore(event.key, points, True, e.wins, e.draws, e.losses, e.place)
            )
    rows: list[BoardRow] = []
    for person, scores in mine.items():
        keep = counted_events([s.points for s in scores], rule.best)
        marked = tuple(
            s
            if i in keep
            else EventScore(s.event, s.points, False, s.wins, s.draws, s.losses, s.place)
            for i, s in enumerate(scores)
        )
        rows.append(
            BoardRow(
                rank=0,
                person=person,
                name=names.get(person, person),
                points=sum((s.points for s in marked if s.counted), Fraction(0)),
                played=len(marked),
                counted=sum(1 for s in marked if s.counted),
                wins=sum(s.wins for s in marked),
                draws=sum(s.draws for s in marked),
                losses=sum(s.losses for s in marked),
                best_event=max(s.points for s in marked),
                scores=marked,
            )
        )
    keyed = sorted(
        ((_order_key(r), r) for r in rows),
        key=lambda kr: (kr[0], kr[1].name.casefold(), kr[1].person),
    )
    ranked: list[BoardRow] = []
    last: object = None
    rank = 0
    for i, (key, row) in enumerate(keyed):
        if key != last:
            rank, last = i + 1, key
        ranked.append(
            BoardRow(
                rank,
                row.person,
                row.name,
                row.points,
                row.played,
                row.counted,
                row.wins,
                row.draws,
                row.losses,
                row.best_event,
                row.scores,
            )
        )
    return Leaderboard(rule, tuple(e.key for e in events), tuple(ranked))
