"""Discord's interactions endpoint (issue 12.7): signed requests only — a valid PING is
answered, a bad, missing, stale, future or replayed signature is refused 401 — and each
slash command's answer (link, join, pairings, standings, checkin, drop), refusals naming the
reason, to the caller only."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from fairpair.engine.results import Result
from fairpair.service.discord.codes import new_code
from fairpair.service.discord.links import event_of_channel, player_of
from fairpair.service.event import images as event_images
from fairpair.service.event.events import create_event
from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.outbound.discord_dm import ENV_API
from fairpair.service.players import portal_settings as portal
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.results import recording as results
from fairpair.store.models import DropRow, PlayerRow
from self_report_events import ACTOR, pairs, reporting_event
from service.fake_services import FakeServices, fake_services

from .discord_helpers import (
    CHANNEL,
    MANAGER,
    URL,
    Discord,
    answer,
    button,
    command,
    custom_ids,
    discord_client,
)

PING = {"id": "1", "type": 1, "application_id": "42", "token": "t"}


@pytest.fixture
def discord() -> Discord:
    return Discord()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeServices]:
    with fake_services() as services:
        monkeypatch.setenv(ENV_API, services.discord_api)
        yield services


@pytest.fixture
def client(sqlite_db: Database, discord: Discord) -> Iterator[TestClient]:
    with discord_client(sqlite_db, discord) as made:
        yield made


def _ping(n: int) -> dict[str, object]:
    return {**PING, "id": str(n)}


# -- signatures ------------------------------------------------------------------------------


def test_a_signed_ping_is_answered(client: TestClient, discord: Discord) -> None:
    answered = discord.send(client, _ping(100))
    assert answered.status_code == 200 and answered.json() == {"type": 1}


def test_a_bad_signature_is_refused(client: TestClient, discord: Discord) -> None:
    body = json.dumps(_ping(101)).encode()
    headers = discord.headers(body)
    other = Discord().headers(body)  # signed by another key
    assert client.post(URL, content=body, headers=other).status_code == 401
    tampered = body.replace(b'"type": 1', b'"type": 2')
    answered = client.post(URL, content=tampered, headers=headers)
    assert answered.status_code == 401
    assert answered.json() == {"error": "invalid request signature"}
    garbled = {**headers, "x-signature-ed25519": "zz" * 64}
    assert client.post(URL, content=body, headers=garbled).status_code == 401


@pytest.mark.parametrize("missing", ["x-signature-ed25519", "x-signature-timestamp"])
def test_missing_headers_are_refused(client: TestClient, discord: Discord, missing: str) -> None:
    body = json.dumps(_ping(102)).encode()
    headers = {k: v for k, v in discord.headers(body).items() if k != missing}
    answered = client.post(URL, content=body, headers=headers)
    assert answered.status_code == 401 and "missing" in answered.json()["error"]
    assert client.post(URL, content=body).status_code == 401


@pytest.mark.parametrize(("shift", "said"), [(-301, "stale"), (120, "future")])
def test_stale_and_future_timestamps_are_refused(
    client: TestClient, discord: Discord, shift: int, said: str
) -> None:
    answered = discord.send(client, _ping(103), timestamp=int(time.time()) + shift)
    assert answered.status_code == 401 and said in answered.json()["error"]


def test_a_replayed_request_is_refused(client: TestClient, discord: Discord) -> None:
    body = json.dumps(_ping(104)).encode()
    headers = discord.headers(body)
    assert client.post(URL, content=body, headers=headers).status_code == 200
    again = client.post(URL, content=body, headers=headers)
    assert again.status_code == 401 and "replayed" in again.json()["error"]


def test_no_key_configured_refuses_everything(web_client: TestClient) -> None:
    body = json.dumps(_ping(105)).encode()
    answered = web_client.post(URL, content=body, headers=Discord().headers(body))
    assert answered.status_code == 401 and "not set up" in answered.json()["error"]


def test_csrf_does_not_apply_but_the_signature_does(client: TestClient, discord: Discord) -> None:
    client.get("/login")  # the browser now holds a CSRF cookie, sent with the POST
    assert client.cookies
    assert discord.send(client, _ping(106)).json() == {"type": 1}
    body = json.dumps(_ping(107)).encode()
    assert client.post(URL, content=body).status_code == 401


# -- commands ----------------------------------------------------------------------------


def _linked(db: Database, client: TestClient, discord: Discord, slug: str) -> None:
    code = new_code(db, slug, "channel", actor=ACTOR)
    payload, _ = answer(discord.send(client, command("link", permissions=MANAGER, code=code)))
    assert payload["type"] == 4 and "flags" not in payload["data"], payload  # public
    assert "now shows" in payload["data"]["content"]


def _joined(
    db: Database, client: TestClient, discord: Discord, slug: str, key: str, user: str
) -> None:
    code = new_code(db, slug, "player", actor=ACTOR, player=key)
    payload, _ = answer(discord.send(client, command("join", user, code=code.lower())))
    assert payload["data"]["flags"] == 64 and "You are **" in payload["data"]["content"]


def test_link_needs_a_manager_and_a_fresh_code(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    slug = reporting_event(sqlite_db, "Linked", 4)
    code = new_code(sqlite_db, slug, "channel", actor=ACTOR)
    payload, _ = answer(discord.send(client, command("link", code=code)))
    assert payload["data"]["flags"] == 64
    assert "manage channels" in payload["data"]["content"]
    payload, _ = answer(discord.send(client, command("link", permissions=MANAGER, code="WRONG123")))
    assert "unknown, used or expired" in payload["data"]["content"]
    payload, _ = answer(discord.send(client, command("link", permissions=MANAGER, code=code)))
    assert "now shows" in payload["data"]["content"]
    assert event_of_channel(sqlite_db, CHANNEL) == slug
    reused = command("link", permissions=MANAGER, channel="333", code=code)
    payload, _ = answer(discord.send(client, reused))
    assert "unknown, used or expired" in payload["data"]["content"]
    actions = [e.action for e in audit_log(sqlite_db, slug).entries]
    assert "discord.link" in actions


def test_commands_in_an_unlinked_channel_say_how_to_link(
    client: TestClient, discord: Discord
) -> None:
    for name in ("pairings", "standings", "checkin", "drop", "report"):
        payload, _ = answer(discord.send(client, command(name)))
        assert payload["data"]["flags"] == 64
        assert "not linked to an event" in payload["data"]["content"], name


def test_pairings_and_standings_answer_later_with_images(
    sqlite_db: Database, client: TestClient, discord: Discord, fake: FakeServices
) -> None:
    """Deferred: "thinking…" (type 5, ephemeral) at once, then the image and the tables as
    the follow-up — ``PATCH /webhooks/APP/TOKEN/messages/@original``, no bot token."""
    slug = reporting_event(sqlite_db, "Shown", 4)
    _linked(sqlite_db, client, discord, slug)
    payload, files = answer(discord.send(client, command("pairings")))
    assert payload == {"type": 5, "data": {"flags": 64}} and files == {}
    (sent,) = fake.of("/discord/webhooks/")
    assert sent.method == "PATCH"
    assert sent.path == "/discord/webhooks/42/interaction-token/messages/@original"
    assert "authorization" not in sent.headers
    body, files = sent.parts()
    assert "round 1" in body["content"] and "Table 1:" in body["content"]
    assert body["attachments"] == [{"id": 0, "filename": "pairings.png"}]
    assert files["files[0]"].startswith(b"\x89PNG")
    # a caller whose Discord speaks Spanish (the interaction's locale): the reply too
    spanish = {**command("pairings"), "locale": "es-ES"}
    assert answer(discord.send(client, spanish))[0]["type"] == 5
    body, _ = fake.of("/discord/webhooks/")[-1].parts()
    assert "ronda 1 (" in body["content"] and "Mesa 1:" in body["content"]
    payload, _ = answer(discord.send(client, command("standings")))
    assert payload["type"] == 5
    body, files = fake.of("/discord/webhooks/")[-1].parts()
    assert "no standings yet" in body["content"] and files == {}  # no result yet: nothing drawn
    table = pairs(sqlite_db, slug)[0].table
    results.report(sqlite_db, slug, 1, Result.from_games(2, 1, 0), actor=ACTOR, table=table)
    payload, _ = answer(discord.send(client, command("standings")))
    assert payload["type"] == 5
    body, files = fake.of("/discord/webhooks/")[-1].parts()
    assert "standings after round" in body["content"]
    assert files["files[0]"].startswith(b"\x89PNG")


def test_a_busy_discord_gets_the_follow_up_again(
    sqlite_db: Database, client: TestClient, discord: Discord, fake: FakeServices
) -> None:
    slug = reporting_event(sqlite_db, "Busy", 4)
    _linked(sqlite_db, client, discord, slug)
    fake.answers.append((429, {"retry_after": 0.01}))
    payload, _ = answer(discord.send(client, command("pairings")))
    assert payload["type"] == 5
    first, second = fake.of("/discord/webhooks/")
    assert first.parts() == second.parts()


def test_a_follow_up_that_fails_says_so_without_a_trace(
    sqlite_db: Database,
    client: TestClient,
    discord: Discord,
    fake: FakeServices,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slug = reporting_event(sqlite_db, "Broken", 4)
    _linked(sqlite_db, client, discord, slug)

    def broken(*args: object, **kw: object) -> bytes:
        raise RuntimeError("the renderer fell over")

    monkeypatch.setattr(event_images, "render", broken)
    payload, _ = answer(discord.send(client, command("pairings")))
    assert payload["type"] == 5
    body, files = fake.of("/discord/webhooks/")[-1].parts()
    assert "went wrong on fairpair's side" in body["content"] and files == {}
    assert "Traceback" not in body["content"] and "fell over" not in body["content"]


def test_join_then_checkin(sqlite_db: Database, client: TestClient, discord: Discord) -> None:
    slug = create_event(sqlite_db, "Check", actor=ACTOR)
    add_players(sqlite_db, slug, [NewPlayer("Ann", id="ann")], actor=ACTOR)
    portal.set_portal(sqlite_db, slug, actor=ACTOR, checkin_open=True)
    _linked(sqlite_db, client, discord, slug)
    payload, _ = answer(discord.send(client, command("checkin", "601")))
    assert "/join" in payload["data"]["content"]
    _joined(sqlite_db, client, discord, slug, "ann", "601")
    assert player_of(sqlite_db, slug, "601") is not None
    payload, _ = answer(discord.send(client, command("checkin", "601")))
    assert payload["data"]["content"] == "You are checked in."
    payload, _ = answer(discord.send(client, command("checkin", "601")))
    assert payload["data"]["content"] == "You were already checked in."
    with sqlite_db.reading() as conn:
        assert conn.execute(select(PlayerRow.checked_in_at)).scalar_one() is not None
    entries = audit_log(sqlite_db, slug).entries
    assert any(e.actor == "player ann (Ann) via Discord 601" for e in entries)


def test_one_discord_account_plays_one_player(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    slug = create_event(sqlite_db, "Twice", actor=ACTOR)
    add_players(
        sqlite_db, slug, [NewPlayer("Ann", id="ann"), NewPlayer("Bo", id="bo")], actor=ACTOR
    )
    _joined(sqlite_db, client, discord, slug, "ann", "601")
    code = new_code(sqlite_db, slug, "player", actor=ACTOR, player="bo")
    payload, _ = answer(discord.send(client, command("join", "601", code=code)))
    assert "already Ann" in payload["data"]["content"]
    channel_code = new_code(sqlite_db, slug, "channel", actor=ACTOR)
    payload, _ = answer(discord.send(client, command("join", "601", code=channel_code)))
    assert "channel code" in payload["data"]["content"]


def test_drop_asks_then_drops(sqlite_db: Database, client: TestClient, discord: Discord) -> None:
    slug = reporting_event(sqlite_db, "Dropping", 4)
    _linked(sqlite_db, client, discord, slug)
    _joined(sqlite_db, client, discord, slug, "p1", "601")
    payload, _ = answer(discord.send(client, command("drop", "601")))
    assert custom_ids(payload) == ["drop", "stay"] and payload["data"]["flags"] == 64
    payload, _ = answer(discord.send(client, button("stay", "601")))
    assert payload["type"] == 7 and payload["data"]["components"] == []
    payload, _ = answer(discord.send(client, button("drop", "602")))  # not a player
    assert "/join" in payload["data"]["content"]
    payload, _ = answer(discord.send(client, button("drop", "601")))
    assert payload["type"] == 7 and "you dropped out" in payload["data"]["content"]
    with sqlite_db.reading() as conn:
        (reason,) = conn.execute(select(DropRow.reason)).scalars()
    assert reason == "dropped themselves (Discord)"


def test_an_unknown_command_or_button_is_said(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    payload, _ = answer(discord.send(client, command("nonsense")))
    assert "no command 'nonsense'" in payload["data"]["content"]
    slug = reporting_event(sqlite_db, "Buttons", 4)
    _linked(sqlite_db, client, discord, slug)
    _joined(sqlite_db, client, discord, slug, "p1", "601")
    for custom_id in ("report:x:1:2-0-0", "confirm:1:1", "say:1:1:1:9-9", "whatever"):
        payload, _ = answer(discord.send(client, button(custom_id, "601")))
        assert "out of date" in payload["data"]["content"], custom_id


def test_replies_speak_the_callers_discord_language(
    sqlite_db: Database, client: TestClient, discord: Discord
) -> None:
    """Check-in, drop and the refusals answer in the interaction's ``locale``."""
    payload, _ = answer(discord.send(client, {**command("checkin"), "locale": "ja"}))
    assert "このチャンネルは大会と連携していません" in payload["data"]["content"]
    slug = create_event(sqlite_db, "Idiomas", actor=ACTOR)
    add_players(sqlite_db, slug, [NewPlayer("Ana", id="ana")], actor=ACTOR)
    portal.set_portal(sqlite_db, slug, actor=ACTOR, checkin_open=True)
    _linked(sqlite_db, client, discord, slug)
    _joined(sqlite_db, client, discord, slug, "ana", "701")
    payload, _ = answer(discord.send(client, {**command("checkin", "701"), "locale": "es-ES"}))
    assert payload["data"]["content"] == "Has hecho check-in."
    payload, _ = answer(discord.send(client, {**command("checkin", "701"), "locale": "es-ES"}))
    assert payload["data"]["content"] == "Ya habías hecho check-in."
    german = {**command("drop", "701"), "locale": "de"}
    payload, _ = answer(discord.send(client, german))
    assert payload["data"]["content"].startswith("**Ana**, aus dem Turnier aussteigen?")
    labels = [b["label"] for row in payload["data"]["components"] for b in row["components"]]
    assert labels == ["Aussteigen (Drop)", "Dabei bleiben"]
