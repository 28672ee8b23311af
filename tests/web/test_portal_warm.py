"""A released round is announced as *wide* (every player's card moved) and the players'
pages are built for it at the news — in this process at once, on PostgreSQL in every
process that listens — while a result, one table's news, is not."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from fairpair.engine.results import Result, Side
from fairpair.service import drafts, results, rounds
from fairpair.service.connection import Database
from fairpair.service.live import parse_payload
from fairpair.service.my_match import my_match
from fairpair.web.hub import LiveHub
from fairpair.web.portal_warm import PortalWarm

from .swiss_events import ACTOR, swiss_event

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]


def _until(check: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def _with_hub(db: Database, body: object) -> object:
    """``body(hub, warm)`` with a running live hub whose wide news go to a started
    ``PortalWarm`` (as the app wires them), on an event loop of its own."""

    async def run() -> object:
        hub = LiveHub(db, poll_seconds=0.1)
        warm = PortalWarm(db)
        warm.start()
        hub.wide_observers.append(warm.changed)
        hub.start(asyncio.get_running_loop())
        try:
            return await asyncio.get_running_loop().run_in_executor(None, body, hub, warm)  # type: ignore[arg-type]
        finally:
            hub.stop()
            warm.stop()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_a_release_is_wide_news_and_builds_the_players_pages(db: Database) -> None:
    slug = swiss_event(db, "Warm", NAMES)
    drafts.generate(db, slug, actor=ACTOR)

    def body(hub: LiveHub, warm: PortalWarm) -> None:
        heard: list[tuple[str, int]] = []
        wide: list[tuple[str, int]] = []
        hub.observers.append(lambda s, v: heard.append((s, v)))
        hub.wide_observers.append(lambda s, v: wide.append((s, v)))
        number = rounds.release(db, slug, actor=ACTOR)
        _until(lambda: warm.built == 1 and wide)
        version = wide[0][1]
        assert wide == [(slug, version)] and (slug, version) in heard
        # what the warm built is the page a player then reads: the released round's table
        assert my_match(db, slug, "ann").version == version
        assert my_match(db, slug, "ann").round is not None

        rounds.open_round(db, slug, number, actor=ACTOR)
        results.report(db, slug, number, Result.win(Side.A), table=1, actor=ACTOR)
        _until(lambda: len(heard) >= 3)
        time.sleep(0.3)  # a late wide news would show by now
        assert wide == [(slug, version)]  # opening and a result are not wide
        assert warm.built == 1

    _with_hub(db, body)


def test_the_payload_says_wide_only_in_its_own_word() -> None:
    assert parse_payload("spring-open 12") == ("spring-open", 12, False)
    assert parse_payload("spring-open 12 wide") == ("spring-open", 12, True)
    assert parse_payload("spring-open 12 narrow") is None
    assert parse_payload("spring-open") is None
    assert parse_payload("spring-open x wide") is None
    assert parse_payload(" 12") is None
