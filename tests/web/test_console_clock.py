"""The round timer's buttons over HTTP (web.routes.console_clock): each posts one change and
comes back to the page it was pressed on; a refusal shows next to the buttons (on a page of
its own without JavaScript), keeps the typed minutes and changes nothing; a viewer sees the
timer without its buttons and cannot post; the public event page shows the timer."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.kernel import audit
from fairpair.service.kernel.connection import Database
from fairpair.service.rounds import clock

from .helpers import account, log_in, post
from .test_console_results import started


def test_the_timer_is_started_paused_and_extended_from_the_results_tab(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Clock Buttons")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/results")
    assert 'id="round-clock"' in page.text and "Not started" in page.text
    assert 'id="clock-minutes"' in page.text and 'value="50"' in page.text  # no dates: 50
    url = f"/console/{slug}/rounds/1/clock"
    answer = post(
        web_client, f"{url}/start", {"stage": "swiss", "minutes": "40", "from": "results"}
    )
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/console/{slug}/results?stage=swiss&round=1#round-clock"
    running = clock.round_clock(sqlite_db, slug, 1)
    assert running is not None and running.state == "running"
    back = web_client.get(answer.headers["location"])
    assert 'id="clock-pause"' in back.text and "Restart timer" in back.text
    assert post(web_client, f"{url}/pause", {"from": "round"}).headers["location"] == (
        f"/console/{slug}/rounds/1?stage=swiss#round-clock"
    )
    assert post(web_client, f"{url}/extend", {"minutes": "+5"}).status_code == 303
    paused = clock.round_clock(sqlite_db, slug, 1)
    assert paused is not None and paused.state == "paused"
    assert paused.left_seconds is not None and 44 * 60 <= paused.left_seconds <= 45 * 60
    public = web_client.get(f"/e/{slug}")
    assert "Timer paused" in public.text and "round-clock.js" in public.text
    display = web_client.get(f"/e/{slug}/display")
    assert 'data-clock-state="paused"' in display.text


def test_a_refused_button_says_why_and_changes_nothing(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Clock Refusals")
    log_in(web_client, "olga")
    url = f"/console/{slug}/rounds/1/clock"
    before = len(audit.audit_log(sqlite_db, slug).entries)
    refused = post(web_client, f"{url}/pause", {"from": "results"})
    assert refused.status_code == 409 and 'id="error-clock"' in refused.text
    assert "the timer is not running" in refused.text and 'id="clock-back"' in refused.text
    typo = post(web_client, f"{url}/start", {"minutes": "fifty"})
    assert typo.status_code in (400, 409) and "minutes: a whole number, like 50" in typo.text
    assert 'value="fifty"' in typo.text
    assert post(web_client, f"{url}/stop", {}).status_code == 404
    assert len(audit.audit_log(sqlite_db, slug).entries) == before
    assert clock.round_clock(sqlite_db, slug, 1) is None


def test_a_viewer_sees_the_timer_but_cannot_run_it(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = started(sqlite_db, "Clock Viewer")
    clock.start_clock(sqlite_db, slug, 1, minutes=30, actor="olga")
    account(sqlite_db, "vic")
    staff.grant(sqlite_db, slug, "vic", "viewer", actor="olga")
    log_in(web_client, "vic")
    page = web_client.get(f"/console/{slug}/results")
    assert 'id="round-clock"' in page.text and "Time left" in page.text
    assert 'id="clock-start"' not in page.text
    assert post(web_client, f"/console/{slug}/rounds/1/clock/pause", {}).status_code == 403
