"""The console's overview through HTTP: player counts, stages, the current round's card and
the one next action, as the event moves from registration through a round."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.service.accounts import staff
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.players.roster import add_players
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .helpers import account, log_in

ACTOR = "td"


def _next(client: TestClient, slug: str) -> str:
    page = client.get(f"/console/{slug}")
    assert page.status_code == 200
    text: str = page.text
    start = text.index('id="next-action"')
    return text[start : text.index("</article>", start)]


def test_the_overview_follows_the_event(sqlite_db: Database, web_client: TestClient) -> None:
    owner = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Overview Night", actor=ACTOR, owner=owner.id)
    log_in(web_client, "olga")
    assert "Add players" in _next(web_client, slug)
    add_players(
        sqlite_db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, 6)], actor=ACTOR
    )
    players.check_in(sqlite_db, slug, ["p1", "p2"], actor=ACTOR)
    players.drop_player(sqlite_db, slug, "p5", actor=ACTOR)
    page = web_client.get(f"/console/{slug}").text
    assert '"count">5</p><p>registered' in page and '"count">2</p><p>checked in' in page
    assert '"count">1</p><p>dropped' in page
    assert "Start round 1" in _next(web_client, slug)
    assert "https://testserver/e/overview-night" in page
    assert "swiss" in page and "not started" in page
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    assert "Review round 1" in _next(web_client, slug)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    assert "Open round 1" in _next(web_client, slug)
    page = web_client.get(f"/console/{slug}").text
    assert "Upcoming" in page and 'id="current-round"' in page
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    action = _next(web_client, slug)
    assert "Enter results (2 to go)" in action and "2 of 2 tables without a result" in action
    page = web_client.get(f"/console/{slug}").text
    assert "In Progress" in page


def test_someone_without_a_role_is_refused_and_the_public_sent_to_login(
    sqlite_db: Database, web_client: TestClient
) -> None:
    owner = account(sqlite_db, "olga")
    slug = events.create_event(sqlite_db, "Closed Overview", actor=ACTOR, owner=owner.id)
    assert web_client.get(f"/console/{slug}", follow_redirects=False).status_code == 303
    account(sqlite_db, "stranger")
    log_in(web_client, "stranger")
    assert web_client.get(f"/console/{slug}").status_code == 403
    staff.grant(sqlite_db, slug, "stranger", "viewer", actor=ACTOR)
    assert web_client.get(f"/console/{slug}").status_code == 200
