"""Self-reported results (issue 11, point 4): the flow — report, confirm, dispute, replace —
every refusal (nothing changed), and staff settling a players' report."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select, update

from fairpair.engine.results import Result
from fairpair.engine.stage_config import PodsConfig, SingleEliminationConfig
from fairpair.service.event.details import set_event_details
from fairpair.service.kernel import audit
from fairpair.service.notices.notifications import notifications_of
from fairpair.service.players import portal_settings as portal
from fairpair.service.players import roster as players
from fairpair.service.results import recording as results
from fairpair.service.results.current_match import Score
from fairpair.service.results.self_reports import (
    confirm_report,
    dispute_report,
    report_own,
    report_state,
)
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from fairpair.store.models import PlayerRow, ResultRow, SelfReportRow
from self_report_events import ACTOR, actor, pairs, reporting_event

from .helpers import refused


def _player_id(db: Database, slug: str, key: str) -> int:
    from fairpair.store.models import EventRow

    with db.reading() as conn:
        return int(
            conn.execute(
                select(PlayerRow.id)
                .join(EventRow, EventRow.id == PlayerRow.event_id)
                .where(EventRow.slug == slug, PlayerRow.key == key)
            ).scalar_one()
        )


def _actions(db: Database, slug: str) -> list[str]:
    return [e.action for e in audit.audit_log(db, slug).entries]


def _results(db: Database) -> int:
    with db.reading() as conn:
        return int(conn.execute(select(func.count()).select_from(ResultRow)).scalar_one())


def test_a_report_confirmed_by_the_opponent_becomes_the_result(db: Database) -> None:
    slug = reporting_event(db, "Flow Confirm")
    first = pairs(db, slug)[0]
    state = report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    assert (state.state, state.mine, state.reported) == ("pending", True, Score(2, 1))
    assert state.confirm_by is not None and state.reported_at is not None
    assert state.confirm_by - state.reported_at == timedelta(minutes=15)
    seen = report_state(db, slug, first.b)
    assert (seen.state, seen.mine, seen.reported, seen.opponent_key) == (
        "pending",
        False,
        Score(1, 2),  # told from b's side
        first.a,
    )
    asked = notifications_of(db, _player_id(db, slug, first.b))
    assert [n.title for n in asked] == [f"{first.a.upper()} reported 2-1: confirm or dispute"]
    assert asked[0].url == f"/e/{slug}/me"
    done = confirm_report(db, slug, first.b, actor=actor(first.b), version=seen.version)
    assert done.state == "confirmed" and done.result == f"{first.a.upper()} wins 2-1"
    assert not done.can_report
    assert _actions(db, slug)[-3:] == ["self_report.report", "result.report", "self_report.confirm"]
    view = rounds.round_view(db, slug, 1)
    assert view.tables[0].result == f"{first.a.upper()} wins 2-1"


def test_the_other_player_reporting_the_same_confirms_and_another_disputes(db: Database) -> None:
    slug = reporting_event(db, "Flow Same Or Not", 8)
    same, other, *_ = pairs(db, slug)
    report_own(db, slug, same.b, 0, 2, 0, actor=actor(same.b))
    state = report_own(db, slug, same.a, 2, 0, 0, actor=actor(same.a))
    assert state.state == "confirmed" and state.result == f"{same.a.upper()} wins 2-0"
    report_own(db, slug, other.a, 2, 1, 0, actor=actor(other.a))
    state = report_own(db, slug, other.b, 2, 1, 0, actor=actor(other.b))  # b says b won
    assert state.state == "disputed" and state.disputed == Score(2, 1)
    reporter = report_state(db, slug, other.a)
    assert reporter.reported == Score(2, 1) and reporter.disputed == Score(1, 2)
    assert reporter.why_not == "the result is disputed: a judge will settle it"
    assert _results(db) == 1
    told = notifications_of(db, _player_id(db, slug, other.a))
    assert told[0].title == f"{other.b.upper()} disputed your report: a judge will settle it"
    assert "dispute" in _actions(db, slug)[-1]


def test_the_notices_speak_their_readers_language(db: Database) -> None:
    """Asked to confirm, told of a dispute: each notice in its reader's language (their
    own, else the event's), names and scores as they are."""
    slug = reporting_event(db, "Flow Languages", 8)
    set_event_details(db, slug, {"language": "de"}, actor=ACTOR)
    first, second, *_ = pairs(db, slug)
    with db.writing() as conn:  # the second table's first player chose Japanese
        conn.execute(
            update(PlayerRow)
            .where(PlayerRow.id == _player_id(db, slug, second.a))
            .values(language="ja")
        )
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    (asked,) = notifications_of(db, _player_id(db, slug, first.b))
    name = first.a.upper()
    assert asked.title == f"{name} hat 2-1 gemeldet: bestätigen oder widersprechen"
    assert asked.body == f"Runde 1, Tisch 1: {name} meldet 2-1 ({name} gewinnt)."
    report_own(db, slug, second.a, 2, 0, 0, actor=actor(second.a))
    report_own(db, slug, second.b, 2, 0, 0, actor=actor(second.b))  # b says b won: a dispute
    told = notifications_of(db, _player_id(db, slug, second.a))
    assert told[0].title.startswith(f"{second.b.upper()}があなたの報告に異議を申し立てました")
    assert "0-2" in told[0].body and "2-0" in told[0].body and "卓 2" in told[0].body


