"""Moments in time read back the same on both databases: aware, in UTC, the instant given
(a round's dates drive its notifications: seed 004 "Set dates")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

from fairpair.service.event import events
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database

ACTOR = "td"


def test_round_dates_and_audit_times_are_utc_instants(db: Database) -> None:
    slug = events.create_event(db, "Time Trial", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{i}") for i in range(4)], actor=ACTOR)
    saved = drafts.generate(db, slug, actor=ACTOR)
    assert saved.made_at.tzinfo is not None
    rounds.release(db, slug, actor=ACTOR)
    cest = timezone(timedelta(hours=2))
    start = datetime(2026, 12, 5, 10, 0, tzinfo=cest)
    rounds.set_dates(
        db, slug, 1, actor=ACTOR, starts_at=start, ends_at=start + timedelta(minutes=50)
    )
    shown = events.show_event(db, slug)
    rnd = shown.stages[0].rounds[0]
    assert rnd.starts_at == start  # the same instant (an aware comparison)
    assert rnd.starts_at is not None and rnd.starts_at.utcoffset() == timedelta(0)
    assert rnd.starts_at.hour == 8
    assert rnd.ends_at == start + timedelta(minutes=50)
    assert shown.created_at.tzinfo is not None
    for entry in audit.audit_log(db, slug).entries:
        assert entry.at.utcoffset() == timedelta(0)
        assert abs(entry.at - datetime.now(UTC)) < timedelta(minutes=5)
    listed = events.list_events(db).events[0]
    assert listed.created_at.tzinfo is not None and listed.changed_at.tzinfo is not None
