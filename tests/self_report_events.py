"""Events for the self-reporting tests (service and web): a Swiss with its round 1 open,
set up through the service; the tables of the current round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fairpair.engine.rulesets import PRESETS
from fairpair.engine.stage import Stage
from fairpair.engine.stage_config import SwissConfig
from fairpair.service.event import events
from fairpair.service.kernel.connection import Database
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds

ACTOR = "td"


@dataclass(frozen=True)
class Pair:
    """A table of the round: its number and its two players' ids (a, b)."""

    table: int
    a: str
    b: str


def reporting_event(
    db: Database,
    name: str,
    count: int = 4,
    *,
    ruleset: str = "default",
    open_round: bool = True,
    config: Any = None,
) -> str:
    """Event ``name`` with players ``p1`` … ``pCOUNT`` and round 1 released (and open); a
    Swiss unless ``config`` says another format."""
    stage = Stage(config=config or SwissConfig(), ruleset=PRESETS[ruleset], seed=name)
    slug = events.create_event(db, name, actor=ACTOR, stage=stage)
    players.add_players(
        db, slug, [NewPlayer(f"P{k}", id=f"p{k}", seed=k) for k in range(1, count + 1)], actor=ACTOR
    )
    drafts.generate(db, slug, actor=ACTOR)
    number = rounds.release(db, slug, actor=ACTOR)
    if open_round:
        rounds.open_round(db, slug, number, actor=ACTOR)
    return slug


def pairs(db: Database, slug: str, number: int = 1) -> list[Pair]:
    view = rounds.round_view(db, slug, number)
    return [Pair(t.table, t.a.id, t.b.id) for t in view.tables]


def actor(key: str) -> str:
    """The audit actor of player ``key``'s own actions (as ``PlayerPass.actor``)."""
    return f"player {key} ({key.upper()})"
