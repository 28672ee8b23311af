"""The console's Audit log tab through HTTP: each change as a sentence, with who, when,
action, subject and before → after behind "details", newest first, paged; only the event's
staff see it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import edits as player_edits
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players

from .helpers import account, log_in

ACTOR = "td"


def test_the_log_shows_changes_newest_first_with_before_and_after(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Logged", actor=ACTOR, owner=owner.id)
    add_players(sqlite_db, slug, [NewPlayer("Ann", id="ann", seed=1)], actor=ACTOR)
    player_edits.set_seed(sqlite_db, slug, "ann", 5, actor="olga")
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/log")
    assert page.status_code == 200
    text = page.text
    assert text.index("player.seed") < text.index("player.add")
    assert "{&#34;seed&#34;: 1}" in text and "{&#34;seed&#34;: 5}" in text
    assert "player ann" in text
    # each entry is a sentence, its raw record behind "details"
    assert "Olga (owner) changed Ann&#39;s seed from 1 to 5" in text
    assert "td added Ann" in text and "<summary>details</summary>" in text


def test_the_log_is_paged(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Long log", actor=ACTOR, owner=owner.id)
    for i in range(60):
        add_players(sqlite_db, slug, [NewPlayer(f"P{i}", id=f"p{i}")], actor=ACTOR)
    log_in(web_client, "olga")
    first = web_client.get(f"/console/{slug}/log")
    assert "Page 1 of 2" in first.text and "p59" in first.text and ">p0<" not in first.text
    second = web_client.get(f"/console/{slug}/log?page=2")
    assert "Page 2 of 2" in second.text and "player.add" in second.text


def test_someone_without_a_role_is_refused(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Private log", actor=ACTOR, owner=owner.id)
    account(sqlite_db, "stranger")
    log_in(web_client, "stranger")
    assert web_client.get(f"/console/{slug}/log").status_code == 403
