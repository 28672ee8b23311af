"""Hypothesis properties of the league leaderboard: best N keeps the N highest nights,
the total never exceeds every night added up, more counted nights never lower a total, the
order of the season's events changes no total, and the rows follow the documented order
with shared ranks exactly where everything is equal."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fairpair.engine.leagues import EventEntry, LeagueEvent, PointsRule, leaderboard

PEOPLE = [f"p{i}" for i in range(7)]
SMALL = st.integers(0, 5).map(Fraction)


@st.composite
def rules(draw: Any) -> PointsRule:
    places = sorted(draw(st.lists(SMALL, max_size=4)), reverse=True)
    return PointsRule(
        win=draw(SMALL), draw=draw(SMALL), loss=draw(SMALL), attend=draw(SMALL),
        places=tuple(places), best=draw(st.none() | st.integers(1, 5)),
    )  # fmt: skip


@st.composite
def seasons(draw: Any) -> list[LeagueEvent]:
    events = []
    for n in range(draw(st.integers(1, 6))):
        who = draw(st.lists(st.sampled_from(PEOPLE), unique=True, max_size=len(PEOPLE)))
        entries = tuple(
            EventEntry(p, draw(st.integers(0, 4)), draw(st.integers(0, 2)), draw(st.integers(0, 4)),
                       draw(st.booleans()), draw(st.none() | st.integers(1, 8)))
            for p in who
        )  # fmt: skip
        events.append(LeagueEvent(f"e{n}", entries))
    return events


def _totals(rule: PointsRule, events: list[LeagueEvent]) -> dict[str, Fraction]:
    return {r.person: r.points for r in leaderboard(rule, events).rows}


@settings(max_examples=150, deadline=None)
@given(rules(), seasons())
def test_best_n_keeps_the_highest_nights(rule: PointsRule, events: list[LeagueEvent]) -> None:
    for row in leaderboard(rule, events).rows:
        every = sorted((s.points for s in row.scores), reverse=True)
        kept = every if rule.best is None else every[: rule.best]
        assert row.points == sum(kept, Fraction(0)) <= sum(every, Fraction(0))
        assert row.counted == len(kept) and row.played == len(every)
        dropped = [s.points for s in row.scores if not s.counted]
        assert all(d <= min(kept) for d in dropped)


@settings(max_examples=100, deadline=None)
@given(rules(), seasons())
def test_more_counted_nights_never_lower_a_total(
    rule: PointsRule, events: list[LeagueEvent]
) -> None:
    fewer = _totals(rule, events)
    more = _totals(
        PointsRule(rule.win, rule.draw, rule.loss, rule.attend, rule.places, None), events
    )
    assert fewer.keys() == more.keys()
    assert all(fewer[p] <= more[p] for p in fewer)


@settings(max_examples=100, deadline=None)
@given(rules(), seasons(), st.randoms())
def test_the_order_of_events_changes_no_total(
    rule: PointsRule, events: list[LeagueEvent], rnd: Any
) -> None:
    shuffled = list(events)
    rnd.shuffle(shuffled)
    assert _totals(rule, events) == _totals(rule, shuffled)


@settings(max_examples=150, deadline=None)
@given(rules(), seasons())
def test_rows_follow_the_documented_order(rule: PointsRule, events: list[LeagueEvent]) -> None:
    rows = leaderboard(rule, events).rows

    def key(r: Any) -> tuple[Any, ...]:
        countback = sorted((s.points for s in r.scores if s.counted), reverse=True)
        return (-r.points, -r.played, -r.wins, [-p for p in countback])

    for i, (a, b) in enumerate(itertools.pairwise(rows)):
        assert key(a) <= key(b)
        if key(a) == key(b):
            assert a.rank == b.rank and (a.name.casefold(), a.person) <= (
                b.name.casefold(),
                b.person,
            )
        else:
            assert b.rank == i + 2
    assert not rows or rows[0].rank == 1
    took_part = {e.person for ev in events for e in ev.entries if e.attended}
    assert {r.person for r in rows} == took_part


@settings(max_examples=150, deadline=None)
@given(rules(), rules(), seasons(), seasons(), st.booleans())
def test_again_from_a_previous_leaderboard_is_the_same(
    rule: PointsRule,
    other: PointsRule,
    before: list[LeagueEvent],
    after: list[LeagueEvent],
    renamed: bool,
) -> None:
    """``previous``: a season's leaderboard derived again after its entries changed (a
    result, an event added or taken out), a name changed or the rule changed equals the one
    derived from nothing, row by row and field by field (ranks included)."""
    names = {p: p.upper() for p in PEOPLE}
    again = {p: f"{p} again" for p in PEOPLE[:3]} if renamed else names
    previous = leaderboard(rule, before, names)
    for changed_rule in (rule, other):
        fresh = leaderboard(changed_rule, after, again)
        reused = leaderboard(changed_rule, after, again, previous=previous)
        assert reused.rows == fresh.rows and reused.events == fresh.events
        # and once more from that one (its rows' ranks kept where they did not move)
        assert leaderboard(changed_rule, before, names, previous=reused).rows == (
            leaderboard(changed_rule, before, names).rows
        )
    # one event's entries changed, the others the very same objects: as from nothing
    if after:
        first = after[0]
        moved = LeagueEvent(first.key, tuple(reversed(first.entries))[1:])
        season = [moved, *after[1:]]
        assert leaderboard(rule, season, names, previous=leaderboard(rule, after, names)).rows == (
            leaderboard(rule, season, names).rows
        )
