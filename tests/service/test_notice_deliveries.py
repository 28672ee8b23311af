"""The channels against local fakes (issue 11: "the Discord DM and web push reach local fakes
with the right content; preferences respected"): the push body decrypted with http_ece and
the test's own subscription keys says the notice; the DM goes through the bot token; a 410
deletes the subscription (``gone``); a 429 is retried after the backoff; no token or no user
id is a ``failed`` delivery, said so; push off means no push request."""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import http_ece
import pytest
import time_machine
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from sqlalchemy import select

from fairpair.service.discord.codes import new_code
from fairpair.service.discord.links import join_player
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import pending
from fairpair.service.notices.deliveries import NO_DISCORD_ID
from fairpair.service.notices.preferences import set_preferences
from fairpair.service.outbound.discord_dm import ENV_API
from fairpair.service.outbound.push_subscriptions import add_subscription, checked
from fairpair.service.outbound.web_push import vapid_public_key
from fairpair.service.players import portal_settings as portal
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import DeliveryRow, PlayerRow, PushSubscriptionRow

from .fake_services import FakeServices, fake_services

ACTOR = "td"
T0 = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
END = T0 + timedelta(hours=72)


def _b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


class Browser:
    """A browser's push subscription: its own key pair and auth secret."""

    def __init__(self, endpoint: str) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        public = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        self.json = {
            "endpoint": endpoint,
            "keys": {"p256dh": _b64(public), "auth": _b64(self.auth)},
        }

    def read(self, body: bytes) -> dict[str, str]:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return dict(json.loads(plain))


def _ids(db: Database) -> dict[str, int]:
    with db.reading() as conn:
        return {r.name: r.id for r in conn.execute(select(PlayerRow.name, PlayerRow.id))}


def _open(db: Database, name: str) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"{name} P{i}") for i in range(2)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    return slug


def _go(db: Database, slug: str) -> None:
    rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
    rounds.open_round(db, slug, 1, actor=ACTOR)
    while any(run_due(db, handlers(db), worker="w")):
        pass


def _states(db: Database) -> list[tuple[str, str, str | None]]:
    with db.reading() as conn:
        rows = conn.execute(
            select(DeliveryRow.channel, DeliveryRow.state, DeliveryRow.error).order_by(
                DeliveryRow.id
            )
        ).all()
    return [(r.channel, r.state, r.error) for r in rows]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    with fake_services() as services:
        monkeypatch.setenv(ENV_API, services.discord_api)
        yield services


def test_the_push_and_the_dm_arrive_with_the_notice(db: Database, fake: FakeServices) -> None:
    with time_machine.travel(T0, tick=False):
        slug = _open(db, "Channel Cup")
        portal.set_portal(db, slug, actor=ACTOR, discord_bot_token="bot-secret")
        one, two = _ids(db)["Channel Cup P0"], _ids(db)["Channel Cup P1"]
        browser = Browser(fake.push_endpoint("one"))
        add_subscription(db, slug, one, browser.json, actor="p", loopback_http=True)
        set_preferences(
            db, slug, one, push=True, discord=True, discord_user_id="111111111111111111", actor="p"
        )
        # Player two turned push off: their subscription gets nothing.
        add_subscription(
            db, slug, two, Browser(fake.push_endpoint("two")).json, actor="p", loopback_http=True
        )
        set_preferences(db, slug, two, push=False, discord=False, discord_user_id=None, actor="p")
        _go(db, slug)
    (push,) = fake.of("/push/")
    assert push.path == "/push/one"
    assert push.headers["content-encoding"] == "aes128gcm"
    assert push.headers["authorization"].startswith("vapid t=")
    assert f"k={vapid_public_key(db)}" in push.headers["authorization"]
    said = browser.read(push.body)
    assert said["title"] == "Round 1 of Channel Cup is open"
    assert "play your match by Tue 8 Dec 10:00 UTC" in said["body"]
    assert said["url"] == f"/e/{slug}/me"
    opened, message = fake.of("/discord/")
    assert opened.path == "/discord/users/@me/channels"
    assert opened.json() == {"recipient_id": "111111111111111111"}
    assert opened.headers["authorization"] == "Bot bot-secret"
    assert message.path == "/discord/channels/900/messages"
    assert message.headers["authorization"] == "Bot bot-secret"
    assert "Round 1 of Channel Cup is open" in message.json()["content"]
    # named by its delivery: a send repeated after a crash is answered with this message
    with db.reading() as conn:
        (delivery,) = conn.execute(
            select(DeliveryRow.id).where(DeliveryRow.channel == "discord")
        ).scalars()
    assert message.json()["nonce"] == f"fairpair-{delivery}"
    assert message.json()["enforce_nonce"] is True and len(message.json()["nonce"]) <= 25
    assert sorted(s[:2] for s in _states(db)) == [("discord", "sent"), ("push", "sent")]


