"""Benchmark: a community's rating update after a round (docs/ratings.md), on SQLite and on
PostgreSQL.

    uv run python benchmarks/ratings.py                     # 5,000 players, 52 events, SQLite
    uv run python benchmarks/ratings.py --backends sqlite postgresql --pg-url URL

The community: ``--people`` players in its directory and ``--events`` weekly events before
this one, each of ``--field`` players drawn from the directory, whose Glicko-2 history is
written directly as rating rows (what 51 rated events leave: a row per player per event). Then
this week's event, through the service as an organizer runs it: ``--field`` returning players
(``--field`` / 2 tables), ``--rounds`` rounds, each generated, released, opened, one result per
table and completed. After each completion the rating job that the completion planned is run
as the job runner runs it (``ratings.updates.run_ratings_job``: the event rated again, under
the community's lock) — ``--runs`` times, the median shown (the job is idempotent: each run
writes the same rows). The past events' rows are written directly, so they have no rounds of
their own: a replay from one of them is not measured here (it loads each event once more).

Target: a rating update after a round of 100 tables ≤ 200 ms. Results go in
docs/performance.md ("Ratings").
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from calibrate import loop_seconds

ACTOR = "bench"


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f}"


def _history(db: Any, club: str, people: int, events: int, field: int, seed: int) -> list[str]:
    """``events`` past events of the community with a Glicko-2 row per player each."""
    from sqlalchemy import insert, select

    from fairpair.service.communities.communities import attach_event
    from fairpair.service.event.events import create_event
    from fairpair.store.models import CommunityRow, EventRow, PersonRow, RatingChangeRow

    rng = random.Random(seed)
    at = datetime.now(UTC) - timedelta(days=7 * (events + 1))  # every past event before now
    with db.writing() as conn:
        community = conn.execute(select(CommunityRow.id).where(CommunityRow.slug == club))
        community_id = community.scalar_one()
        conn.execute(
            insert(PersonRow),
            [
                {
                    "community_id": community_id,
                    "key": f"p{k:05d}",
                    "name": f"Player {k:05d}",
                    "created_at": at,
                }
                for k in range(people)
            ],
        )
        ids = list(conn.execute(select(PersonRow.id).order_by(PersonRow.id)).scalars())
    slugs = []
    state: dict[int, tuple[float, float, float, int]] = {}
    for week in range(events):
        slug = create_event(db, f"Week {week + 1}", actor=ACTOR)
        attach_event(db, club, slug, actor=ACTOR)
        slugs.append(slug)
        when = at + timedelta(days=7 * week)
        rows = []
        with db.writing() as conn:
            conn.execute(
                EventRow.__table__.update().where(EventRow.slug == slug).values(created_at=when)
            )
            event_id = conn.execute(select(EventRow.id).where(EventRow.slug == slug)).scalar_one()
            for person in rng.sample(ids, field):
                value, rd, vol, games = state.get(person, (1500.0, 350.0, 0.06, 0))
                after = value + rng.uniform(-60, 60)
                rd_after = max(50.0, rd * 0.85)
                state[person] = (after, rd_after, vol, games + 4)
                rows.append(
                    {
                        "community_id": community_id,
                        "game": "mtg",
                        "system": "glicko2",
                        "person_id": person,
                        "event_id": event_id,
                        "before_value": value,
                        "before_deviation": rd,
                        "before_volatility": vol,
                        "after_value": after,
                        "after_deviation": rd_after,
                        "after_volatility": vol,
                        "games": 4,
                        "total_games": games + 4,
                        "peak": max(value, after),
                        "score": 2.0,
                        "expected": None,
                        "k": None,
                        "rounds": 4,
                        "rated_at": when,
                    }
                )
            conn.execute(insert(RatingChangeRow), rows)
    return slugs


def run(url: str, people: int, events: int, field: int, rounds: int, runs: int) -> list[str]:
    from sqlalchemy import text

    from fairpair.engine.results import Result, Side
    from fairpair.engine.rulesets import PRESETS
    from fairpair.engine.stage import Stage
    from fairpair.service.communities.communities import attach_event, create_community
    from fairpair.service.event.events import create_event
    from fairpair.service.jobs.schedule import claim_due, finish, pending
    from fairpair.service.kernel.connection import opened
    from fairpair.service.players.registration import NewPlayer
    from fairpair.service.players.roster import add_players
    from fairpair.service.ratings.updates import run_ratings_job
    from fairpair.service.results.recording import report
    from fairpair.service.rounds import drafts, lifecycle
    from fairpair.service.rounds.rating_job import KIND

    lines = []
    with opened(url) as db:
        club = create_community(db, "Bench Club", actor=ACTOR)
        started = time.perf_counter()
        _history(db, club, people, events - 1, field, 1)
        setup = time.perf_counter() - started
        if db.dialect == "postgresql":  # statistics, as autovacuum keeps them on a live server
            with db.writing() as conn:
                conn.execute(text("ANALYZE"))
        slug = create_event(db, "This Week", actor=ACTOR, stage=Stage(ruleset=PRESETS["mtg"]))
        attach_event(db, club, slug, actor=ACTOR)
        chosen = random.Random(2).sample(range(people), field)
        add_players(
            db,
            slug,
            [NewPlayer(f"Player {k:05d}", person=f"p{k:05d}") for k in chosen],
            actor=ACTOR,
        )
        rng = random.Random(3)
        for number in range(1, rounds + 1):
            drafts.generate(db, slug, actor=ACTOR)
            lifecycle.release(db, slug, actor=ACTOR)
            lifecycle.open_round(db, slug, number, actor=ACTOR)
            tables = lifecycle.round_view(db, slug, number).tables
            for t in tables:
                side = Side.A if rng.random() < 0.5 else Side.B
                report(db, slug, number, Result.win(side), table=t.table, actor=ACTOR)
            lifecycle.complete_round(db, slug, number, actor=ACTOR)
            (job,) = [j for j in pending(db) if j.kind == KIND]
            times = []
            for _ in range(runs):
                begin = time.perf_counter()
                run_ratings_job(db, job)
                times.append(time.perf_counter() - begin)
            from fairpair.service.jobs.schedule import claim_due, finish

            for claimed in claim_due(db, worker="bench"):
                finish(db, claimed, worker="bench")
            lines.append(
                f"| {number} | {len(tables)} | {len(tables) * number} | "
                f"{_ms(statistics.median(times))} | {_ms(max(times))} |"
            )
        lines.append(f"(setup of {events - 1} past events: {setup:.1f} s)")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=5_000)
    parser.add_argument("--events", type=int, default=52)
    parser.add_argument("--field", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--backends", nargs="+", default=["sqlite"])
    parser.add_argument(
        "--pg-url",
        default=os.environ.get("FAIRPAIR_BENCH_POSTGRES_URL")
        or os.environ.get("FAIRPAIR_TEST_POSTGRES_URL"),
    )
    args = parser.parse_args()
    print(
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, {datetime.now(UTC):%Y-%m-%d}; "
        f"yardstick {loop_seconds():.2f} s"
    )
    print(
        f"{args.people:,} players, {args.events} weekly events of {args.field}: "
        "the rating update after each round of this week's event"
    )
    for backend in args.backends:
        if backend == "sqlite":
            folder = tempfile.mkdtemp()
            url = f"sqlite:///{folder}/ratings.sqlite3"
            cleanup = None
        else:
            if not args.pg_url:
                print("postgresql: skipped (no --pg-url)")
                continue
            url, cleanup = _pg_database(args.pg_url)
        print(
            f"\n{backend}\n| round | tables | rated games so far | update median (ms) | "
            "max (ms) |\n|--:|--:|--:|--:|--:|"
        )
        try:
            for line in run(url, args.people, args.events, args.field, args.rounds, args.runs):
                print(line)
        finally:
            if cleanup is not None:
                cleanup()


def _pg_database(server: str) -> tuple[str, Any]:
    """A throwaway database in ``server`` and how to drop it."""
    from sqlalchemy import create_engine, text

    name = f"bench_ratings_{uuid.uuid4().hex[:8]}"
    admin = create_engine(
        server.replace("postgresql://", "postgresql+psycopg://", 1)
        if server.startswith("postgresql://")
        else server,
        isolation_level="AUTOCOMMIT",
    )
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    base = admin.url.set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()

    return base, drop


if __name__ == "__main__":
    main()
