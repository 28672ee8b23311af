"""The organizer's phone (issue 32), through the service: result entries with an idempotency
key (a repeat answered with the first answer, recorded once; the same result recorded by
someone else is no conflict; a different one is a conflict naming both, nothing changed),
staff alerts by web push (a dispute, a judge call, the round's last result in — to the
kinds each subscription asked for, only while its account is staff; a gone subscription
deleted), judge calls, and check-in by a player's code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import func, select

from fairpair.engine.results import Result, Side
from fairpair.service.accounts import staff
from fairpair.service.accounts.logins import add_account
from fairpair.service.event.details import set_event_details
from fairpair.service.jobs.runner import run_due
from fairpair.service.kernel import audit
from fairpair.service.kernel.errors import ResultConflict
from fairpair.service.notices.staff_alerts import (
    DISPUTE,
    JUDGE_CALL,
    LAST_RESULT,
    staff_alerts,
    subscribe_staff,
    unsubscribe_staff,
)
from fairpair.service.players import roster
from fairpair.service.players.checkin_codes import check_in_by_code, checkin_code
from fairpair.service.results import recording as results
from fairpair.service.results.judge_calls import answer_call, call_judge, open_calls
from fairpair.service.results.self_reports import dispute_report, report_own
from fairpair.service.wiring import handlers
from fairpair.store.database import Database
from fairpair.store.models import EventRow, PlayerRow, ResultRow, StaffPushRow
from self_report_events import ACTOR, actor, pairs, reporting_event

from .fake_services import FakeServices, fake_services
from .helpers import refused
from .test_notice_deliveries import Browser

KEY = "7f9c2a4e-1b3d-4c5e-8f60-0a1b2c3d4e5f"


def _results(db: Database) -> int:
    with db.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(ResultRow)).scalar_one())


def _ids(db: Database, slug: str) -> tuple[int, dict[str, int]]:
    with db.reading() as conn:
        event = conn.execute(select(EventRow.id).where(EventRow.slug == slug)).scalar_one()
        players = dict(
            conn.execute(
                select(PlayerRow.key, PlayerRow.id).where(PlayerRow.event_id == event)
            ).all()
        )
    return int(event), players


def test_a_repeated_key_gets_the_first_answer_and_records_once(db: Database) -> None:
    slug = reporting_event(db, "Key Cup")
    first = pairs(db, slug)[0]
    win = Result.from_games(2, 1)
    one = results.report(db, slug, 1, win, actor="jude", table=first.table, key=KEY)
    entries = len(audit.audit_log(db, slug).entries)
    again = results.report(db, slug, 1, win, actor="jude", table=first.table, key=KEY)
    assert (one.repeated, again.repeated) == (False, True)
    assert (again.table, again.result, again.version) == (one.table, one.result, one.version)
    assert _results(db) == 1
    assert len(audit.audit_log(db, slug).entries) == entries  # nothing written again
    # a key's first answer is kept even if the entry is sent with another result: the key
    # names the entry, and the entry was recorded
    assert results.report(db, slug, 1, Result.win(Side.B), actor="x", table=first.table, key=KEY)
    assert _results(db) == 1


def test_same_result_recorded_meanwhile_is_no_conflict_a_different_one_is(db: Database) -> None:
    slug = reporting_event(db, "Meanwhile Cup", 6)
    one, two = pairs(db, slug)[:2]
    results.report(db, slug, 1, Result.from_games(2, 0), actor="ally", table=one.table)
    same = results.report(
        db, slug, 1, Result.from_games(2, 0), actor="jude", table=one.table, key=KEY
    )
    assert same.already == "ally" and not same.repeated
    assert results.report(
        db, slug, 1, Result.from_games(2, 0), actor="jude", table=one.table, key=KEY
    ).repeated
    results.report(db, slug, 1, Result.from_games(2, 1), actor="ally", table=two.table)
    error = refused(
        db,
        "already_recorded",
        f"table {two.table} already has a result, a different one",
        "recorded by ally",
        "this entry said",
        call=lambda: results.report(
            db, slug, 1, Result.from_games(0, 2), actor="jude", table=two.table, key=KEY + "-2"
        ),
    )
    assert isinstance(error, ResultConflict)
    assert error.version == 1 and "(by ally)" in error.recorded
    assert error.entry.endswith(" wins 2-0") and error.recorded.endswith(" wins 2-1 (by ally)")
    # without a key the old answer stands: told what is recorded
    refused(
        db,
        "already_recorded",
        "already has a result",
        call=lambda: results.report(db, slug, 1, Result.win(Side.B), actor="x", table=two.table),
    )


def test_a_bad_key_is_refused_naming_it(db: Database) -> None:
    slug = reporting_event(db, "Bad Key Cup")
    first = pairs(db, slug)[0]
    error = refused(
        db,
        "refused",
        "idempotency key",
        call=lambda: results.report(
            db, slug, 1, Result.win(Side.A), actor="x", table=first.table, key="no spaces!"
        ),
    )
    assert error.location.path == ("key",)


@pytest.fixture
def fake() -> Iterator[FakeServices]:
    with fake_services() as services:
        yield services


def _jobs(db: Database) -> None:
    while any(run_due(db, handlers(db), worker="w")):
        pass


def test_staff_get_the_alerts_they_asked_for(db: Database, fake: FakeServices) -> None:
    slug = reporting_event(db, "Alert Cup", 4)
    jude = add_account(db, "jude", "correct horse battery", name="Jude")
    vera = add_account(db, "vera", "correct horse battery", name="Vera")
    staff.grant(db, slug, "jude", "judge", actor=ACTOR)
    staff.grant(db, slug, "vera", "viewer", actor=ACTOR)
    phone = Browser(fake.push_endpoint("jude-phone"))
    subscribe_staff(
        db,
        slug,
        jude.id,
        phone.json,
        [DISPUTE, JUDGE_CALL, LAST_RESULT],
        actor="jude",
        loopback_http=True,
    )
    quiet = Browser(fake.push_endpoint("vera-phone"))
    subscribe_staff(db, slug, vera.id, quiet.json, [LAST_RESULT], actor="vera", loopback_http=True)
    assert list(staff_alerts(db, slug, jude.id).endpoints.values()) == [
        (DISPUTE, JUDGE_CALL, LAST_RESULT)
    ]
    refused(
        db,
        "refused",
        "no alert 'gossip'",
        call=lambda: subscribe_staff(
            db, slug, jude.id, phone.json, ["gossip"], actor="jude", loopback_http=True
        ),
    )
    first, second = pairs(db, slug)
    _, ids = _ids(db, slug)

    # a dispute: Jude's phone, not Vera's
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    dispute_report(db, slug, first.b, 2, 0, 0, actor=actor(first.b))
    _jobs(db)
    (pushed,) = fake.of("/push/")
    said = phone.read(pushed.body)
    assert said["title"] == f"Dispute at table {first.table}"
    assert "Resolution Queue" in said["body"] and said["url"] == f"/console/{slug}/queue"

    # a judge call, with its note; calling again while it is open alerts nobody again
    call = call_judge(db, slug, ids[second.a], "  deck check please ", actor=actor(second.a))
    assert call_judge(db, slug, ids[second.a], None, actor=actor(second.a)).id == call.id
    _jobs(db)
    assert [s.path for s in fake.of("/push/")] == ["/push/jude-phone"] * 2
    said = phone.read(fake.of("/push/")[-1].body)
    assert said["title"] == f"Judge call: table {second.table}"
    assert said["body"].endswith(f"to table {second.table} (round 1): deck check please")
    assert [c.id for c in open_calls(db, slug)] == [call.id]
    answered = answer_call(db, slug, call.id, actor="jude")
    assert answered.answered_by == "jude" and open_calls(db, slug) == []
    refused(
        db,
        "refused",
        "answered already by jude",
        call=lambda: answer_call(db, slug, call.id, actor="ally"),
    )

    # the round's last result: both phones; Vera is no longer staff after it, so the next
    # round's alert reaches Jude only
    results.report(db, slug, 1, Result.win(Side.A), actor="jude", table=first.table)
    _jobs(db)
    assert len(fake.of("/push/")) == 2  # one table still open: no alert
    results.report(db, slug, 1, Result.win(Side.A), actor="jude", table=second.table)
    _jobs(db)
    last = fake.of("/push/")[2:]
    assert sorted(s.path for s in last) == ["/push/jude-phone", "/push/vera-phone"]
    assert quiet.read(next(s for s in last if "vera" in s.path).body)["title"] == (
        "Round 1: every result is in"
    )
    actions = [e.action for e in audit.audit_log(db, slug).entries]
    assert {"staff.push_on", "judge.call", "judge.answer"} <= set(actions)
    staff.revoke(db, slug, "vera", actor=ACTOR)
    assert unsubscribe_staff(db, slug, jude.id, fake.push_endpoint("jude-phone"), actor="jude") == 1
    assert staff_alerts(db, slug, jude.id).endpoints == {}


def test_staff_alerts_in_the_phones_language_else_the_events(
    db: Database, fake: FakeServices
) -> None:
    """A phone's alerts are written in the console's language when they were turned on there
    (German), else in the event's default language (Spanish)."""
    slug = reporting_event(db, "Alarm Cup", 4)
    set_event_details(db, slug, {"language": "es"}, actor=ACTOR)
    jude = add_account(db, "jude", "correct horse battery", name="Jude")
    staff.grant(db, slug, "jude", "judge", actor=ACTOR)
    german = Browser(fake.push_endpoint("jude-de"))
    subscribe_staff(
        db, slug, jude.id, german.json, [JUDGE_CALL, DISPUTE, LAST_RESULT], actor="jude",
        loopback_http=True, language="de",
    )  # fmt: skip
    spanish = Browser(fake.push_endpoint("jude-es"))
    subscribe_staff(
        db, slug, jude.id, spanish.json, [JUDGE_CALL, DISPUTE, LAST_RESULT], actor="jude",
        loopback_http=True,
    )  # fmt: skip
    first, second = pairs(db, slug)
    _, ids = _ids(db, slug)
    call_judge(db, slug, ids[second.a], "deck check", actor=actor(second.a))
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    dispute_report(db, slug, first.b, 2, 0, 0, actor=actor(first.b))
    results.report(db, slug, 1, Result.win(Side.A), actor="jude", table=first.table)
    results.report(db, slug, 1, Result.win(Side.A), actor="jude", table=second.table)
    _jobs(db)
    said = {
        (s.path, phone.read(s.body)["title"]): phone.read(s.body)["body"]
        for s in fake.of("/push/")
        for phone in (german if s.path.endswith("-de") else spanish,)
    }
    a = second.a.upper()
    assert said[("/push/jude-de", f"Judge-Ruf: Tisch {second.table}")] == (
        f"{a} ruft einen Judge — Tisch {second.table} (Runde 1): deck check"
    )
    assert said[("/push/jude-es", f"Llamada a juez: mesa {second.table}")] == (
        f"{a} llama a un juez — mesa {second.table} (ronda 1): deck check"
    )
    assert said[("/push/jude-de", f"Streitfall an Tisch {first.table}")].endswith(
        "Es wartet in der Klärungswarteschlange."
    )
    assert said[("/push/jude-es", f"Disputa en la mesa {first.table}")].endswith(
        "Espera en la cola de resolución."
    )
    assert said[("/push/jude-de", "Runde 1: alle Ergebnisse sind da")] == (
        f"Das letzte Ergebnis von Runde 1 (swiss) ist da: {a} gewinnt."
    )
    assert said[("/push/jude-es", "Ronda 1: están todos los resultados")] == (
        f"Llegó el último resultado de la ronda 1 (swiss): gana {a}."
    )