def test_a_dm_goes_to_the_discord_account_the_player_linked(
    db: Database, fake: FakeServices
) -> None:
    """No user id in the preferences: the account linked with ``/join`` is the DM's target
    (the preferences' own id comes first, as the test above shows)."""
    with time_machine.travel(T0, tick=False):
        slug = _open(db, "Linked Cup")
        portal.set_portal(db, slug, actor=ACTOR, discord_bot_token="bot-secret")
        with db.reading() as conn:
            keys = {r.name: r.key for r in conn.execute(select(PlayerRow.name, PlayerRow.key))}
        code = new_code(db, slug, "player", actor=ACTOR, player=keys["Linked Cup P0"])
        join_player(db, code, user_id="333333333333333333", username="Linked")
        _go(db, slug)
    opened, message = fake.of("/discord/")
    assert opened.json() == {"recipient_id": "333333333333333333"}
    assert "Round 1 of Linked Cup is open" in message.json()["content"]
    # the other player linked nothing and gave no id: failed at once, said so
    assert sorted(s for s in _states(db)) == [
        ("discord", "failed", NO_DISCORD_ID),
        ("discord", "sent", None),
    ]


def test_a_gone_subscription_is_deleted_and_its_delivery_marked(
    db: Database, fake: FakeServices
) -> None:
    with time_machine.travel(T0, tick=False):
        slug = _open(db, "Gone Cup")
        one = _ids(db)["Gone Cup P0"]
        add_subscription(
            db, slug, one, Browser(fake.push_endpoint("gone-1")).json, actor="p", loopback_http=True
        )
        set_preferences(db, slug, one, push=True, discord=False, discord_user_id=None, actor="p")
        _go(db, slug)
    assert [s[:2] for s in _states(db) if s[0] == "push"] == [("push", "gone")]
    with db.reading() as conn:
        assert conn.execute(select(PushSubscriptionRow.id)).first() is None


def test_discord_429_is_retried_after_the_backoff_and_missing_settings_fail_once(
    db: Database, fake: FakeServices
) -> None:
    with time_machine.travel(T0, tick=False) as clock:
        slug = _open(db, "Busy Cup")
        one, two = _ids(db)["Busy Cup P0"], _ids(db)["Busy Cup P1"]
        set_preferences(
            db, slug, one, push=False, discord=True, discord_user_id="222222222222222222", actor="p"
        )
        # Two wants Discord but gave no id: failed at once, said so. No token yet: one fails too.
        _go(db, slug)
        assert sorted(_states(db)) == [
            ("discord", "failed", NO_DISCORD_ID),
            ("discord", "failed", "the event has no Discord bot token (Players' side settings)"),
        ]
        assert fake.seen == []
        # The halfway nudge, with a token now, meets a rate limit first.
        portal.set_portal(db, slug, actor=ACTOR, discord_bot_token="bot")
        fake.answers.append((429, {"message": "slow down", "retry_after": 1.5, "global": False}))
        clock.move_to(T0 + timedelta(hours=36))
        while any(run_due(db, handlers(db), worker="w")):
            pass
        (waiting,) = [j for j in pending(db) if j.kind == "deliver"]
        assert waiting.attempts == 1
        assert waiting.due_at == T0 + timedelta(hours=36, seconds=30)
        clock.move_to(T0 + timedelta(hours=36, seconds=31))
        while any(run_due(db, handlers(db), worker="w")):
            pass
    assert [s.path for s in fake.seen] == [
        "/discord/users/@me/channels",
        "/discord/users/@me/channels",
        "/discord/channels/900/messages",
    ]
    assert ("discord", "sent", None) in _states(db)
    assert two != one


def test_a_subscription_is_checked_before_it_is_kept() -> None:
    good = Browser("https://push.example/x").json
    assert checked(good).endpoint == "https://push.example/x"
    from fairpair.engine.errors import FairpairError

    bad: list[object] = [
        None,
        {**good, "endpoint": "http://push.example/x"},
        {**good, "endpoint": "https://" + "x" * 1000},
        {**good, "keys": {"p256dh": "abc", "auth": good["keys"]["auth"]}},  # type: ignore[index]
        {**good, "keys": {"p256dh": good["keys"]["p256dh"]}},  # type: ignore[index]
        {**good, "keys": "no"},
    ]
    for data in bad:
        with pytest.raises(FairpairError):
            checked(data)
    with pytest.raises(FairpairError):
        checked(Browser("http://127.0.0.1:9/push").json)
    assert checked(Browser("http://127.0.0.1:9/push").json, loopback_http=True)
