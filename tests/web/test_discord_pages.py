"""Discord codes on the web pages: the Players' side tab's "Discord channel" box (owners make
a /link code, shown once with the words to type; linked channels listed and unlinked; judges
and viewers see the box but not its buttons, and are refused), and the player's page (when
the event is on Discord: "Link my Discord account" makes their own /join code; once joined,
"Linked to Discord as NAME" and Unlink)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from fairpair.service.accounts.staff import grant
from fairpair.service.discord.codes import code_for, new_code
from fairpair.service.discord.links import event_of_channel, join_player, link_channel
from fairpair.service.event.events import create_event
from fairpair.service.kernel.audit import audit_log
from fairpair.service.kernel.connection import Database
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

from .helpers import account, log_in, post
from .player_passes import be_player, pass_of

COMMAND = re.compile(r"/(link|join) code:([0-9A-Z]{8})")


def _db(client: TestClient) -> Database:
    db: Database = client.app.state.db  # type: ignore[attr-defined]
    return db


def _event(client: TestClient, name: str) -> str:
    db = _db(client)
    owner = account(db, "owner")
    account(db, "judge", organizer=False)
    slug = create_event(db, name, actor="owner", owner=owner.id)
    grant(db, slug, "judge", "judge", actor="owner")
    add_players(db, slug, [NewPlayer("Ann", id="ann"), NewPlayer("Bo", id="bo")], actor="owner")
    return slug


def _link(db: Database, slug: str, channel: str) -> None:
    code = new_code(db, slug, "channel", actor="owner")
    link_channel(db, code, guild_id="111", channel_id=channel, actor="Discord user td (1)")


def test_the_owner_makes_a_link_code_and_unlinks_a_channel(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = _event(web_client, "Discord Night")
    log_in(web_client, "owner")
    page = web_client.get(f"/console/{slug}/portal")
    assert 'id="discord-none"' in page.text and 'id="discord-link-code"' in page.text
    made = post(web_client, f"/console/{slug}/portal/discord/code")
    assert made.status_code == 200 and made.headers["cache-control"] == "no-store"
    found = COMMAND.search(made.text)
    assert found is not None and found.group(1) == "link" and "within 30 minutes" in made.text
    code = found.group(2)
    assert code_for(db, code).slug == slug
    assert code not in web_client.get(f"/console/{slug}/portal").text  # shown once
    assert audit_log(db, slug).entries[-1].action == "discord.code"

    link_channel(db, code, guild_id="111", channel_id="700", actor="Discord user td (1)")
    page = web_client.get(f"/console/{slug}/portal")
    assert "https://discord.com/channels/111/700" in page.text
    assert "by Discord user td (1)" in page.text
    asked = post(web_client, f"/console/{slug}/portal/discord/700/unlink")  # asked first
    assert asked.status_code == 200 and "Unlink Discord channel #700" in asked.text
    assert event_of_channel(db, "700") == slug
    gone = post(web_client, f"/console/{slug}/portal/discord/700/unlink", {"confirmed": "yes"})
    assert gone.status_code == 303
    assert gone.headers["location"] == f"/console/{slug}/portal?done=unlinked#discord"
    assert event_of_channel(db, "700") is None
    again = post(web_client, f"/console/{slug}/portal/discord/700/unlink")
    assert again.status_code == 409 and "not linked to this event" in again.text


def test_an_owner_never_unlinks_another_events_channel(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = _event(web_client, "Mine")
    other = create_event(db, "Theirs", actor="someone")
    _link(db, other, "800")
    log_in(web_client, "owner")
    refused = post(web_client, f"/console/{slug}/portal/discord/800/unlink")
    assert refused.status_code == 409 and "not linked to this event" in refused.text
    assert event_of_channel(db, "800") == other


def test_a_judge_sees_the_channels_but_makes_no_code(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = _event(web_client, "Judged")
    _link(db, slug, "700")
    log_in(web_client, "judge")
    page = web_client.get(f"/console/{slug}/portal")
    assert "#700" in page.text and 'id="discord-link-code"' not in page.text
    assert "Only the event's owners link a Discord channel." in page.text
    assert post(web_client, f"/console/{slug}/portal/discord/code").status_code == 403
    assert post(web_client, f"/console/{slug}/portal/discord/700/unlink").status_code == 403
    assert event_of_channel(db, "700") == slug


def test_a_player_links_their_own_discord_account(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = _event(web_client, "Players On Discord")
    be_player(web_client, db, slug, pass_of(db, slug, "ann"))
    assert 'id="discord"' not in web_client.get(f"/e/{slug}/me").text  # not on Discord
    _link(db, slug, "700")
    page = web_client.get(f"/e/{slug}/me")
    assert "Link my Discord account" in page.text
    made = post(web_client, f"/e/{slug}/me/discord/code")
    assert made.status_code == 200
    found = COMMAND.search(made.text)
    assert found is not None and found.group(1) == "join" and "within 30 minutes" in made.text
    entry = audit_log(db, slug).entries[-1]
    assert (entry.action, entry.actor) == ("discord.code", "player ann (Ann)")

    _, player = join_player(db, found.group(2), user_id="601", username="Annie")
    assert player.key == "ann"
    page = web_client.get(f"/e/{slug}/me")
    assert "Linked to Discord as <strong>Annie</strong>" in page.text
    assert "Link my Discord account" not in page.text
    gone = post(web_client, f"/e/{slug}/me/discord/unlink")
    assert gone.status_code == 303 and gone.headers["location"].endswith("done=discord-unlinked")
    page = web_client.get(gone.headers["location"])
    assert "Discord no longer acts as you" in page.text and "Link my Discord account" in page.text
    again = post(web_client, f"/e/{slug}/me/discord/unlink")
    assert again.status_code == 409 and "not linked" in again.text


def test_the_discord_buttons_need_the_players_pass(web_client: TestClient) -> None:
    db = _db(web_client)
    slug = _event(web_client, "No Pass")
    _link(db, slug, "700")
    for action in ("code", "unlink"):
        refused = post(web_client, f"/e/{slug}/me/discord/{action}")
        assert refused.status_code in (303, 401), refused.text
