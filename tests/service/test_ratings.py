"""Ratings (issue 30, point 3), through the service, on both databases: a round's completion
plans one job; the job rates the event (a played win moves both players, a bye and a
forfeit leave ratings unchanged); a repeated job writes the same rows once; a correction in
an earlier event replays the later ones; settings (FIDE Elo, off) rebuild; an event of no
community plans nothing."""

from __future__ import annotations

from sqlalchemy import func, select

from fairpair.engine.results import Result, Side
from fairpair.service.communities import communities, directory
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import pending
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.ratings import updates, views
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts, flow, lifecycle
from fairpair.service.rounds.rating_job import KIND
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import RatingChangeRow

from .helpers import refused

ACTOR = "td"
NAMES = ("Ann", "Bo", "Cy", "Di")


def _rows(db: Database) -> list[tuple[object, ...]]:
    with db.reading() as conn:
        return [
            tuple(r)
            for r in conn.execute(
                select(
                    RatingChangeRow.person_id,
                    RatingChangeRow.event_id,
                    RatingChangeRow.system,
                    RatingChangeRow.before_value,
                    RatingChangeRow.after_value,
                ).order_by(RatingChangeRow.event_id, RatingChangeRow.person_id)
            )
        ]


def _week(db: Database, community: str, name: str, people: list[NewPlayer]) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    communities.attach_event(db, community, slug, actor=ACTOR)
    players.add_players(db, slug, people, actor=ACTOR)
    flow.next_round(db, slug, actor=ACTOR)
    return slug


def _ratings(db: Database, community: str) -> dict[str, float]:
    return {p.key: p.rating for p in views.rating_list(db, community).people}


def _run_jobs(db: Database) -> int:
    done, failed = run_due(db, handlers(db), worker="test")
    assert failed == 0
    return done


def test_a_round_rates_its_played_matches_once(db: Database) -> None:
    club = communities.create_community(db, "Friday Club", actor=ACTOR)
    week1 = _week(db, club, "Week 1", [NewPlayer(n) for n in NAMES])
    round1 = lifecycle.round_view(db, week1, 1)
    for t in round1.tables:
        results.report(db, week1, 1, Result.win(Side.A), table=t.table, actor=ACTOR)
    lifecycle.complete_round(db, week1, 1, actor=ACTOR)
    jobs = [j for j in pending(db) if j.kind == KIND]
    assert len(jobs) == 1 and jobs[0].payload["why"] == "stage swiss round 1 completed"
    assert _run_jobs(db) == 1
    winners = {t.a.id for t in round1.tables}
    after1 = _ratings(db, club)
    assert len(after1) == 4
    for key, value in after1.items():
        assert (value > 1500) == (key in {"ann", "bo", "cy", "di"} & winners)

    # the same job again (a worker died before marking it done): the same rows, once
    rows = _rows(db)
    updates.run_ratings_job(db, jobs[0])
    updates.run_ratings_job(db, jobs[0])
    assert _rows(db) == rows and len(rows) == 4

    # week 2: table 1 is played (side a wins), table 2 a forfeit, Eve has the bye
    week2 = _week(
        db,
        club,
        "Week 2",
        [NewPlayer(n, person=n.lower()) for n in NAMES] + [NewPlayer("Eve")],
    )
    round2 = lifecycle.round_view(db, week2, 1)
    played, forfeit = round2.tables
    results.report(db, week2, 1, Result.win(Side.A), table=played.table, actor=ACTOR)
    results.report(db, week2, 1, Result.forfeit(Side.A), table=forfeit.table, actor=ACTOR)
    lifecycle.complete_round(db, week2, 1, actor=ACTOR)
    assert _run_jobs(db) == 1
    after2 = _ratings(db, club)
    returning = {p.key for p in directory.people(db, club)} & set(after1)
    moved = {k for k in returning if after2.get(k) != after1[k]}
    assert moved == {played.a.id, played.b.id} & returning
    assert after2[played.a.id] > after1.get(played.a.id, 1500)
    assert after2[played.b.id] < after1.get(played.b.id, 1500)
    for key in (forfeit.a.id, forfeit.b.id, round2.byes[0].player.id):
        assert after2.get(key) == after1.get(key)  # a forfeit and the bye: unchanged

    # a correction in week 1 replays week 1 and then week 2
    first = round1.tables[0]
    results.correct(db, week1, 1, first.table, Result.win(Side.B), actor=ACTOR, reason="wrong slip")
    assert _run_jobs(db) == 1
    week1_now = {c.key: c.point.change for c in views.event_ratings(db, club, week1).changes}
    assert week1_now[first.b.id] > 0 > week1_now[first.a.id]  # the winner is now side b
    assert _rows(db) != rows  # week 2's rows start from week 1's new ratings
    both = next(k for k in (played.a.id, played.b.id) if k in after1)
    history = views.rating_history(db, club, both)
    (series,) = history.series
    assert [p.event for p in series.points] == [week1, week2]
    assert series.points[1].before == series.points[0].after  # week 2 starts where week 1 ended
    assert series.chart.line.count(",") == 3
    changes = views.event_ratings(db, club, week2)
    assert {c.key for c in changes.changes} == {played.a.id, played.b.id}