def test_dispute_keeps_the_disputers_version(db: Database) -> None:
    slug = reporting_event(db, "Flow Dispute")
    first = pairs(db, slug)[0]
    report_own(db, slug, first.a, 2, 0, 0, actor=actor(first.a))
    state = dispute_report(db, slug, first.b, 1, 2, 0, actor=actor(first.b))
    assert state.state == "disputed" and state.disputed == Score(1, 2)
    with db.reading() as conn:
        row = conn.execute(select(SelfReportRow.dispute, SelfReportRow.state)).one()
    assert row.state == "disputed"
    assert row.dispute == {
        "kind": "played",
        "winner": "a",
        "games_a": 2,
        "games_b": 1,
        "games_draws": 0,
        "by": first.b,
    }
    assert _actions(db, slug)[-1] == "self_report.dispute"
    refused(
        db,
        "refused",
        "disputed",
        call=lambda: report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a)),
    )
    refused(
        db,
        "refused",
        "disputed",
        call=lambda: confirm_report(db, slug, first.b, actor=actor(first.b)),
    )


def test_the_reporter_replaces_their_pending_report(db: Database) -> None:
    slug = reporting_event(db, "Flow Replace")
    first = pairs(db, slug)[0]
    one = report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    two = report_own(db, slug, first.a, 2, 0, 0, actor=actor(first.a))
    assert (one.version, two.version, two.reported) == (1, 2, Score(2, 0))
    titles = [n.title for n in notifications_of(db, _player_id(db, slug, first.b))]
    assert titles == [
        f"{first.a.upper()} reported 2-0: confirm or dispute",
        f"{first.a.upper()} reported 2-1: confirm or dispute",
    ]
    # the opponent confirming what they saw (version 1) is told it changed
    refused(
        db,
        "stale_version",
        "now says 0-2",
        call=lambda: confirm_report(db, slug, first.b, actor=actor(first.b), version=1),
    )
    done = confirm_report(db, slug, first.b, actor=actor(first.b), version=2)
    assert done.result == f"{first.a.upper()} wins 2-0"


def test_staff_entering_the_result_settles_the_players_report(db: Database) -> None:
    slug = reporting_event(db, "Flow Staff", 8)
    pending, disputed, *_ = pairs(db, slug)
    report_own(db, slug, pending.a, 2, 1, 0, actor=actor(pending.a))
    report_own(db, slug, disputed.a, 2, 1, 0, actor=actor(disputed.a))
    dispute_report(db, slug, disputed.b, 2, 1, 0, actor=actor(disputed.b))
    results.report(db, slug, 1, Result.from_games(2, 1), actor=ACTOR, table=pending.table)
    assert _actions(db, slug)[-2:] == ["result.report", "self_report.resolve"]
    results.report(db, slug, 1, Result.from_games(1, 2), actor=ACTOR, table=disputed.table)
    assert report_state(db, slug, pending.b).state == "resolved"
    state = report_state(db, slug, disputed.a)
    assert state.state == "resolved" and state.result == f"{disputed.b.upper()} wins 2-1"
    refused(
        db,
        "already_recorded",
        "already has its result",
        call=lambda: report_own(db, slug, pending.a, 2, 0, 0, actor=actor(pending.a)),
    )
    # a correction settles nothing more (no report waits), and writes no resolve entry
    results.correct(db, slug, 1, pending.table, Result.from_games(2, 0), actor=ACTOR, reason="x")
    assert _actions(db, slug)[-1] == "result.correct"
    # staff clear the result: the players may report again
    results.correct(db, slug, 1, pending.table, None, actor=ACTOR, reason="wrong table")
    again = report_own(db, slug, pending.b, 2, 0, 0, actor=actor(pending.b))
    assert again.state == "pending" and again.mine


