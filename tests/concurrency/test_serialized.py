"""Changes to one event are serialized (issue #8 "6. Concurrency", docs/architecture.md "One use
case, one transaction"): clients that release, generate, report and complete at the same
moment, from separate processes, leave what one client after the other would have left, and
each client that lost is told why.
"""

from __future__ import annotations

from collections import Counter

import pytest
from sqlalchemy import func, select

from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from fairpair.store.models import EventRow, RoundRow, StageRow, TableRow

from .clients import Clients
from .scenario import (
    ACTOR,
    assert_integrity,
    assert_nothing_half_written,
    audit_actions,
    draft_count,
    new_event,
    open_round,
    result_columns,
    result_for,
    run_threads,
    stored_results,
)

TABLES = 10
ALREADY_COMPLETED = "cannot complete round 1: it is completed; only an open round can be completed"


def _rounds(db: Database, slug: str) -> list[tuple[int, str | None, int]]:
    """Event ``slug``'s rounds: (number, state, how many tables)."""
    with db.reading() as conn:
        rows = conn.execute(
            select(RoundRow.number, RoundRow.state, func.count(TableRow.id))
            .join(StageRow, StageRow.id == RoundRow.stage_id)
            .join(EventRow, EventRow.id == StageRow.event_id)
            .outerjoin(TableRow, TableRow.round_id == RoundRow.id)
            .where(EventRow.slug == slug)
            .group_by(RoundRow.number, RoundRow.state)
            .order_by(RoundRow.number)
        ).all()
    return [(int(n), s, int(t)) for n, s, t in rows]


@pytest.mark.parametrize("clients_count", [2, 8])
def test_concurrent_releases_make_one_round(
    database: Database, db_url: str, clients: Clients, clients_count: int
) -> None:
    slug = new_event(database, 40)
    drafts.generate(database, slug, actor=ACTOR)
    outcomes = clients.race(db_url, slug, [("release",)] * clients_count)
    won = [actor for actor, o in outcomes.items() if o.ok]
    assert len(won) == 1, outcomes
    assert outcomes[won[0]].value == 1
    for actor, o in outcomes.items():
        if actor in won:
            continue
        assert o.code == "refused", (actor, o)
        assert o.reason is not None
        assert "no draft to release (round 1 is already released and scheduled)" in o.reason
    assert _rounds(database, slug) == [(1, "scheduled", 20)]
    assert draft_count(database) == 0
    assert [e.actor for e in audit_actions(database, "round.release")] == won
    assert_integrity(database)


def test_concurrent_releases_in_threads_make_one_round(database: Database) -> None:
    slug = new_event(database, 40)
    drafts.generate(database, slug, actor=ACTOR)
    outcomes = run_threads(database, slug, [("release",)] * 8)
    assert Counter(o.code for o in outcomes.values()) == {None: 1, "refused": 7}
    assert _rounds(database, slug) == [(1, "scheduled", 20)]
    assert len(audit_actions(database, "round.release")) == 1


def test_concurrent_generates_make_one_draft(
    database: Database, db_url: str, clients: Clients
) -> None:
    slug = new_event(database, 40)
    outcomes = clients.race(db_url, slug, [("generate",)] * 2)
    won = [actor for actor, o in outcomes.items() if o.ok]
    assert len(won) == 1, outcomes
    assert outcomes[won[0]].value == 20
    (lost,) = (o for o in outcomes.values() if not o.ok)
    assert lost.code == "refused"
    assert lost.reason is not None
    assert f"a draft of round 1 exists (made by {won[0]})" in lost.reason
    assert draft_count(database) == 1
    assert [e.actor for e in audit_actions(database, "round.generate")] == won
    assert rounds.release(database, slug, actor=ACTOR) == 1
    assert _rounds(database, slug) == [(1, "scheduled", 20)]


@pytest.mark.parametrize("missing", [1, 4])
def test_complete_racing_the_last_reports_never_loses_a_result(
    database: Database, db_url: str, clients: Clients, missing: int
) -> None:
    """The round's last ``missing`` matches are reported while two clients complete the
    round (three times over): every report is stored; a round is Completed only with every
    result; one completion at most succeeds, and a refused one says why (how many matches
    had no result when it ran, or that the round is completed already)."""
    for attempt in range(3):
        slug = open_round(database, 2 * TABLES, slug=f"race-{attempt}")
        for table in range(1, TABLES + 1 - missing):
            results.report(database, slug, 1, result_for(table), table=table, actor=ACTOR)
        last = [
            ("report", 1, table, result_for(table))
            for table in range(TABLES + 1 - missing, TABLES + 1)
        ]
        outcomes = clients.race(db_url, slug, [("complete", 1), *last, ("complete", 1)])
        reports = [outcomes[f"client-{i:02d}"] for i in range(1, missing + 1)]
        completes = [outcomes["client-00"], outcomes[f"client-{missing + 1:02d}"]]
        assert all(o.ok for o in reports), reports
        ((number, state, tables),) = _rounds(database, slug)
        assert (number, tables) == (1, TABLES)
        assert stored_results(database, slug=slug) == {
            t: result_columns(result_for(t)) for t in range(1, TABLES + 1)
        }
        assert sum(o.ok for o in completes) == (1 if state == "completed" else 0), completes
        for o in completes:
            if o.ok:
                continue
            assert o.code == "lifecycle_refused", o
            outstanding = [
                f"cannot complete round 1: {n} match{'es have' if n > 1 else ' has'} no result yet"
                for n in range(1, missing + 1)
            ]
            assert o.reason in [*outstanding, ALREADY_COMPLETED], o.reason
        if state != "completed":
            rounds.complete_round(database, slug, 1, actor=ACTOR)
    assert_nothing_half_written(database)
    assert_integrity(database)