def test_settings_rebuild_and_fide_elo(db: Database) -> None:
    club = communities.create_community(db, "Chess Club", actor=ACTOR, kind="club")
    week = _week(
        db,
        club,
        "Rapid 1",
        [NewPlayer("Ann", rating=2000), NewPlayer("Bo", rating=1900)],
    )
    results.report(db, week, 1, Result.win(Side.A), table=1, actor=ACTOR)
    lifecycle.complete_round(db, week, 1, actor=ACTOR)
    _run_jobs(db)
    assert views.rating_list(db, club).system.value == "glicko2"
    refused(
        db,
        "refused",
        "glicko2, elo, openskill, off",
        call=lambda: updates.change_settings(db, club, {"matches": "trueskill"}, actor=ACTOR),
    )
    chosen = updates.change_settings(db, club, {"matches": "elo"}, actor=ACTOR)
    assert chosen.matches == "elo"
    elo = views.rating_list(db, club)
    assert elo.system.value == "elo"
    table = lifecycle.round_view(db, week, 1).tables[0]
    ratings = {p.key: p.rating for p in elo.people}
    # K 40 (new to the list), D = 100: PD .64 / .36
    winner_before = 2000 if table.a.name == "Ann" else 1900
    expected = 0.64 if winner_before == 2000 else 0.36
    assert ratings[table.a.id] == winner_before + round(40 * (1 - expected))
    (change,) = [c for c in views.event_ratings(db, club, week).changes if c.key == table.a.id]
    assert change.point.k == 40 and change.point.expected == expected
    updates.change_settings(db, club, {"matches": "off", "pods": False}, actor=ACTOR)
    assert views.rating_list(db, club).people == ()
    assert updates.rebuild(db, club, actor=ACTOR) == 0
    assert directory.people(db, club)


def test_an_event_without_a_community_plans_no_job(db: Database) -> None:
    slug = events.create_event(db, "Solo", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer("A"), NewPlayer("B")], actor=ACTOR)
    flow.next_round(db, slug, actor=ACTOR)
    results.report(db, slug, 1, Result.win(Side.A), table=1, actor=ACTOR)
    lifecycle.complete_round(db, slug, 1, actor=ACTOR)
    assert [j for j in pending(db) if j.kind == KIND] == []
    with db.reading() as conn:
        assert conn.execute(select(func.count()).select_from(RatingChangeRow)).scalar_one() == 0


def test_round_one_seeded_by_rating(db: Database) -> None:
    """With ``seed_round_one`` on, round 1 of the next event pairs in rating order (adjacent:
    the two best rated at table 1); a seed typed by staff wins."""
    club = communities.create_community(db, "Seeded", actor=ACTOR)
    week1 = _week(db, club, "Week 1", [NewPlayer(n) for n in NAMES])
    for t in lifecycle.round_view(db, week1, 1).tables:
        results.report(db, week1, 1, Result.win(Side.A), table=t.table, actor=ACTOR)
    lifecycle.complete_round(db, week1, 1, actor=ACTOR)
    _run_jobs(db)
    best = [p.key for p in views.rating_list(db, club).people]
    assert len(best) == 4
    updates.change_settings(db, club, {"seed_round_one": True}, actor=ACTOR)

    week2 = events.create_event(db, "Week 2", actor=ACTOR)
    communities.attach_event(db, club, week2, actor=ACTOR)
    newcomers = [NewPlayer("Zed")] + [NewPlayer(n, person=n.lower()) for n in NAMES]
    players.add_players(db, week2, newcomers, actor=ACTOR)
    draft = drafts.generate(db, week2, actor=ACTOR)
    table1 = draft.pairings[0]
    assert {table1["a"]["id"], table1["b"]["id"]} == set(best[:2])
    assert draft.byes[0]["player"]["id"] == "zed"  # unrated: after the rated, the bye

    week3 = events.create_event(db, "Week 3", actor=ACTOR)
    communities.attach_event(db, club, week3, actor=ACTOR)
    typed = [NewPlayer(n, person=n.lower(), seed=k) for k, n in enumerate(reversed(NAMES), 1)]
    players.add_players(db, week3, typed, actor=ACTOR)
    table1 = drafts.generate(db, week3, actor=ACTOR).pairings[0]
    assert {table1["a"]["id"], table1["b"]["id"]} == {"di", "cy"}