def test_a_gone_staff_subscription_is_deleted(db: Database, fake: FakeServices) -> None:
    slug = reporting_event(db, "Gone Alert Cup", 2)
    jude = add_account(db, "jude", "correct horse battery", name="Jude")
    staff.grant(db, slug, "jude", "judge", actor=ACTOR)
    gone = Browser(fake.push_endpoint("gone-jude"))
    subscribe_staff(db, slug, jude.id, gone.json, [LAST_RESULT], actor="jude", loopback_http=True)
    (only,) = pairs(db, slug)
    results.report(db, slug, 1, Result.win(Side.A), actor="jude", table=only.table)
    _jobs(db)
    assert [s.path for s in fake.of("/push/")] == ["/push/gone-jude"]
    with db.reading() as conn:
        assert conn.execute(select(StaffPushRow.id)).first() is None


def test_check_in_by_code(db: Database) -> None:
    slug = reporting_event(db, "Code Cup", 4, open_round=False)
    other = reporting_event(db, "Other Code Cup", 2, open_round=False)
    _, ids = _ids(db, slug)
    _, other_ids = _ids(db, other)
    ann = checkin_code(db, slug, ids["p1"])
    assert ann == checkin_code(db, slug, ids["p1"])  # the same every time
    assert len(ann.code) == 9 and ann.code[4] == "-"
    assert ann.qr == f"fairpair:checkin:{slug}:{ann.code.replace('-', '')}"
    assert ann.code != checkin_code(db, slug, ids["p2"]).code
    done = check_in_by_code(db, slug, ann.qr, actor="jude")
    assert (done.player, done.already) == ("p1", False)
    assert check_in_by_code(db, slug, ann.code.lower(), actor="jude").already
    bea = checkin_code(db, slug, ids["p2"])
    assert not check_in_by_code(db, slug, " " + bea.code.replace("-", " ") + " ", actor="x").already
    stranger = checkin_code(db, other, other_ids["p1"])
    refused(
        db,
        "refused",
        f"another event ({other})",
        call=lambda: check_in_by_code(db, slug, stranger.qr, actor="jude"),
    )
    refused(
        db,
        "refused",
        "no player of this event has the code",
        call=lambda: check_in_by_code(db, slug, stranger.code, actor="jude"),
    )
    refused(db, "refused", "8 letters", call=lambda: check_in_by_code(db, slug, "K7Q", actor="j"))
    roster.drop_player(db, slug, "p3", actor=ACTOR, reason="ill")
    cole = checkin_code(db, slug, ids["p3"])
    refused(
        db,
        "refused",
        "P3 has dropped",
        call=lambda: check_in_by_code(db, slug, cole.code, actor="jude"),
    )