def test_concurrent_corrections_of_one_version_apply_once(
    database: Database, db_url: str, clients: Clients
) -> None:
    """Eight clients correct the same result, all from version 1: one correction applies
    (version 2), the seven others are told the result changed since they read it."""
    slug = open_round(database, 40)
    results.report(database, slug, 1, result_for(0), table=1, actor=ACTOR)
    offered = [result_for(i) for i in range(1, 9)]
    outcomes = clients.race(db_url, slug, [("correct", 1, 1, r, 1) for r in offered])
    won = [i for i, o in enumerate(outcomes.values()) if o.ok]
    assert len(won) == 1, outcomes
    assert [o.value for o in outcomes.values() if o.ok] == [2]
    for o in outcomes.values():
        if not o.ok:
            assert o.code == "stale_version", o
            assert o.reason == (
                "the result of table 1 changed since you read it (version 1, now 2)"
            )
    assert stored_results(database) == {1: result_columns(offered[won[0]])}
    assert len(audit_actions(database, "result.correct")) == 1
    assert_integrity(database)


def test_revert_racing_a_report_never_leaves_a_result_in_a_scheduled_round(
    database: Database, db_url: str, clients: Clients
) -> None:
    """Reverting an Open round and reporting its first result at the same moment (five times
    over): one of them wins; a reverted (Scheduled) round has no result."""
    for attempt in range(5):
        slug = open_round(database, 8, slug=f"revert-{attempt}")
        revert, report = clients.race(
            db_url, slug, [("revert", 1), ("report", 1, 1, result_for(1))]
        ).values()
        ((_, state, _),) = _rounds(database, slug)
        stored = stored_results(database, slug=slug)
        if revert.ok:
            assert (state, stored) == ("scheduled", {}), (revert, report)
            assert report.code == "lifecycle_refused", report
        else:
            assert report.ok, report
            assert (state, stored) == ("open", {1: result_columns(result_for(1))})
            assert revert.code == "lifecycle_refused", revert
    assert_nothing_half_written(database)
    assert_integrity(database)


def test_first_use_of_a_new_database_from_eight_processes(
    empty_db_url: str, clients: Clients
) -> None:
    """Eight clients open a database that has no tables yet at the same moment: each of them
    migrates it or finds it migrated; none fails."""
    outcomes = clients.race(empty_db_url, "-", [("open",)] * 8)
    assert not [o for o in outcomes.values() if not o.ok], outcomes
    db = Database.open(empty_db_url, migrate=False)
    try:
        from fairpair.store.migrate import current, head

        assert current(db.engine) == head()
        assert_integrity(db)
        slug = new_event(db, 4)
        assert drafts.generate(db, slug, actor=ACTOR).round == 1
    finally:
        db.close()


def test_a_drop_racing_the_release_is_in_the_round_or_refuses_it(
    database: Database, db_url: str, clients: Clients
) -> None:
    """A player drops while the draft is released (five times over): either the release ran
    first (the player is in round 1 and leaves after it) or the drop did (the release is
    refused, naming the player, and the draft is kept)."""
    for attempt in range(5):
        slug = new_event(database, 8, slug=f"drop-{attempt}")
        drafts.generate(database, slug, actor=ACTOR)
        release, drop = clients.race(db_url, slug, [("release",), ("drop", "player-0003")]).values()
        assert drop.ok, drop
        if release.ok:
            assert drop.value == 1
            assert _rounds(database, slug) == [(1, "scheduled", 4)]
        else:
            assert drop.value == 0
            assert release.code == "lifecycle_refused", release
            reason = release.reason
            assert reason is not None and reason.startswith("cannot release round 1: ")
            assert reason.endswith(
                " (player-0003) withdrew after the draft was made; regenerate the round"
            )
            assert _rounds(database, slug) == []
            assert drafts.show_draft(database, slug).round == 1
    assert_integrity(database)


def test_events_created_at_once_with_one_name_get_their_own_slugs(
    database: Database, db_url: str, clients: Clients
) -> None:
    """Eight organizers create "Friday Night" at the same moment (no slug asked for): eight
    events, each with a slug of its own made from the name."""
    outcomes = clients.race(db_url, "-", [("create", "Friday Night")] * 8)
    assert all(o.ok for o in outcomes.values()), outcomes
    slugs = sorted(o.value for o in outcomes.values())
    assert slugs == sorted(["friday-night", *(f"friday-night-{n}" for n in range(2, 9))])
    assert len(audit_actions(database, "event.create")) == 8
    assert_integrity(database)


def test_reads_while_players_join_each_see_one_moment(
    database: Database, db_url: str, clients: Clients
) -> None:
    """Two clients read the event again and again (an export: every table of it) while
    another adds late entries, each with a bye: every read succeeds and sees the event as it
    was between two changes (on PostgreSQL at READ COMMITTED a read saw a bye of a player it
    had not seen join, and failed)."""
    slug = open_round(database, 8)
    for table in range(1, 5):
        results.report(database, slug, 1, result_for(table), table=table, actor=ACTOR)
    rounds.complete_round(database, slug, 1, actor=ACTOR)
    outcomes = clients.race(db_url, slug, [("late entries", 40), ("exports", 40), ("exports", 40)])
    assert all(o.ok for o in outcomes.values()), outcomes
    seen = [n for o in list(outcomes.values())[1:] for n in o.value]
    assert all(8 <= n <= 48 for n in seen)
    assert seen == sorted(seen[:40]) + sorted(seen[40:])  # each reader saw players only join
