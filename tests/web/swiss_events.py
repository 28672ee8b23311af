"""Events for the Pairings, Toss, Standings and Top cut tests, set up through the service;
and a request inside a running app, as the SSE route hands its live views."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient
from starlette.requests import Request

from fairpair.engine.results import Result, Side
from fairpair.engine.rounds import Match
from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig, TossSettings
from fairpair.service.accounts.logins import Account
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts, stages
from fairpair.service.rounds import lifecycle as rounds

ACTOR = "td"


def swiss_event(
    db: Database,
    name: str,
    names: list[str],
    *,
    owner: Account | None = None,
    toss: bool = True,
    max_rounds: int | None = None,
    ruleset: str = "default",
) -> str:
    """A Swiss event (stage ``swiss``) with ``names`` registered, seeded in order."""
    stage = Stage(
        config=SwissConfig(max_rounds=max_rounds, toss=TossSettings(enabled=toss)),
        ruleset=PRESETS[ruleset],
        seed=name,
    )
    slug = events.create_event(
        db, name, actor=ACTOR, stage=stage, owner=owner.id if owner else None
    )
    players.add_players(
        db,
        slug,
        [NewPlayer(n, id=n.lower().replace(" ", "-"), seed=k) for k, n in enumerate(names, 1)],
        actor=ACTOR,
    )
    return slug


def add_cut(db: Database, slug: str, top: int, fmt: str = "single_elimination") -> None:
    stages.add_stage(
        db,
        slug,
        {"id": "top", "format": fmt, "cut": {"from_stage": "swiss", "top": top}},
        actor=ACTOR,
    )


def start_round(db: Database, slug: str, stage: str = "swiss") -> int:
    drafts.generate(db, slug, actor=ACTOR, stage=stage)
    number = rounds.release(db, slug, actor=ACTOR, stage=stage)
    rounds.open_round(db, slug, number, actor=ACTOR, stage=stage)
    return number


def play_round(
    db: Database,
    slug: str,
    stage: str = "swiss",
    winner: Callable[[Match], Side] = lambda m: Side.A,
    *,
    complete: bool = True,
) -> int:
    """A round generated, released, opened, every match won by ``winner`` and completed."""
    number = start_round(db, slug, stage)
    rnd = events.export_event(db, slug).stage(stage).round(number)
    assert rnd is not None
    for m in rnd.matches:
        results.report(
            db, slug, number, Result.win(winner(m)), table=m.table, actor=ACTOR, stage=stage
        )
    if complete:
        rounds.complete_round(db, slug, number, actor=ACTOR, stage=stage)
    return number


def app_request(client: TestClient) -> Request:
    """A request inside ``client``'s app (a live view renders with the app's templates)."""
    scope = {"type": "http", "app": client.app, "headers": [], "method": "GET", "path": "/"}
    return Request({**scope, "query_string": b""})
