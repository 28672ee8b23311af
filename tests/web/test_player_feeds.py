"""A players' report names the players it moved, and only their pages hear of it.

A self-report, its confirmation or dispute and a result at a table are announced with the
table's two players (``service.kernel.live.players_moved``: in-process and, on PostgreSQL, in the
NOTIFY payload); a release, a pairing, an edit are anyone's. A player's page listens with a
feed (``LiveHub.player_feed``): it hears the reports at its own table and every change that
may be anyone's, never the other tables' reports — so 60 reports a second do not wake a hall
of open phones."""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import select

from fairpair.engine.results import Result
from fairpair.service.event.events import event_version
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.live import News, parse_payload, payload_of
from fairpair.service.kernel.unit import reading
from fairpair.service.players.roster import check_in
from fairpair.service.results import recording as results
from fairpair.service.results import self_reports
from fairpair.store.models import PlayerRow
from fairpair.web.hub import LiveHub
from self_report_events import ACTOR, actor, pairs, reporting_event


def _row_ids(db: Database, slug: str) -> dict[str, int]:
    with reading(db, slug) as (conn, event):
        rows = conn.execute(
            select(PlayerRow.key, PlayerRow.id).where(PlayerRow.event_id == event.id)
        ).all()
    return {key: int(row_id) for key, row_id in rows}


def _heard(db: Database, change: Any) -> list[tuple[bool, frozenset[int] | None]]:
    heard: list[tuple[bool, frozenset[int] | None]] = []
    db.listeners.append(lambda _s, _v, wide, players: heard.append((wide, players)))
    try:
        change()
    finally:
        db.listeners.pop()
    return heard


def test_a_players_report_names_its_two_players_and_other_changes_anyone(
    db: Database,
) -> None:
    slug = reporting_event(db, "Named News", 8)
    ids = _row_ids(db, slug)
    first, second, third, fourth = pairs(db, slug)
    table_one = frozenset((ids[first.a], ids[first.b]))

    def report() -> None:
        self_reports.report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))

    assert _heard(db, report) == [(False, table_one)]

    def confirm() -> None:
        self_reports.confirm_report(db, slug, first.b, actor=actor(first.b))

    assert _heard(db, confirm) == [(False, table_one)]

    def dispute() -> None:
        self_reports.report_own(db, slug, second.a, 2, 0, 0, actor=actor(second.a))
        self_reports.dispute_report(db, slug, second.b, 2, 0, 0, actor=actor(second.b))

    both = frozenset((ids[second.a], ids[second.b]))
    assert _heard(db, dispute) == [(False, both), (False, both)]

    # staff's result at a table nobody reported: its two players
    def staff(table: int, a: int, b: int) -> Any:
        return lambda: results.report(
            db, slug, 1, Result.from_games(a, b), table=table, actor=ACTOR
        )

    assert _heard(db, staff(third.table, 2, 0)) == [
        (False, frozenset((ids[third.a], ids[third.b])))
    ]
    # staff settling a disputed table also resolves the report: anyone's (not only a report)
    assert _heard(db, staff(second.table, 0, 2)) == [(False, None)]
    # a check-in, and a double tap (the same report again) that changes nothing
    assert _heard(db, lambda: check_in(db, slug, [first.a], actor=ACTOR)) == [(False, None)]

    def tap() -> None:
        self_reports.report_own(db, slug, fourth.a, 2, 0, 0, actor=actor(fourth.a))

    assert _heard(db, tap) == [(False, frozenset((ids[fourth.a], ids[fourth.b])))]
    assert _heard(db, tap) == []


def test_the_payload_carries_the_named_players() -> None:
    for news in (
        News("spring-open", 12),
        News("spring-open", 12, True),
        News("spring-open", 13, False, frozenset((3, 17))),
    ):
        assert parse_payload(payload_of(news)) == news
    assert payload_of(News("e", 2, False, frozenset((17, 3)))) == "e 2 players=3,17"
    for bad in ("e 2 players=", "e 2 players=3,x", "e 2 players=3;4", "e 2 3,4", "e x players=3"):
        assert parse_payload(bad) is None, bad


def _feeds(db: Database, slug: str, who: dict[str, int], body: Any) -> dict[str, list[bool]]:
    """Run ``body()`` (in a thread) with a live hub and a feed per player of ``who``; what
    each feed heard (each ``get``: broad or named), once the changes settled."""

    async def run() -> dict[str, list[bool]]:
        hub = LiveHub(db, poll_seconds=0.1)
        hub.start(asyncio.get_running_loop())
        assert await asyncio.to_thread(hub.listening.wait, 30)  # the LISTEN is in place
        got: dict[str, list[bool]] = {name: [] for name in who}
        try:
            since = event_version(db, slug)
            with contextlib.ExitStack() as stack:
                feeds = {
                    n: stack.enter_context(hub.player_feed(slug, since, p)) for n, p in who.items()
                }

                async def drain(name: str) -> None:
                    while True:
                        _version, broad = await feeds[name].get()
                        got[name].append(broad)

                tasks = [asyncio.ensure_future(drain(n)) for n in who]
                await asyncio.get_running_loop().run_in_executor(None, body)
                await asyncio.sleep(1.5)  # NOTIFY or the poll: well within
                for task in tasks:
                    task.cancel()
        finally:
            hub.stop()
        return got

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


@pytest.mark.slow
def test_a_player_feed_hears_its_own_table_and_changes_that_may_be_anyones(
    db: Database,
) -> None:
    slug = reporting_event(db, "Feeds", 6)
    ids = _row_ids(db, slug)
    first, second, _third = pairs(db, slug)
    who = {"reporter": ids[first.a], "opponent": ids[first.b], "elsewhere": ids[second.a]}

    def reports() -> None:
        self_reports.report_own(db, slug, first.a, 2, 1, 0, actor=actor(first.a))

    heard = _feeds(db, slug, who, reports)
    assert heard == {"reporter": [False], "opponent": [False], "elsewhere": []}

    def an_edit() -> None:
        check_in(db, slug, [second.b], actor=ACTOR)

    heard = _feeds(db, slug, who, an_edit)
    assert heard == {"reporter": [True], "opponent": [True], "elsewhere": [True]}


def test_the_hub_remembers_who_each_version_moved() -> None:
    hub = LiveHub(None)  # type: ignore[arg-type]  # never started: no database needed
    hub._deliver("e", 5)
    hub._deliver("e", 6, frozenset((1, 2)))
    hub._deliver("e", 7, frozenset((3, 4)))
    assert hub.moved("e", 5, 7) == frozenset((1, 2, 3, 4))
    assert hub.moved("e", 6, 7) == frozenset((3, 4))
    assert hub.moved("e", 7, 7) == frozenset()
    assert hub.moved("e", 4, 7) is None  # version 5 may have moved anyone
    assert hub.moved("e", 7, 8) is None  # not heard here
    hub._deliver("e", 8)
    hub._deliver("e", 8, frozenset((5, 6)))
    assert hub.moved("e", 7, 8) == frozenset((5, 6))
