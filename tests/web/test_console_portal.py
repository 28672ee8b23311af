"""The console's Players' side tab and its API (/api/v1/events/{slug}/portal, personal
links): owners change the settings (version checked), judges open check-in and make or
revoke links, the Discord bot token is never shown, the waitlist is listed in order."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from fairpair.service.accounts.api_tokens import create_token
from fairpair.service.accounts.staff import grant
from fairpair.service.event.events import create_event, show_event
from fairpair.service.kernel.connection import Database
from fairpair.service.players.joining import join_event
from fairpair.service.players.passes import pass_of
from fairpair.service.players.portal_settings import read_portal
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

from .helpers import account, log_in, post


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def _setup(client: TestClient, name: str) -> str:
    db = _db(client)
    owner = account(db, "owner")
    account(db, "judge", organizer=False)
    slug = create_event(db, name, actor="owner", owner=owner.id)
    grant(db, slug, "judge", "judge", actor="owner")
    return slug


def _settings(client: TestClient, slug: str, **fields: str) -> dict[str, str]:
    form = {
        "version": str(read_portal(_db(client), slug).version),
        "self_registration": "1",
        "registration_cap": "",
        "self_report": "1",
        "confirm_minutes": "15",
    }
    form.update(fields)
    return form


def test_the_owner_changes_the_settings(web_client: TestClient) -> None:
    slug = _setup(web_client, "Portal Night")
    log_in(web_client, "owner")
    page = web_client.get(f"/console/{slug}/portal")
    code = read_portal(_db(web_client), slug).join_code
    assert page.status_code == 200 and code in page.text and "not set" in page.text
    form = _settings(
        web_client, slug, registration_cap="2", confirm_minutes="30", discord_bot_token="s3cr3t.x"
    )
    form.pop("self_report")
    answer = post(web_client, f"/console/{slug}/portal/settings", form)
    assert answer.status_code == 303, answer.text
    portal = read_portal(_db(web_client), slug)
    assert (portal.registration_cap, portal.confirm_minutes, portal.self_report) == (2, 30, False)
    assert portal.discord_bot_token == "s3cr3t.x"
    page = web_client.get(f"/console/{slug}/portal")
    assert "s3cr3t" not in page.text and 'id="discord-state">(set)' in page.text
    log = web_client.get(f"/console/{slug}/log").text
    assert "s3cr3t" not in log
    # A stale version is refused (409) and says so; a bad number next to its field (422).
    stale = dict(form, version="1", registration_cap="5")
    answer = post(web_client, f"/console/{slug}/portal/settings", stale)
    assert answer.status_code == 409 and "changed since you read them" in answer.text
    bad = _settings(web_client, slug, registration_cap="lots")
    answer = post(web_client, f"/console/{slug}/portal/settings", bad)
    assert answer.status_code == 422 and 'id="e-registration_cap"' in answer.text
    assert 'value="lots"' in answer.text
    # The new code replaces the old one.
    assert post(web_client, f"/console/{slug}/portal/code").status_code == 303
    assert read_portal(_db(web_client), slug).join_code != code
    assert web_client.get(f"/j/{code}").status_code == 404
    # Removing the bot token.
    clear = _settings(web_client, slug, discord_clear="1")
    assert post(web_client, f"/console/{slug}/portal/settings", clear).status_code == 303
    assert read_portal(_db(web_client), slug).discord_bot_token is None


def test_a_judge_opens_checkin_and_makes_links_but_not_settings(web_client: TestClient) -> None:
    slug = _setup(web_client, "Judge Portal Night")
    db = _db(web_client)
    add_players(db, slug, [NewPlayer("Hal", id="hal")], actor="owner")
    log_in(web_client, "judge")
    assert post(web_client, f"/console/{slug}/portal/checkin", {"open": "1"}).status_code == 303
    assert read_portal(db, slug).checkin_open
    refused = post(web_client, f"/console/{slug}/portal/settings", _settings(web_client, slug))
    assert refused.status_code == 403
    assert post(web_client, f"/console/{slug}/portal/code").status_code == 403
    made = post(web_client, f"/console/{slug}/portal/players/hal/link")
    assert made.status_code == 200 and made.headers["cache-control"] == "no-store"
    found = re.search(r'value="[^"]*/e/[^/]+/p/(fpp_[^"]+)" id="new-link-url"', made.text)
    assert found, made.text
    assert pass_of(db, slug, found.group(1)) is not None
    again = web_client.get(f"/console/{slug}/portal")
    assert found.group(1) not in again.text  # shown once
    asked = post(web_client, f"/console/{slug}/portal/players/hal/revoke")  # asked first
    assert asked.status_code == 200 and "will be logged out" in asked.text
    assert pass_of(db, slug, found.group(1)) is not None
    revoked = post(web_client, f"/console/{slug}/portal/players/hal/revoke", {"confirmed": "yes"})
    assert revoked.status_code == 303
    assert pass_of(db, slug, found.group(1)) is None
    nobody = post(web_client, f"/console/{slug}/portal/players/nobody/link")
    assert nobody.status_code == 422


def test_the_waitlist_is_listed_in_order(web_client: TestClient) -> None:
    slug = _setup(web_client, "Wait Portal Night")
    db = _db(web_client)
    log_in(web_client, "owner")
    post(
        web_client,
        f"/console/{slug}/portal/settings",
        _settings(web_client, slug, registration_cap="1"),
    )
    for name in ("Ina", "Jon", "Kim"):
        join_event(db, slug, name)
    page = web_client.get(f"/console/{slug}/portal").text
    waitlist = page[page.index('id="waitlist"') :]
    assert waitlist.index("Jon") < waitlist.index("Kim") and "Ina" not in waitlist[:200]
    # Raising the cap lets Jon in (same transaction as the change).
    post(
        web_client,
        f"/console/{slug}/portal/settings",
        _settings(web_client, slug, registration_cap="2"),
    )
    assert [p.name for p in show_event(db, slug).players] == ["Ina", "Jon"]


def test_the_portal_api(web_client: TestClient) -> None:
    slug = _setup(web_client, "API Portal Night")
    db = _db(web_client)
    owner_token = create_token(db, account(db, "api-owner"), "t")[1]
    grant(db, slug, "api-owner", "owner", actor="owner")
    judge_token = create_token(db, account(db, "api-judge", organizer=False), "t")[1]
    grant(db, slug, "api-judge", "judge", actor="owner")
    owner = {"authorization": f"Bearer {owner_token}"}
    judge = {"authorization": f"Bearer {judge_token}"}
    got = web_client.get(f"/api/v1/events/{slug}/portal", headers=owner).json()
    assert got["join_code"] == read_portal(db, slug).join_code and got["waitlist"] == []
    assert got["join_url"].endswith(f"/j/{got['join_code']}") and not got["discord_bot_token_set"]
    changed = web_client.patch(
        f"/api/v1/events/{slug}/portal",
        headers=owner,
        json={"registration_cap": 1, "discord_bot_token": "tok", "version": got["version"]},
    )
    assert changed.status_code == 200, changed.text
    body = changed.json()
    assert body["registration_cap"] == 1 and body["discord_bot_token_set"]
    assert "tok" not in changed.text.replace("token_set", "")
    stale = web_client.patch(
        f"/api/v1/events/{slug}/portal", headers=owner, json={"self_report": False, "version": 1}
    )
    assert stale.status_code == 409 and stale.json()["error"]["code"] == "stale_version"
    removed = web_client.patch(
        f"/api/v1/events/{slug}/portal", headers=owner, json={"registration_cap": None}
    )
    assert removed.json()["registration_cap"] is None
    assert web_client.get(f"/api/v1/events/{slug}/portal", headers=judge).status_code == 403
    add_players(db, slug, [NewPlayer("Lu", id="lu")], actor="owner")
    link = web_client.post(f"/api/v1/events/{slug}/players/lu/link", headers=judge)
    assert link.status_code == 201, link.text
    secret = link.json()["secret"]
    assert link.json()["url"].endswith(f"/e/{slug}/p/{secret}")
    held = pass_of(db, slug, secret)
    assert held is not None and held.player_key == "lu"
