"""Pod tables through the service: generate and release a pod round, record a table's places
(one transaction, one audit entry), the refusals (nothing changed), a correction with its
version check, and the standings by place (docs/pods.md "Reporting a pod table")."""

from __future__ import annotations

from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import StageFormat, stage_from_settings
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import standings
from fairpair.service.results.places import record_places
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

from .helpers import Audited, refused

ACTOR = "td"


def _pod_event(db: Database, size: int) -> str:
    stage = stage_from_settings(
        id="pods", format=StageFormat.PODS, ruleset=PRESETS["pods"], max_rounds=3
    )
    slug = events.create_event(db, "Pod Night", actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{i}", id=f"p{i}", seed=i) for i in range(1, size + 1)], actor=ACTOR
    )
    return slug


def test_a_pod_round_is_drafted_released_and_reported_by_place(db: Database) -> None:
    slug = _pod_event(db, 7)
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert saved.pairings == [] and [len(p["seats"]) for p in saved.pods] == [4, 3]
    assert any(n["kind"] == "pod_tables" for n in saved.notes)
    rounds.release(db, slug, actor=ACTOR)
    seats = {p["table"]: [s["id"] for s in p["seats"]] for p in saved.pods}

    refused(
        db,
        "lifecycle_refused",
        "open it first",
        call=lambda: record_places(db, slug, 1, 1, [1, 2, 3, 4], actor=ACTOR),
    )
    rounds.open_round(db, slug, 1, actor=ACTOR)
    act = Audited(db, slug, ACTOR)
    refused(
        db,
        "invalid_result",
        "4 places for 3 seats",
        call=lambda: record_places(db, slug, 1, 2, [1, 2, 3, 4], actor=ACTOR),
    )
    refused(
        db,
        "invalid_result",
        "has no seat at table 2",
        call=lambda: record_places(db, slug, 1, 2, {seats[1][0]: 1}, actor=ACTOR),
    )
    refused(
        db,
        "invalid_result",
        "missing",
        call=lambda: record_places(db, slug, 1, 2, {seats[2][0]: 1}, actor=ACTOR),
    )
    refused(
        db,
        "invalid_result",
        "cannot follow",
        call=lambda: record_places(db, slug, 1, 1, [1, 1, 2, 4], actor=ACTOR),
    )
    refused(
        db,
        "unknown_table",
        "no table 9",
        call=lambda: record_places(db, slug, 1, 9, [1, 2, 3], actor=ACTOR),
    )

    first = dict(zip(seats[1], [1, 2, 2, 4], strict=True))
    done = act("places.record", record_places, 1, 1, first)
    assert done.places == (1, 2, 2, 4) and done.version == 2
    assert "2nd (shared)" in done.text
    refused(
        db,
        "already_recorded",
        "already has its places",
        call=lambda: record_places(db, slug, 1, 1, [1, 2, 3, 4], actor=ACTOR),
    )
    refused(
        db,
        "stale_version",
        "version 1, now 2",
        call=lambda: record_places(
            db, slug, 1, 1, [1, 2, 3, 4], actor=ACTOR, correct=True, version=1
        ),
    )
    fixed = act("places.correct", record_places, 1, 1, [1, 2, 3, 4], correct=True, version=2)
    assert fixed.version == 3
    act("places.record", record_places, 1, 2, [1, 1, 3])

    view = rounds.round_view(db, slug, 1)
    assert view.outstanding == 0
    assert [[s.place for s in p.seats] for p in view.pods] == [[1, 2, 3, 4], [1, 1, 3]]
    _t, table = standings.standings(db, slug)
    points = {r.player.id: int(r.points) for r in table.rows}
    assert points[seats[1][0]] == 5 and points[seats[2][0]] == points[seats[2][1]] == 1
    assert points[seats[1][1]] == 0
