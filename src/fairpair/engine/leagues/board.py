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

**Again after one result** (``previous``): a leaderboard keeps, per player, what it derived
from their entries (``Leaderboard.parts``). Given the season's previous leaderboard under
the same rule, a player whose entries and name are the same reuses that — their totals,
best N, order key and row (the row itself when their rank did not move) — so after a result
of one event only that event's players are derived again, and the season is sorted again.
The same leaderboard as without ``previous``, field by field (tested).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
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


#: A player's entries as the leaderboard reads them: (event, half-points, wins, draws,
#: losses, place), in the season's order.
Raw = tuple[tuple[str, int, int, int, int, "int | None"], ...]


class Part(NamedTuple):
    """What a leaderboard derived for one player: from their entries (``raw``) and name,
    the order key and the row (with the rank it had there)."""

    raw: Raw
    name: str
    order: tuple[Any, ...]
    row: BoardRow


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rule: PointsRule
    events: tuple[str, ...]
    rows: tuple[BoardRow, ...]
    #: Each player's ``Part`` (for the next leaderboard of the season: ``previous``).
    parts: Mapping[str, Part] = field(default_factory=dict, compare=False, repr=False)

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
    rule: PointsRule,
    events: Sequence[LeagueEvent],
    names: Mapping[str, str] | None = None,
    *,
    previous: Leaderboard | None = None,
) -> Leaderboard:
    """The season's leaderboard under ``rule`` (``names``: a person's name by key; the key
    when missing). ``previous``: the season's leaderboard before (a result since, a name
    changed): what did not change is reused.

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
    before: Mapping[str, Part] = (
        previous.parts if previous is not None and previous.rule == rule else {}
    )
    parts: dict[str, Part] = {}
    for person, scores in mine.items():
        raw = tuple(scores)
        name = names.get(person, person)
        part = before.get(person)
        if part is None or part.raw != raw or part.name != name:
            part = _part(rule, person, name, raw, exact)
        parts[person] = part
    ordered = sorted(parts.values(), key=lambda p: p.order)
    ranked: list[BoardRow] = []
    last: object = None
    rank = 0
    for i, part in enumerate(ordered):
        if part.order[0] != last:
            rank, last = i + 1, part.order[0]
        row = part.row
        if row.rank != rank:
            row = replace(row, rank=rank)
            parts[row.person] = part._replace(row=row)
        ranked.append(row)
    return Leaderboard(rule, tuple(e.key for e in events), tuple(ranked), parts)


def _part(
    rule: PointsRule, person: str, name: str, raw: Raw, exact: Callable[[int], Fraction]
) -> Part:
    """Player ``person``'s part of the leaderboard, from their entries (rank 0: ranked by
    the caller)."""
    totals = [s[1] for s in raw]
    keep = counted_events(totals, rule.best)
    counted = sorted((totals[i] for i in keep), reverse=True)
    wins = sum(s[2] for s in raw)
    key = (-sum(counted), -len(raw), -wins, tuple(-t for t in counted))
    row = BoardRow(
        rank=0,
        person=person,
        name=name,
        points=exact(-key[0]),
        played=len(raw),
        counted=len(keep),
        wins=wins,
        draws=sum(s[3] for s in raw),
        losses=sum(s[4] for s in raw),
        best_event=exact(max(totals)),
        scores=tuple(
            EventScore(s[0], exact(s[1]), j in keep, s[2], s[3], s[4], s[5])
            for j, s in enumerate(raw)
        ),
    )
    return Part(raw, name, (key, name.casefold(), person), row)