def test_a_correction_settles_a_report_waiting(db: Database) -> None:
    slug = reporting_event(db, "Flow Correct")
    first = pairs(db, slug)[0]
    results.report(db, slug, 1, Result.from_games(2, 1), actor=ACTOR, table=first.table)
    results.correct(db, slug, 1, first.table, None, actor=ACTOR, reason="slip")
    report_own(db, slug, first.a, 2, 0, 0, actor=actor(first.a))
    results.report(db, slug, 1, Result.from_games(2, 0), actor=ACTOR, table=first.table)
    assert report_state(db, slug, first.a).state == "resolved"


def test_refusals_change_nothing(db: Database) -> None:
    slug = reporting_event(db, "Refusals", 5)  # 5 players: someone has the bye
    view = rounds.round_view(db, slug, 1)
    bye = view.byes[0].player.id
    first = pairs(db, slug)[0]
    me = first.a

    def mine(won: int = 2, lost: int = 1, drawn: int = 0, who: str = me) -> object:
        return report_own(db, slug, who, won, lost, drawn, actor=actor(who))

    refused(db, "refused", "bye", call=lambda: mine(who=bye))
    refused(db, "refused", "waitlist", call=lambda: report_own(db, slug, None, 2, 1, 0, actor="x"))
    refused(db, "invalid_result", "3 game wins is impossible", call=lambda: mine(3, 0))
    refused(db, "refused", "at least one", call=lambda: mine(0, 0, 0))
    refused(db, "refused", "from 0 to 99", call=lambda: mine(-1, 2))
    refused(
        db,
        "refused",
        "table 99 is not your match",
        call=lambda: report_own(db, slug, me, 2, 1, 0, actor=actor(me), table=99),
    )
    refused(
        db,
        "refused",
        "round 2 is not your current round",
        call=lambda: report_own(db, slug, me, 2, 1, 0, actor=actor(me), round=2),
    )
    refused(db, "refused", "not reported yet", call=lambda: confirm_report(db, slug, me, actor="x"))
    refused(
        db,
        "refused",
        "not reported yet",
        call=lambda: dispute_report(db, slug, me, 1, 2, 0, actor="x"),
    )
    mine()
    refused(db, "refused", "your own report", call=lambda: confirm_report(db, slug, me, actor="x"))
    refused(
        db,
        "refused",
        "confirm it instead",
        call=lambda: dispute_report(db, slug, first.b, 1, 2, 0, actor="x"),
    )
    assert report_state(db, slug, bye).why_not is not None
    # switched off by the organizer
    portal.set_portal(db, slug, actor=ACTOR, self_report=False)
    refused(db, "refused", "tell a judge", call=lambda: mine())
    assert not report_state(db, slug, me).can_report


def test_a_dropped_player_cannot_report(db: Database) -> None:
    slug = reporting_event(db, "Dropped")
    first = pairs(db, slug)[0]
    players.drop_player(db, slug, first.a, actor=ACTOR)
    refused(
        db,
        "refused",
        "you have dropped",
        call=lambda: report_own(db, slug, first.a, 2, 1, 0, actor="x"),
    )


