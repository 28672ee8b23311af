"""When a round was opened (the big-screen timer's ``?minutes=`` counts from it): the latest
opening while the round is Open, nothing while it is Scheduled or Completed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.clock import opened_at
from fairpair.store.database import Database

ACTOR = "td"


def test_a_round_counts_from_its_latest_opening(db: Database) -> None:
    slug = events.create_event(db, "Clock Night", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{i}") for i in range(4)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    assert opened_at(db, slug, 1) is None  # Scheduled
    rounds.open_round(db, slug, 1, actor=ACTOR)
    first = opened_at(db, slug, 1)
    assert first is not None and abs(first - datetime.now(UTC)) < timedelta(minutes=1)
    rounds.revert_round(db, slug, 1, actor=ACTOR)
    assert opened_at(db, slug, 1) is None
    rounds.open_round(db, slug, 1, actor=ACTOR)
    again = opened_at(db, slug, 1)
    assert again is not None and again >= first
    for table in (1, 2):
        results.report(db, slug, 1, Result.win(Side.A), table=table, actor=ACTOR)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    assert opened_at(db, slug, 1) is None  # Completed: no clock
