"""A community's own changes re-rate it by themselves (issue 30's gap 2), on both databases:
a merge in the directory, a deletion on request, an event attached or taken out, an event
restored into the community — each plans the ratings' replay in its own transaction, and
once the job has run the ratings are what they would have been had it always been so."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from sqlalchemy import select

from fairpair.engine.results import Result, Side
from fairpair.service.communities import communities, directory
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import pending
from fairpair.service.leagues import board as boards
from fairpair.service.leagues import leagues
from fairpair.service.players import roster
from fairpair.service.players.registration import NewPlayer
from fairpair.service.ratings import views
from fairpair.service.results import recording
from fairpair.service.rounds import flow, lifecycle
from fairpair.service.rounds.rating_job import KIND
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import RatingChangeRow

from .league_weeks import ACTOR, week

P = NewPlayer


def _run_jobs(db: Database) -> int:
    done, failed = run_due(db, handlers(db), worker="test")
    assert failed == 0
    return done


def _whys(db: Database) -> list[str]:
    return [j.payload["why"] for j in pending(db) if j.kind == KIND]


#: Week 1's winner of each pair: the first named.
_ORDER = [("Bob", "Ann"), ("Bob", "Cat"), ("Bob", "Dan"), ("Ann", "Cat"), ("Ann", "Dan")]
_ORDER += [("Dan", "Cat")]


def _fridays(db: Database, name: str, bob_returns: bool) -> tuple[str, list[str]]:
    """Four Fridays: Bob plays weeks 1, 3 and 4 — as the same person, or (``bob_returns``
    off) as a new record "Bob" each time he comes back without being recognised."""
    club = communities.create_community(db, name, actor=ACTOR)
    bob = P("Bob", person="bob") if bob_returns else P("Bob")
    ann, cat, dan = P("Ann", person="ann"), P("Cat", person="cat"), P("Dan", person="dan")
    weeks = [
        week(
            db,
            club,
            "Friday 1",
            [P("Ann", seed=1), P("Bob", seed=2), P("Cat", seed=3), P("Dan", seed=4)],
            {frozenset(pair): pair[0] for pair in _ORDER},  # however round 1 pairs them
        ),
        week(db, club, "Friday 2", [ann, dan], {frozenset(("Ann", "Dan")): "Dan"}),
        week(db, club, "Friday 3", [bob, ann], {frozenset(("Ann", "Bob")): "Bob"}),
        week(db, club, "Friday 4", [bob, cat], {frozenset(("Bob", "Cat")): None}),
    ]
    return club, weeks


def _ratings(db: Database, club: str) -> list[dict[str, Any]]:
    return [asdict(p) for p in views.rating_list(db, club).people]


def _history(db: Database, club: str, person: str) -> list[dict[str, Any]]:
    (series,) = views.rating_history(db, club, person).series
    # the events' slugs differ between two communities (slugs are unique): their names don't
    return [asdict(p) | {"event": None, "at": None} for p in series.points]


def _board(db: Database, club: str, league: str, weeks: list[str]) -> list[dict[str, Any]]:
    rows = []
    for row in boards.league_board(db, club, league).board.rows:
        fields = asdict(row)
        fields["scores"] = [s._replace(event=str(weeks.index(s.event))) for s in row.scores]
        rows.append(fields)
    return rows


def test_a_merge_rates_as_one_person_from_the_start(db: Database) -> None:
    one, one_weeks = _fridays(db, "One Bob", bob_returns=True)
    two, two_weeks = _fridays(db, "Three Bobs", bob_returns=False)
    _run_jobs(db)
    league_one = leagues.create_league(db, one, "Spring", actor=ACTOR, events=one_weeks)
    league_two = leagues.create_league(db, two, "Spring", actor=ACTOR, events=two_weeks)
    bobs = sorted(p.key for p in directory.people(db, two) if p.name == "Bob")
    assert bobs == ["bob", "bob-2", "bob-3"]
    assert _ratings(db, two) != _ratings(db, one)  # three strangers called Bob

    directory.merge(db, two, "bob", "bob-3", actor=ACTOR)
    directory.merge(db, two, "bob", "bob-2", actor=ACTOR)
    assert _whys(db) == ["merge in the directory"] * 2  # planned with each merge
    assert _run_jobs(db) == 2

    assert _ratings(db, two) == _ratings(db, one)  # every field of every rated person
    assert _history(db, two, "bob") == _history(db, one, "bob")
    for person in ("ann", "cat", "dan"):  # Bob's opponents: rated against one Bob
        assert _history(db, two, person) == _history(db, one, person)
    assert _board(db, two, league_two, two_weeks) == _board(db, one, league_one, one_weeks)
    assert [r["name"] for r in _board(db, two, league_two, two_weeks)].count("Bob") == 1


def test_attach_rates_a_past_event_and_detach_removes_it(db: Database) -> None:
    # a past event played before the club had a community page, then the club's two weeks
    past = events.create_event(db, "Summer Open", actor=ACTOR)
    roster.add_players(db, past, [P("Ann", seed=1), P("Bob", seed=2)], actor=ACTOR)
    flow.next_round(db, past, actor=ACTOR)
    (table,) = lifecycle.round_view(db, past, 1).tables
    won = Side.A if table.a.name == "Bob" else Side.B
    recording.report(db, past, 1, Result.win(won), table=table.table, actor=ACTOR)
    lifecycle.complete_round(db, past, 1, actor=ACTOR)
    assert _whys(db) == []  # no community: nothing to rate
    club = communities.create_community(db, "Late Club", actor=ACTOR)
    first = week(
        db, club, "Week 1", [P("Ann", seed=1), P("Bob", seed=2)], {frozenset(("Ann", "Bob")): "Ann"}
    )
    second = week(
        db,
        club,
        "Week 2",
        [P("Ann", person="ann"), P("Bob", person="bob")],
        {frozenset(("Ann", "Bob")): "Ann"},
    )
    _run_jobs(db)
    without = _ratings(db, club)
    assert [(p["key"], p["events"]) for p in without] == [("ann", 2), ("bob", 2)]

    communities.attach_event(db, club, past, actor=ACTOR)
    assert _whys(db) == ["event attached"]
    assert _run_jobs(db) == 1
    # its players join the directory as new records, and the event is rated
    summer = {c.name: c.point for c in views.event_ratings(db, club, past).changes}
    assert summer["Bob"].after > summer["Bob"].before == 1500  # Bob won the Summer Open
    assert len(_ratings(db, club)) == 4
    # staff see the same people twice and merge them: one replay each, from the Summer Open
    for name in ("Ann", "Bob"):
        (again,) = [p.key for p in directory.people(db, club) if p.name == name and p.events == 1]
        directory.merge(db, club, name.lower(), again, actor=ACTOR)
    assert _whys(db) == ["merge in the directory"] * 2
    assert _run_jobs(db) == 2
    attached = _ratings(db, club)
    assert {p["key"]: p["events"] for p in attached} == {"ann": 3, "bob": 3}
    # the Summer Open came first: both weeks are rated again from its ratings on
    history = _history(db, club, "ann")
    assert [p["event_name"] for p in history] == ["Summer Open", "Week 1", "Week 2"]
    assert history[1]["before"] == history[0]["after"] < 1500
    assert attached != without

    communities.detach_event(db, club, past, actor=ACTOR)
    assert _whys(db) == ["event taken out"]
    assert _run_jobs(db) == 1
    assert _ratings(db, club) == without  # as if it had never been attached
    with db.reading() as conn:
        rated = set(conn.execute(select(RatingChangeRow.event_id).distinct()).scalars())
    assert len(rated) == 2 and first and second


def test_forget_plans_a_replay_and_keeps_the_others_ratings(db: Database) -> None:
    club = communities.create_community(db, "Chess Night", actor=ACTOR, kind="club")
    week(
        db,
        club,
        "Round Robin",
        [P("Ann", seed=1), P("Bob", seed=2)],
        {frozenset(("Ann", "Bob")): "Ann"},
    )
    _run_jobs(db)
    before = {p["key"]: p["rating"] for p in _ratings(db, club)}
    directory.forget(db, club, "bob", actor=ACTOR)
    assert _whys(db) == ["forget in the directory"]
    assert _run_jobs(db) == 1
    # results stay: Ann's rating does not move; the forgotten player is listed no more
    assert {p["key"]: p["rating"] for p in _ratings(db, club)} == {"ann": before["ann"]}