def test_rounds_not_open_or_completed_are_refused(db: Database) -> None:
    slug = reporting_event(db, "Not Open", open_round=False)
    first = pairs(db, slug)[0]
    refused(
        db,
        "refused",
        "round 1 is not open yet",
        call=lambda: report_own(db, slug, first.a, 2, 1, 0, actor="x"),
    )
    rounds.open_round(db, slug, 1, actor=ACTOR)
    for pair in pairs(db, slug):
        results.report(db, slug, 1, Result.from_games(2, 0), actor=ACTOR, table=pair.table)
    rounds.complete_round(db, slug, 1, actor=ACTOR)
    refused(
        db,
        "refused",
        "round 1 is completed: ask a judge",
        call=lambda: report_own(db, slug, first.a, 2, 1, 0, actor="x"),
    )
    assert report_state(db, slug, first.a).why_not == "round 1 is completed: ask a judge"


def test_no_round_yet(db: Database) -> None:
    from fairpair.service.event import events
    from fairpair.service.players.registration import NewPlayer

    slug = events.create_event(db, "No Round", actor=ACTOR)
    players.add_players(db, slug, [NewPlayer("P1", id="p1")], actor=ACTOR)
    refused(
        db,
        "refused",
        "no round has been released",
        call=lambda: report_own(db, slug, "p1", 2, 1, 0, actor="x"),
    )


def test_a_pod_table_is_refused(db: Database) -> None:
    slug = reporting_event(db, "Pods", 4, ruleset="pods", config=PodsConfig())
    refused(
        db,
        "refused",
        "pod table",
        call=lambda: report_own(db, slug, "p1", 1, 0, 0, actor="x"),
    )


def test_a_playoff_match_cannot_be_reported_drawn(db: Database) -> None:
    slug = reporting_event(db, "Playoff", 4, config=SingleEliminationConfig())
    first = pairs(db, slug)[0]
    refused(
        db,
        "invalid_result",
        "cannot end in a draw",
        call=lambda: report_own(db, slug, first.a, 1, 1, 1, actor="x"),
    )
    state = report_state(db, slug, first.a)
    assert all(c.won != c.lost for c in state.choices)
    assert report_own(db, slug, first.a, 2, 1, 0, actor="x").state == "pending"


@pytest.mark.parametrize("ruleset", ["fide"])
def test_the_choices_follow_the_match_format(db: Database, ruleset: str) -> None:
    slug = reporting_event(db, f"Choices {ruleset}", 4, ruleset=ruleset)
    state = report_state(db, slug, pairs(db, slug)[0].a)
    assert state.match_format == "bo1"
    assert [c.text for c in state.choices] == ["1-0", "0-1", "0-0-1"]


def test_a_report_is_void_once_its_reporter_left_the_table(db: Database) -> None:
    """A round reverted to Scheduled and swapped seats someone else at the table: the
    report made there before is nobody's to answer (nor in the queue); a new one replaces
    it."""
    from fairpair.service.kernel.change import now
    from fairpair.service.results.resolution_queue import resolution_queue

    slug = reporting_event(db, "Void Report", 8)
    one, two, *_ = pairs(db, slug)
    report_own(db, slug, one.a, 2, 1, 0, actor=actor(one.a))
    rounds.revert_round(db, slug, 1, actor=ACTOR)
    rounds.swap(db, slug, 1, one.a, two.a, actor=ACTOR)
    rounds.open_round(db, slug, 1, actor=ACTOR)
    moved = rounds.round_view(db, slug, 1).tables[one.table - 1]
    assert one.a not in (moved.a.id, moved.b.id)
    stayed = one.b
    assert report_state(db, slug, stayed).state == "none"
    refused(
        db, "refused", "not reported yet", call=lambda: confirm_report(db, slug, stayed, actor="x")
    )
    assert report_state(db, slug, one.a).state == "none"  # their new table has no report
    later = resolution_queue(db, slug, at=now() + timedelta(minutes=60))
    assert later.count == 0
    state = report_own(db, slug, stayed, 1, 2, 0, actor=actor(stayed))
    assert state.state == "pending" and state.mine and state.version == 2


def test_the_same_report_again_changes_nothing(db: Database) -> None:
    slug = reporting_event(db, "Double Tap")
    first = pairs(db, slug)[0]
    report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    before = audit.audit_log(db, slug).entries
    again = report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))
    assert again.version == 1 and audit.audit_log(db, slug).entries == before
    assert len(notifications_of(db, _player_id(db, slug, first.b))) == 1
