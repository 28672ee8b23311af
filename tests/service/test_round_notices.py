"""Round notices (issue 11 point 5, seed 004 "What players see"): with a controllable clock,
the open / halfway / 24 h notices go exactly to the players whose match is outstanding,
exactly once each (the runner run twice, two threads at once); a player who reported before
halfway gets no nudge; a round without dates sends nothing; date changes replan; deliveries
follow the player's preferences. On SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import UTC, datetime, timedelta

import time_machine
from sqlalchemy import insert, select

from fairpair.engine.results import Result, Side
from fairpair.service.event import events
from fairpair.service.jobs.runner import run_due
from fairpair.service.jobs.schedule import pending
from fairpair.service.notices.handlers import deadline_text
from fairpair.service.notices.preferences import set_preferences
from fairpair.service.outbound.push_subscriptions import add_subscription
from fairpair.service.players import roster as players
from fairpair.service.players.registration import NewPlayer
from fairpair.service.results import recording as results
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import (
    AuditRow,
    ByeRow,
    DeliveryRow,
    NotificationRow,
    PlayerRow,
    SelfReportRow,
    TableRow,
)

ACTOR = "td"
T0 = datetime(2026, 12, 5, 10, 0, tzinfo=UTC)
END = T0 + timedelta(hours=72)
HALF = T0 + timedelta(hours=36)
WARN = END - timedelta(hours=24)


def _event(db: Database, name: str, count: int = 8) -> str:
    slug = events.create_event(db, name, actor=ACTOR)
    players.add_players(db, slug, [NewPlayer(f"{name} P{i}") for i in range(count)], actor=ACTOR)
    drafts.generate(db, slug, actor=ACTOR)
    rounds.release(db, slug, actor=ACTOR)
    return slug


def _run(db: Database, worker: str = "w") -> tuple[int, int]:
    total = (0, 0)
    while True:
        done, failed = run_due(db, handlers(db), worker=worker)
        total = (total[0] + done, total[1] + failed)
        if not done and not failed:
            return total


def _all(db: Database) -> Counter[tuple[str, str]]:
    with db.reading() as conn:
        rows = conn.execute(
            select(NotificationRow.kind, PlayerRow.name).join(
                PlayerRow, PlayerRow.id == NotificationRow.player_id
            )
        ).all()
    return Counter((r.kind, r.name) for r in rows)


def _table_players(db: Database, table: int) -> list[str]:
    with db.reading() as conn:
        row = conn.execute(select(TableRow.a_id, TableRow.b_id).where(TableRow.number == table))
        a, b = row.one()
        names: dict[int | None, str] = dict(
            conn.execute(select(PlayerRow.id, PlayerRow.name)).all()
        )
    return [names[a], names[b]]


def test_open_halfway_and_24h_go_once_to_the_players_with_outstanding_matches(
    db: Database,
) -> None:
    with time_machine.travel(T0 - timedelta(hours=1), tick=False) as clock:
        slug = _event(db, "Friday Modern")
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        assert pending(db) == []  # Scheduled: nothing planned yet
        rounds.open_round(db, slug, 1, actor=ACTOR)
        assert sorted(j.kind for j in pending(db)) == ["deadline-24h", "halfway", "round-open"]
        assert _run(db) == (0, 0)  # before the start: nothing
        clock.move_to(T0)
        _run(db)
        everyone = {f"Friday Modern P{i}" for i in range(8)}
        sent = _all(db)
        assert {n for k, n in sent if k == "round-open"} == everyone
        assert set(sent.values()) == {1}
        with db.reading() as conn:
            body = conn.execute(select(NotificationRow.body).limit(1)).scalar_one()
        assert "Round 1 of Friday Modern is open: play your match by Tue 8 Dec 10:00 UTC" in body
        # Table 1 is played before halfway: its players get no nudge, nor the warning.
        done = set(_table_players(db, 1))
        results.report(db, slug, 1, Result.win(Side.A), table=1, actor=ACTOR)
        clock.move_to(HALF)
        _run(db)
        _run(db)  # again: nothing more
        sent = _all(db)
        assert {n for k, n in sent if k == "halfway"} == everyone - done
        clock.move_to(WARN + timedelta(minutes=1))
        _run(db)
        sent = _all(db)
        assert {n for k, n in sent if k == "deadline-24h"} == everyone - done
        assert set(sent.values()) == {1}
        assert pending(db) == []
        with db.reading() as conn:
            actions = conn.execute(
                select(AuditRow.action, AuditRow.actor, AuditRow.after).where(
                    AuditRow.action.like("notice.%")
                )
            ).all()
        assert [(a.action, a.actor, a.after["notified"]) for a in actions] == [
            ("notice.round_open", "fairpair", 8),
            ("notice.halfway", "fairpair", 6),
            ("notice.deadline_24h", "fairpair", 6),
        ]


def test_two_threads_at_once_make_each_notification_once(db: Database) -> None:
    with time_machine.travel(T0, tick=False):
        slug = _event(db, "Thread Cup", count=40)
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        barrier = threading.Barrier(2)

        def work(name: str) -> None:
            barrier.wait()
            _run(db, name)

        threads = [threading.Thread(target=work, args=(f"t{i}",)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        sent = _all(db)
        assert len(sent) == 40 and set(sent.values()) == {1}


def test_a_round_without_dates_sends_nothing(db: Database) -> None:
    with time_machine.travel(T0, tick=False) as clock:
        slug = _event(db, "No Dates")
        rounds.open_round(db, slug, 1, actor=ACTOR)
        assert pending(db) == []
        clock.move_to(T0 + timedelta(days=30))
        assert _run(db) == (0, 0)
        assert _all(db) == Counter()
        # An end date alone is no start: still nothing.
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=None, ends_at=END + timedelta(days=40))
        assert pending(db) == []


def test_a_start_without_an_end_gives_the_open_notice_without_a_deadline(db: Database) -> None:
    with time_machine.travel(T0, tick=False):
        slug = _event(db, "Open Ended", count=2)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0 - timedelta(hours=2), ends_at=None)
        assert [j.kind for j in pending(db)] == ["round-open"]
        assert pending(db)[0].due_at == T0  # max(now, start)
        _run(db)
        with db.reading() as conn:
            bodies = conn.execute(select(NotificationRow.body)).scalars().all()
        assert len(bodies) == 2
        assert all(" by " not in b and "Round 1 of Open Ended is open" in b for b in bodies)


def test_date_changes_replan_and_old_jobs_do_nothing(db: Database) -> None:
    with time_machine.travel(T0 - timedelta(hours=1), tick=False) as clock:
        slug = _event(db, "Moved Round", count=4)
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        old = {j.kind: j for j in pending(db)}
        later = T0 + timedelta(days=1)
        rounds.set_dates(
            db, slug, 1, actor=ACTOR, starts_at=later, ends_at=later + timedelta(hours=72)
        )
        new = {j.kind: j for j in pending(db)}
        assert set(new) == set(old) and not {j.key for j in old.values()} & {
            j.key for j in new.values()
        }
        assert new["round-open"].due_at == later
        assert new["halfway"].due_at == later + timedelta(hours=36)
        clock.move_to(T0 + timedelta(hours=2))
        assert _run(db) == (0, 0)  # the old start passed: nothing planned for it
        clock.move_to(later)
        _run(db)
        assert len(_all(db)) == 4
        body = _body(db)
        assert f"by {deadline_text(later + timedelta(hours=72))}" in body
        # Reverted: the jobs not done are taken back; opened again: replanned, no repeats.
        rounds.revert_round(db, slug, 1, actor=ACTOR)
        assert pending(db) == []
        rounds.open_round(db, slug, 1, actor=ACTOR)
        assert sorted(j.kind for j in pending(db)) == ["deadline-24h", "halfway"]
        _run(db)
        assert set(_all(db).values()) == {1}


def _body(db: Database) -> str:
    with db.reading() as conn:
        return str(conn.execute(select(NotificationRow.body).limit(1)).scalar_one())


def test_completed_and_deleted_rounds_send_nothing_more(db: Database) -> None:
    with time_machine.travel(T0, tick=False) as clock:
        slug = _event(db, "Short Round", count=2)
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        _run(db)
        results.report(db, slug, 1, Result.win(Side.A), table=1, actor=ACTOR)
        rounds.complete_round(db, slug, 1, actor=ACTOR)
        assert pending(db) == []
        clock.move_to(END)
        assert _run(db) == (0, 0)
        # A Scheduled round with dates that is deleted leaves no jobs behind.
        drafts.generate(db, slug, actor=ACTOR)
        rounds.release(db, slug, actor=ACTOR)
        rounds.set_dates(db, slug, 2, actor=ACTOR, starts_at=END, ends_at=END + timedelta(days=3))
        rounds.delete_round(db, slug, 2, actor=ACTOR)
        assert pending(db) == []


def test_a_reporter_waiting_for_confirmation_is_not_nudged_but_the_opponent_is(
    db: Database,
) -> None:
    with time_machine.travel(T0, tick=False) as clock:
        slug = _event(db, "Waiting Cup", count=4)
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        _run(db)
        reporter, opponent = _table_players(db, 1)
        with db.writing() as conn:
            table_id, a_id = conn.execute(
                select(TableRow.id, TableRow.a_id).where(TableRow.number == 1)
            ).one()
            conn.execute(
                insert(SelfReportRow).values(
                    table_id=table_id,
                    reporter_id=a_id,
                    kind="games",
                    winner="a",
                    games_a=2,
                    games_b=1,
                    games_draws=0,
                    state="pending",
                    reported_at=T0,
                    confirm_by=T0 + timedelta(minutes=15),
                    version=1,
                )
            )
        clock.move_to(HALF)
        _run(db)
        nudged = {n for k, n in _all(db) if k == "halfway"}
        assert opponent in nudged and reporter not in nudged and len(nudged) == 3


def test_deliveries_follow_the_players_preferences(db: Database) -> None:
    keys = {
        "endpoint": "https://push.example/abc",
        "keys": {
            "p256dh": "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfck"
            "jBJuBkr3qBUYIHBQFLXYp5Nksh8U",
            "auth": "tBHItJI5svbpez7KI4CCXg",
        },
    }
    with time_machine.travel(T0, tick=False):
        slug = _event(db, "Prefs Cup", count=2)
        with db.reading() as conn:
            ids = dict(conn.execute(select(PlayerRow.name, PlayerRow.id)).all())
        one, two = ids["Prefs Cup P0"], ids["Prefs Cup P1"]
        add_subscription(db, slug, one, keys, actor="player")
        add_subscription(db, slug, two, {**keys, "endpoint": "https://push.example/two"}, actor="p")
        set_preferences(
            db, slug, one, push=True, discord=True, discord_user_id="123456789012345678", actor="p"
        )
        set_preferences(db, slug, two, push=False, discord=False, discord_user_id=None, actor="p")
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        run_due(db, {k: v for k, v in handlers(db).items() if k != "deliver"}, worker="w")
        with db.reading() as conn:
            rows = conn.execute(
                select(NotificationRow.player_id, DeliveryRow.channel, DeliveryRow.state).join(
                    NotificationRow, NotificationRow.id == DeliveryRow.notification_id
                )
            ).all()
        assert sorted((r.player_id, r.channel, r.state) for r in rows) == [
            (one, "discord", "pending"),
            (one, "push", "pending"),
        ]
        assert sorted(j.kind for j in pending(db)) == [
            "deadline-24h",
            "deliver",
            "deliver",
            "halfway",
        ]


def test_byes_and_dropped_players_are_not_messaged(db: Database) -> None:
    with time_machine.travel(T0, tick=False):
        slug = _event(db, "Bye Night", count=5)
        with db.reading() as conn:
            names = dict(conn.execute(select(PlayerRow.id, PlayerRow.name)).all())
            bye = conn.execute(select(ByeRow.player_id)).scalar_one()
        leaver = next(n for p, n in names.items() if p != bye)
        rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=T0, ends_at=END)
        rounds.open_round(db, slug, 1, actor=ACTOR)
        players.drop_player(db, slug, leaver, actor=ACTOR)
        _run(db)
        told = {n for _, n in _all(db)}
        assert told == set(names.values()) - {names[bye], leaver}
