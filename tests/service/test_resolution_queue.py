"""The Resolution Queue (issue 11; seed 004): disputed reports, reports not confirmed in
time, matches of open rounds past the round's end date — never auto-forfeited — each with
the players' versions; staff entering the result takes the match off the queue."""

from __future__ import annotations

from datetime import timedelta

from fairpair import i18n
from fairpair.engine.results import Result
from fairpair.service.kernel.change import now
from fairpair.service.results import recording as results
from fairpair.service.results.resolution_queue import resolution_queue
from fairpair.service.results.self_reports import dispute_report, report_own, report_state
from fairpair.service.rounds import lifecycle as rounds
from fairpair.store.database import Database
from self_report_events import ACTOR, actor, pairs, reporting_event


def test_disputed_unconfirmed_and_overdue_matches(db: Database) -> None:
    slug = reporting_event(db, "Queue", 8)
    disputed, late, quiet, fresh = pairs(db, slug)
    report_own(db, slug, disputed.a, 2, 1, 0, actor=actor(disputed.a))
    dispute_report(db, slug, disputed.b, 2, 0, 0, actor=actor(disputed.b))
    pending = report_own(db, slug, late.b, 2, 0, 0, actor=actor(late.b))
    report_own(db, slug, fresh.a, 2, 0, 0, actor=actor(fresh.a))
    assert [i.kind for i in resolution_queue(db, slug).items] == ["disputed"]
    item = resolution_queue(db, slug).items[0]
    assert (item.round, item.table, item.a_key, item.b_key) == (1, disputed.table, "p1", "p2") or (
        item.table == disputed.table
    )
    assert [(v.by_key, v.typed) for v in item.versions] == [
        (disputed.a, "2-1"),
        (disputed.b, "0-2"),
    ]
    assert item.versions[1].text == f"{disputed.b.upper()} wins 2-0"
    assert item.why == f"{disputed.b.upper()} disputed {disputed.a.upper()}'s report"
    # 15 minutes later the unconfirmed report is due; without round dates nothing is overdue
    assert pending.confirm_by is not None
    due = resolution_queue(db, slug, at=pending.confirm_by + timedelta(seconds=1))
    kinds = {i.table: i.kind for i in due.items}
    assert kinds[late.table] == "unconfirmed" and quiet.table not in kinds
    unconfirmed = next(i for i in due.items if i.kind == "unconfirmed")
    assert unconfirmed.why == f"not confirmed by {late.a.upper()} in 15 minutes"
    assert [v.typed for v in unconfirmed.versions] == ["0-2"]  # b won 2-0, told from a
    # the round's end date passed: every match without a result is overdue (none forfeited)
    start = now() - timedelta(hours=2)
    rounds.set_dates(db, slug, 1, actor=ACTOR, starts_at=start, ends_at=start + timedelta(hours=1))
    queue = resolution_queue(db, slug)
    assert [i.kind for i in queue.items] == ["disputed", "overdue", "overdue", "overdue"]
    assert {i.table for i in queue.items if i.kind == "overdue"} == {
        late.table,
        quiet.table,
        fresh.table,
    }
    assert "nothing is forfeited" in queue.items[-1].why
    # why each waits, read in German (the console's language: ``fairpair.i18n``)
    with i18n.speaking("de"):
        assert (
            item.why == f"{disputed.b.upper()} hat die Meldung von {disputed.a.upper()} bestritten"
        )
        assert unconfirmed.why == f"von {late.a.upper()} nicht in 15 Minuten bestätigt"
        assert queue.items[-1].why.startswith("kein Ergebnis nach dem Ende der Runde")
    assert rounds.round_view(db, slug, 1).outstanding == 4
    # staff settle: the match leaves the queue, the report is resolved
    results.report(db, slug, 1, Result.from_games(2, 1), actor=ACTOR, table=disputed.table)
    assert report_state(db, slug, disputed.a).state == "resolved"
    assert disputed.table not in {i.table for i in resolution_queue(db, slug).items}
    assert resolution_queue(db, slug).count == 3
