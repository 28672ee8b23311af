"""The API for the other stage formats and for staff: a round robin's schedule and releasing
it whole, a pod table's places, a bracket as it stands, and who runs the event — each with
the roles the console uses, refusals as JSON."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.engine.results import Result
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import PodsConfig, RoundRobinConfig, SingleEliminationConfig
from fairpair.service.accounts.logins import find_account
from fairpair.service.accounts.staff import grant
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .api_helpers import bearer, call, error_of


def _event(db: Database, name: str, stage: Stage, size: int) -> str:
    owner = find_account(db, "olga")
    slug = events.create_event(db, name, actor="olga", owner=owner.id, stage=stage)
    entrants = [NewPlayer(f"Player {i}", id=f"p{i}", seed=i) for i in range(1, size + 1)]
    players.add_players(db, slug, entrants, actor="olga")
    return slug


def test_a_round_robin_schedule_shown_then_released_whole(
    web_client: TestClient, sqlite_db: Database
) -> None:
    owner = bearer(sqlite_db, "olga")
    slug = _event(sqlite_db, "API Robin", Stage(config=RoundRobinConfig()), 4)
    shown = call(web_client, "GET", f"/events/{slug}/schedule", {})
    assert shown.status_code == 200, shown.text
    assert len(shown.json()["rounds"]) == 3
    assert call(web_client, "POST", f"/events/{slug}/schedule/release", {}).status_code == 401
    released = call(web_client, "POST", f"/events/{slug}/schedule/release", owner)
    assert released.status_code == 200, released.text
    assert released.json()["rounds"] == [1, 2, 3]
    again = call(web_client, "POST", f"/events/{slug}/schedule/release", owner)
    assert again.status_code == 409 and error_of(again)["code"] == "refused"


def test_a_pod_table_takes_its_places_once(web_client: TestClient, sqlite_db: Database) -> None:
    owner = bearer(sqlite_db, "olga")
    slug = _event(sqlite_db, "API Pods", Stage(config=PodsConfig()), 8)
    drafts.generate(sqlite_db, slug, actor="olga")
    rounds.release(sqlite_db, slug, actor="olga")
    rounds.open_round(sqlite_db, slug, 1, actor="olga")
    pod = rounds.round_view(sqlite_db, slug, 1).pods[0]
    places = {s.id: n for n, s in enumerate(pod.seats, start=1)}
    body = {"round": 1, "table": pod.table, "places": places}
    made = call(web_client, "POST", f"/events/{slug}/places", owner, body)
    assert made.status_code == 201, made.text
    assert made.json()["places"] == [1, 2, 3, 4] and made.json()["match"] == pod.id
    twice = call(web_client, "POST", f"/events/{slug}/places", owner, body)
    assert twice.status_code == 409 and error_of(twice)["code"] == "already_recorded"
    wrong = call(web_client, "POST", f"/events/{slug}/places", owner, {**body, "places": {"x": 1}})
    assert wrong.status_code == 422 and error_of(wrong)["field"]


def test_a_bracket_as_it_stands(web_client: TestClient, sqlite_db: Database) -> None:
    bearer(sqlite_db, "olga")
    slug = _event(sqlite_db, "API Bracket", Stage(config=SingleEliminationConfig()), 8)
    drafts.generate(sqlite_db, slug, actor="olga")
    rounds.release(sqlite_db, slug, actor="olga")
    rounds.open_round(sqlite_db, slug, 1, actor="olga")
    results.report(sqlite_db, slug, 1, Result.from_games(2, 0), table=1, actor="olga")
    shown = call(web_client, "GET", f"/events/{slug}/bracket", {})
    assert shown.status_code == 200, shown.text
    text = shown.text
    assert '"M1"' in text and '"M7"' in text  # the quarterfinals to the final
    swiss = _event(sqlite_db, "API Not A Bracket", Stage(), 4)
    refused = call(web_client, "GET", f"/events/{swiss}/bracket", {})
    assert refused.status_code in (404, 409) and error_of(refused)["message"]


def test_staff_are_read_by_viewers_and_changed_by_owners(
    web_client: TestClient, sqlite_db: Database
) -> None:
    owner = bearer(sqlite_db, "olga")
    judge = bearer(sqlite_db, "jo", organizer=False)
    bearer(sqlite_db, "vi", organizer=False)
    slug = _event(sqlite_db, "API Staff", Stage(), 4)
    grant(sqlite_db, slug, "jo", "judge", actor="olga")
    listed = call(web_client, "GET", f"/events/{slug}/staff", judge)
    assert [m["username"] for m in listed.json()["staff"]] == ["olga", "jo"]
    refused = call(web_client, "PUT", f"/events/{slug}/staff", judge, {"username": "vi"})
    assert refused.status_code == 403 and error_of(refused)["code"] == "not_allowed"
    made = call(
        web_client, "PUT", f"/events/{slug}/staff", owner, {"username": "vi", "role": "viewer"}
    )
    assert (
        made.status_code == 200
        and {"username": "vi", "name": "Vi", "role": "viewer"} in made.json()["staff"]
    )
    last = call(web_client, "DELETE", f"/events/{slug}/staff/olga", owner)
    assert last.status_code == 409 and "only owner" in error_of(last)["message"]
    gone = call(web_client, "DELETE", f"/events/{slug}/staff/vi", owner)
    assert "vi" not in [m["username"] for m in gone.json()["staff"]]
