"""Two players reporting one match at the same moment (issue 11, "Concurrency"): 50 pairs of
simultaneous reports through the HTTP app, with real threads — in 25 matches both players
say the same, in 25 each says they won. Each match ends exactly once: a result (one row, the
report confirmed) or a dispute (no result), never both, never left pending with both
players having reported; no result lost or doubled. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.store.models import ResultRow, SelfReportRow, TableRow
from self_report_events import pairs, reporting_event

from .player_passes import bearer, pass_of

PAIRS = 50


@pytest.fixture(params=["sqlite", "postgresql"])
def app_and_db(request: pytest.FixtureRequest) -> tuple[TestClient, Database]:
    if request.param == "sqlite":
        return request.getfixturevalue("web_client"), request.getfixturevalue("sqlite_db")
    return request.getfixturevalue("web_client_pg"), request.getfixturevalue("postgres_db")


def _rows(db: Database) -> tuple[dict[int, Any], dict[int, Any]]:
    with db.reading() as conn:
        found = {
            r.number: r
            for r in conn.execute(
                select(TableRow.number, ResultRow.games_a, ResultRow.games_b).join(
                    ResultRow, ResultRow.table_id == TableRow.id
                )
            )
        }
        reports = {
            r.number: r
            for r in conn.execute(
                select(TableRow.number, SelfReportRow.state, SelfReportRow.version).join(
                    SelfReportRow, SelfReportRow.table_id == TableRow.id
                )
            )
        }
    return found, reports


def test_fifty_pairs_of_simultaneous_reports_end_each_match_once(
    app_and_db: tuple[TestClient, Database],
) -> None:
    client, db = app_and_db
    slug = reporting_event(db, f"Race {db.url[:10]}", 2 * PAIRS)
    tables = pairs(db, slug)
    assert len(tables) == PAIRS
    same = {t.table for t in tables if t.table % 2 == 0}
    calls: list[tuple[int, str, dict[str, int]]] = []
    for t in tables:
        calls.append((t.table, pass_of(db, slug, t.a), {"won": 2, "lost": 1, "drawn": 0}))
        if t.table in same:  # b agrees: a won 2-1
            calls.append((t.table, pass_of(db, slug, t.b), {"won": 1, "lost": 2, "drawn": 0}))
        else:  # b says b won 2-1
            calls.append((t.table, pass_of(db, slug, t.b), {"won": 2, "lost": 1, "drawn": 0}))
    start = threading.Barrier(len(calls))
    url = f"/api/v1/events/{slug}/me/report"

    def report(call: tuple[int, str, dict[str, int]]) -> tuple[int, int, str]:
        table, secret, body = call
        start.wait(timeout=60)
        answer = client.post(url, json=body, headers=bearer(secret))
        state = answer.json().get("state", answer.json().get("error", {}).get("code"))
        return table, answer.status_code, str(state)

    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        outcomes = list(pool.map(report, calls))

    assert all(status == 201 for _, status, _ in outcomes), Counter(s for _, s, _ in outcomes)
    by_table: dict[int, list[str]] = {}
    for table, _, state in outcomes:
        by_table.setdefault(table, []).append(state)
    for table, states in by_table.items():
        ending = "confirmed" if table in same else "disputed"
        assert sorted(states) == sorted(["pending", ending]), (table, states)
    found, reports = _rows(db)
    assert set(found) == same  # one result per agreed match, none for a disputed one
    assert all((r.games_a, r.games_b) == (2, 1) for r in found.values())
    assert {n: r.state for n, r in reports.items()} == {
        t.table: "confirmed" if t.table in same else "disputed" for t in tables
    }
    assert all(r.version == 2 for r in reports.values())  # reported once, answered once
    actions = Counter(e.action for e in audit_log(db, slug).entries)
    assert actions["self_report.report"] == PAIRS
    assert actions["self_report.confirm"] == actions["result.report"] == len(same)
    assert actions["self_report.dispute"] == PAIRS - len(same)
