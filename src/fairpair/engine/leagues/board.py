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
from typing import Any, NamedTuple

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


class EventScore(NamedTuple):
    """A player's league points from one event; ``counted``: added to the total (not
    dropped by best N). (A named tuple: a season of a year builds ten thousand.)"""

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


def counted_events(totals: Sequence[Fraction | int], best: int | None) -> frozenset[int]:
    """The indexes of ``totals`` that count: all, or the ``best`` highest (the earlier of
    equal totals first)."""
    if best is None or best >= len(totals):
        return frozenset(range(len(totals)))
    order = sorted(range(len(totals)), key=lambda i: (-totals[i], i))
    return frozenset(order[:best])


def leaderboard(
    rule: PointsRule, events: Sequence[LeagueEvent], names: Mapping[str, str] | None = None
) -> Leaderboard:
    """The season's leaderboard under ``rule`` (``names``: a person's name by key; the key
    when missing).

    Computed in half-points (a rule's values are whole numbers or halves), exact, on
    integers: a year of weekly events of 200 players is 10,000 entries."""
    names = names or {}
    win, draw, loss, attend = (int(v * 2) for v in (rule.win, rule.draw, rule.loss, rule.attend))
    places = [int(v * 2) for v in rule.places]
    n_places = len(places)
    fractions: dict[int, Fraction] = {}

    def exact(halves: int) -> Fraction:
        found = fractions.get(halves)
        if found is None:
            found = fractions[halves] = Fraction(halves, 2)
        return found

    # person → [(event, halves, wins, draws, losses, place)], in the season's order
    mine: dict[str, list[tuple[str, int, int, int, int, int | None]]] = {}
    for event in events:
        seen: set[str] = set()
        for e in event.entries:
            if not e.attended or e.person in seen:
                continue
            seen.add(e.person)
            place = e.place
            halves = win * e.wins + draw * e.draws + loss * e.losses + attend
            if place is not None and 1 <= place <= n_places:
                halves += places[place - 1]
            mine.setdefault(e.person, []).append(
                (event.key, halves, e.wins, e.draws, e.losses, place)
            )
    keyed: list[tuple[tuple[int, int, int, tuple[int, ...]], str, str, list[Any], frozenset[int]]]
    keyed = []
    for person, scores in mine.items():
        totals = [s[1] for s in scores]
        keep = counted_events(totals, rule.best)
        counted = sorted((totals[i] for i in keep), reverse=True)
        wins = sum(s[2] for s in scores)
        key = (-sum(counted), -len(scores), -wins, tuple(-t for t in counted))
        keyed.append((key, names.get(person, person).casefold(), person, scores, keep))
    keyed.sort(key=lambda k: (k[0], k[1], k[2]))
    ranked: list[BoardRow] = []
    last: object = None
    rank = 0
    for i, (key, _, person, scores, keep) in enumerate(keyed):
        if key != last:
            rank, last = i + 1, key
        marked = tuple(
            EventScore(s[0], exact(s[1]), j in keep, s[2], s[3], s[4], s[5])
            for j, s in enumerate(scores)
        )
        ranked.append(
            BoardRow(
                rank=rank,
                person=person,
                name=names.get(person, person),
                points=exact(-key[0]),
                played=len(scores),
                counted=len(keep),
                wins=-key[2],
                draws=sum(s[3] for s in scores),
                losses=sum(s[4] for s in scores),
                best_event=exact(max(s[1] for s in scores)),
                scores=marked,
            )
        )
    return Leaderboard(rule, tuple(e.key for e in events), tuple(ranked))
