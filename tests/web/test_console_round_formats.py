"""The Rounds tab for the other stage formats, through HTTP: a round robin releases its whole
schedule at once, a pod table takes its finishing places (refusals shown next to the table),
and an elimination bracket's matches show their ids."""

from __future__ import annotations

from fastapi.testclient import TestClient

from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import PodsConfig, RoundRobinConfig, SingleEliminationConfig
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

from .helpers import account, log_in, post
from .test_console_rounds import ACTOR, text_of


def _event(db: Database, name: str, stage: Stage, size: int) -> str:
    who = account(db, "olga")
    slug = events.create_event(db, name, actor=ACTOR, owner=who.id, stage=stage)
    players.add_players(
        db,
        slug,
        [NewPlayer(f"Player {i}", id=f"p{i}", seed=i) for i in range(1, size + 1)],
        actor=ACTOR,
    )
    return slug


def test_a_round_robin_releases_its_whole_schedule(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = _event(sqlite_db, "Formats Robin", Stage(config=RoundRobinConfig()), 4)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/rounds")
    assert 'id="release-all"' in page.text and 'id="schedule"' in page.text
    assert post(web_client, f"/console/{slug}/rounds/release-all", {}).status_code == 303
    stage = events.show_event(sqlite_db, slug).stages[0]
    assert [r.number for r in stage.rounds] == [1, 2, 3]
    again = post(web_client, f"/console/{slug}/rounds/release-all", {})
    assert again.status_code == 409 and "form-error" in again.text
    assert len(events.show_event(sqlite_db, slug).stages[0].rounds) == 3


def test_a_pod_table_takes_its_finishing_places(
    web_client: TestClient, sqlite_db: Database
) -> None:
    slug = _event(sqlite_db, "Formats Pods", Stage(config=PodsConfig()), 8)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    rounds.open_round(sqlite_db, slug, 1, actor=ACTOR)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/rounds/1")
    assert page.status_code == 200 and "places-form" in page.text
    pod = rounds.round_view(sqlite_db, slug, 1).pods[0]
    seats = {f"place-{s.id}": str(n) for n, s in enumerate(pod.seats, start=1)}
    bad = post(
        web_client,
        f"/console/{slug}/rounds/1/places",
        {
            "table": str(pod.table),
            "version": str(pod.version),
            **seats,
            f"place-{pod.seats[0].id}": "x",
        },
    )
    assert bad.status_code == 409 and "is not a place" in bad.text
    assert rounds.round_view(sqlite_db, slug, 1).pods[0].seats[0].place is None
    good = post(
        web_client,
        f"/console/{slug}/rounds/1/places",
        {"table": str(pod.table), "version": str(pod.version), **seats},
    )
    assert good.status_code == 303, text_of(good.text)[-600:]
    after = rounds.round_view(sqlite_db, slug, 1).pods[0]
    assert [s.place for s in after.seats] == [1, 2, 3, 4]


def test_a_bracket_round_shows_its_match_ids(web_client: TestClient, sqlite_db: Database) -> None:
    slug = _event(sqlite_db, "Formats Bracket", Stage(config=SingleEliminationConfig()), 8)
    drafts.generate(sqlite_db, slug, actor=ACTOR)
    rounds.release(sqlite_db, slug, actor=ACTOR)
    log_in(web_client, "olga")
    page = web_client.get(f"/console/{slug}/rounds/1")
    view = rounds.round_view(sqlite_db, slug, 1)
    assert 'class="match-id"' in page.text
    for t in view.tables:
        assert t.id in text_of(page.text)
