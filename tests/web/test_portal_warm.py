"""A released round is announced as *wide* (every player's card moved) and the players'
pages are built for it at the news — in this process at once, on PostgreSQL in every
process that listens — while a result, one table's news, is not."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from fairpair.engine.results import Result, Side
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.live import parse_payload
from fairpair.service.kernel.unit import reading
from fairpair.service.portal.facts import recent_facts
from fairpair.service.portal.player_view import my_match, my_match_in
from fairpair.service.results import recording as results
from fairpair.service.results import self_reports
from fairpair.service.rounds import drafts
from fairpair.service.rounds import lifecycle as rounds
from fairpair.service.rounds.lifecycle import round_view
from fairpair.web.hub import LiveHub
from fairpair.web.portal_warm import PortalWarm

from .swiss_events import ACTOR, swiss_event

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def _until(check: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def _with_hub(
    db: Database,
    body: object,
    *,
    every_change: bool = False,
    public: Callable[[str], None] | None = None,
) -> object:
    """``body(hub, warm)`` with a running live hub whose wide news (``every_change``: and
    the others, as the app wires them) go to a started ``PortalWarm``, on an event loop of
    its own."""

    async def run() -> object:
        hub = LiveHub(db, poll_seconds=0.1)
        warm = PortalWarm(db, quiet=0.2, stale=5.0, public=public)
        warm.start()
        hub.wide_observers.append(warm.wide)
        if every_change:
            hub.observers.append(warm.changed)
        hub.start(asyncio.get_running_loop())
        assert await asyncio.to_thread(hub.listening.wait, 30)  # the LISTEN is in place
        try:
            return await asyncio.get_running_loop().run_in_executor(None, body, hub, warm)  # type: ignore[arg-type]
        finally:
            hub.stop()
            warm.stop()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_a_release_is_wide_news_and_builds_the_players_pages(db: Database) -> None:
    slug = swiss_event(db, "Warm", NAMES)
    unread = swiss_event(db, "Warm Unread", NAMES)
    for each in (slug, unread):
        drafts.generate(db, each, actor=ACTOR)
    with reading(db, slug) as (conn, event):
        my_match_in(conn, event, "ann", recent=True)  # a phone reads its page

    def body(hub: LiveHub, warm: PortalWarm) -> None:
        # an event whose players' pages nobody reads gets the public part only
        rounds.release(db, unread, actor=ACTOR)
        _until(lambda: publics == [unread])
        assert warm.built == 0
        heard: list[tuple[str, int]] = []
        wide: list[tuple[str, int]] = []
        hub.observers.append(lambda s, v: heard.append((s, v)))
        hub.wide_observers.append(lambda s, v: wide.append((s, v)))
        number = rounds.release(db, slug, actor=ACTOR)
        _until(lambda: warm.built == 1 and wide)
        version = wide[0][1]
        assert wide[0] == (slug, version) and (slug, version) in heard
        assert publics == [unread, slug]  # the public part first, then the players' pages
        # what the warm built is the page a player then reads: the released round's table
        assert my_match(db, slug, "ann").version == version
        assert my_match(db, slug, "ann").round is not None

        rounds.open_round(db, slug, number, actor=ACTOR)
        results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
        _until(lambda: len(heard) >= 3)
        time.sleep(0.3)  # a late wide news would show by now
        assert wide == [(slug, version)]  # opening and a result are not wide
        assert warm.built == 1

    publics: list[str] = []
    _with_hub(db, body, public=publics.append)


def test_while_reports_flow_a_viewed_portal_is_built_again_a_few_seconds_apart(
    db: Database,
) -> None:
    slug = swiss_event(db, "Flow", NAMES)
    other = swiss_event(db, "Unseen", NAMES)
    for event in (slug, other):
        drafts.generate(db, event, actor=ACTOR)
        rounds.open_round(db, event, rounds.release(db, event, actor=ACTOR), actor=ACTOR)

    def body(hub: LiveHub, warm: PortalWarm) -> None:
        with reading(db, slug) as (conn, event):
            my_match_in(conn, event, "ann", recent=True)  # a phone reads its card
        before = warm.built
        table = round_view(db, slug, 1).tables[0]
        self_reports.report_own(db, slug, table.a.id, 2, 0, 0, actor=table.a.id)
        _until(lambda: warm.built == before + 1)
        # the unseen event's results build nothing; nor does a change with nobody looking
        results.report(db, other, 1, Result.win(Side.A), table=1, actor=ACTOR)
        self_reports.confirm_report(db, slug, table.b.id, actor=table.b.id)
        _until(lambda: warm.built == before + 2)  # the viewed one again, after the pause
        time.sleep(0.5)
        assert warm.built == before + 2
        with reading(db, slug) as (conn, event):  # the newest facts are the exact ones
            assert recent_facts(conn, event).event.version == event.version

    _with_hub(db, body, every_change=True)


def test_the_payload_says_wide_only_in_its_own_word() -> None:
    assert parse_payload("spring-open 12") == ("spring-open", 12, False, None)
    assert parse_payload("spring-open 12 wide") == ("spring-open", 12, True, None)
    assert parse_payload("spring-open 12 narrow") is None
    assert parse_payload("spring-open") is None
    assert parse_payload("spring-open x wide") is None
    assert parse_payload(" 12") is None
