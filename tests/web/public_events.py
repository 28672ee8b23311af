"""Events for the public-page tests, set up through the service as an organizer runs them:
five players (an odd field: a bye), the toss on."""

from __future__ import annotations

from fairpair.engine.results import Result, Side
from fairpair.engine.stage import Stage, TossSettings
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view

ACTOR = "td"
NAMES = ("Zoë Adams", "Bruno Costa", "Chloé Martin", "Dario Rossi", "Elif Yılmaz")


def toss_event(db: Database, name: str, names: tuple[str, ...] = NAMES) -> str:
    stage = Stage(config=SwissConfig(toss=TossSettings(enabled=True)))
    slug = events.create_event(db, name, actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(n, seed=i) for i, n in enumerate(names, 1)], actor=ACTOR
    )
    return slug


def release(db: Database, slug: str, *, open_it: bool = True) -> int:
    drafts.generate(db, slug, actor=ACTOR)
    number = rounds.release(db, slug, actor=ACTOR)
    if open_it:
        rounds.open_round(db, slug, number, actor=ACTOR)
    return number


def finish(db: Database, slug: str, number: int) -> None:
    for t in round_view(db, slug, number).tables:
        if t.result is None:
            results.report(db, slug, number, Result.win(Side.A), table=t.table, actor=ACTOR)
    rounds.complete_round(db, slug, number, actor=ACTOR)
