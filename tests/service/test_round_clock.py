"""The round's clock (service.rounds.clock): the timer staff start, pause, resume, extend and
reset from the console — each one transaction, audited, refused with the reason when it
cannot be done — and when a round was opened (the big screen's ``?minutes=`` counts from it)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import time_machine

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.event.audit_pages import audit_page
from fairpair.service.kernel import audit
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import clock, drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.clock import RoundClock, opened_at
from fairpair.store.database import Database

from .helpers import refused

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


T0 = datetime(2026, 5, 2, 14, 0, tzinfo=UTC)


def _open_event(db: Database, name: str) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"P{i}") for i in range(4)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    return slug


def test_the_console_starts_pauses_resumes_and_extends_the_timer(db: Database) -> None:
    with time_machine.travel(T0, tick=False) as moment:
        slug = _open_event(db, "Timer Night")
        refused(
            db,
            "refused",
            "round 1 is Upcoming: the timer runs while a round is In Progress (open it first)",
            call=lambda: clock.start_clock(db, slug, 1, minutes=50, actor=ACTOR),
        )
        rounds.open_round(db, slug, 1, actor=ACTOR)
        assert clock.round_clock(db, slug, 1) is None
        started = clock.start_clock(db, slug, 1, minutes=50, actor=ACTOR)
        assert started == RoundClock("running", T0 + timedelta(minutes=50), None)
        assert clock.round_clock(db, slug, 1) == started
        moment.shift(timedelta(minutes=20))
        paused = clock.pause_clock(db, slug, 1, actor=ACTOR)
        assert paused == RoundClock("paused", None, 30 * 60)
        moment.shift(timedelta(minutes=7))  # paused: the time left stands still
        assert clock.round_clock(db, slug, 1) == paused
        assert clock.extend_clock(db, slug, 1, minutes=5, actor=ACTOR).left_seconds == 35 * 60
        resumed = clock.resume_clock(db, slug, 1, actor=ACTOR)
        assert resumed.ends_at == T0 + timedelta(minutes=27 + 35)
        later = clock.extend_clock(db, slug, 1, minutes=1, actor=ACTOR)
        assert later.ends_at == T0 + timedelta(minutes=63)
        assert clock.extend_clock(db, slug, 1, minutes=-120, actor=ACTOR).ends_at == (
            T0 + timedelta(minutes=27)  # never below zero: time is up now
        )
        clock.reset_clock(db, slug, 1, actor=ACTOR)
        assert clock.round_clock(db, slug, 1) is None
    kinds = [e.action for e in audit.audit_log(db, slug).entries if "clock" in e.action]
    assert kinds == [
        "round.clock_start",
        "round.clock_pause",
        "round.clock_extend",
        "round.clock_resume",
        "round.clock_extend",
        "round.clock_extend",
        "round.clock_reset",
    ]
    said = [line.sentence for line in audit_page(db, slug).lines if "timer" in line.sentence]
    assert said[-1] == "td started the timer of round 1 at 50 minutes"
    assert "td paused the timer of round 1 with 30:00 left" in said
    assert "td added 5 minutes to the timer of round 1" in said
    assert "td took 120 minutes off the timer of round 1" in said


def test_a_timer_refuses_what_cannot_be_done_and_changes_nothing(db: Database) -> None:
    slug = _open_event(db, "Timer Refusals")
    rounds.open_round(db, slug, 1, actor=ACTOR)
    before = len(audit.audit_log(db, slug).entries)
    refused(
        db,
        "refused",
        "the timer is not running: start it (or resume it) first",
        call=lambda: clock.pause_clock(db, slug, 1, actor=ACTOR),
    )
    refused(
        db,
        "refused",
        "no timer yet: start it first",
        call=lambda: clock.extend_clock(db, slug, 1, minutes=5, actor=ACTOR),
    )
    refused(
        db,
        "refused",
        "minutes: a whole number from 1 to 1440",
        call=lambda: clock.start_clock(db, slug, 1, minutes=0, actor=ACTOR),
    )
    clock.start_clock(db, slug, 1, minutes=50, actor=ACTOR)
    refused(
        db,
        "refused",
        "the timer is not paused: nothing to resume",
        call=lambda: clock.resume_clock(db, slug, 1, actor=ACTOR),
    )
    refused(
        db,
        "refused",
        "minutes: add or take away at least 1",
        call=lambda: clock.extend_clock(db, slug, 1, minutes=0, actor=ACTOR),
    )
    assert len(audit.audit_log(db, slug).entries) == before + 1  # only the start
    for table in (1, 2):
        results.report(db, slug, 1, Result.win(Side.A), table=table, actor=ACTOR)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    assert clock.round_clock(db, slug, 1) is None  # Completed: no timer shown
