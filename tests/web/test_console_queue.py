"""The console's Resolution Queue through HTTP: a viewer sees the items with both players'
versions (and cannot settle them); a judge accepts one version in one click or types the
result; a refusal shows next to its item with what was typed, and changes nothing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.service.results.self_reports import dispute_report, report_own, report_state
from fairpair.service.rounds import lifecycle as rounds
from self_report_events import actor, pairs, reporting_event

from .helpers import account, log_in, post
from .test_console_rounds import text_of


def _disputed_event(db: Database, name: str) -> tuple[str, list[int]]:
    owner = account(db, "quinn")
    slug = reporting_event(db, name, 8)
    staff.grant(db, slug, "quinn", "owner", actor="td")
    account(db, "vera", organizer=False)
    staff.grant(db, slug, "vera", "viewer", actor="quinn")
    tables = []
    for pair in pairs(db, slug)[:2]:
        report_own(db, slug, pair.a, 2, 1, 0, actor=actor(pair.a))
        dispute_report(db, slug, pair.b, 2, 0, 0, actor=actor(pair.b))
        tables.append(pair.table)
    assert owner
    return slug, tables


def test_a_judge_settles_the_queue(web_client: TestClient, sqlite_db: Database) -> None:
    slug, (first, second) = _disputed_event(sqlite_db, "Queue Page")
    log_in(web_client, "vera")
    seen = web_client.get(f"/console/{slug}/queue")
    assert seen.status_code == 200
    text = text_of(seen.text)
    assert "2 matches to settle" in text and seen.text.count("queue-item queue-disputed") == 2
    assert 'name="accept"' not in seen.text  # a viewer sees, a judge resolves
    web_client.cookies.clear()
    log_in(web_client, "quinn")
    page = web_client.get(f"/console/{slug}/queue").text
    assert page.count('name="accept"') == 4 and "style=" not in page
    view = rounds.round_view(sqlite_db, slug, 1)
    a, b = view.tables[0].a, view.tables[0].b
    assert f"Accept {b.name}'s: {b.name} wins 2-0" in page
    done = post(
        web_client,
        f"/console/{slug}/queue",
        {"stage": "swiss", "round": "1", "table": str(first), "accept": "0-2"},
    )
    assert done.status_code == 303, done.text
    back = text_of(web_client.get(done.headers["location"]).text)
    assert f"Recorded round 1 table {first}: {b.name} wins 2-0" in back
    assert "1 match to settle" in back
    assert report_state(sqlite_db, slug, a.id).state == "resolved"
    # a typed result that cannot be: refused next to its item, kept, nothing changed
    before = event_version(sqlite_db, slug)
    bad = post(
        web_client,
        f"/console/{slug}/queue",
        {"stage": "swiss", "round": "1", "table": str(second), "result": "3-0"},
    )
    assert bad.status_code == 422
    assert f'id="error-swiss-1-{second}"' in bad.text and 'value="3-0"' in bad.text
    assert event_version(sqlite_db, slug) == before
    typed = post(
        web_client,
        f"/console/{slug}/queue",
        {"stage": "swiss", "round": "1", "table": str(second), "result": "1-1-1"},
    )
    assert typed.status_code == 303
    assert "Nothing to settle" in web_client.get(typed.headers["location"]).text
    # a match with a result is not settled twice
    again = post(
        web_client,
        f"/console/{slug}/queue",
        {"stage": "swiss", "round": "1", "table": str(second), "accept": "2-1"},
    )
    assert again.status_code == 409 and "already has a result" in again.text
