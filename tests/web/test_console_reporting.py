"""The organizer's view of a round's notices (issue 11 point 7): the console's Reporting tab
and its JSON twin show, per player, who has been notified (kinds, channels, states) and who
has not reported; staff only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import time_machine
from fastapi.testclient import TestClient

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.kernel.connection import Database
from fairpair.service.notices.preferences import set_preferences
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.wiring import handlers

from .api_helpers import bearer, call
from .helpers import account, log_in

T0 = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)


def _round(db: Database, owner: int, name: str) -> str:
    slug = events.create_event(db, name, actor="td", owner=owner)
    players.add_players(
        db, slug, [NewPlayer(f"{name} P{i}", id=f"p{i}") for i in range(4)], actor="td"
    )
    drafts.generate(db, slug, actor="td")
    rounds.release(db, slug, actor="td")
    with time_machine.travel(T0, tick=False):
        set_preferences(db, slug, 1, push=False, discord=True, discord_user_id=None, actor="p")
        rounds.set_dates(db, slug, 1, actor="td", starts_at=T0, ends_at=T0 + timedelta(days=3))
        rounds.open_round(db, slug, 1, actor="td")
        run_due(db, handlers(db), worker="w")
        results.report(db, slug, 1, Result.win(Side.A), table=1, actor="td")
    return slug


def test_the_reporting_tab_shows_who_was_notified_and_who_has_not_reported(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    slug = _round(sqlite_db, owner.id, "Report Night")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/reporting")
    assert page.status_code == 200
    text = page.text
    assert "<strong>4</strong> players notified" in text
    assert "<strong>2</strong> still to report" in text
    assert text.count("<strong>not reported</strong>") == 2 and text.count("result in") == 2
    assert "round-open" in text and "discord: no user id given" in text
    assert "halfway" in text and "due " in text
    # Not staff: refused.
    stranger = TestClient(web_client.app, base_url="https://testserver")
    assert stranger.get(f"/console/{slug}/reporting", follow_redirects=False).status_code == 303


def test_the_json_twin_says_the_same(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    slug = _round(sqlite_db, owner.id, "Report Api")
    from fairpair.service.accounts.staff import grant

    headers = bearer(sqlite_db, "vera")
    grant(sqlite_db, slug, "vera", "viewer", actor="tests")
    answer = call(web_client, "GET", f"/events/{slug}/rounds/1/notices", headers)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["format"] == "fairpair-round-notices"
    assert (body["notified"], body["not_reported"]) == (4, 2)
    assert [p["outstanding"] for p in body["players"]] == [False, False, True, True]
    first = body["players"][0]["notices"][0]
    assert first["kind"] == "round-open" and first["read"] is False
    assert {
        (d["channel"], d["state"])
        for p in body["players"]
        for n in p["notices"]
        for d in n["deliveries"]
    } == {("discord", "failed")}
    assert sorted(j["kind"] for j in body["planned"]) == ["deadline-24h", "halfway", "round-open"]
    other = bearer(sqlite_db, "nobody")
    assert call(web_client, "GET", f"/events/{slug}/rounds/1/notices", other).status_code == 403


def test_a_pending_report_shows_who_waits_and_who_has_to_confirm(
    sqlite_db: Database, web_client: TestClient
) -> None:
    from fairpair.service.players.portal_settings import set_portal
    from fairpair.service.results.self_reports import report_own

    owner = account(sqlite_db, "otto")
    slug = _round(sqlite_db, owner.id, "Confirm Night")
    set_portal(sqlite_db, slug, actor="td", self_report=True)
    table = rounds.round_view(sqlite_db, slug, 1).tables[1]
    report_own(sqlite_db, slug, table.a.id, 2, 1, 0, actor="p")
    log_in(web_client, "otto")
    text = web_client.get(f"/console/{slug}/reporting").text
    assert text.count("reported, awaiting the opponent") == 1
    assert text.count("<strong>to confirm</strong> the opponent's report") == 1
