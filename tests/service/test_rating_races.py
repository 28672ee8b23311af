"""Rating jobs at the same time (issue 30's gap 1), with real threads on both databases, each
thread with its own ``Database`` (as two server processes have): two events' rounds
completed at once and their jobs run by two workers, the same job run twice at once (a
worker whose lease ran out) and a rebuild beside them — none fails, and the rows are those
of one rebuild done alone; a job replaying through a later event that takes players at the
same moment reads it whole (on PostgreSQL, before the replay read one snapshot, nearly every
such replay failed with a ``KeyError``)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from sqlalchemy import select

from fairpair.engine.results import Result, Side
from fairpair.service.communities import communities
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import pending
from fairpair.service.players import roster
from fairpair.service.players.registration import NewPlayer
from fairpair.service.ratings import updates
from fairpair.service.results import recording
from fairpair.service.rounds import flow, lifecycle
from fairpair.service.rounds.rating_job import KIND
from fairpair.service.rounds.repeats import round_view
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import CommunityRow, RatingChangeRow

from .league_weeks import week

ACTOR = "td"
NAMES = [f"Player {n:02}" for n in range(12)]


def _first_named_wins(pair: frozenset[str]) -> str:
    return min(pair)


class _Winners(dict[frozenset[str], str | None]):
    def __missing__(self, pair: frozenset[str]) -> str:
        return _first_named_wins(pair)


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
                    RatingChangeRow.after_deviation,
                    RatingChangeRow.games,
                ).order_by(RatingChangeRow.event_id, RatingChangeRow.person_id)
            )
        ]


def _version(db: Database, club: str) -> int:
    with db.reading() as conn:
        return int(
            conn.execute(select(CommunityRow.version).where(CommunityRow.slug == club)).scalar_one()
        )


@contextmanager
def _workers(db: Database, n: int) -> Iterator[list[Database]]:
    """``n`` connections pools of their own to ``db``'s database (as ``n`` processes)."""
    opened = [Database.open(db.url, migrate=False) for _ in range(n)]
    try:
        yield opened
    finally:
        for other in opened:
            other.close()


def _at_once(calls: list[Callable[[], object]]) -> list[str]:
    """Run ``calls`` in threads released together; the errors they raised."""
    gate = threading.Barrier(len(calls))
    errors: list[str] = []

    def run(call: Callable[[], object]) -> None:
        gate.wait()
        try:
            call()
        except Exception as error:  # collected: the test names them
            errors.append(f"{type(error).__name__}: {error}")

    threads = [threading.Thread(target=run, args=(c,)) for c in calls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    return errors


def _played_not_completed(db: Database, club: str, name: str) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    communities.attach_event(db, club, slug, actor=ACTOR)
    roster.add_players(
        db, slug, [NewPlayer(n, person=n.lower().replace(" ", "-")) for n in NAMES], actor=ACTOR
    )
    flow.next_round(db, slug, actor=ACTOR)
    for table in round_view(db, slug, 1).tables:
        won = Side.A if table.a.name < table.b.name else Side.B
        recording.report(db, slug, 1, Result.win(won), table=table.table, actor=ACTOR)
    return slug


def test_concurrent_rating_jobs_of_one_community_serialize(db: Database) -> None:
    club = communities.create_community(db, "Race Club", actor=ACTOR)
    week(db, club, "Week 1", [NewPlayer(n) for n in NAMES], _Winners())
    assert sum(run_due(db, handlers(db), worker="setup")) == 1
    friday = _played_not_completed(db, club, "Friday")
    saturday = _played_not_completed(db, club, "Saturday")

    # two events' rounds completed at the same moment, in two processes
    with _workers(db, 2) as (one, two):
        errors = _at_once(
            [
                lambda: lifecycle.complete_round(one, friday, 1, actor=ACTOR),
                lambda: lifecycle.complete_round(two, saturday, 1, actor=ACTOR),
            ]
        )
    assert errors == []
    jobs = [j for j in pending(db) if j.kind == KIND]
    assert len(jobs) == 2

    # each job run by two workers at once (one's lease ran out), and a rebuild beside them
    before = _version(db, club)
    with _workers(db, 5) as pools:
        calls: list[Callable[[], object]] = [
            lambda: updates.run_ratings_job(pools[0], jobs[0]),
            lambda: updates.run_ratings_job(pools[1], jobs[0]),
            lambda: updates.run_ratings_job(pools[2], jobs[1]),
            lambda: updates.run_ratings_job(pools[3], jobs[1]),
            lambda: updates.rebuild(pools[4], club, actor=ACTOR),
        ]
        errors = _at_once(calls)
    assert errors == []
    assert _version(db, club) == before + 5  # each took the community's lock, one at a time
    raced = _rows(db)
    assert {r[1] for r in raced} == {1, 2, 3}  # three events rated, 12 people each
    assert len(raced) == 3 * len(NAMES)
    updates.rebuild(db, club, actor=ACTOR)
    assert _rows(db) == raced  # the same rows as one rebuild done alone

    # the job runner in two workers at once: every due job done once, none failed
    for slug in (friday, saturday):
        recording.correct(db, slug, 1, 1, Result.draw(), actor=ACTOR, reason="slip")
    with _workers(db, 2) as (one, two):
        outcomes: list[tuple[int, int]] = []
        errors = _at_once(
            [
                lambda: outcomes.append(run_due(one, handlers(one), worker="w1")),
                lambda: outcomes.append(run_due(two, handlers(two), worker="w2")),
            ]
        )
    assert errors == []
    # the two corrections' jobs and the two run by hand above (never marked done)
    assert sum(done for done, _ in outcomes) == 4 and all(f == 0 for _, f in outcomes)
    assert [j for j in pending(db) if j.kind == KIND] == []
    corrected = _rows(db)
    updates.rebuild(db, club, actor=ACTOR)
    assert _rows(db) == corrected != raced


def test_a_replay_reads_a_later_event_whole_while_it_changes(db: Database) -> None:
    club = communities.create_community(db, "Busy Club", actor=ACTOR)
    first = week(db, club, "Week 1", [NewPlayer(n) for n in NAMES], _Winners())
    returning = [NewPlayer(n, person=n.lower().replace(" ", "-")) for n in NAMES]
    later = week(db, club, "Week 2", returning, _Winners())
    (job,) = [j for j in pending(db) if j.kind == KIND and j.event_id != 2]
    assert job.payload["event"] == 1 and first

    stop = threading.Event()
    churned: list[int] = []
    errors: list[str] = []

    def churn(other: Database) -> None:
        n = 0
        while not stop.is_set():  # a late player joins week 2 and leaves again, over and over
            n += 1
            (key,) = roster.add_players(other, later, [NewPlayer(f"Late {n}")], actor=ACTOR)
            roster.drop_player(other, later, key, actor=ACTOR)
            churned.append(n)

    with _workers(db, 1) as (other,):
        thread = threading.Thread(target=churn, args=(other,))
        thread.start()
        try:
            for _ in range(25):  # week 1's job replays week 1, then week 2
                try:
                    updates.run_ratings_job(db, job)
                except Exception as error:  # collected: the test names them
                    errors.append(f"{type(error).__name__}: {error}")
        finally:
            stop.set()
            thread.join(timeout=60)
    assert churned, "the later event never changed during the replays"
    assert errors == []
    replayed = _rows(db)
    updates.rebuild(db, club, actor=ACTOR)
    assert _rows(db) == replayed and len(replayed) == 2 * len(NAMES)
