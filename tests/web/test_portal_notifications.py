"""A player's notification pages over HTTP: the list (newest first, unread marked, read once
opened), the channels form (a bad Discord id refused next to its field, the typed value
kept), the push subscription (checked, stored, removed), the service worker; without a pass
the player is sent to the join page."""

from __future__ import annotations

import base64
import json
import os

from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient
from sqlalchemy import select

from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.unit import changing
from fairpair.service.notices.notifications import notify
from fairpair.service.notices.preferences import preferences_of
from fairpair.store.models import PushSubscriptionRow

from .helpers import csrf, post
from .notice_helpers import as_player, released_event


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def subscription(endpoint: str = "https://push.example/sub/1") -> dict[str, object]:
    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    point = key.public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    return {"endpoint": endpoint, "keys": {"p256dh": _b64(point), "auth": _b64(os.urandom(16))}}


def test_the_list_is_newest_first_marks_unread_and_reads_them(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = released_event(db, "Notice List")
    me = as_player(web_client, db, slug, "Notice List P0")
    with changing(db, slug, "fairpair") as change:
        for i in (1, 2):
            notify(change, player_id=me, kind="round-open", title=f"Title {i}", body=f"Body {i}")
        change.audit("notice.test", "two")
    page = web_client.get(f"/e/{slug}/me/notifications")
    assert page.status_code == 200
    assert page.text.index("Title 2") < page.text.index("Title 1")
    assert page.text.count('class="new-tag"') == 2 and "2 new" in page.text
    again = web_client.get(f"/e/{slug}/me/notifications")
    assert "new-tag" not in again.text and "Title 1" in again.text


def test_without_a_pass_the_player_goes_to_the_join_page(web_client: TestClient) -> None:
    slug = released_event(_db(web_client), "No Pass")
    for path in ("notifications", "preferences"):
        answer = web_client.get(f"/e/{slug}/me/{path}", follow_redirects=False)
        assert answer.status_code == 303 and answer.headers["location"] == f"/e/{slug}/join"
    answer = web_client.post(
        f"/e/{slug}/me/push",
        content=json.dumps(subscription()),
        headers={"x-csrftoken": csrf(web_client)},
    )
    assert answer.status_code == 401


def test_the_channels_form_saves_and_refuses_a_bad_discord_id(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = released_event(db, "Channels Form")
    me = as_player(web_client, db, slug, "Channels Form P1")
    page = web_client.get(f"/e/{slug}/me/preferences")
    assert page.status_code == 200 and 'name="push" checked' in page.text
    assert "data-vapid-key=" in page.text
    bad = post(
        web_client,
        f"/e/{slug}/me/preferences",
        {"push": "on", "discord": "on", "discord_user_id": "12ab"},
    )
    assert bad.status_code == 409 or bad.status_code == 422
    assert "17 to 20 digits" in bad.text and 'value="12ab"' in bad.text
    assert 'aria-invalid="true"' in bad.text
    good = post(
        web_client,
        f"/e/{slug}/me/preferences",
        {"discord": "on", "discord_user_id": " 123456789012345678 "},
    )
    assert good.status_code == 303
    prefs = preferences_of(db, me)
    assert (prefs.push, prefs.discord, prefs.discord_user_id) == (
        False,
        True,
        "123456789012345678",
    )
    assert "Saved." in web_client.get(good.headers["location"]).text


def test_a_push_subscription_is_checked_stored_and_removed(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = released_event(db, "Push Subs")
    me = as_player(web_client, db, slug, "Push Subs P2")
    token = {"x-csrftoken": csrf(web_client), "content-type": "application/json"}
    url = f"/e/{slug}/me/push"
    sub = subscription()
    assert web_client.post(url, content=json.dumps(sub), headers=token).status_code == 201
    plain = {**sub, "endpoint": "http://push.example/x"}
    refused = web_client.post(url, content=json.dumps(plain), headers=token)
    assert refused.status_code == 409
    assert refused.json()["error"]["field"] == "endpoint"
    broken = web_client.post(url, content=b"{not json", headers=token)
    assert broken.status_code == 409 and "JSON object" in broken.json()["error"]["message"]
    big = web_client.post(url, content=b"x" * 5000, headers=token)
    assert big.status_code == 413
    with db.reading() as conn:
        kept = (
            conn.execute(
                select(PushSubscriptionRow.endpoint).where(PushSubscriptionRow.player_id == me)
            )
            .scalars()
            .all()
        )
    assert kept == [sub["endpoint"]]
    gone = web_client.request(
        "DELETE", url, content=json.dumps({"endpoint": sub["endpoint"]}), headers=token
    )
    assert gone.status_code == 204
    web_client.post(url, content=json.dumps(subscription("https://push.example/2")), headers=token)
    assert post(web_client, f"{url}/remove").status_code == 303
    with db.reading() as conn:
        assert conn.execute(select(PushSubscriptionRow.id)).first() is None


def test_the_service_worker_is_served_for_the_whole_site(web_client: TestClient) -> None:
    answer = web_client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    assert answer.headers["service-worker-allowed"] == "/"
    assert "showNotification" in answer.text and "openWindow" in answer.text
