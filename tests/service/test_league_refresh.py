"""The leaderboard a view shows (issue 30's gap 3: ``service.leagues.board.latest_board``),
on both databases: a view after a result never waits for the leaderboard to be derived
again — it has the one from before the result while a refresh derives the new one in the
background — and once the refresh has run every view has the new points; a server's start
derives every open league (``warm_open_leagues``); a closed league is its final board."""

from __future__ import annotations

import threading

from fairpair.engine.results import Result, Side
from fairpair.service.communities import communities
from fairpair.service.leagues import board as boards
from fairpair.service.leagues import leagues
from fairpair.service.leagues.closing import close_league
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording
from fairpair.service.rounds.repeats import round_view
from fairpair.store.database import Database

from .league_weeks import ACTOR, week

P = NewPlayer


def _points(board: boards.LeagueBoard) -> dict[str, object]:
    return {r.person: (r.rank, r.points, r.wins) for r in board.board.rows}


def test_a_view_after_a_result_never_waits_and_is_never_stale_after_the_refresh(
    db: Database,
) -> None:
    store = communities.create_community(db, "Refresh Games", actor=ACTOR)
    one = week(db, store, "Night 1", [P("Ann"), P("Bob")], {frozenset(("Ann", "Bob")): "Ann"})
    two = week(
        db,
        store,
        "Night 2",
        [P("Ann", person="ann"), P("Bob", person="bob"), P("Cat"), P("Dan")],
        {
            frozenset(("Ann", "Bob")): "Bob",
            frozenset(("Cat", "Dan")): "Cat",
            frozenset(("Ann", "Cat")): "Ann",
            frozenset(("Ann", "Dan")): "Ann",
            frozenset(("Bob", "Cat")): "Bob",
            frozenset(("Bob", "Dan")): "Bob",
        },
    )
    key = leagues.create_league(db, store, "Spring", actor=ACTOR, events=[one, two])
    assert boards.warm_open_leagues(db) >= 1  # a server's start: derived before any view
    first = boards.latest_board(db, store, key)
    assert first.state == boards.league_state(db, store, key)
    assert _points(first) == _points(boards.league_board(db, store, key))

    # a result corrected: the next view has either the leaderboard from before (while the
    # refresh runs) or the new one — never waits for it, never a third
    table = next(t for t in round_view(db, two, 1).tables if "Dan" in (t.a.name, t.b.name))
    winner = Side.A if table.a.name == "Dan" else Side.B  # Dan lost it: Dan wins it now
    recording.correct(db, two, 1, table.table, Result.win(winner), actor=ACTOR)
    settled: list[str] = []
    seen = boards.latest_board(db, store, key, settle=lambda: settled.append("settled"))
    exact = boards.league_board(db, store, key)
    assert exact.state != first.state and _points(exact) != _points(first)
    assert seen.state in (first.state, exact.state)
    assert _points(seen) == _points(first if seen.state == first.state else exact)

    # once the refresh has run, every view has the new points
    now = boards.latest_board(db, store, key, wait=True)
    assert now.state == exact.state and _points(now) == _points(exact)
    assert boards.refreshed(db, store, key, timeout=30)
    assert settled == ["settled"]  # the view's refresh ran in the background, then settled
    for _ in range(3):
        assert _points(boards.latest_board(db, store, key)) == _points(exact)

    # many views at once after another result: one refresh, every view answered at once
    recording.correct(db, two, 1, table.table, Result.draw(), actor=ACTOR)
    answers: list[boards.LeagueBoard] = []
    threads = [
        threading.Thread(target=lambda: answers.append(boards.latest_board(db, store, key)))
        for _ in range(6)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    drawn = boards.league_board(db, store, key)
    assert len(answers) == 6
    assert all(a.state in (exact.state, drawn.state) for a in answers)
    assert boards.latest_board(db, store, key, wait=True).state == drawn.state

    # a closed league: its final leaderboard
    final = close_league(db, store, key, actor=ACTOR)
    closed = boards.latest_board(db, store, key)
    assert closed.final and _points(closed) == _points(final) == _points(drawn)
