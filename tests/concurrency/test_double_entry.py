"""Double entry: many clients report at once (issue #8 "Double entry").

Twenty clients — separate processes, or threads sharing one connection pool — report the
same match at the same moment: exactly one result is stored, with one audit entry, and each
of the nineteen others is told ``already_recorded`` and what is recorded. Twenty clients
reporting twenty different matches at once all succeed: none is lost, none sees "database is
locked".
"""

from __future__ import annotations

from collections import Counter

import pytest

from fairpair.engine.results import Result
from fairpair.store.database import Database

from .clients import Clients
from .scenario import (
    Outcome,
    assert_integrity,
    assert_nothing_half_written,
    audit_actions,
    open_round,
    result_columns,
    result_for,
    run_threads,
    stored_results,
)

CLIENTS = 20


def _one_winner(db: Database, outcomes: dict[str, Outcome], offered: dict[str, Result]) -> None:
    assert len(outcomes) == CLIENTS
    won = [actor for actor, o in outcomes.items() if o.ok]
    refused = {actor: o for actor, o in outcomes.items() if not o.ok}
    assert len(won) == 1, f"{len(won)} reports succeeded: {won}"
    assert Counter(o.code for o in refused.values()) == {"already_recorded": CLIENTS - 1}, {
        a: (o.code, o.reason) for a, o in refused.items()
    }
    winner = won[0]
    # What is recorded is the winner's report, and every refusal says so (result and who).
    assert stored_results(db) == {1: result_columns(offered[winner])}
    said = outcomes[winner].value
    for o in refused.values():
        assert o.reason is not None
        assert o.reason.startswith(f"table 1 already has a result: {said} (by {winner})"), o.reason
        assert o.reason.endswith("to change it, correct it"), o.reason
    entries = audit_actions(db, "result.report")
    assert [(e.actor, e.subject) for e in entries] == [(winner, "stage swiss round 1 table 1")]
    assert_nothing_half_written(db)
    assert_integrity(db)


def test_twenty_processes_report_the_same_match(
    database: Database, db_url: str, clients: Clients
) -> None:
    slug = open_round(database, 40)
    offered = {f"client-{i:02d}": result_for(i) for i in range(CLIENTS)}
    tasks = [("report", 1, 1, offered[actor]) for actor in sorted(offered)]
    outcomes = clients.race(db_url, slug, tasks)
    _one_winner(database, outcomes, offered)


def test_twenty_threads_report_the_same_match(database: Database) -> None:
    slug = open_round(database, 40)
    offered = {f"thread-{i:02d}": result_for(i) for i in range(CLIENTS)}
    tasks = [("report", 1, 1, offered[actor]) for actor in sorted(offered)]
    outcomes = run_threads(database, slug, tasks)
    _one_winner(database, outcomes, offered)


@pytest.mark.parametrize("kind", ["processes", "threads"])
def test_twenty_clients_report_twenty_matches(
    database: Database, db_url: str, clients: Clients, kind: str
) -> None:
    slug = open_round(database, 2 * CLIENTS)
    tasks = [("report", 1, table, result_for(table)) for table in range(1, CLIENTS + 1)]
    if kind == "processes":
        outcomes = clients.race(db_url, slug, tasks)
    else:
        outcomes = run_threads(database, slug, tasks)
    failed = {a: (o.code, o.reason) for a, o in outcomes.items() if not o.ok}
    assert not failed
    expected = {t: result_columns(result_for(t)) for t in range(1, CLIENTS + 1)}
    assert stored_results(database) == expected
    assert len(audit_actions(database, "result.report")) == CLIENTS
    assert_nothing_half_written(database)
    assert_integrity(database)
